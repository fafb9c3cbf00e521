"""The named variants (rules §8): V1–V6 and V8, preset by preset.

V1 pagat (the default), V2 wikipedia, V3 boathouse, V4 basic rummy, V5
partnership (the sides 0+2 and 1+3 scored as units, in hands and matches),
V6 Persian rummy (a group of four laid down at once counts double, jokers in
sets only, +25 for going out, +50 for the better side after two hands), V8
the other [W] variants as knobs; then every preset played end to end.
Dealer's gambit (V7) is in tests/test_gambit_*.py.  A preset's knob that has a
rule of its own is tested with that rule (e.g. test_t4_v4_... in
tests/test_taking.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import jsonschema
import pytest

from rummy500 import (
    KNOBS,
    CardValues,
    EndReason,
    GameState,
    IllegalMoveError,
    Phase,
    PlayerView,
    Reason,
    Rules,
    RulesError,
    Session,
    apply_move,
    check_move,
    is_legal,
    json_schema,
    legal_moves,
    make_meld,
    meld_value,
    new_game,
    observe,
    parse_move,
    presets,
)
from rummy500.match import new_match, sides
from rummy500.melds import four_aces, laid_points
from rummy500.positions import rules_to_data
from rummy500.rules import (
    Ace,
    DeepestCardUse,
    DiscardTake,
    GoingOut,
    Jokers,
    RummyCall,
    Scoring,
    StockExhausted,
    Tiebreak,
)
from rummy500.values import BASIC, FIVES
from tests.helpers import (
    PAGAT,
    PARTNERSHIP,
    PERSIAN,
    SEED,
    TABLE,
    all_cards,
    assert_next_hand,
    exhaust,
    finish,
    go_out,
    knobs,
    last_stock_card,
    legal,
    play_all,
    refused,
    result_of,
    start,
    stock_out,
    under,
    with_keys,
)
from tests.positions import illegal, play, position

# ---------------------------------------------------------------------------
# V1 pagat


def test_v1_pagat_is_the_default():
    assert presets.get("pagat") == Rules()


# ---------------------------------------------------------------------------
# V2 wikipedia


def test_v2_wikipedia():
    rules = presets.get("wikipedia")
    assert rules.jokers_per_deck == 2
    assert rules.card_values == FIVES
    assert rules.top_discard_must_meld is True
    assert rules.deepest_card_use is DeepestCardUse.NEW_MELD_ONLY
    assert rules.discard_take is DiscardTake.ANY_DEPTH
    assert (rules.hand_size_for(2), rules.hand_size_for(3)) == (13, 7)
    assert rules.min_run_length == 3
    assert rules.ace is Ace.LOW_OR_HIGH
    assert rules.opening_minimum == 30
    assert rules.stock_out_penalty is False
    assert rules.tiebreak is Tiebreak.WENT_OUT
    assert rules.rummy_call is RummyCall.NONE


def test_v2_wikipedia_opening_minimum_uses_fives_values():
    # Under fives, 5-6-7♠ is 15 and Q-K-A♦ is 35.
    state = position(["5S 6S 7S QD KD AD 2C", "3H"], phase="play", rules="wikipedia")
    assert "p0: meld 5S 6S 7S" in legal(state)  # completable with Q-K-A
    after = play(state, "meld 5S 6S 7S")
    assert after.turn_points == 15
    illegal(after, "discard 2C", Reason.NOT_OPENED, "T8")
    after = play(after, "meld QD KD AD")
    assert (after.turn_points, after.opened) == (50, frozenset({0}))
    lone = position(["5S 6S 7S 2C 9D", "3H"], phase="play", rules="wikipedia")
    illegal(lone, "meld 5S 6S 7S", Reason.DEAD_END, "N1")


def test_v2_wikipedia_has_no_stock_out_penalty():
    assert stock_out(2, "wikipedia").scores == (5 + 5 + 5, 10 + 10 + 10)


# ---------------------------------------------------------------------------
# V3 boathouse


def test_v3_boathouse_is_wikipedia_with_a_discard_required():
    rules = presets.get("boathouse")
    assert rules.going_out is GoingOut.DISCARD_REQUIRED
    assert rules.evolve(going_out="meld_or_discard") == presets.get("wikipedia")


def test_v3_boathouse_cannot_pick_up_a_card_that_leaves_no_discard():
    # Boathouse: the top card taken must go into a new meld, and a card must
    # be kept to discard: with only 5-6♠ in hand the 7♠ cannot be taken.
    state = with_keys(position(["5S 6S", "2C"], discard="3D 7S", rules="boathouse"), opened=[0])
    assert legal(state) == {"p0: draw"}
    wikipedia = under(state, "wikipedia")
    assert legal(wikipedia) == {"p0: draw", "p0: take 1 meld 5S 6S 7S"}


# ---------------------------------------------------------------------------
# V4 basic rummy


def test_v4_basic_rummy():
    rules = presets.get("basic_rummy")
    assert rules.decks == 1
    assert rules.jokers_per_deck == 0
    assert len(rules.deck(6)) == 52
    assert rules.ace is Ace.LOW
    assert rules.discard_take is DiscardTake.TOP_ONLY
    assert rules.rummy_call is RummyCall.NONE
    assert rules.card_values == BASIC
    assert rules.scoring is Scoring.WINNER_TAKES_HANDS
    assert rules.going_rummy_multiplier == 2
    assert rules.stock_exhausted is StockExhausted.RESHUFFLE
    assert rules.target_score == 150
    assert (rules.min_players, rules.max_players) == (2, 6)


def test_v4_basic_rummy_reshuffles_the_pile():
    state = last_stock_card("basic_rummy")
    after = play(state, "discard KD")
    assert after.stock_rebuilds == 1
    assert "p1: draw" in legal(after)


def test_v4_basic_rummy_going_rummy_with_basic_values():
    state = position(
        ["5S 6S 7S KD", "AS 2C"], melds=[("9H 9D 9C", 1)], phase="play", rules="basic_rummy"
    )
    result = result_of(play_all(state, "meld 5S 6S 7S", "discard KD"))
    assert result.going_rummy
    assert result.scores == (2 * (1 + 2), 0)


# ---------------------------------------------------------------------------
# V5 partnership


def test_v5_partnership():
    rules = presets.get("partnership")
    assert rules.partnerships is True
    assert (rules.min_players, rules.max_players) == (4, 4)


def test_v5_sides_are_seats_0_2_and_1_3() -> None:
    assert sides(PARTNERSHIP, 4) == ((0, 2), (1, 3))
    assert sides(PAGAT, 4) == ((0,), (1,), (2,), (3,))
    match = new_match(PARTNERSHIP, 4, seed=SEED)
    assert match.totals == (0, 0)


def test_v5_partnership_preset_needs_four_players() -> None:
    with pytest.raises(ValueError, match=r"V5|D2"):
        new_match(PARTNERSHIP, 3, seed=SEED)


def test_v5_each_side_scores_the_sum_of_its_seats() -> None:
    match = go_out(start(PARTNERSHIP, 4, totals=(10, 20)), 1)
    result = match.history[0].result
    assert result.scores == (27, 30, 25, 24)
    assert result.team_scores == (52, 54)
    assert match.totals == (62, 74)
    assert match.history[0].totals == (62, 74)


def test_v5_team_scores_at_stock_exhaustion() -> None:
    match = exhaust(start(PARTNERSHIP, 4), 3)
    assert match.history[0].result.team_scores == (27 + 25, 26 + 24)
    assert match.totals == (52, 50)


def test_v5_partners_may_lay_off_on_each_others_melds() -> None:
    hand = position(
        ["3D", "4D", "TC 2C", "6D"],
        melds=[(TABLE[0], 0), (TABLE[1], 1)],
        to_move=2,
        phase="play",
        rules="partnership",
    )
    hand = play(hand, "layoff 0 TC")  # on the partner's tens
    assert hand.melds[0].by == (0, 0, 0, 2)
    hand = play(hand, "discard 2C")
    assert hand.result is not None
    assert hand.result.scores == (27, 26, 10, -6)
    assert hand.result.team_scores == (37, 20)


def test_v5_add_opponent_hands_the_side_out_adds_the_other_sides_hands() -> None:
    rules = PARTNERSHIP.evolve(scoring="add_opponent_hands")
    match = go_out(start(rules, 4), 1)
    result = match.history[0].result
    # Side 1+3 melded 60 and adds the hands of seats 0 and 2 (3 + 5), not seat 3's own.
    assert result.team_scores == (60, 68)
    assert match.totals == (60, 68)


def test_v5_add_opponent_hands_each_side_adds_the_others_at_stock_exhaustion() -> None:
    rules = PARTNERSHIP.evolve(scoring="add_opponent_hands")
    match = exhaust(start(rules, 4), 0)
    # Side 0+2 adds seats 1 and 3 (4 + 6); side 1+3 adds seats 0 and 2 (3 + 5).
    assert match.history[0].result.team_scores == (70, 68)


def test_v5_the_higher_side_wins_even_if_the_other_side_went_out() -> None:
    match = go_out(start(PARTNERSHIP, 4, totals=(470, 460)), 1)  # +52, +54 → 522, 514
    assert match.result is not None
    result = match.result
    assert (result.winner, result.seats, result.totals) == (0, (0, 2), (522, 514))


def test_v5_the_side_of_the_seat_that_went_out_can_win() -> None:
    match = go_out(start(PARTNERSHIP, 4, totals=(100, 460)), 3)  # seats 27, 26, 25, 30
    assert match.result is not None
    assert (match.result.winner, match.result.seats) == (1, (1, 3))
    assert match.result.totals == (152, 516)


def test_v5_a_tie_between_the_sides_plays_on() -> None:
    match = go_out(start(PARTNERSHIP, 4, totals=(480, 478)), 1)  # 532, 532
    assert match.totals == (532, 532)
    assert_next_hand(match, 2)


def test_v5_partnership_tiebreak_went_out() -> None:
    rules = PARTNERSHIP.evolve(tiebreak="went_out")
    match = go_out(start(rules, 4, totals=(470, 460)), 1)  # 522, 514
    assert match.result is not None
    assert (match.result.winner, match.result.seats) == (1, (1, 3))


# ---------------------------------------------------------------------------
# V6 Persian rummy


def test_v6_persian():
    rules = presets.get("persian")
    assert rules.partnerships is True
    assert len(rules.deck(4)) == 56
    assert rules.jokers is Jokers.SETS_ONLY
    assert rules.card_values.joker == 20
    assert rules.going_out_bonus == 25
    assert rules.hand_limit == 2


def test_v6_persian_preset_melds_jokers_in_groups():
    persian = presets.get("persian")
    assert str(make_meld("JK JK JK JK", persian)) == "JK JK JK JK"
    assert refused("7H 8H JK=9H", persian) == "M4"


#: Persian card values (V6): standard values with jokers worth 20.
JOKER = 20


#: What seats 1-3 keep in the Persian hand positions: 4, 5 and 7 points.
OTHERS = ["4D", "5D", "7D"]


def persian_hand(hands: Sequence[str], *, stock: str = "") -> GameState:
    """A Persian hand in which seat 0 has drawn and plays (phase ``play``)."""
    return position(hands, to_move=0, phase="play", stock=stock, rules="persian")


def test_v6_persian_preset() -> None:
    assert PERSIAN.partnerships
    assert PERSIAN.jokers_per_deck == 4
    assert len(PERSIAN.deck(4)) == 56
    assert PERSIAN.going_out_bonus == 25
    assert PERSIAN.hand_limit == 2
    assert PERSIAN.match_bonus == 50
    assert PERSIAN.card_values.joker == JOKER


def test_v6_only_a_group_of_four_laid_down_at_once_is_doubled() -> None:
    hand = persian_hand(["6S 6H 6D 6C 7S 8S 9S TS 2C", *OTHERS])
    hand = play(hand, "meld 6S 6H 6D 6C")
    assert hand.melds[0].multiplier == 2
    hand = play(hand, "meld 7S 8S 9S TS")
    assert hand.melds[1].multiplier == 1  # a run of four is not a group


def test_v6_four_jokers_together_score_160() -> None:
    hand = persian_hand(["JK JK JK JK 2C", *OTHERS])
    hand = play(hand, "meld JK JK JK JK")
    assert hand.melds[0].multiplier == 2
    hand = play(hand, "discard 2C")
    result = hand.result
    assert result is not None
    assert result.bonuses == (25, 0, 0, 0)
    assert result.melded == (160, 0, 0, 0)
    assert result.scores == (185, -4, -5, -7)
    assert result.team_scores == (180, -11)


def test_v6_three_jokers_60_then_the_fourth_laid_off_20() -> None:
    hand = persian_hand(["JK JK JK 9C 9H", "JK", "5D", "7D"], stock="2C")
    hand = play(hand, "meld JK JK JK")
    assert hand.melds[0].multiplier == 1
    hand = play(hand, "discard 9C")
    hand = play(hand, "p1: draw")
    hand = play(hand, "p1: layoff 0 JK")
    assert hand.melds[0].multiplier == 1
    assert hand.melds[0].by == (0, 0, 0, 1)
    hand = play(hand, "p1: discard 2C")
    result = hand.result
    assert result is not None
    assert result.melded == (60, 20, 0, 0)
    assert result.scores == (60 - 9, 20 + 25, -5, -7)
    assert result.team_scores == (46, 38)


def test_v6_four_sixes_together_score_48() -> None:
    hand = persian_hand(["6S 6H 6D 6C 2C", *OTHERS])
    hand = play(hand, "meld 6S 6H 6D 6C")
    assert hand.melds[0].multiplier == 2
    hand = play(hand, "discard 2C")
    result = hand.result
    assert result is not None
    assert result.melded == (48, 0, 0, 0)
    assert result.scores == (73, -4, -5, -7)
    assert result.team_scores == (68, -11)


def test_v6_three_sixes_18_then_the_fourth_laid_off_6() -> None:
    hand = persian_hand(["6S 6H 6D 9C 9H", "6C", "5D", "7D"], stock="2C")
    hand = play(hand, "meld 6S 6H 6D")
    hand = play(hand, "discard 9C")
    hand = play(hand, "p1: draw")
    hand = play(hand, "p1: layoff 0 6C")
    assert hand.melds[0].multiplier == 1
    hand = play(hand, "p1: discard 2C")
    result = hand.result
    assert result is not None
    assert result.melded == (18, 6, 0, 0)
    assert result.scores == (9, 31, -5, -7)
    assert result.team_scores == (4, 24)


def test_v6_doubling_is_persian_only() -> None:
    hand = position(["6S 6H 6D 6C 2C", "3D"], to_move=0, phase="play")
    hand = play(hand, "meld 6S 6H 6D 6C")
    assert hand.melds[0].multiplier == 1
    hand = play(hand, "discard 2C")
    assert hand.result is not None
    assert hand.result.melded == (24, 0)


def test_v6_jokers_are_not_wild() -> None:
    hand = persian_hand(["6S 6H JK 2C", *OTHERS])
    with pytest.raises(IllegalMoveError) as error:
        check_move(hand, parse_move(hand, "meld 6S 6H JK=6"))
    assert error.value.rule == "M4"


def test_v6_going_out_earns_the_side_25() -> None:
    match = go_out(start(PERSIAN, 4), 2)
    result = match.history[0].result
    assert result.bonuses == (0, 0, 25, 0)
    assert result.scores == (27, 26, 55, 24)
    assert result.team_scores == (82, 50)


def test_v6_the_match_ends_after_two_hands_with_50_for_the_better_side() -> None:
    match = go_out(start(PERSIAN, 4), 1)  # seats 27, 55, 25, 24 → sides 52, 79
    assert match.totals == (52, 79)
    assert_next_hand(match, 2)
    match = go_out(match, 0)  # seats 55, 26, 25, 24 → sides 80, 50
    assert match.totals == (132, 129)
    result = match.result
    assert result is not None
    assert (result.winner, result.seats) == (0, (0, 2))
    assert result.totals == (182, 129)  # +50 is part of the final totals
    assert [record.totals for record in result.hands] == [(52, 79), (132, 129)]


def test_v6_a_tie_after_two_hands_plays_on_then_the_leader_gets_50() -> None:
    match = go_out(start(PERSIAN, 4, totals=(0, 3)), 1)  # +52, +79 → 52, 82
    match = go_out(match, 0)  # +80, +50 → 132, 132: a tie after two hands
    assert match.totals == (132, 132)
    assert_next_hand(match, 3)
    match = exhaust(match, 0)  # seats 27, 26, 25, 24 → +52, +50
    assert match.result is not None
    assert (match.result.winner, match.result.totals) == (0, (184 + 50, 182))
    assert len(match.result.hands) == 3


def test_v6_four_jokers_together_count_160_in_the_match_totals() -> None:
    hand = persian_hand(["JK JK JK JK 2C", *OTHERS])
    hand = play(hand, "meld JK JK JK JK")
    match = finish(start(PERSIAN, 4), hand, "discard 2C")
    assert match.totals == (180, -11)


def test_v6_no_match_bonus_without_persian() -> None:
    match = go_out(start(PARTNERSHIP, 4, totals=(470, 0)), 0)
    assert match.result is not None
    assert match.result.totals == match.totals == (470 + 30 + 25, 26 + 24)


def test_v6_persian_group_of_four_laid_down_at_once_counts_double():
    # rules V6: four jokers together 160; three jokers 60 and the fourth,
    # laid off later, 20; four 6s together 48, three 6s 18 and the fourth 6.
    start = position(
        ["JK JK JK JK 6S 6H 6D 6C 2C", "3D", "4D", "5D"], phase="play", rules="persian"
    )
    later = play_all(
        start, "meld JK JK JK", "layoff 0 JK", "meld 6S 6H 6D", "layoff 1 6C", "discard 2C"
    )
    assert result_of(later).melded == (60 + 20 + 18 + 6, 0, 0, 0)
    at_once = play_all(start, "meld JK JK JK JK", "meld 6S 6H 6D 6C")
    assert at_once.turn_points == 160 + 48
    at_once = play(at_once, "discard 2C")
    assert result_of(at_once).melded == (160 + 48, 0, 0, 0)
    assert result_of(at_once).scores == (160 + 48 + 25, -3, -4, -5)


def test_v6_t8_a_group_of_four_laid_at_once_counts_double_toward_the_opening_minimum():
    # Four nines laid down at once are worth 2 × 36 = 72 under the doubling,
    # which is what the reducer counts (turn points): the move generator and
    # the N1 look-ahead must count the same.
    rules = knobs(group_of_four_multiplier=2, opening_minimum=50)
    state = position(["9S 9H 9D 9C 2C 3D", "4D"], phase="play", rules=rules)
    after = play(state, "meld 9S 9H 9D 9C")
    assert (after.turn_points, after.opened) == (72, frozenset({0}))
    out_of_turn = position(
        ["2C 3D", "9S 9H 9D 9C 4D"], rules=knobs(out_of_turn_melding=True, **rules)
    )
    assert play(out_of_turn, "p1: meld 9S 9H 9D 9C").opened == frozenset({1})
    # 2-3-4♥ (9 points) can be completed to the minimum by the four nines.
    state = position(["2H 3H 4H 9S 9H 9D 9C 5D", "4D"], phase="play", rules=rules)
    state = play_all(state, "meld 2H 3H 4H", "meld 9S 9H 9D 9C")
    assert (state.turn_points, state.opened) == (81, frozenset({0}))


# ---------------------------------------------------------------------------
# V1–V6 every preset end to end


PLAYABLE = ["pagat", "wikipedia", "boathouse", "basic_rummy", "partnership", "persian"]


@pytest.mark.parametrize("name", PLAYABLE)
def test_v1_v6_presets_play_to_the_end(name):
    rules = presets.get(name)
    span = rules.max_players - rules.min_players + 1
    for hand_number in range(20):
        players = rules.min_players + hand_number % span
        state = new_game(rules, players, seed=1000 + hand_number)
        rng = random.Random(hand_number)
        for _ in range(20000):
            if state.is_over:
                break
            moves = legal_moves(state)
            assert moves, f"no legal move in\n{state}"
            move = rng.choice(moves)
            assert check_move(state, move) is None
            assert is_legal(state, move)
            state = apply_move(state, move)
        else:
            pytest.fail(f"{name}: hand {hand_number} did not end")
        result = result_of(state)
        assert len(result.scores) == players
        assert result.reason in (EndReason.WENT_OUT, EndReason.STOCK_EXHAUSTED)
        assert (result.went_out is None) == (result.reason is EndReason.STOCK_EXHAUSTED)
        assert legal_moves(state) == ()
        assert all_cards(state) == Counter(rules.deck(players))


def test_v5_v6_partnership_presets_score_each_side_as_a_unit():
    for name in ("partnership", "persian"):
        rules = presets.get(name)
        state = new_game(rules, 4, seed=21)
        rng = random.Random(21)
        while not state.is_over:
            state = play(state, rng.choice(legal_moves(state)))
        result = result_of(state)
        assert len(result.team_scores) == 2
        if rules.scoring.value != "add_opponent_hands":
            scores = result.scores
            assert result.team_scores == (scores[0] + scores[2], scores[1] + scores[3])


# ---------------------------------------------------------------------------
# V8 the other [W] variants, each expressed through knobs


def test_v8_other_variants_are_knobs() -> None:
    rules = Rules(
        min_run_length=4,
        ace="around_the_corner",
        card_values=CardValues.custom(ace=25, low_ace=25),
        stock_draw_count=2,
        out_of_turn_melding=True,
        first_discard="chooser",
        next_dealer="winner",
    )
    state = new_game(rules, 3, seed=8)
    assert state.phase is Phase.FIRST_DISCARD
    assert rules.card_values.ace == 25
    # "4 aces = 100": four aces laid down at once under aces-25 values.
    meld = make_meld("AS AH AD AC", rules)
    assert meld_value(meld, rules.card_values) == 100


# V8 four aces: "aces played high are worth 15, except where a single player
# plays a four-of-a-kind ace meld, in which case the meld is worth 100 points
# (25 each)" -- knob four_aces_value.

FOUR_ACES = knobs(four_aces_value=25)


def test_v8_four_aces_laid_at_once_score_25_each() -> None:
    state = position(["AS AH AD AC 2C", "3D"], phase="play", rules=FOUR_ACES)
    state = play(state, "meld AS AH AD AC")
    assert state.turn_points == 100
    assert observe(state, 1).melded_points == (100, 0)
    result = result_of(play(state, "discard 2C"))
    assert (result.melded, result.scores) == ((100, 0), (100, -3))
    # off (the default): each ace its card value
    plain = position(["AS AH AD AC 2C", "3D"], phase="play")
    assert result_of(play_all(plain, "meld AS AH AD AC", "discard 2C")).melded == (60, 0)


def test_v8_four_aces_completed_by_the_same_seats_layoff_score_100() -> None:
    state = position(["AC 2C", "3D"], melds=[("AS AH AD", 0)], phase="play", rules=FOUR_ACES)
    assert observe(state, 0).melded_points == (45, 0)
    state = play(state, "layoff 0 AC")
    assert state.turn_points == 0  # a lay-off is no new meld (T8)
    assert result_of(play(state, "discard 2C")).melded == (100, 0)


def test_v8_four_aces_completed_by_another_seat_score_their_card_values() -> None:
    # the aces are credited to two seats (L5): not four aces
    state = position(["AC 2C", "3D"], melds=[("AS AH AD", 1)], phase="play", rules=FOUR_ACES)
    state = play(state, "layoff 0 AC")
    assert state.melds[0].by == (1, 1, 1, 0)
    assert result_of(play(state, "discard 2C")).melded == (15, 45)
    # partners too are two seats (V5)
    partners = knobs(four_aces_value=25, partnerships=True, min_players=4, max_players=4)
    state = position(
        ["AC 2C", "3D", "4D", "5D"], melds=[("AS AH AD", 2)], phase="play", rules=partners
    )
    state = play_all(state, "layoff 0 AC", "discard 2C")
    assert result_of(state).melded == (15, 0, 45, 0)


def test_v8_a_group_of_aces_with_a_joker_is_not_four_aces() -> None:
    state = position(["AS AH AD JK 2C", "3D"], phase="play", rules=FOUR_ACES)
    state = play(state, "meld AS AH AD JK=A")
    assert state.turn_points == 4 * 15  # three aces and a joker at their values (S1)
    assert result_of(play(state, "discard 2C")).melded == (60, 0)
    rules = Rules(four_aces_value=25)
    assert laid_points(make_meld("AS AH AD JK=A", rules), rules) == 60
    assert not four_aces(make_meld("AS AH AD JK=A", rules).codes, (0,) * 4, rules)


def test_v8_runs_with_an_ace_keep_their_card_values() -> None:
    rules = Rules(four_aces_value=25)
    assert laid_points(make_meld("QH KH AH", rules), rules) == 10 + 10 + 15 == 35
    assert laid_points(make_meld("AH 2H 3H", rules), rules) == 1 + 2 + 3
    assert laid_points(make_meld("AS AH AD", rules), rules) == 45  # three aces: 15 each
    state = position(["QH KH AH 2C", "3D"], phase="play", rules=FOUR_ACES)
    assert result_of(play_all(state, "meld QH KH AH", "discard 2C")).melded == (35, 0)


def test_v8_t8_four_aces_count_100_toward_the_opening_minimum() -> None:
    # "a player opening with AS AH AD AC under four_aces_value=25 has melded 100 points"
    for minimum in (61, 100):
        rules = knobs(four_aces_value=25, opening_minimum=minimum)
        state = position(["AS AH AD AC 7D 9C", "QC QD 2S 3S"], phase="play", rules=rules)
        assert "p0: meld AS AH AD AC" in legal(state)
        state = play(state, "meld AS AH AD AC")
        assert (state.turn_points, state.opened) == (100, frozenset({0}))
        assert {"p0: discard 7D", "p0: discard 9C"} <= legal(state)
    # at their card values four aces are 60: short of 100
    state = position(
        ["AS AH AD AC 7D 9C", "QC QD 2S 3S"], phase="play", rules=knobs(opening_minimum=100)
    )
    assert "p0: meld AS AH AD AC" not in legal(state)
    # a run of 18 can be completed to 118 by the four aces (no dead end, N1) ...
    rules = knobs(four_aces_value=25, opening_minimum=118)
    state = position(["AS AH AD AC 5H 6H 7H 9C", "QC QD 2S 3S"], phase="play", rules=rules)
    assert {"p0: meld 5H 6H 7H", "p0: meld AS AH AD AC"} <= legal(state)
    state = play_all(state, "meld 5H 6H 7H", "meld AS AH AD AC")
    assert (state.turn_points, state.opened) == (118, frozenset({0}))
    # ... but not to 119
    rules = knobs(four_aces_value=25, opening_minimum=119)
    state = position(["AS AH AD AC 5H 6H 7H 9C", "QC QD 2S 3S"], phase="play", rules=rules)
    assert not any(" meld " in move for move in legal(state))


def test_v8_v6_four_aces_under_the_group_of_four_multiplier() -> None:
    # the four-aces value replaces the card value; the multiplier still
    # applies to a group of four laid down at once (docs: interpretations)
    rules = knobs(four_aces_value=25, group_of_four_multiplier=2, opening_minimum=150)
    state = position(["AS AH AD AC 2C", "3D"], phase="play", rules=rules)
    state = play(state, "meld AS AH AD AC")
    assert (state.turn_points, state.melds[0].multiplier) == (200, 2)
    assert result_of(play(state, "discard 2C")).melded == (200, 0)
    later = position(
        ["AC 2C", "3D"],
        melds=[("AS AH AD", 0)],
        phase="play",
        rules=knobs(four_aces_value=25, group_of_four_multiplier=2),
    )
    assert result_of(play_all(later, "layoff 0 AC", "discard 2C")).melded == (100, 0)
    assert laid_points(make_meld("AS AH AD AC", Rules()), Rules(group_of_four_multiplier=2)) == 120


def test_v8_four_aces_value_is_an_integer_at_least_0() -> None:
    assert Rules().four_aces_value == 0
    assert Rules(four_aces_value=25).four_aces_value == 25
    assert KNOBS["four_aces_value"].rule == "V8"
    for value in (-1, -25):
        expected = rf"four_aces_value must be at least 0, got {value} \(V8\)"
        with pytest.raises(RulesError, match=expected):
            Rules(four_aces_value=value)
    for value in (True, 2.5, "25", None):
        with pytest.raises(RulesError, match=r"four_aces_value must be an integer, got .* \(V8\)"):
            Rules().evolve(four_aces_value=value)
        with pytest.raises(RulesError, match=r"four_aces_value"):
            Rules.from_dict({"four_aces_value": value})
    for name in presets.names():
        assert presets.get(name).four_aces_value == 0


def test_v8_four_aces_value_round_trips_through_positions_views_and_records() -> None:
    rules = presets.get("wikipedia").evolve(four_aces_value=25)
    assert rules_to_data(rules) == {"preset": "wikipedia", "four_aces_value": 25}
    assert Rules.from_dict(rules.to_dict()) == rules
    state = position(["AS AH AD AC 2C", "3D"], phase="play", rules=rules_to_data(rules))
    state = play(state, "meld AS AH AD AC")
    data = state.to_dict()
    jsonschema.validate(data, json_schema("position"))
    assert GameState.from_dict(data) == state
    view = observe(state, 1)
    jsonschema.validate(view.to_dict(), json_schema("view"))
    assert PlayerView.from_dict(view.to_dict()) == view
    assert view.melded_points == (100, 0)
    session = Session(rules, 2, seed=3)
    record = session.record()
    jsonschema.validate(record, json_schema("record"))
    assert Session.from_record(record).rules == rules


# ---------------------------------------------------------------------------
# A preset's name wherever a rule set is taken


def _takes_rules(value: object) -> bool:
    import inspect

    try:
        parameters = inspect.signature(value).parameters  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return "rules" in parameters


def test_v_every_public_function_taking_rules_takes_a_preset_name() -> None:
    """Every public callable of the front door with a ``rules`` parameter reads a name,
    in any case, through the one conversion (presets.as_rules)."""
    import rummy500

    taking = sorted(
        name
        for name in rummy500.__all__
        if callable(getattr(rummy500, name))
        and _takes_rules(getattr(rummy500, name))
        and name not in ("GameState", "MatchState", "PlayerView")  # values: typed fields
    )
    assert taking == [
        "Session",
        "enumerate_melds",
        "layoff",
        "make_meld",
        "new_game",
        "new_match",
        "next_seat",
        "sides",
        "tournament",
    ]
    wikipedia = presets.get("wikipedia")
    assert rummy500.new_game("Wikipedia", seed=1).rules == wikipedia
    assert rummy500.new_game("wikipedia", seed=1) == rummy500.new_game(wikipedia, seed=1)
    assert rummy500.new_match("BOATHOUSE", seed=1).rules == presets.get("boathouse")
    assert rummy500.Session("basic-rummy", seed=1).rules == presets.get("basic_rummy")
    persian = presets.get("persian")
    assert rummy500.enumerate_melds("JK JK JK", "Persian") == rummy500.enumerate_melds(
        "JK JK JK", persian
    )
    with pytest.raises(rummy500.InvalidMeldError):  # Persian jokers form groups only (V6)
        rummy500.make_meld("6H 7H JK=8H", "Persian")
    run = rummy500.make_meld("6H 7H 8H", "pagat")
    assert str(rummy500.layoff(run, "9H", "PAGAT")) == "6H 7H 8H 9H"
    assert rummy500.next_seat("dealers gambit", 3, 0) == 2
    assert rummy500.sides("partnership", 4) == ((0, 2), (1, 3))
    from rummy500.simulate import simulate

    by_name = simulate("Wikipedia", 2, ["random", "random"], 1, seed=1)
    assert by_name == simulate(wikipedia, 2, ["random", "random"], 1, seed=1)


@pytest.mark.parametrize("call", ["new_game", "new_match", "Session", "make_meld", "simulate"])
def test_v_an_unknown_preset_name_lists_the_presets(call: str) -> None:
    import rummy500
    import rummy500.simulate

    arguments: dict[str, tuple[object, ...]] = {
        "make_meld": ("6H 7H 8H", "wikipipedia"),
        "simulate": ("wikipipedia", 2, ["random", "random"], 1),
    }
    function = rummy500.simulate.simulate if call == "simulate" else getattr(rummy500, call)
    with pytest.raises(ValueError, match="unknown preset 'wikipipedia'") as raised:
        function(*arguments.get(call, ("wikipipedia",)))
    assert isinstance(raised.value, rummy500.InvalidArgumentError)
    assert ", ".join(presets.names()) in str(raised.value)


def test_v_rules_of_another_type_are_refused_naming_the_value() -> None:
    import rummy500

    with pytest.raises(rummy500.InvalidArgumentError, match=r"a Rules value .* got 42"):
        presets.as_rules(42)  # type: ignore[arg-type]
    with pytest.raises(rummy500.InvalidArgumentError, match="pagat, wikipedia"):
        rummy500.new_game(3.5)  # type: ignore[arg-type]
