"""Melds: the value type, validation (M1–M4), lay-offs (L2, L3) and meld values (S1, V6, V8).

A meld is a :class:`Meld`: its kind (group or run) and its cards in meld
order, each a :class:`~rummy500.meldcards.MeldCard` — a natural card, or a
joker with what it was declared to stand for (M4: ``JK=8H`` in a run,
``JK=9`` in a group; a plain ``JK`` only in a group of jokers under
``jokers = "sets_only"``).

>>> from rummy500 import Rules
>>> from rummy500.melds import make_meld, layoff
>>> run = make_meld("6H 7H JK=8H", Rules())
>>> run, run.kind, str(run)
(Meld.parse('6H 7H JK=8H'), <MeldKind.RUN: 'run'>, '6H 7H JK=8H')
>>> str(layoff(run, "5H 9H", Rules()))
'5H 6H 7H JK=8H 9H'
>>> make_meld("KS KH KD KC JK=K", Rules())
Traceback (most recent call last):
...
rummy500.errors.InvalidMeldError: a group has at most 4 cards, got 5: KS KH KD KC JK=K (M1)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

import attrs

from rummy500._engine.codes.meldchecks import layoff_result, meld_text, new_meld_codes, run_ranks
from rummy500._engine.codes.specs import code_points, fits_run, in_meld_order
from rummy500.cards import JOKER_CODE, Card, Rank, Suit, card_from_code
from rummy500.errors import InvalidMeldError, NotationError, shown
from rummy500.meldcards import (
    BARE_JOKER,
    GROUP_JOKER_BASE,
    MELD_CARDS,
    RUN_JOKER_BASE,
    SPEC_PHYSICAL,
    SPEC_RANK,
    SPEC_SUIT,
    MeldCard,
    parse_meld_card,
    parse_meld_cards,
)
from rummy500.presets import as_rules
from rummy500.rules import Ace, Jokers, Rules
from rummy500.values import CardValues

__all__ = [
    "Meld",
    "MeldKind",
    "as_meld_codes",
    "canonical_layoff_cards",
    "canonical_meld_cards",
    "codes_points",
    "four_aces",
    "laid_points",
    "layoff",
    "layoff_codes",
    "layoff_problem",
    "make_meld",
    "meld_from_codes",
    "meld_order",
    "meld_points",
    "meld_problem",
    "meld_value",
    "ordered_like",
    "run_fits",
]


class MeldKind(str, enum.Enum):
    """The kind of a meld."""

    #: 3 or 4 cards of one rank, natural cards of different suits (M1).
    GROUP = "group"
    #: 3 or more consecutive cards of one suit (M2).
    RUN = "run"

    def __str__(self) -> str:
        return self.value


@attrs.frozen(repr=False, cache_hash=True)
class Meld:
    """A valid meld: its kind and its cards in meld order (runs low to high).

    Melds are built valid by :func:`make_meld` (or :meth:`parse`) and
    extended by :func:`layoff`; the constructor itself trusts its input.
    Equal melds have equal cards in the same canonical order.

    Attributes:
        kind: :attr:`MeldKind.GROUP` or :attr:`MeldKind.RUN`.
        codes: The compact codes of the meld cards, in meld order.

    """

    kind: MeldKind
    codes: tuple[int, ...]

    @property
    def specs(self) -> tuple[MeldCard, ...]:
        """The meld cards (with joker declarations), in meld order."""
        return tuple(MELD_CARDS[code] for code in self.codes)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The physical cards, in meld order (jokers as :data:`~rummy500.cards.JOKER`)."""
        return tuple(card_from_code(SPEC_PHYSICAL[code]) for code in self.codes)

    @property
    def rank(self) -> Rank | None:
        """The rank of a group (``None`` for a run or a group of jokers)."""
        if self.kind is not MeldKind.GROUP:
            return None
        rank = SPEC_RANK[self.codes[0]]
        return Rank(rank) if rank else None

    @property
    def suit(self) -> Suit | None:
        """The suit of a run (``None`` for a group)."""
        if self.kind is not MeldKind.RUN:
            return None
        return tuple(Suit)[SPEC_SUIT[self.codes[0]]]

    @property
    def is_low_ace_run(self) -> bool:
        """Whether this is a run starting with a low ace (A-2-3…; S1's low-ace exception)."""
        return self.kind is MeldKind.RUN and SPEC_RANK[self.codes[0]] == 1

    @classmethod
    def parse(cls, text: str, rules: Rules | str | None = None) -> Meld:
        """Parse and validate a meld, e.g. ``"6H 7H JK=8H"``; same as :func:`make_meld`."""
        return make_meld(text, rules)

    def __len__(self) -> int:
        return len(self.codes)

    def __str__(self) -> str:
        return meld_text(self.codes)

    def __repr__(self) -> str:
        return f"Meld.parse('{self}')"


