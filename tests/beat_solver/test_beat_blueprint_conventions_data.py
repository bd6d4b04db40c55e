"""The blueprint's conventions file: the shipped one validates, a bad one is refused
with an error that names what is wrong, and any valid values survive a round trip."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


@settings(max_examples=30, deadline=None)
@given(values=VALUES)
def test_valid_values_round_trip_through_the_file(tmp_path_factory, values):
    path = tmp_path_factory.mktemp("conv") / "conventions.json"
    path.write_text(data.to_json(values, "a test"))
    assert data.load(path) == values
    with data.using(values):
        assert data.current() == values
        assert all(data.get(name, n) == values[name][n] for name in values for n in data.SEATS)
    assert data.current() == data.load()
