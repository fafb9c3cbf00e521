"""The command line: ``python -m rummy500`` (or the ``rummy500`` script).

Subcommands:

``demo``
    Deal a hand, show it, and play it out between random players, printing
    every move in notation and the final scores.
``rules``
    Describe a preset's rules, knob by knob.
``play``
    Play a match at the terminal, seat 0 against bots.
``simulate``
    Play many hands or matches between bots and summarise the results.
``validate``
    Replay a match record and report whether it is valid.

See ``docs/cli.md`` for every option and the exit codes.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import random
import re
import signal
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Literal, TextIO

import attrs

from rummy500 import presets
from rummy500._engine import apply_move, legal_moves, new_game
from rummy500.bots import Bot, GreedyBot, RandomBot, iter_hand
from rummy500.errors import (
    InvalidArgumentError,
    NotationError,
    RecordError,
    ReplayError,
    Rummy500Error,
    shown,
)
from rummy500.match import MatchState, apply_match_move, new_match
from rummy500.meldgen import enumerate_melds
from rummy500.melds import meld_value
from rummy500.moves import Move
from rummy500.notation import parse_move
from rummy500.records import MAX_RECORD_LENGTH, MatchRecorder, replay
from rummy500.rules import Rules
from rummy500.seating import sides
from rummy500.state import HandResult, polling_order
from rummy500.views import KnownCards, PlayerView, observe, track

__all__ = [
    "BOTS",
    "EXIT_INTERRUPTED",
    "MAX_RECORD_FILE",
    "ReadLine",
    "SimulationSummary",
    "main",
    "read_line",
    "simulate",
]

#: The exit code after Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130
#: The largest record file ``validate`` reads, in bytes (10 MB).
MAX_RECORD_FILE = MAX_RECORD_LENGTH


def _players(args: argparse.Namespace, rules: Rules) -> int:
    """``--players``, or the number of ``--bots``, or the fewest the preset allows."""
    if args.players is None:
        bots = getattr(args, "bots", None)
        args.players = len(bots.split(",")) if bots else rules.min_players
    players: int = args.players
    return players


def _demo(args: argparse.Namespace) -> int:
    rules = presets.get(args.preset)
    _players(args, rules)
    state = new_game(rules, args.players, seed=args.seed)
    rng = random.Random(args.seed)
    print(f"500 Rum, preset {args.preset!r}, {args.players} players, seed {state.seed}")
    print("The deal:")
    print(state)
    for seat, hand in enumerate(state.hands):
        melds = enumerate_melds(hand, rules)
        best = max(melds, key=lambda m: meld_value(m, rules.card_values), default=None)
        shown = f", best meld {best} ({meld_value(best, rules.card_values)} points)" if best else ""
        print(f"p{seat} could meld {len(melds)} way(s){shown}")
    print("Random players play the hand:")
    number = 0
    while not state.is_over:
        moves = legal_moves(state)
        move = rng.choice(moves)
        number += 1
        print(f"{number:4}. {move}   ({len(moves)} legal moves)")
        state = apply_move(state, move)
    print("The end of the hand:")
    print(state)
    result = state.result
    assert result is not None
    went_out = "nobody" if result.went_out is None else f"p{result.went_out}"
    print(f"ended by {result.reason.value}; went out: {went_out}")
    for seat, score in enumerate(result.scores):
        print(
            f"p{seat}: {result.melded[seat]:4} on the table - {result.in_hand[seat]:3} in hand"
            f" = {score:4}"
        )
    return 0


def _rules(args: argparse.Namespace) -> int:
    print(f"preset {args.preset!r}")
    print(presets.get(args.preset).describe())
    return 0


# ---------------------------------------------------------------------------
# play

#: The bots by name, as the ``--bot`` and ``--bots`` options spell them.
BOTS: dict[str, Callable[[int], Bot]] = {
    "random": lambda seed: RandomBot(seed=seed),
    "greedy": lambda seed: GreedyBot(seed=seed),
}

#: Reads one line of the player's input: called with the prompt and the
#: player's view; raises :class:`EOFError` at the end of the input.
ReadLine = Callable[[str, PlayerView], str]

#: The human player's seat in ``play``.
HUMAN = 0

_HELP = """\
Type a move in notation (the seat prefix "p0:" is optional):
  draw                      draw from the stock
  take N [PLAY]             take the top N discards (PLAY: meld ... or layoff ...)
  meld CARD...              lay down a meld, e.g. meld 4S 4H 4D or meld 6H 7H JK=8H
  layoff ID CARD...         add cards to table meld number ID (from 0)
  discard CARD              discard a card, e.g. discard QC
  rummy N meld|layoff ...   call "Rummy!", taking the top N discards
  end                       end the hand (empty stock, no draw from the pile)
  pass                      draw nothing, or end your final lay-offs
