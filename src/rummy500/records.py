"""Game records: a versioned JSON record of a match, and its replay.

A record holds the rules, the number of players, the first dealer, the match
seed, and for each hand its number, dealer, seed, the moves in notation and
the result.  :class:`MatchRecorder` writes one while a match is played;
:func:`replay` plays a record again and returns the final
:class:`~rummy500.match.MatchState`, or raises naming the first illegal move
("hand 2, move 17: ...") and the rule it breaks.

A record is valid only if the replay reproduces every fact it records, with
the same types (the number 1 is not ``true`` nor ``1.0``); a record has no
keys but these, and its moves are written in canonical notation, as
:func:`~rummy500.moves.format_move` writes them (``"p0: draw"``, not
``"draw"`` nor ``"P0: DRAW"``).  The moves under ``"current"`` are those of
the hand in progress: once a move ends the hand, the hand is a finished one,
and belongs under ``"hands"`` with its result (a recorder writes it there).
JSON text is read up to :data:`MAX_RECORD_LENGTH` characters, nested at most
32 deep.  Like a position, a record holds the match seed, from which every
hand is dealt: do not show a record of a match in progress to a player.

>>> import random
>>> from rummy500 import Rules
>>> from rummy500.match import new_match, match_legal_moves
>>> recorder = MatchRecorder(new_match(Rules(target_score=100), 2, seed=3))
>>> rng = random.Random(3)
>>> while not recorder.match.is_over:
...     _ = recorder.play(rng.choice(match_legal_moves(recorder.match)))
>>> record = recorder.to_dict()
>>> record["format"], record["version"], replay(record) == recorder.match
('rummy500-record', 1, True)
>>> replay({**record, "winner": float(record["winner"])})
Traceback (most recent call last):
...
rummy500.errors.RecordError: record 'winner': 0.0 differs from the replayed 0
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

from rummy500._engine import SEED_BOUND, store
from rummy500.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    NotationError,
    RecordError,
    ReplayError,
    shown,
)
from rummy500.jsontext import load_json, seed_from_data, seed_to_data, too_deep
from rummy500.match import MatchState, apply_match_move, hand_seed, new_match
from rummy500.moves import Move, format_move
from rummy500.notation import parse_move
from rummy500.rulesdata import rules_from_data, rules_to_data
from rummy500.state import HandResult

__all__ = ["FORMAT", "MAX_RECORD_LENGTH", "VERSION", "MatchRecorder", "record_to_json", "replay"]

#: The ``format`` key of every record.
FORMAT = "rummy500-record"
#: The record version this library writes and reads.
VERSION = 1
#: The longest record JSON text :func:`replay` reads, in characters (10 MB).
MAX_RECORD_LENGTH = 10_000_000

_KEYS = frozenset(
    {"format", "version", "rules", "players", "dealer", "seed", "hands", "current"}
    | {"winner", "totals"}
)
_HAND_KEYS = frozenset({"number", "dealer", "seed", "moves", "result"})
_CURRENT_KEYS = frozenset({"number", "dealer", "seed", "moves"})

#: One string per move text, shared by every recorder: a long match repeats the same few
#: hundred texts ("p0: draw", "p2: discard 7H" ...), and a record held in memory (a server's
#: match) then costs a pointer a move, not a string (about 60 bytes).  Bounded: emptied when full.
_TEXTS: dict[str, str] = {}
_TEXTS_LIMIT = 1 << 12


class MatchRecorder:
    """Plays a match and records it; :attr:`match` is the match as it stands."""

    def __init__(self, match: MatchState) -> None:
        if match.history or match.number != 1:
            raise InvalidArgumentError("a recorder starts with a new match")
        self._first_dealer = match.hand.dealer
        # The match, the finished hands and the moves of the hand in progress,
        # replaced together by one assignment, so that an interruption (Ctrl-C)
        # never leaves them out of step.
        self._state: tuple[MatchState, tuple[_Hand, ...], tuple[str, ...]] = (match, (), ())

    @property
    def match(self) -> MatchState:
        """The match as it stands."""
        return self._state[0]

    def play(self, move: Move) -> MatchState:
        """Apply ``move`` (raising :class:`IllegalMoveError` if illegal) and record it."""
        before, hands, moves = self._state
        after = apply_match_move(before, move)
        text = format_move(move)
        moves = (*moves, _TEXTS.get(text) or store(_TEXTS, text, text, _TEXTS_LIMIT))
        if len(after.history) > len(before.history):
            record = after.history[-1]
            hands = (*hands, _Hand(record.number, record.dealer, record.seed, moves, record.result))
            moves = ()
        self._state = (after, hands, moves)
        return after

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict, new at each call (editing it changes nothing here).

        It holds the hands finished so far, and the moves of the hand in
        progress under ``"current"``.
        """
        match, hands, moves = self._state
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "rules": rules_to_data(match.rules),
            "players": match.num_players,
            "dealer": self._first_dealer,
            "seed": seed_to_data(match.seed),
            "hands": [hand.to_dict() for hand in hands],
        }
        if moves:
            data["current"] = {"number": match.number, "moves": list(moves)}
        if match.result is not None:
            data["winner"] = match.result.winner
            data["totals"] = list(match.result.totals)
        return data

    def to_json(self) -> str:
        """The record as JSON text."""
        return record_to_json(self.to_dict())


