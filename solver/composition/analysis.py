"""Composition read back: each Performance against the best word the hand allowed (the
exact word search of the hints), each draft take against the hint's gains per card."""

from __future__ import annotations

from typing import Any

from services.composition import GAME
from solver.composition.why import card_name
from solver.hint_analysis import Replayed, agreement, mine, same


def performed(rep: Replayed, k: int, seat: int) -> dict[str, Any] | None:
    """The reveal of the Performance committed at action ``k``: its ``performance`` event,
    or a ``contested`` one (the word was refused and the seat spells again)."""
    for events in rep.events[k:]:
        for ev in events:
            if ev.get("seat") == seat and ev["type"] in ("performance", "contested"):
                return ev
    return None


def judge(rep: Replayed, k: int, budget_s: float) -> dict[str, Any] | None:
    state = rep.states[k]
    seat, made = rep.log[k]["seat"], rep.log[k]["action"]
    if len(GAME.legal_actions(state, seat)) <= 1 and not GAME.action_forms(state, seat):
        return None
    hint = rep.hint(k, budget_s)
    if state["phase"] == "compose" and made["type"] == "perform":
        return _perform(rep, k, seat, made, hint)
    if state["phase"] == "draft" and made["type"] == "take":
        return _take(seat, made, hint)
    best = mine(hint, seat)
    say = _say(best[0]) if best else ""
    return agreement(rep, k, hint, say)


def _perform(
    rep: Replayed, k: int, seat: int, made: dict[str, Any], hint: dict[str, Any]
) -> dict[str, Any]:
    words = hint.get("words") or []
    top = words[0] if words else None
    best_net = top["net"] if top else 0
    best_word = top["word"].upper() if top else ""
    exact = bool(hint.get("exact"))
    ev = performed(rep, k, seat)
    out: dict[str, Any] = {"made": [made], "best": [top["action"]] if top else [],
                           "exact": exact, "unit": "Roses"}  # fmt: skip
    if ev is None or ev["type"] == "contested":
        word = (ev or {}).get("word", "").upper()
        out.update(agrees=False, lost=None, best_net=best_net)
        out["text"] = (
            f"{word or 'This word'} was refused; {best_word} would have scored {best_net}."
            if top
            else f"{word or 'This word'} was refused; no word could be spelled."
        )
        return out
    net = int(ev["roses"]) - int(ev["paid"])
    word = (ev.get("word") or "").upper()
    lost = best_net - net
    out.update(made_net=net, best_net=best_net, made_word=word, best_word=best_word)
    # a better word found in the time exists even when the search was cut short
    out.update(agrees=lost <= 0, lost=max(0, lost))
    you = f"you scored {net} with {word}" if word else "you passed and scored 0"
    if not top:
        out["text"] = f"No word could be spelled: {you}."
    elif lost <= 0:
        out["text"] = f"Best possible: {you}, the most this hand allowed."
    else:
        found = "" if exact else " (the best found in the time, not proven best)"
        out["text"] = f"{you[0].upper()}{you[1:]}; {best_word} would have scored {best_net}{found}."
    return out


def _take(seat: int, made: dict[str, Any], hint: dict[str, Any]) -> dict[str, Any]:
    """A draft take: the hint's gain to the seat's best word for each card on offer."""
    best = mine(hint, seat)
    gains = {f["card"]: f for f in hint.get("figures", []) if "card" in f and "gain" in f}
    mine_fig = gains.get(made["card"])
    top = max(gains.values(), key=lambda f: f["gain"]) if gains else None
    agrees = bool(best) and same(best[0], made)
    out: dict[str, Any] = {"made": [made], "best": best[:1], "agrees": agrees, "unit": "Roses"}
    name = card_name(made["card"])
    if mine_fig is None or top is None:
        out.update(lost=None, text=agreement_text(agrees, hint))
        return out
    lost = max(0, top["gain"] - mine_fig["gain"])
    out.update(made_gain=mine_fig["gain"], best_gain=top["gain"], lost=lost)
    yours = f"You took {name}: your best word became {mine_fig['best_word'].upper()} " \
            f"({mine_fig['gain']:+d} Roses)"  # fmt: skip
    if lost == 0:
        out["text"] = f"{yours}, the best take on offer."
    else:
        out["text"] = (
            f"{yours}; {card_name(top['card'])} would have made it "
            f"{top['best_word'].upper()} ({top['gain']:+d})."
        )
    return out


def agreement_text(agrees: bool, hint: dict[str, Any]) -> str:
    why = hint.get("why") or hint.get("explanation") or ""
    return f"The hint agrees: {why}" if agrees else f"The hint: {why}"


def _say(action: dict[str, Any]) -> str:
    kind = action["type"]
    if kind in ("take", "flip") and "card" in action:
        return f"{kind} {card_name(action['card'])}"
    return kind.replace("_", " ")
