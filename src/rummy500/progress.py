"""The progress of a long run (a simulation, a tournament) on standard error.

:class:`ProgressBar` draws a tqdm bar on a terminal (with the ``cli``
extra; without it a first line says how to install it), else writes a plain
line every few seconds and one at the end, so that a log file stays short.
"""

from __future__ import annotations

import importlib
import math
import time
from typing import Any, TextIO

from rummy500.errors import MissingExtraError
from rummy500.extras import requires

__all__ = ["ProgressBar", "units"]


def units(number: int, unit: str) -> str:
    """``number`` of ``unit`` (a plural: "hands", "matches"), singular for 1: "1 hand"."""
    if number == 1:
        return f"1 {unit.removesuffix('es') if unit == 'matches' else unit.removesuffix('s')}"
    return f"{number} {unit}"


class ProgressBar:
    """A tqdm bar on a terminal; else a plain line every ``interval`` seconds and at the end.

    Args:
        stream: Where to show it (``None``: nowhere).
        total: How many units the run plays.
        unit: The units, in the plural ("hands", "matches").
        interval: Seconds between two plain lines.
        label: The name the lines and the bar start with.
    """

    def __init__(
        self, stream: TextIO | None, total: int, unit: str, interval: float, *, label: str
    ) -> None:
        self.stream = stream
        self.total = total
        self.unit = unit
        self.interval = interval
        self.label = label
        self.done = 0
        self.start = self.last = time.monotonic()
        self.bar: Any = None
        if stream is not None and _is_terminal(stream):
            try:
                with requires("cli", "a progress bar"):
                    # by name: the package's front door imports this module, and the
                    # compiled build's type check runs where tqdm (an extra) is missing
                    tqdm = importlib.import_module("tqdm").tqdm
            except MissingExtraError as missing:  # the plain lines will do, saying so first
                print(f"{label}: {missing}", file=stream, flush=True)
            else:
                self.bar = tqdm(
                    total=total, unit=unit[:-1], file=stream, desc=label, dynamic_ncols=True
                )

    def update(self, count: int) -> None:
        """Count ``count`` more units done."""
        self.done += count
        if self.stream is None:
            return
        if self.bar is not None:
            self.bar.update(count)
            return
        now = time.monotonic()
        if self.done >= self.total or now - self.last >= self.interval:
            self.last = now
            elapsed = max(now - self.start, 1e-9)
            rate = self.done / elapsed
            left = (self.total - self.done) / rate if rate else math.inf
            eta = "done" if self.done >= self.total else f"about {left:.0f} s left"
            print(
                f"{self.label}: {self.done}/{units(self.total, self.unit)} "
                f"({self.done / max(self.total, 1):.0%}), {rate:.1f} {self.unit}/s, {eta}",
                file=self.stream,
                flush=True,
            )

    def close(self) -> None:
        """Close the bar (a terminal's line is finished)."""
        if self.bar is not None:
            self.bar.close()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
