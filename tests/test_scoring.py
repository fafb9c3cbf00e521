"""Scoring a hand (rules §6): S1–S5.

S1 card values (standard, fives, basic and custom tables; the low ace), S2
melded minus hand (``stock_out_penalty``), S3 ``winner_takes_hands`` and
going rummy (``going_rummy_multiplier``), S4 ``add_opponent_hands``, S5
bonuses (``going_out_bonus``, ``seven_card_run_bonus``).  A lay-off scoring
for the player who laid it off is L5, in tests/test_laying_off.py.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import (
    CardValues,
    EndReason,
    GameState,
    HandResult,
    Rules,
    enumerate_melds,
    layoff,
    make_deck,
    make_meld,
    meld_value,
    parse_cards,
    presets,
)
from rummy500.melds import meld_points
from rummy500.values import BASIC, FIVES, STANDARD
from tests import reference
from tests.helpers import (
    AROUND,
    DEFAULT,
    GOING_RUMMY,
    SEVEN,
    both,
    knobs,
    play_all,
    result_of,
    stock_out,
)
from tests.positions import play, position
from tests.strategies import rules_and_meld_texts

# ---------------------------------------------------------------------------
# S1 card values


def test_s1_standard_values():
    assert STANDARD.ranks == (15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    assert (STANDARD.low_ace, STANDARD.joker) == (1, 15)


def test_s1_fives_values():
    assert FIVES.ranks == (15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10)
    assert (FIVES.low_ace, FIVES.joker) == (5, 15)
    for text, value in [("2C", 5), ("9C", 5), ("TC", 10), ("JC", 10), ("KC", 10), ("AC", 15)]:
        assert FIVES.of(parse_cards(text)[0]) == value


def test_s1_basic_values():
    assert BASIC.ranks == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def test_s1_low_ace_scores_1_high_ace_15():
    low = make_meld("AH 2H 3H", DEFAULT)
    high = make_meld("QH KH AH", DEFAULT)
    assert meld_points(low, STANDARD) == (1, 2, 3)
    assert meld_points(high, STANDARD) == (10, 10, 15)
    assert meld_value(low, STANDARD) == 6
    assert meld_value(high, STANDARD) == 35
    assert meld_points(low, FIVES) == (5, 5, 5)
    assert meld_points(high, FIVES) == (10, 10, 15)


def test_s1_an_ace_in_a_group_or_in_hand_counts_in_full():
    assert meld_points(make_meld("AS AH AD", DEFAULT), STANDARD) == (15, 15, 15)
    assert STANDARD.of(parse_cards("AS")[0]) == 15
    assert FIVES.of(parse_cards("AS")[0]) == 15


def test_s1_an_ace_laid_off_low_scores_low():
    run = layoff(make_meld("2H 3H 4H", DEFAULT), "AH", DEFAULT)
    assert meld_points(run, STANDARD) == (1, 2, 3, 4)


def test_s1_around_the_corner_ace_in_k_a_2_scores_in_full():
    assert meld_points(make_meld("KH AH 2H", AROUND), STANDARD) == (10, 15, 2)
    assert meld_points(make_meld("AH 2H 3H", AROUND), STANDARD) == (1, 2, 3)


@pytest.mark.parametrize(
    ("text", "values", "expected"),
    [
        ("JK=AH 2H 3H", STANDARD, (15, 2, 3)),
        ("QH KH JK=AH", STANDARD, (10, 10, 15)),
        ("6H 7H JK=8H", STANDARD, (6, 7, 15)),
        ("9S JK=9 JK=9", STANDARD, (9, 15, 15)),
        ("JK=2H 3H 4H", FIVES, (15, 5, 5)),
        ("2S 2H JK=2", FIVES, (5, 5, 15)),
        ("5S 5H JK=5", CardValues.custom(joker=20), (5, 5, 20)),
    ],
)
def test_s1_a_joker_scores_the_joker_value_anywhere(text, values, expected):
    meld = make_meld(text, DEFAULT)
    assert meld_points(meld, values) == expected
    assert meld_value(meld, values) == sum(expected)


def test_s1_persian_jokers_score_20():
    persian = presets.get("persian")
    assert meld_value(make_meld("JK JK JK", persian), persian.card_values) == 60


def test_s1_custom_tables():
    aces_25 = CardValues.custom(ace=25, low_ace=25)
    assert meld_points(make_meld("AH 2H 3H", DEFAULT), aces_25) == (25, 2, 3)
    fives_everywhere = CardValues.custom(ace=15, others=5)
    assert meld_value(make_meld("TH JH QH", DEFAULT), fives_everywhere) == 15


@pytest.mark.parametrize(
    ("name", "table"), [("standard", STANDARD), ("fives", FIVES), ("basic", BASIC)]
)
def test_s1_card_values_by_name(name, table):
    assert Rules(card_values=name).card_values == table


def test_s1_low_ace_scores_one_on_the_table_and_fifteen_in_hand():
    state = position(
        ["AD", "AC 5D"],
        melds=[("2C 3C 4C", 0)],
        to_move=1,
        phase="play",
    )
    state = play(state, "layoff 0 AC")
    state = play(state, "discard 5D")
    assert result_of(state).melded == (9, 1)
    assert result_of(state).in_hand == (15, 0)
    assert result_of(state).scores == (-6, 1)


def test_s1_around_the_corner_ace_in_k_a_2_scores_full_value():
    # rules §10: the low-ace exception applies only to an ace that is the
    # lowest card of a run that does not wrap.
    rules = Rules(ace="around_the_corner")
    assert meld_value(make_meld("KH AH 2H", rules), STANDARD) == 10 + 15 + 2
    assert meld_value(make_meld("AH 2H 3H", rules), STANDARD) == 1 + 2 + 3
    state = position(["KH AH 2H 9D", "5D"], phase="play", rules=knobs(ace="around_the_corner"))
    state = play_all(state, "meld KH AH 2H", "discard 9D")
    assert result_of(state).scores == (27, -5)


# ---------------------------------------------------------------------------
# S1 card_values: fives, basic, custom


# p0 goes out by discarding K♦ with A-2-3♥ and 8-9-10♣ on the table; p1 has
# Q-K-A♠ on the table and A♦ 4♣ joker 10♠ in hand.
CUSTOM_TABLES = {
    "standard": (STANDARD, (33, 35 - 44)),
    "fives": (FIVES, (35, 35 - 45)),
    "basic": (BASIC, (33, 21 - 15)),
    "aces 25": (CardValues.custom(ace=25), (57, 45 - 54)),
    "aces 15 always": (CardValues.custom(ace=15, low_ace=15), (47, 35 - 44)),
    "all other cards 5": (CardValues.custom(ace=15, others=5), (40, 25 - 40)),
    "fives divided by five": (FIVES.divided_by(5), (7, 7 - 9)),
}


def _scored(rules: Any) -> HandResult:
    state = position(
        ["KD", "AD 4C JK TS"],
        melds=[("AH 2H 3H", 0), ("8C 9C TC", 0), ("QS KS AS", 1)],
        phase="play",
        rules=rules,
    )
    return result_of(play(state, "discard KD"))


@pytest.mark.parametrize("name", list(CUSTOM_TABLES))
def test_s1_card_value_tables_score_the_same_hand_differently(name):
    table, scores = CUSTOM_TABLES[name]
    data = table.name if table.name is not None else table.to_dict()
    result = _scored(knobs(card_values=data))
    assert result.scores == scores
    if name != "standard":
        assert result.scores != _scored("pagat").scores


def test_s1_fives_low_ace_counts_five_melded_and_fifteen_in_hand():
    values = FIVES
    assert meld_value(make_meld("AH 2H 3H", Rules()), values) == 15
    assert meld_value(make_meld("QH KH AH", Rules()), values) == 35
    assert [values.of(card) for card in parse_cards("AS 2S 9S TS JS QS KS JK")] == [
        15,
        5,
        5,
        10,
        10,
        10,
        10,
        15,
    ]


def test_s1_basic_values_ace_one_everywhere():
    assert [BASIC.of(card) for card in parse_cards("AS 2S 9S TS KS")] == [1, 2, 9, 10, 10]
    assert meld_value(make_meld("QH KH AH", Rules()), BASIC) == 21


def test_s1_custom_table_round_trips_in_a_position():
    table = CardValues.custom(ace=25, others=5, joker=20)
    state = position(["KD", "AD"], phase="play", rules=knobs(card_values=table.to_dict()))
    assert state.rules.card_values == table
    assert GameState.from_dict(state.to_dict()) == state
    assert result_of(play(state, "discard KD")).scores == (0, -25)


# ---------------------------------------------------------------------------
# S1 properties of meld values


value_tables = st.sampled_from(
    [STANDARD, FIVES, BASIC, CardValues.custom(ace=25, low_ace=5, joker=20, others=5)]
)


@given(rules_and_meld_texts(), value_tables)
def test_meld_points_follow_s1(case, values):
    meld_rules, texts = case
    meld = make_meld(texts, meld_rules)
    specs = [reference.parse_spec(t) for t in str(meld).split()]
    expected = reference.points(specs, meld.kind.value, meld_rules.evolve(card_values=values))
    assert list(meld_points(meld, values)) == expected
    assert meld_value(meld, values) == sum(meld_points(meld, values))


@pytest.mark.parametrize("seed", range(3))
def test_meld_value_is_the_sum_of_points_for_enumerated_melds(seed):
    rnd = random.Random(seed)
    hand = rnd.sample(make_deck(2, 2), 12)
    for meld in enumerate_melds(hand, Rules()):
        for values in (STANDARD, FIVES, BASIC):
            assert meld_value(meld, values) == sum(meld_points(meld, values))


# ---------------------------------------------------------------------------
# S2 melded minus hand; stock_out_penalty


WINNER = knobs(scoring="winner_takes_hands")


ADD_HANDS = knobs(scoring="add_opponent_hands")


def _goes_out_with_an_earlier_meld(rules: Any) -> HandResult:
    """3 players: p0 (5-6-7♠ melded earlier) discards its last card; p1 holds 10, p2 10."""
    state = position(["KD", "8S 2C", "QH"], melds=[("5S 6S 7S", 0)], phase="play", rules=rules)
    return result_of(play(state, "discard KD"))


def _goes_rummy(rules: Any, *moves: str) -> HandResult:
    """3 players: p0 has nothing on the table and goes out in this turn."""
    state = position(
        ["5S 6S 7S KD", "8S 2C", "QH"], melds=[("9H 9D 9C", 1)], phase="play", rules=rules
    )
    return result_of(play_all(state, *moves))


def test_s2_stock_out_penalty_false_subtracts_no_hand():
    no_penalty = knobs(stock_out_penalty=False)
    assert stock_out(2, no_penalty).scores == (24, 30)
    assert stock_out(3, no_penalty).scores == (24, 30, 0)
    # Only at stock exhaustion: going out still costs the others their hands.
    assert _goes_out_with_an_earlier_meld(no_penalty).scores == (18, -10, -10)


# ---------------------------------------------------------------------------
# S3 winner_takes_hands; going rummy


def test_s3_winner_takes_hands_only_the_player_who_went_out_scores():
    default = _goes_out_with_an_earlier_meld("pagat")
    result = _goes_out_with_an_earlier_meld(WINNER)
    assert default.scores == (18, -10, -10)
    assert result.scores == (20, 0, 0)
    assert (result.went_out, result.going_rummy) == (0, False)
    # Not going rummy: the multiplier does not apply.
    assert _goes_out_with_an_earlier_meld(GOING_RUMMY).scores == (20, 0, 0)


def test_s3_going_rummy_doubles_the_score():
    doubled = _goes_rummy(GOING_RUMMY, "meld 5S 6S 7S", "discard KD")
    assert doubled.going_rummy
    assert doubled.scores == (40, 0, 0)
    single = _goes_rummy(WINNER, "meld 5S 6S 7S", "discard KD")
    assert (single.going_rummy, single.scores) == (True, (20, 0, 0))
    assert _goes_rummy("pagat", "meld 5S 6S 7S", "discard KD").scores == (18, 17, -10)


def test_s3_going_rummy_by_melding_every_card():
    state = position(["5S 6S 7S 9D 9H 9C", "8S 2C", "QH"], phase="play", rules=GOING_RUMMY)
    result = result_of(play_all(state, "meld 5S 6S 7S", "meld 9D 9H 9C"))
    assert (result.going_rummy, result.scores) == (True, (40, 0, 0))


def test_s3_going_rummy_after_a_floating_turn_is_not_rummy():
    rules = knobs(scoring="winner_takes_hands", going_rummy_multiplier=2, going_out="floating")
    state = position(["", "QH KH 4D"], melds=[("5S 6S 7S", 0)], stock="2C", rules=rules)
    state = play(state, "draw")
    result = result_of(play(state, "discard 2C"))
    assert (result.going_rummy, result.scores) == (False, (24, 0))


def test_s3_stock_exhausted_nobody_scores_under_winner_takes_hands():
    assert stock_out(2, WINNER).scores == (0, 0)
    assert stock_out(3, GOING_RUMMY).scores == (0, 0, 0)


# ---------------------------------------------------------------------------
# S4 add_opponent_hands


def test_s4_add_opponent_hands_goes_to_the_player_who_went_out():
    result = _goes_out_with_an_earlier_meld(ADD_HANDS)
    assert result.scores == (18 + 10 + 10, 0, 0)
    assert _goes_rummy(ADD_HANDS, "meld 5S 6S 7S", "discard KD").scores == (38, 27, 0)


def test_s4_stock_exhausted_with_two_players_each_adds_the_opponents_hand():
    assert stock_out(2, "pagat").scores == (24 - 14, 30 - 12)
    result = stock_out(2, ADD_HANDS)
    assert result.scores == (24 + 12, 30 + 14)
    assert (result.went_out, result.reason) == (None, EndReason.STOCK_EXHAUSTED)


def test_s4_stock_exhausted_with_three_players_nobody_adds_anything():
    assert stock_out(3, "pagat").scores == (24 - 14, 30 - 12, -4)
    assert stock_out(3, ADD_HANDS).scores == (24, 30, 0)


# ---------------------------------------------------------------------------
# S5 bonuses


def test_s5_going_out_bonus_goes_to_the_player_who_went_out():
    bonus = knobs(going_out_bonus=25)
    result = _goes_out_with_an_earlier_meld(bonus)
    assert result.scores == (18 + 25, -10, -10)
    assert result.bonuses == (25, 0, 0)
    assert _goes_out_with_an_earlier_meld("pagat").bonuses == (0, 0, 0)
    assert _goes_out_with_an_earlier_meld(
        knobs(going_out_bonus=25, scoring="winner_takes_hands")
    ).scores == (20 + 25, 0, 0)
    assert _goes_out_with_an_earlier_meld(
        knobs(going_out_bonus=25, scoring="add_opponent_hands")
    ).scores == (
        38 + 25,
        0,
        0,
    )
    # Nobody goes out at stock exhaustion: no bonus.
    assert stock_out(2, bonus).bonuses == (0, 0)


def test_s5_seven_card_run_then_discarding_the_last_card_scores_500():
    default, state = both(SEVEN, hands=["3S 4S 5S 6S 7S 8S 9S KD", "2C"], phase="play")
    moves = ("meld 3S 4S 5S 6S 7S 8S 9S", "discard KD")
    assert result_of(play_all(default, *moves)).scores == (42, -2)
    result = result_of(play_all(state, *moves))
    assert result.scores == (42 + 500, -2)
    assert result.bonuses == (500, 0)


def test_s5_no_seven_card_run_bonus_for_a_run_made_by_laying_off_or_laid_earlier():
    state = position(["3S 4S 5S 6S 7S 8S 9S KD", "2C"], phase="play", rules=SEVEN)
    result = result_of(play_all(state, "meld 3S 4S 5S 6S 7S 8S", "layoff 0 9S", "discard KD"))
    assert result.bonuses == (0, 0)
    earlier = position(["KD", "2C"], melds=[("3S 4S 5S 6S 7S 8S 9S", 0)], phase="play", rules=SEVEN)
    assert result_of(play(earlier, "discard KD")).bonuses == (0, 0)
