"""No dead ends (rules §4.5): N1.

A move that would leave its player unable to end the turn (nothing left to
discard but the card just taken, T11) is illegal.  N1 also shapes other
rules; those tests live with their primary rule: test_t8_n1_... in
tests/test_playing.py (opening minimum), test_t9_n1_... (out of turn),
test_v7_n1_... in tests/test_gambit.py, the perft positions
``*-n1-*`` in tests/test_perft.py, and the property test_no_dead_ends in
tests/test_engine_properties.py.
"""

from __future__ import annotations

import contextlib
import random
from unittest import mock

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from rummy500 import (
    CardValues,
    GameState,
    Reason,
    Rules,
    apply_move,
    legal_moves,
    new_game,
)
from rummy500._engine import calls as calls_module
from rummy500._engine import dead_ends, opening_reach, taking
from rummy500._engine.opening_bounds import upper_bound
from rummy500._engine.opening_points import (
    BEST_POINTS_BUDGET,
    BEST_POINTS_LEAST,
    best_melds,
    best_points,
    forget_overruns,
    points_budget,
    splits_in_two,
)
from rummy500._engine.opening_prices import PRICE_SCALE, packing_bound
from rummy500._engine.opening_reach import kind_options, reaching_melds
from rummy500._engine.opening_witness import natural_melds
from rummy500._engine.profile import Profile, profile
from rummy500._engine.recent_openings import RecentOpenings
from rummy500.cards import JOKER_CODE, parse_cards
from rummy500.meldcards import SPEC_PHYSICAL, format_meld_cards, meld_card_from_code
from rummy500.meldgen import Pool, count_vector, melds_from_counts, melds_from_pool
from rummy500.melds import MeldKind
from rummy500.testing import playable_rules
from tests.helpers import calls, result_of
from tests.positions import illegal, play, position, texts


def test_n1_melding_all_but_the_top_discard_just_taken_is_a_dead_end():
    state = position(["5S 6S 7S", "3H"], discard="2C KD")
    state = play(state, "take 1")
    error = illegal(state, "meld 5S 6S 7S", Reason.DEAD_END, "N1")
    assert "N1" in str(error)
    assert "T11" in str(error)
    assert "p0: meld 5S 6S 7S" not in texts(state)


def test_n1_unless_the_top_discard_can_itself_be_melded():
    state = position(["5S 6S 7S", "3H"], discard="2C KD", melds=[("TD JD QD", 1)])
    state = play(state, "take 1")
    state = play(state, "meld 5S 6S 7S")
    state = play(state, "layoff 0 KD")
    assert state.is_over
    assert result_of(state).went_out == 0


def test_n1_take_one_that_leaves_only_copies_of_the_taken_card():
    # Two decks: holding only 7♥, taking the other 7♥ would leave nothing to discard.
    state = position(["7H", "2C", "3C", "4C", "5C"], discard="3D 7H")
    illegal(state, "take 1", Reason.DEAD_END, "N1")
    assert texts(state) == ["p0: draw"]


def test_n1_r1_no_call_that_leaves_only_a_copy_of_the_card_taken():
    # Two decks: p2 holds only the other 6♠; after calling for the discarded 6♠
    # it could neither discard its 6♠ (T11) nor meld it.
    state = position(
        ["6S 2D", "2C 3C", "6S", "QH KH", "4D"],
        melds=[("7S 8S 9S", 1)],
        phase="play",
    )
    state = play(state, "discard 6S")
    assert calls(state) == ["p3: rummy 1 layoff 0 6S", "p4: rummy 1 layoff 0 6S"]
    illegal(state, "p2: rummy 1 layoff 0 6S", Reason.DEAD_END, "N1")


def _brute_best_points(rules, facts, counts):
    """The most points of disjoint new melds, by trying every meld in every order."""
    best = 0
    for _, codes in melds_from_counts(counts, rules):
        rest = list(counts)
        for code in codes:
            rest[SPEC_PHYSICAL[code]] -= 1
        best = max(best, facts.new_meld(codes).points + _brute_best_points(rules, facts, rest))
    return best