Dealer's gambit only:
  nominate wild|double|split  (the dealer) say what jokers do this hand
  meld CARD... double       lay a joker over the new meld: it counts double, sealed
  split N meld|layoff ...   split the pile with a joker at the N-th card from the top
  block                     cover the dealer's joker with one of your jokers
Commands:
  moves   list your legal moves
  help    show this summary
  quit    leave the match (also: end of input)
When it is not your turn, an empty line lets your chance go by."""

_PREFIX = re.compile(r"\s*p\s*[0-9]+\s*:", re.IGNORECASE)


def read_line(prompt: str, view: PlayerView) -> str:
    """Read the player's next line from standard input (the default :data:`ReadLine`).

    Args:
        prompt: The prompt to show.
        view: The player's view (unused here; a test or a front end may use it).

    Returns:
        The line, without its line break.

    Raises:
        EOFError: at the end of the input.
    """
    del view
    return input(prompt)


class _Quit(Exception):
    """The player left the match."""


@attrs.define
class _Session:
    """A match played at the terminal: the recorder, the known cards and the bots."""

    recorder: MatchRecorder
    known: KnownCards
    bots: dict[int, Bot]
    read: ReadLine
    out: TextIO

    @property
    def match(self) -> MatchState:
        return self.recorder.match

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def view(self, seat: int) -> PlayerView:
        return observe(self.match.hand, seat, self.known)

    def apply(self, move: Move) -> None:
        """Apply ``move`` through the match (raising IllegalMoveError); report a hand's end."""
        before = self.match
        after = self.recorder.play(move)
        if len(after.history) == len(before.history):
            self.known = track(self.known, before.hand, move)
            return
        record = after.history[-1]
        result = record.result
        self.say(str(observe(apply_move(before.hand, move), HUMAN)))
        went_out = "nobody" if result.went_out is None else f"p{result.went_out}"
        self.say(f"hand {record.number} over ({result.reason.value}); went out: {went_out}")
        self.say(f"scores {_seats(result.scores)}; totals {_sides(after, record.totals)}")
        if not after.is_over:
            self.known = KnownCards.start(after.hand)
            self.say(f"hand {after.number}, dealt by p{after.hand.dealer}")

    def ask_human(self, may_pass: bool) -> Move | None:
        """Ask the player for a move until a legal one is made; ``None`` lets it go by."""
        view = self.view(HUMAN)
        self.say(f"hand {self.match.number}, totals {_sides(self.match, self.match.totals)}")
        self.say(str(view))
        prompt = "your call (empty: let it go by)> " if may_pass else "your move> "
        while True:
            try:
                text = self.read(prompt, view).strip()
            except EOFError:
                raise _Quit from None
            command = text.lower()
            if command == "quit":
                raise _Quit
            if command == "help":
                self.say(_HELP)
            elif command == "moves":
                self.say("\n".join(str(move) for move in view.legal_moves))
            elif not text:
                if may_pass:
                    return None
            else:
                try:
                    move = self._parse(text)
                    self.apply(move)
                except Rummy500Error as error:  # text that does not parse, an illegal move
                    self.say(f"error: {error}")
                    continue
                return move

    def _parse(self, text: str) -> Move:
        if not _PREFIX.match(text):
            text = f"p{HUMAN}: {text}"
        move = parse_move(self.match.hand, text)
        if move.player != HUMAN:
            raise NotationError(f"you play seat p{HUMAN}, not p{move.player}")
        return move

    def step(self) -> None:
        """Make the next move, following :func:`rummy500.bots.iter_hand`'s policy.

        The seats that are not to move but have legal moves (calls, plays out
        of turn) are asked first, in playing order from the seat after the one
        to move; then the seat to move.
        """
        hand = self.match.hand
        with_moves = {move.player for move in legal_moves(hand)}
        for seat in polling_order(hand):
            if seat not in with_moves:
                continue
            may_pass = seat != hand.to_move
            if seat == HUMAN:
                if self.ask_human(may_pass) is not None:
                    return
                continue
            move = self.bots[seat].choose(self.view(seat))
            if move is None and not may_pass:
                raise InvalidArgumentError(f"the bot of p{seat} is to move and returned None")
            if move is not None:
                self.say(f"  {move}")
                self.apply(move)
                return
        raise AssertionError(f"nobody can move in hand {self.match.number}")


