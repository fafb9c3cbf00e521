"""Dealer's gambit (rules V7): the jokers' nominated effects, ``wild``, ``double`` and ``split``.

Rule ids: V7, and the rules it changes or meets here, named second in the
test names (M4, S2, T3, T4, T8, T9, T11, E3, E4, R1, V8).  Worked examples of
each effect: wild jokers worth zero, doubled melds (scored double, sealed
against lay-offs, counted double toward the opening minimum) and splits of
the discard pile.

Positions come from :func:`tests.gambit.gambit_position`; moves are played and
refused with :func:`tests.positions.play` and :func:`tests.positions.illegal`.
"""

from __future__ import annotations

from typing import Any

import pytest

from rummy500 import (
    JOKER,
    KnownCards,
    NotationError,
    Phase,
    Reason,
    apply_move,
    observe,
    parse_move,
    track,
)
from rummy500.positions import rules_to_data
from tests.gambit import GAMBIT, gambit_knobs, gambit_position
from tests.gambit import split_position as _split_position
from tests.helpers import cards, hand, legal, play_all, result_of
from tests.positions import illegal, play, position, texts

# ---------------------------------------------------------------------------
# 5. wild


def test_v7_m4_wild_jokers_in_groups_and_runs_are_worth_zero() -> None:
    """Under wild, jokers fill groups and runs and score 0."""
    # The dealer plays the dealer's joker in the group, their own in the run.
    state = gambit_position(["9S 9H 5D 6D JK 2C", "3H 4H"], phase="play", to_move=0, dealer=0)
    state = play_all(state, "meld 9S 9H JK=9", "meld 5D 6D JK=7D")
    assert state.turn_points == 18 + 11
    assert GAMBIT.card_values.joker == 0
    result = result_of(play(state, "discard 2C"))
    assert result.melded == (29, 0)
    assert result.scores == (29, -7)


# ---------------------------------------------------------------------------
# 6. double


def test_v7_s2_doubled_meld_scores_double_for_the_melder() -> None:
    """A doubled meld counts twice, all for its melder; the joker over it is worth 0."""
    state = gambit_position(
        ["8S 9D 2C KH", "JK 5S 6S 7S KC"],
        effect="double",
        melds=[("AH 2H 3H", 0)],
        phase="play",
        to_move=1,
        dealer=0,
    )
    after = play(state, "meld 5S 6S 7S double")
    table_meld = after.melds[1]
    assert (table_meld.doubled, table_meld.multiplier, table_meld.by) == (True, 2, (1, 1, 1))
    assert str(table_meld) == "5S 6S 7S"  # the joker lies over it, not in it
    assert (after.melds[0].doubled, after.melds[0].multiplier) == (False, 1)
    assert after.turn_points == 2 * 18
    assert after.hands[1] == hand("KC")
    assert after.all_cards() == state.all_cards()
    result = result_of(play(after, "discard KC"))
    assert result.melded == (1 + 2 + 3, 2 * 18)
    assert result.scores == (6 - 29, 36)


def test_v7_doubled_meld_is_sealed_against_lay_offs() -> None:
    """Nobody may lay off on a doubled meld (SEALED_MELD, V7)."""
    state = gambit_position(
        ["8S 9D 2C KH", "JK 5S 6S 7S 4S QC KC"],
        effect="double",
        phase="play",
        to_move=1,
        dealer=0,
    )
    state = play(state, "meld 5S 6S 7S double")
    illegal(state, "layoff 0 4S", Reason.SEALED_MELD, "V7")
    assert not any("layoff" in text for text in texts(state))
    state = play_all(state, "discard KC", "p0: draw")
    illegal(state, "p0: layoff 0 8S", Reason.SEALED_MELD, "V7")
    assert "p0: discard 8S" in legal(state)


