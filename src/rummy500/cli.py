"""The command line: ``python -m rummy500`` (or the ``rummy500`` script).

Subcommands:

``demo``
    Deal a hand and show each hand, the discard pile, the stock size and the
    melds each player could lay down.
``rules``
    Describe a preset's rules, knob by knob.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rummy500 import presets
from rummy500.deal import deal
from rummy500.meldgen import enumerate_melds
from rummy500.melds import meld_value

__all__ = ["main"]


def _demo(args: argparse.Namespace) -> int:
    rules = presets.get(args.preset)
    dealt = deal(rules, args.players, seed=args.seed)
    print(f"500 Rum, preset {args.preset!r}, {args.players} players, seed {dealt.seed}")
    print(f"dealer: seat {dealt.dealer}")
    for seat, hand in enumerate(dealt.hands):
        print(f"seat {seat} holds {len(hand):2} cards: {' '.join(map(str, hand))}")
    pile = " ".join(map(str, dealt.discard)) or "(empty)"
    print(f"discard pile (top last): {pile}; stock: {len(dealt.stock)} cards")
    for seat, hand in enumerate(dealt.hands):
        melds = enumerate_melds(hand, rules)
        print(f"seat {seat} could meld {len(melds)} way(s)")
        ranked = sorted(melds, key=lambda m: -meld_value(m, rules.card_values))
        for meld in ranked[: args.show]:
            print(f"    meld {meld}  ({meld_value(meld, rules.card_values)} points)")
        if len(melds) > args.show:
            print(f"    ... and {len(melds) - args.show} more")
    return 0


def _rules(args: argparse.Namespace) -> int:
    print(f"preset {args.preset!r}")
    print(presets.get(args.preset).describe())
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rummy500", description="500 Rummy rules engine.")
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="deal a hand and show the melds available")
    demo.add_argument("--preset", default="pagat", choices=presets.names())
    demo.add_argument("--players", type=int, default=2)
    demo.add_argument("--seed", type=int, default=500)
    demo.add_argument("--show", type=int, default=5, help="melds to list per player")
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
    except ValueError as error:
        print(f"rummy500: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into a program that stopped reading (| head)
        sys.stderr.close()
        return 0
    return code
