"""Bots as programs in any language: :class:`ProgramBot`, the referee of one program.

A :class:`ProgramBot` runs an outside program that speaks the bot protocol
(``docs/protocol.md``: JSON lines on its standard input and output) and is
a :class:`~rummy500.bots.Bot` like any other: it plays in
:func:`~rummy500.bots.play_hand`, a :class:`~rummy500.Session`,
:func:`~rummy500.simulate.simulate` and tournaments.  The referee trusts the
program with nothing:

- every read and write has a deadline (``timeout`` seconds a decision,
  ``start_timeout`` for the start and the handshake), so a program that
  stalls never stalls the referee;
- the program's output is read through a bounded buffer: a line longer
  than :data:`~rummy500.protocol.MAX_LINE_BYTES`, bytes that are not UTF-8,
  JSON that is not a protocol message, an answer that is not a legal move of
  the seat asked, a line written unasked: each is a fault;
- its standard error is drained as it comes (the last few kilobytes are
  kept for the error message); more than :data:`MAX_STDERR_BYTES` between
  two questions is a fault, as is crashing or exiting.

A fault raises :class:`~rummy500.BotError` naming the bot, the seat and
what happened, after ending the program (its whole process group, so
nothing it started outlives it).  The game's state is never touched: the
caller still holds the position before the faulty decision, and the moves
made so far (a hand can be recorded up to that point).  ``close()`` (or the
end of a ``with`` block) asks the program to quit, waits
:data:`QUIT_GRACE` seconds, then ends it.  A bot that is garbage-collected
or still running when the interpreter exits is ended too.

The program runs without a shell: ``command`` is the program and its
arguments (:func:`shlex.split` turns a command line into one; the bot
spec ``exec:COMMAND`` does that).  POSIX systems only (the deadlines wait on
pipes with :mod:`selectors`).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import selectors
import signal
import subprocess
import time
import weakref
from collections.abc import Sequence
from typing import Any

from rummy500.errors import BotError, InvalidArgumentError, shown
from rummy500.jsontext import load_json
from rummy500.match import MatchResult
from rummy500.moves import Move
from rummy500.protocol import (
    MAX_LINE_BYTES,
    decide_json,
    hand_end_message,
    hello_message,
    match_end_message,
    quit_message,
    read_answer,
    read_hello,
)
from rummy500.statevalues import HandResult
from rummy500.views import PlayerView

__all__ = ["MAX_STDERR_BYTES", "QUIT_GRACE", "STDERR_TAIL_BYTES", "ProgramBot"]

#: The most a program may write to its standard error between two questions, in bytes (1 MiB).
MAX_STDERR_BYTES = 1 << 20
#: The last bytes of a program's standard error kept, to quote when it fails.
STDERR_TAIL_BYTES = 2048
#: Seconds a program has to exit after the referee's ``quit`` before it is ended.
QUIT_GRACE = 1.0

_CHUNK = 1 << 16


class _Fault(Exception):
    """What a program did wrong (the ProgramBot adds its name and seat)."""


class _Program:
    """A running program: its process, its pipes, the buffers of what it wrote."""

    def __init__(self, command: tuple[str, ...]) -> None:
        try:
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,  # its own process group: ended as a whole
            )
        except OSError as error:
            raise _Fault(f"cannot start {shown(command[0])}: {error.strerror or error}") from None
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        assert self.process.stderr is not None
        self.stdin = self.process.stdin.fileno()
        self.stdout = self.process.stdout.fileno()
        self.stderr = self.process.stderr.fileno()
        for fd in (self.stdin, self.stdout, self.stderr):
            os.set_blocking(fd, False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout, selectors.EVENT_READ)
        self.selector.register(self.stderr, selectors.EVENT_READ)
        self.out = bytearray()
        self.tail = b""
        self.stderr_count = 0
        self.alive = True

    # -- writing and reading, each before a deadline --------------------------

    def send(self, line: str, deadline: float) -> None:
        """Write one line of JSON, waiting for room in the pipe until ``deadline``."""
        data = memoryview((line + "\n").encode())
        data = data[self.write(data) :]
        if not data:  # the usual case: the pipe had room for the whole line
            return
        self.selector.register(self.stdin, selectors.EVENT_WRITE)
        try:
            while data:
                self.wait(deadline, "stayed silent: it did not read its input")
                data = data[self.write(data) :]
        finally:
            self.selector.unregister(self.stdin)

    def write(self, data: memoryview) -> int:
        """Write what the pipe takes of ``data`` now: the number of bytes written."""
        try:
            return os.write(self.stdin, data)
        except BlockingIOError:
            return 0
        except (BrokenPipeError, ConnectionResetError):
            raise _Fault(self.exit_status("stopped reading its input")) from None

    def read_line(self, deadline: float, timeout: float) -> bytes:
        """The next line the program writes, before ``deadline``, without its line break."""
        while True:
            end = self.out.find(b"\n")
            if end >= 0:
                line = bytes(self.out[:end])
                del self.out[: end + 1]
                return line
            if len(self.out) >= MAX_LINE_BYTES:
                raise _Fault(f"wrote a line longer than {MAX_LINE_BYTES} bytes")
            self.wait(deadline, f"stayed silent for {timeout:g} s (its time limit)")

    def wait(self, deadline: float, silent: str) -> None:
        """Wait for the pipes until ``deadline``, taking in what the program wrote."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise _Fault(silent)
        for key, _events in self.selector.select(remaining):
            if key.fd == self.stdout:
                self.take_output()
            elif key.fd == self.stderr:
                self.take_errors()

    def take_output(self) -> None:
        room = MAX_LINE_BYTES + 1 - len(self.out)
        try:
            chunk = os.read(self.stdout, max(1, min(_CHUNK, room)))
        except BlockingIOError:
            return
        if not chunk:
            raise _Fault(self.exit_status("closed its output"))
        self.out += chunk

    def take_errors(self) -> None:
        try:
            chunk = os.read(self.stderr, _CHUNK)
        except BlockingIOError:
            return
        if not chunk:
            self.selector.unregister(self.stderr)
            return
        self.tail = (self.tail + chunk)[-STDERR_TAIL_BYTES:]
        self.stderr_count += len(chunk)
        if self.stderr_count > MAX_STDERR_BYTES:
            raise _Fault(f"flooded its standard error (over {MAX_STDERR_BYTES} bytes)")

    def check_quiet(self) -> None:
        """Take in what the program wrote unasked: any output is a fault."""
        self.stderr_count = 0
        for key, _events in self.selector.select(0):
            if key.fd == self.stderr:
                self.take_errors()
            elif key.fd == self.stdout:
                self.take_output()
        if self.out:
            raise _Fault(f"wrote {shown(bytes(self.out[:60]))} without being asked")
        self.stderr_count = 0

    # -- ending ---------------------------------------------------------------

    def exit_status(self, what: str) -> str:
        """``what`` happened, and how the program ended if it has (waiting a moment)."""
        try:
            code = self.process.wait(0.5)
        except subprocess.TimeoutExpired:
            return what
        if code < 0:
            with contextlib.suppress(ValueError):
                return f"{what}: it was killed by {signal.Signals(-code).name}"
        return f"{what}: it exited with code {code}"

    def quit(self) -> None:
        """Ask the program to quit, give it :data:`QUIT_GRACE` seconds, then end it."""
        if not self.alive:
            return
        try:
            self.send(_line(quit_message()), time.monotonic() + QUIT_GRACE)
            os.close(self.stdin)
            self.process.stdin = None
            self.process.wait(QUIT_GRACE)
        except (_Fault, OSError, subprocess.TimeoutExpired):
            pass
        self.kill()

    def kill(self) -> None:
        """End the program's whole process group now, and reap it."""
        if not self.alive:
            return
        self.alive = False
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        self.process.wait()
        self.selector.close()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