@settings(max_examples=60)
@given(
    rules=playable_rules(),
    codes=st.lists(
        st.integers(0, JOKER_CODE).filter(lambda code: code % 13 in (0, 1, 2, 3, 10, 11, 12)),
        max_size=9,
    ),
)
def test_t8_best_points_is_the_most_disjoint_melds_can_score(rules, codes):
    # The opening-minimum search (T8, N1) prunes with best_points: it must be exact.
    # Cards from few ranks (A-4, J-K) so that melds overlap and runs turn the corner.
    counts = [0] * (JOKER_CODE + 1)
    for code in codes:
        counts[code] += 1
    facts = profile(rules)
    best = _brute_best_points(rules, facts, counts)
    assert best_points(rules, facts, counts) == best
    assert best_points(rules, facts, counts, downward=True) == best  # kings first: same answer


@settings(max_examples=80)
@given(
    rules=playable_rules(),
    suit=st.integers(0, 3),
    ranks=st.lists(st.integers(0, 12), min_size=6, max_size=10),
    jokers=st.integers(0, 2),
)
def test_t8_a_long_run_is_worth_as_much_as_the_two_runs_it_splits_into(rules, suit, ranks, jokers):
    # The opening search never tries a run that splits into two runs worth the same
    # points (it tries the two): the maxima must stay exact on long runs of one suit,
    # the ace low or high, turning the corner, with jokers inside and at the ends.
    counts = [0] * (JOKER_CODE + 1)
    for rank in ranks:
        counts[suit * 13 + rank] = min(2, counts[suit * 13 + rank] + 1)
    counts[JOKER_CODE] = jokers
    facts = profile(rules)
    best = _brute_best_points(rules, facts, counts)
    assert best_points(rules, facts, counts) == best
    assert best_points(rules, facts, counts, downward=True) == best
    assert reaching_melds(rules, facts, counts, best) is not None
    assert reaching_melds(rules, facts, counts, best + 1) is None


@pytest.mark.parametrize(
    ("ace", "cards", "points"),
    [
        # split after the king, the ace would stand low (1 point, not 15): kept whole
        ("around_the_corner", "JH QH KH AH 2H 3H", 50),
        # split in two, one half would hold jokers alone: kept whole
        ("low_or_high", "5H JK JK JK JK JK", 80),
    ],
)
def test_t8_a_long_run_that_splits_only_at_a_loss_is_kept_whole(ace, cards, points):
    rules = Rules(ace=ace)
    counts = count_vector(parse_cards(cards))
    facts = profile(rules)
    assert best_points(rules, facts, counts) == points
    assert reaching_melds(rules, facts, counts, points) is not None


def _two_decks_at_most(codes):
    """The count vector of ``codes``, each card at most twice."""
    counts = [0] * (JOKER_CODE + 1)
    for code in codes:
        counts[code] = min(2, counts[code] + 1)
    return counts


def _points_of_disjoint_melds_of(facts, counts, melds):
    """The points of the new melds ``melds``, checked to be disjoint cards of ``counts``."""
    left = list(counts)
    for meld in melds:
        for code in meld:
            left[SPEC_PHYSICAL[code]] -= 1
    assert min(left) >= 0
    return sum(facts.new_meld(meld).points for meld in melds)


@settings(max_examples=100)
@given(
    rules=playable_rules(),
    codes=st.lists(st.integers(0, JOKER_CODE), max_size=30),
)
def test_t8_best_melds_are_disjoint_melds_of_the_hand_worth_the_best_points(rules, codes):
    # The opening search (T8, N1) opens with the melds best_points found when they bring
    # the minimum: they must be valid new melds, disjoint, from the hand, worth that much.
    counts = _two_decks_at_most(codes)
    facts = profile(rules)
    for downward in (False, True):
        best = best_points(rules, facts, counts, 4096, downward=downward)
        melds = best_melds(facts, counts, downward=downward)
        if best is not None and melds is not None:
            assert _points_of_disjoint_melds_of(facts, counts, melds) == best


