"""Write ``tests/perft/positions.json``: seeded positions with exact move counts.

Perft, as for chess engines: for each position, the number of legal moves
(depth 1) and the number of legal moves summed over the positions those
moves lead to (depth 2).  ``tests/test_perft.py`` checks every count, and
checks the depth-1 moves of the positions marked ``"reference": true``
against the brute-force generator of ``tests/reference_moves.py``.

The positions are reached by seeded play from fresh deals (2–8 players,
0 or 2 jokers per deck, with and without "Rummy!" calls) with a builder
driver that draws from the stock more often than the random driver and lays
down melds, so that piles grow long and tables fill; a few more are built by
hand for the no-dead-ends rule (N1).  Everything is seeded: running this
again writes the same file (unless the engine's move generation changed, in
which case the test fails first: regenerate only once the change is
understood).

Usage (from the repository root)::

    .venv/bin/python -m tests.perft.generate          # write positions.json
    .venv/bin/python -m tests.perft.generate --check  # compare with the file
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from rummy500 import (
    CallRummy,
    Draw,
    EndHand,
    GameState,
    LayoffMove,
    MeldMove,
    Phase,
    Rules,
    Take,
    apply_move,
    legal_moves,
    new_game,
)
from rummy500.positions import rules_to_data
from tests.reference_moves import small_enough
from tests.strategies import ENGINE_RULES, random_move_index, real_deck

PATH = Path(__file__).with_name("positions.json")


def _rules_text(rules: Rules) -> str:
    """The rules as the source line names them: a preset's name, or the rules' data."""
    data = rules_to_data(rules)
    return repr(data["preset"]) if len(data) == 1 else repr(data)


def perft(state: GameState, depth: int) -> int:
    """The number of move sequences of ``depth`` moves from ``state`` (depth ≥ 1)."""
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(apply_move(state, move), depth - 1) for move in moves)


def builder_move(state: GameState, rng: random.Random, stock_bias: float, meld_bias: float) -> int:
    """A move index: the stock draw with ``stock_bias``, a meld or lay-off with ``meld_bias``."""
    moves = legal_moves(state)
    if state.phase is Phase.DRAW and rng.random() < stock_bias:
        for index, move in enumerate(moves):
            if isinstance(move, (Draw, EndHand)):
                return index
    if state.phase is Phase.PLAY and rng.random() < meld_bias:
        plays = [i for i, move in enumerate(moves) if isinstance(move, (MeldMove, LayoffMove))]
        if plays:
            return rng.choice(plays)
    return random_move_index(state, rng)


def states_of(
    rules: Rules, players: int, seed: int, stock_bias: float, meld_bias: float
) -> Iterator[GameState]:
    """The states of one hand dealt from ``seed`` and played by the builder driver."""
    state = new_game(rules, players, seed=seed)
    rng = random.Random(seed * 7919 + 1)
    yield state
    while not state.is_over:
        state = apply_move(
            state, legal_moves(state)[builder_move(state, rng, stock_bias, meld_bias)]
        )
        yield state


def window_open(state: GameState) -> bool:
    return any(isinstance(move, CallRummy) for move in legal_moves(state))


def moves(state: GameState) -> int:
    return len(legal_moves(state))


def deep_takes(state: GameState) -> int:
    return sum(isinstance(move, Take) and move.count > 1 for move in legal_moves(state))


Criterion = Callable[[GameState], bool]

#: (name, rule set index in ENGINE_RULES, players, stock bias, meld bias, criterion).
RECIPES: tuple[tuple[str, int, int, float, float, Criterion], ...] = (
    # Mid-hand, long piles and many melds, draw phase.
    ("2p-long-pile-draw", 0, 2, 0.95, 0.25,
     lambda s: s.phase is Phase.DRAW and len(s.discard) >= 15 and len(s.melds) >= 3
     and moves(s) >= 30),
    ("3p-long-pile-draw-no-jokers", 1, 3, 0.95, 0.25,
     lambda s: s.phase is Phase.DRAW and len(s.discard) >= 15 and len(s.melds) >= 4
     and moves(s) >= 20),
    ("5p-long-pile-draw", 0, 5, 0.9, 0.5,
     lambda s: s.phase is Phase.DRAW and len(s.discard) >= 20 and len(s.melds) >= 5
     and deep_takes(s) >= 10),
    ("8p-long-pile-draw-no-calls", 2, 8, 0.95, 0.3,
     lambda s: s.phase is Phase.DRAW and len(s.discard) >= 20 and len(s.melds) >= 6
     and moves(s) >= 30),
    ("6p-long-pile-draw-no-jokers", 3, 6, 0.95, 0.3,
     lambda s: s.phase is Phase.DRAW and len(s.discard) >= 15 and len(s.melds) >= 5
     and moves(s) >= 20),
    # Mid-hand, play phase.
    ("2p-many-melds-play", 0, 2, 0.95, 0.25,
     lambda s: s.phase is Phase.PLAY and len(s.discard) >= 10 and len(s.melds) >= 4
     and moves(s) >= 40),
    ("4p-many-melds-play", 0, 4, 0.95, 0.3,
     lambda s: s.phase is Phase.PLAY and len(s.discard) >= 10 and len(s.melds) >= 5
     and moves(s) >= 25),
    ("7p-many-melds-play-no-jokers", 1, 7, 0.95, 0.3,
     lambda s: s.phase is Phase.PLAY and len(s.discard) >= 12 and len(s.melds) >= 6
     and moves(s) >= 12),
    ("8p-many-melds-play", 0, 8, 0.9, 0.4,
     lambda s: s.phase is Phase.PLAY and len(s.discard) >= 10 and len(s.melds) >= 6
     and len(s.hands[s.to_move]) >= 5),
    ("3p-after-take-1-play", 0, 3, 0.7, 0.4,
     lambda s: s.phase is Phase.PLAY and len(s.taken) == 1 and len(s.melds) >= 3),
    ("5p-after-deep-take-play", 0, 5, 0.7, 0.4,
     lambda s: s.phase is Phase.PLAY and len(s.taken) >= 3 and len(s.melds) >= 3),
    # "Rummy!" windows open (R1).
    ("3p-rummy-window", 0, 3, 0.8, 0.5,
     lambda s: s.phase is Phase.DRAW and window_open(s) and len(s.discard) >= 6),
    ("4p-rummy-window-no-jokers", 1, 4, 0.8, 0.5,
     lambda s: s.phase is Phase.DRAW and window_open(s) and len(s.discard) >= 8),
    ("6p-rummy-window", 0, 6, 0.8, 0.5,
     lambda s: s.phase is Phase.DRAW and window_open(s) and len(s.discard) >= 12
     and len(s.melds) >= 4 and moves(s) >= 20),
    ("8p-rummy-window", 0, 8, 0.8, 0.5,
     lambda s: s.phase is Phase.DRAW and window_open(s) and len(s.discard) >= 8),
    # The stock is empty: "end" replaces the stock draw (T6).
    ("2p-empty-stock", 0, 2, 0.95, 0.2,
     lambda s: s.phase is Phase.DRAW and not s.stock and len(s.discard) >= 5),
    ("4p-empty-stock-no-jokers", 1, 4, 0.95, 0.2,
     lambda s: s.phase is Phase.DRAW and not s.stock and len(s.discard) >= 5),
    # Small positions, for the brute force.
    ("3p-small-draw", 0, 3, 0.8, 0.5,
     lambda s: s.phase is Phase.DRAW and small_enough(s) and len(s.discard) >= 6
     and len(s.melds) >= 3 and deep_takes(s) >= 1),
    ("4p-small-play", 0, 4, 0.8, 0.5,
     lambda s: s.phase is Phase.PLAY and small_enough(s) and len(s.melds) >= 3
     and len(s.hands[s.to_move]) >= 5),
    ("5p-small-play-no-jokers", 1, 5, 0.8, 0.5,
     lambda s: s.phase is Phase.PLAY and small_enough(s) and len(s.melds) >= 4
     and len(s.hands[s.to_move]) >= 5),
    ("7p-small-draw-no-calls", 2, 7, 0.8, 0.5,
     lambda s: s.phase is Phase.DRAW and small_enough(s) and len(s.discard) >= 6
     and len(s.melds) >= 4),
    ("5p-small-rummy-window", 0, 5, 0.8, 0.5,
     lambda s: s.phase is Phase.DRAW and small_enough(s) and window_open(s) and len(s.melds) >= 3),
    ("3p-small-rummy-window-no-jokers", 1, 3, 0.8, 0.5,
     lambda s: s.phase is Phase.DRAW and small_enough(s) and window_open(s) and len(s.melds) >= 2),
    ("6p-small-after-take-1", 0, 6, 0.7, 0.4,
     lambda s: s.phase is Phase.PLAY and small_enough(s) and len(s.taken) == 1
     and len(s.melds) >= 2),
    ("2p-small-empty-stock", 1, 2, 0.95, 0.3,
     lambda s: s.phase is Phase.DRAW and not s.stock and small_enough(s)),
)  # fmt: skip


def find(recipe: tuple[str, int, int, float, float, Criterion]) -> tuple[GameState, int]:
    """The first state meeting the recipe's criterion, over seeds 1, 2, ...; and its seed."""
    name, rules_index, players, stock_bias, meld_bias, criterion = recipe
    for seed in range(1, 5000):
        for state in states_of(ENGINE_RULES[rules_index], players, seed, stock_bias, meld_bias):
            if not state.is_over and criterion(state):
                return state, seed
    raise RuntimeError(f"no position found for {name}")


