"""Whether new melds from a hand reach a number of points, for the opening minimum (T8).

An exact yes or no for the hands too large for the exact maximum
(:mod:`~rummy500._engine.opening_points`): an opening minimum of 500 asks it
about hands of 50 cards and more.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from rummy500._engine.card_prices import CardPrices
from rummy500._engine.hands import minus
from rummy500._engine.memo import store
from rummy500._engine.opening_bounds import upper_bound
from rummy500._engine.opening_lines import line_cards, line_melds
from rummy500._engine.opening_prices import packing_bound
from rummy500._engine.profile import MEMO_LIMIT, Profile
from rummy500.cards import JOKER_CODE
from rummy500.meldcards import SPEC_PHYSICAL
from rummy500.meldgen import melds_from_counts
from rummy500.rules import Rules

__all__ = [
    "kind_options",
    "reaching_melds",
]


def reaching_melds(
    rules: Rules, facts: Profile, counts: Sequence[int], target: int
) -> tuple[tuple[tuple[int, ...], ...], int] | None:
    """Disjoint new melds from ``counts`` worth ``target`` points or more, if any (exact).

    A search for the hands too large for the budget of
    :func:`~rummy500._engine.opening_points.best_points` (an
    opening minimum of 500 asks it about hands of 50 cards and more).  What
    it measures is the points lost against prices on the cards that bound
    what their melds score: each meld loses what its cards cost beyond its
    points, each card kept out of every meld its price.  Melds that would
    lose more than the hand's cost has to spare are never tried, and each
    step decides the card with the fewest ways left (kept out, or in one of
    the melds that hold it and lose little enough): a card with none ends
    the branch at once.  The melds losing least are tried first; a run that
    is two runs worth the same points is not tried (the two are).

    A hand first meets the prices kept for a larger hand, if any (they hold
    for any part of it, and may rule the target out at once).  The search
    then prices every card at its highest value
    (:func:`~rummy500._engine.opening_bounds.upper_bound`), and after that at
    the prices kept, each within a limit (:data:`PLAIN_NODES`,
    :data:`CERTIFIED_NODES`); the first step is skipped while it keeps
    running over its limit (:data:`PLAIN_OVERRUNS`, :data:`PLAIN_PROBE`: large
    hands under a high minimum, which only tight prices decide).  A hand still
    open is priced by the linear relaxation of packing melds itself
    (:func:`~rummy500._engine.opening_prices.packing_bound`) and searched to
    the end: those prices rule out most such targets at once and leave few
    melds to try for the others.  They are kept (``certificates``, at most
    :data:`CERTIFICATES_LIMIT`) for the parts of that hand asked about next.
    A hand found short of a target is remembered with the prices
    (``short_of``), with the most points any of its branches was shown to
    allow, so that the next question about it, for that target or any
    within that margin, is answered at once.

    Returns:
        The melds (canonical meld-card codes) and their points, or ``None``
        when no disjoint new melds from the hand reach ``target``.
    """
    found = _stepwise(rules, facts, counts, target)
    if isinstance(found, int):
        return None
    return found, sum(facts.new_meld(codes).points for codes in found)


#: The most hands the search under the highest values decides before the
#: hand is priced by the packing relaxation.
PLAIN_NODES = 200

#: The most hands the search under the prices of a larger hand decides
#: before the hand is priced itself.
CERTIFIED_NODES = 400

#: After the search under the highest values has run over :data:`PLAIN_NODES`
#: on this many questions in a row, the next questions go straight to the next
#: steps (it would most likely run over again) ...
PLAIN_OVERRUNS = 3

#: ... but for one in this many, which tries it again (an answer in time starts
#: the count of overruns afresh).
PLAIN_PROBE = 16

#: The most sets of prices kept per rule set.
CERTIFICATES_LIMIT = 16


def _stepwise(
    rules: Rules, facts: Profile, counts: Sequence[int], target: int
) -> tuple[tuple[int, ...], ...] | int:
    """The search of :func:`reaching_melds`, by the steps it describes.

    Returns the melds found, or an int when none reach ``target``.
    """
    certificates = facts.certificates
    certified = next((prices for prices in reversed(certificates) if prices.covers(counts)), None)
    if certified is not None and certified.cost(counts) < target * certified.scale:
        return 0
    found = None
    if facts.plain_overruns < PLAIN_OVERRUNS or facts.plain_skipped >= PLAIN_PROBE:
        found = _within(rules, facts, facts.prices, counts, target, PLAIN_NODES)
        facts.plain_overruns = facts.plain_overruns + 1 if found is None else 0
        facts.plain_skipped = 0
    else:  # it keeps running over: the next steps, one question in PLAIN_PROBE aside
        facts.plain_skipped += 1
    if found is None and certified is not None:
        found = _within(rules, facts, certified, counts, target, CERTIFIED_NODES)
    if found is not None:
        return found
    priced = packing_bound(rules, facts, counts)
    if priced is None:  # the relaxation gave up: the plain search, to the end
        priced = facts.prices
    else:
        if len(certificates) >= CERTIFICATES_LIMIT:
            del certificates[0]
        certificates.append(priced)
    # no limit: counting down from -1 never reaches 0
    return _reach(rules, facts, priced, [-1], list(counts), target * priced.scale)


class _OutOfNodes(Exception):
    """The search decided as many hands as it was allowed to."""


def _within(
    rules: Rules,
    facts: Profile,
    prices: CardPrices,
    counts: Sequence[int],
    target: int,
    nodes: int,
) -> tuple[tuple[int, ...], ...] | int | None:
    """The search under ``prices``, deciding at most ``nodes`` hands (-1: no limit).

    ``None`` when it ran out; what it remembered holds all the same.
    """
    try:
        return _reach(rules, facts, prices, [nodes], list(counts), target * prices.scale)
    except _OutOfNodes:
        return None


#: One way to meld a card: the meld-card codes, the card codes they use, their points.
_Option = tuple[tuple[int, ...], tuple[int, ...], int]

#: A card's new groups and their losses, then its new runs and theirs, each
#: kind the least loss first.
_CardOptions = tuple[tuple[int, ...], tuple[_Option, ...], tuple[int, ...], tuple[_Option, ...]]


def _reach(
    rules: Rules,
    facts: Profile,
    prices: CardPrices,
    nodes: list[int],
    counts: list[int],
    target: int,
    bound: int = -1,
) -> tuple[tuple[int, ...], ...] | int:
    """The search of :func:`reaching_melds`, in parts of a point (``prices.scale``).

    Returns the melds found, or, when none reach ``target``, the fewest
    points proven out of reach (at most ``target``): the most that any branch
    was shown to allow, plus one.  A hand asked again for a target that close
    is answered at once, whatever path leads to it.  ``bound`` is the hand's
    cost when the caller knows it (-1 otherwise): when the prices are linear
    each branch's bound is its parent's less the cards it spends.  ``nodes``
    holds how many more hands the search may decide (the count of this
    search alone: the prices and their memos are shared).

    Raises:
        _OutOfNodes: when ``nodes`` runs out.
    """
    if target <= 0:
        return ()
    key = bytes(counts)
    short = prices.short_of.get(key)
    if short is not None and target >= short:
        return short
    if nodes[0] == 0:
        raise _OutOfNodes
    nodes[0] -= 1
    if bound < 0:
        bound = prices.cost(counts) if prices.linear else upper_bound(facts, counts)
    spare = bound - target  # the points the melds may still lose
    if spare < 0:
        return bound + 1
    card, losses, candidates, untried = _card_to_decide(
        rules, facts, prices, key, counts[JOKER_CODE], spare
    )
    if card < 0:  # jokers only: melds of jokers, where the rules have them
        scale = prices.scale
        candidates = [
            (
                codes,
                tuple(SPEC_PHYSICAL[code] for code in codes),
                facts.new_meld(codes).points * scale,
            )
            for _, codes in melds_from_counts(counts, rules)
        ]
    # The most points shown within reach of some branch: every way of melding the
    # chosen card, or keeping it out, scores at most this.  A meld not tried loses
    # more than the bound spares, and the bound of the hand it leaves is at most the
    # bound of this hand less that meld's cards at their prices.
    price = prices.price
    most = 0
    if card >= 0:
        if untried is not None:  # the least loss of the melds not tried
            most = bound - untried
        if price[card] > spare:  # kept out, it would lose too much
            most = max(most, bound - price[card])
    linear = prices.linear
    for number, (codes, used, points) in enumerate(candidates):
        left = -1
        if linear:  # the bound less the cards used, at their prices
            spent = losses[number] + points if card >= 0 else sum(price[code] for code in used)
            left = bound - spent
        rest = _reach(rules, facts, prices, nodes, minus(counts, used), target - points, left)
        if not isinstance(rest, int):
            return (codes, *rest)
        most = max(most, points + rest - 1)
    if card >= 0 and price[card] <= spare:  # the card kept out of every meld
        counts[card] -= 1
        rest = _reach(
            rules, facts, prices, nodes, counts, target, bound - price[card] if linear else -1
        )
        counts[card] += 1
        if not isinstance(rest, int):
            return rest
        most = max(most, rest - 1)
    short = most + 1 if short is None else min(short, most + 1)
    return store(prices.short_of, key, short, prices.short_limit)


#: For each natural card code, where its rank's four suit bits start in a mask
#: of four bits per rank (bit ``4 * rank + suit``).
_RANK_SHIFT = tuple(4 * (code % 13) for code in range(JOKER_CODE))

#: What the cards of one suit of a hand are, by the suit and their 13 counts:
#: the ranks held (a bit per rank), the same as bits of a mask of four bits per
#: rank, and the card codes held, ascending.
_SuitRow = tuple[int, int, tuple[int, ...]]
_SUIT_ROWS: tuple[dict[bytes, _SuitRow], ...] = ({}, {}, {}, {})


def _new_suit_row(suit: int, row: bytes) -> _SuitRow:
    """The :data:`_SUIT_ROWS` entry of ``suit`` for its 13 counts ``row``, built and kept."""
    ranks = [rank for rank in range(13) if row[rank]]
    found = (
        sum(1 << rank for rank in ranks),
        sum(1 << 4 * rank + suit for rank in ranks),
        tuple(suit * 13 + rank for rank in ranks),
    )
    memo = _SUIT_ROWS[suit]
    store(memo, row, found, MEMO_LIMIT)
    return found


def _card_to_decide(
    rules: Rules, facts: Profile, prices: CardPrices, key: bytes, jokers: int, spare: int
) -> tuple[int, Sequence[int], Sequence[_Option], int | None]:
    """The card of the hand ``key`` with the fewest ways left, when melds may lose ``spare``.

    ``key`` is the hand's count vector as bytes, with ``jokers`` jokers.  A
    card's ways: kept out of every meld (if its price is at most ``spare``)
    or in one of its melds that lose at most ``spare``.  Returns the card (-1
    when the hand holds jokers alone) with its melds that lose little enough
    and their losses (:func:`_usable`).  A card with one way or none is
    taken at once.
    """
    # the memo read inline: this runs for every hand searched
    rows = [
        _SUIT_ROWS[suit].get(key[suit * 13 : suit * 13 + 13])
        or _new_suit_row(suit, key[suit * 13 : suit * 13 + 13])
        for suit in range(4)
    ]
    spread = rows[0][1] | rows[1][1] | rows[2][1] | rows[3][1]  # the suits held of each rank
    price = prices.price
    card = -1
    fewest = 1 << 30
    chosen = None
    memo = prices.reach_options
    # A card's options depend on the card, the ranks held of its suit, the suits
    # held of its rank and the jokers: their memo key packs them in one int (6,
    # 13, 4 bits, then the jokers), built inline as this loop runs for every
    # card of every hand searched.
    jokers_bits = jokers << 23
    for suit_bits, _, codes in rows:
        suit_key = suit_bits << 6 | jokers_bits
        for code in codes:
            rank_bits = spread >> _RANK_SHIFT[code] & 15
            option_key = code | suit_key | rank_bits << 19
            found = memo.get(option_key)
            if found is None:
                found = _options(
                    rules, facts, prices, option_key, code, suit_bits, rank_bits, jokers
                )
            number = (
                bisect.bisect_right(found[0], spare)
                + bisect.bisect_right(found[2], spare)
                + (price[code] <= spare)
            )
            if number < fewest:
                card, fewest, chosen = code, number, found
                if number <= 1:
                    return (card, *_usable(chosen, spare))
    if chosen is None:
        return card, (), (), None
    return (card, *_usable(chosen, spare))


def _usable(
    options: _CardOptions, spare: int
) -> tuple[Sequence[int], Sequence[_Option], int | None]:
    """A card's groups and runs that lose at most ``spare``, the least loss first.

    With their losses, and the least loss of the others (``None`` if none).
    The two kinds are merged only here, for the few melds tried: a card's
    options are kept by kind (:func:`_options`).
    """
    group_losses, groups, run_losses, runs = options
    in_groups = bisect.bisect_right(group_losses, spare)
    in_runs = bisect.bisect_right(run_losses, spare)
    untried = group_losses[in_groups] if in_groups < len(group_losses) else None
    if in_runs < len(run_losses) and (untried is None or run_losses[in_runs] < untried):
        untried = run_losses[in_runs]
    if not in_runs:
        return group_losses[:in_groups], groups[:in_groups], untried
    if not in_groups:
        return run_losses[:in_runs], runs[:in_runs], untried
    losses, merged = _least_loss_first(
        [
            *zip(group_losses[:in_groups], groups[:in_groups], strict=True),
            *zip(run_losses[:in_runs], runs[:in_runs], strict=True),
        ]
    )
    return losses, merged, untried


def _options(
    rules: Rules,
    facts: Profile,
    prices: CardPrices,
    key: int,
    code: int,
    suit_bits: int,
    rank_bits: int,
    jokers: int,
) -> _CardOptions:
    """The new groups and the new runs that hold the natural card ``code``, with their losses.

    ``suit_bits`` are the ranks held of its suit, ``rank_bits`` the suits held
    of its rank.  Memoized on those and the jokers, packed in ``key``
    (``reach_options`` of the prices, see :func:`_card_to_decide`); each
    kind read from its own memo, on what it depends on alone
    (:func:`kind_options`).
    """
    found = (
        *kind_options(rules, facts, prices, code, False, rank_bits, jokers),
        *kind_options(rules, facts, prices, code, True, suit_bits, jokers),
    )
    store(prices.reach_options, key, found, prices.memo_limit)
    return found


def kind_options(
    rules: Rules,
    facts: Profile,
    prices: CardPrices,
    code: int,
    runs: bool,
    held: int,
    jokers: int,
) -> tuple[tuple[int, ...], tuple[_Option, ...]]:
    """The new groups (or runs) that hold the natural card ``code``, the least loss first.

    With their losses under ``prices`` (in its parts of a point, as the
    points are).  ``held`` is a mask of the cards they may hold, the card
    among them: the suits held of the card's rank (a bit per suit) for
    groups, the ranks held of its suit (a bit per rank) for runs.  Read from
    the table of the card's rank or suit (:func:`_line_options`): a run's
    options do not change when a card of another suit goes, a group's when
    a card of another rank goes.
    """
    line = code // 13 if runs else code % 13
    table = prices.kind_options.get((runs, line, held, jokers))
    if table is None:
        table = _line_options(rules, facts, prices, runs, line, held, jokers)
    return table[code]


def _line_options(
    rules: Rules,
    facts: Profile,
    prices: CardPrices,
    runs: bool,
    line: int,
    held: int,
    jokers: int,
) -> dict[int, tuple[tuple[int, ...], tuple[_Option, ...]]]:
    """The options of :func:`kind_options` of every card of one suit (runs) or rank (groups).

    By card: the melds of :func:`~rummy500._engine.opening_lines.line_melds`
    that hold it, with their points in parts of a point and their losses
    (what their cards cost beyond their points), the least loss first.
    Memoized in the prices (``kind_options``).  Under the highest values a
    loss is counted without the group-of-four multiplier (what
    :func:`upper_bound` may add to the cards only makes the true loss
    larger).
    """
    price_of = prices.price.__getitem__
    scale = prices.scale
    melds = line_melds(rules, facts, runs, line, held, jokers)
    # the losses counted once per meld, the least first, then the most points,
    # then the order of the meld-card codes; each card's melds read off in order
    order = sorted(
        (sum(map(price_of, used)) - points * scale, -points, number)
        for number, (_, used, points) in enumerate(melds)
    )
    by_card: dict[int, tuple[list[int], list[_Option]]] = {}
    for loss, _, number in order:
        codes, used, points = melds[number]
        option = (codes, used, points * scale)
        for code in codes:
            if code < JOKER_CODE:
                card_losses, card_options = by_card.setdefault(code, ([], []))
                card_losses.append(loss)
                card_options.append(option)
    table = {}
    for code in line_cards(runs, line, held):
        card_losses, card_options = by_card.get(code, ([], []))
        table[code] = tuple(card_losses), tuple(card_options)
    store(prices.kind_options, (runs, line, held, jokers), table, prices.memo_limit)
    return table


def _least_loss_first(
    options: list[tuple[int, _Option]],
) -> tuple[tuple[int, ...], tuple[_Option, ...]]:
    """``options`` (each with its loss) sorted by least loss, then most points; and their losses.

    Of melds that use the same cards for the same points (a joker at either
    end of a run, a card and two jokers as a group or a run) one is kept:
    they leave the same hand.
    """
    options.sort(key=lambda option: (option[0], -option[1][2]))  # stable: ties keep their order
    losses = []
    kept = []
    seen = set()
    for loss, option in options:
        if option[1:] not in seen:
            seen.add(option[1:])
            losses.append(loss)
            kept.append(option)
    return tuple(losses), tuple(kept)
