"""Train a small masked policy on the batched environment until it beats RandomBot.

Usage: python examples/training/masked_policy.py [--steps 3000] [--games 64] [--seed 1]
       [--hands 400] [--figure train_curve.svg]

CPU only, NumPy only (``pip install 'rummy500[gymnasium]'``).  The learner
holds seat 0 of every game of a :class:`~rummy500.adapters.batched.BatchedEnv`
and RandomBot the other seat.  Its policy is a softmax over the legal
tokens (the mask) of ``features @ weights``: the features are the phase and
what it has spelled of its move (a few entries of the compact observation)
and a constant, so it learns which tokens to prefer at each point of a move.
It is trained by REINFORCE on the zero-sum reward of each hand, with a
running mean as the baseline, then played greedily (the most likely legal
token) against RandomBot, and against it a player of uniform random tokens
for comparison.  ``--figure FILE`` writes the learning curve as SVG (nothing is
written without it): the same bytes for the same arguments, as the figure is
drawn from the curve rounded as it is printed (3 decimals), not from the last
bits of floating-point sums.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import numpy as np
import numpy.typing as npt

from rummy500.adapters.batched import BatchedEnv

Weights = npt.NDArray[np.float64]


def features(batch: BatchedEnv) -> npt.NDArray[np.float64]:
    """Each game's features: the phase, what is spelled, and a constant (``(N, 15)``)."""
    slices = batch.layout.slices
    observations = batch.observations
    return np.concatenate(
        [
            observations[:, slices["phase"]],
            observations[:, slices["spelled"]],
            np.ones((batch.num_envs, 1), dtype=np.float32),
        ],
        axis=1,
    ).astype(np.float64)


def masked_softmax(logits: npt.NDArray[np.float64], masks: npt.NDArray[np.bool_]) -> Weights:
    """The softmax of ``logits`` over the legal tokens of each row (0 elsewhere)."""
    shifted = np.where(masks, logits, -np.inf)
    shifted -= shifted.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    return exp / exp.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]


def train(
    steps: int = 3000, games: int = 64, seed: int = 1, rate: float = 0.05
) -> tuple[Weights, list[float]]:
    """REINFORCE for ``steps`` steps of ``games`` games: the weights and the learning curve.

    The curve holds the mean zero-sum reward of the hands finished in each
    tenth of the training.
    """
    batch = BatchedEnv(games, opponents="random", seed=seed)
    rng = np.random.default_rng(seed)
    size = features(batch).shape[1]
    weights = np.zeros((size, batch.space.size))
    traces = np.zeros((games, size, batch.space.size))
    baseline = 0.0
    finished: list[float] = []
    curve: list[float] = []
    for step in range(steps):
        inputs = features(batch)
        probabilities = masked_softmax(inputs @ weights, batch.masks)
        cumulative = probabilities.cumsum(axis=1)
        draws = rng.random((games, 1))
        actions = np.minimum((cumulative < draws).sum(axis=1), batch.space.size - 1)
        chosen = np.zeros_like(probabilities)
        chosen[np.arange(games), actions] = 1.0
        traces += inputs[:, :, None] * (chosen - probabilities)[:, None, :]
        _observations, _rewards, done = batch.step(actions)
        for index in np.flatnonzero(done):
            value = float(batch.returns[index, 0])
            weights += rate * (value - baseline) * traces[index]
            baseline += 0.05 * (value - baseline)
            traces[index] = 0.0
            finished.append(value)
        if (step + 1) % max(1, steps // 10) == 0:
            curve.append(float(np.mean(finished)) if finished else 0.0)
            finished = []
    return weights, curve


def evaluate(weights: Weights | None, hands: int, seed: int = 99, games: int = 32) -> float:
    """The mean zero-sum reward of seat 0 over ``hands`` hands against RandomBot.

    ``weights=None`` plays uniform random tokens; else the most likely legal token.
    """
    batch = BatchedEnv(games, opponents="random", seed=seed)
    chooser = random.Random(seed)
    total, count = 0.0, 0
    while count < hands:
        if weights is None:
            actions = np.array([chooser.choice(row.nonzero()[0]) for row in batch.masks])
        else:
            scores = np.where(batch.masks, features(batch) @ weights, -np.inf)
            actions = scores.argmax(axis=1)
        batch.step(actions)
        for index in np.flatnonzero(batch.terminated | batch.truncated):
            total += float(batch.returns[index, 0])
            count += 1
    return total / count


def write_figure(curve: list[float], path: Path, steps: int, games: int) -> None:
    """The learning curve as a small SVG line chart, drawn from its printed (rounded) values."""
    curve = [round(value, 3) for value in curve]
    width, height, margin = 480, 240, 40
    low, high = min(0.0, *curve), max(0.0, *curve)
    span = (high - low) or 1.0

    def point(index: int, value: float) -> tuple[float, float]:
        x = margin + index * (width - 2 * margin) / max(1, len(curve) - 1)
        y = height - margin - (value - low) * (height - 2 * margin) / span
        return x, y

    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in (point(i, v) for i, v in enumerate(curve)))
    _x0, zero = point(0, 0.0)
    path.write_bytes(  # bytes: the same file on every system (no newline translation)
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'font-family="sans-serif" font-size="12">\n'
            f'<rect width="{width}" height="{height}" fill="white"/>\n'
            f'<line x1="{margin}" y1="{zero:.1f}" x2="{width - margin}" y2="{zero:.1f}" '
            f'stroke="#999" stroke-dasharray="4 3"/>\n'
            f'<polyline points="{line}" fill="none" stroke="#1f6feb" stroke-width="2"/>\n'
            f'<text x="{margin}" y="20">mean zero-sum reward per hand vs RandomBot</text>\n'
            f'<text x="{margin}" y="{height - 10}">training: {steps} steps of {games} games '
            f"(tenths)</text>\n"
            f'<text x="4" y="{zero + 4:.1f}">0</text>\n'
            f'<text x="4" y="{margin:.1f}">{high:+.2f}</text>\n'
            + (f'<text x="4" y="{height - margin:.1f}">{low:+.2f}</text>\n' if low < 0 else "")
            + "</svg>\n"
        ).encode("utf-8")
    )


def main() -> None:
    """Train, evaluate against RandomBot, print the figures and write the curve."""
    parser = argparse.ArgumentParser(description=__doc__, allow_abbrev=False)
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=400, help="evaluation hands")
    parser.add_argument(
        "--figure", type=Path, default=None, metavar="FILE", help="write the curve as SVG to FILE"
    )
    args = parser.parse_args()
    weights, curve = train(args.steps, args.games, args.seed)
    print("learning curve:", " ".join(f"{value:+.3f}" for value in curve))
    print(f"random tokens vs RandomBot: {evaluate(None, args.hands):+.3f} per hand")
    print(f"trained policy vs RandomBot: {evaluate(weights, args.hands):+.3f} per hand")
    if args.figure is not None:
        write_figure(curve, args.figure, args.steps, args.games)


if __name__ == "__main__":
    main()
