"""Bots named by text: ``random``, ``greedy``, ``search:iterations=400``, ``exec:COMMAND``.

A *bot spec* names a bot everywhere a bot is named by text (the command
line, :func:`~rummy500.simulate.simulate`, :func:`~rummy500.tournament`,
the web example)::

    spec    := NAME [ ":" OPTION { "," OPTION } ]  |  "exec:" COMMAND
    NAME    := "random" | "greedy" | "search"
    OPTION  := KEY "=" VALUE

The options are the bot's own keyword arguments (its seed comes from the
caller): ``search`` takes ``iterations``, ``time_limit``, ``candidates``,
``win_bonus``, ``confidence``, ``horizon`` and ``search_plays``
(:class:`~rummy500.search.SearchBot`).  ``exec:COMMAND`` runs a program
that speaks the bot protocol (:class:`~rummy500.ProgramBot`), the command
split into words as a POSIX shell splits them (:func:`shlex.split`) and run
without a shell.

>>> make_bot("greedy", seed=3)
GreedyBot(seed=3)
>>> make_bot("search:iterations=400,candidates=3").iterations
400
>>> parse_bot_spec("exec:python3 'my bot.py' --fast").command
('python3', 'my bot.py', '--fast')
>>> make_bot("search:iterations=lots")
Traceback (most recent call last):
...
rummy500.errors.InvalidArgumentError: bot spec 'search:iterations=lots': iterations must be ...
"""

from __future__ import annotations

import atexit
import shlex
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from rummy500.bots import Bot, GreedyBot, RandomBot
from rummy500.errors import InvalidArgumentError, shown
from rummy500.programbot import ProgramBot

__all__ = [
    "BUILT_IN_BOTS",
    "SEARCH_OPTIONS",
    "BotPool",
    "BotSpecText",
    "make_bot",
    "parse_bot_spec",
    "spec_maker",
    "split_specs",
    "worker_pool",
]

#: The names of the built-in bots.
BUILT_IN_BOTS = ("random", "greedy", "search")

#: The options of ``search`` and the type of each value.
SEARCH_OPTIONS: dict[str, type] = {
    "iterations": int,
    "time_limit": float,
    "candidates": int,
    "win_bonus": float,
    "confidence": float,
    "horizon": int,
    "search_plays": bool,
}

_OPTIONS: dict[str, Mapping[str, type]] = {"random": {}, "greedy": {}, "search": SEARCH_OPTIONS}

_TYPE_WORDS = {int: "a whole number", float: "a number", bool: "true or false"}


@attrs.frozen
class BotSpecText:
    """A bot spec, read: a built-in bot with its options, or a program's command.

    Attributes:
        text: The spec as written.
        name: The built-in bot's name, or ``"exec"`` for a program.
        options: The built-in bot's options, by keyword, in the order written.
        command: The program's words (empty for a built-in bot).
    """

    text: str
    name: str
    options: tuple[tuple[str, Any], ...] = ()
    command: tuple[str, ...] = ()

    def make(self, seed: int = 0) -> Bot:
        """A new bot of this spec (a program is started); ``seed`` seeds a built-in bot.

        Raises:
            BotError: if the program cannot be started or fails the handshake.
        """
        if self.name == "exec":
            return ProgramBot(self.command)
        if self.name == "random":
            return RandomBot(seed=seed)
        if self.name == "greedy":
            return GreedyBot(seed=seed)
        from rummy500.search import SearchBot

        try:
            return SearchBot(seed=seed, **dict(self.options))
        except InvalidArgumentError as error:
            raise InvalidArgumentError(f"bot spec {shown(self.text)}: {error}") from None


def _value(spec: str, key: str, kind: type, text: str) -> Any:
    try:
        if kind is bool:
            if text.lower() not in ("true", "false"):
                raise ValueError(text)
            return text.lower() == "true"
        if text.lower() == "none":
            return None
        return kind(text)
    except ValueError:
        raise InvalidArgumentError(
            f"bot spec {shown(spec)}: {key} must be {_TYPE_WORDS[kind]}, got {text!r}"
        ) from None


