"""A built-in bot of rummy500 as a program of the bot protocol: ``builtin_bot.py SPEC``.

It reads each ``decide`` message's view back into a
:class:`~rummy500.PlayerView` and answers with the move the bot of ``SPEC``
(``greedy``, ``random``, ``search:iterations=100``; seed 0) chooses.  It is
how the protocol's cost is measured (``benchmarks/bench_protocol.py``: the
same bots in process and as programs), and a partner for testing another
referee::

    rummy500 tournament "exec:python3 examples/bots/builtin_bot.py greedy" greedy --hands 20
"""

from __future__ import annotations

import json
import sys
from typing import Any

from rummy500 import PlayerView, make_bot


def main(argv: list[str]) -> None:
    """Answer the referee with the moves of the bot ``argv[0]`` names."""
    spec = argv[0] if argv else "greedy"
    bot = make_bot(spec)
    for line in sys.stdin:
        message: dict[str, Any] = json.loads(line)
        if message["type"] == "hello":
            answer: dict[str, Any] = {"type": "hello", "protocol": 1, "name": spec}
        elif message["type"] == "decide":
            view = PlayerView.from_dict(message["view"])
            move = bot.choose(view)
            answer = (
                {"type": "pass"}
                if move is None
                else {"type": "move", "index": view.legal_moves.index(move)}
            )
        elif message["type"] == "quit":
            return
        else:
            continue
        sys.stdout.write(json.dumps(answer) + "\n")  # one write: the referee wakes once
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