def test_v7_r1_t9_e4_sealed_meld_takes_no_call_no_out_of_turn_and_no_final_lay_off() -> None:
    """A sealed meld takes no lay-off in a call, out of turn, nor in the final lay-offs."""
    call = gambit_position(
        ["5D 9D 3C KH", "4H 4D 2C", "AC QC"],
        effect="double",
        melds=[("5S 6S 7S", 2)],
        doubled=[0],
        discard="KD 8S",
        to_move=1,
        dealer=0,
        last_discarder=2,
    )
    illegal(call, "p0: rummy 1 layoff 0 8S", Reason.SEALED_MELD, "V7")
    out_of_turn = gambit_position(
        ["8S 9D", "4H 4D 2C"],
        effect="double",
        melds=[("5S 6S 7S", 1)],
        doubled=[0],
        to_move=1,
        dealer=0,
        rules=gambit_knobs(out_of_turn_melding=True),
    )
    illegal(out_of_turn, "p0: layoff 0 8S", Reason.SEALED_MELD, "V7")
    final = gambit_position(
        ["8S 2C", "JK 5S 6S 7S KD", "9H 9C"],
        effect="double",
        phase="play",
        to_move=1,
        dealer=0,
        rules=gambit_knobs(final_layoff=True),
    )
    final = play_all(final, "meld 5S 6S 7S double", "discard KD")
    assert (final.phase, final.to_move) == (Phase.FINAL_LAYOFF, 0)
    illegal(final, "p0: layoff 0 8S", Reason.SEALED_MELD, "V7")
    assert legal(final) == {"p0: pass"}


def test_v7_e3_a_sealed_meld_does_not_make_the_last_card_playable() -> None:
    """Under E3 a last card that fits only a sealed meld may be discarded."""
    rules = gambit_knobs(going_out="floating", final_discard_must_be_unplayable=True)
    sealed = gambit_position(
        ["5D 9D 3C KH", "8S"],
        effect="double",
        melds=[("5S 6S 7S", 0)],
        doubled=[0],
        phase="play",
        to_move=1,
        dealer=0,
        rules=rules,
    )
    assert legal(sealed) == {"p1: discard 8S"}
    assert result_of(play(sealed, "discard 8S")).went_out == 1
    open_meld = gambit_position(
        ["5D 9D 3C KH", "8S"],
        effect="double",
        melds=[("5S 6S 7S", 0)],
        phase="play",
        to_move=1,
        dealer=0,
        rules=rules,
    )
    illegal(open_meld, "discard 8S", Reason.PLAYABLE_FINAL_DISCARD, "E3")


@pytest.mark.parametrize("effect", ["double", "split"])
def test_v7_e3_a_joker_that_is_not_wild_may_be_the_last_discard(effect: str) -> None:
    """Under E3 a last joker may be discarded when jokers are not wild: it fits no meld.

    Found by the random-rules soak: a floating player who drew a joker had no
    legal move (the joker counted as playable on a run, yet could not be laid off).
    """
    rules = gambit_knobs(going_out="floating", final_discard_must_be_unplayable=True)
    state = gambit_position(
        ["5D 9D 3C KH", "JK"],
        effect=effect,
        melds=[("5S 6S 7S", 0)],
        phase="play",
        to_move=1,
        dealer=0,
        dealer_joker=False,
        dead="JK" if effect == "split" else "",
        rules=rules,
    )
    assert legal(state) == {"p1: discard JK"}
    assert result_of(play(state, "discard JK")).went_out == 1
    wild = gambit_position(
        ["5D 9D 3C KH", "JK"],
        effect="wild",
        melds=[("5S 6S 7S", 0)],
        phase="play",
        to_move=1,
        dealer=0,
        rules=rules,
    )
    illegal(wild, "discard JK", Reason.PLAYABLE_FINAL_DISCARD, "E3")


