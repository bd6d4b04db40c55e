"""The data file loads, and validation names the broken field."""

from __future__ import annotations

import copy

import pytest
import yaml

from services.tour import content as tc


def _broken(tmp_path, mutate):
    data = copy.deepcopy(tc.content())
    mutate(data)
    path = tmp_path / "tour.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_shipped_file_is_valid():
    data = tc.load()
    assert set(data["venues"]) >= {"coffee_house", "main_stage"}


@pytest.mark.parametrize(
    "mutate,needle",
    [
        (lambda d: d.pop("venues"), "venues"),
        (lambda d: d["venues"]["dive_bar"].update(tier="T9"), "venues.dive_bar.tier"),
        (lambda d: d["crew"]["roadie"].update(cost=-1), "crew.roadie.cost"),
        (lambda d: d["start"].update(van=99), "start.van"),
        (lambda d: d["road_table"].pop(6), "road_table"),
        (lambda d: d["road_table"][2]["effect"].update(luck=1), "road_table.2.effect"),
        (lambda d: d["difficulties"].pop("grind"), "difficulties"),
        (lambda d: d["modes"]["coop"].update(dice=1), "modes.coop.dice"),
        (lambda d: d["tiers"]["W"].update(slot_chance_pct=150), "slot_chance_pct"),
        (lambda d: d["ranks"].pop(), "ranks"),
        (lambda d: d["venues"]["vfw_hall"].update(cash="six"), "venues.vfw_hall.cash"),
    ],
)
def test_validation_catches_a_broken_file(tmp_path, mutate, needle):
    with pytest.raises(ValueError) as err:
        tc.load(_broken(tmp_path, mutate))
    assert needle in str(err.value)


def test_non_mapping_file_is_rejected(tmp_path):
    path = tmp_path / "tour.yaml"
    path.write_text("- just a list\n")
    with pytest.raises(ValueError):
        tc.load(path)
