"""No dead ends (rules §4.5): N1.

A move that would leave its player unable to end the turn (nothing left to
discard but the card just taken, T11) is illegal.  N1 also shapes other
rules; those tests live with their primary rule: test_t8_n1_... in
tests/test_playing.py (opening minimum), test_t9_n1_... (out of turn),
test_v7_n1_... in tests/test_gambit_dealers_joker.py, the perft positions
``*-n1-*`` in tests/test_perft.py, and the property test_no_dead_ends in
tests/test_engine_properties.py.
"""

from __future__ import annotations

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
    presets,
)
from rummy500._engine import melds_from_counts
from rummy500._engine.meldgen import count_vector
from rummy500._engine.opening import OpeningSearch
from rummy500._engine.ruleset import profile
from rummy500.cards import JOKER_CODE, parse_cards
from rummy500.meldcards import SPEC_PHYSICAL
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


def test_n1_a_play_leaving_only_copies_of_the_card_taken_alone_is_a_dead_end():
    # Two decks (five players): after taking the other K♦ alone, melding the run would
    # leave two K♦ and nothing else to discard (T11); with one more card to keep, it may.
    others = ["3H", "4H", "5H", "6H"]
    state = play(position(["5S 6S 7S KD", *others], discard="2C KD"), "take 1")
    illegal(state, "meld 5S 6S 7S", Reason.DEAD_END, "N1")
    assert "p0: meld 5S 6S 7S" not in texts(state)
    state = play(position(["5S 6S 7S 9C KD", *others], discard="2C KD"), "take 1")
    assert "p0: meld 5S 6S 7S" in texts(state)
    assert "p0: meld 5S 6S 7S" in [str(move) for move in legal_moves(state)]


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


# ---------------------------------------------------------------------------
# The opening wing's search (T8 with N1): can the cards still open and the turn end?


class _Anything:
    """A turn end that accepts any way to open, checking what the search hands it."""

    def __init__(self, counts, reserve, facts):
        self.counts, self.reserve, self.facts = counts, reserve, facts
        self.ways = []

    def ends_with(self, rest, reserve, laid):
        # the cards are conserved: what is left and what is laid make the hand
        used = [SPEC_PHYSICAL[code] for codes, _ in laid for code in codes]
        used += [JOKER_CODE for _, doubled in laid if doubled]
        total = list(rest)
        total[JOKER_CODE] += reserve
        for code in used:
            total[code] += 1
        held = list(self.counts)
        held[JOKER_CODE] += self.reserve
        assert total == held
        assert 0 <= reserve <= self.reserve
        for codes, _ in laid:
            self.facts.new_meld(codes)  # a valid new meld
        self.ways.append((list(rest), reserve, list(laid)))
        return True


def _opens(rules, counts, need, *, reserve=0, tame=False, doubling=False):
    """Whether a fresh search finds melds from ``counts`` worth ``need`` (any turn end)."""
    facts = profile(rules)
    search = OpeningSearch(facts, tame, doubling)
    end = _Anything(counts, reserve, facts)
    found = search.opens(list(counts), reserve, need, end)
    if found:
        way = end.ways[-1]
        points = sum(
            facts.new_meld(codes).points * (2 if doubled else 1) for codes, doubled in way[2]
        )
        assert points >= need
    return found


def _brute_best_points(rules, facts, counts, doubling=False):
    """The most points of disjoint new melds, by trying every meld in every order.

    With ``doubling`` the jokers are not wild: each may double one meld (V7).
    """
    playable = list(counts)
    if doubling:
        playable[JOKER_CODE] = 0
    best = 0
    for _, codes in melds_from_counts(playable, rules):
        rest = list(counts)
        for code in codes:
            rest[SPEC_PHYSICAL[code]] -= 1
        points = facts.new_meld(codes).points
        best = max(best, points + _brute_best_points(rules, facts, rest, doubling))
        if doubling and rest[JOKER_CODE]:
            rest[JOKER_CODE] -= 1
            best = max(best, 2 * points + _brute_best_points(rules, facts, rest, doubling))
    return best