def _seats(values: Iterable[int]) -> str:
    return ", ".join(f"p{seat} {value}" for seat, value in enumerate(values))


def _sides(match: MatchState, totals: Iterable[int]) -> str:
    groups = sides(match.rules, match.num_players)
    return ", ".join(
        f"{'+'.join(f'p{seat}' for seat in side)} {total}"
        for side, total in zip(groups, totals, strict=True)
    )


def _play(args: argparse.Namespace) -> int:
    rules = presets.get(args.preset)
    _players(args, rules)
    match = new_match(rules, args.players, seed=args.seed)
    record = None if args.record is None else _writable(args.record)
    bots = {seat: BOTS[args.bot](match.seed + seat) for seat in range(1, args.players)}
    session = _Session(
        recorder=MatchRecorder(match),
        known=KnownCards.start(match.hand),
        bots=bots,
        read=read_line,
        out=sys.stdout,
    )
    # A random seed is shown only at the end: it would give away every hand.
    seed = "a random seed" if args.seed is None else f"seed {match.seed}"
    session.say(
        f"500 Rum, preset {args.preset!r}, {args.players} players, {seed}: "
        f"you are p{HUMAN}, the others are {args.bot} bots. Type 'help' for the moves."
    )
    code = 0
    try:
        while not session.match.is_over:
            session.step()
    except (_Quit, KeyboardInterrupt) as stop:
        session.say()
        left = "interrupted" if isinstance(stop, KeyboardInterrupt) else "left"
        session.say(
            f"match {left} in hand {session.match.number}; "
            f"totals {_sides(session.match, session.match.totals)}"
        )
        code = EXIT_INTERRUPTED if isinstance(stop, KeyboardInterrupt) else 0
    else:
        result = session.match.result
        assert result is not None
        winner = "+".join(f"p{seat}" for seat in result.seats)
        session.say(
            f"match over after {len(result.hands)} hand(s): {winner} won; "
            f"totals {_sides(session.match, result.totals)}"
        )
    finally:  # the record is written whatever ended the match, an unexpected error too
        if record is not None:
            code = _write_record(session, record) or code
    session.say(f"match seed {match.seed}")
    return code


def _writable(name: str) -> Path:
    """The ``--record`` file, checked before the match starts: it can be written.

    Raises:
        InvalidArgumentError: naming the file and why it cannot be written.
    """
    path = Path(name)
    if path.is_dir():
        raise InvalidArgumentError(f"--record {shown(name)}: is a folder, not a file")
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as error:
        raise InvalidArgumentError(
            f"--record {shown(name)}: cannot write it: {error.strerror or error}"
        ) from None
    if not existed:
        path.unlink(missing_ok=True)
    return path


def _write_record(session: _Session, path: Path) -> int:
    """Write the record; report a failure on standard error and return 2 (else 0)."""
    try:
        path.write_text(session.recorder.to_json() + "\n", encoding="utf-8")
    except OSError as error:
        print(f"rummy500: error: cannot write the record to {path}: {error}", file=sys.stderr)
        return 2
    session.say(f"record written to {path}")
    return 0


# ---------------------------------------------------------------------------
# simulate


@attrs.frozen
class _Job:
    """One hand or match of a simulation, as sent to a worker."""

    rules: Rules
    players: int
    bots: tuple[str, ...]
    unit: Literal["hands", "matches"]
    seed: int
    dealer: int


@attrs.frozen
class _Outcome:
    """What a worker reports of one hand or match."""

    winners: tuple[int, ...]
    scores: tuple[tuple[int, ...], ...]
    moves: tuple[tuple[int, ...], ...]


