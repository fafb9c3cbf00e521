"""The match (rules §7): G1–G4.

A :class:`~rummy500.match.MatchState` is driven only through the public
functions of :mod:`rummy500.match`.  To decide a match at a chosen moment a
test puts a hand position built with :mod:`tests.positions` in the match (and
sets the totals the sides have before it), then plays the move that ends the
hand with :func:`~rummy500.match.apply_match_move` (the helpers
:func:`~tests.helpers.go_out`, :func:`~tests.helpers.exhaust` and
:func:`~tests.helpers.finish`).

The interpretations tested here (rules §7, §8 and §10):

* the match ends when a side reaches ``target_score`` (G1–G4 decide the
  winner) or after ``hand_limit`` hands, whichever comes first; at the hand
  limit a tie for the lead plays on until one side leads (§10);
* G2: the highest total wins; a tie for the highest deals more hands;
* G3 ``tiebreak='went_out'``: when two or more sides reach the target in the
  same hand, the side that went out wins if it is among them, else G2;
* G4 ``must_go_out_to_win``: only the side that went out in that hand with a
  total at or over the target wins; otherwise another hand is dealt (and no
  win at the hand limit either);
* hand ``n`` is dealt from ``hand_seed(match seed, n)``.

The next dealer (D7 ``next_dealer``) is in tests/test_deal.py; partnerships
(V5) and Persian rummy's match (V6) in tests/test_presets.py.
"""

from __future__ import annotations

import itertools
import random

import attrs
import pytest

from rummy500 import EndReason, IllegalMoveError, Reason, Rules, legal_moves, parse_move, presets
from rummy500.match import apply_match_move, hand_seed, match_legal_moves, new_match, sides
from tests.helpers import PAGAT, SEED, assert_next_hand, exhaust, finish, go_out, play_match, start
from tests.positions import position

# ---------------------------------------------------------------------------
# The helpers' hands score what their docstrings say


def test_helper_hands_score_as_documented() -> None:
    out = go_out(start(PAGAT, 3), 1)
    assert out.history[0].result.scores == (27, 30, 25)
    assert out.history[0].result.went_out == 1
    ended = exhaust(start(PAGAT, 3), 2)
    assert ended.history[0].result.scores == (27, 26, 25)
    assert ended.history[0].result.went_out is None
    assert ended.history[0].result.reason is EndReason.STOCK_EXHAUSTED


# ---------------------------------------------------------------------------
# G1: scores accumulate; the target, or a number of hands, ends the match


def test_g1_new_match_starts_at_zero_with_hand_one() -> None:
    match = new_match(PAGAT, 3, seed=SEED, dealer=1)
    assert match.totals == (0, 0, 0)
    assert match.number == 1
    assert match.history == ()
    assert match.result is None
    assert match.seed == SEED
    assert match.hand.dealer == 1
    assert match_legal_moves(match) == legal_moves(match.hand)


def test_g1_scores_accumulate_over_hands() -> None:
    match = start(PAGAT, 3, totals=(100, -20, 40))
    match = go_out(match, 0)  # hand scores 30, 26, 25
    assert match.totals == (130, 6, 65)
    assert_next_hand(match, 2)
    record = match.history[0]
    assert record.number == 1
    assert record.totals == (130, 6, 65)
    assert record.result.scores == (30, 26, 25)
    match = exhaust(match, 1)  # hand scores 27, 26, 25
    assert match.totals == (157, 32, 90)
    assert [record.totals for record in match.history] == [(130, 6, 65), (157, 32, 90)]
    assert [record.number for record in match.history] == [1, 2]
    assert_next_hand(match, 3)


def test_g1_negative_hand_scores_lower_the_total() -> None:
    match = start(PAGAT, 2, totals=(10, 10))
    hand = position(["2C", "KC QC"], to_move=0, phase="play")  # nothing on the table
    match = finish(match, hand, "discard 2C")
    assert match.history[0].result.scores == (0, -20)
    assert match.totals == (10, -10)


def test_g1_below_the_target_the_match_goes_on() -> None:
    match = go_out(start(PAGAT, 2, totals=(469, 0)), 0)  # 30, 26 → 499, 26
    assert match.totals == (499, 26)
    assert_next_hand(match, 2)