@settings(max_examples=150)
@given(
    rules=playable_rules(),
    codes=st.lists(st.integers(0, JOKER_CODE), max_size=40),
)
def test_t8_natural_melds_are_valid_disjoint_melds_of_the_hand(rules, codes):
    # The quick witness of the opening search (T8, N1) claims a way to open: its melds
    # must be valid new melds, disjoint, from the hand, worth the points it says.
    counts = _two_decks_at_most(codes)
    facts = profile(rules)
    jokers = counts[JOKER_CODE] if facts.wild else 0
    witness = natural_melds(facts, counts, 0, jokers)
    assert witness is not None
    melds, points = witness
    assert points == _points_of_disjoint_melds_of(facts, counts, melds)
    exact = best_points(rules, facts, counts, 4096)
    assert exact is None or points <= exact


@settings(max_examples=40, deadline=None)
@given(
    rules=playable_rules(),
    hands=st.lists(
        st.lists(st.integers(0, JOKER_CODE), min_size=8, max_size=18), min_size=1, max_size=3
    ),
    order=st.randoms(use_true_random=False),
)
def test_t8_reaching_melds_answers_stay_exact_whatever_was_asked_before(rules, hands, order):
    # A hand found short remembers the most points its branches allow (fail-soft): the
    # next questions, about the same hands and the hands inside them, for every target
    # up to just past the best, in any order, must get the exact answer from that memory.
    facts = Profile(rules)  # one memory for every question of the example
    questions = []
    for codes in hands:
        counts = _two_decks_at_most(codes)
        best = best_points(rules, Profile(rules), counts)
        questions += [(counts, best, target) for target in range(best + 4)]
    order.shuffle(questions)
    for counts, best, target in questions:
        assert (reaching_melds(rules, facts, counts, target) is not None) == (best >= target)


def test_t8_each_overrun_of_the_exact_maximum_halves_the_next_budget_in_the_position():
    # The exact maximum (T8, N1) answers within a budget of hands; a position whose
    # hands overrun it tends to overrun it again, so each overrun halves the budget of
    # the next question, down to BEST_POINTS_LEAST, until the generator turns to
    # another position (forget_overruns), which restores the whole budget.
    rules = Rules()
    facts = Profile(rules)
    counts = count_vector(parse_cards("3S 4S 5S 6S 3H 4H 5H 6H 3D 4D 5D 6D JK JK"))
    assert points_budget(facts) == BEST_POINTS_BUDGET
    for overruns in range(1, 8):
        facts.best_points_cutoff = 1 << 30  # else the cutoff alone skips the hand at once
        assert best_points(rules, facts, counts, 1) is None
        assert facts.best_points_overruns == overruns
        assert points_budget(facts) == max(BEST_POINTS_LEAST, BEST_POINTS_BUDGET >> overruns)
    assert points_budget(facts) == BEST_POINTS_LEAST
    forget_overruns(facts)
    assert points_budget(facts) == BEST_POINTS_BUDGET
    assert best_points(rules, facts, counts, points_budget(facts)) == best_points(
        rules, Profile(rules), counts
    )


