"""The ``why`` of a Beat hint: one plain sentence naming cards by their values."""

from __future__ import annotations

from typing import Any

from services.beat import GAME
from services.beat import cards as C
from solver.beat import breaks
from solver.plain import listing, percent, plural, sentence


def _value(card: Any) -> str:
    return str(C.value(card)) if C.is_card(card) else "card"


def describe(action: dict[str, Any]) -> str:
    """One action in plain words, cards by their values ("play your 5 face down")."""
    kind = action.get("type")
    side = "face up" if action.get("face_up") else "face down"
    if kind in ("play", "solo"):
        if "card" in action:
            what = f"your {_value(action['card'])}"
        elif isinstance(action.get("hidden"), int):  # named as the table names it
            what = f"hidden card {action['hidden'] + 1}"
        else:
            what = "a card you cannot see"
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


def chance_in_words(p: float) -> str:
    """A chance as a player says it, with its percentage: "about 6 in 10 (62%)"."""
    if p >= 1:
        words = "all"
    elif p <= 0:
        words = "none"
    elif p >= 0.95:
        words = "nearly all"
    elif p < 0.05:
        words = "hardly any"
    else:
        words = f"about {max(1, min(9, round(p * 10)))} in 10"
    return f"{words} ({percent(p)})"


def _mate_card(j: int, play: dict[str, Any]) -> tuple[str, int | None]:
    """How a bandmate's played card reads in the seat's view: words and its value if
    shown (Face Up); a face-down card is named by its Cue only."""
    if play.get("face_up") and play.get("card"):
        value = C.value(play["card"])
        return f"seat {j}'s {value}", value
    cue = play.get("cue")
    if cue:
        return f"seat {j}'s Cue said higher than {C.value(cue['cue_card'])}" if cue[
            "direction"
        ] == "higher" else f"seat {j}'s Cue said lower than {C.value(cue['cue_card'])}", None
    return "", None


def live_reasons(state: dict[str, Any], seat: int, actions: list[dict[str, Any]]) -> list[str]:
    """Why this card, from what the seat's own view shows: its bandmates' signals on the
    song, what their shown cards make with it, what its own signal tells the seats
    after it.  Reads only ``GAME.view(state, seat)``, so it reveals no hidden card."""
    play = next((a for a in actions if a.get("type") == "play" and "card" in a), None)
    if play is None:
        return []
    view = GAME.view(state, seat)
    if view["phase"] != "play":
        return []
    song = play.get("song", 0)
    if song >= len(view["current"]):
        return []
    current = view["current"][song]
    value = C.value(play["card"])
    reasons = []
    events = tuple(e["id"] if isinstance(e, dict) else e for e in current["events"])
    forbidden = breaks.flags_breaking(events)
    for j, other in enumerate(view["seats"]):
        for p in other["played"] if j != seat else []:
            if p["song"] == song and (
                (p["face_up"] and breaks.FACE_UP in forbidden)
                or (p["cue"] and breaks.CUE in forbidden)
            ):
                return [f"seat {j}'s signal already fails this song, so a low card loses least"]
    shown: list[tuple[str, int]] = []
    cues: list[str] = []
    unknown = 0
    for j, other in enumerate(view["seats"]):
        if j == seat:
            continue
        for p in other["played"]:
            if p["song"] != song or p["solo"]:
                continue
            words, known = _mate_card(j, p)
            if known is not None:
                shown.append((words, known))
            else:
                unknown += 1
                if words:
                    cues.append(words)
    reasons += cues
    to_play = sum(
        1
        for j, other in enumerate(view["seats"])
        if j != seat and not other["played"] and other["need"] and not other["ready"]
    )
    if shown:
        total = value + sum(v for _, v in shown)
        makes = f"{listing(w for w, _ in shown)} {'make' if len(shown) > 1 else 'makes'} "
        line = f"{makes}{total} with this {value}"
        difficulty = current["difficulty"]
        if difficulty is not None and not unknown and not to_play:
            side = "exactly" if total == difficulty else "over" if total > difficulty else "under"
            line += f", {side} the song's {difficulty}"
        reasons.append(line)
    if play.get("face_up") and to_play:
        reasons.append(f"face up, it tells the {plural(to_play, 'seat')} after you it is a {value}")
    cue = next((a for a in actions if a.get("type") == "cue"), None)
    if cue and to_play:
        reasons.append(
            f"your Cue tells the {plural(to_play, 'seat')} after you it is "
            f"{cue['direction']} than {C.value(cue['cue_card'])}"
        )
    return reasons


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
        reasons = live_reasons(state, seat, mine) if mover == seat else []
        because = f", because {listing(reasons)}" if reasons else ""
        share = (
            f"the band won {chance_in_words(chosen['win_share'])} of "
            f"{plural(samples, 'sampled deal')} that fit what you can see"
        )
        if chosen is estimates[0]:
            return sentence(
                f"{what}{because}: the band's usual move; {share}, and no other move did "
                f"clearly better"
            )
        usual = percent(estimates[0]["win_share"])
        return sentence(
            f"{what}{because}: {share}, clearly more than the band's usual move ({usual})"
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
