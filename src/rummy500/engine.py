"""The rules of a hand: new games, legal moves, move checking and the reducer.

There is one source of legality: :func:`apply_move` checks a move while it
builds the next state, :func:`check_move` and :func:`is_legal` are built on
it, and :func:`legal_moves` generates exactly the moves it accepts (a
property the test suite checks on random positions).

>>> from rummy500 import new_game, legal_moves, apply_move, parse_move
>>> state = new_game(seed=1)
>>> state.to_move, state.phase.value, len(state.hands[1])
(1, 'draw', 13)
>>> [str(move) for move in legal_moves(state)]
['p1: draw', 'p1: take 1']
>>> state = apply_move(state, parse_move(state, "draw"))
>>> state.phase.value, len(state.hands[1])
('play', 14)
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from rummy500.cards import JOKER_CODE, NUM_CODES, Card, card_from_code
from rummy500.deal import deal, seat_order
from rummy500.errors import IllegalMoveError, InvalidMeldError, Reason
from rummy500.meldgen import (
    Pool,
    layoffs_from_counts,
    layoffs_from_pool,
    melds_from_counts,
    melds_from_pool,
)
from rummy500.melds import (
    _SPECS,
    SPEC_PHYSICAL,
    SPEC_RANK,
    SPEC_SUIT,
    SPEC_TEXT,
    Meld,
    MeldCard,
    MeldKind,
    _layoff_codes,
    _make_meld_codes,
)
from rummy500.moves import (
    CallRummy,
    Discard,
    Draw,
    EndHand,
    LayoffMove,
    MeldMove,
    Move,
    Play,
    Take,
    _new_call,
    _new_discard,
    _new_draw,
    _new_end,
    _new_layoff_move,
    _new_meld_move,
    _new_take,
    _new_take_top,
)
from rummy500.notation import ordered_like
from rummy500.rules import DeepestCardUse, Direction, DiscardTake, Jokers, Rules, RummyCall
from rummy500.scoring import score_hand
from rummy500.state import EndReason, GameState, Phase, TableMeld
from rummy500.support import check_supported

__all__ = ["apply_move", "check_move", "is_legal", "legal_moves", "new_game"]

_MOVE_TYPES = (Draw, Take, MeldMove, LayoffMove, Discard, CallRummy, EndHand)


def new_game(
    rules: Rules | None = None,
    players: int = 2,
    *,
    seed: int | None = None,
    deck: str | Sequence[Card | str] | None = None,
    dealer: int = 0,
) -> GameState:
    """Deal one hand and return its first state (D1–D7).

    Args:
        rules: The rule set; ``None`` for the default (pagat) rules.
        players: The number of players.
        seed: Seed of the shuffle (``None``: from the OS's secure randomness).
        deck: The whole deck in the order cards come off the top
            (``deck[0]`` is dealt first); overrides ``seed``.
        dealer: The dealer's seat.

    Raises:
        NotImplementedError: if ``rules`` sets a knob to a value the engine
            does not implement yet (the message names it).
        ValueError: for a bad player count, dealer or deck.
    """
    rules = Rules() if rules is None else rules
    check_supported(rules)
    dealt = deal(rules, players, seed=seed, deck=deck, dealer=dealer)
    return GameState(
        rules=rules,
        dealer=dealer,
        to_move=seat_order(rules, players, dealer)[1],
        phase=Phase.DRAW,
        hands=dealt.hands,
        stock=dealt.stock,
        discard=dealt.discard,
        seed=dealt.seed,
    )


# ---------------------------------------------------------------------------
# Small helpers on hands as sorted card tuples.


def _counts(cards: Sequence[Card]) -> list[int]:
    counts = [0] * NUM_CODES
    for card in cards:
        counts[card.code] += 1
    return counts


def _without(hand: tuple[Card, ...], codes: Sequence[int]) -> tuple[Card, ...]:
    """``hand`` less one card per code in ``codes`` (all present)."""
    if len(codes) == 1:
        code = codes[0]
        for index, card in enumerate(hand):
            if card.code == code:
                return hand[:index] + hand[index + 1 :]
    remaining = Counter(codes)
    kept = []
    for card in hand:
        if remaining[card.code]:
            remaining[card.code] -= 1
        else:
            kept.append(card)
    return tuple(kept)


def _index_of(hand: tuple[Card, ...], code: int) -> int:
    """The position of a card with ``code`` in ``hand``, or -1."""
    for index, card in enumerate(hand):
        if card.code == code:
            return index
    return -1


def _with(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` (sorted) with ``cards`` added, still sorted by code."""
    if len(cards) == 1:
        code = cards[0].code
        for index, card in enumerate(hand):
            if card.code > code:
                return hand[:index] + (cards[0],) + hand[index:]
        return hand + (cards[0],)
    return tuple(sorted(hand + tuple(cards), key=_code))


def _code(card: Card) -> int:
    return card.code


def _replace(
    items: tuple[tuple[Card, ...], ...], index: int, value: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return items[:index] + (value,) + items[index + 1 :]


def _next_seat(state: GameState, seat: int) -> int:
    step = -1 if state.rules.direction is Direction.COUNTERCLOCKWISE else 1
    return (seat + step) % len(state.hands)


_FIELDS = tuple(field.name for field in attrs.fields(GameState))


def _evolve(state: GameState, **changes: Any) -> GameState:
    """A copy of ``state`` with ``changes`` (faster than ``attrs.evolve``; no validation)."""
    values: list[Any] = [
        changes[name] if name in changes else getattr(state, name) for name in _FIELDS
    ]
    return GameState(*values)


def _illegal(reason: Reason, message: str, rule: str) -> IllegalMoveError:
    return IllegalMoveError(reason, f"{message} (rule {rule})", rule)


_TRAILING_RULES = re.compile(r"\s*\([A-Z][0-9a-z, A-Z]*\)$")


def _from_meld_error(reason: Reason, error: InvalidMeldError) -> IllegalMoveError:
    """An IllegalMoveError from a meld error, its trailing "(M1)" written as "(rule M1)"."""
    return _illegal(reason, _TRAILING_RULES.sub("", str(error)), error.rule)


# ---------------------------------------------------------------------------
# Plays: a new meld or a lay-off, from a pool of available cards.


@attrs.frozen
class _PlayResult:
    melds: tuple[TableMeld, ...]
    used: tuple[int, ...]  # physical card codes taken from the pool


def _resolve_play(
    state: GameState, play: Play, pool: Sequence[int], required: int | None
) -> _PlayResult:
    """Check ``play`` against the table and the pool of card counts; return its effect."""
    rules = state.rules
    codes = tuple(spec.code for spec in play.cards)
    used = tuple(SPEC_PHYSICAL[code] for code in codes)
    need = Counter(used)
    for code, count in need.items():
        if pool[code] < count:
            shown = " ".join(SPEC_TEXT[c] for c in codes)
            raise _illegal(
                Reason.CARDS_NOT_AVAILABLE,
                f"p{play.player} does not hold the cards of {shown}: no {card_from_code(code)}"
                + (f" ×{count}" if count > 1 else ""),
                "T7",
            )
    if required is not None and required not in need:
        raise _illegal(
            Reason.PLAY_MISSES_DEEPEST_CARD,
            f"the play must meld the deepest card taken, {card_from_code(required)}",
            "T3",
        )
    if isinstance(play, MeldMove):
        try:
            meld = _checked_meld(codes, rules)
        except InvalidMeldError as error:
            raise _from_meld_error(Reason.INVALID_MELD, error) from None
        if meld.codes != codes:
            raise _illegal(
                Reason.NOT_CANONICAL, f"write the meld in canonical order: meld {meld}", "§10"
            )
        melds = (*state.melds, TableMeld(meld, (play.player,) * len(codes)))
        return _PlayResult(melds, used)
    if play.target >= len(state.melds):
        raise _illegal(
            Reason.NO_SUCH_MELD,
            f"there is no meld {play.target} on the table ({len(state.melds)} melds)",
            "L1",
        )
    table_meld = state.melds[play.target]
    try:
        result = _checked_layoff(table_meld.meld, codes, rules)
    except InvalidMeldError as error:
        raise _from_meld_error(Reason.INVALID_LAYOFF, error) from None
    ordered = ordered_like(result, play.cards)
    if ordered != play.cards:
        text = " ".join(map(str, ordered))
        raise _illegal(
            Reason.NOT_CANONICAL,
            f"write the lay-off in meld order: layoff {play.target} {text}",
            "§10",
        )
    new_meld = TableMeld(result, _credits(table_meld, result, play.player))
    melds = state.melds[: play.target] + (new_meld,) + state.melds[play.target + 1 :]
    return _PlayResult(melds, used)


@functools.lru_cache(maxsize=1 << 14)
def _checked_meld(codes: tuple[int, ...], rules: Rules) -> Meld:
    """:func:`rummy500.melds.make_meld` on codes, memoized (melds recur across positions)."""
    return _make_meld_codes(codes, rules)


@functools.lru_cache(maxsize=1 << 14)
def _checked_layoff(meld: Meld, codes: tuple[int, ...], rules: Rules) -> Meld:
    """:func:`rummy500.melds.layoff` on codes, memoized."""
    return _layoff_codes(meld, codes, rules)


def _credits(old: TableMeld, result: Meld, player: int) -> tuple[int, ...]:
    """Credits of ``result``: the old cards keep theirs, the new ones go to ``player`` (L5)."""
    credits: dict[int, list[int]] = {}
    for code, seat in zip(old.meld.codes, old.by, strict=True):
        credits.setdefault(code, []).append(seat)
    by = []
    for code in result.codes:
        earlier = credits.get(code)
        by.append(earlier.pop(0) if earlier else player)
    return tuple(by)


# ---------------------------------------------------------------------------
# No dead ends (N1)


def _forbidden_discard(taken: tuple[Card, ...]) -> int | None:
    """The card code that may not be discarded this turn (T11), if any."""
    return taken[0].code if len(taken) == 1 else None


def _can_finish(
    rules: Rules, counts: list[int], forbidden: int | None, melds: tuple[TableMeld, ...]
) -> bool:
    """Whether a player holding ``counts`` can still end the turn legally (N1)."""
    total = sum(counts)
    if total == 0:
        return True
    if forbidden is None or total > counts[forbidden]:
        return True
    # Every card left is a copy of the card that may not be discarded: the
    # turn can end only by melding or laying off all of them.
    for kind, codes in melds_from_counts(counts, rules):
        rest = _minus(counts, [SPEC_PHYSICAL[c] for c in codes])
        if _can_finish(rules, rest, forbidden, (*melds, TableMeld(Meld(kind, codes), ()))):
            return True
    for index, table_meld in enumerate(melds):
        for laid, result in layoffs_from_counts(table_meld.meld, counts, rules):
            rest = _minus(counts, [SPEC_PHYSICAL[c] for c in laid])
            changed = melds[:index] + (TableMeld(result, ()),) + melds[index + 1 :]
            if _can_finish(rules, rest, forbidden, changed):
                return True
    return False


def _minus(counts: list[int], codes: Sequence[int]) -> list[int]:
    rest = list(counts)
    for code in codes:
        rest[code] -= 1
    return rest


def _check_not_dead_end(state: GameState, player: int, after: GameState) -> None:
    if after.phase is not Phase.PLAY:
        return
    hand = after.hands[player]
    forbidden = _forbidden_discard(after.taken)
    if not _can_finish(state.rules, _counts(hand), forbidden, after.melds):
        raise _illegal(
            Reason.DEAD_END,
            f"after this move p{player} could not end the turn: the only cards left may not "
            f"be discarded (T11) nor melded",
            "N1",
        )


# ---------------------------------------------------------------------------
# The reducer


def apply_move(state: GameState, move: Move) -> GameState:
    """Return the state after ``move`` (the input state is never changed).

    Raises:
        IllegalMoveError: (a :class:`ValueError`) if the move is illegal; its
            ``reason`` and ``rule`` say why.
    """
    if not isinstance(move, _MOVE_TYPES):
        raise IllegalMoveError(
            Reason.NOT_A_MOVE,
            f"not a move: {move!r} (build a move object, or read text with parse_move)",
            "-",
        )
    if state.phase is Phase.OVER:
        raise _illegal(Reason.HAND_OVER, "the hand is over: nobody may move", "E1")
    if move.player >= state.num_players:
        raise _illegal(
            Reason.NOT_A_MOVE,
            f"there is no seat p{move.player} (seats p0..p{state.num_players - 1})",
            "D5",
        )
    if isinstance(move, CallRummy):
        return _call_rummy(state, move)
    if move.player != state.to_move:
        raise _illegal(
            Reason.NOT_YOUR_TURN,
            f"it is p{state.to_move}'s turn, not p{move.player}'s",
            "D7",
        )
    if isinstance(move, (Draw, Take, EndHand)):
        if state.phase is not Phase.DRAW:
            raise _illegal(Reason.WRONG_PHASE, f"p{move.player} has drawn already this turn", "T1")
        if isinstance(move, Draw):
            return _draw(state, move)
        if isinstance(move, Take):
            return _take(state, move)
        return _end_hand(state, move)
    if state.phase is not Phase.PLAY:
        raise _illegal(Reason.WRONG_PHASE, f"p{move.player} must draw first (draw or take)", "T1")
    if isinstance(move, Discard):
        return _discard(state, move)
    return _play(state, move)


def check_move(state: GameState, move: Move) -> None:
    """Raise :class:`IllegalMoveError` naming the rule if ``move`` is illegal, else return."""
    apply_move(state, move)


def is_legal(state: GameState, move: Move) -> bool:
    """Whether ``move`` is legal in ``state``."""
    try:
        apply_move(state, move)
    except IllegalMoveError:
        return False
    return True


def _draw(state: GameState, move: Draw) -> GameState:
    if not state.stock:
        raise _illegal(
            Reason.STOCK_EMPTY, "the stock is empty: take from the pile or end the hand", "T6"
        )
    player = move.player
    hand = _with(state.hands[player], state.stock[:1])
    return GameState(
        state.rules,
        state.dealer,
        state.to_move,
        Phase.PLAY,
        _replace(state.hands, player, hand),
        state.stock[1:],
        state.discard,
        state.melds,
        None,
        (),
        None,
        state.seed,
    )


def _take(state: GameState, move: Take) -> GameState:
    rules = state.rules
    pile = state.discard
    count = move.count
    if count > len(pile):
        raise _illegal(
            Reason.PILE_TOO_SHORT,
            f"cannot take {count} cards: the pile holds {len(pile)}",
            "T1",
        )
    if count > 1 and rules.discard_take is DiscardTake.TOP_ONLY:
        raise _illegal(
            Reason.DEEP_TAKE_NOT_ALLOWED,
            "only the top discard may be taken under discard_take='top_only'",
            "T4",
        )
    taken = pile[-count:]
    deepest = taken[0]
    must_meld = count > 1 or rules.top_discard_must_meld
    if must_meld and move.play is None:
        raise _illegal(
            Reason.MUST_MELD_TAKEN_CARD,
            f"taking {count} card{'s' if count > 1 else ''} requires melding the deepest one, "
            f"{deepest}, at once: write it as 'take {count} meld ...' or "
            f"'take {count} layoff N ...'",
            "T3",
        )
    if not must_meld and move.play is not None:
        raise _illegal(
            Reason.UNEXPECTED_PLAY,
            "taking only the top discard needs no meld at once: take it, then meld as a "
            "separate move",
            "T3a",
        )
    player = move.player
    hand = _with(state.hands[player], taken)
    melds = state.melds
    if move.play is not None:
        if rules.deepest_card_use is DeepestCardUse.NEW_MELD_ONLY and isinstance(
            move.play, LayoffMove
        ):
            raise _illegal(
                Reason.NEW_MELD_REQUIRED,
                f"the card taken, {deepest}, must go into a new meld, not a lay-off",
                "T4",
            )
        effect = _resolve_play(state, move.play, _counts(hand), deepest.code)
        hand = _without(hand, effect.used)
        melds = effect.melds
    after = _evolve(
        state,
        hands=_replace(state.hands, player, hand),
        discard=pile[:-count],
        melds=melds,
        phase=Phase.PLAY,
        last_discarder=None,
        taken=taken,
    )
    return _finish_play(state, player, after)


def _play(state: GameState, move: MeldMove | LayoffMove) -> GameState:
    player = move.player
    effect = _resolve_play(state, move, _counts(state.hands[player]), None)
    hand = _without(state.hands[player], effect.used)
    after = _evolve(state, hands=_replace(state.hands, player, hand), melds=effect.melds)
    return _finish_play(state, player, after)


def _finish_play(state: GameState, player: int, after: GameState) -> GameState:
    """End the hand if ``player`` has no card left (E1), else check N1."""
    if not after.hands[player]:
        return _over(after, player, EndReason.WENT_OUT)
    _check_not_dead_end(state, player, after)
    return after


def _discard(state: GameState, move: Discard) -> GameState:
    player = move.player
    card = move.card
    code = card.code
    hand = state.hands[player]
    index = _index_of(hand, code)
    if index < 0:
        raise _illegal(Reason.CARDS_NOT_AVAILABLE, f"p{player} does not hold {card}", "T10")
    taken = state.taken
    if len(taken) == 1 and taken[0].code == code:
        raise _illegal(
            Reason.DISCARD_TAKEN_CARD,
            f"p{player} took only the top discard, {card}, and may not discard it this turn",
            "T11",
        )
    hand = hand[:index] + hand[index + 1 :]
    hands = _replace(state.hands, player, hand)
    discard = (*state.discard, card)
    if not hand:
        return _over(_evolve(state, hands=hands, discard=discard), player, EndReason.WENT_OUT)
    return GameState(
        state.rules,
        state.dealer,
        _next_seat(state, player),
        Phase.DRAW,
        hands,
        state.stock,
        discard,
        state.melds,
        player,
        (),
        None,
        state.seed,
    )


def _end_hand(state: GameState, move: EndHand) -> GameState:
    if state.stock:
        raise _illegal(
            Reason.CANNOT_END,
            f"the hand can be ended only when the stock is empty ({len(state.stock)} cards left)",
            "T6",
        )
    return _over(state, None, EndReason.STOCK_EXHAUSTED)


def _call_rummy(state: GameState, move: CallRummy) -> GameState:
    rules = state.rules
    player = move.player
    if rules.rummy_call is not RummyCall.PILE:
        raise _illegal(
            Reason.RUMMY_NOT_ALLOWED,
            f"there are no 'Rummy!' calls on the pile under rummy_call={rules.rummy_call.value!r}",
            "R2" if rules.rummy_call is RummyCall.LAYOFF_TOP else "R3",
        )
    discarder = state.last_discarder
    if state.phase is not Phase.DRAW or discarder is None:
        raise _illegal(
            Reason.RUMMY_NOT_ALLOWED,
            "'Rummy!' may be called only after a discard, before the next player draws",
            "R1",
        )
    if player == discarder:
        raise _illegal(
            Reason.RUMMY_NOT_ALLOWED, f"p{player} discarded and may not call 'Rummy!'", "R1"
        )
    if player == state.to_move:
        raise _illegal(
            Reason.RUMMY_NOT_ALLOWED,
            f"p{player} is to draw: take the cards with 'take {move.count}' instead of calling",
            "R1",
        )
    pile = state.discard
    if move.count > len(pile):
        raise _illegal(
            Reason.PILE_TOO_SHORT,
            f"cannot take {move.count} cards: the pile holds {len(pile)}",
            "R1",
        )
    taken = pile[-move.count :]
    pool = _counts(taken)
    hand = state.hands[player]
    try:
        effect = _resolve_play(state, move.play, pool, taken[0].code)
    except IllegalMoveError as error:
        if error.reason is Reason.CARDS_NOT_AVAILABLE and _uses_hand(move.play, pool, hand):
            raise _illegal(
                Reason.RUMMY_USES_HAND,
                "a 'Rummy!' call may meld only cards from the pile and the table, "
                "not from the hand",
                "R1",
            ) from None
        raise
    kept = list(taken)
    for code in effect.used:
        for index, card in enumerate(kept):
            if card.code == code:
                del kept[index]
                break
    after = _evolve(
        state,
        hands=_replace(state.hands, player, _with(hand, kept)),
        discard=pile[: -move.count],
        melds=effect.melds,
        to_move=player,
        phase=Phase.PLAY,
        last_discarder=None,
        taken=taken,
    )
    return _finish_play(state, player, after)


def _uses_hand(play: Play, pool: list[int], hand: tuple[Card, ...]) -> bool:
    """Whether the cards of ``play`` missing from ``pool`` are in ``hand``."""
    need = Counter(SPEC_PHYSICAL[spec.code] for spec in play.cards)
    held = Counter(card.code for card in hand)
    return all(pool[code] + held[code] >= count for code, count in need.items())


def _over(state: GameState, went_out: int | None, reason: EndReason) -> GameState:
    result = score_hand(state.rules, state.hands, state.melds, went_out, reason)
    return _evolve(state, phase=Phase.OVER, result=result, last_discarder=None)


# ---------------------------------------------------------------------------
# The move generator


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move of every seat that may act now, in a deterministic order.

    In the draw phase: the player to move's stock draw (or, with an empty
    stock, ending the hand), each take by depth with every way to meld its
    deepest card, then the "Rummy!" calls of the other seats (R1).  In the
    play phase: every new meld, every lay-off, every discard.
    """
    if state.phase is Phase.OVER:
        return ()
    if state.phase is Phase.DRAW:
        return _draw_phase_moves(state)
    return _play_phase_moves(state)


def _draw_phase_moves(state: GameState) -> tuple[Move, ...]:
    rules = state.rules
    player = state.to_move
    moves: list[Move] = [_new_draw(player) if state.stock else _new_end(player)]
    pile = state.discard
    pool = Pool(card.code for card in state.hands[player])  # grows a pile card per depth
    deepest_limit = len(pile) if rules.discard_take is DiscardTake.ANY_DEPTH else min(1, len(pile))
    index = _target_index(state.melds)
    for count in range(1, deepest_limit + 1):
        deepest = pile[-count].code
        pool.add(deepest)
        if count == 1 and not rules.top_discard_must_meld:
            if _can_finish(rules, pool.counts, deepest, state.melds):
                moves.append(_new_take_top(player))
            continue
        if not _could_meld(pool, deepest, rules, index):
            continue
        for play in _plays(state, player, pool, deepest, index):
            # After taking more than one card any card may be discarded (T11).
            if count > 1 or _play_can_finish(state, play, pool.counts, deepest):
                moves.append(_new_take(player, count, play))
    moves.extend(_rummy_calls(state, index))
    return tuple(moves)


def _play_can_finish(state: GameState, play: Play, pool: list[int], forbidden: int | None) -> bool:
    """Whether the player can still end the turn after ``play`` from ``pool`` (N1)."""
    if forbidden is None:
        return True  # any card left can be discarded; no card left is going out
    used = [SPEC_PHYSICAL[spec.code] for spec in play.cards]
    left = sum(pool) - len(used)
    left_forbidden = pool[forbidden] - used.count(forbidden)
    if left == 0 or left > left_forbidden:
        return True
    return _can_finish(state.rules, _minus(pool, used), forbidden, _table_after(state, play))


def _table_after(state: GameState, play: Play) -> tuple[TableMeld, ...]:
    """The table melds after a valid ``play`` (credits are not needed for N1)."""
    codes = tuple(spec.code for spec in play.cards)
    if isinstance(play, MeldMove):
        return (*state.melds, TableMeld(_make_meld_codes(codes, state.rules), ()))
    melds = state.melds
    changed = TableMeld(_layoff_codes(melds[play.target].meld, codes, state.rules), ())
    return melds[: play.target] + (changed,) + melds[play.target + 1 :]


def _plays(
    state: GameState,
    player: int,
    pool: Pool,
    required: int | None,
    index: _TargetIndex | None = None,
) -> list[Play]:
    """Every meld and lay-off from the cards of ``pool`` (containing ``required``)."""
    rules = state.rules
    plays: list[Play] = []
    for _kind, codes in melds_from_pool(pool, rules, required):
        plays.append(_meld_move(player, codes))
    new_meld_only = rules.deepest_card_use is DeepestCardUse.NEW_MELD_ONLY
    if required is not None and new_meld_only:
        return plays
    melds = state.melds
    if not melds:
        return plays
    if required is None:
        targets: Sequence[int] = range(len(melds))
    else:
        targets = (index or _TargetIndex(melds)).targets(required)
    for target in targets:
        for laid, _result in layoffs_from_pool(melds[target].meld, pool, rules, required):
            plays.append(_layoff_move(player, target, laid))
    return plays


def _near_ranks(radius: int) -> tuple[int, ...]:
    """Per rank (index 1–13): the bit mask of the other ranks within ``radius`` (wrapping)."""
    masks = [0]
    for rank in range(1, 14):
        mask = 0
        for other in range(1, 14):
            distance = abs(other - rank)
            if other != rank and min(distance, 13 - distance) <= radius:
                mask |= 1 << (other - 1)
        masks.append(mask)
    return tuple(masks)


_NEAR_RANKS = {length: _near_ranks(length - 1) for length in range(3, 14)}


def _could_meld(pool: Pool, code: int, rules: Rules, index: _TargetIndex) -> bool:
    """A quick necessary condition for any meld or lay-off holding the natural card ``code``.

    It lets the generator skip most depths of a long pile without enumerating.
    """
    if code == JOKER_CODE:
        return True
    if index.targets(code):
        return True
    jokers = pool.counts[JOKER_CODE] if rules.jokers is Jokers.WILD else 0
    rank, suit = code % 13 + 1, code // 13
    if pool.rank_masks[rank].bit_count() + jokers >= 3:
        return True
    length = rules.min_run_length
    near = pool.suit_masks[suit] & _NEAR_RANKS[length][rank]
    return near.bit_count() + jokers >= length - 1


# The index of the table melds is kept for the last few melds tuples seen:
# consecutive states share one tuple until a meld changes.  Entries hold the
# tuple itself, so an id is never mistaken for another object's.
_INDEXES: dict[int, tuple[tuple[TableMeld, ...], _TargetIndex]] = {}


def _target_index(melds: tuple[TableMeld, ...]) -> _TargetIndex:
    entry = _INDEXES.get(id(melds))
    if entry is not None and entry[0] is melds:
        return entry[1]
    if len(_INDEXES) >= 64:
        _INDEXES.clear()
    index = _TargetIndex(melds)
    _INDEXES[id(melds)] = (melds, index)
    return index


class _TargetIndex:
    """The table melds with room, by rank (groups) and by suit (runs)."""

    __slots__ = ("by_rank", "by_suit", "every")

    def __init__(self, melds: tuple[TableMeld, ...]) -> None:
        self.every = range(len(melds))
        self.by_rank: list[list[int]] = [[] for _ in range(14)]
        self.by_suit: list[list[int]] = [[] for _ in range(4)]
        for target, table_meld in enumerate(melds):
            codes = table_meld.meld.codes
            if table_meld.meld.kind is MeldKind.GROUP:
                if len(codes) < 4:
                    self.by_rank[SPEC_RANK[codes[0]]].append(target)
            elif len(codes) < 13:
                self.by_suit[SPEC_SUIT[codes[0]]].append(target)

    def targets(self, required: int | None) -> Sequence[int]:
        """The melds a lay-off containing the natural card ``required`` could go on."""
        if required is None or required == JOKER_CODE:
            return self.every
        groups = self.by_rank[SPEC_RANK[required]]
        runs = self.by_suit[SPEC_SUIT[required]]
        if not groups:
            return runs
        if not runs:
            return groups
        return sorted(groups + runs)


# Generated plays are interned: the same meld or lay-off recurs in many
# positions, and a move is an immutable value.
_MELD_MOVES: dict[tuple[int, tuple[int, ...]], MeldMove] = {}
_LAYOFF_MOVES: dict[tuple[int, int, tuple[int, ...]], LayoffMove] = {}
_INTERNED_LIMIT = 1 << 17


def _meld_move(player: int, codes: tuple[int, ...]) -> MeldMove:
    key = (player, codes)
    move = _MELD_MOVES.get(key)
    if move is None:
        if len(_MELD_MOVES) >= _INTERNED_LIMIT:
            _MELD_MOVES.clear()
        move = _MELD_MOVES[key] = _new_meld_move(player, _specs(codes))
    return move


def _layoff_move(player: int, target: int, codes: tuple[int, ...]) -> LayoffMove:
    key = (player, target, codes)
    move = _LAYOFF_MOVES.get(key)
    if move is None:
        if len(_LAYOFF_MOVES) >= _INTERNED_LIMIT:
            _LAYOFF_MOVES.clear()
        move = _LAYOFF_MOVES[key] = _new_layoff_move(player, target, _specs(codes))
    return move


def _specs(codes: tuple[int, ...]) -> tuple[MeldCard, ...]:
    return tuple(_SPECS[code] for code in codes)


def _rummy_calls(state: GameState, index: _TargetIndex) -> list[Move]:
    rules = state.rules
    discarder = state.last_discarder
    if rules.rummy_call is not RummyCall.PILE or discarder is None or len(state.hands) < 3:
        return []
    callers = [
        seat
        for seat in seat_order(rules, state.num_players, discarder)
        if seat not in (discarder, state.to_move)
    ]
    if not callers:
        return []
    pile = state.discard
    options: list[tuple[int, list[Play]]] = []
    pool = Pool()  # the pile cards taken, growing with the depth
    for count in range(1, len(pile) + 1):
        deepest = pile[-count].code
        pool.add(deepest)
        plays = _plays(state, 0, pool, deepest, index)
        if plays:
            options.append((count, plays))
    moves: list[Move] = []
    for caller in callers:
        hand_counts: list[int] | None = None
        for count, plays in options:
            for play in plays:
                if isinstance(play, MeldMove):
                    own: Play = _new_meld_move(caller, play.cards)
                else:
                    own = _new_layoff_move(caller, play.target, play.cards)
                if count == 1:  # the caller may not discard the card taken (T11): N1
                    if hand_counts is None:
                        hand_counts = _counts(state.hands[caller])
                        hand_counts[pile[-1].code] += 1
                    if not _play_can_finish(state, own, hand_counts, pile[-1].code):
                        continue
                moves.append(_new_call(caller, count, own))
    return moves


def _play_phase_moves(state: GameState) -> tuple[Move, ...]:
    player = state.to_move
    hand = state.hands[player]
    pool = Pool(card.code for card in hand)
    forbidden = _forbidden_discard(state.taken)
    plays = _plays(state, player, pool, None)
    if forbidden is not None:
        plays = [play for play in plays if _play_can_finish(state, play, pool.counts, forbidden)]
    moves: list[Move] = list(plays)
    previous = None
    for card in hand:
        if card is previous or card.code == forbidden:
            continue
        previous = card
        moves.append(_new_discard(player, card))
    return tuple(moves)
