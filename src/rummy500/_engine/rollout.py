"""The search's rollout policy: a fast greedy player over small integer masks.

:class:`RolloutPolicy` rates cards and moves as :class:`~rummy500.bots.GreedyBot`
does (a hand's *potential*: its cards' values weighted by use, deadwood
counting against), but reads each card's use off its neighbours in the hand
instead of listing the hand's melds: a hand is four 13-bit masks of ranks (one
per suit) and a count per rank, and the uses of all its cards come from a few
shifts of those masks.  Weights are whole numbers (tenths of a card's value),
so the change a drawn card makes is summed over the cards it changes alone,
exactly.  :func:`rollout_move` is its move in a state;
:class:`~rummy500.search.SearchBot` plays its rollouts with it.

The module uses plain classes with slots and no closures, so the compiled
build (mypyc) compiles it with the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Final

from rummy500._engine.codes.memo import store
from rummy500._engine.codes.seats import hand_of, hands_of
from rummy500._engine.movegen import legal_moves
from rummy500._engine.plays import playable_on_table
from rummy500._engine.ruleset import profile
from rummy500._engine.scoring import table_points
from rummy500.cards import JOKER_CODE
from rummy500.moves import (
    CallRummy,
    Discard,
    Draw,
    LayoffMove,
    MeldMove,
    Move,
    Nominate,
    Pass,
    Take,
)
from rummy500.rules import Rules
from rummy500.seating import sides
from rummy500.state import GameState, JokerEffect, Phase, TableMeld, polling_order

__all__ = ["RolloutPolicy", "play_of", "rollout_move"]


def _play_value(values: Sequence[int], play: MeldMove | LayoffMove) -> int:
    return sum(values[spec.card.code] for spec in play.cards)


# Weights of a card's value in a hand's potential, by use (as GreedyBot weighs them:
# 0.8 in a meld or laying off, 0.2 beside a partner, -1 as deadwood), in tenths:
# sums of whole numbers are exact in any order, so a change of potential can be
# computed from the cards it changes alone.
_IN_MELD: Final = 8
_LAYS_OFF: Final = 8
_PARTNER: Final = 2
_DEADWOOD: Final = -10
_WILD_JOKER: Final = 10
_TAME_JOKER: Final = 2
#: The 13 rank bits of a suit's mask.
_RANK_BITS: Final = (1 << 13) - 1


class _Hand:
    """What the rollout policy knows of one hand of cards: counts by rank, ranks by suit.

    ``masks[suit]`` has bit ``rank`` set for each rank of that suit held;
    ``copies`` counts the natural cards held more than once (two decks).
    """

    __slots__ = ("_uses", "codes", "copies", "jokers", "masks", "ranks")

    def __init__(self, codes: Sequence[int]) -> None:
        self.codes = codes
        self.jokers = 0
        self.ranks = [0] * 13
        self.masks = [0, 0, 0, 0]
        self.copies: dict[int, int] = {}
        self._uses: tuple[bool, tuple[int, ...], tuple[int, ...]] | None = None
        masks, ranks = self.masks, self.ranks
        for code in codes:
            if code == JOKER_CODE:
                self.jokers += 1
                continue
            suit, rank = code // 13, code % 13
            bit = 1 << rank
            if masks[suit] & bit:
                self.copies[code] = self.copies.get(code, 1) + 1
            ranks[rank] = ranks[rank] + 1
            masks[suit] = masks[suit] | bit

    def uses(self, wild: bool, wrap: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The uses of every held card at once (see :func:`_uses`), kept for the last ``wild``."""
        cached = self._uses
        if cached is not None and cached[0] is wild:
            return cached[1], cached[2]
        jokers = self.jokers if wild else 0
        counts = self.ranks if self.copies else None
        uses = _uses(self.masks, counts, jokers, wrap)
        self._uses = (wild, *uses)
        return uses

    def uses_of_added(self, code: int, wild: bool, wrap: bool) -> tuple[bool, bool]:
        """Whether natural card ``code`` added to this hand is in a meld, and has a partner.

        A meld: two more of its rank, or two neighbours in its suit making a
        run of three (a wild joker may stand for one of them).  A partner:
        one more of its rank, or a card of its suit within two ranks.  The
        one-card question of :func:`_uses` (a test holds the two together),
        asked of cards the seat might draw without building the larger hand.
        """
        rank = code % 13
        mask = self.masks[code // 13]
        if wrap:  # bit i: the rank i above (12 and 11: one and two below)
            near = ((mask >> rank) | (mask << (13 - rank))) & _RANK_BITS
            below2, below1 = near >> 11 & 1, near >> 12 & 1
        else:  # bit j: the rank j - 2 above
            near = (mask << 2) >> rank
            below2, below1 = near & 1, near >> 1 & 1
            near >>= 2
        above1, above2 = near >> 1 & 1, near >> 2 & 1
        jokers = self.jokers if wild else 0
        same = self.ranks[rank]
        close = below1 | below2 | above1 | above2
        in_meld = (
            same + jokers >= 2
            or (below1 and (below2 or above1))
            or (above1 and above2)
            or (close and jokers > 0)
        )
        return bool(in_meld), bool(same >= 1 or close or jokers > 0)

    def held_uses(self, code: int, wild: bool, wrap: bool) -> tuple[bool, bool]:
        """Whether held natural card ``code`` is in a meld of this hand, and has a partner."""
        melded, partnered = self.uses(wild, wrap)
        suit, rank = code // 13, code % 13
        return bool(melded[suit] >> rank & 1), bool(partnered[suit] >> rank & 1)


def _uses(
    masks: Sequence[int], counts: Sequence[int] | None, jokers: int, wrap: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The uses of every card of a hand, as rank bits per suit.

    The first tuple has, for each suit, the ranks whose held cards are in a
    meld of the hand; the second the ranks whose held cards have a partner
    (as :meth:`_Hand.uses_of_added` tells of one card).  Runs are read off the
    suit's mask shifted by one and two ranks (rotated under ``wrap``);
    groups off the suits holding each rank, or off ``counts`` (cards by
    rank) when a card is held twice.
    """
    if counts is not None:
        groups = pairs = 0
        for rank, count in enumerate(counts):
            if count + jokers >= 3:
                groups |= 1 << rank
            if count >= 2:
                pairs |= 1 << rank
    else:  # the ranks held in two, three suits, from the suits' masks at once
        a, b, c, d = masks
        pairs = a & b | (a | b) & (c | d) | c & d
        fewest = 3 - jokers
        if fewest <= 0:
            groups = _RANK_BITS
        elif fewest == 1:
            groups = a | b | c | d
        elif fewest == 2:
            groups = pairs
        else:
            groups = a & b & (c | d) | c & d & (a | b)
    melded: list[int] = []
    partnered: list[int] = []
    for mask in masks:
        if wrap:
            below1 = (mask << 1 | mask >> 12) & _RANK_BITS
            below2 = (mask << 2 | mask >> 11) & _RANK_BITS
            above1 = (mask >> 1 | mask << 12) & _RANK_BITS
            above2 = (mask >> 2 | mask << 11) & _RANK_BITS
        else:
            below1, below2, above1, above2 = mask << 1, mask << 2, mask >> 1, mask >> 2
        close = below1 | below2 | above1 | above2
        in_run = below1 & (below2 | above1) | above1 & above2
        melded.append((groups | in_run | (close if jokers else 0)) & mask)
        partnered.append((pairs | close | (_RANK_BITS if jokers else 0)) & mask)
    return tuple(melded), tuple(partnered)


def _no_answers() -> bytearray:
    """Answers of whether each card lays off, none known yet.

    At index ``2 * code + wild``: 0 not asked yet, 1 no, 2 yes.
    """
    return bytearray(2 * JOKER_CODE + 2)


class _TableAnswers:
    """Whether each card lays off on a table (``answers``) and on each of its melds."""

    __slots__ = ("answers", "melds", "per_meld")

    def __init__(self, melds: tuple[TableMeld, ...], per_meld: list[bytearray]) -> None:
        self.melds = melds
        self.answers = _no_answers()
        self.per_meld = per_meld


class _Weigher:
    """The weight of each natural card of one hand in a potential (in tenths)."""

    __slots__ = (
        "answers",
        "hand",
        "joker_weight",
        "melded",
        "melds",
        "partnered",
        "policy",
        "tame",
        "wild",
    )

    def __init__(self, policy: RolloutPolicy, state: GameState, hand: _Hand) -> None:
        self.policy = policy
        self.hand = hand
        self.wild = state.jokers_wild
        effect = state.joker_effect
        self.tame = not _tamed(effect)
        self.joker_weight = _WILD_JOKER if self.wild else _TAME_JOKER if effect else _DEADWOOD
        self.melds = state.melds
        self.answers = policy._answers(self.melds) if self.melds else None
        self.melded, self.partnered = hand.uses(self.wild, policy.wrap)

    def tenths(self) -> int:
        """The hand's potential, in tenths of a point (a whole number)."""
        values = self.policy.values
        total = 0
        for code in self.hand.codes:
            if code == JOKER_CODE:
                total += self.joker_weight * values[code]
            else:
                total += self._weight(self.melded, self.partnered, code) * values[code]
        return total

    def _weight(self, melded: Sequence[int], partnered: Sequence[int], code: int) -> int:
        suit, rank = code // 13, code % 13
        if melded[suit] >> rank & 1:
            return _IN_MELD
        answers = self.answers
        if answers is not None:
            found = answers.answers[2 * code + self.tame]
            if found == 2 or (not found and self.policy._lays_off(answers, code, self.tame)):
                return _LAYS_OFF
        return _PARTNER if partnered[suit] >> rank & 1 else _DEADWOOD

    def change_with(self, code: int) -> int:
        """How the hand's potential (in tenths) changes when natural card ``code`` is added.

        The card's own weighted value, and the change of weight of each held
        card whose use changes (a use depends on the cards of its rank and
        of its suit's nearest ranks only).
        """
        hand = self.hand
        suit, rank = code // 13, code % 13
        masks = hand.masks.copy()
        twice = masks[suit] >> rank & 1
        masks[suit] = masks[suit] | 1 << rank
        counts = None
        if twice or hand.copies:
            counts = hand.ranks.copy()
            counts[rank] = counts[rank] + 1
        jokers = hand.jokers if self.wild else 0
        melded, partnered = _uses(masks, counts, jokers, self.policy.wrap)
        values = self.policy.values
        change = self._weight(melded, partnered, code) * values[code]
        for suit in range(4):
            moved = (melded[suit] ^ self.melded[suit] | partnered[suit] ^ self.partnered[suit]) & (
                hand.masks[suit]
            )
            while moved:
                low = moved & -moved
                moved ^= low
                held = 13 * suit + low.bit_length() - 1
                before = self._weight(self.melded, self.partnered, held)
                after = self._weight(melded, partnered, held)
                change += hand.copies.get(held, 1) * (after - before) * values[held]
        return change


class RolloutPolicy:
    """The fast greedy policy of the rollouts (and the ranking of a seat's candidates)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.knobs = knobs = profile(rules)
        self.values = knobs.code_values
        self.wrap = knobs.ace == "around_the_corner"
        self._tables: dict[int, _TableAnswers] = {}
        # Per table meld, by its cards (melds outlive the tables that hold them).
        self._fits: dict[tuple[int, ...], bytearray] = {}

    def _answers(self, melds: tuple[TableMeld, ...]) -> _TableAnswers:
        """What :meth:`on_table` found of ``melds`` (a non-empty table), kept per table."""
        entry = self._tables.get(id(melds))
        if entry is None or entry.melds is not melds:
            per_meld = []
            for table_meld in melds:
                codes = table_meld.meld.codes
                answers = self._fits.get(codes)
                if answers is None:
                    answers = store(self._fits, codes, _no_answers(), 1 << 12)
                per_meld.append(answers)
            entry = store(self._tables, id(melds), _TableAnswers(melds, per_meld), 256)
        return entry

    def on_table(self, melds: tuple[TableMeld, ...], code: int, wild: bool) -> bool:
        """Whether card ``code`` lays off on a table meld (cached per table and per meld)."""
        if not melds:
            return False
        return self._lays_off(self._answers(melds), code, wild)

    def _lays_off(self, table: _TableAnswers, code: int, wild: bool) -> bool:
        key = 2 * code + wild
        found = table.answers[key]
        if not found:
            found = 1
            melds = table.melds
            for number, answers in enumerate(table.per_meld):
                fits = answers[key]
                if not fits:
                    playable = playable_on_table(self.knobs, (melds[number],), code, wild)
                    fits = answers[key] = 2 if playable else 1
                if fits == 2:
                    found = 2
                    break
            table.answers[key] = found
        return found == 2

    def potential(self, state: GameState, codes: Sequence[int], hand: _Hand | None = None) -> float:
        """The worth of the hand ``codes``: each card's value weighted by its use."""
        return self._tenths(state, codes, hand) / 10

    def _tenths(self, state: GameState, codes: Sequence[int], hand: _Hand | None = None) -> int:
        """:meth:`potential` in tenths of a point (a whole number)."""
        return _Weigher(self, state, _Hand(codes) if hand is None else hand).tenths()

    def draw_gain(self, state: GameState, weigh: _Weigher, base: int) -> float:
        """The expected change of potential of a stock draw (over the stock's cards).

        ``weigh`` weighs the seat's hand, whose potential is ``base`` tenths.
        A natural card drawn changes the use of the cards of its rank and of
        its suit's nearest ranks only: the change is summed over those cards,
        not the hand.
        """
        stock = Counter(state.stock_codes)
        total = sum(stock.values())
        if not total:
            return 0.0
        values = self.values
        hand = weigh.hand
        gain = 0
        for code, count in stock.items():
            if code == JOKER_CODE:  # a joker may change the use of every card
                gain += count * (self._tenths(state, [*hand.codes, code]) - base)
                continue
            if not hand.jokers:
                _in_meld, partner = hand.uses_of_added(code, False, self.wrap)
                if not partner:  # alone: it changes no other card's use
                    lays = self.on_table(state.melds, code, weigh.tame)
                    gain += count * (_LAYS_OFF if lays else _DEADWOOD) * values[code]
                    continue
            gain += count * weigh.change_with(code)
        return gain / (10 * total)

    def draw_scores(self, state: GameState, moves: Sequence[Move]) -> list[tuple[float, Move]]:
        """The seat's draw-phase moves with their gains (GreedyBot's rule, by potential).

        A take gains the points of its meld and the change of potential; the
        top card alone is taken only if it melds or lays off at once.
        """
        codes = list(hand_of(state._seat_codes, state.to_move))
        hand = _Hand(codes)
        weigh = _Weigher(self, state, hand)
        base = weigh.tenths()
        scored: list[tuple[float, Move]] = []
        for move in moves:
            if isinstance(move, Draw):
                score = self.draw_gain(state, weigh, base)
            elif isinstance(move, Take):
                taken = list(state.discard_codes[-move.count :])
                if move.play is None:
                    if not self._melds_at_once(state, hand, taken[-1]):
                        continue
                    score = (self._tenths(state, [*codes, taken[-1]]) - base) / 10
                else:
                    after = _without([*codes, *taken], move.play)
                    points = _play_value(self.values, move.play)
                    score = points + (self._tenths(state, after) - base) / 10
            else:
                score = self.score(state, hand, move)
            scored.append((score, move))
        return scored

    def _melds_at_once(self, state: GameState, hand: _Hand, code: int) -> bool:
        if code == JOKER_CODE:
            return state.jokers_wild
        in_meld, _partner = hand.uses_of_added(code, state.jokers_wild, self.wrap)
        return in_meld or self.on_table(state.melds, code, not _tamed(state.joker_effect))

    def keep_score(self, state: GameState, hand: _Hand, code: int) -> float:
        """How much the seat wants to keep card ``code`` (low: discard it first)."""
        wild = state.jokers_wild
        if code == JOKER_CODE:
            return 100.0 if wild else 5.0
        in_meld, partner = hand.held_uses(code, wild, self.wrap)
        score = 60.0 if in_meld else 20.0 if partner else 0.0
        if self.on_table(state.melds, code, not _tamed(state.joker_effect)):
            score += 40.0  # it lays off: keep it, and do not feed it to the next seat
        return score - self.values[code] / 100.0

    def score(self, state: GameState, hand: _Hand, move: Move) -> float:
        """The policy's score of a move of the seat to move, outside the draw (higher: better)."""
        if isinstance(move, Discard):
            return -self.keep_score(state, hand, move.card.code)
        if isinstance(move, (MeldMove, LayoffMove)):
            after = _without(hand.codes, move)
            return 1000.0 + _play_value(self.values, move) + self.potential(state, after)
        if isinstance(move, CallRummy):
            return 500.0 + _play_value(self.values, move.play)
        if isinstance(move, Draw):
            return 0.0
        if isinstance(move, Nominate):
            return 1.0 if move.effect is JokerEffect.WILD else 0.0
        if isinstance(move, Pass):
            return -1.0
        return -2.0

    def scores(self, state: GameState, moves: Sequence[Move]) -> list[tuple[float, Move]]:
        """The seat to move's moves with the policy's scores (takes that meld nothing: left out)."""
        if state.phase is Phase.DRAW:
            return self.draw_scores(state, moves)
        hand = _Hand(list(hand_of(state._seat_codes, state.to_move)))
        return [(self.score(state, hand, move), move) for move in moves]

    def rank_moves(self, state: GameState, moves: Sequence[Move]) -> list[tuple[float, Move]]:
        """The moves of the seat to move, best first, with the policy's scores."""
        scored = self.scores(state, moves)
        scored.sort(key=lambda item: -item[0])
        return scored

    def estimate(self, state: GameState) -> list[float]:
        """Each side's score if the hand went on well: the table, less the hands' dead weight.

        A card of a meld in hand counts nothing (it will be melded), a card
        with a partner half its value, deadwood its whole value, a wild joker
        nothing.
        """
        rules = state.rules
        players = state.num_players
        points = table_points(profile(rules), state.melds, players)
        values = self.values
        wild = state.jokers_wild
        totals = [float(value) for value in points]
        for seat, codes in enumerate(hands_of(state._seat_codes)):
            hand = _Hand(list(codes))
            for code in hand.codes:
                if code == JOKER_CODE:
                    weight = 0.0 if wild else 1.0
                else:
                    in_meld, partner = hand.held_uses(code, wild, self.wrap)
                    weight = 0.0 if in_meld else 0.5 if partner else 1.0
                totals[seat] = totals[seat] - weight * values[code]
        return [sum(totals[seat] for seat in side) for side in sides(rules, players)]

    def choose(self, state: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
        """The policy's move among all the legal ``moves`` of ``state``."""
        mover = state.to_move
        own: list[Move] = []
        calls: dict[int, list[CallRummy]] = {}
        plays: list[MeldMove | LayoffMove] = []
        for move in moves:
            if move.player == mover:
                own.append(move)
                if isinstance(move, (MeldMove, LayoffMove)):
                    plays.append(move)
            elif isinstance(move, CallRummy):
                calls.setdefault(move.player, []).append(move)
        if calls:
            for seat in polling_order(state):
                if seat in calls:
                    return max(calls[seat], key=lambda call: len(call.play.cards))
        if len(own) == 1:
            return own[0]
        if plays:  # meld and lay off first: the most points and potential left
            own = list(plays)
        scored = self.scores(state, own)
        if not scored:  # no take melds at once: draw (or whatever is left)
            scored = [(0.0, move) for move in own if isinstance(move, Draw)] or [(0.0, own[0])]
        top = max(score for score, _move in scored)
        best = [move for score, move in scored if score == top]
        return best[0] if len(best) == 1 else rng.choice(best)


def _without(codes: Sequence[int], play: MeldMove | LayoffMove) -> list[int]:
    """The card codes left of ``codes`` after ``play`` (a doubled meld spends a joker too).

    A card of the play not in ``codes`` is the dealer's joker (V7), never in hand.
    """
    rest = list(codes)
    spent = [spec.card.code for spec in play.cards]
    if isinstance(play, MeldMove) and play.doubled:
        spent.append(JOKER_CODE)
    for code in spent:
        if code in rest:
            rest.remove(code)
    return rest


def play_of(move: Move) -> tuple[object, ...]:
    """The cards a move puts on the table (a take's or a call's play included)."""
    play = getattr(move, "play", None)
    return () if play is None else tuple(play.cards)


def _tamed(effect: JokerEffect | None) -> bool:
    return effect is JokerEffect.DOUBLE or effect is JokerEffect.SPLIT


def rollout_move(state: GameState, rng: random.Random) -> Move:
    """The move the search's rollouts make in ``state`` (a fast greedy policy).

    The seats with a "Rummy!" call make it, the first in polling order.
    Else the seat to move weighs its hand as GreedyBot does (each card's
    value, weighted by its use: in a meld, laying off, beside a partner,
    or deadwood, which counts against): it draws from the stock or takes
    from the pile, whichever gains the most (a take: its meld's points and
    the change of weight; the stock: the change expected over its cards);
    melds and lays off while it can, the play that keeps the most weight;
    and discards the card it needs least.
    """
    return RolloutPolicy(state.rules).choose(state, legal_moves(state), rng)
