"""The bot protocol's messages: what a referee writes to a bot program, and reads back.

The protocol (``docs/protocol.md``, normative) is JSON lines on the
program's standard input and output.  This module builds the referee's
messages and reads the program's answers; :class:`~rummy500.ProgramBot`
does the talking.  Each message has a JSON Schema,
``rummy500.json_schema(kind)`` with ``kind`` in ``rummy500.schema.MESSAGE_KINDS``.

>>> from rummy500 import new_game, observe
>>> view = observe(new_game(seed=7), 1)
>>> message = decide_message(view)
>>> message["type"], message["seat"], message["may_pass"], len(message["view"]["moves"])
('decide', 1, False, 2)
>>> read_answer({"type": "move", "index": 1}, view)
<Take 'p1: take 1'>
>>> read_answer({"type": "move", "move": {"kind": "draw", "seat": 1}}, view)
<Draw 'p1: draw'>
>>> read_answer({"type": "pass"}, view)
Traceback (most recent call last):
...
rummy500.errors.InvalidArgumentError: answered "pass", but p1 is to move and may not ...
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from rummy500.errors import InvalidArgumentError, shown
from rummy500.match import MatchResult
from rummy500.movedata import move_from_dict
from rummy500.moves import Move
from rummy500.statevalues import HandResult
from rummy500.views import PlayerView

__all__ = [
    "MAX_LINE_BYTES",
    "PROTOCOL_VERSION",
    "decide_json",
    "decide_message",
    "hand_end_message",
    "hello_message",
    "match_end_message",
    "quit_message",
    "read_answer",
    "read_hello",
]

#: The version of the protocol this library speaks (the handshake's ``"protocol"``).
PROTOCOL_VERSION = 1

#: The longest line a program may write, in bytes (the line break included): 1 MiB.
MAX_LINE_BYTES = 1 << 20

#: The longest bot name kept, in characters.
MAX_NAME_LENGTH = 100


def hello_message() -> dict[str, Any]:
    """The referee's first line: the protocol's version."""
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "referee": "rummy500"}


def decide_message(view: PlayerView) -> dict[str, Any]:
    """Ask for a decision: the seat, whether it may let the chance go by, and its view.

    The view is :meth:`PlayerView.to_dict <rummy500.views.PlayerView.to_dict>`:
    its ``"moves"`` are the seat's legal moves as move dicts (each with its
    notation under ``"text"``), in the order the answer's ``"index"`` counts.
    """
    return {**_decide_head(view), "view": view.to_dict()}


def _decide_head(view: PlayerView) -> dict[str, Any]:
    """A decide message but its view: the type, the seat, whether it may pass."""
    return {"type": "decide", "seat": view.seat, "may_pass": not view.is_my_turn}


def decide_json(view: PlayerView) -> str:
    """:func:`decide_message` as one line of compact JSON (without the line break).

    What a referee writes: the view's text comes from
    :meth:`PlayerView.to_json <rummy500.views.PlayerView.to_json>`, which
    keeps the pieces a hand repeats from one decision to the next.

    >>> import json
    >>> from rummy500 import new_game, observe
    >>> view = observe(new_game(seed=7), 1)
    >>> json.loads(decide_json(view)) == decide_message(view)
    True
    """
    head = json.dumps(_decide_head(view), separators=(",", ":"))
    return f'{head[:-1]},"view":{view.to_json()}}}'


def hand_end_message(
    seat: int, result: HandResult, totals: tuple[int, ...] | None = None
) -> dict[str, Any]:
    """Tell the end of a hand: the scores per seat, who went out, why, and the match's totals."""
    return {
        "type": "hand_end",
        "seat": seat,
        "scores": list(result.scores),
        "went_out": result.went_out,
        "reason": result.reason.value,
        "totals": None if totals is None else list(totals),
    }


