"""``legal_moves`` under an opening minimum (T8): the slowest calls, adversarial and random.

Usage:
    python benchmarks/bench_opening.py [--positions 6] [--repeat 3] [--hands 20] [--seed 1]
        [--minimums 50,100,200,300,500] [--call-limit 60] [--deeper]

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
4. With ``--deeper``: deeper piles met in random play (6 and 7 players,
   minimums of 400 and 500, piles of 46 to 58 cards), one call each,
   stopped after ``--call-limit`` seconds.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import signal
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from rummy500 import GameState, Move, Phase, Rules, apply_move, legal_moves, new_game

sys.path.insert(0, str(Path(__file__).parent))
from bench_engine import adversarial_position, print_environment, print_table


def busiest_positions(count: int, seed: int) -> list[dict[str, Any]]:
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


#: Section 4's positions (the position format), met in random play: the draw phase, nobody
#: opened, the seat to move may take from deep in the pile.
_DEEPER = (
    (
        "6 players, minimum 400, a 46-card pile",
        (
            '{"format":1,"rules":{"preset":"pagat","opening_minimum":400},"dealer":0,'
            '"to_move":1,"phase":"draw","hands":[["3S","7S","7S","9S","6H","9H","5C"],["8S",'
            '"9S","TS","JS","7H","AC","2C"],["TS","JS","AH","4D","KD","3C","TC"],["8S","3H",'
            '"7H","8H","3D","3C","JC"],["5S","3H","5H","JH","KH","5D","QD"],["AS","4H","AD",'
            '"2D","4C","4C","JK"]],"stock":["JK","KD","QC","TD","4S","QH","8C","9C","2H","4H",'
            '"JH","6H","9H","5D","7C","9D","JC","KS","8H","AD"],"discard":["TD","6D","QC","3D",'
            '"KC","6S","2S","KH","AC","8C","4D","JD","2H","8D","QD","7C","JK","9D","KC","2C",'
            '"JK","6C","KS","4S","TH","7D","7D","TC","6D","TH","QS","5H","5C","2S","6S","2D",'
            '"3S","AS","6C","QS","9C","JD","QH","8D","5S","AH"],"melds":[],"last_discarder":0,'
            '"turn":{"taken":[]},"seed":577090037,"known":[["7S","6H","9H"],["9S","7H"],["TS",'
            '"AH","4D"],["3H","7H","3C","JC"],["JH","KH","5D"],["AS","4H","4C","4C"]]}'
        ),
    ),
    (
        "7 players, minimum 500, a 58-card pile",
        (
            '{"format":1,"rules":{"preset":"pagat","opening_minimum":500},"dealer":0,'
            '"to_move":6,"phase":"draw","hands":[["QS","TH","KH","3D","9C","TC","QC"],["5S",'
            '"6S","2H","4D","4D","TD","JK"],["7S","AH","4H","KD","6C","JC","QC"],["2S","TS",'
            '"AH","7H","9H","JH","5D"],["KS","3H","6H","QH","2D","4C","JK"],["9S","JS","5D",'
            '"JD","JD","2C","8C"],["4S","TS","KD","3C","7C","8C","JK"]],"stock":["AD"],'
            '"discard":["KH","TD","4H","JC","3D","5H","9S","6S","9D","QD","AC","AC","JH","4S",'
            '"7D","7C","8D","KC","9C","TH","JK","QH","2D","8D","3S","KS","6D","7H","2C","QD",'
            '"6D","4C","5H","6H","3S","2S","8H","8S","JS","QS","3H","9H","7S","7D","KC","AD",'
            '"3C","AS","6C","5C","8S","AS","TC","2H","9D","5S","5C","8H"],"melds":[],'
            '"last_discarder":5,"turn":{"taken":[]},"seed":577090037,"known":[["TH","KH","9C",'
            '"TC"],["6S"],["7S","AH","4H","QC"],["2S","AH","7H","9H"],["3H","4C"],["9S","5D",'
            '"2C"],["8C","JK"]]}'
        ),
    ),
    (
        "7 players, minimum 500, runs of 4, a 53-card pile",
        (
            '{"format":1,"rules":{"preset":"pagat","min_run_length":4,"opening_minimum":500},'
            '"dealer":0,"to_move":5,"phase":"draw","hands":[["3S","QH","2D","3D","7D","AC",'
            '"5C"],["AS","AS","4S","7S","8H","KH","QC"],["5H","7H","8D","9D","7C","7C","8C"],'
            '["4S","7S","8S","QS","5D","KD","TC"],["6S","6H","JH","JD","2C","JC","QC"],["QS",'
            '"8H","7D","TD","QD","3C","3C"],["2S","KS","3H","KD","5C","6C","9C"]],'
            '"stock":["AD","6C","5H","2D","4H","6H"],"discard":["KH","8D","2H","4C","AH","4D",'
            '"9C","TH","2S","TC","JS","KS","JK","JK","9D","9S","4C","2H","9H","3H","JH","AC",'
            '"9H","KC","TD","4H","8S","6D","JK","5S","JC","6S","3S","QD","8C","TS","AH","7H",'
            '"6D","JS","TH","JD","5S","2C","KC","4D","QH","JK","9S","TS","5D","3D","AD"],'
            '"melds":[],"last_discarder":4,"turn":{"taken":[]},"seed":3626764237,'
            '"known":[["3S","QH","2D","7D","AC","5C"],["AS","AS","8H"],["5H"],["4S","TC"],'
            '["JD"],["8H","TD","QD","3C"],["2S","KD","6C"]]}'
        ),
    ),
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


def deeper(limit: float) -> None:
    rows = []
    with _calls_stopped():
        for label, text in _DEEPER:
            moves, seconds = _timed_moves(GameState.from_dict(json.loads("".join(text))), limit)
            shown = f"> {limit:.0f}" if moves is None else f"{seconds:.2f}"
            rows.append((label, "-" if moves is None else len(moves), shown))
    print_table(
        "4. Deeper piles (pagat + opening_minimum; one call each)",
        ("position", "moves", "seconds"),
        rows,
    )


def adversarial(positions: int, repeat: int, minimums: Sequence[int], seed: int) -> None:
    chosen = busiest_positions(positions, seed)
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


@contextlib.contextmanager
def _calls_stopped() -> Iterator[None]:
    """Let :func:`_timed_moves` stop a call (SIGALRM), within the block."""
    previous = signal.signal(signal.SIGALRM, _stop_call)
    try:
        yield
    finally:
        signal.signal(signal.SIGALRM, previous)


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


def _random_row(
    players: int, minimum: int, hands: int, seed: int, limit: float
) -> tuple[object, ...]:
    """Section 2's row: ``hands`` hands of random play, every ``legal_moves`` call timed."""
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
    median = f"{statistics.median(times) * 1e6:.0f}"
    return (players, minimum, len(times), median, slowest, stopped)


def random_play(hands: int, minimums: Sequence[int], seed: int, limit: float) -> None:
    with _calls_stopped():
        rows = [
            _random_row(players, minimum, hands, seed, limit)
            for players in (2, 7)
            for minimum in minimums
        ]
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
    parser.add_argument(
        "--deeper",
        action="store_true",
        help="also time section 4, the deeper piles (a few minutes)",
    )
    args = parser.parse_args(argv)
    minimums = [int(text) for text in args.minimums.split(",")]
    print_environment()
    adversarial(args.positions, args.repeat, minimums, args.seed)
    if args.hands:
        random_play(args.hands, minimums, args.seed, args.call_limit)
    deep_pile(args.repeat)
    if args.deeper:
        deeper(args.call_limit)


if __name__ == "__main__":
    main()
