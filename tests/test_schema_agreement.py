"""The readers of documents agree with the JSON Schemas: strict readers, lenient notation.

Machine readers — :meth:`GameState.from_dict` / ``from_json``,
:meth:`PlayerView.from_dict` / ``from_json``, :func:`rummy500.replay` (with
:meth:`Session.from_record` and ``rummy500 validate`` on top of it) and
:func:`rummy500.move_from_dict` (the move dicts of views and of clients) — accept
exactly what their schema accepts: what a schema refuses, the reader refuses
with its own ``ValueError`` (:class:`PositionError`, :class:`RecordError`).
A schema cannot say everything (card conservation, legal melds and moves, a
record that replays), so a reader may refuse a schema-valid document: the
property test counts how often with a Hypothesis ``event``.  Human notation
(:func:`parse_card`, :func:`parse_cards`, :func:`parse_move`, :func:`make_meld`
given text) stays lenient.

The documents are real ones (positions and views of random play under several
presets, records of short matches and of matches in progress), then mutated:
a card or another string respelled (case, spaces, ``10``, suit symbols) or
replaced by junk, a value of another type, a key dropped or added, ``null``,
nested junk, two values swapped.

Rule ids: none of their own (the formats of positions, views and records).
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable
from typing import Any

import jsonschema
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from rummy500 import (
    GameState,
    InvalidArgumentError,
    MatchRecorder,
    PlayerView,
    PositionError,
    RecordError,
    Session,
    apply_move,
    json_schema,
    legal_moves,
    make_meld,
    move_from_dict,
    new_game,
    observe,
    parse_card,
    parse_cards,
    parse_move,
    presets,
    replay,
)
from rummy500.errors import shown
from rummy500.jsontext import load_json
from rummy500.match import match_legal_moves, new_match
from tests.helpers import random_move

VALIDATORS = {
    kind: jsonschema.Draft202012Validator(json_schema(kind))
    for kind in ("position", "view", "record", "move")
}

#: Each kind's readers of a dict and of JSON text, and the error they raise.
READERS: dict[str, tuple[Callable[[Any], Any], Callable[[str], Any], type[ValueError]]] = {
    "position": (GameState.from_dict, GameState.from_json, PositionError),
    "view": (PlayerView.from_dict, PlayerView.from_json, PositionError),
    "record": (replay, replay, RecordError),
    "move": (
        move_from_dict,
        lambda text: move_from_dict(load_json(text, "move", 100_000, InvalidArgumentError)),
        InvalidArgumentError,
    ),
}

#: Presets and player counts the documents are played under (every variant's keys appear).
TABLES = (("pagat", 2), ("wikipedia", 3), ("dealers_gambit", 3), ("persian", 4), ("boathouse", 2))


# ---------------------------------------------------------------------------
# Valid documents, from real play


@functools.cache
def positions_and_views() -> tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]]:
    """Positions along random hands (fresh, in play, over), and views of them by two seats."""
    rng = random.Random(5)
    positions: list[dict[str, Any]] = []
    views: list[dict[str, Any]] = []
    for name, players in TABLES:
        state = new_game(presets.get(name), players, seed=rng.randrange(1000))
        states = [state]
        while not state.is_over and len(states) < 150:
            state = apply_move(state, random_move(legal_moves(state), rng))
            states.append(state)
        for index in sorted({0, 1, len(states) // 3, 2 * len(states) // 3, len(states) - 1}):
            picked = states[index]
            positions.append(picked.to_dict())
            for seat in sorted({picked.to_move, (picked.to_move + 1) % players}):
                views.append(observe(picked, seat).to_dict())
    return tuple(positions), tuple(views)


@functools.cache
def records() -> tuple[dict[str, Any], ...]:
    """Records of one-hand matches, finished and cut in the middle, and of a session."""
    rng = random.Random(7)
    found: list[dict[str, Any]] = []
    for name, players in TABLES[:3]:
        rules = presets.get(name).evolve(hand_limit=1)
        recorder = MatchRecorder(new_match(rules, players, seed=rng.randrange(1000)))
        cut = rng.randrange(5, 30)
        while not recorder.match.is_over:
            recorder.play(random_move(match_legal_moves(recorder.match), rng))
            if len(recorder.to_dict().get("current", {}).get("moves", ())) == cut:
                found.append(recorder.to_dict())
        found.append(recorder.to_dict())
    session = Session(presets.get("pagat").evolve(hand_limit=1), 2, seed=3)
    for _ in range(12):
        session.submit(session.state.to_move, session.legal_moves(session.state.to_move)[0])
    found.append(session.record())
    return tuple(found)


@functools.cache
def move_dicts() -> tuple[dict[str, Any], ...]:
    """The move dicts of the views (with their text), and some without it: every kind of move."""
    _, views = positions_and_views()
    found = [move for view in views for move in view["moves"]]
    gambit = new_game(presets.get("dealers_gambit"), 3, seed=7)
    found += [{**move.to_dict(), "text": str(move)} for move in legal_moves(gambit)]
    found += [move.to_dict() for move in legal_moves(gambit)[:2]]
    found += [parse_move(gambit, text).to_dict() for text in ("p1: split 2 meld 4S 4H JK=4",)]
    found += [parse_move(gambit, text).to_dict() for text in ("block", "end", "pass")]
    return tuple({json.dumps(move, sort_keys=True): move for move in found}.values())


def documents(kind: str) -> tuple[dict[str, Any], ...]:
    if kind == "record":
        return records()
    if kind == "move":
        return move_dicts()
    positions, views = positions_and_views()
    return positions if kind == "position" else views


# ---------------------------------------------------------------------------
# Mutations


def places(data: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) inside ``data``, in a fixed order."""
    found: list[tuple[Any, Any]] = []
    stack = [data]
    while stack:
        item = stack.pop()
        pairs = list(item.items()) if isinstance(item, dict) else list(enumerate(item))
        for key, value in pairs:
            found.append((item, key))
            if isinstance(value, (dict, list)):
                stack.append(value)
    return found


SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def respellings(text: str) -> list[str]:
    """Other spellings of ``text``: what people type, or nearly the same text."""
    found = [text.lower(), text.upper(), text.swapcase(), text.title(), f" {text}", f"{text} "]
    found += [f"{text}\t", text.replace(" ", "  "), text.replace(": ", ":"), text[:-1], text * 2]
    found += [text.replace("T", "10"), text.replace("=", " = "), text.replace("p0: ", "")]
    found += ["".join(SUIT_SYMBOLS.get(ch, ch) for ch in text), text.replace("JK", "Jk")]
    return [spelling for spelling in found if spelling != text]


JUNK = ["", "XX", "1H", "JK=", "JK=X", "JK=JK", "ZZ", "♠", "１H", "A S", "draw", "None"]


def schema_names(node: Any) -> set[str]:
    """Every property name a schema mentions, at any depth."""
    if isinstance(node, dict):
        names = set(node.get("properties", {})) | set(node.get("required", []))
        return names.union(*(schema_names(value) for value in node.values()))
    if isinstance(node, list):
        return set().union(*(schema_names(value) for value in node))
    return set()


#: Key names to add: the schemas' own (an optional key the document left out), and others.
NAMES = sorted(
    schema_names([json_schema(kind) for kind in VALIDATORS]) | {"x", "Hands", "Phase", "card"}
)


def other_types(value: Any) -> list[Any]:
    """Values of other types near ``value`` (a number as text, as a float, a flag...)."""
    found: list[Any] = [None, [value], {"cards": value}, str(value), True, 0, -1, 2**64]
    if isinstance(value, bool):
        found += [int(value), str(value).lower()]
    elif isinstance(value, int):
        found += [float(value), value + 1, -value, str(value)]
    elif isinstance(value, list) and value:
        found += [value[0], {str(i): item for i, item in enumerate(value)}, value[::-1]]
    elif isinstance(value, dict):
        found += [list(value.values()), list(value)]
    return found


def nested(depth: int) -> Any:
    value: Any = "AS"
    for level in range(depth):
        value = [value] if level % 2 else {"cards": value}
    return value


