"""Bounded memos: a table emptied when it is full.

The memos of the engine and of the search bot are plain dicts, read inline with ``get`` where speed
matters.  What one holds is bounded by :func:`store`: a table that has
reached its limit is emptied before the new entry goes in, simpler and
cheaper than evicting the least recently used, and the entries still needed
come back at once.  Each table's limit is stated beside it.
"""

from __future__ import annotations

from typing import Final, TypeVar

__all__ = ["MEMO_LIMIT", "store"]

#: The most entries a memo of the engine holds before it is cleared, where no other
#: limit is stated beside it.
MEMO_LIMIT: Final = 1 << 14

_Key = TypeVar("_Key")
_Value = TypeVar("_Value")


def store(memo: dict[_Key, _Value], key: _Key, value: _Value, limit: int) -> _Value:
    """Put ``value`` in ``memo`` under ``key`` (emptied first if it holds ``limit``); return it."""
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value
    return value
