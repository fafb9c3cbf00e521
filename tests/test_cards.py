"""Cards: the Card type, its text form and parsing (docs/notation.md, "Cards").

Rule ids: none of their own.  The decks (D1, D3) and the hand sizes (D4) are
in tests/test_deal.py; the text of meld cards and moves in tests/test_notation.py.
The last section checks card text with Hypothesis (:mod:`tests.strategies`).
"""

from __future__ import annotations

import re

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import (
    JOKER,
    Card,
    CardParseError,
    NotationError,
    Rank,
    Rummy500Error,
    Suit,
    make_deck,
    parse_card,
    parse_cards,
)
from rummy500.cards import cards_by_seat, cards_of, codes_by_seat, codes_of
from rummy500.errors import InvalidArgumentError, shown
from rummy500.meldcards import parse_meld_card
from tests.strategies import card_spellings, cards

# ---------------------------------------------------------------------------
# The Card type


def test_card_fields():
    card = parse_card("TH")
    assert card.rank is Rank.TEN
    assert card.suit is Suit.HEARTS
    assert not card.is_joker
    assert JOKER.rank is None
    assert JOKER.suit is None
    assert JOKER.is_joker
    assert Card(Rank.TEN, Suit.HEARTS) == card
    assert Card(10, "H") == card


def test_card_needs_rank_and_suit_or_neither():
    with pytest.raises(ValueError, match="both a rank and a suit"):
        Card(Rank.ACE, None)
    with pytest.raises(ValueError, match="both a rank and a suit"):
        Card(None, Suit.SPADES)


def test_card_str_and_repr():
    assert str(parse_card("10h")) == "TH"
    assert str(JOKER) == "JK"
    assert repr(parse_card("qc")) == "Card.parse('QC')"
    assert [str(card) for card in make_deck(1, 0)[:13]] == [r + "S" for r in "A23456789TJQK"]


def test_cards_are_frozen_and_hashable():
    card = parse_card("AS")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.rank = Rank.TWO
    assert len({parse_card("AS"), parse_card("as"), parse_card("A♠")}) == 1


def test_cards_sort_by_suit_then_rank_jokers_last():
    assert [str(c) for c in sorted(parse_cards("JK 2C AS KH AH"))] == [
        "AS",
        "AH",
        "KH",
        "2C",
        "JK",
    ]


# ---------------------------------------------------------------------------
# Parsing


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("TH", "TH"),
        ("10H", "TH"),
        ("10h", "TH"),
        ("th", "TH"),
        ("tH", "TH"),
        ("as", "AS"),
        ("A♠", "AS"),
        ("10♥", "TH"),
        ("q♣", "QC"),
        ("7♦", "7D"),
        ("K♥\ufe0f", "KH"),
        ("jk", "JK"),
        ("Jk", "JK"),
        ("JK", "JK"),
        (" 9c ", "9C"),
    ],
)
def test_parse_card_accepts_every_documented_spelling(text, expected):
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize("text", ["", "1H", "11H", "10", "H", "AX", "ZZ", "AS2", "JK1", "J K"])
def test_parse_card_rejects_non_cards(text):
    with pytest.raises(CardParseError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, NotationError)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, Rummy500Error)


@pytest.mark.parametrize("value", [None, 5, parse_card("AS")])
def test_parse_card_rejects_non_text(value):
    with pytest.raises(CardParseError):
        parse_card(value)


def test_parse_cards_separators():
    expected = (parse_card("AS"), parse_card("2S"), parse_card("3S"))
    assert parse_cards("AS 2S 3S") == expected
    assert parse_cards("AS, 2S,3S") == expected
    assert parse_cards("  as\t2♠\n3s ") == expected
    assert parse_cards("") == ()


def test_parse_cards_error_names_the_token_and_its_position():
    with pytest.raises(CardParseError, match=r"token 3 of 'AS 2S 1S 3S'.*'1S'"):
        parse_cards("AS 2S 1S 3S")
    with pytest.raises(CardParseError, match=r"token 1 of .*'XX'"):
        parse_cards("XX AS")


def test_parse_cards_rejects_non_text():
    with pytest.raises(CardParseError):
        parse_cards(["AS", "2S"])


# ---------------------------------------------------------------------------
# Properties of card text


@given(cards())
def test_card_text_round_trips(card):
    assert parse_card(str(card)) == card
    assert len(str(card)) == 2
    assert eval(repr(card), {"Card": Card}) == card


@given(st.data())
def test_every_spelling_of_a_card_parses_to_it(data):
    card = data.draw(cards())
    text = data.draw(card_spellings(card))
    assert parse_card(text) == card


@given(st.lists(cards(), max_size=12), st.sampled_from([" ", ", ", ",", "  \t", "\n"]))
def test_parse_cards_reads_joined_text(cards_, separator):
    assert parse_cards(separator.join(str(card) for card in cards_)) == tuple(cards_)


@given(st.lists(cards(), max_size=12))
def test_cards_sort_by_suit_then_rank_with_jokers_last(cards_):
    def key(card):
        return (1, 0, 0) if card.is_joker else (0, "SHDC".index(card.suit.value), card.rank)

    assert sorted(cards_) == sorted(cards_, key=key)


@given(st.lists(cards(), max_size=30))
def test_card_codes_round_trip(cards_):
    codes = codes_of(cards_)
    assert isinstance(codes, bytes)
    assert list(codes) == [card.code for card in cards_]
    assert cards_of(codes) == tuple(cards_)
    assert cards_of(bytes(codes)) is cards_of(codes)  # equal code strings share one tuple


@pytest.mark.parametrize("item", ["AS", 0, None, (1, "S"), parse_meld_card("JK=5H")])
def test_codes_of_names_what_is_not_a_card(item):
    with pytest.raises(InvalidArgumentError, match="a Card was expected"):
        codes_of([parse_card("AS"), item])
    # read once: an iterator's bad item is named too
    with pytest.raises(InvalidArgumentError, match=f"got {re.escape(shown(item))}$"):
        codes_of(iter([parse_card("AS"), item]))


@given(st.lists(st.lists(cards(), max_size=13), min_size=1, max_size=7))
def test_codes_by_seat_round_trip(seats):
    codes = codes_by_seat(seats)
    assert codes == tuple(codes_of(held) for held in seats)
    assert cards_by_seat(codes) == tuple(tuple(held) for held in seats)
