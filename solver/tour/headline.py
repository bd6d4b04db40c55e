"""Versus: what the headline rule is worth to a band, for each show total it could post.

When both shows of the week are over, the higher show headlines (+3 fans, +$2),
the lower opens (+1 fame) and equal shows give each band +1 fan.  The stage
hint adds this table to the week's objective, so a show one point higher than
the rival's is valued as the rules pay it.

The rival's show is read from the public sheet:
- already staged: its total is known, the table is exact;
- dice rolled, not staged: assume it stages its best total (two highest dice,
  engine, all affordable hype) -- the rival's strongest reply;
- not rolled yet (road or offers, with an affordable offer): the exact
  distribution of its two highest dice plus engine and affordable hype;
- no show this week (forced week, odd jobs, no affordable offer, a finished
  week without a show, or the headline already settled): no table.
"""

from __future__ import annotations

from typing import Any

from services.tour.content import content
from services.tour.sheet import engine_bonus, max_hype_points
from solver.tour.heuristics import top_two_distribution
from solver.tour.value import WEIGHTS, Weights


def rival_show_odds(state: dict[str, Any], rival: dict[str, Any]) -> dict[int, float] | None:
    """P(rival's show = s) as far as the public sheet tells, or None: no rival show."""
    data = content()
    if rival["show"] is not None:
        return {rival["show"]: 1.0}
    if rival["forced"] or rival["phase"] in ("shop", "done"):
        return None
    bonus = engine_bonus(rival) + max_hype_points(rival)
    if rival["phase"] == "stage":
        return {sum(sorted(rival["dice"])[-2:]) + bonus: 1.0}
    if rival["phase"] == "work":  # odd jobs: staged nothing, plays no show
        return None
    entries = [data["venues"][v]["entry"] for v in state["offers"]]
    if not any(rival["cash"] >= e for e in entries):
        return None  # it can only skip the gig
    dice = data["modes"][state["mode"]]["dice"]
    dice += data["crew"]["manager"]["gold_die"] if rival["crew"]["manager"] else 0
    return {s + bonus: p for s, p in top_two_distribution(dice).items()}


def headline_table(
    state: dict[str, Any], index: int, top: int, weights: Weights | None = None
) -> list[int] | None:
    """Expected headline reward (tenths of a point) for each own show 0..top, or None.

    ``weights`` price the rewards (default ``WEIGHTS``; the last week's price only fans
    and fame).
    """
    if state["mode"] != "versus" or state["headline_done"]:
        return None
    odds = rival_show_odds(state, state["sheets"][1 - index])
    if odds is None:
        return None
    vs = content()["versus"]
    w = WEIGHTS if weights is None else weights
    head = sum(w[k] * v for k, v in vs["headline"].items())
    opener = sum(w[k] * v for k, v in vs["opener"].items())
    tie = sum(w[k] * v for k, v in vs["tie"].items())
    table = []
    for show in range(top + 1):
        value = sum(
            p * (head if show > r else tie if show == r else opener) for r, p in odds.items()
        )
        table.append(round(value))
    return table
