"""Puzzle codes: frozen codes open the same deals; bad codes are 422s naming the fault."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from services.beat import GAME
from services.beat import venues as V
from services.core import RulesError
from solver.beat import deal as D
from solver.beat import puzzle_code as PC

FROZEN = json.loads((Path(__file__).parent / "frozen_codes.json").read_text())


@pytest.mark.parametrize("case", FROZEN, ids=lambda c: f"{c['venue']}-{c['players']}")
def test_frozen_codes_open_the_same_deal(case):
    decoded = PC.decode(case["code"])
    assert decoded == {"venue": case["venue"], "players": case["players"], "deal": case["deal"]}
    state = GAME.new(decoded["players"], PC.game_options(decoded), PC.CODE_SEED)
    assert D.deal_of(state) == case["deal"]
    assert PC.code_of_state(state) == case["code"]


def test_the_event_alphabet_covers_the_events_data():
    from services.beat.events import load_events

    assert sorted(PC.EVENTS_V1) == sorted(e.id for e in load_events())


@settings(max_examples=40, deadline=None)
@given(
    venue=st.integers(1, 26),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**40),
)
def test_any_dealt_venue_round_trips(venue, players, seed):
    state = GAME.new(players, {"venue": venue, "mode": "puzzle"}, seed)
    code = PC.code_of_state(state)
    assert code.startswith("B1.") and len(code) <= PC.MAX_CODE_LENGTH
    assert set(code[3:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    again = GAME.new(players, PC.game_options(PC.decode(code)), PC.CODE_SEED)
    assert D.deal_of(again) == D.deal_of(state)
    assert again["seats"] == state["seats"] and again["solo_seat"] == state["solo_seat"]


def _fails(code: str) -> RulesError:
    with pytest.raises(RulesError) as e:
        PC.decode(code)
    assert e.value.code == "invalid_code"
    return e.value


def test_a_changed_character_fails_the_checksum():
    code = FROZEN[0]["code"]
    i = 10
    other = "A" if code[i] != "A" else "B"
    assert "checksum" in _fails(code[:i] + other + code[i + 1 :]).message
    assert "checksum" in _fails(code[:-1]).message


def test_unknown_version_and_bad_characters_are_named():
    code = FROZEN[0]["code"]
    assert "version" in _fails("B9" + code[2:]).message
    assert "letters" in _fails(code[:8] + "*" + code[9:]).message
    _fails("")


def test_solo_of_a_random_solo_venue_is_a_seat():
    jupiter = next(c for c in FROZEN if c["venue"] == "jupiter")
    deal = dict(jupiter["deal"], solo=3)  # 3 seats: seat 3 does not exist
    code = PC.encode("jupiter", 3, deal)
    err = _fails(code)
    assert "solo" in err.details
    assert V.random_solo(V.get_venue("jupiter"))


def test_a_partial_deal_has_no_code():
    case = FROZEN[0]
    with pytest.raises(ValueError):
        PC.encode(case["venue"], case["players"], {**case["deal"], "events": ["blackout"]})
