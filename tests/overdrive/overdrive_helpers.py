"""Shared helpers for the Overdrive tests: games with chosen bands, dice set by hand."""

from __future__ import annotations

from typing import Any

from services.overdrive import GAME, actors

# Bands with no passive ability before Overdrive 1, so gains are exactly the printed ones.
PLAIN = ["dead_and_death", "rebeldogs", "tnshe", "powergirls"]


def game(players: int = 3, bands: list[str] | None = None, seed: int = 1, **opts: Any) -> dict:
    if opts.get("mode") in ("solo",) or players == 1:
        bands = bands or PLAIN[:1]
    return GAME.new(players, {"bands": bands or PLAIN[:players], **opts}, seed)


def seat_now(state: dict) -> int:
    return GAME.seats_to_act(state)[0]


def set_dice(state: dict, seat: int, faces: list[str]) -> None:
    state["seats"][seat]["dice"] = [{"face": f, "placed": None} for f in faces]


def act(state: dict, action: dict, seat: int | None = None) -> tuple[dict, list[dict]]:
    return GAME.apply(state, seat_now(state) if seat is None else seat, action)


def level(state: dict, seat: int, overdrive: int) -> None:
    """Put a seat on an Overdrive level with the matching abilities unlocked."""
    rec = state["seats"][seat]
    rec["overdrive"] = overdrive
    actors.refresh_unlocked(rec)


def skip_battle(state: dict) -> dict:
    """Everyone protects nothing and passes."""
    while state["phase"] == "battle":
        seat = seat_now(state)
        legal = GAME.legal_actions(state, seat)
        pick = next(a for a in legal if a["type"] in ("end_protect", "pass", "choose_loss"))
        state, _ = GAME.apply(state, seat, pick)
    return state


def to_round(state: dict, rnd: int) -> dict:
    """End turns (and pass battles) until round ``rnd`` starts."""
    while state["round"] != rnd and state["phase"] != "finished":
        if state["phase"] == "battle":
            state = skip_battle(state)
        else:
            state, _ = act(state, {"type": "end_turn"})
    return state


def to_battle(state: dict) -> dict:
    while state["phase"] == "allocation":
        state, _ = act(state, {"type": "end_turn"})
    return state


def tracks(state: dict, seat: int) -> dict[str, int]:
    rec = state["seats"][seat]
    return {k: rec[k] for k in ("fans", "fame", "grana", "overdrive")}


def diff(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    return {k: after[k] - before[k] for k in before if after[k] != before[k]}


def planned_value(out: dict) -> int:
    """A recommendation's value less what abilities unlocked mid-turn added (the model's
    objective), after checking that part: gains only, and only when a level was crossed."""
    from solver.overdrive import UNLOCKED_LINE

    extra = [line for line in out["breakdown"] if line["source"] == UNLOCKED_LINE]
    for line in extra:
        assert all(v > 0 for v in line["gains"].values()), line
    return round(out["value"] * 100) - round(sum(line["value"] for line in extra) * 100)
