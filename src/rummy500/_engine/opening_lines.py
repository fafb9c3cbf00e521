"""The new melds of one suit (runs) or one rank (groups) of a hand, for the opening minimum (T8).

A run's cards are of one suit, a group's of one rank: which runs a hand
offers depends on the ranks it holds of that suit and its jokers alone, which
groups on the suits it holds of that rank and its jokers.  The opening search
and its prices read the melds of a hand line by line from these lists,
memoized on that much.
"""

from __future__ import annotations

from rummy500._engine.memo import store
from rummy500._engine.opening_points import splits_in_two
from rummy500._engine.profile import MEMO_LIMIT, Profile
from rummy500.cards import JOKER_CODE
from rummy500.meldcards import SPEC_PHYSICAL
from rummy500.meldgen import Pool, melds_from_pool
from rummy500.melds import MeldKind
from rummy500.rules import Rules

__all__ = [
    "LineMeld",
    "line_cards",
    "line_melds",
]

#: A new meld: its meld-card codes, the card codes it uses (sorted), its points.
LineMeld = tuple[tuple[int, ...], tuple[int, ...], int]


def line_melds(
    rules: Rules, facts: Profile, runs: bool, line: int, held: int, jokers: int
) -> tuple[LineMeld, ...]:
    """The new runs of a suit (or groups of a rank) from the cards ``held`` and ``jokers``.

    ``line`` is the suit (runs) or the rank (groups); ``held`` the ranks held
    of the suit (a bit per rank) or the suits held of the rank (a bit per
    suit).  Each meld holds at least one of those cards; they come in the
    order of their meld-card codes.  Runs that split into two runs worth the
    same points are left out (the two are listed), and of melds that use the
    same cards for the same points the first.  Memoized in the profile
    (``line_melds``).
    """
    key = (runs, line, held, jokers)
    found = facts.line_melds.get(key)
    if found is not None:
        return found
    kind = MeldKind.RUN if runs else MeldKind.GROUP
    pool = Pool(line_cards(runs, line, held))
    pool.jokers = jokers
    melds = []
    for meld_kind, codes in melds_from_pool(pool, rules):
        if meld_kind is kind and min(codes) < JOKER_CODE:
            meld = _line_meld(facts, codes, runs)
            if meld is not None:
                melds.append(meld)
    # of melds that use the same cards for the same points (a joker at either
    # end of a run, say) the first is kept: they leave the same hand
    kept: list[LineMeld] = []
    seen = set()
    for meld in sorted(melds):
        if meld[1:] not in seen:
            seen.add(meld[1:])
            kept.append(meld)
    found = tuple(kept)
    store(facts.line_melds, key, found, MEMO_LIMIT)
    return found


def line_cards(runs: bool, line: int, held: int) -> list[int]:
    """The card codes of the suit (runs) or rank (groups) ``line`` in the mask ``held``."""
    if runs:
        return [line * 13 + rank for rank in range(13) if held >> rank & 1]
    return [suit * 13 + line for suit in range(4) if held >> suit & 1]


def _line_meld(facts: Profile, codes: tuple[int, ...], run: bool) -> LineMeld | None:
    """A new meld's codes, its cards (sorted) and points; ``None`` for two runs in one.

    Two runs in one: a run that splits into two runs worth the same points
    (:func:`~rummy500._engine.opening_points.splits_in_two`).  Memoized in
    the profile (``meld_uses``): the same melds come back in many lines.
    """
    if codes in facts.meld_uses:
        return facts.meld_uses[codes]
    found: LineMeld | None = None
    if not (run and splits_in_two(codes, facts.min_run)):
        used = tuple(sorted(SPEC_PHYSICAL[meld_card] for meld_card in codes))
        found = (codes, used, facts.new_meld(codes).points)
    store(facts.meld_uses, codes, found, MEMO_LIMIT)
    return found
