"""The code generated from the state's declaration is up to date, and the declaration holds.

The fields of a state are declared once (``rummy500._engine.codes.shape``);
``scripts/generate_state.py`` writes the code that spells them out for speed.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import attrs

from rummy500 import GameState, PlayerView
from rummy500._engine.codes import shape
from rummy500._engine.codes.fields import HAND_FIELDS, TURN_FIELDS
from rummy500._engine.codes.storage import CORE_FIELDS
from rummy500._engine.states import ENGINE_FIELDS
from tests.helpers import load_script

ROOT = Path(__file__).resolve().parent.parent


def _generator() -> ModuleType:
    return load_script("generate_state")


def test_the_generated_code_is_what_the_declaration_generates() -> None:
    generator = _generator()
    stale = [
        str(path.relative_to(ROOT))
        for path, text in generator.outputs().items()
        if path.read_text(encoding="utf-8") != text
    ]
    assert not stale, f"generated code is stale: run `{generator.COMMAND}` ({', '.join(stale)})"


def test_generated_files_say_so() -> None:
    generator = _generator()
    for path in generator.outputs():
        text = path.read_text(encoding="utf-8")
        marker = generator.begin("").split(":", 1)[1]
        assert text.startswith(generator.HEADER) or marker in text, path


def test_the_state_has_the_declared_fields_in_order() -> None:
    assert [field.name for field in attrs.fields(GameState)] == [f.name for f in shape.STATE]
    for field, declared in zip(attrs.fields(GameState), shape.STATE, strict=True):
        default = None if field.default is attrs.NOTHING else field.default
        factory = getattr(default, "factory", None)
        if factory is not None:
            assert factory.__name__ == declared.default
        else:
            assert repr(default) == repr(eval(declared.default or "None")), field.name


def test_each_field_is_stored_once_where_declared() -> None:
    turn = [field.name for field in shape.STATE if field.store == shape.TURN]
    hand = [field.name for field in shape.STATE if field.store == shape.HAND]
    assert list(TURN_FIELDS) == turn
    assert list(HAND_FIELDS) == hand
    slots = [name for name in CORE_FIELDS if name not in ("_turn", "_hand")]
    assert sorted(slots + turn + hand) == sorted(ENGINE_FIELDS)
    for field in shape.STATE:
        assert field.store in (shape.SLOT, shape.TURN, shape.HAND), field.name
        assert not field.codes or field.store == shape.SLOT, field.name
        assert field.view in (shape.SHOWN, shape.HIDDEN, shape.SEAT), field.name
        assert field.key, field.name
        assert field.codec, field.name


def test_a_view_shows_each_shown_field_once_and_nothing_hidden() -> None:
    names = [field.name for field in shape.VIEW_FIELDS]
    assert len(names) == len(set(names))
    shown = [field.name for field in shape.STATE if field.view == shape.SHOWN]
    assert shown == list(shape.SHOWN_FIELDS)
    assert [name for name in names if name in {f.name for f in shape.STATE}] == [
        name for name in names if name in shown or name == "known"
    ]
    assert set(shown) <= set(names)
    hidden = {field.name for field in shape.STATE if field.view == shape.HIDDEN}
    assert hidden
    assert not hidden & set(names)
    assert [field.name for field in attrs.fields(PlayerView)] == names
