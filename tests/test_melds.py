"""Melds, lay-offs and meld values: RULES.md M1–M4, L2–L4 and S1, worked examples first."""

from __future__ import annotations

import attrs
import pytest

from rummy500 import (
    InvalidMeldError,
    Meld,
    MeldCard,
    MeldKind,
    Rules,
    enumerate_melds,
    layoff,
    make_meld,
    meld_value,
    parse_cards,
    presets,
)
from rummy500.melds import layoff_problem, meld_points, meld_problem
from rummy500.values import BASIC, FIVES, STANDARD, CardValues

DEFAULT = Rules()
LOW = Rules(ace="low")
LOW_OR_HIGH = Rules(ace="low_or_high")
AROUND = Rules(ace="around_the_corner")
SETS_ONLY = Rules(jokers="sets_only")
ALL_ACES = [LOW, LOW_OR_HIGH, AROUND]


def texts(melds):
    return [str(meld) for meld in melds]


def refused(specs, rules=DEFAULT):
    """The rule id ``make_meld`` gives for refusing ``specs``."""
    with pytest.raises(InvalidMeldError) as info:
        make_meld(specs, rules)
    assert meld_problem(specs, rules) == str(info.value)
    return info.value.rule


def refused_layoff(meld, specs, rules=DEFAULT):
    """The rule id ``layoff`` gives for refusing ``specs`` on ``meld``."""
    with pytest.raises(InvalidMeldError) as info:
        layoff(meld, specs, rules)
    assert layoff_problem(meld, specs, rules) == str(info.value)
    assert info.value.rule in str(info.value), "the message names the rule"
    return info.value.rule


# ---------------------------------------------------------------------------
# M1: groups


@pytest.mark.parametrize("text", ["7S 7H 7D", "7S 7H 7D 7C", "AS AD AC", "KH KD KC"])
def test_m1_three_or_four_cards_of_a_rank_make_a_group(text):
    meld = make_meld(text, DEFAULT)
    assert meld.kind is MeldKind.GROUP
    assert str(meld) == text


def test_m1_group_is_written_in_suit_order_with_jokers_last():
    assert str(make_meld("JK=7 7C 7S", DEFAULT)) == "7S 7C JK=7"
    assert str(make_meld("7C 7D 7H 7S", DEFAULT)) == "7S 7H 7D 7C"
    assert make_meld("7C 7D 7H 7S", DEFAULT).rank == 7


@pytest.mark.parametrize("text", ["7S 7H", "7S", "7S 7H 8D"])
def test_m1_two_cards_or_mixed_ranks_are_not_a_group(text):
    assert refused(text) in ("M1", "M2")


def test_m1_a_meld_needs_three_cards():
    with pytest.raises(InvalidMeldError) as info:
        make_meld("7S 7H", DEFAULT)
    assert info.value.rule == "M1"
    # DESIGN.md §1 "Errors say why": the sentence names the rule, like every other one.
    assert "M1" in str(info.value)


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        ("6S 6S 6H", DEFAULT),
        ("KS KH KD KC JK=K", DEFAULT),
        ("4D 5D 7D", DEFAULT),
        ("4D 5H 6D", DEFAULT),
        ("4D 5D 6D", Rules(min_run_length=4)),
        ("KH AH 2H", DEFAULT),
        ("QH KH AH", LOW),
        ("7H 8H JK", DEFAULT),
        ("9S 9H JK=9D", DEFAULT),
        ("JK=7H JK=8H JK=9H", DEFAULT),
        ("7H 8H JK=9H", SETS_ONLY),
        ("JK JK JK JK JK", SETS_ONLY),
        ("9S 9H JK", SETS_ONLY),
    ],
)
def test_invalid_meld_messages_name_the_rule(text, rules):
    with pytest.raises(InvalidMeldError) as info:
        make_meld(text, rules)
    assert f"({info.value.rule}" in str(info.value) or f"{info.value.rule})" in str(info.value)


def test_m1_natural_cards_of_a_group_differ_in_suit_even_with_two_decks():
    # RULES.md M1: 6♠ 6♠ 6♥ is not a group.
    assert refused("6S 6S 6H") == "M1"
    assert refused("6S 6S 6H 6D") == "M1"
    assert enumerate_melds("6S 6S 6H", DEFAULT) == ()
    assert texts(enumerate_melds("6S 6S 6H 6D", DEFAULT)) == ["6S 6H 6D"]


def test_m1_a_group_has_at_most_four_cards():
    assert refused("KS KH KD KC KS") == "M1"