def test_g1_reaching_the_target_ends_the_match() -> None:
    match = go_out(start(PAGAT, 2, totals=(470, 0)), 0)  # 470 + 30 = 500
    assert match.is_over
    result = match.result
    assert result is not None
    assert (result.winner, result.seats, result.totals) == (0, (0,), (500, 26))
    assert result.hands == match.history
    assert match.totals == (500, 26)
    assert match.number == 1
    assert match.hand.is_over  # the last hand stays in the match


def test_g1_a_custom_target() -> None:
    rules = Rules(target_score=100)
    match = go_out(start(rules, 2, totals=(40, 80)), 0)  # 30, 26 → 70, 106
    assert match.result is not None
    assert match.result.winner == 1  # the player who did not go out reached 100


def test_g1_basic_rummy_plays_to_150() -> None:
    rules = presets.get("basic_rummy")
    assert rules.target_score == 150
    # winner_takes_hands (S3): only the seat going out scores the others' hands,
    # doubled here: seat 0 goes rummy (nothing on the table before this turn).
    hand = position(["2C", "KC QC"], to_move=0, phase="play", rules="basic_rummy")
    match = finish(start(rules, 2, totals=(109, 140)), hand, "discard 2C")
    assert match.history[0].result.going_rummy
    assert match.history[0].result.scores == (40, 0)
    assert match.totals == (149, 140)
    assert_next_hand(match, 2)
    hand = position(["2C", "KC"], to_move=0, phase="play", rules="basic_rummy")
    match = finish(match, hand, "discard 2C")
    assert match.result is not None
    assert (match.result.winner, match.result.totals) == (0, (169, 140))


def test_g1_hand_limit_ends_the_match_with_the_most_points() -> None:
    rules = Rules(hand_limit=2)
    match = go_out(start(rules, 3), 1)  # 27, 30, 25
    assert_next_hand(match, 2)
    match = exhaust(match, 0)  # 27, 26, 25
    assert match.result is not None
    assert (match.result.winner, match.result.totals) == (1, (54, 56, 50))
    assert len(match.result.hands) == 2


def test_g1_hand_limit_win_needs_no_target() -> None:
    rules = Rules(hand_limit=1)
    match = exhaust(start(rules, 2, totals=(-50, -80)), 0)  # 27, 26
    assert match.result is not None
    assert (match.result.winner, match.result.totals) == (0, (-23, -54))


def test_g1_a_hand_limit_replaces_the_target() -> None:
    """G1: "a target, **or** the most points after a fixed number of hands".

    With a hand limit the match lasts that many hands, whatever the totals.
    """
    rules = Rules(hand_limit=2)
    match = go_out(start(rules, 2, totals=(480, 0)), 0)  # 607 after one hand
    assert match.result is None
    assert_next_hand(match, 2)


def test_g1_hand_limit_tie_for_the_lead_plays_on() -> None:
    """rules §10: a tie for the lead after the last hand plays on, as G2."""
    rules = Rules(hand_limit=1)
    match = exhaust(start(rules, 3, totals=(1, 0, 50)), 0)  # 27, 26, 25 → 28, 26, 75
    assert match.result is not None
    assert match.result.winner == 2
    # A tie below the lead does not matter.
    match = exhaust(start(rules, 3, totals=(3, 0, 1)), 0)  # 30, 26, 26
    assert match.result is not None
    assert match.result.winner == 0
    match = exhaust(start(rules, 3, totals=(23, 24, 0)), 0)  # 50, 50, 25
    assert match.totals == (50, 50, 25)
    assert_next_hand(match, 2)
    match = go_out(match, 2)  # 27, 26, 30 → 77, 76, 55
    assert match.result is not None
    assert (match.result.winner, match.result.totals) == (0, (77, 76, 55))
    assert len(match.result.hands) == 2


def test_g1_hand_limit_tie_plays_on_until_one_leads() -> None:
    rules = Rules(hand_limit=1)
    match = exhaust(start(rules, 2, totals=(0, 1)), 0)  # 27, 26 → 27, 27
    assert match.totals == (27, 27)
    assert_next_hand(match, 2)
    match = exhaust(match, 1)  # 27, 26 → 54, 53
    assert match.result is not None
    assert (match.result.winner, match.result.totals) == (0, (54, 53))


