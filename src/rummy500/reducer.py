"""The reducer: the state after a move, checking the move on the way.

:func:`apply_move` is the single source of legality: it either raises
:class:`~rummy500.errors.IllegalMoveError` naming the rule, or returns the
next state.  The move generator (:mod:`rummy500.movegen`) uses the same
predicates (:func:`play_problem`, :func:`discard_problem`) to offer exactly
the moves this module accepts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from rummy500.cards import JOKER, JOKER_CODE, Card
from rummy500.errors import IllegalMoveError, Reason
from rummy500.finish import can_empty_hand, can_finish
from rummy500.gambit import dealer_reserve, joker_problem, play_pool, spend, tame
from rummy500.meldgen import count_vector
from rummy500.moves import (
    Block,
    CallRummy,
    Discard,
    Draw,
    EndHand,
    LayoffMove,
    MeldMove,
    Move,
    Nominate,
    Pass,
    Play,
    Split,
    Take,
)
from rummy500.plays import (
    PlayEffect,
    illegal,
    index_of,
    minus,
    physical,
    playable_on_table,
    replace_hand,
    resolve_play,
    table_after,
    with_cards,
    without,
)
from rummy500.rules import (
    DeepestCardUse,
    Direction,
    DiscardTake,
    FirstDiscard,
    GoingOut,
    Rules,
    RummyCall,
    StockExhausted,
)
from rummy500.scoring import score_hand
from rummy500.state import EndReason, GameState, JokerEffect, Phase, TableMeld

__all__ = [
    "apply_move",
    "caller_turn",
    "discard_problem",
    "next_seat",
    "opening_need",
    "play_problem",
]

_FIELDS = tuple(field.name for field in attrs.fields(GameState))


def evolve(state: GameState, **changes: Any) -> GameState:
    """A copy of ``state`` with ``changes`` (faster than ``attrs.evolve``; no validation)."""
    values: list[Any] = [
        changes[name] if name in changes else getattr(state, name) for name in _FIELDS
    ]
    return GameState(*values)


def next_seat(rules: Rules, players: int, seat: int) -> int:
    """The seat after ``seat`` in playing order (D7; counterclockwise for V7)."""
    step = -1 if rules.direction is Direction.COUNTERCLOCKWISE else 1
    return (seat + step) % players


# ---------------------------------------------------------------------------
# Shared predicates (also used by the move generator)


def opening_need(state: GameState, player: int, points: int) -> int:
    """Points ``player`` must still meld this turn to open, after ``points`` more (T8).

    0 when there is no opening minimum, the player has opened, or has not
    started to open (melded nothing this turn).
    """
    minimum = state.rules.opening_minimum
    if not minimum or player in state.opened:
        return 0
    total = (state.turn_points if player == state.to_move else 0) + points
    if total == 0 or total >= minimum:
        return 0
    return minimum - total


def may_lay_off(state: GameState, player: int) -> bool:
    """Whether ``player`` may lay off: always, except before opening (T8)."""
    return not state.rules.opening_minimum or player in state.opened


def _not_opened(state: GameState, player: int) -> IllegalMoveError:
    """The error of a lay-off before opening (T8)."""
    return illegal(
        Reason.NOT_OPENED,
        f"p{player} has not opened yet and may not lay off "
        f"(opening minimum {state.rules.opening_minimum})",
        "T8",
    )


def play_problem(
    state: GameState,
    player: int,
    play: Play,
    pool: Sequence[int],
    points: int,
    forbidden: int | None,
    melds_after: tuple[TableMeld, ...] | None = None,
    reserve: int = 0,
) -> IllegalMoveError | None:
    """Why the player to move may not make ``play`` in their turn (E2, T8, N1), if so.

    Args:
        state: The state before the play (after any take it belongs to).
        player: The seat playing (the seat to move).
        play: The meld or lay-off, already checked as valid.
        pool: The cards the player may play before the play (the hand with any
            cards taken, and the dealer's joker if ``reserve``).
        points: The value of the new meld (0 for a lay-off).
        forbidden: The card that may not be discarded this turn (T11), if any.
        melds_after: The table melds after the play, if known.
        reserve: 1 if ``pool`` holds the dealer's joker (V7) and the play
            leaves it unused, else 0.
    """
    rules = state.rules
    if isinstance(play, LayoffMove) and not may_lay_off(state, player):
        return _not_opened(state, player)
    used = physical(play)
    need = opening_need(state, player, points)
    left = sum(pool) - len(used) - reserve
    if left == 0:
        if rules.going_out is GoingOut.DISCARD_REQUIRED:
            return illegal(
                Reason.DEAD_END,
                f"p{player} must keep a card to discard and may not meld the last one",
                "E2",
            )
        if need:
            return illegal(
                Reason.DEAD_END,
                f"p{player} would end the turn with melds {need} points short of the "
                f"opening minimum {rules.opening_minimum}",
                "T8",
            )
        return None
    discardable = forbidden is None or left > pool[forbidden] - used.count(forbidden) - (
        reserve if forbidden == JOKER_CODE else 0
    )
    if need == 0 and discardable and (not rules.final_discard_must_be_unplayable or left > 1):
        return None
    rest = minus(pool, used)
    rest[JOKER_CODE] -= reserve
    if melds_after is None:
        melds_after = table_after(rules, state.melds, play)
    may_layoff = may_lay_off(state, player) or (need == 0 and points > 0)
    if can_finish(
        rules,
        rest,
        forbidden,
        melds_after,
        need,
        may_layoff,
        effect=state.joker_effect,
        reserve=reserve,
    ):
        return None
    return illegal(
        Reason.DEAD_END,
        f"after this play p{player} could not end the turn: "
        + _blocker(rules, forbidden is not None, need),
        "N1",
    )


def _blocker(rules: Rules, forbidden: bool, need: int) -> str:
    reasons = []
    if forbidden:
        reasons.append("the card taken alone may not be discarded (T11)")
    if need:
        reasons.append(f"the melds would stay {need} points short of opening (T8)")
    if rules.going_out is GoingOut.DISCARD_REQUIRED:
        reasons.append("a card must be kept to discard (E2)")
    if rules.final_discard_must_be_unplayable:
        reasons.append("the last card may not be discarded if it could be laid off (E3)")
    return "; ".join(reasons) or "no legal way to end the turn"


def mover_may_be_stranded(state: GameState) -> bool:
    """Whether a change of the table could leave the player to move unable to end the turn.

    Only a player in the play phase who holds just the card taken alone (T11),
    who must still reach the opening minimum (T8), or whose last card could
    become playable (E3) depends on the table to end the turn.
    """
    if state.phase is not Phase.PLAY:
        return False
    mover = state.to_move
    hand = state.hands[mover]
    if opening_need(state, mover, 0):
        return True
    if state.rules.final_discard_must_be_unplayable and len(hand) <= 1:
        return True
    taken = state.taken
    return len(taken) == 1 and all(card.code == taken[0].code for card in hand)


def mover_stranded(state: GameState) -> bool:
    """Whether the player to move (in the play phase) can no longer end the turn (N1)."""
    if not mover_may_be_stranded(state):
        return False
    mover = state.to_move
    forbidden = state.taken[0].code if len(state.taken) == 1 else None
    return not can_finish(
        state.rules,
        count_vector(state.hands[mover]),
        forbidden,
        state.melds,
        opening_need(state, mover, 0),
        may_lay_off(state, mover),
        effect=state.joker_effect,
        reserve=dealer_reserve(state, mover),
    )


def discard_problem(state: GameState, player: int, code: int) -> IllegalMoveError | None:
    """Why the player to move may not discard the card ``code`` they hold (T8, T11, E3)."""
    rules = state.rules
    taken = state.taken
    if len(taken) == 1 and taken[0].code == code and state.phase is Phase.PLAY:
        return illegal(
            Reason.DISCARD_TAKEN_CARD,
            f"p{player} took only the top discard, {taken[0]}, and may not discard it this turn",
            "T11",
        )
    if opening_need(state, player, 0):
        return illegal(
            Reason.NOT_OPENED,
            f"p{player} has melded {state.turn_points} points this turn and must reach the "
            f"opening minimum of {rules.opening_minimum} before discarding",
            "T8",
        )
    if (
        rules.final_discard_must_be_unplayable
        and len(state.hands[player]) == 1
        and playable_on_table(rules, state.melds, code, not tame(state.joker_effect))
    ):
        return illegal(
            Reason.PLAYABLE_FINAL_DISCARD,
            f"p{player} may not go out by discarding {state.hands[player][0]}: it can be laid "
            "off on the table",
            "E3",
        )
    return None


# ---------------------------------------------------------------------------
# The reducer


def apply_move(state: GameState, move: Move) -> GameState:
    """Return the state after ``move`` (the input state is never changed).

    Raises:
        IllegalMoveError: (a :class:`ValueError`) if the move is illegal; its
            ``reason`` and ``rule`` say why.
    """
    kind = type(move)
    if (
        kind not in _DRAW_PHASE
        and kind not in _PLAY_PHASE
        and kind is not CallRummy
        and kind is not Nominate
    ):
        raise IllegalMoveError(
            Reason.NOT_A_MOVE,
            f"not a move: {move!r} (build a move object, or read text with parse_move)",
            "-",
        )
    phase = state.phase
    if phase is Phase.OVER:
        raise illegal(Reason.HAND_OVER, "the hand is over: nobody may move", "E1")
    player = move.player
    if player >= len(state.hands):
        raise illegal(
            Reason.NOT_A_MOVE,
            f"there is no seat p{player} (seats p0..p{len(state.hands) - 1})",
            "D5",
        )
    if kind is CallRummy:
        return _call_rummy(state, move)  # type: ignore[arg-type]
    if phase is Phase.NOMINATE or kind is Nominate:
        return _nominate(state, move)
    if player != state.to_move:
        if kind in _PLAYS and state.rules.out_of_turn_melding:
            return _out_of_turn_play(state, move)  # type: ignore[arg-type]
        raise illegal(Reason.NOT_YOUR_TURN, f"it is p{state.to_move}'s turn, not p{player}'s", "D7")
    if phase is Phase.DRAW:
        handler = _DRAW_PHASE.get(kind)
        if handler is None:
            raise illegal(Reason.WRONG_PHASE, f"p{player} must draw first (draw or take)", "T1")
        return handler(state, move)
    if phase is Phase.PLAY:
        handler = _PLAY_PHASE.get(kind)
        if handler is None:
            if kind is Pass:
                raise illegal(
                    Reason.WRONG_PHASE,
                    "'pass' is a move of the draw phase (play_on) or of E4",
                    "T6",
                )
            raise illegal(Reason.WRONG_PHASE, f"p{player} has drawn already this turn", "T1")
        return handler(state, move)
    if phase is Phase.FINAL_LAYOFF:
        return _final_layoff(state, move)
    if kind is not Discard:  # Phase.FIRST_DISCARD
        raise illegal(
            Reason.WRONG_PHASE, f"p{player} starts the pile: the first move is a discard", "D6"
        )
    return _discard(state, move)  # type: ignore[arg-type]


def _draw(state: GameState, move: Draw) -> GameState:
    if not state.stock:
        raise illegal(
            Reason.STOCK_EMPTY, "the stock is empty: take from the pile or end the hand", "T6"
        )
    count = min(state.rules.stock_draw_count, len(state.stock))
    hand = with_cards(state.hands[move.player], state.stock[:count])
    hands = replace_hand(state.hands, move.player, hand)
    stock = state.stock[count:]
    return _turn_phase(
        state, state.to_move, Phase.PLAY, hands, stock, state.discard, None, state.stock_rebuilds
    )


def _turn_phase(
    state: GameState,
    to_move: int,
    phase: Phase,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    discard: tuple[Card, ...],
    last_discarder: int | None,
    stock_rebuilds: int,
    idle_turns: int | None = None,
) -> GameState:
    """The state as a phase of a turn begins: the turn's fields cleared, the rest kept.

    Built directly rather than with :func:`evolve`: a draw and the passing of
    the turn are the most frequent moves.
    """
    return GameState(
        state.rules,
        state.dealer,
        to_move,
        phase,
        hands,
        stock,
        discard,
        state.melds,
        last_discarder,
        (),
        None,
        state.seed,
        state.opened,
        0,
        0,
        0,
        stock_rebuilds,
        state.idle_turns if idle_turns is None else idle_turns,
        None,
        False,
        False,
        state.joker_effect,
        state.dealer_joker,
        state.blocked_by,
        state.dead,
    )


def _draw_nothing(state: GameState, move: Pass) -> GameState:
    if state.stock or state.rules.stock_exhausted is not StockExhausted.PLAY_ON:
        raise illegal(
            Reason.WRONG_PHASE,
            "drawing nothing ('pass') is allowed only with an empty stock under "
            "stock_exhausted='play_on'",
            "T6",
        )
    player = move.player
    hand = state.hands[player]
    if not hand or not can_finish(
        state.rules,
        count_vector(hand),
        None,
        state.melds,
        0,
        may_lay_off(state, player),
        effect=state.joker_effect,
        reserve=dealer_reserve(state, player),
    ):
        # A player who draws nothing and could not end the turn (a floater with
        # no card; a last card that may be neither discarded, E3, nor laid off
        # before opening, T8) ends the turn at once (T6 play_on, N1).
        return _next_turn(evolve(state, last_discarder=None), player, discarded=False)
    return evolve(state, phase=Phase.PLAY, last_discarder=None, taken=())


def _take(state: GameState, move: Take) -> GameState:
    rules = state.rules
    pile = state.discard
    count = move.count
    if count > len(pile):
        raise illegal(
            Reason.PILE_TOO_SHORT, f"cannot take {count} cards: the pile holds {len(pile)}", "T1"
        )
    if count > 1 and rules.discard_take is DiscardTake.TOP_ONLY:
        raise illegal(
            Reason.DEEP_TAKE_NOT_ALLOWED,
            "only the top discard may be taken under discard_take='top_only'",
            "T4",
        )
    taken = pile[-count:]
    deepest = taken[0]
    must_meld = count > 1 or rules.top_discard_must_meld
    if must_meld and move.play is None:
        raise illegal(
            Reason.MUST_MELD_TAKEN_CARD,
            f"taking {count} card{'s' if count > 1 else ''} requires melding the deepest one, "
            f"{deepest}, at once: write it as 'take {count} meld ...' or "
            f"'take {count} layoff N ...'",
            "T3",
        )
    if not must_meld and move.play is not None:
        raise illegal(
            Reason.UNEXPECTED_PLAY,
            "taking only the top discard needs no meld at once: take it, then meld as a "
            "separate move",
            "T3a",
        )
    player = move.player
    hand = with_cards(state.hands[player], taken)
    forbidden = deepest.code if count == 1 else None
    after_take = {"discard": pile[:-count], "phase": Phase.PLAY, "last_discarder": None}
    if move.play is None:
        may_layoff = may_lay_off(state, player)
        if not can_finish(
            rules,
            count_vector(hand),
            forbidden,
            state.melds,
            0,
            may_layoff,
            effect=state.joker_effect,
            reserve=dealer_reserve(state, player),
        ):
            raise illegal(
                Reason.DEAD_END,
                f"after taking {deepest} p{player} could not end the turn: it may not be "
                "discarded (T11) nor melded",
                "N1",
            )
        return evolve(
            state, hands=replace_hand(state.hands, player, hand), taken=taken, **after_take
        )
    if rules.deepest_card_use is DeepestCardUse.NEW_MELD_ONLY and isinstance(move.play, LayoffMove):
        raise illegal(
            Reason.NEW_MELD_REQUIRED,
            f"the card taken, {deepest}, must go into a new meld, not a lay-off",
            "T4",
        )
    return _play_in_turn(
        state, player, move.play, hand, deepest.code, forbidden, taken=taken, **after_take
    )


def _play(state: GameState, move: MeldMove | LayoffMove) -> GameState:
    forbidden = state.taken[0].code if len(state.taken) == 1 else None
    return _play_in_turn(state, move.player, move, state.hands[move.player], None, forbidden)


def _play_in_turn(
    state: GameState,
    player: int,
    play: Play,
    hand: tuple[Card, ...],
    required: int | None,
    forbidden: int | None,
    **changes: Any,
) -> GameState:
    """A play by the player to move, from ``hand`` (with any cards taken), in full.

    ``state`` has the turn fields of the play's turn (a take leaves them as
    they are at the start of a turn); ``changes`` are further fields to set.
    """
    problem = joker_problem(state, play)
    if problem is not None:
        raise problem
    if required == JOKER_CODE and tame(state.joker_effect):
        raise illegal(
            Reason.JOKER_EFFECT,
            f"jokers are not wild this hand (the dealer nominated {state.joker_effect}): "
            "a joker taken from the pile cannot be melded",
            "V7",
        )
    pool, reserve = play_pool(state, player, hand)
    effect = resolve_play(state.rules, state.melds, play, pool, required)
    used, spent = spend(effect.used, reserve, required)
    problem = play_problem(
        state, player, play, pool, effect.points, forbidden, effect.melds, reserve - spent
    )
    if problem is not None:
        raise problem
    if spent:
        changes["dealer_joker"] = False
    return _after_play(state, player, hand, attrs.evolve(effect, used=used), **changes)


def _after_play(
    state: GameState,
    player: int,
    hand: tuple[Card, ...],
    effect: PlayEffect,
    **changes: Any,
) -> GameState:
    """The mover's state after a valid play: going out, floating, or playing on.

    ``effect.used`` are the cards taken from ``hand``; ``changes`` are
    further fields to set (those of a take, a call or a split).
    """
    rules = state.rules
    hand = without(hand, effect.used)
    points = state.turn_points + effect.points
    opened = state.opened
    if rules.opening_minimum and player not in opened and points >= rules.opening_minimum:
        opened = opened | {player}
    after = evolve(
        state,
        hands=replace_hand(state.hands, player, hand),
        melds=effect.melds,
        opened=opened,
        turn_points=points,
        turn_cards=state.turn_cards + effect.laid,
        turn_longest_run=max(state.turn_longest_run, effect.run_length),
        idle_turns=0,
        **changes,
    )
    if hand:
        return after
    if rules.going_out is GoingOut.FLOATING:
        return _next_turn(after, player, discarded=False)
    return _went_out(
        after,
        player,
        going_rummy=_all_played_this_turn(after, player),
        long_run=after.turn_longest_run >= 7,
    )


def _all_played_this_turn(state: GameState, player: int) -> bool:
    credited = sum(table_meld.by.count(player) for table_meld in state.melds)
    return credited == state.turn_cards


def _discard(state: GameState, move: Discard) -> GameState:
    player = move.player
    card = move.card
    hand = state.hands[player]
    index = index_of(hand, card.code)
    if index < 0:
        raise illegal(Reason.CARDS_NOT_AVAILABLE, f"p{player} does not hold {card}", "T10")
    problem = discard_problem(state, player, card.code)
    if problem is not None:
        raise problem
    hand = hand[:index] + hand[index + 1 :]
    hands = replace_hand(state.hands, player, hand)
    discard = (*state.discard, card)
    if not hand:
        after = evolve(state, hands=hands, discard=discard)
        return _went_out(
            after,
            player,
            going_rummy=_all_played_this_turn(after, player),
            long_run=state.turn_longest_run >= 7,
        )
    return _next_turn(state, player, discarded=True, hands=hands, discard=discard)


def _next_turn(
    state: GameState,
    player: int,
    discarded: bool,
    hands: tuple[tuple[Card, ...], ...] | None = None,
    discard: tuple[Card, ...] | None = None,
) -> GameState:
    """Pass the turn to the next seat: idle rounds (play_on), reshuffles (T6)."""
    rules = state.rules
    players = len(state.hands)
    hands = state.hands if hands is None else hands
    pile = state.discard if discard is None else discard
    stock = state.stock
    following = next_seat(rules, players, player)
    last_discarder = player if discarded else None
    if stock:  # the common case
        return _turn_phase(
            state, following, Phase.DRAW, hands, stock, pile, last_discarder, state.stock_rebuilds
        )
    idle = state.idle_turns
    rebuilds = state.stock_rebuilds
    if not stock and rules.stock_exhausted is StockExhausted.PLAY_ON:
        idle = 0 if state.turn_cards else idle + 1
        if idle >= players:
            ended = evolve(state, hands=hands, discard=pile, idle_turns=idle)
            return _over(ended, None, EndReason.STOCK_EXHAUSTED)
    if (
        not stock
        and rules.stock_exhausted is StockExhausted.RESHUFFLE
        and rebuilds < rules.max_stock_rebuilds
        and len(pile) > 1
    ):
        stock = _reshuffled(pile[:-1], state.seed, rebuilds)
        pile = pile[-1:]
        rebuilds += 1
    return _turn_phase(
        state, following, Phase.DRAW, hands, stock, pile, last_discarder, rebuilds, idle
    )


def _reshuffled(cards: tuple[Card, ...], seed: int | None, rebuilds: int) -> tuple[Card, ...]:
    """The pile but its top card, shuffled into a stock, deterministically from the seed (T6)."""
    shuffled = list(cards)
    random.Random(f"rummy500 reshuffle {seed} {rebuilds}").shuffle(shuffled)
    return tuple(shuffled)


def _went_out(state: GameState, player: int, *, going_rummy: bool, long_run: bool) -> GameState:
    """``player`` has no card left: the final lay-offs (E4) or the end of the hand (E1).

    ``going_rummy`` (S3) and ``long_run`` (S5) are decided now; the final
    lay-offs only move cards from the other hands to the table.
    """
    if state.rules.final_layoff:
        return evolve(
            state,
            phase=Phase.FINAL_LAYOFF,
            to_move=next_seat(state.rules, len(state.hands), player),
            went_out=player,
            went_out_rummy=going_rummy,
            went_out_long_run=long_run,
            last_discarder=None,
        )
    return _over(state, player, EndReason.WENT_OUT, going_rummy, long_run)


def _over(
    state: GameState,
    went_out: int | None,
    reason: EndReason,
    going_rummy: bool = False,
    long_run: bool = False,
) -> GameState:
    result = score_hand(
        state.rules,
        state.hands,
        state.melds,
        went_out,
        reason,
        going_rummy=going_rummy,
        seven_card_run=long_run,
    )
    return evolve(
        state,
        phase=Phase.OVER,
        result=result,
        last_discarder=None,
        went_out=went_out,
        went_out_rummy=going_rummy,
        went_out_long_run=long_run,
    )


def _end_hand(state: GameState, move: EndHand) -> GameState:
    if state.stock:
        raise illegal(
            Reason.CANNOT_END,
            f"the hand can be ended only when the stock is empty ({len(state.stock)} cards left)",
            "T6",
        )
    if state.rules.stock_exhausted is StockExhausted.PLAY_ON:
        raise illegal(
            Reason.CANNOT_END,
            "under stock_exhausted='play_on' play goes on: take from the pile or 'pass'",
            "T6",
        )
    return _over(state, None, EndReason.STOCK_EXHAUSTED)


def _final_layoff(state: GameState, move: Move) -> GameState:
    player = move.player
    went_out = state.went_out
    assert went_out is not None
    if isinstance(move, Pass):
        following = next_seat(state.rules, len(state.hands), player)
        if following == went_out:
            return _finish_after_final_layoffs(state, went_out)
        return evolve(state, to_move=following)
    if not isinstance(move, LayoffMove):
        raise illegal(
            Reason.WRONG_PHASE,
            f"p{went_out} went out: p{player} may only lay off cards or pass",
            "E4",
        )
    if not may_lay_off(state, player):
        raise _not_opened(state, player)
    problem = joker_problem(state, move)
    if problem is not None:
        raise problem
    hand = state.hands[player]
    pool, reserve = play_pool(state, player, hand)
    effect = resolve_play(state.rules, state.melds, move, pool, None)
    used, spent = spend(effect.used, reserve)
    return evolve(
        state,
        hands=replace_hand(state.hands, player, without(hand, used)),
        melds=effect.melds,
        dealer_joker=state.dealer_joker and not spent,
    )


def _finish_after_final_layoffs(state: GameState, went_out: int) -> GameState:
    return _over(state, went_out, EndReason.WENT_OUT, state.went_out_rummy, state.went_out_long_run)


def _call_rummy(state: GameState, move: CallRummy) -> GameState:
    rules = state.rules
    player = move.player
    mode = rules.rummy_call
    if mode is RummyCall.NONE:
        raise illegal(
            Reason.RUMMY_NOT_ALLOWED, "there are no 'Rummy!' calls under rummy_call='none'", "R3"
        )
    rule = "R2" if mode is RummyCall.LAYOFF_TOP else "R1"
    discarder = state.last_discarder
    if state.phase is not Phase.DRAW or discarder is None:
        raise illegal(
            Reason.RUMMY_NOT_ALLOWED,
            "'Rummy!' may be called only after a discard, before the next player draws",
            rule,
        )
    if player == discarder:
        raise illegal(
            Reason.RUMMY_NOT_ALLOWED, f"p{player} discarded and may not call 'Rummy!'", rule
        )
    if mode is RummyCall.LAYOFF_TOP:
        return _call_layoff_top(state, move)
    if player == state.to_move:
        raise illegal(
            Reason.RUMMY_NOT_ALLOWED,
            f"p{player} is to draw: take the cards with 'take {move.count}' instead of calling",
            "R1",
        )
    pile = state.discard
    if move.count > len(pile):
        raise illegal(
            Reason.PILE_TOO_SHORT,
            f"cannot take {move.count} cards: the pile holds {len(pile)}",
            "R1",
        )
    taken = pile[-move.count :]
    hand = state.hands[player]
    effect = _resolve_call_play(state, move, taken, hand)
    hand = with_cards(hand, taken)
    forbidden = taken[0].code if len(taken) == 1 else None
    base = caller_turn(state, player, taken)
    # The call's play uses pile cards only; the dealer's joker may serve later in the turn.
    pool, reserve = play_pool(base, player, hand)
    problem = play_problem(
        base, player, move.play, pool, effect.points, forbidden, effect.melds, reserve
    )
    if problem is not None:
        raise problem
    return _after_play(base, player, hand, effect)


def caller_turn(state: GameState, caller: int, taken: tuple[Card, ...]) -> GameState:
    """The state as the caller's turn begins: the pile cards taken, the turn fields reset (R1)."""
    return evolve(
        state,
        discard=state.discard[: -len(taken)],
        to_move=caller,
        phase=Phase.PLAY,
        last_discarder=None,
        taken=taken,
        turn_points=0,
        turn_cards=0,
        turn_longest_run=0,
    )