# ---------------------------------------------------------------------------
# M2: runs


@pytest.mark.parametrize("rules", ALL_ACES)
def test_m2_three_consecutive_cards_of_a_suit_make_a_run(rules):
    meld = make_meld("6D 4D 5D", rules)
    assert meld.kind is MeldKind.RUN
    assert str(meld) == "4D 5D 6D", "a run is written low to high"
    assert meld.suit.value == "D"


@pytest.mark.parametrize("text", ["4D 5D 7D", "4D 5H 6D", "4D 5D 5D 6D", "4D 5D"])
def test_m2_gaps_mixed_suits_and_repeated_ranks_are_not_runs(text):
    assert refused(text) in ("M1", "M2")


def test_m2_min_run_length_four():
    four = Rules(min_run_length=4)
    assert refused("4D 5D 6D", four) == "M2"
    assert str(make_meld("4D 5D 6D 7D", four)) == "4D 5D 6D 7D"
    assert str(make_meld("7S 7H 7D", four)) == "7S 7H 7D", "groups still take 3 cards"
    assert texts(enumerate_melds("4D 5D 6D 7D", four)) == ["4D 5D 6D 7D"]


# ---------------------------------------------------------------------------
# M3: the ace


def test_m3_k_a_2_is_not_a_run_under_low_or_high():
    assert refused("KH AH 2H", LOW_OR_HIGH) == "M3"
    assert refused("KH AH 2H", LOW) == "M3"


def test_m3_k_a_2_is_a_run_around_the_corner():
    assert str(make_meld("2H AH KH", AROUND)) == "KH AH 2H"


def test_m3_q_k_a_is_not_a_run_under_low():
    assert refused("QH KH AH", LOW) == "M3"


@pytest.mark.parametrize("rules", [LOW_OR_HIGH, AROUND])
def test_m3_q_k_a_is_a_run_when_the_ace_may_be_high(rules):
    assert str(make_meld("AH QH KH", rules)) == "QH KH AH"


@pytest.mark.parametrize("rules", ALL_ACES)
def test_m3_a_2_3_is_a_run_under_every_ace_rule(rules):
    assert str(make_meld("3H AH 2H", rules)) == "AH 2H 3H"


def test_m3_a_wrapping_run_is_written_in_sequence_order():
    assert str(make_meld("2H 3H QH KH AH", AROUND)) == "QH KH AH 2H 3H"
    assert refused("QH KH AH 2H 3H", LOW_OR_HIGH) == "M3"


def test_m3_a_run_never_holds_a_rank_twice_so_at_most_13_cards():
    every_heart = " ".join(r + "H" for r in "A23456789TJQK")
    assert len(make_meld(every_heart, AROUND)) == 13
    assert refused(every_heart + " AH", AROUND) == "M2"
    assert refused(every_heart + " AH", LOW_OR_HIGH) == "M2"


def test_m3_a_13_card_run_around_the_corner_is_written_a_to_k():
    around = "5H 6H 7H 8H 9H TH JH QH KH AH 2H 3H 4H"
    assert str(make_meld(around, AROUND)) == " ".join(r + "H" for r in "A23456789TJQK")


def test_m3_a_joker_standing_for_the_ace_follows_the_same_rule():
    assert refused("KH JK=AH 2H", LOW_OR_HIGH) == "M3"
    assert str(make_meld("KH JK=AH 2H", AROUND)) == "KH JK=AH 2H"
    assert refused("QH KH JK=AH", LOW) == "M3"


# ---------------------------------------------------------------------------
# M4: jokers


def test_m4_four_kings_and_a_joker_is_not_a_group():
    assert refused("KS KH KD KC JK=K") in ("M1", "M4")


def test_m4_nine_and_two_jokers_is_a_group_or_one_of_three_runs():
    melds = enumerate_melds("9S JK JK", DEFAULT)
    assert set(texts(melds)) == {
        "9S JK=9 JK=9",
        "JK=7S JK=8S 9S",
        "JK=8S 9S JK=TS",
        "9S JK=TS JK=JS",
    }
    assert len(melds) == 4
    for meld in melds:
        assert make_meld(str(meld), DEFAULT) == meld
    assert [meld.kind for meld in melds].count(MeldKind.GROUP) == 1


def test_m4_a_joker_must_be_declared():
    assert refused("7H 8H JK") == "M4"
    assert refused("9S 9H JK") == "M4"


def test_m4_a_group_joker_is_declared_by_rank_only():
    assert refused("9S 9H JK=9D") == "M4"
    assert str(make_meld("9S 9H JK=9", DEFAULT)) == "9S 9H JK=9"


