"""Fuzzing targets: input generators and checked runs, shared by the suite and the long run.

Five targets read what users (or other programs) give the library:

* ``notation``: :func:`rummy500.parse_move` on arbitrary text, in a few states;
* ``positions``: :meth:`GameState.from_dict` / :meth:`GameState.from_json` on
  mutated valid positions and random JSON;
* ``records``: :func:`rummy500.replay` on corrupted valid records (dicts and text);
* ``rules``: ``Rules(**knobs)``, :meth:`Rules.from_dict` and
  :func:`~rummy500.positions.rules_from_data` on random knob values;
* ``cli``: ``rummy500 validate FILE`` (:func:`rummy500.cli.main`) on random and
  corrupted record files.

The invariant is the same everywhere: :func:`run` either gets a result that
is internally consistent (a parsed move formats and parses back to itself, a
loaded position or rule set round-trips, a replay is deterministic, the
command line prints one line and exits 0, 1 or 2), or a deliberate library
error: a :class:`~rummy500.Rummy500Error` that is also a ``ValueError``, whose
message quotes at most about 80 characters of the offending value (no line
over :data:`LINE_LIMIT` characters).  Anything else raises
:class:`FuzzFailure`.  :func:`run` returns the outcome's label (``"ok"``, or
the error's class name, or the command line's exit code) for the counts.

Generators take a :class:`random.Random`: ``tests/test_fuzz.py`` passes
Hypothesis's (``st.randoms()``, so a failure shrinks), ``scripts/fuzz.py`` a
seeded one per input (input ``i`` of seed ``S`` is the same input in every
run: :func:`case` rebuilds it).
"""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import json
import os
import random
import string
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rummy500 import (
    KNOBS,
    GameState,
    IllegalMoveError,
    Rules,
    Rummy500Error,
    apply_move,
    check_move,
    cli,
    format_move,
    legal_moves,
    new_game,
    parse_move,
    presets,
    replay,
)
from rummy500.errors import shown
from rummy500.match import match_legal_moves, new_match
from rummy500.positions import rules_from_data, rules_to_data, too_deep
from rummy500.records import MatchRecorder

#: The five targets, in the order the long run reports them.
TARGETS = ("notation", "positions", "records", "rules", "cli")

#: The longest line an error message may have: a sentence and quotes of at most 80 characters.
LINE_LIMIT = 400


class FuzzFailure(AssertionError):
    """An input that broke the invariant: an unexpected exception, or an inconsistent result."""


# ---------------------------------------------------------------------------
# Checking outcomes


def _error_outcome(error: BaseException, where: str) -> str:
    """The label of a deliberate error; a :class:`FuzzFailure` for anything else."""
    if not isinstance(error, Rummy500Error):
        raise FuzzFailure(f"{where}: unexpected {type(error).__name__}: {_cut(str(error))}")
    if not isinstance(error, ValueError):
        raise FuzzFailure(f"{where}: {type(error).__name__} is not a ValueError: {_cut(error)}")
    message = str(error)
    longest = max((len(line) for line in message.splitlines()), default=0)
    if longest > LINE_LIMIT:
        raise FuzzFailure(f"{where}: a message line of {longest} characters: {_cut(message)}")
    return type(error).__name__


def _cut(value: object) -> str:
    text = value if isinstance(value, str) else shown(value)
    return text if len(text) <= 300 else text[:300] + "..."


def _copy(value: Any) -> Any:
    """A deep copy, or an empty list when ``value`` is too deep to copy (never ``value``:
    a list must not come to hold itself)."""
    try:
        return copy.deepcopy(value)
    except RecursionError:
        return []


def to_json(value: Any) -> str:
    """JSON text of ``value`` (text of a deeply nested list when it is too deep to write)."""
    try:
        return json.dumps(value, default=str)
    except (RecursionError, ValueError):
        return "[" * 3000 + "]" * 3000


def _guarded(where: str, call: Callable[[], str]) -> str:
    """Run a check: its label, or the label of the deliberate error it raised."""
    try:
        return call()
    except FuzzFailure:
        raise
    except Exception as error:  # the invariant: only deliberate errors
        return _error_outcome(error, where)


# ---------------------------------------------------------------------------
# The valid inputs the mutations start from (built once, deterministically)


