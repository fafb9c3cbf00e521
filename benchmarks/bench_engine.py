"""Engine speed and memory under uniform random play, default rules (2 jokers per deck).

Usage:
    python benchmarks/bench_engine.py [--hands 1000] [--timed-hands 1000]
        [--candidates 60] [--positions 12] [--repeat 5] [--memory-hands 20] [--seed 1]

Smoke run (CI): python benchmarks/bench_engine.py --hands 3 --timed-hands 3
    --candidates 10 --positions 10 --repeat 1 --memory-hands 2

Sections:

1. Throughput: whole hands of uniform random play, each decision being
   ``legal_moves`` + ``random.Random(seed).choice`` + ``apply_move``;
   decisions/s and hands/s for 2 and 4 players (the deal, ``new_game``, is
   inside the timed loop; rummy500 has no chance nodes: the deck is
   shuffled once by ``new_game``).
2. Per-call latency (a separate, instrumented run of 2-player hands):
   ``apply_move`` over all decisions and at decisions 10 and 100 of each hand
   (1-based; a cost that grew with game length would show as a higher
   median at decision 100), ``is_legal`` on the chosen move and on a mutated
   (illegal) copy of it, ``legal_moves`` per decision; and, for scale, a new
   state with one field changed by the engine's own copy and no rule work
   (the least any move can cost, timed the same way).
3. ``legal_moves`` worst case: 5-player positions (2 decks, 108 cards) built
   with ``GameState.from_dict``, each with a 13-card hand holding 2 jokers, a
   40-card discard pile and 12 table melds, clustered on a few ranks so that
   melds and lay-offs abound; draw-phase positions have a discard just made
   (``last_discarder`` set) so that three other seats may call "Rummy!".
   ``--candidates`` positions are generated and the ``--positions`` ones with
   the most legal moves (half draw phase, half play phase) are timed.
4. Memory of a hand's chain of states: every state of a random 2-player hand
   kept in a list, measured with tracemalloc (bytes allocated while playing
   the hand and still held by the list) and with a deep size that counts
   each object once and skips the library's shared constants (cards, meld
   cards, the rules, enum members).
"""

from __future__ import annotations

import argparse
import enum
import functools
import gc
import random
import statistics
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs
from machine import machine_line

from rummy500 import (
    JOKER,
    CallRummy,
    Card,
    Discard,
    Draw,
    EndHand,
    GameState,
    LayoffMove,
    MeldCard,
    MeldMove,
    Move,
    Phase,
    Rules,
    Take,
    apply_move,
    is_legal,
    legal_moves,
    new_game,
)
from rummy500._engine.states import evolve

MEMORY_TARGET = 50_000  # bytes per hand (the compact core's target)
SAMPLE_AT = (10, 100)  # decision numbers (1-based) where apply_move is sampled


# ---------------------------------------------------------------------------
# Random play


@attrs.frozen
class PlayRun:
    """The result of a throughput run."""

    players: int
    hands: int
    decisions: int
    seconds: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds


def hand_seed(seed: int, hand: int) -> int:
    return seed * 1_000_003 + hand


def play_random_hands(players: int, hands: int, seed: int) -> PlayRun:
    """Play ``hands`` whole hands uniformly at random; count every decision.

    A decision is one ``legal_moves`` call, one ``rng.choice`` and one
    ``apply_move``; the deal (``new_game``) is inside the timed loop.
    """
    rules = Rules()
    rng = random.Random(seed)
    choice = rng.choice
    decisions = 0
    start = time.perf_counter()
    for hand in range(hands):
        state = new_game(rules, players, seed=hand_seed(seed, hand))
        while not state.is_over:
            state = apply_move(state, choice(legal_moves(state)))
            decisions += 1
    seconds = time.perf_counter() - start
    return PlayRun(players, hands, decisions, seconds)


# ---------------------------------------------------------------------------
# Statistics and printing


def median_us(samples: Sequence[float]) -> float:
    return statistics.median(samples) * 1e6 if samples else float("nan")


