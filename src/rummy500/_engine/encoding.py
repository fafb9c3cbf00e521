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
#: The float32 bytes of ``n`` zeros, for ``n`` below :data:`_RUNS` (made once).
_RUNS: Final = 64
_ZERO_RUNS: Final = tuple([bytes(4 * count) for count in range(_RUNS)])


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


class _Piece:
    """A part of an observation kept between states: its entries and its float32 bytes."""

    __slots__ = ("entries", "raw")

    def __init__(self, entries: Entries, raw: bytes) -> None:
        self.entries = entries
        self.raw = raw


class _Row:
    """A table meld's row seen from a seat: its entries, physical cards and points per seat."""

    __slots__ = ("index", "meld", "physical", "points", "values")

    def __init__(self, meld: TableMeld) -> None:
        self.meld = meld
        self.index: list[int] = []
        self.values: list[Value] = []
        self.physical: list[int] = []
        self.points: list[int] = []


class _Table:
    """A table seen from a seat: its cards, its melds' rows and each seat's points."""

    __slots__ = ("cards", "melds", "points", "rows")

    def __init__(
        self, melds: tuple[TableMeld, ...], cards: _Piece, rows: _Piece, points: _Piece
    ) -> None:
        self.melds = melds
        self.cards = cards
        self.rows = rows
        self.points = points


class _Seen:
    """One seat's observation of one state, nothing spelled: its entries, its bytes when asked.

    ``marks`` holds where the entries of the parts built for this state begin
    and end (the seat's cards; the cards taken and out of play; the public
    fields; the scores and totals), between which the kept pieces lie.
    """

    __slots__ = ("entries", "marks", "pile", "raw", "state", "table", "totals")

    def __init__(
        self,
        state: StateCore,
        totals: tuple[int, ...],
        entries: Entries,
        marks: list[int],
        pile: _Piece,
        table: _Table,
    ) -> None:
        self.state = state
        self.totals = totals
        self.entries = entries
        self.marks = marks
        self.pile = pile
        self.table = table
        self.raw: bytes | None = None


