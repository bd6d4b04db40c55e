"""Simple documented rules for the tour's decisions outside staging and work.

- Breakdown (``solver.tour.hint``): take the van damage when the van survives
  it; when it would fall to 0 (a forced shop week), keep it running by the
  cheapest route the rules allow -- the $8 repair, or the damage and then the
  "anytime" $4 mechanic -- so the hint never pays more for the same van.
- Crew early: a crew member the shop rule would hire this week is hired at the
  first decision where it already helps (manager before the soundcheck, guitar
  tech before the show, roadie before the merch), not after the week's show.
- Offers: the affordable offer with the highest expected value, where the win
  chance is exact for "stage the best two dice, spend all affordable hype"
  (distribution of the top two of the week's dice) and a win/fail is priced
  with ``solver.tour.value.week_weights`` (the last week: fans and fame only);
  entry fees count against it.
- Shop: repair the van when it is at 1 or less; hire crew early in the tour
  (guitar tech, then roadie, then manager) keeping a $6 reserve; keep at least
  8 shirts in stock until the last week; otherwise end shopping.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from functools import cache
from typing import Any

from services.tour.content import content
from services.tour.sheet import engine_bonus, max_hype_points, venue_target
from solver.tour.value import week_weights

RESERVE = 6
ENTRY_RESERVE = 4  # never restock below the highest regular entry fee
MIN_SHIRTS = 8
CREW_ORDER = (("tech", 9), ("roadie", 8), ("manager", 7))  # (item, last week worth buying)


@cache
def top_two_distribution(n: int, sides: int = 6) -> dict[int, float]:
    """P(sum of the two highest of n dice = s), exact, by multisets of faces."""
    dist: Counter[int] = Counter()
    total = sides**n
    for faces in itertools.combinations_with_replacement(range(1, sides + 1), n):
        ways = math.factorial(n)
        for c in Counter(faces).values():
            ways //= math.factorial(c)
        dist[faces[-1] + faces[-2]] += ways
    return {s: w / total for s, w in sorted(dist.items())}


def win_chance(sheet: dict[str, Any], dice: int, target: int, booked_hype: int = 0) -> float:
    """P(win) staging the two best dice with all affordable hype; ``booked_hype``
    is what the venue's entry adds before the show (the Coffee House's +1)."""
    hype = min(content()["caps"]["hype"], sheet["hype"] + booked_hype)
    bonus = engine_bonus(sheet) + max_hype_points({**sheet, "hype": hype})
    return sum(p for s, p in top_two_distribution(dice).items() if s + bonus >= target)


def offer_value(state: dict[str, Any], sheet: dict[str, Any], venue_id: str) -> float:
    """Expected value (tenths of a point) of taking this venue this week."""
    data = content()
    venue = data["venues"][venue_id]
    dice = data["modes"][state["mode"]]["dice"] + (
        data["crew"]["manager"]["gold_die"] if sheet["crew"]["manager"] else 0
    )
    target = venue_target(venue_id, state["mode"], state["difficulty"])
    p = win_chance(sheet, dice, target, venue["hype"])
    w, _ = week_weights(state["week"], sheet["boxes"])  # the last week: fans and fame only
    win = w["fame"] * venue["fame"] + w["fans"] * (venue["fans"] + 1)
    win += w["cash"] * venue["cash"] + w["stars"]
    fail = w["fans"] * data["payout"]["fail_fans"] + w["cash"] * (venue["cash"] // 2)
    fail += w["morale"] * data["payout"]["fail_morale"]
    return p * win + (1 - p) * fail - w["cash"] * venue["entry"] + w["hype"] * venue["hype"]


def crew_now(
    state: dict[str, Any], sheet: dict[str, Any], legal: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """A crew purchase the shop rule would make this week that already helps now
    (not at a breakdown: that decision comes first, the offers follow at once)."""
    data = content()
    helps = {
        "offers": ("manager", "tech", "roadie"),
        "stage": ("tech", "roadie"),
        "work": ("roadie",) if sheet["gig"] is not None else (),
    }.get(sheet["phase"], ())
    for item, last_week in CREW_ORDER:
        buy = {"type": "buy", "item": item}
        affordable = sheet["cash"] - data["crew"][item]["cost"] >= RESERVE
        if item in helps and buy in legal and state["week"] <= last_week and affordable:
            return buy
    return None


def offer_choice(
    state: dict[str, Any], sheet: dict[str, Any], legal: list[dict[str, Any]]
) -> tuple[dict[str, Any], dict[str, float]]:
    options = [a for a in legal if a["type"] == "choose_offer"]
    if not options:
        return {"type": "skip_gig"}, {}
    values = {
        str(a["index"]): offer_value(state, sheet, state["offers"][a["index"]]) for a in options
    }
    best = max(options, key=lambda a: (values[str(a["index"])], -a["index"]))
    return best, values


def shop_choice(
    state: dict[str, Any], sheet: dict[str, Any], legal: list[dict[str, Any]]
) -> dict[str, Any] | None:
    data = content()
    week = state["week"]
    if {"type": "mechanic"} in legal and sheet["van"] <= 1:
        return {"type": "mechanic"}
    for item, last_week in CREW_ORDER:
        buy = {"type": "buy", "item": item}
        affordable = sheet["cash"] - data["crew"][item]["cost"] >= RESERVE
        if buy in legal and week <= last_week and affordable:
            return buy
    keep = 0 if week >= data["weeks"] else ENTRY_RESERVE
    restocks = [a for a in legal if a["type"] == "restock" and sheet["cash"] - a["pairs"] >= keep]
    if restocks and sheet["shirts"] < MIN_SHIRTS and week < data["weeks"]:
        return max(restocks, key=lambda a: a["pairs"])
    if {"type": "end_shopping"} in legal:
        return {"type": "end_shopping"}
    return None  # a finished week: nothing worth buying while the rival plays on


def shop_reason(sheet: dict[str, Any], action: dict[str, Any]) -> str:
    """The shop rule behind ``action``, with this sheet's own numbers."""
    kind = action["type"]
    if kind == "mechanic":
        return f"Shop rule of thumb: call the mechanic, the van is at {sheet['van']}."
    if kind == "buy":
        cost = content()["crew"][action["item"]]["cost"]
        return (
            f"Shop rule of thumb: hire the {action['item']} (${cost}) while it is early in "
            f"the tour, keeping at least ${RESERVE} (${sheet['cash'] - cost} left)."
        )
    if kind == "restock":
        shirts = action["pairs"] * content()["restock"]["shirts"]
        return (
            f"Shop rule of thumb: {sheet['shirts']} shirts in stock is under the {MIN_SHIRTS} "
            f"to keep at least, so restock {shirts}, as many as allowed while keeping "
            "the next entry fee."
        )
    if sheet["shirts"] >= MIN_SHIRTS:
        return (
            f"Shop rule of thumb: end shopping, {sheet['shirts']} shirts are at least the "
            f"{MIN_SHIRTS} to keep and no crew is worth hiring now."
        )
    return (
        "Shop rule of thumb: end shopping, no more shirts are worth buying while keeping "
        "the next entry fee (or it is the last week)."
    )