@settings(max_examples=150)
@given(
    rules=playable_rules(),
    fours=st.sampled_from([1, 1, 2, 3]),
    codes=st.lists(st.integers(0, JOKER_CODE), max_size=18),
    offset=st.integers(-30, 5),
    priced=st.booleans(),
)
def test_t8_reaching_melds_reach_a_target_exactly_when_the_best_points_do(
    rules, fours, codes, offset, priced
):
    # For hands too large for the exact maximum the opening search (T8, N1) asks
    # reaching_melds whether the minimum is within reach: yes exactly when best_points
    # is at least the target, with valid disjoint melds of the hand worth what it says
    # (also when groups of four count more: the bound is then cut per rank).  With
    # ``priced`` every hand is priced by the packing relaxation at once, and the prices
    # kept for a hand are tried on the hands asked after it.
    rules = attrs.evolve(rules, group_of_four_multiplier=fours)
    counts = _two_decks_at_most(codes)
    facts = profile(rules)
    best = best_points(rules, facts, counts)
    assert upper_bound(facts, counts) >= best
    for target in (best + offset, best, best + 1):
        with mock.patch.object(opening_reach, "PLAIN_NODES", 0 if priced else 200):
            reached = reaching_melds(rules, facts, counts, target)
        assert (reached is not None) == (best >= target)
        if reached is not None:
            melds, points = reached
            assert points == _points_of_disjoint_melds_of(facts, counts, melds)
            assert points >= target


@settings(max_examples=100, deadline=None)
@given(
    rules=playable_rules(),
    fours=st.sampled_from([1, 1, 2]),
    codes=st.lists(st.integers(0, JOKER_CODE), max_size=40),
)
def test_t8_the_packing_prices_pay_for_every_meld_of_the_hand(rules, fours, codes):
    # The opening search (T8, N1) rules a target out when the hand's cards at the packing
    # relaxation's prices cost less: every new meld of the hand, as the meld generator
    # lists them, must cost at least its points, and so the hand at least its best.
    rules = attrs.evolve(rules, group_of_four_multiplier=fours)
    counts = _two_decks_at_most(codes)
    facts = Profile(rules)
    prices = packing_bound(rules, facts, counts)
    assert prices is not None
    assert prices.scale == PRICE_SCALE
    assert prices.covers(counts)
    for _, meld in melds_from_counts(counts, rules):
        cost = sum(prices.price[SPEC_PHYSICAL[code]] for code in meld)
        assert cost >= facts.new_meld(meld).points * PRICE_SCALE
    if sum(counts) <= 16:
        assert prices.cost(counts) >= best_points(rules, facts, counts) * PRICE_SCALE


def test_t8_the_packing_prices_rule_out_what_every_card_at_its_highest_would_not():
    # Six cards that each meld only beside the one joker: every card at its highest
    # value would allow 5+6+7+8+9+10+15 = 60 points, the packing prices see that the
    # joker makes one run of three (at most 9+15+10 = 34): 35 is out of reach at once.
    rules = Rules()
    counts = count_vector(parse_cards("5S 7S 6H 8H 9D TD JK"))
    facts = Profile(rules)
    assert best_points(rules, facts, counts) == 34
    assert upper_bound(facts, counts) == 60
    prices = packing_bound(rules, facts, counts)
    assert prices is not None
    assert prices.cost(counts) < 35 * PRICE_SCALE
    with mock.patch.object(opening_reach, "PLAIN_NODES", 0):
        assert reaching_melds(rules, facts, counts, 35) is None
        assert reaching_melds(rules, facts, counts, 34) is not None


@settings(max_examples=150)
@given(
    rules=playable_rules(),
    runs=st.booleans(),
    line=st.integers(0, 12),
    held=st.integers(1, (1 << 13) - 1),
    jokers=st.integers(0, 6),
)
def test_t8_a_cards_options_are_the_melds_of_its_suit_or_rank_that_hold_it(
    rules, runs, line, held, jokers
):
    # The opening search (T8, N1) lists the runs of a suit (the groups of a rank) once for
    # all its cards: each card's options must be exactly the melds of that kind holding it
    # as itself, as listed for the card alone, each with its cards, points and loss.
    if runs:
        line %= 4
        codes = [line * 13 + rank for rank in range(13) if held >> rank & 1]
    else:
        held = held & 15 or 1
        codes = [suit * 13 + line for suit in range(4) if held >> suit & 1]
    kind = MeldKind.RUN if runs else MeldKind.GROUP
    facts = Profile(rules)
    pool = Pool(codes)
    pool.jokers = jokers
    for code in codes:
        expected = sorted(
            codes_of
            for meld_kind, codes_of in melds_from_pool(pool, rules, code)
            if meld_kind is kind
        )
        losses, options = kind_options(rules, facts, facts.prices, code, runs, held, jokers)
        assert len(losses) == len(options)
        assert list(losses) == sorted(losses)
        for loss, (meld, used, points) in zip(losses, options, strict=True):
            assert meld in expected
            assert code in meld
            assert used == tuple(sorted(SPEC_PHYSICAL[spec] for spec in meld))
            assert points == facts.new_meld(meld).points
            assert loss == sum(facts.prices.price[card] for card in used) - points
        # every meld left out is two runs in one, or leaves the same hand for the same points
        kept = {(used, points) for _, used, points in options}
        for meld in expected:
            facts_of = (
                tuple(sorted(SPEC_PHYSICAL[spec] for spec in meld)),
                facts.new_meld(meld).points,
            )
            assert facts_of in kept or (runs and splits_in_two(meld, facts.min_run))


