"""Prices on cards that bound what new melds score, with the opening search's memos (T8).

The opening search (:mod:`~rummy500._engine.opening_reach`) measures what a
hand's melds lose against prices on its cards: every card at its highest
value, or the prices of the linear relaxation of packing melds
(:mod:`~rummy500._engine.opening_prices`), which bound much more tightly.
What the search remembers depends on the prices, so each set of prices
keeps its own memos.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

__all__ = [
    "CardPrices",
]


class CardPrices:
    """Prices on cards such that every new meld's cards cost at least its points.

    Attributes:
        price: For each card code (0–52), its price, in ``scale`` parts of a point.
        scale: How many parts make a point (points are multiplied by it).
        linear: Whether the prices of a hand's cards bound its melds' points
            (without a group-of-four multiplier the highest values do; the
            relaxation's prices always do).
        pool: The count vector the prices were solved for: they hold for the
            melds of that hand and of any part of it (``None``: of any hand).
        memo_limit: The most entries ``reach_options`` and ``kind_options``
            hold before they are cleared.
        short_limit: The same for ``short_of``.
        short_of: For hands found short of a target, by their count vector:
            the fewest points (in parts) their new melds are known not to reach.
        reach_options: The new groups and the new runs that hold a card, each
            kind the least loss first, with their losses, by the card, the
            ranks held of its suit, the suits held of its rank and the jokers,
            packed in an int.
        kind_options: The same for groups alone or runs alone, for every card of
            one rank (groups) or suit (runs), by the kind, the rank or suit, the
            cards held of it and the jokers.
    """

    __slots__ = (
        "kind_options",
        "linear",
        "memo_limit",
        "pool",
        "price",
        "reach_options",
        "scale",
        "short_limit",
        "short_of",
    )

    def __init__(
        self,
        price: tuple[int, ...],
        scale: int,
        linear: bool,
        pool: bytes | None,
        memo_limit: int,
        short_limit: int,
    ) -> None:
        self.price = price
        self.scale = scale
        self.linear = linear
        self.pool = pool
        self.memo_limit = memo_limit
        self.short_limit = short_limit
        self.short_of: dict[bytes, int] = {}
        self.reach_options: dict[
            int,
            tuple[
                tuple[int, ...],
                tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...],
                tuple[int, ...],
                tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...],
            ],
        ] = {}
        self.kind_options: dict[
            tuple[bool, int, int, int],
            dict[
                int,
                tuple[tuple[int, ...], tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]],
            ],
        ] = {}

    def covers(self, counts: Sequence[int]) -> bool:
        """Whether the prices hold for the hand ``counts`` (a part of their pool)."""
        pool = self.pool
        return pool is None or all(map(operator.le, counts, pool))

    def cost(self, counts: Sequence[int]) -> int:
        """The hand ``counts`` at these prices, in parts of a point."""
        total: int = sum(map(operator.mul, counts, self.price))
        return total
