"""Meld cards: a card as it stands in a meld, its compact code and its notation (M4).

A meld card is a natural card, or a joker with what it was declared to stand
for: ``JK=8H`` in a run (a specific card), ``JK=9`` in a group (a rank only),
or a plain ``JK`` in a group of jokers under ``jokers = "sets_only"``.  The
grammar::

    spec := CARD | "JK=" RANK SUIT    # a joker declared as a card of a run
                 | "JK=" RANK         # a joker declared in a group (rank only)

Input is case-insensitive, ``10`` may stand for ``T`` and suit symbols are
accepted; output is canonical (upper case, ``T``, letters).  The compact codes
of meld cards and their tables (``SPEC_RANK``, ``SPEC_SUIT``, …) are those of
:mod:`rummy500._engine.codes.specs`, shown here under the same names.

>>> from rummy500.meldcards import parse_meld_cards, format_meld_cards
>>> specs = parse_meld_cards("6h 7h jk=8h")
>>> format_meld_cards(specs)
'6H 7H JK=8H'
>>> format_meld_cards(parse_meld_cards("9♠ JK=9 jk=9"))
'9S JK=9 JK=9'
>>> parse_meld_cards("6H 7H JK=8X")
Traceback (most recent call last):
...
rummy500.errors.NotationError: token 3 of '6H 7H JK=8X': not a joker declaration: 'JK=8X' ...
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from rummy500._engine.codes.specs import (
    BARE_JOKER,
    GROUP_JOKER_BASE,
    NUM_SPEC_CODES,
    RUN_JOKER_BASE,
    SPEC_PHYSICAL,
    SPEC_RANK,
    SPEC_SUIT,
    group_joker,
    run_joker,
)
from rummy500.cards import (
    JOKER_CODE,
    Card,
    Rank,
    Suit,
    canonical_text,
    card_from_code,
    parse_card,
    parse_rank,
)
from rummy500.errors import CardParseError, InvalidArgumentError, NotationError, shown

__all__ = [
    "BARE_JOKER",
    "GROUP_JOKER_BASE",
    "MELD_CARDS",
    "NUM_SPEC_CODES",
    "QUOTED_CARDS",
    "RUN_JOKER_BASE",
    "SPEC_PHYSICAL",
    "SPEC_RANK",
    "SPEC_SUIT",
    "SPEC_TEXT",
    "MeldCard",
    "format_meld_cards",
    "group_joker",
    "meld_card_from_code",
    "meld_card_from_text",
    "parse_meld_card",
    "parse_meld_cards",
    "quote_cards",
    "run_joker",
    "split_tokens",
]

#: Notation of each spec code.
SPEC_TEXT: tuple[str, ...] = tuple(
    [str(card_from_code(c)) for c in range(52)]
    + ["JK"]
    + [f"JK={card_from_code(c)}" for c in range(52)]
    + [f"JK={Rank(r).symbol}" for r in range(1, 14)]
)


@attrs.frozen(repr=False, eq=False, order=False, hash=False)
class MeldCard:
    """One card of a meld: a natural card, or a joker and its declaration (M4).

    ``str()`` is the notation (``7H``, ``JK=8H``, ``JK=9``, ``JK``).  Build
    one with :meth:`parse`, :meth:`natural` or :meth:`joker_as`.

    Attributes:
        code: The compact code of this meld card (0–117).

    """

    code: int

    @property
    def card(self) -> Card:
        """The physical card (a joker for any joker)."""
        return card_from_code(SPEC_PHYSICAL[self.code])

    @property
    def is_joker(self) -> bool:
        """Whether the physical card is a joker."""
        return self.code >= JOKER_CODE

    @property
    def rank(self) -> Rank | None:
        """The rank this card stands for (``None`` for a plain joker)."""
        rank = SPEC_RANK[self.code]
        return Rank(rank) if rank else None

    @property
    def suit(self) -> Suit | None:
        """The suit this card stands for (``None`` for group and plain jokers)."""
        suit = SPEC_SUIT[self.code]
        return tuple(Suit)[suit] if suit >= 0 else None

    @classmethod
    def natural(cls, card: Card) -> MeldCard:
        """The meld card of a natural card (a joker gives a plain ``JK``)."""
        return MELD_CARDS[card.code]

    @classmethod
    def joker_as(cls, rank: Rank | int, suit: Suit | str | None = None) -> MeldCard:
        """A joker declared as ``rank`` of ``suit`` (run joker) or ``rank`` only (group joker).

        >>> str(MeldCard.joker_as(8, "H")), str(MeldCard.joker_as(Rank.NINE))
        ('JK=8H', 'JK=9')
        """
        if suit is None:
            return MELD_CARDS[group_joker(Rank(rank))]
        return MELD_CARDS[run_joker(Card(Rank(rank), Suit(suit)).code)]

    @classmethod
    def parse(cls, text: str) -> MeldCard:
        """Parse one meld card; same as :func:`parse_meld_card`."""
        return parse_meld_card(text)

    @classmethod
    def from_code(cls, code: int) -> MeldCard:
        """The meld card with the given compact code; same as :func:`meld_card_from_code`."""
        return meld_card_from_code(code)

    def __str__(self) -> str:
        return SPEC_TEXT[self.code]

    def __repr__(self) -> str:
        return f"MeldCard.parse('{SPEC_TEXT[self.code]}')"

    def __hash__(self) -> int:
        return self.code

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MeldCard):
            return self.code == other.code
        return NotImplemented

    def __lt__(self, other: MeldCard) -> bool:
        if isinstance(other, MeldCard):
            return self.code < other.code
        return NotImplemented

    def __reduce__(self) -> tuple[Any, ...]:
        return (meld_card_from_code, (self.code,))


#: Every meld card, indexed by its compact code.
MELD_CARDS: tuple[MeldCard, ...] = tuple(MeldCard(code) for code in range(NUM_SPEC_CODES))


def meld_card_from_code(code: int) -> MeldCard:
    """The meld card with compact code ``code`` (0–117).

    >>> meld_card_from_code(53 + 20), meld_card_from_code(104 + 9)
    (MeldCard.parse('JK=8H'), MeldCard.parse('JK=9'))
    """
    if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < NUM_SPEC_CODES:
        raise InvalidArgumentError(
            f"meld card code must be 0..{NUM_SPEC_CODES - 1}, got {shown(code)}"
        )
    return MELD_CARDS[code]


# ---------------------------------------------------------------------------
# Notation


def split_tokens(text: str) -> list[str]:
    """Split notation text into tokens (whitespace and commas separate)."""
    return text.replace(",", " ").split()


def parse_meld_card(text: str) -> MeldCard:
    """Parse one meld card: ``7H``, ``JK=8H`` (run joker), ``JK=9`` (group joker) or ``JK``.

    Raises:
        NotationError: naming the offending text.

    >>> parse_meld_card("jk=10s"), parse_meld_card("JK=q")
    (MeldCard.parse('JK=TS'), MeldCard.parse('JK=Q'))

    """
    if not isinstance(text, str):
        raise NotationError(f"not a meld card: {shown(text)}")
    token = text.strip()
    if token[:3].upper() == "JK=":
        declared = token[3:]
        try:
            return MELD_CARDS[group_joker(parse_rank(declared))]
        except CardParseError:
            pass
        try:
            card = parse_card(declared)
        except CardParseError:
            card = None
        if card is None or card.is_joker:
            raise NotationError(
                f"not a joker declaration: {shown(text)} (expected JK=<rank><suit> such as JK=8H, "
                f"or JK=<rank> such as JK=9)"
            ) from None
        return MELD_CARDS[run_joker(card.code)]
    try:
        return MELD_CARDS[parse_card(token).code]
    except CardParseError:
        raise NotationError(
            f"not a meld card: {shown(text)} (expected a card such as 7H, or a joker declared as "
            f"JK=8H or JK=9)"
        ) from None


_TEXT_MELD_CARDS: dict[str, MeldCard] = dict(zip(SPEC_TEXT, MELD_CARDS, strict=True))


def meld_card_from_text(text: object) -> MeldCard:
    """The meld card whose canonical text is exactly ``text`` (``7H``, ``JK=8H``, ``JK=9``, ``JK``).

    The strict reader of the documents (positions, player views), as
    :func:`~rummy500.cards.card_from_text` is for cards: it accepts exactly
    what their JSON Schemas accept.  Text typed by people goes through the
    lenient :func:`parse_meld_card` instead.

    Raises:
        NotationError: (a :class:`ValueError`) naming the text, and its
            canonical form when it is a meld card spelled another way.

    >>> meld_card_from_text("JK=8H")
    MeldCard.parse('JK=8H')
    >>> meld_card_from_text("jk=8h")
    Traceback (most recent call last):
    ...
    rummy500.errors.NotationError: 'jk=8h' is not a meld card in canonical form (e.g. 'JK=8H')
    """
    return canonical_text(
        _TEXT_MELD_CARDS,
        text,
        "a meld card",
        parse_meld_card,
        NotationError,
        "a card such as '7H', or a joker: 'JK=8H' in a run, 'JK=9' in a group, or 'JK'",
    )


def parse_meld_cards(text: str) -> tuple[MeldCard, ...]:
    """Parse meld cards separated by whitespace or commas.

    This checks notation only: whether the cards form a valid meld is
    :func:`rummy500.make_meld`'s question.

    Raises:
        NotationError: naming the offending token and its position (1-based).

    """
    if not isinstance(text, str):
        raise NotationError(f"expected meld text such as '6H 7H JK=8H', got {shown(text)}")
    specs = []
    for position, token in enumerate(split_tokens(text), start=1):
        try:
            specs.append(parse_meld_card(token))
        except NotationError as error:
            raise NotationError(f"token {position} of {shown(text)}: {error}") from None
    return tuple(specs)


QUOTED_CARDS = 16
"""How many cards an error message lists before it cuts the list short."""


def quote_cards(texts: Sequence[str]) -> str:
    """Cards written for an error message: at most :data:`QUOTED_CARDS`, then a count.

    >>> quote_cards(["7H", "8H", "9H"])
    '7H 8H 9H'
    >>> quote_cards(["JK"] * 300)[-21:]
    'JK JK ... (300 cards)'
    """
    if len(texts) <= QUOTED_CARDS:
        return " ".join(texts)
    return f"{' '.join(texts[:QUOTED_CARDS])} ... ({len(texts)} cards)"


def format_meld_cards(specs: Iterable[MeldCard | Card]) -> str:
    """Write meld cards (or cards) in canonical notation, separated by single spaces."""
    return " ".join(str(spec) for spec in specs)