@settings(max_examples=150)
@given(
    rules=playable_rules(),
    fours=st.sampled_from([2, 3]),
    codes=st.lists(
        st.integers(0, JOKER_CODE).filter(lambda code: code % 13 in (0, 1, 12)), max_size=14
    ),
)
def test_t8_v6_the_upper_bound_holds_when_groups_of_four_count_more(rules, fours, codes):
    # The opening search (T8, N1) refuses at once what the upper bound rules out: with a
    # group-of-four multiplier (V6) it must still be at least the exact maximum.  Cards of
    # three ranks, up to two of a card and up to four jokers: groups of four compete for them.
    rules = attrs.evolve(rules, group_of_four_multiplier=fours)
    counts = _two_decks_at_most(codes)
    counts[JOKER_CODE] = codes.count(JOKER_CODE)
    facts = profile(rules)
    assert upper_bound(facts, counts) >= best_points(rules, facts, counts)


@settings(max_examples=100)
@given(codes=st.lists(st.integers(0, JOKER_CODE), max_size=12))
def test_t8_s1_the_upper_bound_holds_when_cards_are_worth_less_than_nothing(codes):
    # Custom values may be negative (S1): such a card is better kept out of every meld, so
    # the bound of the opening search (T8, N1) counts it as nothing, never below zero.
    rules = Rules(card_values=CardValues.custom(ace=-5, low_ace=-3, joker=-2, face=-1))
    counts = _two_decks_at_most(codes)
    facts = profile(rules)
    assert upper_bound(facts, counts) >= best_points(rules, facts, counts)


def test_t8_s1_a_negative_ace_does_not_hide_a_way_to_open():
    # Three aces worth -5 (low -3) and 2-3-4 of spades: the run opens a minimum of 9 alone.
    rules = Rules(card_values=CardValues.custom(ace=-5, low_ace=-3))
    counts = count_vector(parse_cards("AS AH AD 2S 3S 4S"))
    facts = profile(rules)
    assert best_points(rules, facts, counts) == 9
    assert upper_bound(facts, counts) >= 9
    assert reaching_melds(rules, facts, counts, 9) is not None


def _keep(openings, facts, text):
    """Keep the melds written as ``text`` ("5S 6S 7S / KH KD KC") in ``openings``."""
    melds = [tuple(card.code for card in parse_cards(part)) for part in text.split("/")]
    openings.add(melds, lambda codes: facts.new_meld(codes).points)


