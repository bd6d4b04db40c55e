"""The layering DESIGN.md promises, checked on the source: rules are pure, solvers never
import Flask, and the API never loads OR-Tools (validators stay light)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


#: the Redis adapters (services/store) are the one package under services that talks to
#: Redis; every other (the rules, the play layer) imports none of these
_NOT_IN_SERVICES = {"flask", "flask_smorest", "redis", "rq", "api", "workers"}
_ALSO_ALLOWED = {"store": {"redis"}}


def test_game_rules_import_no_web_store_or_queue():
    for game_dir in (ROOT / "services").iterdir():
        if not game_dir.is_dir() or game_dir.name.startswith("__"):
            continue
        forbidden = _NOT_IN_SERVICES - _ALSO_ALLOWED.get(game_dir.name, set())
        for path in game_dir.rglob("*.py"):
            bad = imported_roots(path) & forbidden
            assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_solvers_never_import_flask_or_the_api():
    for path in (ROOT / "solver").rglob("*.py"):
        bad = imported_roots(path) & {"flask", "flask_smorest", "api"}
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_the_api_loads_without_or_tools():
    code = (
        "import sys, api.app; api.app.create_app; "
        "from solver.registry import PROBLEMS, resolve; "
        "[resolve(p.validate) for p in PROBLEMS.values()]; "
        "assert 'ortools' not in sys.modules, 'ortools was imported'"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
