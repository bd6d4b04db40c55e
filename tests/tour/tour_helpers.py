"""Builders for tour states at a chosen decision point (the state is plain JSON)."""

from __future__ import annotations

import random
from typing import Any

from services.tour import GAME
from services.tour.content import content
from services.tour.sheet import venue_target

OPTION_SETS: list[tuple[int, dict[str, Any]]] = [
    (1, {}),
    (1, {"opponent": True}),
    (1, {"difficulty": "grind"}),
    (1, {"difficulty": "basement", "opponent": True}),
    (2, {"mode": "coop"}),
    (2, {"mode": "coop", "difficulty": "grind"}),
    (2, {"mode": "versus"}),
    (2, {"mode": "versus", "difficulty": "basement"}),
]


def solo(seed: int = 1, **options: Any) -> dict[str, Any]:
    return GAME.new(1, options, seed)


def at_stage(
    state: dict[str, Any], dice: list[int], venue: str = "house_show", sheet: int = 0, **counters
) -> dict[str, Any]:
    """The state with sheet ``sheet`` about to stage ``dice`` at ``venue``."""
    s = state["sheets"][sheet]
    s.update(counters)
    s["phase"] = "stage"
    s["gig"] = venue
    s["target"] = venue_target(venue, state["mode"], state["difficulty"])
    s["dice"] = list(dice)
    s["gold"] = len(dice) - 1 if s["crew"]["manager"] else None
    return state


def at_shop(state: dict[str, Any], sheet: int = 0, **counters) -> dict[str, Any]:
    s = state["sheets"][sheet]
    s.update(counters)
    s["phase"] = "shop"
    return state


def play(state: dict[str, Any], seat: int, *actions: dict[str, Any]) -> tuple[dict, list]:
    """Apply actions in turn; returns the last state and all events."""
    events: list[dict[str, Any]] = []
    for action in actions:
        state, evs = GAME.apply(state, seat, action)
        events.extend(evs)
    return state, events


def random_week_state(
    rng: random.Random, dice_count: int | None = None, week: int | None = None
) -> dict[str, Any]:
    """A random sheet at the stage decision: counters, crew, engine, venue and dice.

    ``week``: 12 unless given (past the crew rule's weeks: the hint stages at once).
    """
    data = content()
    players, options = rng.choice([(1, {}), (2, {"mode": "coop"}), (1, {"difficulty": "basement"})])
    state = GAME.new(players, options, rng.randrange(10**6))
    sheet = state["sheets"][0]
    caps = data["caps"]
    for key in ("cash", "hype", "morale", "van", "shirts"):
        sheet[key] = rng.randint(0 if key != "morale" else 1, min(caps[key], 40))
    sheet["skill"] = rng.randint(0, caps["skill"])
    sheet["stars"] = rng.randint(0, 11)
    sheet["boxes"] = rng.randint(0, data["songs"]["boxes_per_album"] - 1)
    sheet["albums"] = rng.randint(0, 2)
    sheet["crew"] = {c: rng.random() < 0.4 for c in sheet["crew"]}
    n = data["modes"][state["mode"]]["dice"] + (1 if sheet["crew"]["manager"] else 0)
    if dice_count is not None:
        n = dice_count
    dice = [rng.randint(1, 6) for _ in range(n)]
    if rng.random() < 0.2:  # make Anthems and pairs common enough to matter
        dice[: min(4, n)] = [dice[0]] * min(4, n)
        rng.shuffle(dice)
    venue = rng.choice(list(data["venues"]))
    state["week"] = data["weeks"] if week is None else week
    return at_stage(state, dice, venue)
