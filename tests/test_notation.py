"""Text of meld cards, melds and moves (the move notation, docs/notation.md).

Rule ids: none of their own.  The ``spec`` grammar of meld cards, the text of
melds, and moves typed in any order or case read into canonical moves (and
moves not in canonical order refused).  Card text is in tests/test_cards.py;
the notation of dealer's gambit moves (V7) in tests/test_gambit_notation.py; the
round trip of every legal move is a property in tests/test_engine_properties.py.
"""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

from rummy500 import (
    Block,
    CallRummy,
    CardParseError,
    Discard,
    Draw,
    EndHand,
    InvalidMeldError,
    LayoffMove,
    MeldCard,
    MeldMove,
    Nominate,
    NotationError,
    Pass,
    Rank,
    Reason,
    Rules,
    Split,
    Suit,
    Take,
    format_move,
    is_legal,
    legal_moves,
    make_meld,
    move_from_dict,
    parse_card,
    parse_move,
)
from rummy500.meldcards import format_meld_cards, parse_meld_card, parse_meld_cards
from rummy500.moves import MOVE_TYPES, move_to_dict
from tests.positions import agree, illegal, play, position

# ---------------------------------------------------------------------------
# Meld cards and melds: the spec grammar


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
    # rules §10: a bare JK in a meld parses (it is a card) but is illegal under wild jokers.
    assert str(parse_meld_cards("7H 8H JK")[2]) == "JK"
    with pytest.raises(InvalidMeldError) as info:
        make_meld("7H 8H JK", Rules())
    assert info.value.rule == "M4"


def test_card_parse_errors_are_notation_errors():
    assert issubclass(CardParseError, NotationError)


# ---------------------------------------------------------------------------
# Moves: typed in any order, written in canonical order


def test_parse_move_puts_typed_cards_in_canonical_order():
    state = position(
        ["4H 9C KC JK 6H 7H 8H 9H", "3S", "2S"],
        discard="2D 4S 4D",
        melds=[("5C 6C 7C", 1), ("TH JH QH", 1)],
    )
    cases = {
        "take 2 meld 4d 4h 4s": Take(0, 2, MeldMove(0, "4S 4H 4D")),
        "TAKE 2 MELD 4H 4S 4D": Take(0, 2, MeldMove(0, "4S 4H 4D")),
        "meld 7h jk=8h 6h": MeldMove(0, "6H 7H JK=8H"),
        "meld 4♦ 4♠ 4h": MeldMove(0, "4S 4H 4D"),
        "layoff 1 kh 9h": LayoffMove(0, 1, "9H KH"),
        "layoff 0 8c 4c": LayoffMove(0, 0, "4C 8C"),
        "p2: rummy 3 layoff 1 jk=9h 8h": CallRummy(2, 3, LayoffMove(2, 1, "8H JK=9H")),
        "p1:  discard 3s": Discard(1, "3S"),
        "take 1": Take(0, 1),
        "draw": Draw(0),
        "end": EndHand(0),
    }
    for text, move in cases.items():
        assert parse_move(state, text) == move, text
        assert parse_move(state, format_move(move)) == move
        assert is_legal(state, move) == (move in legal_moves(state))
    for move in legal_moves(state):
        assert parse_move(state, format_move(move)) == move


def test_meld_moves_store_canonical_order_and_layoffs_out_of_order_are_rejected():
    state = position(
        ["4H 4D 4C 9C 5S 6S 7S 8H 9H KC", "3H"],
        discard="2D 4S QS",
        melds=[("5H 6H 7H", 1)],
    )
    # A MeldMove puts its cards in canonical order (the order of a meld needs no rules).
    assert Take(0, 2, MeldMove(0, "4H 4S 4D")) == Take(0, 2, MeldMove(0, "4S 4H 4D"))
    assert agree(state, Take(0, 2, MeldMove(0, "4H 4S 4D")))
    state = play(state, "draw")
    assert MeldMove(0, "7S 5S 6S") == MeldMove(0, "5S 6S 7S")
    assert MeldMove(0, "4C 4H 4D") == MeldMove(0, "4H 4D 4C")
    assert agree(state, MeldMove(0, "5S 6S 7S"))
    assert agree(state, MeldMove(0, "4H 4D 4C"))
    illegal(state, LayoffMove(0, 0, "9H 8H"), Reason.NOT_CANONICAL, None)
    assert agree(state, LayoffMove(0, 0, "8H 9H"))


# ---------------------------------------------------------------------------
# Moves as values: their text and dict, one implementation for every class


EVERY_KIND_OF_MOVE = (
    Draw(0),
    Take(1, 3, MeldMove(1, "4S 4H 4D")),
    Take(0, 1),
    MeldMove(2, "AH JK=QH KH", doubled=True),
    LayoffMove(0, 1, "3S"),
    Discard(1, "7H"),
    CallRummy(2, 4, LayoffMove(2, 1, "3S")),
    EndHand(3),
    Pass(0),
    Nominate(0, "split"),
    Block(1),
    Split(2, 2, MeldMove(2, "9S 9H 9D")),
)


def test_every_move_class_shares_one_text_and_dict_implementation():
    assert {type(move) for move in EVERY_KIND_OF_MOVE} == MOVE_TYPES
    for cls in MOVE_TYPES:
        assert not {"__str__", "__repr__", "to_dict"} & set(vars(cls)), cls
        assert cls.__str__ is Draw.__str__, cls
        assert cls.to_dict is Draw.to_dict, cls
        assert "__dict__" not in dir(cls), cls  # still slotted: no instance dict


@pytest.mark.parametrize("move", EVERY_KIND_OF_MOVE, ids=str)
def test_a_moves_text_dict_and_value_semantics(move):
    assert str(move) == format_move(move)
    assert repr(move) == f"<{type(move).__name__} {format_move(move)!r}>"
    assert move.to_dict() == move_to_dict(move)
    assert move_from_dict(move.to_dict()) == move
    assert pickle.loads(pickle.dumps(move)) == move
    assert copy.deepcopy(move) == move
    assert hash(copy.deepcopy(move)) == hash(move)
    fields = {field.name: getattr(move, field.name) for field in attrs.fields(type(move))}
    assert attrs.evolve(move, **fields) == move
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        move.player = 5
    # The engine builds moves past their converters (object.__new__, then the slots set).
    built = object.__new__(type(move))
    for name, value in fields.items():
        object.__setattr__(built, name, value)
    assert built == move
    assert repr(built) == repr(move)


def test_the_repr_of_a_move_names_its_class_and_quotes_its_notation():
    assert repr(Draw(0)) == "<Draw 'p0: draw'>"
    assert repr(Take(1, 3, MeldMove(1, "4D 4S 4H"))) == "<Take 'p1: take 3 meld 4S 4H 4D'>"
    assert repr(Nominate(0, "double")) == "<Nominate 'p0: nominate double'>"
