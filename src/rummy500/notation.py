"""Text notation of meld cards and melds (the groundwork of the move grammar).

The grammar of a meld card (DESIGN.md §3)::

    spec := CARD | "JK=" RANK SUIT    # a joker declared as a card of a run
                 | "JK=" RANK         # a joker declared in a group (rank only)

Input is case-insensitive, ``10`` may stand for ``T`` and suit symbols are
accepted; output is canonical (upper case, ``T``, letters).

>>> from rummy500.notation import parse_meld_cards, format_meld_cards
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

from collections.abc import Iterable

from rummy500.cards import _RANK_TEXT, Card, parse_card
from rummy500.errors import CardParseError, NotationError
from rummy500.melds import _SPECS, MeldCard, group_joker, run_joker

__all__ = ["format_meld_cards", "parse_meld_card", "parse_meld_cards", "split_tokens"]


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
        raise NotationError(f"not a meld card: {text!r}")
    token = text.strip().upper()
    if token.startswith("JK="):
        declared = token[3:]
        rank = _RANK_TEXT.get(declared)
        if rank is not None:
            return _SPECS[group_joker(rank)]
        try:
            card = parse_card(declared)
        except CardParseError:
            card = None
        if card is None or card.is_joker:
            raise NotationError(
                f"not a joker declaration: {text!r} (expected JK=<rank><suit> such as JK=8H, "
                f"or JK=<rank> such as JK=9)"
            ) from None
        return _SPECS[run_joker(card.code)]
    try:
        return _SPECS[parse_card(token).code]
    except CardParseError:
        raise NotationError(
            f"not a meld card: {text!r} (expected a card such as 7H, or a joker declared as "
            f"JK=8H or JK=9)"
        ) from None


def parse_meld_cards(text: str) -> tuple[MeldCard, ...]:
    """Parse meld cards separated by whitespace or commas.

    This checks notation only: whether the cards form a valid meld is
    :func:`rummy500.melds.make_meld`'s question.

    Raises:
        NotationError: naming the offending token and its position (1-based).

    """
    if not isinstance(text, str):
        raise NotationError(f"expected meld text such as '6H 7H JK=8H', got {text!r}")
    specs = []
    for position, token in enumerate(split_tokens(text), start=1):
        try:
            specs.append(parse_meld_card(token))
        except NotationError as error:
            raise NotationError(f"token {position} of {text!r}: {error}") from None
    return tuple(specs)


def format_meld_cards(specs: Iterable[MeldCard | Card]) -> str:
    """Write meld cards (or cards) in canonical notation, separated by single spaces."""
    return " ".join(str(spec) for spec in specs)
