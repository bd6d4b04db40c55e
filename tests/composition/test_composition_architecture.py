"""Composition's modules form a one-way stack: no import cycle in its rules or its solver.

Every import counts, also those inside functions (a deferred import still ties
two modules together), so a cycle cannot hide behind a lazy import.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("services/composition", "solver/composition")


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the modules of PACKAGES it imports (``from pkg import mod`` names mod)."""
    files = {_module_name(p, root): p for pkg in PACKAGES for p in (root / pkg).rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in files}
    for mod, path in files.items():
        for node in ast.walk(ast.parse(path.read_text())):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                subs = [f"{node.module}.{a.name}" for a in node.names]
                targets = [s for s in subs if s in files] or [node.module]
            graph[mod] |= {t for t in targets if t in files and t != mod}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` as a path (first module repeated at the end), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return stack[stack.index(n) :] + [n]
            if n not in state and (found := visit(n)):
                return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_composition_rules_and_solver_import_no_cycle():
    graph = import_graph()
    assert "solver.composition.search" in graph and "services.composition.game" in graph
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph))


def test_the_cycle_finder_sees_a_deferred_import_cycle(tmp_path):
    # the check itself must fail on a cycle made only of an import inside a function
    for pkg in PACKAGES:
        (tmp_path / pkg).mkdir(parents=True)
        (tmp_path / pkg / "__init__.py").write_text("")
    (tmp_path / "solver/composition/a.py").write_text("from solver.composition.b import f\n")
    (tmp_path / "solver/composition/b.py").write_text(
        "def f():\n    from solver.composition import a\n"
    )
    graph = import_graph(tmp_path)
    assert find_cycle(graph) == ["solver.composition.a", "solver.composition.b"] + [
        "solver.composition.a"
    ]
