"""The documentation fits a desktop and a phone window (``scripts/check_page_width.py``).

The pages are built here, into a temporary folder, since the test suite runs
before the documentation build; each page is then measured in headless
Chromium at 1280 and 390 px.  The source pages of viewcode (``_modules``) are
left out to keep the test short: ``python scripts/check_page_width.py``
checks them with the rest.  Skipped, saying why, without Sphinx and the docs
extra, Playwright or Chromium.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import warnings
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "check_page_width", ROOT / "scripts" / "check_page_width.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("check_page_width", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def built_docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    for name in ("sphinx", "myst_parser", "furo", "sphinx_copybutton", "playwright"):
        pytest.importorskip(name)
    if shutil.which("chromium") is None and shutil.which("chromium-browser") is None:
        pytest.skip("no chromium on the PATH")
    from sphinx.cmd.build import build_main

    out = tmp_path_factory.mktemp("html")
    doctrees = tmp_path_factory.mktemp("doctrees")
    with warnings.catch_warnings():
        # Sphinx's own deprecations, raised by its extensions (napoleon, MyST): not ours
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        status = build_main(["-q", "-b", "html", "-d", str(doctrees), str(ROOT / "docs"), str(out)])
    assert status == 0, "the documentation does not build"
    return out


def test_every_page_fits_a_desktop_and_a_phone_window(built_docs: Path) -> None:
    check = _script()
    problems = check.check(built_docs, check.WIDTHS, exclude=("_modules",))
    assert not problems, "\n".join(str(problem) for problem in problems)


def test_a_page_wider_than_the_window_is_reported() -> None:
    check = _script()
    measured = {
        "view": 390,
        "page": 420,
        "elements": [
            {
                "tag": "pre",
                "where": '"x"',
                "content": 500,
                "width": 358,
                "right": 374,
                "scrolls": True,
            },
            {
                "tag": "table",
                "where": '"y"',
                "content": 300,
                "width": 358,
                "right": 400,
                "scrolls": False,
            },
        ],
    }
    found = [str(problem) for problem in check.problems_of("page.html", 390, measured)]
    assert found == [
        "page.html at 390 px: the page is 420 px wide in a 390 px window",
        'page.html at 390 px: pre "x" is 500 px wide in a 358 px box and scrolls inside it',
        'page.html at 390 px: table "y" reaches 400 px, past the window',
    ]