def _resolve_call_play(
    state: GameState, move: CallRummy, taken: tuple[Card, ...], hand: tuple[Card, ...]
) -> PlayEffect:
    problem = joker_problem(state, move.play)
    if problem is not None:
        raise problem
    pool = count_vector(taken)
    try:
        return resolve_play(state.rules, state.melds, move.play, pool, taken[0].code)
    except IllegalMoveError as error:
        if error.reason is Reason.CARDS_NOT_AVAILABLE and _uses_hand(move.play, pool, hand):
            layoff_top = state.rules.rummy_call is RummyCall.LAYOFF_TOP
            raise illegal(
                Reason.RUMMY_USES_HAND,
                "a 'Rummy!' call may meld only cards from the pile and the table, "
                "not from the hand",
                "R2" if layoff_top else "R1",
            ) from None
        raise


def _uses_hand(play: Play, pool: list[int], hand: tuple[Card, ...]) -> bool:
    """Whether the cards of ``play`` missing from ``pool`` are in ``hand``."""
    held = count_vector(hand)
    need: dict[int, int] = {}
    for code in physical(play):
        need[code] = need.get(code, 0) + 1
    return all(pool[code] + held[code] >= count for code, count in need.items())


def _call_layoff_top(state: GameState, move: CallRummy) -> GameState:
    """R2: lay off the top discard; the caller does not discard; the turn goes on."""
    player = move.player
    if move.count != 1 or not isinstance(move.play, LayoffMove):
        raise illegal(
            Reason.RUMMY_NOT_ALLOWED,
            "under rummy_call='layoff_top' a call takes only the top discard and lays it off: "
            "'rummy 1 layoff N CARD'",
            "R2",
        )
    if not may_lay_off(state, player):
        raise _not_opened(state, player)
    top = state.discard[-1:]
    effect = _resolve_call_play(state, move, top, state.hands[player])
    return evolve(
        state,
        discard=state.discard[:-1],
        melds=effect.melds,
        last_discarder=None,
        idle_turns=0,
    )


