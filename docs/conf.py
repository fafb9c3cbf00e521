"""Sphinx configuration for the rummy500 documentation.

Build with::

    sphinx-build -n -W --keep-going -b html docs docs/_build/html
"""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

# Document the checkout's sources even when the package is not installed
# (an editable install gives the same tree).
_SRC = Path(__file__).resolve().parent.parent / "src"
sys.path.insert(0, str(_SRC))

# -- Project information ------------------------------------------------------

project = "rummy500"
author = "rummy500 developers"
copyright = "rummy500 developers"  # noqa: A001 (Sphinx's name for this setting)

try:
    release = metadata.version("rummy500")
except metadata.PackageNotFoundError:  # building from a bare checkout
    release = "0.1.0.dev0"
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
# Anchors for headings (h1-h3), so README links like `#quick-start` resolve.
myst_heading_anchors = 3

# -- autodoc / napoleon ------------------------------------------------------

autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {
    "members": True,
    "show-inheritance": True,
}
autodoc_preserve_defaults = True
autoclass_content = "class"

napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
napoleon_attr_annotations = True

# -- Nitpicky exceptions -------------------------------------------------------
#
# Without intersphinx there is no inventory for the standard library: builtins
# and ``typing`` names are resolved by Sphinx itself, everything else from the
# standard library below is simply not linked.  attrs' own classes are not
# documented here either.  Anything of rummy500 itself must resolve.
nitpick_ignore_regex = [
    (r"py:(class|obj|exc|data)", r"(collections\.abc|enum|random|types|typing_extensions)\.\w+"),
    (r"py:(class|obj|data)", r"(attr|attrs)\.[\w.]+"),
]

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


def _public_bases(
    app: object, name: str, obj: object, options: object, bases: list[type]
) -> None:
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


def setup(app: object) -> None:
    app.connect("autodoc-process-bases", _public_bases)  # type: ignore[attr-defined]
