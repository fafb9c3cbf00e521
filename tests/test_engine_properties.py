"""Cross-cutting properties of the engine over random hands: every rule at once.

Rule ids: every rule at once (immutability, one source of legality, determinism), N1
among them.  The sections deal hands (2–8 players, 0 or 2 jokers per deck, with and
without "Rummy!" calls) and play random legal moves with the driver of
:mod:`tests.strategies` (:func:`~tests.strategies.playouts`): cards are
conserved, states are never mutated, generation and validation agree
(``m in legal_moves(s)`` ⇔ ``is_legal(s, m)``), there are no dead ends (N1),
hands end, moves and positions round-trip through their text forms, play is
deterministic, and the state's conveniences are the hand's functions.
Mutated moves and nonsense are in tests/test_engine_refusals.py; the same
properties under every preset and random rule sets in
tests/test_engine_rule_sets.py.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import (
    CallRummy,
    Card,
    Discard,
    GameState,
    IllegalMoveError,
    InvalidArgumentError,
    LayoffMove,
    MeldMove,
    NotationError,
    Phase,
    apply_move,
    check_move,
    format_move,
    is_legal,
    legal_moves,
    new_game,
    parse_move,
)
from tests.helpers import check_groups
from tests.reference_moves import reference_moves, small_enough
from tests.strategies import (
    ENGINE_RULES,
    MAX_DECISIONS,
    Playout,
    dealt_deck,
    play_random,
    playouts,
)


def cards_in_play(state: GameState) -> Counter[Card]:
    """Every card of the position: hands, stock, pile and the table melds."""
    return state.all_cards()


def rebuilt(state: GameState) -> GameState:
    return GameState.from_dict(state.to_dict())


def some_states(playout: Playout, count: int = 12) -> list[GameState]:
    """About ``count`` states spread evenly over the playout, with the last two."""
    states = playout.states
    step = max(1, len(states) // count)
    picked = list(states[::step])
    return picked + [state for state in states[-2:] if state is not picked[-1]]


# ---------------------------------------------------------------------------
# Conservation, immutability, agreement of generation and validation


@given(playouts())
def test_cards_are_conserved(playout: Playout) -> None:
    deck = dealt_deck(playout.players, playout.rules)
    first = playout.states[0]
    assert [len(hand) for hand in first.hands] == [13 if playout.players == 2 else 7] * len(
        first.hands
    )
    for state in playout.states:
        assert cards_in_play(state) == deck


@given(playouts())
def test_the_stored_codes_are_the_public_cards(playout: Playout) -> None:
    """A state keeps its cards as codes: the public fields are those cards, the hands and
    known cards sorted, and a state rebuilt from its public values is equal, hash and all."""
    for state in some_states(playout):
        assert [list(codes) for codes in state.hand_codes] == [
            [card.code for card in hand] for hand in state.hands
        ]
        assert all(list(codes) == sorted(codes) for codes in state.hand_codes)
        assert all(list(codes) == sorted(codes) for codes in state.known_codes)
        assert list(state.stock_codes) == [card.code for card in state.stock]
        assert list(state.discard_codes) == [card.code for card in state.discard]
        assert list(state.taken_codes) == [card.code for card in state.taken]
        assert [list(codes) for codes in state.known_codes] == [
            [card.code for card in held] for held in state.known
        ]
        made = GameState(*[getattr(state, field.name) for field in attrs.fields(GameState)])
        assert made == state
        assert hash(made) == hash(state)


@given(playouts())
def test_apply_move_never_changes_its_input(playout: Playout) -> None:
    state = playout.live
    before = state.to_dict()
    copy_before = GameState.from_dict(before)
    for move in legal_moves(state):
        apply_move(state, move)
        assert state.to_dict() == before
        assert state == copy_before
    step = max(1, len(playout.moves) // 12)
    for state, move in list(zip(playout.states, playout.moves, strict=False))[::step]:
        snapshot = state.to_dict()
        assert apply_move(state, move) == apply_move(state, move)
        assert state.to_dict() == snapshot


@given(playouts())
def test_every_generated_move_is_legal_and_applies(playout: Playout) -> None:
    state = playout.live
    deck = dealt_deck(playout.players, playout.rules)
    for move in legal_moves(state):
        assert is_legal(state, move), move
        check_move(state, move)  # raises IllegalMoveError if illegal
        after = apply_move(state, move)
        assert isinstance(after, GameState)
        assert cards_in_play(after) == deck
        if isinstance(move, CallRummy):
            assert move.player not in (state.to_move, state.last_discarder)
            assert after.to_move == move.player
        else:
            assert move.player == state.to_move


@given(playouts())
def test_moves_by_group_are_the_full_list_filtered(playout: Playout) -> None:
    """``legal_moves(s, seat=k, depth=n)`` equals filtering ``legal_moves(s)``, in order, and
    ``take_depths`` equals the depths among the listed takes, calls and splits."""
    for state in some_states(playout):
        check_groups(state, legal_moves(state))


@given(playouts())
def test_legal_moves_are_deterministic_and_distinct(playout: Playout) -> None:
    for state in some_states(playout):
        moves = legal_moves(state)
        assert isinstance(moves, tuple)
        assert legal_moves(state) == moves
        assert legal_moves(rebuilt(state)) == moves
        assert len(set(moves)) == len(moves)
        assert len({format_move(move) for move in moves}) == len(moves)


@given(playouts(), st.randoms(use_true_random=False))
def test_legal_moves_match_the_brute_force_on_small_positions(
    playout: Playout, rng: random.Random
) -> None:
    """The generator agrees with the independent brute force of tests/reference_moves.py."""
    small = [state for state in playout.states if small_enough(state) and not state.is_over]
    for state in rng.sample(small, min(2, len(small))):
        moves = {format_move(move) for move in legal_moves(state)}
        expected = reference_moves(state)
        assert moves == expected, (sorted(expected - moves), sorted(moves - expected), str(state))


@given(playouts())
def test_no_dead_ends(playout: Playout) -> None:
    """N1: every state of a hand that is not over offers a move; an ended hand offers none."""
    for state in playout.states:
        if state.is_over:
            assert legal_moves(state) == ()
            assert state.result is not None
        else:
            assert legal_moves(state), str(state)
            assert state.result is None
        if state.phase is Phase.PLAY:
            # The player to move can always end the turn, at once or after melding.
            assert any(
                isinstance(move, (Discard, MeldMove, LayoffMove)) for move in legal_moves(state)
            )


# ---------------------------------------------------------------------------
# Termination


@given(st.integers(0, 2**64 - 1))
def test_random_hands_end_within_the_bound(seed: int) -> None:
    """Every random hand ends within MAX_DECISIONS = 2,000 moves.

    The rules alone do not bound a hand: taking the top discard and
    discarding another card changes neither the stock nor the pile's length,
    so players could go round for ever (as at a real table).  Random hands
    end because of the driver (:func:`tests.strategies.random_move_index`):

    * in every draw phase it draws from the stock, or ends the hand once the
      stock is empty, with probability at least 1/4 (there are at most four
      kinds of draw-phase moves); every stock draw shrinks the stock, which
      holds at most 72 cards after the deal (5 players, two decks with
      jokers: 108 - 5 × 7 - 1), so a hand lasts at most 4 × 73 = 292 turns
      on average;
    * in every play phase it discards, ending the turn, with probability at
      least 1/3, so a turn takes one draw-phase move and on average at most
      three more (and at most one play per card held, as plays never give
      cards back).

    That bounds the expected length by about 1,200 moves; in fact random
    hands take about 150 moves on average, and the longest of 100,000 soak
    hands (scripts/soak.py) took 411 moves.  The seeds are fixed in CI, so
    the test is exact there.
    """
    rng = random.Random(seed)
    rules, players = rng.choice(ENGINE_RULES), rng.randint(2, 8)
    playout = play_random(rules, players, rng.getrandbits(32), rng.getrandbits(32), MAX_DECISIONS)
    assert playout.final.is_over, f"hand not over after {MAX_DECISIONS} moves"
    assert len(playout.moves) <= MAX_DECISIONS


# ---------------------------------------------------------------------------
# Text forms: moves and positions


def _respelled(text: str, rng: random.Random) -> str:
    """The same move typed differently: case, spacing, without the seat prefix."""
    spelled = "".join(ch.lower() if rng.random() < 0.5 else ch.upper() for ch in text)
    return "  ".join(spelled.split(" ")) + " "


@given(playouts(), st.randoms(use_true_random=False))
def test_notation_round_trips(playout: Playout, rng: random.Random) -> None:
    state = playout.live
    for move in legal_moves(state):
        text = format_move(move)
        assert str(move) == text
        assert text == text.strip()
        assert "  " not in text
        assert parse_move(state, text) == move
        assert parse_move(state, _respelled(text, rng)) == move
        if move.player == state.to_move:
            assert parse_move(state, text.split(":", 1)[1]) == move


@given(playouts())
def test_positions_round_trip_through_dict_and_json(playout: Playout) -> None:
    for state in some_states(playout):
        data = state.to_dict()
        assert json.loads(json.dumps(data)) == data
        again = GameState.from_dict(data)
        assert again == state
        assert hash(again) == hash(state)
        assert again.to_dict() == data
        text = state.to_json()
        assert GameState.from_json(text) == state
        assert json.loads(text) == data


# ---------------------------------------------------------------------------
# Determinism and hashing


@given(playouts())
def test_replay_gives_equal_states_and_hashes(playout: Playout) -> None:
    by_choice = new_game(playout.rules, playout.players, seed=playout.deal_seed)
    by_move = by_choice
    by_text = by_choice
    assert by_choice == playout.states[0]
    for index, (choice, move, expected) in enumerate(
        zip(playout.choices, playout.moves, playout.states[1:], strict=True), start=1
    ):
        by_choice = apply_move(by_choice, legal_moves(by_choice)[choice])
        by_move = apply_move(by_move, move)
        by_text = apply_move(by_text, parse_move(by_text, str(move)))
        assert by_choice == expected, f"move {index}: {move}"
        assert by_move == expected
        assert by_text == expected
        assert hash(by_choice) == hash(expected) == hash(by_move) == hash(by_text)
    again = play_random(
        playout.rules, playout.players, playout.deal_seed, playout.choice_seed, len(playout.moves)
    )
    assert again == playout


def _copies(state: GameState) -> Iterator[GameState]:
    yield rebuilt(state)
    yield GameState.from_json(state.to_json())
    yield pickle.loads(pickle.dumps(state))
    yield copy.deepcopy(state)
    yield copy.copy(state)
    yield attrs.evolve(state)


@given(playouts(), st.randoms(use_true_random=False))
def test_equal_states_have_equal_hashes(playout: Playout, rng: random.Random) -> None:
    for state in rng.sample(playout.states, min(5, len(playout.states))):
        for other in _copies(state):
            assert other == state
            assert hash(other) == hash(state)
    # Transpositions: two lay-offs on different melds, in either order, reach one state.
    state = playout.live
    if state.phase is not Phase.PLAY:
        return
    layoffs = [move for move in legal_moves(state) if isinstance(move, LayoffMove)]
    pairs = [(a, b) for a in layoffs for b in layoffs if a.target < b.target]
    for first, second in rng.sample(pairs, min(6, len(pairs))):
        one = apply_move(state, first)
        two = apply_move(state, second)
        if one.is_over or two.is_over or not is_legal(one, second) or not is_legal(two, first):
            continue
        end_one, end_two = apply_move(one, second), apply_move(two, first)
        assert end_one == end_two, (str(first), str(second))
        assert hash(end_one) == hash(end_two)


# ---------------------------------------------------------------------------
# The state's conveniences are the hand's functions (rummy500.handplay)


@given(playouts())
def test_the_states_methods_are_the_hands_functions(playout: Playout) -> None:
    for state in some_states(playout, 6):
        moves = legal_moves(state)
        assert state.legal_moves() == moves
        for seat in range(state.num_players):
            assert state.legal_moves(seat=seat) == legal_moves(state, seat=seat)
        for move in moves[:3] + moves[-2:]:
            after = apply_move(state, move)
            assert state.is_legal(move)
            assert state.is_legal(str(move))
            assert state.apply(move) == after
            assert state.apply(str(move)) == after
            assert state.apply(move.to_dict()) == after


def test_the_states_methods_refuse_what_the_functions_refuse() -> None:
    state = new_game(seed=1)
    before = state.to_dict()
    with pytest.raises(IllegalMoveError, match=r"rule D7"):
        state.apply("p0: draw")
    assert not state.is_legal("p0: draw")
    with pytest.raises(NotationError):
        state.apply("fly away")
    with pytest.raises(InvalidArgumentError, match="expected a move, its text or its dict, got 42"):
        state.apply(42)
    with pytest.raises(InvalidArgumentError, match=r"a seat 0\.\.1"):
        state.legal_moves(seat=5)
    assert state.to_dict() == before