def _random_play(state: GameState, rng: random.Random, moves: int) -> Iterator[GameState]:
    """The states of up to ``moves`` random moves from ``state``."""
    yield state
    for _ in range(moves):
        if state.is_over:
            return
        state = apply_move(state, rng.choice(legal_moves(state)))
        yield state


@functools.cache
def valid_positions() -> tuple[dict[str, Any], ...]:
    """Positions of every preset reached by random play, from a fresh deal to the end."""
    rng = random.Random(13)
    found: list[dict[str, Any]] = []
    for name in presets.names():
        rules = presets.get(name)
        for players in sorted({rules.min_players, min(rules.min_players + 1, rules.max_players)}):
            states = list(
                _random_play(new_game(rules, players, seed=rng.randrange(1000)), rng, 400)
            )
            picks = {0, len(states) - 1, *rng.sample(range(len(states)), min(6, len(states)))}
            found.extend(states[index].to_dict() for index in sorted(picks))
    return tuple(found)


@functools.cache
def valid_records() -> tuple[dict[str, Any], ...]:
    """Records of short matches of every preset: finished ones and ones in progress."""
    rng = random.Random(17)
    found: list[dict[str, Any]] = []
    for name in presets.names():
        rules = presets.get(name)
        if rules.hand_limit is None:
            rules = rules.evolve(target_score=100)
        recorder = MatchRecorder(new_match(rules, rules.min_players, seed=rng.randrange(1000)))
        cut = rng.randrange(20, 200)
        for number in range(600):
            if recorder.match.is_over:
                break
            recorder.play(rng.choice(match_legal_moves(recorder.match)))
            if number == cut:
                found.append(recorder.to_dict())
        found.append(recorder.to_dict())
    return tuple(found)


@functools.cache
def notation_states() -> tuple[GameState, ...]:
    """States to parse moves in: every phase, melds on the table, 2 to 4 seats."""
    rng = random.Random(19)
    states = []
    for data in valid_positions():
        state = GameState.from_dict(data)
        if state.melds or rng.random() < 0.2:
            states.append(state)
    return tuple(states[:: max(1, len(states) // 12)])


@functools.cache
def _valid_moves() -> tuple[str, ...]:
    """The text of legal moves in the notation states (what the mutations start from)."""
    texts = {format_move(move) for state in notation_states() for move in legal_moves(state)}
    return tuple(sorted(texts))


def warm_up() -> None:
    """Build the valid inputs now (the long run does it before its workers start)."""
    valid_records()
    _valid_moves()


# ---------------------------------------------------------------------------
# Random values


_CARD_TEXT = [r + s for r in "A23456789TJQK" for s in "SHDC"] + ["JK"]
_ODD_TEXT = [
    "",
    " ",
    "10h",
    "q♣",
    "JK=8H",
    "JK=9",
    "JK=",
    "jk=10s",
    "1H",
    "²",
    "١",
    "１",
    "ſ",
    "K",
    "\x00",
    "\u200b",
    "\ufe0f",
    "♠\ufe0f",
    "AS 2S",
    "draw",
    "take 1",
    "p0:",
    ":",
    "pagat",
    "play",
    "over",
    "nominate",
    "final_layoff",
    "went_out",
    "stock_exhausted",
    "rummy500-record",
    "NaN",
    "true",
    "null",
    "[]",
    "{}",
]
_INTS = [
    0,
    1,
    2,
    3,
    4,
    7,
    8,
    13,
    52,
    100,
    500,
    -1,
    -7,
    2**31,
    2**63,
    2**64 - 1,
    2**64,
    -(2**64),
    10**30,
]
_FLOATS = [0.0, 1.0, 2.0, 0.5, -1.0, 1e300, float("inf"), float("nan")]


def random_text(rng: random.Random, size: int = 12) -> str:
    """Short text: card-like, keyword-like, Unicode oddities or random characters."""
    pick = rng.random()
    if pick < 0.35:
        return rng.choice(_CARD_TEXT)
    if pick < 0.6:
        return rng.choice(_ODD_TEXT)
    if pick < 0.85:
        alphabet = string.printable + "²³⑤١١１♠♥♦♣=\u00a0\u2028é€𝟘"
        return "".join(rng.choice(alphabet) for _ in range(rng.randrange(size)))
    if pick < 0.98:
        return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(size)))
    return rng.choice('x[{"9 ') * rng.choice([81, 300, 5000])


def random_value(rng: random.Random, near: Any = None, depth: int = 0) -> Any:
    """A random JSON-like value, often a variation of ``near``."""
    if near is not None and rng.random() < 0.5:
        varied = _vary(rng, near)
        if varied is not _SAME:
            return varied
    pick = rng.random()
    if pick < 0.25:
        return rng.choice(_INTS)
    if pick < 0.3:
        return rng.choice([True, False, None])
    if pick < 0.35:
        return rng.choice(_FLOATS)
    if pick < 0.6:
        return random_text(rng)
    if pick < 0.8 or depth > 3:
        return [rng.choice(_CARD_TEXT) for _ in range(rng.randrange(6))]
    if pick < 0.9:
        return [random_value(rng, depth=depth + 1) for _ in range(rng.randrange(4))]
    if pick < 0.98:
        keys = ["cards", "by", "taken", "seat", "effect", "preset", "moves", "number", "x"]
        return {
            rng.choice(keys): random_value(rng, depth=depth + 1) for _ in range(rng.randrange(4))
        }
    nested: Any = rng.choice([[], {}, 0])
    for _ in range(rng.choice([31, 33, 60, 3000])):
        nested = [nested] if rng.random() < 0.7 else {"cards": nested}
    return nested


_SAME = object()


def _vary(rng: random.Random, value: Any) -> Any:
    """A value near ``value``: another number, a changed text, an edited list; or ``_SAME``."""
    if isinstance(value, bool):
        return rng.choice([not value, int(value), str(value).lower(), None])
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -value, float(value), str(value), value + 2**64])
    if isinstance(value, str):
        return mutate_text(rng, value, rng.randrange(1, 3))
    if isinstance(value, list):
        items = list(value)
        pick = rng.random()
        if pick < 0.3 and items:
            del items[rng.randrange(len(items))]
        elif pick < 0.6:
            items.insert(rng.randrange(len(items) + 1), random_value(rng, depth=2))
        elif pick < 0.8:
            rng.shuffle(items)
        elif items:
            items.append(_copy(rng.choice(items)))
        return items
    return _SAME


