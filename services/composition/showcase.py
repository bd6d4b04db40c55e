"""Phases 3 and 4: score every Performance in Baton order, Awards, Chorus, next round."""

from __future__ import annotations

from typing import Any

from services.composition.content import VOWELS, card, content
from services.composition.deck import draw_note, pass_tomatoes
from services.composition.draft import start_round
from services.composition.ending import face_up, finish
from services.composition.scoring import held_abilities, score_performance
from services.composition.seats import (
    Events,
    State,
    has_ability,
    maestro_abilities,
    rules,
    usable_cards,
)


def resolve(state: State, events: Events) -> None:
    n = state["players"]
    order = [(state["baton"] + k) % n for k in range(n)]
    r = rules()
    results: dict[int, dict[str, Any]] = {}
    for seat in order:
        s = state["seats"][seat]
        perf = s["performance"]
        used = [] if perf.get("failed") else perf["cards"]
        if used:
            uses = [(card(c), letter) for c, letter in zip(used, perf["letters"])]
            held = [card(c) for c in usable_cards(state, seat) if c != "ghost"]
            abilities = maestro_abilities(state, seat) + held_abilities(held)
            br = score_performance(uses, abilities, perf["pay"], perf["bonus"], r)
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
                cid = draw_note(state, allow_tomato=False)
                if cid is None:
                    break
                result["drawn"].append(cid)
                if card(cid).get("locked"):
                    # a Locked Letter is permanent however it arrives (after a reshuffle
                    # Crescendos are in the Note deck): never a Chorus card, never discarded
                    s["locked"].append(cid)
                    events.append({"type": "locked_letter", "seat": seat, "card": cid})
                else:
                    s["extra"].append(cid)
            _earn_awards(state, seat, used, br, perf.get("awards", []), result, events)
        results[seat] = result
        events.append({"type": "performance", "seat": seat, **result})
    _end_round(state, results, events)


def _earn_awards(state, seat, used, br, prefer: list[str], result, events) -> None:
    """The seat collects one Award its Performance meets (solo: every one).

    Which one is the seat's choice, made at its commit as ``awards`` (best first):
    the first listed that is still on offer, else the first met in layout order
    (an earlier seat in Baton order may have taken the one it wanted).
    """
    s = state["seats"][seat]
    if not state["solo"] and s["bought_ovation"]:
        return
    awards = content()["awards"]
    ok = [a for a in state["awards"] if goal_met(awards[a]["goal"], used, br)]
    if not ok:
        return
    if not state["solo"]:
        ok = [next((a for a in prefer if a in ok), ok[0])]
    for a in ok:
        state["awards"].remove(a)
        s["awards"].append(a)
        result["awards"].append(a)
        events.append({"type": "award", "seat": seat, "award": a})
    if not state["solo"] and not state["awards"] and not state["last_round"]:
        state["last_round"] = True
        events.append({"type": "last_round", "reason": "all Awards earned"})


def _end_round(state: State, results: dict[int, dict], events: Events) -> None:
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
    pass_tomatoes(state, events)
    cat = [has_ability(state, i, "cat_roses") for i in range(state["players"])]
    bonus = sum(c["n"] for c in cat if c)
    for slot in state["composition"]["crescendos"]:
        slot["roses"] += bonus
    state["history"].append(
        {"round": state["round"], "words": {str(k): v["word"] for k, v in results.items()}}
    )
    state["baton"] = (state["baton"] + 1) % state["players"]
    if state["solo"]:
        if not face_up(state):
            finish(state, events)
        else:
            state["phase"] = "flip"
        return
    if state["last_round"] or state["round"] >= state["max_rounds"]:
        finish(state, events)
    else:
        start_round(state, events)


def goal_met(goal: dict[str, Any], used: list[str], br: dict[str, Any]) -> bool:
    """Does a scored Performance (its cards and breakdown) meet an Award's goal?"""
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
