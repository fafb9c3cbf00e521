"""A digest of the search bot's choices along seeded hands: proof that a rewrite kept them.

Usage:
    python benchmarks/digest_search.py [--hands 2] [--iterations 12] [--rollout-hands 3]

Smoke run: python benchmarks/digest_search.py --hands 1 --iterations 4 --rollout-hands 1

Each line is one preset and a SHA-256 of the text of every move chosen along
its hands, in order:

- ``--hands`` hands in which the even seats are search bots (with
  ``--iterations`` rollouts per searched decision; seat 0 searches its plays
  too) and the odd seats greedy bots;
- ``--rollout-hands`` hands played by the rollout policy alone
  (:func:`rummy500.search.rollout_move`) for every seat.

The search bot with an iteration budget is deterministic for its seed, so
equal lines mean equal choices.  Run it under two trees, or under the plain
and the compiled build, and compare the outputs with ``diff``.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from collections.abc import Sequence

from rummy500 import Bot, GreedyBot, apply_move, new_game, observe, presets
from rummy500.search import SearchBot, rollout_move


def digest_preset(name: str, hands: int, iterations: int, rollout_hands: int) -> str:
    """The digest line of one preset."""
    rules = presets.get(name)
    players = rules.min_players
    digest = hashlib.sha256()
    moves = 0
    for hand in range(hands):
        bots: dict[int, Bot] = {
            seat: SearchBot(seed=seat, iterations=iterations, search_plays=seat == 0)
            if seat % 2 == 0
            else GreedyBot(seed=seat)
            for seat in range(players)
        }
        state = new_game(rules, players, seed=hand)
        while not state.is_over:
            mover = state.to_move
            move = bots[mover].choose(observe(state, mover))
            if move is None:  # the seat to move always has a move
                raise RuntimeError(f"{name}: seat {mover} to move chose nothing")
            digest.update(str(move).encode())
            moves += 1
            state = apply_move(state, move)
    rng = random.Random(5)
    for hand in range(rollout_hands):
        state = new_game(rules, players, seed=100 + hand)
        while not state.is_over:
            move = rollout_move(state, rng)
            digest.update(str(move).encode())
            moves += 1
            state = apply_move(state, move)
    return f"{name:<16} {players} players {moves:>5} moves {digest.hexdigest()[:32]}"


def main(argv: Sequence[str] | None = None) -> None:
    """Print a digest line per preset."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=12)
    parser.add_argument("--rollout-hands", type=int, default=3)
    args = parser.parse_args(argv)
    for name in presets.names():
        print(digest_preset(name, args.hands, args.iterations, args.rollout_hands), flush=True)


if __name__ == "__main__":
    main()
