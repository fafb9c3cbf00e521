"""Which knob values the game engine implements.

Variants are data, and a knob value the engine does not implement yet must
never be ignored silently: creating a game with such a value raises
:class:`NotImplementedError` naming the knob.  Today the hand engine
implements every knob of RULES.md §1–§6 and those of the presets V5–V7, so
:data:`ENGINE_SUPPORT` is empty; it stays as the place where a knob value
added ahead of its implementation would be listed.  The knobs of the match
(G1–G4) are read by :mod:`rummy500.match`, never by a hand.

>>> from rummy500 import Rules, presets
>>> check_supported(presets.get("dealers_gambit"))
>>> unsupported_knobs(Rules())
[]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rummy500.rules import KNOBS, Rules

__all__ = ["ENGINE_SUPPORT", "check_supported", "unsupported_knobs"]

#: Knob name → the values the engine implements (knobs absent here: every value).
#: Knob values are compared in their :meth:`Rules.to_dict` form.
ENGINE_SUPPORT: Mapping[str, frozenset[Any]] = {}


def unsupported_knobs(rules: Rules) -> list[str]:
    """The knobs of ``rules`` set to values the engine does not implement, as ``knob=value``."""
    data = rules.to_dict()
    found = []
    for name, allowed in ENGINE_SUPPORT.items():
        value = data[name]
        if value not in allowed:
            found.append(f"{name}={value!r} ({KNOBS[name][0]})")
    return found


def check_supported(rules: Rules) -> None:
    """Raise :class:`NotImplementedError` naming every knob value the engine lacks."""
    found = unsupported_knobs(rules)
    if found:
        raise NotImplementedError("not implemented yet: " + ", ".join(found))
