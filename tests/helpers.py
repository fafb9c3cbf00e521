"""Helpers shared by the test files, each defined once.

The homes of the test helpers:

* :mod:`tests.positions`: :func:`~tests.positions.position` builds a position
  from the few cards a test names; :func:`~tests.positions.play` and
  :func:`~tests.positions.illegal` play or refuse a move, checking that
  ``is_legal``, ``check_move`` and ``legal_moves`` agree on it;
* :mod:`tests.strategies`: the Hypothesis strategies (cards, hands, rule sets,
  melds, random playouts, tracked states) and the random driver;
* this module: everything else that more than one test file needs — small
  readers of states (:func:`hand`, :func:`legal`, :func:`result_of`, ...),
  the check of the moves by group (:func:`check_groups`),
  the meld rule sets and refusal checks of M1–M4 and L1–L4, the rule data of
  the variants (:func:`knobs`, :func:`under`, :func:`both` and the knob sets
  used by several files), the positions several files start from, and the
  matches of rules §7 built to end at a chosen moment.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

from rummy500 import (
    CallRummy,
    Card,
    Discard,
    Draw,
    EndHand,
    EndReason,
    GameState,
    HandResult,
    InvalidMeldError,
    LayoffMove,
    MeldMove,
    Move,
    Phase,
    Reason,
    Rules,
    Split,
    Take,
    layoff,
    legal_moves,
    make_meld,
    parse_cards,
    parse_move,
    presets,
    take_depths,
)
from rummy500.match import (
    MatchState,
    apply_match_move,
    hand_seed,
    match_legal_moves,
    new_match,
)
from rummy500.melds import layoff_problem, meld_problem
from rummy500.positions import rules_to_data
from tests.positions import illegal, play, position, texts

#: The seven presets of rules §8, in the order ``presets.names()`` gives them.
PRESET_NAMES = (
    "pagat",
    "wikipedia",
    "boathouse",
    "basic_rummy",
    "partnership",
    "persian",
    "dealers_gambit",
)

#: Every preset the engine plays (pagat, wikipedia, boathouse, basic_rummy, ...).
PLAYED_PRESETS = presets.names()


# ---------------------------------------------------------------------------
# Cards and states


def cards(text: str) -> tuple[Card, ...]:
    """Cards in the order given (not sorted)."""
    return parse_cards(text)


def hand(text: str) -> tuple[Card, ...]:
    """A hand as the state stores it: sorted."""
    return tuple(sorted(parse_cards(text)))


def legal(state: GameState) -> set[str]:
    """The legal moves in notation, as a set."""
    return set(texts(state))


def calls(state: GameState) -> list[str]:
    """The legal "Rummy!" calls in notation (R1)."""
    return [str(move) for move in legal_moves(state) if isinstance(move, CallRummy)]


def result_of(state: GameState) -> HandResult:
    """The result of a hand that is over."""
    assert state.is_over
    assert state.result is not None
    return state.result


def all_cards(state: GameState) -> Counter[Card]:
    """Every card of a position: hands, stock, pile and table."""
    return state.all_cards()


def play_all(state: GameState, *moves: str) -> GameState:
    """Play the moves one after the other (each through :func:`tests.positions.play`)."""
    for move in moves:
        state = play(state, move)
    return state


def assert_over(state: GameState, went_out: int | None) -> None:
    """The hand is over, ``went_out`` went out, and every seat's every move is refused (E1)."""
    assert state.phase is Phase.OVER
    assert result_of(state).went_out == went_out
    assert result_of(state).reason is EndReason.WENT_OUT
    assert legal_moves(state) == ()
    assert GameState.from_dict(state.to_dict()) == state
    for seat in range(state.num_players):
        for move in (
            Draw(seat),
            EndHand(seat),
            Take(seat, 1),
            Discard(seat, "2C"),
            MeldMove(seat, "2C 3C 4C"),
            LayoffMove(seat, 0, "2C"),
        ):
            illegal(state, move, Reason.HAND_OVER, "E1")


# ---------------------------------------------------------------------------
# Moves by group: legal_moves by seat and by depth, take_depths

PILE_MOVES = (Take, CallRummy, Split)


def check_groups(state: GameState, moves: tuple[Move, ...]) -> None:
    """Moves by group: each group is the full list filtered, in order; depths without listing."""
    for seat in range(state.num_players):
        own = tuple(move for move in moves if move.player == seat)
        assert legal_moves(state, seat=seat) == own, f"p{seat}\n{state}"
        pile_moves = [move for move in own if isinstance(move, PILE_MOVES)]
        depths = sorted({move.count for move in pile_moves})
        assert take_depths(state, seat) == tuple(depths), f"p{seat}\n{state}"
        for depth in [*depths, len(state.discard) + 1]:
            expected = tuple(move for move in pile_moves if move.count == depth)
            assert legal_moves(state, seat=seat, depth=depth) == expected
    for depth in {1, 2, max(1, len(state.discard))}:
        expected = tuple(
            move for move in moves if isinstance(move, PILE_MOVES) and move.count == depth
        )
        assert legal_moves(state, depth=depth) == expected


