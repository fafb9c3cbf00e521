"""One seat's observations, encoded as the environments hand them out.

The environments keep a :class:`SeatEncoder` for each seat (a layout's
``seat_encoder``): the tokens of one move share their state, and a state
is encoded once.  The compact layout's encoder reads the state's codes in
code compiled with the engine (in the compiled build) and gives each
observation as float32 bytes, a new NumPy vector or a list of floats; the
full layout's builds its vector with NumPy.  Needs NumPy (any environment's
extra installs it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from rummy500._engine import SeatObserver
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

    def add_spelled(self, vector: npt.NDArray[np.float32], prefix: Sequence[int]) -> None:
        """Write the spelled tokens into a vector encoded without them."""


class SeatEncoder:
    """One seat's observations, the last state's kept.

    A state is immutable, so the same object and match totals give the
    same vector: the encoder encodes it once, whatever the tokens spelled
    in it.  The arguments are the environments' own (a state of the
    layout's rules, the seat totals as a tuple of integers, the tokens
    spelled as a tuple of tokens): they are not checked again.

    Args:
        layout: The layout (compact or full).
        seat: The seat observing.

    Attributes:
        layout: The layout.
        seat: The seat observing.
        vector: The last vector :meth:`encode` wrote (without the tokens spelled).
    """

    __slots__ = ("_numpy", "_observer", "_of", "layout", "seat", "vector")

    def __init__(self, layout: StateEncoding, seat: int) -> None:
        with requires("gymnasium", __name__):
            import numpy

        self._numpy: Any = numpy
        self.layout = layout
        self.seat = seat
        self.vector: npt.NDArray[np.float32] = numpy.zeros(layout.size, dtype=numpy.float32)
        self._of: tuple[GameState, tuple[int, ...]] | None = None
        seat_observer = getattr(layout, "seat_observer", None)
        self._observer: SeatObserver | None = None if seat_observer is None else seat_observer(seat)

    def encode(self, state: GameState, totals: Sequence[int] = ()) -> npt.NDArray[np.float32]:
        """The seat's observation of ``state``, without spelled tokens: :attr:`vector`.

        The vector is the encoder's own, overwritten by the next call: copy
        it to keep it.  ``totals``: each seat's match total before this hand.
        """
        totals = tuple(totals)
        if self._of is None or self._of[0] is not state or self._of[1] != totals:
            observer = self._observer
            if observer is None:
                self.layout.encode_state(state, self.seat, (), out=self.vector, totals=totals)
            else:
                raw = observer.state_bytes(state, totals)
                self.vector[:] = self._numpy.frombuffer(raw, dtype=self._numpy.float32)
            self._of = (state, totals)
        return self.vector

    def observation(
        self, state: GameState, totals: tuple[int, ...], prefix: tuple[int, ...]
    ) -> npt.NDArray[np.float32]:
        """The seat's observation of ``state`` having spelled ``prefix``: a new vector."""
        observer = self._observer
        numeric = self._numpy
        if observer is None:
            vector: npt.NDArray[np.float32] = self.encode(state, totals).copy()
            self.layout.add_spelled(vector, prefix)
            return vector
        raw = bytearray(observer.vector(state, totals, prefix))
        made: npt.NDArray[np.float32] = numeric.frombuffer(raw, dtype=numeric.float32)
        return made

    def vector_bytes(
        self, state: GameState, totals: tuple[int, ...], prefix: tuple[int, ...]
    ) -> bytes:
        """The float32 bytes of the seat's observation of ``state`` having spelled ``prefix``."""
        observer = self._observer
        if observer is None:
            return self.observation(state, totals, prefix).tobytes()
        return observer.vector(state, totals, prefix)

    def tensor(
        self, state: GameState, totals: tuple[int, ...], prefix: tuple[int, ...]
    ) -> list[float]:
        """The seat's observation of ``state`` having spelled ``prefix``, as a list of floats."""
        observer = self._observer
        if observer is None:
            return self.observation(state, totals, prefix).tolist()  # type: ignore[no-any-return]
        return observer.tensor(state, totals, prefix)

    def vector_maker(self) -> Callable[[GameState, tuple[int, ...], tuple[int, ...]], bytes]:
        """:meth:`vector_bytes` as the fastest callable there is (the compiled observer's own)."""
        observer = self._observer
        return self.vector_bytes if observer is None else observer.vector

    def tensor_maker(
        self,
    ) -> Callable[[GameState, tuple[int, ...], tuple[int, ...]], list[float]]:
        """:meth:`tensor` as the fastest callable there is (the compiled observer's own)."""
        observer = self._observer
        return self.tensor if observer is None else observer.tensor

    def __repr__(self) -> str:
        return f"<SeatEncoder p{self.seat}, {self.layout!r}>"