@attrs.frozen
class _Hand:
    """A finished hand as the recorder keeps it."""

    number: int
    dealer: int
    seed: int
    moves: tuple[str, ...]
    result: HandResult

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "seed": seed_to_data(self.seed),
            "moves": list(self.moves),
            "result": _result_to_dict(self.result),
        }


def record_to_json(record: Mapping[str, Any]) -> str:
    """A record as indented JSON text."""
    return json.dumps(record, indent=1)


def _result_to_dict(result: HandResult) -> dict[str, Any]:
    return {
        "scores": list(result.scores),
        "went_out": result.went_out,
        "reason": result.reason.value,
    }


def replay(record: Mapping[str, Any] | str) -> MatchState:
    """Play a record again and return the final match state.

    A record is valid only if the replay reproduces every fact it records:
    the first dealer and the match seed, and for each hand its number,
    dealer, seed and result, and the match's winner and totals.  Values have
    exact types (an integer is not ``true`` nor ``1.0``), moves are in
    canonical notation, and the moves of the hand in progress
    (``"current"``) do not end it.  JSON text is at most
    :data:`MAX_RECORD_LENGTH` characters, and lists and dicts nest at most
    :data:`~rummy500.jsontext.MAX_JSON_DEPTH` deep.

    Args:
        record: A record dict, or its JSON text.

    Raises:
        ReplayError: (an :class:`IllegalMoveError` and a :class:`RecordError`)
            at the first illegal move, naming the hand and move numbers and the rule.
        RecordError: (a :class:`ValueError`) for a malformed record, naming
            the key (and quoting at most 80 characters of a bad value).
    """
    if isinstance(record, (str, bytes, bytearray)):
        record = load_json(record, "record", MAX_RECORD_LENGTH, RecordError)
    if not isinstance(record, Mapping):
        raise RecordError(f"a record must be a dict, got {type(record).__name__}")
    if too_deep(record):
        raise RecordError("a record nests lists and dicts too deep")
    format_, version = record.get("format"), record.get("version")
    if not (_is_text(format_) and format_ == FORMAT and _is_int(version) and version == VERSION):
        raise RecordError(
            f"not a {FORMAT} record of version {VERSION}: "
            f"format {shown(format_)}, version {shown(version)}"
        )
    unknown = sorted((key for key in record if key not in _KEYS), key=shown)
    if unknown:
        raise RecordError(f"record has unknown keys {shown(unknown)}")
    for key in ("rules", "players", "dealer", "seed", "hands"):
        if key not in record:
            raise RecordError(f"record {key!r}: missing")
    try:
        rules = rules_from_data(record["rules"])
    except ValueError as error:
        raise RecordError(f"record 'rules': {error}") from None
    for key in ("players", "dealer"):
        if not _is_int(record[key]):
            raise RecordError(f"record {key!r}: expected an integer, got {shown(record[key])}")
    seed = _seed_of(record["seed"], "record 'seed'")
    try:
        match = new_match(rules, record["players"], seed=seed, dealer=record["dealer"])
    except InvalidArgumentError as error:
        raise RecordError(f"record 'players', 'dealer' or 'seed': {error}") from None
    hands = record["hands"]
    if not isinstance(hands, list):
        raise RecordError(f"record 'hands': expected a list, got {shown(hands)}")
    entries = list(hands)
    if "current" in record:
        entries.append(record["current"])
    for position, entry in enumerate(entries, start=1):
        match = _replay_hand(match, entry, position, finished=position <= len(hands))
    _check_outcome(record, match)
    return match


def _is_int(value: Any) -> bool:
    return type(value) is int