#: The mutations, the subtle ones (a respelled string, a key added or dropped) most often.
MUTATIONS = ("respell",) * 4 + ("add", "null") * 2 + ("junk", "type", "drop", "nested", "swap")


@st.composite
def mutated(draw: st.DrawFn, kind: str) -> dict[str, Any]:
    """A valid document of ``kind``, then a few mutations of it (most often one)."""
    data: dict[str, Any] = copy.deepcopy(draw(st.sampled_from(documents(kind))))
    for _ in range(draw(st.sampled_from([1, 0, 1, 1, 1, 1, 2, 3]))):
        found = places(data)
        texts = [place for place in found if isinstance(place[0][place[1]], str)]
        how = draw(st.sampled_from(MUTATIONS))
        pool = texts if how == "respell" and texts else found
        container, key = pool[draw(st.integers(0, len(pool) - 1))]
        value = container[key]
        event(f"mutation: {how}")
        if how == "respell" and isinstance(value, str) and respellings(value):
            container[key] = draw(st.sampled_from(respellings(value)))
        elif how in ("respell", "junk"):
            container[key] = draw(st.sampled_from(JUNK))
        elif how == "type":
            container[key] = draw(st.sampled_from(other_types(value)))
        elif how == "drop":
            del container[key]
        elif how == "add":
            added = draw(st.sampled_from([None, None, copy.deepcopy(value), "AS", 1, [], {}]))
            left_out = sorted(set(json_schema(kind).get("properties", {})) - set(data))
            if isinstance(container, list) and draw(st.booleans()):
                container.insert(key, added)
            elif draw(st.booleans()) and left_out:  # an optional key the document left out
                data[draw(st.sampled_from(left_out))] = added
            else:
                target = container if isinstance(container, dict) else data
                target[draw(st.sampled_from(NAMES))] = added
        elif how == "null":
            left_out = sorted(set(json_schema(kind).get("properties", {})) - set(data))
            if draw(st.booleans()) and left_out:  # an optional key the document left out
                data[draw(st.sampled_from(left_out))] = None
            else:
                container[key] = None
        elif how == "nested":
            container[key] = nested(draw(st.sampled_from([1, 2, 5, 40])))
        else:
            other, other_key = found[draw(st.integers(0, len(found) - 1))]
            container[key], other[other_key] = copy.deepcopy(other[other_key]), value
    return data


def to_text(data: Any) -> str:
    """JSON text of ``data`` (tuples as lists)."""
    return json.dumps(data)


def outcome(read: Callable[[Any], Any], error: type[ValueError], data: Any) -> str | None:
    """``None`` if ``read`` accepts ``data``, else the message of its error (of class ``error``)."""
    try:
        read(data)
    except error as refused:
        return str(refused)
    return None


def check_agreement(kind: str, data: dict[str, Any]) -> None:
    """Schema-invalid implies refused; accepted implies schema-valid; dict and JSON agree."""
    from_dict, from_json, error = READERS[kind]
    errors = sorted(VALIDATORS[kind].iter_errors(data), key=lambda problem: list(problem.path))
    refused = outcome(from_dict, error, data)
    assert (outcome(from_json, error, to_text(data)) is None) == (refused is None)
    if errors:
        assert refused is not None, (
            f"the {kind} reader accepts what the schema refuses: "
            f"{list(errors[0].path)}: {errors[0].message}"
        )
        event(f"{kind}: schema-invalid, refused by the reader")
    elif refused is None:
        event(f"{kind}: schema-valid, accepted by the reader")
    else:
        # A rule the schema cannot state: conservation, meld order, a legal move...
        event(f"{kind}: schema-valid, refused by the reader")


# ---------------------------------------------------------------------------
# The properties


@given(data=mutated("position"))
def test_position_reader_agrees_with_the_schema(data: dict[str, Any]) -> None:
    check_agreement("position", data)


@given(data=mutated("view"))
def test_view_reader_agrees_with_the_schema(data: dict[str, Any]) -> None:
    check_agreement("view", data)


