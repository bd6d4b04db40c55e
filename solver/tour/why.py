"""The ``why`` of a tour hint: one plain sentence naming dice by their faces."""

from __future__ import annotations

from typing import Any

from services.tour.content import content
from solver.plain import listing, plural, sentence
from solver.tour.heuristics import MIN_SHIRTS

JOBS = {"merch": "selling merch", "flyer": "flyers", "dayjob": "the day job"}


def _faces(sheet: dict[str, Any], dice: list[int]) -> str:
    """Dice named by the faces they show: "the 3 and the 6"."""
    faces = sorted(sheet["dice"][i] for i in dice)
    return "the " + listing(str(f) for f in faces)


def _work(sheet: dict[str, Any], assign: dict[str, str]) -> str:
    by_job: dict[str, list[int]] = {}
    for die, job in assign.items():
        by_job.setdefault(job, []).append(int(die))
    if not by_job:
        return "no dice to send to work"
    return listing(f"{_faces(sheet, dice)} on {JOBS.get(job, job)}" for job, dice in by_job.items())


def _venue(state: dict[str, Any], venue_id: str) -> str:
    venue = content()["venues"].get(venue_id)
    return venue["name"] if venue else "the venue"


def why(state: dict[str, Any], seat: int, result: dict[str, Any]) -> str:
    """What to do and why, agreeing with ``result``'s first recommended action."""
    if not result.get("actions"):
        return sentence(result.get("explanation", "There is nothing to decide now"))
    sheet = state["sheets"][result.get("sheet", 0)] if "sheets" in state else {}
    actions = [a["action"] for a in result["actions"]]
    first = actions[0]
    kind = first["type"]
    if result.get("solver") == "cp-sat":
        parts = []
        for a in actions:
            if a["type"] == "restock":
                parts.append(
                    f"restock {plural(a['pairs'] * content()['restock']['shirts'], 'shirt')}"
                )
            elif a["type"] == "stage":
                show = result.get("show") or {}
                verdict = ""
                if show:
                    outcome = "a win" if show["won"] else "short of it"
                    verdict = f" for a show of {show['show']} against {show['target']}, {outcome}"
                hype = f" with {plural(a['hype'], 'hype point')}" if a["hype"] else ""
                parts.append(f"stage {_faces(sheet, a['dice'])}{hype}{verdict}")
            elif a["type"] == "work":
                parts.append(f"put {_work(sheet, a['assign'])}")
        return sentence(
            f"{'; '.join(parts)}: the best week for fans, fame, cash and the rest together "
            f"({result['value']:+.1f} points)"
        )
    if kind == "choose_offer":
        venue = _venue(state, state["offers"][first["index"]])
        return sentence(
            f"Take the {venue} offer: with your two best dice and your hype it is worth the "
            f"most after its entry fee"
        )
    if kind == "skip_gig":
        return sentence("Skip this week's gig: no offer is affordable")
    if kind == "buy":
        cost = content()["crew"][first["item"]]["cost"]
        return sentence(
            f"Hire the {first['item']} for ${cost}: crew pays off most early in the tour, and "
            f"you keep a ${sheet.get('cash', 0) - cost} reserve"
        )
    if kind == "mechanic":
        return sentence(f"Call the mechanic: the van is down to {sheet.get('van')}")
    if kind == "restock":
        shirts = first["pairs"] * content()["restock"]["shirts"]
        return sentence(
            f"Restock {plural(shirts, 'shirt')}: you hold {sheet.get('shirts', 0)}, under the "
            f"{MIN_SHIRTS} the merch dice need, and this is as many as allowed while keeping "
            f"cash for the next entry fee"
        )
    if kind == "end_shopping":
        shirts = sheet.get("shirts", 0)
        if state.get("week", 0) >= content()["weeks"]:
            why = "it is the last week, so stock and crew would not pay off"
        elif shirts >= MIN_SHIRTS:
            why = f"your {plural(shirts, 'shirt')} are enough and no crew is worth hiring now"
        else:
            why = "no more shirts are affordable while keeping cash for the next entry fee"
        return sentence(f"End shopping: {why}")
    if kind == "breakdown":
        return sentence(result.get("explanation", "Deal with the breakdown"))
    return sentence(result.get("explanation", kind))
