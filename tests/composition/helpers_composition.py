"""Scenario helpers for the Composition tests: set a round up by hand, then play it."""

from __future__ import annotations

from typing import Any

from services.composition import GAME
from services.composition.content import content


def fresh(players: int = 3, maestros: list[str] | None = None, seed: int = 1, **opts: Any):
    options = dict(opts)
    if maestros is not None:
        options["maestros"] = maestros
    return GAME.new(players, options, seed)


def find(letters: str, rose: int | None = None, symbol: Any = "any", kind: str = "note") -> str:
    """The id of a catalogue card with these facts (first match)."""
    for cid, c in content()["cards"].items():
        if c["kind"] != kind or c.get("letters") != letters:
            continue
        if rose is not None and c["rose"] != rose:
            continue
        if symbol != "any" and c["symbol"] != symbol:
            continue
        return cid
    raise LookupError((letters, rose, symbol, kind))


def _strip(state: dict, cards: list[str]) -> None:
    """Take ``cards`` out of every deck, pile and seat so the scenario owns them."""
    for key in ("note_deck", "cresc_deck", "discard"):
        state[key] = [c for c in state[key] if c not in cards]
    comp = state["composition"]
    comp["notes"] = [c for c in comp["notes"] if c not in cards]
    comp["crescendos"] = [s for s in comp["crescendos"] if s["card"] not in cards]
    for s in state["seats"]:
        for key in ("chorus", "drafted", "extra"):
            s[key] = [c for c in s[key] if c not in cards]


def compose(state: dict, hands: dict[int, list[str]], ghost: int | None = None) -> dict:
    """A copy of ``state`` in the compose phase with ``hands`` as the seats' drafted cards."""
    st = GAME.copy_state(state)
    _strip(st, [c for cards in hands.values() for c in cards])
    st["phase"] = "compose"
    for i, s in enumerate(st["seats"]):
        s["drafted"] = list(hands.get(i, []))
        s["status"] = "composing"
        s["performance"] = None
        s["retried"] = False
        s["ghost"] = ghost == i
    st["composition"]["notes"] = []
    st["composition"]["ghost"] = False
    return st


def perform(state: dict, seat: int, cards: list[str], **extra: Any):
    return GAME.apply(state, seat, {"type": "perform", "cards": cards, **extra})


def pass_others(state: dict, but: int):
    events: list = []
    for seat in range(state["players"]):
        if seat != but and state["seats"][seat]["status"] in ("composing", "retry"):
            state, ev = GAME.apply(state, seat, {"type": "perform", "cards": []})
            events += ev
    return state, events


def performance_event(events: list, seat: int) -> dict:
    return next(e for e in events if e["type"] == "performance" and e["seat"] == seat)
