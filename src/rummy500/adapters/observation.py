"""The observation vector of the environments: one seat's view and what it has spelled.

Every number comes from the seat's :class:`~rummy500.views.PlayerView`
(:func:`rummy500.observe`: its own hand, the other hands as counts plus
their known cards, the pile, the table…) and from the tokens the seat has
spelled of its current move; nothing comes from the full state, so no
hidden card can leak into an observation.

Seats are *relative*: entry 0 of every per-seat piece is the observing
seat, entry 1 the seat after it (seat numbers, not playing order), and so on.
Cards are indexed by their code (:mod:`rummy500.cards`: ``AS`` is 0 … ``KC``
is 51, the joker 52); meld cards by their meld-card code (0–117,
:mod:`rummy500.meldcards`).  The pieces, in order, with ``P`` players,
``D`` cards in the deck, ``M = D // 3`` table melds, ``V`` tokens:

==================  =========  =================================================
piece               shape      content
==================  =========  =================================================
``hand``            53         the seat's own cards (counts; zero while blind, V7)
``known``           P-1, 53    the cards each other seat is known to hold
``hand_sizes``      P          cards in each hand
``stock_size``      1          cards in the stock
``discard``         D, 53      row ``i``: the card ``i + 1`` from the top of the pile
``melds``           M, 118     table meld ``m``: its meld cards (counts)
``meld_credits``    M, P       table meld ``m``: the cards each seat put there (L5)
``meld_flags``      M, 2       table meld ``m``: doubled by a joker, its multiplier (V6, V7)
``taken``           53         the cards taken from the pile this turn
``dead``            53         the cards out of play (V7)
``phase``           6          the phase, one-hot (:class:`rummy500.Phase` order)
``to_move``         P          the seat to move, one-hot
``dealer``          P          the dealer, one-hot
``last_discarder``  P          the seat whose discard may be called "Rummy!", one-hot
``opened``          P          the seats that have opened (T8)
``went_out``        P          the seat that went out, one-hot
``blocked_by``      P          the seat that blocked the dealer's joker, one-hot (V7)
``joker_effect``    3          the dealer's nomination, one-hot: wild, double, split (V7)
``flags``           5          my turn, dealer's joker beside the stock, went out
                               rummy, went out with a long run, jokers wild
``turn``            5          points, cards and longest run laid down this turn,
                               stock rebuilds, idle turns (T6)
``melded_points``   P          each seat's points on the table
``scores``          P          each seat's score for the hand, once it is over
``match_totals``    P          each seat's match total before this hand (its side's;
                               0 when an episode is one hand)
``spelled``         V          the tokens spelled so far of the current move (counts)
==================  =========  =================================================

The values are raw counts and points (no scaling): scale them as your
model likes.  Building the vector needs NumPy (the environments' extras
install it).

>>> from rummy500 import new_game, observe
>>> from rummy500.adapters.actions import ActionSpace
>>> layout = ObservationLayout(ActionSpace())
>>> layout.size
5865
>>> vector = layout.encode(observe(new_game(seed=7), 1))
>>> int(vector[layout.slices["hand_sizes"]].sum()), int(vector[layout.slices["stock_size"]][0])
(26, 27)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from rummy500._engine import table_points
from rummy500.adapters.actions import ActionSpace
from rummy500.adapters.seats import SeatEncoder
from rummy500.cards import NUM_CODES
from rummy500.extras import requires
from rummy500.meldcards import NUM_SPEC_CODES
from rummy500.rules import Rules
from rummy500.state import GameState, JokerEffect, Phase, TableMeld
from rummy500.views import PlayerView, make_view

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

#: What needs NumPy, in the message of a missing extra (any environment's extra installs it).
_NEEDED_BY = "rummy500.adapters.observation (NumPy)"

__all__ = ["ObservationLayout", "layout_slices", "score_bound"]

_PHASES: tuple[Phase, ...] = tuple(Phase)
_EFFECTS: tuple[JokerEffect, ...] = tuple(JokerEffect)


def layout_slices(
    shapes: Sequence[tuple[str, tuple[int, ...]]], start: int = 0
) -> tuple[dict[str, slice], int]:
    """Each named piece's slice of a flat vector, laid end to end from ``start``, and the end."""
    slices = {}
    offset = start
    for name, shape in shapes:
        length = math.prod(shape)
        slices[name] = slice(offset, offset + length)
        offset += length
    return slices, offset


