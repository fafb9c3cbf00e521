"""A digest of every ``legal_moves`` list along seeded hands: proof that a rewrite kept the moves.

Usage:
    python benchmarks/digest_moves.py [--hands 2] [--minimums 30,50,100,150]
        [--players 2,5,7] [--positions 6] [--seed 1] [--out FILE]

Smoke run: python benchmarks/digest_moves.py --hands 1 --minimums 30 --players 2
    --positions 1

Each line is one configuration and a SHA-256 of the text of every move of
every ``legal_moves`` list met along its hands, in order:

- every preset x opening minimum x player count the preset allows (its
  fewest players if it allows none of ``--players``): ``--hands``
  hands played by random bots, then as many by greedy bots (greedy bots open,
  lay off and go out, so the later phases of a hand are reached);
- the ``--positions`` adversarial positions of ``bench_opening.py`` (5
  players, a 40-card pile, 12 table melds) under each minimum: the list at
  the position, then along 30 random moves from it.

Run it on two trees (a worktree of the old commit, say) and compare the
outputs with ``diff``: equal lines mean equal moves, in the same order.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from rummy500 import (
    GameState,
    GreedyBot,
    RandomBot,
    Rules,
    apply_move,
    legal_moves,
    new_game,
    presets,
)
from rummy500.bots import Bot, iter_hand
from rummy500.errors import RulesError

sys.path.insert(0, str(Path(__file__).parent))
from bench_opening import busiest_positions


class _Digest:
    """A running SHA-256 of move lists and a count of the lists."""

    def __init__(self) -> None:
        self.hash = hashlib.sha256()
        self.lists = 0

    def add(self, state: GameState) -> None:
        moves = legal_moves(state)
        self.hash.update("\n".join(map(str, moves)).encode())
        self.hash.update(b"\x00")
        self.lists += 1

    def line(self, label: str) -> str:
        return f"{label}: {self.lists} lists {self.hash.hexdigest()[:16]}"


def _hands_line(rules: Rules, label: str, players: int, hands: int, seed: int) -> str:
    digest = _Digest()
    for hand in range(2 * hands):
        bots: list[Bot]
        if hand < hands:
            bots = [RandomBot(seed=seed * 1_000 + hand * 10 + seat) for seat in range(players)]
        else:
            bots = [GreedyBot(seed=seed * 1_000 + hand * 10 + seat) for seat in range(players)]
        state = new_game(rules, players, seed=seed * 1_000_003 + hand, dealer=hand % players)
        for step in iter_hand(state, bots, max_moves=3_000):
            digest.add(step.before)
    return digest.line(label)


def _position_line(data: dict[str, object], label: str, seed: int) -> str:
    digest = _Digest()
    rng = random.Random(seed)
    state = GameState.from_dict(data)
    for _ in range(30):
        digest.add(state)
        moves = legal_moves(state)
        if not moves:
            break
        state = apply_move(state, rng.choice(moves))
    return digest.line(label)


def digest_lines(
    hands: int, minimums: Sequence[int], players: Sequence[int], positions: int, seed: int
) -> list[str]:
    """The digest lines of every configuration (see the module docstring)."""
    lines = []
    for name in presets.names():
        base = presets.get(name)
        for minimum in minimums:
            try:
                rules = base.evolve(opening_minimum=minimum)
            except RulesError as error:
                lines.append(f"{name} min {minimum}: refused ({error})")
                continue
            allowed = [n for n in players if rules.min_players <= n <= rules.max_players]
            for count in allowed or [rules.min_players]:
                label = f"{name} min {minimum} players {count}"
                lines.append(_hands_line(rules, label, count, hands, seed))
                print(lines[-1], flush=True)
    chosen = busiest_positions(positions, seed)
    for minimum in minimums:
        for number, data in enumerate(chosen):
            data = {**data, "rules": {"preset": "pagat", "opening_minimum": minimum}}
            lines.append(_position_line(data, f"adversarial {number} min {minimum}", seed + number))
            print(lines[-1], flush=True)
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=2, help="hands per bot kind and line")
    parser.add_argument("--minimums", default="30,50,100,150")
    parser.add_argument("--players", default="2,5,7")
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="also write the lines to this file")
    args = parser.parse_args(argv)
    lines = digest_lines(
        args.hands,
        [int(text) for text in args.minimums.split(",")],
        [int(text) for text in args.players.split(",")],
        args.positions,
        args.seed,
    )
    if args.out is not None:
        args.out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
