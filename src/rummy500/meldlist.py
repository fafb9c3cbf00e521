"""Every valid meld a hand can lay down: :func:`enumerate_melds`.

>>> from rummy500 import Rules, enumerate_melds
>>> [str(m) for m in enumerate_melds("9S 9H JK", Rules())]
['9S 9H JK=9']
>>> [str(m) for m in enumerate_melds("9S JK JK", Rules())]
['9S JK=9 JK=9', 'JK=7S JK=8S 9S', 'JK=8S 9S JK=TS', '9S JK=TS JK=JS']
"""

from __future__ import annotations

from collections.abc import Iterable

from rummy500._engine import count_vector, melds_from_counts
from rummy500.cards import Card, as_cards
from rummy500.melds import Meld
from rummy500.presets import as_rules
from rummy500.rules import Rules

__all__ = ["enumerate_melds"]


def enumerate_melds(
    cards: str | Iterable[Card | str], rules: Rules | str | None
) -> tuple[Meld, ...]:
    """Every distinct valid meld that can be formed from ``cards`` under ``rules``.

    Each meld is listed once in canonical form, with every joker declaration
    (a joker may also stand for a card the hand holds).  The order is
    deterministic: groups by rank, then runs by suit, start and length.
    ``rules`` may be a preset's name (``None``: the default rules).
    """
    counts = count_vector(as_cards(cards))
    return tuple(Meld(kind, codes) for kind, codes in melds_from_counts(counts, as_rules(rules)))