# ---------------------------------------------------------------------------
# Positions built by hand: the no-dead-ends rule (N1) with two decks.


def built(
    players: int,
    hands: Sequence[str],
    discard: str,
    melds: Sequence[tuple[str, Sequence[int]]],
    *,
    to_move: int,
    phase: str = "draw",
    taken: str = "",
    last_discarder: int | None = None,
) -> dict[str, Any]:
    """A position of the default rules: the cards named, every other card in the stock."""
    rules = Rules()
    left = [str(card) for card in real_deck(1 if players <= 4 else 2, rules.jokers_per_deck)]
    named = [card for hand in hands for card in hand.split()] + discard.split()
    for cards, _ in melds:
        named += ["JK" if spec.startswith("JK") else spec for spec in cards.split()]
    for card in named:
        left.remove(card)
    random.Random(players).shuffle(left)
    return {
        "format": 1,
        "rules": rules_to_data(rules),
        "dealer": (to_move - 1) % players,
        "to_move": to_move,
        "phase": phase,
        "hands": [hand.split() for hand in hands],
        "stock": left,
        "discard": discard.split(),
        "melds": [{"cards": cards.split(), "by": list(by)} for cards, by in melds],
        "last_discarder": last_discarder,
        "turn": {"taken": taken.split()},
    }


