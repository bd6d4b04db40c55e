"""Venue offers by tier, and the computer opponent's week: the tour's two table draws."""

from __future__ import annotations

import random
from typing import Any

from services.tour.content import content

MAIN = "W"


def venues_of(tier: str) -> list[str]:
    """Venue ids of one tier, in data-file order (stable for seeded draws)."""
    return [vid for vid, v in content()["venues"].items() if v["tier"] == tier]


def tier_by_rank() -> dict[int, str]:
    return {t["rank"]: name for name, t in content()["tiers"].items() if name != MAIN}


def highest_tier(fame: int) -> int:
    """Rank of the highest regular tier this much fame unlocks."""
    tiers = content()["tiers"]
    return max(t["rank"] for n, t in tiers.items() if n != MAIN and fame >= t["unlock"])


def main_stage_open(fame: int, week: int) -> bool:
    main = content()["tiers"][MAIN]
    return week >= main["min_week"] and fame >= main["unlock"]


def draw_offers(rng: random.Random, fame: int, week: int) -> list[str]:
    """The week's venue offers: per slot, Main Stage (if open, 20%), else the
    highest unlocked tier or the one below it (50/50), then a venue of that tier."""
    data = content()
    by_rank = tier_by_rank()
    top = highest_tier(fame)
    below = max(1, top - 1)
    main_open = main_stage_open(fame, week)
    offers = []
    for _ in range(data["offers"]["slots"]):
        if main_open and rng.randrange(100) < data["tiers"][MAIN]["slot_chance_pct"]:
            tier = MAIN
        elif rng.randrange(100) < data["offers"]["lower_tier_pct"]:
            tier = by_rank[below]
        else:
            tier = by_rank[top]
        offers.append(rng.choice(venues_of(tier)))
    return offers


def tier_average(tier: str) -> dict[str, int]:
    """Average cash/fame/fans bonus of a tier's venues, rounded half up."""
    venues = [content()["venues"][v] for v in venues_of(tier)]
    n = len(venues)
    return {k: (2 * sum(v[k] for v in venues) + n) // (2 * n) for k in ("cash", "fame", "fans")}


def rival_week(rng: random.Random, rival: dict[str, Any], week: int) -> dict[str, Any]:
    """Play the computer opponent's week in place; returns the event describing it."""
    data = content()
    offers = draw_offers(rng, rival["fame"], week)
    tiers = data["tiers"]
    pick = max(offers, key=lambda v: tiers[data["venues"][v]["tier"]]["rank"])
    tier = data["venues"][pick]["tier"]
    avg = tier_average(tier)
    roll = rng.randrange(100)
    won = roll < data["rival"]["win_pct"][tier]
    if won:
        gain = dict(avg)
    else:
        gain = {"cash": avg["cash"] // 2, "fame": 0, "fans": data["rival"]["fail_fans"]}
    for key, value in gain.items():
        rival[key] += value
    return {
        "type": "rival_week",
        "week": week,
        "offers": offers,
        "venue": pick,
        "won": won,
        "gain": gain,
    }
