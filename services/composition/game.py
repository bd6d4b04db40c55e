"""Composition as a Greenroom game: draft letters, spell a word, earn Roses and badges.

Round = draft (seats take one card at a time from The Composition, starting
with the Baton) -> compose (every seat commits a Performance simultaneously;
a word the dictionary rejects gets one retry) -> resolve (scores, Awards,
Chorus, Baton) -> in solo, flip one unearned card face down.
"""

from __future__ import annotations

from typing import Any

from services.composition import wordlist
from services.composition.content import VOWELS, card, content
from services.composition.scoring import PAY_TYPES, held_abilities, score_performance
from services.core import Game, RulesError, draw_rng, new_rng_state

State = dict[str, Any]
Action = dict[str, Any]


def _rules() -> dict[str, Any]:
    return content()["rules"]


def public_card(cid: str) -> dict[str, Any]:
    """A card as clients see it (static facts only)."""
    c = card(cid)
    keys = ("id", "kind", "name", "letters", "rose", "symbol", "abilities", "locked", "effect")
    return {k: c[k] for k in keys if k in c}


def maestro_abilities(state: State, seat: int) -> list[dict[str, Any]]:
    return content()["maestros"][state["seats"][seat]["maestro"]]["abilities"]


def has_ability(state: State, seat: int, kind: str) -> dict[str, Any] | None:
    for ab in maestro_abilities(state, seat):
        if ab["type"] == kind:
            return ab
    return None


def usable_cards(state: State, seat: int) -> list[str]:
    """Ids of every card ``seat`` may use in this round's Performance."""
    s = state["seats"][seat]
    locked = list(s["locked"])
    rex = state.get("rex")
    if rex and rex["seat"] == seat:
        locked = [c for c in locked if c != rex["x"]]
    ids = locked + s["chorus"] + s["drafted"]
    if s["ghost"]:
        ids.append("ghost")
    return ids


def seat_hand(state: State, seat: int) -> dict[str, Any]:
    """What the solver needs for ``seat``: its cards, Maestro abilities and Roses."""
    return {
        "cards": [public_card(c) for c in usable_cards(state, seat)],
        "maestro": state["seats"][seat]["maestro"],
        "maestro_abilities": maestro_abilities(state, seat),
        "roses": state["seats"][seat]["roses"],
        "min_word_length": _rules()["min_word_length"],
    }