def handmade() -> list[tuple[str, str, dict[str, Any]]]:
    """(name, description, position) of the positions built by hand."""
    return [
        (
            "5p-n1-take-1-dead-end",
            "p1 holds only 7H and the top discard is the other 7H: taking it would leave "
            "two copies of the card it may not discard (T11) and no meld for them (N1)",
            built(
                5,
                ["2S 3S 4S 9D KD", "7H", "5C 6C 8C", "QS QH", "AD 3D"],
                "4H 9S JK 7H",
                [("7S 7D 7C", [0, 0, 0]), ("KS KH KC", [2, 2, 2])],
                to_move=1,
            ),
        ),
        (
            "5p-n1-take-1-lays-off",
            "p1 holds only 7H and the top discard is the other 7H: one copy goes on the "
            "group of sevens, the other on the run 8H 9H TH, so taking it is legal (N1)",
            built(
                5,
                ["2S 3S 4S 9D KD", "7H", "5C 6C 8C", "QS QH", "AD 3D"],
                "4H 9S JK 7H",
                [("7S 7D 7C", [0, 0, 0]), ("8H 9H TH", [3, 3, 3])],
                to_move=1,
            ),
        ),
        (
            "6p-n1-joker-on-top",
            "p2 holds only a joker and a joker is on top of the pile: two jokers left "
            "that may not be discarded must both be laid off (N1, T11)",
            built(
                6,
                ["2S 3S", "4D 5D 6D", "JK", "9C TC", "KH", "AS AH"],
                "3C 8D JK",
                [("QS QH QD", [0, 1, 0]), ("5S 6S 7S 8S", [3, 3, 3, 3])],
                to_move=2,
            ),
        ),
        (
            "4p-n1-meld-leaves-taken-card",
            "p0 took the top discard 7H alone: melding 4S 4H 4D would leave only 7H, "
            "which it may not discard (T11) nor meld, so only the discards are legal (N1)",
            built(
                4,
                ["4S 4H 4D 7H", "2C 3C 9C", "KS KH", "QD JD"],
                "5S 8C",
                [("AS AH AD", [1, 1, 1])],
                to_move=0,
                phase="play",
                taken="7H",
            ),
        ),
        (
            "4p-n1-meld-then-lay-off-taken-card",
            "as 4p-n1-meld-leaves-taken-card, but 7H can go on the run 8H 9H TH: "
            "melding 4S 4H 4D is legal (N1)",
            built(
                4,
                ["4S 4H 4D 7H", "2C 3C 9C", "KS KH", "QD JD"],
                "5S 8C",
                [("8H 9H TH", [1, 1, 1])],
                to_move=0,
                phase="play",
                taken="7H",
            ),
        ),
        (
            "5p-n1-call-dead-end",
            "p0 discarded 7H, which fits the run 8H 9H TH; p2 and p3 may call (R1), but "
            "p2 holds only the other 7H: after calling it could neither discard that copy "
            "(T11) nor lay it off, so only p3 and p4 may call (N1)",
            built(
                5,
                ["2S 3S 9D", "5C 6C", "7H", "QS QH KD", "AD 3D 4C"],
                "4H 9S 7H",
                [("8H 9H TH", [1, 1, 1]), ("KS KH KC", [2, 2, 2])],
                to_move=1,
                last_discarder=0,
            ),
        ),
        (
            "5p-n1-call-lays-off",
            "as 5p-n1-call-dead-end, with a group of sevens on the table for p2's other "
            "7H: p2 may call too (N1)",
            built(
                5,
                ["2S 3S 9D", "5C 6C", "7H", "QS QH KD", "AD 3D 4C"],
                "4H 9S 7H",
                [("8H 9H TH", [1, 1, 1]), ("7S 7D 7C", [2, 2, 2])],
                to_move=1,
                last_discarder=0,
            ),
        ),
        (
            "5p-aces-at-either-end-of-a-long-run",
            "a run 2H to QH is on the table and p0 holds AH and two jokers: a king and an "
            "ace laid off together (JK=KH with AH or JK=AH) make A to K either way (Q-K-A, "
            "or A low and K high); the ace goes high (docs/rules.md)",
            built(
                5,
                ["AH JK JK 5C 9S", "5D 6D", "7S", "QS KD", "AD 3D 4C"],
                "4S 9C",
                [("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH", [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])],
                to_move=0,
                phase="play",
            ),
        ),
    ]