def percentile_us(samples: Sequence[float], fraction: float) -> float:
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] * 1e6


def print_table(title: str, header: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
    text_rows = [[str(cell) for cell in row] for row in rows]
    widths = [len(name) for name in header]
    for row in text_rows:
        widths = [max(width, len(cell)) for width, cell in zip(widths, row, strict=True)]
    print(f"\n{title}")
    line = "  ".join(
        name.ljust(width) if i == 0 else name.rjust(width)
        for i, (name, width) in enumerate(zip(header, widths, strict=True))
    )
    print(line)
    print("-" * len(line))
    for row in text_rows:
        print(
            "  ".join(
                cell.ljust(width) if i == 0 else cell.rjust(width)
                for i, (cell, width) in enumerate(zip(row, widths, strict=True))
            )
        )


def print_environment() -> None:
    print(machine_line())


# ---------------------------------------------------------------------------
# 1. Throughput


def throughput(hands: int, seed: int) -> None:
    rows = []
    for players in (2, 4):
        run = play_random_hands(players, hands, seed)
        rows.append(
            (
                f"{players} players",
                run.hands,
                run.decisions,
                f"{run.decisions / run.hands:.1f}",
                f"{run.seconds:.2f}",
                f"{run.decisions_per_second:,.0f}",
                f"{run.hands_per_second:,.1f}",
                f"{1e6 / run.decisions_per_second:.1f}",
            )
        )
    print_table(
        "1. Throughput: uniform random play (legal_moves + choice + apply_move per decision; "
        "deal included)",
        (
            "players",
            "hands",
            "decisions",
            "dec/hand",
            "seconds",
            "decisions/s",
            "hands/s",
            "us/decision",
        ),
        rows,
    )


# ---------------------------------------------------------------------------
# 2. Per-call latency


def _natural_not_in(hand: Sequence[Card], rng: random.Random) -> Card:
    held = {card.code for card in hand}
    codes = [code for code in range(52) if code not in held]
    return Card.from_code(rng.choice(codes))


def _mutate_play(
    play: MeldMove | LayoffMove, hand: Sequence[Card], rng: random.Random
) -> MeldMove | LayoffMove:
    """``play`` with one card swapped for a natural card the player does not hold."""
    cards: list[MeldCard | Card] = list(play.cards)
    cards[rng.randrange(len(cards))] = _natural_not_in(hand, rng)
    return attrs.evolve(play, cards=tuple(cards))


def mutate(state: GameState, move: Move, rng: random.Random) -> Move:
    """An illegal variant of the legal ``move`` (checked by the caller).

    Moves with cards get one card swapped for a natural card the player does
    not hold (the move then fails on card availability or meld validity);
    the others are made by the wrong seat or ask for too many cards.
    """
    hand = state.hands[move.player]
    if isinstance(move, Discard):
        return Discard(move.player, _natural_not_in(hand, rng))
    if isinstance(move, (MeldMove, LayoffMove)):
        return _mutate_play(move, hand, rng)
    if isinstance(move, (Take, CallRummy)) and move.play is not None:
        # Nor any card of the pile, which a take or call may use.
        held = (*hand, *state.discard)
        return attrs.evolve(move, play=_mutate_play(move.play, held, rng))
    if isinstance(move, Take):
        return Take(move.player, len(state.discard) + 1)
    if isinstance(move, EndHand):
        return Draw(move.player)  # the stock is empty
    return Draw((move.player + 1) % state.num_players)


def _timed(function: Callable[[GameState, Move], Any], state: GameState, move: Move) -> float:
    start = time.perf_counter()
    function(state, move)
    return time.perf_counter() - start


def latency(hands: int, seed: int) -> None:
    rules = Rules()
    rng = random.Random(seed)
    mutation_rng = random.Random(seed + 1)
    apply_all: list[float] = []
    at: dict[int, dict[str, list[float]]] = {n: {} for n in SAMPLE_AT}
    legal_chosen: list[float] = []
    illegal_mutated: list[float] = []
    legal_moves_times: list[float] = []
    copies: list[float] = []
    move_counts: list[int] = []
    mutations_legal = 0
    for hand in range(hands):
        state = new_game(rules, 2, seed=hand_seed(seed, hand))
        decision = 0
        while not state.is_over:
            start = time.perf_counter()
            moves = legal_moves(state)
            legal_moves_times.append(time.perf_counter() - start)
            move_counts.append(len(moves))
            move = rng.choice(moves)
            legal_chosen.append(_timed(is_legal, state, move))
            wrong = mutate(state, move, mutation_rng)
            start = time.perf_counter()
            ok = is_legal(state, wrong)
            elapsed = time.perf_counter() - start
            if ok:
                mutations_legal += 1
            else:
                illegal_mutated.append(elapsed)
            start = time.perf_counter()
            evolve(state, idle_turns=state.idle_turns)
            copies.append(time.perf_counter() - start)
            start = time.perf_counter()
            after = apply_move(state, move)
            elapsed = time.perf_counter() - start
            decision += 1
            apply_all.append(elapsed)
            if decision in at:
                kind = type(move).__name__
                at[decision].setdefault("all", []).append(elapsed)
                at[decision].setdefault(kind, []).append(elapsed)
            state = after

    rows: list[tuple[object, ...]] = [
        (
            "apply_move, all decisions",
            len(apply_all),
            f"{median_us(apply_all):.1f}",
            f"{percentile_us(apply_all, 0.95):.1f}",
        ),
    ]
    for number in SAMPLE_AT:
        for kind in ("all", "Draw", "Discard", "MeldMove", "LayoffMove", "Take"):
            samples = at[number].get(kind, [])
            if kind != "all" and len(samples) < 20:
                continue
            label = f"apply_move at decision {number}" + ("" if kind == "all" else f" ({kind})")
            rows.append(
                (
                    label,
                    len(samples),
                    f"{median_us(samples):.1f}",
                    f"{percentile_us(samples, 0.95):.1f}",
                )
            )
    rows += [
        (
            "is_legal, chosen (legal) move",
            len(legal_chosen),
            f"{median_us(legal_chosen):.1f}",
            f"{percentile_us(legal_chosen, 0.95):.1f}",
        ),
        (
            "is_legal, mutated (illegal) move",
            len(illegal_mutated),
            f"{median_us(illegal_mutated):.1f}",
            f"{percentile_us(illegal_mutated, 0.95):.1f}",
        ),
        (
            "a new state alone (no rule work)",
            len(copies),
            f"{median_us(copies):.1f}",
            f"{percentile_us(copies, 0.95):.1f}",
        ),
        (
            "legal_moves, per decision",
            len(legal_moves_times),
            f"{median_us(legal_moves_times):.1f}",
            f"{percentile_us(legal_moves_times, 0.95):.1f}",
        ),
    ]
    print_table(
        f"2. Per-call latency: {hands} random 2-player hands (each call timed once)",
        ("call", "samples", "median us", "p95 us"),
        rows,
    )
    ratio = median_us(at[SAMPLE_AT[1]].get("all", [])) / median_us(at[SAMPLE_AT[0]]["all"])
    print(
        f"apply_move median at decision {SAMPLE_AT[1]} / at decision {SAMPLE_AT[0]}: {ratio:.2f} "
        f"(hands reaching decision {SAMPLE_AT[1]}: {len(at[SAMPLE_AT[1]].get('all', []))}"
        f"/{hands})"
    )
    print(
        f"legal moves per decision: median {statistics.median(move_counts):.0f}, "
        f"max {max(move_counts)}; mutated moves that were legal after all (not timed): "
        f"{mutations_legal}"
    )


# ---------------------------------------------------------------------------
# 3. legal_moves worst case

ADVERSARIAL_PLAYERS = 5
HAND_SIZE = 13
PILE_SIZE = 40
TABLE_MELDS = 12
RANK_SYMBOLS = "A23456789TJQK"
SUITS = "SHDC"


def _text(rank: int, suit: int) -> str:
    return RANK_SYMBOLS[rank - 1] + SUITS[suit]


class _Pool:
    """The cards not yet placed, as counts of card text."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self.left: Counter[str] = Counter(str(card) for card in cards)

    def has(self, texts: Sequence[str]) -> bool:
        need = Counter(texts)
        return all(self.left[text] >= count for text, count in need.items())

    def take(self, texts: Sequence[str]) -> list[str]:
        for text in texts:
            self.left[text] -= 1
        self.left = +self.left
        return list(texts)

    def take_random(
        self, count: int, rng: random.Random, prefer: Callable[[str], bool]
    ) -> list[str]:
        """``count`` random cards, those matching ``prefer`` first (no jokers)."""
        cards = sorted(self.left.elements())
        preferred = [text for text in cards if text != "JK" and prefer(text)]
        others = [text for text in cards if text != "JK" and not prefer(text)]
        rng.shuffle(preferred)
        rng.shuffle(others)
        return self.take((preferred + others)[:count])


def _table_meld(
    pool: _Pool, rng: random.Random, low: int, high: int, use_joker: bool
) -> list[str] | None:
    """A random run or group in ranks ``low..high`` from ``pool``, or ``None``."""
    if rng.random() < 0.6:
        suit = rng.randrange(4)
        length = rng.choice((3, 3, 4))
        start = rng.randint(max(2, low), max(2, min(high, 14 - length)))
        if start + length - 1 > 13:
            return None
        cards = [_text(rank, suit) for rank in range(start, start + length)]
        if use_joker:
            position = rng.randrange(length)
            naturals = cards[:position] + cards[position + 1 :]
            if not pool.has([*naturals, "JK"]):
                return None
            pool.take([*naturals, "JK"])
            return [f"JK={text}" if i == position else text for i, text in enumerate(cards)]
        if not pool.has(cards):
            return None
        return pool.take(cards)
    rank = rng.randint(low, high)
    suits = sorted(rng.sample(range(4), 3))
    cards = [_text(rank, suit) for suit in suits]
    if use_joker:
        naturals = cards[:2]
        if not pool.has([*naturals, "JK"]):
            return None
        pool.take([*naturals, "JK"])
        return [*naturals, f"JK={RANK_SYMBOLS[rank - 1]}"]
    if not pool.has(cards):
        return None
    return pool.take(cards)


def adversarial_position(rng: random.Random, phase: Phase) -> dict[str, Any]:
    """A 5-player position (format 1) rich in melds and lay-offs for seat 0.

    Seat 0 holds 13 cards with 2 jokers; the pile holds 40 cards, the table
    12 melds (one holding a joker, the 4th joker lies in the pile); the
    cards left go 3 to each other seat and the rest to the stock.
    """
    rules = Rules()
    pool = _Pool(rules.deck(ADVERSARIAL_PLAYERS))
    low = rng.randint(2, 7)
    high = low + rng.randint(4, 6)

    def in_window(text: str) -> bool:
        return low <= RANK_SYMBOLS.index(text[0]) + 1 <= high

    melds: list[dict[str, Any]] = []
    attempts = 0
    while len(melds) < TABLE_MELDS:
        attempts += 1
        if attempts > 10_000:
            raise RuntimeError("could not build the table melds")
        cards = _table_meld(pool, rng, low, high, use_joker=not melds)
        if cards is not None:
            melds.append({"cards": cards, "by": [rng.randrange(5) for _ in cards]})
    hand = pool.take(["JK", "JK"]) + pool.take_random(HAND_SIZE - 2, rng, in_window)
    pile = pool.take_random(PILE_SIZE - 1, rng, in_window)
    pile.insert(rng.randrange(len(pile) + 1), pool.take(["JK"])[0])
    rest = pool.take_random(sum(pool.left.values()), rng, lambda text: True)
    others = [rest[i * 3 : i * 3 + 3] for i in range(ADVERSARIAL_PLAYERS - 1)]
    stock = rest[3 * (ADVERSARIAL_PLAYERS - 1) :]
    return {
        "format": 1,
        "rules": "pagat",
        "dealer": 4,
        "to_move": 0,
        "phase": phase.value,
        "hands": [hand, *others],
        "stock": stock,
        "discard": pile,
        "melds": melds,
        "last_discarder": 4 if phase is Phase.DRAW else None,
    }


def _time_call(function: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def worst_case(candidates: int, positions: int, repeat: int, seed: int) -> None:
    rng = random.Random(seed)
    per_phase = {Phase.DRAW: (positions + 1) // 2, Phase.PLAY: positions // 2}
    chosen: list[tuple[GameState, int, float]] = []
    for phase, keep in per_phase.items():
        scored: list[tuple[int, int, GameState, float]] = []
        for number in range(max(keep, candidates // 2)):
            state = GameState.from_dict(adversarial_position(rng, phase))
            shape = (len(state.hands[0]), state.hands[0].count(JOKER), len(state.discard))
            if shape != (HAND_SIZE, 2, PILE_SIZE) or len(state.melds) != TABLE_MELDS:
                raise RuntimeError(f"bad adversarial position: {state!r}")
            start = time.perf_counter()
            count = len(legal_moves(state))
            scored.append((count, number, state, time.perf_counter() - start))
        scored.sort(key=lambda item: (-item[0], item[1]))
        chosen += [(state, count, first) for count, _, state, first in scored[:keep]]

    rows = []
    times = []
    firsts = []
    for number, (state, count, first) in enumerate(chosen):
        firsts.append(first)
        seconds = _time_call(functools.partial(legal_moves, state), repeat)
        times.append(seconds)
        moves = legal_moves(state)
        kinds = Counter(type(move).__name__ for move in moves)
        rummy = kinds.get("CallRummy", 0)
        rows.append(
            (
                f"#{number} {state.phase.value}",
                len(state.hands[0]),
                len(state.discard),
                len(state.melds),
                count,
                kinds.get("Take", 0),
                rummy,
                kinds.get("MeldMove", 0),
                kinds.get("LayoffMove", 0),
                kinds.get("Discard", 0),
                f"{first * 1e3:.2f}",
                f"{seconds * 1e3:.2f}",
            )
        )
    print_table(
        f"3. legal_moves worst case: {len(chosen)} adversarial 5-player positions (the ones with "
        f"most moves of {2 * max(per_phase[Phase.DRAW], candidates // 2)} generated; "
        f"'first ms': the first call on the position, 'median ms': median of {repeat} more calls)",
        (
            "position",
            "hand",
            "pile",
            "melds",
            "moves",
            "takes",
            "rummy",
            "new melds",
            "layoffs",
            "discards",
            "first ms",
            "median ms",
        ),
        rows,
    )
    print(
        f"legal_moves over these positions: max {max(times) * 1e3:.2f} ms, "
        f"median {statistics.median(times) * 1e3:.2f} ms (repeated calls); "
        f"first calls: max {max(firsts) * 1e3:.2f} ms, "
        f"median {statistics.median(firsts) * 1e3:.2f} ms"
    )
    print(f"largest move count: {max(count for _, count, _ in chosen)}")


# ---------------------------------------------------------------------------
# 4. Memory


_SHARED_TYPES = (Card, MeldCard, Rules, enum.Enum, type, type(sys), type(len), type(lambda: 0))


def deep_size(roots: Iterable[object]) -> int:
    """Bytes of the objects reachable from ``roots``, each counted once.

    Skips the library's shared values (cards, meld cards, the rules, enum
    members; types, modules, functions) and CPython's cached small ints.
    """
    seen: set[int] = set()
    total = 0
    stack = list(roots)
    while stack:
        item = stack.pop()
        key = id(item)
        if key in seen or isinstance(item, _SHARED_TYPES):
            continue
        if isinstance(item, int) and -5 <= item <= 256:
            continue
        seen.add(key)
        total += sys.getsizeof(item)
        stack.extend(gc.get_referents(item))
    return total


def _random_hand_moves(rules: Rules, seed: int, rng: random.Random) -> list[Move]:
    state = new_game(rules, 2, seed=seed)
    moves = []
    while not state.is_over:
        move = rng.choice(legal_moves(state))
        moves.append(move)
        state = apply_move(state, move)
    return moves


def _replay(rules: Rules, seed: int, moves: Sequence[Move]) -> list[GameState]:
    states = [new_game(rules, 2, seed=seed)]
    for move in moves:
        states.append(apply_move(states[-1], move))
    return states


def memory(hands: int, seed: int) -> None:
    rules = Rules()
    rng = random.Random(seed)
    traced: list[int] = []
    shared_sizes: list[int] = []
    unshared_sizes: list[int] = []
    state_counts: list[int] = []
    tracemalloc.start()
    try:
        for hand in range(hands):
            # Play the hand once (filling the engine's caches for these
            # positions), then replay its moves while measuring, so that the
            # figure is the chain of states and not cache growth.
            moves = _random_hand_moves(rules, hand_seed(seed, hand), rng)
            _replay(rules, hand_seed(seed, hand), moves)
            gc.collect()
            before = tracemalloc.get_traced_memory()[0]
            states = _replay(rules, hand_seed(seed, hand), moves)
            gc.collect()
            traced.append(tracemalloc.get_traced_memory()[0] - before)
            state_counts.append(len(states))
            shared_sizes.append(deep_size([states]))
            unshared_sizes.append(sum(deep_size([state]) for state in states))
            del states
    finally:
        tracemalloc.stop()
    rows = [
        (
            "tracemalloc, held by the chain",
            f"{statistics.median(traced):,.0f}",
            f"{max(traced):,.0f}",
            f"{statistics.median(traced) / statistics.median(state_counts):,.0f}",
        ),
        (
            "deep size, shared parts once",
            f"{statistics.median(shared_sizes):,.0f}",
            f"{max(shared_sizes):,.0f}",
            f"{statistics.median(shared_sizes) / statistics.median(state_counts):,.0f}",
        ),
        (
            "deep size, each state alone (no sharing)",
            f"{statistics.median(unshared_sizes):,.0f}",
            f"{max(unshared_sizes):,.0f}",
            f"{statistics.median(unshared_sizes) / statistics.median(state_counts):,.0f}",
        ),
    ]
    print_table(
        f"4. Memory of a hand's chain of states: {hands} random 2-player hands, every state kept "
        f"in a list (the list included; "
        f"median {statistics.median(state_counts):.0f} states per hand, "
        f"max {max(state_counts)})",
        ("measure", "median bytes/hand", "max bytes/hand", "bytes/state"),
        rows,
    )
    worst = max(max(traced), max(shared_sizes))
    verdict = "met" if worst < MEMORY_TARGET else "NOT met"
    print(f"target < {MEMORY_TARGET:,} bytes per hand: {verdict} (worst hand {worst:,} bytes)")


# ---------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=1000, help="hands per throughput run")
    parser.add_argument("--timed-hands", type=int, default=1000, help="hands for per-call times")
    parser.add_argument("--candidates", type=int, default=60, help="adversarial positions built")
    parser.add_argument("--positions", type=int, default=12, help="adversarial positions timed")
    parser.add_argument("--repeat", type=int, default=5, help="legal_moves calls per position")
    parser.add_argument("--memory-hands", type=int, default=20, help="hands measured for memory")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print_environment()
    throughput(args.hands, args.seed)
    latency(args.timed_hands, args.seed)
    worst_case(args.candidates, args.positions, args.repeat, args.seed)
    memory(args.memory_hands, args.seed)


if __name__ == "__main__":
    main()