def mutate_text(rng: random.Random, text: str, edits: int) -> str:
    """``text`` with a few random edits: characters inserted, deleted or replaced, cut, doubled."""
    chars = list(text)
    for _ in range(edits):
        pick = rng.random()
        where = rng.randrange(len(chars) + 1)
        if pick < 0.3:
            piece = rng.choice(["[", "]", "{", "}", '"', ",", ":", " ", "0", "9", "\\", "²", "١"])
            chars[where:where] = list(piece if rng.random() < 0.7 else random_text(rng, 4))
        elif pick < 0.55 and chars:
            del chars[min(where, len(chars) - 1) : where + rng.randrange(1, 4)]
        elif pick < 0.8 and chars:
            chars[min(where, len(chars) - 1)] = rng.choice(string.printable + "²١１ſK♠")
        elif pick < 0.9:
            chars = chars[:where]
        else:
            start = rng.randrange(len(chars) + 1)
            chars[where:where] = chars[start : start + rng.randrange(1, 20)]
    return "".join(chars)


def _containers(data: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) pair inside ``data``."""
    found: list[tuple[Any, Any]] = []
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            pairs = list(item.items())
        elif isinstance(item, list):
            pairs = list(enumerate(item))
        else:
            continue
        for key, value in pairs:
            found.append((item, key))
            stack.append(value)
    return found


def mutate_data(rng: random.Random, data: Any, edits: int, keys: tuple[str, ...] = ()) -> Any:
    """A deep copy of JSON-like ``data`` with a few random edits anywhere inside."""
    data = copy.deepcopy(data)
    for _ in range(edits):
        places = _containers(data)
        if not places:
            return random_value(rng, near=data)
        container, key = rng.choice(places)
        pick = rng.random()
        if pick < 0.55:
            container[key] = random_value(rng, near=container[key])
        elif pick < 0.68:
            del container[key]
        elif pick < 0.78:
            if isinstance(container, dict):
                name = rng.choice(keys) if keys and rng.random() < 0.8 else random_text(rng)
                container[name] = random_value(rng)
            else:
                container.insert(key, random_value(rng, near=container[key]))
        elif pick < 0.9:
            # Move a value from one place to another (a card between hands, a move between hands).
            other, other_key = rng.choice(places)
            with contextlib.suppress(IndexError, KeyError):  # copies: no list may hold itself
                container[key], other[other_key] = _copy(other[other_key]), _copy(container[key])
        else:
            container[key] = _copy(rng.choice(places)[0])
            if len(places) > 20_000:
                return data
    return data


# ---------------------------------------------------------------------------
# The targets: generate an input, run it


def gen_notation(rng: random.Random) -> tuple[int, str]:
    """A state (its index) and move text: a legal move mutated, random tokens, or random text."""
    state = rng.randrange(len(notation_states()))
    pick = rng.random()
    if pick < 0.5:
        text = mutate_text(rng, rng.choice(_valid_moves()), rng.randrange(0, 4))
    elif pick < 0.85:
        words = ["draw", "take", "meld", "layoff", "discard", "rummy", "end", "pass", "nominate"]
        words += ["block", "split", "double", "wild", "p0:", "p1:", "p9:", "0", "1", "2", "12"]
        tokens = [
            rng.choice(words) if rng.random() < 0.4 else random_text(rng, 5)
            for _ in range(rng.randrange(1, 9))
        ]
        text = rng.choice([" ", "  ", ",", "\t"]).join(tokens)
    else:
        text = random_text(rng, 40)
    if rng.random() < 0.02:
        text = text + " " * rng.choice([990, 1000, 64000]) + rng.choice(["x", "draw", ""])
    return state, text


def run_notation(data: tuple[int, str]) -> str:
    """Parse; a parsed move formats and parses back to itself, and the engine judges it."""
    index, text = data
    state = notation_states()[index]

    def check() -> str:
        move = parse_move(state, text)
        canonical = format_move(move)
        again = parse_move(state, canonical)
        if again != move or format_move(again) != canonical:
            raise FuzzFailure(f"{text!r} parses to {canonical!r}, which parses to {again}")
        if not 0 <= move.player < state.num_players:
            raise FuzzFailure(f"{text!r} parses to a move of seat {move.player}")
        try:
            check_move(state, move)
        except IllegalMoveError:
            return "ok"
        apply_move(state, move)
        return "ok"

    return _guarded(f"parse_move(state {index}, {shown(text)})", check)


_POSITION_KEYS = (
    "format",
    "rules",
    "dealer",
    "to_move",
    "phase",
    "hands",
    "stock",
    "discard",
    "melds",
    "last_discarder",
    "turn",
    "seed",
    "result",
    "opened",
    "stock_rebuilds",
    "idle_turns",
    "went_out",
    "gambit",
    "multiplier",
    "doubled",
    "taken",
    "points",
    "cards",
    "longest_run",
    "effect",
    "dealer_joker",
    "blocked_by",
    "dead",
    "preset",
    "opening_minimum",
)


def gen_positions(rng: random.Random) -> Any:
    """A mutated valid position (a dict, or its JSON text mutated), or random JSON."""
    pick = rng.random()
    base = rng.choice(valid_positions())
    if pick < 0.65:
        return mutate_data(rng, base, rng.randrange(1, 4), _POSITION_KEYS)
    if pick < 0.9:
        return mutate_text(rng, json.dumps(base), rng.randrange(1, 4))
    if pick < 0.95:
        return base
    return rng.choice([random_value(rng), to_json(random_value(rng))])


def run_positions(data: Any) -> str:
    """Load; a loaded position round-trips through its dict and its JSON."""

    def check() -> str:
        state = GameState.from_json(data) if isinstance(data, str) else GameState.from_dict(data)
        written = state.to_dict()
        again = GameState.from_dict(written)
        if again != state or again.to_dict() != written:
            raise FuzzFailure(f"position does not round-trip: {_cut(written)}")
        if GameState.from_json(state.to_json()) != state:
            raise FuzzFailure(f"position JSON does not round-trip: {_cut(state.to_json())}")
        if not state.is_over and not legal_moves(state):
            raise FuzzFailure(f"a loaded position where nobody can move: {_cut(state.to_dict())}")
        return "ok"

    return _guarded(f"from_dict({shown(data)})", check)


_RECORD_KEYS = (
    "format",
    "version",
    "rules",
    "players",
    "dealer",
    "seed",
    "hands",
    "current",
    "winner",
    "totals",
    "number",
    "moves",
    "result",
    "scores",
    "went_out",
    "reason",
)


def gen_records(rng: random.Random) -> Any:
    """A corrupted valid record (a dict, or its JSON text corrupted), or random JSON."""
    base = rng.choice(valid_records())
    pick = rng.random()
    if pick < 0.45:
        return mutate_data(rng, base, rng.randrange(1, 3), _RECORD_KEYS)
    if pick < 0.65:
        record = copy.deepcopy(base)
        entries = [*record["hands"], *([record["current"]] if "current" in record else [])]
        entry = rng.choice(entries)
        if entry["moves"]:
            index = rng.randrange(len(entry["moves"]))
            entry["moves"][index] = mutate_text(rng, entry["moves"][index], rng.randrange(1, 3))
        return record
    if pick < 0.9:
        return mutate_text(rng, json.dumps(base), rng.randrange(1, 4))
    if pick < 0.95:
        return base
    return rng.choice([random_value(rng), to_json(random_value(rng))])


def run_records(data: Any) -> str:
    """Replay; a replay is deterministic, and matches the record's players and seed."""

    def check() -> str:
        match = replay(data)
        again = replay(data)
        if again != match:
            raise FuzzFailure("two replays of one record differ")
        record = json.loads(data) if isinstance(data, str) else data
        if (match.num_players, match.seed) != (record["players"], record["seed"]):
            raise FuzzFailure("the replay's players or seed differ from the record's")
        return "ok"

    return _guarded(f"replay({shown(data)})", check)


