"""Going out and the end of a hand (rules §4.4): E1–E4.

E1 a player who empties the hand goes out and the hand ends; E2 ``going_out``:
``discard_required`` (the boathouse rule) and ``floating`` (the floater's four
options); E3 ``final_discard_must_be_unplayable`` (needs floating); E4
``final_layoff``: the others lay off in turn after someone goes out.
"""

from __future__ import annotations

import pytest

from rummy500 import EndReason, Phase, Reason, Rules, RulesError
from tests.helpers import (
    FLOATING,
    assert_over,
    both,
    cards,
    floater,
    hand,
    knobs,
    legal,
    play_all,
    result_of,
    under,
)
from tests.positions import illegal, play, position

# ---------------------------------------------------------------------------
# E1 going out ends the hand


def test_e1_going_out_by_melding_everything():
    state = position(["5S 6S 7S", "3H"], phase="play")
    state = play(state, "meld 5S 6S 7S")
    assert state.hands[0] == ()
    assert_over(state, 0)
    assert result_of(state).scores == (18, -3)


def test_e1_going_out_by_the_play_of_a_take():
    state = position(["4H", "3H"], discard="2D 4S 4D")
    state = play(state, "take 2 meld 4S 4H 4D")
    assert_over(state, 0)


def test_e1_going_out_by_discarding_the_last_card():
    state = position(["KD", "3H"], phase="play", discard="2D")
    state = play(state, "discard KD")
    assert_over(state, 0)
    assert state.discard == cards("2D KD")
    assert state.last_discarder is None


# ---------------------------------------------------------------------------
# E2 going_out = discard_required (the boathouse rule)


DISCARD_REQUIRED = knobs(going_out="discard_required")


def test_e2_discard_required_last_card_may_not_be_melded():
    default, state = both(DISCARD_REQUIRED, hands=["5S 6S 7S", "2C"], phase="play")
    assert result_of(play(default, "meld 5S 6S 7S")).went_out == 0
    illegal(state, "meld 5S 6S 7S", Reason.DEAD_END, "E2")
    assert legal(state) == {"p0: discard 5S", "p0: discard 6S", "p0: discard 7S"}


def test_e2_discard_required_goes_out_by_discarding():
    state = position(["5S 6S 7S 2C", "3D"], phase="play", rules=DISCARD_REQUIRED)
    state = play_all(state, "meld 5S 6S 7S", "discard 2C")
    assert result_of(state).went_out == 0
    assert result_of(state).scores == (18, -3)


def test_e2_discard_required_no_take_that_leaves_no_discard():
    default, state = both(DISCARD_REQUIRED, hands=["5S 6S", "2C"], discard="3D 8S 7S")
    assert result_of(play(default, "take 2 meld 5S 6S 7S 8S")).went_out == 0
    illegal(state, "take 2 meld 5S 6S 7S 8S", Reason.DEAD_END, "E2")
    play(state, "take 2 meld 6S 7S 8S")


# ---------------------------------------------------------------------------
# E2 going_out = floating: the four options of the floater


def test_e2_floating_melding_the_last_card_ends_the_turn_and_floats():
    default, state = both(FLOATING, hands=["5S 6S 7S", "2C 3D"], phase="play")
    assert result_of(play(default, "meld 5S 6S 7S")).went_out == 0
    after = play(state, "meld 5S 6S 7S")
    assert (after.is_over, after.floating) == (False, (0,))
    assert (after.to_move, after.phase, after.last_discarder) == (1, Phase.DRAW, None)
    assert after.hands[0] == ()


def test_e2_floating_player_draws_and_discards_to_go_out():
    state = play(floater(stock="2C"), "draw")
    assert legal(state) == {"p0: discard 2C"}
    over = play(state, "discard 2C")
    assert result_of(over).went_out == 0
    assert result_of(over).scores == (18, -24)


def test_e2_floating_player_takes_several_melds_all_but_one_and_discards_it():
    state = play(floater(discard="9D 8S 3H"), "take 2 layoff 0 8S")
    assert state.hands[0] == hand("3H")
    # Several cards were taken: the previous top card may be discarded (T11).
    over = play(state, "discard 3H")
    assert result_of(over).went_out == 0


