"""The tour's actions: which are legal for a seat now, and what each one does."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from services.core import Game, RulesError, draw_rng
from services.core.codec import canonical
from services.tour import sheet as sh
from services.tour.content import CREW, WORK_JOBS, content
from services.tour.week import after_road, end_week, fail_state, headline

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]

ACTION_TYPES = (
    "breakdown",
    "choose_offer",
    "skip_gig",
    "stage",
    "work",
    "buy",
    "mechanic",
    "restock",
    "end_shopping",
)
CASH_ACTIONS = ("breakdown", "choose_offer", "buy", "mechanic", "restock")
#: "anytime" in the rulebook: open at every decision of the week
ANYTIME_ACTIONS = ("buy", "mechanic", "restock")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seat_ok(state: State, seat: Any) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["players"]


# -- legal actions -----------------------------------------------------------
def legal_actions(state: State, seat: int) -> list[Action]:
    return list(options(state, seat))


def options(state: State, seat: int) -> Iterator[Action]:
    """The legal actions, one at a time: ``seats_to_act`` and ``_is_legal`` stop at the
    first that answers them (the work phase alone can list 81 assignments)."""
    if state["finished"] or not seat_ok(state, seat):
        return
    sheet = state["sheets"][sh.sheet_index(state, seat)]
    yield from _phase_actions(state, sheet)
    yield from _anytime_actions(sheet)


def _phase_actions(state: State, sheet: sh.Sheet) -> Iterator[Action]:
    """The decision the sheet's phase asks for (the anytime purchases come on top)."""
    phase = sheet["phase"]
    data = content()
    if phase == "road":
        yield {"type": "breakdown", "choice": "van"}
        if sheet["cash"] >= data["road_table"][sheet["road"]["roll"]]["pay_instead"]:
            yield {"type": "breakdown", "choice": "pay"}
    elif phase == "offers":
        affordable = False
        for i, vid in enumerate(state["offers"]):
            if sheet["cash"] >= data["venues"][vid]["entry"]:
                affordable = True
                yield {"type": "choose_offer", "index": i}
        if not affordable:
            yield {"type": "skip_gig"}
    elif phase == "stage":
        pairs = itertools.combinations(range(len(sheet["dice"])), data["show"]["staged_dice"])
        for p in pairs:
            for k in range(sh.max_hype_points(sheet) + 1):
                yield {"type": "stage", "dice": list(p), "hype": k}
    elif phase == "work":
        left = sh.leftover_indices(sheet)
        for combo in itertools.product(WORK_JOBS, repeat=len(left)):
            yield {"type": "work", "assign": {str(i): j for i, j in zip(left, combo)}}
    elif phase == "shop":
        yield {"type": "end_shopping"}
    # done: only the anytime purchases, until the week ends


def _anytime_actions(sheet: sh.Sheet) -> Iterator[Action]:
    """Crew, mechanic and restock: "anytime" in the rulebook, so open at every
    decision of the week and while a finished sheet waits for its rival."""
    data = content()
    for c in CREW:
        if not sheet["crew"][c] and sheet["cash"] >= data["crew"][c]["cost"]:
            yield {"type": "buy", "item": c}
    mech = data["mechanic"]
    if sheet["van"] < data["caps"]["van"] and sheet["cash"] >= mech["cost"]:
        yield {"type": "mechanic"}
    for n in range(1, sh.most_restock(sheet) + 1):
        yield {"type": "restock", "pairs": n}


def seats_to_act(state: State) -> list[int]:
    return [s for s in range(state["players"]) if any(True for _ in options(state, s))]


