"""The compact observation: every value scaled to about [0, 1], a few kilobytes a step.

The default observation of the environments.  Like the full vector of
:mod:`rummy500.adapters.observation` it is built from the acting seat's
:class:`~rummy500.views.PlayerView` and the tokens it has spelled only, so
no hidden card can leak; unlike it, the pile is summarised (where each card
lies in it, and its top cards) and each table meld is a few numbers instead
of 118, so it stays small with two decks and eight players.

Seats are relative (entry 0 of every per-seat piece is the observing seat),
cards indexed by code (``AS`` 0 … ``KC`` 51, the joker 52).  With ``P``
players, ``D`` cards in the deck, ``M = D // 3`` table melds and ``C`` the
most copies of one card in the deck (the jokers' count when it is larger):

==================  =========  =================================================
piece               shape      content (scaled)
==================  =========  =================================================
``hand``            53         the seat's own cards (count / C)
``known``           P-1, 53    the cards each other seat is known to hold (/ C)
``pile``            53         the cards in the discard pile (/ C)
``pile_depth``      53         for each card in the pile, 1 - (its depth from the
                               top, 0 for the top card) / D; 0 if absent
``pile_top``        3, 53      the top three cards of the pile, one-hot
``table``           53         the cards on the table (/ C)
``taken``           53         the cards taken from the pile this turn (/ C)
``dead``            53         the cards out of play, V7 (/ C)
``melds``           M, 13 + P  table meld ``m``: present, a run, its suit
                               (one-hot, 4), lowest and highest rank (/ 13),
                               cards (/ 14), jokers (/ C), doubled (V7),
                               multiplier (/ 4), blank, the cards each seat put
                               there (/ 14)
``hand_sizes``      P          cards in each hand (/ D)
``stock_size``      1          cards in the stock (/ D)
``phase``           6          the phase, one-hot
``to_move``         P          the seat to move, one-hot
``dealer``          P          the dealer, one-hot
``last_discarder``  P          whose discard may be called "Rummy!", one-hot
``opened``          P          the seats that have opened (T8)
``went_out``        P          the seat that went out, one-hot
``blocked_by``      P          who blocked the dealer's joker, one-hot (V7)
``joker_effect``    3          the dealer's nomination, one-hot (V7)
``flags``           5          my turn, dealer's joker beside the stock, went
                               out rummy, went out with a long run, jokers wild
``turn``            5          this turn's points (/ S), cards and longest run
                               (/ D), stock rebuilds (/ 4), idle turns (/ P+1)
``melded_points``   P          each seat's points on the table (/ S)
``scores``          P          the hand's scores once it is over (/ S)
``match_totals``    P          each seat's match total before this hand (/ the
                               target score)
``spelled``         8          spelled anything; the head spelled: take,
                               rummy, split, meld, lay-off; its depth (/ D);
                               its table meld (/ M)
``spelled_cards``   53         the cards spelled so far (/ C)
==================  =========  =================================================

``S`` is :func:`~rummy500.adapters.episodes.reward_scale` (the deck's
points over the players).  Sizes: 901 values with one deck and two players
(3,604 bytes as float32), 1,468 with two decks and five (5,872 bytes),
1,786 with two decks of four jokers and eight (7,144 bytes): always under
8 KB.

>>> from rummy500 import new_game, observe
>>> from rummy500.adapters.actions import ActionSpace
>>> layout = CompactLayout(ActionSpace())
>>> layout.size, layout.size * 4
(901, 3604)
>>> vector = layout.encode(observe(new_game(seed=7), 1))
>>> float(vector[layout.slices["hand"]].sum() * 2), float(vector.max()) <= 1.0
(13.0, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from numbers import Integral
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from rummy500._engine import CompactCore, SeatObserver, compact_core, store, table_points
from rummy500.adapters.actions import ActionSpace
from rummy500.adapters.episodes import reward_scale
from rummy500.adapters.observation import layout_slices, score_bound
from rummy500.adapters.seats import SeatEncoder
from rummy500.cards import JOKER_CODE, NUM_CODES, Card
from rummy500.errors import InvalidArgumentError, shown
from rummy500.extras import requires
from rummy500.meldcards import SPEC_PHYSICAL, SPEC_RANK, SPEC_SUIT
from rummy500.melds import MeldKind
from rummy500.state import GameState, JokerEffect, Phase, TableMeld, jokers_wild
from rummy500.views import PlayerView

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["CompactLayout"]

_NEEDED_BY = "rummy500.adapters.compact (NumPy)"
_PHASES: dict[Phase, int] = {phase: index for index, phase in enumerate(Phase)}
_EFFECTS: dict[JokerEffect, int] = {effect: index for index, effect in enumerate(JokerEffect)}
_TOP = 3
#: The most pieces (piles, tables, table melds) each memo of a layout keeps.
_MEMO_SIZE = 4096
_MELD_FIXED = 13
#: A piece's entries: the indices set and their values (distinct indices).
_Entries = tuple[list[int], list[float]]
#: A table meld's row entries, its cards' codes and each seat's points for it.
_MeldEntries = tuple[list[int], list[float], list[int], list[int]]
_Piece = TypeVar("_Piece")
#: A memo of pieces by the identity of what each was built from, with that value
#: (kept alive by the memo, so its identity is not reused while it is there).
_Memo = dict[tuple[int, int], tuple[object, _Piece]]


def _kept(memo: _Memo[_Piece], key: tuple[int, int], of: object) -> _Piece | None:
    """The piece of ``memo`` under ``key`` if it was built from ``of`` itself."""
    kept = memo.get(key)
    return kept[1] if kept is not None and kept[0] is of else None


@attrs.frozen(repr=False)
class CompactLayout:
    """Where each piece of the compact observation lies, and how to build it.

    Attributes:
        space: The action space (it sets the rule set and the number of players).
        shapes: Each piece's name and shape, in order.
        slices: Each piece's slice of the flat vector.
        size: The length of the flat vector.
    """

    space: ActionSpace
    shapes: tuple[tuple[str, tuple[int, ...]], ...] = attrs.field(init=False)
    slices: dict[str, slice] = attrs.field(init=False, eq=False)
    size: int = attrs.field(init=False)
    _consts: dict[str, Any] = attrs.field(init=False, factory=dict, eq=False, repr=False)
    # Many games share a layout (the batched environment): the memos serve them all.
    _pieces: _Memo[_Entries] = attrs.field(init=False, factory=dict, eq=False, repr=False)
    _melds: _Memo[_MeldEntries] = attrs.field(init=False, factory=dict, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        players = self.space.players
        deck = self.space.deck
        shapes = (
            ("hand", (NUM_CODES,)),
            ("known", (players - 1, NUM_CODES)),
            ("pile", (NUM_CODES,)),
            ("pile_depth", (NUM_CODES,)),
            ("pile_top", (_TOP, NUM_CODES)),
            ("table", (NUM_CODES,)),
            ("taken", (NUM_CODES,)),
            ("dead", (NUM_CODES,)),
            ("melds", (deck // 3, _MELD_FIXED + players)),
            ("hand_sizes", (players,)),
            ("stock_size", (1,)),
            ("phase", (len(_PHASES),)),
            ("to_move", (players,)),
            ("dealer", (players,)),
            ("last_discarder", (players,)),
            ("opened", (players,)),
            ("went_out", (players,)),
            ("blocked_by", (players,)),
            ("joker_effect", (len(_EFFECTS),)),
            ("flags", (5,)),
            ("turn", (5,)),
            ("melded_points", (players,)),
            ("scores", (players,)),
            ("match_totals", (players,)),
            ("spelled", (8,)),
            ("spelled_cards", (NUM_CODES,)),
        )
        slices, offset = layout_slices(shapes)
        object.__setattr__(self, "shapes", shapes)
        object.__setattr__(self, "slices", slices)
        object.__setattr__(self, "size", offset)
        rules = self.space.rules
        cards = rules.deck(players)
        self._consts.update(
            copies=float(max(cards.count(card) for card in set(cards))),
            deck=float(deck),
            scale=reward_scale(rules, players),
            target=float(rules.target_score),
            at={name: piece.start for name, piece in slices.items()},
        )
        self._consts["per_copy"] = 1.0 / self._consts["copies"]

    # -- bounds -----------------------------------------------------------------

    def bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The lowest and highest value of each entry (for a ``Box`` space)."""
        with requires("gymnasium", _NEEDED_BY):
            import numpy as np

        rules, players = self.space.rules, self.space.players
        points = score_bound(rules, players) / self._consts["scale"]
        low = np.zeros(self.size, dtype=np.float32)
        high = np.ones(self.size, dtype=np.float32)
        for name in ("melded_points", "scores"):
            high[self.slices[name]] = points
        low[self.slices["scores"]] = -points
        # A match total has no bound in the rules (scores may be negative):
        # a thousand hands' worth either way is far beyond any match.
        totals = self.slices["match_totals"]
        high[totals] = 1000.0 * score_bound(rules, players) / self._consts["target"]
        low[totals] = -high[totals]
        high[self.slices["turn"].start] = points
        return low, high

    # -- encoding ---------------------------------------------------------------

    def encode(
        self,
        view: PlayerView,
        prefix: Sequence[int] = (),
        out: npt.NDArray[np.float32] | None = None,
        totals: Sequence[int] = (),
    ) -> npt.NDArray[np.float32]:
        """The compact observation of ``view``'s seat having spelled ``prefix``.

        Args:
            view: The seat's view.
            prefix: The tokens it has spelled of its current move.
            out: A vector of length :attr:`size` to fill instead of a new one.
            totals: Each seat's match total before this hand (none: all 0).
        """
        return self._encode(view, view.seat, view.hand, view.known, view.hand_sizes,
                            view.stock_size, prefix, out, totals)  # fmt: skip

    def encode_state(
        self,
        state: GameState,
        seat: int,
        prefix: Sequence[int] = (),
        out: npt.NDArray[np.float32] | None = None,
        totals: Sequence[int] = (),
    ) -> npt.NDArray[np.float32]:
        """:meth:`encode` of ``observe(state, seat)``, without building the view.

        It reads of ``state`` exactly what the view shows (the seat's own
        hand, the known cards of the others or their laid-open hands once
        the hand is over, the sizes, the public fields), from the codes the
        state keeps, so the vector is the same.

        Raises:
            InvalidArgumentError: for a state, seat, tokens or totals of another kind.
        """
        numeric = self._numpy()
        if not isinstance(state, GameState):
            raise InvalidArgumentError(f"state must be a GameState, got {shown(state)}")
        players = self.space.players
        if state.rules != self.space.rules or state.num_players != players:
            raise InvalidArgumentError(
                "the state is of another rule set or number of players than the layout"
            )
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidArgumentError(f"seat must be a seat 0..{players - 1}, got {shown(seat)}")
        tokens = _integers("prefix", prefix)
        if any(not 0 <= token < self.space.size for token in tokens):
            raise InvalidArgumentError(f"prefix must hold tokens, got {shown(prefix)}")
        raw = self.core().vector(state, seat, _integers("totals", totals), tokens)
        if out is None:
            vector: npt.NDArray[np.float32] = numeric.frombuffer(
                bytearray(raw), dtype=numeric.float32
            )
            return vector
        out[:] = numeric.frombuffer(raw, dtype=numeric.float32)
        return out

    def core(self) -> CompactCore:
        """The encoder of :meth:`encode_state`, compiled with the engine (made once)."""
        core: CompactCore | None = self._consts.get("core")
        if core is None:
            numeric = self._numpy()
            rules, players = self.space.rules, self.space.players
            # A card spelled k times: k additions of 1 / copies to a float32 entry,
            # as add_spelled makes them.
            spelled = [0.0]
            entry = numeric.zeros(1, dtype=numeric.float32)
            for _ in range(2 * int(self._consts["copies"]) + 8):
                entry[0] += 1.0 / self._consts["copies"]
                spelled.append(float(entry[0]))
            core = compact_core(
                rules,
                players,
                self.space.deck,
                int(self._consts["copies"]),
                self._consts["scale"],
                self._consts["target"],
                dict(self._consts["at"]),
                self.size,
                [jokers_wild(rules, effect) for effect in (None, *JokerEffect)],
                spelled,
            )
            self._consts["core"] = core
        return core

    def seat_encoder(self, seat: int) -> SeatEncoder:
        """An encoder of ``seat``'s observations into a vector of its own."""
        return SeatEncoder(self, seat)

    def seat_observer(self, seat: int) -> SeatObserver:
        """The compiled observer of ``seat``'s observations (what a seat encoder keeps)."""
        return self.core().seat(seat)

    def _encode(
        self,
        source: PlayerView | GameState,
        me: int,
        hand: tuple[Card, ...],
        shown: tuple[tuple[Card, ...], ...],
        hand_sizes: tuple[int, ...],
        stock_size: int,
        prefix: Sequence[int],
        out: npt.NDArray[np.float32] | None,
        totals: Sequence[int],
    ) -> npt.NDArray[np.float32]:
        """The vector of seat ``me``: its pieces and the public fields read off ``source``.

        ``shown`` holds the cards shown of each seat (the seat's own entry
        is skipped).
        """
        numeric = self._numpy()
        at: dict[str, int] = self._consts["at"]
        # Each piece has slices of its own and distinct indices; the pile and
        # the table are kept by identity (a move that leaves them is cheap).
        pieces = [
            self._cards(at["hand"], hand),
            self._known(shown, me),
            self._pile(source.discard),
            self._table(source.melds, me),
        ]
        if source.taken:
            pieces.append(self._cards(at["taken"], source.taken))
        if source.dead:
            pieces.append(self._cards(at["dead"], source.dead))
        index, value = self._scalars(source, me, hand_sizes, stock_size, totals)
        for piece_index, piece_value in pieces:
            index += piece_index
            value += piece_value
        if out is None:
            vector = numeric.zeros(self.size, dtype=numeric.float32)
        else:
            vector = out
            vector.fill(0.0)
        # NumPy reads arrays made by fromiter far faster than lists.
        vector[numeric.fromiter(index, numeric.intp, len(index))] = numeric.fromiter(
            value, numeric.float32, len(value)
        )
        if prefix:
            self.add_spelled(vector, prefix)
        encoded: npt.NDArray[np.float32] = vector
        return encoded

    def _numpy(self) -> Any:
        """The NumPy module (imported on first use, with the install line if it is missing)."""
        numeric = self._consts.get("numpy")
        if numeric is None:
            with requires("gymnasium", _NEEDED_BY):
                import numpy

            numeric = self._consts["numpy"] = numpy
        return numeric

    def _scalars(
        self,
        source: PlayerView | GameState,
        me: int,
        hand_sizes: tuple[int, ...],
        stock_size: int,
        totals: Sequence[int],
    ) -> _Entries:
        """The entries of all but the pieces: phase, seats, sizes, flags, scores (new lists)."""
        consts = self._consts
        at: dict[str, int] = consts["at"]
        players = self.space.players
        deck = consts["deck"]
        phase = source.phase
        index = [at["phase"] + _PHASES[phase]]
        value = [1.0]
        for name, marked in (
            ("to_move", source.to_move),
            ("dealer", source.dealer),
            ("last_discarder", source.last_discarder),
            ("went_out", source.went_out),
            ("blocked_by", source.blocked_by),
        ):
            if marked is not None:
                index.append(at[name] + (marked - me) % players)
                value.append(1.0)
        opened = at["opened"]
        for seat in source.opened:
            index.append(opened + (seat - me) % players)
            value.append(1.0)
        effect = source.joker_effect
        if effect is not None:
            index.append(at["joker_effect"] + _EFFECTS[effect])
            value.append(1.0)
        sizes = at["hand_sizes"]
        for seat, size in enumerate(hand_sizes):
            index.append(sizes + (seat - me) % players)
            value.append(size / deck)
        scale = consts["scale"]
        flags, turn = at["flags"], at["turn"]
        index += [at["stock_size"], flags, flags + 1, flags + 2, flags + 3, flags + 4]
        index += [turn, turn + 1, turn + 2, turn + 3, turn + 4]
        value += [
            stock_size / deck,
            float(me == source.to_move and phase is not Phase.OVER),
            float(source.dealer_joker),
            float(source.went_out_rummy),
            float(source.went_out_long_run),
            float(jokers_wild(self.space.rules, effect)),
            source.turn_points / scale,
            source.turn_cards / deck,
            source.turn_longest_run / deck,
            min(source.stock_rebuilds / 4, 1.0),
            min(source.idle_turns / (players + 1), 1.0),
        ]
        result = source.result
        if result is not None:
            scores = at["scores"]
            for seat, points in enumerate(result.scores):
                index.append(scores + (seat - me) % players)
                value.append(points / scale)
        if totals:
            start = at["match_totals"]
            for seat, total in enumerate(totals):
                index.append(start + (seat - me) % players)
                value.append(total / consts["target"])
        return index, value

    def add_spelled(self, vector: npt.NDArray[np.float32], prefix: Sequence[int]) -> None:
        """Write what the seat has spelled, ``prefix``, into ``vector`` (built without it)."""
        if not prefix:
            return
        space = self.space
        consts = self._consts
        at: dict[str, int] = consts["at"]
        spelled = at["spelled"]
        vector[spelled] = 1.0
        head = prefix[0]
        for offset, base in enumerate((space.take, space.rummy, space.split)):
            if base <= head < base + space.max_depth:
                vector[spelled + 1 + offset] = 1.0
                vector[spelled + 6] = (head - base + 1) / consts["deck"]
        for token in prefix:
            if token == space.MELD:
                vector[spelled + 4] = 1.0
            elif space.layoff <= token < space.card:
                vector[spelled + 5] = 1.0
                vector[spelled + 7] = (token - space.layoff + 1) / max(1, space.deck // 3)
            elif token >= space.card:
                code = SPEC_PHYSICAL[token - space.card]
                vector[at["spelled_cards"] + code] += 1.0 / consts["copies"]

    # -- pieces -----------------------------------------------------------------

    def _cards(self, start: int, cards: tuple[Card, ...]) -> _Entries:
        """The entries of a card piece at ``start``: each card's count / copies (new lists)."""
        return self._counted(start, [card.code for card in cards])

    def _counted(self, start: int, codes: list[int]) -> _Entries:
        """The entries of a card piece at ``start`` holding the cards of ``codes`` (new lists)."""
        per_copy = self._consts["per_copy"]
        if len(set(codes)) == len(codes):  # no two cards alike: the usual case
            return [start + code for code in codes], [per_copy] * len(codes)
        counts: dict[int, int] = {}
        for code in codes:
            counts[code] = counts.get(code, 0) + 1
        return [start + code for code in counts], [count * per_copy for count in counts.values()]

    def _known(self, shown: tuple[tuple[Card, ...], ...], me: int) -> _Entries:
        """The entries of the other seats' shown cards, seen from ``me`` (new lists)."""
        players = self.space.players
        start = self._consts["at"]["known"]
        index: list[int] = []
        value: list[float] = []
        for seat, held in enumerate(shown):
            if held and seat != me:
                seat_index, seat_value = self._cards(
                    start + ((seat - me) % players - 1) * NUM_CODES, held
                )
                index += seat_index
                value += seat_value
        return index, value

    def _pile(self, pile: tuple[Card, ...]) -> _Entries:
        """The pile's card entries and its depths and top cards (kept)."""
        key = (id(pile), -1)
        kept = _kept(self._pieces, key, pile)
        if kept is not None:
            return kept
        consts = self._consts
        at: dict[str, int] = consts["at"]
        deck = consts["deck"]
        depth_at, top_at = at["pile_depth"], at["pile_top"]
        index, value = self._cards(at["pile"], pile)
        codes = [card.code for card in reversed(pile)]
        index += [top_at + depth * NUM_CODES + code for depth, code in enumerate(codes[:_TOP])]
        value += [1.0] * min(len(codes), _TOP)
        seen: set[int] = set()
        for depth, code in enumerate(codes):
            if code not in seen:
                seen.add(code)
                index.append(depth_at + code)
                value.append(1.0 - depth / deck)
        return store(self._pieces, key, (pile, (index, value)), _MEMO_SIZE)[1]

    def _table(self, melds: tuple[TableMeld, ...], seat: int) -> _Entries:
        """The table's card entries and meld values seen from ``seat`` (kept)."""
        key = (id(melds), seat)
        kept = _kept(self._pieces, key, melds)
        if kept is not None:
            return kept
        consts = self._consts
        players = self.space.players
        rows = [
            self._meld(table_meld, number, seat)
            for number, table_meld in enumerate(melds[: self.space.deck // 3])
        ]
        index = [entry for row in rows for entry in row[0]]
        value = [entry for row in rows for entry in row[1]]
        table_index, table_value = self._counted(
            consts["at"]["table"], [code for row in rows for code in row[2]]
        )
        index += table_index
        value += table_value
        melded, scale = consts["at"]["melded_points"], consts["scale"]
        for other, points in enumerate(map(sum, zip(*(row[3] for row in rows), strict=True))):
            if points:
                index.append(melded + (other - seat) % players)
                value.append(points / scale)
        return store(self._pieces, key, (melds, (index, value)), _MEMO_SIZE)[1]

    def _meld(self, table_meld: TableMeld, number: int, seat: int) -> _MeldEntries:
        """Table meld ``number``'s row seen from ``seat``, its cards and each seat's points (kept).

        A lay-off replaces one table meld and a new meld adds one, so the
        other melds' rows are found kept when the table changes.
        """
        players = self.space.players
        key = (id(table_meld), number * players + seat)
        kept = _kept(self._melds, key, table_meld)
        if kept is not None:
            return kept
        consts = self._consts
        row = consts["at"]["melds"] + number * (_MELD_FIXED + players)
        codes = table_meld.meld.codes
        ranks = [SPEC_RANK[code] for code in codes if SPEC_RANK[code]]
        jokers = sum(1 for code in codes if code >= JOKER_CODE)
        index = [row, row + 8, row + 9, row + 10, row + 11]
        value = [
            1.0,
            min(len(codes) / 14, 1.0),
            min(jokers / consts["copies"], 1.0),
            float(table_meld.doubled),
            table_meld.multiplier / 4,
        ]
        if table_meld.kind is MeldKind.RUN:
            index.append(row + 1)
            value.append(1.0)
            suits = [SPEC_SUIT[code] for code in codes if SPEC_SUIT[code] >= 0]
            if suits:
                index.append(row + 2 + suits[0])
                value.append(1.0)
        if ranks:
            index += [row + 6, row + 7]
            value += [min(ranks) / 13, max(ranks) / 13]
        credits = [0] * players
        for by in table_meld.by:
            credits[(by - seat) % players] += 1
        for other, count in enumerate(credits):
            if count:
                index.append(row + _MELD_FIXED + other)
                value.append(min(count / 14, 1.0))
        physical = [SPEC_PHYSICAL[code] for code in codes]
        scored = table_points((table_meld,), self.space.rules, players)
        return store(self._melds, key, (table_meld, (index, value, physical, scored)), _MEMO_SIZE)[
            1
        ]

    def text(self, view: PlayerView, prefix: Sequence[int] = ()) -> str:
        """The observation as text: the view's table and the tokens spelled."""
        spelled = self.space.describe(prefix) if prefix else "-"
        return f"{view}\n  p{view.seat} sees this; spelled: {spelled}"

    def __repr__(self) -> str:
        return f"<CompactLayout {self.size} values, {self.space!r}>"


def _integers(name: str, values: Sequence[int]) -> tuple[int, ...]:
    """``values`` as a tuple of Python integers (NumPy's too).

    Raises:
        InvalidArgumentError: naming ``name`` for anything else.
    """
    try:
        found = tuple(values)
    except TypeError:
        raise InvalidArgumentError(
            f"{name} must be a sequence of integers, got {shown(values)}"
        ) from None
    if all(type(value) is int for value in found):
        return found
    if any(isinstance(value, bool) or not isinstance(value, Integral) for value in found):
        raise InvalidArgumentError(f"{name} must be a sequence of integers, got {shown(values)}")
    return tuple(int(value) for value in found)