@given(data=mutated("record"))
def test_record_reader_agrees_with_the_schema(data: dict[str, Any]) -> None:
    check_agreement("record", data)


@given(data=mutated("move"))
def test_move_reader_agrees_with_the_schema(data: dict[str, Any]) -> None:
    check_agreement("move", data)


@pytest.mark.parametrize("kind", ["position", "view", "record", "move"])
def test_every_valid_document_is_schema_valid_and_read(kind: str) -> None:
    from_dict, _, _ = READERS[kind]
    for data in documents(kind):
        assert VALIDATORS[kind].is_valid(data)
        from_dict(data)


# ---------------------------------------------------------------------------
# Examples: the spellings people type, refused in documents and read in notation


SPELLINGS = ["ts", " TS ", "TS ", "10S", "T♠", "Ts", "TS\n", "T S"]


def first(data: Any, text: str) -> tuple[Any, Any, str]:
    """The container, key and path of the first string ``text`` in ``data``, depth first."""

    def walk(item: Any, path: str) -> tuple[Any, Any, str] | None:
        pairs = item.items() if isinstance(item, dict) else enumerate(item)
        for key, value in pairs:
            where = f"{path}.{key}" if isinstance(key, str) else f"{path}[{key}]"
            if value == text:
                return item, key, where.lstrip(".")
            if isinstance(value, (dict, list)):
                found = walk(value, where)
                if found is not None:
                    return found
        return None

    found = walk(data, "")
    assert found is not None, text
    return found


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_position_and_view_readers_refuse_a_card_not_in_canonical_form(spelling: str) -> None:
    state = new_game(seed=1)  # p0 holds the TS
    position = state.to_dict()
    container, key, where = first(position, "TS")
    container[key] = spelling
    with pytest.raises(PositionError) as raised:
        GameState.from_dict(position)
    assert str(raised.value).startswith(
        f"position '{where}': {shown(spelling)} is not a card in canonical form"
    )
    view = observe(state, 0).to_dict()
    container, key, where = first(view, "TS")
    container[key] = spelling
    with pytest.raises(PositionError, match=r"is not a card in canonical form") as raised:
        PlayerView.from_dict(view)
    assert str(raised.value).startswith(f"view '{where}': {shown(spelling)} is not a card")
    # Notation is lenient: the same text names the card there (but for "T S" and "TS\n").
    if spelling.strip() and " " not in spelling.strip():
        assert str(parse_card(spelling)) == "TS"
        assert [str(card) for card in parse_cards(f"AS {spelling} KS")] == ["AS", "TS", "KS"]


def test_the_example_of_a_card_not_in_canonical_form() -> None:
    position = new_game(seed=11).to_dict()
    position["hands"][0][3] = position["hands"][0][3].lower()
    with pytest.raises(PositionError) as raised:
        GameState.from_dict(position)
    canonical = position["hands"][0][3].upper()
    assert str(raised.value) == (
        f"position 'hands[0][3]': {canonical.lower()!r} is not a card in canonical form "
        f"(e.g. {canonical!r})"
    )