def _knob_values(name: str, rng: random.Random) -> Any:
    """A value for knob ``name``: often valid, often not."""
    knob = KNOBS[name]
    default = knob.default
    pick = rng.random()
    if pick < 0.35:
        if isinstance(default, bool):
            return rng.choice([True, False])
        choices = [
            part.strip() for part in knob.values.replace(" or ", ",").split(",") if part.strip()
        ]
        enum_values = [choice for choice in choices if choice.isidentifier()]
        if enum_values and name not in ("card_values", "hand_size"):
            return rng.choice(enum_values)
        if isinstance(default, int) or name in ("hand_limit", "decks"):
            # Moderate values, and some beyond a knob's range (opening_minimum: 0 to 150, T8).
            return rng.choice([0, 1, 2, 3, 4, 5, 7, 8, 10, 13, 30, 50, 100, 150, 500, 1000])
    if name == "card_values" and pick < 0.6:
        values = rng.choice(["standard", "fives", "basic", "custom"])
        if values != "custom":
            return values
        ranks = {symbol: rng.choice([0, 1, 5, 10, 15]) for symbol in "A23456789TJQK"}
        data: dict[str, Any] = {"ranks": ranks, "low_ace": 1, "joker": rng.choice([0, 15])}
        return mutate_data(rng, data, rng.randrange(0, 2))
    if name == "hand_size" and pick < 0.6:
        return {str(rng.randrange(1, 10)): rng.randrange(-1, 60) for _ in range(rng.randrange(3))}
    return random_value(rng)