def as_meld_codes(specs: str | Iterable[MeldCard | Card | str] | Meld) -> tuple[int, ...]:
    """The compact codes of meld cards given as text, meld cards, cards, texts or a meld.

    This is how public functions that take meld cards accept every form.

    Raises:
        NotationError: for text or items that are not meld cards.

    >>> as_meld_codes("6H JK=8H") == as_meld_codes([parse_meld_card("6H"), "JK=8H"])
    True
    """
    if isinstance(specs, Meld):
        return specs.codes
    if isinstance(specs, str):
        return tuple(spec.code for spec in parse_meld_cards(specs))
    codes = []
    try:
        items = list(specs)
    except TypeError:
        raise NotationError(f"expected meld cards such as '6H 7H JK=8H', got {specs!r}") from None
    for item in items:
        if isinstance(item, (MeldCard, Card)):
            codes.append(item.code)
        elif isinstance(item, str):
            codes.append(parse_meld_card(item).code)
        else:
            raise NotationError(f"not a meld card: {shown(item)}")
    return tuple(codes)


# ---------------------------------------------------------------------------
# Runs: a run is a suit, a start rank (1–13) and a length; position i of the
# run holds rank ((start - 1 + i) % 13) + 1.  Whether a (start, length) pair
# is allowed depends only on the ace knob (M3).


def run_fits(start: int, length: int, ace: Ace) -> bool:
    """Whether a run of ``length`` cards from rank ``start`` is allowed (M2, M3).

    Under ``low_or_high`` position 14 is the high ace; under
    ``around_the_corner`` a run of 13 cards is only written from the ace.
    """
    return fits_run(start, length, ace.value)


def meld_order(codes: tuple[int, ...]) -> tuple[int, ...]:
    """A new meld's cards (compact codes) in canonical order, told without the rules.

    A group (one rank) is written S H D C with its jokers last; a run (one
    suit, different ranks, consecutive, the ace next to both the 2 and the
    K) in sequence order from its first card: A-2-3, Q-K-A, K-A-2.  Which of
    those a rule set allows does not change the order, so it is the order
    :func:`make_meld` gives under any rules where the cards form a meld.
    Only a run of all 13 ranks could start at the ace or at the 2 (a high
    ace under ``ace = "low_or_high"``): it is written from the ace unless
    the ace is given last.  Cards that form no meld under any rules are
    returned as given.

    >>> from rummy500.meldcards import format_meld_cards, parse_meld_cards
    >>> def ordered(text):
    ...     codes = meld_order(tuple(spec.code for spec in parse_meld_cards(text)))
    ...     return format_meld_cards(MELD_CARDS[code] for code in codes)
    >>> ordered("4D JK=4 4S 4H"), ordered("AH JK=QH KH"), ordered("2H KH AH")
    ('4S 4H 4D JK=4', 'JK=QH KH AH', 'KH AH 2H')
    """
    if len(codes) < 2 or BARE_JOKER in codes:
        return codes
    ranks = [SPEC_RANK[code] for code in codes]
    if all(rank == ranks[0] for rank in ranks):
        if any(RUN_JOKER_BASE <= code <= GROUP_JOKER_BASE for code in codes):
            return codes
        naturals = sorted(code for code in codes if code < JOKER_CODE)
        return tuple(naturals) + tuple(code for code in codes if code > JOKER_CODE)
    suits = {SPEC_SUIT[code] for code in codes}
    if len(suits) != 1 or -1 in suits or len(set(ranks)) != len(ranks) or len(ranks) > 13:
        return codes
    if len(ranks) == 13:
        start: int | None = 2 if ranks[-1] == 1 else 1
    else:
        wanted = set(ranks)
        start = next((s for s in range(1, 14) if set(run_ranks(s, len(ranks))) == wanted), None)
    if start is None:
        return codes
    by_rank = dict(zip(ranks, codes, strict=True))
    return tuple(by_rank[rank] for rank in run_ranks(start, len(ranks)))


def meld_problem(
    specs: str | Iterable[MeldCard | Card | str], rules: Rules | str | None = None
) -> str | None:
    """Why ``specs`` is not a valid meld under ``rules``, or ``None`` if it is.

    >>> meld_problem("KH AH 2H")
    'KH AH 2H is not a run: an ace is low (A-2-3) or high (Q-K-A), not both (M3)'
    >>> meld_problem("KH AH 2H", Rules(ace="around_the_corner")) is None
    True
    """
    try:
        make_meld(specs, rules)
    except InvalidMeldError as error:
        return str(error)
    return None


