"""Melds that opened lately, tried first on the next opening question (T8).

The move generator asks one question per play of a pool (every take of a
deep pile, with every way to meld its deepest card): can the cards the play
leaves still open?  Neighbouring plays leave nearly the same cards, so the
disjoint melds that answered one question mostly answer the next.  Before a
search, the melds kept here are fitted into the cards left, meld by meld
(one that no longer fits is skipped); if the ones that fit reach the points
needed and leave a card to discard, the answer is yes.  The fit is checked
exactly, so where the melds came from never matters.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rummy500.meldcards import SPEC_PHYSICAL

__all__ = ["RecentOpenings"]

#: Disjoint melds as the cards each uses, its points and the points of it and the
#: melds after it (what the rest of the fit could still bring).
_Opening = tuple[tuple[tuple[int, ...], int, int], ...]


class RecentOpenings:
    """A few sets of disjoint new melds that opened lately, the latest first.

    Attributes:
        limit: The most sets kept.
        openings: The sets, the richest meld first, each meld as the card codes
            it uses, its points and the points of it and the melds after it.
    """

    __slots__ = ("limit", "openings")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.openings: list[_Opening] = []

    def add(
        self, melds: Sequence[tuple[int, ...]], points_of: Callable[[tuple[int, ...]], int]
    ) -> None:
        """Keep disjoint new ``melds`` (meld-card codes), the oldest set dropped.

        ``points_of`` gives a meld's points laid down now.
        """
        # the richest first: a fit that misses one of them stops soonest
        ordered = sorted(
            ((tuple(SPEC_PHYSICAL[code] for code in codes), points_of(codes)) for codes in melds),
            key=lambda meld: -meld[1],
        )
        within = sum(points for _, points in ordered)
        kept = []
        for cards, points in ordered:
            kept.append((cards, points, within))
            within -= points
        opening = tuple(kept)
        openings = self.openings
        if opening in openings:
            return
        openings.insert(0, opening)
        del openings[self.limit :]

    def opens(self, counts: list[int], need: int, forbidden: int | None) -> bool:
        """Whether melds kept fit into ``counts``, bring ``need`` points and leave a discard.

        A discard: at least two cards left, one of them not the card taken
        alone (``forbidden``, T11), so that the last-card rule (E3) never
        applies.  ``counts`` is restored before returning.
        """
        openings = self.openings
        total = sum(counts)
        for index, opening in enumerate(openings):
            points = 0
            spent: list[int] = []
            for cards, worth, within in opening:
                if points + within < need:
                    break  # the melds left could not bring the need
                for position, code in enumerate(cards):
                    counts[code] -= 1
                    if counts[code] < 0:
                        for undone in cards[: position + 1]:
                            counts[undone] += 1
                        break
                else:
                    spent.extend(cards)
                    points += worth
            left = total - len(spent)
            discard = left >= 2 and (forbidden is None or left > counts[forbidden])
            for code in spent:
                counts[code] += 1
            if points >= need and discard:
                if index:
                    openings.insert(0, openings.pop(index))
                return True
        return False