@attrs.frozen
class SimulationSummary:
    """The totals of a simulation.

    Attributes:
        unit: ``"hands"`` or ``"matches"``.
        bots: The bot of each seat, by name.
        played: The number of hands or matches played.
        hands: The number of hands played (equal to ``played`` for hands).
        wins: Each seat's wins: for hands, the seat that went out (else the
            single best score; a tie counts for nobody); for matches, the seats
            of the winning side.
        score_sums: Each seat's sum of hand scores.
        move_sums: Each seat's number of moves made, over all hands.
    """

    unit: Literal["hands", "matches"]
    bots: tuple[str, ...]
    played: int
    hands: int
    wins: tuple[int, ...]
    score_sums: tuple[int, ...]
    move_sums: tuple[int, ...]

    def table(self) -> str:
        """The summary as a text table: a row per seat and a line of totals."""
        hands = max(self.hands, 1)
        lines = [
            f"{'seat':4}  {'bot':8} {'wins':>6} {'win rate':>8} {'score/hand':>10} "
            f"{'moves/hand':>10}"
        ]
        for seat, bot in enumerate(self.bots):
            rate = self.wins[seat] / max(self.played, 1)
            lines.append(
                f"p{seat:<3}  {bot:8} {self.wins[seat]:6} {rate:8.1%} "
                f"{self.score_sums[seat] / hands:10.1f} {self.move_sums[seat] / hands:10.1f}"
            )
        length = sum(self.move_sums) / hands
        played = f"{self.played} {self.unit}" + (
            f", {self.hands} hands" if self.unit == "matches" else ""
        )
        lines.append(f"{played}, {length:.1f} moves a hand")
        return "\n".join(lines)


def _job_seed(seed: int, index: int) -> int:
    return random.Random(f"rummy500 simulate {seed} {index}").getrandbits(63)


def _make_bots(job: _Job) -> list[Bot]:
    return [BOTS[name](job.seed + seat) for seat, name in enumerate(job.bots)]


def _hand_winner(result: HandResult) -> tuple[int, ...]:
    if result.went_out is not None:
        return (result.went_out,)
    best = max(result.scores)
    leaders = [seat for seat, score in enumerate(result.scores) if score == best]
    return tuple(leaders) if len(leaders) == 1 else ()


def _run_job(job: _Job) -> _Outcome:
    """Play one hand or match of a simulation (at module level, for process pools)."""
    bots = _make_bots(job)
    if job.unit == "hands":
        state = new_game(job.rules, job.players, seed=job.seed, dealer=job.dealer)
        moves = [0] * job.players
        for step in iter_hand(state, bots):
            moves[step.move.player] += 1
            state = step.after
        assert state.result is not None
        return _Outcome(_hand_winner(state.result), (state.result.scores,), (tuple(moves),))
    match = new_match(job.rules, job.players, seed=job.seed, dealer=job.dealer)
    per_hand: list[tuple[int, ...]] = []
    while match.result is None:
        moves = [0] * job.players
        for step in iter_hand(match.hand, bots):
            moves[step.move.player] += 1
            match = apply_match_move(match, step.move)
        per_hand.append(tuple(moves))
    scores = tuple(record.result.scores for record in match.result.hands)
    return _Outcome(match.result.seats, scores, tuple(per_hand))