def make_meld(specs: str | Iterable[MeldCard | Card | str], rules: Rules | str | None) -> Meld:
    """Validate ``specs`` as a new meld under ``rules`` and return it in canonical order.

    The cards may be given in any order: a group is written S H D C with its
    jokers last, a run in sequence order (low to high; a wrapping run from its
    first card).  Only a 13-card run under ``low_or_high`` depends on the order
    typed: an ace typed last is high.  ``rules`` may be a preset's name
    (``None``: the default rules).

    Raises:
        InvalidMeldError: naming the rule broken (M1–M4, M2 with
            ``min_run_length``, M3 with ``ace``).
        NotationError: for text that is not meld cards.
        InvalidArgumentError: for ``rules`` that name no preset.

    """
    return meld_from_codes(as_meld_codes(specs), as_rules(rules))


def meld_from_codes(codes: tuple[int, ...], rules: Rules) -> Meld:
    """:func:`make_meld` on compact meld-card codes, as typed (the engine's entry).

    Raises:
        InvalidMeldError: naming the rule broken.
    """
    run, ordered = new_meld_codes(
        codes, rules.jokers is Jokers.SETS_ONLY, rules.ace.value, rules.min_run_length
    )
    return Meld(MeldKind.RUN if run else MeldKind.GROUP, ordered)


# ---------------------------------------------------------------------------
# Lay-offs (L2, L3)


def layoff_problem(
    meld: Meld, specs: str | Iterable[MeldCard | Card | str], rules: Rules | str | None = None
) -> str | None:
    """Why ``specs`` cannot be laid off on ``meld``, or ``None`` if they can.

    >>> layoff_problem(Meld.parse("7S 8S 9S"), "JS")
    'JS does not extend the run 7S 8S 9S at either end (L3)'
    """
    try:
        layoff(meld, specs, rules)
    except InvalidMeldError as error:
        return str(error)
    return None


def layoff(
    meld: Meld, specs: str | Iterable[MeldCard | Card | str], rules: Rules | str | None
) -> Meld:
    """The meld after laying off ``specs`` on ``meld`` (L2, L3).

    A group takes natural cards of its rank in suits it lacks, and jokers
    declared as its rank, up to 4 cards.  A run takes one or more cards that
    extend it at the low end, the high end or both; jokers are declared as
    specific cards.  When an ace could go at either end (a run 2–K under
    ``low_or_high``), it goes at the high end, where it scores its full value.

    >>> str(layoff(Meld.parse("9S JK=9 JK=9"), "9H", Rules()))
    '9S 9H JK=9 JK=9'

    Raises:
        InvalidMeldError: naming the rule (L2, L3, M4) when the cards do not fit.

    """
    return layoff_codes(meld, as_meld_codes(specs), as_rules(rules))


def layoff_codes(meld: Meld, codes: tuple[int, ...], rules: Rules) -> Meld:
    """:func:`layoff` on compact meld-card codes (the engine's entry).

    Raises:
        InvalidMeldError: naming the rule, when the cards do not fit.
    """
    result = layoff_result(
        meld.kind is MeldKind.RUN,
        meld.codes,
        codes,
        rules.jokers is Jokers.SETS_ONLY,
        rules.ace.value,
    )
    return Meld(meld.kind, result)


# ---------------------------------------------------------------------------
# Meld values (S1)


def meld_points(meld: Meld, values: CardValues) -> tuple[int, ...]:
    """Points of each card of ``meld``, in meld order (S1).

    A natural ace at the low end of a run (A-2-3…) scores ``values.low_ace``;
    a joker scores ``values.joker`` wherever it stands.

    >>> from rummy500.values import STANDARD
    >>> meld_points(Meld.parse("AH 2H 3H"), STANDARD), meld_points(Meld.parse("QH KH AH"), STANDARD)
    ((1, 2, 3), (10, 10, 15))
    """
    return codes_points(meld.codes, meld.kind is MeldKind.RUN, values)


def codes_points(codes: Sequence[int], run: bool, values: CardValues) -> tuple[int, ...]:
    """Points of each meld-card code of a valid meld in meld order, a run if ``run`` (S1).

    What :func:`meld_points` counts, from the codes alone.

    >>> from rummy500.values import STANDARD
    >>> codes_points(Meld.parse("AH 2H 3H").codes, True, STANDARD)
    (1, 2, 3)
    """
    return code_points(tuple(codes), run, values.table, values.low_ace)


