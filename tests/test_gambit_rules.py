"""Dealer's gambit (rules V7) as a rule set: the preset's knobs and the rule set's checks.

Rule ids: V7, with D3 and D4 named second in the test names: the rule set
needs two jokers a deck, wild jokers worth zero (else ``RulesError``), and
its deck size counts the dealer's joker.
"""

from __future__ import annotations

import pytest

from rummy500 import (
    CardValues,
    Rules,
    RulesError,
    new_game,
    presets,
)
from tests.gambit import GAMBIT

# ---------------------------------------------------------------------------
# The rule set (RulesError, V7; D3, D4)


def test_v7_preset_knobs() -> None:
    """The preset: two jokers a deck, jokers='wild', jokers worth 0, aces 15 or 1."""
    assert GAMBIT.dealers_gambit
    assert GAMBIT.jokers_per_deck == 2
    assert GAMBIT.jokers.value == "wild"
    assert GAMBIT.card_values.joker == 0
    assert (GAMBIT.card_values.ace, GAMBIT.card_values.low_ace) == (15, 1)
    assert GAMBIT.evolve(jokers_per_deck=4).dealers_gambit


def test_v7_dealers_gambit():
    rules = presets.get("dealers_gambit")
    assert len(rules.deck(4)) in (54, 56)
    assert rules.target_score == 250


@pytest.mark.parametrize("jokers", [0, 1])
def test_v7_rules_need_two_jokers_a_deck(jokers: int) -> None:
    """Fewer than two jokers a deck is a RulesError (V7)."""
    with pytest.raises(RulesError, match=rf"at least 2 jokers per deck.*={jokers} \(V7\)"):
        GAMBIT.evolve(jokers_per_deck=jokers)


def test_v7_rules_need_wild_jokers() -> None:
    """Jokers 'sets_only' is a RulesError (V7)."""
    with pytest.raises(RulesError, match=r"requires jokers='wild'.*\(V7\)"):
        GAMBIT.evolve(jokers="sets_only")


@pytest.mark.parametrize(
    "values", [CardValues.custom(ace=15, low_ace=1, joker=15), "standard", "fives"]
)
def test_v7_rules_need_jokers_worth_zero(values: CardValues | str) -> None:
    """Jokers worth anything but 0 is a RulesError (V7)."""
    with pytest.raises(RulesError, match=r"jokers worth 0 .*\(V7\)"):
        GAMBIT.evolve(card_values=values)
    with pytest.raises(RulesError, match=r"\(V7\)"):
        Rules(dealers_gambit=True, card_values=values)


def test_v7_d3_d4_deck_size_counts_the_dealers_joker() -> None:
    """The deck-size check (D3, D4) counts the joker set aside."""
    Rules(max_players=2, hand_size={2: 26})  # 52 + pile + stock card = 54
    with pytest.raises(RulesError, match=r"2 players need 55 cards .* \(D3, D4\)"):
        GAMBIT.evolve(max_players=2, hand_size={2: 26})
    rules = GAMBIT.evolve(max_players=2, hand_size={2: 25})
    state = new_game(rules, 2, seed=3)
    assert (len(state.stock), len(state.discard), state.dealer_joker) == (2, 1, True)
