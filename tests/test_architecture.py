"""The structure of the package: layers without import cycles, a curated front door.

The import graph is read from the source by ``scripts/import_graph.py``
(imports inside functions included, ``TYPE_CHECKING`` imports excluded).
"""

from __future__ import annotations

import ast
import copy
import inspect
import pickle
from pathlib import Path

import attrs
import pytest

import rummy500
from rummy500 import GameState, Phase, new_game
from rummy500._engine.codes import shape
from rummy500._engine.codes.fields import CLEARED_TURN, HAND_FIELDS, TURN_FIELDS
from rummy500._engine.codes.seats import pack
from rummy500._engine.codes.storage import CORE_FIELDS, SLOTS, StateCore
from rummy500._engine.states import ENGINE_FIELDS, FIELDS, evolve, turn_phase
from tests.helpers import load_script

ROOT = Path(__file__).resolve().parent.parent


GRAPH = load_script("import_graph")


def test_no_import_cycles() -> None:
    graph = GRAPH.edges(GRAPH.modules())
    assert GRAPH.cycles(graph) == []
    # GameState's position methods reach the format it installs, without an import.
    assert "rummy500.positions" not in graph["rummy500.state"]


def test_values_do_not_import_the_engine_or_the_services() -> None:
    graph = GRAPH.without_exceptions(GRAPH.edges(GRAPH.modules()))
    values = {
        "rummy500.errors",
        "rummy500.jsonnumbers",
        "rummy500._engine.codes.memo",
        "rummy500.cards",
        "rummy500.values",
        "rummy500.knobchoices",
        "rummy500.rulechecks",
        "rummy500.rules",
        "rummy500.presets",
        "rummy500.seating",
        "rummy500.meldcards",
        "rummy500._engine.codes.specs",
        "rummy500._engine.codes.meldchecks",
        "rummy500.melds",
        "rummy500._engine.codes",
        "rummy500.state",
        "rummy500._engine.codes.seats",
        "rummy500._engine.codes.storage",
        "rummy500._engine.codes.fields",
        "rummy500.statevalues",
        "rummy500.moves",
        "rummy500.notation",
    }
    for module in values:
        assert set(graph[module]) <= values, (module, set(graph[module]) - values)


def test_the_engine_does_not_import_the_services() -> None:
    graph = GRAPH.without_exceptions(GRAPH.edges(GRAPH.modules()))
    services = {"rummy500.views", "rummy500.match", "rummy500.records", "rummy500.bots"}
    # The readers and writers of documents, and the helpers of views.
    services |= {"rummy500.jsontext", "rummy500.rulesdata", "rummy500.viewreader"}
    services |= {"rummy500.knowncards", "rummy500.determinize", "rummy500.playerview"}
    for module, targets in graph.items():
        if module.startswith("rummy500._engine"):
            assert not set(targets) & (services | {"rummy500.positions", "rummy500"}), module


def test_the_services_reach_the_engine_through_its_package_only() -> None:
    """Outside the engine, only ``rummy500._engine`` itself is imported, never its modules:
    but for the compact vocabulary below the public values (``rummy500._engine.codes``),
    which the values are built on."""
    graph = GRAPH.edges(GRAPH.modules())
    for module, targets in graph.items():
        if module.startswith("rummy500._engine"):
            continue
        inside = sorted(
            t
            for t in targets
            if t.startswith("rummy500._engine.") and not t.startswith("rummy500._engine.codes.")
        )
        assert not inside, (module, inside)


def test_the_opening_wing_is_reached_through_its_door_only() -> None:
    """The opening minimum (T8) is a wing: the rest of the engine imports its package,
    never its modules, and the wing imports no module of the engine above it."""
    graph = GRAPH.edges(GRAPH.modules())
    wing = "rummy500._engine.opening"
    for module, targets in graph.items():
        if module == wing or module.startswith(wing + "."):
            engine = {t for t in targets if t.startswith("rummy500._engine.")}
            inside = {t for t in engine if t.startswith(wing + ".")}
            below = {t for t in engine if t.startswith("rummy500._engine.codes.")}
            assert engine - inside - below <= {
                "rummy500._engine.meldgen",
                "rummy500._engine.illegal",
                "rummy500._engine.members",
                "rummy500._engine.profile",
            }, module
            continue
        assert not [t for t in targets if t.startswith(wing + ".")], module


def test_no_private_name_is_imported_across_modules() -> None:
    assert GRAPH.private_imports(GRAPH.edges(GRAPH.modules())) == []


def test_the_front_door_exports_every_name_with_a_docstring() -> None:
    assert len(rummy500.__all__) == len(set(rummy500.__all__))
    for name in rummy500.__all__:
        value = getattr(rummy500, name)
        if name in {"__version__", "COMPILED", "JOKER", "KNOBS", "Move", "Play"}:
            continue
        assert inspect.getdoc(value), name


def test_the_front_door_holds_the_match_records_views_and_bots() -> None:
    for name in (
        "new_match",
        "apply_match_move",
        "MatchRecorder",
        "replay",
        "ReplayError",
        "observe",
        "PlayerView",
        "GreedyBot",
        "RandomBot",
        "polling_order",
    ):
        assert name in rummy500.__all__


