"""The blueprint's conventions file: the shipped one validates, a bad one is refused
with an error that names what is wrong, any valid values and overrides survive a round
trip, and an override applies at its tier or venue only, a venue's own before its tier's."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from services.beat import GAME
from services.beat import venues as V
from solver.beat import live
from solver.beat.blueprint import data


def _raw() -> dict:
    return json.loads(data.PATH.read_text())


def _write(tmp_path, raw) -> str:
    path = tmp_path / "conventions.json"
    path.write_text(raw if isinstance(raw, str) else json.dumps(raw))
    return str(path)


def test_the_shipped_file_validates_and_is_in_use():
    values = data.load()
    assert set(values) == set(data.SCHEMA)
    assert all(set(per) == set(data.SEATS) for per in values.values())
    assert data.current() == values


def test_every_grid_value_is_valid():
    for name, entry in data.SCHEMA.items():
        assert entry.grid, name
        for value in entry.grid:
            assert data._check(name, 2, value) == value


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["values"].update(bogus={"2": 1, "3": 1, "4": 1}), "unknown entries: bogus"),
        (lambda r: r["values"].pop("aim_loud"), "missing entries: aim_loud"),
        (
            lambda r: r["values"]["aim_loud"].update({"3": 1.5}),
            "aim_loud at 3 seats: 1.5 is outside",
        ),
        (lambda r: r["values"]["cost_per_point"].update({"2": "high"}), "expected a number"),
        (lambda r: r["values"]["cue_max_width"].update({"4": 2.5}), "expected a whole number"),
        (lambda r: r["values"]["face_up_signal"].update({"2": 1}), "expected true or false"),
        (lambda r: r["values"]["copy_order"].update({"2": "random"}), "expected one of"),
        (lambda r: r["values"]["solo_cost"].pop("4"), 'exactly the seat counts "2", "3", "4"'),
        (lambda r: r["values"].update(pass_cost=0.04), "expected an object by seat count"),
        (lambda r: r.pop("values"), 'an object with a "values" object'),
        (lambda r: r.update(overrides=[]), '"overrides" is an object by tier or venue id'),
        (
            lambda r: r.update(overrides={"legendary": {"solo_cost": {"4": 0.1}}}),
            "unknown tier or venue 'legendary'",
        ),
        (lambda r: r.update(overrides={"hard": {}}), "overrides of hard: expected an object"),
        (
            lambda r: r.update(overrides={"hard": {"bogus": {"4": 1}}}),
            "overrides of hard: unknown entries: bogus",
        ),
        (
            lambda r: r.update(overrides={"garage": {"solo_cost": {"5": 0.1}}}),
            "overrides of garage: solo_cost: expected an object by seat count",
        ),
        (
            lambda r: r.update(overrides={"medium": {"aim_loud": {"3": 1.5}}}),
            "aim_loud at 3 seats: 1.5 is outside",
        ),
    ],
)
def test_a_bad_file_is_refused_with_a_clear_error(tmp_path, change, message):
    raw = _raw()
    change(raw)
    with pytest.raises(data.ConventionsError, match=message.replace("(", r"\(")):
        data.load(_write(tmp_path, raw))


def test_a_file_that_is_not_json_is_refused(tmp_path):
    with pytest.raises(data.ConventionsError, match="not valid JSON"):
        data.load(_write(tmp_path, "{values:"))


def test_a_bad_value_is_refused_in_use_and_the_old_ones_stay():
    before = data.current()
    bad = data.current()
    bad["aim_on_point"][2] = 2.0
    with pytest.raises(data.ConventionsError):
        data.use(bad)
    assert data.current() == before


VALUES = st.fixed_dictionaries(
    {
        name: st.fixed_dictionaries({n: st.sampled_from(entry.grid) for n in data.SEATS})
        for name, entry in data.SCHEMA.items()
    }
)
#: a scope's changes: some entries, at some seat counts
CHANGES = st.sets(st.sampled_from(sorted(data.SCHEMA)), min_size=1, max_size=6).flatmap(
    lambda picked: st.fixed_dictionaries(
        {
            name: st.dictionaries(
                st.sampled_from(data.SEATS), st.sampled_from(data.SCHEMA[name].grid), min_size=1
            )
            for name in picked
        }
    )
)
OVERRIDES = st.dictionaries(st.sampled_from(data.scopes()), CHANGES, max_size=5)
VENUES = V.load_venues()


def _expected(values, overrides, name, players, venue):
    """The value the file means at ``venue``, read off the file's own words."""
    for scope in (venue.id, "easy" if venue.tier == "starter" else venue.tier):
        if players in overrides.get(scope, {}).get(name, {}):
            return overrides[scope][name][players]
    return values[name][players]


@settings(max_examples=30, deadline=None)
@given(values=VALUES, overrides=OVERRIDES)
def test_valid_values_round_trip_through_the_file(tmp_path_factory, values, overrides):
    path = tmp_path_factory.mktemp("conv") / "conventions.json"
    path.write_text(data.to_json(values, "a test", overrides))
    assert data.load(path) == values
    assert data.load_overrides(path) == overrides
    with data.using(values, overrides):
        assert data.current() == values and data.current_overrides() == overrides
        for name, n in itertools.product(data.SCHEMA, data.SEATS):
            assert data.get(name, n, None) == values[name][n]
            for venue in VENUES:
                want = _expected(values, overrides, name, n, venue)
                assert data.get(name, n, venue.id) == want, (name, n, venue.id)
    assert data.current() == data.load()
    assert data.current_overrides() == data.load_overrides()


def test_an_override_changes_its_tier_only_and_a_venue_beats_its_tier():
    values = data.current()
    overrides = {
        "hard": {"solo_cost": {4: 0.5}},
        "warken": {"solo_cost": {4: 0.9}},
        "easy": {"aim_loud": {3: 0.85}},
    }
    with data.using(values, overrides):
        assert data.get("solo_cost", 4, "black_hole") == 0.5
        assert data.get("solo_cost", 4, "warken") == 0.9
        assert data.get("solo_cost", 3, "black_hole") == values["solo_cost"][3]
        assert data.get("solo_cost", 4, "burning_star") == values["solo_cost"][4]
        assert data.get("aim_loud", 3, "garage") == 0.85  # the starter venue is easy
        assert data.get("aim_loud", 3, "red_rocks") == 0.85
    assert data.current_overrides() == data.load_overrides()


@pytest.mark.parametrize("venue", [v.id for v in VENUES])
def test_every_convention_is_read_at_the_venue_in_play(monkeypatch, venue):
    """A band playing a venue reads every convention at that venue (an override of its
    tier or of it applies), never the values without overrides."""
    reads: list[tuple[str, int, str | None]] = []
    real = data.get

    def spy(name: str, players: int, at: str | None):
        reads.append((name, players, at))
        return real(name, players, at)

    monkeypatch.setattr(data, "get", spy)
    players = 3
    state = GAME.new(players, {"venue": venue, "mode": "puzzle"}, 1)
    live.replay_band(state)
    assert reads
    assert {(n, at) for _, n, at in reads} == {(players, venue)}
