"""Moves: frozen values, each carrying the seat that makes it, and their notation.

``str(move)`` is the canonical notation (:func:`format_move`; parsing is
:func:`rummy500.parse_move`):

>>> from rummy500.moves import Draw, Take, MeldMove, LayoffMove, Discard
>>> str(Draw(0)), str(Discard(1, "7H"))
('p0: draw', 'p1: discard 7H')
>>> str(Take(0, 3, MeldMove(0, "4S 4H 4D")))
'p0: take 3 meld 4S 4H 4D'
>>> str(LayoffMove(2, 1, "3S"))
'p2: layoff 1 3S'

Moves are plain data: they are checked against a state only by
:func:`rummy500.check_move`.  As JSON-ready data, :meth:`Draw.to_dict` (every
move has it) writes a dict with the move's ``"kind"`` (the notation's verb),
its ``"seat"`` and its own fields; :func:`rummy500.move_from_dict` reads it
back (see :mod:`rummy500.movedata`):

>>> Discard(1, "7H").to_dict()
{'kind': 'discard', 'seat': 1, 'card': '7H'}
>>> Take(0, 2, LayoffMove(0, 1, "3S")).to_dict()["play"]
{'kind': 'layoff', 'target': 1, 'cards': ['3S']}

A :class:`MeldMove` puts its cards in canonical order itself; the cards of a
lay-off must be given in the order they stand in the meld
(:func:`rummy500.parse_move` puts typed text in that order).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

import attrs

from rummy500.cards import Card, parse_card
from rummy500.errors import InvalidArgumentError
from rummy500.jsonnumbers import MAX_SAFE_INTEGER
from rummy500.meldcards import MELD_CARDS, MeldCard, format_meld_cards
from rummy500.melds import as_meld_codes, meld_order
from rummy500.state import JokerEffect

__all__ = [
    "MOVE_TYPES",
    "Block",
    "CallRummy",
    "Discard",
    "Draw",
    "EndHand",
    "LayoffMove",
    "MeldMove",
    "Move",
    "Nominate",
    "Pass",
    "Play",
    "Split",
    "Take",
    "format_move",
    "move_kind",
    "move_to_dict",
]


def _to_specs(value: str | Iterable[MeldCard | Card | str]) -> tuple[MeldCard, ...]:
    return tuple(MELD_CARDS[code] for code in as_meld_codes(value))


def _to_meld_specs(value: str | Iterable[MeldCard | Card | str]) -> tuple[MeldCard, ...]:
    return tuple(MELD_CARDS[code] for code in meld_order(as_meld_codes(value)))


def _to_card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else parse_card(value)


def _check_seat(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    # Any seat number: a move by a seat that is not at the table is illegal (D5), not malformed.
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SAFE_INTEGER:
        raise InvalidArgumentError(
            f"{attribute.name} must be a seat number (0 to 2**53 - 1), got {value!r}"
        )


def _check_meld_number(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SAFE_INTEGER:
        raise InvalidArgumentError(
            f"{attribute.name} must be a meld number (0 to 2**53 - 1), got {value!r}"
        )


def _check_count(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SAFE_INTEGER:
        raise InvalidArgumentError(
            f"{attribute.name} must be a number of cards (1 to 2**53 - 1), got {value!r}"
        )


def _check_optional_play(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None:
        _check_play(instance, attribute, value)


def _check_play(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, (MeldMove, LayoffMove)):
        raise InvalidArgumentError(f"a play must be a MeldMove or a LayoffMove, got {value!r}")
    if value.player != instance.player:
        raise InvalidArgumentError(
            f"the play of a move by seat {instance.player} is made by seat {value.player}"
        )


class _Shared:
    """What every move class shares: its text (``str``, ``repr``) and its dict, written once.

    A slotted base without fields: each move class is an attrs class of its
    own fields on top of it, so a move stays a frozen, slotted value.
    """

    __slots__ = ()

    def __str__(self) -> str:
        return format_move(cast("Move", self))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {format_move(cast('Move', self))!r}>"

    def to_dict(self) -> dict[str, Any]:
        """The move as a JSON-ready dict: its ``"kind"``, its ``"seat"`` and its own fields.

        Every move has this method (see :func:`~rummy500.moves.move_to_dict`);
        :func:`rummy500.move_from_dict` reads the dict back.

        >>> Draw(0).to_dict()
        {'kind': 'draw', 'seat': 0}
        """
        return move_to_dict(cast("Move", self))


@attrs.frozen(repr=False)
class Draw(_Shared):
    """Draw the top card of the stock (T1)."""

    player: int = attrs.field(validator=_check_seat)


@attrs.frozen(repr=False)
class MeldMove(_Shared):
    """Lay down a new meld from the hand (T7); also the play of a take or call.

    The cards may be given in any order (text, meld cards or cards); the
    move keeps them in canonical order (``rummy500.melds.meld_order``: a
    group S H D C with its jokers last, a run in sequence order), so equal
    melds make equal moves:

    >>> MeldMove(0, "4D 4S 4H") == MeldMove(0, "4S 4H 4D")
    True
    >>> str(MeldMove(0, "AH JK=QH KH"))
    'p0: meld JK=QH KH AH'

    Attributes:
        player: The seat.
        cards: The meld cards in canonical order.
        doubled: Dealer's gambit, jokers nominated ``double``: a joker is laid
            over the new meld, doubling its value and sealing it (V7).
    """

    player: int = attrs.field(validator=_check_seat)
    cards: tuple[MeldCard, ...] = attrs.field(converter=_to_meld_specs)
    doubled: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))


@attrs.frozen(repr=False)
class LayoffMove(_Shared):
    """Lay off cards on table meld number ``target`` (L1–L3); also a play.

    Unlike a :class:`MeldMove`, a lay-off keeps its cards in the order
    given: where they stand depends on the table meld they go on (``5H``
    and ``9H`` on ``6H 7H 8H`` are ``5H 9H``; an ace goes at the low or the
    high end by the meld), which the move does not hold.
    :func:`rummy500.parse_move` reads text against a state and puts the
    cards in that order; :func:`rummy500.check_move` refuses another order
    (reason ``not_canonical``), saying which.

    Attributes:
        player: The seat.
        target: The table meld's number (0-based, in the order melds were laid down).
        cards: The cards laid off, in the order they stand in the resulting meld.
    """

    player: int = attrs.field(validator=_check_seat)
    target: int = attrs.field(validator=_check_meld_number)
    cards: tuple[MeldCard, ...] = attrs.field(converter=_to_specs)


#: The play that follows a take or a call: a new meld or a lay-off.
Play = MeldMove | LayoffMove


@attrs.frozen(repr=False)
class Take(_Shared):
    """Take the top ``count`` cards of the discard pile (T1–T4).

    Attributes:
        player: The seat.
        count: How many cards, from the top.
        play: How the deepest card taken is melded at once, when it must be
            (``count > 1``, or ``top_discard_must_meld``; rule T3a); else ``None``.
    """

    player: int = attrs.field(validator=_check_seat)
    count: int = attrs.field(validator=_check_count)
    play: Play | None = attrs.field(default=None, validator=_check_optional_play)


@attrs.frozen(repr=False)
class Discard(_Shared):
    """Discard a card from the hand, ending the turn (T10) or going out (E1)."""

    player: int = attrs.field(validator=_check_seat)
    card: Card = attrs.field(converter=_to_card)


@attrs.frozen(repr=False)
class CallRummy(_Shared):
    """Call "Rummy!": take the top ``count`` discards and meld the deepest (R1).

    Attributes:
        player: The caller.
        count: How many cards, from the top.
        play: The meld or lay-off of the deepest card, using only cards from
            the pile and the table.
    """

    player: int = attrs.field(validator=_check_seat)
    count: int = attrs.field(validator=_check_count)
    play: Play = attrs.field(validator=_check_play)


@attrs.frozen(repr=False)
class EndHand(_Shared):
    """End the hand when the stock is empty instead of drawing from the pile (T6)."""

    player: int = attrs.field(validator=_check_seat)


@attrs.frozen(repr=False)
class Pass(_Shared):
    """Do without: draw nothing (empty stock, ``play_on``, T6), or end one's final lay-offs (E4)."""

    player: int = attrs.field(validator=_check_seat)