def parse_bot_spec(spec: str) -> BotSpecText:
    """Read a bot spec (see the module's description), without making the bot.

    Raises:
        InvalidArgumentError: for text that is not a spec: an unknown bot or
            option, an option without a value or with a value of the wrong
            type, ``exec:`` without a command or with unbalanced quotes.
    """
    if not isinstance(spec, str):
        raise InvalidArgumentError(f"a bot spec is text, got {shown(spec)}")
    name, colon, rest = spec.strip().partition(":")
    name = name.strip().lower()
    if name == "exec":
        try:
            command = tuple(shlex.split(rest))
        except ValueError as error:
            raise InvalidArgumentError(f"bot spec {shown(spec)}: {error}") from None
        if not command:
            raise InvalidArgumentError(f"bot spec {shown(spec)}: exec: needs a command")
        return BotSpecText(spec, "exec", (), command)
    known = _OPTIONS.get(name)
    if known is None:
        raise InvalidArgumentError(
            f"unknown bot {shown(spec)}; known bots: {', '.join(BUILT_IN_BOTS)}, "
            f"or exec:COMMAND for a program"
        )
    options: dict[str, Any] = {}
    if colon and rest.strip():
        for item in rest.split(","):
            key, equals, text = item.partition("=")
            key = key.strip()
            if not equals or key not in known:
                allowed = ", ".join(known) or "none"
                raise InvalidArgumentError(
                    f"bot spec {shown(spec)}: {shown(item.strip())} is not an option of "
                    f"{name} (KEY=VALUE; its options: {allowed})"
                )
            options[key] = _value(spec, key, known[key], text.strip())
    elif colon:
        raise InvalidArgumentError(f"bot spec {shown(spec)}: no option after ':'")
    return BotSpecText(spec, name, tuple(options.items()))


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A new bot from its spec (a program is started for ``exec:``).

    Args:
        spec: The bot spec (see the module's description).
        seed: The seed of a built-in bot.

    Raises:
        InvalidArgumentError: for text that is not a spec, or options the bot refuses.
        BotError: if the program of ``exec:`` cannot be started or fails the handshake.
    """
    return parse_bot_spec(spec).make(seed)


def split_specs(texts: Sequence[str]) -> list[str]:
    """The bot specs of command-line words, each word one spec or several separated by commas.

    A piece after a comma continues the spec before it when it is an option
    (``candidates=3``) or when that spec is a program's (a comma in its
    command); else it is a spec of its own.

    >>> split_specs(["search:iterations=400,candidates=3,greedy", "exec:node bot.mjs"])
    ['search:iterations=400,candidates=3', 'greedy', 'exec:node bot.mjs']
    """
    specs: list[str] = []
    for text in texts:
        for piece in text.split(","):
            head = piece.strip().partition(":")[0].strip().lower()
            continues = "=" in piece or specs[-1].lower().startswith("exec:") if specs else False
            if continues and head not in (*BUILT_IN_BOTS, "exec"):
                specs[-1] += "," + piece
            else:
                specs.append(piece.strip())
    return specs


def spec_maker(spec: str) -> Callable[[int], Bot]:
    """A function of a seed that makes the bot of ``spec`` (read and checked now)."""
    parsed = parse_bot_spec(spec)
    if parsed.name == "search":
        parsed.make(0)  # the options are checked now, not in a worker
    return parsed.make


class BotPool:
    """Makes the bots of specs, and keeps one program running per spec and place.

    A built-in bot is made afresh for each hand (from the hand's seed); a
    program (``exec:``) is started once per ``(command, place)`` and plays
    every hand given to it there, until :meth:`close` (or a fault, after
    which the next hand starts it again).  ``place`` tells apart two
    programs of the same command at one table (the seat, or the bot's
    number in a tournament's pairing).
    """

    def __init__(self) -> None:
        self._programs: dict[tuple[tuple[str, ...], int], ProgramBot] = {}
        self._parsed: dict[str, BotSpecText] = {}

    def bot(self, spec: str | Callable[[int], Bot], seed: int, place: int) -> Bot:
        """The bot of ``spec`` for a hand dealt from ``seed``, at ``place``."""
        if not isinstance(spec, str):
            return spec(seed)
        parsed = self._parsed.get(spec)
        if parsed is None:
            parsed = self._parsed[spec] = parse_bot_spec(spec)
        if parsed.name != "exec":
            return parsed.make(seed)
        key = (parsed.command, place)
        program = self._programs.get(key)
        if program is None or program.closed:
            program = self._programs[key] = ProgramBot(parsed.command)
        return program

    def close(self) -> None:
        """End every program of the pool (each is asked to quit first)."""
        programs, self._programs = list(self._programs.values()), {}
        for program in programs:
            program.close()


_WORKER_POOLS: dict[int, BotPool] = {}
_WORKER_LOCK = threading.Lock()
_EXIT_HOOKS: list[bool] = []


def _close_worker_pools() -> None:
    with _WORKER_LOCK:
        pools = list(_WORKER_POOLS.values())
        _WORKER_POOLS.clear()
    for pool in pools:
        pool.close()


def worker_pool() -> BotPool:
    """The pool of the calling thread of a worker: its programs run until the process ends.

    A process pool's, Dask's or Ray's worker plays many batches: its
    programs are started once and ended when the worker process exits
    (normally, or through the exit of a process pool's worker).
    """
    ident = threading.get_ident()
    with _WORKER_LOCK:
        pool = _WORKER_POOLS.get(ident)
        if pool is None:
            if not _EXIT_HOOKS:
                import multiprocessing.util  # here: most programs never need it

                _EXIT_HOOKS.append(True)
                atexit.register(_close_worker_pools)
                multiprocessing.util.Finalize(None, _close_worker_pools, exitpriority=10)
            pool = _WORKER_POOLS[ident] = BotPool()
        return pool
