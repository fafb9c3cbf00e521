"""Pictures as pixels: the environments' ``render_mode="rgb_array"``.

Needs the ``render`` extra (``pip install 'rummy500[render]'``): resvg (a
self-contained SVG renderer, the ``resvg-py`` wheel) draws the SVG of
:func:`rummy500.svg.render` to PNG, and Pillow decodes it into the
``(height, width, 3)`` ``uint8`` array that Gymnasium's ``RecordVideo``,
PettingZoo's renderers and notebooks expect.

>>> from rummy500 import new_game
>>> frame = rgb_array(new_game(seed=1))
>>> frame.dtype.name, frame.ndim, frame.shape[2]
('uint8', 3, 3)
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from rummy500.errors import InvalidArgumentError, shown
from rummy500.extras import requires
from rummy500.state import GameState
from rummy500.svg import render

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["RENDER_MODES", "check_render_mode", "rgb_array"]

#: The environments' render modes: the table as text, or as pixels.
RENDER_MODES = ("ansi", "rgb_array")

#: What the pixels are drawn for, in the message of a missing extra.
_NEEDED_BY = 'render_mode="rgb_array"'


def check_render_mode(render_mode: object) -> str | None:
    """``render_mode`` if it is ``None`` or one of :data:`RENDER_MODES`.

    Raises:
        InvalidArgumentError: naming the value otherwise.
    """
    if render_mode is None or (isinstance(render_mode, str) and render_mode in RENDER_MODES):
        return render_mode
    raise InvalidArgumentError(
        f"render_mode must be None, 'ansi' or 'rgb_array', got {shown(render_mode)}"
    )


def rgb_array(state: GameState) -> npt.NDArray[np.uint8]:
    """The referee's table of ``state`` (every hand face up) as RGB pixels on white.

    Raises:
        MissingExtraError: (an :class:`ImportError`) without the ``render`` extra.
    """
    with requires("render", _NEEDED_BY):
        import numpy as np
        import resvg_py
        from PIL import Image

    png = resvg_py.svg_to_bytes(svg_string=str(render(state)), background="#ffffff")
    with Image.open(io.BytesIO(bytes(png))) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)
