"""Moves: frozen values, each carrying the seat that makes it.

``str(move)`` is the canonical notation (see :mod:`rummy500.notation`):

>>> from rummy500.moves import Draw, Take, MeldMove, LayoffMove, Discard
>>> str(Draw(0)), str(Discard(1, "7H"))
('p0: draw', 'p1: discard 7H')
>>> str(Take(0, 3, MeldMove(0, "4S 4H 4D")))
'p0: take 3 meld 4S 4H 4D'
>>> str(LayoffMove(2, 1, "3S"))
'p2: layoff 1 3S'

Moves are plain data: they are checked against a state only by
:func:`rummy500.check_move`.  The cards of a meld or lay-off must be in
canonical order (:func:`rummy500.parse_move` puts typed text in that order).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

import attrs

from rummy500.cards import Card, parse_card
from rummy500.melds import MeldCard, _as_codes, _spec_from_code
from rummy500.state import JokerEffect

__all__ = [
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
]


_T = TypeVar("_T")


def _to_specs(value: str | Iterable[MeldCard | Card | str]) -> tuple[MeldCard, ...]:
    return tuple(_spec_from_code(code) for code in _as_codes(value))


def _to_card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else parse_card(value)


def _check_seat(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{attribute.name} must be a seat number (0 or more), got {value!r}")


def _check_count(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{attribute.name} must be a number of cards (1 or more), got {value!r}")


def _check_optional_play(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None:
        _check_play(instance, attribute, value)


def _check_play(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, (MeldMove, LayoffMove)):
        raise ValueError(f"a play must be a MeldMove or a LayoffMove, got {value!r}")
    if value.player != instance.player:
        raise ValueError(
            f"the play of a move by seat {instance.player} is made by seat {value.player}"
        )


@attrs.frozen(repr=False)
class Draw:
    """Draw the top card of the stock (T1)."""

    player: int = attrs.field(validator=_check_seat)

    def __str__(self) -> str:
        return _format(self)

    def __repr__(self) -> str:
        return f"<Draw {_format(self)!r}>"


@attrs.frozen(repr=False)
class MeldMove:
    """Lay down a new meld from the hand (T7); also the play of a take or call.

    Attributes:
        player: The seat.
        cards: The meld cards in canonical order (text or cards are accepted).
        doubled: Dealer's gambit, jokers nominated ``double``: a joker is laid
            over the new meld, doubling its value and sealing it (V7).
    """

    player: int = attrs.field(validator=_check_seat)
    cards: tuple[MeldCard, ...] = attrs.field(converter=_to_specs)
    doubled: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))

    def __str__(self) -> str:
        return _format(self)

    def __repr__(self) -> str:
        return f"<MeldMove {_format(self)!r}>"


@attrs.frozen(repr=False)
class LayoffMove:
    """Lay off cards on table meld number ``target`` (L1–L3); also a play.

    Attributes:
        player: The seat.
        target: The table meld's number (0-based, in the order melds were laid down).
        cards: The cards laid off, in the order they stand in the resulting meld.
    """

    player: int = attrs.field(validator=_check_seat)
    target: int = attrs.field(validator=_check_seat)
    cards: tuple[MeldCard, ...] = attrs.field(converter=_to_specs)

    def __str__(self) -> str:
        return _format(self)

    def __repr__(self) -> str:
        return f"<LayoffMove {_format(self)!r}>"


#: The play that follows a take or a call: a new meld or a lay-off.
Play = MeldMove | LayoffMove


@attrs.frozen(repr=False)
class Take:
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

    def __str__(self) -> str:
        return _format(self)

    def __repr__(self) -> str:
        return f"<Take {_format(self)!r}>"


@attrs.frozen(repr=False)
class Discard:
    """Discard a card from the hand, ending the turn (T10) or going out (E1)."""

    player: int = attrs.field(validator=_check_seat)
    card: Card = attrs.field(converter=_to_card)

    def __str__(self) -> str:
        return _format(self)

    def __repr__(self) -> str:
        return f"<Discard {_format(self)!r}>"


@attrs.frozen(repr=False)
class CallRummy:
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

    def __str__(self) -> str:
        return _format(self)

    def __repr__(self) -> str:
        return f"<CallRummy {_format(self)!r}>"


@attrs.frozen(repr=False)
class EndHand:
    """End the hand when the stock is empty instead of drawing from the pile (T6)."""

    player: int = attrs.field(validator=_check_seat)

    def __str__(self) -> str:
        return _format(self)

    def __repr__(self) -> str:
        return f"<EndHand {_format(self)!r}>"


@attrs.frozen(repr=False)
class Pass:
    """Do without: draw nothing (empty stock, ``play_on``, T6), or end one's final lay-offs (E4)."""

    player: int = attrs.field(validator=_check_seat)

    def __str__(self) -> str:
        return _format(self)

    def __repr__(self) -> str:
        return f"<Pass {_format(self)!r}>"


