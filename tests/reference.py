"""An independent reference model of melds, written from rules M1–M4, L2, L3 and S1.

Nothing here calls the library's meld code (``make_meld``, ``layoff``,
``enumerate_melds``): the property tests compare the library with this model.
It is deliberately plain rather than fast: a meld is a list of :class:`Spec`
values and validity is checked rule by rule.  The only library names used are
the card type and the rule knobs (to read a ``Rules`` value).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement, product
from typing import NamedTuple

from rummy500 import Card, Rules
from rummy500.rules import Ace, Jokers

RANK_SYMBOLS = "A23456789TJQK"
SUIT_LETTERS = "SHDC"

NATURAL = "natural"
RUN_JOKER = "run_joker"  # JK=8H: a joker standing for one card of a run
GROUP_JOKER = "group_joker"  # JK=9: a joker standing for the rank of a group
PLAIN_JOKER = "plain_joker"  # JK: a joker that is not wild (sets_only)

GROUP = "group"
RUN = "run"


class Spec(NamedTuple):
    """One card of a meld: what it physically is and what it stands for.

    ``rank`` is 1–13 (0 for a plain joker); ``suit`` is 0–3 in S H D C order,
    or -1 when the card stands for no particular suit (group and plain jokers).
    """

    kind: str
    rank: int
    suit: int

    @property
    def is_joker(self) -> bool:
        return self.kind != NATURAL

    @property
    def text(self) -> str:
        card = RANK_SYMBOLS[self.rank - 1] + SUIT_LETTERS[self.suit] if self.suit >= 0 else ""
        if self.kind == NATURAL:
            return card
        if self.kind == RUN_JOKER:
            return "JK=" + card
        if self.kind == GROUP_JOKER:
            return "JK=" + RANK_SYMBOLS[self.rank - 1]
        return "JK"


PLAIN = Spec(PLAIN_JOKER, 0, -1)


def natural(card: Card) -> Spec:
    assert card.rank is not None
    assert card.suit is not None
    return Spec(NATURAL, int(card.rank), SUIT_LETTERS.index(card.suit.value))


def parse_spec(text: str) -> Spec:
    """Read the canonical notation this module writes (``7H``, ``JK=8H``, ``JK=9``, ``JK``)."""
    if text == "JK":
        return PLAIN
    if text.startswith("JK="):
        body = text[3:]
        if len(body) == 1:
            return Spec(GROUP_JOKER, RANK_SYMBOLS.index(body) + 1, -1)
        return Spec(RUN_JOKER, RANK_SYMBOLS.index(body[0]) + 1, SUIT_LETTERS.index(body[1]))
    return Spec(NATURAL, RANK_SYMBOLS.index(text[0]) + 1, SUIT_LETTERS.index(text[1]))


def meld_text(specs: Iterable[Spec]) -> str:
    return " ".join(spec.text for spec in specs)


# ---------------------------------------------------------------------------
# Validity (M1–M4)


def run_sequences(ranks: Sequence[int], ace: Ace) -> list[list[int]]:
    """Every order in which the distinct ``ranks`` form a run (M3), as written.

    Usually one; two only for all 13 ranks under ``low_or_high`` (ace low at
    the start, or ace high at the end).
    """
    n = len(ranks)
    found: list[list[int]] = []
    # Ace low, or no ace: the rank numbers themselves are consecutive.
    if max(ranks) - min(ranks) == n - 1:
        found.append(sorted(ranks))
    # Ace high: count the ace as 14 (Q-K-A), allowed under low_or_high.
    if ace is Ace.LOW_OR_HIGH and 1 in ranks:
        high = sorted(14 if rank == 1 else rank for rank in ranks)
        if high[-1] - high[0] == n - 1:
            found.append([1 if rank == 14 else rank for rank in high])
    # Around the corner: ... Q K A 2 3 ...; all 13 ranks are written A to K (found above).
    if ace is Ace.AROUND_THE_CORNER and not found:
        for first in ranks:
            sequence = [(first - 1 + i) % 13 + 1 for i in range(n)]
            if set(sequence) == set(ranks):
                found.append(sequence)
    return found


def readings(specs: Sequence[Spec], rules: Rules) -> set[tuple[str, str]]:
    """The valid melds ``specs`` form, as ``(kind, canonical text)``; empty if none."""
    n = len(specs)
    if n < 3:
        return set()
    naturals = [spec for spec in specs if spec.kind == NATURAL]
    jokers = [spec for spec in specs if spec.is_joker]
    if rules.jokers is Jokers.SETS_ONLY:
        # Jokers are not wild: plain JK only, and only in a group of 3 or 4 jokers.
        if any(spec.kind in (RUN_JOKER, GROUP_JOKER) for spec in specs):
            return set()
        if jokers:
            return {(GROUP, meld_text(specs))} if not naturals and n <= 4 else set()
    else:
        # Wild jokers must be declared, and a meld needs a natural card.
        if any(spec.kind == PLAIN_JOKER for spec in specs) or not naturals:
            return set()
    found = set()
    # M1: a group is 3 or 4 cards of one rank, natural cards of different suits;
    # its jokers are declared by rank only.
    if (
        n <= 4
        and all(spec.kind != RUN_JOKER for spec in specs)
        and len({spec.rank for spec in specs}) == 1
        and len({spec.suit for spec in naturals}) == len(naturals)
    ):
        ordered = sorted(naturals, key=lambda spec: spec.suit) + jokers
        found.add((GROUP, meld_text(ordered)))
    # M2, M3: a run is min_run_length or more cards of one suit, each rank once,
    # consecutive as the ace knob allows; its jokers are declared as cards.
    ranks = [spec.rank for spec in specs]
    if (
        n >= rules.min_run_length
        and all(spec.kind != GROUP_JOKER for spec in specs)
        and len({spec.suit for spec in specs}) == 1
        and len(set(ranks)) == n
    ):
        by_rank = {spec.rank: spec for spec in specs}
        for sequence in run_sequences(ranks, rules.ace):
            found.add((RUN, meld_text(by_rank[rank] for rank in sequence)))
    return found


# ---------------------------------------------------------------------------
# Enumeration by brute force


def _joker_choices(
    naturals: Sequence[Spec], count: int, rules: Rules
) -> Iterable[tuple[Spec, ...]]:
    """Every way to declare ``count`` jokers melded with ``naturals``.

    Under wild jokers a valid meld has a natural card and all its cards share
    the group's rank or the run's suit, so declaring a joker as the rank of one
    of the naturals, or as any card of the suit of one of them, covers every
    declaration that could possibly be valid.  The jokers are identical cards,
    so declarations are chosen as a multiset.
    """
    if count == 0:
        return [()]
    if rules.jokers is Jokers.SETS_ONLY:
        return [(PLAIN,) * count]
    candidates = {Spec(GROUP_JOKER, spec.rank, -1) for spec in naturals}
    for suit in {spec.suit for spec in naturals}:
        candidates.update(Spec(RUN_JOKER, rank, suit) for rank in range(1, 14))
    return combinations_with_replacement(sorted(candidates), count)


def brute_force_melds(hand: Iterable[Card], rules: Rules) -> set[tuple[str, str]]:
    """Every valid meld that some sub-multiset of ``hand`` forms, as ``(kind, text)``.

    Tries every sub-multiset of the hand with every joker declaration and
    keeps what :func:`readings` accepts.
    """
    counts = Counter(hand)
    distinct = sorted(card for card in counts if not card.is_joker)
    jokers = sum(count for card, count in counts.items() if card.is_joker)
    found: set[tuple[str, str]] = set()
    for taken in product(*(range(counts[card] + 1) for card in distinct)):
        naturals = [
            natural(card) for card, k in zip(distinct, taken, strict=True) for _ in range(k)
        ]
        # Shortcut: natural cards sharing neither one rank nor one suit never
        # form a meld, whatever the jokers (readings() would say the same).
        if len({spec.rank for spec in naturals}) > 1 and len({spec.suit for spec in naturals}) > 1:
            continue
        for count in range(jokers + 1):
            if len(naturals) + count < 3:
                continue
            for declared in _joker_choices(naturals, count, rules):
                found |= readings(naturals + list(declared), rules)
    return found


# ---------------------------------------------------------------------------
# Lay-offs (L2, L3)


def _contains_in_order(sequence: Sequence[Spec], part: Sequence[Spec], cyclic: bool) -> bool:
    n, k = len(sequence), len(part)
    starts = range(n) if cyclic else range(n - k + 1)
    return any(all(sequence[(start + i) % n] == part[i] for i in range(k)) for start in starts)


def layoff_result(
    meld_specs: Sequence[Spec], kind: str, added: Sequence[Spec], rules: Rules
) -> str | None:
    """The canonical text of the meld after laying off ``added``, or ``None`` if illegal.

    A lay-off is legal when the meld with the new cards is a valid meld of the
    same kind in which the old meld keeps its cards in place: a group stays a
    group (L2, at most 4 cards, new suits or jokers of its rank); the run is
    extended at either or both ends (L3).  Of two readings (only all 13 ranks
    under ``low_or_high``) the ace goes high, where it scores its full value.
    """
    if not added:
        return None
    options = sorted(
        text
        for found_kind, text in readings(list(meld_specs) + list(added), rules)
        if found_kind == kind
        and (
            kind == GROUP
            or _contains_in_order(
                [parse_spec(token) for token in text.split()],
                meld_specs,
                cyclic=rules.ace is Ace.AROUND_THE_CORNER,
            )
        )
    )
    if not options:
        return None
    if len(options) == 1:
        return options[0]
    high = [text for text in options if text.split()[-1] in ("AS", "AH", "AD", "AC")]
    assert len(high) == 1, options
    return high[0]


# ---------------------------------------------------------------------------
# Values (S1)


def points(specs: Sequence[Spec], kind: str, rules: Rules) -> list[int]:
    """Points of each card of a meld written in canonical order (S1).

    A joker scores the joker value wherever it stands; a natural ace that is
    the first card of a run (so the run goes A-2-3…) scores the low-ace value;
    every other card its rank's value.
    """
    values = rules.card_values
    result = []
    for position, spec in enumerate(specs):
        if spec.is_joker:
            result.append(values.joker)
        elif kind == RUN and position == 0 and spec.rank == 1:
            result.append(values.low_ace)
        else:
            result.append(values.ranks[spec.rank - 1])
    return result
