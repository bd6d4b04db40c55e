"""The 12-week tour dice game as a ``services.core.Game``.

A week is a sequence of decision points per band sheet (its ``phase``):
``road`` (only after a breakdown: lose van or pay) -> ``offers`` (pick a venue)
-> ``stage`` (2 dice + hype) -> ``work`` (a job per leftover die; songwriting,
Anthem and payouts follow) -> ``shop`` (``end_shopping``) -> ``done``.  The
rulebook's "anytime" purchases (crew, mechanic, restock) are open at every one
of these, ``done`` included while the week lasts.  When every sheet is done the
week ends.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterator
from typing import Any

from services.core import Game, RulesError, draw_rng, new_rng_state
from services.core.codec import canonical
from services.tour import sheet as sh
from services.tour.content import CREW, DIFFICULTIES, MODES, WORK_JOBS, content
from services.tour.offers import draw_offers, rival_week

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


def _fail_state(sheet: dict[str, Any]) -> str | None:
    """The forced week a sheet's counters call for: morale 0 first, then van 0."""
    if sheet["morale"] == 0:
        return "rest"
    if sheet["van"] == 0:
        return "shop"
    return None


class TourGame(Game):
    name = "tour"
    title = "Tour: twelve weeks on the road (dice)"
    min_players = 1
    max_players = 2
    options_schema = {
        "type": "object",
        "properties": {
            "mode": {
                "type": "string",
                "enum": list(MODES),
                "description": "solo (1 player), coop or versus (2 players); "
                "default: solo for 1 player, versus for 2",
            },
            "difficulty": {"type": "string", "enum": list(DIFFICULTIES), "default": "club"},
            "opponent": {
                "type": "boolean",
                "default": False,
                "description": "solo only: play against the computer opponent",
            },
            "band": {"type": "string", "maxLength": 40, "description": "your band's name"},
        },
        "additionalProperties": False,
    }

    # -- setup ---------------------------------------------------------------
    def new(self, players: int, options: dict[str, Any], seed: int) -> State:
        if not isinstance(options, dict):
            raise RulesError("invalid_options", "options must be an object")
        unknown = set(options) - set(self.options_schema["properties"])
        if unknown:
            raise RulesError("invalid_options", f"unknown options: {sorted(unknown)}")
        if players not in (1, 2) or isinstance(players, bool):
            raise RulesError("invalid_options", "the tour seats 1 or 2 players")
        mode = options.get("mode", "solo" if players == 1 else "versus")
        if mode not in MODES:
            raise RulesError("invalid_options", f"mode must be one of {list(MODES)}")
        if content()["modes"][mode]["players"] != players:
            need = content()["modes"][mode]["players"]
            raise RulesError("invalid_options", f"{mode} is for {need} player(s)")
        difficulty = options.get("difficulty", "club")
        if difficulty not in DIFFICULTIES:
            raise RulesError("invalid_options", f"difficulty must be one of {list(DIFFICULTIES)}")
        opponent = options.get("opponent", False)
        if not isinstance(opponent, bool):
            raise RulesError("invalid_options", "opponent must be true or false")
        if opponent and mode != "solo":
            raise RulesError("invalid_options", "the computer opponent is for solo games")
        band = options.get("band", "The Band")
        if not isinstance(band, str) or not 0 < len(band) <= 40:
            raise RulesError("invalid_options", "band must be a name of 1 to 40 characters")
        sheets = content()["modes"][mode]["sheets"]
        state: State = {
            "players": players,
            "mode": mode,
            "difficulty": difficulty,
            "opponent": opponent,
            "band": band,
            "rng": new_rng_state(seed),
            "week": 1,
            "finished": False,
            "offers": [],
            "sheets": [sh.new_sheet(difficulty) for _ in range(sheets)],
            "rival": {"fans": 0, "fame": 0, "cash": 0} if opponent else None,
            "headline_done": False,
        }
        self._start_week(state, [])
        return state

    # -- week flow -------------------------------------------------------------
    def _start_week(self, state: State, events: list[Event]) -> None:
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
                self._after_road(sheet, i, events)

    def _after_road(self, sheet: sh.Sheet, index: int, events: list[Event]) -> None:
        events.append({"sheet": index, **sh.upkeep(sheet)})
        if sheet["forced"]:
            events.append({"sheet": index, **sh.forced_week(sheet)})
            sheet["phase"] = "shop"
        else:
            sheet["phase"] = "offers"

    def _end_week(self, state: State, events: list[Event]) -> None:
        if state["rival"] is not None:
            events.append(rival_week(draw_rng(state), state["rival"], state["week"]))
        if state["week"] >= content()["weeks"]:
            state["finished"] = True
            events.append({"type": "game_over", "outcome": self.outcome(state)})
            return
        state["week"] += 1
        for sheet in state["sheets"]:
            nxt = sheet["next_forced"]
            sh.reset_week(sheet)
            sheet["next_forced"] = nxt
        self._start_week(state, events)

    def _headline(self, state: State, events: list[Event]) -> None:
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

    # -- seats and sheets --------------------------------------------------------
    @staticmethod
    def sheet_index(state: State, seat: int) -> int:
        return seat if state["mode"] == "versus" else 0

    def _seat_ok(self, state: State, seat: Any) -> bool:
        return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["players"]

    # -- legal actions -----------------------------------------------------------
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return list(self._options(state, seat))

    def _options(self, state: State, seat: int) -> Iterator[Action]:
        """The legal actions, one at a time: ``seats_to_act`` and ``_is_legal`` stop at the
        first that answers them (the work phase alone can list 81 assignments)."""
        if state["finished"] or not self._seat_ok(state, seat):
            return
        sheet = state["sheets"][self.sheet_index(state, seat)]
        yield from self._phase_actions(state, sheet)
        yield from self._anytime_actions(sheet)

    def _phase_actions(self, state: State, sheet: sh.Sheet) -> Iterator[Action]:
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

    @staticmethod
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

    def seats_to_act(self, state: State) -> list[int]:
        return [s for s in range(state["players"]) if any(True for _ in self._options(state, s))]

    def action_forms(self, state: State, seat: int) -> list[dict[str, Any]]:
        """The parameterised families open now; every action they admit is also listed."""
        if state["finished"] or not self._seat_ok(state, seat):
            return []
        sheet = state["sheets"][self.sheet_index(state, seat)]
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
    def _reject(self, state: State, seat: Any, action: Any) -> None:
        """Raise the most helpful RulesError for an action not in the legal list."""
        if state["finished"]:
            raise RulesError("game_over", "the tour is over")
        if not self._seat_ok(state, seat):
            raise RulesError("not_your_turn", f"seat {seat!r} is not in this game")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RulesError("bad_action", 'an action is an object with a string "type"')
        kind = action["type"]
        if kind not in ACTION_TYPES:
            raise RulesError("unknown_action", f"unknown action type {kind!r}")
        legal = self.legal_actions(state, seat)
        if not legal:
            raise RulesError("not_your_turn", "this seat has nothing to do until the week ends")
        if kind not in {a["type"] for a in legal} and kind not in ANYTIME_ACTIONS:
            phase = state["sheets"][self.sheet_index(state, seat)]["phase"]
            raise RulesError("wrong_phase", f"{kind} is not possible in the {phase} phase")
        if kind in CASH_ACTIONS:
            raise RulesError(
                "cannot_afford_or_invalid",
                f"{kind}: not affordable or not a valid choice now",
                {"legal": [a for a in legal if a["type"] == kind]},
            )
        raise RulesError("illegal_action", f"that {kind} is not legal now")

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if not state["finished"] and self._seat_ok(state, seat) and isinstance(action, dict):
            probe = action
            dice = action.get("dice")
            if (
                action.get("type") == "stage"
                and isinstance(dice, list)
                and all(_is_int(d) for d in dice)
            ):
                probe = {**action, "dice": sorted(dice)}
            if self._is_legal(state, seat, probe):
                new = self.copy_state(state)
                events = self._do(new, seat, probe)
                return new, events
        self._reject(state, seat, action)
        raise AssertionError("unreachable")  # pragma: no cover

    def _is_legal(self, state: State, seat: int, action: Action) -> bool:
        """Membership in ``legal_actions``, checked directly for the two large families."""
        sheet = state["sheets"][self.sheet_index(state, seat)]
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
        return key is not None and any(canonical(a) == key for a in self._options(state, seat))

    def _do(self, state: State, seat: int, action: Action) -> list[Event]:
        index = self.sheet_index(state, seat)
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
            self._after_road(sheet, index, events)
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
            sheet["next_forced"] = _fail_state(sheet)
            sheet["phase"] = "done"
            events.append({**base, "type": "week_done", "next_forced": sheet["next_forced"]})
        if kind in ANYTIME_ACTIONS and sheet["phase"] == "done":
            sheet["next_forced"] = _fail_state(sheet)  # a late mechanic still saves the van
        self._headline(state, events)
        if all(s["phase"] == "done" for s in state["sheets"]):
            self._end_week(state, events)
        return events

    # -- views and outcome -----------------------------------------------------------
    def view(self, state: State, seat: int | None, omniscient: bool = False) -> dict[str, Any]:
        data = content()
        view = self.copy_state(state)
        if not omniscient:
            view.pop("rng", None)  # the seed would reveal every future roll
        view["status"] = "finished" if state["finished"] else "running"
        view["outcome"] = self.outcome(state)
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
        view["seats_to_act"] = self.seats_to_act(state)
        if seat is not None:
            view["you"] = {"seat": seat, "sheet": self.sheet_index(state, seat)}
        return view

    def outcome(self, state: State) -> dict[str, Any] | None:
        if not state["finished"]:
            return None
        data = content()
        mode = state["mode"]
        totals = [sh.score(s) for s in state["sheets"]]
        seat_totals = [totals[self.sheet_index(state, seat)] for seat in range(state["players"])]
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

    def catalog(self) -> dict[str, Any]:
        data = copy.deepcopy(content())
        return {
            "venues": data["venues"],
            "road_table": {str(k): v for k, v in data["road_table"].items()},
            "crew": data["crew"],
            "ranks": data["ranks"],
            "rules": {
                k: data[k]
                for k in ("start", "caps", "difficulties", "modes", "targets", "rival", "versus")
            },
        }
