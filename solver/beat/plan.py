"""Plans as engine actions: turning solver decisions into postable Beat actions.

A round decision becomes, seat by seat (turn order from the lead at Roswell,
else seat order): ``play`` (``song`` given when two songs are up), the Solo's
extra card (``face_up`` when the plan breaks Blackout with it), a ``cue`` with the
staged Cue card the plan names (breaking Radio Silence), any Milkyway ``tune`` with an
unused staged Cue card, ``ready``
(or ``solo_pass``); then the Encore decisions in the engine's pending order,
the first ``n`` taken.  :func:`replay` drives the engine with these actions
and is how every plan is checked.
"""

from __future__ import annotations

from typing import Any

from services.beat import GAME
from services.beat import cards as C
from services.beat import engine as E
from services.beat import venues as V


def play_actions(state: dict[str, Any], dec: dict[str, Any]) -> list[dict[str, Any]]:
    """The play-phase actions of one round decision, in an order the engine accepts.

    Plays already committed in ``state`` are skipped; a seat whose committed plays
    differ from the decision gets a ``take_back`` first (only legal when unlocked).
    """
    n = state["players"]
    many = len(state["current"]) > 1
    start = state["lead"] if V.turn_order(E.venue_of(state)) else 0
    out: list[dict[str, Any]] = []
    plays = dec.get("plays", [])
    for i in range(n):
        seat = (start + i) % n
        s = state["seats"][seat]
        if s["ready"]:
            continue
        mine = [p for p in plays if p["seat"] == seat]
        have = {(p["card"], p["song"], bool(p["solo"])) for p in s["played"]}
        want = {(p["card"], p.get("song", 0), bool(p.get("solo"))) for p in mine}
        down = {p["card"] for p in s["played"] if not p["face_up"]}
        # a play the plan wants Face Up that was committed face down is taken back too
        flipped = list(s["flipped"])
        if have and (not have <= want or any(p.get("face_up") and p["card"] in down for p in mine)):
            out.append({"seat": seat, "action": {"type": "take_back"}})
            have = set()
            # as the engine does: a hidden card taken back is hidden again, last
            flipped += [p["card"] for p in s["played"] if p["hidden"]]
        if dec.get("solo_pass") and seat == state["solo_seat"]:
            out.append({"seat": seat, "action": {"type": "solo_pass"}})
            continue
        cues = [c for c in s["stage"] if C.has_cue(c) and c not in s["rotated"]]
        for p in sorted(mine, key=lambda p: bool(p.get("solo"))):
            key = (p["card"], p.get("song", 0), bool(p.get("solo")))
            if key not in have:
                a: dict[str, Any] = {"type": "solo" if p.get("solo") else "play"}
                if p["card"] in flipped:  # Burning Star: a card its holder cannot see
                    a["hidden"] = flipped.index(p["card"])
                    flipped.remove(p["card"])
                else:
                    a["card"] = p["card"]
                if p.get("face_up"):
                    a["face_up"] = True
                if many:  # as the engine lists it: "song" only when two songs are up
                    a["song"] = p.get("song", 0)
                out.append({"seat": seat, "action": a})
            if p.get("cue") and not any(q["card"] == p["card"] and q["cue"] for q in s["played"]):
                cc = p["cue"]
                if cc in cues:
                    cues.remove(cc)
                out.append(
                    {
                        "seat": seat,
                        "action": {
                            "type": "cue",
                            "card": p["card"],
                            "cue_card": cc,
                            "direction": "higher" if C.value(p["card"]) > C.value(cc) else "lower",
                        },
                    }
                )
            if p.get("tune"):
                done = any(q["card"] == p["card"] and q["tune"] for q in s["played"])
                if not done:
                    cc = cues.pop(0)
                    out.append(
                        {
                            "seat": seat,
                            "action": {
                                "type": "tune",
                                "card": p["card"],
                                "cue_card": cc,
                                "delta": p["tune"],
                            },
                        }
                    )
        out.append({"seat": seat, "action": {"type": "ready"}})
    return out


def encore_actions(state: dict[str, Any], take: int) -> list[dict[str, Any]]:
    """Encore decisions for the engine's pending list: the first ``take`` are taken."""
    return [
        {"seat": p["seat"], "action": {"type": "encore", "take": i < take}}
        for i, p in enumerate(state["pending_encores"])
    ]


def apply_round(state: dict[str, Any], dec: dict[str, Any]) -> tuple[dict[str, Any], list]:
    """Apply one decision to an engine state; returns the new state and the actions used."""
    used = []
    for sa in play_actions(state, dec):
        state, _ = GAME.apply(state, sa["seat"], sa["action"])
        used.append(sa)
    taken = 0
    while state["status"] == "running" and state["phase"] == "encore":
        p = state["pending_encores"][0]
        take = taken < dec.get("encores", 0)
        sa = {"seat": p["seat"], "action": {"type": "encore", "take": take}}
        state, _ = GAME.apply(state, sa["seat"], sa["action"])
        taken += int(take)
        used.append(sa)
    return state, used


def replay(state: dict[str, Any], plan: list[dict[str, Any]]) -> tuple[dict[str, Any], list]:
    """Drive the engine through a whole plan; returns the final state and every action."""
    actions: list = []
    for dec in plan:
        if state["status"] != "running":
            break
        state, used = apply_round(state, dec)
        actions.extend(used)
    return state, actions


def won(state: dict[str, Any]) -> bool:
    out = GAME.outcome(state)
    return bool(out and out.get("won"))
