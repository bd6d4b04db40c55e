"""Every built-in game's rule package has the same shape (docs/adding-a-game.md): ``game.py``
holds the Game, beside ``setup.py``, ``actions.py``, ``views.py`` and ``content.py``.  Which
modules a rule package may import is the import-linter's (test_layer_contracts.py)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from services.game_specs import BUILTIN

SKELETON = ("__init__.py", "game.py", "setup.py", "actions.py", "views.py", "content.py")


def missing_parts(package: Path) -> list[str]:
    """The skeleton's files that ``package`` lacks."""
    return [name for name in SKELETON if not (package / name).is_file()]


@pytest.mark.parametrize("spec", BUILTIN, ids=lambda spec: spec.id)
def test_the_rule_package_has_the_skeleton(spec):
    module_name, attribute = spec.rules.split(":")
    package = importlib.import_module(module_name)
    assert package.__file__ is not None and package.__file__.endswith("__init__.py"), (
        f"{spec.id}: the rules {spec.rules} are not a package"
    )
    assert missing_parts(Path(package.__file__).parent) == []
    game = getattr(package, attribute)
    assert type(game).__module__ == f"{module_name}.game", "the Game is defined in game.py"


def test_a_package_without_views_is_caught(tmp_path):
    for name in SKELETON:
        (tmp_path / name).write_text("")
    (tmp_path / "views.py").unlink()
    assert missing_parts(tmp_path) == ["views.py"]
