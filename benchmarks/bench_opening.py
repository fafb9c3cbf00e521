"""``legal_moves`` under an opening minimum (T8): the slowest calls, adversarial and random.

Usage:
    python benchmarks/bench_opening.py [--positions 6] [--repeat 3] [--hands 20] [--seed 1]
        [--minimums 50,100,200,300,500] [--call-limit 60]

Smoke run: python benchmarks/bench_opening.py --positions 1 --repeat 1 --hands 1
    --minimums 100

Under an opening minimum a player who has not opened may meld from the
pile only if the turn can still reach the minimum (N1), which takes a search
over the melds the cards left could make.  Sections:

1. Adversarial positions: the draw-phase positions of
   ``bench_engine.py`` (5 players, a 13-card hand with 2 jokers, a 40-card
   pile, 12 table melds; the ones with the most legal moves of
   ``--positions`` x 4 generated), under ``pagat`` with each minimum.
   'first ms': the first call under that rule set in this process (its memos
   empty); 'again ms': the median of ``--repeat`` more calls, each on a new
   but equal state (the rule set's memos kept).
2. Random play: ``--hands`` hands of uniform random play for 2 and 7
   players under each minimum; the slowest single call.  A call that runs
   longer than ``--call-limit`` seconds is stopped (its hand ends there) and
   reported as ``> limit``.
3. The deep pile: seven players under a minimum of 500, nobody opened, a
   51-card pile (met in the first hand of random play, seed 1): every take
   asks about hands of 45-58 cards, too large for the exact maximum.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rummy500 import GameState, Move, Phase, Rules, apply_move, legal_moves, new_game

sys.path.insert(0, str(Path(__file__).parent))
from bench_engine import adversarial_position, print_environment, print_table


def _positions(count: int, seed: int) -> list[dict[str, Any]]:
    """The ``count`` draw-phase adversarial positions with the most legal moves."""
    rng = random.Random(seed)
    scored = []
    for number in range(count * 4):
        data = adversarial_position(rng, Phase.DRAW)
        scored.append((-len(legal_moves(GameState.from_dict(data))), number, data))
    scored.sort(key=lambda item: item[:2])
    return [data for _, _, data in scored[:count]]


#: Section 3's position (the position format): the draw phase, seat 6 to move.
_SEVEN_AT_500 = (
    '{"format":1,"rules":{"preset":"pagat","opening_minimum":500},"dealer":0,'
    '"to_move":6,"phase":"draw","hands":[["5S","7H","2D","2C","4C","4C","JK"],["2S",'
    '"8S","7H","6D","KD","5C","KC"],["3S","3S","6H","8H","JH","KH","5D"],["QS","5H",'
    '"6H","QH","AC","3C","7C"],["4H","QH","KH","2D","7D","9D","8C"],["6S","8S","2H",'
    '"3H","9D","9C","9C"],["AS","TS","8H","3D","4D","8D","JD"]],"stock":["KD","2S",'
    '"7S","6S","AD","5D","TS","JD"],"discard":["4D","TD","QC","AC","JK","7D","QD",'
    '"AD","KC","8C","3H","6D","QS","4S","7S","9S","AH","TH","2H","TD","AS","9H","5C",'
    '"JS","5H","QD","5S","7C","4H","2C","JS","3D","KS","9S","6C","TH","JC","KS","JK",'
    '"JK","JH","QC","4S","TC","8D","9H","3C","6C","AH","JC","TC"],"melds":[],'
    '"last_discarder":5,"turn":{"taken":[]},"seed":2215683690,"known":[["7H","2C",'
    '"4C"],["2S","7H","6D","5C","KC"],["3S","3S","5D"],["QS","5H","6H","QH","3C",'
    '"7C"],["QH","7D","9D"],["6S","9D","9C"],["8H"]]}'
)


def _first_and_again(data: dict[str, Any], repeat: int) -> tuple[int, float, float]:
    """The moves of the position ``data``, the first call's time and the median of ``repeat`` more.

    The first call meets the rule set's memos as earlier calls left them; each
    later call is on a new but equal state.
    """
    start = time.perf_counter()
    count = len(legal_moves(GameState.from_dict(data)))
    first = time.perf_counter() - start
    times = []
    for _ in range(repeat):
        state = GameState.from_dict(data)
        start = time.perf_counter()
        legal_moves(state)
        times.append(time.perf_counter() - start)
    return count, first, statistics.median(times)


def deep_pile(repeat: int) -> None:
    count, first, again = _first_and_again(json.loads("".join(_SEVEN_AT_500)), repeat)
    print_table(
        "3. The deep pile (7 players, pagat + opening_minimum 500, a 51-card pile)",
        ("moves", "first ms", "again ms med"),
        [(count, f"{first * 1e3:.1f}", f"{again * 1e3:.1f}")],
    )


def adversarial(positions: int, repeat: int, minimums: Sequence[int], seed: int) -> None:
    chosen = _positions(positions, seed)
    rows = []
    worst_first = worst_again = 0.0
    for minimum in minimums:
        firsts, agains, counts = [], [], []
        for data in chosen:
            data = {**data, "rules": {"preset": "pagat", "opening_minimum": minimum}}
            count, first, again = _first_and_again(data, repeat)
            counts.append(count)
            firsts.append(first)
            agains.append(again)
        worst_first = max(worst_first, max(firsts))
        worst_again = max(worst_again, max(agains))
        rows.append(
            (
                minimum,
                f"{min(counts)}-{max(counts)}",
                f"{statistics.median(firsts) * 1e3:.1f}",
                f"{max(firsts) * 1e3:.1f}",
                f"{statistics.median(agains) * 1e3:.1f}",
                f"{max(agains) * 1e3:.1f}",
            )
        )
    print_table(
        f"1. Adversarial draw positions ({len(chosen)}, 5 players, pagat + opening_minimum)",
        ("minimum", "moves", "first ms med", "first ms max", "again ms med", "again ms max"),
        rows,
    )
    print(
        f"slowest call: first {worst_first * 1e3:.1f} ms, again {worst_again * 1e3:.1f} ms "
        "(target: every call <= 50 ms)"
    )


class _CallTooLong(Exception):
    """A timed call ran past the limit."""


def _stop_call(signum: int, frame: object) -> None:
    raise _CallTooLong


def _timed_moves(state: GameState, limit: float) -> tuple[tuple[Move, ...] | None, float]:
    """``legal_moves(state)`` and its time; ``None`` if it ran past ``limit`` seconds."""
    signal.setitimer(signal.ITIMER_REAL, limit)
    start = time.perf_counter()
    try:
        moves = legal_moves(state)
    except _CallTooLong:
        return None, time.perf_counter() - start
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return moves, time.perf_counter() - start


def random_play(hands: int, minimums: Sequence[int], seed: int, limit: float) -> None:
    previous = signal.signal(signal.SIGALRM, _stop_call)
    rows = []
    for players in (2, 7):
        for minimum in minimums:
            rules = Rules(opening_minimum=minimum)
            times = []
            stopped = 0
            for hand in range(hands):
                rng = random.Random(seed * 1_000_003 + hand)
                state = new_game(rules, players, seed=rng.getrandbits(32))
                for _ in range(1000):
                    if state.is_over:
                        break
                    moves, seconds = _timed_moves(state, limit)
                    times.append(seconds)
                    if moves is None:
                        stopped += 1
                        break
                    state = apply_move(state, rng.choice(moves))
            slowest = f"> {limit * 1e3:.0f}" if stopped else f"{max(times) * 1e3:.1f}"
            rows.append(
                (
                    players,
                    minimum,
                    len(times),
                    f"{statistics.median(times) * 1e6:.0f}",
                    slowest,
                    stopped,
                )
            )
    signal.signal(signal.SIGALRM, previous)
    print_table(
        f"2. Random play: {hands} hands per row, every legal_moves call timed",
        ("players", "minimum", "calls", "median us", "slowest ms", "stopped"),
        rows,
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=6, help="adversarial positions timed")
    parser.add_argument("--repeat", type=int, default=3, help="calls per position after the first")
    parser.add_argument(
        "--hands", type=int, default=20, help="random hands per row (0: no random play)"
    )
    parser.add_argument("--minimums", default="50,100,200,300,500")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--call-limit",
        type=float,
        default=60.0,
        help="seconds after which a random-play call is stopped and its hand ended",
    )
    args = parser.parse_args(argv)
    minimums = [int(text) for text in args.minimums.split(",")]
    print_environment()
    adversarial(args.positions, args.repeat, minimums, args.seed)
    if args.hands:
        random_play(args.hands, minimums, args.seed, args.call_limit)
    deep_pile(args.repeat)


if __name__ == "__main__":
    main()
