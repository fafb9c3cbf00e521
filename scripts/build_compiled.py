"""Build the compiled (mypyc) wheel from a copy of the checkout, which it leaves as it was.

Usage (from anywhere; any Python 3.10+ with pip, a C compiler and the Python headers)::

    python scripts/build_compiled.py              # the wheel, in dist/
    python scripts/build_compiled.py --install    # ... and install it in this Python
    python scripts/build_compiled.py --out DIR    # the wheel in DIR
    python scripts/build_compiled.py --clean      # remove what an in-place build left

The compiled build's hook (hatch-mypyc) compiles in place: built inside the
checkout (``HATCH_BUILD_HOOK_ENABLE_MYPYC=1 pip install .``) it would leave a
shared library beside each compiled source, which an editable install would
then run instead of the source.  So the project's files (those git tracks,
and new ones it does not ignore) are copied to a temporary folder and the
wheel is built there (``pip wheel`` with ``HATCH_BUILD_HOOK_ENABLE_MYPYC=1``).
The wheel (``rummy500-VERSION-cpXY-cpXY-PLATFORM.whl``) installs with
``pip install`` on any machine of the same platform and Python version,
without a compiler.  ``--clean`` removes the compiled modules an in-place
build left beside the sources (:mod:`rummy500.checkout` finds them).

Prints the machine (its processor and cores), the wheel's path and the time
taken; exits with status 1 if the build fails.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "rummy500"

sys.path.insert(0, str(ROOT / "benchmarks"))
from machine import cores, cpu_model  # noqa: E402 (benchmarks/machine.py, found just above)


def project_files() -> list[str]:
    """The checkout's files: those git tracks and the new ones it does not ignore."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    return [name for name in listed if (ROOT / name).is_file()]


def copy_project(target: Path) -> None:
    """Copy the checkout's files (:func:`project_files`) to ``target``."""
    for name in project_files():
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, destination)


def build_wheel(out: Path, python: str = sys.executable) -> Path:
    """Build the compiled wheel from a copy of the checkout into ``out``; return its path.

    Raises:
        subprocess.CalledProcessError: if the build fails (its output is shown).
    """
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="rummy500-build-") as scratch:
        source = Path(scratch) / "source"
        copy_project(source)
        built = Path(scratch) / "wheel"
        environment = dict(os.environ, HATCH_BUILD_HOOK_ENABLE_MYPYC="1")
        command = [python, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(built), str(source)]
        print("$ HATCH_BUILD_HOOK_ENABLE_MYPYC=1", " ".join(command[:-1]), "COPY", flush=True)
        subprocess.run(command, env=environment, check=True)
        (wheel,) = built.glob("rummy500-*.whl")
        target = out / wheel.name
        shutil.move(str(wheel), target)
    return target


def checkout_module() -> ModuleType:
    """:mod:`rummy500.checkout`, loaded from its file alone (needs none of the dependencies)."""
    spec = importlib.util.spec_from_file_location("_rummy500_checkout", PACKAGE / "checkout.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def clean() -> int:
    """Remove the compiled modules an in-place build left beside the sources; how many."""
    stray = checkout_module().stray_compiled_modules(PACKAGE)
    for path in stray:
        path.unlink()
        print(f"removed {path.relative_to(ROOT)}")
    return len(stray)


def main(argv: Sequence[str] | None = None) -> int:
    """Build (and install, or clean); return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="the wheel's folder")
    parser.add_argument("--install", action="store_true", help="install the wheel in this Python")
    parser.add_argument("--clean", action="store_true", help="remove an in-place build's modules")
    args = parser.parse_args(argv)
    if args.clean:
        print(f"{clean()} compiled modules removed from the checkout")
        return 0
    began = time.perf_counter()
    try:
        wheel = build_wheel(args.out)
    except subprocess.CalledProcessError as error:
        print(f"the compiled build failed (exit status {error.returncode})", file=sys.stderr)
        return 1
    print(f"built {wheel} in {time.perf_counter() - began:.0f} s on {cpu_model()}, {cores()}")
    if args.install:
        command = [sys.executable, "-m", "pip", "install", "-q", "--force-reinstall", str(wheel)]
        print("$", " ".join(command), flush=True)
        subprocess.run(command, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