def test_v7_m4_jokers_are_not_wild_under_double() -> None:
    """Under double no meld or lay-off may hold a joker (JOKER_EFFECT, V7)."""
    state = gambit_position(
        ["8S 9D 2C KH", "JK 5S 6S 4H 4D 4C"],
        effect="double",
        melds=[("9H TH JH", 0)],
        phase="play",
        to_move=1,
        dealer=0,
    )
    illegal(state, "meld 5S 6S JK=7S", Reason.JOKER_EFFECT, "V7")
    illegal(state, "meld 4H 4D 4C JK=4", Reason.JOKER_EFFECT, "V7")
    illegal(state, "layoff 0 JK=QH", Reason.JOKER_EFFECT, "V7")
    assert not any("JK=" in text for text in texts(state))
    # A joker may still be discarded.
    assert "p1: discard JK" in legal(state)


@pytest.mark.parametrize("effect", ["wild", "split"])
def test_v7_doubled_meld_only_when_the_dealer_nominated_double(effect: str) -> None:
    """Doubling under wild or split is refused (JOKER_EFFECT, V7)."""
    state = gambit_position(
        ["8S 9D 2C KH", "JK 5S 6S 7S 4H"], effect=effect, phase="play", to_move=1, dealer=0
    )
    illegal(state, "meld 5S 6S 7S double", Reason.JOKER_EFFECT, "V7")
    assert not any("double" in text for text in texts(state))


def test_v7_doubled_meld_outside_dealers_gambit_is_refused() -> None:
    """Doubling outside dealer's gambit is refused (JOKER_EFFECT, V7)."""
    state = position(["JK 5S 6S 7S 4H", "2C"], phase="play")
    illegal(state, "meld 5S 6S 7S double", Reason.JOKER_EFFECT, "V7")


def test_v7_doubling_needs_a_joker() -> None:
    """A doubled meld needs a joker to lay over it."""
    state = gambit_position(
        ["8S 9D 2C KH", "5S 6S 7S 4H"], effect="double", phase="play", to_move=1, dealer=0
    )
    illegal(state, "meld 5S 6S 7S double", Reason.CARDS_NOT_AVAILABLE, "T7")
    assert legal(state) >= {"p1: meld 5S 6S 7S"}
    assert "p1: meld 5S 6S 7S double" not in legal(state)


def test_v7_t8_a_doubled_meld_counts_double_toward_the_opening_minimum() -> None:
    """A doubled meld counts twice toward the opening minimum (T8)."""
    rules = rules_to_data(GAMBIT.evolve(opening_minimum=30))
    state = gambit_position(
        ["4D 9D 3C KH", "JK 7S 8S 9S 2C"],
        effect="double",
        phase="play",
        to_move=1,
        dealer=0,
        rules=rules,
    )
    # 7-8-9♠ is 24 points alone, 48 doubled.
    illegal(state, "meld 7S 8S 9S", Reason.DEAD_END, "N1")
    after = play(state, "meld 7S 8S 9S double")
    assert (after.turn_points, after.opened) == (48, frozenset({1}))
    assert after.hands[1] == hand("2C")


def test_v7_v8_a_doubled_group_of_four_aces_scores_double_the_four_aces_value() -> None:
    """The doubling joker lies over the meld, not in it: four aces stay four aces (V8)."""
    rules = rules_to_data(GAMBIT.evolve(four_aces_value=25))
    state = gambit_position(
        ["4D 9D 3C KH", "JK AS AH AD AC 2C"],
        effect="double",
        phase="play",
        to_move=1,
        dealer=0,
        rules=rules,
    )
    after = play(state, "meld AS AH AD AC double")
    assert (after.turn_points, after.melds[0].multiplier) == (200, 2)
    assert result_of(play(after, "discard 2C")).melded == (0, 200)


def test_v7_t3_take_and_double_the_new_meld() -> None:
    """A take may meld its deepest card in a doubled meld."""
    state = gambit_position(
        ["5D 9D 3C KH", "JK 4H 4D 2C"], effect="double", discard="KD 4S 9C", to_move=1, dealer=0
    )
    assert {"p1: take 2 meld 4S 4H 4D", "p1: take 2 meld 4S 4H 4D double"} <= legal(state)
    after = play(state, "take 2 meld 4S 4H 4D double")
    assert after.melds[0].doubled
    assert after.hands[1] == hand("2C 9C")
    assert after.turn_points == 2 * 12


