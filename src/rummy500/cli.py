"""The command line: ``python -m rummy500`` (or the ``rummy500`` script).

Subcommands:

``demo``
    Deal a hand, show it, and play it out between random players, printing
    every move in notation and the final scores.
``rules``
    Describe a preset's rules, knob by knob.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from rummy500 import presets
from rummy500.engine import apply_move, legal_moves, new_game
from rummy500.meldgen import enumerate_melds
from rummy500.melds import meld_value

__all__ = ["main"]


def _demo(args: argparse.Namespace) -> int:
    rules = presets.get(args.preset)
    state = new_game(rules, args.players, seed=args.seed)
    rng = random.Random(args.seed)
    print(f"500 Rum, preset {args.preset!r}, {args.players} players, seed {state.seed}")
    print("The deal:")
    print(state)
    for seat, hand in enumerate(state.hands):
        melds = enumerate_melds(hand, rules)
        best = max(melds, key=lambda m: meld_value(m, rules.card_values), default=None)
        shown = f", best meld {best} ({meld_value(best, rules.card_values)} points)" if best else ""
        print(f"p{seat} could meld {len(melds)} way(s){shown}")
    print("Random players play the hand:")
    number = 0
    while not state.is_over:
        moves = legal_moves(state)
        move = rng.choice(moves)
        number += 1
        print(f"{number:4}. {move}   ({len(moves)} legal moves)")
        state = apply_move(state, move)
    print("The end of the hand:")
    print(state)
    result = state.result
    assert result is not None
    went_out = "nobody" if result.went_out is None else f"p{result.went_out}"
    print(f"ended by {result.reason.value}; went out: {went_out}")
    for seat, score in enumerate(result.scores):
        print(
            f"p{seat}: {result.melded[seat]:4} on the table - {result.in_hand[seat]:3} in hand"
            f" = {score:4}"
        )
    return 0


def _rules(args: argparse.Namespace) -> int:
    print(f"preset {args.preset!r}")
    print(presets.get(args.preset).describe())
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rummy500", description="500 Rummy rules engine.")
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="deal a hand and play it between random players")
    demo.add_argument("--preset", default="pagat", choices=presets.names())
    demo.add_argument("--players", type=int, default=2)
    demo.add_argument("--seed", type=int, default=500)
    demo.set_defaults(run=_demo)
    rules = commands.add_parser("rules", help="describe a preset's rules")
    rules.add_argument("preset", nargs="?", default="pagat", choices=presets.names())
    rules.set_defaults(run=_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    args = _parser().parse_args(argv)
    try:
        code: int = args.run(args)
    except (ValueError, NotImplementedError) as error:
        print(f"rummy500: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into a program that stopped reading (| head)
        sys.stderr.close()
        return 0
    return code