def simulate(
    rules: Rules,
    players: int,
    bots: Sequence[str],
    count: int,
    *,
    unit: Literal["hands", "matches"] = "hands",
    seed: int = 0,
    executor: concurrent.futures.Executor | None = None,
    progress: TextIO | None = None,
) -> SimulationSummary:
    """Play ``count`` hands or matches between bots and total the results.

    Each hand or match is dealt from a seed derived from ``seed`` and its
    number, and the first dealer rotates, so a simulation is reproducible
    whatever the executor.

    Args:
        rules: The rule set.
        players: The number of players.
        bots: The bot of each seat, by name (a key of :data:`BOTS`).
        count: How many hands or matches to play.
        unit: ``"hands"`` or ``"matches"``.
        seed: The simulation's seed.
        executor: Any :class:`concurrent.futures.Executor` (a process pool,
            or an adapter for Ray or Dask) to play the hands or matches on;
            ``None`` plays them one after another in this process.
        progress: A stream to show the progress on (``None``: no progress).

    Returns:
        The totals.

    Raises:
        ValueError: for a wrong number of bots, an unknown bot or a bad count.
    """
    if len(bots) != players:
        raise InvalidArgumentError(f"expected one bot per seat ({players}), got {len(bots)}")
    unknown = [name for name in bots if name not in BOTS]
    if unknown:
        raise InvalidArgumentError(
            f"unknown bot {shown(unknown[0])}; known bots: {', '.join(BOTS)}"
        )
    if count < 1:
        raise InvalidArgumentError(f"expected at least one {unit[:-1]}, got {count}")
    jobs = [
        _Job(rules, players, tuple(bots), unit, _job_seed(seed, index), index % players)
        for index in range(count)
    ]
    outcomes: list[_Outcome] = []

    def report() -> None:
        if progress is not None:
            print(f"\rsimulate: {len(outcomes)}/{count} {unit}", end="", file=progress)
            progress.flush()

    if executor is None:
        for job in jobs:
            outcomes.append(_run_job(job))
            report()
    else:
        futures = [executor.submit(_run_job, job) for job in jobs]
        for future in concurrent.futures.as_completed(futures):
            outcomes.append(future.result())
            report()
    if progress is not None:
        print(file=progress)
    wins = [0] * players
    score_sums = [0] * players
    move_sums = [0] * players
    hands = 0
    for outcome in outcomes:
        for seat in outcome.winners:
            wins[seat] += 1
        for scores, moves in zip(outcome.scores, outcome.moves, strict=True):
            hands += 1
            for seat in range(players):
                score_sums[seat] += scores[seat]
                move_sums[seat] += moves[seat]
    return SimulationSummary(
        unit=unit,
        bots=tuple(bots),
        played=count,
        hands=hands,
        wins=tuple(wins),
        score_sums=tuple(score_sums),
        move_sums=tuple(move_sums),
    )


def _simulate(args: argparse.Namespace) -> int:
    unit: Literal["hands", "matches"] = "matches" if args.matches is not None else "hands"
    count = args.matches if args.matches is not None else args.hands
    rules = presets.get(args.preset)
    _players(args, rules)
    bots = args.bots.split(",") if args.bots else ["random"] * args.players
    bots = [name.strip() for name in bots]
    if args.workers < 1:
        raise InvalidArgumentError(f"--workers: expected at least 1, got {args.workers}")
    progress = sys.stderr
    try:
        if args.workers > 1:
            # The workers leave Ctrl-C to this process, which cancels what is left.
            pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=args.workers, initializer=_ignore_interrupts
            )
            try:
                summary = simulate(
                    rules,
                    args.players,
                    bots,
                    count,
                    unit=unit,
                    seed=args.seed,
                    executor=pool,
                    progress=progress,
                )
            finally:
                pool.shutdown(wait=True, cancel_futures=True)
        else:
            summary = simulate(
                rules, args.players, bots, count, unit=unit, seed=args.seed, progress=progress
            )
    except KeyboardInterrupt:
        print(file=progress)  # end the progress line
        raise
    print(f"preset {args.preset!r}, {args.players} players, seed {args.seed}: {count} {unit}")
    print(summary.table())
    return 0


# ---------------------------------------------------------------------------
# validate


def _ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the main process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _read_record(name: str) -> str:
    """The text of a record file of at most :data:`MAX_RECORD_FILE` bytes.

    Raises:
        OSError: if it cannot be read.
        RecordError: if it is too large or not UTF-8 text.
    """
    with Path(name).open("rb") as file:
        data = file.read(MAX_RECORD_FILE + 1)
    if len(data) > MAX_RECORD_FILE:
        raise RecordError(f"the file is larger than {MAX_RECORD_FILE} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(
            f"the file is not UTF-8 text: {error.reason} at byte {error.start}"
        ) from None


