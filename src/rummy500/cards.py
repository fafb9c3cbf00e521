"""Cards, their text form, and decks.

Every card has a compact integer *code* used by the engine internally:
``suit_index * 13 + (rank - 1)`` for the 52 natural cards (so codes 0–12 are
the spades A–K, 13–25 the hearts, 26–38 the diamonds, 39–51 the clubs) and
:data:`JOKER_CODE` (52) for a joker.  A multiset of cards is then a count
vector indexed by code, which is what the meld generator works on.

>>> from rummy500 import parse_card, parse_cards
>>> card = parse_card("10h")
>>> card, str(card), card.rank, card.suit
(Card.parse('TH'), 'TH', <Rank.TEN: 10>, <Suit.HEARTS: 'H'>)
>>> parse_cards("AS 2♠ jk")
(Card.parse('AS'), Card.parse('2S'), Card.parse('JK'))
>>> sorted(parse_cards("JK 2C AS KH"))
[Card.parse('AS'), Card.parse('KH'), Card.parse('2C'), Card.parse('JK')]
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeVar

import attrs

from rummy500._engine.codes.memo import store
from rummy500.errors import CardParseError, InvalidArgumentError, shown

__all__ = [
    "JOKER",
    "JOKER_CODE",
    "NUM_CODES",
    "Card",
    "Rank",
    "Suit",
    "as_cards",
    "canonical_text",
    "card_from_code",
    "card_from_text",
    "cards_by_seat",
    "cards_of",
    "codes_by_seat",
    "codes_of",
    "make_deck",
    "parse_card",
    "parse_cards",
    "parse_rank",
]


class Suit(str, enum.Enum):
    """A suit; the value is its one-letter notation.

    The declaration order (spades, hearts, diamonds, clubs) is the canonical
    order in which the cards of a group are written.
    """

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def position(self) -> int:
        """Position in the canonical order S H D C (0–3)."""
        return _SUIT_INDEX[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♠ ♥ ♦ or ♣."""
        return _SUIT_SYMBOLS[self.position]

    def __str__(self) -> str:
        return self.value


_SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_INDEX = {suit: i for i, suit in enumerate(_SUITS)}
_SUIT_SYMBOLS = "♠♥♦♣"


class Rank(enum.IntEnum):
    """A rank, from ace (1) to king (13); the value is the rank number."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The one-character notation: ``A 2 … 9 T J Q K``."""
        return _RANK_SYMBOLS[self - 1]

    def __str__(self) -> str:
        return self.symbol


_RANK_SYMBOLS = "A23456789TJQK"
_RANKS: tuple[Rank, ...] = tuple(Rank)

#: Code of a joker in the compact encoding.
JOKER_CODE: Final = 52
#: Number of distinct card codes (52 natural cards and the joker).
NUM_CODES: Final = 53


def _to_rank(value: Rank | int | None) -> Rank | None:
    if value is None:
        return None
    if isinstance(value, bool) or value not in _RANK_VALUES:
        raise InvalidArgumentError(f"a rank is 1 (ace) to 13 (king), got {shown(value)}")
    return Rank(value)


def _to_suit(value: Suit | str | None) -> Suit | None:
    if value is None:
        return None
    if value not in _SUIT_VALUES:
        raise InvalidArgumentError(f"a suit is one of S H D C, got {shown(value)}")
    return Suit(value)


_RANK_VALUES = frozenset(range(1, 14))
_SUIT_VALUES = frozenset("SHDC")