def test_e2_floating_player_melds_the_card_drawn_and_floats_again():
    state = play(floater(stock="8S"), "draw")
    state = play(state, "layoff 0 8S")
    assert (state.is_over, state.floating, state.to_move) == (False, (0,), 1)


def test_e2_floating_player_melds_all_cards_taken_and_floats_again():
    state = play(floater(discard="2C 9S 8S"), "take 2 layoff 0 8S 9S")
    assert (state.is_over, state.floating, state.to_move) == (False, (0,), 1)
    assert str(state.melds[0]) == "5S 6S 7S 8S 9S"


def test_e2_floating_player_takes_melds_some_discards_and_plays_on():
    state = play(floater(discard="9D 8S 4C 3H"), "take 3 layoff 0 8S")
    assert state.hands[0] == hand("4C 3H")
    state = play(state, "discard 3H")
    assert (state.is_over, state.floating, state.to_move) == (False, (), 1)
    assert state.hands[0] == hand("4C")


def test_e2_t11_floater_cannot_go_out_with_the_previous_players_discard():
    state = floater(discard="9D 2C")
    assert "p0: take 1" not in legal(state)
    illegal(state, "take 1", Reason.DEAD_END, "N1")
    # A top discard the floater can meld may be taken, but not discarded again.
    state = floater(discard="9D 8S")
    state = play(state, "take 1")
    illegal(state, "discard 8S", Reason.DISCARD_TAKEN_CARD, "T11")
    assert legal(state) == {"p0: layoff 0 8S"}
    state = play(state, "layoff 0 8S")
    assert state.floating == (0,)


# ---------------------------------------------------------------------------
# E3 final_discard_must_be_unplayable (needs floating)


def test_e3_final_discard_must_be_unplayable_requires_floating():
    with pytest.raises(RulesError, match="floating"):
        Rules(final_discard_must_be_unplayable=True)
    rules = Rules(going_out="floating", final_discard_must_be_unplayable=True)
    assert rules.final_discard_must_be_unplayable is True


UNPLAYABLE = knobs(going_out="floating", final_discard_must_be_unplayable=True)


def test_e3_playable_last_card_must_be_laid_off_and_the_player_floats():
    default = position(["8S", "2C 3D"], melds=[("5S 6S 7S", 1)], phase="play")
    floating = under(default, FLOATING)
    state = under(default, UNPLAYABLE)
    assert result_of(play(default, "discard 8S")).went_out == 0
    assert result_of(play(floating, "discard 8S")).went_out == 0
    illegal(state, "discard 8S", Reason.PLAYABLE_FINAL_DISCARD, "E3")
    assert legal(state) == {"p0: layoff 0 8S"}
    assert legal(floating) == {"p0: layoff 0 8S", "p0: discard 8S"}
    after = play(state, "layoff 0 8S")
    assert (after.is_over, after.floating) == (False, (0,))


def test_e3_floater_draws_a_playable_card():
    state = play(under(floater(stock="8S"), UNPLAYABLE), "draw")
    illegal(state, "discard 8S", Reason.PLAYABLE_FINAL_DISCARD, "E3")
    state = play(under(floater(stock="2C"), UNPLAYABLE), "draw")
    assert result_of(play(state, "discard 2C")).went_out == 0


def test_e3_a_joker_fits_every_meld_so_it_is_never_a_final_discard():
    state = position(["JK", "2C 3D"], melds=[("5S 6S 7S", 1)], phase="play", rules=UNPLAYABLE)
    illegal(state, "discard JK", Reason.PLAYABLE_FINAL_DISCARD, "E3")
    assert "p0: layoff 0 JK=8S" in legal(state)


