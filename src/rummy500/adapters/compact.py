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
from typing import TYPE_CHECKING, Any

import attrs

from rummy500._engine import table_points
from rummy500.adapters.actions import ActionSpace
from rummy500.adapters.episodes import reward_scale
from rummy500.adapters.observation import layout_slices, score_bound
from rummy500.cards import JOKER_CODE, NUM_CODES, Card
from rummy500.extras import requires
from rummy500.meldcards import SPEC_PHYSICAL, SPEC_RANK, SPEC_SUIT
from rummy500.melds import MeldKind
from rummy500.state import JokerEffect, Phase, TableMeld
from rummy500.views import PlayerView

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["CompactLayout"]

_NEEDED_BY = "rummy500.adapters.compact (NumPy)"
_PHASES: dict[Phase, int] = {phase: index for index, phase in enumerate(Phase)}
_EFFECTS: dict[JokerEffect, int] = {effect: index for index, effect in enumerate(JokerEffect)}
_TOP = 3
#: The most piles and tables remembered.
_MEMO_SIZE = 4096
_MELD_FIXED = 13
#: A table's entries: card entries, then the indices and values set.
_TableEntries = tuple[list[int], list[int], list[float]]


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
    _memo: dict[tuple[int, int], tuple[tuple[Any, ...], _TableEntries]] = attrs.field(
        init=False, factory=dict, eq=False, repr=False
    )

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
        consts = self._consts
        numeric = consts.get("numpy")
        if numeric is None:
            with requires("gymnasium", _NEEDED_BY):
                import numpy

            numeric = consts["numpy"] = numpy
        at: dict[str, int] = consts["at"]
        players = self.space.players
        me = view.seat
        deck = consts["deck"]
        # Card entries (each counts 1 / copies), and (index, value) entries set.
        hand = at["hand"]
        cards = [hand + card.code for card in view.hand]
        known = at["known"]
        for seat, held in enumerate(view.known):
            if held and seat != me:
                row = known + ((seat - me) % players - 1) * NUM_CODES
                cards += [row + card.code for card in held]
        taken, dead = at["taken"], at["dead"]
        cards += [taken + card.code for card in view.taken]
        cards += [dead + card.code for card in view.dead]
        table_cards, table_index, table_value = self._table(view.melds, me)
        pile_cards, pile_index, pile_value = self._pile(view.discard)
        cards += table_cards
        cards += pile_cards
        index = table_index + pile_index
        value = table_value + pile_value
        index.append(at["phase"] + _PHASES[view.phase])
        value.append(1.0)
        for name, marked in (
            ("to_move", view.to_move),
            ("dealer", view.dealer),
            ("last_discarder", view.last_discarder),
            ("went_out", view.went_out),
            ("blocked_by", view.blocked_by),
        ):
            if marked is not None:
                index.append(at[name] + (marked - me) % players)
                value.append(1.0)
        opened = at["opened"]
        for seat in view.opened:
            index.append(opened + (seat - me) % players)
            value.append(1.0)
        if view.joker_effect is not None:
            index.append(at["joker_effect"] + _EFFECTS[view.joker_effect])
            value.append(1.0)
        sizes = at["hand_sizes"]
        for seat, size in enumerate(view.hand_sizes):
            index.append(sizes + (seat - me) % players)
            value.append(size / deck)
        scale = consts["scale"]
        flags, turn = at["flags"], at["turn"]
        index += [at["stock_size"], flags, flags + 1, flags + 2, flags + 3, flags + 4]
        index += [turn, turn + 1, turn + 2, turn + 3, turn + 4]
        value += [
            view.stock_size / deck,
            float(view.is_my_turn),
            float(view.dealer_joker),
            float(view.went_out_rummy),
            float(view.went_out_long_run),
            float(view.jokers_wild),
            view.turn_points / scale,
            view.turn_cards / deck,
            view.turn_longest_run / deck,
            min(view.stock_rebuilds / 4, 1.0),
            min(view.idle_turns / (players + 1), 1.0),
        ]
        if view.result is not None:
            scores = at["scores"]
            for seat, points in enumerate(view.result.scores):
                index.append(scores + (seat - me) % players)
                value.append(points / scale)
        if totals:
            start = at["match_totals"]
            for seat, total in enumerate(totals):
                index.append(start + (seat - me) % players)
                value.append(total / consts["target"])

        # NumPy reads arrays made by fromiter far faster than lists.
        intp, float32 = numeric.intp, numeric.float32
        counts = numeric.bincount(numeric.fromiter(cards, intp, len(cards)), minlength=self.size)
        if out is None:
            vector = numeric.multiply(counts, consts["per_copy"], dtype=float32)
        else:
            vector = out
            numeric.multiply(counts, consts["per_copy"], out=vector, dtype=float32)
        vector[numeric.fromiter(index, intp, len(index))] = numeric.fromiter(
            value, float32, len(value)
        )
        if prefix:
            self.add_spelled(vector, prefix)
        encoded: npt.NDArray[np.float32] = vector
        return encoded

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

    def _pile(self, pile: tuple[Card, ...]) -> _TableEntries:
        """The pile's card entries and its depths and top cards (the last pile kept)."""
        key = (id(pile), -1)
        memo = self._memo.get(key)
        if memo is not None and memo[0] is pile:
            return memo[1]
        consts = self._consts
        at: dict[str, int] = consts["at"]
        deck = consts["deck"]
        start, depth_at, top_at = at["pile"], at["pile_depth"], at["pile_top"]
        codes = [card.code for card in reversed(pile)]
        cards = [start + code for code in codes]
        index = [top_at + depth * NUM_CODES + code for depth, code in enumerate(codes[:_TOP])]
        value = [1.0] * len(index)
        seen: set[int] = set()
        for depth, code in enumerate(codes):
            if code not in seen:
                seen.add(code)
                index.append(depth_at + code)
                value.append(1.0 - depth / deck)
        entries = (cards, index, value)
        self._remember(key, pile, entries)
        return entries

    def _table(self, melds: tuple[TableMeld, ...], seat: int) -> _TableEntries:
        """The table's card entries and meld values seen from ``seat`` (the last one kept)."""
        key = (id(melds), seat)
        memo = self._memo.get(key)
        if memo is not None and memo[0] is melds:
            return memo[1]
        consts = self._consts
        at: dict[str, int] = consts["at"]
        players = self.space.players
        width = _MELD_FIXED + players
        table = at["table"]
        cards: list[int] = []
        index: list[int] = []
        value: list[float] = []
        for number, table_meld in enumerate(melds[: self.space.deck // 3]):
            row = at["melds"] + number * width
            codes = [spec.code for spec in table_meld.specs]
            cards += [table + SPEC_PHYSICAL[code] for code in codes]
            ranks = [SPEC_RANK[code] for code in codes if SPEC_RANK[code]]
            jokers = sum(1 for code in codes if code >= JOKER_CODE)
            index += [row, row + 8, row + 9, row + 10, row + 11]
            value += [
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
        points = table_points(melds, self.space.rules, players)
        melded = at["melded_points"]
        for other, scored in enumerate(points):
            if scored:
                index.append(melded + (other - seat) % players)
                value.append(scored / consts["scale"])
        entries = (cards, index, value)
        self._remember(key, melds, entries)
        return entries

    def _remember(self, key: tuple[int, int], of: tuple[Any, ...], entries: _TableEntries) -> None:
        """Keep the entries of a pile or a table (by identity; a few thousand at most).

        Many games share a layout (the batched environment), so the last
        piles and tables of all of them are kept, each with the object it
        was built from (an identity is only reused once that object is gone).
        """
        memo = self._memo
        if len(memo) >= _MEMO_SIZE:
            memo.clear()
        memo[key] = (of, entries)

    def text(self, view: PlayerView, prefix: Sequence[int] = ()) -> str:
        """The observation as text: the view's table and the tokens spelled."""
        spelled = self.space.describe(prefix) if prefix else "-"
        return f"{view}\n  p{view.seat} sees this; spelled: {spelled}"

    def __repr__(self) -> str:
        return f"<CompactLayout {self.size} values, {self.space!r}>"