@attrs.frozen(repr=False, order=False, eq=False, hash=False)
class Card:
    """A playing card: a rank and a suit, or a joker (both ``None``).

    Cards compare, sort and hash by their ``code``, so they sort by suit
    (S H D C) and then rank (A to K), with jokers last.  ``str(card)`` is the
    two-character notation (``"TH"``, ``"JK"``); ``repr(card)`` rebuilds it.

    Attributes:
        rank: The rank, or ``None`` for a joker.
        suit: The suit, or ``None`` for a joker.
        code: The compact code: ``suit position * 13 + rank - 1``, 52 for a joker.

    Raises:
        InvalidArgumentError: (a :class:`ValueError`) for a rank or suit out of
            range, or if exactly one of ``rank`` and ``suit`` is ``None``.

    """

    rank: Rank | None = attrs.field(converter=_to_rank)
    suit: Suit | None = attrs.field(converter=_to_suit)
    code: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        if self.rank is None and self.suit is None:
            code = JOKER_CODE
        elif self.rank is None or self.suit is None:
            raise InvalidArgumentError(
                f"a card needs both a rank and a suit, or neither (a joker); "
                f"got rank={shown(self.rank)}, suit={shown(self.suit)}"
            )
        else:
            code = self.suit.position * 13 + self.rank - 1
        object.__setattr__(self, "code", code)

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker."""
        return self.code == JOKER_CODE

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card from text; same as :func:`parse_card`."""
        return parse_card(text)

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with the given compact code (0–52); same as :func:`card_from_code`."""
        return card_from_code(code)

    def __str__(self) -> str:
        return _CODE_TEXT[self.code]

    def __repr__(self) -> str:
        return f"Card.parse('{_CODE_TEXT[self.code]}')"

    def __hash__(self) -> int:
        return self.code

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.code == other.code
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code < other.code
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code <= other.code
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code > other.code
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code >= other.code
        return NotImplemented

    def __reduce__(self) -> tuple[Any, ...]:
        return (card_from_code, (self.code,))


_CODE_TEXT: tuple[str, ...] = tuple(
    [rank.symbol + suit.value for suit in _SUITS for rank in _RANKS] + ["JK"]
)
_CARDS: tuple[Card, ...] = tuple(
    [Card(rank, suit) for suit in _SUITS for rank in _RANKS] + [Card(None, None)]
)

#: The joker.
JOKER: Card = _CARDS[JOKER_CODE]


def card_from_code(code: int) -> Card:
    """Return the card with compact code ``code`` (0–51 natural, 52 joker).

    >>> card_from_code(0), card_from_code(51), card_from_code(52)
    (Card.parse('AS'), Card.parse('KC'), Card.parse('JK'))
    """
    if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < NUM_CODES:
        raise InvalidArgumentError(f"card code must be 0..52, got {shown(code)}")
    return _CARDS[code]


def codes_of(cards: Iterable[Card]) -> bytes:
    """The codes of ``cards``, in order, as ``bytes``: the compact form the engine keeps.

    A hand of ten cards takes 43 bytes this way, against 136 as a tuple;
    :func:`cards_of` turns it back.

    >>> codes = codes_of(parse_cards("AS KH JK"))
    >>> list(codes), cards_of(codes)
    ([0, 25, 52], (Card.parse('AS'), Card.parse('KH'), Card.parse('JK')))

    Raises:
        InvalidArgumentError: (a :class:`ValueError`) for an item that is not a
            :class:`Card`.
    """
    codes = []
    for card in cards:
        if not isinstance(card, Card):  # a meld card has a code too, of another kind
            raise InvalidArgumentError(f"a Card was expected, got {shown(card)}")
        codes.append(card.code)
    return bytes(codes)


# The card tuples of the last code strings read, by value (equal hands share one tuple).
_CARD_TUPLES: dict[bytes, tuple[Card, ...]] = {}
_CARD_TUPLES_LIMIT = 4096


def cards_of(codes: bytes) -> tuple[Card, ...]:
    """The cards of ``codes`` (``bytes`` of card codes), in order: the inverse of :func:`codes_of`.

    Equal code strings give the same tuple while it is remembered (the last
    few thousand are).
    """
    cards = _CARD_TUPLES.get(codes)
    if cards is None:
        cards = tuple([_CARDS[code] for code in codes])
        store(_CARD_TUPLES, codes, cards, _CARD_TUPLES_LIMIT)
    return cards


def codes_by_seat(cards: Iterable[Iterable[Card]]) -> tuple[bytes, ...]:
    """:func:`codes_of` of each seat's cards (a state's hands or known cards)."""
    return tuple([codes_of(held) for held in cards])


def cards_by_seat(codes: Iterable[bytes]) -> tuple[tuple[Card, ...], ...]:
    """:func:`cards_of` of each seat's codes: the inverse of :func:`codes_by_seat`."""
    return tuple([cards_of(held) for held in codes])