@pytest.mark.parametrize("effect", ["double", "split"])
def test_v7_t3_a_joker_from_the_pile_cannot_be_melded_when_jokers_are_not_wild(effect: str) -> None:
    """Under double or split a deep take whose deepest card is a joker is impossible."""
    state = gambit_position(
        ["5D 9D 3C KH", "4H 4D 2C"],
        effect=effect,
        discard="KD JK 4S",
        to_move=1,
        dealer=0,
    )
    illegal(state, "take 2 meld 4S 4H 4D JK", Reason.JOKER_EFFECT, "V7")
    assert not any(text.startswith("p1: take 2") for text in texts(state))
    assert legal(state) == {"p1: draw", "p1: take 1"}


def test_v7_t3_a_joker_from_the_pile_may_double_the_new_meld() -> None:
    """A joker taken from the pile above the deepest card may double the new meld."""
    state = gambit_position(
        ["5D 9D 3C KH", "4H 4D 2C"], effect="double", discard="KD 4S JK", to_move=1, dealer=0
    )
    after = play(state, "take 2 meld 4S 4H 4D double")
    assert after.melds[0].doubled
    assert after.hands[1] == hand("2C")


def test_v7_r1_a_call_doubles_only_with_a_joker_from_the_pile() -> None:
    """A call doubles with a joker from the pile, never one from the hand or the dealer's."""
    from_pile = gambit_position(
        ["5D 9D 3C KH", "4H 4D 2C", "AC QC"],
        effect="double",
        discard="KD 7S JK 8S 9S",
        to_move=1,
        dealer=0,
        last_discarder=2,
    )
    assert "p0: rummy 4 meld 7S 8S 9S double" in legal(from_pile)
    after = play(from_pile, "p0: rummy 4 meld 7S 8S 9S double")
    assert after.melds[0].doubled
    assert after.hands[0] == hand("5D 9D 3C KH")
    assert after.dealer_joker  # the dealer called, with the pile's joker
    from_hand = gambit_position(
        ["5D 9D 3C KH JK", "4H 4D 2C", "AC QC"],
        effect="double",
        discard="KD 7S 8S 9S",
        to_move=1,
        dealer=0,
        last_discarder=2,
    )
    illegal(from_hand, "p0: rummy 3 meld 7S 8S 9S double", Reason.RUMMY_USES_HAND, "R1")
    dealers = gambit_position(
        ["5D 9D 3C KH", "4H 4D 2C", "AC QC"],
        effect="double",
        discard="KD 7S 8S 9S",
        to_move=1,
        dealer=0,
        last_discarder=2,
    )
    illegal(dealers, "p0: rummy 3 meld 7S 8S 9S double", Reason.CARDS_NOT_AVAILABLE, "T7")


def test_v7_t9_out_of_turn_meld_may_be_doubled() -> None:
    """An out-of-turn meld (T9) may be doubled with a joker from the hand."""
    state = gambit_position(
        ["5D 9D 3C KH", "4H 4D 2C", "JK 7S 8S 9S 2D"],
        effect="double",
        to_move=1,
        dealer=0,
        rules=gambit_knobs(out_of_turn_melding=True),
    )
    assert "p2: meld 7S 8S 9S double" in legal(state)
    after = play(state, "p2: meld 7S 8S 9S double")
    assert after.melds[0].doubled
    assert (after.melds[0].by, after.hands[2]) == ((2, 2, 2), hand("2D"))
    assert (after.to_move, after.phase) == (1, Phase.DRAW)
    # Out of turn the dealer has no joker to double with: the dealer's joker stays aside.
    dealer = gambit_position(
        ["5D 6D 7D KH", "4H 4D 2C", "7S 8S 9S 2D"],
        effect="double",
        to_move=1,
        dealer=0,
        rules=gambit_knobs(out_of_turn_melding=True),
    )
    illegal(dealer, "p0: meld 5D 6D 7D double", Reason.CARDS_NOT_AVAILABLE, "T7")
    assert play(dealer, "p0: meld 5D 6D 7D").dealer_joker


