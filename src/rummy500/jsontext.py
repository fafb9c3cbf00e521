"""JSON text read within limits, and numbers every JSON reader reads exactly.

Positions, player views and match records arrive as JSON text from outside
the program.  :func:`load_json` reads such text only up to a length the
caller gives and a nesting depth of :data:`MAX_JSON_DEPTH`, and turns every
way it can fail into the caller's own :class:`ValueError`; :func:`too_deep`
checks the nesting of data that arrived already parsed.

A JavaScript client reads every JSON number as a double, which holds an
integer exactly only up to :data:`MAX_SAFE_INTEGER` (2**53 - 1): no
document the library writes holds a wider integer.  Seeds are up to 64 bits
wide, so :func:`seed_to_data` writes a wider one as a decimal string, and
:func:`seed_from_data` reads either form:

>>> seed_to_data(7), seed_to_data(2**64 - 1)
(7, '18446744073709551615')
>>> seed_from_data("18446744073709551615"), seed_from_data(7)
(18446744073709551615, 7)

>>> from rummy500.errors import PositionError
>>> load_json('{"format": 1}', "position", 100, PositionError)
{'format': 1}
>>> load_json("[" * 40 + "]" * 40, "position", 100, PositionError)
Traceback (most recent call last):
...
rummy500.errors.PositionError: position is not valid JSON: nested more than 32 deep

Text given as ``bytes`` is read as UTF-8 only (RFC 8259: JSON exchanged between
systems is UTF-8), by every reader alike (:func:`utf8_text`): positions, views
and records from ``bytes``, ``rummy500 validate`` and the web example.  UTF-16,
UTF-32 and a byte order mark are refused, not guessed:

>>> load_json('{"format": 1}'.encode("utf-16"), "position", 100, PositionError)
Traceback (most recent call last):
...
rummy500.errors.PositionError: position is not UTF-8 text: invalid start byte at byte 0 (UTF-16...
"""

from __future__ import annotations

import json
import marshal
import re
from collections.abc import Mapping
from typing import Any

from rummy500.errors import Rummy500Error, shown
from rummy500.jsonnumbers import MAX_SAFE_INTEGER

__all__ = [
    "MAX_JSON_DEPTH",
    "MAX_SAFE_INTEGER",
    "json_key",
    "load_json",
    "seed_from_data",
    "seed_to_data",
    "too_deep",
    "utf8_text",
]

#: The deepest nesting of lists and objects the JSON readers accept.
MAX_JSON_DEPTH = 32

#: A seed written as text: a decimal integer in canonical form (no sign ``+``, no
#: leading zero, no space), of at most 20 digits.
_SEED_TEXT = re.compile(r"(?:0|-?[1-9][0-9]{0,19})\Z")