_RANK_TEXT = {symbol: Rank(i + 1) for i, symbol in enumerate(_RANK_SYMBOLS)}
_RANK_TEXT["10"] = Rank.TEN
_SUIT_TEXT = {suit.value: suit for suit in _SUITS}
_SUIT_TEXT.update({symbol: _SUITS[i] for i, symbol in enumerate(_SUIT_SYMBOLS)})
# Text symbols with the emoji variation selector, as some keyboards send them.
_SUIT_TEXT.update({symbol + "\ufe0f": _SUITS[i] for i, symbol in enumerate(_SUIT_SYMBOLS)})
_PARSE_CACHE: dict[str, Card] = {}


def _parse_uncached(text: str) -> Card:
    token = text.strip()
    # Only ASCII letters and digits spell ranks and suits (besides the suit
    # symbols): upper() would turn some other letters into ASCII ones.
    token = (
        token.upper()
        if token.isascii()
        else "".join(ch.upper() if ch.isascii() else ch for ch in token)
    )
    if token == "JK":
        return JOKER
    for rank_len in (2, 1):
        rank = _RANK_TEXT.get(token[:rank_len])
        suit = _SUIT_TEXT.get(token[rank_len:])
        if rank is not None and suit is not None:
            return _CARDS[suit.position * 13 + rank - 1]
    raise CardParseError(
        f"not a card: {shown(text)} (expected a rank A 2-9 T/10 J Q K followed by a suit "
        f"S H D C or ♠ ♥ ♦ ♣, or JK for a joker)"
    )


def parse_card(text: str) -> Card:
    """Parse one card.

    Accepts the two-character notation (``"TH"``, ``"JK"``), ``10`` for ten,
    lower case, and the suit symbols ♠ ♥ ♦ ♣.

    Raises:
        CardParseError: (a :class:`ValueError`) naming the offending text.

    >>> parse_card("q♣")
    Card.parse('QC')
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    rummy500.errors.CardParseError: not a card: '1H' (expected a rank A 2-9 T/10 J Q K ...)

    """
    if not isinstance(text, str):
        raise CardParseError(f"not a card: {shown(text)} (expected text such as 'AS' or 'JK')")
    card = _PARSE_CACHE.get(text)
    if card is None:
        card = _parse_uncached(text)
        if len(_PARSE_CACHE) < 4096:
            _PARSE_CACHE[text] = card
    return card


_TEXT_CARDS: dict[str, Card] = dict(zip(_CODE_TEXT, _CARDS, strict=True))
# Text longer than this is no spelling of a card or meld card: an error message tries no
# lenient reading of it.
_LONGEST_SPELLING = 12


def card_from_text(text: object) -> Card:
    """The card whose canonical text is exactly ``text``: ``"TS"``, ``"JK"`` — the strict reader.

    The readers of documents (positions, player views, match records) read
    their cards with it, so that they accept exactly what their JSON Schemas
    accept: a rank ``A 2 3 4 5 6 7 8 9 T J Q K`` and a suit ``S H D C``, or
    ``JK``, with nothing around them.  Text typed by people goes through the
    lenient :func:`parse_card` instead.

    Raises:
        CardParseError: (a :class:`ValueError`) naming the text, and its
            canonical form when it is a card spelled another way.

    >>> card_from_text("TS")
    Card.parse('TS')
    >>> card_from_text("ts")
    Traceback (most recent call last):
    ...
    rummy500.errors.CardParseError: 'ts' is not a card in canonical form (e.g. 'TS')
    """
    return canonical_text(
        _TEXT_CARDS,
        text,
        "a card",
        parse_card,
        CardParseError,
        "a rank A 2-9 T J Q K and a suit S H D C, e.g. 'TS', or 'JK' for a joker",
    )


