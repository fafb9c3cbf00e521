"""Sessions (rummy500.Session): a match, its record and its bots behind one object.

Rule ids: R1 (the first call applied wins; a human's chance to call stops
the bots until it is taken or let go by), T10, G1 (hands dealt until the
match is won).  The central properties: submitting returns the events in
order (move, hand ended, next hand dealt, match won); an error leaves the
session unchanged; the record replays to the session's match and rebuilds
the session.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from rummy500 import (
    Draw,
    GameState,
    GreedyBot,
    HandDealt,
    HandEnded,
    IllegalMoveError,
    InvalidArgumentError,
    MatchWon,
    MoveApplied,
    NotationError,
    PlayerView,
    RandomBot,
    RecordError,
    Rules,
    Session,
    cli,
    legal_moves,
    observe,
    polling_order,
    presets,
    replay,
)
from rummy500.moves import CallRummy, Move

SHORT = Rules(target_score=100)


def snapshot(session: Session) -> tuple[Any, ...]:
    """Everything a caller can see of a session."""
    return (
        session.match,
        session.events,
        session.record(),
        session.awaiting,
        session.state,
        tuple(session.legal_moves(seat) for seat in range(session.num_players)),
    )


def check_events(events: tuple[Any, ...]) -> None:
    """Events come in order: a hand's end is followed by the next deal or the match's end."""
    for index, event in enumerate(events):
        json.dumps(event.to_dict())
        if isinstance(event, HandEnded):
            follower = events[index + 1]
            assert isinstance(follower, (HandDealt, MatchWon))
            assert isinstance(events[index - 1], MoveApplied)
            if isinstance(follower, HandDealt):
                assert follower.hand == event.hand + 1
        if isinstance(event, MatchWon):
            assert index == len(events) - 1


class Scripted:
    """A bot that plays the moves it is given (by text), then its first legal move."""

    def __init__(self, *texts: str) -> None:
        self.texts = list(texts)

    def choose(self, view: PlayerView) -> Move | None:
        if self.texts:
            text = self.texts.pop(0)
            return next(move for move in view.legal_moves if str(move) == text)
        return view.legal_moves[0] if view.is_my_turn else None


class Broken:
    """A bot that answers with a move nobody offers."""

    def choose(self, view: PlayerView) -> Move | None:
        return Draw(view.seat) if not view.is_my_turn else Draw((view.seat + 1) % 2)


# ---------------------------------------------------------------------------
# Reading


def test_session_starts_a_match_and_shows_views_and_legal_moves() -> None:
    session = Session(seed=7)
    assert session.humans == (0, 1)
    assert session.bots == {}
    assert session.events == (HandDealt(1, 0, 1),)
    assert session.state == session.match.hand
    assert session.awaiting == (1,)
    assert session.view(1) == observe(session.state, 1)
    assert session.legal_moves(1) == legal_moves(session.state, seat=1)
    assert session.legal_moves(0) == ()
    assert session.take_depths(1) == (1,)
    assert repr(session) == "<Session 2 players, hand 1, bots none>"
    with pytest.raises(InvalidArgumentError, match=r"seat must be a seat 0\.\.1"):
        session.view(2)


def test_session_refuses_bad_bots() -> None:
    with pytest.raises(InvalidArgumentError, match=r"seat 0\.\.1"):
        Session(bots={2: GreedyBot()})
    with pytest.raises(InvalidArgumentError, match="no choose"):
        Session(bots={1: "greedy"})  # type: ignore[dict-item]
    with pytest.raises(InvalidArgumentError, match="a mapping"):
        Session(bots=[GreedyBot()])  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Submitting


def test_submit_text_or_a_move_for_the_seat_returns_the_events() -> None:
    session = Session(seed=7)
    (event,) = session.submit(1, "draw")
    assert event == MoveApplied(1, 1, Draw(1), bot=False)
    assert event.to_dict() == {
        "type": "move",
        "hand": 1,
        "seat": 1,
        "move": "p1: draw",
        "bot": False,
    }
    discard = next(move for move in session.legal_moves(1) if "discard" in str(move))
    assert session.submit(1, discard) == (MoveApplied(1, 1, discard),)
    assert session.submit(0, "p0: draw")[0].notation == "p0: draw"
    assert session.events[1:] == (
        MoveApplied(1, 1, Draw(1)),
        MoveApplied(1, 1, discard),
        MoveApplied(1, 0, Draw(0)),
    )


@pytest.mark.parametrize(
    ("seat", "move", "error", "message"),
    [
        (1, "discard 7H", IllegalMoveError, "rule T1"),  # p1 must draw first
        (1, "fly", NotationError, "unknown move 'fly'"),
        (1, "p0: draw", InvalidArgumentError, "is p0's, not p1's"),
        (1, Draw(0), InvalidArgumentError, "is p0's, not p1's"),
        (0, "draw", IllegalMoveError, None),  # not p0's turn
        (2, "draw", InvalidArgumentError, "seat must be a seat"),
        (1, 7, InvalidArgumentError, "expected a move, its text or its dict"),
        (1, {"kind": "draw", "seat": 0}, InvalidArgumentError, "is p0's, not p1's"),
        (1, {"kind": "draw"}, InvalidArgumentError, "missing keys"),
        (1, {"kind": "fly", "seat": 1}, InvalidArgumentError, "unknown kind 'fly'"),
        (1, {"kind": "discard", "seat": 1, "card": "7h"}, InvalidArgumentError, "canonical form"),
        (1, {"kind": "discard", "seat": 1, "card": "7H"}, IllegalMoveError, "rule T1"),
        (1, {"kind": "draw", "seat": 1, "text": "p1: take 1"}, InvalidArgumentError, "notation"),
    ],
)
def test_a_bad_move_raises_and_leaves_the_session_unchanged(
    seat: int, move: Any, error: type[Exception], message: str | None
) -> None:
    session = Session(seed=7)
    before = snapshot(session)
    with pytest.raises(error, match=message):
        session.submit(seat, move)
    assert snapshot(session) == before
    session.submit(1, "draw")  # and it goes on


def test_a_seat_played_by_a_bot_is_not_submitted_for() -> None:
    session = Session(seed=7, bots={1: GreedyBot(seed=1)})
    before = snapshot(session)
    with pytest.raises(InvalidArgumentError, match="p1 is played by a bot"):
        session.submit(1, "draw")
    assert snapshot(session) == before


def test_a_bot_that_fails_after_a_move_leaves_the_session_as_before_the_move() -> None:
    session = Session(seed=7, bots={0: Broken()})  # p1, a human, moves first
    session.submit(1, "draw")
    discard = next(move for move in session.legal_moves(1) if "discard" in str(move))
    before = snapshot(session)
    with pytest.raises(InvalidArgumentError, match="which its view does not offer"):
        session.submit(1, discard)  # then p0's bot answers p1's draw
    assert snapshot(session) == before


def test_bots_reply_to_a_human_until_the_human_must_act() -> None:
    session = Session(seed=7, bots={1: GreedyBot(seed=1)})
    # p1 moves first: its bot played its turn when the session started.
    assert isinstance(session.events[0], HandDealt)
    assert all(isinstance(event, MoveApplied) and event.bot for event in session.events[1:])
    assert session.state.to_move == 0
    assert session.awaiting == (0,)
    session.submit(0, "draw")
    discard = next(move for move in session.legal_moves(0) if "discard" in str(move))
    events = session.submit(0, discard)
    assert events[0] == MoveApplied(1, 0, discard, bot=False)
    assert all(isinstance(event, MoveApplied) for event in events)
    assert [(event.seat, event.bot) for event in events[1:]] == [(1, True)] * (len(events) - 1)  # type: ignore[union-attr]
    assert session.awaiting == (0,)


def test_g1_a_match_of_bots_only_is_played_at_once() -> None:
    session = Session(SHORT, 3, seed=4, bots={seat: GreedyBot(seed=seat) for seat in range(3)})
    assert session.is_over
    assert session.awaiting == ()
    events = session.events
    check_events(events)
    won = events[-1]
    assert isinstance(won, MatchWon)
    assert session.match.result is not None
    assert (won.winner, won.totals) == (session.match.result.winner, session.match.result.totals)
    ended = [event for event in events if isinstance(event, HandEnded)]
    assert len(ended) == len(session.match.history) >= 1
    assert replay(session.record()) == session.match
    assert session.legal_moves(0) == ()
    human = Session.from_record(session.record())  # the same match, over, with humans
    before = snapshot(human)
    with pytest.raises(IllegalMoveError, match="E1"):
        human.submit(0, "draw")  # the match is over
    assert snapshot(human) == before


@pytest.mark.parametrize("preset", ["pagat", "wikipedia", "partnership", "dealers_gambit"])
def test_a_human_against_bots_plays_a_whole_match_and_the_record_replays(
    preset: str, tmp_path: Path
) -> None:
    rules = presets.get(preset).evolve(target_score=150)
    players = max(2, rules.min_players)
    bots = {seat: RandomBot(seed=seat) for seat in range(1, players)}
    session = Session(rules, players, seed=11, bots=bots)
    rng = random.Random(11)
    for _ in range(5000):
        if session.is_over:
            break
        human = session.awaiting[0]
        moves = session.legal_moves(human)
        if human != session.state.to_move and rng.random() < 0.5:
            session.decline(human)
        else:
            session.submit(human, rng.choice(moves))
    assert session.is_over
    check_events(session.events)
    record = session.record()
    assert replay(record) == session.match
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    assert cli.main(["validate", str(path)]) == 0


# ---------------------------------------------------------------------------
# Calls out of turn (R1): a human's chance stops the bots


def find_call_chance() -> Session:
    """A session of p0 (human) against two random bots where p0 may call "Rummy!" now."""
    for seed in range(200):
        session = Session(None, 3, seed=seed, bots={1: RandomBot(seed=1), 2: RandomBot(seed=2)})
        rng = random.Random(seed)
        for _ in range(400):
            if session.is_over:
                break
            state = session.state
            if state.to_move != 0:
                return session  # p0 is asked out of turn: a call (R1)
            session.submit(0, rng.choice(session.legal_moves(0)))
    raise AssertionError("no chance to call found")


def test_r1_a_humans_chance_to_call_stops_the_bots_until_declined_or_taken() -> None:
    session = find_call_chance()
    state = session.state
    assert session.awaiting == (0,)
    calls = session.legal_moves(0)
    assert calls
    assert all(isinstance(move, CallRummy) for move in calls)
    assert polling_order(state).index(0) < polling_order(state).index(state.to_move)
    before = snapshot(session)
    events = session.decline(0)
    assert snapshot(session) != before
    assert all(isinstance(event, (MoveApplied, HandEnded, HandDealt, MatchWon)) for event in events)
    assert isinstance(events[0], MoveApplied)
    assert events[0].seat == state.to_move
    # The same chance, taken instead: the call is the first move applied (R1).
    again = find_call_chance()
    call = again.legal_moves(0)[0]
    number = again.match.number
    events = again.submit(0, call)
    assert events[0] == MoveApplied(number, 0, call)
    assert again.events[-len(events) :] == events


def test_decline_refuses_the_seat_to_move_and_bots() -> None:
    session = Session(seed=7, bots={0: GreedyBot()})
    with pytest.raises(InvalidArgumentError, match="is to move"):
        session.decline(1)
    with pytest.raises(InvalidArgumentError, match="played by a bot"):
        session.decline(0)


# ---------------------------------------------------------------------------
# Records


def test_from_record_rebuilds_the_session() -> None:
    session = Session(SHORT, 2, seed=5, bots={1: GreedyBot(seed=2)})
    rng = random.Random(5)
    for _ in range(60):
        if session.is_over:
            break
        session.submit(0, rng.choice(session.legal_moves(0)))
    record = session.record()
    again = Session.from_record(record, bots={1: GreedyBot(seed=2)})
    assert again.match == session.match
    assert again.record() == record
    assert again.events == session.events
    assert Session.from_record(json.dumps(record)).match == session.match
    # Without bots p1's moves are replayed all the same; p1 now submits its own.
    humans = Session.from_record(record)
    assert humans.humans == (0, 1)
    assert [event for event in humans.events if isinstance(event, MoveApplied) and event.bot] == []


def test_from_record_lets_the_bots_play_on() -> None:
    session = Session(seed=9)
    session.submit(1, "draw")
    record = session.record()
    again = Session.from_record(record, bots={1: GreedyBot(seed=1)})
    assert again.state.to_move == 0
    assert isinstance(again.events[-1], MoveApplied)
    assert again.events[-1].bot


def test_from_record_refuses_a_bad_record() -> None:
    with pytest.raises(RecordError):
        Session.from_record({"format": "nope"})
    record = Session(seed=9).record()
    record["current"] = {"number": 1, "moves": ["p0: draw"]}
    with pytest.raises(IllegalMoveError):
        Session.from_record(record)


def test_events_are_json() -> None:
    session = Session(SHORT, 2, seed=3, bots={0: GreedyBot(), 1: GreedyBot(seed=1)})
    data = [event.to_dict() for event in session.events]
    assert json.loads(json.dumps(data)) == data
    kinds = {item["type"] for item in data}
    assert kinds == {"hand_dealt", "move", "hand_ended", "match_won"}
    ended = next(item for item in data if item["type"] == "hand_ended")
    assert set(ended["result"]) >= {"scores", "went_out", "reason"}
    assert str(session.events[0]) == "hand 1 dealt by p0"
    assert isinstance(session.state, GameState)
