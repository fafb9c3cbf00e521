"""A bot as a program, in Python with only the standard library (no rummy500 import).

It speaks the rummy500 bot protocol (docs/protocol.md) on its standard input
and output.  Its play: call "Rummy!" and meld or lay off whatever it can
(the most cards first), take from the pile only to meld at once, and
discard the card with the fewest partners in its hand (a card of the same
rank, or of the same suit within two ranks), the highest among those.
Play it with::

    rummy500 tournament "exec:python3 examples/bots/python_bot.py" greedy --hands 20
"""

from __future__ import annotations

import json
import sys
from typing import Any

RANKS = "A23456789TJQK"


def partners(card: str, hand: list[str]) -> int:
    """How many other cards of the hand could share a meld with ``card``."""
    if card == "JK":
        return 99
    rank, suit = RANKS.index(card[0]), card[1]
    count = 0
    for other in hand:
        if other == "JK":
            count += 1
        elif other != card:
            near = other[1] == suit and abs(RANKS.index(other[0]) - rank) <= 2
            count += other[0] == card[0] or near
    return count


def score(move: dict[str, Any], hand: list[str]) -> float:
    """How much the bot likes a move: it plays the highest (the first among equals)."""
    kind = move["kind"]
    if kind == "rummy":
        return 1000
    if kind in ("meld", "layoff"):
        return 500 + len(move["cards"])
    if kind == "take":
        return -1 if move["play"] is None else 300 + move["count"]
    if kind == "draw":
        return 100
    if kind == "discard":
        card = move["card"]
        value = 0 if card == "JK" else RANKS.index(card[0]) + 1
        return -10 * partners(card, hand) + value
    return -500  # end the hand, pass, or the dealer's gambit: only when nothing else is offered


def decide(message: dict[str, Any]) -> dict[str, Any]:
    """The answer to one ``decide``: the index of the best move, or a pass."""
    view = message["view"]
    scores = [score(move, view["hand"]) for move in view["moves"]]
    best = max(range(len(scores)), key=lambda index: (scores[index], -index))
    if message["may_pass"] and scores[best] < 400:
        return {"type": "pass"}
    return {"type": "move", "index": best}


def main() -> None:
    """Answer the referee line by line until it says quit (or closes the input)."""
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            answer: dict[str, Any] = {"type": "hello", "protocol": 1, "name": "py-partners"}
        elif message["type"] == "decide":
            answer = decide(message)
        elif message["type"] == "quit":
            return
        else:  # hand_end, match_end: nothing to answer
            continue
        sys.stdout.write(json.dumps(answer) + "\n")  # one write: the referee wakes once
        sys.stdout.flush()


if __name__ == "__main__":
    main()
