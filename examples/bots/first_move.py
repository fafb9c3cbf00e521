"""The smallest bot: it plays the first legal move it is offered (the bot protocol, version 1).

Run it against the built-in bots with
``rummy500 tournament "exec:python examples/bots/first_move.py" random --hands 10``.
"""

import json
import sys


def send(message: dict[str, object]) -> None:
    """Write one message as one line of JSON, in one write (the referee wakes once)."""
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        send({"type": "hello", "protocol": 1, "name": "first-move"})
    elif message["type"] == "decide":
        send({"type": "move", "index": 0})
    elif message["type"] == "quit":
        break
