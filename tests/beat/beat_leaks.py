"""What a viewer of a live Beat game must never see: the oracle for every leak test."""

from __future__ import annotations

from services.beat import cards as C


def card_ids_in(obj) -> set[str]:
    """Every string in a JSON value that is a card id."""
    out: set[str] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
        elif isinstance(x, str) and C.is_card(x):
            out.add(x)
    return out


def forbidden_for(state: dict, viewer: int | None) -> set[str]:
    """Card ids ``viewer`` (None: spectator) must not see in live mode."""
    bad: set[str] = set()
    revealed = state["phase"] != "play"
    for i, s in enumerate(state["seats"]):
        mine = i == viewer
        bad |= set(s["draw"]) | set(s["confiscated"])
        if mine:
            bad |= set(s["flipped"])  # Burning Star: hidden from their holder only
            bad |= {p["card"] for p in s["played"] if p["hidden"] and not revealed}
        else:
            visible_flipped = set(s["flipped"]) if viewer is not None else set()
            bad |= set(s["hand"]) - visible_flipped
            for p in s["played"]:
                if p["face_up"] or revealed:
                    continue
                if p["hidden"] and viewer is not None:
                    continue  # bandmates saw the reversed card leave the hand
                bad.add(p["card"])
    return bad
