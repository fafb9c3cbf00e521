"""The rule set: knobs, validation, evolve, and presets as values (rules §8, §9).

Rule ids: none of their own; a knob's effect on play is tested with its rule
(the M3 ``ace`` knob in tests/test_melds.py, the E3 validation in
tests/test_going_out.py, ...), and each preset's knob values with its rule id
in tests/test_presets.py (V1–V6, V8) and tests/test_gambit_rules.py (V7).
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import (
    GameState,
    InvalidArgumentError,
    Rules,
    RulesError,
    Rummy500Error,
    json_schema,
    new_game,
    presets,
)
from rummy500.rules import (
    KNOBS,
    MAX_OPENING_MINIMUM,
    Ace,
    DeepestCardUse,
    DiscardTake,
    FirstDiscard,
    GoingOut,
    Jokers,
    NextDealer,
    RummyCall,
    Scoring,
    StockExhausted,
    Tiebreak,
    deal_problem,
)
from rummy500.values import STANDARD
from tests.helpers import PRESET_NAMES

# rules §9, the knob index: knob → default.
KNOB_DEFAULTS = {
    "decks": "auto",
    "jokers_per_deck": 2,
    "hand_size": "auto",
    "min_players": 2,
    "max_players": 8,
    "first_discard": FirstDiscard.UPCARD,
    "next_dealer": NextDealer.LEFT,
    "min_run_length": 3,
    "ace": Ace.LOW_OR_HIGH,
    "jokers": Jokers.WILD,
    "discard_take": DiscardTake.ANY_DEPTH,
    "top_discard_must_meld": False,
    "deepest_card_use": DeepestCardUse.MELD_OR_LAYOFF,
    "stock_draw_count": 1,
    "stock_exhausted": StockExhausted.END_HAND,
    "max_stock_rebuilds": 3,
    "opening_minimum": 0,
    "four_aces_value": 0,
    "out_of_turn_melding": False,
    "going_out": GoingOut.MELD_OR_DISCARD,
    "final_discard_must_be_unplayable": False,
    "final_layoff": False,
    "rummy_call": RummyCall.PILE,
    "card_values": STANDARD,
    "scoring": Scoring.MELDED_MINUS_HAND,
    "stock_out_penalty": True,
    "going_rummy_multiplier": 1,
    "going_out_bonus": 0,
    "seven_card_run_bonus": 0,
    "target_score": 500,
    "hand_limit": None,
    "tiebreak": Tiebreak.HIGHEST,
    "must_go_out_to_win": False,
    "partnerships": False,
}


@pytest.mark.parametrize(("knob", "default"), KNOB_DEFAULTS.items())
def test_every_knob_of_the_index_is_a_field_with_its_default(knob, default):
    assert getattr(Rules(), knob) == default


def test_rules_are_frozen_hashable_values():
    rules = Rules()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.ace = Ace.LOW
    assert Rules() == Rules()
    assert hash(Rules()) == hash(Rules())
    assert len({Rules(), Rules(ace="low"), Rules(ace=Ace.LOW)}) == 2


# ---------------------------------------------------------------------------
# Knob values: enum members or their strings


def test_string_knob_values_become_enum_members():
    rules = Rules(
        jokers="sets_only",
        going_out="floating",
        rummy_call="layoff_top",
        scoring="add_opponent_hands",
        stock_exhausted="play_on",
        tiebreak="went_out",
        discard_take="top_only",
        deepest_card_use="new_meld_only",
        first_discard="chooser",
        next_dealer="winner",
    )
    assert rules.jokers is Jokers.SETS_ONLY
    assert rules.going_out is GoingOut.FLOATING
    assert rules.rummy_call is RummyCall.LAYOFF_TOP
    assert rules.scoring is Scoring.ADD_OPPONENT_HANDS
    assert rules.stock_exhausted is StockExhausted.PLAY_ON
    assert rules.tiebreak is Tiebreak.WENT_OUT
    assert rules.discard_take is DiscardTake.TOP_ONLY
    assert rules.deepest_card_use is DeepestCardUse.NEW_MELD_ONLY
    assert rules.first_discard is FirstDiscard.CHOOSER
    assert rules.next_dealer is NextDealer.WINNER
    assert str(rules.ace) == "low_or_high"


# ---------------------------------------------------------------------------
# Validation: one RulesError listing every problem


def test_one_rules_error_lists_every_problem():
    with pytest.raises(RulesError) as info:
        Rules(jokers_per_deck=3, min_run_length=2, ace="sideways")
    error = info.value
    assert isinstance(error, ValueError)
    assert isinstance(error, Rummy500Error)
    assert len(error.problems) == 3
    message = str(error)
    assert "3 problem" in message
    for fragment in ("jokers_per_deck", "min_run_length", "ace", "'sideways'"):
        assert fragment in message


def test_several_problems_of_different_knobs():
    with pytest.raises(RulesError) as info:
        Rules(final_discard_must_be_unplayable=True, stock_draw_count=3)
    assert len(info.value.problems) == 2
    assert any("E3" in problem for problem in info.value.problems)
    assert any("stock_draw_count" in problem for problem in info.value.problems)


@pytest.mark.parametrize(
    "changes",
    [
        {"ace": "high"},
        {"jokers": "tame"},
        {"jokers_per_deck": 3},
        {"decks": 3},
        {"decks": "two"},
        {"min_run_length": 2},
        {"min_run_length": 14},
        {"min_players": 1},
        {"max_players": 9},
        {"min_players": 5, "max_players": 4},
        {"stock_draw_count": 0},
        {"max_stock_rebuilds": -1},
        {"opening_minimum": -5},
        {"going_rummy_multiplier": 0},
        {"target_score": 0},
        {"card_values": "weird"},
        {"top_discard_must_meld": "yes"},
        {"going_out": "sideways"},
        {"rummy_call": "shout"},
        {"scoring": "golf"},
        {"partnerships": True},
        {"going_rummy_multiplier": 2},
        {"jokers": "sets_only", "jokers_per_deck": 1},
        {"hand_size": {2: 10}},
    ],
)
def test_inconsistent_rules_are_refused(changes):
    with pytest.raises(RulesError):
        Rules(**changes)


@pytest.mark.parametrize("minimum", [0, 1, 30, 100, 150])
def test_t8_opening_minimum_range_is_0_or_1_to_150(minimum):
    assert Rules(opening_minimum=minimum).opening_minimum == minimum
    assert presets.get("wikipedia").evolve(opening_minimum=minimum).opening_minimum == minimum
    assert Rules.from_dict({"opening_minimum": minimum}).opening_minimum == minimum
    assert KNOBS["opening_minimum"].values == "0 (none) or 1 to 150"
    assert MAX_OPENING_MINIMUM == 150


@pytest.mark.parametrize("minimum", [151, 500, 10**6, -1])
def test_t8_opening_minimum_range_refuses_the_rest_naming_t8_and_the_range(minimum):
    expected = f"opening_minimum must be 0 (none) or 1 to 150, got {minimum} (T8)"
    for build in (
        lambda: Rules(opening_minimum=minimum),
        lambda: Rules().evolve(opening_minimum=minimum),
        lambda: Rules.from_dict({"opening_minimum": minimum}),
        lambda: presets.get("wikipedia").evolve(opening_minimum=minimum),
    ):
        with pytest.raises(RulesError) as info:
            build()
        assert info.value.problems == (expected,)
    # refused at once: the rule set is never built, nothing is dealt
    with pytest.raises(RulesError, match=r"1 to 150, got"):
        new_game(Rules().evolve(opening_minimum=minimum))


@pytest.mark.parametrize("minimum", [True, 1.5, "30", None])
def test_t8_opening_minimum_is_an_integer(minimum):
    with pytest.raises(RulesError, match=r"opening_minimum must be an integer, got .* \(T8\)"):
        Rules(opening_minimum=minimum)


def test_t8_opening_minimum_range_in_the_json_schemas():
    state = new_game(Rules(opening_minimum=150), seed=1)
    data = state.to_dict()
    for kind in ("position", "view", "record"):
        knobs = json_schema(kind)["$defs"]["rules"]["oneOf"][1]["properties"]
        assert knobs["opening_minimum"] == {
            "description": "Points a player's first melds must total (0: none) (T8).",
            "type": "integer",
            "minimum": 0,
            "maximum": 150,
        }
    assert GameState.from_dict(data).rules.opening_minimum == 150
    with pytest.raises(ValueError, match=r"0 \(none\) or 1 to 150, got 151 \(T8\)"):
        GameState.from_dict({**data, "rules": {"preset": "pagat", "opening_minimum": 151}})


def test_d3_d4_rules_refuse_only_what_no_player_count_could_play():
    """One deck is a valid choice: 5 players are dealt from 54 cards; 8 are refused at the deal."""
    rules = Rules().evolve(decks=1)
    assert rules == Rules(decks=1)
    five = new_game(rules, 5, seed=1)
    assert sum(five.all_cards().values()) == 54
    assert [len(hand) for hand in five.hands] == [7] * 5
    with pytest.raises(InvalidArgumentError, match=r"8 players need 58 cards .* one deck has 54"):
        new_game(rules, 8, seed=1)
    assert deal_problem(rules, 7) is None
    assert deal_problem(rules, 8) is not None
    with pytest.raises(RulesError, match=r"no player count can be dealt: 8 players need 58"):
        Rules(decks=1, min_players=8)
    with pytest.raises(RulesError, match=r"7 players need 58 .* 52 \(D3, D4\); 8 players need 58"):
        Rules(decks=1, jokers_per_deck=0, min_players=7, hand_size={7: 8, 8: 7})


# ---------------------------------------------------------------------------
# evolve


def test_evolve_makes_a_variant_and_leaves_the_original():
    base = Rules()
    variant = base.evolve(ace="around_the_corner", min_run_length=4)
    assert variant.ace is Ace.AROUND_THE_CORNER
    assert variant.min_run_length == 4
    assert base == Rules()
    assert attrs.evolve(base, ace="around_the_corner", min_run_length=4) == variant


def test_evolve_validates_again():
    with pytest.raises(RulesError, match="floating"):
        Rules().evolve(final_discard_must_be_unplayable=True)
    with pytest.raises(RulesError):
        attrs.evolve(Rules(), stock_draw_count=5)


def test_evolve_rejects_unknown_knobs():
    with pytest.raises(RulesError, match="unknown knob 'no_such_knob'"):
        Rules().evolve(no_such_knob=1)


def test_evolve_fixing_one_problem_with_another():
    floating = Rules(going_out="floating", final_discard_must_be_unplayable=True)
    with pytest.raises(RulesError, match="E3"):
        floating.evolve(going_out="discard_required")
    assert floating.evolve(going_out="discard_required", final_discard_must_be_unplayable=False)


def test_rules_dict_round_trip():
    rules = presets.get("wikipedia").evolve(ace="around_the_corner")
    assert Rules.from_dict(rules.to_dict()) == rules
    with pytest.raises(RulesError, match="unknown knob"):
        Rules.from_dict({"acee": "low"})


# ---------------------------------------------------------------------------
# §8: presets as values


def test_presets_names_has_all_seven_names_of_section_8():
    assert presets.names() == PRESET_NAMES


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_is_a_rules_value(name):
    rules = presets.get(name)
    assert isinstance(rules, Rules)
    assert presets.name_of(rules) == name


@pytest.mark.parametrize("name", ["", "Pagat", "500", "gin", None])
def test_unknown_preset_is_a_value_error(name):
    with pytest.raises(ValueError, match="unknown preset") as info:
        presets.get(name)
    assert "pagat" in str(info.value)


# ---------------------------------------------------------------------------
# Any knob values: a rule set, or one RulesError (never another exception)


garbage = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 20),
    st.floats(allow_nan=False),
    st.text(max_size=5),
    st.lists(st.integers(0, 3), max_size=2),
    st.dictionaries(st.integers(0, 9), st.integers(-1, 14), max_size=3),
)


knob_values = {
    "decks": st.sampled_from(["auto", 1, 2]),
    "jokers_per_deck": st.sampled_from([0, 1, 2, 4]),
    "hand_size": st.sampled_from(["auto", dict.fromkeys(range(2, 9), 7)]),
    "min_players": st.integers(2, 8),
    "max_players": st.integers(2, 8),
    "ace": st.sampled_from([*Ace, *(a.value for a in Ace)]),
    "jokers": st.sampled_from([*Jokers, *(j.value for j in Jokers)]),
    "min_run_length": st.sampled_from([3, 4]),
    "going_out": st.sampled_from([g.value for g in GoingOut]),
    "final_discard_must_be_unplayable": st.booleans(),
    "card_values": st.sampled_from(["standard", "fives", "basic", STANDARD]),
    "scoring": st.sampled_from([s.value for s in Scoring]),
    "going_rummy_multiplier": st.integers(1, 3),
    "hand_limit": st.sampled_from([None, 1, 2]),
    "partnerships": st.booleans(),
}


@given(
    st.dictionaries(
        st.sampled_from(sorted(knob_values)),
        st.just(None),
        max_size=6,
    ).flatmap(
        lambda chosen: st.fixed_dictionaries(
            {name: st.one_of(knob_values[name], garbage) for name in chosen}
        )
    )
)
def test_any_knob_values_give_rules_or_one_rules_error(changes):
    rules, error = build_rules(changes)
    if error is not None:
        assert error.problems
        assert all(isinstance(problem, str) and problem for problem in error.problems)
    else:
        assert Rules.from_dict(rules.to_dict()) == rules


def build_rules(changes):
    """``(Rules(**changes), None)``, or ``(None, the RulesError)``; anything else propagates."""
    try:
        return Rules(**changes), None
    except RulesError as error:
        return None, error