def test_positional_state_builders_follow_the_field_order() -> None:
    """The hot paths build a GameState positionally: guard the field order they assume."""
    assert tuple(field.name for field in attrs.fields(GameState)) == FIELDS
    assert tuple(field.name for field in shape.STATE) == FIELDS
    assert FIELDS[:8] == (
        "rules",
        "dealer",
        "to_move",
        "phase",
        "hands",
        "stock",
        "discard",
        "melds",
    )
    state = new_game(seed=3)
    marked = evolve(state, turn_points=7, taken_codes=state.discard_codes, idle_turns=2)
    built = turn_phase(
        marked, 0, Phase.PLAY, state.seat_codes, state.stock_codes[1:], b"", None, 4, 2
    )
    expected = attrs.evolve(
        marked,
        to_move=0,
        phase=Phase.PLAY,
        stock=state.stock[1:],
        discard=(),
        last_discarder=None,
        taken=(),
        turn_points=0,
        stock_rebuilds=4,
    )
    assert built == expected
    assert evolve(state) == state
    assert evolve(state, seed=9) == attrs.evolve(state, seed=9)
    # the engine sets the cards as codes, the hands and known cards of all seats in one
    # bytes; the public fields are the cards
    codes = {field.name: field.codes for field in shape.STATE if field.codes}
    assert codes["hands"] == codes["known"] == "seat_codes"
    assert tuple(dict.fromkeys(codes.get(field, field) for field in FIELDS)) == ENGINE_FIELDS
    swapped = pack((state.hand_codes[1], state.hand_codes[0]), state.known_codes)
    assert evolve(state, seat_codes=swapped) == attrs.evolve(
        state, hands=(state.hands[1], state.hands[0])
    )
    assert GameState(*[getattr(state, name) for name in FIELDS]) == state


def test_states_built_by_the_engine_are_ordinary_states() -> None:
    """The engine fills a GameState's slots directly (its class assigned after): the result
    is an ordinary state, frozen, hashed, copied and pickled like one the constructor built."""
    state = new_game(seed=5)
    built = evolve(state, turn_points=3)
    made = GameState(*[getattr(built, name) for name in FIELDS])
    assert type(built) is GameState
    assert built == made
    assert hash(built) == hash(made)
    assert {built: 1}[made] == 1
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.turn_points = 4  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(built)) == built
    assert copy.deepcopy(built) == built
    # beside the fields it stores itself: its two records of grouped fields, the cache of the hash
    assert GameState.__slots__ == ()  # its slots are those of the core it derives from
    assert GameState.__mro__[1] is StateCore
    extra = [name for name in SLOTS if name not in ENGINE_FIELDS]
    assert sorted(extra) == ["_hand", "_hash", "_turn"]
    assert attrs.has(GameState)
    assert attrs.evolve(built, dealer=1, turn_points=5).dealer == 1
    assert GameState.__match_args__ == FIELDS


def test_the_core_takes_its_fields_in_the_order_the_engine_passes_them() -> None:
    """The engine's copiers call StateCore positionally in the order of CORE_FIELDS."""
    state = new_game(seed=5)
    core = StateCore(*[getattr(state, name) for name in CORE_FIELDS])
    for name in CORE_FIELDS:
        assert getattr(core, name) is getattr(state, name), name
    assert sorted(CORE_FIELDS) == sorted(name for name in SLOTS if name != "_hash")


def test_states_share_their_quiet_fields() -> None:
    """A state stores the fields that change from move to move; the others live in two
    records (the turn's fields, the hand's rarely changing ones) shared by the states that
    do not change them, and every state that begins a turn phase shares one cleared record."""
    state = new_game(seed=5)
    assert tuple(f.name for f in shape.STATE if f.store == shape.TURN) == TURN_FIELDS
    assert tuple(f.name for f in shape.STATE if f.store == shape.HAND) == HAND_FIELDS
    stored = [name for name in SLOTS if not name.startswith("_")]
    assert sorted(stored + list(TURN_FIELDS + HAND_FIELDS)) == sorted(ENGINE_FIELDS)
    drawn = turn_phase(
        state, state.to_move, Phase.PLAY, state.seat_codes, state.stock_codes[1:], b"", None, 0, 0
    )
    assert drawn._turn is CLEARED_TURN
    assert drawn._hand is state._hand
    assert evolve(drawn, to_move=1)._hand is drawn._hand
    assert evolve(drawn, idle_turns=0)._hand is drawn._hand  # the very value held: shared
    changed = evolve(drawn, idle_turns=2, turn_points=9)
    assert (changed.idle_turns, changed.turn_points) == (2, 9)
    assert changed._hand is not drawn._hand
    assert changed._turn is not drawn._turn
    assert (drawn.idle_turns, drawn.turn_points) == (0, 0)
    assert changed == attrs.evolve(drawn, idle_turns=2, turn_points=9)


def _compiled_modules() -> list[Path]:
    """The source files the compiled build gives to mypyc (pyproject's hook settings)."""
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = project["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    excluded = {ROOT / path for path in hook["exclude"]}
    files: list[Path] = []
    for path in map(ROOT.joinpath, hook["include"]):
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return [path for path in files if path not in excluded]


def test_compiled_modules_keep_their_module_level_values_final() -> None:
    """In a compiled module every module-level value (a table, a memo, a limit) is ``Final``:
    mypyc keeps a Final module attribute in a C global, while a plain one is a dictionary
    lookup at every read.  Type aliases and type variables are no values."""
    files = _compiled_modules()
    assert any(path.name == "meldgen.py" for path in files)
    plain = []
    for path in files:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.AnnAssign) and node.value is not None:
                if "Final" in ast.unparse(node.annotation):
                    continue
                targets, value = [node.target], node.value
            elif isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            else:
                continue
            is_type = isinstance(value, ast.Subscript) or (
                isinstance(value, ast.Call) and ast.unparse(value.func) == "TypeVar"
            )
            for target in targets:
                name = ast.unparse(target)
                if not is_type and not name.startswith("__"):
                    plain.append(f"{path.relative_to(ROOT)}: {name}")
    assert plain == []
