"""The shape of the house, held by tests: no import cycle, small modules, short functions.

Layer contracts (which package may import which) are import-linter's, in pyproject.toml and
run by .ci/run; this file checks what import-linter does not: cycles between any two modules
(including imports inside functions, but for the few function-local ones a contract names in its
``ignore_imports``, each with the reason beside it) and the size limits of ARCHITECTURE.md.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from .contracts import contract_exceptions
from .needs import import_module

grimp = import_module("grimp")

PACKAGE = Path(__file__).resolve().parents[1] / "simpeval"
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60
#: The marker a kernel carries when its length is its speed (ARCHITECTURE.md).
KERNEL_MARKER = "length is its speed"


def _strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm: the strongly connected components with more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def test_contract_exceptions_are_local_imports() -> None:
    """Every import a contract lets through is made inside a function, never at a module's top
    (none is let through today: the resampler lives below the metrics, and ``simpeval.report`` installs
    the result model's renderers, so neither layer imports upwards)."""
    exceptions = contract_exceptions()
    for importer, imported in exceptions:
        path = PACKAGE.parent.joinpath(*importer.split(".")).with_suffix(".py")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
        local = [
            node
            for function in ast.walk(tree)
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
            for node in ast.walk(function)
            if isinstance(node, ast.ImportFrom)
        ]
        short = imported.rsplit(".", 1)[-1]
        assert not any(isinstance(n, ast.ImportFrom) and (n.module or "").endswith(short) for n in top), importer
        assert any((n.module or "").endswith(short) for n in local), (importer, imported)


def test_no_import_cycles() -> None:
    graph = grimp.build_graph("simpeval")
    # A package's __init__ re-exporting its submodules is not a cycle of concepts: leave out
    # the edges from a package to its own submodules, and the function-local imports a contract names.
    named = contract_exceptions()
    edges = {
        module: {
            imported
            for imported in graph.find_modules_directly_imported_by(module)
            if not imported.startswith(module + ".") and (module, imported) not in named
        }
        for module in graph.modules
    }
    assert _strongly_connected(edges) == []


def _python_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", _python_files(), ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_modules_are_small(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= MAX_MODULE_LINES


@pytest.mark.parametrize("path", _python_files(), ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_functions_are_short(path: Path) -> None:
    """No function over 60 lines of code (signature to last line, the docstring not counted)
    unless a comment right above it says that it is a kernel whose length is its speed."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    too_long = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant):
                docstring = body[0]
                length -= (docstring.end_lineno or docstring.lineno) - docstring.lineno + 1
            above = "\n".join(lines[max(0, first - 5) : first - 1])
            if length > MAX_FUNCTION_LINES and KERNEL_MARKER not in above:
                too_long.append(f"{node.name} ({length} lines, line {node.lineno})")
    assert too_long == []
