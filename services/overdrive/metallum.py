"""Metallum, the solo/coop boss: rolls its difficulty's dice, gains the printed face bonuses,
buys greedily, never allocates."""

from __future__ import annotations

from collections import Counter
from typing import Any

from services.core import draw_rng
from services.overdrive import actors, awards, cards, dice
from services.overdrive.actors import METALLUM
from services.overdrive.content import content


def dice_count(state: dict[str, Any]) -> int:
    return content()["metallum"]["difficulties"][state["difficulty"]]


def metallum_cancel(card: str) -> list[int] | None:
    """Metallum cancels the first 'any' slot it can, else the last slot of its longest mode."""
    options = cards.cancel_options(card)
    if not options:
        return None
    hit = content()["hit_by_id"][card]
    for m, i in options:
        if hit["modes"][m]["slots"][i] == "any":
            return [m, i]
    longest = max(range(len(hit["modes"])), key=lambda m: len(hit["modes"][m]["slots"]))
    return [longest, len(hit["modes"][longest]["slots"]) - 1]


def take_turn(state: dict[str, Any], events: list) -> None:
    """Roll, gain per face, buy the dearest affordable Hit, then a Distortion, then an award."""
    rng = draw_rng(state)
    faces = [dice.roll_face(rng) for _ in range(dice_count(state))]
    events.append({"type": "metallum_roll", "faces": faces})
    total: Counter = Counter()
    for face in faces:
        total.update(content()["face_bonus"][face])  # the printed Dice Face Bonuses
    actors.gain(state, METALLUM, dict(total), events)
    met = state["metallum"]
    affordable = [
        h for h in state["hit_market"] if content()["hit_by_id"][h]["cost"] <= met["grana"]
    ]
    if affordable:
        card = max(affordable, key=lambda h: content()["hit_by_id"][h]["cost"])
        cards.buy_hit(state, METALLUM, card, metallum_cancel(card), events)
    cost = cards.distortion_cost(state)
    if state["dist_deck"] and 0 < cost <= met["grana"]:
        cards.buy_distortion(state, METALLUM, None, events)
    best = awards.best_claim(state, METALLUM)
    if best:
        awards.claim(state, METALLUM, best, events)
