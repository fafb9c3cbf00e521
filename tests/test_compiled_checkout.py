"""The compiled build and the checkout: a stray compiled module beside its source is reported.

An in-place build of the compiled package (hatch-mypyc compiles in place)
leaves a shared library beside each compiled source; Python imports it
before the ``.py``, so an editable install would silently run stale code.
The documented builds (``scripts/build_compiled.py``, ``scripts/check_compiled.py``)
build from a copy; whatever else leaves such modules is reported by
:mod:`rummy500.checkout`: a warning when the package is imported, the
``--version`` line, and a test run that refuses to start.  The compiled
wheel itself is built and tested by ``scripts/check_compiled.py`` (the last
step of the README's test command), not here.

Rule ids: none (the build, not the game).
"""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rummy500.checkout import stray_compiled_modules, stray_message

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _checkout(folder: Path) -> Path:
    """A copy of the checkout's package and tests in ``folder``, laid out as a checkout."""
    shutil.copy2(ROOT / "pyproject.toml", folder / "pyproject.toml")
    shutil.copytree(ROOT / "src" / "rummy500", folder / "src" / "rummy500")
    (folder / "tests").mkdir()
    for name in ("__init__.py", "conftest.py"):
        shutil.copy2(ROOT / "tests" / name, folder / "tests" / name)
    (folder / "tests" / "test_one.py").write_text("def test_one():\n    pass\n")
    return folder / "src" / "rummy500"


def _stray(package: Path) -> list[Path]:
    """Two stray files named as an in-place build names them (never imported: no such module)."""
    paths = [
        package / "_engine" / f"stale{SUFFIX}",
        package.parent / f"0123abcd__mypyc{SUFFIX}",
    ]
    for path in paths:
        path.write_bytes(b"")
    return paths


def _run(arguments: list[str], cwd: Path, src: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(src)}  # before the installed package
    env.pop("PYTHONWARNINGS", None)
    return subprocess.run(
        [sys.executable, *arguments], capture_output=True, text=True, cwd=cwd, env=env, check=False
    )


def test_the_checkout_under_test_holds_no_compiled_module() -> None:
    assert stray_compiled_modules() == ()
    assert list((ROOT / "src").rglob(f"*{SUFFIX}")) == []


def test_stray_modules_are_found_in_a_checkout_only(tmp_path: Path) -> None:
    package = _checkout(tmp_path)
    assert stray_compiled_modules(package) == ()
    stray = _stray(package)
    assert stray_compiled_modules(package) == tuple(sorted(stray))
    message = stray_message(stray_compiled_modules(package))
    assert message.startswith(
        f"2 compiled module(s) left by an in-place build beside the sources in {tmp_path / 'src'}"
    )
    assert "python scripts/build_compiled.py --clean" in message
    # The same files in an installed package (no pyproject.toml above src/) are its own.
    (tmp_path / "pyproject.toml").unlink()
    assert stray_compiled_modules(package) == ()


def test_importing_a_checkout_with_stray_modules_warns_and_version_says_so(
    tmp_path: Path,
) -> None:
    package = _checkout(tmp_path)
    _stray(package)
    imported = _run(["-c", "import rummy500; print(rummy500.__file__)"], tmp_path, package.parent)
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout.strip() == str(package / "__init__.py")
    assert "RuntimeWarning: 2 compiled module(s) left by an in-place build" in imported.stderr
    version = _run(["-m", "rummy500", "--version"], tmp_path, package.parent)
    assert "(with 2 stray compiled modules in the checkout)" in " ".join(version.stdout.split())


def test_the_test_run_refuses_a_checkout_with_stray_modules(tmp_path: Path) -> None:
    package = _checkout(tmp_path)
    arguments = ["-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", "tests"]
    clean = _run(arguments, tmp_path, package.parent)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    _stray(package)
    refused = _run(arguments, tmp_path, package.parent)
    assert refused.returncode == 3, refused.stdout + refused.stderr
    assert "not testing the sources: 2 compiled module(s)" in refused.stdout + refused.stderr


@pytest.mark.parametrize("script", ["build_compiled.py"])
def test_clean_removes_the_stray_modules_and_nothing_else(tmp_path: Path, script: str) -> None:
    package = _checkout(tmp_path)
    stray = _stray(package)
    (tmp_path / "scripts").mkdir()
    (tmp_path / "benchmarks").mkdir()
    shutil.copy2(ROOT / "scripts" / script, tmp_path / "scripts" / script)
    shutil.copy2(ROOT / "benchmarks" / "machine.py", tmp_path / "benchmarks" / "machine.py")
    sources = sorted(package.rglob("*.py"))
    result = _run([str(tmp_path / "scripts" / script), "--clean"], tmp_path, package.parent)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "2 compiled modules removed from the checkout"
    assert not any(path.exists() for path in stray)
    assert sorted(package.rglob("*.py")) == sources
