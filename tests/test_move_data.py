"""Moves as data, JSON-safe numbers, notation for one seat, and the picture of a hand.

A client in any language receives moves as dicts (``move.to_dict()``, a
view's ``"moves"``) and sends one back (``Session.submit``); the dicts round
trip exactly under every preset, validate against ``json_schema("move")``,
and are read as strictly as that schema (:func:`rummy500.move_from_dict`).
No document the library writes holds an integer a JavaScript client would
round (beyond 2**53 - 1): a wider seed is written as its decimal text, and
the readers still read the 64-bit integers of older documents.  The rule
set is written in one shape, an object, in every document.
``parse_move(state, text, seat=...)`` reads text for one seat and refuses a
prefix naming another.  ``svg.render`` draws a hand, and gives every card of
a picture its own ``data-id``, even with two decks.

Rule ids: D7 (a move out of turn, once credited to the right seat), T3 (the
play of a take), R1 (a call), V7 (the dealer's gambit's moves).
"""

from __future__ import annotations

import copy
import json
import random
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy500 import (
    JOKER,
    Card,
    CardValues,
    Draw,
    GameState,
    IllegalMoveError,
    InvalidArgumentError,
    MatchRecorder,
    Move,
    NotationError,
    PlayerView,
    Reason,
    Rules,
    Session,
    apply_move,
    check_move,
    json_schema,
    legal_moves,
    move_from_dict,
    new_game,
    observe,
    parse_move,
    presets,
    replay,
    svg,
)
from rummy500.jsonnumbers import MAX_SAFE_INTEGER
from rummy500.jsontext import seed_from_data, seed_to_data
from rummy500.match import match_legal_moves, new_match
from rummy500.movedata import MOVE_KINDS
from rummy500.moves import Take, move_kind
from rummy500.testing import states
from tests.helpers import PLAYED_PRESETS, random_move

MOVE = jsonschema.Draft202012Validator(json_schema("move"))
VIEW = jsonschema.Draft202012Validator(json_schema("view"))
RECORD = jsonschema.Draft202012Validator(json_schema("record"))
POSITION = jsonschema.Draft202012Validator(json_schema("position"))


def players_for(name: str) -> int:
    rules = presets.get(name)
    return min(max(3, rules.min_players), rules.max_players)


def played_states(name: str, seed: int, hands: int = 2) -> Iterator[GameState]:
    """The states of ``hands`` random hands under the preset ``name``."""
    rules = presets.get(name)
    rng = random.Random(seed)
    for _ in range(hands):
        state = new_game(rules, players_for(name), seed=rng.getrandbits(64))
        yield state
        while not state.is_over:
            state = apply_move(state, random_move(legal_moves(state), rng))
            yield state


def integers(data: Any) -> Iterator[int]:
    """Every integer (not bool) in JSON-ready data."""
    if isinstance(data, dict):
        for value in data.values():
            yield from integers(value)
    elif isinstance(data, list):
        for value in data:
            yield from integers(value)
    elif type(data) is int:
        yield data


def assert_round_trip(move: Move) -> None:
    data = move.to_dict()
    errors = [error.message for error in MOVE.iter_errors(data)]
    assert not errors, (str(move), errors)
    assert data["kind"] == move_kind(move)
    assert data["seat"] == move.player
    assert set(data) == {"kind", "seat", *MOVE_KINDS[data["kind"]]}
    text = json.loads(json.dumps(data))
    assert move_from_dict(text) == move
    assert move_from_dict({**text, "text": str(move)}) == move


# ---------------------------------------------------------------------------
# Moves as data: exact round trips, the schema, the view's moves


@pytest.mark.parametrize("preset", PLAYED_PRESETS)
def test_every_legal_move_round_trips_as_a_dict_under_every_preset(preset: str) -> None:
    kinds: set[str] = set()
    for state in played_states(preset, seed=len(preset)):
        for move in legal_moves(state):
            assert_round_trip(move)
            kinds.add(move_kind(move))
    assert {"draw", "take", "meld", "discard"} <= kinds
    if preset == "dealers_gambit":
        assert "nominate" in kinds


@given(states())
@settings(max_examples=60)
def test_moves_of_any_rule_set_round_trip_and_validate(state: GameState) -> None:
    for move in legal_moves(state):
        assert_round_trip(move)


