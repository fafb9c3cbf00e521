"""Named rule sets (the variants V1–V7): plain :class:`~rummy500.rules.Rules` values.

>>> from rummy500 import presets
>>> presets.names()
('pagat', 'wikipedia', 'boathouse', 'basic_rummy', 'partnership', 'persian', 'dealers_gambit')
>>> presets.get("boathouse").going_out
<GoingOut.DISCARD_REQUIRED: 'discard_required'>
>>> presets.name_of(presets.get("wikipedia"))
'wikipedia'

:func:`get` takes a name exactly as written here (positions and records
name their preset so, and their JSON Schemas accept only these names); text
a person types goes through :func:`canonical_name` first, which accepts any
case (the command line and the web example read preset names so):

>>> presets.get(presets.canonical_name("Dealers-Gambit")).target_score
250

Every function of the library that takes a rule set (:func:`rummy500.new_game`,
:func:`rummy500.new_match`, :class:`rummy500.Session`, :func:`rummy500.simulate`,
:func:`rummy500.make_meld`, the environments …) takes a preset's name as well,
in any case, through :func:`as_rules`:

>>> from rummy500 import new_game
>>> new_game("Wikipedia", seed=1).rules == presets.get("wikipedia")
True
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from rummy500.errors import InvalidArgumentError, shown
from rummy500.rules import Rules
from rummy500.values import BASIC, FIVES, CardValues

__all__ = ["PRESETS", "as_rules", "canonical_name", "get", "name_of", "names", "nearest"]

_PAGAT = Rules()

#: V2 [W] standard: fives values, any card from the pile into a new meld of 3+,
#: an opening minimum of 30, no stock-out penalty, ties go to who went out.
_WIKIPEDIA = Rules(
    card_values=FIVES,
    top_discard_must_meld=True,
    deepest_card_use="new_meld_only",
    opening_minimum=30,
    stock_out_penalty=False,
    tiebreak="went_out",
    rummy_call="none",
)

#: V3 [W]: the wikipedia rules with the boathouse rule (a discard is needed to go out).
_BOATHOUSE = _WIKIPEDIA.evolve(going_out="discard_required")

#: V4 [B]: basic Rummy, the parent game.
_BASIC_RUMMY = Rules(
    decks=1,
    jokers_per_deck=0,
    hand_size={2: 10, 3: 7, 4: 7, 5: 6, 6: 6},
    max_players=6,
    ace="low",
    discard_take="top_only",
    rummy_call="none",
    card_values=BASIC,
    scoring="winner_takes_hands",
    going_rummy_multiplier=2,
    stock_exhausted="reshuffle",
    target_score=150,
)

#: V5 [W]: four players in two partnerships scored as units.
_PARTNERSHIP = Rules(min_players=4, max_players=4, partnerships=True)

#: V6 [W]: partnership 500 Rum with 4 jokers that only form groups of jokers,
#: worth 20; groups of four laid down at once count double; two deals; +50.
_PERSIAN = _PARTNERSHIP.evolve(
    jokers_per_deck=4,
    jokers="sets_only",
    card_values=CardValues.custom(ace=15, low_ace=1, joker=20),
    group_of_four_multiplier=2,
    going_out_bonus=25,
    hand_limit=2,
    match_bonus=50,
)

#: V7 [W]: the dealer's joker, nominated joker effects, counterclockwise play, to 250.
_DEALERS_GAMBIT = Rules(
    direction="counterclockwise",
    dealers_gambit=True,
    card_values=CardValues.custom(ace=15, low_ace=1, joker=0),
    target_score=250,
)

#: Every preset by name, in the order of the variants V1–V7.
PRESETS: MappingProxyType[str, Rules] = MappingProxyType(
    {
        "pagat": _PAGAT,
        "wikipedia": _WIKIPEDIA,
        "boathouse": _BOATHOUSE,
        "basic_rummy": _BASIC_RUMMY,
        "partnership": _PARTNERSHIP,
        "persian": _PERSIAN,
        "dealers_gambit": _DEALERS_GAMBIT,
    }
)


def names() -> tuple[str, ...]:
    """The preset names, in the order of the variants V1–V7."""
    return tuple(PRESETS)


def get(name: str) -> Rules:
    """The preset called ``name``.

    Raises:
        InvalidArgumentError: (a :class:`ValueError`) for an unknown name,
            listing the known ones.

    """
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise InvalidArgumentError(
            f"unknown preset {name!r}; known presets: {', '.join(PRESETS)}"
        ) from None


def canonical_name(text: str) -> str:
    """The preset name that ``text``, typed by a person, stands for.

    Case does not matter, nor white space around the name, and ``-`` or a
    space may stand for ``_``: ``"PAGAT"``, ``" Basic-Rummy "`` and
    ``"dealers gambit"`` name presets.

    >>> canonical_name("PAGAT"), canonical_name(" Basic-Rummy ")
    ('pagat', 'basic_rummy')

    Raises:
        InvalidArgumentError: (a :class:`ValueError`) for text that names no
            preset, listing the known ones.

    """
    name = text.strip().lower().replace("-", "_").replace(" ", "_") if isinstance(text, str) else ""
    if name not in PRESETS:
        raise InvalidArgumentError(
            f"unknown preset {shown(text)}; known presets: {', '.join(PRESETS)}"
        )
    return name


def as_rules(rules: Rules | str | None) -> Rules:
    """The rule set that ``rules`` stands for: a :class:`Rules` itself, or a preset's name.

    A name is read as :func:`canonical_name` reads it (any case); ``None``
    stands for the default rules (``pagat``).  This is the one conversion every
    function that takes a rule set applies to its argument.

    >>> as_rules("WIKIPEDIA") == get("wikipedia"), as_rules(None) == Rules()
    (True, True)

    Raises:
        InvalidArgumentError: (a :class:`ValueError`) for a name that is no
            preset, listing the presets, or a value that is neither a rule set
            nor text.

    """
    if type(rules) is Rules:  # the usual call: checked once, when the rules were made
        return rules
    if rules is None:
        return _PAGAT
    if isinstance(rules, str):
        return PRESETS[canonical_name(rules)]
    if isinstance(rules, Rules):
        return rules
    raise InvalidArgumentError(
        f"rules must be a Rules value or a preset's name (one of {', '.join(PRESETS)}), "
        f"got {shown(rules)}"
    )


def name_of(rules: Rules) -> str | None:
    """The name of the preset equal to ``rules``, or ``None``."""
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    return None


def nearest(rules: Rules) -> tuple[str, dict[str, Any]]:
    """The preset that ``rules`` differs least from, and the differing knobs.

    This is how rule sets are written in positions and records:
    ``{"preset": name, **overrides}``.

    >>> nearest(get("wikipedia").evolve(min_run_length=4))
    ('wikipedia', {'min_run_length': 4})
    """
    best: tuple[str, dict[str, Any]] | None = None
    for name, preset in PRESETS.items():
        overrides = rules.diff(preset)
        if best is None or len(overrides) < len(best[1]):
            best = (name, overrides)
    assert best is not None
    return best