def action_forms(state: State, seat: int) -> list[dict[str, Any]]:
    """The parameterised families open now; every action they admit is also listed."""
    if state["finished"] or not seat_ok(state, seat):
        return []
    sheet = state["sheets"][sh.sheet_index(state, seat)]
    forms: list[dict[str, Any]] = []
    if sheet["phase"] == "stage":
        top = sh.max_hype_points(sheet)
        forms.append({"type": "stage", "dice": "two distinct die indices", "hype": f"0..{top}"})
    if sheet["phase"] == "work":
        jobs = "|".join(WORK_JOBS)
        assign = f"{{die index (string): {jobs}}}, every leftover die"
        forms.append({"type": "work", "assign": assign})
    most = sh.most_restock(sheet)
    if most:
        forms.append({"type": "restock", "pairs": f"1..{most}, $1 per 2 shirts"})
    return forms


# -- apply ---------------------------------------------------------------------
def _reject(state: State, seat: Any, action: Any) -> None:
    """Raise the most helpful RulesError for an action not in the legal list."""
    if state["finished"]:
        raise RulesError("game_over", "the tour is over")
    if not seat_ok(state, seat):
        raise RulesError("not_your_turn", f"seat {seat!r} is not in this game")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise RulesError("bad_action", 'an action is an object with a string "type"')
    kind = action["type"]
    if kind not in ACTION_TYPES:
        raise RulesError("unknown_action", f"unknown action type {kind!r}")
    legal = legal_actions(state, seat)
    if not legal:
        raise RulesError("not_your_turn", "this seat has nothing to do until the week ends")
    if kind not in {a["type"] for a in legal} and kind not in ANYTIME_ACTIONS:
        phase = state["sheets"][sh.sheet_index(state, seat)]["phase"]
        raise RulesError("wrong_phase", f"{kind} is not possible in the {phase} phase")
    if kind in CASH_ACTIONS:
        raise RulesError(
            "cannot_afford_or_invalid",
            f"{kind}: not affordable or not a valid choice now",
            {"legal": [a for a in legal if a["type"] == kind]},
        )
    raise RulesError("illegal_action", f"that {kind} is not legal now")


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """The new state and its events; ``state`` is left as it was."""
    if not state["finished"] and seat_ok(state, seat) and isinstance(action, dict):
        probe = action
        dice = action.get("dice")
        if (
            action.get("type") == "stage"
            and isinstance(dice, list)
            and all(_is_int(d) for d in dice)
        ):
            probe = {**action, "dice": sorted(dice)}
        if _is_legal(state, seat, probe):
            new = Game.copy_state(state)
            events = _do(new, seat, probe)
            return new, events
    _reject(state, seat, action)
    raise AssertionError("unreachable")  # pragma: no cover


def _is_legal(state: State, seat: int, action: Action) -> bool:
    """Membership in ``legal_actions``, checked directly for the two large families."""
    sheet = state["sheets"][sh.sheet_index(state, seat)]
    kind = action.get("type")
    if kind == "stage" and sheet["phase"] == "stage":
        dice, hype = action.get("dice"), action.get("hype")
        return (
            set(action) == {"type", "dice", "hype"}
            and isinstance(dice, list)
            and len(dice) == content()["show"]["staged_dice"] == len(set(dice))
            and all(_is_int(d) and 0 <= d < len(sheet["dice"]) for d in dice)
            and _is_int(hype)
            and 0 <= hype <= sh.max_hype_points(sheet)
        )
    if kind == "work" and sheet["phase"] == "work":
        assign = action.get("assign")
        return (
            set(action) == {"type", "assign"}
            and isinstance(assign, dict)
            and set(assign) == {str(i) for i in sh.leftover_indices(sheet)}
            and all(isinstance(j, str) and j in WORK_JOBS for j in assign.values())
        )
    # NaN comes out as null and a non-string key as None: no legal action holds either
    key = canonical(action)
    return key is not None and any(canonical(a) == key for a in options(state, seat))