def _cards_of(ranks, max_size):
    """Lists of card codes of the given ranks (0 = ace), jokers among them."""
    natural = st.builds(
        lambda rank, suit: suit * 13 + rank, st.sampled_from(ranks), st.integers(0, 3)
    )
    cards = st.one_of(natural, natural, natural, st.just(JOKER_CODE))
    return st.lists(cards, min_size=max_size // 2, max_size=max_size)


def _two_decks_at_most(codes):
    """The count vector of ``codes``, each card at most twice."""
    counts = [0] * (JOKER_CODE + 1)
    for code in codes:
        counts[code] = min(2, counts[code] + 1)
    return counts


@settings(max_examples=80, deadline=None)
@given(
    rules=playable_rules(),
    codes=_cards_of((0, 1, 2, 3, 10, 11, 12), 10),
)
def test_t8_the_opening_search_opens_exactly_when_the_best_melds_reach_the_need(rules, codes):
    # The search must be exact: a way to open exactly when the most points disjoint new
    # melds can score reach the need.  Cards from few ranks (A-4, J-K) so that melds
    # overlap and runs turn the corner; every way it finds is checked (valid melds, the
    # cards conserved, worth the need).
    counts = _two_decks_at_most(codes)
    facts = profile(rules)
    best = _brute_best_points(rules, facts, counts)
    event(f"best {'0' if not best else '>0'}")
    for need in {1, max(1, best), best + 1}:
        assert _opens(rules, counts, need) == (best >= need)


@settings(max_examples=60, deadline=None)
@given(
    rules=playable_rules(),
    codes=_cards_of((0, 1, 2, 11, 12), 9),
)
def test_t8_v7_doubling_jokers_count_exactly_toward_the_opening(rules, codes):
    # Dealer's gambit "double": jokers fit no meld but each may double one new meld
    # (a long run doubled whole is worth more than its halves, one doubled).
    counts = _two_decks_at_most(codes)
    counts[JOKER_CODE] = codes.count(JOKER_CODE) % 3
    facts = profile(rules)
    best = _brute_best_points(rules, facts, counts, doubling=True)
    for need in {1, max(1, best), best + 1}:
        assert _opens(rules, counts, need, tame=True, doubling=True) == (best >= need)


@settings(max_examples=80, deadline=None)
@given(
    rules=playable_rules(),
    suit=st.integers(0, 3),
    ranks=st.lists(st.integers(0, 12), min_size=6, max_size=10),
    jokers=st.integers(0, 2),
)
def test_t8_a_long_run_is_worth_as_much_as_the_two_runs_it_splits_into(rules, suit, ranks, jokers):
    # The opening search never tries a run that splits into two runs worth the same
    # points (it tries the two): it must stay exact on long runs of one suit, the ace
    # low or high, turning the corner, with jokers inside and at the ends.
    counts = [0] * (JOKER_CODE + 1)
    for rank in ranks:
        counts[suit * 13 + rank] = min(2, counts[suit * 13 + rank] + 1)
    counts[JOKER_CODE] = jokers
    best = _brute_best_points(rules, profile(rules), counts)
    assert _opens(rules, counts, max(1, best)) == (best > 0)
    assert not _opens(rules, counts, best + 1)


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
    assert _opens(rules, counts, points)
    assert not _opens(rules, counts, points + 1)


@settings(max_examples=150)
@given(
    rules=playable_rules(),
    fours=st.sampled_from([2, 3]),
    codes=_cards_of((0, 1, 12), 14),
)
def test_t8_v6_the_bound_holds_when_groups_of_four_count_more(rules, fours, codes):
    # The search cuts a branch when its bound says the cards left cannot bring the need:
    # with a group-of-four multiplier (V6) the bound must still be at least the exact
    # maximum.  Cards of three ranks, up to two of a card and up to four jokers.
    rules = attrs.evolve(rules, group_of_four_multiplier=fours)
    counts = _two_decks_at_most(codes)
    counts[JOKER_CODE] = codes.count(JOKER_CODE) % 5
    facts = profile(rules)
    search = OpeningSearch(facts, False, False)
    assert search.bound(counts) >= _brute_best_points(rules, facts, counts)


@settings(max_examples=100)
@given(codes=st.lists(st.integers(0, JOKER_CODE), max_size=12))
def test_t8_s1_the_bound_holds_when_cards_are_worth_less_than_nothing(codes):
    # Custom values may be negative (S1): such a card is better kept out of every meld, so
    # the bound counts it as nothing, never below zero.
    rules = Rules(card_values=CardValues.custom(ace=-5, low_ace=-3, joker=-2, face=-1))
    counts = _two_decks_at_most(codes)
    facts = profile(rules)
    search = OpeningSearch(facts, False, False)
    assert search.bound(counts) >= _brute_best_points(rules, facts, counts)


def test_t8_s1_a_negative_ace_does_not_hide_a_way_to_open():
    # Three aces worth -5 (low -3) and 2-3-4 of spades: the run opens a minimum of 9 alone.
    rules = Rules(card_values=CardValues.custom(ace=-5, low_ace=-3))
    counts = count_vector(parse_cards("AS AH AD 2S 3S 4S"))
    assert _opens(rules, counts, 9)
    assert not _opens(rules, counts, 10)


def test_t8_the_cards_kept_out_of_the_melds_stay_in_the_hand_handed_back():
    # 4♠ and 6♠ are decided first (lowest in rank order) and kept out of every meld: the
    # hand left after the queens must still hold them (the turn ends by discarding one).
    rules = presets.get("boathouse")  # fives, a card must be kept to discard (E2)
    counts = count_vector(parse_cards("4S 6S QH QD QC"))
    facts = profile(rules)
    end = _Anything(counts, 0, facts)
    assert OpeningSearch(facts, False, False).opens(list(counts), 0, 15, end)
    rest, reserve, laid = end.ways[0]
    assert rest == count_vector(parse_cards("4S 6S"))
    assert reserve == 0
    assert len(laid) == 1


def test_t8_n1_e2_a_first_meld_the_rest_of_the_hand_completes_to_the_minimum():
    # boathouse (E2: keep a card to discard; T8 minimum 30; fives): 2-2-2 is 15 points,
    # and Q-Q-Q from the cards left brings 45, keeping 4♠ and 6♠ to discard.
    state = position(
        ["2S 4S 6S 2H QH 2D QD QC", "TS KS 5H", "4C 9C KC"],
        discard="JC 5D 8C",
        phase="play",
        rules="boathouse",
    )
    assert "p0: meld 2S 2H 2D" in texts(state)
    state = play(state, "meld 2S 2H 2D")
    illegal(state, "discard 4S", Reason.NOT_OPENED, "T8")
    state = play(state, "meld QH QD QC")
    assert state.turn_points == 45


def test_t8_v7_the_dealers_joker_is_spent_before_a_joker_in_hand():
    # The dealer's joker (V7) is played before a joker of the hand: the turn end is
    # asked about the hand with its own joker still in it and the reserve spent (wild
    # jokers are worth nothing here: 5 + 6 + 0).
    rules = presets.get("dealers_gambit")
    counts = count_vector(parse_cards("5H 6H JK"))
    facts = profile(rules)
    end = _Anything(counts, 1, facts)
    assert OpeningSearch(facts, False, False).opens(list(counts), 1, 11, end)
    for rest, reserve, laid in end.ways:
        jokers = sum(SPEC_PHYSICAL[code] == JOKER_CODE for codes, _ in laid for code in codes)
        assert jokers >= 1
        assert reserve == 0  # spent by the first joker laid
        assert rest[JOKER_CODE] == 2 - jokers


def _plain_opens(rules):
    """A plain search in place of ``OpeningSearch.opens``: every meld, in every order.

    No card order, no memo, no run left out: each new meld of the hand is tried
    (each meld at or after the last one tried, so that a set of melds is tried in
    one order), cut only by a loose bound (every card at its highest value, times
    every multiplier).
    """
    facts = profile(rules)
    values = rules.card_values
    highest = max(0, *values.table, values.low_ace, rules.four_aces_value)
    scale = max(1, rules.group_of_four_multiplier) * 2

    def opens(self, counts, reserve, need, end):
        jokers = counts[JOKER_CODE] + reserve
        playable = list(counts)
        playable[JOKER_CODE] = 0 if self.tame else jokers
        spare = jokers if self.doubling else 0
        melds = [codes for _, codes in melds_from_counts(playable, rules)]
        laid = []

        def reach(first, need, spare):
            if need <= 0:
                left = counts[JOKER_CODE] + reserve
                left -= sum(
                    SPEC_PHYSICAL[code] == JOKER_CODE for codes, _ in laid for code in codes
                )
                left -= sum(doubled for _, doubled in laid)
                kept = max(0, reserve - (jokers - left))
                rest = list(counts)
                for codes, _ in laid:
                    for code in codes:
                        rest[SPEC_PHYSICAL[code]] -= 1
                rest[JOKER_CODE] = left - kept
                return end.ends_with(rest, kept, list(laid))
            if sum(playable) * highest * scale < need:
                return False
            for index in range(first, len(melds)):
                codes = melds[index]
                cards = [SPEC_PHYSICAL[code] for code in codes]
                if any(playable[card] < cards.count(card) for card in cards):
                    continue
                points = facts.new_meld(codes).points
                for card in cards:
                    playable[card] -= 1
                for doubled in (False, True) if spare else (False,):
                    laid.append((codes, doubled))
                    found = reach(index, need - points * (2 if doubled else 1), spare - doubled)
                    laid.pop()
                    if found:
                        break
                for card in cards:
                    playable[card] += 1
                if found:
                    return True
            return False

        return reach(0, need, spare)

    return opens


def _moves_by_plain_search(state):
    """``legal_moves(state)`` with the opening wing's search replaced by the plain one."""
    facts = profile(state.rules)
    facts.finishes.clear()
    with mock.patch.object(OpeningSearch, "opens", _plain_opens(state.rules)):
        moves = legal_moves(GameState.from_dict(state.to_dict()))
    facts.finishes.clear()
    return moves


@settings(max_examples=30, deadline=None)
@given(
    rules=playable_rules(),
    seed=st.integers(0, 2**32 - 1),
    minimum=st.sampled_from([40, 70, 100, 150]),
    players=st.integers(2, 4),
)
def test_t8_n1_the_opening_search_gives_the_moves_of_a_plain_search(rules, seed, minimum, players):
    # What the wing's search keeps to be fast (its card order, its bound, the shortfalls it
    # remembers, the long runs it leaves out) is switched off here: a plain search over
    # every meld in every order must give the same moves at states of random play.
    rules = attrs.evolve(rules, opening_minimum=minimum)
    players = min(max(players, rules.min_players), rules.max_players)
    rng = random.Random(seed)
    state = new_game(rules, players, seed=seed)
    checked = 0
    while not state.is_over and checked < 3:
        moves = legal_moves(state)
        hand = len(state.hands[state.to_move]) + len(state.discard)
        if state.to_move not in state.opened and hand <= 24 and rng.random() < 0.2:
            assert _moves_by_plain_search(state) == moves
            checked += 1
        state = apply_move(state, rng.choice(moves))
    event(f"checked {checked}")
