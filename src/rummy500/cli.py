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
    Play many hands or matches between bots and summarise the results
    (through :func:`rummy500.simulate.simulate`).
``tournament``
    Play a round robin between bots named by their specs, with ratings
    (through :func:`rummy500.tournament`).
``validate``
    Replay a match record (a file, or standard input for ``-``) and report
    whether it is valid.

``rummy500 --version`` prints the package's version and its build (compiled or
pure Python). See ``docs/cli.md`` for every option and the exit codes.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import random
import re
import shutil
import signal
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, BinaryIO, Literal, TextIO

import attrs

import rummy500
import rummy500.presets as presets
from rummy500._engine import apply_move, legal_moves, new_game
from rummy500.bots import Bot, tell_hand_end, tell_match_end
from rummy500.botspecs import BotPool, parse_bot_spec, split_specs
from rummy500.checkout import stray_compiled_modules
from rummy500.clitournament import add_parser as add_tournament_parser
from rummy500.errors import (
    InvalidArgumentError,
    NotationError,
    RecordError,
    ReplayError,
    Rummy500Error,
    shown,
)
from rummy500.jsontext import utf8_text
from rummy500.match import MatchState, new_match
from rummy500.meldlist import enumerate_melds
from rummy500.melds import meld_value
from rummy500.moves import Move
from rummy500.notation import parse_move
from rummy500.records import MAX_RECORD_LENGTH, MatchRecorder, replay
from rummy500.rules import DiscardTake, Jokers, Rules, RummyCall, StockExhausted
from rummy500.seating import sides
from rummy500.simulate import BOTS, simulate
from rummy500.state import TableMeld, polling_order
from rummy500.views import KnownCards, PlayerView, observe, track

__all__ = [
    "DEFAULT_WIDTH",
    "EXIT_INTERRUPTED",
    "MAX_RECORD_FILE",
    "ReadLine",
    "main",
    "read_line",
]

#: The exit code after Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130
#: The largest record file ``validate`` reads, in bytes (10 MB).
MAX_RECORD_FILE = MAX_RECORD_LENGTH


def _count(number: int, word: str, plural: str | None = None) -> str:
    """``number`` and ``word``, in the plural unless ``number`` is 1: "1 hand", "2 hands"."""
    return f"{number} {word if number == 1 else plural or word + 's'}"


def _credits(melds: Sequence[TableMeld]) -> str | None:
    """A legend of the ``(by 01110)`` after each table meld, read on one of the melds.

    The table shows, after each meld, the seat that put each of its cards on
    the table, a digit a card in meld order; a card scores for that seat
    (L5). The legend spells it out in words for a meld with several seats'
    cards if there is one, else for the first meld; ``None`` without melds.
    """
    if not melds:
        return None
    number, table_meld = next(
        ((number, meld) for number, meld in enumerate(melds) if len(set(meld.by)) > 1),
        (0, melds[0]),
    )
    cards = str(table_meld.meld).split()
    runs: list[tuple[int, list[str]]] = []
    for card, seat in zip(cards, table_meld.by, strict=True):
        if runs and runs[-1][0] == seat:
            runs[-1][1].append(card)
        else:
            runs.append((seat, [card]))
    spelled = ", ".join(f"{' '.join(group)} by p{seat}" for seat, group in runs)
    credits = "".join(str(seat) for seat in table_meld.by)
    return (
        f'Credits: "(by {credits})" after meld {number} names, card by card, the seat that put it'
        f" on the\n  table: {spelled}; each card scores for that seat."
    )


