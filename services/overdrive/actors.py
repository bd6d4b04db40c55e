"""Seats, Metallum and gains: every attribute change goes through ``gain`` so that
band abilities (bonuses, triggers) and the Fans symbol apply the same way everywhere."""

from __future__ import annotations

from typing import Any

from services.core import RulesError
from services.overdrive.content import TRACKS, content

METALLUM = "metallum"
Who = int | str


def actor(state: dict[str, Any], who: Who) -> dict[str, Any]:
    """The record of a seat (int) or of Metallum."""
    if who == METALLUM:
        if state.get("metallum") is None:
            raise RulesError("invalid_target", "there is no Metallum in this game")
        return state["metallum"]
    if not isinstance(who, int) or isinstance(who, bool) or not 0 <= who < state["players"]:
        raise RulesError("invalid_target", f"no seat {who!r}")
    return state["seats"][who]


def rivals(state: dict[str, Any], seat: int) -> list[Who]:
    """Everyone ``seat`` plays against (other seats, and Metallum when present)."""
    out: list[Who] = [s for s in range(state["players"]) if s != seat]
    if state.get("metallum") is not None:
        out.append(METALLUM)
    return out


def refresh_unlocked(rec: dict[str, Any]) -> None:
    """Abilities unlock at the start of a turn or battle, from the Overdrive level then."""
    levels = content()["ability_levels"]
    rec["unlocked"] = [lv for lv in ("a", "b", "c") if rec["overdrive"] >= levels[lv]]


def ability(
    state: dict[str, Any], seat: int, level: str, final: bool = False
) -> dict[str, Any] | None:
    """The seat's effective ability at ``level`` if unlocked (Cover Bots resolve their copy).

    ``final`` judges by the Overdrive level now (for scoring), not by the turn's unlocks.
    """
    rec = state["seats"][seat]
    if final:
        if rec["overdrive"] < content()["ability_levels"][level]:
            return None
    elif level not in rec.get("unlocked", []):
        return None
    ab = content()["band_by_id"][rec["band"]][level]
    if ab["kind"] == "copy":
        copied = rec["copies"].get(level)
        if copied is None:
            return None
        ab = content()["band_by_id"][copied][level]
    return ab


def abilities(state: dict[str, Any], seat: int) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for level in ("a", "b", "c"):
        ab = ability(state, seat, level)
        if ab is not None:
            out.append((level, ab))
    return out


def gain(
    state: dict[str, Any], who: Who, gains: dict[str, int], events: list[dict[str, Any]]
) -> dict[str, int]:
    """Add ``gains`` to an actor, with its band's passive abilities; returns what it got."""
    rec = actor(state, who)
    got: dict[str, int] = {}
    passives = abilities(state, who) if who != METALLUM else []
    for attr in TRACKS:
        n = int(gains.get(attr, 0))
        if n <= 0:
            continue
        for _, ab in passives:
            if ab["kind"] == "bonus_on_gain" and ab["attr"] == attr:
                n += ab["amount"]
        rec[attr] += n
        got[attr] = got.get(attr, 0) + n
        if who == METALLUM:
            continue
        if attr == "fans" and rec["fans"] >= content()["symbol_fans"]:
            rec["fans_symbol"] = True
        for level, ab in passives:
            extra: dict[str, int] = {}
            if ab["kind"] == "gain_trigger" and ab["when"] == attr:
                if ab.get("once_per_turn"):
                    if rec["turn"]["used"].get("trigger_" + level):
                        continue
                    rec["turn"]["used"]["trigger_" + level] = True
                extra = dict(ab["gain"])
            elif ab["kind"] == "per_level_gain" and ab["when"] == attr:
                extra = {k: v * n for k, v in ab["gain"].items()}
            if extra:
                for k, v in gain(state, who, extra, []).items():
                    got[k] = got.get(k, 0) + v
    if got:
        events.append({"type": "gain", "who": who, "gains": dict(got)})
    return got


def lose(state: dict[str, Any], who: Who, losses: dict[str, int], events: list) -> None:
    """Lower attributes, never below zero."""
    rec = actor(state, who)
    for attr, n in losses.items():
        rec[attr] = max(0, rec[attr] - int(n))
    events.append({"type": "lose", "who": who, "losses": dict(losses)})


def pay(state: dict[str, Any], seat: int, amount: int) -> None:
    rec = state["seats"][seat]
    if rec["grana"] < amount:
        raise RulesError("not_enough_grana", f"needs {amount} Grana, has {rec['grana']}")
    rec["grana"] -= amount


def rank_key(rec: dict[str, Any]) -> tuple[int, int, int, int]:
    """Tiebreak order: Fame > Fans > Grana > Overdrive (higher first when sorted reverse)."""
    return (rec["fame"], rec["fans"], rec["grana"], rec["overdrive"])