def _to_effect(value: JokerEffect | str) -> JokerEffect:
    try:
        return JokerEffect(value)
    except (ValueError, TypeError):
        choices = ", ".join(effect.value for effect in JokerEffect)
        raise InvalidArgumentError(f"not a joker effect: {value!r} (expected {choices})") from None


@attrs.frozen(repr=False)
class Nominate(_Shared):
    """Dealer's gambit: the dealer nominates what jokers do this hand (V7).

    Attributes:
        player: The dealer.
        effect: ``wild``, ``double`` or ``split`` (a :class:`JokerEffect` or its value).
    """

    player: int = attrs.field(validator=_check_seat)
    effect: JokerEffect = attrs.field(converter=_to_effect)


@attrs.frozen(repr=False)
class Block(_Shared):
    """Dealer's gambit: cover the dealer's joker with a joker from the hand (V7).

    Both jokers leave play for the rest of the hand.
    """

    player: int = attrs.field(validator=_check_seat)


@attrs.frozen(repr=False)
class Split(_Shared):
    """Dealer's gambit, jokers nominated ``split``: split the pile with a joker (V7).

    The chosen card is the ``count``-th from the top: the cards above it go to
    the player's hand, the chosen card is melded at once by ``play``, and the
    cards below it leave play with the joker.

    Attributes:
        player: The seat.
        count: The depth of the chosen card (1 is the top discard).
        play: The meld or lay-off of the chosen card.
    """

    player: int = attrs.field(validator=_check_seat)
    count: int = attrs.field(validator=_check_count)
    play: Play = attrs.field(validator=_check_play)