# ---------------------------------------------------------------------------
# 7. split


def test_v7_split_inside_cards_leave_play_outside_cards_go_to_the_hand() -> None:
    """A split: cards below the chosen one leave play, cards above go to the hand."""
    state = _split_position()
    assert legal(state) == {
        "p1: draw",
        "p1: take 1",
        "p1: take 3 meld 5S 6S 7S",
        "p1: split 3 meld 5S 6S 7S",
    }
    after = play(state, "split 3 meld 5S 6S 7S")
    # The chosen card, 7♠, is melded; 2♣ 3♦ below it leave play with the joker;
    # K♠ Q♦ above it go to the hand.
    assert after.dead == (*cards("2C 3D"), JOKER)
    assert after.discard == ()
    assert after.hands[1] == hand("9H 9C KS QD")
    assert after.taken == cards("7S KS QD")
    assert str(after.melds[0]) == "5S 6S 7S"
    assert (after.phase, after.to_move, after.turn_points) == (Phase.PLAY, 1, 18)
    assert after.dealer_joker  # a player's own joker split the pile
    assert after.all_cards() == state.all_cards()


def test_v7_split_chosen_card_must_be_melded_at_once() -> None:
    """The split's play must meld the chosen card, without jokers."""
    state = _split_position(hands=["5D 3C KH", "JK 5S 6S 9H 9C 9D", "AC QC"])
    illegal(state, "split 3 meld 9H 9D 9C", Reason.PLAY_MISSES_DEEPEST_CARD, "V7")
    illegal(state, "split 3 meld 5S 6S JK=7S", Reason.JOKER_EFFECT, "V7")
    with pytest.raises(NotationError, match="missing meld or layoff"):
        parse_move(state, "split 3")


def test_v7_t4_split_lays_off_the_chosen_card_whatever_the_t4_knobs() -> None:
    """A split may lay off the chosen card at any depth whatever the T4 knobs."""
    state = _split_position(
        hands=["5D 9D 3C KH", "JK 9H 9C", "AC QC"],
        melds=[("5S 6S 7S", 0)],
        discard="2C 3D 8S KS QD",
        rules=gambit_knobs(deepest_card_use="new_meld_only", discard_take="top_only"),
    )
    illegal(state, "take 3 layoff 0 8S", Reason.DEEP_TAKE_NOT_ALLOWED, "T4")
    assert legal(state) == {"p1: draw", "p1: take 1", "p1: split 3 layoff 0 8S"}
    after = play(state, "split 3 layoff 0 8S")
    assert after.melds[0].by == (0, 0, 0, 1)
    assert after.hands[1] == hand("9H 9C KS QD")
    assert after.dead == (*cards("2C 3D"), JOKER)


def test_v7_split_needs_a_joker() -> None:
    """A player without a joker cannot split the pile (JOKER_EFFECT, V7)."""
    state = _split_position(hands=["5D 9D 3C KH", "5S 6S 9H 9C", "AC QC"])
    illegal(state, "split 3 meld 5S 6S 7S", Reason.JOKER_EFFECT, "V7")
    assert "p1: take 3 meld 5S 6S 7S" in legal(state)


@pytest.mark.parametrize("effect", ["wild", "double"])
def test_v7_split_only_when_the_dealer_nominated_split(effect: str) -> None:
    """Splitting under wild or double is refused (JOKER_EFFECT, V7)."""
    state = _split_position(effect=effect)
    illegal(state, "split 3 meld 5S 6S 7S", Reason.JOKER_EFFECT, "V7")
    assert not any("split" in text for text in texts(state))