def gen_rules(rng: random.Random) -> dict[str, Any]:
    """A few knobs (sometimes an unknown one, sometimes a preset) with random values."""
    names = rng.sample(sorted(KNOBS), rng.randrange(0, 6))
    knobs = {name: _knob_values(name, rng) for name in names}
    if rng.random() < 0.05:
        knobs[random_text(rng)] = random_value(rng)
    if rng.random() < 0.3:
        knobs["preset"] = rng.choice([*presets.names(), random_text(rng)])
    return knobs


def run_rules(knobs: dict[str, Any]) -> str:
    """Build rules three ways; a rule set round-trips and deals a hand.

    ``Rules(**knobs)`` and ``Rules.from_dict`` are called on knobs nested at
    most as deep as a JSON reader allows: an enum knob given a value too deep
    for ``repr()`` still fails in ``Rules`` (see
    ``test_hardening_13_rules_enum_knob_of_a_deep_value``); ``rules_from_data``
    bounds the nesting itself and gets every input.
    """
    overrides = {name: value for name, value in knobs.items() if name != "preset"}
    shallow = not too_deep(overrides)

    def direct() -> str:
        if shallow and set(overrides) <= set(KNOBS):
            rules = Rules(**overrides)
            _check_rules(rules)
        return "ok"

    def from_dict() -> str:
        if shallow:
            _check_rules(Rules.from_dict(overrides))
        return "ok"

    def from_data() -> str:
        _check_rules(rules_from_data(knobs))
        return "ok"

    outcomes = [
        _guarded(f"Rules(**{shown(overrides)})", direct),
        _guarded(f"Rules.from_dict({shown(overrides)})", from_dict),
        _guarded(f"rules_from_data({shown(knobs)})", from_data),
    ]
    return "ok" if outcomes == ["ok"] * 3 else next(o for o in outcomes if o != "ok")


