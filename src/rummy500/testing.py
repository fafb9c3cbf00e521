"""Hypothesis strategies for testing code built on rummy500.

This module needs `Hypothesis <https://hypothesis.readthedocs.io>`_ (the
``test`` extra).  :func:`rules` draws valid rule sets covering every knob the
hand engine implements; :func:`playable_rules` keeps to those; :func:`states`
draws positions reached by random play.

>>> from hypothesis import given
>>> from rummy500.testing import rules
>>> @given(rules())
... def test_every_rule_set_deals(rule_set):
...     assert rule_set.min_players <= rule_set.max_players
>>> test_every_rule_set_deals()
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from rummy500._engine import apply_move, legal_moves, new_game
from rummy500.errors import RulesError
from rummy500.rules import (
    Ace,
    DeepestCardUse,
    Direction,
    DiscardTake,
    FirstDiscard,
    GoingOut,
    Jokers,
    NextDealer,
    Rules,
    RummyCall,
    Scoring,
    StockExhausted,
    Tiebreak,
)
from rummy500.state import GameState
from rummy500.values import BASIC, FIVES, STANDARD, CardValues

__all__ = ["card_values", "playable_rules", "rules", "states"]


def card_values() -> st.SearchStrategy[CardValues]:
    """The named value tables and custom ones (S1)."""
    custom = st.builds(
        CardValues.custom,
        ace=st.sampled_from([1, 15, 25]),
        low_ace=st.sampled_from([1, 5, 15]),
        joker=st.sampled_from([0, 15, 20]),
        others=st.sampled_from([None, 5]),
    )
    return st.one_of(st.sampled_from([STANDARD, FIVES, BASIC]), custom)


@st.composite
def rules(draw: Any, *, playable: bool = False) -> Rules:
    """A valid :class:`~rummy500.rules.Rules` with every knob drawn.

    Args:
        draw: Hypothesis's draw function (supplied by ``@st.composite``).
        playable: Keep to the knobs a hand is played with (the match
            knobs ``group_of_four_multiplier`` and ``match_bonus`` stay at
            their defaults).
    """
    knobs: dict[str, Any] = {
        "jokers_per_deck": draw(st.sampled_from([0, 1, 2, 4])),
        "first_discard": draw(st.sampled_from(list(FirstDiscard))),
        "next_dealer": draw(st.sampled_from(list(NextDealer))),
        "direction": draw(st.sampled_from(list(Direction))),
        "min_run_length": draw(st.sampled_from([3, 4])),
        "ace": draw(st.sampled_from(list(Ace))),
        "jokers": draw(st.sampled_from(list(Jokers))),
        "discard_take": draw(st.sampled_from(list(DiscardTake))),
        "top_discard_must_meld": draw(st.booleans()),
        "deepest_card_use": draw(st.sampled_from(list(DeepestCardUse))),
        "stock_draw_count": draw(st.sampled_from([1, 2])),
        "stock_exhausted": draw(st.sampled_from(list(StockExhausted))),
        "max_stock_rebuilds": draw(st.integers(0, 3)),
        "opening_minimum": draw(st.sampled_from([0, 0, 0, 30, 50, 100, 150])),
        "out_of_turn_melding": draw(st.booleans()),
        "going_out": draw(st.sampled_from(list(GoingOut))),
        "final_layoff": draw(st.booleans()),
        "rummy_call": draw(st.sampled_from(list(RummyCall))),
        "card_values": draw(card_values()),
        "scoring": draw(st.sampled_from(list(Scoring))),
        "stock_out_penalty": draw(st.booleans()),
        "going_out_bonus": draw(st.sampled_from([0, 25])),
        "seven_card_run_bonus": draw(st.sampled_from([0, 500])),
        "four_aces_value": draw(st.sampled_from([0, 0, 25])),
        "target_score": draw(st.sampled_from([100, 150, 500])),
        "hand_limit": draw(st.sampled_from([None, 1, 3])),
        "tiebreak": draw(st.sampled_from(list(Tiebreak))),
        "must_go_out_to_win": draw(st.booleans()),
    }
    if knobs["going_out"] is GoingOut.FLOATING:
        knobs["final_discard_must_be_unplayable"] = draw(st.booleans())
    if knobs["scoring"] is Scoring.WINNER_TAKES_HANDS:
        knobs["going_rummy_multiplier"] = draw(st.sampled_from([1, 2]))
    if knobs["jokers"] is Jokers.SETS_ONLY and knobs["jokers_per_deck"] == 1:
        knobs["jokers_per_deck"] = draw(st.sampled_from([0, 2, 4]))
    if draw(st.sampled_from([False, False, False, True])):  # dealer's gambit (V7)
        values = knobs["card_values"]
        knobs.update(
            dealers_gambit=True,
            jokers=Jokers.WILD,
            jokers_per_deck=draw(st.sampled_from([2, 4])),
            card_values=CardValues(ranks=values.ranks, low_ace=values.low_ace, joker=0),
        )
    shape = draw(st.sampled_from(["auto", "one deck", "two decks", "basic"]))
    if shape == "one deck":
        knobs.update(decks=1, max_players=draw(st.integers(2, 6)))
    elif shape == "two decks":
        knobs.update(decks=2)
    elif shape == "basic":
        knobs.update(decks=1, max_players=6, hand_size={2: 10, 3: 7, 4: 7, 5: 6, 6: 6})
    if not playable:
        knobs["group_of_four_multiplier"] = draw(st.sampled_from([1, 2]))
        knobs["match_bonus"] = draw(st.sampled_from([0, 50]))
    try:
        return Rules(**knobs)
    except RulesError:  # pragma: no cover - the draws above keep to valid combinations
        return Rules(**{**knobs, "decks": "auto", "max_players": 8, "hand_size": "auto"})


def playable_rules() -> st.SearchStrategy[Rules]:
    """Rule sets with every knob of a hand drawn (sections 1–6 of the rules, V7 and V8)."""
    return rules(playable=True)


@st.composite
def states(
    draw: Any,
    rule_sets: st.SearchStrategy[Rules] | None = None,
    max_moves: int = 200,
) -> GameState:
    """A position reached by seeded random play from a fresh deal.

    Args:
        draw: Hypothesis's draw function (supplied by ``@st.composite``).
        rule_sets: The rule sets to play (default: :func:`playable_rules`).
        max_moves: The most random moves played from the deal.
    """
    rule_set = draw(rule_sets if rule_sets is not None else playable_rules())
    players = draw(st.integers(rule_set.min_players, rule_set.max_players))
    seed = draw(st.integers(0, 2**32 - 1))
    moves = draw(st.integers(0, max_moves))
    state = new_game(rule_set, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = apply_move(state, rng.choice(legal_moves(state)))
    return state