@pytest.mark.parametrize("spelling", ["jk=8h", "JK=8h", "JK = 8H", "JK=8♥", " JK=8H", "JK=8H "])
def test_meld_cards_of_a_position_are_read_in_canonical_form_only(spelling: str) -> None:
    state = new_game(seed=2)
    meld = make_meld("6H 7H JK=8H", state.rules)
    position = state.to_dict()
    hands = position["hands"]
    for text in ("6H", "7H", "JK"):  # put the meld's cards on the table
        for cards in (*hands, position["stock"], position["discard"]):
            if text in cards:
                cards.remove(text)
                break
    position["melds"] = [{"cards": [str(spec) for spec in meld.specs], "by": [0, 0, 0]}]
    assert GameState.from_dict(position).melds[0].meld == meld
    if " " not in spelling.strip():  # notation: lenient
        assert make_meld(f"6h 7H {spelling}", state.rules) == meld
    position["melds"][0]["cards"][2] = spelling
    with pytest.raises(PositionError) as raised:
        GameState.from_dict(position)
    assert str(raised.value).startswith(
        f"position 'melds[0].cards[2]': {shown(spelling)} is not a meld card in canonical form ("
    )
    assert str(raised.value).endswith("(e.g. 'JK=8H')") == (" " not in spelling.strip())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda text: text.upper(), "is not in canonical notation"),
        (lambda text: text.replace(": ", ":"), "is not in canonical notation"),
        (lambda text: f" {text}", "is not in canonical notation"),
        (lambda text: text.split(": ", 1)[1], "is not in canonical notation"),
    ],
)
def test_record_moves_are_read_in_canonical_notation_only(
    change: Callable[[str], str], message: str
) -> None:
    record = records()[-1]
    assert replay(record)
    changed = copy.deepcopy(record)
    text = changed["current"]["moves"][1]
    changed["current"]["moves"][1] = change(text)
    with pytest.raises(RecordError, match=rf"^record hand 1, move 2: .*{message}"):
        replay(changed)
    with pytest.raises(RecordError):
        Session.from_record(changed)
    # Notation is lenient: parse_move reads the changed text as the same move.
    match = new_match(presets.get("pagat").evolve(hand_limit=1), 2, seed=3)
    state = apply_move(match.hand, parse_move(match.hand, record["current"]["moves"][0]))
    assert parse_move(state, change(text)) == parse_move(state, text)


@pytest.mark.parametrize(
    ("key", "value"),
    [("went_out", None), ("result", None), ("gambit", None), ("known", None), ("melds", None)],
)
def test_a_position_key_is_null_only_where_the_schema_allows_it(key: str, value: Any) -> None:
    position = new_game(seed=4).to_dict()
    position[key] = value
    assert not VALIDATORS["position"].is_valid(position)
    with pytest.raises(PositionError, match=rf"^position '{key}': expected "):
        GameState.from_dict(position)
    for nullable in ("last_discarder", "seed"):
        assert GameState.from_dict({**new_game(seed=4).to_dict(), nullable: None})


def test_a_gambit_key_holds_all_four_items() -> None:
    position = new_game(presets.get("dealers_gambit"), 3, seed=4).to_dict()
    assert GameState.from_dict(position)
    position["gambit"] = {"effect": None}
    assert not VALIDATORS["position"].is_valid(position)
    with pytest.raises(PositionError, match=r"^position 'gambit': expected \{'effect'"):
        GameState.from_dict(position)
    del position["gambit"]  # omitted: as in a fresh hand
    assert GameState.from_dict(position) == new_game(presets.get("dealers_gambit"), 3, seed=4)


def test_a_finished_hand_result_is_never_null() -> None:
    record = copy.deepcopy(next(record for record in records() if record["hands"]))
    record["hands"][0]["result"] = None
    assert not VALIDATORS["record"].is_valid(record)
    with pytest.raises(RecordError, match="record hand 1: the recorded result None differs"):
        replay(record)
    del record["hands"][0]["result"]  # optional: the replay computes it
    assert replay(record)


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ("Pagat", "unknown preset 'Pagat'"),
        (" pagat", "unknown preset ' pagat'"),
        ({"preset": "pagat", "ace": "LOW"}, "ace must be one of"),
        ({"preset": "pagat", "hand_size": {" 2": 13, **{str(n): 7 for n in range(3, 9)}}}, "' 2'"),
        ({"preset": "pagat", "hand_size": {"02": 13, **{str(n): 7 for n in range(3, 9)}}}, "'02'"),
    ],
)
def test_rules_in_documents_are_spelled_exactly(rules: Any, message: str) -> None:
    position = {**new_game(seed=4).to_dict(), "rules": rules}
    assert not VALIDATORS["position"].is_valid(position)
    with pytest.raises(PositionError, match=rf"(?s)^position 'rules': .*{message}"):
        GameState.from_dict(position)
    record = {**records()[0], "rules": rules}
    assert not VALIDATORS["record"].is_valid(record)
    with pytest.raises(RecordError, match=rf"(?s)^record 'rules': .*{message}"):
        replay(record)
