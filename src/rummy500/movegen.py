"""The move generator: every legal move of every seat that may act.

It offers exactly the moves :func:`rummy500.reducer.apply_move` accepts: the
same validity of melds and lay-offs (by construction of the enumeration),
and the same turn predicates (:func:`rummy500.reducer.play_problem`,
:func:`rummy500.reducer.discard_problem`).  Simple rule sets take fast paths
where those predicates cannot fail.
"""

from __future__ import annotations

from rummy500.cards import JOKER_CODE, Card
from rummy500.errors import IllegalMoveError
from rummy500.finish import can_finish
from rummy500.gambit import dealer_reserve, tame
from rummy500.meldgen import Pool, layoffs_from_pool
from rummy500.moves import (
    Block,
    LayoffMove,
    MeldMove,
    Move,
    Nominate,
    Play,
    _new_call,
    _new_discard,
    _new_draw,
    _new_end,
    _new_meld_move,
    _new_pass,
    _new_split,
    _new_take,
    _new_take_top,
)
from rummy500.plays import (
    could_meld,
    layoff_move,
    meld_move,
    play_points,
    plays_from_pool,
    target_index,
)
from rummy500.reducer import (
    apply_move,
    caller_turn,
    discard_problem,
    evolve,
    may_lay_off,
    mover_may_be_stranded,
    next_seat,
    play_problem,
)
from rummy500.rules import (
    DeepestCardUse,
    DiscardTake,
    GoingOut,
    Rules,
    RummyCall,
    StockExhausted,
)
from rummy500.state import GameState, JokerEffect, Phase

