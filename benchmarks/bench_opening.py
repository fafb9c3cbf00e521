"""``legal_moves`` under an opening minimum (T8): adversarial positions, random play, a hunt.

Usage:
    python benchmarks/bench_opening.py [--positions 6] [--repeat 3] [--hands 100]
        [--minimums 30,50,100,150] [--candidates 200] [--seed 1]

Smoke run: python benchmarks/bench_opening.py --positions 1 --repeat 1 --hands 1
    --minimums 30 --candidates 1

Under an opening minimum a player who has not opened may meld, or take from
the pile, only if the turn can still reach the minimum (N1): each such play
asks the opening wing's exact search whether the cards left can make new
melds worth the points still needed.  The minimum is at most 150.  Sections:

1. Adversarial positions: the draw-phase positions of ``bench_engine.py``
   (5 players, a 13-card hand with 2 jokers, a 40-card pile, 12 table
   melds; the ``--positions`` with the most legal moves of 4 times as many
   generated), under ``pagat`` with each minimum.  'first ms': the first
   call in a fresh process (a new interpreter per position and minimum,
   every memo empty); 'again ms': the median of ``--repeat`` more calls in
   that process, each on a new but equal state.
2. Bot play: ``--hands`` hands per minimum, shared out over 2 to 8
   players and random and greedy bots (a greedy bot melds and takes from
   the pile whenever it can, so the search is asked much more); every
   ``legal_moves`` call timed, each minimum in a fresh process.  Python's
   cycle collector runs now and then inside a call, taking longer the more
   objects the process holds (the engine's memos among them): the slowest
   call is shown with the collector's part of it, and the slowest call net
   of the collector beside it.
3. Deep piles: positions met in random play under large minimums (6 and 7
   players, piles of 46 to 58 cards, nobody opened), under a minimum of 150,
   one call each in a fresh process.
4. A hunt for worse positions: ``--candidates`` random positions, each with
   a random rule set under the range (ace, runs of 3 or 4, jokers wild or
   in sets, 1, 2 or 4 jokers a deck, card values, V6 and V8 scoring, the ways
   to go out, minimums 30 to 150), two decks, 5 to 8 players, the player to
   move holding 7 to 13 cards with up to 4 jokers over a pile of 25 to 60
   cards, nobody opened: the first call on each (its rule set is new to the
   process), and on the same position without the minimum.  With eight wild
   jokers such positions may hold hundreds of thousands of legal moves, so
   the positions are ranked by what the minimum adds; the costliest ten are
   timed again, each in a fresh process, and the costliest of those printed
   as a position.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rummy500 import (
    GameState,
    GreedyBot,
    Phase,
    RandomBot,
    Rules,
    RulesError,
    legal_moves,
    new_game,
)
from rummy500.bots import Bot, iter_hand

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


#: Section 3's positions (the position format), met in random play under minimums of 400
#: and 500 before the range was set: the draw phase, nobody opened, long piles.  They are
#: timed under a minimum of 150.
_DEEP_PILES = (
    (
        "7 players, a 51-card pile",
        '{"format":1,"rules":{"preset":"pagat","opening_minimum":150},"dealer":0,'
        '"to_move":6,"phase":"draw","hands":[["5S","7H","2D","2C","4C","4C","JK"],["2S",'
        '"8S","7H","6D","KD","5C","KC"],["3S","3S","6H","8H","JH","KH","5D"],["QS","5H",'
        '"6H","QH","AC","3C","7C"],["4H","QH","KH","2D","7D","9D","8C"],["6S","8S","2H",'
        '"3H","9D","9C","9C"],["AS","TS","8H","3D","4D","8D","JD"]],"stock":["KD","2S",'
        '"7S","6S","AD","5D","TS","JD"],"discard":["4D","TD","QC","AC","JK","7D","QD",'
        '"AD","KC","8C","3H","6D","QS","4S","7S","9S","AH","TH","2H","TD","AS","9H","5C",'
        '"JS","5H","QD","5S","7C","4H","2C","JS","3D","KS","9S","6C","TH","JC","KS","JK",'
        '"JK","JH","QC","4S","TC","8D","9H","3C","6C","AH","JC","TC"],"melds":[],'
        '"last_discarder":5,"turn":{"taken":[]},"seed":2215683690}',
    ),
    (
        "6 players, a 46-card pile",
        '{"format":1,"rules":{"preset":"pagat","opening_minimum":150},"dealer":0,'
        '"to_move":1,"phase":"draw","hands":[["3S","7S","7S","9S","6H","9H","5C"],["8S",'
        '"9S","TS","JS","7H","AC","2C"],["TS","JS","AH","4D","KD","3C","TC"],["8S","3H",'
        '"7H","8H","3D","3C","JC"],["5S","3H","5H","JH","KH","5D","QD"],["AS","4H","AD",'
        '"2D","4C","4C","JK"]],"stock":["JK","KD","QC","TD","4S","QH","8C","9C","2H","4H",'
        '"JH","6H","9H","5D","7C","9D","JC","KS","8H","AD"],"discard":["TD","6D","QC","3D",'
        '"KC","6S","2S","KH","AC","8C","4D","JD","2H","8D","QD","7C","JK","9D","KC","2C",'
        '"JK","6C","KS","4S","TH","7D","7D","TC","6D","TH","QS","5H","5C","2S","6S","2D",'
        '"3S","AS","6C","QS","9C","JD","QH","8D","5S","AH"],"melds":[],"last_discarder":0,'
        '"turn":{"taken":[]},"seed":577090037}',
    ),
    (
        "7 players, a 58-card pile",
        '{"format":1,"rules":{"preset":"pagat","opening_minimum":150},"dealer":0,'
        '"to_move":6,"phase":"draw","hands":[["QS","TH","KH","3D","9C","TC","QC"],["5S",'
        '"6S","2H","4D","4D","TD","JK"],["7S","AH","4H","KD","6C","JC","QC"],["2S","TS",'
        '"AH","7H","9H","JH","5D"],["KS","3H","6H","QH","2D","4C","JK"],["9S","JS","5D",'
        '"JD","JD","2C","8C"],["4S","TS","KD","3C","7C","8C","JK"]],"stock":["AD"],'
        '"discard":["KH","TD","4H","JC","3D","5H","9S","6S","9D","QD","AC","AC","JH","4S",'
        '"7D","7C","8D","KC","9C","TH","JK","QH","2D","8D","3S","KS","6D","7H","2C","QD",'
        '"6D","4C","5H","6H","3S","2S","8H","8S","JS","QS","3H","9H","7S","7D","KC","AD",'
        '"3C","AS","6C","5C","8S","AS","TC","2H","9D","5S","5C","8H"],"melds":[],'
        '"last_discarder":5,"turn":{"taken":[]},"seed":577090037}',
    ),
)


def _fresh_call(data: dict[str, Any], repeat: int) -> tuple[int, float, float]:
    """The moves of ``data``, the first call's time and the median of ``repeat`` more.

    Timed in a new interpreter, so that the first call meets every memo empty.
    """
    output = subprocess.run(
        [sys.executable, __file__, "--time-position", json.dumps(data), "--repeat", str(repeat)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return int(output[0]), float(output[1]), float(output[2])


def _time_position(text: str, repeat: int) -> None:
    """Print the moves, the first call's seconds and the median of ``repeat`` more."""
    data = json.loads(text)
    start = time.perf_counter()
    count = len(legal_moves(GameState.from_dict(data)))
    first = time.perf_counter() - start
    times = []
    for _ in range(repeat):
        state = GameState.from_dict(data)
        start = time.perf_counter()
        legal_moves(state)
        times.append(time.perf_counter() - start)
    print(count, first, statistics.median(times) if times else first)


