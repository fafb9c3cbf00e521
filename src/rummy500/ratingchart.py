"""The chart of a tournament's ratings: each bot's Elo with its 95% interval, as SVG.

:func:`rating_chart` draws one row per bot, best first: its spec, a bar for
its 95% interval and a dot at its rating, on an axis of Elo points, with a
line at 0 (the bots' ratings average 0).  The result is an
:class:`~rummy500.svg.Svg` (Jupyter shows it drawn); ``rummy500
tournament --svg FILE`` writes it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from xml.sax.saxutils import escape

from rummy500.ratings import Interval
from rummy500.svg import Svg

__all__ = ["rating_chart"]

_FONT = "DejaVu Sans, Arial, sans-serif"
_ROW = 28
_LABEL = 230
_PLOT = 380
_TOP = 40


def _step(span: float) -> float:
    """A round tick step giving about five ticks over ``span``."""
    raw = max(span, 1.0) / 5
    power = math.pow(10.0, math.floor(math.log10(raw)))
    return next(float(m * power) for m in (1, 2, 5, 10) if m * power >= raw)


def rating_chart(names: Sequence[str], ratings: Sequence[Interval], title: str = "") -> Svg:
    """Draw each bot's rating with its interval, best first.

    Args:
        names: The bots' names (their specs).
        ratings: Each bot's Elo rating with its 95% interval.
        title: A line over the chart (none if empty).
    """
    rows = sorted(zip(names, ratings, strict=True), key=lambda row: -row[1].mean)
    low = min([0.0, *(rating.low for _name, rating in rows)])
    high = max([0.0, *(rating.high for _name, rating in rows)])
    step = _step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    if high == low:
        high = low + step

    def x(value: float) -> float:
        return _LABEL + (value - low) / (high - low) * _PLOT

    width = _LABEL + _PLOT + 30
    height = _TOP + _ROW * len(rows) + 40
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{_FONT}" font-size="13" role="img">',
        f"<title>{escape(title or 'Elo ratings with 95% intervals')}</title>",
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    if title:
        parts.append(f'<text x="10" y="22" font-weight="bold">{escape(title)}</text>')
    bottom = _TOP + _ROW * len(rows)
    tick = low
    while tick <= high + step / 2:
        parts.append(
            f'<line x1="{x(tick):.1f}" y1="{_TOP - 6}" x2="{x(tick):.1f}" y2="{bottom}" '
            f'stroke="{"#888888" if tick == 0 else "#e0e0e0"}"/>'
            f'<text x="{x(tick):.1f}" y="{bottom + 16}" text-anchor="middle" '
            f'fill="#555555">{tick:+g}</text>'
        )
        tick += step
    parts.append(
        f'<text x="{_LABEL + _PLOT / 2:.1f}" y="{bottom + 34}" text-anchor="middle" '
        f'fill="#555555">Elo (95% interval)</text>'
    )
    for number, (name, rating) in enumerate(rows):
        y = _TOP + _ROW * number + _ROW / 2
        shown = name if len(name) <= 32 else name[:31] + "…"
        parts.append(
            f'<text x="{_LABEL - 10}" y="{y + 4:.1f}" text-anchor="end">{escape(shown)}</text>'
            f'<line x1="{x(rating.low):.1f}" y1="{y:.1f}" x2="{x(rating.high):.1f}" '
            f'y2="{y:.1f}" stroke="#3b6ea5" stroke-width="6" stroke-linecap="round" '
            f'opacity="0.45"/>'
            f'<circle cx="{x(rating.mean):.1f}" cy="{y:.1f}" r="5" fill="#1d3f66"/>'
            f'<text x="{x(rating.mean):.1f}" y="{y - 9:.1f}" text-anchor="middle" '
            f'font-size="11" fill="#1d3f66">{rating.mean:+.0f}</text>'
        )
    parts.append("</svg>")
    return Svg("".join(parts))
