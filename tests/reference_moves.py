"""An independent brute-force generator of legal moves, written from the rules (docs/rules.md).

The perft and property tests compare :func:`rummy500.legal_moves` with
:func:`reference_moves` on small positions.  Nothing here calls the
library's meld enumeration (``rummy500._engine.meldgen``), meld validation
(``rummy500.melds``) or engine: the position is read from its format-1 dict
(docs/notation.md) as text, melds are judged by the independent meld model of
:mod:`tests.reference` (M1–M4; lay-offs L2, L3 are judged by :func:`layoff_text`, built on
it), and the turn rules are applied here,
rule by rule, under the default rules (the ``pagat`` preset, with 0 or 2
jokers per deck and ``rummy_call`` ``"pile"`` or ``"none"``):

* draw phase (T1–T3a, T6, R1): the stock draw, or ``end`` when the stock is
  empty; ``take 1`` without a play; ``take k`` (k ≥ 2) with every play
  that contains the deepest card taken, from the hand and the cards taken;
  after a discard, a "Rummy!" call by every seat other than the discarder
  and the seat to draw, with every play of the pile's top cards alone that
  contains the deepest card taken;
* play phase (T7, L1–L4, T10, T11): every new meld and every lay-off from
  the hand, and the discard of every card held except one identical to the
  single top discard taken this turn;
* no dead ends (N1): a move that leaves the player unable to finish the turn
  (every card left is a copy of the card T11 forbids to discard, and no
  sequence of melds and lay-offs gets rid of them all) is dropped.

Moves are returned in the canonical notation (docs/notation.md), written here
(not by :func:`rummy500.format_move`).

The enumeration is brute force: every sub-multiset of the available cards
with every joker declaration is tried as a new meld, and every such
sub-multiset as a lay-off on every table meld.  Two shortcuts, each a
consequence of M1–M4 that :func:`tests.reference.readings` would reach
anyway, keep it fast enough for small positions: a candidate holds natural
cards of one rank or of one suit only, never two identical cards (a group's
natural cards are of different suits, a run never holds a rank twice), and
its jokers are either all declared as the rank of a group or all declared as
distinct cards of the run's suit that the natural cards lack.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations
from typing import NamedTuple

from rummy500 import GameState, Rules
from rummy500.rules import Ace
from tests.reference import (
    GROUP,
    GROUP_JOKER,
    NATURAL,
    RANK_SYMBOLS,
    RUN_JOKER,
    SUIT_LETTERS,
    Spec,
    parse_spec,
    readings,
)

JOKER_TEXT = "JK"

#: A table meld: its kind (``"group"`` or ``"run"``) and its cards in meld order.
TableMeld = tuple[str, tuple[Spec, ...]]


class Play(NamedTuple):
    """A new meld (``target`` is ``None``) or a lay-off on table meld ``target``."""

    target: int | None
    text: str  # the meld, or the cards laid off in the order they stand in the result
    physical: Counter[str]  # the cards it uses: natural card texts and "JK"
    table: tuple[TableMeld, ...]  # the table melds after the play

    def notation(self) -> str:
        if self.target is None:
            return f"meld {self.text}"
        return f"layoff {self.target} {self.text}"


def _physical(spec: Spec) -> str:
    return JOKER_TEXT if spec.is_joker else spec.text


def _rank(card: str) -> int:
    return RANK_SYMBOLS.index(card[0]) + 1


def _suit(card: str) -> int:
    return SUIT_LETTERS.index(card[1])


def _natural_spec(card: str) -> Spec:
    return Spec(NATURAL, _rank(card), _suit(card))


def _subsets(cards: Sequence[str]) -> Iterator[tuple[str, ...]]:
    """Every subset of distinct ``cards``, the empty one included."""
    for size in range(len(cards) + 1):
        yield from combinations(cards, size)


def _declarations(known: Sequence[Spec], jokers: int) -> Iterator[tuple[Spec, ...]]:
    """Every declaration of ``jokers`` jokers melded with ``known`` that could be valid (M4).

    ``known`` are the other cards of the meld: the natural cards of a new
    meld, or those laid off together with the meld laid off on.
    """
    if jokers == 0:
        yield ()
        return
    if not any(spec.kind == NATURAL for spec in known):
        return
    ranks = {spec.rank for spec in known}
    suits = {spec.suit for spec in known}
    if len(ranks) == 1 and all(spec.kind != RUN_JOKER for spec in known):
        # a group: its jokers stand for its rank
        yield (Spec(GROUP_JOKER, next(iter(ranks)), -1),) * jokers
    if len(suits) == 1 and -1 not in suits and len(ranks) == len(known):
        # a run: its jokers stand for distinct cards of its suit that it lacks
        suit = next(iter(suits))
        free = [rank for rank in range(1, 14) if rank not in ranks]
        for chosen in combinations(free, jokers):
            yield tuple(Spec(RUN_JOKER, rank, suit) for rank in chosen)


def _families(pool: Counter[str]) -> Iterator[list[str]]:
    """The distinct natural cards of ``pool`` grouped by rank, then by suit."""
    naturals = sorted(card for card in pool if card != JOKER_TEXT and pool[card] > 0)
    for rank in range(1, 14):
        yield [card for card in naturals if _rank(card) == rank]
    for suit in range(4):
        yield [card for card in naturals if _suit(card) == suit]


def _candidates(
    pool: Counter[str], max_size: int, context: Sequence[Spec] = ()
) -> Iterator[list[Spec]]:
    """Candidate cards (naturals of one family plus declared jokers) from ``pool``.

    ``context`` is the meld laid off on, if any: the jokers are declared to
    fit it together with the natural cards.
    """
    jokers = pool[JOKER_TEXT]
    seen: set[tuple[str, ...]] = set()
    for family in _families(pool):
        for subset in _subsets(family):
            if subset in seen:  # a single card is in two families
                continue
            seen.add(subset)
            naturals = [_natural_spec(card) for card in subset]
            for count in range(min(jokers, max_size - len(naturals)) + 1):
                for declared in _declarations([*context, *naturals], count):
                    yield naturals + list(declared)


def _text(specs: Iterable[Spec]) -> str:
    return " ".join(spec.text for spec in specs)


def plays(pool: Counter[str], table: Sequence[TableMeld], rules: Rules) -> list[Play]:
    """Every new meld and every lay-off that the cards of ``pool`` allow (M1–M4, L1–L4)."""
    found: dict[tuple[int | None, str], Play] = {}
    table = tuple(table)
    for specs in _candidates(pool, 13):
        if len(specs) < 3:
            continue
        for kind, text in readings(specs, rules):
            new = (kind, tuple(parse_spec(token) for token in text.split()))
            physical = Counter(_physical(spec) for spec in specs)
            found.setdefault((None, text), Play(None, text, physical, (*table, new)))
    for target, (kind, meld_specs) in enumerate(table):
        for specs in _candidates(pool, 13 - len(meld_specs), meld_specs):
            if not specs:
                continue
            result = layoff_text(meld_specs, kind, specs, rules)
            if result is None:
                continue
            result_specs = tuple(parse_spec(token) for token in result.split())
            old = Counter(meld_specs)
            laid = []
            for spec in result_specs:  # the new cards, in the order they stand in the result
                if old[spec] > 0:
                    old[spec] -= 1
                else:
                    laid.append(spec)
            text = _text(laid)
            physical = Counter(_physical(spec) for spec in specs)
            changed = (*table[:target], (kind, result_specs), *table[target + 1 :])
            found.setdefault((target, text), Play(target, text, physical, changed))
    return list(found.values())


def _keeps_in_order(result: Sequence[Spec], meld: Sequence[Spec], cyclic: bool) -> bool:
    """Whether ``meld`` stands in ``result`` as a block, in order (L3: extended at the ends)."""
    n, k = len(result), len(meld)
    starts = range(n) if cyclic else range(n - k + 1)
    return any(all(result[(start + i) % n] == meld[i] for i in range(k)) for start in starts)


def layoff_text(meld: Sequence[Spec], kind: str, added: Sequence[Spec], rules: Rules) -> str | None:
    """The canonical text of ``meld`` after laying off ``added``, or ``None`` if illegal.

    Like :func:`tests.reference.layoff_result`: the meld and the new cards
    must form a meld of the same kind in which the old cards keep their
    places (L2, L3).  Of two readings (all 13 ranks under ``low_or_high``)
    the ace goes high, as docs/rules.md says; here the ace may also be a
    joker declared as an ace (``JK=KH JK=AH`` on ``2H … QH``), a case that
    function does not handle.
    """
    cyclic = rules.ace is Ace.AROUND_THE_CORNER
    options = sorted(
        text
        for found, text in readings([*meld, *added], rules)
        if found == kind
        and (kind == GROUP or _keeps_in_order([parse_spec(t) for t in text.split()], meld, cyclic))
    )
    if len(options) <= 1:
        return options[0] if options else None
    high = [text for text in options if parse_spec(text.split()[-1]).rank == 1]
    assert len(high) == 1, options
    return high[0]


def _contains(pool: Counter[str], cards: Counter[str]) -> bool:
    return all(pool[card] >= count for card, count in cards.items())


def can_finish(
    hand: Counter[str], forbidden: str | None, table: Sequence[TableMeld], rules: Rules
) -> bool:
    """Whether a player holding ``hand`` can still end the turn (N1).

    The turn ends by discarding a card (T10) other than ``forbidden`` (T11),
    or by getting rid of every card (E1).
    """
    cards = +hand
    if not cards or forbidden is None or any(card != forbidden for card in cards):
        return True
    return any(
        can_finish(cards - play.physical, forbidden, play.table, rules)
        for play in plays(cards, table, rules)
    )


def _table(data: dict[str, object], rules: Rules) -> tuple[TableMeld, ...]:
    table = []
    for item in data["melds"]:  # type: ignore[attr-defined]
        specs = tuple(parse_spec(token) for token in item["cards"])
        kinds = {kind for kind, _text in readings(specs, rules)}
        assert len(kinds) == 1, (item, kinds)
        table.append((kinds.pop(), specs))
    return tuple(table)


def _check_rules(rules: Rules) -> None:
    default_like = rules.evolve(jokers_per_deck=2, rummy_call="pile")
    assert default_like == Rules(), f"the reference models the default rules only, not {rules}"


#: The largest pool (hand and whole pile of the seat to move) :func:`small_enough` accepts.
SMALL_POOL = 18
#: The most jokers in that pool :func:`small_enough` accepts.
SMALL_JOKERS = 2


def small_enough(state: GameState) -> bool:
    """Whether the brute force answers ``state`` quickly (well under a second)."""
    cards = state.hands[state.to_move] + state.discard
    return len(cards) <= SMALL_POOL and sum(card.is_joker for card in cards) <= SMALL_JOKERS


def reference_moves(state: GameState) -> set[str]:
    """Every legal move in ``state``, in canonical notation, found by brute force."""
    rules = state.rules
    _check_rules(rules)
    data = state.to_dict()
    phase = data["phase"]
    if phase == "over":
        return set()
    table = _table(data, rules)
    hands = [Counter(hand) for hand in data["hands"]]
    pile = list(data["discard"])
    player = data["to_move"]
    moves: set[str] = set()
    prefix = f"p{player}: "
    if phase == "play":
        taken = data["turn"]["taken"]
        forbidden = taken[0] if len(taken) == 1 else None  # T11
        hand = hands[player]
        for play in plays(hand, table, rules):
            if can_finish(hand - play.physical, forbidden, play.table, rules):
                moves.add(prefix + play.notation())
        for card in hand:
            if card != forbidden:
                moves.add(f"{prefix}discard {card}")
        return moves
    assert phase == "draw", phase
    moves.add(prefix + ("draw" if data["stock"] else "end"))  # T1, T6
    hand = hands[player]
    for count in range(1, len(pile) + 1):
        taken = Counter(pile[-count:])
        deepest = pile[-count]
        pool = hand + taken
        if count == 1:  # T2, T3a: the top card alone goes to the hand, no play
            if can_finish(pool, deepest, table, rules):
                moves.add(f"{prefix}take 1")
            continue
        for play in plays(pool, table, rules):  # T3: meld the deepest card at once
            # After taking two cards or more any card may be discarded (T11), but
            # N1 is checked all the same: the model does not rely on it.
            if (
                play.physical[deepest]
                and _contains(pool, play.physical)
                and can_finish(pool - play.physical, None, play.table, rules)
            ):
                moves.add(f"{prefix}take {count} {play.notation()}")
    discarder = data["last_discarder"]
    if rules.rummy_call.value == "pile" and discarder is not None:  # R1
        callers = [seat for seat in range(len(hands)) if seat not in (discarder, player)]
        for count in range(1, len(pile) + 1):
            taken = Counter(pile[-count:])
            deepest = pile[-count]
            forbidden = pile[-1] if count == 1 else None
            for play in plays(taken, table, rules):
                if not play.physical[deepest]:
                    continue
                for caller in callers:
                    rest = hands[caller] + taken - play.physical
                    if can_finish(rest, forbidden, play.table, rules):
                        moves.add(f"p{caller}: rummy {count} {play.notation()}")
    return moves