class CompositionGame(Game):
    name = "composition"
    title = "Composition"
    min_players = 1
    max_players = 5
    options_schema = {
        "type": "object",
        "properties": {
            "maestros": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Maestro id per seat (default: dealt at random; solo is MASK)",
            },
            "max_rounds": {"type": "integer", "minimum": 1, "maximum": 40},
            "tomatoes": {"type": "boolean", "description": "Tomato cards in the Note deck"},
        },
        "additionalProperties": False,
    }

    # ------------------------------------------------------------------ setup
    def new(self, players: int, options: dict[str, Any], seed: int) -> State:
        data = content()
        rules = data["rules"]
        if not isinstance(players, int) or not 1 <= players <= 5:
            raise RulesError("invalid_options", "Composition seats 1 to 5 players")
        options = dict(options or {})
        unknown = set(options) - {"maestros", "max_rounds", "tomatoes"}
        if unknown:
            raise RulesError("invalid_options", f"unknown options: {sorted(unknown)}")
        solo = players == 1
        max_rounds = options.get("max_rounds", rules["max_rounds"] if not solo else 40)
        if (
            not isinstance(max_rounds, int)
            or isinstance(max_rounds, bool)
            or not (1 <= max_rounds <= 40)
        ):
            raise RulesError("invalid_options", "max_rounds must be an integer 1..40")
        tomatoes = options.get("tomatoes", True)
        if not isinstance(tomatoes, bool):
            raise RulesError("invalid_options", "tomatoes must be true or false")
        state: State = {"players": players, "rng": new_rng_state(seed), "solo": solo}
        rng = draw_rng(state)
        chosen = options.get("maestros")
        all_m = list(data["maestros"])
        if chosen is not None:
            if (
                not isinstance(chosen, list)
                or len(chosen) != players
                or not all(isinstance(m, str) and m in data["maestros"] for m in chosen)
                or len(set(chosen)) != players
            ):
                raise RulesError(
                    "invalid_options", f"maestros must list {players} distinct ids of {all_m}"
                )
            if solo and chosen != ["MASK"]:
                raise RulesError("invalid_options", "solo mode plays the Masked Maestro")
        elif solo:
            chosen = ["MASK"]
        else:
            chosen = rng.sample(all_m, players)
        unused_letters = [
            cid for m in all_m if m not in chosen for cid in data["maestros"][m]["letters"]
        ]
        seats = []
        for mid in chosen:
            m = data["maestros"][mid]
            locked = list(m["letters"])
            if m["masked"]:
                locked = _masked_letters(unused_letters, m["locked_count"], rng)
            seats.append(
                {
                    "maestro": mid,
                    "roses": m["roses"],
                    "locked": locked,
                    "chorus": [],
                    "drafted": [],
                    "extra": [],
                    "ghost": False,
                    "ovations": [],
                    "awards": [],
                    "bought_ovation": False,
                    "status": "waiting",
                    "performance": None,
                    "retried": False,
                    "last": None,
                }
            )
        notes = list(data["notes"]) + (list(data["tomatoes"]) if tomatoes and not solo else [])
        rng.shuffle(notes)
        cresc = list(data["crescendos"])
        rng.shuffle(cresc)
        ovations = list(data["ovations"])
        awards = list(data["awards"])
        rng.shuffle(ovations)
        rng.shuffle(awards)
        if not solo:
            n = int(rules["reveal"][str(players)])
            ovations, awards = ovations[:n], awards[:n]
        state.update(
            {
                "max_rounds": max_rounds,
                "round": 0,
                "phase": "draft",
                "baton": 0,
                "turn": 0,
                "tracker": players,
                "note_deck": notes,
                "cresc_deck": cresc,
                "discard": [],
                "composition": {"notes": [], "crescendos": [], "ghost": False},
                "ghost_cost": rules["costs"]["ghost"],
                "ovations": ovations,
                "awards": awards,
                "facedown": [],
                "last_round": False,
                "finished": False,
                "rex": None,
                "held_tomatoes": [],
                "seats": seats,
                "history": [],
            }
        )
        events: list[dict[str, Any]] = []
        self._start_round(state, events)
        return state

    # -------------------------------------------------------------- protocol
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["finished"] or not 0 <= seat < state["players"]:
            return []
        phase = state["phase"]
        if phase == "draft":
            if seat != state["turn"]:
                return []
            return self._draft_actions(state, seat)
        if phase == "compose":
            if state["seats"][seat]["status"] not in ("composing", "retry"):
                return []
            acts: list[Action] = [{"type": "perform", "cards": []}]
            words = self._short_words(state, seat)
            acts.extend(words)
            helpers = self._helpers(state, seat)
            if helpers and words:
                acts.append({"type": "ask_help", "helper": helpers[0], "cards": words[0]["cards"]})
            return acts
        if phase == "flip":
            return [{"type": "flip", "card": cid} for cid in self._face_up(state)]
        return []

    def seats_to_act(self, state: State) -> list[int]:
        if state["finished"]:
            return []
        if state["phase"] == "draft":
            return [state["turn"]]
        if state["phase"] == "compose":
            return [
                i for i, s in enumerate(state["seats"]) if s["status"] in ("composing", "retry")
            ]
        return [0]

    def action_forms(self, state: State, seat: int) -> list[dict[str, Any]]:
        if state["finished"] or state["phase"] != "compose":
            return []
        if state["seats"][seat]["status"] not in ("composing", "retry"):
            return []
        return [
            {
                "type": "perform",
                "description": "Commit a Performance: the cards spelling the word, in order.",
                "params": {
                    "cards": "list of card ids from your usable cards, in word order",
                    "assign": "{card id: letter} for the Ghost Note (and MUD's changed card)",
                    "pay": "card ids whose pay-cost ability you activate",
                    "bonus": "{symbol: 'roses'|'cards'} (default roses)",
                    "keep": "unused card ids to place in your Chorus (rest auto-filled)",
                },
                "usable_cards": usable_cards(state, seat),
            },
            {
                "type": "perform",
                "description": "Two words crossing at a two-word card (it counts once).",
                "params": {
                    "cards": "the first word",
                    "cards2": "the second word; shares "
                    "exactly one card, which has the two_words ability",
                },
            },
            {
                "type": "ask_help",
                "description": "Pay a player 1 Rose to check whether cards spell a word "
                "(private answer; the word is not committed).",
                "params": {
                    "helper": "another seat",
                    "cards": "card ids in word order",
                    "assign": "as for perform",
                    "cards2": "optional second word",
                },
                "helpers": self._helpers(state, seat),
            },
        ]

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[dict[str, Any]]]:
        if state.get("finished"):
            raise RulesError("game_over", "the game is over")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RulesError("unknown_action", "an action is an object with a 'type'")
        if not isinstance(seat, int) or not 0 <= seat < state["players"]:
            raise RulesError("bad_seat", "no such seat")
        kind = action["type"]
        phase = state["phase"]
        handlers = {
            "draft": {
                "take": self._take,
                "buy_crescendo": self._buy_crescendo,
                "buy_ovation": self._buy_ovation,
                "rex_mark": self._rex_mark,
                "stop": self._stop,
            },
            "compose": {"perform": self._perform, "ask_help": self._ask_help},
            "flip": {"flip": self._flip},
        }
        known = {k for h in handlers.values() for k in h}
        if kind not in known:
            raise RulesError("unknown_action", f"unknown action type {kind!r}")
        handler = handlers[phase].get(kind)
        if handler is None:
            raise RulesError("wrong_phase", f"{kind!r} is not possible in the {phase} phase")
        new = self.copy_state(state)
        events: list[dict[str, Any]] = []
        handler(new, seat, action, events)
        return new, events

    def outcome(self, state: State) -> dict[str, Any] | None:
        if not state.get("finished"):
            return None
        if state["solo"]:
            s = state["seats"][0]
            earned = len(s["awards"]) + len(s["ovations"])
            score = earned - len(state["facedown"])
            rank = "lost"
            for band in _rules()["solo"]["win_bands"]:
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
        badges = {str(i): _badges(s) for i, s in enumerate(state["seats"])}
        roses = {str(i): s["roses"] for i, s in enumerate(state["seats"])}
        best = max((badges[k], roses[k]) for k in badges)
        winners = [int(k) for k in badges if (badges[k], roses[k]) == best]
        return {"winners": winners, "scores": badges, "roses": roses, "rounds": state["round"]}

    def view(self, state: State, seat: int | None, omniscient: bool = False) -> dict[str, Any]:
        comp = state["composition"]
        seats_view = []
        for i, s in enumerate(state["seats"]):
            own = omniscient or seat == i
            perf = s["performance"]
            show_perf = perf is not None and (own or state["phase"] != "compose")
            seats_view.append(
                {
                    "seat": i,
                    "maestro": s["maestro"],
                    "roses": s["roses"],
                    "badges": _badges(s),
                    "locked": [public_card(c) for c in s["locked"]],
                    "chorus": [public_card(c) for c in s["chorus"]],
                    "drafted": [public_card(c) for c in s["drafted"]],
                    "ghost": s["ghost"],
                    "ovations": list(s["ovations"]),
                    "awards": list(s["awards"]),
                    "status": s["status"],
                    "performance": perf if show_perf else None,
                    "help": list(s.get("help", [])) if own else None,
                    "committed": perf is not None,
                    "last": s["last"],
                }
            )
        crescendos = []
        for i, slot in enumerate(comp["crescendos"]):
            entry = {"slot": i, "roses": slot["roses"]}
            if omniscient:
                entry["card"] = public_card(slot["card"])
            crescendos.append(entry)
        out = {
            "status": "finished" if state["finished"] else "running",
            "outcome": self.outcome(state),
            "solo": state["solo"],
            "round": state["round"],
            "max_rounds": state["max_rounds"],
            "last_round": state["last_round"],
            "phase": "over" if state["finished"] else state["phase"],
            "baton": state["baton"],
            "turn": state["turn"] if state["phase"] == "draft" else None,
            "tracker": state["tracker"],
            "composition": {
                "notes": [public_card(c) for c in comp["notes"]],
                "crescendos": crescendos,
                "ghost": {"available": comp["ghost"], "cost": state["ghost_cost"]},
            },
            "costs": {
                "crescendo": _rules()["costs"]["crescendo"],
                "ovation": _rules()["costs"]["ovation"],
            },
            "note_deck": len(state["note_deck"]),
            "crescendo_deck": len(state["cresc_deck"]),
            "discard": len(state["discard"]),
            "ovations": [dict(content()["ovations"][o]) for o in state["ovations"]],
            "awards": [dict(content()["awards"][a]) for a in state["awards"]],
            "facedown": list(state["facedown"]),
            "rex": state["rex"],
            "held_tomatoes": [dict(h) for h in state.get("held_tomatoes", [])],
            "seats": seats_view,
            "history": state["history"][-3:],
        }
        if omniscient:
            out["note_deck_order"] = list(state["note_deck"])
            out["crescendo_deck_order"] = list(state["cresc_deck"])
        return out

    def warm_up(self) -> None:
        # judging words needs the list; load it before the first request does
        wordlist.word_set()

    def catalog(self) -> dict[str, Any]:
        data = content()
        return {
            "cards": [public_card(c) for c in data["cards"]],
            "maestros": list(data["maestros"].values()),
            "awards": list(data["awards"].values()),
            "ovations": list(data["ovations"].values()),
            "rules": data["rules"],
        }

    # ----------------------------------------------------------------- draft
    def _free_cards(self, state: State, seat: int) -> list[str]:
        comp = state["composition"]
        free = list(comp["notes"])
        if comp["ghost"] and self._ghost_cost(state, seat) == 0:
            free.append("ghost")
        return free

    def _ghost_cost(self, state: State, seat: int) -> int:
        if state["solo"]:
            return int(_rules()["solo"]["ghost_cost"])
        if has_ability(state, seat, "ghost_free") or not state["composition"]["notes"]:
            return 0
        cost = int(state["ghost_cost"])
        for held in state.get("held_tomatoes", []):
            eff = card(held["card"])["effect"]
            if held["holder"] == seat and eff["type"] == "ghost_cost":
                cost = max(cost, eff["n"])
        return cost

    def _cresc_cost(self, state: State, seat: int) -> int:
        disc = has_ability(state, seat, "crescendo_discount")
        return max(0, _rules()["costs"]["crescendo"] - (disc["n"] if disc else 0))

    def _can_buy_ovation(self, state: State, seat: int) -> bool:
        s = state["seats"][seat]
        if not state["solo"] and s["bought_ovation"]:
            return False
        return bool(state["ovations"]) and s["roses"] >= _rules()["costs"]["ovation"]

    def _draft_actions(self, state: State, seat: int) -> list[Action]:
        s = state["seats"][seat]
        comp = state["composition"]
        acts: list[Action] = [{"type": "take", "card": c} for c in self._free_cards(state, seat)]
        if comp["ghost"] and 0 < self._ghost_cost(state, seat) <= s["roses"]:
            acts.append({"type": "take", "card": "ghost"})
        if comp["crescendos"] and s["roses"] >= self._cresc_cost(state, seat):
            acts.extend(
                {"type": "buy_crescendo", "slot": i} for i in range(len(comp["crescendos"]))
            )
        if self._can_buy_ovation(state, seat):
            acts.extend({"type": "buy_ovation", "ovation": o} for o in state["ovations"])
        if not self._free_cards(state, seat):
            acts.append({"type": "stop"})
        acts.extend(self._rex_actions(state, seat))
        return acts

    def _rex_actions(self, state: State, seat: int) -> list[Action]:
        if state["solo"] or state["rex"] is not None or not has_ability(state, seat, "rex_mark"):
            return []
        if not any(card(c).get("rex") for c in state["seats"][seat]["locked"]):
            return []
        return [
            {"type": "rex_mark", "target": t, "card": c}
            for t, other in enumerate(state["seats"])
            if t != seat
            for c in other["chorus"]
        ]

    def _check_turn(self, state: State, seat: int) -> None:
        if seat != state["turn"]:
            raise RulesError("not_your_turn", f"seat {state['turn']} is drafting")

    def _take(self, state: State, seat: int, action: Action, events: list) -> None:
        self._check_turn(state, seat)
        cid = action.get("card")
        comp = state["composition"]
        s = state["seats"][seat]
        if cid == "ghost":
            if not comp["ghost"]:
                raise RulesError("card_not_available", "the Ghost Note is taken")
            cost = self._ghost_cost(state, seat)
            if cost > s["roses"]:
                raise RulesError("not_enough_roses", f"the Ghost Note costs {cost}")
            s["roses"] -= cost
            comp["ghost"] = False
            s["ghost"] = True
            events.append({"type": "took", "seat": seat, "card": "ghost", "cost": cost})
        elif isinstance(cid, str) and cid in comp["notes"]:
            comp["notes"].remove(cid)
            s["drafted"].append(cid)
            self._on_take(state, seat, cid, events)
            events.append({"type": "took", "seat": seat, "card": cid, "cost": 0})
        else:
            raise RulesError("card_not_available", f"{cid!r} is not in The Composition")
        self._next_drafter(state, events)

    def _on_take(self, state: State, seat: int, cid: str, events: list) -> None:
        s = state["seats"][seat]
        c = card(cid)
        for ab in c.get("abilities", ()):
            if ab["type"] == "on_take_roses":
                s["roses"] += ab["n"]
                events.append({"type": "on_take", "seat": seat, "card": cid, "roses": ab["n"]})
        if c.get("locked"):
            s["drafted"].remove(cid)
            s["locked"].append(cid)
            events.append({"type": "locked_letter", "seat": seat, "card": cid})

    def _buy_crescendo(self, state: State, seat: int, action: Action, events: list) -> None:
        self._check_turn(state, seat)
        slot = action.get("slot")
        comp = state["composition"]
        if (
            not isinstance(slot, int)
            or isinstance(slot, bool)
            or not 0 <= slot < len(comp["crescendos"])
        ):
            raise RulesError("card_not_available", "no Crescendo in that slot")
        s = state["seats"][seat]
        cost = self._cresc_cost(state, seat)
        if s["roses"] < cost:
            raise RulesError("not_enough_roses", f"a Crescendo costs {cost}")
        entry = comp["crescendos"].pop(slot)
        s["roses"] += entry["roses"] - cost
        s["drafted"].append(entry["card"])
        events.append(
            {
                "type": "bought_crescendo",
                "seat": seat,
                "card": entry["card"],
                "cost": cost,
                "roses_on_card": entry["roses"],
            }
        )
        self._on_take(state, seat, entry["card"], events)
        self._next_drafter(state, events)

    def _buy_ovation(self, state: State, seat: int, action: Action, events: list) -> None:
        self._check_turn(state, seat)
        oid = action.get("ovation")
        if not isinstance(oid, str) or oid not in state["ovations"]:
            raise RulesError("card_not_available", f"Ovation {oid!r} is not on offer")
        s = state["seats"][seat]
        if not state["solo"] and s["bought_ovation"]:
            raise RulesError("ovation_limit", "one Ovation per seat per round")
        cost = _rules()["costs"]["ovation"]
        if s["roses"] < cost:
            raise RulesError("not_enough_roses", f"an Ovation costs {cost}")
        s["roses"] -= cost
        state["ovations"].remove(oid)
        s["ovations"].append(oid)
        s["bought_ovation"] = True
        state["tracker"] = min(state["tracker"] + 1, _rules()["tracker_max"])
        events.append({"type": "bought_ovation", "seat": seat, "ovation": oid})
        if not state["solo"] and not state["ovations"] and not state["last_round"]:
            state["last_round"] = True
            events.append({"type": "last_round", "reason": "all Ovations bought"})
        self._next_drafter(state, events)

    def _rex_mark(self, state: State, seat: int, action: Action, events: list) -> None:
        self._check_turn(state, seat)
        legal = self._rex_actions(state, seat)
        want = {"type": "rex_mark", "target": action.get("target"), "card": action.get("card")}
        if want not in legal:
            raise RulesError("illegal_mark", "REX may mark one Chorus card of another seat")
        x = next(c for c in state["seats"][seat]["locked"] if card(c).get("rex"))
        state["rex"] = {"seat": seat, "x": x, "target": want["target"], "card": want["card"]}
        events.append(
            {"type": "rex_mark", "seat": seat, "target": want["target"], "card": want["card"]}
        )

    def _stop(self, state: State, seat: int, action: Action, events: list) -> None:
        self._check_turn(state, seat)
        if self._free_cards(state, seat):
            raise RulesError("must_take", "a free card is available: take one")
        events.append({"type": "draft_stopped", "seat": seat})
        self._begin_compose(state, events)

    def _next_drafter(self, state: State, events: list) -> None:
        n = state["players"]
        state["turn"] = (state["turn"] + 1) % n
        seat = state["turn"]
        if not self._free_cards(state, seat) and not self._has_purchase(state, seat):
            events.append({"type": "draft_ended"})
            self._begin_compose(state, events)

    def _has_purchase(self, state: State, seat: int) -> bool:
        comp = state["composition"]
        roses = state["seats"][seat]["roses"]
        return (
            (comp["ghost"] and self._ghost_cost(state, seat) <= roses)
            or (bool(comp["crescendos"]) and self._cresc_cost(state, seat) <= roses)
            or self._can_buy_ovation(state, seat)
        )

    def _begin_compose(self, state: State, events: list) -> None:
        state["phase"] = "compose"
        for s in state["seats"]:
            s["status"] = "composing"
            s["performance"] = None
            s["retried"] = False
        events.append({"type": "compose", "round": state["round"]})

    # --------------------------------------------------------------- compose
    def _short_words(self, state: State, seat: int) -> list[Action]:
        """A few short words found without the solver (cheap concrete actions)."""
        minlen = _rules()["min_word_length"]
        singles = [c for c in usable_cards(state, seat) if len(card(c)["letters"]) == 1]
        found: list[Action] = []
        for i, a in enumerate(singles):
            for j, b in enumerate(singles):
                if i == j:
                    continue
                word = card(a)["letters"] + card(b)["letters"]
                if len(word) >= minlen and wordlist.is_word(word):
                    found.append({"type": "perform", "cards": [a, b]})
                    if len(found) >= 3:
                        return found
        return found

    def _perform(self, state: State, seat: int, action: Action, events: list) -> None:
        s = state["seats"][seat]
        if s["status"] not in ("composing", "retry"):
            raise RulesError("already_committed", "this seat has committed its Performance")
        perf = self._parse_performance(state, seat, action)
        s["performance"] = perf
        s["status"] = "committed"
        events.append({"type": "committed", "seat": seat})
        if all(x["status"] == "committed" for x in state["seats"]):
            self._reveal(state, events)

    def _helpers(self, state: State, seat: int) -> list[int]:
        """Seats ``seat`` may pay for spelling help (every other seat is deemed willing)."""
        cost = _rules()["costs"]["help"]
        if state["solo"] or state["seats"][seat]["roses"] < cost:
            return []
        return [i for i in range(state["players"]) if i != seat]

    def _ask_help(self, state: State, seat: int, action: Action, events: list) -> None:
        s = state["seats"][seat]
        if s["status"] not in ("composing", "retry"):
            raise RulesError("already_committed", "this seat has committed its Performance")
        helper = action.get("helper")
        if state["solo"]:
            raise RulesError("no_helper", "no other player to ask in solo")
        if not isinstance(helper, int) or isinstance(helper, bool) or helper == seat:
            raise RulesError("bad_action", "helper must be another seat")
        if not 0 <= helper < state["players"]:
            raise RulesError("bad_seat", "no such seat")
        cost = _rules()["costs"]["help"]
        if s["roses"] < cost:
            raise RulesError("not_enough_roses", f"spelling help costs {cost} Rose")
        probe = {k: action[k] for k in ("cards", "assign", "cards2") if k in action}
        perf = self._parse_performance(state, seat, {"type": "perform", **probe})
        if not perf["cards"]:
            raise RulesError("bad_action", "name the cards to check")
        valid = all(self._valid_word(w) for w in perf["words"])
        s["roses"] -= cost
        state["seats"][helper]["roses"] += cost
        s.setdefault("help", []).append({"helper": helper, "word": perf["word"], "valid": valid})
        # the verdict and the word stay in the seat's private view, not in public events
        events.append({"type": "spelling_help", "seat": seat, "helper": helper, "roses": cost})

    def _parse_performance(self, state: State, seat: int, action: Action) -> dict[str, Any]:
        s = state["seats"][seat]
        cards = action.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise RulesError("bad_action", "cards must be a list of card ids")
        if len(set(cards)) != len(cards):
            raise RulesError("bad_action", "a card can be used once in a Performance")
        usable = usable_cards(state, seat)
        for c in cards:
            if c not in usable:
                raise RulesError("card_not_in_hand", f"{c!r} is not one of your usable cards")
        assign = action.get("assign", {}) or {}
        if not isinstance(assign, dict):
            raise RulesError("bad_action", "assign must map card ids to letters")
        mud = has_ability(state, seat, "change_letter") is not None
        changed = 0
        cards2 = action.get("cards2") or []
        for cid, letter in assign.items():
            if cid not in cards and cid not in (cards2 if isinstance(cards2, list) else []):
                raise RulesError("bad_action", f"assign names {cid!r}, not in the word")
            if not (isinstance(letter, str) and len(letter) == 1 and "a" <= letter <= "z"):
                raise RulesError("bad_action", "assigned letters are single lowercase letters")
            if cid != "ghost":
                if not mud:
                    raise RulesError("bad_action", "only the Ghost Note takes an assigned letter")
                if len(card(cid)["letters"]) != 1:
                    raise RulesError("bad_action", "MUD changes a single-letter card only")
                changed += 1
        if changed > 1:
            raise RulesError("bad_action", "MUD changes one card per Performance")
        if "ghost" in cards and "ghost" not in assign:
            raise RulesError("bad_action", "say which letter the Ghost Note plays")
        pay = action.get("pay", []) or []
        if not isinstance(pay, list) or not all(isinstance(p, str) for p in pay):
            raise RulesError("bad_action", "pay must be a list of card ids")
        cost = 0
        for p in set(pay):
            abil = (
                [a for a in card(p).get("abilities", ()) if a["type"] in PAY_TYPES]
                if (p in cards or (isinstance(cards2, list) and p in cards2))
                else []
            )
            if not abil:
                raise RulesError("bad_action", f"{p!r} has no pay-cost ability in this word")
            cost += abil[0]["cost"]
        if cost > s["roses"]:
            raise RulesError("not_enough_roses", f"the abilities cost {cost} Roses")
        bonus = action.get("bonus", {}) or {}
        if not isinstance(bonus, dict) or not all(v in ("roses", "cards") for v in bonus.values()):
            raise RulesError("bad_action", "bonus maps a symbol to 'roses' or 'cards'")
        keep = action.get("keep", []) or []
        if not isinstance(keep, list) or not all(isinstance(k, str) for k in keep):
            raise RulesError("bad_action", "keep must be a list of card ids")
        slots = content()["maestros"][s["maestro"]]["chorus"]
        for k in keep:
            in_words = k in cards or (isinstance(cards2, list) and k in cards2)
            if in_words or k not in s["chorus"] + s["drafted"]:
                raise RulesError("bad_action", f"{k!r} cannot go to the Chorus")
        if len(set(keep)) > slots:
            raise RulesError("bad_action", f"only {slots} Chorus slots")
        words = ["".join(assign.get(c, card(c)["letters"]) for c in cards)]
        used = list(cards)
        cards2 = action.get("cards2")
        if cards2 is not None and cards2 != []:
            second = self._second_word(cards, cards2, usable, assign)
            words.append("".join(assign.get(c, card(c)["letters"]) for c in cards2))
            used += [c for c in cards2 if c != second]
        letters = [assign.get(c, card(c)["letters"]) for c in used]
        return {
            "cards": used,
            "letters": letters,
            "words": words,
            "word": " ".join(words),
            "assign": dict(assign),
            "pay": sorted(set(pay)),
            "bonus": {str(k): v for k, v in bonus.items()},
            "keep": list(dict.fromkeys(keep)),
        }

    def _second_word(
        self, cards: list[str], cards2: Any, usable: list[str], assign: dict[str, Any]
    ) -> str:
        """Check a second word; return the one card it shares with the first (a two_words card)."""
        if not isinstance(cards2, list) or not all(isinstance(c, str) for c in cards2):
            raise RulesError("bad_action", "cards2 must be a list of card ids")
        if len(set(cards2)) != len(cards2):
            raise RulesError("bad_action", "a card can be used once in a word")
        for c in cards2:
            if c not in usable:
                raise RulesError("card_not_in_hand", f"{c!r} is not one of your usable cards")
        shared = [c for c in cards2 if c in cards]
        if len(shared) != 1:
            raise RulesError("bad_action", "the two words share exactly one card")
        if not any(a["type"] == "two_words" for a in card(shared[0]).get("abilities", ())):
            raise RulesError("no_two_words", "only a two-word card may join two words")
        return shared[0]

    def _valid_word(self, word: str) -> bool:
        return len(word) >= _rules()["min_word_length"] and wordlist.is_word(word)

    def _reveal(self, state: State, events: list) -> None:
        retry = False
        for i, s in enumerate(state["seats"]):
            perf = s["performance"]
            if not perf["cards"] or all(self._valid_word(w) for w in perf["words"]):
                continue
            if not s["retried"]:
                s["retried"] = True
                s["status"] = "retry"
                s["contested"] = perf["word"]
                s["performance"] = None
                retry = True
                events.append({"type": "contested", "seat": i, "word": perf["word"]})
            else:
                perf["failed"] = True
                events.append({"type": "contest_lost", "seat": i, "word": perf["word"]})
        if not retry:
            self._resolve(state, events)

    # --------------------------------------------------------------- resolve
    def _resolve(self, state: State, events: list) -> None:
        n = state["players"]
        order = [(state["baton"] + k) % n for k in range(n)]
        rules = _rules()
        results: dict[int, dict[str, Any]] = {}
        for seat in order:
            s = state["seats"][seat]
            perf = s["performance"]
            used = [] if perf.get("failed") else perf["cards"]
            if used:
                uses = [(card(c), letter) for c, letter in zip(used, perf["letters"])]
                held = [card(c) for c in usable_cards(state, seat) if c != "ghost"]
                abilities = maestro_abilities(state, seat) + held_abilities(held)
                br = score_performance(uses, abilities, perf["pay"], perf["bonus"], rules)
                br["words"] = list(perf["words"])
            else:
                br = None
            gained = br["total"] if br else 0
            paid = br["paid"] if br else 0
            s["roses"] += gained - paid
            result = {
                "word": perf["word"] if used else "",
                "failed": bool(perf.get("failed")),
                "roses": gained,
                "paid": paid,
                "breakdown": br,
                "awards": [],
                "drawn": [],
            }
            if br:
                for _ in range(br["cards_drawn"]):
                    cid = self._draw_note(state, allow_tomato=False)
                    if cid is None:
                        break
                    s["extra"].append(cid)
                    result["drawn"].append(cid)
                self._earn_awards(state, seat, used, br, result, events)
            results[seat] = result
            events.append({"type": "performance", "seat": seat, **result})
        self._end_round(state, results, events)

    def _earn_awards(self, state, seat, used, br, result, events) -> None:
        s = state["seats"][seat]
        if not state["solo"] and s["bought_ovation"]:
            return
        awards = content()["awards"]
        ok = [a for a in state["awards"] if _goal_met(awards[a]["goal"], used, br)]
        if not ok:
            return
        if not state["solo"]:
            best = max(awards[a]["badges"] for a in ok)
            ok = [next(a for a in ok if awards[a]["badges"] == best)]
        for a in ok:
            state["awards"].remove(a)
            s["awards"].append(a)
            result["awards"].append(a)
            events.append({"type": "award", "seat": seat, "award": a})
        if not state["solo"] and not state["awards"] and not state["last_round"]:
            state["last_round"] = True
            events.append({"type": "last_round", "reason": "all Awards earned"})

    def _end_round(self, state: State, results: dict[int, dict], events: list) -> None:
        rex = state["rex"]
        for seat, s in enumerate(state["seats"]):
            perf = s["performance"]
            used = set() if perf.get("failed") else set(perf["cards"])
            pool = [c for c in s["chorus"] + s["drafted"] if c not in used]
            if rex and rex["target"] == seat and rex["card"] in pool:
                pool.remove(rex["card"])
                state["discard"].append(rex["card"])
                events.append({"type": "rex_discard", "seat": seat, "card": rex["card"]})
            slots = content()["maestros"][s["maestro"]]["chorus"]
            keep = [k for k in perf["keep"] if k in pool][:slots]
            rest = sorted((c for c in pool if c not in keep), key=lambda c: (-card(c)["rose"], c))
            while len(keep) < slots and rest:
                keep.append(rest.pop(0))
            state["discard"].extend(c for c in s["chorus"] + s["drafted"] if c in used)
            state["discard"].extend(rest)
            s["chorus"] = keep
            s["drafted"] = []
            s["ghost"] = False
            s["last"] = results[seat]
            s["status"] = "waiting"
        state["rex"] = None
        self._pass_tomatoes(state, events)
        cat = [has_ability(state, i, "cat_roses") for i in range(state["players"])]
        bonus = sum(c["n"] for c in cat if c)
        for slot in state["composition"]["crescendos"]:
            slot["roses"] += bonus
        state["history"].append(
            {"round": state["round"], "words": {str(k): v["word"] for k, v in results.items()}}
        )
        state["baton"] = (state["baton"] + 1) % state["players"]
        if state["solo"]:
            if not self._face_up(state):
                self._finish(state, events)
            else:
                state["phase"] = "flip"
            return
        if state["last_round"] or state["round"] >= state["max_rounds"]:
            self._finish(state, events)
        else:
            self._start_round(state, events)

    def _face_up(self, state: State) -> list[str]:
        return list(state["ovations"]) + list(state["awards"])

    def _flip(self, state: State, seat: int, action: Action, events: list) -> None:
        cid = action.get("card")
        if not isinstance(cid, str) or cid not in self._face_up(state):
            raise RulesError("card_not_available", "flip a face-up unearned Ovation or Award")
        if cid in state["ovations"]:
            state["ovations"].remove(cid)
        else:
            state["awards"].remove(cid)
        state["facedown"].append(cid)
        events.append({"type": "flipped", "card": cid})
        if not self._face_up(state) or state["round"] >= state["max_rounds"]:
            self._finish(state, events)
        else:
            self._start_round(state, events)

    def _finish(self, state: State, events: list) -> None:
        if state["solo"]:
            # a round cap reached in solo turns every remaining card face down
            state["facedown"].extend(self._face_up(state))
            state["ovations"], state["awards"] = [], []
        state["finished"] = True
        state["phase"] = "over"
        events.append({"type": "game_over", "outcome": self.outcome(state)})

    # ------------------------------------------------------------- the round
    def _start_round(self, state: State, events: list) -> None:
        rules = _rules()
        state["round"] += 1
        state["phase"] = "draft"
        state["ghost_cost"] = rules["costs"]["ghost"]
        comp = state["composition"]
        comp["ghost"] = True
        for s in state["seats"]:
            s["drafted"] = list(s["extra"])
            s["extra"] = []
            s["bought_ovation"] = False
            s["performance"] = None
            s["status"] = "waiting"
            s["help"] = []
            s.pop("contested", None)
        for held in state.get("held_tomatoes", []):
            self._held_tomato_acts(state, held, events)
        want = rules["solo"]["notes_per_round"] if state["solo"] else state["tracker"]
        while len(comp["notes"]) < want:
            cid = self._draw_note(state, allow_tomato=True, events=events)
            if cid is None:
                break
            comp["notes"].append(cid)
        slots = rules["solo"]["crescendo_slots"] if state["solo"] else rules["crescendo_slots"]
        while len(comp["crescendos"]) < slots and state["cresc_deck"]:
            comp["crescendos"].append({"card": state["cresc_deck"].pop(0), "roses": 0})
        state["turn"] = state["baton"]
        events.append({"type": "round", "round": state["round"], "baton": state["baton"]})
        seat = state["turn"]
        if not self._free_cards(state, seat) and not self._has_purchase(state, seat):
            self._begin_compose(state, events)

    def _draw_note(self, state: State, allow_tomato: bool, events: list | None = None):
        """The next Note deck card; Tomatoes act (or are set aside) and are replaced."""
        while True:
            if not state["note_deck"]:
                pool = state["discard"] + state["cresc_deck"]
                if all(card(c)["kind"] == "tomato" for c in pool):
                    return None
                draw_rng(state).shuffle(pool)
                state["note_deck"], state["discard"], state["cresc_deck"] = pool, [], []
            cid = state["note_deck"].pop(0)
            if card(cid)["kind"] != "tomato":
                return cid
            state["discard"].append(cid)
            if allow_tomato:
                self._tomato(state, cid, events if events is not None else [])

    def _tomato(self, state: State, cid: str, events: list) -> None:
        eff = card(cid)["effect"]
        t = eff["type"]
        if card(cid).get("passes"):
            # held, not discarded: starts with the Baton holder and acts on its holder
            state["discard"].remove(cid)
            held = {"card": cid, "holder": state["baton"], "first": state["baton"]}
            state.setdefault("held_tomatoes", []).append(held)
            events.append(
                {
                    "type": "tomato",
                    "card": cid,
                    "name": card(cid)["name"],
                    "effect": eff,
                    "holder": held["holder"],
                }
            )
            self._held_tomato_acts(state, held, events)
            return
        if t == "all_lose_roses":
            for s in state["seats"]:
                s["roses"] = max(0, s["roses"] - eff["n"])
        elif t == "baton_loses_roses":
            s = state["seats"][state["baton"]]
            s["roses"] = max(0, s["roses"] - eff["n"])
        elif t == "discard_best_chorus":
            for s in state["seats"]:
                if s["chorus"]:
                    best = sorted(s["chorus"], key=lambda c: (-card(c)["rose"], c))[0]
                    s["chorus"].remove(best)
                    state["discard"].append(best)
        elif t == "ghost_cost":
            state["ghost_cost"] = eff["n"]
        events.append({"type": "tomato", "card": cid, "name": card(cid)["name"], "effect": eff})

    def _held_tomato_acts(self, state: State, held: dict[str, Any], events: list) -> None:
        """A held Tomato's effect on its holder for this round (Fiery acts via _ghost_cost)."""
        if card(held["card"])["effect"]["type"] != "discard_best_chorus":
            return
        s = state["seats"][held["holder"]]
        if s["chorus"]:
            best = sorted(s["chorus"], key=lambda c: (-card(c)["rose"], c))[0]
            s["chorus"].remove(best)
            state["discard"].append(best)
            events.append(
                {
                    "type": "tomato_discard",
                    "seat": held["holder"],
                    "card": best,
                    "tomato": held["card"],
                }
            )

    def _pass_tomatoes(self, state: State, events: list) -> None:
        """Round end: held Tomatoes pass clockwise (never into a Chorus); one lap, then out."""
        kept = []
        for held in state.get("held_tomatoes", []):
            nxt = (held["holder"] + 1) % state["players"]
            if nxt == held["first"]:
                state["discard"].append(held["card"])
                events.append({"type": "tomato_out", "card": held["card"]})
                continue
            kept.append({**held, "holder": nxt})
            events.append({"type": "tomato_passed", "card": held["card"], "to": nxt})
        state["held_tomatoes"] = kept


