"""Card value tables (rule S1).

A :class:`CardValues` gives the points of every rank, the ace in full, the
ace melded low in a run (A-2-3…), and the joker.  Three tables are named in
the rules (``standard``, ``fives``, ``basic``); any other table can be made
with :meth:`CardValues.custom`.

>>> from rummy500.values import STANDARD, FIVES, CardValues
>>> from rummy500 import parse_card
>>> STANDARD.of(parse_card("7H")), STANDARD.of(parse_card("AS")), STANDARD.low_ace
(7, 15, 1)
>>> FIVES.of(parse_card("7H")), FIVES.of(parse_card("KD")), FIVES.low_ace
(5, 10, 5)
>>> aces_25 = CardValues.custom(ace=25, low_ace=25)
>>> aces_25.of(parse_card("AC")), aces_25.name
(25, None)
>>> CardValues.custom(ace=1, low_ace=1, joker=0).name
'basic'
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

import attrs

from rummy500.cards import JOKER_CODE, Card, Rank
from rummy500.errors import InvalidArgumentError, shown
from rummy500.jsonnumbers import MAX_SAFE_INTEGER

__all__ = ["BASIC", "FIVES", "STANDARD", "TABLES", "CardValues"]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_points(value: Any) -> bool:
    """Whether ``value`` is a number of points: an integer every JSON reader reads exactly."""
    return _is_int(value) and abs(value) <= MAX_SAFE_INTEGER


def _validate_ranks(instance: CardValues, attribute: attrs.Attribute[Any], value: Any) -> None:
    if len(value) != 13 or not all(_is_points(v) for v in value):
        raise InvalidArgumentError(
            f"ranks must be 13 integers (at most 2**53 - 1) for A, 2, …, K; got {shown(value)}"
        )


def _validate_points(instance: CardValues, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not _is_points(value):
        raise InvalidArgumentError(
            f"{attribute.name} must be an integer (at most 2**53 - 1), got {shown(value)}"
        )


def _int_tuple(values: Any) -> tuple[int, ...]:
    try:  # at most 14 items: enough to see that there are too many, even in an endless iterator
        return tuple(itertools.islice(values, 14))
    except TypeError:
        raise InvalidArgumentError(
            f"ranks must be 13 integers for A, 2, …, K; got {shown(values)}"
        ) from None


@attrs.frozen
class CardValues:
    """Points of the cards, as melded or as left in hand (rule S1).

    Attributes:
        ranks: Points of the ranks A, 2, …, K (13 integers); the ace entry is
            the full ace value, counted in hand, in groups and high in runs.
        low_ace: Points of an ace melded as the low end of a run (A-2-3…).
        joker: Points of a joker, wherever it is (in a meld or in hand).
        name: The name of a named table (``"standard"``…), else ``None``; a
            table with the values of a named one takes its name.

    """

    ranks: tuple[int, ...] = attrs.field(converter=_int_tuple, validator=_validate_ranks)
    low_ace: int = attrs.field(validator=_validate_points)
    joker: int = attrs.field(validator=_validate_points)
    name: str | None = attrs.field(default=None, eq=False)

    def __attrs_post_init__(self) -> None:
        # A table equal to a named one takes its name, so that it is written by name
        # and data round-trip exactly (read back, it would come back named).
        if self.name is None:
            named = globals().get("_BY_VALUES", {}).get(_unnamed_key(self))
            if named is not None:
                object.__setattr__(self, "name", named.name)

    @property
    def ace(self) -> int:
        """Points of an ace that is not melded low in a run."""
        return self.ranks[0]

    @property
    def table(self) -> tuple[int, ...]:
        """Points indexed by card code (0–52), the ace at full value."""
        return _code_table(self.ranks, self.joker)

    def of(self, card: Card) -> int:
        """Points of ``card`` in hand (or anywhere but low in a run)."""
        return self.table[card.code]

    @classmethod
    def custom(
        cls,
        *,
        ace: int = 15,
        low_ace: int | None = None,
        joker: int = 15,
        face: int = 10,
        pips: Mapping[int, int] | None = None,
        others: int | None = None,
    ) -> CardValues:
        """Build a custom table.

        Args:
            ace: Points of an ace (in hand, in groups, high in runs).
            low_ace: Points of an ace melded low in a run; defaults to ``ace``.
            joker: Points of a joker.
            face: Points of J, Q and K.
            pips: Points per rank number 2–10; defaults to face value.
            others: If given, the points of every rank except the ace (the
                [W] "all other cards 5"); overrides ``face`` and ``pips``.

        >>> CardValues.custom(ace=15, others=5).ranks
        (15, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5)

        """
        ranks = [ace]
        for rank in range(2, 14):
            if others is not None:
                ranks.append(others)
            elif rank > 10:
                ranks.append(face)
            elif pips is not None and rank in pips:
                ranks.append(pips[rank])
            else:
                ranks.append(rank)
        return cls(ranks=tuple(ranks), low_ace=ace if low_ace is None else low_ace, joker=joker)

    def divided_by(self, divisor: int) -> CardValues:
        """The table with every value divided by ``divisor`` (must divide each value).

        The [W] "divide by five" system plays ``FIVES.divided_by(5)`` to 100.

        >>> FIVES.divided_by(5).ranks
        (3, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2)
        """
        values = (*self.ranks, self.low_ace, self.joker)
        if (
            isinstance(divisor, bool)
            or not isinstance(divisor, int)
            or divisor <= 0
            or any(v % divisor for v in values)
        ):
            raise InvalidArgumentError(
                f"cannot divide every card value of {self.ranks} by {shown(divisor)}"
            )
        return CardValues(
            ranks=tuple(v // divisor for v in self.ranks),
            low_ace=self.low_ace // divisor,
            joker=self.joker // divisor,
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; a named table is just its name in :class:`Rules` dicts."""
        return {
            "ranks": {Rank(i + 1).symbol: v for i, v in enumerate(self.ranks)},
            "low_ace": self.low_ace,
            "joker": self.joker,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CardValues:
        """Inverse of :meth:`to_dict`.

        Raises:
            InvalidArgumentError: (a :class:`ValueError`) naming the bad key or value.
        """
        if not isinstance(data, Mapping):
            raise InvalidArgumentError(
                f"card values must be a table name or a dict, got {shown(data)}"
            )
        unknown = set(data) - {"ranks", "low_ace", "joker"}
        if unknown:
            raise InvalidArgumentError(
                f"unknown card value keys {shown(sorted(unknown, key=shown))}"
            )
        ranks = data.get("ranks")
        if not isinstance(ranks, Mapping) or set(ranks) != set("A23456789TJQK"):
            raise InvalidArgumentError(
                f"card values 'ranks' must map each of A 2-9 T J Q K to points, got {shown(ranks)}"
            )
        values = [ranks[symbol] for symbol in "A23456789TJQK"]
        for key in ("low_ace", "joker"):
            if not _is_int(data.get(key)):
                raise InvalidArgumentError(
                    f"card values {key!r} must be an integer, got {shown(data.get(key))}"
                )
        if not all(_is_int(v) for v in values):
            raise InvalidArgumentError(f"card values must be integers, got {shown(ranks)}")
        table = cls(ranks=tuple(values), low_ace=data["low_ace"], joker=data["joker"])
        return _BY_VALUES.get(_unnamed_key(table), table)


_TABLE_CACHE: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}