def _out_of_turn_play(state: GameState, move: MeldMove | LayoffMove) -> GameState:
    """T9: a meld or lay-off by a seat that is not to move."""
    rules = state.rules
    player = move.player
    if state.phase not in (Phase.DRAW, Phase.PLAY):
        raise illegal(
            Reason.NOT_YOUR_TURN,
            f"it is p{state.to_move}'s turn, not p{move.player}'s",
            "T9",
        )
    problem = joker_problem(state, move)
    if problem is not None:
        raise problem
    hand = state.hands[player]
    pool = count_vector(hand)  # the dealer's joker serves only in the dealer's own turn
    effect = resolve_play(rules, state.melds, move, pool, None)
    opened = state.opened
    if rules.opening_minimum and player not in opened:
        if isinstance(move, LayoffMove):
            raise _not_opened(state, player)
        if effect.points < rules.opening_minimum:
            raise illegal(
                Reason.NOT_OPENED,
                f"an out-of-turn opening meld must be worth {rules.opening_minimum} points "
                f"alone, not {effect.points}",
                "T8",
            )
        opened = opened | {player}
    hand = without(hand, effect.used)
    if not hand and not can_empty_hand(rules, 0):
        raise illegal(
            Reason.DEAD_END,
            f"p{player} must keep a card to discard and may not meld the last one",
            "E2",
        )
    after = evolve(
        state,
        hands=replace_hand(state.hands, player, hand),
        melds=effect.melds,
        opened=opened,
        idle_turns=0,
    )
    if (hand or rules.going_out is GoingOut.FLOATING) and mover_stranded(after):
        raise illegal(
            Reason.DEAD_END,
            f"this play would leave p{state.to_move}, who is to move, unable to end the turn",
            "N1",
        )
    if hand or rules.going_out is GoingOut.FLOATING:
        return after
    credited = sum(table_meld.by.count(player) for table_meld in after.melds)
    return _went_out(
        after,
        player,
        going_rummy=credited == effect.laid,
        long_run=effect.run_length >= 7,
    )