def score_bound(rules: Rules, players: int) -> int:
    """A bound on the absolute value of any seat's or side's score for a hand.

    Every card at its highest value (at least the low ace's and the four
    aces' values, S1 and V8), counted four times (a doubled group of four
    under V6 and V7), times the going-rummy multiplier (S3), twice (a side
    of two seats, V5), plus the bonuses (S5).  Far above any real score; the
    environments and the OpenSpiel game declare it as the range of a hand's
    returns.

    >>> from rummy500 import Rules
    >>> score_bound(Rules(), 2)
    3408
    """
    table = rules.card_values.table
    least = max(abs(rules.card_values.low_ace), rules.four_aces_value)
    deck_points = sum(max(abs(table[card.code]), least) for card in rules.deck(players))
    multiplier = max(1, abs(rules.going_rummy_multiplier))
    bonuses = abs(rules.going_out_bonus) + abs(rules.seven_card_run_bonus)
    return 2 * (4 * multiplier * deck_points + bonuses)


@attrs.frozen(repr=False)
class ObservationLayout:
    """Where each piece of a seat's observation lies in the flat vector.

    Attributes:
        space: The action space (it sets the rule set, the number of players
            and the size of ``spelled``).
        shapes: Each piece's name and shape, in order.
        slices: Each piece's slice of the flat vector.
        size: The length of the flat vector.
    """

    space: ActionSpace
    shapes: tuple[tuple[str, tuple[int, ...]], ...] = attrs.field(init=False)
    slices: dict[str, slice] = attrs.field(init=False, eq=False)
    size: int = attrs.field(init=False)
    _memo: dict[int, tuple[tuple[TableMeld, ...], list[int], list[int]]] = attrs.field(
        init=False, factory=dict, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        players = self.space.players
        depth, melds = self.space.deck, self.space.deck // 3
        shapes = (
            ("hand", (NUM_CODES,)),
            ("known", (players - 1, NUM_CODES)),
            ("hand_sizes", (players,)),
            ("stock_size", (1,)),
            ("discard", (depth, NUM_CODES)),
            ("melds", (melds, NUM_SPEC_CODES)),
            ("meld_credits", (melds, players)),
            ("meld_flags", (melds, 2)),
            ("taken", (NUM_CODES,)),
            ("dead", (NUM_CODES,)),
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
            ("spelled", (self.space.size,)),
        )
        slices, offset = layout_slices(shapes)
        object.__setattr__(self, "shapes", shapes)
        object.__setattr__(self, "slices", slices)
        object.__setattr__(self, "size", offset)

    def bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The lowest and highest value of each entry (for a ``Box`` space)."""
        with requires("gymnasium", _NEEDED_BY):
            import numpy as np

        space = self.space
        rules = space.rules
        deck = rules.deck(space.players)
        copies = max(deck.count(card) for card in set(deck))
        points = float(score_bound(rules, space.players))
        cards = float(len(deck))
        high = np.full(self.size, float(copies), dtype=np.float32)
        low = np.zeros(self.size, dtype=np.float32)
        for name in ("hand_sizes", "stock_size", "meld_credits"):
            high[self.slices[name]] = cards
        for name in ("phase", "to_move", "dealer", "last_discarder", "opened", "went_out",
                     "blocked_by", "joker_effect", "flags", "discard"):  # fmt: skip
            high[self.slices[name]] = 1.0
        flags = self.slices["meld_flags"]
        high[flags] = 4.0  # doubled (1) and the multiplier (1, 2 or 4)
        turn = self.slices["turn"]
        high[turn] = np.array(
            [points, cards, cards, max(rules.max_stock_rebuilds, 0), space.players + 1]
        )
        high[self.slices["melded_points"]] = points
        high[self.slices["scores"]] = points
        low[self.slices["scores"]] = -points
        high[self.slices["match_totals"]] = 1000.0 * points
        low[self.slices["match_totals"]] = -1000.0 * points
        high[self.slices["spelled"]] = max(float(copies), 1.0)
        return low, high

    def encode(
        self,
        view: PlayerView,
        prefix: Sequence[int] = (),
        out: npt.NDArray[np.float32] | None = None,
        totals: Sequence[int] = (),
    ) -> npt.NDArray[np.float32]:
        """The observation of ``view``'s seat having spelled ``prefix`` (a new float32 vector).

        Args:
            view: The seat's view.
            prefix: The tokens it has spelled of its current move.
            out: A vector of length :attr:`size` to fill instead of a new one.
            totals: Each seat's match total before this hand (none: all 0).
        """
        with requires("gymnasium", _NEEDED_BY):
            import numpy as np

        vector = np.zeros(self.size, dtype=np.float32) if out is None else out
        if out is not None:
            vector.fill(0.0)
        self._fill(vector, view)
        if totals:
            start, players = self.slices["match_totals"].start, self.space.players
            for seat, total in enumerate(totals):
                vector[start + (seat - view.seat) % players] = total
        self.add_spelled(vector, prefix)
        return vector

    def encode_state(
        self,
        state: GameState,
        seat: int,
        prefix: Sequence[int] = (),
        out: npt.NDArray[np.float32] | None = None,
        totals: Sequence[int] = (),
    ) -> npt.NDArray[np.float32]:
        """:meth:`encode` of ``observe(state, seat)`` (the view built without its legal moves)."""
        return self.encode(make_view(state, seat, None, ()), prefix, out, totals)

    def seat_encoder(self, seat: int) -> SeatEncoder:
        """An encoder of ``seat``'s observations into a vector of its own."""
        return SeatEncoder(self, seat)

    def add_spelled(self, vector: npt.NDArray[np.float32], prefix: Sequence[int]) -> None:
        """Add the counts of the spelled tokens ``prefix`` to ``vector`` (for a cached base)."""
        start = self.slices["spelled"].start
        for token in prefix:
            vector[start + token] += 1.0

    def _fill(self, vector: npt.NDArray[np.float32], view: PlayerView) -> None:
        with requires("gymnasium", _NEEDED_BY):
            import numpy as np

        players = self.space.players
        me = view.seat
        at = {name: piece.start for name, piece in self.slices.items()}
        ones: list[int] = []  # entries to add 1 to

        def relative(seat: int) -> int:
            return (seat - me) % players

        def count(name: str, cards: Any, row: int = 0) -> None:
            start = at[name] + row * NUM_CODES
            ones.extend(start + card.code for card in cards)

        def one_hot(name: str, seat: int | None) -> None:
            if seat is not None:
                ones.append(at[name] + relative(seat))

        count("hand", view.hand)
        for seat, cards in enumerate(view.known):
            if seat != me and cards:
                count("known", cards, relative(seat) - 1)
        discard = at["discard"]
        ones.extend(
            discard + depth * NUM_CODES + card.code
            for depth, card in enumerate(reversed(view.discard[-self.space.deck :]))
        )
        table, points = self._table(view.melds, me)
        ones.extend(table)
        count("taken", view.taken)
        count("dead", view.dead)
        ones.append(at["phase"] + _PHASES.index(view.phase))
        one_hot("to_move", view.to_move)
        one_hot("dealer", view.dealer)
        one_hot("last_discarder", view.last_discarder)
        for seat in view.opened:
            one_hot("opened", seat)
        one_hot("went_out", view.went_out)
        one_hot("blocked_by", view.blocked_by)
        if view.joker_effect is not None:
            ones.append(at["joker_effect"] + _EFFECTS.index(view.joker_effect))
        # NumPy reads an array made by fromiter far faster than a list.
        vector += np.bincount(np.fromiter(ones, np.intp, len(ones)), minlength=self.size).astype(
            np.float32
        )
        sizes = at["hand_sizes"]
        for seat, size in enumerate(view.hand_sizes):
            vector[sizes + relative(seat)] = size
        vector[at["stock_size"]] = view.stock_size
        flags = at["meld_flags"]
        for index, table_meld in enumerate(view.melds[: self.space.deck // 3]):
            vector[flags + 2 * index + 1] = table_meld.multiplier
        vector[self.slices["flags"]] = (
            view.is_my_turn,
            view.dealer_joker,
            view.went_out_rummy,
            view.went_out_long_run,
            view.jokers_wild,
        )
        vector[self.slices["turn"]] = (
            view.turn_points,
            view.turn_cards,
            view.turn_longest_run,
            view.stock_rebuilds,
            view.idle_turns,
        )
        melded = at["melded_points"]
        for seat, value in enumerate(points):
            vector[melded + relative(seat)] = value
        if view.result is not None:
            scores = at["scores"]
            for seat, value in enumerate(view.result.scores):
                vector[scores + relative(seat)] = value

    def _table(self, melds: tuple[TableMeld, ...], seat: int) -> tuple[list[int], list[int]]:
        """The entries of the table melds seen from ``seat``, and each seat's table points.

        The last table seen is remembered: the table changes far less often
        than the observations are built.
        """
        memo = self._memo.get(seat)
        if memo is not None and memo[0] is melds:
            return memo[1], memo[2]
        players = self.space.players
        start, credits = self.slices["melds"].start, self.slices["meld_credits"].start
        flags = self.slices["meld_flags"].start
        ones: list[int] = []
        for number, table_meld in enumerate(melds[: self.space.deck // 3]):
            ones.extend(start + number * NUM_SPEC_CODES + spec.code for spec in table_meld.specs)
            ones.extend(credits + number * players + (by - seat) % players for by in table_meld.by)
            if table_meld.doubled:
                ones.append(flags + 2 * number)
        points = table_points(melds, self.space.rules, players)
        self._memo[seat] = (melds, ones, points)
        return ones, points

    def text(self, view: PlayerView, prefix: Sequence[int] = ()) -> str:
        """The observation as text: the view's table and the tokens spelled."""
        spelled = self.space.describe(prefix) if prefix else "-"
        return f"{view}\n  p{view.seat} sees this; spelled: {spelled}"

    def __repr__(self) -> str:
        return f"<ObservationLayout {self.size} values, {self.space!r}>"