def test_t8_melds_that_opened_lately_answer_where_those_that_still_fit_reach_the_need():
    # The opening search (T8, N1) first fits the melds that opened lately into the
    # cards a play leaves: a meld that no longer fits is skipped, the others count.
    facts = Profile(Rules())
    openings = RecentOpenings(2)
    _keep(openings, facts, "5S 6S 7S / KH KD KC")
    counts = count_vector(parse_cards("5S 6S KH KD KC 2C 3D"))  # the run lacks 7S
    assert openings.opens(counts, 30, None)
    assert not openings.opens(counts, 31, None)
    assert counts == count_vector(parse_cards("5S 6S KH KD KC 2C 3D"))  # left as it was
    # a card to discard must stay: two cards, one of them not the card taken alone (T11)
    assert not openings.opens(count_vector(parse_cards("KH KD KC 2C")), 30, None)
    two_of_clubs = parse_cards("2C")[0].code
    assert not openings.opens(count_vector(parse_cards("KH KD KC 2C 2C")), 30, two_of_clubs)
    assert openings.opens(count_vector(parse_cards("KH KD KC 2C 3C")), 30, two_of_clubs)
    # the latest kept first; the oldest dropped beyond the limit
    _keep(openings, facts, "AS AH AD")
    _keep(openings, facts, "QS QH QD")
    assert not openings.opens(count_vector(parse_cards("5S 6S 7S 2C 3C")), 1, None)
    assert openings.opens(count_vector(parse_cards("AS AH AD 2C 3C")), 45, None)


@settings(max_examples=100, deadline=None)
@given(
    rules=playable_rules(),
    kept=st.lists(st.one_of(st.integers(0, 25), st.just(JOKER_CODE)), min_size=12, max_size=30),
    codes=st.lists(st.integers(0, JOKER_CODE), max_size=6),
    cut=st.integers(0, 6),
    need=st.integers(1, 100),
)
def test_t8_melds_that_opened_lately_answer_yes_only_where_the_hand_reaches_the_need(
    rules, kept, codes, cut, need
):
    # Whatever hand the kept melds came from (here one rich in runs), a yes means the
    # hand itself has disjoint melds worth the need with a card to spare: never more
    # than its exact maximum.
    facts = Profile(rules)
    openings = RecentOpenings(4)
    held = _two_decks_at_most(kept)
    witness = natural_melds(facts, held, 0, held[JOKER_CODE] if facts.wild else 0)
    if witness is not None:
        openings.add(witness[0], lambda codes: facts.new_meld(codes).points)
    counts = _two_decks_at_most(kept[cut:] + codes)  # part of the hand they came from
    if openings.opens(list(counts), need, None):
        event("opens")
        assert best_points(rules, facts, counts) >= need
        assert sum(counts) >= 2


def _memos(facts):
    """The memos of the opening search in the profile ``facts``."""
    return (
        facts.finishes,
        facts.witnesses,
        facts.best_points,
        facts.best_points_down,
        facts.prices.short_of,
        facts.certificates,
        facts.openings.openings,
    )


def _moves_with(state, *patches):
    """``legal_moves(state)`` under ``patches``, the opening search's memos emptied around it."""
    facts = profile(state.rules)
    for memo in _memos(facts):
        memo.clear()
    with contextlib.ExitStack() as stack:
        for patch in patches:
            stack.enter_context(patch)
        moves = legal_moves(GameState.from_dict(state.to_dict()))
    for memo in _memos(facts):
        memo.clear()
    return moves


def _search_only_moves(state, *patches):
    """``legal_moves(state)`` with the opening search's quick answers off (and ``patches``)."""
    return _moves_with(
        state,
        *patches,
        mock.patch.object(dead_ends.PoolCheck, "_opens_beside", return_value=False),
        mock.patch.object(dead_ends._Search, "_opens_at_once", return_value=False),
        mock.patch.object(dead_ends, "best_melds", return_value=None),
        mock.patch.object(RecentOpenings, "opens", return_value=False),
        mock.patch.object(dead_ends.PoolCheck, "_priced_short", return_value=False),
        mock.patch.object(taking, "cannot_open_from", return_value=False),
        mock.patch.object(calls_module, "cannot_open_from", return_value=False),
    )


def _moves_without_exact_maxima(state):
    """``legal_moves(state)`` with every exact maximum overrunning its budget."""
    return _moves_with(state, mock.patch.object(dead_ends, "best_points", return_value=None))