# ---------------------------------------------------------------------------
# Dealer's gambit (V7)


def _nominate(state: GameState, move: Move) -> GameState:
    """The dealer nominates what jokers do this hand; then the first player moves."""
    player = move.player
    if not isinstance(move, Nominate):
        raise illegal(
            Reason.WRONG_PHASE,
            f"the dealer, p{state.dealer}, first nominates what jokers do this hand: "
            "'nominate wild', 'nominate double' or 'nominate split'",
            "V7",
        )
    if state.phase is not Phase.NOMINATE:
        raise illegal(
            Reason.WRONG_PHASE,
            "jokers are nominated only under dealer's gambit, by the dealer, before play"
            + (f" (already: {state.joker_effect})" if state.joker_effect else ""),
            "V7",
        )
    if player != state.dealer:
        raise illegal(
            Reason.NOT_YOUR_TURN,
            f"only the dealer, p{state.dealer}, nominates what jokers do, not p{player}",
            "V7",
        )
    players = len(state.hands)
    chooser = state.rules.first_discard is FirstDiscard.CHOOSER
    return evolve(
        state,
        joker_effect=move.effect,
        to_move=next_seat(state.rules, players, state.dealer),
        phase=Phase.FIRST_DISCARD if chooser else Phase.DRAW,
    )


