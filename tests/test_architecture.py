"""The structure of the package: layers without import cycles, a curated front door.

The import graph is read from the source by ``scripts/import_graph.py``
(imports inside functions included; ``TYPE_CHECKING`` imports excluded, or
included where a test says so: a circle a type checker follows is a circle too).
"""

from __future__ import annotations

import ast
import copy
import inspect
import pickle
import re
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


def test_no_import_cycles_counting_type_only_imports() -> None:
    graph = GRAPH.edges(GRAPH.modules(), type_checking=True)
    assert GRAPH.cycles(graph) == []


def test_the_rules_and_their_checks_are_no_circle() -> None:
    """The checks across knobs live with the rule set; the vocabulary of a knob's
    declaration (rummy500.knobspecs) sits below it and knows nothing of Rules."""
    graph = GRAPH.edges(GRAPH.modules(), type_checking=True)
    assert "rummy500.rulechecks" not in graph
    assert "rummy500.rules" not in graph["rummy500.knobspecs"]
    cycles = GRAPH.cycles(graph)
    assert not [cycle for cycle in cycles if "rummy500.rules" in cycle], cycles


def test_the_import_graph_script_counts_type_only_imports_on_request(tmp_path: Path) -> None:
    """``python scripts/import_graph.py`` reports the cycles both ways: the imports under
    ``if TYPE_CHECKING:`` are edges only when asked for."""
    (tmp_path / "a.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from pkg.b import B\n"
        "else:\n"
        "    from pkg import c\n",
        encoding="utf-8",
    )
    (tmp_path / "b.py").write_text("def f():\n    from pkg.a import A\n", encoding="utf-8")
    (tmp_path / "c.py").write_text("", encoding="utf-8")
    known = {f"pkg.{name}": tmp_path / f"{name}.py" for name in "abc"}
    runtime, typed = GRAPH.edges(known), GRAPH.edges(known, type_checking=True)
    assert runtime == {"pkg.a": {"pkg.c": set()}, "pkg.b": {"pkg.a": {"A"}}, "pkg.c": {}}
    assert typed["pkg.a"] == {"pkg.b": {"B"}, "pkg.c": set()}
    assert GRAPH.cycles(runtime) == []
    assert GRAPH.cycles(typed) == [["pkg.a", "pkg.b"]]


