"""The observation encodings the environments offer, and their Gymnasium spaces.

Every environment takes ``observation=``:

- ``"compact"`` (the default): :class:`~rummy500.adapters.compact.CompactLayout`,
  every value scaled to about [0, 1], under 8 KB a step for any rule set;
- ``"dict"``: the same values as a dict of named arrays, one per piece
  (``"hand"``, ``"pile_top"``, ``"melds"`` …, shaped as the layout says),
  with a Gymnasium ``Dict`` space;
- ``"full"``: :class:`~rummy500.adapters.observation.ObservationLayout`,
  raw counts and points, the pile and the table one-hot.

All are built from the seat's view only (no hidden card can leak).  The
environments keep a layout's ``seat_encoder`` for each seat: it reads of
each state exactly what the seat's view shows and gives the same vector
(each state once, whatever the number of tokens spelled in it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from rummy500.adapters.actions import ActionSpace, check_choice
from rummy500.adapters.compact import CompactLayout
from rummy500.adapters.observation import ObservationLayout
from rummy500.adapters.seats import SeatEncoder, StateEncoding
from rummy500.views import PlayerView

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "OBSERVATIONS",
    "Layout",
    "check_observation",
    "make_layout",
    "make_space",
    "shaped",
]

#: The values of the ``observation`` option, the default first.
OBSERVATIONS = ("compact", "dict", "full")


class Layout(StateEncoding, Protocol):
    """What the environments need of an observation layout.

    Its ``size`` and ``encode_state`` are those of
    :class:`~rummy500.adapters.seats.StateEncoding`.
    """

    @property
    def space(self) -> ActionSpace:
        """The action space (its rule set and players)."""

    @property
    def shapes(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Each piece's name and shape, in order."""

    @property
    def slices(self) -> dict[str, slice]:
        """Each piece's slice of the flat vector."""

    def bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The lowest and highest value of each entry."""

    def encode(
        self,
        view: PlayerView,
        prefix: Sequence[int] = (),
        out: npt.NDArray[np.float32] | None = None,
        totals: Sequence[int] = (),
    ) -> npt.NDArray[np.float32]:
        """The flat vector of ``view``'s seat having spelled ``prefix``."""

    def seat_encoder(self, seat: int) -> SeatEncoder:
        """An encoder of ``seat``'s observations (the environments keep one per seat)."""

    def add_spelled(self, vector: npt.NDArray[np.float32], prefix: Sequence[int]) -> None:
        """Write the spelled tokens into a vector encoded without them."""

    def text(self, view: PlayerView, prefix: Sequence[int] = ()) -> str:
        """The observation as text."""


def check_observation(observation: Any) -> str:
    """``observation`` if it is one of :data:`OBSERVATIONS`.

    Raises:
        InvalidArgumentError: naming the value otherwise.
    """
    return check_choice("observation", observation, OBSERVATIONS)


def make_layout(space: ActionSpace, observation: str) -> Layout:
    """The layout of the ``observation`` option for ``space``'s rule set and players.

    >>> make_layout(ActionSpace(), "compact").size, make_layout(ActionSpace(), "full").size
    (901, 5865)
    """
    if check_observation(observation) == "full":
        return ObservationLayout(space)
    return CompactLayout(space)


def make_space(layout: Layout, observation: str) -> Any:
    """The Gymnasium space of the observations: a ``Box``, or a ``Dict`` of them for ``"dict"``."""
    import numpy as np
    from gymnasium import spaces

    low, high = layout.bounds()
    if observation != "dict":
        return spaces.Box(low=low, high=high, dtype=np.float32)
    return spaces.Dict(
        {
            name: spaces.Box(
                low=low[layout.slices[name]].reshape(shape),
                high=high[layout.slices[name]].reshape(shape),
                dtype=np.float32,
            )
            for name, shape in layout.shapes
        }
    )


def shaped(
    layout: Layout, observation: str, vector: npt.NDArray[np.float32]
) -> npt.NDArray[np.float32] | dict[str, npt.NDArray[np.float32]]:
    """``vector`` as the ``observation`` option gives it: itself, or its named pieces."""
    if observation != "dict":
        return vector
    return {name: vector[layout.slices[name]].reshape(shape) for name, shape in layout.shapes}
