"""Every built-in spec names code and files that exist: the game under its own id, its hint,
problems and preload, its doc and its web table."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.core import Game
from services.game_specs import BUILTIN
from solver.registry import resolve

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "web" / "static" / "js" / "tables"


@pytest.mark.parametrize("spec", BUILTIN, ids=[s.id for s in BUILTIN])
def test_a_spec_names_what_exists(spec):
    game = resolve(spec.rules)
    assert isinstance(game, Game) and game.name == spec.id
    for target in [spec.hint, spec.preload]:
        if target is not None:
            assert callable(resolve(target)), target
    for problem in spec.problems.values():
        assert callable(resolve(problem.validate)) and callable(resolve(problem.solve))
    assert spec.doc is not None and (ROOT / spec.doc).is_file(), spec.doc
    assert spec.web_table is not None and (TABLES / spec.web_table).is_file(), spec.web_table


def test_every_table_file_of_the_page_is_named_by_a_spec():
    named = {spec.web_table for spec in BUILTIN}
    shared = {"generic.js", "index.js", "cards.js"}  # the fallback, the loader, shared card faces
    assert {p.name for p in TABLES.glob("*.js")} - shared == named
