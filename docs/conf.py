"""Sphinx configuration for the rummy500 documentation.

Build with::

    sphinx-build -n -W --keep-going -b html docs docs/_build/html
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterable

    from docutils.nodes import Element, TextElement
    from sphinx.addnodes import pending_xref
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

# Document the checkout's sources even when the package is not installed
# (an editable install gives the same tree).
_SRC = Path(__file__).resolve().parent.parent / "src"
sys.path.insert(0, str(_SRC))

import rummy500  # noqa: E402 (importable only once src/ is on the path)

# -- Project information ------------------------------------------------------

project = "rummy500"
author = "rummy500 developers"
copyright = "rummy500 developers"

release = rummy500.__version__
version = ".".join(release.split(".")[:2])

# -- General configuration ----------------------------------------------------

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    # sphinx.ext.intersphinx is left out on purpose: the build machines have no
    # network access to fetch the Python inventory, and a build must not depend
    # on it.
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
language = "en"

# Every reference must resolve (-n); the few that cannot are listed below.
nitpicky = True

# -- MyST ---------------------------------------------------------------------

myst_enable_extensions = [
    "colon_fence",  # ::: fences for admonitions
    "deflist",  # definition lists on the rules page
]
# Anchors for headings h1-h3, so that `[text](#a-heading)` links (in the
# README too) resolve.
myst_heading_anchors = 3

# -- autodoc / napoleon ------------------------------------------------------

autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {
    "members": True,
    "show-inheritance": True,
}
autoclass_content = "class"

napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
napoleon_attr_annotations = True

# -- Nitpicky exceptions -------------------------------------------------------
#
# Without intersphinx there is no inventory of the standard library.  Sphinx
# itself resolves builtins (int, str, tuple, ...) and ``typing`` names; the
# standard-library classes below that appear in signatures and base classes
# are simply left unlinked.  Everything of rummy500 itself must resolve.
nitpick_ignore_regex = [
    (r"py:(class|obj|exc)", r"(collections\.abc|enum|random|types)\.\w+"),
    (r"py:(class|obj)", r"collections\.Counter"),
    (r"py:(class|obj)", r"concurrent\.futures\.(_base\.)?Executor"),
    # Hypothesis (rummy500.testing) has no inventory here either.
    (r"py:(class|obj)", r"(hypothesis\.strategies|st)\.SearchStrategy"),
]
# Sphinx < 7.3 writes types.MappingProxyType by its runtime name.
nitpick_ignore = [("py:class", "mappingproxy")]

# -- doctest ------------------------------------------------------------------

doctest_global_setup = "import rummy500"

# -- HTML output --------------------------------------------------------------

html_theme = "alabaster"
html_title = f"rummy500 {release}"
html_theme_options = {
    "description": "The rules of 500 Rummy as a typed, immutable Python library.",
    "fixed_sidebar": True,
}
html_static_path: list[str] = []


# -- Hooks ----------------------------------------------------------------------


def _public_bases(app: Sphinx, name: str, obj: Any, options: Any, bases: list[type]) -> None:
    """Show public bases only: a private base is replaced by its own bases.

    A private helper class (such as the common base of the knob enums) is not
    documented, so a link to it could not resolve.
    """
    result: list[type] = []
    pending = list(bases)
    while pending:
        base = pending.pop(0)
        if base.__name__.startswith("_"):
            pending[:0] = [b for b in base.__bases__ if b not in result and b not in pending]
        elif base not in result:
            result.append(base)
    bases[:] = result


# Napoleon reads the first line of an attribute, data or property docstring
# of the form "X: text" as "type: description" and renders "Type: X".  This
# project takes every type from the annotations and writes summaries such as
# "Only low: A-2-3; Q-K-A is not a run.", so those docstrings are converted like
# any other Google-style docstring instead: the original lines are kept before
# napoleon runs (priority 400 < napoleon's 500) and converted afterwards (600).
_ATTRIBUTE_KINDS = frozenset({"attribute", "data", "property"})
_original_lines: dict[int, list[str]] = {}


def _keep_attribute_docstring(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    if what in _ATTRIBUTE_KINDS:
        _original_lines[id(lines)] = list(lines)


def _convert_attribute_docstring(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    # Imported here: pytest imports this file too (doctest-modules), where
    # Sphinx need not be installed.
    from sphinx.ext.napoleon.docstring import GoogleDocstring

    original = _original_lines.pop(id(lines), None)
    if original is not None:
        docstring = GoogleDocstring(original, app.config, app, "object", name, obj, options)
        lines[:] = docstring.lines()


def _documented_name(target: str, documented: Iterable[str]) -> str | None:
    """Where a rummy500 name that Sphinx could not find is documented, if anywhere.

    - ``rummy500.X`` (a name re-exported by the package, the public contract):
      the module where ``X`` is defined, e.g. ``rummy500.rules.Rules``.
    - A name without its module, as annotations show names imported only for
      type checking (``GameState``), or ``Rules.to_dict``: the name in the one
      rummy500 module that documents it (``rummy500.state.GameState``), if
      exactly one does.
    """
    if target.startswith("rummy500."):
        obj: Any = rummy500
        for part in target.split(".")[1:]:
            obj = getattr(obj, part, None)
            if obj is None:
                return None
        module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
        if isinstance(module, str) and isinstance(qualname, str):
            return f"{module}.{qualname}"
        target = target.split(".")[-1]
    depth = target.count(".") + 2  # rummy500.<module>.<target>
    matches = [n for n in documented if n.endswith("." + target) and n.count(".") == depth]
    return matches[0] if len(matches) == 1 else None


def _resolve_rummy500_name(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: TextElement
) -> Element | None:
    if node.get("refdomain") != "py":
        return None
    domain = env.get_domain("py")
    documented = [name for name, *_ in domain.get_objects() if name.startswith("rummy500.")]
    name = _documented_name(node["reftarget"], documented)
    if name is None:
        return None
    resolved: Element | None = domain.resolve_xref(
        env, node["refdoc"], app.builder, "obj", name, node, contnode
    )
    return resolved


# The pictures of the "pictures" page are drawn at each build, from the objects
# its own examples make (so the pictures always show what the code shows): the
# examples are run, and each object named below is drawn into _generated/.
_PICTURES_PAGE = "pictures.md"
_PICTURES = ("queen", "ten", "joker", "eight", "run", "state", "view")
_GENERATED = "_generated"


def _draw_pictures(app: Sphinx) -> None:
    import contextlib
    import doctest
    import io

    from rummy500.svg import render

    page = Path(app.srcdir) / _PICTURES_PAGE
    namespace: dict[str, Any] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        for example in doctest.DocTestParser().get_examples(page.read_text(encoding="utf-8")):
            exec(compile(example.source, str(page), "exec"), namespace)
    folder = Path(app.srcdir) / _GENERATED
    folder.mkdir(exist_ok=True)
    for name in _PICTURES:
        svg = render(namespace[name])
        path = folder / f"{name}.svg"
        if not path.exists() or path.read_text(encoding="utf-8") != svg:
            path.write_text(svg, encoding="utf-8")


def setup(app: Sphinx) -> None:
    app.connect("builder-inited", _draw_pictures)
    app.connect("missing-reference", _resolve_rummy500_name)
    app.connect("autodoc-process-bases", _public_bases)
    app.connect("autodoc-process-docstring", _keep_attribute_docstring, priority=400)
    app.connect("autodoc-process-docstring", _convert_attribute_docstring, priority=600)
