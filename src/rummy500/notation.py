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

import re
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from rummy500.cards import _RANK_TEXT, Card, parse_card
from rummy500.errors import CardParseError, InvalidMeldError, NotationError
from rummy500.melds import _SPECS, Meld, MeldCard, group_joker, layoff, make_meld, run_joker
from rummy500.moves import (
    Block,
    CallRummy,
    Discard,
    Draw,
    EndHand,
    LayoffMove,
    MeldMove,
    Move,
    Nominate,
    Pass,
    Play,
    Split,
    Take,
)
from rummy500.rules import Rules

if TYPE_CHECKING:
    from rummy500.state import GameState

__all__ = [
    "canonical_layoff_cards",
    "canonical_meld_cards",
    "format_meld_cards",
    "format_move",
    "parse_meld_card",
    "parse_meld_cards",
    "parse_move",
    "split_tokens",
]


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


# ---------------------------------------------------------------------------
# Moves


def format_move(move: Move) -> str:
    """Write ``move`` in canonical notation (also ``str(move)``).

    Always with the seat prefix, keywords in lower case, cards in upper case,
    single spaces.

    >>> from rummy500.moves import CallRummy, LayoffMove
    >>> format_move(CallRummy(2, 4, LayoffMove(2, 1, "3S")))
    'p2: rummy 4 layoff 1 3S'
    """
    return f"p{move.player}: {_format_body(move)}"


def _format_body(move: Move | Play) -> str:
    if isinstance(move, Draw):
        return "draw"
    if isinstance(move, MeldMove):
        return "meld " + format_meld_cards(move.cards) + (" double" if move.doubled else "")
    if isinstance(move, LayoffMove):
        return f"layoff {move.target} " + format_meld_cards(move.cards)
    if isinstance(move, Discard):
        return f"discard {move.card}"
    if isinstance(move, Take):
        if move.play is None:
            return f"take {move.count}"
        return f"take {move.count} {_format_body(move.play)}"
    if isinstance(move, CallRummy):
        return f"rummy {move.count} {_format_body(move.play)}"
    if isinstance(move, EndHand):
        return "end"
    if isinstance(move, Pass):
        return "pass"
    if isinstance(move, Nominate):
        return f"nominate {move.effect.value}"
    if isinstance(move, Block):
        return "block"
    if isinstance(move, Split):
        return f"split {move.count} {_format_body(move.play)}"
    raise TypeError(f"not a move: {move!r}")


_PREFIX = re.compile(r"^\s*p\s*(\S*?)\s*:(.*)$", re.IGNORECASE | re.DOTALL)


def parse_move(state: GameState, text: str) -> Move:
    """Parse a move in the notation of DESIGN.md §3 for ``state``.

    The seat prefix ``pN:`` is optional (default: the seat to move).  Cards
    of melds and lay-offs may be typed in any order: a valid meld or lay-off
    is put in canonical order.  Only syntax, cards and seats are checked,
    never legality: :func:`rummy500.check_move` explains an illegal move.

    Raises:
        NotationError: naming the offending token.
    """
    if not isinstance(text, str):
        raise NotationError(f"expected move text such as 'p0: draw', got {text!r}")
    player = state.to_move
    body = text
    match = _PREFIX.match(text)
    if match:
        seat_text = match.group(1)
        if not seat_text.isdigit():
            raise NotationError(
                f"bad seat {('p' + seat_text)!r} in {text!r} (expected p0, p1, ...)"
            )
        player = int(seat_text)
        if player >= state.num_players:
            raise NotationError(
                f"no seat p{player} in {text!r}: the seats are p0..p{state.num_players - 1}"
            )
        body = match.group(2)
    tokens = split_tokens(body)
    if not tokens:
        raise NotationError(f"empty move {text!r}")
    parser = _MoveParser(state, text, tokens, player)
    move = parser.move()
    parser.finish()
    return move


