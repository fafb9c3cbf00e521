"""Properties of card text, meld validation, meld enumeration, lay-offs and meld values.

The meld enumerator is checked against an independent brute force
(:mod:`tests.reference`) that tries every sub-multiset of a hand with every
joker declaration and judges it by RULES.md M1–M4 directly.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rummy500 import (
    Card,
    InvalidMeldError,
    Meld,
    MeldCard,
    Rules,
    enumerate_melds,
    layoff,
    make_deck,
    make_meld,
    meld_value,
    parse_card,
    parse_cards,
)
from rummy500.meldgen import count_vector, melds_from_counts
from rummy500.melds import layoff_problem, meld_points, meld_problem
from rummy500.rules import Ace, Jokers
from rummy500.values import BASIC, FIVES, STANDARD, CardValues
from tests import reference
from tests.strategies import (
    card_spellings,
    cards,
    hands,
    layoff_texts,
    rules,
    rules_and_meld_texts,
    spec_text_lists,
)

# The brute force is exponential in the hand; examples stay well under 50 ms
# with hands of up to 10 cards and 2 jokers, or 6 cards and 4 jokers.
brute_force_settings = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def as_set(melds: tuple[Meld, ...]) -> set[tuple[str, str]]:
    return {(meld.kind.value, str(meld)) for meld in melds}


# ---------------------------------------------------------------------------
# Card text


@given(cards())
def test_card_text_round_trips(card):
    assert parse_card(str(card)) == card
    assert len(str(card)) == 2
    assert eval(repr(card), {"Card": Card}) == card


@given(st.data())
def test_every_spelling_of_a_card_parses_to_it(data):
    card = data.draw(cards())
    text = data.draw(card_spellings(card))
    assert parse_card(text) == card


@given(st.lists(cards(), max_size=12), st.sampled_from([" ", ", ", ",", "  \t", "\n"]))
def test_parse_cards_reads_joined_text(cards_, separator):
    assert parse_cards(separator.join(str(card) for card in cards_)) == tuple(cards_)


@given(st.lists(cards(), max_size=12))
def test_cards_sort_by_suit_then_rank_with_jokers_last(cards_):
    def key(card):
        return (1, 0, 0) if card.is_joker else (0, "SHDC".index(card.suit.value), card.rank)

    assert sorted(cards_) == sorted(cards_, key=key)


# ---------------------------------------------------------------------------
# Meld validation against the reference model


@given(rules_and_meld_texts())
def test_valid_melds_are_accepted_in_canonical_form(case):
    meld_rules, texts = case
    text = " ".join(texts)
    meld = make_meld(text, meld_rules)
    assert str(meld) == text
    assert meld_problem(text, meld_rules) is None
    assert make_meld(str(meld), meld_rules) == meld
    assert (meld.kind.value, text) in reference.readings(
        [reference.parse_spec(t) for t in texts], meld_rules
    )


@given(rules_and_meld_texts(), st.randoms(use_true_random=False))
def test_meld_cards_may_be_given_in_any_order(case, rnd):
    meld_rules, texts = case
    # Only all 13 ranks under low_or_high depend on the order typed (the last ace is high).
    if len(texts) == 13:
        texts = texts[:-1]
        if len(texts) < meld_rules.min_run_length:
            return
    shuffled = list(texts)
    rnd.shuffle(shuffled)
    assert make_meld(shuffled, meld_rules) == make_meld(texts, meld_rules)


@given(rules(), spec_text_lists())
def test_make_meld_agrees_with_the_reference_model(meld_rules, texts):
    expected = reference.readings([reference.parse_spec(t) for t in texts], meld_rules)
    if not expected:
        with pytest.raises(InvalidMeldError) as info:
            make_meld(texts, meld_rules)
        assert info.value.rule in {"M1", "M2", "M3", "M4"}
        assert meld_problem(texts, meld_rules) == str(info.value)
    else:
        meld = make_meld(texts, meld_rules)
        assert (meld.kind.value, str(meld)) in expected
        assert meld_problem(texts, meld_rules) is None


# ---------------------------------------------------------------------------
# Enumeration against the brute force


def check_enumeration(hand, meld_rules):
    found = enumerate_melds(hand, meld_rules)
    assert len(found) == len(set(found)), "a meld is listed twice"
    assert as_set(found) == reference.brute_force_melds(hand, meld_rules)
    assert enumerate_melds(hand, meld_rules) == found, "the order is not deterministic"
    assert [(meld.kind, meld.codes) for meld in found] == [
        tuple(pair) for pair in melds_from_counts(count_vector(hand), meld_rules)
    ]


@pytest.mark.parametrize("jokers", list(Jokers))
@pytest.mark.parametrize("ace", list(Ace))
@brute_force_settings
@given(data=st.data())
@example(data=None)
def test_enumerate_melds_equals_brute_force(ace, jokers, data):
    # Every ace and joker knob explicitly; min_run_length, decks and jokers drawn.
    if data is None:  # the worked example of M4 under every knob
        hand, meld_rules = parse_cards("9S JK JK 7S 7H 7D"), Rules(ace=ace, jokers=jokers)
    else:
        hand = data.draw(hands(min_size=3, max_size=10, max_jokers=2), label="hand")
        meld_rules = data.draw(rules(aces=[ace], jokers=[jokers]), label="rules")
    check_enumeration(hand, meld_rules)


@brute_force_settings
@given(hands(max_size=6, decks=(2,), jokers_per_deck=(2, 4), max_jokers=4), rules())
def test_enumerate_melds_equals_brute_force_with_many_jokers(hand, meld_rules):
    check_enumeration(hand, meld_rules)


@given(hands(max_size=10), rules())
def test_enumerated_melds_are_valid_and_made_of_the_hand(hand, meld_rules):
    held = Counter(hand)
    for meld in enumerate_melds(hand, meld_rules):
        assert make_meld(meld.specs, meld_rules) == meld
        assert make_meld(str(meld), meld_rules) == meld
        assert not Counter(meld.cards) - held, f"{meld} uses cards not in {hand}"
        if meld_rules.jokers is Jokers.WILD:
            assert any(not card.is_joker for card in meld.cards)


def test_enumeration_accepts_text_and_cards_alike():
    text = "9S 9H JK 7H 8H"
    assert enumerate_melds(text, Rules()) == enumerate_melds(parse_cards(text), Rules())


# ---------------------------------------------------------------------------
# Lay-offs against the reference model


@given(st.data())
def test_layoff_agrees_with_the_reference_model(data):
    meld_rules, texts = data.draw(rules_and_meld_texts())
    meld = make_meld(texts, meld_rules)
    added = data.draw(layoff_texts(texts))
    expected = reference.layoff_result(
        [reference.parse_spec(t) for t in texts],
        meld.kind.value,
        [reference.parse_spec(t) for t in added],
        meld_rules,
    )
    if expected is None:
        with pytest.raises(InvalidMeldError) as info:
            layoff(meld, added, meld_rules)
        assert layoff_problem(meld, added, meld_rules) == str(info.value)
    else:
        result = layoff(meld, added, meld_rules)
        assert str(result) == expected
        assert result.kind == meld.kind
        assert make_meld(str(result), meld_rules) == result
        added_codes = [MeldCard.parse(text).code for text in added]
        assert Counter(result.codes) == Counter(meld.codes) + Counter(added_codes)
        assert layoff_problem(meld, added, meld_rules) is None


@given(st.data())
def test_layoff_results_stay_valid_melds(data):
    meld_rules, texts = data.draw(rules_and_meld_texts())
    meld = make_meld(texts, meld_rules)
    for _ in range(3):
        added = data.draw(layoff_texts([str(spec) for spec in meld.specs]))
        try:
            meld = layoff(meld, added, meld_rules)
        except InvalidMeldError:
            continue
        assert make_meld(str(meld), meld_rules) == meld


# ---------------------------------------------------------------------------
# Values (S1)

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


@pytest.mark.parametrize("ace", list(Ace))
def test_enumerate_melds_equals_brute_force_on_a_whole_suit(ace):
    # All 13 hearts: under low_or_high both A..K (ace low) and 2..A (ace high) are melds.
    hand = parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
    check_enumeration(hand, Rules(ace=ace))
    found = {str(meld) for meld in enumerate_melds(hand, Rules(ace=ace)) if len(meld) == 13}
    low, high = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    assert found == ({low, high} if ace is Ace.LOW_OR_HIGH else {low})


# ---------------------------------------------------------------------------
# The reference model itself, on the worked examples (so it cannot be vacuous)


def reference_readings(text, meld_rules):
    return reference.readings([reference.parse_spec(t) for t in text.split()], meld_rules)


def test_reference_model_knows_the_worked_examples():
    default = Rules()
    assert reference.brute_force_melds(parse_cards("9S JK JK"), default) == {
        ("group", "9S JK=9 JK=9"),
        ("run", "JK=7S JK=8S 9S"),
        ("run", "JK=8S 9S JK=TS"),
        ("run", "9S JK=TS JK=JS"),
    }
    assert not reference_readings("KS KH KD KC JK=K", default)
    assert not reference_readings("6S 6S 6H", default)
    assert not reference_readings("KH AH 2H", default)
    assert reference_readings("KH AH 2H", Rules(ace="around_the_corner")) == {("run", "KH AH 2H")}
    assert not reference_readings("QH KH AH", Rules(ace="low"))
    assert reference_readings("JK JK JK", Rules(jokers="sets_only")) == {("group", "JK JK JK")}
    assert not reference_readings("JK JK JK", default)
