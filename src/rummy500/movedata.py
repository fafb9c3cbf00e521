"""Reading a move back from its dict: :func:`move_from_dict`.

A move's dict (:func:`~rummy500.moves.move_to_dict`, also ``move.to_dict()``)
is how a client in any language receives moves (a view's ``"moves"``) and
sends one back (:meth:`Session.submit <rummy500.session.Session.submit>`).
:func:`move_from_dict` reads it as strictly as the move's JSON Schema
(``rummy500.json_schema("move")``): every key of the kind there and no
other, values of the exact JSON types, cards and meld cards spelled exactly
as the library writes them, the cards of a meld in meld order.  The optional
key ``"text"`` (a view writes the move's notation there) must be the move's
canonical notation.

>>> from rummy500 import parse_move, new_game
>>> state = new_game(seed=1)
>>> move = parse_move(state, "take 1")
>>> move.to_dict()
{'kind': 'take', 'seat': 1, 'count': 1, 'play': None}
>>> move_from_dict(move.to_dict()) == move
True
>>> move_from_dict({"kind": "discard", "seat": 0, "card": "10H"})
Traceback (most recent call last):
...
rummy500.errors.InvalidArgumentError: move 'card': '10H' is not a card in canonical form (e.g. 'TH')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rummy500.cards import card_from_text
from rummy500.errors import CardParseError, InvalidArgumentError, NotationError, shown
from rummy500.jsonnumbers import MAX_SAFE_INTEGER
from rummy500.jsontext import MAX_JSON_DEPTH, too_deep
from rummy500.meldcards import MeldCard, meld_card_from_text
from rummy500.moves import (
    Block,
    CallRummy,
    Discard,
    Draw,
    EndHand,
    LayoffMove,
    Move,
    Nominate,
    Pass,
    Play,
    Split,
    Take,
    format_move,
)
from rummy500.notation import meld_move
from rummy500.state import JokerEffect

__all__ = ["MOVE_KINDS", "move_from_dict"]

#: The fields of each kind of move beside ``"kind"`` and ``"seat"``, as its dict holds them.
MOVE_KINDS: dict[str, tuple[str, ...]] = {
    "draw": (),
    "take": ("count", "play"),
    "meld": ("cards", "doubled"),
    "layoff": ("target", "cards"),
    "discard": ("card",),
    "rummy": ("count", "play"),
    "end": (),
    "pass": (),
    "nominate": ("effect",),
    "block": (),
    "split": ("count", "play"),
}
#: The ``"effect"`` values of a nomination (V7), the values of :class:`~rummy500.state.JokerEffect`.
_EFFECTS = tuple(effect.value for effect in JokerEffect)


def move_from_dict(data: Any) -> Move:
    """The move a dict written by :func:`~rummy500.moves.move_to_dict` holds.

    ``move_from_dict(move.to_dict()) == move`` for every move.  The dict may
    also hold ``"text"``, the move's canonical notation (as a view's
    ``"moves"`` do); nothing else beyond the keys of its kind.

    Raises:
        InvalidArgumentError: (a :class:`ValueError`) naming the offending
            key and value: an unknown kind, a missing or unknown key, a value
            of another type, a card not in canonical form, meld cards out of
            meld order, text that is not the move's notation.
    """
    if isinstance(data, Mapping) and too_deep(data):
        raise _bad("move", f"nests lists and dicts more than {MAX_JSON_DEPTH} deep")
    kind = _kind_of(data, "move", ("kind", "seat"))
    _keys(data, "move", ("kind", "seat", *MOVE_KINDS[kind]), ("text",))
    seat = _number(data["seat"], "seat", 0)
    move = _build(kind, seat, data, "")
    if "text" in data:
        text = data["text"]
        if not isinstance(text, str) or text != format_move(move):
            raise _bad(
                "text", f"expected the move's notation {format_move(move)!r}, got {shown(text)}"
            )
    return move


def _bad(where: str, message: str) -> InvalidArgumentError:
    return InvalidArgumentError(f"move {where!r}: {message}")


def _kind_of(data: Any, where: str, required: tuple[str, ...]) -> str:
    if not isinstance(data, Mapping):
        raise _bad(where, f"expected a dict, got {shown(data)}")
    missing = [key for key in required if key not in data]
    if missing:
        raise _bad(where, f"missing keys {shown(missing)}")
    kind = data["kind"]
    if not isinstance(kind, str) or kind not in MOVE_KINDS:
        raise _bad(f"{where}.kind" if where != "move" else "kind", f"unknown kind {shown(kind)}")
    return kind


def _keys(
    data: Mapping[str, Any], where: str, keys: tuple[str, ...], optional: tuple[str, ...]
) -> None:
    missing = [key for key in keys if key not in data]
    if missing:
        raise _bad(where, f"missing keys {shown(missing)}")
    unknown = sorted((key for key in data if key not in keys and key not in optional), key=shown)
    if unknown:
        raise _bad(where, f"unknown keys {shown(unknown)} for a move of kind {data['kind']!r}")


def _build(kind: str, seat: int, data: Mapping[str, Any], prefix: str) -> Move:
    """The move of ``kind`` by ``seat`` from the fields of ``data`` (checked)."""
    if kind == "draw":
        return Draw(seat)
    if kind == "end":
        return EndHand(seat)
    if kind == "pass":
        return Pass(seat)
    if kind == "block":
        return Block(seat)
    if kind == "discard":
        text = data["card"]
        try:
            return Discard(seat, card_from_text(text))
        except CardParseError as error:
            raise _bad(f"{prefix}card", str(error)) from None
    if kind == "nominate":
        effect = data["effect"]
        if not isinstance(effect, str) or effect not in _EFFECTS:
            raise _bad(
                f"{prefix}effect",
                f"expected one of {', '.join(map(repr, _EFFECTS))}, got {shown(effect)}",
            )
        return Nominate(seat, effect)
    if kind in ("meld", "layoff"):
        return _play(kind, seat, data, prefix)
    count = _number(data["count"], f"{prefix}count", 1)
    play = data["play"]
    if kind == "take" and play is None:
        return Take(seat, count)
    found = _play_of(play, seat)
    if kind == "take":
        return Take(seat, count, found)
    if kind == "rummy":
        return CallRummy(seat, count, found)
    return Split(seat, count, found)


def _play_of(data: Any, seat: int) -> Play:
    """The play of a take, a call or a split: a meld or a lay-off, without a seat."""
    kind = _kind_of(data, "play", ("kind",))
    if kind not in ("meld", "layoff"):
        raise _bad("play.kind", f"expected 'meld' or 'layoff', got {kind!r}")
    _keys(data, "play", ("kind", *MOVE_KINDS[kind]), ())
    return _play(kind, seat, data, "play.")


def _play(kind: str, seat: int, data: Mapping[str, Any], prefix: str) -> Play:
    specs = _meld_cards(data["cards"], f"{prefix}cards")
    if kind == "layoff":
        return LayoffMove(seat, _number(data["target"], f"{prefix}target", 0), specs)
    doubled = data["doubled"]
    if type(doubled) is not bool:
        raise _bad(f"{prefix}doubled", f"expected true or false, got {shown(doubled)}")
    meld = meld_move(seat, specs, doubled)
    if meld.cards != specs:
        order = " ".join(map(str, meld.cards))
        raise _bad(f"{prefix}cards", f"not in meld order: expected {order!r}")
    return meld


def _meld_cards(value: Any, where: str) -> tuple[MeldCard, ...]:
    if not isinstance(value, list) or not value:
        raise _bad(where, f"expected a list of meld cards, got {shown(value)}")
    specs = []
    for index, text in enumerate(value):
        try:
            specs.append(meld_card_from_text(text))
        except NotationError as error:
            raise _bad(f"{where}[{index}]", str(error)) from None
    return tuple(specs)


def _number(value: Any, where: str, low: int) -> int:
    if type(value) is not int or not low <= value <= MAX_SAFE_INTEGER:
        raise _bad(where, f"expected a whole number from {low} to 2**53 - 1, got {shown(value)}")
    return value
