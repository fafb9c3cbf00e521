"""One seat's observations, encoded into a vector of the encoder's own.

The environments keep a :class:`SeatEncoder` for each seat (a layout's
``seat_encoder``): the tokens of one move share their state, and a state
is encoded once.  Needs NumPy (any environment's extra installs it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from rummy500.extras import requires
from rummy500.state import GameState

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["SeatEncoder", "StateEncoding"]


class StateEncoding(Protocol):
    """What a seat encoder needs of a layout (the compact and the full ones have it)."""

    @property
    def size(self) -> int:
        """The length of the flat vector."""

    def encode_state(
        self,
        state: GameState,
        seat: int,
        prefix: Sequence[int] = (),
        out: npt.NDArray[np.float32] | None = None,
        totals: Sequence[int] = (),
    ) -> npt.NDArray[np.float32]:
        """The vector of ``seat``'s view of ``state``, written into ``out`` if given."""


class SeatEncoder:
    """One seat's observations, encoded into a vector of the encoder's own.

    A state is immutable, so the same object and match totals give the
    same vector: the encoder encodes it once.

    Args:
        layout: The layout (compact or full).
        seat: The seat observing.

    Attributes:
        layout: The layout.
        seat: The seat observing.
        vector: The last observation written (without the tokens spelled).
    """

    __slots__ = ("_of", "layout", "seat", "vector")

    def __init__(self, layout: StateEncoding, seat: int) -> None:
        with requires("gymnasium", __name__):
            import numpy

        self.layout = layout
        self.seat = seat
        self.vector: npt.NDArray[np.float32] = numpy.zeros(layout.size, dtype=numpy.float32)
        self._of: tuple[GameState, tuple[int, ...]] | None = None

    def encode(self, state: GameState, totals: Sequence[int] = ()) -> npt.NDArray[np.float32]:
        """The seat's observation of ``state``, without spelled tokens: :attr:`vector`.

        The vector is the encoder's own, overwritten by the next call: copy
        it to keep it.  ``totals``: each seat's match total before this hand.
        """
        totals = tuple(totals)
        if self._of is None or self._of[0] is not state or self._of[1] != totals:
            self.layout.encode_state(state, self.seat, (), out=self.vector, totals=totals)
            self._of = (state, totals)
        return self.vector

    def __repr__(self) -> str:
        return f"<SeatEncoder p{self.seat}, {self.layout!r}>"
