"""A newcomer's first hour, scripted: install, the demo, the docs' snippets, the CLI at a pipe.

Usage: python scripts/newcomer_walk.py [--reuse] [--keep] [--compiled | --no-compiled]

Each step runs as a new process, from a folder outside the checkout (the
README's commands must work from anywhere it says they do), and is timed:

1. **install** (skipped with ``--reuse``): a fresh virtual environment and
   ``pip install`` of the checkout, as the README's first command does;
2. **demo**: ``python -m rummy500 demo``;
3. **rules at a pipe**: ``rummy500 rules PAGAT`` (a preset in any case), every
   line at most 80 columns;
4. **play at a pipe**: ``rummy500 play`` reading ``help``, ``moves``, ``draw``
   and ``quit`` from a pipe: each prompt ends its line, ``help`` lists only the
   moves of the rules in play;
5. **docs snippets**: the examples of the pages a front-end, server and bot
   author reads first (``docs/frontend.md``, ``docs/howto/server.md``,
   ``docs/howto/bot.md``, ``docs/bots.md``), run by :mod:`doctest`;
6. **web example**: ``python path/to/examples/web`` from another folder
   serves the page (with the ``web`` extra), or says which extra to install
   (without it);
7. **adapters**: ``import rummy500.adapters.pettingzoo`` works (with the
   extra), or raises an error naming the extra and the install line;
8. **preset by name**: ``rummy500.new_game("Wikipedia")`` deals under the
   ``wikipedia`` preset, and an unknown name is refused with the presets listed;
9. **no abbreviated option**: ``rummy500 simulate --hand 3`` is refused (exit
   2) with the ``simulate`` command's usage, not read as ``--hands 3``;
10. **compiled build** (several minutes; skipped with ``--reuse`` unless
    ``--compiled`` is given): ``python scripts/build_compiled.py`` as the
    installation page says, after which the checkout is as it was (``git status
    --ignored`` unchanged, no compiled module beside a source), and its wheel,
    installed in a new environment, is the compiled build.

``--reuse`` runs every step with this interpreter (where rummy500 is
installed) instead of a fresh environment: the test suite does so, since an
install takes a network and a minute.  The machine's processor and cores are
printed first: the steps' times are for it.  A step passes when it exits as
expected, prints what it should and prints no traceback; the walk prints one
line a step and exits 1 if any failed, showing that step's output.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

sys.path.insert(0, str(ROOT / "benchmarks"))
from machine import cores, cpu_model  # noqa: E402 (benchmarks/machine.py, found just above)

#: The pages a newcomer building a front end, a server or a bot reads first.
DOC_PAGES = ("docs/frontend.md", "docs/howto/server.md", "docs/howto/bot.md", "docs/bots.md")

_DOCTEST = """\
import doctest, sys
flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
failed = 0
for path in sys.argv[1:]:
    result = doctest.testfile(path, module_relative=False, optionflags=flags)
    print(path, result.attempted, "examples,", result.failed, "failed")
    failed += result.failed
sys.exit(1 if failed else 0)
"""


class StepFailed(Exception):
    """A step of the walk did not go as a newcomer expects; the message says why."""


class Walk:
    """The walk's state: the interpreter it runs, the folder it runs in, the steps' results."""

    def __init__(self, python: str, folder: Path, timeout: float) -> None:
        self.python = python
        self.folder = folder
        self.timeout = timeout
        self.failed = 0

    def run(
        self, arguments: Sequence[str], stdin: str = "", expect: int | None = 0
    ) -> subprocess.CompletedProcess[str]:
        """Run ``arguments`` in the walk's folder; fail on a traceback or another exit code."""
        result = subprocess.run(
            list(arguments),
            input=stdin,
            capture_output=True,
            text=True,
            cwd=self.folder,
            timeout=self.timeout,
            check=False,
        )
        output = result.stdout + result.stderr
        if "Traceback (most recent call last)" in output:
            raise StepFailed(f"a traceback:\n{_tail(output)}")
        if expect is not None and result.returncode != expect:
            raise StepFailed(f"exit code {result.returncode}, not {expect}:\n{_tail(output)}")
        return result

    def step(self, name: str, body: Callable[[], str]) -> None:
        """Run one step, timed; print one line (and the output of a failure)."""
        start = time.perf_counter()
        try:
            note = body()
        except (StepFailed, subprocess.TimeoutExpired, OSError) as error:
            self.failed += 1
            print(f"FAIL {name} ({time.perf_counter() - start:.1f} s): {error}", flush=True)
            return
        print(f"ok   {name} ({time.perf_counter() - start:.1f} s): {note}", flush=True)


def _tail(text: str, lines: int = 30) -> str:
    return "\n".join(text.splitlines()[-lines:])


def _expect(condition: bool, why: str) -> None:
    if not condition:
        raise StepFailed(why)