class _MoveParser:
    """A cursor over the tokens of one move."""

    def __init__(self, state: GameState, text: str, tokens: list[str], player: int) -> None:
        self.state = state
        self.text = text
        self.tokens = tokens
        self.player = player
        self.position = 0

    def error(self, message: str) -> NotationError:
        return NotationError(f"{message} in {self.text!r}")

    def next_token(self, expected: str) -> str:
        if self.position >= len(self.tokens):
            raise self.error(f"missing {expected} at the end")
        token = self.tokens[self.position]
        self.position += 1
        return token

    def finish(self) -> None:
        if self.position < len(self.tokens):
            raise self.error(f"unexpected {self.tokens[self.position]!r}")

    def number(self, what: str, minimum: int) -> int:
        token = self.next_token(what)
        if not token.isdigit() or int(token) < minimum:
            raise self.error(f"bad {what} {token!r} (expected a whole number ≥ {minimum})")
        return int(token)

    def specs(self) -> tuple[MeldCard, ...]:
        specs = []
        while self.position < len(self.tokens):
            token = self.tokens[self.position]
            if token.lower() == "double":
                break
            try:
                specs.append(parse_meld_card(token))
            except NotationError as error:
                raise self.error(f"token {self.position + 1}: {error}") from None
            self.position += 1
        if not specs:
            raise self.error("missing cards at the end")
        return tuple(specs)

    def move(self) -> Move:
        keyword = self.next_token("a move").lower()
        player = self.player
        if keyword == "draw":
            return Draw(player)
        if keyword == "end":
            return EndHand(player)
        if keyword == "pass":
            return Pass(player)
        if keyword == "block":
            return Block(player)
        if keyword == "nominate":
            effect = self.next_token("the joker effect (wild, double or split)").lower()
            try:
                return Nominate(player, effect)
            except ValueError as error:
                raise self.error(str(error)) from None
        if keyword == "split":
            count = self.number("depth of the chosen card", 1)
            return Split(player, count, self.play())
        if keyword == "discard":
            token = self.next_token("the card to discard")
            try:
                return Discard(player, parse_card(token))
            except CardParseError as error:
                raise self.error(str(error)) from None
        if keyword in ("meld", "layoff"):
            self.position -= 1
            return self.play()
        if keyword == "take":
            count = self.number("number of cards to take", 1)
            play = self.play() if self.position < len(self.tokens) else None
            return Take(player, count, play)
        if keyword == "rummy":
            count = self.number("number of cards to take", 1)
            return CallRummy(player, count, self.play())
        raise self.error(
            f"unknown move {keyword!r} "
            "(expected draw, take, meld, layoff, discard, rummy, end, pass, nominate, block "
            "or split)"
        )

    def play(self) -> Play:
        keyword = self.next_token("meld or layoff").lower()
        if keyword == "meld":
            cards = canonical_meld_cards(self.specs(), self.state.rules)
            doubled = self.position < len(self.tokens) and self.tokens[self.position].lower() == (
                "double"
            )
            self.position += doubled
            return MeldMove(self.player, cards, doubled)
        if keyword == "layoff":
            target = self.number("meld number", 0)
            specs = self.specs()
            melds = self.state.melds
            if target < len(melds):
                specs = canonical_layoff_cards(melds[target].meld, specs, self.state.rules)
            return LayoffMove(self.player, target, specs)
        raise self.error(f"expected meld or layoff, got {keyword!r}")


def canonical_meld_cards(specs: tuple[MeldCard, ...], rules: Rules) -> tuple[MeldCard, ...]:
    """``specs`` in canonical meld order if they form a valid meld, else unchanged."""
    try:
        meld = make_meld(specs, rules)
    except InvalidMeldError:
        return specs
    return meld.specs


def canonical_layoff_cards(
    meld: Meld, specs: tuple[MeldCard, ...], rules: Rules
) -> tuple[MeldCard, ...]:
    """``specs`` in the order they would stand in ``meld`` after the lay-off, if valid."""
    try:
        result = layoff(meld, specs, rules)
    except InvalidMeldError:
        return specs
    return ordered_like(result, specs)


def ordered_like(result: Meld, specs: tuple[MeldCard, ...]) -> tuple[MeldCard, ...]:
    """The meld cards ``specs`` in the order they stand in ``result``."""
    remaining = Counter(spec.code for spec in specs)
    ordered = []
    for spec in result.specs:
        if remaining[spec.code] > 0:
            remaining[spec.code] -= 1
            ordered.append(spec)
    return tuple(ordered)