def _demo(args: argparse.Namespace) -> int:
    rules = presets.get(args.preset)
    players: int = rules.min_players if args.players is None else args.players
    state = new_game(rules, players, seed=args.seed)
    rng = random.Random(args.seed)
    print(f"500 Rum, preset {args.preset!r}, {players} players, seed {state.seed}")
    print("The deal:")
    print(state)
    for seat, hand in enumerate(state.hands):
        melds = enumerate_melds(hand, rules)
        best = max(melds, key=lambda m: meld_value(m, rules.card_values), default=None)
        best_text = ""
        if best is not None:
            best_text = f", best meld {best} ({meld_value(best, rules.card_values)} points)"
        print(f"p{seat} could meld {_count(len(melds), 'way')}{best_text}")
    print("Random players play the hand:")
    number = 0
    while not state.is_over:
        moves = legal_moves(state)
        move = rng.choice(moves)
        number += 1
        print(f"{number:4}. {move}   ({_count(len(moves), 'legal move')})")
        state = apply_move(state, move)
    print("The end of the hand:")
    print(state)
    legend = _credits(state.melds)
    if legend is not None:
        print(legend)
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
    print(presets.get(args.preset).describe(width=_output_width()))
    return 0


# ---------------------------------------------------------------------------
# play

#: Reads one line of the player's input: called with the prompt and the
#: player's view; raises :class:`EOFError` at the end of the input.
ReadLine = Callable[[str, PlayerView], str]

#: The human player's seat in ``play``.
HUMAN = 0


def _help(rules: Rules) -> str:
    """The summary of the moves for ``help``: only the moves these rules have."""
    take = (
        "  take 1 [PLAY]             take the top discard (PLAY: meld/layoff ...)"
        if rules.discard_take is DiscardTake.TOP_ONLY
        else "  take N [PLAY]             take the top N discards (PLAY: meld/layoff ...)"
    )
    lines = [
        'Type a move in notation (the seat prefix "p0:" is optional):',
        "  draw                      draw from the stock",
        take,
        "  meld CARD...              lay down a meld: meld 4S 4H 4D"
        + (", meld 6H 7H JK=8H" if rules.jokers is Jokers.WILD and rules.jokers_per_deck else ""),
        "  layoff ID CARD...         add cards to table meld number ID (from 0)",
        "  discard CARD              discard a card, e.g. discard QC",
    ]
    if rules.rummy_call is RummyCall.PILE:
        lines.append('  rummy N meld|layoff ...   call "Rummy!", taking the top N discards')
    elif rules.rummy_call is RummyCall.LAYOFF_TOP:
        lines.append('  rummy 1 layoff ID CARD    call "Rummy!", laying off the top discard')
    if rules.stock_exhausted is StockExhausted.PLAY_ON:
        lines.append(
            "  pass                      draw nothing (empty stock)"
            + ("; end final lay-offs" if rules.final_layoff else "")
        )
    else:
        lines.append(
            "  end                       end the hand (empty stock, no draw from the pile)"
        )
        if rules.final_layoff:
            lines.append("  pass                      end your final lay-offs")
    if rules.dealers_gambit:
        lines += [
            "Dealer's gambit:",
            "  nominate wild|double|split  (the dealer) say what jokers do this hand",
            "  meld CARD... double       a joker over the new meld doubles and seals it",
            "  split N meld|layoff ...   split the pile with a joker, N cards from the top",
            "  block                     cover the dealer's joker with one of your jokers",
        ]
    lines += [
        "Commands:",
        "  moves   list your legal moves",
        "  help    show this summary",
        "  quit    leave the match (also: end of input)",
    ]
    if rules.rummy_call is not RummyCall.NONE or rules.out_of_turn_melding or rules.dealers_gambit:
        lines.append("When it is not your turn, an empty line lets your chance go by.")
    lines += [
        'After each table meld, "(by 01110)" gives the seat that put each of its cards',
        "there, card by card (here p0, then p1 three times, then p0): a card scores for",
        "the seat that put it on the table.",
    ]
    return "\n".join(lines)


_PREFIX = re.compile(r"\s*p\s*[0-9]+\s*:", re.IGNORECASE)


