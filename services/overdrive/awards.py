"""Awards: reach both targets to take a free award, or swap yours for a better one."""

from __future__ import annotations

from typing import Any

from services.core import RulesError
from services.overdrive import actors
from services.overdrive.actors import Who
from services.overdrive.content import content


def claimable(state: dict[str, Any], who: Who) -> list[str]:
    """Free awards the actor has reached and that beat the one it holds."""
    rec = actors.actor(state, who)
    held = rec["award"]
    floor = content()["award_by_id"][held]["vp"] if held else -1
    out = []
    for aid in state["awards_free"]:
        aw = content()["award_by_id"][aid]
        if rec["fans"] >= aw["fans"] and rec["fame"] >= aw["fame"] and aw["vp"] > floor:
            out.append(aid)
    return out


def claim(state: dict[str, Any], who: Who, award: Any, events: list) -> None:
    rec = actors.actor(state, who)
    if rec.get("award_round") == state["round"]:
        raise RulesError("already_claimed", "one award per turn")
    if award not in claimable(state, who):
        raise RulesError("award_not_reached", f"cannot claim {award!r}")
    if rec["award"]:
        state["awards_free"].append(rec["award"])
        state["awards_free"].sort(key=lambda a: content()["award_by_id"][a]["vp"])
    state["awards_free"].remove(award)
    events.append({"type": "award", "who": who, "award": award, "returned": rec["award"]})
    rec["award"] = award
    rec["award_round"] = state["round"]


def best_claim(state: dict[str, Any], who: Who) -> str | None:
    options = claimable(state, who)
    return max(options, key=lambda a: content()["award_by_id"][a]["vp"]) if options else None
