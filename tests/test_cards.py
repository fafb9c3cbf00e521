"""Cards, their text form and decks (RULES.md D1, D3; DESIGN.md §3 "Cards")."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from rummy500 import (
    JOKER,
    Card,
    CardParseError,
    NotationError,
    Rank,
    Rules,
    Rummy500Error,
    Suit,
    make_deck,
    parse_card,
    parse_cards,
    presets,
)

# ---------------------------------------------------------------------------
# D1, D3: decks


@pytest.mark.parametrize(
    ("decks", "jokers_per_deck", "size"),
    [(1, 0, 52), (1, 1, 53), (1, 2, 54), (1, 4, 56), (2, 0, 104), (2, 2, 108), (2, 4, 112)],
)
def test_d1_d3_deck_sizes(decks, jokers_per_deck, size):
    deck = make_deck(decks, jokers_per_deck)
    assert len(deck) == size
    counts = Counter(deck)
    assert counts[JOKER] == decks * jokers_per_deck
    assert all(counts[card] == decks for card in counts if not card.is_joker)
    assert len(counts) == 52 + (jokers_per_deck > 0)


def test_d1_default_deck_is_52_cards_and_2_jokers():
    assert len(make_deck()) == 54
    assert len(Rules().deck(2)) == 54


def test_d1_no_jokers_variant_has_52_cards():
    assert len(Rules(jokers_per_deck=0).deck(3)) == 52


def test_d1_persian_rummy_has_56_cards():
    assert len(presets.get("persian").deck(4)) == 56
    assert make_deck(1, 4).count(JOKER) == 4


@pytest.mark.parametrize(("decks", "jokers_per_deck"), [(0, 2), (3, 2), (1, 3), (1, 5), (2, -1)])
def test_d1_d3_impossible_decks_are_refused(decks, jokers_per_deck):
    with pytest.raises(ValueError, match="must be"):
        make_deck(decks, jokers_per_deck)


@pytest.mark.parametrize(("players", "decks", "size"), [(2, 1, 54), (4, 1, 54), (5, 2, 108)])
def test_d3_two_decks_from_five_players(players, decks, size):
    rules = Rules()
    assert rules.num_decks(players) == decks
    assert len(rules.deck(players)) == size


def test_d3_explicit_deck_count():
    assert Rules(decks=2).num_decks(2) == 2
    assert len(Rules(decks=2).deck(2)) == 108
    assert Rules(decks=1, max_players=4).num_decks(4) == 1


def test_d3_a_single_deck_too_small_for_the_players_is_refused():
    # 8 players get 7 cards each: 56 cards plus the upcard and a stock card > 54.
    with pytest.raises(ValueError, match="58 cards"):
        Rules(decks=1, max_players=8)


@pytest.mark.parametrize(("players", "size"), [(2, 13), (3, 7), (4, 7), (8, 7)])
def test_d4_hand_sizes(players, size):
    assert Rules().hand_size_for(players) == size


def test_d4_basic_rummy_hand_sizes():
    basic = presets.get("basic_rummy")
    assert [basic.hand_size_for(n) for n in range(2, 7)] == [10, 7, 7, 6, 6]


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
