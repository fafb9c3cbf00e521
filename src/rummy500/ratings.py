"""The statistics of a tournament: means with 95% intervals, Elo ratings, and the SPRT.

A tournament's *units* are independent samples: each hand, or with
duplicate deals each deal (its hands, one per seating, share their cards and
so their luck).  An interval is the mean of the units plus or minus 1.96
standard errors (the normal approximation, fine from a few dozen units).

The Elo difference of a score ``s`` (wins plus half the draws, over the
units) is ``-400 * log10(1 / s - 1)``; its interval maps the score's
interval through the same curve.  A score of 0 or 1 is clipped to half a
unit from the edge, so every figure stays finite.

>>> round(elo_of_score(0.75), 1)
190.8
>>> interval([1.0, 0.0, 1.0, 1.0]).mean
0.75

The SPRT is the one fishtest runs (the generalized SPRT on the units'
scores, with their observed variance): :func:`sprt` gives the
log-likelihood ratio of "the Elo difference is ``elo1``" against "it is
``elo0``", and the bounds at which a run stops, for the error rates
``alpha`` and ``beta``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs

__all__ = ["Interval", "Sprt", "elo_interval", "elo_of_score", "interval", "score_of_elo", "sprt"]

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


@attrs.frozen
class Interval:
    """A mean with its 95% interval.

    Attributes:
        mean: The mean.
        low: The lower end of the 95% interval.
        high: The upper end.
    """

    mean: float
    low: float
    high: float

    @property
    def width(self) -> float:
        """The interval's width, ``high - low``."""
        return self.high - self.low

    def to_dict(self) -> dict[str, float]:
        """``{"mean": …, "low": …, "high": …}``, rounded to 4 decimals."""
        return {"mean": _round(self.mean), "low": _round(self.low), "high": _round(self.high)}

    def __str__(self) -> str:
        return f"{self.mean:+.1f} [{self.low:+.1f}, {self.high:+.1f}]"


def _round(value: float) -> float:
    return round(value, 4) if math.isfinite(value) else 0.0


def interval(values: Sequence[float]) -> Interval:
    """The mean of ``values`` with its 95% interval (a point for fewer than two values)."""
    count = len(values)
    if count == 0:
        return Interval(0.0, 0.0, 0.0)
    mean = math.fsum(values) / count
    if count < 2:
        return Interval(mean, mean, mean)
    variance = math.fsum((value - mean) ** 2 for value in values) / (count - 1)
    half = Z95 * math.sqrt(variance / count)
    return Interval(mean, mean - half, mean + half)


def _clip(score: float, units: int | None) -> float:
    edge = 1e-9 if units is None else 0.5 / max(units, 1)
    return min(max(score, edge), 1.0 - edge)


def elo_of_score(score: float, units: int | None = None) -> float:
    """The Elo difference that expects ``score``, clipped half of one of ``units`` from 0 and 1."""
    clipped = _clip(score, units)
    return -400.0 * math.log10(1.0 / clipped - 1.0)


def score_of_elo(elo: float) -> float:
    """The score an Elo difference of ``elo`` expects (the logistic curve)."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def elo_interval(scores: Sequence[float]) -> Interval:
    """The Elo difference of the mean of per-unit ``scores`` (each 0 to 1), with its interval.

    Units that all scored the same (every hand won, say) have no spread of
    their own: the interval then takes the spread of a coin that lands as
    often as the clipped score says, so it is never a point.
    """
    found = interval(scores)
    units = len(scores)
    if units >= 2 and found.width == 0:
        clipped = _clip(found.mean, units)
        half = Z95 * math.sqrt(clipped * (1 - clipped) / units)
        found = Interval(found.mean, found.mean - half, found.mean + half)
    return Interval(
        elo_of_score(found.mean, units),
        elo_of_score(found.low, units),
        elo_of_score(found.high, units),
    )


@attrs.frozen
class Sprt:
    """The state of a sequential probability ratio test (as fishtest runs it).

    Attributes:
        elo0: The Elo difference of the null hypothesis.
        elo1: The Elo difference of the alternative.
        llr: The log-likelihood ratio of the alternative against the null.
        lower: The bound below which the null is accepted.
        upper: The bound above which the alternative is accepted.
        units: The units (hands or deals) it has read.
    """

    elo0: float
    elo1: float
    llr: float
    lower: float
    upper: float
    units: int

    @property
    def verdict(self) -> str:
        """``"H1"`` (the alternative holds), ``"H0"`` (the null holds) or ``"continue"``."""
        if self.llr >= self.upper:
            return "H1"
        if self.llr <= self.lower:
            return "H0"
        return "continue"

    def to_dict(self) -> dict[str, Any]:
        """The test as JSON-ready data."""
        return {
            "elo0": self.elo0,
            "elo1": self.elo1,
            "llr": _round(self.llr),
            "lower": _round(self.lower),
            "upper": _round(self.upper),
            "units": self.units,
            "verdict": self.verdict,
        }


def sprt(
    scores: Sequence[float], elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05
) -> Sprt:
    """The SPRT of ``elo0`` against ``elo1`` on per-unit ``scores`` (each 0 to 1).

    The log-likelihood ratio is the generalized SPRT's normal approximation,
    ``n (s1 - s0) (2 m - s0 - s1) / (2 v)``, with ``m`` and ``v`` the
    units' mean and variance and ``s0``, ``s1`` the scores the two Elo
    differences expect.  It is 0 until the units vary.
    """
    count = len(scores)
    lower = math.log(beta / (1 - alpha))
    upper = math.log((1 - beta) / alpha)
    llr = 0.0
    if count >= 2:
        mean = math.fsum(scores) / count
        variance = math.fsum((score - mean) ** 2 for score in scores) / count
        if variance > 0:
            s0, s1 = score_of_elo(elo0), score_of_elo(elo1)
            llr = count * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)
    return Sprt(elo0, elo1, llr, lower, upper, count)
