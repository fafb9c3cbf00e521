"""Which knob values the game engine implements.

Variants are data, and a knob value the engine does not implement yet must
never be ignored silently: creating a game with such a value raises
:class:`NotImplementedError` naming the knob.  :data:`ENGINE_SUPPORT` lists,
for every knob the engine reads, the values it implements; knobs not listed
are read by later layers (the match) or by no layer yet.

>>> from rummy500 import Rules, presets
>>> check_supported(Rules())
>>> check_supported(presets.get("persian"))
Traceback (most recent call last):
...
NotImplementedError: not implemented yet: jokers='sets_only' (M4), ...
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rummy500.rules import KNOBS, Rules

__all__ = ["ENGINE_SUPPORT", "check_supported", "unsupported_knobs"]

_DEFAULT = Rules()

# Knobs whose every value the hand engine honours: the deck and deal knobs, and
# the knobs of the match (which the hand never reads; the match reads them).
_EVERY_VALUE = frozenset(
    {
        "decks",
        "jokers_per_deck",
        "hand_size",
        "min_players",
        "max_players",
        "next_dealer",
        "target_score",
        "hand_limit",
        "tiebreak",
        "must_go_out_to_win",
        "match_bonus",
    }
)

#: Knob name → the values the engine implements (knobs absent here: every value).
#: Knob values are compared in their :meth:`Rules.to_dict` form.
ENGINE_SUPPORT: Mapping[str, frozenset[Any]] = {
    **{
        name: frozenset([value])
        for name, value in _DEFAULT.to_dict().items()
        if name not in _EVERY_VALUE
    },
    "rummy_call": frozenset(["pile", "none"]),
}


def unsupported_knobs(rules: Rules) -> list[str]:
    """The knobs of ``rules`` set to values the engine does not implement, as ``knob=value``."""
    data = rules.to_dict()
    found = []
    for name, allowed in ENGINE_SUPPORT.items():
        value = data[name]
        hashable = value if not isinstance(value, dict) else repr(sorted(value.items()))
        if hashable not in allowed:
            found.append(f"{name}={value!r} ({KNOBS[name][0]})")
    return found


def check_supported(rules: Rules) -> None:
    """Raise :class:`NotImplementedError` naming every knob value the engine lacks."""
    found = unsupported_knobs(rules)
    if found:
        raise NotImplementedError("not implemented yet: " + ", ".join(found))
