"""Beat hints say why in one plain sentence naming cards by their values (never "s0-3b"),
agreeing with the recommended moves; each compared move carries a plain label."""

from __future__ import annotations

import re

from hint_walk import check_why, walk

from services.beat import cards as C
from solver.beat.why import describe

RAW = r"\bs\d-\d[abc]\b"


def _check(state: dict, seat: int, hint: dict) -> set[str]:
    why = check_why(hint, RAW)
    mine = [a["action"] for a in hint["actions"] if a["seat"] == seat]
    if not mine:
        return set()
    # the sentence opens with the moves themselves, in order
    assert why.lower().startswith(describe(mine[0]).lower())
    for action in mine:
        assert describe(action).lower() in why.lower()
        if "card" in action:
            assert f"your {C.value(action['card'])}" in why
    for estimate in hint.get("estimates") or []:
        if isinstance(estimate, dict) and "label" in estimate:
            assert estimate["label"] and not re.search(RAW, estimate["label"])
    return {a["type"] for a in mine}


def test_live_hints_say_why_in_plain_words():
    kinds: set[str] = set()
    for state, seat, hint in walk("beat", 2, 3, 14, budget_s=0.1):
        kinds |= _check(state, seat, hint)
        if hint.get("samples"):
            # the sentence's share is the recommended move's own
            assert "%" in hint["why"]
    assert {"play", "ready"} <= kinds


def test_puzzle_hints_say_why_in_plain_words():
    kinds: set[str] = set()
    for state, seat, hint in walk("beat", 2, 4, 8, budget_s=0.3, mode="puzzle"):
        kinds |= _check(state, seat, hint)
        if hint.get("verdict") == "feasible" and "plan_round" in hint:
            assert "plan that wins" in hint["why"]
    assert "play" in kinds


def test_a_cue_is_told_by_the_card_values():
    cue = {"type": "cue", "card": "s0-5c", "cue_card": "s0-4b", "direction": "higher"}
    assert describe(cue) == "give a Cue that your 5 is higher than 4"
    assert describe({"type": "play", "card": "s1-3a", "face_up": True}) == "play your 3 face up"
