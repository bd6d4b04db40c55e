"""Final scoring: tracks, Overdrive levels, band scoring abilities, Hits, Awards, symbols."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from services.overdrive import actors
from services.overdrive.actors import METALLUM
from services.overdrive.content import FACES, content


@cache
def _sets_value(counts: tuple[int, ...]) -> int:
    """Best split of symbols into identical sets (n>=3 scores n) and different sets (3 or 4)."""
    from itertools import combinations

    best = sum(c for c in counts if c >= 3)
    present = [i for i, c in enumerate(counts) if c > 0]
    for size in (3, 4):
        for use in combinations(present, size):
            nxt = list(counts)
            for i in use:
                nxt[i] -= 1
            best = max(best, size + _sets_value(tuple(nxt)))
    return best


def symbols_value(symbols: list[str], wild: int) -> int:
    """Score a symbol collection; each wildcard becomes whichever face scores best."""
    counts = Counter(symbols)
    base = tuple(counts[f] for f in FACES)
    if wild == 0:
        return _sets_value(base)
    best = 0
    for i in range(len(FACES)):
        nxt = list(base)
        nxt[i] += 1
        best = max(best, symbols_value([f for f, c in zip(FACES, nxt) for _ in range(c)], wild - 1))
    return best


def symbols_of(state: dict[str, Any], who: Any, hand: bool = True) -> tuple[list[str], int]:
    """Every symbol an actor owns, and its wildcards (one per award).

    ``hand=False`` leaves out the Distortions still in hand, for a score the viewer may see."""
    rec = actors.actor(state, who)
    syms: list[str] = []
    if who == METALLUM:
        syms.append(content()["metallum"]["symbol"])
    else:
        band = content()["band_by_id"][rec["band"]]
        syms.append(band["symbol"])
        if rec["fans_symbol"]:
            syms.append(band["fans_symbol"])
    syms += [content()["hit_by_id"][h]["symbol"] for h in rec["hits"]]
    cards = (rec["hand"] if hand else []) + rec.get("used", [])
    # a card id the catalog does not name carries no symbol (a live score never raises)
    by_no = content()["distortion_by_no"]
    syms += [by_no[c]["symbol"] for c in cards if c in by_no]
    syms += rec["symbols"]
    return syms, 1 if rec["award"] else 0


def overdrive_vp(level: int) -> int:
    vp = 0
    for step in content()["overdrive_vp"]:
        if level >= step["level"]:
            vp = step["vp"]
    return vp


def ability_vp(state: dict[str, Any], seat: int) -> int:
    rec = state["seats"][seat]
    total = 0
    for level in ("a", "b", "c"):
        ab = actors.ability(state, seat, level, final=True)
        if ab is not None and ab["kind"] == "score":
            total += min(ab["max"], sum(rec[t] for t in ab["tracks"]) // ab["per"])
    return total


def breakdown(state: dict[str, Any], who: Any, hand: bool = True) -> dict[str, int]:
    rec = actors.actor(state, who)
    syms, wild = symbols_of(state, who, hand)
    parts = {
        "fans": rec["fans"],
        "fame": rec["fame"],
        "overdrive": overdrive_vp(rec["overdrive"]),
        "abilities": ability_vp(state, who) if who != METALLUM else 0,
        "hits": len(rec["hits"]),
        "award": content()["award_by_id"][rec["award"]]["vp"] if rec["award"] else 0,
        "symbols": symbols_value(syms, wild),
    }
    parts["total"] = sum(parts.values())
    return parts


def live_vp(state: dict[str, Any], seat: int | None, omniscient: bool = False) -> dict[str, Any]:
    """The VP each band (and Metallum) would score if the game ended now, as ``seat`` may see it.

    Distortions in a hand the viewer cannot see are left out of its symbols; ``hidden`` says
    how many were left out, so the figure never tells what those cards are."""
    actors_now: list[Any] = [str(s) for s in range(state["players"])]
    if state["metallum"] is not None:
        actors_now.append(METALLUM)
    out: dict[str, Any] = {}
    for key in actors_now:
        who = METALLUM if key == METALLUM else int(key)
        sees = omniscient or who == seat
        parts: dict[str, Any] = breakdown(state, who, hand=sees)
        parts["hidden"] = 0 if sees else len(actors.actor(state, who)["hand"])
        out[key] = parts
    return out


def outcome(state: dict[str, Any]) -> dict[str, Any]:
    n = state["players"]
    parts = {str(s): breakdown(state, s) for s in range(n)}
    scores: dict[str, Any] = {k: v["total"] for k, v in parts.items()}
    detail: dict[str, Any] = {"breakdown": parts, "mode": state["mode"]}
    if state["metallum"] is not None:
        parts[METALLUM] = breakdown(state, METALLUM)
        scores[METALLUM] = parts[METALLUM]["total"]
        mine = sum(scores[str(s)] for s in range(n)) // n
        detail["band_score"] = mine
        winners = list(range(n)) if mine > scores[METALLUM] else []
        return {"winners": winners, "scores": scores, **detail}

    def key(s: int) -> tuple:
        return (scores[str(s)], *actors.rank_key(state["seats"][s]))

    best = max(key(s) for s in range(n))
    winners = [s for s in range(n) if key(s) == best]
    return {"winners": winners, "scores": scores, **detail}
