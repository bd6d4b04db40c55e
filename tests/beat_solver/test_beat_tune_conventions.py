"""The conventions tuner: a scoped change lands in its scope's overrides only, and a
run for some seat counts keeps what the file holds for the others."""

from __future__ import annotations

import random

from solver.beat.blueprint import data
from tools.beat import tune_conventions as T


def _shipped() -> T.Conventions:
    return data.current(), data.current_overrides()


def test_a_scoped_value_is_an_override_and_the_values_stay():
    values, overrides = _shipped()
    changed = T._with((values, overrides), "solo_cost", 4, 0.5, "medium")
    assert changed[0] == values
    assert changed[1]["medium"]["solo_cost"] == {4: 0.5}
    assert T._at(changed, "solo_cost", 4, "medium") == 0.5
    assert T._at(changed, "solo_cost", 3, "medium") == values["solo_cost"][3]
    # a venue's value is its tier's until it has its own
    assert T._at(changed, "solo_cost", 4, "burning_star") == 0.5
    own = T._with(changed, "solo_cost", 4, 0.0, "burning_star")
    assert T._at(own, "solo_cost", 4, "burning_star") == 0.0
    assert T._at(own, "solo_cost", 4, "stellar_studio") == 0.5
    everywhere = T._with((values, overrides), "solo_cost", 4, 0.5, None)
    assert everywhere[0]["solo_cost"][4] == 0.5 and everywhere[1] == overrides


def test_the_scopes_cover_their_venues():
    assert T.in_scope("easy") == ["garage", "twin_moon", "red_rocks", "area_fifty", "roswell"]
    assert len(T.in_scope("medium")) == 11 and len(T.in_scope("hard")) == 10
    assert T.in_scope("warken") == ["warken"]
    assert len(T.in_scope(None)) == 26


def test_a_run_keeps_the_other_seat_counts():
    values, _ = _shipped()
    ours = T._with(T._with((values, {}), "aim_loud", 4, 0.85, None), "solo_cost", 4, 0.5, "hard")
    theirs = T._with(T._with((values, {}), "aim_loud", 3, 0.55, None), "solo_cost", 3, 0.0, "hard")
    theirs = T._with(theirs, "solo_cost", 4, 1.0, "hard")
    merged_values, merged_overrides = T.merge_seats(ours, theirs, [4])
    assert merged_values["aim_loud"] == {**values["aim_loud"], 3: 0.55, 4: 0.85}
    assert merged_overrides == {"hard": {"solo_cost": {3: 0.0, 4: 0.5}}}


def test_a_scoped_run_tunes_its_scope_only(tmp_path, monkeypatch):
    """A scoped run keeps what wins at its venues as that scope's override, and the
    values everywhere stay.  The deals are scored by a stand-in that reads the value in
    play at the venue (the band's play is tested elsewhere; here, the search's books)."""

    def wins(players: int, venues: list[str], seeds: range) -> int:
        return 100 if data.get("solo_cost", players, venues[0]) == 0.08 else 50

    monkeypatch.setattr(T, "band_wins", wins)
    saved: list[T.Conventions] = []
    before = _shipped()
    try:
        values, overrides = T.tune_seats(
            before,
            2,
            T.in_scope("medium"),
            range(0, 2),
            range(0, 2),
            passes=1,
            min_gain=1,
            rng=random.Random(0),
            save=saved.append,
            entries=["solo_cost", "reserve_cost"],
            scope="medium",
        )
    finally:
        data.use(*before)
    assert values == before[0]
    assert overrides == {**before[1], "medium": {"solo_cost": {2: 0.08}}}
    assert saved and saved[-1] == (values, overrides)
    path = tmp_path / "c.json"
    path.write_text(data.to_json(values, "t", overrides))
    assert data.load_overrides(path) == overrides
