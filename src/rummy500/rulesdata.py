"""The rule set as data: a preset with knob overrides.

Positions, player views and match records hold their rule set under the key
``rules``, in the one form :func:`rules_to_data` writes: a dict naming the
nearest preset under ``"preset"``, with every knob that differs from it
(none when the rules are exactly that preset).  :func:`rules_from_data`
reads it back, as strictly as the documents' JSON Schemas: a preset or knob
name is spelled exactly, and so is every value.  It also reads a bare preset
name, the form documents written by earlier versions hold for a preset.

>>> from rummy500 import Rules
>>> rules_to_data(Rules()), rules_to_data(Rules(ace="low"))
({'preset': 'pagat'}, {'preset': 'pagat', 'ace': 'low'})
>>> rules_from_data({"preset": "pagat", "ace": "low"}) == Rules(ace="low")
True
>>> rules_from_data("pagat") == Rules()
True
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

import rummy500.presets as presets
from rummy500._engine.codes.memo import store
from rummy500.errors import InvalidArgumentError, PositionError, RulesError, shown
from rummy500.jsontext import MAX_JSON_DEPTH, json_key, too_deep
from rummy500.rules import KNOBS, Rules

__all__ = ["rules_from_data", "rules_to_data"]

#: The keys of a ``hand_size`` table: the player counts, as JSON writes them.
_PLAYER_COUNTS = frozenset(str(players) for players in range(2, 9))
#: The rule sets read from dicts, by the dicts' :func:`~rummy500.jsontext.json_key`: a player
#: view or a position read at every move of a match holds the same rules again and again, and
#: building and checking a rule set costs more than reading the rest of a view.
_READ: dict[Any, Rules] = {}
#: The most rule sets :data:`_READ` holds (emptied when full).
_READ_LIMIT = 256


def rules_to_data(rules: Rules) -> dict[str, Any]:
    """``{"preset": name, **overrides}``: the nearest preset, and the knobs that differ from it.

    Always a dict, so that a client reads every document's rules the same way.

    >>> rules_to_data(Rules(ace="low"))
    {'preset': 'pagat', 'ace': 'low'}
    """
    return json.loads(_rules_text(rules))  # type: ignore[no-any-return]


@functools.lru_cache(maxsize=64)
def _rules_text(rules: Rules) -> str:
    """:func:`rules_to_data` as JSON text, kept for the last rule sets asked.

    Finding the nearest preset compares every knob with every preset (about
    a millisecond); a view or a position written at every move of a match
    asks it for the same rules again and again, and each caller gets a dict
    of its own.
    """
    name, overrides = presets.nearest(rules)
    return json.dumps({"preset": name, **overrides})


def rules_from_data(data: Any) -> Rules:
    """Inverse of :func:`rules_to_data`; a bare preset name (older documents) is read too.

    The names and values are read exactly as :func:`rules_to_data` writes
    them: ``"pagat"``, not ``"Pagat"``; a ``hand_size`` table keyed by the
    player counts ``"2"`` to ``"8"``, not ``" 2"`` nor ``"02"``.

    Raises:
        RulesError: for unknown knobs or bad knob values, listing them all.
        InvalidArgumentError: for an unknown preset name.
        PositionError: for data that is neither a name nor a dict, or that
            nests lists and dicts more than :data:`~rummy500.jsontext.MAX_JSON_DEPTH` deep.

    (All three are :class:`ValueError`.)
    """
    key = json_key(data) if type(data) is dict else None
    if key is not None:
        rules = _READ.get(key)
        if rules is None:
            rules = store(_READ, key, _rules_from_data(data), _READ_LIMIT)
        return rules
    return _rules_from_data(data)


def _rules_from_data(data: Any) -> Rules:
    """:func:`rules_from_data`, read afresh."""
    if isinstance(data, str):
        return _preset(data)
    if not isinstance(data, Mapping):
        raise PositionError(f"rules must be a preset name or a dict, got {shown(data)}")
    if too_deep(data):
        raise PositionError(f"rules nest lists and dicts more than {MAX_JSON_DEPTH} deep")
    overrides = dict(data)
    base = _preset(overrides.pop("preset", "pagat"))
    unknown = sorted((name for name in overrides if name not in KNOBS), key=shown)
    if unknown:  # named here, each quoted short, however long the names
        raise RulesError([f"unknown knob {shown(name)}" for name in unknown])
    hand_size = overrides.get("hand_size")
    if isinstance(hand_size, Mapping):
        odd = sorted((key for key in hand_size if key not in _PLAYER_COUNTS), key=shown)
        if odd:
            problem = "hand_size keys must be player counts '2' to '8', got"
            raise RulesError([f"{problem} {shown(key)}" for key in odd])
    return Rules.from_dict(overrides, base=base)


def _preset(name: Any) -> Rules:
    if not isinstance(name, str) or name not in presets.names():
        raise InvalidArgumentError(
            f"unknown preset {shown(name)}; known presets: {', '.join(presets.names())}"
        )
    return presets.get(name)