def test_m4_a_run_joker_is_declared_as_a_card_of_the_run():
    assert refused("6H 7H JK=8") in ("M1", "M4")
    assert refused("6H 7H JK=8S") in ("M2", "M4")
    assert str(make_meld("6H JK=7H 8H", DEFAULT)) == "6H JK=7H 8H"


def test_m4_a_meld_needs_a_natural_card_under_wild_jokers():
    assert refused("JK=7H JK=8H JK=9H") == "M4"
    assert refused("JK=9 JK=9 JK=9") == "M4"
    assert enumerate_melds("JK JK JK JK", DEFAULT) == ()


def test_m4_a_joker_may_stand_for_a_card_the_hand_also_holds():
    found = texts(enumerate_melds("7H 8H 9H JK", DEFAULT))
    assert "7H 8H 9H" in found
    assert "JK=7H 8H 9H" in found
    assert "7H JK=8H 9H" in found
    assert "7H 8H 9H JK=TH" in found


def test_m4_a_joker_may_duplicate_a_card_melded_elsewhere():
    # Two copies of 8H can never be on the table at once with one deck, but a joker can be one.
    assert str(make_meld("JK=8H 9H TH", DEFAULT)) == "JK=8H 9H TH"
    assert str(make_meld("8S 8H JK=8", DEFAULT)) == "8S 8H JK=8"


def test_m4_declaration_is_permanent_6_7_joker_run():
    # RULES.md M4: 6-7-joker declared as a run makes the joker an 8; later a 5 or 9
    # may be laid off, but the joker may not be reinterpreted as a 5.
    run = make_meld("6H 7H JK=8H", DEFAULT)
    eight = MeldCard.joker_as(8, "H")
    low = layoff(run, "5H", DEFAULT)
    assert str(low) == "5H 6H 7H JK=8H"
    assert eight in low.specs
    high = layoff(run, "9H", DEFAULT)
    assert str(high) == "6H 7H JK=8H 9H"
    assert str(layoff(low, "9H", DEFAULT)) == "5H 6H 7H JK=8H 9H"
    # The joker stays an 8: a natural 8H does not displace it.
    assert refused_layoff(run, "8H") == "L3"
    assert run == make_meld("6H 7H JK=8H", DEFAULT), "melds are immutable values"


def test_m4_nine_and_two_jokers_as_a_group_takes_one_more_natural_nine():
    group = make_meld("9S JK=9 JK=9", DEFAULT)
    for nine in ("9H", "9D", "9C"):
        full = layoff(group, nine, DEFAULT)
        assert str(full) == f"9S {nine} JK=9 JK=9"
        for more in ("9H", "9D", "9C", "JK=9"):
            assert refused_layoff(full, more) == "L2"
    assert refused_layoff(group, "9S") == "L2"


def test_m4_melds_are_frozen():
    meld = make_meld("6H 7H JK=8H", DEFAULT)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        meld.codes = ()
    assert hash(meld) == hash(make_meld("JK=8H 6H 7H", DEFAULT))


# ---------------------------------------------------------------------------
# M4: Persian rummy, jokers = sets_only


@pytest.mark.parametrize("text", ["JK JK JK", "JK JK JK JK"])
def test_m4_sets_only_jokers_form_groups_of_jokers(text):
    meld = make_meld(text, SETS_ONLY)
    assert meld.kind is MeldKind.GROUP
    assert str(meld) == text
    assert meld.rank is None


@pytest.mark.parametrize(
    "text", ["JK JK", "JK JK JK JK JK", "9S 9H JK", "7H 8H JK", "7H 8H JK=9H", "9S 9H JK=9"]
)
def test_m4_sets_only_jokers_are_not_wild(text):
    assert refused(text, SETS_ONLY) in ("M1", "M4")


def test_m4_sets_only_natural_melds_are_as_usual():
    assert str(make_meld("9S 9H 9D", SETS_ONLY)) == "9S 9H 9D"
    assert str(make_meld("7H 8H 9H", SETS_ONLY)) == "7H 8H 9H"


def test_m4_sets_only_enumeration():
    assert texts(enumerate_melds("JK JK JK 9S 9H", SETS_ONLY)) == ["JK JK JK"]
    assert set(texts(enumerate_melds("JK JK JK JK 9S 9H 9D", SETS_ONLY))) == {
        "9S 9H 9D",
        "JK JK JK",
        "JK JK JK JK",
    }
    assert enumerate_melds("JK JK 7H 8H", SETS_ONLY) == ()