#: The games of the agreement tests: a seed, an opening minimum and the players.
_RANDOM_GAMES = {
    "seed": st.integers(0, 2**32 - 1),
    "minimum": st.sampled_from([40, 70, 100, 130]),
    "players": st.integers(2, 5),
}


def _assert_agrees_in_random_play(seed, minimum, players, other_moves):
    """Assert that ``other_moves`` equals ``legal_moves`` at four states of a random game."""
    rng = random.Random(seed)
    state = new_game(Rules(opening_minimum=minimum), players, seed=seed)
    checked = 0
    while not state.is_over and checked < 4:
        moves = legal_moves(state)
        if rng.random() < 0.1:
            assert other_moves(state) == moves
            checked += 1
        state = apply_move(state, rng.choice(moves))


@settings(max_examples=12, deadline=None)
@given(**_RANDOM_GAMES)
def test_t8_n1_quick_answers_of_the_opening_search_agree_with_the_search(seed, minimum, players):
    # Under an opening minimum the generator answers most plays at once: a pool that
    # could not open even melding every card, or melds found at once beside the play.
    # Each quick answer must be the one the full search gives.
    _assert_agrees_in_random_play(seed, minimum, players, _search_only_moves)


@settings(max_examples=12, deadline=None)
@given(**_RANDOM_GAMES)
def test_t8_n1_the_opening_search_without_exact_maxima_gives_the_same_moves(seed, minimum, players):
    # When the exact maximum of a large hand overruns its budget, the search asks
    # whether the points missing are within reach instead: the same moves come out.
    _assert_agrees_in_random_play(seed, minimum, players, _moves_without_exact_maxima)


@settings(max_examples=12, deadline=None)
@given(**_RANDOM_GAMES)
def test_t8_n1_pools_priced_at_their_first_question_give_the_same_moves(seed, minimum, players):
    # A large pool whose plays the search keeps finding short is priced by the packing
    # relaxation, and its other plays are put to those prices first (after the melds
    # that opened lately): doing both for every pool, at its first question, must
    # refuse exactly the plays the search refuses.
    _assert_agrees_in_random_play(
        seed,
        minimum,
        players,
        lambda state: _moves_with(
            state,
            mock.patch.object(dead_ends, "_SHORTS_BEFORE_PRICES", 0),
            mock.patch.object(dead_ends, "_LARGE_POOL", 0),
        ),
    )


@settings(max_examples=12, deadline=None)
@given(**_RANDOM_GAMES)
def test_t8_n1_the_opening_search_skipping_its_first_step_gives_the_same_moves(
    seed, minimum, players
):
    # The search of a large hand skips its first step (every card at its highest value)
    # while that step keeps running over its limit: skipping it for every hand but one
    # in PLAIN_PROBE, with the quick answers off and every exact maximum overrunning
    # (so that this search answers every question), must give the same moves.
    _assert_agrees_in_random_play(
        seed,
        minimum,
        players,
        lambda state: _search_only_moves(
            state,
            mock.patch.object(dead_ends, "best_points", return_value=None),
            mock.patch.object(opening_reach, "PLAIN_OVERRUNS", 0),
        ),
    )


def test_t8_the_quick_witness_spends_jokers_where_they_add_most():
    # A joker makes 8♣ 9♣ a run (8 + 9 + 15) rather than 4♠ 4♥ a group (4 + 4 + 15);
    # a second joker then makes that group (23) rather than lengthen the run (15).
    facts = profile(Rules())
    counts = count_vector(parse_cards("8C 9C 4S 4H JK"))
    melds, points = natural_melds(facts, counts, 0, 1)
    assert [format_meld_cards(meld_card_from_code(code) for code in meld) for meld in melds] == [
        "8C 9C JK=TC"
    ]
    assert points == 32
    counts[JOKER_CODE] = 2
    melds, points = natural_melds(facts, counts, 0, 2)
    assert points == _points_of_disjoint_melds_of(facts, counts, melds) == 32 + 23