@given(states())
@settings(max_examples=40)
def test_a_views_moves_are_its_legal_moves_as_dicts_with_their_text(state: GameState) -> None:
    for seat in range(state.num_players):
        view = observe(state, seat)
        data = view.to_dict()
        assert [move["text"] for move in data["moves"]] == data["legal_moves"]
        assert [move_from_dict(move) for move in data["moves"]] == list(view.legal_moves)
        assert not [error.message for error in VIEW.iter_errors(data)]
        assert PlayerView.from_dict(json.loads(json.dumps(data))) == view


def test_a_view_with_moves_that_disagree_is_refused() -> None:
    state = new_game(seed=7)
    data = observe(state, 1).to_dict()
    assert len(data["moves"]) == 2
    for mutate, fragment in (
        (lambda d: d["moves"].reverse(), "moves[0]"),
        (lambda d: d["moves"].pop(), "moves"),
        (lambda d: d["moves"][0].pop("text"), "moves[0]"),
        (lambda d: d["moves"][1].__setitem__("count", 2), "moves[1]"),
        (lambda d: d["moves"][1].__setitem__("text", "p1: take 2"), "moves[1]"),
        (lambda d: d.pop("moves"), "missing keys"),
    ):
        changed = copy.deepcopy(data)
        mutate(changed)
        with pytest.raises(ValueError, match=fragment.replace("[", r"\[").replace("]", r"\]")):
            PlayerView.from_dict(changed)


GOOD = {
    "kind": "take",
    "seat": 0,
    "count": 3,
    "play": {"kind": "meld", "cards": ["4S", "4H", "JK=4"], "doubled": False},
}


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"kind": "fly"}, "unknown kind 'fly'"),
        ({"kind": "Take"}, "unknown kind"),
        ({"seat": 2**53}, "'seat'"),
        ({"seat": -1}, "'seat'"),
        ({"seat": True}, "'seat'"),
        ({"seat": 0.0}, "'seat'"),
        ({"count": 0}, "'count'"),
        ({"count": 2**53}, "'count'"),
        ({"count": "3"}, "'count'"),
        ({"play": {"kind": "draw"}}, "expected 'meld' or 'layoff'"),
        ({"play": {"kind": "meld", "cards": ["4S", "4H", "JK=4"]}}, "missing keys"),
        ({"play": {**GOOD["play"], "seat": 0}}, "unknown keys"),
        ({"play": {**GOOD["play"], "cards": ["4H", "4S", "JK=4"]}}, "not in meld order"),
        ({"play": {**GOOD["play"], "cards": ["4s", "4H", "JK=4"]}}, "canonical"),
        ({"play": {**GOOD["play"], "cards": []}}, "list of meld cards"),
        ({"play": {**GOOD["play"], "doubled": 0}}, "true or false"),
        ({"play": "meld 4S 4H JK=4"}, "expected a dict"),
        ({"text": "p0: take 3"}, "notation"),
        ({"text": "p0: take 3 meld 4H 4S JK=4"}, "notation"),
        ({"colour": "red"}, "unknown keys"),
    ],
)
def test_a_malformed_move_dict_is_refused_as_the_schema_refuses_it(
    change: dict[str, Any], fragment: str
) -> None:
    assert move_from_dict(GOOD) == parse_move(new_game(seed=1), "p0: take 3 meld 4S 4H JK=4")
    bad = {**GOOD, **change}
    # Beyond a schema: meld order, the notation, 1.0 is no integer (JSON Schema says it is).
    beyond_schema = "order" in fragment or "notation" in fragment or change == {"seat": 0.0}
    assert MOVE.is_valid(bad) == beyond_schema
    with pytest.raises(InvalidArgumentError, match=fragment):
        move_from_dict(bad)


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        "p0: draw",
        {"seat": 0},
        {"kind": "draw"},
        {"kind": "discard", "seat": 0},
        {"kind": "discard", "seat": 0, "card": "JK=8H"},
        {"kind": "nominate", "seat": 0, "effect": "WILD"},
        {"kind": "layoff", "seat": 0, "target": -1, "cards": ["3S"]},
        {"kind": "rummy", "seat": 0, "count": 1, "play": None},
        {"kind": "meld", "seat": 0, "cards": ["4S", "4H", "4D"], "doubled": "no"},
    ],
)
def test_move_from_dict_refuses_what_is_not_a_move(bad: Any) -> None:
    assert not MOVE.is_valid(bad)
    with pytest.raises(InvalidArgumentError):
        move_from_dict(bad)