def test_m4_sets_only_lay_offs():
    jokers = make_meld("JK JK JK", SETS_ONLY)
    assert str(layoff(jokers, "JK", SETS_ONLY)) == "JK JK JK JK"
    assert refused_layoff(jokers, "9D", SETS_ONLY) == "L2"
    assert refused_layoff(layoff(jokers, "JK", SETS_ONLY), "JK", SETS_ONLY) == "L2"
    nines = make_meld("9S 9H 9D", SETS_ONLY)
    assert refused_layoff(nines, "JK", SETS_ONLY) == "M4"
    assert refused_layoff(nines, "JK=9", SETS_ONLY) == "M4"
    run = make_meld("7H 8H 9H", SETS_ONLY)
    assert refused_layoff(run, "JK=TH", SETS_ONLY) == "M4"


def test_v6_persian_preset_melds_jokers_in_groups():
    persian = presets.get("persian")
    assert str(make_meld("JK JK JK JK", persian)) == "JK JK JK JK"
    assert refused("7H 8H JK=9H", persian) == "M4"


# ---------------------------------------------------------------------------
# L2: laying off on a group


def test_l2_a_natural_of_a_missing_suit_or_a_joker_goes_on_a_group():
    group = make_meld("7S 7H 7D", DEFAULT)
    assert str(layoff(group, "7C", DEFAULT)) == "7S 7H 7D 7C"
    assert str(layoff(group, "JK=7", DEFAULT)) == "7S 7H 7D JK=7"
    assert str(layoff(make_meld("7H 7D 7C", DEFAULT), "7S", DEFAULT)) == "7S 7H 7D 7C"


def test_l2_two_cards_at_once_on_a_group():
    group = make_meld("7S JK=7 7H", DEFAULT)
    assert refused_layoff(group, "7D 7C") == "L2"
    assert str(layoff(make_meld("7S 7H JK=7", DEFAULT), "7C", DEFAULT)) == "7S 7H 7C JK=7"


@pytest.mark.parametrize(
    ("specs", "rule"),
    [("7S", "L2"), ("8S", "L2"), ("JK", "M4"), ("JK=7C", "M4"), ("JK=8", "M4")],
)
def test_l2_what_does_not_go_on_a_group(specs, rule):
    assert refused_layoff(make_meld("7S 7H 7D", DEFAULT), specs) == rule


def test_l2_a_full_group_takes_nothing():
    full = make_meld("7S 7H 7D 7C", DEFAULT)
    for specs in ("7S", "JK=7"):
        assert refused_layoff(full, specs) == "L2"


# ---------------------------------------------------------------------------
# L3: laying off on a run


def test_l3_a_pair_6_7_laid_off_together():
    run = make_meld("8H 9H TH", DEFAULT)
    assert str(layoff(run, "6H 7H", DEFAULT)) == "6H 7H 8H 9H TH"
    assert str(layoff(run, "7H 6H", DEFAULT)) == "6H 7H 8H 9H TH"
    assert refused_layoff(run, "6H") == "L3"


def test_l3_both_ends_at_once():
    run = make_meld("7H 8H 9H", DEFAULT)
    assert str(layoff(run, "TH 6H", DEFAULT)) == "6H 7H 8H 9H TH"
    assert str(layoff(run, "5H 6H TH JH", DEFAULT)) == "5H 6H 7H 8H 9H TH JH"


@pytest.mark.parametrize("specs", ["JH", "5H", "6H JH", "TS", "8H", "TH TH", "JK=T", "JK=TS", "JK"])
def test_l3_what_does_not_extend_a_run(specs):
    assert refused_layoff(make_meld("7H 8H 9H", DEFAULT), specs) in ("L3", "M4")


def test_l3_jokers_laid_off_on_a_run_are_declared_cards():
    run = make_meld("7H 8H 9H", DEFAULT)
    assert str(layoff(run, "JK=TH", DEFAULT)) == "7H 8H 9H JK=TH"
    assert str(layoff(run, "JK=6H JK=5H", DEFAULT)) == "JK=5H JK=6H 7H 8H 9H"


def test_l3_min_run_length_does_not_apply_to_lay_offs():
    four = Rules(min_run_length=4)
    assert str(layoff(make_meld("7H 8H 9H TH", four), "JH", four)) == "7H 8H 9H TH JH"