def _do(state: State, seat: int, action: Action) -> list[Event]:
    index = sh.sheet_index(state, seat)
    sheet = state["sheets"][index]
    data = content()
    kind = action["type"]
    events: list[Event] = []
    base = {"sheet": index, "seat": seat}
    if kind == "breakdown":
        entry = data["road_table"][sheet["road"]["roll"]]
        if action["choice"] == "pay":
            sh.add(sheet, {"cash": -entry["pay_instead"]})
        else:
            sh.add(sheet, entry["effect"])
        events.append({**base, "type": "breakdown", "choice": action["choice"]})
        after_road(sheet, index, events)
    elif kind in ("choose_offer", "skip_gig"):
        n = data["modes"][state["mode"]]["dice"]
        if kind == "choose_offer":
            vid = state["offers"][action["index"]]
            venue = data["venues"][vid]
            # the entry column's "+1 hype" comes with the booking, so it can be spent
            sh.add(sheet, {"cash": -venue["entry"], "hype": venue["hype"]})
            sheet["gig"] = vid
            sheet["target"] = sh.venue_target(vid, state["mode"], state["difficulty"])
            sheet["phase"] = "stage"
            if venue["hype"]:
                events.append({**base, "type": "venue_hype", "hype": venue["hype"]})
        else:  # odd jobs: only the dice that would have worked are rolled
            n -= data["show"]["staged_dice"]
            sheet["phase"] = "work"
        if sheet["crew"]["manager"]:
            sheet["gold"] = n
            n += data["crew"]["manager"]["gold_die"]
        rng = draw_rng(state)
        sheet["dice"] = [rng.randint(1, data["dice_sides"]) for _ in range(n)]
        events.append(
            {
                **base,
                "type": "soundcheck" if sheet["gig"] else "odd_jobs",
                "venue": sheet["gig"],
                "dice": list(sheet["dice"]),
            }
        )
    elif kind == "stage":
        k = action["hype"]
        sh.add(sheet, {"hype": -k * data["show"]["hype_per_point"]})
        sheet["staged"] = list(action["dice"])
        sheet["hype_spent"] = k
        dice = sum(sheet["dice"][i] for i in sheet["staged"])
        sheet["show"] = dice + sh.engine_bonus(sheet) + k
        sheet["won"] = sheet["show"] >= sheet["target"]
        sheet["phase"] = "work"
        events.append(
            {
                **base,
                "type": "show",
                "venue": sheet["gig"],
                "show": sheet["show"],
                "target": sheet["target"],
                "won": sheet["won"],
            }
        )
    elif kind == "work":
        jobs = {int(i): j for i, j in action["assign"].items()}
        events.append({**base, **sh.work(sheet, jobs)})
        leftover = [sheet["dice"][i] for i in sh.leftover_indices(sheet)]
        paid = sh.payout(sheet) if sheet["gig"] else []
        for ev in sh.songwriting(sheet, leftover) + sh.anthem(sheet) + paid:
            events.append({**base, **ev})
        sheet["phase"] = "shop"
    elif kind == "buy":
        item = action["item"]
        sh.add(sheet, {"cash": -data["crew"][item]["cost"]})
        sheet["crew"][item] = True
        events.append({**base, "type": "buy", "item": item})
    elif kind == "mechanic":
        mech = data["mechanic"]
        sh.add(sheet, {"cash": -mech["cost"], "van": mech["van"]})
        events.append({**base, "type": "mechanic"})
    elif kind == "restock":
        n = action["pairs"]
        sh.add(
            sheet,
            {"cash": -n * data["restock"]["cost"], "shirts": n * data["restock"]["shirts"]},
        )
        events.append({**base, "type": "restock", "pairs": n})
    elif kind == "end_shopping":
        sheet["next_forced"] = fail_state(sheet)
        sheet["phase"] = "done"
        events.append({**base, "type": "week_done", "next_forced": sheet["next_forced"]})
    if kind in ANYTIME_ACTIONS and sheet["phase"] == "done":
        sheet["next_forced"] = fail_state(sheet)  # a late mechanic still saves the van
    headline(state, events)
    if all(s["phase"] == "done" for s in state["sheets"]):
        end_week(state, events)
    return events
