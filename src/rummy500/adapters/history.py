"""What a hand has shown a player so far: the history pieces of an information-state tensor.

An observation (:mod:`rummy500.adapters.observation`) says what a seat sees
now; an information state also remembers what it has seen.  A
:class:`HandHistory` counts, as a hand is played:

- the cards each seat has discarded, and taken from the pile (public);
- the cards each seat was dealt and drew from the stock (each seat sees
  only its own);
- the decisions made so far.

:class:`HistoryLayout` lays them out after the observation vector, seats
relative to the observing seat as in the observation:

==================  =========  ==============================================
piece               shape      content
==================  =========  ==============================================
``discarded``       P, 53      the cards each seat has discarded this hand
``pile_taken``      P, 53      the cards each seat has taken from the pile
``held``            53         the cards the seat was dealt and drew
``decisions``       1          the decisions made so far, over the game's
                               ``max_game_length``
==================  =========  ==============================================

>>> from rummy500.adapters.actions import ActionSpace
>>> from rummy500.adapters.compact import CompactLayout
>>> layout = HistoryLayout(CompactLayout(ActionSpace()))
>>> layout.size - layout.observation.size
266
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import attrs

from rummy500._engine import float32
from rummy500.adapters.observation import layout_slices
from rummy500.cards import NUM_CODES
from rummy500.moves import CallRummy, Discard, Move, Split, Take
from rummy500.state import GameState

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from rummy500.adapters.encodings import Layout

__all__ = ["HandHistory", "HistoryLayout"]


class HandHistory:
    """The counts of one hand's history, updated move by move (cheap to copy).

    The counts are kept as floats, the values of the tensor: a tensor is made
    by joining rows, not by converting each count.

    Attributes:
        discarded: Per seat, each card code's count of discards.
        taken: Per seat, each card code's count of cards taken from the pile.
        held: Per seat, each card code's count of cards dealt and drawn.
        decisions: The decisions made so far.
    """

    __slots__ = ("decisions", "discarded", "held", "taken")

    def __init__(self, players: int) -> None:
        self.discarded = [[0.0] * NUM_CODES for _ in range(players)]
        self.taken = [[0.0] * NUM_CODES for _ in range(players)]
        self.held = [[0.0] * NUM_CODES for _ in range(players)]
        self.decisions = 0

    def copy(self) -> HandHistory:
        """An independent copy."""
        clone = HandHistory.__new__(HandHistory)
        clone.discarded = [row[:] for row in self.discarded]
        clone.taken = [row[:] for row in self.taken]
        clone.held = [row[:] for row in self.held]
        clone.decisions = self.decisions
        return clone

    def dealt(self, state: GameState) -> None:
        """Count the hands of a new deal."""
        for seat, hand in enumerate(state.hands):
            row = self.held[seat]
            for card in hand:
                row[card.code] += 1.0

    def drew(self, seat: int, codes: tuple[int, ...]) -> None:
        """Count the cards ``seat`` drew from the stock."""
        row = self.held[seat]
        for code in codes:
            row[code] += 1.0

    def moved(self, move: Move, before: GameState, after: GameState) -> None:
        """Count the cards a move put on the pile or took from it."""
        if isinstance(move, Discard):
            self.discarded[move.player][move.card.code] += 1.0
        elif isinstance(move, (Take, CallRummy, Split)):
            removed = Counter(before.discard_codes)
            removed.subtract(after.discard_codes)
            row = self.taken[move.player]
            for code, count in removed.items():
                if count > 0:
                    row[code] += float(count)


@attrs.frozen(repr=False)
class HistoryLayout:
    """The information-state tensor: the observation vector, then the history pieces.

    Attributes:
        observation: The observation's layout.
        shapes: Each history piece's name and shape, in order.
        slices: Each piece's slice of the whole tensor (the observation's pieces too).
        size: The length of the whole tensor.
    """

    observation: Layout
    shapes: tuple[tuple[str, tuple[int, ...]], ...] = attrs.field(init=False)
    slices: dict[str, slice] = attrs.field(init=False, eq=False)
    size: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        players = self.observation.space.players
        shapes = (
            ("discarded", (players, NUM_CODES)),
            ("pile_taken", (players, NUM_CODES)),
            ("held", (NUM_CODES,)),
            ("decisions", (1,)),
        )
        slices, offset = layout_slices(shapes, self.observation.size)
        slices = {**self.observation.slices, **slices}
        object.__setattr__(self, "shapes", shapes)
        object.__setattr__(self, "slices", slices)
        object.__setattr__(self, "size", offset)

    def fill(
        self, tensor: npt.NDArray[np.float32], history: HandHistory, seat: int, length: int
    ) -> None:
        """Write ``seat``'s history pieces into ``tensor`` (the whole tensor; the rest is kept).

        Args:
            tensor: A vector of length :attr:`size`.
            history: The hand's history.
            seat: The observing seat.
            length: The game's ``max_game_length``.
        """
        players = self.observation.space.players
        for name, rows in (("discarded", history.discarded), ("pile_taken", history.taken)):
            start = self.slices[name].start
            for other in range(players):
                at = start + ((other - seat) % players) * NUM_CODES
                tensor[at : at + NUM_CODES] = rows[other]
        tensor[self.slices["held"]] = history.held[seat]
        tensor[self.slices["decisions"].start] = history.decisions / length

    def values(self, history: HandHistory, seat: int, length: int) -> list[float]:
        """``seat``'s history pieces as a list of floats (what :meth:`fill` writes, in order)."""
        players = self.observation.space.players
        values: list[float] = []
        for rows in (history.discarded, history.taken):
            for relative in range(players):
                values += rows[(seat + relative) % players]
        values += history.held[seat]
        values.append(float32(history.decisions / length).number)
        return values

    def __repr__(self) -> str:
        return f"<HistoryLayout {self.size} values, {self.observation!r}>"
