"""The ``why`` of a Beat hint: one plain sentence naming cards by their values."""

from __future__ import annotations

from typing import Any

from services.beat import cards as C
from solver.plain import listing, percent, plural, sentence


def _value(card: Any) -> str:
    return str(C.value(card)) if C.is_card(card) else "card"


def describe(action: dict[str, Any]) -> str:
    """One action in plain words, cards by their values ("play your 5 face down")."""
    kind = action.get("type")
    side = "face up" if action.get("face_up") else "face down"
    if kind in ("play", "solo"):
        what = f"your {_value(action['card'])}" if "card" in action else "a card you cannot see"
        if kind == "solo":
            return f"play {what} {side} as your Solo"
        return f"play {what} {side}"
    if kind == "solo_pass":
        return "spend your Solo to play no card this song"
    if kind == "cue":
        played, cue = C.value(action["card"]), C.value(action["cue_card"])
        direction = action.get("direction") or ("higher" if played > cue else "lower")
        return f"give a Cue that your {played} is {direction} than {cue}"
    if kind == "tune":
        way = "up" if action["delta"] > 0 else "down"
        played = _value(action["card"])
        return f"tune your {played} {way} by 1 with your {_value(action['cue_card'])}"
    if kind == "take_back":
        return "take back the cards you played this song"
    if kind == "ready":
        return "say you are ready"
    if kind == "encore":
        return "take the Encore" if action.get("take") else "decline the Encore"
    if kind == "tour":
        return "retry the venue" if action.get("choice") == "retry" else "skip the venue"
    return "make this move"


def label(estimate: dict[str, Any]) -> str:
    """An estimate's moves in plain words, for a panel listing the compared moves."""
    steps = [estimate["action"], *estimate.get("then", [])]
    return sentence(listing(describe(a) for a in steps))


def why(state: dict[str, Any], seat: int, result: dict[str, Any]) -> str:
    """What to do and why, agreeing with ``result``'s recommended actions."""
    rows = result.get("actions", [])
    if not rows:
        return sentence(result.get("explanation", "There is nothing to decide now"))
    mover = rows[0]["seat"]
    mine = [a["action"] for a in rows if a["seat"] == mover]
    what = listing(describe(a) for a in mine)
    if mover != seat:  # a puzzle's next step may be another seat's (the host plays all)
        what = f"seat {mover} should {what.replace('your ', 'their ')}"
    estimates = result.get("estimates")
    if isinstance(estimates, list) and estimates:
        chosen = next(
            (e for e in estimates if [e["action"], *e.get("then", [])] == mine), estimates[0]
        )
        samples = result.get("samples", 0)
        if not samples:
            if len(estimates) == 1:
                return sentence(f"{what}: it is the only move the band's conventions leave")
            return sentence(f"{what}: the band's usual move (no time to compare others)")
        share = f"it won {percent(chosen['win_share'])} of {plural(samples, 'sampled deal')}"
        if chosen is estimates[0]:
            return sentence(
                f"{what}: the band's usual move; {share} that fit what you can see, and no "
                f"other move did clearly better"
            )
        usual = percent(estimates[0]["win_share"])
        return sentence(
            f"{what}: {share} that fit what you can see, clearly more than the band's usual "
            f"move ({usual})"
        )
    verdict = result.get("verdict")
    if isinstance(estimates, dict):  # an Encore decision in a puzzle
        return sentence(
            f"{what}: this keeps the venue winnable"
            if verdict == "feasible"
            else f"{what}: no choice here is sure to win"
        )
    if verdict == "feasible":
        return sentence(f"{what}: it is the next step of a plan that wins the venue")
    if verdict == "infeasible":
        return sentence(f"{what}: no plan wins the venue from here, so this is simply a legal move")
    if verdict == "unknown":
        return sentence(f"{what}: no winning plan was found in the time, so this is a legal move")
    return sentence(what)