def _block(state: GameState, move: Block) -> GameState:
    """Cover the dealer's joker with a joker from the hand: both leave play."""
    player = move.player
    if not state.rules.dealers_gambit:
        raise illegal(
            Reason.CANNOT_BLOCK, "there is no dealer's joker to block: not dealer's gambit", "V7"
        )
    if player == state.dealer:
        raise illegal(
            Reason.CANNOT_BLOCK, f"p{player} is the dealer and cannot block their own joker", "V7"
        )
    if not state.dealer_joker:
        done = f"blocked by p{state.blocked_by}" if state.blocked_by is not None else "used"
        raise illegal(
            Reason.CANNOT_BLOCK, f"the dealer's joker is no longer beside the stock ({done})", "V7"
        )
    hand = state.hands[player]
    index = index_of(hand, JOKER_CODE)
    if index < 0:
        raise illegal(Reason.CANNOT_BLOCK, f"p{player} holds no joker to block with", "V7")
    if len(hand) == 1:
        raise illegal(
            Reason.DEAD_END,
            f"p{player} would block with their last card and could not discard (a block "
            "does not go out)",
            "V7",
        )
    after = evolve(
        state,
        hands=replace_hand(state.hands, player, hand[:index] + hand[index + 1 :]),
        dealer_joker=False,
        blocked_by=player,
        dead=(*state.dead, JOKER, JOKER),
    )
    if mover_stranded(after):
        raise illegal(
            Reason.DEAD_END,
            f"after blocking p{player} could not end the turn: "
            + _blocker(state.rules, len(state.taken) == 1, opening_need(state, player, 0)),
            "N1",
        )
    return after


