"""Soak test: thousands of seeded random hands played to the end, every move checked.

Hand ``i`` of a run with base seed ``S`` has ``2 + i % 7`` players and the
rule set ``ENGINE_RULES[(i // 7) % 4]`` (2 jokers per deck or none, with and
without "Rummy!" calls), so every player count meets every rule set; its deal
and its moves come from seeds derived from ``(S, i)``.  Every move is chosen
by the random driver of :mod:`tests.strategies` and checked with
``check_move`` before it is applied; after every move the cards are
conserved; every hand ends within :data:`MAX_DECISIONS` moves; and every
finished hand has a result whose scores are the points each seat put on the
table minus the points left in its hand (S1, S2, L5), recomputed here.

``scripts/soak.py`` runs the same hands (this module's :func:`soak_range`)
for long runs on several processes.

Rule ids: every rule of a hand at once; the scores are recomputed by S1, S2
and L5.  :data:`MAX_DECISIONS` (the most moves a hand may take) is
:data:`tests.strategies.MAX_DECISIONS`.
"""

from __future__ import annotations

import random
import time

import attrs
import pytest

from rummy500 import (
    CallRummy,
    Card,
    EndHand,
    EndReason,
    GameState,
    Rules,
    Take,
    apply_move,
    check_move,
    legal_moves,
    new_game,
)
from tests.reference import GROUP, RUN, parse_spec, points, readings
from tests.strategies import ENGINE_RULES, MAX_DECISIONS, dealt_deck, random_move_index

#: Hands played by the test (the script plays as many as asked).
HANDS = 2000
#: Hands per test case, so that a failure names a small range.
CHUNK = 100

#: S1 standard values, written here: 2–10 face value, J Q K 10, A 15, joker 15.
STANDARD_VALUES = {**{str(n): n for n in range(2, 10)}, "T": 10, "J": 10, "Q": 10, "K": 10}
STANDARD_VALUES.update({"A": 15, "JK": 15})


def card_value(card: Card) -> int:
    text = str(card)
    return STANDARD_VALUES["JK" if text == "JK" else text[0]]


def hand_setup(index: int, seed: int) -> tuple[Rules, int, int, int]:
    """The rule set, player count, deal seed and driver seed of hand ``index``."""
    rng = random.Random(f"{seed}:{index}")
    return ENGINE_RULES[(index // 7) % 4], 2 + index % 7, rng.getrandbits(64), rng.getrandbits(64)


@attrs.frozen
class SoakSummary:
    """What a run of hands did: counts, and one line per failed hand."""

    hands: int = 0
    moves: int = 0
    longest: int = 0
    went_out: int = 0
    stock_exhausted: int = 0
    calls: int = 0
    deep_takes: int = 0
    failures: tuple[str, ...] = ()

    def __add__(self, other: SoakSummary) -> SoakSummary:
        return SoakSummary(
            self.hands + other.hands,
            self.moves + other.moves,
            max(self.longest, other.longest),
            self.went_out + other.went_out,
            self.stock_exhausted + other.stock_exhausted,
            self.calls + other.calls,
            self.deep_takes + other.deep_takes,
            self.failures + other.failures,
        )


def table_and_hand_points(state: GameState) -> tuple[list[int], list[int]]:
    """Each seat's points on the table (credits, L5) and in hand (S1), by the reference model."""
    rules = state.rules
    melded = [0] * state.num_players
    for table_meld in state.melds:
        specs = [parse_spec(str(spec)) for spec in table_meld.specs]
        kinds = {kind for kind, _text in readings(specs, rules)}
        assert kinds in ({GROUP}, {RUN}), str(table_meld)
        for seat, value in zip(table_meld.by, points(specs, kinds.pop(), rules), strict=True):
            melded[seat] += value
    in_hand = [sum(card_value(card) for card in hand) for hand in state.hands]
    return melded, in_hand


def check_result(state: GameState, last_move: object) -> None:
    result = state.result
    assert result is not None, "a finished hand has a result"
    melded, in_hand = table_and_hand_points(state)
    assert list(result.melded) == melded
    assert list(result.in_hand) == in_hand
    assert list(result.scores) == [m - h for m, h in zip(melded, in_hand, strict=True)]
    if result.reason is EndReason.WENT_OUT:
        assert result.went_out is not None
        assert not state.hands[result.went_out]
        assert getattr(last_move, "player", None) == result.went_out
    else:
        assert result.reason is EndReason.STOCK_EXHAUSTED
        assert result.went_out is None
        assert not state.stock
        assert isinstance(last_move, EndHand)


def soak_hand(index: int, seed: int = 0) -> SoakSummary:
    """Play hand ``index`` of the run with base seed ``seed`` to the end, checking everything."""
    rules, players, deal_seed, choice_seed = hand_setup(index, seed)
    where = f"hand {index} (seed {seed}: {players} players, {rules.to_dict()['jokers_per_deck']}"
    where += f" jokers, rummy_call={rules.rummy_call.value}, deal seed {deal_seed})"
    count = calls = deep = 0
    move = None
    try:
        deck = dealt_deck(players, rules)
        state = new_game(rules, players, seed=deal_seed)
        rng = random.Random(choice_seed)
        while not state.is_over:
            assert count < MAX_DECISIONS, f"not over after {MAX_DECISIONS} moves"
            move = legal_moves(state)[random_move_index(state, rng)]
            count += 1
            check_move(state, move)  # raises IllegalMoveError if illegal
            state = apply_move(state, move)
            calls += isinstance(move, CallRummy)
            deep += isinstance(move, Take) and move.count > 1
            assert state.all_cards() == deck, "cards are not conserved"
        check_result(state, move)
    except Exception as error:
        failure = f"{where}, move {count} ({move}): {type(error).__name__}: {error}"
        return SoakSummary(hands=1, moves=count, failures=(failure,))
    assert state.result is not None
    return SoakSummary(
        hands=1,
        moves=count,
        longest=count,
        went_out=state.result.reason is EndReason.WENT_OUT,
        stock_exhausted=state.result.reason is EndReason.STOCK_EXHAUSTED,
        calls=calls,
        deep_takes=deep,
    )


def soak_range(start: int, stop: int, seed: int = 0) -> SoakSummary:
    """Play hands ``start`` to ``stop - 1`` of the run with base seed ``seed``."""
    total = SoakSummary()
    for index in range(start, stop):
        total = total + soak_hand(index, seed)
    return total


def summary_line(summary: SoakSummary, seconds: float) -> str:
    return (
        f"hands {summary.hands}, moves {summary.moves}, failures {len(summary.failures)}, "
        f"time {seconds:.1f} s; went out {summary.went_out}, stock exhausted "
        f"{summary.stock_exhausted}, calls {summary.calls}, deep takes {summary.deep_takes}, "
        f"longest hand {summary.longest} moves"
    )


@pytest.mark.parametrize("start", range(0, HANDS, CHUNK))
def test_soak_random_hands(start: int) -> None:
    began = time.perf_counter()
    summary = soak_range(start, start + CHUNK)
    print(summary_line(summary, time.perf_counter() - began))
    assert not summary.failures, "\n".join(summary.failures[:5])
    assert summary.hands == CHUNK
    # Every hand of 14 in a row meets every player count and rule set; the
    # kinds of endings and of moves that matter all happen in each chunk.
    assert summary.went_out
    assert summary.stock_exhausted
    assert summary.calls
    assert summary.deep_takes