__all__ = ["legal_moves"]


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move of every seat that may act now, in a deterministic order.

    First the moves of the seat to move: in the draw phase its stock draw (or,
    with an empty stock, ending the hand, or ``pass`` under ``play_on``),
    then each take by depth with every way to meld its deepest card; in the
    play phase every new meld, every lay-off and every discard.  Then the
    "Rummy!" calls of the other seats (R1, R2), then their out-of-turn melds
    and lay-offs (T9).
    """
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    if state.rules.dealers_gambit:
        return _gambit_moves(state)
    if phase is Phase.DRAW:
        moves = _draw_phase_moves(state)
        moves.extend(_rummy_calls(state))
    elif phase is Phase.PLAY:
        moves = _play_phase_moves(state)
    elif phase is Phase.FIRST_DISCARD:
        return tuple(_discards(state, state.to_move, checked=False))
    else:
        return tuple(_final_layoff_moves(state))
    if state.rules.out_of_turn_melding:
        moves.extend(_out_of_turn_plays(state))
    return tuple(moves)


def _simple(rules: Rules) -> bool:
    """Rules under which a play that leaves a card, or none, never blocks the turn end."""
    return (
        not rules.opening_minimum
        and rules.going_out is GoingOut.MELD_OR_DISCARD
        and not rules.final_discard_must_be_unplayable
    )


def _draw_phase_moves(state: GameState) -> list[Move]:
    rules = state.rules
    player = state.to_move
    moves: list[Move] = [_stock_move(state)]
    pile = state.discard
    limit = len(pile) if rules.discard_take is DiscardTake.ANY_DEPTH else min(1, len(pile))
    pool = Pool(card.code for card in state.hands[player])  # grows a pile card per depth
    index = target_index(state.melds)
    simple = _simple(rules)
    layoffs = may_lay_off(state, player) and (
        rules.deepest_card_use is not DeepestCardUse.NEW_MELD_ONLY
    )
    base: GameState | None = None
    for count in range(1, limit + 1):
        deepest = pile[-count].code
        pool.add(deepest)
        if count == 1 and not rules.top_discard_must_meld:
            if can_finish(rules, pool.counts, deepest, state.melds, 0, may_lay_off(state, player)):
                moves.append(_new_take_top(player))
            continue
        if not could_meld(pool, deepest, rules, index):
            continue
        plays = plays_from_pool(
            rules, state.melds, player, pool, deepest, layoffs=layoffs, index=index
        )
        if not plays:
            continue
        if simple and count > 1:
            moves.extend(_new_take(player, count, play) for play in plays)
            continue
        if base is None:
            base = evolve(state, phase=Phase.PLAY, last_discarder=None)
        taken_state = evolve(base, taken=pile[-count:])
        forbidden = deepest if count == 1 else None
        for play in plays:
            points = play_points(rules, play) if rules.opening_minimum else 0
            if play_problem(taken_state, player, play, pool.counts, points, forbidden) is None:
                moves.append(_new_take(player, count, play))
    return moves


def _stock_move(state: GameState) -> Move:
    """The draw-phase move that leaves the pile alone: draw, pass or end the hand.

    With an empty stock the player passes under ``play_on`` or may end the
    hand (T1, T6).
    """
    player = state.to_move
    if state.stock:
        return _new_draw(player)
    if state.rules.stock_exhausted is StockExhausted.PLAY_ON:
        return _new_pass(player)
    return _new_end(player)


def _play_phase_moves(state: GameState) -> list[Move]:
    rules = state.rules
    player = state.to_move
    hand = state.hands[player]
    pool = Pool(card.code for card in hand)
    forbidden = state.taken[0].code if len(state.taken) == 1 else None
    plays = plays_from_pool(
        rules, state.melds, player, pool, None, layoffs=may_lay_off(state, player)
    )
    if not _simple(rules) or forbidden is not None:
        plays = [
            play
            for play in plays
            if play_problem(
                state,
                player,
                play,
                pool.counts,
                play_points(rules, play) if rules.opening_minimum else 0,
                forbidden,
            )
            is None
        ]
    moves: list[Move] = list(plays)
    moves.extend(_discards(state, player, checked=not _simple(rules), forbidden=forbidden))
    return moves


def _discards(
    state: GameState, player: int, *, checked: bool, forbidden: int | None = None
) -> list[Move]:
    """The discards of each distinct card ``player`` holds that may be discarded.

    ``forbidden`` is skipped (T11); ``checked`` asks the reducer's
    :func:`discard_problem` about every card (the rules beyond T11).
    """
    moves: list[Move] = []
    previous = -1
    for card in state.hands[player]:
        code = card.code
        if code in (previous, forbidden):
            continue
        previous = code
        if checked and discard_problem(state, player, code) is not None:
            continue
        moves.append(_new_discard(player, card))
    return moves


def _final_layoff_moves(state: GameState) -> list[Move]:
    player = state.to_move
    moves: list[Move] = []
    if may_lay_off(state, player):
        pool = Pool(card.code for card in state.hands[player])
        moves.extend(plays_from_pool(state.rules, state.melds, player, pool, None, new_melds=False))
    moves.append(_new_pass(player))
    return moves


def _rummy_calls(state: GameState) -> list[Move]:
    rules = state.rules
    discarder = state.last_discarder
    if discarder is None or rules.rummy_call is RummyCall.NONE or not state.discard:
        return []
    players = len(state.hands)
    order = [next_seat(rules, players, discarder)]
    while len(order) < players - 1:
        order.append(next_seat(rules, players, order[-1]))
    if rules.rummy_call is RummyCall.LAYOFF_TOP:
        return _layoff_top_calls(state, order)
    callers = [seat for seat in order if seat != state.to_move]
    if not callers:
        return []
    pile = state.discard
    index = target_index(state.melds)
    options: list[tuple[int, list[Play], list[Play]]] = []
    pool = Pool()  # the pile cards taken, growing with the depth
    for count in range(1, len(pile) + 1):
        deepest = pile[-count].code
        pool.add(deepest)
        melds_only = plays_from_pool(rules, state.melds, 0, pool, deepest, layoffs=False)
        layoffs = plays_from_pool(
            rules, state.melds, 0, pool, deepest, new_melds=False, index=index
        )
        if melds_only or layoffs:
            options.append((count, melds_only, layoffs))
    moves: list[Move] = []
    simple = _simple(rules)
    for caller in callers:
        allowed_layoffs = may_lay_off(state, caller)
        hand_counts = Pool(card.code for card in state.hands[caller]).counts
        for count, melds_only, layoffs in options:
            taken = pile[-count:]
            candidates = melds_only + layoffs if allowed_layoffs else melds_only
            pool_counts = list(hand_counts)
            for card in taken:
                pool_counts[card.code] += 1
            forbidden = taken[0].code if count == 1 else None
            base = None
            for play in candidates:
                own = _for_seat(play, caller)
                if not simple or forbidden is not None:
                    if base is None:
                        base = caller_turn(state, caller, taken)
                    points = play_points(rules, own) if rules.opening_minimum else 0
                    if play_problem(base, caller, own, pool_counts, points, forbidden):
                        continue
                moves.append(_new_call(caller, count, own))
    return moves


def is_legal_now(state: GameState, move: Move) -> bool:
    """Whether the reducer accepts ``move`` (for the rare moves the fast paths cannot judge)."""
    try:
        apply_move(state, move)
    except IllegalMoveError:
        return False
    return True


def _for_seat(play: Play, seat: int) -> Play:
    codes = tuple(spec.code for spec in play.cards)
    if isinstance(play, LayoffMove):
        return layoff_move(seat, play.target, codes)
    return meld_move(seat, codes)


def _layoff_top_calls(state: GameState, order: list[int]) -> list[Move]:
    """R2: any seat but the discarder lays off the top discard alone."""
    rules = state.rules
    top = state.discard[-1].code
    pool = Pool((top,))
    found = []
    for target, table_meld in enumerate(state.melds):
        if table_meld.doubled:
            continue  # sealed (V7)
        for laid, _result in layoffs_from_pool(table_meld.meld, pool, rules, top):
            found.append((target, laid))
    moves: list[Move] = []
    for seat in order:
        if not may_lay_off(state, seat):
            continue
        for target, laid in found:
            moves.append(_new_call(seat, 1, layoff_move(seat, target, laid)))
    return moves


def _out_of_turn_plays(state: GameState) -> list[Move]:
    """T9: the melds and lay-offs of every seat that is not to move."""
    rules = state.rules
    players = len(state.hands)
    moves: list[Move] = []
    seat = state.to_move
    fragile = mover_may_be_stranded(state)
    for _ in range(players - 1):
        seat = next_seat(rules, players, seat)
        hand = state.hands[seat]
        if not hand:
            continue
        opened = may_lay_off(state, seat)
        pool = Pool(card.code for card in hand)
        for play in plays_from_pool(rules, state.melds, seat, pool, None, layoffs=opened):
            if not opened and play_points(rules, play) < rules.opening_minimum:
                continue
            if len(play.cards) == len(hand) and rules.going_out is GoingOut.DISCARD_REQUIRED:
                continue
            if fragile and not is_legal_now(state, play):
                continue  # it would strand the player to move (N1)
            moves.append(play)
    return moves


# ---------------------------------------------------------------------------
# Dealer's gambit (V7)


def _gambit_moves(state: GameState) -> tuple[Move, ...]:
    """The legal moves of a dealer's gambit hand.

    Candidates are generated from the cards each seat could use (no joker
    when jokers are not wild, the dealer's joker for the dealer, doubled
    melds when a joker may double them).  Under simple rule sets plays, deep
    takes and splits are legal by construction, as in the other presets; the
    rest (a take of the top card alone, calls, blocks, plays out of turn,
    the final lay-offs, and every play under the rules that can strand a
    player) is checked by the reducer.
    """
    phase = state.phase
    player = state.to_move
    if phase is Phase.NOMINATE:
        return tuple(Nominate(player, effect) for effect in JokerEffect)
    simple = _simple(state.rules)
    forbidden = state.taken[0].code if len(state.taken) == 1 else None
    # (move, whether the reducer must confirm it), in the order of the list.
    found: list[tuple[Move, bool]] = []
    if phase is Phase.DRAW:
        found.append((_stock_move(state), False))
        _gambit_takes(state, found)
        found.extend((move, True) for move in _gambit_calls(state))
    elif phase is Phase.PLAY:
        check = not simple or forbidden is not None
        plays = _gambit_plays(state, player, state.hands[player], None)
        found.extend((play, check) for play in plays)
        discards = _discards(state, player, checked=not simple, forbidden=forbidden)
        found.extend((move, False) for move in discards)
        if player != state.dealer and state.dealer_joker:
            found.append((Block(player), True))
    elif phase is Phase.FIRST_DISCARD:
        found.extend((move, False) for move in _discards(state, player, checked=False))
    else:  # Phase.FINAL_LAYOFF
        plays = _gambit_plays(state, player, state.hands[player], None, new_melds=False)
        found.extend((play, True) for play in plays)
        found.append((_new_pass(player), True))
    if state.rules.out_of_turn_melding and phase in (Phase.DRAW, Phase.PLAY):
        seat = player
        for _ in range(len(state.hands) - 1):
            seat = next_seat(state.rules, len(state.hands), seat)
            plays = _gambit_plays(state, seat, state.hands[seat], None, own_turn=False)
            found.extend((play, True) for play in plays)
    return tuple(
        move for move, check in dict.fromkeys(found) if not check or is_legal_now(state, move)
    )


def _gambit_pool(
    state: GameState, player: int, codes: list[int], own_turn: bool = True
) -> tuple[Pool, int]:
    """The generation pool of a play: no joker when jokers are not wild; the dealer's joker.

    Returns the pool and the number of jokers that could double a new meld.
    """
    jokers = codes.count(JOKER_CODE) + (dealer_reserve(state, player) if own_turn else 0)
    pool = Pool(code for code in codes if code != JOKER_CODE)
    effect = state.joker_effect
    if effect is JokerEffect.WILD:
        for _ in range(jokers):
            pool.add(JOKER_CODE)
        return pool, 0
    return pool, jokers if effect is JokerEffect.DOUBLE else 0


def _with_doubled(plays: list[Play], doublers: int) -> list[Play]:
    """``plays`` and, when a joker may double a meld, each new meld doubled (V7)."""
    if doublers:
        plays.extend(
            _new_meld_move(play.player, play.cards, True)
            for play in list(plays)
            if isinstance(play, MeldMove)
        )
    return plays


def _gambit_plays(
    state: GameState,
    player: int,
    hand: tuple[Card, ...] | list[Card],
    required: int | None,
    *,
    new_melds: bool = True,
    own_turn: bool = True,
    extra: tuple[Card, ...] = (),
) -> list[Play]:
    """Every play (with doubled melds) from ``hand`` and ``extra`` pile cards."""
    codes = [card.code for card in hand] + [card.code for card in extra]
    pool, doublers = _gambit_pool(state, player, codes, own_turn)
    if required == JOKER_CODE and state.joker_effect is not JokerEffect.WILD:
        return []
    plays = plays_from_pool(state.rules, state.melds, player, pool, required, new_melds=new_melds)
    return _with_doubled(plays, doublers)


def _gambit_takes(state: GameState, found: list[tuple[Move, bool]]) -> None:
    """Takes (every depth, every play of the deepest card) and splits of the seat to move.

    Appends each to ``found`` with whether the reducer must confirm it (it
    need not for the moves legal by construction).
    """
    rules = state.rules
    player = state.to_move
    hand = state.hands[player]
    pile = state.discard
    effect = state.joker_effect
    limit = len(pile) if rules.discard_take is DiscardTake.ANY_DEPTH else min(1, len(pile))
    splits = effect is JokerEffect.SPLIT and (
        any(card.code == JOKER_CODE for card in hand)
        or (state.dealer_joker and player == state.dealer)
    )
    new_meld_only = rules.deepest_card_use is DeepestCardUse.NEW_MELD_ONLY
    simple = _simple(rules)
    index = target_index(state.melds)
    pool, doublers = _gambit_pool(state, player, [card.code for card in hand])
    for count in range(1, len(pile) + 1):
        code = pile[-count].code
        # A joker taken when jokers are not wild may double a meld, not be melded.
        tame_joker = code == JOKER_CODE and tame(effect)
        if tame_joker:
            doublers += effect is JokerEffect.DOUBLE
        else:
            pool.add(code)
        takes = count <= limit
        if count == 1 and not rules.top_discard_must_meld:
            found.append((_new_take_top(player), True))
            takes = False
        if tame_joker or not (takes or splits) or not could_meld(pool, code, rules, index):
            continue
        plays = plays_from_pool(rules, state.melds, player, pool, code, index=index)
        check = not simple or count == 1
        for play in _with_doubled(plays, doublers):
            if takes and not (new_meld_only and isinstance(play, LayoffMove)):
                found.append((_new_take(player, count, play), check))
            if splits:
                found.append((_new_split(player, count, play), check))


def _gambit_calls(state: GameState) -> list[Move]:
    """The "Rummy!" calls of every seat but the discarder, at every depth."""
    rules = state.rules
    discarder = state.last_discarder
    if discarder is None or rules.rummy_call is RummyCall.NONE or not state.discard:
        return []
    pile = state.discard
    moves: list[Move] = []
    for caller in range(len(state.hands)):
        if caller == discarder:
            continue
        depths = (
            range(1, 2) if rules.rummy_call is RummyCall.LAYOFF_TOP else range(1, len(pile) + 1)
        )
        for count in depths:
            taken = pile[-count:]
            plays = _gambit_plays(state, caller, [], taken[0].code, own_turn=False, extra=taken)
            moves.extend(_new_call(caller, count, play) for play in plays)
    return moves