def test_e3_sets_only_joker_is_playable_only_on_a_group_of_jokers():
    rules = knobs(
        going_out="floating",
        final_discard_must_be_unplayable=True,
        jokers="sets_only",
        jokers_per_deck=4,
    )
    on_run = position(["JK", "3D"], melds=[("5S 6S 7S", 1)], phase="play", rules=rules)
    assert legal(on_run) == {"p0: discard JK"}
    assert result_of(play(on_run, "discard JK")).went_out == 0
    on_jokers = position(["JK", "3D"], melds=[("JK JK JK", 1)], phase="play", rules=rules)
    illegal(on_jokers, "discard JK", Reason.PLAYABLE_FINAL_DISCARD, "E3")
    assert legal(on_jokers) == {"p0: layoff 0 JK"}


# ---------------------------------------------------------------------------
# E4 final_layoff


FINAL_LAYOFF = knobs(final_layoff=True)


def test_e4_after_going_out_each_other_player_lays_off_in_turn_then_passes():
    default, state = both(
        FINAL_LAYOFF,
        hands=["KD", "8S 2C", "9S QH"],
        melds=[("5S 6S 7S", 0)],
        phase="play",
    )
    assert result_of(play(default, "discard KD")).scores == (18, -10, -19)
    state = play(state, "discard KD")
    assert (state.phase, state.to_move, state.went_out, state.is_over) == (
        Phase.FINAL_LAYOFF,
        1,
        0,
        False,
    )
    assert legal(state) == {"p1: layoff 0 8S", "p1: pass"}
    illegal(state, "p1: discard 2C", Reason.WRONG_PHASE, "E4")
    illegal(state, "p2: layoff 0 8S", Reason.NOT_YOUR_TURN, None)
    state = play_all(state, "p1: layoff 0 8S", "p1: pass")
    assert (state.phase, state.to_move) == (Phase.FINAL_LAYOFF, 2)
    assert legal(state) == {"p2: layoff 0 9S", "p2: pass"}
    state = play_all(state, "p2: layoff 0 9S", "p2: pass")
    result = result_of(state)
    assert (result.went_out, result.reason) == (0, EndReason.WENT_OUT)
    assert result.scores == (18, 8 - 2, 9 - 10)


def test_e4_counterclockwise_final_lay_offs_go_to_seat_minus_one():
    state = position(
        ["KD", "8S 2C", "9S QH"],
        melds=[("5S 6S 7S", 0)],
        phase="play",
        rules=knobs(final_layoff=True, direction="counterclockwise"),
    )
    state = play(state, "discard KD")
    assert (state.phase, state.to_move) == (Phase.FINAL_LAYOFF, 2)
    assert legal(state) == {"p2: pass"}
    state = play(state, "p2: pass")
    assert legal(state) == {"p1: layoff 0 8S", "p1: pass"}
    state = play_all(state, "p1: layoff 0 8S", "p1: pass")
    assert result_of(state).scores == (18, 6, -19)


def test_e4_final_lay_offs_lower_the_winners_score_under_winner_takes_hands():
    rules = knobs(final_layoff=True, scoring="winner_takes_hands")
    state = position(["KD", "8S 2C", "QH"], melds=[("5S 6S 7S", 0)], phase="play", rules=rules)
    state = play_all(state, "discard KD", "p1: layoff 0 8S", "p1: pass", "p2: pass")
    assert result_of(state).scores == (2 + 10, 0, 0)


def test_e4_final_lay_offs_start_after_the_player_who_went_out_by_melding():
    state = position(
        ["2C 3D", "JD QD KD", "9D TD"],
        melds=[("AS 2S 3S", 0)],
        phase="play",
        to_move=1,
        rules=FINAL_LAYOFF,
    )
    state = play(state, "meld JD QD KD")
    assert (state.phase, state.to_move, state.went_out) == (Phase.FINAL_LAYOFF, 2, 1)
    state = play_all(state, "p2: layoff 1 9D TD", "p2: pass")
    assert (state.phase, state.to_move) == (Phase.FINAL_LAYOFF, 0)
    assert legal(state) == {"p0: pass"}
    state = play(state, "p0: pass")
    result = result_of(state)
    assert result.went_out == 1
    assert result.scores == (6 - 5, 30, 19)
