"""The profile of a rule set, kept once per rule set: what the engine's dispatchers fetch.

:func:`profile` gives the :class:`~rummy500._engine.profile.Profile` of a
:class:`~rummy500.Rules` value (the compact form the engine reads, with the
variant of the whole game that answers its questions: dealer's gambit's, or
the plain rules').  The two dispatchers (:mod:`~rummy500._engine.reducer`,
:mod:`~rummy500._engine.movegen`) and the engine's other entry points call
it once and hand the profile down; nothing below them fetches it.  Profiles
are kept by the identity of the rules (``new_game`` and
``GameState.from_dict`` use one shared ``Rules`` value per rule set), and
the rule set asked last is answered without any lookup, as a program almost
always plays one rule set at a time.
"""

from __future__ import annotations

from typing import Final

from rummy500._engine.codes.memo import store
from rummy500._engine.gambit import DealersGambit
from rummy500._engine.profile import Profile
from rummy500._engine.variant import PLAIN
from rummy500.rules import Rules

__all__ = ["profile"]


class _Pair:
    """A rule set and its profile (read natively, where a tuple's items are boxed reads)."""

    __slots__ = ("profile", "rules")

    def __init__(self, rules: Rules, profile: Profile) -> None:
        self.rules = rules
        self.profile = profile


class _Last:
    """The rule set :func:`profile` answered last, with its profile.

    One pair, replaced whole: a thread never sees one rule set's profile
    under another's rules.
    """

    __slots__ = ("entry",)

    def __init__(self) -> None:
        self.entry: _Pair | None = None


# Profiles by value (equal rule sets share one), and by the identity of the Rules
# objects seen (each entry holds its object, so an id is never mistaken).
_BY_VALUE: Final[dict[Rules, Profile]] = {}
_BY_ID: Final[dict[int, _Pair]] = {}
_PROFILE_LIMIT: Final = 64
_LAST: Final = _Last()


def profile(rules: Rules) -> Profile:
    """The (cached) :class:`Profile` of ``rules``, shared by every equal rule set."""
    last = _LAST.entry
    if last is not None and last.rules is rules:
        return last.profile
    entry = _BY_ID.get(id(rules))
    if entry is None or entry.rules is not rules:
        found = _BY_VALUE.get(rules)
        if found is None:
            found = Profile(rules, PLAIN)
            if found.dealers_gambit:  # the one variant that answers the engine otherwise
                found = Profile(rules, DealersGambit())
            store(_BY_VALUE, rules, found, _PROFILE_LIMIT)
        entry = store(_BY_ID, id(rules), _Pair(rules, found), _PROFILE_LIMIT)
    _LAST.entry = entry
    return entry.profile