def load_json(text: Any, what: str, limit: int, error: type[Rummy500Error]) -> Any:
    """Read JSON text of at most ``limit`` characters, nested at most :data:`MAX_JSON_DEPTH` deep.

    Args:
        text: The JSON text (``str``, or ``bytes`` or ``bytearray`` of UTF-8:
            see :func:`utf8_text`).
        what: What the text holds (``"position"``, ``"record"``), for messages.
        limit: The most characters (or bytes) accepted.
        error: The exception class to raise (called with the message).

    Raises:
        Rummy500Error: of class ``error``, for text that is too long, too
            deeply nested, not valid JSON (numbers of more than 4300 digits
            included) or bytes that are not UTF-8.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise error(f"{what} JSON must be text, got {type(text).__name__}")
    if len(text) > limit:
        raise error(f"{what} JSON of {len(text)} characters is too long (at most {limit})")
    if not isinstance(text, str):
        text = utf8_text(text, what, error)
    try:
        data = json.loads(text)
    except RecursionError:
        data = None
        deep = True
    except ValueError as problem:  # JSONDecodeError, numbers of too many digits, bad bytes
        raise error(f"{what} is not valid JSON: {_first_line(str(problem))}") from None
    else:
        deep = too_deep(data)
    if deep:
        raise error(f"{what} is not valid JSON: nested more than {MAX_JSON_DEPTH} deep")
    return data


def utf8_text(data: bytes | bytearray, what: str, error: type[Rummy500Error]) -> str:
    """``data`` decoded as UTF-8, the only encoding the library reads JSON in.

    A byte order mark (which RFC 8259 forbids writers to add) is refused, and
    so is a NUL byte (JSON text has none; UTF-16 and UTF-32 text of ASCII
    characters is full of them), so that no reader guesses an encoding.

    >>> from rummy500.errors import RecordError
    >>> utf8_text("{}".encode(), "record", RecordError)
    '{}'
    >>> utf8_text("{}".encode("utf-16-le"), "record", RecordError)
    Traceback (most recent call last):
    ...
    rummy500.errors.RecordError: record is not UTF-8 text: a NUL byte at byte 1 (UTF-16 or UTF-32?)

    Raises:
        Rummy500Error: of class ``error``, naming ``what`` and the first bad byte.
    """
    if data[:3] == b"\xef\xbb\xbf":
        raise error(f"{what} is not UTF-8 text without a byte order mark: it starts with EF BB BF")
    wide = data[:2] in (b"\xff\xfe", b"\xfe\xff") or 0 in data[:4]
    guess = " (UTF-16 or UTF-32?)" if wide else ""
    try:
        text = bytes(data).decode("utf-8")
    except UnicodeDecodeError as problem:
        raise error(
            f"{what} is not UTF-8 text: {problem.reason} at byte {problem.start}{guess}"
        ) from None
    nul = text.find("\x00")
    if nul >= 0:
        at = len(text[:nul].encode("utf-8"))
        raise error(f"{what} is not UTF-8 text: a NUL byte at byte {at} (UTF-16 or UTF-32?)")
    return text


def too_deep(data: Any) -> bool:
    """Whether lists and dicts in ``data`` nest more than :data:`MAX_JSON_DEPTH` deep.

    Iterative, so any depth is safe to ask about, and a container met again
    (shared, or holding itself) is walked again only when met deeper: the
    time is at most :data:`MAX_JSON_DEPTH` times the size of ``data``.
    Lists, tuples and every :class:`~collections.abc.Mapping` count as
    containers.

    >>> too_deep([[1], {"a": [2]}]), too_deep([[[]]] * 3), too_deep(eval("[" * 40 + "]" * 40))
    (False, False, True)
    >>> itself = []
    >>> itself.append(itself)
    >>> too_deep(itself)
    True
    """
    if not isinstance(data, _CONTAINERS):
        return False
    deepest: dict[int, int] = {}
    stack: list[tuple[Any, int]] = [(data, 1)]
    pop, push = stack.pop, stack.append
    while stack:
        item, depth = pop()
        if depth > MAX_JSON_DEPTH:
            return True
        if deepest.get(id(item), 0) >= depth:
            continue
        deepest[id(item)] = depth
        kind = type(item)
        children = (
            item.values()
            if kind is dict or (kind is not list and isinstance(item, Mapping))
            else item
        )
        depth += 1
        for child in children:
            kind = type(child)
            # JSON's scalars and its two containers by their exact types, the rest by isinstance.
            if kind not in _SCALARS and (
                kind is dict or kind is list or isinstance(child, _CONTAINERS)
            ):
                push((child, depth))
    return False


#: What :func:`too_deep` walks into, and the exact types it need not ask about.
_CONTAINERS = (Mapping, list, tuple)
_SCALARS = frozenset({str, int, float, bool, type(None)})


def json_key(value: Any) -> bytes | None:
    """A key equal for two values exactly when they are the same value, of the same exact types.

    The key tells apart what ``==`` does not: ``true`` from ``1``, ``1``
    from ``1.0``, a list from a tuple, a ``str`` from a subclass of it, and
    the order of a dict's keys (two dicts of other orders have other keys).
    It is :func:`marshal.dumps`, which writes the exact built-in types only
    (JSON text reads into them) in linear time, however the value shares
    its parts.  Readers keep what they read from a value under its key, so
    that they read it once.

    Returns:
        The key, or ``None`` for a value holding another type (a subclass of
        a built-in, any :class:`~collections.abc.Mapping` but ``dict``), or
        nested too deep for :mod:`marshal`.

    >>> json_key({"a": [1, "b"]}) == json_key({"a": [1, "b"]})
    True
    >>> json_key([True]) == json_key([1]), json_key([1]) == json_key((1,))
    (False, False)
    >>> from collections import OrderedDict
    >>> json_key(OrderedDict(a=1)) is None
    True
    """
    try:
        return marshal.dumps(value, 4)
    except ValueError:  # a type marshal does not write, or too deep
        return None


def _first_line(message: str) -> str:
    return shown(message.splitlines()[0] if message else message)[1:-1]


def seed_to_data(seed: int) -> int | str:
    """A seed as a document holds it: the integer, or its decimal text if it is wide.

    Wide is beyond :data:`MAX_SAFE_INTEGER`, where JavaScript would round it.
    """
    return seed if -MAX_SAFE_INTEGER <= seed <= MAX_SAFE_INTEGER else str(seed)


def seed_from_data(value: Any) -> int | None:
    """The seed a document holds, written by :func:`seed_to_data` or by an older version.

    An integer (not ``true``) is read as it is, whatever its width (older
    documents hold 64-bit integers); text must be a decimal integer in
    canonical form (``"-12"``, not ``"+12"``, ``"012"`` nor ``" 12"``).  The
    caller checks the range.

    Returns:
        The seed, or ``None`` for any other value (the caller raises its own error).

    >>> seed_from_data("-12"), seed_from_data("012"), seed_from_data(True)
    (-12, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, str) and _SEED_TEXT.match(value):
        return int(value)
    return None