def read_line(prompt: str, view: PlayerView) -> str:
    """Read the player's next line from standard input (the default :data:`ReadLine`).

    Args:
        prompt: The prompt to show.
        view: The player's view (unused here; a test or a front end may use it).

    When standard input is not a terminal (a pipe, a file), the prompt ends
    with a line break: no typed answer follows it on the screen, so the next
    output starts on a line of its own.

    Returns:
        The line, without its line break.

    Raises:
        EOFError: at the end of the input.
    """
    del view
    return input(prompt if _is_terminal(sys.stdin) else prompt.rstrip() + "\n")


def _is_terminal(stream: object) -> bool:
    """Whether ``stream`` is a terminal (``False`` for anything that cannot say)."""
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False


#: The width of the output when it does not go to a terminal (a pipe, a file).
DEFAULT_WIDTH = 80


def _output_width() -> int:
    """The terminal's width in columns when standard output is one, else :data:`DEFAULT_WIDTH`."""
    if not _is_terminal(sys.stdout):
        return DEFAULT_WIDTH
    return max(40, shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns)


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
    explained: bool = False

    @property
    def match(self) -> MatchState:
        return self.recorder.match

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def show(self, view: PlayerView) -> None:
        """Show a table; the first one with melds is followed by the legend of the credits."""
        self.say(str(view))
        legend = None if self.explained else _credits(view.melds)
        if legend is not None:
            self.say(legend)
            self.explained = True

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
        tell_hand_end(self.bots, result, record.totals)
        if after.result is not None:
            tell_match_end(self.bots, after.result)
        self.show(observe(apply_move(before.hand, move), HUMAN))
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
        self.show(view)
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
                self.say(_help(self.match.rules))
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
    players: int = rules.min_players if args.players is None else args.players
    match = new_match(rules, players, seed=args.seed)
    record = None if args.record is None else _writable(args.record)
    programs = BotPool()
    try:
        bots = {seat: programs.bot(args.bot, match.seed + seat, seat) for seat in range(1, players)}
        return _play_match(args, match, record, bots, players)
    finally:
        programs.close()


def _play_match(
    args: argparse.Namespace,
    match: MatchState,
    record: Path | None,
    bots: dict[int, Bot],
    players: int,
) -> int:
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
        f"500 Rum, preset {args.preset!r}, {players} players, {seed}: "
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
            f"match over after {_count(len(result.hands), 'hand')}: {winner} won; "
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


def _seat_bots(args: argparse.Namespace, rules: Rules) -> tuple[int, list[str]]:
    """The number of players and each seat's bot, from ``--players`` and ``--bots``.

    ``--bots`` names one bot spec per seat, or a single one for every seat;
    without ``--players`` there are as many players as bots named (a single
    bot: the fewest the preset allows).

    Raises:
        InvalidArgumentError: for a wrong number of bots or text that is not a bot spec.
    """
    names = ["random"] if args.bots is None else split_specs(args.bots)
    for name in names:
        if name in BOTS:
            continue
        try:
            parse_bot_spec(name)
        except InvalidArgumentError as error:
            raise InvalidArgumentError(f"--bots: {error}") from None
    if args.players is not None:
        players: int = args.players
    else:
        players = len(names) if len(names) > 1 else rules.min_players
    if len(names) == 1:
        names *= players
    elif len(names) != players:
        raise InvalidArgumentError(
            f"--bots needs one bot per seat (or a single bot for every seat): "
            f"got {_count(len(names), 'bot')} for {_count(players, 'player')}"
        )
    return players, names


_SINGULAR = {"hands": "hand", "matches": "match"}


