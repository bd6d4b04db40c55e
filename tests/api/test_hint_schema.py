"""Every field a hint of any game returns is documented in the HintResult schema, Beat's
estimates in BeatEstimate, and both are in the published OpenAPI document."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hint_walk import walk

from api.jobs.hint_schema import BeatEstimateSchema, HintResultSchema

ROOT = Path(__file__).resolve().parents[2]

GAMES = [
    ("beat", 2, {}),
    ("beat", 2, {"mode": "puzzle"}),
    ("overdrive", 2, {}),
    ("composition", 2, {}),
    ("composition", 1, {}),
    ("tour", 1, {}),
    ("tempo-muse", 2, {}),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_every_field_of_a_hint_is_documented(game, players, options):
    schema, estimate = HintResultSchema(), BeatEstimateSchema()
    seen = set()
    # Overdrive's CP-SAT may find no plan at all in a tenth of a second on a busy machine
    budget = 2.0 if game == "overdrive" else 0.1
    for _state, seat, hint in walk(game, players, 3, 16, budget, **options):
        result = {"game_id": "g", "version": 1, "seat": seat, **hint}
        assert schema.validate(result) == {}, sorted(set(result) - set(schema.fields))
        if isinstance(hint.get("estimates"), list):
            for row in hint["estimates"]:
                assert estimate.validate(row) == {}
        seen |= set(hint)
    assert {"actions", "why"} <= seen


def test_the_schemas_are_published_with_every_field_described():
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    for name, schema in (("HintResult", HintResultSchema), ("BeatEstimate", BeatEstimateSchema)):
        published = spec["components"]["schemas"][name]["properties"]
        assert set(published) == set(schema().fields)
        assert all(p.get("description") for p in published.values())
