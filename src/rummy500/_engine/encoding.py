"""The compact observation of a seat, read from a state's codes: the environments' encoder.

Internal, compiled with the engine in the compiled build.  The public face
is :class:`rummy500.adapters.compact.CompactLayout`, which lays the
observation out (its pieces, their slices, its documentation) and builds the
same vector from a :class:`~rummy500.views.PlayerView`; this module builds
it from a state, reading what the seat's view shows and nothing more: the
seat's own hand, the known cards of the others (their hands once the hand is
over), the pile, the table, the public fields.

An observation is a list of *entries*, the indices of its non-zero values in
ascending order and the values (float32, as :class:`Value`), from which its
float32 bytes (for NumPy, one ``frombuffer``) and its list of Python floats
(for OpenSpiel's tensors) are made without a pass over its zeros.  The pile's
entries are kept by the pile's codes, a table's by the identity of its melds
and each table meld's by its own, so a move that leaves them alone does not
build them again.
"""

from __future__ import annotations

import struct
from typing import Final

import rummy500._engine.scoring as scoring
from rummy500._engine.boundary import NOMINATE, OVER, RUN
from rummy500._engine.codes.memo import store
from rummy500._engine.codes.specs import SPEC_PHYSICAL, SPEC_RANK, SPEC_SUIT
from rummy500._engine.codes.storage import StateCore
from rummy500._engine.profile import Profile
from rummy500._engine.tokens import (
    CARD_BASE,
    LAYOFF_BASE,
    MAX_DEPTH,
    RUMMY_BASE,
    SPLIT_BASE,
    TAKE_BASE,
    TOKEN_MELD,
)
from rummy500.cards import JOKER_CODE, NUM_CODES
from rummy500.statevalues import JokerEffect, Phase, TableMeld

__all__ = ["CompactCore", "Entries", "SeatObserver", "Value", "float32"]

_FLOAT32: Final = struct.Struct("<f")
#: The phases and the dealer's nominations in the order of their one-hot entries.
_PHASES: Final = tuple(Phase)
_EFFECTS: Final = tuple(JokerEffect)
#: The top cards of the pile the observation shows one-hot.
_TOP: Final = 3
#: The fixed entries of a table meld's row before the seats' credits.
_MELD_FIXED: Final = 13
#: The most piles, tables and table melds each memo of an encoder keeps.
_MEMO_SIZE: Final = 4096
#: Zeros enough for the float32 bytes of any observation.
_ZEROS: Final = bytes(4 * 8192)


class Value:
    """A float32 value: the Python float it is, and its four bytes (little-endian).

    Attributes:
        number: The value, rounded to float32.
        raw: Its float32 bytes.
    """

    __slots__ = ("number", "raw")

    def __init__(self, number: float) -> None:
        raw: bytes = _FLOAT32.pack(number)
        self.raw = raw
        self.number: float = _FLOAT32.unpack(raw)[0]


def float32(number: float) -> Value:
    """``number`` rounded to float32 (as NumPy's ``float32`` rounds a float)."""
    return Value(number)


class Entries:
    """The non-zero values of (part of) an observation: ascending indices and their values."""

    __slots__ = ("index", "values")

    def __init__(self) -> None:
        self.index: list[int] = []
        self.values: list[Value] = []

    def add(self, index: int, value: Value) -> None:
        """One entry more (``index`` above every index so far)."""
        self.index.append(index)
        self.values.append(value)

    def extend(self, other: Entries) -> None:
        """The entries of ``other`` (above every index so far) added."""
        self.index.extend(other.index)
        self.values.extend(other.values)


class _Row:
    """A table meld's row seen from a seat: its entries, physical cards and points per seat."""

    __slots__ = ("entries", "meld", "physical", "points")

    def __init__(
        self, meld: TableMeld, entries: Entries, physical: list[int], points: list[int]
    ) -> None:
        self.meld = meld
        self.entries = entries
        self.physical = physical
        self.points = points


class _Table:
    """A table seen from a seat: its cards, its melds' rows and each seat's points."""

    __slots__ = ("cards", "melds", "points", "rows")

    def __init__(
        self, melds: tuple[TableMeld, ...], cards: Entries, rows: Entries, points: Entries
    ) -> None:
        self.melds = melds
        self.cards = cards
        self.rows = rows
        self.points = points