def _dense(
    index: list[int], values: list[Value], first: int, last: int, start: int, end: int
) -> bytes:
    """The float32 bytes of the places ``start .. end - 1``, holding entries ``first .. last - 1``.

    Those entries lie in that range, in ascending order.
    """
    parts: list[bytes] = []
    at = start
    for position in range(first, last):
        place = index[position]
        gap = place - at
        if gap:
            parts.append(_ZERO_RUNS[gap] if gap < _RUNS else _ZEROS[: 4 * gap])
        parts.append(values[position].raw)
        at = place + 1
    gap = end - at
    if gap:
        parts.append(_ZERO_RUNS[gap] if gap < _RUNS else _ZEROS[: 4 * gap])
    return b"".join(parts)


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
        "_scaled",
        "_tables",
        "_zeros_scores",
        "_zeros_taken",
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
        self._piles: dict[bytes, _Piece] = {}
        self._scaled: dict[int, Value] = {}
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
        self._zeros_taken = bytes(4 * (self.at_melds - self.at_taken))
        self._zeros_scores = bytes(4 * (self.at_spelled - self.at_scores))

    def seat(self, seat: int) -> SeatObserver:
        """An observer of ``seat``'s observations, keeping the last state's."""
        return SeatObserver(self, seat)

    # -- pieces -------------------------------------------------------------------

    def _counted(self, index: list[int], values: list[Value], start: int, codes: bytes) -> None:
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
            index.append(start + code)
            values.append(counts[end - position])
            position = end

    def _pile(self, codes: bytes) -> _Piece:
        """The pile's cards, where each lies and its top cards (kept by the codes)."""
        kept = self._piles.get(codes)
        if kept is not None:
            return kept
        entries = Entries()
        index = entries.index
        values = entries.values
        self._counted(index, values, self.at_pile, codes)
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
                index.append(at_depth + code)
                values.append(depths[depth])
        at_top = self.at_top
        one = self.one
        for depth in range(min(count, _TOP)):
            index.append(at_top + depth * NUM_CODES + codes[count - 1 - depth])
            values.append(one)
        piece = _Piece(entries, _dense(index, values, 0, len(index), self.at_pile, self.at_table))
        return store(self._piles, codes, piece, _MEMO_SIZE)

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
        for number in range(min(len(melds), self.limit)):
            row = self._row(melds[number], number, seat)
            rows.index.extend(row.index)
            rows.values.extend(row.values)
            physical.extend(row.physical)
            points = row.points
            for other in range(players):
                totals[other] = totals[other] + points[other]
        cards = Entries()
        physical.sort()
        self._counted(cards.index, cards.values, self.at_table, bytes(physical))
        melded = Entries()
        for relative in range(players):
            total = totals[(seat + relative) % players]
            if total:
                melded.index.append(self.at_melded + relative)
                melded.values.append(self._points(total))
        table = _Table(
            melds,
            _Piece(cards, _whole(cards, self.at_table, self.at_taken)),
            _Piece(rows, _whole(rows, self.at_melds, self.at_sizes)),
            _Piece(melded, _whole(melded, self.at_melded, self.at_scores)),
        )
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
        at = self.at_melds + number * (_MELD_FIXED + players)
        row = _Row(table_meld)
        index = row.index
        values = row.values
        one = self.one
        index.append(at)
        values.append(one)
        if meld.kind is RUN:
            index.append(at + 1)
            values.append(one)
            for code in codes:
                suit = SPEC_SUIT[code]
                if suit >= 0:
                    index.append(at + 2 + suit)
                    values.append(one)
                    break
        low = 14
        high = 0
        jokers = 0
        physical = row.physical
        for code in codes:
            rank = SPEC_RANK[code]
            if rank:
                low = min(low, rank)
                high = max(high, rank)
            if code >= JOKER_CODE:
                jokers = jokers + 1
            physical.append(SPEC_PHYSICAL[code])
        if high:
            index.append(at + 6)
            values.append(self.ranks[low])
            index.append(at + 7)
            values.append(self.ranks[high])
        index.append(at + 8)
        values.append(self.lengths[len(codes)])
        if jokers:
            index.append(at + 9)
            values.append(self.jokers[jokers])
        if table_meld.doubled:
            index.append(at + 10)
            values.append(one)
        multiplier = table_meld.multiplier
        index.append(at + 11)
        values.append(
            self.multipliers[multiplier] if 0 <= multiplier < 17 else Value(multiplier / 4)
        )
        credits = [0] * players
        for by in table_meld.by:
            relative = (by - seat) % players
            credits[relative] = credits[relative] + 1
        for relative in range(players):
            count = credits[relative]
            if count:
                index.append(at + _MELD_FIXED + relative)
                values.append(self.lengths[count])
        row.points = scoring.table_points(self.knobs, (table_meld,), players)
        return store(self._melds, key, row, _MEMO_SIZE)

    # -- a state ------------------------------------------------------------------

    def seen(self, state: StateCore, me: int, totals: tuple[int, ...]) -> _Seen:
        """Seat ``me``'s observation of ``state``, nothing spelled (its bytes made when asked)."""
        players = self.players
        entries = Entries()
        index = entries.index
        values = entries.values
        marks: list[int] = []
        one = self.one
        phase = state.phase
        over = phase is OVER
        hands = state.hand_codes
        # The seat's hand, and the cards shown of the others.
        if phase is not NOMINATE:
            self._counted(index, values, self.at_hand, hands[me])
        shown = hands if over else state.known_codes
        for relative in range(1, players):
            held = shown[(me + relative) % players]
            if held:
                self._counted(index, values, self.at_known + (relative - 1) * NUM_CODES, held)
        marks.append(len(index))
        # The pile and the table's cards (kept).
        pile = self._pile(state.discard_codes)
        index.extend(pile.entries.index)
        values.extend(pile.entries.values)
        table = self._table(state.melds, me)
        index.extend(table.cards.entries.index)
        values.extend(table.cards.entries.values)
        # The cards taken this turn and out of play.
        marks.append(len(index))
        taken = state.taken_codes
        if taken:
            self._counted(index, values, self.at_taken, taken)
        dead = state.dead
        if dead:
            self._counted(index, values, self.at_dead, bytes([card.code for card in dead]))
        marks.append(len(index))
        # The table's melds (kept).
        index.extend(table.rows.entries.index)
        values.extend(table.rows.entries.values)
        # The public fields.
        marks.append(len(index))
        sizes = self.sizes
        at = self.at_sizes
        for relative in range(players):
            held_count = len(hands[(me + relative) % players])
            if held_count:
                index.append(at + relative)
                values.append(sizes[held_count])
        stock = len(state.stock_codes)
        if stock:
            index.append(self.at_stock)
            values.append(sizes[stock])
        for place in range(len(_PHASES)):
            if _PHASES[place] is phase:
                index.append(self.at_phase + place)
                values.append(one)
        to_move = state.to_move
        index.append(self.at_to_move + (to_move - me) % players)
        values.append(one)
        index.append(self.at_dealer + (state.dealer - me) % players)
        values.append(one)
        marked = state.last_discarder
        if marked is not None:
            index.append(self.at_discarder + (marked - me) % players)
            values.append(one)
        opened = state.opened
        if opened:
            for relative in range(players):
                if (me + relative) % players in opened:
                    index.append(self.at_opened + relative)
                    values.append(one)
        marked = state.went_out
        if marked is not None:
            index.append(self.at_went_out + (marked - me) % players)
            values.append(one)
        marked = state.blocked_by
        if marked is not None:
            index.append(self.at_blocked + (marked - me) % players)
            values.append(one)
        effect = state.joker_effect
        wild = self.wild[0]
        if effect is not None:
            for place in range(len(_EFFECTS)):
                if _EFFECTS[place] is effect:
                    index.append(self.at_effect + place)
                    values.append(one)
                    wild = self.wild[place + 1]
        at = self.at_flags
        if me == to_move and not over:
            index.append(at)
            values.append(one)
        if state.dealer_joker:
            index.append(at + 1)
            values.append(one)
        if state.went_out_rummy:
            index.append(at + 2)
            values.append(one)
        if state.went_out_long_run:
            index.append(at + 3)
            values.append(one)
        if wild:
            index.append(at + 4)
            values.append(one)
        at = self.at_turn
        count = state.turn_points
        if count:
            index.append(at)
            values.append(self._points(count))
        count = state.turn_cards
        if count:
            index.append(at + 1)
            values.append(self._size(count))
        count = state.turn_longest_run
        if count:
            index.append(at + 2)
            values.append(self._size(count))
        count = state.stock_rebuilds
        if count:
            index.append(at + 3)
            values.append(self.rebuilds[min(count, 4)])
        count = state.idle_turns
        if count:
            index.append(at + 4)
            values.append(self.idle[min(count, players + 1)])
        marks.append(len(index))
        # Each seat's points on the table (kept with the table).
        index.extend(table.points.entries.index)
        values.extend(table.points.entries.values)
        # The scores of a finished hand, and the match totals.
        marks.append(len(index))
        result = state.result
        if result is not None:
            scores = result.scores
            for relative in range(players):
                score = scores[(me + relative) % players]
                if score:
                    index.append(self.at_scores + relative)
                    values.append(self._points(score))
        if totals:
            for relative in range(players):
                total = totals[(me + relative) % players]
                if total:
                    index.append(self.at_totals + relative)
                    values.append(Value(total / self.target))
        marks.append(len(index))
        return _Seen(state, totals, entries, marks, pile, table)

    def raw(self, seen: _Seen) -> bytes:
        """The float32 bytes of an observation with nothing spelled (made once)."""
        raw = seen.raw
        if raw is None:
            index = seen.entries.index
            values = seen.entries.values
            marks = seen.marks
            table = seen.table
            blocks = [
                _dense(index, values, 0, marks[0], self.at_hand, self.at_pile),
                seen.pile.raw,
                table.cards.raw,
                _dense(index, values, marks[1], marks[2], self.at_taken, self.at_melds),
                table.rows.raw,
                _dense(index, values, marks[3], marks[4], self.at_sizes, self.at_melded),
                table.points.raw,
                _dense(index, values, marks[5], marks[6], self.at_scores, self.at_spelled),
                self.spelled_zeros,
            ]
            raw = seen.raw = b"".join(blocks)
        return raw

    def _points(self, points: int) -> Value:
        """``points`` over the scale (kept: the same points come back)."""
        value = self._scaled.get(points)
        if value is None:
            value = store(self._scaled, points, Value(points / self.scale), _MEMO_SIZE)
        return value

    def _size(self, count: int) -> Value:
        sizes = self.sizes
        return sizes[count] if count < len(sizes) else Value(count / self.deck)

    def spelled_entries(self, prefix: tuple[int, ...]) -> Entries:
        """The entries of the tokens spelled, ``prefix`` (after every entry of the state)."""
        entries = Entries()
        if not prefix:
            return entries
        index = entries.index
        values = entries.values
        one = self.one
        at = self.at_spelled
        index.append(at)
        values.append(one)
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
            index.append(at + kind)
            values.append(one)
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
            index.append(at + 4)
            values.append(one)
        if target >= 0:
            index.append(at + 5)
            values.append(one)
        if kind:
            index.append(at + 6)
            values.append(self._size(depth))
        if target >= 0:
            index.append(at + 7)
            values.append(self.targets[target])
        at = self.at_cards
        spelled = self.spelled
        for code in range(NUM_CODES):
            count = cards[code]
            if count:
                index.append(at + code)
                values.append(
                    spelled[count] if count < len(spelled) else Value(count / self.copies)
                )
        return entries

    def spelled_bytes(self, prefix: tuple[int, ...]) -> bytes:
        """The float32 bytes of the spelled pieces for ``prefix``."""
        if not prefix:
            return self.spelled_zeros
        return _whole(self.spelled_entries(prefix), self.at_spelled, self.size)

    def vector(
        self, state: StateCore, me: int, totals: tuple[int, ...], prefix: tuple[int, ...]
    ) -> bytes:
        """The float32 bytes of seat ``me``'s observation of ``state`` having spelled ``prefix``."""
        raw = self.raw(self.seen(state, me, totals))
        if not prefix:
            return raw
        return raw[: 4 * self.at_spelled] + self.spelled_bytes(prefix)


