"""Sessions: a match, its record and its bots in one object, for servers and front ends.

A :class:`Session` holds a match (:mod:`rummy500.match`) and its record
(:class:`~rummy500.records.MatchRecorder`), and plays the seats given to
bots.  A front end asks it for a seat's view and legal moves, and submits a
seat's move as text, as a move dict or as a :class:`~rummy500.moves.Move`;
the session checks it, applies it, records it, lets the bots answer, and
returns what happened, in order, as :data:`Event` values:

>>> from rummy500 import Session, GreedyBot
>>> session = Session(seed=7, bots={1: GreedyBot(seed=1)})
>>> [str(event) for event in session.events]  # p1 plays first: its bot has played
['hand 1 dealt by p0', 'p1: draw', 'p1: meld 4S 5S 6S', 'p1: meld AS AC JK=A', 'p1: discard 8H']
>>> session.awaiting, [str(move) for move in session.legal_moves(0)]
((0,), ['p0: draw', 'p0: take 1'])
>>> [str(event) for event in session.submit(0, "draw")]
['p0: draw']
>>> session.submit(0, "discard 7H")
Traceback (most recent call last):
...
rummy500.errors.IllegalMoveError: p0 does not hold 7H (rule T10)
>>> [str(event) for event in session.submit(0, "discard 2S")]
['p0: discard 2S', 'p1: draw', 'p1: discard 7C']
>>> session.submit(0, "draw")[0].to_dict()
{'type': 'move', 'hand': 1, 'seat': 0, 'move': 'p0: draw', 'bot': False}

Who acts when: after every move the seats are polled in
:func:`~rummy500.state.polling_order` (the others from the seat after the
one to move, then the seat to move), as :func:`rummy500.bots.iter_hand`
does.  A bot's seat is asked for its move (``None`` lets a chance go by);
the session stops at the first human seat that may act: the seat to move,
or a seat that may call "Rummy!" (R1, R2) or play out of turn (T9).
:attr:`Session.awaiting` lists the human seats that may act now; a human
who does not want a call lets it go by with :meth:`Session.decline`, and
the bots play on.  Any human seat may submit any of its legal moves
(:meth:`Session.legal_moves`) at any time: the first move applied wins
(R1).  A seat that let its chance go by has none until the next move is
made: its view and :meth:`Session.legal_moves` no longer offer the calls
it declined, so a front end shows them as they come.

Errors leave the session unchanged: a move that does not parse, is not the
seat's, or is illegal raises (:class:`~rummy500.errors.NotationError`,
:class:`~rummy500.errors.InvalidArgumentError`,
:class:`~rummy500.errors.IllegalMoveError`) before anything is kept, and so
does a bot that answers with a move its view does not offer.  A session is
not thread-safe: a server serializes the calls on one session.

The record (:meth:`Session.record`) is the format of
:mod:`rummy500.records`: :func:`rummy500.replay` and ``rummy500 validate``
accept it, and :meth:`Session.from_record` rebuilds the session from it.
Like a position, it holds the seed every hand is dealt from: do not show a
record of a match in progress to a player (show views).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeAlias

import attrs

from rummy500._engine import legal_moves as engine_legal_moves
from rummy500._engine import take_depths as engine_take_depths
from rummy500.bots import Bot, tell_hand_end, tell_match_end
from rummy500.errors import InvalidArgumentError, NotationError, shown
from rummy500.match import MatchState, new_match
from rummy500.movedata import move_from_dict
from rummy500.moves import Move
from rummy500.notation import parse_move
from rummy500.records import MatchRecorder, replay
from rummy500.rules import Rules
from rummy500.state import GameState, HandResult, polling_order
from rummy500.views import PlayerView, make_view, result_to_dict

__all__ = ["Event", "HandDealt", "HandEnded", "MatchWon", "MoveApplied", "Session"]

#: A seat prefix at the start of move text (``p2:``): the text names its seat.
_PREFIX = re.compile(r"\s*p\s*[0-9]+\s*:", re.IGNORECASE)


# ---------------------------------------------------------------------------
# Events


@attrs.frozen
class MoveApplied:
    """A move was applied (and recorded).

    Attributes:
        hand: The number of the hand it was made in, from 1.
        seat: The seat that made it.
        move: The move.
        bot: Whether the seat's bot made it.
    """

    hand: int
    seat: int
    move: Move
    bot: bool = False

    @property
    def notation(self) -> str:
        """The move in notation (``p0: draw``)."""
        return str(self.move)

    def to_dict(self) -> dict[str, Any]:
        """``{"type": "move", "hand": n, "seat": s, "move": notation, "bot": b}``."""
        return {
            "type": "move",
            "hand": self.hand,
            "seat": self.seat,
            "move": self.notation,
            "bot": self.bot,
        }

    def __str__(self) -> str:
        return self.notation


@attrs.frozen
class HandEnded:
    """A hand ended and was scored.

    Attributes:
        hand: The hand's number, from 1.
        result: Its result (scores, who went out, why it ended).
        totals: Each side's match total after it (a side is a seat, or a partnership).
    """

    hand: int
    result: HandResult
    totals: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """``{"type": "hand_ended", "hand": n, "result": {...}, "totals": [...]}``.

        The result has every field of :class:`~rummy500.state.HandResult`, as in a view.
        """
        return {
            "type": "hand_ended",
            "hand": self.hand,
            "result": result_to_dict(self.result),
            "totals": list(self.totals),
        }

    def __str__(self) -> str:
        scores = ", ".join(f"p{seat} {score}" for seat, score in enumerate(self.result.scores))
        return f"hand {self.hand} over ({self.result.reason.value}): {scores}"


@attrs.frozen
class HandDealt:
    """A hand was dealt (the first one when the session starts, then after each hand).

    Attributes:
        hand: The hand's number, from 1.
        dealer: Who dealt it.
        to_move: The seat that acts first.
    """

    hand: int
    dealer: int
    to_move: int

    def to_dict(self) -> dict[str, Any]:
        """``{"type": "hand_dealt", "hand": n, "dealer": d, "to_move": s}``."""
        return {
            "type": "hand_dealt",
            "hand": self.hand,
            "dealer": self.dealer,
            "to_move": self.to_move,
        }

    def __str__(self) -> str:
        return f"hand {self.hand} dealt by p{self.dealer}"


@attrs.frozen
class MatchWon:
    """The match is over.

    Attributes:
        winner: The winning side (a seat; with partnerships 0 for seats 0+2, 1 for 1+3).
        seats: The seats of the winning side.
        totals: Each side's final total.
    """

    winner: int
    seats: tuple[int, ...]
    totals: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """``{"type": "match_won", "winner": w, "seats": [...], "totals": [...]}``."""
        return {
            "type": "match_won",
            "winner": self.winner,
            "seats": list(self.seats),
            "totals": list(self.totals),
        }

    def __str__(self) -> str:
        seats = "+".join(f"p{seat}" for seat in self.seats)
        return f"match won by {seats}"


#: What :meth:`Session.submit` returns a tuple of: one of the four event types.
Event: TypeAlias = "MoveApplied | HandEnded | HandDealt | MatchWon"


# ---------------------------------------------------------------------------
# The session


class Session:
    """A match played through one object: views, legal moves, submitted moves, bots, a record.

    Args:
        rules: The rule set, or a preset's name in any case; ``None`` for the
            default (pagat) rules.
        players: The number of players.
        seed: The match seed (see :func:`rummy500.match.new_match`); ``None``:
            from the OS's secure randomness.
        bots: The seats played by bots, ``{seat: bot}``; the other seats are
            humans, who :meth:`submit` their moves.  A bot is anything with
            a ``choose(view)`` method (:class:`~rummy500.bots.Bot`).
        dealer: The first hand's dealer.

    The bots play at once until a human seat may act (or, with bots only,
    to the end of the match); :attr:`events` holds what happened.

    Raises:
        InvalidArgumentError: for a bad player count, seed or dealer, a seat of
            ``bots`` that is not at the table, or a bot without ``choose``.
    """

    def __init__(
        self,
        rules: Rules | str | None = None,
        players: int = 2,
        *,
        seed: int | None = None,
        bots: Mapping[int, Bot] | None = None,
        dealer: int = 0,
    ) -> None:
        match = new_match(rules, players, seed=seed, dealer=dealer)
        self._bots = _checked_bots(bots, players)
        self._recorder = MatchRecorder(match)
        self._declined: frozenset[int] = frozenset()
        self._events: tuple[Event, ...] = (_dealt(match),)
        self._events += self._run(lambda: ())

    # -- reading ------------------------------------------------------------

    @property
    def match(self) -> MatchState:
        """The match as it stands."""
        return self._recorder.match

    @property
    def state(self) -> GameState:
        """The current hand (the last one once the match is over): the referee's view."""
        return self._recorder.match.hand

    @property
    def rules(self) -> Rules:
        """The rule set."""
        return self._recorder.match.rules

    @property
    def num_players(self) -> int:
        """The number of players."""
        return self._recorder.match.num_players

    @property
    def bots(self) -> Mapping[int, Bot]:
        """The seats played by bots (a copy)."""
        return dict(self._bots)

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats not played by bots, in seat order."""
        return tuple(seat for seat in range(self.num_players) if seat not in self._bots)

    @property
    def is_over(self) -> bool:
        """Whether the match is over."""
        return self._recorder.match.is_over

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened since the session started, in order.

        Since the last :meth:`trim_events`, which keeps only the latest.
        """
        return self._events

    def trim_events(self, keep: int = 0) -> None:
        """Forget all :attr:`events` but the latest ``keep``; the match and its record stay whole.

        The events grow with every move of a match: a server that has
        stored them or sent them on trims them to keep its memory bounded.

        Raises:
            InvalidArgumentError: for a ``keep`` that is not a whole number of 0 or more.
        """
        if isinstance(keep, bool) or not isinstance(keep, int) or keep < 0:
            raise InvalidArgumentError(
                f"keep must be a whole number of 0 or more, got {shown(keep)}"
            )
        self._events = self._events[-keep:] if keep else ()

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The human seats that may act now, in polling order (empty once the match is over).

        The seat to move if it is human, and the human seats that may call
        "Rummy!" or play out of turn and have not let the chance go by
        (:meth:`decline`).
        """
        if self.is_over:
            return ()
        state = self.state
        return tuple(
            seat
            for seat in polling_order(state)
            if seat not in self._bots
            and (seat == state.to_move or seat not in self._declined)
            and engine_legal_moves(state, seat=seat)
        )

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` sees of the current hand (:func:`rummy500.observe`).

        Raises:
            InvalidArgumentError: for a seat that is not at the table.
        """
        state = self.state
        self._check_seat(seat)
        return make_view(state, seat, None, self.legal_moves(seat))

    def legal_moves(self, seat: int) -> tuple[Move, ...]:
        """The legal moves of ``seat`` now, in the engine's order (none once the match is over).

        A seat that let its chance to act out of turn go by (:meth:`decline`)
        has none until the next move is made.

        Raises:
            InvalidArgumentError: for a seat that is not at the table.
        """
        self._check_seat(seat)
        if self.is_over or self._passed(seat):
            return ()
        return engine_legal_moves(self.state, seat=seat)

    def take_depths(self, seat: int) -> tuple[int, ...]:
        """The pile depths at which ``seat`` may take or call now (``rummy500.take_depths``).

        Raises:
            InvalidArgumentError: for a seat that is not at the table.
        """
        self._check_seat(seat)
        if self.is_over or self._passed(seat):
            return ()
        return engine_take_depths(self.state, seat)

    def record(self) -> dict[str, Any]:
        """The record of the match so far, a new dict each time (see :mod:`rummy500.records`).

        :func:`rummy500.replay`, ``rummy500 validate`` and :meth:`from_record` accept it.
        """
        return self._recorder.to_dict()

    def __repr__(self) -> str:
        match = self.match
        where = "over" if match.is_over else f"hand {match.number}"
        bots = ", ".join(f"p{seat}" for seat in sorted(self._bots)) or "none"
        return f"<Session {match.num_players} players, {where}, bots {bots}>"

    # -- acting -------------------------------------------------------------

    def submit(self, seat: int, move: Move | str | Mapping[str, Any]) -> tuple[Event, ...]:
        """Make ``seat``'s move, then let the bots play until a human may act.

        Args:
            seat: A human seat.
            move: A :class:`~rummy500.moves.Move` of that seat, its text in
                notation, or its dict (:func:`~rummy500.moves.move_to_dict`,
                as a view's ``"moves"`` hold them, read by
                :func:`rummy500.move_from_dict`); text without a seat prefix
                is read for ``seat`` (``"draw"`` is ``"p{seat}: draw"``).

        Returns:
            What happened, in order: the move, and after it the bots' moves,
            any hand's end (:class:`HandEnded`), the next hand's deal
            (:class:`HandDealt`) and the end of the match (:class:`MatchWon`).

        Raises:
            NotationError: for text that does not parse.
            InvalidArgumentError: for a seat that is not at the table, is a
                bot's or let its chance go by (:meth:`decline`), a malformed
                move dict, a move of another seat, or a bot that answers with
                a move its view does not offer.
            IllegalMoveError: for an illegal move (also once the match is over).

        On any error the session is unchanged.
        """
        self._check_seat(seat)
        if seat in self._bots:
            raise InvalidArgumentError(f"p{seat} is played by a bot")
        if self._passed(seat):
            raise InvalidArgumentError(
                f"p{seat} let this chance go by: no move until the next move is made"
            )
        if isinstance(move, str):
            move = self._parse(seat, move)
        elif isinstance(move, Mapping):
            move = move_from_dict(move)
        if not isinstance(move, Move):
            raise InvalidArgumentError(f"expected a move, its text or its dict, got {shown(move)}")
        if move.player != seat:
            raise InvalidArgumentError(f"the move {move} is p{move.player}'s, not p{seat}'s")
        played = move
        return self._commit(lambda: self._play(played, bot=False))

    def decline(self, seat: int) -> tuple[Event, ...]:
        """Let a chance to act out of turn go by ("Rummy!" calls, T9 plays); the bots play on.

        Returns:
            What happened after it, as :meth:`submit` does.

        Raises:
            InvalidArgumentError: for a seat that is not at the table, a bot's
                seat, the seat to move (it must move), a seat with no legal
                move now, or one that already let this chance go by.
        """
        self._check_seat(seat)
        state = self.state
        if seat in self._bots:
            raise InvalidArgumentError(f"p{seat} is played by a bot")
        if self.is_over or not engine_legal_moves(state, seat=seat):
            raise InvalidArgumentError(f"p{seat} has no chance to let go by: no legal move now")
        if seat == state.to_move:
            raise InvalidArgumentError(f"p{seat} is to move and may not let the turn go by")
        if seat in self._declined:
            raise InvalidArgumentError(f"p{seat} already let this chance go by")
        declined = self._declined | {seat}

        def decline() -> tuple[Event, ...]:
            self._declined = declined
            return ()

        return self._commit(decline)

    @classmethod
    def from_record(
        cls, record: Mapping[str, Any] | str, *, bots: Mapping[int, Bot] | None = None
    ) -> Session:
        """The session a record was written from (:meth:`record`), with the given bots.

        The record is replayed and checked first (:func:`rummy500.replay`);
        the session's :attr:`events` are those of the recorded moves (a move
        counts as a bot's if its seat is one of ``bots``), and then, if a bot
        must act, the bots play on as after :meth:`submit`.

        Args:
            record: A record dict, or its JSON text.
            bots: The seats played by bots from now on, ``{seat: bot}``.

        Raises:
            RecordError: (a :class:`ValueError`) for a malformed record.
            ReplayError: at the first illegal move of the record.
            InvalidArgumentError: for a bad ``bots`` mapping.
        """
        final = replay(record)  # checks everything: the moves below are legal
        data = record if isinstance(record, Mapping) else _loaded(record)
        session = cls.__new__(cls)
        match = new_match(final.rules, final.num_players, seed=final.seed, dealer=data["dealer"])
        session._bots = _checked_bots(bots, final.num_players)
        session._recorder = MatchRecorder(match)
        session._declined = frozenset()
        session._events = (_dealt(match),)
        moves = [text for hand in data["hands"] for text in hand["moves"]]
        if "current" in data:
            moves.extend(data["current"]["moves"])
        events: list[Event] = []
        for text in moves:
            move = parse_move(session.state, text)
            events.extend(session._play(move, bot=move.player in session._bots, tell=False))
        session._events += tuple(events)
        session._events += session._run(lambda: ())
        return session

    # -- inside -------------------------------------------------------------

    def _passed(self, seat: int) -> bool:
        """Whether ``seat`` let its chance to act out of turn go by, until the next move."""
        return seat in self._declined and seat != self.state.to_move

    def _check_seat(self, seat: int) -> None:
        players = self.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidArgumentError(f"seat must be a seat 0..{players - 1}, got {shown(seat)}")

    def _parse(self, seat: int, text: str) -> Move:
        if not isinstance(text, str):
            raise NotationError(f"a move must be text, got {shown(text)}")
        # Text with a prefix is read for the seat it names, to say whose move it is.
        move = parse_move(self.state, text, seat=None if _PREFIX.match(text) else seat)
        if move.player != seat:
            raise InvalidArgumentError(f"the move {move} is p{move.player}'s, not p{seat}'s")
        return move

    def _commit(self, first: Callable[[], tuple[Event, ...]]) -> tuple[Event, ...]:
        """Run ``first``, then the bots, on a copy of the parts; keep them if all went well."""
        saved = (self._recorder, self._declined, self._events)
        self._recorder = copy.copy(self._recorder)  # its state is replaced, never changed in place
        try:
            events = self._run(first)
        except BaseException:
            self._recorder, self._declined, self._events = saved
            raise
        self._events += events
        return events

    def _run(self, first: Callable[[], tuple[Event, ...]]) -> tuple[Event, ...]:
        """``first()``'s events, then the bots' until a human may act or the match is over."""
        events: list[Event] = list(first())
        while not self.is_over:
            move = self._bot_move()
            if move is None:
                break
            events.extend(self._play(move, bot=True))
        return tuple(events)

    def _bot_move(self) -> Move | None:
        """The move of the first bot that takes its chance, or ``None`` when a human may act."""
        state = self.state
        for seat in polling_order(state):
            moves = engine_legal_moves(state, seat=seat)
            if not moves:
                continue
            if seat != state.to_move and seat in self._declined:
                continue  # this seat let this chance go by (a bot is asked once)
            bot = self._bots.get(seat)
            if bot is None:
                return None  # a human may act
            move = bot.choose(make_view(state, seat, None, moves))
            if move is None:
                if seat == state.to_move:
                    raise InvalidArgumentError(f"the bot of p{seat} is to move and returned None")
                self._declined |= {seat}
                continue
            if move not in moves:
                raise InvalidArgumentError(
                    f"the bot of p{seat} chose {shown(move)}, which its view does not offer"
                )
            return move
        raise AssertionError(f"nobody can move in hand {self.match.number}")  # pragma: no cover

    def _play(self, move: Move, *, bot: bool, tell: bool = True) -> tuple[Event, ...]:
        """Apply and record ``move``; its events.

        With ``tell``, the bots that listen (program bots) are told the end of
        a hand and of the match.
        """
        before = self._recorder.match
        after = self._recorder.play(move)
        self._declined = frozenset()
        events: list[Event] = [MoveApplied(before.number, move.player, move, bot)]
        if len(after.history) > len(before.history):
            finished = after.history[-1]
            events.append(HandEnded(finished.number, finished.result, finished.totals))
            if tell:
                tell_hand_end(self._bots, finished.result, finished.totals)
            if after.result is not None:
                result = after.result
                events.append(MatchWon(result.winner, result.seats, result.totals))
                if tell:
                    tell_match_end(self._bots, result)
            else:
                events.append(_dealt(after))
        return tuple(events)


def _dealt(match: MatchState) -> HandDealt:
    return HandDealt(match.number, match.hand.dealer, match.hand.to_move)


def _checked_bots(bots: Mapping[int, Bot] | None, players: int) -> dict[int, Bot]:
    if bots is None:
        return {}
    if not isinstance(bots, Mapping):
        raise InvalidArgumentError(f"bots must be a mapping {{seat: bot}}, got {shown(bots)}")
    checked: dict[int, Bot] = {}
    for seat, bot in bots.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidArgumentError(
                f"a bot's seat must be a seat 0..{players - 1}, got {shown(seat)}"
            )
        if not isinstance(bot, Bot):
            raise InvalidArgumentError(f"the bot of p{seat} has no choose(view) method")
        checked[seat] = bot
    return checked


def _loaded(text: str | bytes) -> Mapping[str, Any]:
    data: Mapping[str, Any] = json.loads(text)  # read once already by replay: valid
    return data