def _code_table(ranks: tuple[int, ...], joker: int) -> tuple[int, ...]:
    key = (ranks, joker)
    table = _TABLE_CACHE.get(key)
    if table is None:
        table = (*ranks * 4, joker)
        assert len(table) == JOKER_CODE + 1
        _TABLE_CACHE[key] = table
    return table


def _unnamed_key(values: CardValues) -> tuple[tuple[int, ...], int, int]:
    return (values.ranks, values.low_ace, values.joker)


#: Rule S1 ``standard`` [P]: 2–10 face value, J Q K 10, ace 15 (1 melded low), joker 15.
STANDARD = CardValues(
    ranks=(15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), low_ace=1, joker=15, name="standard"
)
#: Rule S1 ``fives`` [W]: 2–9 → 5, 10 J Q K → 10, ace 15 (5 melded low), joker 15.
FIVES = CardValues(
    ranks=(15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10), low_ace=5, joker=15, name="fives"
)
#: Rule S1 ``basic`` [B]: ace 1, 2–10 face value, J Q K 10 (no jokers in basic rummy; 0).
BASIC = CardValues(
    ranks=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), low_ace=1, joker=0, name="basic"
)

#: The named tables of rule S1, by name.
TABLES: dict[str, CardValues] = {"standard": STANDARD, "fives": FIVES, "basic": BASIC}
_BY_VALUES: dict[tuple[tuple[int, ...], int, int], CardValues] = {
    _unnamed_key(t): t for t in TABLES.values()
}
