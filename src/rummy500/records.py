"""Game records: a versioned JSON record of a match, and its replay.

A record holds the rules, the number of players, the first dealer, the match
seed, and for each hand its number, dealer, seed, the moves in notation and
the result.  :class:`MatchRecorder` writes one while a match is played;
:func:`replay` plays a record again and returns the final
:class:`~rummy500.match.MatchState`, or raises naming the first illegal move
("hand 2, move 17: ...") and the rule it breaks.

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
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from rummy500.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    NotationError,
    RecordError,
    ReplayError,
)
from rummy500.match import MatchState, apply_match_move, hand_seed, new_match
from rummy500.moves import Move, format_move
from rummy500.notation import parse_move
from rummy500.positions import rules_from_data, rules_to_data
from rummy500.state import HandResult

__all__ = ["FORMAT", "VERSION", "MatchRecorder", "record_to_json", "replay"]

#: The ``format`` key of every record.
FORMAT = "rummy500-record"
#: The record version this library writes and reads.
VERSION = 1


class MatchRecorder:
    """Plays a match and records it.

    Attributes:
        match: The match as it stands.
    """

    def __init__(self, match: MatchState) -> None:
        if match.history or match.number != 1:
            raise InvalidArgumentError("a recorder starts with a new match")
        self.match = match
        self._first_dealer = match.hand.dealer
        self._hands: list[dict[str, Any]] = []
        self._moves: list[str] = []

    def play(self, move: Move) -> MatchState:
        """Apply ``move`` (raising :class:`IllegalMoveError` if illegal) and record it."""
        before = self.match
        after = apply_match_move(before, move)
        self._moves.append(format_move(move))
        if len(after.history) > len(before.history):
            record = after.history[-1]
            self._hands.append(
                {
                    "number": record.number,
                    "dealer": record.dealer,
                    "seed": record.seed,
                    "moves": self._moves,
                    "result": _result_to_dict(record.result),
                }
            )
            self._moves = []
        self.match = after
        return after

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict.

        It holds the hands finished so far, and the moves of the hand in
        progress under ``"current"``.
        """
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "rules": rules_to_data(self.match.rules),
            "players": self.match.num_players,
            "dealer": self._first_dealer,
            "seed": self.match.seed,
            "hands": list(self._hands),
        }
        if self._moves:
            data["current"] = {"number": self.match.number, "moves": list(self._moves)}
        if self.match.result is not None:
            data["winner"] = self.match.result.winner
            data["totals"] = list(self.match.result.totals)
        return data

    def to_json(self) -> str:
        """The record as JSON text."""
        return record_to_json(self.to_dict())


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

    Args:
        record: A record dict, or its JSON text.

    Raises:
        ReplayError: (an :class:`IllegalMoveError` and a :class:`RecordError`)
            at the first illegal move, naming the hand and move numbers and the rule.
        RecordError: (a :class:`ValueError`) for a malformed record, naming the key.
    """
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as error:
            raise RecordError(f"record is not valid JSON: {error}") from None
    if not isinstance(record, Mapping):
        raise RecordError(f"a record must be a dict, got {type(record).__name__}")
    if record.get("format") != FORMAT or record.get("version") != VERSION:
        raise RecordError(
            f"not a {FORMAT} record of version {VERSION}: "
            f"format {record.get('format')!r}, version {record.get('version')!r}"
        )
    for key in ("rules", "players", "dealer", "seed", "hands"):
        if key not in record:
            raise RecordError(f"record {key!r}: missing")
    try:
        rules = rules_from_data(record["rules"])
    except ValueError as error:
        raise RecordError(f"record 'rules': {error}") from None
    seed = record["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError(f"record 'seed': expected an integer, got {seed!r}")
    try:
        match = new_match(rules, record["players"], seed=seed, dealer=record["dealer"])
    except InvalidArgumentError as error:
        raise RecordError(f"record 'players' or 'dealer': {error}") from None
    hands = record["hands"]
    if not isinstance(hands, list):
        raise RecordError(f"record 'hands': expected a list, got {hands!r}")
    entries = list(hands)
    if "current" in record:
        entries.append(record["current"])
    for position, entry in enumerate(entries, start=1):
        match = _replay_hand(match, entry, position, finished=position <= len(hands))
    _check_outcome(record, match)
    return match


def _check_outcome(record: Mapping[str, Any], match: MatchState) -> None:
    """The recorded winner and totals, if any, are the replayed ones."""
    result = match.result
    if "winner" in record or "totals" in record:
        if result is None:
            raise RecordError("record 'winner': the moves do not finish the match")
        if record.get("winner", result.winner) != result.winner:
            raise RecordError(
                f"record 'winner': {record['winner']!r} differs from the replayed {result.winner}"
            )
        if record.get("totals", list(result.totals)) != list(result.totals):
            raise RecordError(
                f"record 'totals': {record['totals']!r} differs from the replayed "
                f"{list(result.totals)}"
            )


def _replay_hand(match: MatchState, entry: Any, number: int, *, finished: bool) -> MatchState:
    if not isinstance(entry, Mapping) or not isinstance(entry.get("moves"), list):
        raise RecordError(f"record hand {number}: expected {{'moves': [...], ...}}, got {entry!r}")
    if entry.get("number", number) != number or match.number != number:
        raise RecordError(f"record hand {number}: numbered {entry.get('number')!r}")
    if "seed" in entry and entry["seed"] != hand_seed(match.seed, number):
        raise RecordError(f"record hand {number}: seed {entry['seed']!r} is not the match's")
    moves = entry["moves"]
    for index, text in enumerate(moves, start=1):
        if match.is_over or match.number != number:
            raise RecordError(f"record hand {number}, move {index}: the hand is already over")
        try:
            move = parse_move(match.hand, text)
            match = apply_match_move(match, move)
        except NotationError as error:
            raise RecordError(f"record hand {number}, move {index}: {error}") from None
        except IllegalMoveError as error:
            raise ReplayError(error, number, index) from None
    if finished:
        if len(match.history) < number:
            raise RecordError(f"record hand {number}: the moves do not finish the hand")
        recorded = entry.get("result")
        if recorded is not None and recorded != _result_to_dict(match.history[number - 1].result):
            raise RecordError(
                f"record hand {number}: the recorded result {recorded!r} differs from the "
                f"replayed {_result_to_dict(match.history[number - 1].result)!r}"
            )
    return match