def _simulate(args: argparse.Namespace) -> int:
    unit: Literal["hands", "matches"] = "matches" if args.matches is not None else "hands"
    count: int = args.matches if args.matches is not None else args.hands
    if count < 1:
        raise InvalidArgumentError(f"--{unit}: expected at least 1, got {count}")
    if args.workers < 1:
        raise InvalidArgumentError(f"--workers: expected at least 1, got {args.workers}")
    rules = presets.get(args.preset)
    players, bots = _seat_bots(args, rules)
    # The workers leave Ctrl-C to this process, which cancels what is left.
    pool = (
        concurrent.futures.ProcessPoolExecutor(
            max_workers=args.workers, initializer=_ignore_interrupts
        )
        if args.workers > 1
        else None
    )
    try:
        # On a terminal a tqdm bar (with the cli extra), else a plain line now and then.
        summary = simulate(
            rules,
            players,
            bots,
            count,
            unit=unit,
            seed=args.seed,
            executor=pool,
            progress=sys.stderr,
        )
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    print(
        f"preset {args.preset!r}, {_count(players, 'player')}, seed {args.seed}: "
        f"{_count(count, _SINGULAR[unit], unit)}"
    )
    print(summary.table())
    return 0


def _ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the main process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# ---------------------------------------------------------------------------
# validate

#: The ``validate`` file that stands for standard input.
_STDIN = "-"


def _read_bytes(file: BinaryIO) -> bytes:
    return file.read(MAX_RECORD_FILE + 1)


def _read_record(name: str) -> str:
    """The text of a record file (``-``: standard input), at most :data:`MAX_RECORD_FILE` bytes.

    Raises:
        OSError: if it cannot be read.
        RecordError: if it is empty, too large or not UTF-8 text.
    """
    what = "standard input" if name == _STDIN else "the file"
    if name == _STDIN:
        stream = getattr(sys.stdin, "buffer", None)
        if stream is not None:
            data = _read_bytes(stream)
        else:  # a text stream without bytes beneath (a test's StringIO)
            data = sys.stdin.read(MAX_RECORD_FILE + 1).encode("utf-8")
    else:
        with Path(name).open("rb") as file:
            data = _read_bytes(file)
    if len(data) > MAX_RECORD_FILE:
        raise RecordError(f"{what} is larger than {MAX_RECORD_FILE} bytes")
    if not data.strip():
        raise RecordError("empty file" if not data else "empty file (only white space)")
    return utf8_text(data, what, RecordError)


def _validate(args: argparse.Namespace) -> int:
    """Print one verdict: ``valid:`` (0), ``invalid:`` (1), ``malformed:``/``unreadable:`` (2)."""
    name = "standard input" if args.file == _STDIN else args.file
    try:
        text = _read_record(args.file)
        match = replay(text)
    except OSError as error:
        print(f"unreadable: cannot read {name}: {error.strerror or error}", file=sys.stderr)
        return 2
    except ReplayError as error:
        print(f"invalid: {_one_line(error)}", file=sys.stderr)
        return 1
    except ValueError as error:  # a RecordError, or another error of bad input
        print(f"malformed: {_one_line(error)}", file=sys.stderr)
        return 2
    preset = presets.name_of(match.rules)
    rules = f"preset {preset!r}" if preset is not None else "custom rules"
    if match.result is not None:
        winner = "+".join(f"p{seat}" for seat in match.result.seats)
        state = f"{winner} won; totals {_sides(match, match.result.totals)}"
    else:
        state = f"in progress in hand {match.number}; totals {_sides(match, match.totals)}"
    print(
        f"valid: {rules}, {_count(match.num_players, 'player')}, seed {match.seed}, "
        f"{_count(len(match.history), 'finished hand')}, {state}"
    )
    return 0


_PRESET_HELP = "the rule set, in any case (default pagat)"


def _preset(text: str) -> str:
    """An option's preset name, typed in any case: the preset's name."""
    try:
        return presets.canonical_name(text)
    except InvalidArgumentError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _spec(text: str) -> str:
    """An option's bot spec, checked."""
    try:
        parse_bot_spec(text)
    except InvalidArgumentError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


_PLAYERS_HELP = "number of players (default: the fewest the preset allows)"


def _command(commands: Any, name: str, help: str) -> argparse.ArgumentParser:
    """A sub-command's parser: no abbreviated options, and it reports its own stray arguments."""
    command: argparse.ArgumentParser = commands.add_parser(name, help=help, allow_abbrev=False)
    command.set_defaults(command_parser=command)
    return command


