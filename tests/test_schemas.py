"""JSON Schemas (rummy500.json_schema): everything the library writes validates.

Positions, player views and match records written during random play under
every preset validate against the schemas shipped in the package (checked
with the ``jsonschema`` package, a test dependency), and the schemas agree
with the code: every knob, preset, phase and end reason, and one definition
of what the three formats share.

Rule ids: none of their own (the formats of the positions, views and records).
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings

from rummy500 import (
    KNOBS,
    CardValues,
    EndReason,
    GameState,
    GreedyBot,
    InvalidArgumentError,
    MatchRecorder,
    Phase,
    PositionError,
    RandomBot,
    Rules,
    Session,
    apply_move,
    json_schema,
    legal_moves,
    new_game,
    observe,
    presets,
)
from rummy500.match import match_legal_moves, new_match
from rummy500.schema import SCHEMA_KINDS
from rummy500.testing import states
from tests.helpers import PLAYED_PRESETS, random_move
from tests.strategies import tracked_states

VALIDATORS = {
    kind: jsonschema.Draft202012Validator(
        json_schema(kind), format_checker=jsonschema.FormatChecker()
    )
    for kind in SCHEMA_KINDS
}


def valid(kind: str, data: Any) -> None:
    """``data`` validates against the schema of ``kind`` (every error listed if not)."""
    errors = sorted(VALIDATORS[kind].iter_errors(data), key=lambda error: list(error.path))
    assert not errors, [f"{list(error.path)}: {error.message}" for error in errors[:5]]


def invalid(kind: str, data: Any) -> None:
    assert not VALIDATORS[kind].is_valid(data)


def players_for(name: str) -> int:
    rules = presets.get(name)
    return min(max(3, rules.min_players), rules.max_players)


# ---------------------------------------------------------------------------
# The schemas themselves


@pytest.mark.parametrize("kind", SCHEMA_KINDS)
def test_each_schema_is_a_draft_2020_12_schema_returned_as_a_new_dict(kind: str) -> None:
    schema = json_schema(kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"urn:rummy500:schema:{kind}:1"
    schema["title"] = "changed"
    assert json_schema(kind)["title"] != "changed"


def references(node: Any) -> list[str]:
    """Every ``$ref`` in a schema."""
    if isinstance(node, dict):
        found = [node["$ref"]] if "$ref" in node else []
        return found + [ref for value in node.values() for ref in references(value)]
    if isinstance(node, list):
        return [ref for value in node for ref in references(value)]
    return []


@pytest.mark.parametrize("kind", SCHEMA_KINDS)
def test_every_reference_of_a_schema_is_defined_in_it(kind: str) -> None:
    schema = json_schema(kind)
    for ref in references(schema):
        assert ref.startswith("#/$defs/"), ref
        assert ref.removeprefix("#/$defs/") in schema["$defs"], ref


def test_json_schema_refuses_other_kinds() -> None:
    for kind in ("positions", "", None, 1):
        with pytest.raises(InvalidArgumentError, match="kind must be one of 'position'"):
            json_schema(kind)  # type: ignore[arg-type]


def test_the_schemas_share_one_definition_of_their_common_parts() -> None:
    definitions = [json_schema(kind).get("$defs", {}) for kind in SCHEMA_KINDS]
    for index, first in enumerate(definitions):
        for second in definitions[index + 1 :]:
            for name in set(first) & set(second):
                assert first[name] == second[name], name
    # The move schema's parts are the view's: a view's moves are move dicts.
    move, view = json_schema("move")["$defs"], json_schema("view")["$defs"]
    assert set(move) <= set(view)


def test_the_schemas_know_every_knob_preset_phase_and_reason() -> None:
    definitions = json_schema("position")["$defs"]
    knobs = definitions["rules"]["oneOf"][1]["properties"]
    assert set(knobs) == {"preset", *KNOBS}
    assert definitions["presetName"]["enum"] == list(presets.names())
    assert definitions["phase"]["enum"] == [phase.value for phase in Phase]
    assert definitions["reason"]["enum"] == [reason.value for reason in EndReason]
    every_knob = {"preset": "pagat", **Rules().to_dict()}
    valid("position", {**new_game(seed=1).to_dict(), "rules": every_knob})
    custom = Rules(
        card_values=CardValues.custom(ace=25, low_ace=1, joker=15),
        hand_size={2: 10, 3: 7, 4: 7, 5: 6, 6: 6},
        max_players=6,
        hand_limit=3,
    )
    valid("position", new_game(custom, 6, seed=1).to_dict())


def _generate_schemas() -> ModuleType:
    """``scripts/generate_schemas.py``, loaded as a module."""
    path = Path(__file__).resolve().parent.parent / "scripts" / "generate_schemas.py"
    spec = importlib.util.spec_from_file_location("generate_schemas", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_schemas_rule_sets_are_generated_from_the_knobs() -> None:
    """The knob list of each schema is written from KNOBS; after a change to a knob the
    schemas are regenerated by the command the failure names."""
    script = _generate_schemas()
    paths = script.rule_schemas()
    # the decide message of the bot protocol holds a view, and so its rule set
    assert [path.stem for path in paths] == ["position", "record", "referee-decide", "view"]
    for path in paths:
        assert path.read_text("utf-8") == script.generated(path), (
            f"{path.name} is out of date: run `{script.COMMAND}`"
        )
    assert script.main(["--check"]) == 0
    for kind in ("position", "record", "view"):
        definitions = json_schema(kind)["$defs"]
        for name, knob in KNOBS.items():
            assert definitions["rules"]["oneOf"][1]["properties"][name] == knob.json_schema()


def test_each_knobs_schema_says_what_it_does_and_takes_its_values() -> None:
    custom = Rules(
        card_values=CardValues.custom(ace=25, low_ace=1, joker=15),
        hand_size={2: 10, 3: 7},
        max_players=3,
        hand_limit=3,
        decks=2,
    )
    for name, knob in KNOBS.items():
        schema = knob.json_schema()
        assert schema["description"].endswith(f"({knob.rule}).")
        assert schema is not knob.json_schema()
        for rules in (Rules(), custom):
            jsonschema.validate(rules.to_dict()[name], schema)


#: Values to try on every knob: each type a document may hold, around every bound.
KNOB_VALUES: list[Any] = [
    *(None, True, False, 1.0, 2.5, "", "x", "auto", [], {}),
    *(-(2**53), -(2**53) + 1, -1, 0, 1, 2, 3, 4, 5, 7, 8, 9, 13, 14, 150, 151, 2**53 - 1, 2**53),
    *({"2": 13}, {"2": 0}, {"9": 7}, {"2": 2**53}, {str(n): 7 for n in range(2, 9)}),
    *("standard", "fives", "basic"),
    {"ranks": dict.fromkeys("A23456789TJQK", 5), "low_ace": 1, "joker": 2},
    {"ranks": dict.fromkeys("A23456789TJQK", 5), "low_ace": 1, "joker": 2**53},
]


@pytest.mark.parametrize("name", list(KNOBS))
def test_what_rules_accept_of_a_knob_its_schema_accepts(name: str) -> None:
    """A knob's schema refuses no value Rules accepts (it may accept one the checks across
    knobs refuse): a document the library could read is never refused by its schema."""
    schema = jsonschema.Draft202012Validator(KNOBS[name].json_schema())
    # and the values the knob's declaration names (an enum's values among them)
    values = [*KNOB_VALUES, *KNOBS[name].values.replace("'", "").split(", ")]
    for value in values:
        try:
            Rules.from_dict({name: value})
        except ValueError:
            continue
        assert schema.is_valid(value), (name, value)


@pytest.mark.parametrize(
    "knob", ["going_out_bonus", "target_score", "max_stock_rebuilds", "hand_limit", "hand_size"]
)
def test_a_knob_beyond_what_json_readers_read_exactly_is_refused_by_schema_and_reader(
    knob: str,
) -> None:
    """Rules refuses an integer beyond 2**53 - 1; the schemas say so too."""
    wide = {"hand_size": {str(n): 2**53 for n in range(2, 9)}}.get(knob, 2**53)
    position = {**new_game(seed=1).to_dict(), "rules": {"preset": "pagat", knob: wide}}
    invalid("position", position)
    with pytest.raises(PositionError, match="2\\*\\*53 - 1"):
        GameState.from_dict(position)
    custom = {"ranks": dict.fromkeys("A23456789TJQK", 5), "low_ace": 1, "joker": 2**53}
    position["rules"] = {"preset": "pagat", "card_values": custom}
    invalid("position", position)
    with pytest.raises(PositionError, match="card_values must be"):
        GameState.from_dict(position)


def test_the_schemas_refuse_what_is_malformed() -> None:
    position = new_game(seed=1).to_dict()
    valid("position", position)
    invalid("position", {**position, "hands": [["ZZ"], []]})
    invalid("position", {**position, "phase": "dance"})
    invalid("position", {**position, "colour": "red"})
    invalid("position", {**position, "rules": {"preset": "pagat", "ace": "sideways"}})
    invalid("position", {**position, "rules": {"acee": "low"}})
    invalid("position", {**position, "melds": [{"cards": ["JK=X", "2S", "3S"], "by": [0]}]})
    view = observe(GameState.from_dict(position), 0).to_dict()
    valid("view", view)
    invalid("view", {**view, "legal_moves": ["draw"]})
    invalid("view", {key: value for key, value in view.items() if key != "stock_size"})
    record = MatchRecorder(new_match(seed=1)).to_dict()
    valid("record", record)
    invalid("record", {**record, "format": "other"})
    invalid("record", {**record, "hands": [{"moves": "p0: draw"}]})


# ---------------------------------------------------------------------------
# Everything the library writes validates


@pytest.mark.parametrize("preset", PLAYED_PRESETS)
def test_positions_and_views_of_random_play_validate_under_every_preset(preset: str) -> None:
    rules = presets.get(preset)
    rng = random.Random(preset)
    for players in sorted({rules.min_players, players_for(preset)}):
        for _ in range(2):
            state = new_game(rules, players, seed=rng.getrandbits(32))
            for step in range(2000):
                if step % 10 == 0 or state.is_over or (state.taken and step % 2):
                    valid("position", state.to_dict())
                    valid("view", observe(state, step % players).to_dict())
                if state.is_over:
                    break
                state = apply_move(state, random_move(legal_moves(state), rng))
            assert state.is_over


@given(states())
@settings(max_examples=60)
def test_positions_and_views_of_any_rule_set_validate(state: GameState) -> None:
    valid("position", state.to_dict())
    for seat in range(state.num_players):
        valid("view", observe(state, seat).to_dict())


@given(tracked_states())
@settings(max_examples=40)
def test_finished_and_ongoing_positions_validate(tracked: tuple[GameState, Any]) -> None:
    state, _ = tracked
    valid("position", state.to_dict())
    valid("view", observe(state, state.to_move).to_dict())


@pytest.mark.parametrize("preset", PLAYED_PRESETS)
def test_records_validate_finished_and_in_progress_under_every_preset(preset: str) -> None:
    rules = presets.get(preset).evolve(target_score=150)
    recorder = MatchRecorder(new_match(rules, players_for(preset), seed=5))
    rng = random.Random(5)
    for step in range(20_000):
        if recorder.match.is_over:
            break
        recorder.play(random_move(match_legal_moves(recorder.match), rng))
        if step % 50 == 0:
            valid("record", recorder.to_dict())  # with the hand in progress
    assert recorder.match.is_over
    record = recorder.to_dict()
    assert "winner" in record
    valid("record", record)


def test_session_records_and_views_validate() -> None:
    rules = presets.get("pagat").evolve(target_score=150)
    session = Session(rules, 3, seed=8, bots={1: GreedyBot(seed=1), 2: RandomBot(seed=2)})
    rng = random.Random(8)
    while not session.is_over:
        valid("record", session.record())
        human = session.awaiting[0]
        valid("view", session.view(human).to_dict())
        moves = session.legal_moves(human)
        if human != session.state.to_move:
            session.decline(human)
        else:
            session.submit(human, rng.choice(moves))
    valid("record", session.record())
