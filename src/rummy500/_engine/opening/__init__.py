"""The opening minimum (T8), the wing of the engine that only some rule sets need.

Under ``opening_minimum`` a player's first melds of the hand must reach a
total in one turn.  The rest of the engine reaches this wing through this
package alone:

* :mod:`~rummy500._engine.opening.turn`: who has opened, the points still
  needed in a turn, and the errors of a lay-off before opening or of a turn
  that would end short;
* :mod:`~rummy500._engine.opening.search`: the one question the dead-end
  search (N1) asks, "can these cards still make new melds worth the points
  needed, and the turn then end?", answered by an exact search
  (:class:`OpeningSearch`).

The minimum is 0 (none) or 1 to 150: within that range the exact search
answers the questions of a call in milliseconds in play, and those of the
heaviest positions built to stress it in a third of a second (see the design
page of the docs).
"""

from __future__ import annotations

from rummy500._engine.opening.search import Laid, OpeningSearch, TurnEnd, opening_search
from rummy500._engine.opening.turn import (
    discard_problem,
    may_lay_off,
    minimum_to_reach,
    not_opened,
    opened_after,
    opening_need,
    out_of_turn_problem,
    points_short,
)

__all__ = [
    "Laid",
    "OpeningSearch",
    "TurnEnd",
    "discard_problem",
    "may_lay_off",
    "minimum_to_reach",
    "not_opened",
    "opened_after",
    "opening_need",
    "opening_search",
    "out_of_turn_problem",
    "points_short",
]
