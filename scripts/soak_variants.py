"""Soak runs of the rule variants: seeded random hands under a preset or random rules.

Every move is checked with ``check_move``, the cards are conserved after every
move, every hand ends within 5,000 moves, every tenth state round-trips through
its position dict and every tenth move through its notation, and every
finished hand has a result.  Exits with status 1 if any hand failed.

Usage (from the repository root)::

    .venv/bin/python scripts/soak_variants.py --rules wikipedia --hands 20000 --workers 2
    .venv/bin/python scripts/soak_variants.py --rules random --hands 20000 --workers 2
    .venv/bin/python scripts/soak_variants.py --rules opening --hands 20000 --workers 2

With ``--rules random`` hand ``i`` draws its rule set with
:func:`random_rules` from a generator seeded by the hand, so a failing hand
replays with ``soak_hand(i, "random", seed)``.  ``--rules opening`` does the
same with an opening minimum (T8) drawn from 30 to 150 in every rule set.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from rummy500 import (  # noqa: E402
    GameState,
    Rules,
    apply_move,
    check_move,
    legal_moves,
    new_game,
    parse_move,
    presets,
)
from rummy500.errors import RulesError  # noqa: E402
from rummy500.rules import (  # noqa: E402
    Ace,
    DeepestCardUse,
    Direction,
    DiscardTake,
    FirstDiscard,
    GoingOut,
    Jokers,
    RummyCall,
    Scoring,
    StockExhausted,
)
from rummy500.values import CardValues  # noqa: E402

MOVE_LIMIT = 5000


def random_rules(rng: random.Random) -> Rules:
    """A random valid rule set over every knob of the rules (sections 1–6, and V5–V8)."""
    while True:
        knobs: dict[str, object] = {
            "jokers_per_deck": rng.choice([0, 1, 2, 4]),
            "decks": rng.choice(["auto", 1, 2]),
            "min_run_length": rng.choice([3, 4]),
            "ace": rng.choice(list(Ace)),
            "jokers": rng.choice(list(Jokers)),
            "discard_take": rng.choice(list(DiscardTake)),
            "top_discard_must_meld": rng.random() < 0.3,
            "deepest_card_use": rng.choice(list(DeepestCardUse)),
            "stock_draw_count": rng.choice([1, 2]),
            "stock_exhausted": rng.choice(list(StockExhausted)),
            "max_stock_rebuilds": rng.choice([0, 1, 3]),
            "opening_minimum": rng.choice([0, 0, 0, 30, 50, 100, 150]),
            "out_of_turn_melding": rng.random() < 0.2,
            "going_out": rng.choice(list(GoingOut)),
            "final_layoff": rng.random() < 0.3,
            "rummy_call": rng.choice(list(RummyCall)),
            "card_values": rng.choice(["standard", "fives", "basic"]),
            "scoring": rng.choice(list(Scoring)),
            "stock_out_penalty": rng.random() < 0.5,
            "going_out_bonus": rng.choice([0, 25]),
            "seven_card_run_bonus": rng.choice([0, 500]),
            "first_discard": rng.choice(list(FirstDiscard)),
            "direction": rng.choice(list(Direction)),
            "group_of_four_multiplier": rng.choice([1, 1, 2]),
            "four_aces_value": rng.choice([0, 0, 25]),
        }
        if knobs["going_out"] is GoingOut.FLOATING:
            knobs["final_discard_must_be_unplayable"] = rng.random() < 0.5
        if knobs["scoring"] is Scoring.WINNER_TAKES_HANDS:
            knobs["going_rummy_multiplier"] = rng.choice([1, 2])
        if knobs["decks"] == 1:
            knobs["max_players"] = rng.choice([4, 5, 6])
        if rng.random() < 0.1:
            knobs.update(partnerships=True, min_players=4, max_players=4)
        if rng.random() < 0.15:
            knobs.update(
                dealers_gambit=True,
                jokers=Jokers.WILD,
                jokers_per_deck=rng.choice([2, 4]),
                card_values=CardValues.custom(ace=15, low_ace=1, joker=0),
            )
        try:
            return Rules(**knobs)  # type: ignore[arg-type]
        except RulesError:
            continue


def soak_hand(index: int, rules_name: str, seed: int) -> tuple[int, str | None]:
    """Play hand ``index``; return its number of moves and a failure message, if any."""
    rng = random.Random(f"soak {rules_name} {seed} {index}")
    if rules_name == "random":
        rules = random_rules(rng)
    elif rules_name == "opening":
        rules = random_rules(rng).evolve(opening_minimum=rng.randint(30, 150))
    else:
        rules = presets.get(rules_name)
    players = rng.randint(rules.min_players, rules.max_players)
    moves = 0
    try:
        state = new_game(rules, players, seed=rng.getrandbits(32), dealer=rng.randrange(players))
        deck = state.all_cards()
        while not state.is_over:
            choices = legal_moves(state)
            if not choices:
                raise AssertionError(f"no legal move in phase {state.phase.value}")
            move = rng.choice(choices)
            check_move(state, move)
            if moves % 10 == 0:
                if GameState.from_dict(state.to_dict()) != state:
                    raise AssertionError("the position does not round-trip")
                if parse_move(state, str(move)) != move:
                    raise AssertionError(f"{move} does not round-trip")
            state = apply_move(state, move)
            moves += 1
            if state.all_cards() != deck:
                raise AssertionError("cards are not conserved")
            if moves > MOVE_LIMIT:
                raise AssertionError(f"more than {MOVE_LIMIT} moves")
        if state.result is None:
            raise AssertionError("a finished hand has no result")
    except Exception as error:  # every failure is reported with its hand
        diff = rules.diff(Rules())
        return moves, f"hand {index} ({rules_name}, {players} players, {diff}): {error!r}"
    return moves, None


def soak_range(start: int, stop: int, rules_name: str, seed: int) -> tuple[int, int, list[str]]:
    """Play hands ``start`` to ``stop - 1``: (hands, moves, failures)."""
    moves = 0
    failures = []
    for index in range(start, stop):
        count, failure = soak_hand(index, rules_name, seed)
        moves += count
        if failure:
            failures.append(failure)
    return stop - start, moves, failures


def main(argv: list[str] | None = None) -> int:
    """Run the soak; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="random", help="a preset name, 'random' or 'opening'")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--chunk", type=int, default=250)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    ranges = [(i, min(i + args.chunk, args.hands)) for i in range(0, args.hands, args.chunk)]
    hands = moves = 0
    failures: list[str] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(soak_range, a, b, args.rules, args.seed) for a, b in ranges]
        for future in futures:
            done, count, failed = future.result()
            hands += done
            moves += count
            failures.extend(failed)
    for failure in failures[:20]:
        print("FAIL", failure)
    seconds = time.perf_counter() - began
    print(
        f"soak {args.rules}: hands {hands}, moves {moves}, failures {len(failures)}, "
        f"time {seconds:.1f} s"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