def _split(state: GameState, move: Split) -> GameState:
    """Split the pile with a joker around the chosen card, which is melded at once."""
    player = move.player
    if state.joker_effect is not JokerEffect.SPLIT:
        raise illegal(
            Reason.JOKER_EFFECT,
            "the pile may be split only under dealer's gambit when the dealer nominated 'split'",
            "V7",
        )
    pile = state.discard
    count = move.count
    if count > len(pile):
        raise illegal(
            Reason.PILE_TOO_SHORT,
            f"cannot split at card {count} from the top: the pile holds {len(pile)}",
            "V7",
        )
    hand = state.hands[player]
    own_joker = not (state.dealer_joker and player == state.dealer)
    if own_joker:
        index = index_of(hand, JOKER_CODE)
        if index < 0:
            raise illegal(Reason.JOKER_EFFECT, f"p{player} holds no joker to split the pile", "V7")
        hand = hand[:index] + hand[index + 1 :]
    chosen = pile[-count]
    outside = pile[-count:]  # the chosen card and the cards above it
    inside = pile[:-count]  # the cards below it
    forbidden = chosen.code if count == 1 else None  # as when taking the top card alone (T11)
    changes = {
        "discard": (),
        "phase": Phase.PLAY,
        "last_discarder": None,
        "taken": outside,
        "dead": (*state.dead, *inside, JOKER),
        "dealer_joker": state.dealer_joker and own_joker,
    }
    return _play_in_turn(
        state, player, move.play, with_cards(hand, outside), chosen.code, forbidden, **changes
    )


# The handlers of each phase's own moves, by move class (apply_move's dispatch).
_Handler = Callable[[GameState, Any], GameState]
_DRAW_PHASE: dict[type, _Handler] = {
    Draw: _draw,
    Take: _take,
    EndHand: _end_hand,
    Pass: _draw_nothing,
    Split: _split,
}
_PLAY_PHASE: dict[type, _Handler] = {
    Discard: _discard,
    MeldMove: _play,
    LayoffMove: _play,
    Block: _block,
}
_PLAYS = (MeldMove, LayoffMove)
