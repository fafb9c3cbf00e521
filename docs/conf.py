"""Sphinx configuration for the rummy500 documentation.

Build with::

    sphinx-build -n -W --keep-going -b html docs docs/_build/html

Only the ``docs`` extra is needed: the optional libraries that some documented
modules import (Hypothesis, NumPy, Gymnasium, PettingZoo, OpenSpiel, Dask, Ray,
tqdm, Starlette) are mocked when they are not installed.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterable

    from docutils.nodes import Element, TextElement
    from sphinx.addnodes import pending_xref
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

_DOCS = Path(__file__).resolve().parent
# Document the checkout's sources even when the package is not installed
# (an editable install gives the same tree); the docs' own extensions are in _ext.
sys.path.insert(0, str(_DOCS.parent / "src"))
sys.path.insert(0, str(_DOCS / "_ext"))

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
    "sphinx_copybutton",
    # The chart of the presets, drawn from a seeded simulation (docs/_ext).
    "rummy500_chart",
    # sphinx.ext.intersphinx is left out on purpose: the build machines have no
    # network access to fetch the Python inventory, and a build must not depend
    # on it.
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store"]
language = "en"

# Every reference must resolve (-n); the few that cannot are listed below.
nitpicky = True

# -- MyST ---------------------------------------------------------------------

myst_enable_extensions = [
    "colon_fence",  # ::: fences for admonitions
    "deflist",  # definition lists on the rules page
]
# Anchors for headings h1-h3, so that `[text](#a-heading)` links resolve.
myst_heading_anchors = 3

# -- autodoc / napoleon ------------------------------------------------------

autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {
    "members": True,
    "show-inheritance": True,
}
autoclass_content = "class"
# Types read "Rank", not "rummy500.cards.Rank"; each still links to its entry.
python_use_unqualified_type_names = True
# The union of the twelve move classes reads as its name.
autodoc_type_aliases = {
    "Move": "rummy500.Move",
    "Play": "rummy500.Play",
    "Event": "rummy500.session.Event",
    "BotSpec": "rummy500.simulate.BotSpec",
}


def _alias_repr(self: Any) -> str:
    return str(self.name)


# Sphinx writes an alias nested in another type (``tuple[Move, ...]``,
# ``Move | None``) by the repr of its placeholder, "TypeAliasForwardRef('…')";
# the alias's name is meant.
try:
    from sphinx.util.inspect import TypeAliasForwardRef

    TypeAliasForwardRef.__repr__ = _alias_repr  # type: ignore[method-assign]
except ImportError:  # pytest imports this file too, where Sphinx need not be installed
    pass

# The optional libraries of the documented modules: where one is missing (a
# build with only the docs extra) autodoc imports the module against a mock.
_OPTIONAL = (
    "hypothesis",
    "numpy",
    "gymnasium",
    "pettingzoo",
    "pyspiel",
    "open_spiel",
    "dask",
    "distributed",
    "ray",
    "tqdm",
    "starlette",
    "uvicorn",
)
autodoc_mock_imports = [name for name in _OPTIONAL if importlib.util.find_spec(name) is None]

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
    (r"py:(class|obj|exc)", r"(collections\.abc|enum|random|types|typing)\.\w+"),
    (r"py:(class|obj)", r"collections\.Counter"),
    (r"py:(class|obj)", r"pathlib\.Path"),
    (r"py:(class|obj)", r"concurrent\.futures\.(_base\.)?Executor"),
    (r"py:(class|obj)", r"(io\.)?TextIO|numpy\.typing\.\w+|npt\.\w+"),
    # The optional libraries have no inventory here either.
    (r"py:(class|obj)", r"(hypothesis\.strategies|st)\.SearchStrategy"),
    (r"py:(class|obj|exc)", r"(np|numpy|gymnasium|pettingzoo|pyspiel|ray|spaces)(\.\w+)+"),
    # Where they are mocked (a build with the docs extra only), their generic
    # classes are written as "pettingzoo.AECEnv.(<class 'str'>, ...)".
    (r"py:(class|obj)", r"(hypothesis|pettingzoo|gymnasium|numpy)\..*"),
    (r"py:(class|obj)", r"<class '[\w.]+'>"),
    # The private engine (compiled in the compiled build) is not documented: a
    # public class that derives from one of its classes, or an adapter's helper
    # that hands one on, names it unlinked; the public methods it gives a public
    # class are documented on that class (api/adapters.md).
    (r"py:(class|obj)", r"rummy500\._engine\.[\w.]+"),
]
# Sphinx < 7.3 writes types.MappingProxyType by its runtime name; with NumPy mocked, the
# Gymnasium environment's observation type (a union of NumPy arrays) is shown by its name.
nitpick_ignore = [("py:class", "mappingproxy"), ("py:class", "Observation")]

# -- doctest ------------------------------------------------------------------

doctest_global_setup = "import rummy500"

# -- Copy buttons ---------------------------------------------------------------
#
# A copied session pastes into a Python prompt or a shell: the prompts go, and
# so do the outputs (only lines with a prompt are copied).  A bare "..." line is
# the blank line that ends an indented block at the Python prompt.
copybutton_prompt_text = r">>> |\.\.\.(?: |$)|\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True

# -- HTML output --------------------------------------------------------------

html_theme = "furo"
html_title = "rummy500"
html_theme_options = {
    "sidebar_hide_name": False,
    "navigation_with_keys": True,
    "top_of_page_buttons": [],
}
html_static_path = ["_static"]
html_css_files = ["rummy500.css"]
pygments_style = "friendly"
pygments_dark_style = "monokai"


# -- Hooks ----------------------------------------------------------------------


def _public_bases(app: Sphinx, name: str, obj: Any, options: Any, bases: list[type]) -> None:
    """Show public bases only: a private base is replaced by its own bases.

    A private helper class (such as the common base of the knob enums) is not
    documented, so a link to it could not resolve; nor is the internal stored
    part of a state (``rummy500._engine.codes.storage.StateCore``), whose members the
    state's entry shows as its own.
    """
    result: list[type] = []
    pending = list(bases)
    while pending:
        base = pending.pop(0)
        if base.__name__.startswith("_") or base.__module__ == "rummy500._engine.codes.storage":
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


def _composite_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """Drop ``draw`` from a Hypothesis composite strategy's signature.

    ``@st.composite`` supplies it; with Hypothesis mocked, autodoc would show it.
    """
    if name.startswith("rummy500.testing.") and signature and signature.startswith("(draw"):
        return re.sub(r"^\(draw(: [^,)]*)?(, )?", "(", signature), return_annotation
    return None


def _public_name(target: str, documented: Iterable[str]) -> str | None:
    """Where a rummy500 name that Sphinx could not find is documented, if anywhere.

    The reference documents each public object once, under the name users
    import it by: ``rummy500.Card`` for the class defined in ``rummy500.cards``,
    ``rummy500.svg.render`` for a function of a public submodule.  Docstrings and
    annotations name objects by their defining module (``rummy500.cards.Card``,
    ``rummy500.state.GameState.to_dict``) or without a module (``GameState``,
    imported only for type checking): such a name resolves to the documented
    name that ends the same way, the longest such ending first.
    """
    documented = set(documented)
    parts = target.split(".")
    if parts[0] == "rummy500":
        parts = parts[1:]
    for start in range(len(parts)):
        candidate = "rummy500." + ".".join(parts[start:])
        if candidate in documented:
            return candidate
    # A name without its module (or with a module that does not define it):
    # the one documented name that ends with it, the longest ending first.
    for start in range(len(parts)):
        suffix = "." + ".".join(parts[start:])
        matches = [name for name in documented if name.endswith(suffix)]
        if len(matches) == 1:
            return matches[0]
    return None


# Modules that are not documented as such: a reference to one leads to the
# section of the reference that documents its objects.
_MODULE_SECTIONS = {
    "rummy500": "api",
    "rummy500.cards": "api-cards",
    "rummy500.meldcards": "api-cards",
    "rummy500.melds": "api-cards",
    "rummy500._engine.meldgen": "api-cards",
    "rummy500.meldlist": "api-cards",
    "rummy500.state": "api-state",
    "rummy500.seating": "api-state",
    "rummy500.moves": "api-moves",
    "rummy500.notation": "api-moves",
    "rummy500.match": "api-match",
    "rummy500.records": "api-match",
    "rummy500.positions": "api-state",
    "rummy500.views": "api-views",
    "rummy500.playerview": "api-views",
    "rummy500.session": "api-views",
    "rummy500.bots": "api-bots",
    "rummy500.schema": "api-pictures",
    "rummy500.errors": "api-errors",
    "rummy500.rules": "api-rules",
    "rummy500.knobchoices": "api-knob-values",
    "rummy500.knobspecs": "api-rules",
    "rummy500.values": "api-rules",
    "rummy500.cli": "cli",
    "rummy500.adapters.observation": "api-adapters",
}
# Lower-level helpers that docstrings mention but the reference leaves out:
# shown as code, without a link.
_UNDOCUMENTED = frozenset(
    {"card_from_code", "parse_meld_card", "meld_card_from_code", "state_from_json", "tensor"}
)


def _module_section(app: Sphinx, node: pending_xref, contnode: TextElement) -> Element | None:
    from docutils import nodes

    target = node["reftarget"]
    section = _MODULE_SECTIONS.get(target)
    if section is None:
        return None
    document, anchor = ("cli", "") if section == "cli" else ("api", section)
    uri = app.builder.get_relative_uri(node["refdoc"], document)
    reference = nodes.reference(
        "", "", internal=True, refuri=uri + (f"#{anchor}" if anchor and anchor != "api" else "")
    )
    reference += contnode
    return reference


def _resolve_rummy500_name(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: TextElement
) -> Element | None:
    if node.get("refdomain") != "py":
        return None
    if node["reftype"] == "mod":
        return _module_section(app, node, contnode)
    if node["reftarget"].split(".")[-1] in _UNDOCUMENTED:
        return contnode
    domain = env.get_domain("py")
    documented = [name for name, *_ in domain.get_objects() if name.startswith("rummy500.")]
    name = _public_name(node["reftarget"], documented)
    if name is None:
        return None
    resolved: Element | None = domain.resolve_xref(
        env, node["refdoc"], app.builder, "obj", name, node, contnode
    )
    return resolved


def _defining_name(documented: str) -> str | None:
    """The name of a documented object in the module that defines it, if different."""
    obj: Any = rummy500
    parts = documented.split(".")[1:]
    owner_name: str | None = None
    for index, part in enumerate(parts):
        obj = getattr(obj, part, None)
        if obj is None:
            return None
        module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
        if isinstance(module, str) and isinstance(qualname, str) and not isinstance(obj, str):
            owner_name = ".".join([module, qualname, *parts[index + 1 :]])
    return owner_name if owner_name and owner_name != documented else None


def _drop_object_base(app: Sphinx, doctree: Any) -> None:
    """Leave out "Bases: object": every class has it, and it says nothing."""
    from docutils import nodes

    for paragraph in list(doctree.findall(nodes.paragraph)):
        if paragraph.astext() == "Bases: object":
            paragraph.parent.remove(paragraph)


def _drop_repeated_fields(app: Sphinx, doctree: Any) -> None:
    """Keep one "Parameters" and one "Return type" per object.

    With the types in the description, Sphinx adds them to every field list of
    a docstring, so a docstring with prose between its "Args" and its "Raises"
    would show its parameters twice.
    """
    from docutils import nodes
    from sphinx import addnodes

    for content in doctree.findall(addnodes.desc_content):
        seen: set[str] = set()
        for field_list in [
            child for child in content.children if isinstance(child, nodes.field_list)
        ]:
            for field in list(field_list.children):
                name = field[0].astext()
                if name in seen:
                    field_list.remove(field)
                seen.add(name)
            if not field_list.children:
                content.remove(field_list)


def _add_defining_ids(app: Sphinx, doctree: Any) -> None:
    """Give each documented object the ids of its other names too.

    The source pages of viewcode link back to an object by the name of its
    module's first documented object: ``#rummy500.cards.Card`` or
    ``#rummy500.Card``, ``#rummy500.Ace`` for ``rummy500.rules.Ace``.  Each of
    these must land on the object, so each signature also gets the name of
    the object in its defining module and its ``rummy500.X`` form (when no
    other object has that id).
    """
    from sphinx import addnodes

    signatures = list(doctree.findall(addnodes.desc_signature))
    taken = {node_id for signature in signatures for node_id in signature["ids"]}
    for signature in signatures:
        module, fullname = signature.get("module"), signature.get("fullname")
        if not module or not fullname or not module.startswith("rummy500"):
            continue
        for name in (_defining_name(f"{module}.{fullname}"), f"rummy500.{fullname}"):
            if name is not None and name not in taken:
                signature["ids"].append(name)
                taken.add(name)


# The pictures of the "pictures" page are drawn at each build, from the objects
# its own examples make (so the pictures always show what the code shows): the
# examples are run, and each object named below is drawn into _generated/.
_PICTURES_PAGE = "pictures.md"
_PICTURES = ("queen", "ten", "joker", "eight", "run", "state", "view", "hand")
_GENERATED = "_generated"
_TOURNAMENT_PAGE = "tournament.md"


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
        _write(folder / f"{name}.svg", render(namespace[name]))
    _write(folder / "table.svg", render(namespace["state"]))
    # The tournament page's chart: the ratings of the tournament its example plays.
    page = Path(app.srcdir) / _TOURNAMENT_PAGE
    namespace = {}
    with contextlib.redirect_stdout(io.StringIO()):
        for example in doctest.DocTestParser().get_examples(page.read_text(encoding="utf-8")):
            exec(compile(example.source, str(page), "exec"), namespace)
    _write(folder / "tournament.svg", namespace["result"].chart())


def _write(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def setup(app: Sphinx) -> None:
    app.connect("builder-inited", _draw_pictures)
    app.connect("missing-reference", _resolve_rummy500_name)
    app.connect("autodoc-process-bases", _public_bases)
    app.connect("autodoc-process-docstring", _keep_attribute_docstring, priority=400)
    app.connect("autodoc-process-docstring", _convert_attribute_docstring, priority=600)
    app.connect("autodoc-process-signature", _composite_signature)
    app.connect("doctree-read", _add_defining_ids)
    app.connect("doctree-read", _drop_object_base)
    app.connect("doctree-read", _drop_repeated_fields)
