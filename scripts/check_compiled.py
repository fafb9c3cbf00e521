"""Build the compiled (mypyc) wheel and run the engine's tests and the move digest against it.

Usage (from the repository root; the last step of the README's test command)::

    .venv/bin/python scripts/check_compiled.py [--keep DIR] [--quick]

The wheel is built as ``scripts/build_compiled.py`` builds it, from a copy of
the project's files in a temporary folder, so that the build leaves nothing in
the checkout.  A new virtual environment there installs the wheel and the
test tools; then:

1. ``rummy500.COMPILED`` must be true there;
2. the tests of the rules, the engine's properties, perft, positions,
   records, views, the match, the sessions and the learning environments
   (with their extras, and the ecosystems' own checkers) run against the
   compiled package (pytest from the checkout, without the doctests of the sources,
   which belong to the pure build);
3. ``benchmarks/digest_moves.py`` (every legal-move list) and
   ``benchmarks/digest_search.py`` (the search bot's choices) must print the
   same digests under the compiled build as under this interpreter's (pure)
   one.

Exits with status 1 if a step fails.  ``--quick`` runs a smaller digest.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from build_compiled import build_wheel
from machine import cores, cpu_model

ROOT = Path(__file__).resolve().parent.parent

#: The test files run against the compiled build: every rule section, the engine's
#: properties and perft, and the services built on the engine that need no extra.
ENGINE_TESTS = (
    "test_architecture.py",
    "test_calls.py",
    "test_cards.py",
    "test_dead_ends.py",
    "test_deal.py",
    "test_discarding.py",
    "test_drawing.py",
    "test_engine_properties.py",
    "test_engine_refusals.py",
    "test_engine_rule_sets.py",
    "test_fuzz.py",
    "test_gambit_dealers_joker.py",
    "test_gambit_effects.py",
    "test_gambit_match.py",
    "test_gambit_movegen.py",
    "test_gambit_notation.py",
    "test_gambit_positions.py",
    "test_gambit_rules.py",
    "test_gambit_scoring.py",
    "test_going_out.py",
    "test_hardening.py",
    "test_laying_off.py",
    "test_match.py",
    "test_melds.py",
    "test_notation.py",
    "test_perft.py",
    "test_playing.py",
    "test_positions.py",
    "test_presets.py",
    "test_records.py",
    "test_rules.py",
    "test_schema_agreement.py",
    "test_scoring.py",
    "test_search.py",
    "test_seatcodes.py",
    "test_session.py",
    "test_soak.py",
    "test_taking.py",
    "test_views.py",
)

#: The learning environments' tests (their token game, observations and batched step are
#: compiled with the engine), run with the extras of the environments installed: the
#: ecosystems' own checkers (PettingZoo's, Gymnasium's, OpenSpiel's) on the compiled build.
ADAPTER_TESTS = (
    "test_adapters.py",
    "test_adapters_batched.py",
    "test_adapters_defects.py",
    "test_adapters_rewards.py",
    "test_adapters_vocabulary.py",
)

#: The extras installed with the wheel for :data:`ADAPTER_TESTS`.
ADAPTER_EXTRAS = "[pettingzoo,gymnasium,openspiel,render]"

#: What the compiled environment installs beside the package to run the tests.
TEST_TOOLS = ("pytest>=7.4", "hypothesis>=6.90", "jsonschema>=4.18")


def _run(command: Sequence[str | Path], **options: object) -> subprocess.CompletedProcess[str]:
    print("$", " ".join(str(part) for part in command), flush=True)
    return subprocess.run([str(part) for part in command], text=True, **options)  # type: ignore[call-overload, no-any-return]


def _digest(python: Path | str, quick: bool) -> str:
    """The lines of the move digest, then those of the search bot's choices."""
    arguments = ["--hands", "1", "--players", "2,5", "--positions", "2"]
    if quick:
        arguments = ["--hands", "1", "--minimums", "30", "--players", "2", "--positions", "1"]
    moves = _run(
        [python, ROOT / "benchmarks" / "digest_moves.py", *arguments],
        cwd=ROOT,
        capture_output=True,
        check=True,
    )
    search = _run(
        [python, ROOT / "benchmarks" / "digest_search.py", "--hands", "1", "--iterations", "8"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    )
    return moves.stdout + search.stdout


def main(argv: Sequence[str] | None = None) -> int:
    """Run the checks; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="build in this folder and keep it")
    parser.add_argument("--quick", action="store_true", help="a smaller move digest")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="rummy500-compiled-") as scratch:
        work = args.keep if args.keep is not None else Path(scratch)
        if work.exists() and args.keep is not None:
            shutil.rmtree(work)
        venv = work / "venv"
        _run([sys.executable, "-m", "venv", venv], check=True)
        python = venv / "bin" / "python"
        built = time.perf_counter()
        wheel = build_wheel(work / "dist", str(python))  # as scripts/build_compiled.py does
        _run(
            [python, "-m", "pip", "install", "-q", f"{wheel}{ADAPTER_EXTRAS}", *TEST_TOOLS],
            check=True,
        )
        print(
            f"compiled wheel built and installed in {time.perf_counter() - built:.0f} s "
            f"on {cpu_model()}, {cores()}",
            flush=True,
        )
        compiled = _run(
            [python, "-c", "import rummy500; print(rummy500.COMPILED)"],
            cwd=work,
            capture_output=True,
            check=True,
        ).stdout.strip()
        if compiled != "True":
            print("the installed package is not the compiled build", file=sys.stderr)
            return 1
        tests = [f"tests/{name}" for name in (*ENGINE_TESTS, *ADAPTER_TESTS)]
        result = _run(
            [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", *tests],
            cwd=ROOT,
        )
        if result.returncode != 0:
            print("the engine's tests failed against the compiled build", file=sys.stderr)
            return 1
        pure, native = _digest(sys.executable, args.quick), _digest(python, args.quick)
        if pure != native:
            print("the digests differ between the builds:", file=sys.stderr)
            print(pure, native, sep="\n---\n", file=sys.stderr)
            return 1
        lines = len(pure.splitlines())
        print(f"move and search digests: {lines} lines, identical in both builds")
    print(f"compiled build checked in {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
