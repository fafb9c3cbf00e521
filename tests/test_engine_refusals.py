"""The engine refuses cleanly: mutated moves, nonsense and every illegal move name their rule.

Rule ids: every rule at once (one source of legality, immutability).  Moves
near the generated ones (another seat, card, meld, depth, pile) and states
changed under them are judged alike by generation and validation
(``m in legal_moves(s)`` ⇔ ``is_legal(s, m)``); nonsense and malformed moves
raise ``IllegalMoveError`` or cannot be built.  One section states the same
contract by example, on a single position: the state passed in is never
changed, and every illegal move names its rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import (
    JOKER,
    CallRummy,
    Discard,
    Draw,
    EndHand,
    GameState,
    IllegalMoveError,
    LayoffMove,
    Meld,
    MeldCard,
    MeldMove,
    Move,
    Phase,
    Reason,
    Rules,
    Take,
    apply_move,
    check_move,
    is_legal,
    legal_moves,
    new_game,
    parse_move,
)
from tests.positions import agree, position
from tests.strategies import (
    ALL_CARDS,
    NATURAL_CARDS,
    Playout,
    playouts,
)

# ---------------------------------------------------------------------------
# Mutated moves and nonsense


@attrs.frozen
class Mutant:
    """A move derived from a legal one; ``surely_illegal`` if no rule could allow it."""

    move: Move
    why: str
    surely_illegal: bool


def _with_player(move: Move, seat: int) -> Move:
    play = getattr(move, "play", None)
    if play is not None:
        return attrs.evolve(move, player=seat, play=attrs.evolve(play, player=seat))
    return attrs.evolve(move, player=seat)


def _play_of(move: Move) -> MeldMove | LayoffMove | None:
    if isinstance(move, (MeldMove, LayoffMove)):
        return move
    return getattr(move, "play", None)


def _replace_play(move: Move, play: MeldMove | LayoffMove) -> Move:
    if isinstance(move, (MeldMove, LayoffMove)):
        return play
    return attrs.evolve(move, play=play)


def _random_spec(rng: random.Random) -> MeldCard:
    card = rng.choice(NATURAL_CARDS)
    return MeldCard.parse(
        rng.choice([str(card), f"JK={card}", f"JK={str(card)[0]}", "JK", str(card)])
    )


def mutants(state: GameState, move: Move, rng: random.Random) -> Iterator[Mutant]:
    """Moves derived from the legal ``move``: other seats, counts, cards, targets."""

    def build(factory: Callable[[], Move], why: str, surely: bool = False) -> Iterator[Mutant]:
        try:
            built = factory()
        except ValueError:  # the move types refuse it (e.g. a count of 0): not a move
            return
        yield Mutant(built, why, surely)

    players = state.num_players
    # Another seat: only "Rummy!" calls are made out of turn (R1), never by the
    # seat to draw or the discarder.
    for seat in range(players + 2):
        if seat == move.player:
            continue
        surely = not isinstance(move, CallRummy) or seat in (
            state.to_move,
            state.last_discarder,
        )
        surely = surely or seat >= players
        yield from build(lambda seat=seat: _with_player(move, seat), f"seat {seat}", surely)
    if isinstance(move, (Take, CallRummy)):
        pile = len(state.discard)
        for count in {move.count - 1, move.count + 1, pile + 1, 1}:
            if count != move.count:
                yield from build(
                    lambda count=count: attrs.evolve(move, count=count),
                    f"count {count}",
                    count > pile,
                )
        if isinstance(move, Take):
            # A take below the top without its play, or a take of one card with a play.
            if move.play is not None:
                yield from build(lambda: Take(move.player, move.count), "no play", True)
                yield from build(
                    lambda: Take(move.player, 1, move.play), "take 1 with a play", True
                )
                # The same play as a call by the seat to draw (R1: it draws instead).
                yield from build(
                    lambda: CallRummy(move.player, move.count, move.play), "call by drawer", True
                )
            else:
                yield from build(lambda: Take(move.player, 2), "take 2 without a play", True)
        else:
            yield from build(lambda: Take(move.player, move.count, move.play), "call as a take")
    play = _play_of(move)
    if play is not None:
        specs = list(play.cards)
        for index in range(len(specs)):
            changed = specs[:index] + [_random_spec(rng)] + specs[index + 1 :]
            yield from build(
                lambda changed=changed: _replace_play(move, attrs.evolve(play, cards=changed)),
                "card changed",
            )
            dropped = specs[:index] + specs[index + 1 :]
            yield from build(
                lambda dropped=dropped: _replace_play(move, attrs.evolve(play, cards=dropped)),
                "card dropped",
            )
            doubled = specs[: index + 1] + specs[index:]
            yield from build(
                lambda doubled=doubled: _replace_play(move, attrs.evolve(play, cards=doubled)),
                "card doubled",
            )
        if len(specs) > 1:
            yield from build(
                lambda: _replace_play(move, attrs.evolve(play, cards=specs[::-1])), "reversed"
            )
        if isinstance(play, LayoffMove):
            for target in {play.target - 1, play.target + 1, len(state.melds), 10**6}:
                if 0 <= target != play.target:
                    yield from build(
                        lambda target=target: _replace_play(
                            move, attrs.evolve(play, target=target)
                        ),
                        f"target {target}",
                        target >= len(state.melds),
                    )
        else:
            target = rng.randrange(len(state.melds) + 2)
            yield from build(
                lambda: _replace_play(move, LayoffMove(play.player, target, play.cards)),
                "meld as a lay-off",
            )
    if isinstance(move, Discard):
        hand = state.hands[move.player]
        others = [card for card in ALL_CARDS if card not in hand]
        for card in rng.sample(others, min(4, len(others))):
            yield from build(lambda card=card: Discard(move.player, card), "not held", True)


def state_mutants(state: GameState, rng: random.Random) -> Iterator[Mutant]:
    """Moves of the wrong phase, calls out of place, draws and ends that do not fit."""
    seat = state.to_move
    hand = state.hands[seat]
    if state.phase is Phase.DRAW:
        for card in hand[:3]:
            yield Mutant(Discard(seat, card), "discard before drawing", True)
        if len(hand) >= 3:
            yield Mutant(MeldMove(seat, hand[:3]), "meld before drawing", True)
        if state.melds:
            yield Mutant(LayoffMove(seat, 0, hand[:1]), "lay-off before drawing", True)
        if state.stock:
            yield Mutant(EndHand(seat), "end with a stock", True)
        else:
            yield Mutant(Draw(seat), "draw from an empty stock", True)
        if state.last_discarder is None and state.discard:
            # No discard has just been made: no "Rummy!" window (R1).
            for other in range(state.num_players):
                yield Mutant(
                    CallRummy(other, 1, LayoffMove(other, 0, state.discard[-1:])),
                    "call without a window",
                    True,
                )
    elif state.phase is Phase.PLAY:
        yield Mutant(Draw(seat), "draw twice", True)
        yield Mutant(EndHand(seat), "end after drawing", True)
        if state.discard:
            yield Mutant(Take(seat, 1), "take after drawing", True)
        for other in range(state.num_players):
            if state.discard:
                yield Mutant(
                    CallRummy(other, 1, MeldMove(other, state.discard[-1:] * 3)),
                    "call in the play phase",
                    True,
                )
        if len(state.taken) == 1:
            yield Mutant(Discard(seat, state.taken[0]), "discard the card taken (T11)", True)
        held = set(hand)
        for card in rng.sample(ALL_CARDS, 6):
            if card not in held:
                yield Mutant(Discard(seat, card), "discard a card not held", True)
    else:
        yield Mutant(Draw(seat), "move after the end", True)
        yield Mutant(Discard(seat, JOKER), "discard after the end", True)


def assert_rejected_cleanly(state: GameState, move: object) -> None:
    """``move`` is illegal: is_legal says so and the others raise IllegalMoveError only."""
    assert is_legal(state, move) is False  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        apply_move(state, move)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        check_move(state, move)  # type: ignore[arg-type]


@given(playouts(), st.randoms(use_true_random=False))
def test_mutated_moves_are_judged_like_the_generator(playout: Playout, rng: random.Random) -> None:
    states = [playout.live] if playout.final.is_over else []
    for state in [*states, playout.final]:
        before = state.to_dict()
        copy_before = GameState.from_dict(before)
        moves = legal_moves(state)
        legal = set(moves)
        found = list(state_mutants(state, rng))
        for move in rng.sample(moves, min(15, len(moves))):
            found.extend(mutants(state, move, rng))
        for mutant in found:
            move = mutant.move
            in_generator = move in legal
            assert is_legal(state, move) is in_generator, (mutant, str(state))
            if mutant.surely_illegal:
                assert not in_generator, (mutant, str(state))
            if in_generator:
                check_move(state, move)  # raises IllegalMoveError if illegal
                apply_move(state, move)
            else:
                assert_rejected_cleanly(state, move)
        assert state.to_dict() == before
        assert state == copy_before


NONSENSE: tuple[object, ...] = (
    None,
    0,
    1.5,
    "draw",
    "p0: draw",
    b"draw",
    object(),
    Draw,
    (Draw(0),),
    [Draw(0)],
    {"player": 0},
    JOKER,
    MeldCard.parse("JK=9"),
    Meld.parse("AS 2S 3S"),
    Rules(),
)


@given(playouts())
def test_nonsense_is_rejected_with_illegal_move_error(playout: Playout) -> None:
    state = playout.final
    before = state.to_dict()
    players = state.num_players
    legal = legal_moves(state)
    seats_out_of_range: tuple[Move, ...] = (
        Draw(players),
        Take(players + 1, 1),
        EndHand(10**9),
        Discard(players, "AS"),
        MeldMove(players, "AS 2S 3S"),
        LayoffMove(players, 0, "AS"),
        CallRummy(players, 1, MeldMove(players, "AS 2S 3S")),
    )
    for thing in (*NONSENSE, state, *seats_out_of_range):
        assert thing not in legal
        assert_rejected_cleanly(state, thing)
    assert state.to_dict() == before


@pytest.mark.parametrize(
    "factory",
    [
        lambda: Draw(-1),
        lambda: Draw(True),
        lambda: Draw("0"),
        lambda: Take(0, 0),
        lambda: Take(0, -2),
        lambda: Take(0, 2, MeldMove(1, "4S 4H 4D")),
        lambda: Take(0, 2, Draw(0)),
        lambda: Discard(0, "XX"),
        lambda: MeldMove(0, "AS 2S ZZ"),
        lambda: LayoffMove(0, -1, "AS"),
    ],
)
def test_malformed_moves_cannot_be_built(factory: Callable[[], object]) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - any ValueError subclass is the contract
        factory()


def test_a_call_without_a_play_is_refused_cleanly() -> None:
    """R1: a call always melds the deepest card taken, so ``CallRummy(play=None)`` is no move.

    Either building it raises ValueError (as for a take's or a call's play of
    the wrong type) or the engine rejects it with IllegalMoveError.
    """
    state = new_game(Rules(), 3, seed=1)
    state = apply_move(state, Draw(1))
    state = apply_move(state, Discard(1, state.hands[1][0]))
    assert state.last_discarder == 1
    assert state.to_move == 2
    try:
        move = CallRummy(0, 1, None)  # type: ignore[arg-type]
    except ValueError:
        return
    assert_rejected_cleanly(state, move)


# ---------------------------------------------------------------------------
# The contract on one position: immutability, every error names its rule


def test_apply_move_never_changes_the_state_passed_in():
    state = position(["4H 9C KC", "3H"], discard="2D 4S 4D")
    before = state.to_dict()
    saved_moves = legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply_move(state, Take(0, 2))
    after = apply_move(state, parse_move(state, "take 2 meld 4S 4H 4D"))
    apply_move(after, parse_move(after, "discard KC"))
    assert state.to_dict() == before
    assert legal_moves(state) == saved_moves
    assert state.phase is Phase.DRAW


def test_every_illegal_move_names_its_rule():
    state = position(["4H 9C KC 5S", "3H", "2S"], discard="2D 4S 4D", melds=[("6S 7S 8S", 1)])
    moves: list[Move] = [
        Draw(1),
        Take(0, 2),
        Take(0, 9, MeldMove(0, "4S 4H 4D")),
        Take(0, 1, MeldMove(0, "4S 4H 4D")),
        Take(0, 2, LayoffMove(0, 0, "5S 4S")),  # not in meld order (a meld orders itself)
        Take(0, 2, LayoffMove(0, 0, "5S")),
        MeldMove(0, "4S 4H 4D"),
        Discard(0, "KC"),
        EndHand(0),
        CallRummy(1, 1, LayoffMove(1, 0, "4D")),
    ]
    for move in moves:
        assert not agree(state, move), str(move)
        with pytest.raises(IllegalMoveError) as raised:
            apply_move(state, move)
        error = raised.value
        assert error.rule, str(move)
        assert f"rule {error.rule}" in str(error), str(move)
        assert isinstance(error.reason, Reason)
