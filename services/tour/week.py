"""The week's flow around the seats' decisions: road table, offers, upkeep, the
versus headline, the rival's week and the move to the next week (or the end).

A week is a sequence of decision points per band sheet (its ``phase``):
``road`` (only after a breakdown: lose van or pay) -> ``offers`` (pick a venue)
-> ``stage`` (2 dice + hype) -> ``work`` (a job per leftover die; songwriting,
Anthem and payouts follow) -> ``shop`` (``end_shopping``) -> ``done``.  The
rulebook's "anytime" purchases (crew, mechanic, restock) are open at every one
of these, ``done`` included while the week lasts.  When every sheet is done the
week ends.
"""

from __future__ import annotations

from typing import Any

from services.core import draw_rng
from services.tour import sheet as sh
from services.tour.content import content
from services.tour.offers import draw_offers, rival_week
from services.tour.outcome import outcome

State = dict[str, Any]
Event = dict[str, Any]


def start_week(state: State, events: list[Event]) -> None:
    """Roll the road table on road weeks, draw the offers, run each sheet's upkeep."""
    data = content()
    week = state["week"]
    road_week = week in data["difficulties"][state["difficulty"]]["road_weeks"]
    state["headline_done"] = False
    events.append({"type": "week_start", "week": week})
    for i, sheet in enumerate(state["sheets"]):
        sheet["forced"] = sheet.pop("next_forced", None)
        sheet["next_forced"] = None
        if road_week:
            roll = draw_rng(state).randint(1, data["dice_sides"])
            entry = data["road_table"][roll]
            sheet["road"] = {"roll": roll, "name": entry["name"]}
            events.append({"type": "road", "sheet": i, "roll": roll, "name": entry["name"]})
            if "pay_instead" in entry:
                sheet["phase"] = "road"
                continue
            sh.add(sheet, entry["effect"])
    fame = min(s["fame"] for s in state["sheets"])
    state["offers"] = draw_offers(draw_rng(state), fame, week)
    events.append({"type": "offers", "offers": list(state["offers"])})
    for i, sheet in enumerate(state["sheets"]):
        if sheet["phase"] != "road":
            after_road(sheet, i, events)


def after_road(sheet: sh.Sheet, index: int, events: list[Event]) -> None:
    """Upkeep, then the forced week the sheet earned or the offers."""
    events.append({"sheet": index, **sh.upkeep(sheet)})
    if sheet["forced"]:
        events.append({"sheet": index, **sh.forced_week(sheet)})
        sheet["phase"] = "shop"
    else:
        sheet["phase"] = "offers"


def end_week(state: State, events: list[Event]) -> None:
    """The rival's week, then the game's end or the next week."""
    if state["rival"] is not None:
        events.append(rival_week(draw_rng(state), state["rival"], state["week"]))
    if state["week"] >= content()["weeks"]:
        state["finished"] = True
        events.append({"type": "game_over", "outcome": outcome(state)})
        return
    state["week"] += 1
    for sheet in state["sheets"]:
        nxt = sheet["next_forced"]
        sh.reset_week(sheet)
        sheet["next_forced"] = nxt
    start_week(state, events)


def headline(state: State, events: list[Event]) -> None:
    """Versus: once both shows are over, the higher headlines, the lower opens."""
    if state["mode"] != "versus" or state["headline_done"]:
        return
    sheets = state["sheets"]
    if any(s["phase"] not in ("shop", "done") for s in sheets):
        return
    state["headline_done"] = True
    if any(s["show"] is None for s in sheets):
        return
    vs = content()["versus"]
    a, b = sheets[0]["show"], sheets[1]["show"]
    if a == b:
        for s in sheets:
            sh.add(s, vs["tie"])
        events.append({"type": "headline_tie", "show": a})
        return
    top, low = (0, 1) if a > b else (1, 0)
    sh.add(sheets[top], vs["headline"])
    sh.add(sheets[low], vs["opener"])
    events.append({"type": "headline", "headliner": top, "opener": low})


def fail_state(sheet: sh.Sheet) -> str | None:
    """The forced week a sheet's counters call for: morale 0 first, then van 0."""
    if sheet["morale"] == 0:
        return "rest"
    if sheet["van"] == 0:
        return "shop"
    return None