def _parser() -> argparse.ArgumentParser:
    # allow_abbrev=False: an option is written whole (argparse would read --hand as --hands).
    parser = argparse.ArgumentParser(
        prog="rummy500", description="500 Rummy rules engine.", allow_abbrev=False
    )
    build = "compiled (mypyc)" if rummy500.COMPILED else "pure Python"
    if stray_compiled_modules():  # an in-place build's leftovers run instead of the sources
        build += f" (with {len(stray_compiled_modules())} stray compiled modules in the checkout)"
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {rummy500.__version__}, {build}"
    )
    commands = parser.add_subparsers(dest="command", required=True)
    demo = _command(commands, "demo", help="deal a hand and play it between random players")
    demo.add_argument(
        "--preset", default="pagat", type=_preset, choices=presets.names(), help=_PRESET_HELP
    )
    demo.add_argument("--players", type=int, default=None, help=_PLAYERS_HELP)
    demo.add_argument("--seed", type=int, default=500, help="seed of the deal (default 500)")
    demo.set_defaults(run=_demo)
    rules = _command(commands, "rules", help="describe a preset's rules")
    rules.add_argument(
        "preset",
        nargs="?",
        default="pagat",
        type=_preset,
        choices=presets.names(),
        metavar="PRESET",
        help="the preset to describe, one of: " + ", ".join(presets.names()) + " (default pagat)",
    )
    rules.set_defaults(run=_rules)
    play = _command(commands, "play", help="play a match against bots at the terminal")
    play.add_argument(
        "--preset", default="pagat", type=_preset, choices=presets.names(), help=_PRESET_HELP
    )
    play.add_argument("--players", type=int, default=None, help=_PLAYERS_HELP)
    play.add_argument("--seed", type=int, default=None, help="seed of the match (default: random)")
    play.add_argument(
        "--bot",
        default="greedy",
        type=_spec,
        metavar="SPEC",
        help="the other seats' bot: random, greedy, search[:OPTIONS] or exec:COMMAND (greedy)",
    )
    play.add_argument(
        "--record", metavar="FILE", default=None, help="write the match record to FILE"
    )
    play.set_defaults(run=_play)
    sim = _command(commands, "simulate", help="play many hands or matches between bots")
    count = sim.add_mutually_exclusive_group()
    count.add_argument(
        "--hands", type=int, default=100, metavar="N", help="play N hands (default 100)"
    )
    count.add_argument(
        "--matches", type=int, default=None, metavar="N", help="play N whole matches instead"
    )
    sim.add_argument(
        "--preset", default="pagat", type=_preset, choices=presets.names(), help=_PRESET_HELP
    )
    sim.add_argument(
        "--players",
        type=int,
        default=None,
        help="number of players (default: as many as --bots names, else the fewest the preset "
        "allows)",
    )
    sim.add_argument(
        "--bots",
        default=None,
        nargs="+",
        metavar="SPEC[,SPEC...]",
        help="one bot per seat, or one bot for every seat, from: random, greedy, "
        "search[:OPTIONS] or exec:COMMAND (default: random everywhere)",
    )
    sim.add_argument("--seed", type=int, default=0, help="seed of the simulation (default 0)")
    sim.add_argument(
        "--workers", type=int, default=1, metavar="K", help="processes to play in (default 1)"
    )
    sim.set_defaults(run=_simulate)
    add_tournament_parser(commands, _preset, _PRESET_HELP)
    validate = _command(commands, "validate", help="replay a match record and check it")
    validate.add_argument(
        "file", metavar="FILE", help="the record (JSON) to check; - reads standard input"
    )
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
        args, stray = _parser().parse_known_args(argv)
        if stray:  # reported by the sub-command, with its own usage line
            args.command_parser.error(f"unrecognized arguments: {' '.join(stray)}")
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
