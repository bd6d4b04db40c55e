"""The tour's result: scores, ranks and winners for each mode."""

from __future__ import annotations

from typing import Any

from services.tour import sheet as sh
from services.tour.content import content

State = dict[str, Any]


def outcome(state: State) -> dict[str, Any] | None:
    if not state["finished"]:
        return None
    data = content()
    mode = state["mode"]
    totals = [sh.score(s) for s in state["sheets"]]
    seat_totals = [totals[sh.sheet_index(state, seat)] for seat in range(state["players"])]
    scores = {str(seat): t for seat, t in enumerate(seat_totals)}
    rank = {str(seat): sh.rank_name(t) for seat, t in enumerate(seat_totals)}
    result: dict[str, Any] = {"scores": scores, "rank": rank}
    if mode == "versus":
        best = max(seat_totals)
        result["winners"] = [s for s, t in enumerate(seat_totals) if t == best]
    elif mode == "coop":
        won = totals[0] >= data["targets"]["coop"]
        result["winners"] = [0, 1] if won else []
        result["target"] = data["targets"]["coop"]
    elif state["rival"] is not None:
        rival = state["rival"]["fans"] + state["rival"]["fame"]
        result["rival_score"] = rival
        result["winners"] = [0] if totals[0] > rival else []
    else:
        result["winners"] = [0] if totals[0] >= data["targets"]["solo"] else []
        result["target"] = data["targets"]["solo"]
    return result