# ---------------------------------------------------------------------------
# G2: the highest total wins; a tie for the highest deals more hands


def test_g2_highest_total_wins_when_both_reach_the_target() -> None:
    # Seat 1 goes out and reaches the target, but seat 0 has more.
    match = go_out(start(PAGAT, 2, totals=(490, 475)), 1)  # 27, 30 → 517, 505
    assert match.result is not None
    assert (match.result.winner, match.result.totals) == (0, (517, 505))


def test_g2_the_player_who_went_out_does_not_matter() -> None:
    match = go_out(start(PAGAT, 3, totals=(495, 480, 0)), 2)  # 27, 26, 30 → 522, 506, 30
    assert match.result is not None
    assert match.result.winner == 0


def test_g2_the_only_player_at_the_target_wins() -> None:
    match = go_out(start(PAGAT, 2, totals=(473, 0)), 1)  # 27, 30 → 500, 30
    assert match.result is not None
    assert match.result.winner == 0


def test_g2_tie_for_highest_deals_another_hand() -> None:
    match = go_out(start(PAGAT, 2, totals=(480, 477)), 1)  # 27, 30 → 507, 507
    assert match.totals == (507, 507)
    assert_next_hand(match, 2)
    match = go_out(match, 1)  # 534, 537
    assert match.result is not None
    assert (match.result.winner, match.result.totals) == (1, (534, 537))


def test_g2_tie_among_the_leaders_with_a_third_over_the_target() -> None:
    match = go_out(start(PAGAT, 3, totals=(480, 481, 476)), 2)  # 27, 26, 30 → 507, 507, 506
    assert match.totals == (507, 507, 506)
    assert_next_hand(match, 2)


def test_g2_tie_broken_by_a_later_hand_even_with_negative_scores() -> None:
    match = go_out(start(PAGAT, 2, totals=(480, 477)), 1)  # 507, 507
    hand = position(["KC QC", "2C"], to_move=1, phase="play")  # nothing on the table
    match = finish(match, hand, "discard 2C")  # -20, 0
    assert match.result is not None
    assert (match.result.winner, match.result.totals) == (1, (487, 507))


# ---------------------------------------------------------------------------
# G3: tiebreak = went_out


def test_g3_the_player_who_went_out_wins_among_those_reaching_the_target() -> None:
    rules = Rules(tiebreak="went_out")
    match = go_out(start(rules, 2, totals=(490, 475)), 1)  # 517, 505
    assert match.result is not None
    assert (match.result.winner, match.result.totals) == (1, (517, 505))


def test_g3_wikipedia_preset_breaks_ties_by_going_out() -> None:
    rules = presets.get("wikipedia")
    assert rules.tiebreak.value == "went_out"
    # Fives values (S1): the melds are worth 30, every card kept 5.
    match = go_out(start(rules, 3, totals=(495, 480, 0)), 1)  # 25, 30, 25 → 520, 510, 25
    assert match.totals == (520, 510, 25)
    assert match.result is not None
    assert match.result.winner == 1


def test_g3_the_tiebreak_wins_a_tie_for_highest_at_once() -> None:
    rules = Rules(tiebreak="went_out")
    match = go_out(start(rules, 2, totals=(480, 477)), 1)  # 507, 507
    assert match.result is not None
    assert match.result.winner == 1


def test_g3_if_none_of_them_went_out_the_highest_total_wins() -> None:
    rules = Rules(tiebreak="went_out")
    match = go_out(start(rules, 3, totals=(495, 480, 0)), 2)  # 522, 506, 30
    assert match.result is not None
    assert match.result.winner == 0


def test_g3_if_none_of_them_went_out_a_tie_for_highest_plays_on() -> None:
    rules = Rules(tiebreak="went_out")
    match = go_out(start(rules, 3, totals=(480, 481, 0)), 2)  # 507, 507, 30
    assert_next_hand(match, 2)


