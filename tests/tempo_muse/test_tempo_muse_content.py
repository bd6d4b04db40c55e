"""The shipped card list is valid and consistent; broken content files fail loudly."""

from __future__ import annotations

import copy

import pytest
import yaml

from services.tempo_muse import GAME
from services.tempo_muse.content import DATA, load_content, parse_content


@pytest.fixture
def raw() -> dict:
    with open(DATA, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def test_shipped_content_names_the_two_rulebook_cards_at_the_ends():
    c = GAME.content
    assert sorted(c.cards) == list(range(1, 16))
    assert c.cards[1].name == "Techno the Wild"
    assert c.cards[15].name == "Nova the Nuke"
    assert len({card.name for card in c.cards.values()}) == 15
    assert any(card.duplex for card in c.cards.values())
    assert c.hand_limit == 15 and c.studio_goal == 15
    assert c.cards[15].kind == "knockout" and c.final_rounds == 1  # the showpiece, see the doc


def test_catalog_serves_the_cards():
    cat = GAME.catalog()
    assert [card["value"] for card in cat["cards"]] == list(range(1, 16))
    assert GAME.describe()["content"] == ["cards", "setup"]


def test_a_file_on_disk_loads(tmp_path, raw):
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(raw), encoding="utf-8")
    assert load_content(path) == GAME.content


def _broken(raw, change):
    bad = copy.deepcopy(raw)
    change(bad)
    return bad


BREAKS = {
    "missing value 7": lambda d: d["cards"].pop(6),
    "duplicate value": lambda d: d["cards"][1].update(value=1),
    "duplicate name": lambda d: d["cards"][1].update(name="Techno the Wild"),
    "value 16": lambda d: d["cards"][14].update(value=16),
    "zero copies": lambda d: d["cards"][0].update(copies=0),
    "unknown effect": lambda d: d["cards"][0]["effect"].update(kind="teleport"),
    "amount as text": lambda d: d["cards"][0]["effect"].update(amount="one"),
    "duplex not bool": lambda d: d["cards"][0].update(duplex="yes"),
    "no setup": lambda d: d.pop("setup"),
    "hand too big": lambda d: (
        d["setup"].update(hand_size=15, round_limit=40) or [c.update(copies=1) for c in d["cards"]]
    ),
    "missing setup key": lambda d: d["setup"].pop("hand_limit"),
    "empty name": lambda d: d["cards"][3].update(name=" "),
    "card not a mapping": lambda d: d["cards"].__setitem__(2, "Bassline Bo"),
    "final rounds negative": lambda d: d["setup"].update(final_rounds=-1),
    "final rounds as text": lambda d: d["setup"].update(final_rounds="one"),
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_validation_catches_a_broken_file(raw, name):
    with pytest.raises(ValueError):
        parse_content(_broken(raw, BREAKS[name]))


def test_validation_rejects_a_non_mapping():
    for doc in (None, [], "cards"):
        with pytest.raises(ValueError):
            parse_content(doc)


def test_no_effect_brings_more_than_one_card_into_a_hand():
    # the Drop discards one card a round over the limit; with draw-2 and salvage-2
    # cards greedy hands reached 28 (benchmarks/tempo_muse_sim.py), out of its reach
    c = GAME.content
    for card in c.cards.values():
        if card.kind in ("draw", "salvage"):
            assert card.amount == 1, card.name