def install(walk: Walk, venv: Path) -> str:
    """A fresh virtual environment with the checkout installed (the README's first command)."""
    walk.run([sys.executable, "-m", "venv", str(venv)])
    pip = venv / "bin" / "pip"
    walk.run([str(pip), "install", "-q", "--disable-pip-version-check", str(ROOT)])
    return f"{venv}"


def demo(walk: Walk) -> str:
    """``python -m rummy500 demo`` deals a hand and plays it to the scores."""
    out = walk.run([walk.python, "-m", "rummy500", "demo"]).stdout
    _expect("could meld" in out and "ended by" in out, f"no demo:\n{_tail(out)}")
    return f"{len(out.splitlines())} lines, {out.splitlines()[-3]}"


def rules_at_a_pipe(walk: Walk) -> str:
    """``rummy500 rules PAGAT``: any case; at a pipe the lines fit 80 columns."""
    out = walk.run([walk.python, "-m", "rummy500", "rules", "PAGAT"]).stdout
    lines = out.splitlines()
    _expect(lines[0] == "preset 'pagat'", f"first line {lines[0]!r}")
    widest = max(len(line) for line in lines)
    _expect(widest <= 80, f"a line of {widest} characters at a pipe")
    return f"{len(lines)} lines, the widest {widest} columns"


def play_at_a_pipe(walk: Walk) -> str:
    """``rummy500 play`` reading from a pipe: prompts end their lines, help fits the rules."""
    result = walk.run(
        [walk.python, "-m", "rummy500", "play", "--seed", "3"], stdin="help\nmoves\ndraw\nquit\n"
    )
    lines = result.stdout.splitlines()
    prompts = [line for line in lines if line.startswith("your ")]
    _expect(len(prompts) >= 3, f"{len(prompts)} prompts:\n{_tail(result.stdout)}")
    _expect(all(line.endswith(">") for line in prompts), f"a prompt ran on: {prompts}")
    _expect("Dealer's gambit" not in result.stdout, "help lists the dealer's gambit under pagat")
    _expect("match left in hand 1" in result.stdout, f"no clean exit:\n{_tail(result.stdout)}")
    return f"{len(prompts)} prompts, each on its own line"


def docs_snippets(walk: Walk, pages: Sequence[str]) -> str:
    """The pages' examples, run by :mod:`doctest` as they are written."""
    paths = [str(ROOT / page) for page in pages]
    out = walk.run([walk.python, "-c", _DOCTEST, *paths]).stdout
    attempted = sum(int(line.split()[1]) for line in out.splitlines())
    return f"{attempted} examples of {len(pages)} pages passed"


