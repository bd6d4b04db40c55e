"""What a seat or a spectator sees of a tour (no seed: it would reveal every roll)."""

from __future__ import annotations

from typing import Any

from services.core import Game
from services.tour import sheet as sh
from services.tour.actions import seats_to_act
from services.tour.content import content
from services.tour.outcome import outcome

State = dict[str, Any]


def view(state: State, seat: int | None, omniscient: bool = False) -> dict[str, Any]:
    data = content()
    view = Game.copy_state(state)
    if not omniscient:
        view.pop("rng", None)  # the seed would reveal every future roll
    view["status"] = "finished" if state["finished"] else "running"
    view["outcome"] = outcome(state)
    view["offers"] = [
        {
            "index": i,
            "venue": vid,
            **data["venues"][vid],
            "target": sh.venue_target(vid, state["mode"], state["difficulty"]),
        }
        for i, vid in enumerate(state["offers"])
    ]
    per_seat = data["modes"][state["mode"]]["dice"] // state["players"]
    for s in view["sheets"]:
        s["score"] = sh.score(s)
        s["engine"] = sh.engine_bonus(s)
        if state["mode"] == "coop":  # who rolled which die (the gold die is the band's)
            s["dice_owner"] = [
                None if i == s["gold"] else min(i // per_seat, state["players"] - 1)
                for i in range(len(s["dice"]))
            ]
    view["seats_to_act"] = seats_to_act(state)
    if seat is not None:
        view["you"] = {"seat": seat, "sheet": sh.sheet_index(state, seat)}
    return view
