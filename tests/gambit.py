"""Dealer's gambit (rules V7) positions shared by the test_gambit_*.py files.

:func:`gambit_position` builds a V7 position from the few cards a test names:
it writes the ``"gambit"`` key and accounts for the dealer's joker, the jokers
doubling melds and the cards out of play when it fills the stock with the
rest of the deck; :func:`split_position` is the position the ``split`` tests
start from.

Every move played or refused goes through :func:`tests.positions.play` or
:func:`tests.positions.illegal`, which check that ``is_legal``,
``check_move`` and ``legal_moves`` agree on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummy500 import GameState, presets
from rummy500.positions import rules_from_data
from tests.positions import position

GAMBIT = presets.get("dealers_gambit")


def gambit_knobs(**changes: Any) -> dict[str, Any]:
    """Rules data for a position: the dealer's gambit preset with ``changes``."""
    return {"preset": "dealers_gambit", **changes}


def gambit_position(
    hands: Sequence[str],
    *,
    effect: str | None = "wild",
    to_move: int = 0,
    dealer: int | None = None,
    rules: Any = "dealers_gambit",
    dealer_joker: bool = True,
    blocked_by: int | None = None,
    dead: str = "",
    **cards: Any,
) -> GameState:
    """A dealer's gambit position with the given cards; the rest of the deck fills the stock.

    As :func:`tests.positions.position` (whose other keywords it passes on,
    ``doubled`` among them), with the keys of the ``"gambit"`` dict
    (``effect``, ``dealer_joker``, ``blocked_by``, ``dead``).  The dealer
    defaults to the seat before ``to_move`` in the direction of play (the seat
    *after* it in seat numbers when play goes counterclockwise).
    """
    if dealer is None:
        step = -1 if rules_from_data(rules).direction.value == "counterclockwise" else 1
        dealer = (to_move - step) % len(hands)
    gambit = {
        "effect": effect,
        "dealer_joker": dealer_joker,
        "blocked_by": blocked_by,
        "dead": dead.split(),
    }
    return position(hands, to_move=to_move, dealer=dealer, rules=rules, gambit=gambit, **cards)


SPLIT_PILE = "2C 3D 7S KS QD"  # top QD


def split_position(**where: Any) -> GameState:
    """The ``split`` position: split nominated, p1 to draw holding a joker, pile ``SPLIT_PILE``.

    ``where`` overrides the keywords of :func:`gambit_position` (``hands``
    among them).
    """
    defaults: dict[str, Any] = {
        "effect": "split",
        "discard": SPLIT_PILE,
        "to_move": 1,
        "dealer": 0,
    }
    defaults.update(where)
    hands = defaults.pop("hands", ["5D 9D 3C KH", "JK 5S 6S 9H 9C", "AC QC"])
    return gambit_position(hands, **defaults)