def _check_rules(rules: Rules) -> None:
    again = Rules.from_dict(rules.to_dict())
    if again != rules or again.to_dict() != rules.to_dict():
        raise FuzzFailure(f"rules do not round-trip: {_cut(rules.to_dict())}")
    data = rules_to_data(rules)
    again = rules_from_data(data)
    if again != rules or rules_to_data(again) != data:
        raise FuzzFailure(f"rules data do not round-trip: {_cut(data)}")
    rules.describe()
    state = new_game(rules, rules.min_players, seed=0)
    if GameState.from_dict(state.to_dict()) != state:
        raise FuzzFailure(f"a fresh deal does not round-trip under {_cut(rules_to_data(rules))}")


def gen_cli(rng: random.Random) -> bytes:
    """The bytes of a record file: a corrupted record, random bytes or text, deep JSON."""
    pick = rng.random()
    if pick < 0.7:
        record = gen_records(rng)
        text = record if isinstance(record, str) else to_json(record)
        return text.encode("utf-8", errors="surrogatepass")
    if pick < 0.85:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(64)))
    if pick < 0.95:
        return random_text(rng, 60).encode("utf-8", errors="surrogatepass")
    return rng.choice([b"[" * 5000, b'{"a":' * 3000, b"1" * 5000, b"\xef\xbb\xbf{}"])


_FILES = Path(tempfile.gettempdir()) / "rummy500-fuzz"


def run_cli(content: bytes) -> str:
    """``rummy500 validate FILE``: exit 0, 1 or 2 with one line, never a traceback."""
    _FILES.mkdir(exist_ok=True)
    path = _FILES / f"record-{os.getpid()}.json"
    path.write_bytes(content)
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(["validate", str(path)])
    except Exception as error:
        raise FuzzFailure(
            f"validate raised {type(error).__name__}: {_cut(error)} on {_cut(content)}"
        ) from error
    finally:
        path.unlink(missing_ok=True)
    stdout, stderr = out.getvalue(), err.getvalue()
    shown = stdout if code == 0 else stderr
    prefixes = {0: ("valid: ",), 1: ("invalid: hand ",), 2: ("malformed: ", "rummy500: error: ")}
    if code not in prefixes:
        raise FuzzFailure(f"validate exited {code} on {_cut(content)}")
    lines = shown.splitlines()
    if (
        len(lines) != 1
        or not lines[0].startswith(prefixes[code])
        or len(lines[0]) > LINE_LIMIT
        or (stdout and stderr)
        or "Traceback" in stdout + stderr
    ):
        raise FuzzFailure(
            f"validate exited {code} with {_cut(stdout)!r} / {_cut(stderr)!r} on {_cut(content)}"
        )
    return "ok" if code == 0 else f"exit {code}"


#: Each target's generator and run.
GENERATORS: dict[str, Callable[[random.Random], Any]] = {
    "notation": gen_notation,
    "positions": gen_positions,
    "records": gen_records,
    "rules": gen_rules,
    "cli": gen_cli,
}
RUNS: dict[str, Callable[[Any], str]] = {
    "notation": run_notation,
    "positions": run_positions,
    "records": run_records,
    "rules": run_rules,
    "cli": run_cli,
}


def case(target: str, seed: int, index: int) -> Any:
    """Input ``index`` of target ``target`` in the long run of seed ``seed`` (reproducible)."""
    return GENERATORS[target](random.Random(f"rummy500 fuzz {seed} {target} {index}"))