class CompactCore:
    """The compact observation of one rule set and number of players, from states.

    Args:
        knobs: The rule set's compact form (for the points of the table).
        players: The number of players.
        deck: The cards in the deck.
        copies: The most copies of one card in the deck (the jokers' count when larger).
        scale: What points are divided by (the zero-sum reward's scale).
        target: What a match total is divided by (the target score).
        starts: Where each piece of the layout starts.
        size: The length of the vector.
        wild: Whether jokers are wild with no nomination, then under each
            nomination in :class:`~rummy500.JokerEffect` order.
        spelled: The value of ``k`` copies of a spelled card, for ``k = 0, 1, …``
            (as a float32 vector adds them up).
    """

    __slots__ = (
        "_melds",
        "_piles",
        "_tables",
        "at_blocked",
        "at_cards",
        "at_dead",
        "at_dealer",
        "at_depth",
        "at_discarder",
        "at_effect",
        "at_flags",
        "at_hand",
        "at_known",
        "at_melded",
        "at_melds",
        "at_opened",
        "at_phase",
        "at_pile",
        "at_scores",
        "at_sizes",
        "at_spelled",
        "at_stock",
        "at_table",
        "at_taken",
        "at_to_move",
        "at_top",
        "at_totals",
        "at_turn",
        "at_went_out",
        "copies",
        "counts",
        "deck",
        "depths",
        "idle",
        "jokers",
        "knobs",
        "lengths",
        "limit",
        "multipliers",
        "one",
        "players",
        "ranks",
        "rebuilds",
        "scale",
        "size",
        "sizes",
        "spelled",
        "spelled_zeros",
        "starts",
        "target",
        "targets",
        "wild",
    )

    def __init__(
        self,
        knobs: Profile,
        players: int,
        deck: int,
        copies: int,
        scale: float,
        target: float,
        starts: dict[str, int],
        size: int,
        wild: list[bool],
        spelled: list[float],
    ) -> None:
        self.knobs = knobs
        self.players = players
        self.deck = float(deck)
        self.copies = float(copies)
        self.scale = scale
        self.target = target
        self.starts = starts
        self.size = size
        self.wild = wild
        self.limit = deck // 3
        per_copy = 1.0 / copies
        longest = max(deck, MAX_DEPTH) + 1
        self.one = Value(1.0)
        self.counts = [Value(count * per_copy) for count in range(longest)]
        self.depths = [Value(1.0 - depth / self.deck) for depth in range(longest)]
        self.sizes = [Value(count / self.deck) for count in range(longest)]
        self.lengths = [Value(min(count / 14, 1.0)) for count in range(longest)]
        self.jokers = [Value(min(count / self.copies, 1.0)) for count in range(longest)]
        self.ranks = [Value(rank / 13) for rank in range(15)]
        self.multipliers = [Value(count / 4) for count in range(17)]
        self.rebuilds = [Value(min(count / 4, 1.0)) for count in range(5)]
        self.idle = [Value(min(count / (players + 1), 1.0)) for count in range(players + 2)]
        self.targets = [Value((target + 1) / max(1, deck // 3)) for target in range(longest)]
        self.spelled = [Value(value) for value in spelled]
        self._piles: dict[bytes, Entries] = {}
        self._tables: dict[int, _Table] = {}
        self._melds: dict[int, _Row] = {}
        self.at_hand = starts["hand"]
        self.at_known = starts["known"]
        self.at_pile = starts["pile"]
        self.at_depth = starts["pile_depth"]
        self.at_top = starts["pile_top"]
        self.at_table = starts["table"]
        self.at_taken = starts["taken"]
        self.at_dead = starts["dead"]
        self.at_melds = starts["melds"]
        self.at_sizes = starts["hand_sizes"]
        self.at_stock = starts["stock_size"]
        self.at_phase = starts["phase"]
        self.at_to_move = starts["to_move"]
        self.at_dealer = starts["dealer"]
        self.at_discarder = starts["last_discarder"]
        self.at_opened = starts["opened"]
        self.at_went_out = starts["went_out"]
        self.at_blocked = starts["blocked_by"]
        self.at_effect = starts["joker_effect"]
        self.at_flags = starts["flags"]
        self.at_turn = starts["turn"]
        self.at_melded = starts["melded_points"]
        self.at_scores = starts["scores"]
        self.at_totals = starts["match_totals"]
        self.at_spelled = starts["spelled"]
        self.at_cards = starts["spelled_cards"]
        self.spelled_zeros = bytes(4 * (size - self.at_spelled))

    def seat(self, seat: int) -> SeatObserver:
        """An observer of ``seat``'s observations, keeping the last state's."""
        return SeatObserver(self, seat)

    # -- building ---------------------------------------------------------------

    def _counted(self, entries: Entries, start: int, codes: bytes) -> None:
        """Entries of a card piece at ``start``: each card's count over the copies."""
        count = len(codes)
        if not count:
            return
        previous = -1
        for position in range(count):
            code = codes[position]
            if code < previous:
                codes = bytes(sorted(codes))
                break
            previous = code
        counts = self.counts
        position = 0
        while position < count:
            code = codes[position]
            end = position + 1
            while end < count and codes[end] == code:
                end = end + 1
            entries.add(start + code, counts[end - position])
            position = end

    def _one_hot(self, entries: Entries, start: int, seat: int | None, me: int) -> None:
        if seat is not None:
            entries.add(start + (seat - me) % self.players, self.one)

    def entries(self, state: StateCore, me: int, totals: tuple[int, ...]) -> Entries:
        """The entries of seat ``me``'s observation of ``state`` (nothing spelled)."""
        players = self.players
        entries = Entries()
        phase = state.phase
        over = phase is OVER
        hands = state.hand_codes
        if phase is not NOMINATE:
            self._counted(entries, self.at_hand, hands[me])
        shown = hands if over else state.known_codes
        for relative in range(1, players):
            held = shown[(me + relative) % players]
            if held:
                self._counted(entries, self.at_known + (relative - 1) * NUM_CODES, held)
        entries.extend(self._pile(state.discard_codes))
        table = self._table(state.melds, me)
        entries.extend(table.cards)
        taken = state.taken_codes
        if taken:
            self._counted(entries, self.at_taken, taken)
        dead = state.dead
        if dead:
            self._counted(entries, self.at_dead, bytes([card.code for card in dead]))
        entries.extend(table.rows)
        sizes = self.sizes
        for relative in range(players):
            held_count = len(hands[(me + relative) % players])
            if held_count:
                entries.add(self.at_sizes + relative, sizes[held_count])
        stock = len(state.stock_codes)
        if stock:
            entries.add(self.at_stock, sizes[stock])
        for index in range(len(_PHASES)):
            if _PHASES[index] is phase:
                entries.add(self.at_phase + index, self.one)
        to_move = state.to_move
        self._one_hot(entries, self.at_to_move, to_move, me)
        self._one_hot(entries, self.at_dealer, state.dealer, me)
        self._one_hot(entries, self.at_discarder, state.last_discarder, me)
        opened = state.opened
        if opened:
            for relative in range(players):
                if (me + relative) % players in opened:
                    entries.add(self.at_opened + relative, self.one)
        self._one_hot(entries, self.at_went_out, state.went_out, me)
        self._one_hot(entries, self.at_blocked, state.blocked_by, me)
        effect = state.joker_effect
        wild = self.wild[0]
        if effect is not None:
            for index in range(len(_EFFECTS)):
                if _EFFECTS[index] is effect:
                    entries.add(self.at_effect + index, self.one)
                    wild = self.wild[index + 1]
        flags = self.at_flags
        if me == to_move and not over:
            entries.add(flags, self.one)
        if state.dealer_joker:
            entries.add(flags + 1, self.one)
        if state.went_out_rummy:
            entries.add(flags + 2, self.one)
        if state.went_out_long_run:
            entries.add(flags + 3, self.one)
        if wild:
            entries.add(flags + 4, self.one)
        turn = self.at_turn
        points = state.turn_points
        if points:
            entries.add(turn, Value(points / self.scale))
        cards = state.turn_cards
        if cards:
            entries.add(turn + 1, self._size(cards))
        longest = state.turn_longest_run
        if longest:
            entries.add(turn + 2, self._size(longest))
        rebuilds = state.stock_rebuilds
        if rebuilds:
            entries.add(turn + 3, self.rebuilds[min(rebuilds, 4)])
        idle = state.idle_turns
        if idle:
            entries.add(turn + 4, self.idle[min(idle, players + 1)])
        entries.extend(table.points)
        result = state.result
        if result is not None:
            scores = result.scores
            for relative in range(players):
                score = scores[(me + relative) % players]
                if score:
                    entries.add(self.at_scores + relative, Value(score / self.scale))
        if totals:
            for relative in range(players):
                total = totals[(me + relative) % players]
                if total:
                    entries.add(self.at_totals + relative, Value(total / self.target))
        return entries

    def _size(self, count: int) -> Value:
        sizes = self.sizes
        return sizes[count] if count < len(sizes) else Value(count / self.deck)

    def _pile(self, codes: bytes) -> Entries:
        """The pile's entries: its cards, where each lies, its top cards (kept by the codes)."""
        kept = self._piles.get(codes)
        if kept is not None:
            return kept
        entries = Entries()
        self._counted(entries, self.at_pile, codes)
        count = len(codes)
        depth_of = [-1] * NUM_CODES
        for depth in range(count):
            code = codes[count - 1 - depth]
            if depth_of[code] < 0:
                depth_of[code] = depth
        depths = self.depths
        at_depth = self.at_depth
        for code in range(NUM_CODES):
            depth = depth_of[code]
            if depth >= 0:
                entries.add(at_depth + code, depths[depth])
        at_top = self.at_top
        for depth in range(min(count, _TOP)):
            entries.add(at_top + depth * NUM_CODES + codes[count - 1 - depth], self.one)
        return store(self._piles, codes, entries, _MEMO_SIZE)

    def _table(self, melds: tuple[TableMeld, ...], seat: int) -> _Table:
        """The table seen from ``seat`` (kept by the identity of ``melds``)."""
        key = id(melds) << 3 | seat
        kept = self._tables.get(key)
        if kept is not None and kept.melds is melds:
            return kept
        players = self.players
        rows = Entries()
        physical: list[int] = []
        totals = [0] * players
        shown = min(len(melds), self.limit)
        for number in range(shown):
            row = self._row(melds[number], number, seat)
            rows.extend(row.entries)
            physical.extend(row.physical)
            points = row.points
            for other in range(players):
                totals[other] = totals[other] + points[other]
        cards = Entries()
        physical.sort()
        self._counted(cards, self.at_table, bytes(physical))
        melded = Entries()
        for relative in range(players):
            total = totals[(seat + relative) % players]
            if total:
                melded.add(self.at_melded + relative, Value(total / self.scale))
        table = _Table(melds, cards, rows, melded)
        return store(self._tables, key, table, _MEMO_SIZE)

    def _row(self, table_meld: TableMeld, number: int, seat: int) -> _Row:
        """Table meld ``number``'s row seen from ``seat`` (kept by the meld's identity)."""
        players = self.players
        key = id(table_meld) << 9 | (number * players + seat)
        kept = self._melds.get(key)
        if kept is not None and kept.meld is table_meld:
            return kept
        meld = table_meld.meld
        codes = meld.codes
        row = self.at_melds + number * (_MELD_FIXED + players)
        entries = Entries()
        entries.add(row, self.one)
        if meld.kind is RUN:
            entries.add(row + 1, self.one)
            for code in codes:
                suit = SPEC_SUIT[code]
                if suit >= 0:
                    entries.add(row + 2 + suit, self.one)
                    break
        low = 14
        high = 0
        jokers = 0
        physical: list[int] = []
        for code in codes:
            rank = SPEC_RANK[code]
            if rank:
                low = min(low, rank)
                high = max(high, rank)
            if code >= JOKER_CODE:
                jokers = jokers + 1
            physical.append(SPEC_PHYSICAL[code])
        if high:
            entries.add(row + 6, self.ranks[low])
            entries.add(row + 7, self.ranks[high])
        entries.add(row + 8, self.lengths[len(codes)])
        if jokers:
            entries.add(row + 9, self.jokers[jokers])
        if table_meld.doubled:
            entries.add(row + 10, self.one)
        multiplier = table_meld.multiplier
        entries.add(
            row + 11,
            self.multipliers[multiplier] if 0 <= multiplier < 17 else Value(multiplier / 4),
        )
        credits = [0] * players
        for by in table_meld.by:
            relative = (by - seat) % players
            credits[relative] = credits[relative] + 1
        for relative in range(players):
            count = credits[relative]
            if count:
                entries.add(row + _MELD_FIXED + relative, self.lengths[count])
        points = scoring.table_points(self.knobs, (table_meld,), players)
        found = _Row(table_meld, entries, physical, points)
        return store(self._melds, key, found, _MEMO_SIZE)

    def spelled_entries(self, prefix: tuple[int, ...]) -> Entries:
        """The entries of the tokens spelled, ``prefix`` (after every entry of the state)."""
        entries = Entries()
        if not prefix:
            return entries
        at = self.at_spelled
        entries.add(at, self.one)
        head = prefix[0]
        kind = 0
        depth = 0
        if TAKE_BASE <= head < TAKE_BASE + MAX_DEPTH:
            kind, depth = 1, head - TAKE_BASE + 1
        elif RUMMY_BASE <= head < RUMMY_BASE + MAX_DEPTH:
            kind, depth = 2, head - RUMMY_BASE + 1
        elif SPLIT_BASE <= head < SPLIT_BASE + MAX_DEPTH:
            kind, depth = 3, head - SPLIT_BASE + 1
        if kind:
            entries.add(at + kind, self.one)
        melds = False
        target = -1
        cards = [0] * NUM_CODES
        for token in prefix:
            if token == TOKEN_MELD:
                melds = True
            elif LAYOFF_BASE <= token < CARD_BASE:
                target = token - LAYOFF_BASE
            elif token >= CARD_BASE:
                code = SPEC_PHYSICAL[token - CARD_BASE]
                cards[code] = cards[code] + 1
        if melds:
            entries.add(at + 4, self.one)
        if target >= 0:
            entries.add(at + 5, self.one)
        if kind:
            entries.add(at + 6, self._size(depth))
        if target >= 0:
            entries.add(at + 7, self.targets[target])
        at_cards = self.at_cards
        spelled = self.spelled
        for code in range(NUM_CODES):
            count = cards[code]
            if count:
                entries.add(
                    at_cards + code,
                    spelled[count] if count < len(spelled) else Value(count / self.copies),
                )
        return entries

    # -- output -----------------------------------------------------------------

    def dense(self, entries: Entries, start: int, end: int) -> bytes:
        """The float32 bytes of the values ``start .. end - 1`` (the entries all lie there)."""
        parts: list[bytes] = []
        zeros = _ZEROS
        at = start
        index = entries.index
        values = entries.values
        for position in range(len(index)):
            place = index[position]
            if place > at:
                parts.append(zeros[: 4 * (place - at)])
            parts.append(values[position].raw)
            at = place + 1
        if end > at:
            parts.append(zeros[: 4 * (end - at)])
        return b"".join(parts)

    def vector(
        self, state: StateCore, me: int, totals: tuple[int, ...], prefix: tuple[int, ...]
    ) -> bytes:
        """The float32 bytes of seat ``me``'s observation of ``state`` having spelled ``prefix``."""
        at = self.at_spelled
        head = self.dense(self.entries(state, me, totals), 0, at)
        if not prefix:
            return head + self.spelled_zeros
        return head + self.dense(self.spelled_entries(prefix), at, self.size)


class SeatObserver:
    """One seat's observations of the states it is shown, the last state's kept.

    Attributes:
        core: The encoder.
        seat: The seat observing.
    """

    __slots__ = ("_dense", "_entries", "_state", "_totals", "core", "seat")

    def __init__(self, core: CompactCore, seat: int) -> None:
        self.core = core
        self.seat = seat
        self._state: StateCore | None = None
        self._totals: tuple[int, ...] = ()
        self._entries = Entries()
        self._dense: bytes | None = None

    def _entries_of(self, state: StateCore, totals: tuple[int, ...]) -> Entries:
        if state is not self._state or totals != self._totals:
            self._entries = self.core.entries(state, self.seat, totals)
            self._state = state
            self._totals = totals
            self._dense = None
        return self._entries

    def state_bytes(self, state: StateCore, totals: tuple[int, ...]) -> bytes:
        """The float32 bytes of the observation of ``state`` with nothing spelled."""
        entries = self._entries_of(state, totals)
        dense = self._dense
        if dense is None:
            core = self.core
            dense = core.dense(entries, 0, core.at_spelled) + core.spelled_zeros
            self._dense = dense
        return dense

    def vector(self, state: StateCore, totals: tuple[int, ...], prefix: tuple[int, ...]) -> bytes:
        """The float32 bytes of the observation of ``state`` having spelled ``prefix``."""
        dense = self.state_bytes(state, totals)
        if not prefix:
            return dense
        core = self.core
        at = core.at_spelled
        return dense[: 4 * at] + core.dense(core.spelled_entries(prefix), at, core.size)

    def tensor(
        self, state: StateCore, totals: tuple[int, ...], prefix: tuple[int, ...]
    ) -> list[float]:
        """The observation of ``state`` having spelled ``prefix``, as a list of floats."""
        entries = self._entries_of(state, totals)
        values = [0.0] * self.core.size
        _fill(values, entries)
        if prefix:
            _fill(values, self.core.spelled_entries(prefix))
        return values


def _fill(values: list[float], entries: Entries) -> None:
    index = entries.index
    found = entries.values
    for position in range(len(index)):
        values[index[position]] = found[position].number