#: Any move.
Move = (
    Draw
    | Take
    | MeldMove
    | LayoffMove
    | Discard
    | CallRummy
    | EndHand
    | Pass
    | Nominate
    | Block
    | Split
)


#: The move classes (what :data:`Move` may be).
MOVE_TYPES: frozenset[type] = frozenset(
    (Draw, Take, MeldMove, LayoffMove, Discard, CallRummy, EndHand, Pass, Nominate, Block, Split)
)


def format_move(move: Move) -> str:
    """Write ``move`` in canonical notation (also ``str(move)``).

    Always with the seat prefix, keywords in lower case, cards in upper case,
    single spaces.

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
    raise InvalidArgumentError(f"not a move: {move!r}")


#: The notation's verb of each kind of move: the ``"kind"`` of its dict.
_KINDS: dict[type, str] = {
    Draw: "draw",
    Take: "take",
    MeldMove: "meld",
    LayoffMove: "layoff",
    Discard: "discard",
    CallRummy: "rummy",
    EndHand: "end",
    Pass: "pass",
    Nominate: "nominate",
    Block: "block",
    Split: "split",
}


def move_kind(move: Move) -> str:
    """The kind of ``move``: its verb in the notation (``"take"``, ``"layoff"``, ``"end"`` …).

    >>> move_kind(EndHand(1)), move_kind(CallRummy(2, 1, MeldMove(2, "4S 4H 4D")))
    ('end', 'rummy')
    """
    kind = _KINDS.get(type(move))
    if kind is None:
        raise InvalidArgumentError(f"not a move: {move!r}")
    return kind


def move_to_dict(move: Move) -> dict[str, Any]:
    """``move`` as a JSON-ready dict: its ``"kind"``, its ``"seat"`` and its own fields.

    The fields, by kind (cards and meld cards as their text, ``"QH"``, ``"JK=8H"``):

    - ``draw``, ``end``, ``pass``, ``block``: none;
    - ``meld``: ``"cards"`` (in meld order) and ``"doubled"`` (V7);
    - ``layoff``: ``"target"`` (the table meld's number) and ``"cards"``;
    - ``discard``: ``"card"``;
    - ``take``: ``"count"`` and ``"play"`` (``null`` when no play follows);
    - ``rummy``, ``split``: ``"count"`` and ``"play"``;
    - ``nominate``: ``"effect"`` (``"wild"``, ``"double"`` or ``"split"``).

    A play is a dict of the same form without ``"seat"`` (it is the move's
    seat's): ``{"kind": "meld", "cards": [...], "doubled": false}`` or
    ``{"kind": "layoff", "target": 1, "cards": [...]}``.  Every key is always
    there, and every number is at most 2**53 - 1, so any JSON reader reads
    it exactly.  The JSON Schema is ``rummy500.json_schema("move")``.

    >>> move_to_dict(Discard(1, "TH"))
    {'kind': 'discard', 'seat': 1, 'card': 'TH'}
    >>> move_to_dict(CallRummy(2, 4, MeldMove(2, "4D 4S 4H")))["play"]
    {'kind': 'meld', 'cards': ['4S', '4H', '4D'], 'doubled': False}
    """
    return {"kind": move_kind(move), "seat": move.player, **_fields(move)}


def _fields(move: Move) -> dict[str, Any]:
    """The fields of ``move`` beside its kind and seat (see :func:`move_to_dict`)."""
    if isinstance(move, MeldMove):
        return {"cards": [str(spec) for spec in move.cards], "doubled": move.doubled}
    if isinstance(move, LayoffMove):
        return {"target": move.target, "cards": [str(spec) for spec in move.cards]}
    if isinstance(move, Discard):
        return {"card": str(move.card)}
    if isinstance(move, Take):
        return {"count": move.count, "play": None if move.play is None else _play(move.play)}
    if isinstance(move, (CallRummy, Split)):
        return {"count": move.count, "play": _play(move.play)}
    if isinstance(move, Nominate):
        return {"effect": move.effect.value}
    return {}


def _play(play: Play) -> dict[str, Any]:
    return {"kind": move_kind(play), **_fields(play)}
