"""Write (or check) ``tests/perft/presets.json``: perft positions under every playable preset.

For each preset the engine plays, two positions reached by the builder driver
of :mod:`tests.perft.generate` (a draw phase with a pile to take from and
melds on the table, and a play phase), each with its exact number of legal
moves at depth 1 and depth 2.  Run from the repository root::

    .venv/bin/python -m tests.perft.generate_presets [--check]
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rummy500 import JOKER, GameState, JokerEffect, Phase, Rules, legal_moves, presets
from rummy500.positions import rules_to_data
from tests.perft.generate import dumps, perft, states_of

PATH = Path(__file__).with_name("presets.json")

Criterion = Callable[[GameState], bool]

#: (preset, players, criterion name, criterion).
RECIPES: tuple[tuple[str, int, str, Criterion], ...] = tuple(
    (preset, players, phase_name, criterion)
    for preset, players in (
        ("pagat", 3),
        ("wikipedia", 2),
        ("boathouse", 4),
        ("basic_rummy", 5),
        ("partnership", 4),
        ("persian", 4),
        ("dealers_gambit", 3),
    )
    for phase_name, criterion in (
        (
            "draw",
            lambda s: s.phase is Phase.DRAW and len(s.discard) >= 6 and len(s.melds) >= 2,
        ),
        ("play", lambda s: s.phase is Phase.PLAY and len(s.melds) >= 2),
    )
)

#: Dealer's gambit (V7): one position for each joker effect where it matters.
RECIPES += (
    (
        "dealers_gambit",
        3,
        "split",
        lambda s: (
            s.joker_effect is JokerEffect.SPLIT
            and s.phase is Phase.DRAW
            and len(s.discard) >= 6
            and JOKER in s.hands[s.to_move]
        ),
    ),
    (
        "dealers_gambit",
        2,
        "double",
        lambda s: (
            s.joker_effect is JokerEffect.DOUBLE
            and s.phase is Phase.PLAY
            and any(m.doubled for m in s.melds)
            and JOKER in s.hands[s.to_move]
        ),
    ),
    (
        "dealers_gambit",
        4,
        "wild-dealer",
        lambda s: (
            s.joker_effect is JokerEffect.WILD
            and s.phase is Phase.PLAY
            and s.to_move == s.dealer
            and s.dealer_joker
            and len(s.melds) >= 2
        ),
    ),
)


def _rules_text(rules: Rules) -> str:
    """The rules as the source line names them: a preset's name, or the rules' data."""
    data = rules_to_data(rules)
    return repr(data["preset"]) if len(data) == 1 else repr(data)


def generate() -> list[dict[str, Any]]:
    entries = []
    for preset, players, phase_name, criterion in RECIPES:
        rules = presets.get(preset)
        found = None
        for seed in range(1, 3000):
            for state in states_of(rules, players, seed, 0.9, 0.4):
                if not state.is_over and criterion(state):
                    found = (state, seed)
                    break
            if found:
                break
        if found is None:
            raise RuntimeError(f"no {phase_name} position for {preset}")
        state, seed = found
        entries.append(
            {
                "name": f"{preset}-{players}p-{phase_name}",
                "source": f"new_game({_rules_text(rules)}, {players}, seed={seed}) "
                "played by the builder driver (stock 0.9, melds 0.4)",
                "preset": preset,
                "depth1": len(legal_moves(state)),
                "depth2": perft(state, 2),
                "position": state.to_dict(),
            }
        )
    return entries


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write or check tests/perft/presets.json.")
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    text = dumps(generate())
    if args.check:
        same = PATH.exists() and PATH.read_text() == text
        print("presets.json is up to date" if same else "presets.json differs")
        return 0 if same else 1
    PATH.write_text(text)
    for item in json.loads(text):
        print(f"{item['name']:28} depth1 {item['depth1']:5} depth2 {item['depth2']:7}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
