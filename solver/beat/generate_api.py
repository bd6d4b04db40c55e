"""The solver problem ``beat/generate``: ``{venue, players, grade, unique[, start]}``.

``validate_generate`` is cheap (no OR-Tools) and raises ``RulesError`` -> 422 naming
the field; ``solve_generate`` runs in the worker and hands a found puzzle to the
archive (``archive`` in the result, which the job runner stores and removes).
"""

from __future__ import annotations

from typing import Any

from services.core import RulesError
from solver.beat import deal as D

KEYS = {"venue", "players", "grade", "unique", "start"}


def _bad(field: str, message: str) -> RulesError:
    return RulesError("invalid_payload", message, {field: [message]})


def validate_generate(payload: Any) -> dict[str, Any]:
    if not isinstance(payload, dict):
        raise RulesError("invalid_payload", "the body must be a JSON object")
    extra = set(payload) - KEYS
    if extra:
        raise _bad(sorted(extra)[0], f"unknown fields {sorted(extra)}")
    try:
        venue = D.find_venue(payload.get("venue"))
        players = D.check_players(payload.get("players"))
    except RulesError as e:
        raise _bad("venue" if e.code == "unknown_venue" else "players", e.message) from None
    grade = payload.get("grade")
    if not isinstance(grade, int) or isinstance(grade, bool) or not 1 <= grade <= 5:
        raise _bad("grade", "grade must be an integer 1-5")
    unique = payload.get("unique", False)
    if not isinstance(unique, bool):
        raise _bad("unique", "unique must be true or false")
    start = payload.get("start", 0)
    if not isinstance(start, int) or isinstance(start, bool) or not 0 <= start < 2**31:
        raise _bad("start", "start must be a non-negative integer")
    return {"venue": venue.id, "players": players, "grade": grade, "unique": unique, "start": start}


def solve_generate(payload: dict[str, Any], budget_s: float) -> dict[str, Any]:
    from solver.beat import generate as G

    p = validate_generate(payload)
    out = G.generate(p["venue"], p["players"], p["grade"], p["unique"], budget_s, p["start"])
    out.update(request=p, budget_s=budget_s)
    if out["found"]:
        out["archive"] = G.archive_entry(out["report"], "generated")
    return out