def _badges(seat_state: dict[str, Any]) -> int:
    data = content()
    return sum(data["awards"][a]["badges"] for a in seat_state["awards"]) + sum(
        data["ovations"][o]["badges"] for o in seat_state["ovations"]
    )


def _masked_letters(pool: list[str], count: int, rng) -> list[str]:
    """The Masked Maestro's own Locked Letters: ``count`` cards, a vowel, no repeats."""
    cards = list(pool)
    rng.shuffle(cards)
    chosen: list[str] = []
    vowel = next((c for c in cards if card(c)["letters"] in VOWELS), None)
    if vowel:
        chosen.append(vowel)
    for c in cards:
        if len(chosen) >= count:
            break
        if c not in chosen and all(card(c)["letters"] != card(x)["letters"] for x in chosen):
            chosen.append(c)
    return chosen


def _goal_met(goal: dict[str, Any], used: list[str], br: dict[str, Any]) -> bool:
    t = goal["type"]
    word = br["word"]
    if t == "min_length":
        return len(word) >= goal["n"]
    if t == "min_vowels":
        return sum(ch in VOWELS for ch in word) >= goal["n"]
    if t == "symbol_count":
        return any(row["count"] >= goal["n"] for row in br["symbols"])
    if t == "min_score":
        return br["total"] >= goal["n"]
    if t == "uses_two_letter":
        return any(len(card(c)["letters"]) == 2 for c in used)
    if t == "uses_crescendo":
        return any(card(c)["kind"] == "crescendo" for c in used)
    if t == "uses_letter":
        return any(ch in goal["letters"] for ch in word)
    if t == "same_start_end":
        return any(len(w) >= 2 and w[0] == w[-1] for w in br.get("words", [word]))
    if t == "min_cards":
        return len(used) >= goal["n"]
    return False
