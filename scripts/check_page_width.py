"""Check in Chromium that no page of the built documentation is wider than the window.

Every HTML page of the build (``docs/_build/html`` by default) is loaded in
headless Chromium, through Playwright, in a window 1280 px wide (a desktop)
and 390 px wide (a phone).  A page fails when

- the document is wider than the window: the page scrolls sideways;
- a code block (``pre``) or a table reaches past the right edge of the window;
- a code block or a table is wider than its own box, so that the reader has to
  scroll it sideways inside the page (Furo gives ``pre`` and the wrapper of
  each table ``overflow: auto``).

The rule is the same at every width: nothing scrolls sideways, neither the
page nor a part of it.  The pages' style sheet (``docs/_static/rummy500.css``)
wraps long lines of code and the cells of tables to keep it so.

Usage::

    python scripts/check_page_width.py [BUILD_DIR] [--width 1280 --width 390] [--exclude PATH]

Exit status 0 when every page fits, 1 with the list of the problems when one
does not, 2 when Chromium or Playwright is missing.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The window widths checked: a desktop and a phone.
WIDTHS = (1280, 390)
#: Chromium's switches for a headless run in a container.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
)

# Measured in the page: the window and document widths, and every code block
# and table whose content is wider than its box or whose box reaches past the
# window.  A table's box is its scrolling wrapper when it has one.
_MEASURE = """
() => {
    const view = document.documentElement.clientWidth;
    const page = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    const found = [];
    const describe = (element) => {
        const section = element.closest("section[id]");
        const text = (element.innerText || "").trim().split("\\n")[0].slice(0, 60);
        return (section ? "#" + section.id + ": " : "") + JSON.stringify(text);
    };
    for (const element of document.querySelectorAll("pre, table")) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;  // not shown
        let container = element;
        if (element.tagName === "TABLE") {
            const wrapper = element.closest(".table-wrapper");
            if (wrapper) container = wrapper;
        }
        const style = getComputedStyle(container);
        const scrolls = ["auto", "scroll"].includes(style.overflowX);
        const content = element.scrollWidth;
        const width = element.tagName === "TABLE" && container !== element
            ? container.clientWidth : element.clientWidth;
        const outer = container.getBoundingClientRect();
        found.push({
            tag: element.tagName.toLowerCase(),
            where: describe(element),
            content: Math.round(content),
            width: Math.round(width),
            right: Math.round(scrolls ? outer.right : box.right),
            scrolls: scrolls,
        });
    }
    return {view: view, page: page, elements: found};
}
"""


@dataclass(frozen=True)
class Problem:
    """One thing that does not fit: on which page, at which width, and what."""

    page: str
    width: int
    what: str

    def __str__(self) -> str:
        return f"{self.page} at {self.width} px: {self.what}"


def pages(build: Path, exclude: Sequence[str] = ()) -> list[Path]:
    """The HTML pages of a build, sorted, less those under the ``exclude`` folders or names."""
    found = []
    for path in sorted(build.rglob("*.html")):
        relative = path.relative_to(build).as_posix()
        if any(relative == name or relative.startswith(name.rstrip("/") + "/") for name in exclude):
            continue
        found.append(path)
    return found


def problems_of(page: str, width: int, measured: dict[str, Any]) -> Iterator[Problem]:
    """The problems of one page at one width, from what :data:`_MEASURE` returned."""
    view, document = measured["view"], measured["page"]
    if document > view:
        yield Problem(page, width, f"the page is {document} px wide in a {view} px window")
    for element in measured["elements"]:
        tag, where = element["tag"], element["where"]
        if element["right"] > view + 1:
            yield Problem(
                page, width, f"{tag} {where} reaches {element['right']} px, past the window"
            )
        elif element["content"] > element["width"] + 1:
            how = " and scrolls inside it" if element["scrolls"] else ""
            size = f"{element['content']} px wide in a {element['width']} px box"
            yield Problem(page, width, f"{tag} {where} is {size}{how}")


def check(
    build: Path, widths: Iterable[int] = WIDTHS, exclude: Sequence[str] = ()
) -> list[Problem]:
    """Load every page of ``build`` at each width and return the problems found.

    Raises:
        RuntimeError: if Chromium or Playwright is missing.
    """
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:  # pragma: no cover - depends on the machine
        raise RuntimeError("the playwright package is not installed") from error
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:  # pragma: no cover - depends on the machine
        raise RuntimeError("no chromium on the PATH")
    found: list[Problem] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=list(CHROMIUM_ARGS), headless=True
        )
        try:
            for width in widths:
                page = browser.new_page(viewport={"width": width, "height": 900})
                for path in pages(build, exclude):
                    page.goto(path.resolve().as_uri(), wait_until="load")
                    measured = page.evaluate(_MEASURE)
                    name = path.relative_to(build).as_posix()
                    found.extend(problems_of(name, width, measured))
                page.close()
        finally:
            browser.close()
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run the check from the command line; the exit status says whether every page fits."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build", nargs="?", default="docs/_build/html", type=Path)
    parser.add_argument("--width", type=int, action="append", help="window width (repeatable)")
    parser.add_argument(
        "--exclude", action="append", default=[], help="a page or folder of the build to skip"
    )
    options = parser.parse_args(argv)
    if not (options.build / "index.html").exists():
        print(f"no built documentation in {options.build}", file=sys.stderr)
        return 2
    widths = tuple(options.width or WIDTHS)
    try:
        found = check(options.build, widths, options.exclude)
    except RuntimeError as error:
        print(f"cannot check the page width: {error}", file=sys.stderr)
        return 2
    count = len(pages(options.build, options.exclude))
    for width in widths:
        at_width = [problem for problem in found if problem.width == width]
        verdict = f"{len(at_width)} problem(s)" if at_width else "every page fits"
        print(f"{width} px: {count} pages, {verdict}")
    for problem in found:
        print(f"  {problem}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