def web_example(walk: Walk) -> str:
    """``python path/to/examples/web`` from another folder: serves the page, or names the extra."""
    command = [walk.python, str(ROOT / "examples" / "web"), "--port", "0"]
    if not _has(walk, "starlette") or not _has(walk, "uvicorn"):
        result = walk.run(command, expect=2)
        message = result.stderr.strip()
        _expect("needs the 'web' extra" in message and "pip install" in message, message)
        return f"without the extra: {message}"
    with subprocess.Popen(
        command, cwd=walk.folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as server:
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            _expect("open http://" in line, f"no address: {line!r}")
            address = line.split("open ", 1)[1].split()[0]
            page = _get(address, walk.timeout)
            _expect("<html" in page.lower(), f"no page at {address}")
        finally:
            server.terminate()
            _, errors = server.communicate(timeout=walk.timeout)
    _expect("Traceback" not in errors, f"the server wrote a traceback:\n{_tail(errors)}")
    return f"served {address}"


def adapters(walk: Walk) -> str:
    """``import rummy500.adapters.pettingzoo``: works, or names the extra to install."""
    if _has(walk, "pettingzoo") and _has(walk, "numpy"):
        walk.run([walk.python, "-c", "import rummy500.adapters.pettingzoo"])
        return "imported (the pettingzoo extra is installed)"
    code = (
        "import rummy500\n"
        "try:\n"
        "    import rummy500.adapters.pettingzoo\n"
        "except ImportError as error:\n"
        "    print(type(error).__name__, error)\n"
    )
    out = walk.run([walk.python, "-c", code]).stdout.strip()
    _expect("pip install 'rummy500[pettingzoo]'" in out, out)
    return f"without the extra: {out}"


def preset_by_name(walk: Walk) -> str:
    """``new_game("Wikipedia")``: a preset's name in any case; an unknown one lists them."""
    code = (
        "import rummy500\n"
        "state = rummy500.new_game('Wikipedia', seed=1)\n"
        "print(state.rules == rummy500.presets.get('wikipedia'))\n"
        "try:\n"
        "    rummy500.new_game('wikipeda')\n"
        "except ValueError as error:\n"
        '    print(f"{type(error).__name__}: {error}")\n'
    )
    lines = walk.run([walk.python, "-c", code]).stdout.splitlines()
    _expect(lines[0] == "True", f"new_game('Wikipedia') dealt other rules: {lines}")
    _expect(
        lines[1].startswith(
            "InvalidArgumentError: unknown preset 'wikipeda'; known presets: pagat"
        ),
        f"the unknown name's error: {lines[1:]}",
    )
    return "new_game('Wikipedia') deals the wikipedia preset; an unknown name lists the presets"


def no_abbreviation(walk: Walk) -> str:
    """``rummy500 simulate --hand 3``: refused with the command's usage, not read as --hands."""
    result = walk.run([walk.python, "-m", "rummy500", "simulate", "--hand", "3"], expect=2)
    _expect(result.stdout == "", f"it ran: {_tail(result.stdout)}")
    lines = result.stderr.splitlines()
    _expect(lines[0].startswith("usage: rummy500 simulate "), f"usage: {lines[0]!r}")
    error = "rummy500 simulate: error: unrecognized arguments: --hand 3"
    _expect(lines[-1] == error, f"error: {lines[-1]!r}")
    return lines[-1]


def _ignored_and_changed() -> str:
    """What git says of the checkout, ignored files included (the build must change none)."""
    return subprocess.run(
        ["git", "status", "--porcelain", "--ignored"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def compiled_build(walk: Walk, folder: Path) -> str:
    """``scripts/build_compiled.py``: the checkout unchanged, the wheel the compiled build."""
    before = _ignored_and_changed()
    out = folder / "dist"
    walk.run([walk.python, str(ROOT / "scripts" / "build_compiled.py"), "--out", str(out)])
    after = _ignored_and_changed()
    _expect(before == after, f"the checkout changed:\n{before}\n---\n{after}")
    suffixes = (".so", ".pyd")
    stray = [path for path in (ROOT / "src").rglob("*") if path.name.endswith(suffixes)]
    _expect(not stray, f"compiled modules left in the checkout: {stray[:3]}")
    (wheel,) = out.glob("rummy500-*.whl")
    venv = folder / "compiled-venv"
    walk.run([sys.executable, "-m", "venv", str(venv)])
    walk.run(
        [str(venv / "bin" / "pip"), "install", "-q", "--disable-pip-version-check", str(wheel)]
    )
    version = walk.run([str(venv / "bin" / "rummy500"), "--version"]).stdout.strip()
    _expect(version.endswith("compiled (mypyc)"), f"the wheel runs {version!r}")
    return f"{wheel.name}; checkout unchanged, no compiled module in src/; {version}"


def _get(address: str, timeout: float) -> str:
    """The page at ``address``, once the server listens (it prints the address first)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # no proxy: local
    deadline = time.monotonic() + timeout
    while True:
        try:
            with opener.open(address, timeout=timeout) as response:
                return str(response.read().decode("utf-8"))
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def _has(walk: Walk, module: str) -> bool:
    code = f"import importlib.util, sys; sys.exit(importlib.util.find_spec({module!r}) is None)"
    return walk.run([walk.python, "-c", code], expect=None).returncode == 0


def main(argv: Sequence[str] | None = None) -> int:
    """Walk through the first hour; 0 if every step went as expected, else 1."""
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="run every step with this interpreter instead of a fresh install",
    )
    parser.add_argument(
        "--pages", nargs="+", default=list(DOC_PAGES), help="the docs pages whose examples run"
    )
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds a step may take")
    parser.add_argument("--keep", action="store_true", help="keep the walk's folder")
    parser.add_argument(
        "--compiled",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="build the compiled wheel (default: yes, but not with --reuse)",
    )
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="rummy500-newcomer-"))
    try:
        venv = folder / "venv"
        python = sys.executable if args.reuse else str(venv / "bin" / "python")
        work = folder / "elsewhere"  # a folder outside the checkout
        work.mkdir()
        walk = Walk(python, work, args.timeout)
        print(f"newcomer walk of {ROOT}, in {work}", flush=True)
        print(f"on {cpu_model()}, {cores()} (the times below are for it)", flush=True)
        if not args.reuse:
            walk.step("install", lambda: install(walk, venv))
            if walk.failed:
                return 1
        walk.step("demo", lambda: demo(walk))
        walk.step("rules at a pipe", lambda: rules_at_a_pipe(walk))
        walk.step("play at a pipe", lambda: play_at_a_pipe(walk))
        walk.step("docs snippets", lambda: docs_snippets(walk, args.pages))
        walk.step("web example", lambda: web_example(walk))
        walk.step("adapters", lambda: adapters(walk))
        walk.step("preset by name", lambda: preset_by_name(walk))
        walk.step("no abbreviated option", lambda: no_abbreviation(walk))
        if args.compiled if args.compiled is not None else not args.reuse:
            walk.step("compiled build", lambda: compiled_build(walk, folder))
        print("all steps passed" if not walk.failed else f"{walk.failed} steps failed")
        return 1 if walk.failed else 0
    finally:
        if args.keep:
            print(f"kept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