def test_l3_an_ace_laid_off_on_2_to_k_goes_high_under_low_or_high():
    two_to_king = make_meld(" ".join(r + "H" for r in "23456789TJQK"), DEFAULT)
    full = layoff(two_to_king, "AH", LOW_OR_HIGH)
    assert str(full) == "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    assert meld_points(full, STANDARD)[-1] == 15
    assert make_meld(str(full), LOW_OR_HIGH) == full


def test_l3_an_ace_on_2_to_k_around_the_corner_makes_the_run_a_to_k():
    two_to_king = make_meld(" ".join(r + "H" for r in "23456789TJQK"), AROUND)
    assert str(layoff(two_to_king, "AH", AROUND)) == " ".join(r + "H" for r in "A23456789TJQK")


@pytest.mark.parametrize(
    ("rules", "expected"),
    [(LOW, None), (LOW_OR_HIGH, "JH QH KH AH"), (AROUND, "JH QH KH AH")],
)
def test_l3_an_ace_on_j_q_k(rules, expected):
    run = make_meld("JH QH KH", rules)
    if expected is None:
        assert refused_layoff(run, "AH", rules) == "L3"
    else:
        assert str(layoff(run, "AH", rules)) == expected


@pytest.mark.parametrize("rules", ALL_ACES)
def test_l3_an_ace_on_2_3_4_goes_low(rules):
    assert str(layoff(make_meld("2H 3H 4H", rules), "AH", rules)) == "AH 2H 3H 4H"


def test_l3_laying_off_round_the_corner():
    assert str(layoff(make_meld("AH 2H 3H", AROUND), "KH", AROUND)) == "KH AH 2H 3H"
    assert str(layoff(make_meld("QH KH AH", AROUND), "2H", AROUND)) == "QH KH AH 2H"
    assert refused_layoff(make_meld("AH 2H 3H", LOW_OR_HIGH), "KH", LOW_OR_HIGH) == "L3"
    assert refused_layoff(make_meld("QH KH AH", LOW_OR_HIGH), "2H", LOW_OR_HIGH) == "L3"


def test_l1_a_lay_off_needs_a_card():
    assert refused_layoff(make_meld("7H 8H 9H", DEFAULT), "") == "L1"


# ---------------------------------------------------------------------------
# L4: a card that fits several melds


def test_l4_the_ten_that_fits_7_8_9_and_10_10_10():
    run = make_meld("7S 8S 9S", DEFAULT)
    tens = make_meld("TH TD TC", DEFAULT)
    on_run = layoff(run, "TS", DEFAULT)
    on_tens = layoff(tens, "TS", DEFAULT)
    assert str(on_run) == "7S 8S 9S TS"
    assert str(on_tens) == "TS TH TD TC"
    # Separate choices: laying it off on one leaves the other meld as it was.
    assert str(run) == "7S 8S 9S"
    assert str(tens) == "TH TD TC"


def test_l4_hearts_run_and_nines():
    # RULES.md L4: A melded 5-6-7♥, B melded 9-9-9; B lays off 8♥ on A's run;
    # C lays off 9♥ on the run or on the nines; only if it went on the run may
    # D lay off 10♥ on the run.
    run = layoff(make_meld("5H 6H 7H", DEFAULT), "8H", DEFAULT)
    nines = make_meld("9S 9D 9C", DEFAULT)
    assert str(run) == "5H 6H 7H 8H"

    nine_on_run = layoff(run, "9H", DEFAULT)
    assert str(nine_on_run) == "5H 6H 7H 8H 9H"
    assert str(layoff(nine_on_run, "TH", DEFAULT)) == "5H 6H 7H 8H 9H TH"

    nine_on_nines = layoff(nines, "9H", DEFAULT)
    assert str(nine_on_nines) == "9S 9H 9D 9C"
    assert refused_layoff(run, "TH") == "L3"
    assert refused_layoff(nine_on_nines, "TH") == "L2"


# ---------------------------------------------------------------------------
# S1: card values


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


# ---------------------------------------------------------------------------
# Meld text and repr


def test_meld_repr_rebuilds_it():
    meld = make_meld("6H 7H JK=8H", DEFAULT)
    assert repr(meld) == "Meld.parse('6H 7H JK=8H')"
    assert eval(repr(meld), {"Meld": Meld}) == meld


def test_make_meld_accepts_text_cards_and_meld_cards():
    expected = make_meld("6H 7H 8H", DEFAULT)
    assert make_meld(parse_cards("8H 6H 7H"), DEFAULT) == expected
    assert make_meld(["6H", "7H", "8H"], DEFAULT) == expected
    assert make_meld(expected.specs, DEFAULT) == expected
