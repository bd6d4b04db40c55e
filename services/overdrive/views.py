"""What each seat and a spectator see of an Overdrive game.

Hidden: the Distortion hands of other seats and of Metallum, and the order of the Hit and
Distortion decks (their sizes are public).  ``omniscient`` shows everything."""

from __future__ import annotations

from typing import Any

from services.overdrive import scoring
from services.overdrive.actions import seats_to_act

State = dict[str, Any]

#: the fields of a seat's record everyone sees (its hand is shown to that seat only)
PUBLIC_SEAT = (
    "band",
    "fans",
    "fame",
    "grana",
    "overdrive",
    "fans_symbol",
    "extra_dice",
    "dice",
    "hits",
    "used",
    "award",
    "copies",
    "spare_used",
    "symbols",
    "unlocked",
    "picks",
)


def outcome(state: State) -> dict[str, Any] | None:
    """The result once the game is over, else None."""
    return state["result"] if state["phase"] == "finished" else None


def build_view(state: State, seat: int | None, omniscient: bool = False) -> dict[str, Any]:
    """The game as ``seat`` (None: a spectator) may see it."""
    seats = []
    for s, rec in enumerate(state["seats"]):
        pub = {k: rec.get(k) for k in PUBLIC_SEAT}
        pub["hand_size"] = len(rec["hand"])
        if omniscient or seat == s:
            pub["hand"] = list(rec["hand"])
        seats.append(pub)
    met = state["metallum"]
    met_view = None
    if met is not None:
        met_view = {k: v for k, v in met.items() if k != "hand"}
        met_view["hand_size"] = len(met["hand"])
        if omniscient:
            met_view["hand"] = list(met["hand"])
    out: dict[str, Any] = {
        "status": "finished" if state["phase"] == "finished" else "running",
        "outcome": outcome(state),
        "players": state["players"],
        "mode": state["mode"],
        "difficulty": state["difficulty"],
        "variants": state["variants"],
        "round": state["round"],
        "schedule": state["schedule"],
        "phase": state["phase"],
        "to_act": seats_to_act(state),
        "first": state["first"],
        "order": state["order"],
        "blocked": state["blocked"],
        "occupied": state["occupied"],
        "hit_market": state["hit_market"],
        "hit_owned": state["hit_owned"],
        "hit_deck_size": len(state["hit_deck"]),
        "distortion_market": state["dist_market"],
        "distortion_cost": len(state["dist_market"]),
        "distortion_deck_size": len(state["dist_deck"]),
        "awards_free": state["awards_free"],
        "battle": state["battle"],
        "seats": seats,
        "metallum": met_view,
        "live_vp": scoring.live_vp(state, seat, omniscient),
    }
    if omniscient:
        out["hit_deck"] = list(state["hit_deck"])
        out["distortion_deck"] = list(state["dist_deck"])
    return out