_Canonical = TypeVar("_Canonical")


def canonical_text(
    table: dict[str, _Canonical],
    text: object,
    what: str,
    lenient: Callable[[str], object],
    error: type[ValueError],
    form: str,
) -> _Canonical:
    """The value whose canonical text is exactly ``text`` in ``table``: a strict reader.

    Raises ``error`` naming the text and, when the lenient reader ``lenient``
    reads it, its canonical spelling (``e.g. 'TS'``), else the ``form``.
    """
    found = table.get(text) if type(text) is str else None
    if found is not None:
        return found
    hint = form
    if isinstance(text, str) and len(text) <= _LONGEST_SPELLING:
        with contextlib.suppress(ValueError):  # no card in any spelling: the form is shown
            hint = f"e.g. {str(lenient(text))!r}"
    raise error(f"{shown(text)} is not {what} in canonical form ({hint})")


def parse_rank(text: str) -> Rank:
    """Parse a rank alone: ``A 2 … 9 T J Q K``, ``10`` for ten, any case.

    Raises:
        CardParseError: naming the offending text.

    >>> parse_rank("q"), parse_rank("10")
    (<Rank.QUEEN: 12>, <Rank.TEN: 10>)
    """
    ascii_text = isinstance(text, str) and text.isascii()
    rank = _RANK_TEXT.get(text.strip().upper()) if ascii_text else None
    if rank is None:
        raise CardParseError(f"not a rank: {shown(text)} (expected A 2-9 T/10 J Q K)")
    return rank


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by whitespace or commas.

    Raises:
        CardParseError: naming the offending token and its position (1-based).

    >>> parse_cards("AS, 2S 3S")
    (Card.parse('AS'), Card.parse('2S'), Card.parse('3S'))
    >>> parse_cards("AS XX")
    Traceback (most recent call last):
    ...
    rummy500.errors.CardParseError: token 2 of 'AS XX': not a card: 'XX' (expected ...)

    """
    if not isinstance(text, str):
        raise CardParseError(f"expected card text such as 'AS 2S 3S', got {shown(text)}")
    tokens = text.replace(",", " ").split()
    cards = []
    for position, token in enumerate(tokens, start=1):
        try:
            cards.append(parse_card(token))
        except CardParseError as error:
            raise CardParseError(f"token {position} of {shown(text)}: {error}") from None
    return tuple(cards)


def as_cards(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Accept cards as text (``"AS 2S"``) or as an iterable of cards or card texts.

    This is how public functions that take cards accept both forms.

    >>> as_cards("AS 2S") == as_cards([parse_card("AS"), "2S"])
    True
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    result = []
    for item in cards:
        if isinstance(item, Card):
            result.append(item)
        elif isinstance(item, str):
            result.append(parse_card(item))
        else:
            raise CardParseError(f"not a card: {shown(item)}")
    return tuple(result)


def make_deck(decks: int = 1, jokers_per_deck: int = 2) -> tuple[Card, ...]:
    """Return the unshuffled cards of ``decks`` decks, each with its jokers (D1, D3).

    Cards come in code order within each deck (S H D C, A to K, then jokers).

    Raises:
        InvalidArgumentError: if ``decks`` is not 1 or 2 or ``jokers_per_deck``
            not 0, 1, 2 or 4.

    >>> len(make_deck()), len(make_deck(2)), len(make_deck(1, 4)), len(make_deck(1, 0))
    (54, 108, 56, 52)

    """
    if isinstance(decks, bool) or decks not in (1, 2):
        raise InvalidArgumentError(f"decks must be 1 or 2, got {shown(decks)}")
    if isinstance(jokers_per_deck, bool) or jokers_per_deck not in (0, 1, 2, 4):
        raise InvalidArgumentError(
            f"jokers_per_deck must be 0, 1, 2 or 4, got {shown(jokers_per_deck)}"
        )
    one_deck = _CARDS[:JOKER_CODE] + (JOKER,) * jokers_per_deck
    return one_deck * decks
