"""A bot program that misbehaves on purpose, for the fault suite (tests/test_program_bot.py).

Usage: python fault_bot.py MODE MARKER   (MARKER only tags the process, for the orphan check)
"""

import json
import os
import subprocess
import sys
import time

MODE = sys.argv[1]


def send(message: object) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def hello() -> None:
    send({"type": "hello", "protocol": 1, "name": f"fault-{MODE}"})


if MODE == "crash_at_start":
    sys.exit(3)
if MODE == "garbage_hello":
    sys.stdout.write("hello there\n")
    sys.stdout.flush()
    time.sleep(30)
if MODE == "old_protocol":
    send({"type": "hello", "protocol": 0, "name": "old"})
    time.sleep(30)
if MODE == "spawns_child":
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", *sys.argv[1:]])
decisions = 0
for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "hello":
        hello()
        if MODE == "exits_after_handshake":
            sys.exit(0)
        continue
    if kind == "quit":
        if MODE == "ignores_quit":
            time.sleep(60)
        break
    if kind != "decide":
        continue
    decisions += 1
    moves = message["view"]["moves"]
    if MODE == "crash_mid_hand" and decisions == 4:
        os._exit(1)
    if MODE == "killed_mid_hand" and decisions == 2:
        os.kill(os.getpid(), 9)
    if MODE in ("silent", "spawns_child"):
        time.sleep(60)
    if MODE == "slow":
        time.sleep(3)
    if MODE == "garbage":
        sys.stdout.write("I think I'll draw\n")
    elif MODE == "not_an_object":
        send([0])
    elif MODE == "huge_line":
        sys.stdout.write("x" * (3 << 20))
        sys.stdout.flush()
        time.sleep(30)
    elif MODE == "binary":
        sys.stdout.buffer.write(b'{"type": "move", "index": \xff\xfe}\n')
    elif MODE == "index_out_of_range":
        send({"type": "move", "index": len(moves)})
    elif MODE == "illegal":
        send({"type": "move", "move": {"kind": "discard", "seat": message["seat"], "card": "ZZ"}})
    elif MODE == "illegal_legal_shape":
        seat = message["seat"]
        hand = message["view"]["hand"]
        send(
            {"type": "move", "move": {"kind": "discard", "seat": seat, "card": hand[0]}}
            if message["view"]["phase"] == "draw"
            else {"type": "pass"}
        )
    elif MODE == "wrong_seat":
        move = dict(moves[0])
        move["seat"] = (message["seat"] + 1) % len(message["view"]["hand_sizes"])
        del move["text"]
        send({"type": "move", "move": move})
    elif MODE == "floods_stderr":
        sys.stderr.write("e" * (2 << 20))
        sys.stderr.flush()
        send({"type": "move", "index": 0})
    elif MODE == "two_answers":
        sys.stdout.write('{"type": "move", "index": 0}\n{"type": "move", "index": 0}\n')
        sys.stdout.flush()
    elif MODE == "pass_to_move":
        send({"type": "pass"})
    else:
        send({"type": "move", "index": 0})