# ---------------------------------------------------------------------------
# Melds and lay-offs (rules M1–M4, L1–L4): rule sets and refusals

DEFAULT = Rules()
LOW = Rules(ace="low")
LOW_OR_HIGH = Rules(ace="low_or_high")
AROUND = Rules(ace="around_the_corner")
SETS_ONLY = Rules(jokers="sets_only")
ALL_ACES = [LOW, LOW_OR_HIGH, AROUND]


def written(melds: Sequence[Any]) -> list[str]:
    """The melds as text, in their order."""
    return [str(meld) for meld in melds]


def refused(specs: Any, rules: Rules = DEFAULT) -> str:
    """The rule id ``make_meld`` gives for refusing ``specs``."""
    with pytest.raises(InvalidMeldError) as info:
        make_meld(specs, rules)
    assert meld_problem(specs, rules) == str(info.value)
    return info.value.rule


def refused_layoff(meld: Any, specs: Any, rules: Rules = DEFAULT) -> str:
    """The rule id ``layoff`` gives for refusing ``specs`` on ``meld``."""
    with pytest.raises(InvalidMeldError) as info:
        layoff(meld, specs, rules)
    assert layoff_problem(meld, specs, rules) == str(info.value)
    assert info.value.rule in str(info.value), "the message names the rule"
    return info.value.rule


# ---------------------------------------------------------------------------
# The rule data of the variants (rules §9)


def knobs(**changes: Any) -> dict[str, Any]:
    """Rules data for a position: the default (pagat) rules with ``changes``."""
    return {"preset": "pagat", **changes}


def under(state: GameState, rules: Rules | str | dict[str, Any]) -> GameState:
    """The same position dict read under other rules."""
    data = state.to_dict()
    data["rules"] = rules_to_data(rules) if isinstance(rules, Rules) else rules
    return GameState.from_dict(data)


def both(rules: dict[str, Any], **where: Any) -> tuple[GameState, GameState]:
    """One position dict under the default rules and under ``rules``."""
    default = position(**where)
    return default, under(default, rules)


def with_keys(state: GameState, **keys: Any) -> GameState:
    """The position with some top-level keys of its dict changed (``opened``, ``seed``…)."""
    data = state.to_dict()
    data.update(keys)
    return GameState.from_dict(data)


#: D6 first_discard = chooser.
CHOOSER = knobs(first_discard="chooser")
#: T6 stock_exhausted = reshuffle.
RESHUFFLE = knobs(stock_exhausted="reshuffle")
#: T6 stock_exhausted = play_on.
PLAY_ON = knobs(stock_exhausted="play_on")
#: T8 opening_minimum = 30.
OPENING = knobs(opening_minimum=30)
#: E2 going_out = floating.
FLOATING = knobs(going_out="floating")
#: S3 winner_takes_hands with going rummy doubled.
GOING_RUMMY = knobs(scoring="winner_takes_hands", going_rummy_multiplier=2)
#: S5 seven_card_run_bonus = 500.
SEVEN = knobs(seven_card_run_bonus=500)


def last_stock_card(rules: Any) -> GameState:
    """p0 draws the last stock card; a long pile lies below."""
    state = position(["9D 2C", "3H 4D"], stock="KD", rest="pile", rules=rules)
    return play(state, "draw")


def floater(**where: Any) -> GameState:
    """p0 floats with an empty hand, to draw; 5-6-7♠ is on the table (E2 floating)."""
    where.setdefault("melds", [("5S 6S 7S", 0)])
    state = position(["", "QH KH 4D"], rules=FLOATING, **where)
    assert state.floating == (0,)
    return state


def stock_out(players: int, rules: Any) -> HandResult:
    """The stock is empty and p0 ends the hand: p0 24 on the table and 14 in hand,
    p1 30 and 12, p2 (if any) 0 and 4."""
    hands = ["5S 9D", "2C KS", "4D"][:players]
    state = position(
        hands,
        melds=[("7C 8C 9C", 0), ("TH JH QH", 1)],
        stock="",
        rest="pile",
        rules=rules,
    )
    return result_of(play(state, "end"))


# ---------------------------------------------------------------------------
# Matches (rules §7): hands that end at a chosen moment
#
# To decide a match at a chosen moment a test puts a hand position built with
# :mod:`tests.positions` in the match (and sets the totals the sides have
# before it), then plays the move that ends the hand with
# :func:`~rummy500.match.apply_match_move`.

SEED = 20240501

