"""Discarding (rules §4.3): T10 and T11.

T10 a turn ends with a discard (one move per distinct card); T11 the top
discard taken alone may not be discarded again that turn, nor an identical
copy of it with two decks.
"""

from __future__ import annotations

from rummy500 import Discard, MeldMove, Phase, Reason, legal_moves
from tests.helpers import cards, hand, knobs
from tests.positions import illegal, play, position, texts

# ---------------------------------------------------------------------------
# T10 the turn ends with a discard


def test_t10_turn_ends_with_a_discard():
    state = position(["5S 6S 7S KD 2H", "2C"], phase="play", discard="3D")
    assert {type(m) for m in legal_moves(state)} == {MeldMove, Discard}
    after = play(state, "discard KD")
    assert after.hands[0] == hand("5S 6S 7S 2H")
    assert after.discard == cards("3D KD")
    assert (after.to_move, after.phase, after.last_discarder) == (1, Phase.DRAW, 0)
    illegal(state, "discard 9C", Reason.CARDS_NOT_AVAILABLE, "T10")


def test_t10_one_discard_per_distinct_card_with_two_decks():
    state = position(["7H 7H 8C", "2C", "3C", "4C", "5C"], phase="play")
    moves = legal_moves(state)
    assert len(set(moves)) == len(moves)
    assert texts(state) == ["p0: discard 7H", "p0: discard 8C"]


# ---------------------------------------------------------------------------
# T11 not the card just taken alone


def test_t11_top_discard_taken_alone_may_not_be_discarded():
    state = position(["2S 5D 9C", "3H"], discard="3D KH")
    state = play(state, "take 1")
    error = illegal(state, "discard KH", Reason.DISCARD_TAKEN_CARD, "T11")
    assert "KH" in str(error)
    assert "p0: discard KH" not in texts(state)
    play(state, "discard 2S")


def test_t11_no_identical_copy_either_with_two_decks():
    state = position(["7H 2S 9C", "2C", "3C", "4C", "5C"], discard="3D 7H")
    state = play(state, "take 1")
    assert state.hands[0] == hand("7H 7H 2S 9C")
    illegal(state, "discard 7H", Reason.DISCARD_TAKEN_CARD, "T11")
    assert texts(state) == ["p0: discard 2S", "p0: discard 9C"]


def test_t11_after_taking_several_cards_the_previous_top_card_may_be_discarded():
    state = position(["4H 4C 9C", "3H"], discard="2D 4S KH")
    state = play(state, "take 2 meld 4S 4H 4C")
    assert state.hands[0] == hand("9C KH")
    after = play(state, "discard KH")
    assert after.discard == cards("2D KH")


def test_t11_top_discard_must_meld_still_forbids_discarding_an_identical_copy():
    # Two decks: the 7♠ taken is melded, and the other 7♠ may not be discarded.
    state = position(
        ["5S 6S 7S 9D", "3H"], discard="KD 7S", rules=knobs(top_discard_must_meld=True, decks=2)
    )
    state = play(state, "take 1 meld 5S 6S 7S")
    assert state.hands[0] == hand("7S 9D")
    illegal(state, "discard 7S", Reason.DISCARD_TAKEN_CARD, "T11")
    play(state, "discard 9D")
