"""The environments' ``render_mode="rgb_array"``: the table as pixels, and the extra it needs.

Skipped where the ``render`` extra (resvg, Pillow) or the environment's
library is missing; the missing extra's message is checked in a new process
with resvg refused.
"""

from __future__ import annotations

import textwrap
from typing import Any

import pytest

from rummy500 import InvalidArgumentError, new_game
from tests.test_first_hour import run_python


def _frame_checks(frame: Any, np: Any) -> None:
    assert isinstance(frame, np.ndarray)
    assert frame.dtype == np.uint8
    height, width, channels = frame.shape
    assert channels == 3
    assert min(height, width) > 100
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 10  # cards drawn, not a blank


def test_a_state_drawn_as_pixels() -> None:
    np = pytest.importorskip("numpy")
    pytest.importorskip("resvg_py")
    pytest.importorskip("PIL")
    from rummy500.adapters.raster import rgb_array

    _frame_checks(rgb_array(new_game(seed=1)), np)


def test_gymnasium_renders_rgb_arrays_through_make() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    np = pytest.importorskip("numpy")
    pytest.importorskip("resvg_py")
    pytest.importorskip("PIL")
    from rummy500.adapters.gymnasium import ENV_ID

    environment = gymnasium.make(ENV_ID, opponents="random", render_mode="rgb_array")
    _observation, info = environment.reset(seed=3)
    _frame_checks(environment.render(), np)
    action = int(np.flatnonzero(info["action_mask"])[0])
    environment.step(action)
    _frame_checks(environment.render(), np)


def test_pettingzoo_renders_rgb_arrays() -> None:
    pytest.importorskip("pettingzoo")
    np = pytest.importorskip("numpy")
    pytest.importorskip("resvg_py")
    pytest.importorskip("PIL")
    from rummy500.adapters.pettingzoo import env

    table = env(render_mode="rgb_array")
    table.reset(seed=2)
    _frame_checks(table.render(), np)


@pytest.mark.parametrize("library", ["gymnasium", "pettingzoo"])
def test_an_unknown_render_mode_is_refused(library: str) -> None:
    pytest.importorskip(library)
    if library == "gymnasium":
        from rummy500.adapters.gymnasium import Rummy500Env as Environment
    else:
        from rummy500.adapters.pettingzoo import raw_env as Environment
    with pytest.raises(InvalidArgumentError, match="'ansi' or 'rgb_array', got 'human'"):
        Environment(render_mode="human")


def test_without_the_render_extra_the_error_says_what_to_install() -> None:
    pytest.importorskip("numpy")
    code = textwrap.dedent(
        """
        import rummy500
        from rummy500.adapters.raster import rgb_array
        try:
            rgb_array(rummy500.new_game(seed=1))
        except ImportError as error:
            print(type(error).__name__, error.name)
            print(error)
        """
    )
    result = run_python(code, block="resvg_py")
    assert result.returncode == 0, result.stderr
    kind, message = result.stdout.splitlines()
    assert kind == "MissingExtraError resvg_py"
    assert message == (
        "render_mode=\"rgb_array\" needs the 'render' extra (no module named 'resvg_py'): "
        "pip install 'rummy500[render]'"
    )
