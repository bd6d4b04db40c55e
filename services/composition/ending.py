"""The end of the game: who won (badges, then Roses; solo: earned minus face down)."""

from __future__ import annotations

from typing import Any

from services.composition.seats import Events, State, badges, rules


def face_up(state: State) -> list[str]:
    """Ovations and Awards still on offer (solo: the ones not yet flipped or earned)."""
    return list(state["ovations"]) + list(state["awards"])


def outcome(state: State) -> dict[str, Any] | None:
    if not state.get("finished"):
        return None
    if state["solo"]:
        s = state["seats"][0]
        earned = len(s["awards"]) + len(s["ovations"])
        score = earned - len(state["facedown"])
        rank = "lost"
        for band in rules()["solo"]["win_bands"]:
            if score >= band["min"]:
                rank = band["rank"]
                break
        return {
            "winners": [0] if score >= 1 else [],
            "scores": {"0": score},
            "earned": earned,
            "facedown": len(state["facedown"]),
            "rank": rank,
            "roses": {"0": s["roses"]},
        }
    held = {str(i): badges(s) for i, s in enumerate(state["seats"])}
    roses = {str(i): s["roses"] for i, s in enumerate(state["seats"])}
    best = max((held[k], roses[k]) for k in held)
    winners = [int(k) for k in held if (held[k], roses[k]) == best]
    return {"winners": winners, "scores": held, "roses": roses, "rounds": state["round"]}


def finish(state: State, events: Events) -> None:
    if state["solo"]:
        # a round cap reached in solo turns every remaining card face down
        state["facedown"].extend(face_up(state))
        state["ovations"], state["awards"] = [], []
    state["finished"] = True
    state["phase"] = "over"
    events.append({"type": "game_over", "outcome": outcome(state)})