def _seed_of(value: Any, where: str) -> int:
    """A seed of the record: an integer, or its decimal text (written so when wider than 2**53)."""
    seed = seed_from_data(value)
    if seed is None:
        raise RecordError(f"{where}: expected an integer or its decimal text, got {shown(value)}")
    if not -SEED_BOUND < seed < SEED_BOUND:
        raise RecordError(f"{where}: expected a seed between -2**64 and 2**64, got {shown(value)}")
    return seed


def _is_text(value: Any) -> bool:
    return isinstance(value, str)


def _same(recorded: Any, replayed: Any) -> bool:
    """Whether JSON data equals the replayed data, with the same types (``1 != 1.0 != true``)."""
    if type(recorded) is not type(replayed):
        return False
    if isinstance(replayed, list):
        return len(recorded) == len(replayed) and all(
            _same(a, b) for a, b in zip(recorded, replayed, strict=True)
        )
    if isinstance(replayed, dict):
        return recorded.keys() == replayed.keys() and all(
            _same(recorded[key], replayed[key]) for key in replayed
        )
    return bool(recorded == replayed)


def _check_outcome(record: Mapping[str, Any], match: MatchState) -> None:
    """The recorded winner and totals, if any, are the replayed ones."""
    result = match.result
    if "winner" in record or "totals" in record:
        if result is None:
            raise RecordError("record 'winner': the moves do not finish the match")
        if "winner" in record and not _same(record["winner"], result.winner):
            raise RecordError(
                f"record 'winner': {shown(record['winner'])} differs from the replayed "
                f"{result.winner}"
            )
        if "totals" in record and not _same(record["totals"], list(result.totals)):
            raise RecordError(
                f"record 'totals': {shown(record['totals'])} differs from the replayed "
                f"{list(result.totals)}"
            )


def _replay_hand(match: MatchState, entry: Any, number: int, *, finished: bool) -> MatchState:
    where = f"record hand {number}"
    if not isinstance(entry, Mapping) or not isinstance(entry.get("moves"), list):
        raise RecordError(f"{where}: expected {{'moves': [...], ...}}, got {shown(entry)}")
    keys = _HAND_KEYS if finished else _CURRENT_KEYS
    unknown = sorted((key for key in entry if key not in keys), key=shown)
    if unknown:
        raise RecordError(f"{where}: unknown keys {shown(unknown)}")
    if match.is_over:
        raise RecordError(f"{where}: the match is already over")
    recorded_number = entry.get("number", number)
    if not _same(recorded_number, number) or match.number != number:
        raise RecordError(f"{where}: numbered {shown(entry.get('number'))}")
    if "dealer" in entry and not _same(entry["dealer"], match.hand.dealer):
        raise RecordError(
            f"{where}: dealer {shown(entry['dealer'])} differs from the replayed "
            f"p{match.hand.dealer}"
        )
    if "seed" in entry and _seed_of(entry["seed"], f"{where}: seed") != hand_seed(
        match.seed, number
    ):
        raise RecordError(f"{where}: seed {shown(entry['seed'])} is not the match's")
    moves = entry["moves"]
    for index, text in enumerate(moves, start=1):
        if match.is_over or match.number != number:
            raise RecordError(f"{where}, move {index}: the hand is already over")
        try:
            move = _move_of(match, text)
            match = apply_match_move(match, move)
        except NotationError as error:
            raise RecordError(f"{where}, move {index}: {error}") from None
        except IllegalMoveError as error:
            raise ReplayError(error, number, index) from None
        if not finished and len(match.history) >= number:
            raise RecordError(
                f"{where}, move {index}: the current hand's moves end the hand here, so "
                "they belong in the finished hands ('hands'), with its result"
            )
    if finished:
        if len(match.history) < number:
            raise RecordError(f"{where}: the moves do not finish the hand")
        replayed = _result_to_dict(match.history[number - 1].result)
        if "result" in entry and not _same(entry["result"], replayed):
            raise RecordError(
                f"{where}: the recorded result {shown(entry['result'])} differs from the "
                f"replayed {shown(replayed)}"
            )
    return match


def _move_of(match: MatchState, text: Any) -> Move:
    """The move ``text`` spells in canonical notation (as :func:`~rummy500.moves.format_move`).

    Raises:
        NotationError: for text that is not a move, or not in canonical notation.
    """
    move = parse_move(match.hand, text)
    canonical = format_move(move)
    if text != canonical:
        raise NotationError(
            f"{shown(text)} is not in canonical notation (it is written {canonical!r})"
        )
    return move
