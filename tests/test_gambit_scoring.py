"""Dealer's gambit (rules V7): jokers in hand count zero, and the scoring of a hand.

Rule ids: V7, and the scoring rules it meets, named second in the test names
(S1–S3, T9): jokers left in hand, dead cards and the unused dealer's joker
count for nobody, and going out in one turn with jokers is going rummy.

Positions come from :func:`tests.gambit.gambit_position`; moves are played and
refused with :func:`tests.positions.play` and :func:`tests.positions.illegal`.
"""

from __future__ import annotations

import pytest

from rummy500 import (
    JOKER,
)
from tests.gambit import gambit_knobs, gambit_position
from tests.gambit import split_position as _split_position
from tests.helpers import cards, play_all, result_of
from tests.positions import play

# ---------------------------------------------------------------------------
# 8–9. Jokers in hand count zero; scoring


def test_v7_s1_jokers_left_in_hand_count_zero() -> None:
    """A joker left in hand counts 0 against its holder."""
    state = gambit_position(
        ["5S 6S 7S 9D", "JK KD", "2C"], melds=[("9H TH JH", 2)], phase="play", to_move=0
    )
    result = result_of(play_all(state, "meld 5S 6S 7S", "discard 9D"))
    assert result.in_hand == (0, 10, 2)
    assert result.scores == (18, -10, 29 - 2)


def test_v7_s2_dead_cards_and_the_unused_dealers_joker_count_for_nobody() -> None:
    """Cards out of play and the unused dealer's joker score for nobody."""
    state = _split_position(hands=["5D 9D 3C KH", "JK 5S 6S", "2H"], discard="AC 3D 7S", dealer=2)
    # Split at the top: A♣ 3♦ leave play, the 7♠ is melded and p1 goes out.
    over = play(state, "split 1 meld 5S 6S 7S")
    result = result_of(over)
    assert (over.dead, over.dealer_joker) == ((*cards("AC 3D"), JOKER), True)
    assert result.melded == (0, 18, 0)
    assert result.in_hand == (5 + 9 + 3 + 10, 0, 2)
    assert result.scores == (-27, 18, -2)
    assert over.all_cards() == state.all_cards()


# ---------------------------------------------------------------------------
# S3 going rummy with jokers: the cards credited on the table this turn

GOING_RUMMY = gambit_knobs(scoring="winner_takes_hands", going_rummy_multiplier=2)


@pytest.mark.parametrize(
    ("second_hand", "effect", "dealer", "meld"),
    [
        ("JK 5S 6S KC", "wild", 0, "meld 5S 6S JK=7S"),  # a wild joker from the hand
        ("5S 6S KC", "wild", 1, "meld 5S 6S JK=7S"),  # the dealer's joker, wild
        ("JK 5S 6S 7S KC", "double", 0, "meld 5S 6S 7S double"),  # a held doubling joker
        ("5S 6S 7S KC", "double", 1, "meld 5S 6S 7S double"),  # the dealer's, doubling
    ],
)
def test_v7_s3_going_out_in_one_turn_with_jokers_is_going_rummy(
    second_hand: str, effect: str, dealer: int, meld: str
) -> None:
    """Going out in one turn with a wild or doubling joker, held or the dealer's, is going rummy."""
    state = gambit_position(
        ["8S 9D 2C KH", second_hand],
        effect=effect,
        phase="play",
        to_move=1,
        dealer=dealer,
        rules=GOING_RUMMY,
    )
    result = result_of(play_all(state, meld, "discard KC"))
    assert (result.going_rummy, result.scores) == (True, (0, 2 * 29))


def test_v7_s3_t9_out_of_turn_doubled_meld_going_out_is_going_rummy() -> None:
    """Going out with a first, out-of-turn, doubled meld is going rummy (S3, T9)."""
    state = gambit_position(
        ["5D 9D 3C KH", "4H 4D 2C", "JK 7S 8S 9S"],
        effect="double",
        to_move=1,
        dealer=0,
        rules=gambit_knobs(out_of_turn_melding=True, **GOING_RUMMY),
    )
    result = result_of(play(state, "p2: meld 7S 8S 9S double"))
    assert result.went_out == 2
    assert result.going_rummy
