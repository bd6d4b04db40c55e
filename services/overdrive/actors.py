"""Seats, Metallum and gains: every attribute change goes through ``gain`` so that
band abilities (bonuses, triggers) and the Fans symbol apply the same way everywhere."""

from __future__ import annotations

from collections.abc import Collection
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
    """The levels unlocked by the Overdrive track (kept on the seat for its view)."""
    levels = content()["ability_levels"]
    rec["unlocked"] = [lv for lv in ("a", "b", "c") if rec["overdrive"] >= levels[lv]]


def ability(
    state: dict[str, Any], seat: int, level: str, final: bool = False
) -> dict[str, Any] | None:
    """The seat's effective ability at ``level`` if unlocked (Cover Bots resolve their copy).

    An ability unlocks the moment the Overdrive track reaches its level ("upon reaching");
    ``final`` is kept for the scoring call sites and judges the same way.
    """
    rec = state["seats"][seat]
    if rec["overdrive"] < content()["ability_levels"][level]:
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


def turn_key(state: dict[str, Any]) -> str:
    """Which turn the game is in (any seat's): once-per-turn triggers reset with it."""
    b = state.get("battle")
    if state.get("phase") == "battle" and b is not None:
        return f"{state['round']}:battle:{b['step']}:{b['pos']}"
    return f"{state.get('round')}:allocation:{state.get('turn_pos')}"


def ability_spent(state: dict[str, Any], seat: int, level: str, ab: dict[str, Any]) -> bool:
    """Active abilities are once per turn as the bands print it; "once per round" ones
    (Epic Gods a) once per round, allocation turn and battle turn together; spare faces
    (TNSHE b) while uses remain."""
    rec = state["seats"][seat]
    if ab["kind"] == "spare_faces":
        # TNSHE b prints no "once per turn": two single-use faces, usable in one turn
        return rec["spare_used"] >= ab["uses"]
    if ab.get("once_per") == "round":
        return rec.get("round_used", {}).get(level) == state["round"]
    return bool(rec["turn"]["used"].get(level))


def ready_abilities(
    state: dict[str, Any], seat: int, kinds: Collection[str]
) -> list[tuple[str, dict[str, Any]]]:
    """The seat's abilities of one of ``kinds`` it has not spent yet: what it may list."""
    return [
        (level, ab)
        for level, ab in abilities(state, seat)
        if ab["kind"] in kinds and not ability_spent(state, seat, level, ab)
    ]


def usable_ability(
    state: dict[str, Any], seat: int, level: str, kinds: Collection[str], refusal: str
) -> dict[str, Any]:
    """The seat's ability at ``level``, if it is of one of ``kinds`` and not yet spent;
    else RulesError (``refusal`` says why it is unavailable here)."""
    ab = ability(state, seat, level)
    if ab is None or ab["kind"] not in kinds:
        raise RulesError("ability_unavailable", refusal)
    if ability_spent(state, seat, level, ab):
        raise RulesError("ability_used", "each ability once per turn (Epic Gods a: per round)")
    return ab


def spend_ability(state: dict[str, Any], seat: int, level: str, ab: dict[str, Any]) -> None:
    rec = state["seats"][seat]
    if ab["kind"] == "spare_faces":
        rec["spare_used"] += 1
        return
    rec["turn"]["used"][level] = True
    if ab.get("once_per") == "round":
        rec.setdefault("round_used", {})[level] = state["round"]


def take_pick(state: dict[str, Any], seat: int, attr: Any, events: list) -> None:
    """Spend one pending raise (Epic Gods b): one level of a track other than the trigger."""
    rec = state["seats"][seat]
    if rec.get("picks", 0) <= 0:
        raise RulesError("no_pick", "no pending raise to spend")
    ab = next((a for _, a in abilities(state, seat) if a["kind"] == "raise_other"), None)
    choices = ab["attrs"] if ab else [a for a in TRACKS if a != "fans"]
    if attr not in choices:
        raise RulesError("bad_action", f"'attr' must be one of {list(choices)}")
    rec["picks"] -= 1
    gain(state, seat, {attr: 1}, events)


def pick_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Epic Gods b: each pending pick may raise one other track (or be left unspent)."""
    rec = state["seats"][seat]
    if rec.get("picks", 0) <= 0:
        return []
    ab = next((a for _, a in abilities(state, seat) if a["kind"] == "raise_other"), None)
    attrs = ab["attrs"] if ab else [a for a in TRACKS if a != "fans"]
    return [{"type": "bonus_raise", "attr": a} for a in attrs]


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
                    # once in each turn, whoever's turn it is (an owner's share of a Hit
                    # played by a rival fires it in the rival's turn)
                    fired = rec.setdefault("triggers", {})
                    if fired.get(level) == turn_key(state):
                        continue
                    fired[level] = turn_key(state)
                extra = dict(ab["gain"])
            elif ab["kind"] == "raise_other" and ab["when"] == attr:
                rec["picks"] = rec.get("picks", 0) + n  # one optional raise per level
            elif ab["kind"] == "per_level_gain" and ab["when"] == attr:
                extra = {k: v * n for k, v in ab["gain"].items()}
            if extra:
                for k, v in gain(state, who, extra, []).items():
                    got[k] = got.get(k, 0) + v
        if attr == "overdrive":
            refresh_unlocked(rec)  # unlocked upon reaching the level: usable at once
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