def _to_effect(value: JokerEffect | str) -> JokerEffect:
    try:
        return JokerEffect(value)
    except ValueError:
        choices = ", ".join(effect.value for effect in JokerEffect)
        raise ValueError(f"not a joker effect: {value!r} (expected {choices})") from None


@attrs.frozen(repr=False)
class Nominate:
    """Dealer's gambit: the dealer nominates what jokers do this hand (V7).

    Attributes:
        player: The dealer.
        effect: ``wild``, ``double`` or ``split`` (a :class:`JokerEffect` or its value).
    """

    player: int = attrs.field(validator=_check_seat)
    effect: JokerEffect = attrs.field(converter=_to_effect)

    def __str__(self) -> str:
        return _format(self)

    def __repr__(self) -> str:
        return f"<Nominate {_format(self)!r}>"


@attrs.frozen(repr=False)
class Block:
    """Dealer's gambit: cover the dealer's joker with a joker from the hand (V7).

    Both jokers leave play for the rest of the hand.
    """

    player: int = attrs.field(validator=_check_seat)

    def __str__(self) -> str:
        return _format(self)

    def __repr__(self) -> str:
        return f"<Block {_format(self)!r}>"


@attrs.frozen(repr=False)
class Split:
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

    def __str__(self) -> str:
        return _format(self)

    def __repr__(self) -> str:
        return f"<Split {_format(self)!r}>"


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


def _format(move: Move) -> str:
    from rummy500.notation import format_move

    return format_move(move)


# Fast constructors for the move generator, which builds many moves from
# values it has already checked: they skip the converters and validators.
_DISCARDS: dict[tuple[int, int], Discard] = {}
_SIMPLE: dict[tuple[type, int], Draw | EndHand | Take | Pass] = {}


def _trusted(cls: type[_T], **values: Any) -> _T:
    move = object.__new__(cls)
    for name, value in values.items():
        object.__setattr__(move, name, value)
    return move


def _new_discard(player: int, card: Card) -> Discard:
    key = (player, card.code)
    move = _DISCARDS.get(key)
    if move is None:
        move = _DISCARDS[key] = Discard(player, card)
    return move


_Simple = TypeVar("_Simple", Draw, EndHand, Pass, Take)


def _interned(cls: type[_Simple], player: int, *fields: Any) -> _Simple:
    """The one (shared) move ``cls(player, *fields)``: a draw, end, pass or top-card take."""
    key = (cls, player)
    move = _SIMPLE.get(key)
    if move is None:
        move = _SIMPLE[key] = cls(player, *fields)
    assert isinstance(move, cls)
    return move


def _new_draw(player: int) -> Draw:
    return _interned(Draw, player)


def _new_end(player: int) -> EndHand:
    return _interned(EndHand, player)


def _new_pass(player: int) -> Pass:
    return _interned(Pass, player)


def _new_take_top(player: int) -> Take:
    return _interned(Take, player, 1)


def _new_meld_move(player: int, cards: tuple[MeldCard, ...], doubled: bool = False) -> MeldMove:
    return _trusted(MeldMove, player=player, cards=cards, doubled=doubled)


def _new_layoff_move(player: int, target: int, cards: tuple[MeldCard, ...]) -> LayoffMove:
    return _trusted(LayoffMove, player=player, target=target, cards=cards)


def _new_take(player: int, count: int, play: Play) -> Take:
    return _trusted(Take, player=player, count=count, play=play)


def _new_call(player: int, count: int, play: Play) -> CallRummy:
    return _trusted(CallRummy, player=player, count=count, play=play)


def _new_split(player: int, count: int, play: Play) -> Split:
    return _trusted(Split, player=player, count=count, play=play)