def test_g3_stock_exhaustion_falls_back_to_the_highest_total() -> None:
    rules = Rules(tiebreak="went_out")
    match = exhaust(start(rules, 2, totals=(480, 490)), 0)  # 27, 26 → 507, 516
    assert match.result is not None
    assert match.result.winner == 1
    match = exhaust(start(rules, 2, totals=(480, 481)), 0)  # 507, 507
    assert_next_hand(match, 2)


def test_g3_a_single_player_reaching_the_target_wins_without_going_out() -> None:
    rules = Rules(tiebreak="went_out")
    match = go_out(start(rules, 2, totals=(480, 100)), 1)  # 507, 130
    assert match.result is not None
    assert match.result.winner == 0


# ---------------------------------------------------------------------------
# G4: must_go_out_to_win


def test_g4_over_the_target_without_going_out_does_not_win() -> None:
    rules = Rules(must_go_out_to_win=True)
    match = go_out(start(rules, 2, totals=(490, 0)), 1)  # 517, 30
    assert match.totals == (517, 30)
    assert_next_hand(match, 2)


def test_g4_going_out_at_the_target_wins_without_the_highest_total() -> None:
    rules = Rules(must_go_out_to_win=True)
    match = go_out(start(rules, 2, totals=(600, 470)), 1)  # 627, 500
    assert match.result is not None
    assert (match.result.winner, match.result.totals) == (1, (627, 500))


def test_g4_going_out_below_the_target_does_not_win() -> None:
    rules = Rules(must_go_out_to_win=True)
    match = go_out(start(rules, 2, totals=(600, 469)), 1)  # 627, 499
    assert_next_hand(match, 2)
    match = go_out(match, 0)  # 657, 525: seat 0 goes out over the target
    assert match.result is not None
    assert match.result.winner == 0


def test_g4_stock_exhaustion_never_wins() -> None:
    rules = Rules(must_go_out_to_win=True)
    match = exhaust(start(rules, 2, totals=(600, 0)), 0)
    assert_next_hand(match, 2)


def test_g4_over_the_target_a_later_hand_won_by_going_out() -> None:
    rules = Rules(must_go_out_to_win=True)
    match = go_out(start(rules, 3, totals=(490, 0, 480)), 1)  # 517, 30, 505
    assert_next_hand(match, 2)
    match = go_out(match, 2)  # 544, 56, 535
    assert match.result is not None
    assert (match.result.winner, match.result.totals) == (2, (544, 56, 535))


def test_g4_does_not_apply_with_a_hand_limit() -> None:
    """With a hand limit the most points after the last hand win (G1); G4 needs a target."""
    rules = Rules(must_go_out_to_win=True, hand_limit=1)
    match = go_out(start(rules, 2, totals=(100, 0)), 1)  # 127, 30: seat 1 went out
    assert match.result is not None
    assert match.result.winner == 0


# ---------------------------------------------------------------------------
# Hands are dealt from the match seed; the match is a value


def test_hand_seed_is_deterministic_and_differs_by_hand_and_match() -> None:
    assert hand_seed(SEED, 1) == hand_seed(SEED, 1)
    seeds = {hand_seed(match_seed, number) for match_seed in (1, 2, SEED) for number in range(1, 6)}
    assert len(seeds) == 15
    assert all(0 <= seed < 2**64 for seed in seeds)


def test_a_match_is_deterministic_from_its_seed() -> None:
    first = play_match(new_match(PAGAT, 3, seed=11), random.Random(3))
    second = play_match(new_match(PAGAT, 3, seed=11), random.Random(3))
    assert first == second
    assert new_match(PAGAT, 3, seed=11) != new_match(PAGAT, 3, seed=12)


def test_new_match_without_a_seed_draws_one() -> None:
    match = new_match(PAGAT, 2)
    assert isinstance(match.seed, int)
    assert match.hand.seed == hand_seed(match.seed, 1)


def test_no_moves_once_the_match_is_over() -> None:
    match = go_out(start(PAGAT, 2, totals=(480, 0)), 0)
    assert match.is_over
    assert match_legal_moves(match) == ()
    with pytest.raises(IllegalMoveError) as error:
        apply_match_move(match, parse_move(match.hand, "p1: draw"))
    assert error.value.reason is Reason.HAND_OVER