def adversarial(positions: int, repeat: int, minimums: Sequence[int], seed: int) -> None:
    chosen = busiest_positions(positions, seed)
    rows = []
    for minimum in minimums:
        firsts, agains, counts = [], [], []
        for data in chosen:
            data = {**data, "rules": {"preset": "pagat", "opening_minimum": minimum}}
            count, first, again = _fresh_call(data, repeat)
            counts.append(count)
            firsts.append(first)
            agains.append(again)
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
    print("targets: first call <= 500 ms at minimums <= 50, <= 2000 ms at 150")


class _CollectorClock:
    """The seconds Python's cycle collector has run in this process (``gc.callbacks``)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._started = 0.0
        gc.callbacks.append(self._tick)

    def _tick(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._started


def _random_row(minimum: int, hands: int, seed: int) -> list[object]:
    """Section 2's row: ``hands`` hands of bot play, every ``legal_moves`` call timed.

    Each state's first call is timed (the bots' own calls come after it),
    with the time the cycle collector ran inside it.
    """
    rules = Rules(opening_minimum=minimum)
    clock = _CollectorClock()
    times = []
    slowest = (0.0, 0.0, "")
    slowest_net = 0.0
    for hand in range(hands):
        players = 2 + hand % 7
        greedy = hand // 7 % 2 == 1
        hand_seed = seed * 1_000_003 + hand
        bots: list[Bot] = [
            GreedyBot(seed=hand_seed + seat) if greedy else RandomBot(seed=hand_seed + seat)
            for seat in range(players)
        ]
        state = new_game(rules, players, seed=hand_seed, dealer=hand % players)
        steps = iter_hand(state, bots, max_moves=5_000)
        while not state.is_over:
            collected = clock.seconds
            start = time.perf_counter()
            legal_moves(state)
            seconds = time.perf_counter() - start
            collector = clock.seconds - collected
            times.append(seconds)
            slowest_net = max(slowest_net, seconds - collector)
            if seconds > slowest[0]:
                kind = "greedy" if greedy else "random"
                slowest = (seconds, collector, f"{players} players, {kind} bots, hand {hand}")
            state = next(steps).after
    return [
        minimum,
        hands,
        len(times),
        f"{statistics.median(times) * 1e6:.0f}",
        f"{slowest[0] * 1e3:.1f}",
        f"{slowest[1] * 1e3:.1f}",
        f"{slowest_net * 1e3:.1f}",
        slowest[2],
    ]


def random_play(hands: int, minimums: Sequence[int], seed: int) -> None:
    rows = []
    for minimum in minimums:
        command = [sys.executable, __file__, "--random-row", str(minimum), "--hands", str(hands)]
        command += ["--seed", str(seed)]
        output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        rows.append(json.loads(output))
    print_table(
        f"2. Bot play: {hands} hands per minimum (2-8 players, random and greedy bots), "
        "every legal_moves call timed, each minimum in a fresh process",
        (
            "minimum",
            "hands",
            "calls",
            "median us",
            "slowest ms",
            "of it gc ms",
            "slowest net of gc ms",
            "slowest in",
        ),
        rows,
    )
    print("target: slowest call <= 100 ms")


def deep_piles(repeat: int) -> None:
    rows = []
    for label, text in _DEEP_PILES:
        count, first, again = _fresh_call(json.loads(text), repeat)
        rows.append((label, count, f"{first * 1e3:.1f}", f"{again * 1e3:.1f}"))
    print_table(
        "3. Deep piles (pagat + opening_minimum 150, nobody opened; a fresh process each)",
        ("position", "moves", "first ms", "again ms med"),
        rows,
    )


def random_rules(rng: random.Random) -> Rules:
    """A random rule set under the range of the opening minimum, two decks."""
    while True:
        knobs: dict[str, Any] = {
            "decks": 2,
            "ace": rng.choice(["low", "low_or_high", "around_the_corner"]),
            "min_run_length": rng.choice([3, 3, 4]),
            "jokers": rng.choice(["wild", "wild", "sets_only"]),
            "jokers_per_deck": rng.choice([1, 2, 2, 4]),
            "card_values": rng.choice(["standard", "fives", "basic"]),
            "group_of_four_multiplier": rng.choice([1, 1, 2]),
            "four_aces_value": rng.choice([0, 0, 25]),
            "going_out": rng.choice(["meld_or_discard", "discard_required", "floating"]),
            "top_discard_must_meld": rng.random() < 0.3,
            "deepest_card_use": rng.choice(["meld_or_layoff", "new_meld_only"]),
            "opening_minimum": rng.choice([30, 50, 75, 100, 125, 150]),
        }
        try:
            return Rules(**knobs)
        except RulesError:
            continue


def random_position(rng: random.Random) -> dict[str, Any]:
    """A draw-phase position for :func:`hunt` (see section 4 of the module docstring)."""
    rules = random_rules(rng)
    players = rng.randint(5, 8)
    data = new_game(rules, players, seed=rng.getrandbits(32)).to_dict()
    cards = [card for hand in data["hands"] for card in hand] + data["stock"] + data["discard"]
    jokers = [card for card in cards if card == "JK"]
    naturals = [card for card in cards if card != "JK"]
    rng.shuffle(naturals)
    held = rng.randint(7, 13)
    mover_jokers = min(len(jokers), rng.randint(0, 4), held)
    mover = [*jokers[:mover_jokers], *naturals[: held - mover_jokers]]
    rest = jokers[mover_jokers:] + naturals[held - mover_jokers :]
    rng.shuffle(rest)
    others = [rest[7 * seat : 7 * seat + 7] for seat in range(players - 1)]
    rest = rest[7 * (players - 1) :]
    pile = rng.randint(25, min(60, len(rest) - 1))
    data.update(
        hands=[mover, *others],
        discard=rest[:pile],
        stock=rest[pile:],
        dealer=players - 1,
        to_move=0,
        phase="draw",
        melds=[],
        last_discarder=players - 1,
    )
    data.pop("known", None)
    data.pop("opened", None)
    return data


def _first_call(data: dict[str, Any], minimum: int | None = None) -> tuple[float, int]:
    """The seconds and moves of the first call on ``data`` (under ``minimum`` if given)."""
    if minimum is not None:
        data = {**data, "rules": {**data["rules"], "opening_minimum": minimum}}
    state = GameState.from_dict(data)
    start = time.perf_counter()
    count = len(legal_moves(state))
    return time.perf_counter() - start, count


def hunt(candidates: int, seed: int) -> None:
    rng = random.Random(seed)
    found = []
    for _ in range(candidates):
        data = random_position(rng)
        # without the minimum first (it fills the memos of meld listing both calls use),
        # so that the difference is about what the opening minimum costs
        without, _ = _first_call(data, 0)
        seconds, _ = _first_call(data)
        found.append((seconds - without, data))
    # this process has grown with every candidate (and the collector's pauses with it):
    # the costliest ten are timed again, each in a fresh process
    found.sort(key=lambda item: -item[0])
    timed = []
    for _, data in found[:10]:
        moves, seconds, _ = _fresh_call(data, 0)
        at_zero = {**data, "rules": {**data["rules"], "opening_minimum": 0}}
        moves_without, without, _ = _fresh_call(at_zero, 0)
        timed.append((seconds - without, seconds, without, moves, moves_without, data))
    timed.sort(key=lambda item: -item[0])
    rows = []
    for extra, seconds, without, moves, moves_without, data in timed[:5]:
        rules = data["rules"]
        described = ", ".join(f"{key}={value}" for key, value in rules.items() if key != "preset")
        rows.append(
            (
                f"{extra * 1e3:.1f}",
                f"{seconds * 1e3:.1f}",
                f"{without * 1e3:.1f}",
                moves,
                moves_without,
                len(data["hands"]),
                len(data["hands"][0]),
                data["hands"][0].count("JK"),
                len(data["discard"]),
                described,
            )
        )
    print_table(
        f"4. The hunt: of {candidates} random positions, those whose opening minimum costs most "
        "(first calls in a fresh process, with the minimum and with none)",
        (
            "extra ms",
            "ms",
            "ms at 0",
            "moves",
            "moves at 0",
            "players",
            "hand",
            "jokers",
            "pile",
            "rules",
        ),
        rows,
    )
    print("the costliest:", json.dumps(timed[0][5], separators=(",", ":")))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=6, help="adversarial positions timed")
    parser.add_argument("--repeat", type=int, default=3, help="calls per position after the first")
    parser.add_argument(
        "--hands", type=int, default=100, help="bot hands per minimum (0: no bot play)"
    )
    parser.add_argument("--minimums", default="30,50,100,150")
    parser.add_argument(
        "--candidates", type=int, default=200, help="random positions hunted (0: no hunt)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-position", help=argparse.SUPPRESS)
    parser.add_argument("--random-row", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.time_position is not None:
        _time_position(args.time_position, args.repeat)
        return
    if args.random_row is not None:
        print(json.dumps(_random_row(args.random_row, args.hands, args.seed)))
        return
    minimums = [int(text) for text in args.minimums.split(",")]
    print_environment()
    adversarial(args.positions, args.repeat, minimums, args.seed)
    if args.hands:
        random_play(args.hands, minimums, args.seed)
    deep_piles(args.repeat)
    if args.candidates:
        hunt(args.candidates, args.seed)


if __name__ == "__main__":
    main()
