"""One band sheet: the seat that plays it, its counters and the week's resolution steps.

These helpers mutate the sheet they are given; the game calls them only on a
state it has already copied.  The hint solver reads the same formulas.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from services.tour.content import CREW, content

Sheet = dict[str, Any]
Event = dict[str, Any]


def sheet_index(state: dict[str, Any], seat: int) -> int:
    """The band sheet a seat plays: its own in versus, the shared one otherwise."""
    return seat if state["mode"] == "versus" else 0


def new_sheet(difficulty: str) -> Sheet:
    data = content()
    sheet: Sheet = dict(data["start"])
    for key, bonus in data["difficulties"][difficulty]["start"].items():
        sheet[key] += bonus
    sheet.update(skill=0, stars=0, boxes=0, albums=0)
    sheet["crew"] = {c: False for c in CREW}
    sheet["next_forced"] = None
    clamp(sheet)
    reset_week(sheet)
    return sheet


def reset_week(sheet: Sheet) -> None:
    sheet.update(
        phase="offers",
        forced=None,
        road=None,
        gig=None,
        dice=[],
        gold=None,
        staged=[],
        hype_spent=0,
        show=None,
        target=None,
        won=None,
    )


def clamp(sheet: Sheet) -> None:
    """Keep every counter within [0, cap]; fans and fame only have the floor."""
    caps = content()["caps"]
    for key in ("cash", "fans", "fame", "hype", "morale", "van", "shirts", "skill"):
        sheet[key] = max(0, sheet[key])
        if key in caps:
            sheet[key] = min(caps[key], sheet[key])


def add(sheet: Sheet, gains: dict[str, int]) -> None:
    for key, value in gains.items():
        sheet[key] += value
    clamp(sheet)


def score(sheet: Sheet) -> int:
    return int(sheet["fans"] + sheet["fame"])


def rank_name(total: int) -> str:
    for rank in sorted(content()["ranks"], key=lambda r: -r["min"]):
        if total >= rank["min"]:
            return str(rank["name"])
    return str(content()["ranks"][-1]["name"])


def engine_bonus(sheet: Sheet) -> int:
    """Everything a show adds to the dice before hype: skill, albums, guitar tech."""
    data = content()
    tech = data["crew"]["tech"]["show"] if sheet["crew"]["tech"] else 0
    return sheet["skill"] + sheet["albums"] * data["songs"]["album_show"] + tech


def venue_target(venue_id: str, mode: str, difficulty: str) -> int:
    data = content()
    return (
        data["venues"][venue_id]["difficulty"]
        + data["modes"][mode]["venue_modifier"]
        + data["difficulties"][difficulty]["venue_modifier"]
    )


def max_hype_points(sheet: Sheet) -> int:
    show = content()["show"]
    return min(show["max_hype_points"], sheet["hype"] // show["hype_per_point"])


def most_restock(sheet: Sheet) -> int:
    """The largest restock (in $1 lots) the sheet can buy: up to the shirt cap and its cash."""
    data = content()
    room = data["caps"]["shirts"] - sheet["shirts"]
    per = data["restock"]["shirts"]
    return max(0, min(-(-room // per), sheet["cash"] // data["restock"]["cost"]))


def upkeep(sheet: Sheet) -> Event:
    """Manager's wage (paid as far as the cash goes) and the roadie's van repair."""
    crew = content()["crew"]
    gains = {"cash": 0, "van": 0}
    if sheet["crew"]["manager"]:
        gains["cash"] -= crew["manager"]["wage"]
    if sheet["crew"]["roadie"]:
        gains["van"] += crew["roadie"]["upkeep_van"]
    add(sheet, gains)
    return {"type": "upkeep", "gains": gains}


def forced_week(sheet: Sheet) -> Event:
    kind = sheet["forced"]
    gains = dict(content()["forced"][kind])  # a copy: events leave the process
    add(sheet, gains)
    return {"type": "forced_" + kind, "gains": gains}


def work(sheet: Sheet, jobs: dict[int, str]) -> Event:
    """Resolve the leftover dice's jobs (merch, flyer, day job)."""
    data = content()
    w = data["work"]
    gains = {"cash": 0, "fans": 0, "hype": 0, "van": 0, "shirts": 0}
    merch_dice = [sheet["dice"][i] for i, job in sorted(jobs.items()) if job == "merch"]
    if merch_dice:
        sold = min(sum(merch_dice), sheet["shirts"])
        gains["shirts"] -= sold
        # "+2 free merch sales/show": only a week with a show earns them
        roadie = sheet["crew"]["roadie"] and sheet["gig"] is not None
        free = data["crew"]["roadie"]["free_merch"] if roadie else 0
        gains["cash"] += (sold + free) * w["merch_price"]
    for i, job in sorted(jobs.items()):
        die = sheet["dice"][i]
        if job == "flyer":
            if die >= w["flyer_min"]:
                gains["fans"] += die
            if die >= w["flyer_hype_min"]:
                gains["hype"] += 1
        elif job == "dayjob":
            gains["cash"] += die
            if die >= w["dayjob_van_face"]:
                gains["van"] += 1
    add(sheet, gains)
    return {"type": "work", "jobs": {str(i): j for i, j in sorted(jobs.items())}, "gains": gains}


def has_pair(values: list[int]) -> bool:
    return any(n >= 2 for n in Counter(values).values())


def songwriting(sheet: Sheet, leftover: list[int]) -> list[Event]:
    """A pair among the leftover dice ticks one song box; a full row is an album."""
    songs = content()["songs"]
    if not has_pair(leftover):
        return []
    sheet["boxes"] += 1
    events: list[Event] = [{"type": "song_box", "boxes": sheet["boxes"]}]
    if sheet["boxes"] >= songs["boxes_per_album"]:
        sheet["boxes"] = 0
        sheet["albums"] += 1
        add(sheet, {"fame": songs["album_fame"], "fans": songs["album_fans"]})
        events.append({"type": "album", "albums": sheet["albums"]})
    return events


def anthem(sheet: Sheet) -> list[Event]:
    songs = content()["songs"]
    counts = Counter(sheet["dice"])
    if not counts or max(counts.values()) < songs["anthem_kind"]:
        return []
    add(sheet, {"fans": songs["anthem_fans"], "fame": songs["anthem_fame"]})
    return [{"type": "anthem", "fans": songs["anthem_fans"], "fame": songs["anthem_fame"]}]


def payout(sheet: Sheet) -> list[Event]:
    """The show's result: full pay on a win, half cash and a morale loss on a fail."""
    data = content()
    venue = data["venues"][sheet["gig"]]
    pay = data["payout"]
    events: list[Event] = []
    if sheet["won"]:
        margin = sheet["show"] - sheet["target"]
        gains = {
            "cash": venue["cash"],
            "fame": venue["fame"],
            "fans": venue["fans"] + max(1, margin),
        }
        add(sheet, gains)
        sheet["stars"] += 1
        per = pay["stars_per_skill"]
        if sheet["stars"] % per == 0 and sheet["skill"] < data["caps"]["skill"]:
            sheet["skill"] += 1
            events.append({"type": "skill_up", "skill": sheet["skill"]})
    else:
        gains = {"cash": venue["cash"] // 2, "fans": pay["fail_fans"], "morale": pay["fail_morale"]}
        add(sheet, gains)
    events.insert(0, {"type": "payout", "venue": sheet["gig"], "won": sheet["won"], "gains": gains})
    return events  # a venue's hype was paid at booking (see the game's choose_offer)


def leftover_indices(sheet: Sheet) -> list[int]:
    return [i for i in range(len(sheet["dice"])) if i not in sheet["staged"]]