def match_end_message(seat: int, result: MatchResult) -> dict[str, Any]:
    """Tell the end of a match: the final totals per side and the winning seats."""
    return {
        "type": "match_end",
        "seat": seat,
        "totals": list(result.totals),
        "winners": list(result.seats),
    }


def quit_message() -> dict[str, Any]:
    """The referee's last line: the program should exit."""
    return {"type": "quit"}


def _keys(data: Any, what: str, required: tuple[str, ...], optional: tuple[str, ...]) -> None:
    if not isinstance(data, Mapping):
        raise InvalidArgumentError(f"{what} must be a JSON object, got {shown(data)}")
    missing = [key for key in required if key not in data]
    if missing:
        raise InvalidArgumentError(f"{what} lacks {', '.join(map(repr, missing))}")
    unknown = sorted(str(key) for key in data if key not in required and key not in optional)
    if unknown:
        raise InvalidArgumentError(f"{what} has unknown keys {shown(unknown)}")


def read_hello(data: Any) -> str:
    """The bot's name from its answer to the handshake.

    Raises:
        InvalidArgumentError: for anything but ``{"type": "hello", "protocol": 1,
            "name": NAME}`` (optionally with ``"author"`` and ``"version"`` text).
    """
    _keys(data, "the handshake's answer", ("type", "protocol", "name"), ("author", "version"))
    if data["type"] != "hello":
        raise InvalidArgumentError(f'answered {shown(data["type"])} to "hello"')
    protocol = data["protocol"]
    if protocol != PROTOCOL_VERSION or isinstance(protocol, bool):
        raise InvalidArgumentError(
            f"speaks protocol {shown(protocol)}; this referee speaks {PROTOCOL_VERSION}"
        )
    name = data["name"]
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME_LENGTH:
        raise InvalidArgumentError(
            f"a bot's name is text of 1 to {MAX_NAME_LENGTH} characters, got {shown(name)}"
        )
    for key in ("author", "version"):
        if key in data and not isinstance(data[key], str):
            raise InvalidArgumentError(f"the handshake's {key!r} must be text")
    return name.strip()


def read_answer(data: Any, view: PlayerView) -> Move | None:
    """The move a program's answer to :func:`decide_message` names (``None``: it passes).

    An answer is ``{"type": "move", "index": i}`` (the ``i``-th of the
    view's moves, from 0), ``{"type": "move", "move": MOVE_DICT}``, or
    ``{"type": "pass"}`` where the seat may let its chance go by.

    Raises:
        InvalidArgumentError: for anything else, naming what is wrong: an
            index out of range, a malformed move dict, a move of another seat,
            a move the view does not offer, a pass by the seat to move.
    """
    if not isinstance(data, Mapping) or data.get("type") not in ("move", "pass"):
        kind = data.get("type") if isinstance(data, Mapping) else data
        raise InvalidArgumentError(f'answered {shown(kind)} to "decide", not "move" or "pass"')
    if data["type"] == "pass":
        _keys(data, "a pass", ("type",), ())
        if view.is_my_turn:
            raise InvalidArgumentError(
                f'answered "pass", but p{view.seat} is to move and may not let the turn go by'
            )
        return None
    if "index" in data:
        _keys(data, "a move by index", ("type", "index"), ())
        index = data["index"]
        moves = view.legal_moves
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(moves):
            raise InvalidArgumentError(
                f"answered index {shown(index)}; the view offers moves 0..{len(moves) - 1}"
            )
        return moves[index]
    _keys(data, "a move", ("type", "move"), ())
    try:
        move = move_from_dict(data["move"])
    except InvalidArgumentError as error:
        raise InvalidArgumentError(f"answered a malformed move dict: {error}") from None
    if move.player != view.seat:
        raise InvalidArgumentError(f"answered {move}, a move of p{move.player}, not p{view.seat}")
    if move not in view.legal_moves:
        raise InvalidArgumentError(f"answered {move}, which is not legal now")
    return move