def test_a_session_takes_a_move_dict_from_its_view() -> None:
    session = Session(seed=7)
    view = session.view(1).to_dict()
    take = next(move for move in view["moves"] if move["kind"] == "take")
    events = session.submit(1, take)  # exactly as the view offered it, text included
    assert str(events[0]) == "p1: take 1"
    discard = next(move for move in session.view(1).to_dict()["moves"] if move["kind"] == "discard")
    del discard["text"]
    assert str(session.submit(1, discard)[0]) == f"p1: discard {discard['card']}"
    record = session.record()
    assert replay(record) == session.match


# ---------------------------------------------------------------------------
# JSON-safe numbers and one shape for the rules


def test_wide_seeds_are_written_as_text_and_read_back() -> None:
    for seed in (2**53 - 1, 2**53, 2**64 - 1, -(2**64) + 1, -(2**53), 0):
        state = new_game(seed=seed)
        data = state.to_dict()
        assert data["seed"] == (seed if abs(seed) <= MAX_SAFE_INTEGER else str(seed))
        assert GameState.from_json(json.dumps(data)) == state
        assert POSITION.is_valid(data)
    assert seed_from_data(seed_to_data(2**64 - 1)) == 2**64 - 1
    for bad in ("", "-0", "01", "+1", "1e3", " 1", "1 ", "١", 1.0, True, None):
        assert seed_from_data(bad) is None


def test_older_documents_with_64_bit_integer_seeds_and_preset_names_still_read() -> None:
    state = new_game(seed=2**64 - 1)
    old = {**state.to_dict(), "seed": 2**64 - 1, "rules": "pagat"}
    assert GameState.from_dict(old) == state
    recorder = MatchRecorder(new_match(Rules(target_score=100), 2, seed=2**63 + 5))
    rng = random.Random(3)
    while not recorder.match.is_over:
        recorder.play(rng.choice(match_legal_moves(recorder.match)))
    record = recorder.to_dict()
    assert record["seed"] == str(2**63 + 5)
    assert all(isinstance(hand["seed"], (int, str)) for hand in record["hands"])
    older = copy.deepcopy(record)
    older["seed"] = 2**63 + 5
    older["rules"] = {"preset": "pagat", "target_score": 100}
    for hand in older["hands"]:
        hand["seed"] = int(hand["seed"])
    assert replay(older) == recorder.match == replay(record)
    assert RECORD.is_valid(older)
    assert RECORD.is_valid(record)


@given(states(), st.integers(-(2**64) + 1, 2**64 - 1))
@settings(max_examples=40)
def test_no_document_holds_an_integer_a_javascript_client_would_round(
    state: GameState, seed: int
) -> None:
    documents: list[Any] = [state.to_dict(), {**state.to_dict(), "seed": seed_to_data(seed)}]
    documents += [observe(state, seat).to_dict() for seat in range(state.num_players)]
    documents += [move.to_dict() for move in legal_moves(state)]
    for document in documents:
        assert all(abs(number) <= MAX_SAFE_INTEGER for number in integers(document))
        # What JavaScript's JSON.parse and JSON.stringify give back is the same document.
        assert json.loads(json.dumps(document), parse_int=float) == document
    assert isinstance(documents[0]["rules"], dict)


def test_records_of_wide_seeds_survive_a_trip_through_doubles() -> None:
    session = Session(Rules(target_score=50), 2, seed=2**64 - 7)
    rng = random.Random(1)
    while not session.is_over:
        seat = session.awaiting[0]
        session.submit(seat, rng.choice(session.legal_moves(seat)))
    record = session.record()
    assert max(abs(number) for number in integers(record)) <= MAX_SAFE_INTEGER
    # As a browser would: every number through a double, then written again.
    through_doubles = json.loads(
        json.dumps(json.loads(json.dumps(record), parse_int=float)),
        parse_float=lambda text: int(float(text)),
    )
    assert replay(through_doubles) == session.match


