"""Compiled modules left in a source checkout: found, and reported at import.

The compiled build's hook (hatch-mypyc) compiles the engine's modules in
place: a build made inside a checkout leaves a shared library beside each
compiled ``.py`` file (``reducer.cpython-312-x86_64-linux-gnu.so`` beside
``reducer.py``), and Python imports the library before the source.  An
editable install of that checkout then runs the stale compiled code, and edits
to those modules silently take no effect.  The documented ways to build the
compiled package (``scripts/build_compiled.py``, ``scripts/check_compiled.py``)
build from a copy, so a checkout keeps none; :func:`stray_compiled_modules`
finds any left by another build, the package warns when it is imported from
such a checkout, ``rummy500 --version`` says so, and the test suite refuses to
run (``python scripts/build_compiled.py --clean`` removes them).

An installed package (compiled or not) is never in a checkout: nothing is
reported for it.
"""

from __future__ import annotations

import importlib.machinery
import os
from pathlib import Path

__all__ = ["stray_compiled_modules", "stray_message"]

_PACKAGE = Path(__file__).resolve().parent


def stray_compiled_modules(package: Path | None = None) -> tuple[Path, ...]:
    """The compiled modules beside the sources of the package imported from a checkout.

    A package is in a checkout when its folder is ``src/rummy500`` beside a
    ``pyproject.toml``.  The modules are the extension files in the package
    (and mypyc's shared library beside it, in ``src``), sorted; ``()`` for an
    installed package.

    Args:
        package: The package's folder (default: the one imported).
    """
    folder = _PACKAGE if package is None else package
    source = folder.parent
    if source.name != "src" or not (source.parent / "pyproject.toml").is_file():
        return ()
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = [path for path in folder.rglob("*") if path.name.endswith(suffixes)]
    found += [path for path in source.glob("*__mypyc*") if path.name.endswith(suffixes)]
    return tuple(sorted(found))


def stray_message(paths: tuple[Path, ...]) -> str:
    """What to say about ``paths``: how many, where, why it matters and how to remove them."""
    folder = os.path.commonpath([path.parent for path in paths])
    return (
        f"{len(paths)} compiled module(s) left by an in-place build beside the sources in "
        f"{folder}: Python runs them instead of the .py files, so edits to those modules take "
        f"no effect; remove them with 'python scripts/build_compiled.py --clean' (or "
        f"'git clean -fX src'), and build the compiled package with "
        f"'python scripts/build_compiled.py', which builds from a copy"
    )
