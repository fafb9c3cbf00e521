"""Text of meld cards and melds (DESIGN.md §3 "Move notation": the ``spec`` grammar)."""

from __future__ import annotations

import pytest

from rummy500 import (
    CardParseError,
    InvalidMeldError,
    MeldCard,
    NotationError,
    Rank,
    Rules,
    Suit,
    make_meld,
    parse_card,
)
from rummy500.meldcards import format_meld_cards, parse_meld_card, parse_meld_cards

EVERY_SPEC_TEXT = (
    [r + s for s in "SHDC" for r in "A23456789TJQK"]
    + ["JK"]
    + ["JK=" + r + s for s in "SHDC" for r in "A23456789TJQK"]
    + ["JK=" + r for r in "A23456789TJQK"]
)


@pytest.mark.parametrize("text", EVERY_SPEC_TEXT)
def test_every_meld_card_text_round_trips(text):
    spec = parse_meld_card(text)
    assert str(spec) == text
    assert parse_meld_card(text.lower()) == spec
    assert eval(repr(spec), {"MeldCard": MeldCard}) == spec
    assert MeldCard.parse(text) == spec


def test_every_meld_card_text_is_a_distinct_meld_card():
    assert len({parse_meld_card(text) for text in EVERY_SPEC_TEXT}) == len(EVERY_SPEC_TEXT)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("6h", "6H"),
        ("10s", "TS"),
        ("jk=8h", "JK=8H"),
        ("JK=10S", "JK=TS"),
        ("jk=10", "JK=T"),
        ("JK=9♠", "JK=9S"),
        ("jk=q", "JK=Q"),
        ("jk", "JK"),
    ],
)
def test_meld_card_spellings(text, expected):
    assert str(parse_meld_card(text)) == expected


def test_meld_card_fields():
    run_joker = parse_meld_card("JK=8H")
    assert run_joker.is_joker
    assert run_joker.card.is_joker
    assert (run_joker.rank, run_joker.suit) == (Rank.EIGHT, Suit.HEARTS)
    group_joker = parse_meld_card("JK=9")
    assert (group_joker.rank, group_joker.suit) == (Rank.NINE, None)
    natural = parse_meld_card("7H")
    assert not natural.is_joker
    assert natural.card == parse_card("7H")
    assert MeldCard.natural(parse_card("7H")) == natural
    assert MeldCard.joker_as(8, "H") == run_joker
    assert MeldCard.joker_as(Rank.NINE) == group_joker


@pytest.mark.parametrize("text", ["JK=8X", "JK=1", "JK=JK", "JK=", "JK=11H", "XX", "1H", "JK8H"])
def test_bad_meld_cards_are_notation_errors_quoting_the_text(text):
    with pytest.raises(NotationError) as info:
        parse_meld_card(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_meld_card_parser_rejects_non_text():
    with pytest.raises(NotationError):
        parse_meld_card(7)


@pytest.mark.parametrize(
    ("text", "position", "token"),
    [
        ("6H 7H JK=8X", 3, "JK=8X"),
        ("XX 7H 8H", 1, "XX"),
        ("6H,JK=1, 8H", 2, "JK=1"),
        ("9S JK=9 JK=Z", 3, "JK=Z"),
    ],
)
def test_meld_text_errors_point_at_the_offending_token(text, position, token):
    with pytest.raises(NotationError) as info:
        parse_meld_cards(text)
    message = str(info.value)
    assert f"token {position} of {text!r}" in message
    assert repr(token) in message


def test_make_meld_on_bad_text_is_a_notation_error_not_an_invalid_meld():
    with pytest.raises(NotationError, match="token 2 of '6H XX 8H'") as info:
        make_meld("6H XX 8H", Rules())
    assert not isinstance(info.value, InvalidMeldError)


def test_meld_text_is_case_insensitive_and_formatted_canonically():
    assert format_meld_cards(parse_meld_cards("6h 7h jk=8h")) == "6H 7H JK=8H"
    assert format_meld_cards(parse_meld_cards(" 9♠,JK=9  jk=9 ")) == "9S JK=9 JK=9"
    assert str(make_meld("jk=9 9s jk=9", Rules())) == "9S JK=9 JK=9"
    assert format_meld_cards(parse_card(t) for t in ("AS", "10H")) == "AS TH"


def test_settled_detail_a_bare_joker_parses_but_is_an_illegal_wild_meld():
    # RULES.md §10: a bare JK in a meld parses (it is a card) but is illegal under wild jokers.
    assert str(parse_meld_cards("7H 8H JK")[2]) == "JK"
    with pytest.raises(InvalidMeldError) as info:
        make_meld("7H 8H JK", Rules())
    assert info.value.rule == "M4"


def test_card_parse_errors_are_notation_errors():
    assert issubclass(CardParseError, NotationError)