def test_the_rules_are_an_object_in_every_document() -> None:
    session = Session(seed=3)
    state = session.state
    for document in (state.to_dict(), observe(state, 0).to_dict(), session.record()):
        assert document["rules"] == {"preset": "pagat"}
    assert observe(state, 0).to_dict()["rules"] == {"preset": "pagat"}
    other = new_game(Rules(ace="low"), seed=3).to_dict()["rules"]
    assert other == {"preset": "pagat", "ace": "low"}


def test_knobs_and_card_values_stay_within_what_json_readers_read_exactly() -> None:
    Rules(target_score=MAX_SAFE_INTEGER)
    with pytest.raises(ValueError, match="2\\*\\*53 - 1"):
        Rules(target_score=2**53)
    with pytest.raises(ValueError, match="2\\*\\*53 - 1"):
        Rules(hand_size={2: 2**53})
    with pytest.raises(ValueError, match="2\\*\\*53 - 1"):
        CardValues.custom(ace=2**60)
    with pytest.raises(ValueError, match="2\\*\\*53 - 1"):
        Take(0, 2**53)


# ---------------------------------------------------------------------------
# Notation for one seat


def test_d7_text_for_one_seat_is_never_credited_to_another() -> None:
    state = new_game(seed=1)  # p1 is to move
    assert state.to_move == 1
    move = parse_move(state, "draw", seat=0)
    assert move == Draw(0)
    with pytest.raises(IllegalMoveError) as raised:
        check_move(state, move)
    assert raised.value.reason is Reason.NOT_YOUR_TURN
    assert parse_move(state, "p0: draw", seat=0) == Draw(0)
    assert parse_move(state, " P 1 : DRAW", seat=1) == Draw(1)
    with pytest.raises(NotationError, match="p1's move, not p0's"):
        parse_move(state, "p1: draw", seat=0)
    for seat in (2, -1, True, "0"):
        with pytest.raises(InvalidArgumentError, match=r"seat must be a seat 0\.\.1"):
            parse_move(state, "draw", seat=seat)  # type: ignore[arg-type]


@given(states())
@settings(max_examples=40)
def test_a_moves_body_parses_for_its_own_seat(state: GameState) -> None:
    for move in legal_moves(state):
        body = str(move).split(":", 1)[1]
        assert parse_move(state, body, seat=move.player) == move
        assert parse_move(state, str(move), seat=move.player) == move
        other = (move.player + 1) % state.num_players
        with pytest.raises(NotationError):
            parse_move(state, str(move), seat=other)


# ---------------------------------------------------------------------------
# Pictures: a hand, and an id per card


def parse_svg(text: str) -> ElementTree.Element:
    return ElementTree.fromstring(text)


def card_ids(root: ElementTree.Element) -> list[str]:
    return [
        element.attrib["data-id"]
        for element in root.iter("{http://www.w3.org/2000/svg}g")
        if "card" in element.get("class", "").split()
    ]


def test_a_hand_is_drawn_in_its_order_with_an_id_per_card() -> None:
    view = observe(new_game(seed=7), 0)
    picture = svg.render(view.hand)
    root = parse_svg(picture)
    groups = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if "data-card" in g.attrib]
    assert [g.attrib["data-card"] for g in groups] == [str(card) for card in view.hand]
    assert card_ids(root) == [f"hand-{index}" for index in range(len(view.hand))]
    assert svg.render(["QH", "JK"]) == svg.render((Card.parse("QH"), JOKER))
    assert "no cards" in svg.render(())
    with pytest.raises(TypeError):
        svg.render("QH JK")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a card"):
        svg.render([7])  # type: ignore[list-item]


def test_two_decks_give_every_card_of_a_picture_its_own_id() -> None:
    rules = Rules(decks=2)
    rng = random.Random(4)
    state = new_game(rules, 4, seed=4)
    while not state.is_over and len(state.melds) < 3:
        state = apply_move(state, random_move(legal_moves(state), rng))
    pictures = [svg.render(state), svg.render(observe(state, 0))]
    pictures += [svg.render(hand) for hand in state.hands]
    pictures += [svg.render(meld) for meld in state.melds]
    for picture in pictures:
        ids = card_ids(parse_svg(picture))
        assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
    texts = [str(card) for hand in state.hands for card in hand]
    assert len(texts) > len(set(texts))  # the same card twice: only the ids tell them apart
    table_ids = card_ids(parse_svg(svg.render(state)))
    assert "stock" in table_ids
    assert "pile-1" in table_ids
    assert "meld0-0" in table_ids