def _validate(args: argparse.Namespace) -> int:
    try:
        text = _read_record(args.file)
        match = replay(text)
    except OSError as error:
        print(
            f"rummy500: error: cannot read {args.file}: {error.strerror or error}", file=sys.stderr
        )
        return 2
    except ReplayError as error:
        print(f"invalid: {_one_line(error)}", file=sys.stderr)
        return 1
    except ValueError as error:  # a RecordError, or another error of bad input
        print(f"malformed: {_one_line(error)}", file=sys.stderr)
        return 2
    name = presets.name_of(match.rules)
    rules = f"preset {name!r}" if name is not None else "custom rules"
    if match.result is not None:
        winner = "+".join(f"p{seat}" for seat in match.result.seats)
        state = f"{winner} won; totals {_sides(match, match.result.totals)}"
    else:
        state = f"in progress in hand {match.number}; totals {_sides(match, match.totals)}"
    hands = len(match.history)
    print(
        f"valid: {rules}, {match.num_players} players, seed {match.seed}, "
        f"{hands} finished hand(s), {state}"
    )
    return 0


_PRESET_HELP = "the rule set (default pagat)"
_PLAYERS_HELP = "number of players (default: as many as --bots, else the fewest the preset allows)"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rummy500", description="500 Rummy rules engine.")
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="deal a hand and play it between random players")
    demo.add_argument("--preset", default="pagat", choices=presets.names(), help=_PRESET_HELP)
    demo.add_argument("--players", type=int, default=None, help=_PLAYERS_HELP)
    demo.add_argument("--seed", type=int, default=500, help="seed of the deal (default 500)")
    demo.set_defaults(run=_demo)
    rules = commands.add_parser("rules", help="describe a preset's rules")
    rules.add_argument("preset", nargs="?", default="pagat", choices=presets.names())
    rules.set_defaults(run=_rules)
    play = commands.add_parser("play", help="play a match against bots at the terminal")
    play.add_argument("--preset", default="pagat", choices=presets.names(), help=_PRESET_HELP)
    play.add_argument("--players", type=int, default=None, help=_PLAYERS_HELP)
    play.add_argument("--seed", type=int, default=None, help="seed of the match (default: random)")
    play.add_argument(
        "--bot", default="greedy", choices=tuple(BOTS), help="the other seats' bot (greedy)"
    )
    play.add_argument(
        "--record", metavar="FILE", default=None, help="write the match record to FILE"
    )
    play.set_defaults(run=_play)
    sim = commands.add_parser("simulate", help="play many hands or matches between bots")
    count = sim.add_mutually_exclusive_group()
    count.add_argument(
        "--hands", type=int, default=100, metavar="N", help="play N hands (default 100)"
    )
    count.add_argument(
        "--matches", type=int, default=None, metavar="N", help="play N whole matches instead"
    )
    sim.add_argument("--preset", default="pagat", choices=presets.names(), help=_PRESET_HELP)
    sim.add_argument("--players", type=int, default=None, help=_PLAYERS_HELP)
    sim.add_argument(
        "--bots",
        default=None,
        metavar="BOT,BOT,...",
        help="one bot per seat, from: " + ", ".join(BOTS) + " (default: random everywhere)",
    )
    sim.add_argument("--seed", type=int, default=0, help="seed of the simulation (default 0)")
    sim.add_argument(
        "--workers", type=int, default=1, metavar="K", help="processes to play in (default 1)"
    )
    sim.set_defaults(run=_simulate)
    validate = commands.add_parser("validate", help="replay a match record and check it")
    validate.add_argument("file", metavar="FILE")
    validate.set_defaults(run=_validate)
    return parser


def _one_line(error: BaseException) -> str:
    """An error's message on one line (a :class:`RulesError` lists its problems on several)."""
    return " ".join(line.strip() for line in str(error).splitlines() if line.strip())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    Errors are reported in one line on standard error, never as a traceback:
    2 for bad input (and any other error the library reports), 130
    (:data:`EXIT_INTERRUPTED`) after Ctrl-C.  A bad option exits through
    ``argparse`` with 2 (``SystemExit``).
    """
    try:
        args = _parser().parse_args(argv)
        code: int = args.run(args)
    except KeyboardInterrupt:
        print("rummy500: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # output piped into a program that stopped reading (| head)
        sys.stderr.close()
        return 0
    except (ValueError, Rummy500Error, OSError) as error:
        print(f"rummy500: error: {_one_line(error)}", file=sys.stderr)
        return 2
    return code