def test_values_do_not_import_the_engine_or_the_services() -> None:
    graph = GRAPH.without_exceptions(GRAPH.edges(GRAPH.modules()))
    values = {
        "rummy500.errors",
        "rummy500.jsonnumbers",
        "rummy500._engine.codes.memo",
        "rummy500.cards",
        "rummy500.values",
        "rummy500.knobchoices",
        "rummy500.knobspecs",
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
        "rummy500._engine.codes.compiled",
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
                "rummy500._engine.boundary",
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
        marked, 0, Phase.PLAY, state._seat_codes, state.stock_codes[1:], b"", None, 4, 2
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
    assert codes["hands"] == codes["known"] == "_seat_codes"
    assert tuple(dict.fromkeys(codes.get(field, field) for field in FIELDS)) == ENGINE_FIELDS
    swapped = pack((state.hand_codes[1], state.hand_codes[0]), state.known_codes)
    assert evolve(state, _seat_codes=swapped) == attrs.evolve(
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
    stored = [name for name in SLOTS if name not in ("_hand", "_hash", "_turn")]
    assert sorted(stored + list(TURN_FIELDS + HAND_FIELDS)) == sorted(ENGINE_FIELDS)
    drawn = turn_phase(
        state, state.to_move, Phase.PLAY, state._seat_codes, state.stock_codes[1:], b"", None, 0, 0
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


ENGINE = ROOT / "src" / "rummy500" / "_engine"


def _engine_sources() -> dict[str, ast.Module]:
    """Every hand-written module of the engine, parsed (the generated knob class aside)."""
    return {
        str(path.relative_to(ENGINE)): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(ENGINE.rglob("*.py"))
        if path.name != "knobs.py"
    }


def test_a_knob_is_read_one_way() -> None:
    """The engine reads a knob on the rule set's compact form, under the knob's own name:
    never on the ``Rules`` value (``rules.going_out``, ``state.rules.ace`` …).  The facts
    the profile derives from knobs are named apart from every knob."""
    from rummy500.rules import KNOBS

    read_on_rules = []
    for name, tree in _engine_sources().items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute) or node.attr not in KNOBS:
                continue
            owner = node.value
            if (isinstance(owner, ast.Name) and owner.id == "rules") or (
                isinstance(owner, ast.Attribute) and owner.attr == "rules"
            ):
                read_on_rules.append(f"{name}:{node.lineno} {ast.unparse(node)}")
    assert read_on_rules == []
    # read from the source: a compiled class keeps neither its docstring nor __slots__
    assert set(_slots(ENGINE / "knobs.py", "Knobs")) == set(KNOBS)  # every knob, by name
    profile_doc, profile_slots = (
        _class_doc(ENGINE / "profile.py", "Profile"),
        set(_slots(ENGINE / "profile.py", "Profile")),
    )
    derived = profile_slots - {"rules", "finishes", "play_facts"}
    derived = {name for name in derived if not name.startswith("_")}
    assert not derived & set(KNOBS)
    for name in derived:  # each derived fact says what it answers
        assert f"    {name}: " in profile_doc, name


def _class_node(path: Path, name: str) -> ast.ClassDef:
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return node
    raise AssertionError(f"no class {name} in {path}")


def _class_doc(path: Path, name: str) -> str:
    return ast.get_docstring(_class_node(path, name)) or ""


def _slots(path: Path, name: str) -> list[str]:
    for node in _class_node(path, name).body:
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "__slots__":
            return list(ast.literal_eval(node.value))
    raise AssertionError(f"no __slots__ in {name}")


def test_the_rule_set_is_fetched_by_the_dispatchers_and_handed_down() -> None:
    """``profile(rules)`` is called by the dispatchers and the engine's entry points only;
    every function below them takes the compact form as an argument."""
    callers = set()
    for name, tree in _engine_sources().items():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "profile"
            ):
                callers.add(name)
    assert callers == {"api.py", "door.py", "movegen.py", "reducer.py", "rollout.py"}


def test_t11_has_one_home() -> None:
    """Which cards may not be discarded (T11) is worked out by one function, in
    ``limits.py``: no other module of the engine looks at how many cards were taken."""
    pattern = re.compile(r"len\([^()]*taken[^()]*\)\s*==\s*1|count == 1 else")
    found = [
        f"{path.relative_to(ENGINE)}:{number}"
        for path in sorted(ENGINE.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == ["limits.py:" + str(_line_of(ENGINE / "limits.py", "return 1 << taken[0]"))]


def _line_of(path: Path, text: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if text in line:
            return number
    raise AssertionError(f"{text!r} not in {path}")


def test_the_engine_has_no_circle_even_for_type_checkers() -> None:
    """No import circle among the engine's modules, counting the imports made for type
    checkers only (``if TYPE_CHECKING:``)."""
    graph: dict[str, set[str]] = {}
    for name, tree in _engine_sources().items():
        module = "rummy500._engine." + name.removesuffix(".py").replace("/", ".")
        module = module.removesuffix(".__init__")
        targets = graph.setdefault(module, set())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                targets.add(node.module)
            elif isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
    graph = {m: {t for t in ts if t in graph and t != m} for m, ts in graph.items()}
    # the lazy door of the package loads rummy500._engine.door when asked: not a circle
    graph["rummy500._engine"] = set()
    seen: dict[str, int] = {}
    stack: list[str] = []

    def visit(module: str) -> None:
        seen[module] = 1
        stack.append(module)
        for target in sorted(graph[module]):
            if seen.get(target) == 1:
                raise AssertionError(" -> ".join([*stack[stack.index(target) :], target]))
            if target not in seen:
                visit(target)
        stack.pop()
        seen[module] = 2

    for module in sorted(graph):
        if module not in seen:
            visit(module)


def test_the_generated_knob_class_is_current() -> None:
    """``_engine/knobs.py`` is generated from the fields of ``Rules``: regenerate with
    ``python scripts/generate_knobs.py`` after adding or changing a knob."""
    assert load_script("generate_knobs").main(["--check"]) == 0


def test_every_knob_is_documented() -> None:
    """Each knob has its row in the variants page, and its rule an anchor on the rules page."""
    from rummy500.rules import KNOBS

    variants = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
    rules_page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for name, knob in KNOBS.items():
        assert f"`{name}`" in variants, name
        rule = knob.rule.lower()
        assert f"(rule-{rule})=" in rules_page, (name, knob.rule)