class SeatObserver:
    """One seat's observations of the states it is shown, the last state's kept.

    Attributes:
        core: The encoder.
        seat: The seat observing.
    """

    __slots__ = ("_seen", "core", "seat")

    def __init__(self, core: CompactCore, seat: int) -> None:
        self.core = core
        self.seat = seat
        self._seen: _Seen | None = None

    def _of(self, state: StateCore, totals: tuple[int, ...]) -> _Seen:
        seen = self._seen
        if seen is None or seen.state is not state or seen.totals != totals:
            seen = self._seen = self.core.seen(state, self.seat, totals)
        return seen

    def state_bytes(self, state: StateCore, totals: tuple[int, ...]) -> bytes:
        """The float32 bytes of the observation of ``state`` with nothing spelled."""
        return self.core.raw(self._of(state, totals))

    def vector(self, state: StateCore, totals: tuple[int, ...], prefix: tuple[int, ...]) -> bytes:
        """The float32 bytes of the observation of ``state`` having spelled ``prefix``."""
        core = self.core
        raw = core.raw(self._of(state, totals))
        if not prefix:
            return raw
        return raw[: 4 * core.at_spelled] + core.spelled_bytes(prefix)

    def tensor(
        self, state: StateCore, totals: tuple[int, ...], prefix: tuple[int, ...]
    ) -> list[float]:
        """The observation of ``state`` having spelled ``prefix``, as a list of floats."""
        entries = self._of(state, totals).entries
        values = [0.0] * self.core.size
        _fill(values, entries)
        if prefix:
            _fill(values, self.core.spelled_entries(prefix))
        return values


def _whole(entries: Entries, start: int, end: int) -> bytes:
    """The float32 bytes of the places ``start .. end - 1``, holding all of ``entries``."""
    return _dense(entries.index, entries.values, 0, len(entries.index), start, end)


def _fill(values: list[float], entries: Entries) -> None:
    index = entries.index
    found = entries.values
    for position in range(len(index)):
        values[index[position]] = found[position].number
