"""Deal hands and report the most valuable meld each player could lay down.

Usage: python examples/best_first_meld.py [--preset pagat] [--players 3] [--deals 5] [--seed 1]
"""

from __future__ import annotations

import argparse

from rummy500 import enumerate_melds, meld_value, new_game, presets


def main() -> None:
    """Parse the arguments, deal, and print each seat's best meld."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="pagat", choices=presets.names())
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rules = presets.get(args.preset)
    for number in range(args.deals):
        dealt = new_game(rules, args.players, seed=args.seed + number)
        print(f"deal {number + 1} (seed {dealt.seed}), upcard {' '.join(map(str, dealt.discard))}")
        for seat, hand in enumerate(dealt.hands):
            melds = enumerate_melds(hand, rules)
            if not melds:
                print(f"  seat {seat}: no meld")
                continue
            best = max(melds, key=lambda meld: meld_value(meld, rules.card_values))
            points = meld_value(best, rules.card_values)
            print(f"  seat {seat}: {len(melds)} melds, best {best} ({points} points)")


if __name__ == "__main__":
    main()
