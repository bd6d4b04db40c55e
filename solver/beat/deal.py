"""Solver inputs: a venue, a player count and a deal, turned into an engine state.

The deal a solver answers for is exactly the one the engine would lay out:
``{"venue", "players", "seed"}`` is ``GAME.new(players, {"venue", "mode": "puzzle"}, seed)``
and ``{"venue", "players", "deal": {...}}`` passes the deal as ``options.deal``
(the engine validates it; events it does not list are shuffled from ``seed``, 0
by default).  Cheap and free of OR-Tools: the API validates with it.
"""

from __future__ import annotations

from typing import Any

from services.beat import GAME
from services.beat import venues as V
from services.core import RulesError

MAX_SEED = 2**63


def find_venue(key: Any) -> V.Venue:
    """A venue by id, number or printed name; RulesError ``unknown_venue`` otherwise."""
    if isinstance(key, str):
        for v in V.load_venues():
            if key.strip().lower() in (v.id, v.name.lower()):
                return v
    try:
        return V.get_venue(key)
    except ValueError:
        raise RulesError("unknown_venue", f"unknown venue {key!r}") from None


def check_players(players: Any) -> int:
    if not isinstance(players, int) or isinstance(players, bool) or players not in (2, 3, 4):
        raise RulesError("invalid_players", "players must be 2, 3 or 4")
    return players


def check_seed(seed: Any) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        raise RulesError("invalid_seed", "seed must be a non-negative integer")
    return seed


def normalise(payload: Any) -> dict[str, Any]:
    """``{"venue": id, "players": n, "seed": s, "deal": dict | None}`` or RulesError."""
    if not isinstance(payload, dict):
        raise RulesError("invalid_payload", "the body must be a JSON object")
    venue = find_venue(payload.get("venue"))
    players = check_players(payload.get("players"))
    deal = payload.get("deal")
    if deal is None and "seed" not in payload:
        raise RulesError("invalid_payload", "give a seed or a deal")
    seed = check_seed(payload.get("seed", 0))
    if deal is not None and not isinstance(deal, dict):
        raise RulesError("invalid_deal", "deal must be an object")
    out = {"venue": venue.id, "players": players, "seed": seed, "deal": deal}
    engine_state(out)  # the engine's own validation: wrong counts, unknown cards ...
    return out


def options(norm: dict[str, Any]) -> dict[str, Any]:
    """The engine options that lay out this deal in puzzle mode."""
    opts: dict[str, Any] = {"venue": norm["venue"], "mode": "puzzle"}
    if norm.get("deal") is not None:
        opts["deal"] = norm["deal"]
    return opts


def engine_state(norm: dict[str, Any]) -> dict[str, Any]:
    """The engine's initial puzzle-mode state for a normalised input."""
    try:
        return GAME.new(norm["players"], options(norm), norm["seed"])
    except RulesError as e:
        raise RulesError("invalid_deal", e.message) from None


def deal_of(state: dict[str, Any]) -> dict[str, Any]:
    """The full deal of a freshly set-up engine state (for reports and reposting)."""
    seats = state["seats"]
    cur = [c["difficulty"] for c in state["current"]]
    evs = [e for c in state["current"] for e in c["events"]]
    out: dict[str, Any] = {
        "decks": [s["stage"] + s["hand"] + s["draw"] + s["confiscated"] for s in seats],
        "songs": cur + list(state["song_deck"]),
        "encores": list(state["encore_deck"]),
        "events": evs + list(state["event_deck"]),
    }
    if V.random_solo(V.get_venue(state["venue"])):
        out["solo"] = state["solo_seat"]
    return out