def _line(message: dict[str, Any]) -> str:
    """A message as one line of compact JSON (without the line break)."""
    return json.dumps(message, separators=(",", ":"))


def _end(program: _Program) -> None:
    """The finalizer of a ProgramBot: end its program (at garbage collection or exit)."""
    program.kill()


def _seconds(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < math.inf:
        raise InvalidArgumentError(f"{name} must be a positive number, got {shown(value)}")
    return float(value)


def _checked_command(command: object) -> tuple[str, ...]:
    if isinstance(command, (str, bytes)):
        raise InvalidArgumentError(
            f"command must be a sequence of strings (the program and its arguments), got the "
            f"text {shown(command)}; shlex.split() makes one from a command line"
        )
    if not isinstance(command, Sequence) or not command:
        raise InvalidArgumentError(
            f"command must be a non-empty sequence of strings, got {shown(command)}"
        )
    if not all(isinstance(part, str) for part in command):
        raise InvalidArgumentError(f"command must hold strings only, got {shown(command)}")
    return tuple(command)


class ProgramBot:
    r"""A bot played by an outside program that speaks the bot protocol.

    The program is started at once and greeted (the handshake gives the
    bot's :attr:`name`, within ``start_timeout`` seconds); each decision
    sends the seat's view and waits at most ``timeout`` seconds for the
    answer.  See the module's description for what counts as a fault;
    each raises :class:`~rummy500.BotError` and ends the program (a bot
    that failed stays failed: make a new one).

    Args:
        command: The program and its arguments (run without a shell).
        timeout: Seconds the program may take for one decision, a positive number.
        start_timeout: Seconds the program may take to start and answer the
            handshake (a program that starts slowly, a JVM, still plays fast).

    Raises:
        InvalidArgumentError: for a command that is not a non-empty sequence
            of strings, or a time limit that is not a positive number.
        BotError: if the program cannot be started or fails the handshake.

    A program that plays the first legal move every time (each line written
    in one write, so that the referee wakes once for it)::

        import json, sys
        for line in sys.stdin:
            message = json.loads(line)
            if message["type"] == "hello":
                answer = {"type": "hello", "protocol": 1, "name": "first"}
            elif message["type"] == "decide":
                answer = {"type": "move", "index": 0}
            elif message["type"] == "quit":
                break
            else:
                continue
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()

    >>> import sys
    >>> from rummy500 import new_game, play_hand, GreedyBot
    >>> with ProgramBot([sys.executable, "examples/bots/first_move.py"]) as bot:
    ...     final = play_hand(new_game(seed=1), [bot, GreedyBot()])
    ...     print(bot.name, final.is_over)
    first-move True
    """

    def __init__(
        self, command: Sequence[str], *, timeout: float = 10.0, start_timeout: float = 30.0
    ) -> None:
        self._command = _checked_command(command)
        self._timeout = _seconds("timeout", timeout)
        start = _seconds("start_timeout", start_timeout)
        self._name = os.path.basename(
            self._command[-1] if len(self._command) > 1 else self._command[0]
        )
        self._failure: str | None = None
        try:
            self._program = _Program(self._command)
        except _Fault as fault:
            self._failure = str(fault)
            raise BotError(self._name, None, str(fault)) from None
        self._finalizer = weakref.finalize(self, _end, self._program)
        deadline = time.monotonic() + start
        answer = self._talk(None, _line(hello_message()), deadline, answer=True, limit=start)
        try:
            self._name = read_hello(answer)
        except InvalidArgumentError as error:
            raise self._fault(None, str(error)) from None

    @property
    def name(self) -> str:
        """The bot's name, as its program gave it in the handshake."""
        return self._name

    @property
    def command(self) -> tuple[str, ...]:
        """The program and its arguments."""
        return self._command

    @property
    def timeout(self) -> float:
        """Seconds the program may take for one decision."""
        return self._timeout

    @property
    def pid(self) -> int:
        """The program's process id (also the id of its process group)."""
        return self._program.process.pid

    @property
    def closed(self) -> bool:
        """Whether the program has ended (closed, or after a fault)."""
        return not self._program.alive

    @property
    def stderr_tail(self) -> str:
        """The last bytes the program wrote to its standard error, as text."""
        return self._program.tail.decode("utf-8", "replace")

    def choose(self, view: PlayerView) -> Move | None:
        """The program's move for ``view`` (``None``: it let its chance go by).

        Raises:
            BotError: for any fault of the program (see the module's description).
        """
        deadline = time.monotonic() + self._timeout
        answer = self._talk(view.seat, decide_json(view), deadline, answer=True)
        try:
            return read_answer(answer, view)
        except InvalidArgumentError as error:
            raise self._fault(view.seat, str(error)) from None

    def hand_ended(
        self, seat: int, result: HandResult, totals: tuple[int, ...] | None = None
    ) -> None:
        """Tell the program that the hand it played at ``seat`` is over (no answer).

        Raises:
            BotError: if the program cannot be told (it crashed, stopped reading).
        """
        deadline = time.monotonic() + self._timeout
        message = hand_end_message(seat, result, totals)
        self._talk(seat, _line(message), deadline, answer=False)

    def match_ended(self, seat: int, result: MatchResult) -> None:
        """Tell the program that the match it played at ``seat`` is over (no answer)."""
        deadline = time.monotonic() + self._timeout
        self._talk(seat, _line(match_end_message(seat, result)), deadline, answer=False)

    def close(self) -> None:
        """Ask the program to quit; end it if it has not after ``QUIT_GRACE`` seconds (1)."""
        self._program.quit()
        self._finalizer.detach()

    def __enter__(self) -> ProgramBot:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"pid {self.pid}"
        return f"<ProgramBot {self._name!r} {' '.join(self._command)!r}, {state}>"

    # -- inside ---------------------------------------------------------------

    def _talk(
        self,
        seat: int | None,
        line: str,
        deadline: float,
        *,
        answer: bool,
        limit: float | None = None,
    ) -> Any:
        """Send ``line``; with ``answer``, read the program's one-line answer as JSON."""
        program = self._program
        if not program.alive:
            why = self._failure or "it was closed"
            raise BotError(self._name, seat, f"the program has ended ({why})")
        try:
            program.check_quiet()
            program.send(line, deadline)
            if not answer:
                return None
            reply = program.read_line(deadline, self._timeout if limit is None else limit)
            if program.out:
                raise _Fault(f"wrote {shown(bytes(program.out[:60]))} after its answer")
        except _Fault as fault:
            raise self._fault(seat, str(fault)) from None
        try:
            text = reply.decode("utf-8")
        except UnicodeDecodeError as error:
            raise self._fault(
                seat, f"wrote bytes that are not UTF-8 text ({error.reason} at byte {error.start})"
            ) from None
        try:
            return load_json(text, "its line", MAX_LINE_BYTES, InvalidArgumentError)
        except InvalidArgumentError as error:
            raise self._fault(seat, f"wrote what is not a protocol message: {error}") from None

    def _fault(self, seat: int | None, what: str) -> BotError:
        """End the program; the error to raise, quoting the end of its standard error."""
        self._program.kill()
        self._finalizer.detach()
        tail = self.stderr_tail.strip().splitlines()
        if tail:
            what = f"{what} (its last error output: {shown(tail[-1])})"
        self._failure = what
        return BotError(self._name, seat, what)
