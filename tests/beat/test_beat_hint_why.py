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
    if not hint["actions"]:
        return set()
    mover = hint["actions"][0]["seat"]
    mine = [a["action"] for a in hint["actions"] if a["seat"] == mover]
    # the sentence opens with the moves themselves, in order (naming another seat's)
    whose = "your" if mover == seat else "their"
    opening = describe(mine[0]).replace("your ", f"{whose} ")
    if mover != seat:
        opening = f"seat {mover} should {opening}"
    assert why.lower().startswith(opening.lower())
    for action in mine:
        assert describe(action).replace("your ", f"{whose} ").lower() in why.lower()
        if "card" in action:
            assert f"{whose} {C.value(action['card'])}" in why
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


def test_a_burning_star_card_is_named_as_the_table_names_it():
    # the page lists a seat's flipped cards as "hidden card 1", "hidden card 2"
    assert describe({"type": "play", "hidden": 1}) == "play hidden card 2 face down"


def test_a_puzzle_step_of_another_seat_names_that_seat():
    from services.beat import GAME
    from solver.beat import hint

    for state, _seat, _hint in walk("beat", 2, 4, 8, budget_s=0.3, mode="puzzle"):
        acting = GAME.seats_to_act(state)
        if len(acting) == 1:
            break
    else:
        raise AssertionError("no position with one seat to act")
    waiting = 1 - acting[0]
    result = hint(state, waiting, 0.3)
    mover = result["actions"][0]["seat"]
    assert mover != waiting
    assert result["why"].startswith(f"Seat {mover} should ")
    assert "their " in result["why"] and "your " not in result["why"]
    _check(state, waiting, result)