#: A meld credited to each seat: 30 points under the standard values (S1).
TABLE = ("TS TH TD", "KS KH KD", "QS QH QD", "JS JH JD")
#: The card each seat keeps when it does not go out: 3, 4, 5 and 6 points.
KEPT = ("3D", "4D", "5D", "6D")
#: The card the seat that goes out discards.
LAST = "2C"

PAGAT = Rules()
PARTNERSHIP = presets.get("partnership")
PERSIAN = presets.get("persian")


def hand_going_out(rules: Rules, players: int, out: int, *, dealer: int | None = None) -> GameState:
    """A hand in which ``out`` is about to go out by discarding :data:`LAST`.

    Every seat has :data:`TABLE` ``[seat]`` on the table (30 points); the
    others keep :data:`KEPT` ``[seat]``.  Under ``melded_minus_hand`` with
    standard values the hand scores 30 for ``out`` and ``27 - seat`` for the
    others.
    """
    hands = [LAST if seat == out else KEPT[seat] for seat in range(players)]
    melds = [(TABLE[seat], seat) for seat in range(players)]
    return position(
        hands,
        melds=melds,
        to_move=out,
        dealer=dealer,
        phase="play",
        rules=rules_to_data(rules),
    )


def hand_exhausted(
    rules: Rules, players: int, to_move: int, *, dealer: int | None = None
) -> GameState:
    """A hand with an empty stock in which ``to_move`` may end the hand (T6).

    Every seat has :data:`TABLE` ``[seat]`` on the table and keeps
    :data:`KEPT` ``[seat]``: with standard values each seat scores ``27 - seat``.
    """
    return position(
        [KEPT[seat] for seat in range(players)],
        melds=[(TABLE[seat], seat) for seat in range(players)],
        to_move=to_move,
        dealer=dealer,
        rules=rules_to_data(rules),
        rest="pile",
    )


def start(rules: Rules, players: int, totals: Sequence[int] | None = None) -> MatchState:
    """A new match whose sides already have ``totals`` (as if from earlier play)."""
    match = new_match(rules, players, seed=SEED)
    if totals is not None:
        match = attrs.evolve(match, totals=tuple(totals))
    return match


def finish(match: MatchState, hand: GameState, move: str) -> MatchState:
    """Put ``hand`` in the match as its current hand and play ``move`` on it."""
    assert hand.rules == match.rules
    match = attrs.evolve(match, hand=hand)
    return apply_match_move(match, parse_move(hand, move))


def go_out(match: MatchState, out: int, *, dealer: int | None = None) -> MatchState:
    """Finish the current hand with ``out`` going out (see :func:`hand_going_out`)."""
    hand = hand_going_out(match.rules, match.num_players, out, dealer=dealer)
    return finish(match, hand, f"discard {LAST}")


def exhaust(match: MatchState, to_move: int = 0, *, dealer: int | None = None) -> MatchState:
    """Finish the current hand by stock exhaustion (see :func:`hand_exhausted`)."""
    hand = hand_exhausted(match.rules, match.num_players, to_move, dealer=dealer)
    return finish(match, hand, "end")


def assert_next_hand(match: MatchState, number: int) -> None:
    """The match goes on with hand ``number``, dealt fresh from the match seed."""
    assert match.result is None
    assert not match.is_over
    assert match.number == number
    assert len(match.history) == number - 1
    assert match.hand.result is None
    assert match.hand.seed == hand_seed(match.seed, number)
    assert match_legal_moves(match)


def random_move(moves: Sequence[Move], rng: random.Random) -> Move:
    """A random legal move from a player who likes to put cards on the table.

    Melds, lay-offs and takes that meld are chosen nine times in ten when
    offered; otherwise a kind of move is chosen uniformly, then a move of
    that kind, so the hands end quickly.
    """
    melding = [
        move
        for move in moves
        if isinstance(move, MeldMove | LayoffMove) or (isinstance(move, Take) and move.play)
    ]
    if melding and rng.random() < 0.9:
        return rng.choice(melding)
    by_kind: dict[str, list[Move]] = {}
    for move in moves:
        by_kind.setdefault(type(move).__name__, []).append(move)
    return rng.choice(by_kind[rng.choice(sorted(by_kind))])


def play_match(match: MatchState, rng: random.Random, max_moves: int = 20_000) -> MatchState:
    """Play ``match`` to its end with random legal moves."""
    for _ in range(max_moves):
        if match.is_over:
            return match
        match = apply_match_move(match, random_move(match_legal_moves(match), rng))
    raise AssertionError(f"the match did not end within {max_moves} moves: {match!r}")


def load_script(name: str) -> ModuleType:
    """The script ``scripts/NAME.py`` as a module (the scripts are not a package)."""
    path = Path(__file__).resolve().parent.parent / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module
