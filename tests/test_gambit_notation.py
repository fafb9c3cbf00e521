"""Dealer's gambit (rules V7) in the notation: ``nominate``, ``block``, ``split``, ``double``.

Rule id: V7.  The moves of the dealer's gambit round-trip through their
text, and malformed text raises ``NotationError`` saying why.
"""

from __future__ import annotations

import pytest

from rummy500 import (
    Block,
    JokerEffect,
    LayoffMove,
    MeldMove,
    Move,
    Nominate,
    NotationError,
    Split,
    Take,
    format_move,
    parse_move,
)
from tests.gambit import split_position as _split_position

# ---------------------------------------------------------------------------
# Notation


NOTATION: list[tuple[str, str, Move | None]] = [
    ("nominate wild", "p1: nominate wild", Nominate(1, JokerEffect.WILD)),
    ("p0: NOMINATE Double", "p0: nominate double", Nominate(0, JokerEffect.DOUBLE)),
    ("nominate split", "p1: nominate split", Nominate(1, "split")),
    ("block", "p1: block", Block(1)),
    ("split 3 meld 5S 6S 7S", "p1: split 3 meld 5S 6S 7S", Split(1, 3, MeldMove(1, "5S 6S 7S"))),
    ("split 1 layoff 0 8S", "p1: split 1 layoff 0 8S", Split(1, 1, LayoffMove(1, 0, "8S"))),
    ("meld 7S 8S 9S double", "p1: meld 7S 8S 9S double", MeldMove(1, "7S 8S 9S", True)),
    ("meld 9S 7S 8S DOUBLE", "p1: meld 7S 8S 9S double", MeldMove(1, "7S 8S 9S", True)),
    (
        "take 3 meld 4S 4H 4D double",
        "p1: take 3 meld 4S 4H 4D double",
        Take(1, 3, MeldMove(1, "4S 4H 4D", True)),
    ),
    ("p2: rummy 4 meld 7S 8S 9S double", "p2: rummy 4 meld 7S 8S 9S double", None),
    ("p0: meld 4D 4S 4H double", "p0: meld 4S 4H 4D double", None),
]


@pytest.mark.parametrize(("text", "written", "expected"), NOTATION)
def test_v7_notation_round_trip(text: str, written: str, expected: Move | None) -> None:
    """The moves of dealer's gambit read and write back in canonical notation."""
    state = _split_position()
    move = parse_move(state, text)
    if expected is not None:
        assert move == expected
    assert str(move) == format_move(move) == written
    assert parse_move(state, written) == move


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nominate tame", "not a joker effect"),
        ("nominate", "missing the joker effect"),
        ("split 0 meld 5S 6S 7S", "depth of the chosen card"),
        ("split 3", "missing meld or layoff"),
        ("meld 7S 8S 9S double double", "unexpected 'double'"),
        ("layoff 0 8S double", "unexpected 'double'"),
        ("block 2", "unexpected '2'"),
    ],
)
def test_v7_notation_errors(text: str, message: str) -> None:
    """Malformed dealer's gambit moves are notation errors."""
    with pytest.raises(NotationError, match=message):
        parse_move(_split_position(), text)


def test_v7_nominate_rejects_an_unknown_effect() -> None:
    """Nominate accepts only wild, double or split."""
    with pytest.raises(ValueError, match="not a joker effect: 'tame'"):
        Nominate(0, "tame")
