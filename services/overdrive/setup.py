"""A fresh Overdrive game: options, bands, Grana ladder, blocked spaces, decks."""

from __future__ import annotations

from typing import Any

from services.core import RulesError, draw_rng, new_rng_state
from services.overdrive.content import content

MODES = ("competitive", "solo", "coop")
VARIANTS = ("speed_metal", "hall_of_fame", "free_falling")

OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "mode": {
            "type": "string",
            "enum": list(MODES),
            "description": "competitive (2-4 seats), solo (1 seat vs Metallum), "
            "coop (2-4 seats together vs Metallum); default: solo for 1 seat else competitive",
        },
        "difficulty": {
            "type": "string",
            "enum": ["poser", "moleza", "normal", "hardcore", "brutal", "metalgeddon"],
            "default": "normal",
            "description": "Metallum's dice per roll (1..6); solo and coop only",
        },
        "bands": {
            "type": "array",
            "items": {"type": "string"},
            "description": "band id per seat; default: dealt at random",
        },
        "speed_metal": {"type": "boolean", "default": False, "description": "skip rounds 5, 6"},
        "hall_of_fame": {
            "type": "boolean",
            "default": False,
            "description": "battle order by Fame",
        },
        "free_falling": {"type": "boolean", "default": False, "description": "clear every round"},
    },
    "additionalProperties": False,
}


def _bad(msg: str) -> RulesError:
    return RulesError("invalid_options", msg)


def parse_options(players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """Check and normalise options for ``players`` seats."""
    opts = dict(options or {})
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4:
        raise _bad("players must be 1..4")
    unknown = set(opts) - set(OPTIONS_SCHEMA["properties"])
    if unknown:
        raise _bad(f"unknown options: {sorted(unknown)}")
    mode = opts.get("mode", "solo" if players == 1 else "competitive")
    if mode not in MODES:
        raise _bad(f"mode must be one of {MODES}")
    if mode == "solo" and players != 1:
        raise _bad("solo mode has exactly one seat")
    if mode != "solo" and players < 2:
        raise _bad(f"{mode} mode needs 2-4 seats")
    diffs = content()["metallum"]["difficulties"]
    difficulty = opts.get("difficulty", "normal")
    if difficulty not in diffs:
        raise _bad(f"difficulty must be one of {sorted(diffs)}")
    flags = {}
    for v in VARIANTS:
        flag = opts.get(v, False)
        if not isinstance(flag, bool):
            raise _bad(f"{v} must be a boolean")
        flags[v] = flag
    bands = opts.get("bands")
    if bands is not None:
        if not isinstance(bands, list) or len(bands) != players:
            raise _bad("bands must list one band id per seat")
        for b in bands:
            if b not in content()["band_by_id"]:
                raise _bad(f"unknown band {b!r}")
        if len(set(bands)) != len(bands):
            raise _bad("each seat needs a different band")
        if mode != "competitive" and "cover_bots" in bands:
            raise _bad("Cover Bots cannot play against Metallum")
    return {"mode": mode, "difficulty": difficulty, "bands": bands, **flags}


def _seat(band: str, grana: int) -> dict[str, Any]:
    return {
        "band": band,
        "fans": 0,
        "fame": 0,
        "grana": grana,
        "overdrive": 0,
        "fans_symbol": False,
        "extra_dice": 0,
        "dice": [],
        "hits": [],
        "hand": [],
        "used": [],
        "award": None,
        "copies": {"a": None, "b": None, "c": None},
        "spare_used": 0,
        "hit_bought_round": 0,
        "turn": {"used": {}},
        "unlocked": [],
        "symbols": [],
        "picks": 0,
        "triggers": {},
        "round_used": {},
    }


def new_state(players: int, options: dict[str, Any] | None, seed: int) -> dict[str, Any]:
    """Deal a new game (see docs/games/overdrive.md for every designed choice)."""
    opts = parse_options(players, options)
    data = content()
    state: dict[str, Any] = {
        "players": players,
        "mode": opts["mode"],
        "difficulty": opts["difficulty"] if opts["mode"] != "competitive" else None,
        "variants": {v: opts[v] for v in VARIANTS},
        "rng": new_rng_state(seed),
    }
    rng = draw_rng(state)
    bands = opts["bands"]
    if bands is None:
        pool = [b["id"] for b in data["bands"]]
        if opts["mode"] != "competitive":
            pool = [b for b in pool if b != "cover_bots"]
        bands = rng.sample(pool, players)
    vs_metallum = opts["mode"] != "competitive"
    # Grana ladder: the n-th player in turn order starts with n Grana (Metallum goes first).
    state["seats"] = [_seat(b, s + 1 + (1 if vs_metallum else 0)) for s, b in enumerate(bands)]
    state["metallum"] = None
    if vs_metallum:
        met = data["metallum"]
        state["metallum"] = {**met["start"], "hits": [], "hand": [], "award": None, "symbols": []}
    state["schedule"] = [1, 2, 3, 4, 7, 8] if opts["speed_metal"] else list(range(1, 9))
    state["round_idx"] = 0
    state["round"] = 1
    state["first"] = 0
    if vs_metallum:
        # the solo rules cancel exactly these (coop frees Jam Session); the 3-player
        # spaces they do not name (Opportunity) stay open
        blocked = ["acoustic", "intimidation"]
        if opts["mode"] == "solo":
            blocked.append("jam_session")
    else:
        blocked = [s["id"] for s in data["spaces"] if players < s.get("min_players", 1)]
    if opts["free_falling"]:
        blocked.append("jam_session")
    state["blocked"] = sorted(set(blocked))
    state["occupied"] = {}
    hits = [h["id"] for h in data["hits"]]
    rng.shuffle(hits)
    state["hit_market"], state["hit_deck"] = hits[:3], hits[3:]
    state["hit_owned"] = {}
    cards = [str(d["number"]) for d in data["distortions"]]
    rng.shuffle(cards)
    state["dist_market"], state["dist_deck"], state["dist_discard"] = cards[:3], cards[3:], []
    state["awards_free"] = [a["id"] for a in data["awards"]]
    state["phase"] = "allocation"
    state["battle"] = None
    state["order"] = []
    state["turn_pos"] = 0
    state["result"] = None
    return state