def entry(
    name: str, description: str, position: dict[str, Any], source: str | None
) -> dict[str, Any]:
    state = GameState.from_dict(position)
    position = state.to_dict()
    assert GameState.from_dict(position) == state, name
    moves = legal_moves(state)
    return {
        "name": name,
        "description": description,
        "source": source,
        "players": state.num_players,
        "phase": state.phase.value,
        "reference": small_enough(state),
        "depth1": len(moves),
        "depth2": perft(state, 2),
        "position": position,
    }


def generate() -> list[dict[str, Any]]:
    entries = []
    for recipe in RECIPES:
        name, rules_index, players, stock_bias, meld_bias, _ = recipe
        state, seed = find(recipe)
        rules = ENGINE_RULES[rules_index]
        source = (
            f"new_game({_rules_text(rules)}, {players}, seed={seed}) played by the builder "
            f"driver (stock {stock_bias}, melds {meld_bias})"
        )
        entries.append(entry(name, "", state.to_dict(), source))
    for name, description, position in handmade():
        entries.append(entry(name, description, position, None))
    return entries


def dumps(entries: list[dict[str, Any]]) -> str:
    """One entry per line, so that a change shows as a change of that position's line."""
    return "[\n" + ",\n".join(json.dumps(item) for item in entries) + "\n]\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write or check tests/perft/positions.json.")
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    text = dumps(generate())
    if args.check:
        same = PATH.read_text() == text
        print("positions.json is up to date" if same else "positions.json differs")
        return 0 if same else 1
    PATH.write_text(text)
    entries = json.loads(text)
    for item in entries:
        print(
            f"{item['name']:34} {item['players']}p {item['phase']:5} "
            f"depth1 {item['depth1']:5} depth2 {item['depth2']:7}"
            f"{'  (reference)' if item['reference'] else ''}"
        )
    print(f"wrote {len(entries)} positions to {PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
