"""The import graph of the package, counting the imports made inside functions.

Usage (from the repository root)::

    python scripts/import_graph.py                  # cycles, layers, sizes
    python scripts/import_graph.py --edges          # every import edge too
    python scripts/import_graph.py --type-checking  # layers and edges with type-only imports

It reads the source with :mod:`ast` (nothing is imported or run): every
``import`` and ``from ... import`` of a ``rummy500`` module, at module level
or inside a function, except those under ``if TYPE_CHECKING:``, which a type
checker reads but the program never runs.  It prints the import cycles
(strongly connected components of more than one module, or a module
importing itself) twice: of the imports that run, and of those together with
the type-only ones (a circle a type checker still follows).  Then the
modules by layer (a module's layer is one more than the highest layer it
imports), the largest modules and functions, and every name starting with
``_`` that one module imports from another.  ``tests/test_architecture.py``
checks the same facts.  The exit status is 1 if either count finds a cycle
beyond the documented exceptions.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "rummy500"

#: Imports allowed to run upwards: none (``GameState``'s position methods reach
#: ``rummy500.positions`` through the format it installs, not by an import).
DOCUMENTED_EXCEPTIONS: frozenset[tuple[str, str]] = frozenset()


def module_name(path: Path) -> str:
    """The dotted module name of a file of the package."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    name = ".".join(parts)
    return name.removesuffix(".__init__")


def modules() -> dict[str, Path]:
    """Every module of the package by name."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(
    nodes: Iterable[ast.AST], type_checking: bool
) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import node among ``nodes`` and inside them.

    Those in the body of ``if TYPE_CHECKING:`` count only if ``type_checking``;
    those of its ``else:`` (what runs) always.
    """
    for node in nodes:
        if isinstance(node, ast.If) and _is_type_checking(node) and not type_checking:
            yield from _imports(node.orelse, type_checking)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        yield from _imports(ast.iter_child_nodes(node), type_checking)


def _resolve(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def edges(known: dict[str, Path], *, type_checking: bool = False) -> dict[str, dict[str, set[str]]]:
    """For each module, the package modules it imports and the names taken from each.

    With ``type_checking``, the imports under ``if TYPE_CHECKING:`` count too.
    """
    graph: dict[str, dict[str, set[str]]] = {name: {} for name in known}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_package = path.name == "__init__.py"
        for node in _imports(tree.body, type_checking):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in known and alias.name != name:
                        graph[name].setdefault(alias.name, set())
                continue
            target = _resolve(node, name, is_package)
            for alias in node.names:
                submodule = f"{target}.{alias.name}"
                if submodule in known:  # from package import module
                    if submodule != name:
                        graph[name].setdefault(submodule, set())
                    # the name is read off the package, whose __init__ runs first
                    if target in known and target != name:
                        graph[name].setdefault(target, set())
                elif target in known and target != name:
                    graph[name].setdefault(target, set()).add(alias.name)
    return graph


def cycles(graph: dict[str, dict[str, set[str]]]) -> list[list[str]]:
    """The import cycles: strongly connected components (Tarjan), largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for node in graph:
        if node not in index:
            visit(node)
    return sorted(found, key=len, reverse=True)


def without_exceptions(graph: dict[str, dict[str, set[str]]]) -> dict[str, dict[str, set[str]]]:
    """The graph less the documented upward imports."""
    return {
        source: {t: n for t, n in targets.items() if (source, t) not in DOCUMENTED_EXCEPTIONS}
        for source, targets in graph.items()
    }


def layers(graph: dict[str, dict[str, set[str]]]) -> dict[str, int]:
    """Each module's layer: 0 for a module importing nothing of the package (acyclic graph)."""
    result: dict[str, int] = {}

    def layer(node: str) -> int:
        if node not in result:
            result[node] = 0  # guards against a cycle; the graph should have none
            result[node] = 1 + max((layer(t) for t in graph[node]), default=-1)
        return result[node]

    for node in graph:
        layer(node)
    return result


def private_imports(graph: dict[str, dict[str, set[str]]]) -> list[tuple[str, str, str]]:
    """Names starting with ``_`` imported from another module: (importer, module, name)."""
    return sorted(
        (source, target, name)
        for source, targets in graph.items()
        for target, names in targets.items()
        for name in names
        if name.startswith("_") and not name.startswith("__")
    )


def function_sizes(known: dict[str, Path]) -> list[tuple[int, str]]:
    """Every function and method with its length in lines, largest first."""
    sizes = []
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                sizes.append((length, f"{name}.{node.name}"))
    return sorted(sizes, reverse=True)


def main(argv: list[str] | None = None) -> int:
    """Print the report; exit status 1 if there is a cycle beyond the documented exceptions."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edges", action="store_true", help="print every import edge")
    parser.add_argument("--top", type=int, default=5, help="how many largest modules/functions")
    parser.add_argument(
        "--type-checking",
        action="store_true",
        help="count the type-only imports (under `if TYPE_CHECKING:`) in the layers and edges",
    )
    args = parser.parse_args(argv)
    known = modules()
    runtime, typed = edges(known), edges(known, type_checking=True)
    graph = typed if args.type_checking else runtime
    # the type-only imports add edges to those that run: its cycles hold every other one
    real = cycles(without_exceptions(typed))
    kind = "import edges, type-only imports included" if args.type_checking else "import edges"
    print(f"{len(known)} modules, {sum(len(t) for t in graph.values())} {kind}")
    print(f"cycles (imports inside functions counted): {cycles(runtime) or 'none'}")
    print(f"cycles (type-only imports counted too): {cycles(typed) or 'none'}")
    print(f"documented exceptions: {sorted(DOCUMENTED_EXCEPTIONS)}")
    print(f"cycles without the documented exceptions: {real or 'none'}")
    if not cycles(without_exceptions(graph)):
        by_layer: dict[int, list[str]] = {}
        for module, number in layers(without_exceptions(graph)).items():
            by_layer.setdefault(number, []).append(module)
        print("layers (0 imports nothing of the package):")
        for number in sorted(by_layer):
            print(f"  {number:2}: {', '.join(sorted(by_layer[number]))}")
    print(f"private names imported across modules: {private_imports(graph) or 'none'}")
    sizes = sorted(
        (
            (len(path.read_text(encoding="utf-8").splitlines()), name)
            for name, path in known.items()
        ),
        reverse=True,
    )
    print("largest modules (lines): " + ", ".join(f"{n} {s}" for s, n in sizes[: args.top]))
    print(
        "largest functions (lines): "
        + ", ".join(f"{n} {s}" for s, n in function_sizes(known)[: args.top])
    )
    if args.edges:
        for source in sorted(graph):
            for target in sorted(graph[source]):
                names = ", ".join(sorted(graph[source][target]))
                print(f"  {source} -> {target}: {names}")
    return 1 if real else 0


if __name__ == "__main__":
    sys.exit(main())
