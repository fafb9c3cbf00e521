"""Fuzzing in the suite: every input the library reads gives a result or a clear, short error.

The targets and their invariant are in :mod:`tests.fuzzing`: a result that is
internally consistent (a parsed move parses back to itself, a loaded position
or rule set round-trips, a replay is deterministic, ``validate`` prints one
line), or a deliberate library error (a ``Rummy500Error`` and ``ValueError``)
whose message quotes at most about 80 characters of the input.  Each target
is fuzzed twice here: by the mutating generators of the long run, driven by
Hypothesis's random source (so a failure shrinks), and by plain Hypothesis
strategies (arbitrary text, JSON and bytes).  The number of examples is the
Hypothesis profile's (see ``tests/conftest.py``); ``scripts/fuzz.py`` runs the
same targets for as long as one likes.

Rule ids: none of their own.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import KNOBS, MoveLimitError, NotationError, legal_moves, presets
from tests import fuzzing

ROOT = Path(__file__).resolve().parent.parent


def json_values(depth: int = 3) -> st.SearchStrategy[Any]:
    """Any JSON value: scalars (numbers of every kind, text), lists and objects."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(),
        st.text(max_size=20),
        st.sampled_from(["AS", "JK", "JK=8H", "draw", "play", "pagat", "rummy500-record"]),
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)
        ),
        max_leaves=20,
    )


# ---------------------------------------------------------------------------
# The long run's generators, driven by Hypothesis


@pytest.mark.parametrize("target", fuzzing.TARGETS)
@given(rng=st.randoms(use_true_random=False))
def test_fuzz_generated_inputs(target: str, rng: random.Random) -> None:
    label = fuzzing.RUNS[target](fuzzing.GENERATORS[target](rng))
    assert label


# ---------------------------------------------------------------------------
# Plain Hypothesis inputs


@given(state=st.integers(0, 100), text=st.text(max_size=60))
def test_fuzz_notation_arbitrary_text(state: int, text: str) -> None:
    fuzzing.run_notation((state % len(fuzzing.notation_states()), text))


@given(
    state=st.integers(0, 100),
    words=st.lists(
        st.one_of(
            st.sampled_from(["draw", "take", "meld", "layoff", "discard", "rummy", "p0:", "p1:"]),
            st.sampled_from(["end", "pass", "nominate", "block", "split", "double", "wild"]),
            st.integers(-2, 20).map(str),
            st.sampled_from(fuzzing._CARD_TEXT),
            st.text(max_size=4),
        ),
        max_size=10,
    ),
)
def test_fuzz_notation_token_soup(state: int, words: list[str]) -> None:
    fuzzing.run_notation((state % len(fuzzing.notation_states()), " ".join(words)))


@given(data=json_values())
def test_fuzz_positions_random_json(data: Any) -> None:
    fuzzing.run_positions(data)
    fuzzing.run_positions(json.dumps(data))


@given(base=st.integers(0, 1000), changes=st.dictionaries(st.text(max_size=12), json_values()))
def test_fuzz_positions_random_keys(base: int, changes: dict[str, Any]) -> None:
    positions = fuzzing.valid_positions()
    fuzzing.run_positions({**positions[base % len(positions)], **changes})


@given(data=json_values())
def test_fuzz_records_random_json(data: Any) -> None:
    fuzzing.run_records(data)
    fuzzing.run_records(json.dumps(data))


@given(base=st.integers(0, 1000), changes=st.dictionaries(st.text(max_size=12), json_values()))
def test_fuzz_records_random_keys(base: int, changes: dict[str, Any]) -> None:
    records = fuzzing.valid_records()
    fuzzing.run_records({**records[base % len(records)], **changes})


@given(
    knobs=st.dictionaries(st.sampled_from(sorted(KNOBS)), json_values(), max_size=6),
    preset=st.one_of(st.none(), st.sampled_from(presets.names()), st.text(max_size=10)),
)
def test_fuzz_rules_random_knobs(knobs: dict[str, Any], preset: str | None) -> None:
    fuzzing.run_rules(knobs if preset is None else {**knobs, "preset": preset})


@given(content=st.binary(max_size=200))
def test_fuzz_cli_validate_random_bytes(content: bytes) -> None:
    fuzzing.run_cli(content)


@given(data=json_values())
def test_fuzz_cli_validate_random_json(data: Any) -> None:
    fuzzing.run_cli(json.dumps(data).encode())


def test_fuzz_every_valid_input_is_accepted() -> None:
    """The unmutated inputs the mutations start from pass every target."""
    for position in fuzzing.valid_positions():
        assert fuzzing.run_positions(position) == "ok"
    for record in fuzzing.valid_records():
        assert fuzzing.run_records(record) == "ok"
        assert fuzzing.run_cli(json.dumps(record).encode()) == "ok"
    for index, state in enumerate(fuzzing.notation_states()):
        for move in legal_moves(state)[:20]:
            assert fuzzing.run_notation((index, str(move))) == "ok"


def _raise(error: Exception) -> str:
    raise error


def test_fuzz_a_failure_is_reported() -> None:
    """The harness itself: only short library errors that are ValueErrors pass."""
    assert fuzzing._guarded("a test", lambda: _raise(NotationError("short"))) == "NotationError"
    with pytest.raises(fuzzing.FuzzFailure, match="unexpected KeyError"):
        fuzzing._guarded("a test", lambda: _raise(KeyError("missing")))
    with pytest.raises(fuzzing.FuzzFailure, match="message line of 1000 characters"):
        fuzzing._guarded("a test", lambda: _raise(NotationError("x" * 1000)))
    with pytest.raises(fuzzing.FuzzFailure, match="not a ValueError"):
        fuzzing._guarded("a test", lambda: _raise(MoveLimitError("too long")))


# ---------------------------------------------------------------------------
# The long run, in small


def _fuzz_script() -> Any:
    spec = importlib.util.spec_from_file_location("fuzz_script", ROOT / "scripts/fuzz.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("fuzz_script", module)
    spec.loader.exec_module(module)
    return module


def test_fuzz_script_runs_and_counts(capsys: pytest.CaptureFixture[str]) -> None:
    script = _fuzz_script()
    assert script.main(["--inputs", "60", "--chunk", "10", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    for target in fuzzing.TARGETS:
        assert f"\n{target:9} " in out
    assert "total" in out
    assert out.rstrip().endswith("unexpected exceptions and hangs: 0")