def test_v7_split_outside_dealers_gambit_is_refused() -> None:
    """Splitting outside dealer's gambit is refused (JOKER_EFFECT, V7)."""
    state = position(["JK 5S 6S 9H", "2C"], discard="2D 7S KD")
    illegal(state, "split 2 meld 5S 6S 7S", Reason.JOKER_EFFECT, "V7")


def test_v7_split_is_a_move_of_the_draw_phase_at_a_depth_the_pile_holds() -> None:
    """A split replaces the draw of the seat to move, at a depth the pile holds."""
    state = _split_position()
    illegal(state, "split 9 meld 5S 6S 7S", Reason.PILE_TOO_SHORT, "V7")
    illegal(state, "p2: split 3 meld 5S 6S 7S", Reason.NOT_YOUR_TURN, "D7")
    playing = _split_position(phase="play")
    illegal(playing, "split 3 meld 5S 6S 7S", Reason.WRONG_PHASE, "T1")


def test_v7_t11_split_at_the_top_card_counts_as_taking_it_alone() -> None:
    """A split at the top card is taking it alone: no discarding a copy this turn (T11)."""
    rules = gambit_knobs(decks=2)
    hands = ["5D 9D 3C KH", "JK 5S 6S 7S 9H 9C", "AC QC"]
    top = _split_position(hands=hands, discard="2C 3D 7S", rules=rules)
    after = play(top, "split 1 meld 5S 6S 7S")
    assert after.taken == cards("7S")
    assert after.dead == (*cards("2C 3D"), JOKER)
    illegal(after, "discard 7S", Reason.DISCARD_TAKEN_CARD, "T11")
    assert legal(after) == {"p1: discard 9H", "p1: discard 9C"}
    deeper = _split_position(hands=hands, discard="2C 7S 3D", rules=rules)
    after = play(deeper, "split 2 meld 5S 6S 7S")
    assert after.taken == cards("7S 3D")
    play(after, "discard 7S")


def test_v7_dealer_splits_with_the_dealers_joker_first() -> None:
    """The dealer splits with the dealer's joker, before any joker in hand."""
    state = _split_position(hands=["5D 9D 3C KH", "5S 6S 9H 9C", "AC QC"], dealer=1)
    after = play(state, "split 3 meld 5S 6S 7S")
    assert not after.dealer_joker
    assert after.dead == (*cards("2C 3D"), JOKER)
    assert after.hands[1] == hand("9H 9C KS QD")
    assert after.all_cards() == state.all_cards()
    holding = _split_position(dealer=1)
    after = play(holding, "split 3 meld 5S 6S 7S")
    assert not after.dealer_joker
    assert after.hands[1] == hand("JK 9H 9C KS QD")


def test_v7_once_the_dealers_joker_is_used_the_dealer_splits_with_their_own() -> None:
    """Once the dealer's joker is out of play the dealer needs a joker in hand to split."""
    where: dict[str, Any] = {"dealer_joker": False, "dead": "2H JK", "dealer": 1}
    without = _split_position(hands=["5D 9D 3C", "5S 6S 9H 9C", "AC QC"], **where)
    illegal(without, "split 3 meld 5S 6S 7S", Reason.JOKER_EFFECT, "V7")
    holding = _split_position(hands=["5D 9D 3C", "JK 5S 6S 9H 9C", "AC QC"], **where)
    after = play(holding, "split 3 meld 5S 6S 7S")
    assert after.hands[1] == hand("9H 9C KS QD")
    assert after.dead == (*cards("2H JK 2C 3D"), JOKER)


def test_v7_split_cards_taken_are_public() -> None:
    """The cards a split puts in the hand are known to every seat; dead cards are public."""
    state = _split_position()
    move = parse_move(state, "split 3 meld 5S 6S 7S")
    known = track(KnownCards.start(state), state, move)
    assert known.of(1) == hand("KS QD")
    after = apply_move(state, move)
    view = observe(after, 0, known)
    assert view.known[1] == hand("KS QD")
    assert view.dead == (*cards("2C 3D"), JOKER)
