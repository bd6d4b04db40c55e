"""The layer contracts of `make lint` hold on the tree, and they fail on a circle or on a
layer crossing put in on purpose (in a copy of the sources, never in the tree itself)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from import_graph import PACKAGES, build, circles

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(where: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(where)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"], cwd=where, env=env, capture_output=True, text=True
    )


@pytest.fixture
def copy_of_sources(tmp_path: Path) -> Path:
    """The packages' Python files and pyproject.toml (which holds the contracts)."""
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package,
            tmp_path / package,
            ignore=lambda d, names: (
                [n for n in names if n == "__pycache__"]
                + [n for n in names if "." in n and not n.endswith(".py")]
            ),
        )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def add_import(path: Path, statement: str) -> None:
    text = path.read_text()
    head, sep, rest = text.partition("from __future__ import annotations\n")
    path.write_text(head + sep + statement + "\n" + rest if sep else statement + "\n" + text)


def test_the_tree_keeps_every_contract():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_module_is_part_of_an_import_circle():
    assert circles(build()) == []


def test_a_circle_inside_a_package_breaks_both_checks(copy_of_sources, monkeypatch):
    # api.app imports api.config; api.config importing api.app closes a circle
    add_import(copy_of_sources / "api" / "config.py", "import api.app  # noqa")
    result = lint_imports(copy_of_sources)
    assert result.returncode != 0
    assert "No import circles inside any package BROKEN" in result.stdout
    monkeypatch.syspath_prepend(str(copy_of_sources))
    for name in [m for m in sys.modules if m.split(".")[0] in PACKAGES]:
        monkeypatch.delitem(sys.modules, name)
    found = circles(build())
    assert any({"api.app", "api.config"} <= set(group) for group in found), found


def test_a_circle_across_packages_breaks_the_layers(copy_of_sources):
    # the api imports the play layer; the play layer importing the api closes a circle
    add_import(copy_of_sources / "services" / "play" / "bots.py", "import api.app  # noqa")
    result = lint_imports(copy_of_sources)
    assert result.returncode != 0
    assert "The play layer imports no Redis, RQ or Flask" in result.stdout
    assert "api and workers never import each other BROKEN" in result.stdout


def test_the_api_reaching_for_the_workers_breaks_the_layers(copy_of_sources):
    add_import(copy_of_sources / "api" / "games" / "seating_api.py", "import workers.bot_turns")
    result = lint_imports(copy_of_sources)
    assert result.returncode != 0
    assert "api and workers never import each other BROKEN" in result.stdout


def test_rules_reaching_for_redis_break_the_contracts(copy_of_sources):
    add_import(copy_of_sources / "services" / "tour" / "game.py", "import redis  # noqa")
    result = lint_imports(copy_of_sources)
    assert result.returncode != 0
    assert "Rule packages import nothing of play" in result.stdout


def test_the_play_layer_reaching_for_the_store_breaks_the_contracts(copy_of_sources):
    # the play layer talks to its ports; the Redis adapters implement them
    add_import(copy_of_sources / "services" / "play" / "moves.py", "import services.store.games")
    result = lint_imports(copy_of_sources)
    assert result.returncode != 0
    assert "The play layer imports no Redis, RQ or Flask" in result.stdout


def test_the_store_reaching_for_flask_breaks_the_contracts(copy_of_sources):
    add_import(copy_of_sources / "services" / "store" / "keys.py", "import flask  # noqa")
    result = lint_imports(copy_of_sources)
    assert result.returncode != 0
    assert "The store imports no Flask and nothing of api or workers BROKEN" in result.stdout