def meld_value(meld: Meld, values: CardValues) -> int:
    """Total points of ``meld`` (S1).

    >>> from rummy500.values import STANDARD
    >>> meld_value(Meld.parse("9S JK=9 JK=9"), STANDARD)
    39
    """
    return sum(meld_points(meld, values))


#: The meld-card codes of the four natural aces, S H D C (V8).
_ACES = (0, 13, 26, 39)


def _natural_aces(codes: Sequence[int]) -> bool:
    """Whether ``codes`` are the four natural aces, no joker among them (V8)."""
    return len(codes) == 4 and all(code in _ACES for code in codes)


def four_aces(codes: Sequence[int], by: Sequence[int], rules: Rules) -> bool:
    """Whether a table meld scores as four aces: ``rules.four_aces_value`` per ace (V8).

    It does when the knob is set (not 0), the meld is the four natural aces
    (a group holding a joker is not four aces) and ``by``, the seat each card
    is credited to (L5), names one seat: the four were laid down at once, or
    completed by that seat's own lay-off.

    >>> from rummy500 import Rules
    >>> aces = Meld.parse("AS AH AD AC").codes
    >>> rules = Rules(four_aces_value=25)
    >>> four_aces(aces, (1, 1, 1, 1), rules), four_aces(aces, (1, 1, 1, 0), rules)
    (True, False)
    """
    return (
        rules.four_aces_value > 0
        and _natural_aces(codes)
        and len(by) == 4
        and all(seat == by[0] for seat in by)
    )


def laid_points(meld: Meld | Sequence[int], rules: Rules) -> int:
    """The points a new meld scores when one seat lays it down at once (S1, V6, V8).

    The card values of ``rules.card_values`` (S1: a low ace at the low end of
    a run, a joker at the joker value), except that the four natural aces
    score ``rules.four_aces_value`` each when that knob is set (V8); a group
    of four (aces included) is then multiplied by
    ``rules.group_of_four_multiplier`` (V6).  This is what the meld counts
    toward the opening minimum (T8) and, while no other seat lays off on
    it, what it adds to its seat's score.

    Args:
        meld: A :class:`Meld`, or the meld-card codes of a valid meld in meld
            order (a run is told from a group by its cards standing for
            several ranks).
        rules: The rule set.

    >>> from rummy500 import Rules
    >>> aces = Meld.parse("AS AH AD AC")
    >>> laid_points(aces, Rules()), laid_points(aces, Rules(four_aces_value=25))
    (60, 100)
    >>> laid_points(aces, Rules(four_aces_value=25, group_of_four_multiplier=2))
    200
    >>> laid_points(Meld.parse("QH KH AH"), Rules(four_aces_value=25))
    35
    """
    if isinstance(meld, Meld):
        codes, run = meld.codes, meld.kind is MeldKind.RUN
    else:
        codes = tuple(meld)
        run = any(SPEC_RANK[code] != SPEC_RANK[codes[0]] for code in codes)
    if run or len(codes) != 4:
        return sum(codes_points(codes, run, rules.card_values))
    if rules.four_aces_value > 0 and _natural_aces(codes):
        points = 4 * rules.four_aces_value
    else:
        points = sum(codes_points(codes, False, rules.card_values))
    return points * rules.group_of_four_multiplier


# ---------------------------------------------------------------------------
# Canonical order of typed cards (the notation's "cards in meld order", §10)


def canonical_meld_cards(specs: tuple[MeldCard, ...], rules: Rules) -> tuple[MeldCard, ...]:
    """``specs`` in canonical meld order if they form a valid meld, else unchanged.

    >>> canonical_meld_cards(parse_meld_cards("4D 4S 4H"), Rules())
    (MeldCard.parse('4S'), MeldCard.parse('4H'), MeldCard.parse('4D'))
    """
    try:
        meld = make_meld(specs, rules)
    except InvalidMeldError:
        return specs
    return meld.specs


def canonical_layoff_cards(
    meld: Meld, specs: tuple[MeldCard, ...], rules: Rules
) -> tuple[MeldCard, ...]:
    """``specs`` in the order they would stand in ``meld`` after the lay-off, if valid."""
    try:
        result = layoff(meld, specs, rules)
    except InvalidMeldError:
        return specs
    return ordered_like(result, specs)


def ordered_like(result: Meld, specs: tuple[MeldCard, ...]) -> tuple[MeldCard, ...]:
    """The meld cards ``specs`` in the order they stand in ``result``."""
    return tuple(
        MELD_CARDS[code] for code in in_meld_order(result.codes, tuple(spec.code for spec in specs))
    )
