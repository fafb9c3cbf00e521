"""The import graph of the package, counting the imports made inside functions.

Usage (from the repository root)::

    python scripts/import_graph.py            # cycles, layers, sizes
    python scripts/import_graph.py --edges    # every import edge too

It reads the source with :mod:`ast` (nothing is imported or run): every
``import`` and ``from ... import`` of a ``rummy500`` module, at module level
or inside a function, except those under ``if TYPE_CHECKING:``.  It prints
the import cycles (strongly connected components of more than one module, or
a module importing itself), the modules by layer (a module's layer is one
more than the highest layer it imports), the largest modules and functions,
and every name starting with ``_`` that one module imports from another.
``tests/test_architecture.py`` checks the same facts.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
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


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import node, skipping the bodies of ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                yield from _imports(child)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        yield from _imports(node)


def _resolve(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def edges(known: dict[str, Path]) -> dict[str, dict[str, set[str]]]:
    """For each module, the package modules it imports and the names taken from each."""
    graph: dict[str, dict[str, set[str]]] = {name: {} for name in known}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_package = path.name == "__init__.py"
        for node in _imports(tree):
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
    args = parser.parse_args(argv)
    known = modules()
    graph = edges(known)
    all_cycles = cycles(graph)
    real = cycles(without_exceptions(graph))
    print(f"{len(known)} modules, {sum(len(t) for t in graph.values())} import edges")
    print(f"cycles (imports inside functions counted): {all_cycles or 'none'}")
    print(f"documented exceptions: {sorted(DOCUMENTED_EXCEPTIONS)}")
    print(f"cycles without the documented exceptions: {real or 'none'}")
    if not real:
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