def test_an_illegal_move_leaves_the_match_unchanged() -> None:
    match = new_match(PAGAT, 2, seed=SEED)
    snapshot = attrs.evolve(match)
    with pytest.raises(ValueError, match=r"rule T6"):
        apply_match_move(match, parse_move(match.hand, "end"))
    assert match == snapshot


def test_match_state_is_immutable_and_hashable() -> None:
    match = new_match(PAGAT, 2, seed=SEED)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        match.number = 2  # type: ignore[misc]
    following = apply_match_move(match, match_legal_moves(match)[0])
    assert match.number == 1
    assert match.hand != following.hand
    assert hash(match) == hash(new_match(PAGAT, 2, seed=SEED))
    assert "hand 1" in repr(match)


# ---------------------------------------------------------------------------
# Whole matches between random players, under every preset the engine supports


PRESET_PLAYERS = [
    (name, players)
    for name in presets.names()
    for players in ((4,) if presets.get(name).partnerships else (2, 3, 5))
]


@pytest.mark.parametrize(("name", "players"), PRESET_PLAYERS)
def test_whole_match_between_random_players_ends_with_a_winner(name: str, players: int) -> None:
    rules = presets.get(name)
    match = new_match(rules, players, seed=SEED + players, dealer=players - 1)
    match = play_match(match, random.Random(f"{name} {players}"))
    result = match.result
    assert result is not None
    groups = sides(rules, players)
    assert result.seats == groups[result.winner]
    assert result.hands == match.history
    assert [record.number for record in result.hands] == list(range(1, len(result.hands) + 1))
    # The totals are the sums of the hands' side scores.
    totals = [0] * len(groups)
    for record in result.hands:
        hand_result = record.result
        side_scores = hand_result.team_scores or tuple(
            sum(hand_result.scores[seat] for seat in side) for side in groups
        )
        totals = [t + s for t, s in zip(totals, side_scores, strict=True)]
        assert record.totals == tuple(totals)
        assert record.seed == hand_seed(match.seed, record.number)
    assert match.totals == tuple(totals)
    bonus = [rules.match_bonus if side == result.winner else 0 for side in range(len(groups))]
    assert result.totals == tuple(t + b for t, b in zip(totals, bonus, strict=True))
    # The winner has the single highest total (G2), or won by going out (G3/G4).
    best = max(totals)
    last = result.hands[-1].result
    went_out_side = next((n for n, side in enumerate(groups) if last.went_out in side), None)
    if totals.count(best) == 1 and totals[result.winner] == best:
        pass
    else:
        assert rules.tiebreak.value == "went_out" or rules.must_go_out_to_win
        assert result.winner == went_out_side
    if rules.hand_limit is None or len(result.hands) < rules.hand_limit:
        assert totals[result.winner] >= rules.target_score
    else:
        assert len(result.hands) >= rules.hand_limit
    # The dealers follow D7 (the left rule in every preset), in the direction
    # of play (counterclockwise under dealer's gambit, V7).
    dealers = [record.dealer for record in result.hands]
    step = -1 if rules.direction.value == "counterclockwise" else 1
    assert dealers[0] == players - 1
    assert all(b == (a + step) % players for a, b in itertools.pairwise(dealers))


@pytest.mark.parametrize(
    "rules",
    [
        Rules(target_score=200, next_dealer="winner", tiebreak="went_out"),
        Rules(target_score=200, must_go_out_to_win=True),
        Rules(target_score=10_000, hand_limit=3),
    ],
    ids=["winner-deals-went-out", "must-go-out", "hand-limit"],
)
def test_whole_match_with_match_knobs_ends_with_a_winner(rules: Rules) -> None:
    match = play_match(new_match(rules, 3, seed=SEED), random.Random(7))
    result = match.result
    assert result is not None
    last = result.hands[-1]
    if rules.must_go_out_to_win:
        assert last.result.went_out == result.winner
        assert last.totals[result.winner] >= rules.target_score
    if rules.hand_limit is not None:
        assert len(result.hands) >= rules.hand_limit
    if rules.next_dealer.value == "winner":
        for before, after in itertools.pairwise(result.hands):
            if before.result.went_out is not None:
                assert after.dealer == before.result.went_out
            else:
                assert after.dealer == (before.dealer + 1) % 3
