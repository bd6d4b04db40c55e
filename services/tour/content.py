"""Load and validate the tour's data file, so a bad edit fails at import, not mid-game."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

DATA_FILE = Path(__file__).parent / "data" / "tour.yaml"

COUNTERS = ("cash", "fans", "fame", "hype", "morale", "van", "shirts")
CAPPED = ("cash", "hype", "morale", "van", "shirts", "skill")
ROAD_FIELDS = ("cash", "fans", "fame", "hype", "morale", "van")
WORK_JOBS = ("merch", "flyer", "dayjob")
CREW = ("roadie", "tech", "manager")
DIFFICULTIES = ("club", "basement", "grind")
MODES = ("solo", "coop", "versus")
VENUE_FIELDS = ("difficulty", "cash", "fame", "fans", "entry", "hype")


def _fail(where: str, why: str) -> None:
    raise ValueError(f"tour data: {where}: {why}")


def _section(data: dict[str, Any], key: str) -> Any:
    if key not in data:
        _fail(key, "missing section")
    return data[key]


def _ints(where: str, obj: Any, keys: tuple[str, ...] | list[str], minimum: int | None = 0) -> None:
    """Require ``obj`` to be a mapping holding an int (>= minimum) under every key."""
    if not isinstance(obj, dict):
        _fail(where, "must be a mapping")
    for key in keys:
        value = obj.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            _fail(f"{where}.{key}", f"must be an integer, got {value!r}")
        if minimum is not None and value < minimum:
            _fail(f"{where}.{key}", f"must be >= {minimum}, got {value}")


def validate(data: Any) -> dict[str, Any]:
    """Check every section the rules read; returns ``data`` unchanged or raises ValueError."""
    if not isinstance(data, dict):
        _fail("file", "top level must be a mapping")
    _ints("top", data, ["weeks", "dice_sides"], 1)
    _ints("start", _section(data, "start"), COUNTERS)
    caps = _section(data, "caps")
    _ints("caps", caps, CAPPED, 1)
    for key in COUNTERS:
        if key in caps and data["start"][key] > caps[key]:
            _fail(f"start.{key}", f"above its cap {caps[key]}")
    _ints("show", _section(data, "show"), ["hype_per_point", "max_hype_points", "staged_dice"], 1)
    _ints(
        "songs",
        _section(data, "songs"),
        ["boxes_per_album", "album_fame", "album_fans", "album_show", "anthem_fans", "anthem_fame"],
    )
    _ints("songs", data["songs"], ["anthem_kind"], 2)
    _ints("work", _section(data, "work"), ["merch_price", "flyer_min", "flyer_hype_min"])
    _ints("work", data["work"], ["dayjob_van_face"], 1)
    _ints("payout", _section(data, "payout"), ["fail_fans", "stars_per_skill"])
    _ints("payout", data["payout"], ["fail_morale"], None)
    forced = _section(data, "forced")
    _ints("forced.rest", forced.get("rest"), ["cash", "morale"], None)
    _ints("forced.shop", forced.get("shop"), ["cash", "van"], None)
    _ints("restock", _section(data, "restock"), ["cost", "shirts"], 1)
    _ints("mechanic", _section(data, "mechanic"), ["cost", "van"], 1)
    crew = _section(data, "crew")
    _ints("crew.roadie", crew.get("roadie"), ["cost", "free_merch", "upkeep_van"])
    _ints("crew.tech", crew.get("tech"), ["cost", "show"])
    _ints("crew.manager", crew.get("manager"), ["cost", "wage", "gold_die"])
    tiers = _section(data, "tiers")
    if not isinstance(tiers, dict) or "W" not in tiers or len(tiers) < 2:
        _fail("tiers", "need the regular tiers and the main stage tier W")
    for name, tier in tiers.items():
        _ints(f"tiers.{name}", tier, ["unlock", "rank"])
    _ints("tiers.W", tiers["W"], ["min_week", "slot_chance_pct"])
    if tiers["W"]["slot_chance_pct"] > 100:
        _fail("tiers.W.slot_chance_pct", "is a percentage (0..100)")
    ranks = sorted(t["rank"] for n, t in tiers.items() if n != "W")
    if ranks != list(range(1, len(ranks) + 1)) or tiers["W"]["rank"] <= ranks[-1]:
        _fail("tiers", "regular tiers need ranks 1..n and W the highest rank")
    lowest = [n for n, t in tiers.items() if t["rank"] == 1][0]
    if tiers[lowest]["unlock"] != 0:
        _fail(f"tiers.{lowest}.unlock", "the first tier must be open from the start (0)")
    offers = _section(data, "offers")
    _ints("offers", offers, ["slots", "lower_tier_pct"], 1)
    if offers["lower_tier_pct"] > 100:
        _fail("offers.lower_tier_pct", "is a percentage (0..100)")
    venues = _section(data, "venues")
    if not isinstance(venues, dict) or not venues:
        _fail("venues", "must be a non-empty mapping")
    for vid, venue in venues.items():
        _ints(f"venues.{vid}", venue, VENUE_FIELDS)
        if venue.get("tier") not in tiers:
            _fail(f"venues.{vid}.tier", f"unknown tier {venue.get('tier')!r}")
        if not isinstance(venue.get("name"), str):
            _fail(f"venues.{vid}.name", "must be a string")
    for tier in tiers:
        if not any(v["tier"] == tier for v in venues.values()):
            _fail(f"tiers.{tier}", "has no venue")
    road = _section(data, "road_table")
    if not isinstance(road, dict) or sorted(road) != list(range(1, data["dice_sides"] + 1)):
        _fail("road_table", "needs one entry per die face")
    for face, entry in road.items():
        effect = entry.get("effect") if isinstance(entry, dict) else None
        if not isinstance(effect, dict) or not effect:
            _fail(f"road_table.{face}.effect", "must be a non-empty mapping")
        unknown = set(effect) - set(ROAD_FIELDS)
        if unknown:
            _fail(f"road_table.{face}.effect", f"unknown counters {sorted(unknown)}")
        _ints(f"road_table.{face}.effect", effect, list(effect), None)
        if "pay_instead" in entry:
            _ints(f"road_table.{face}", entry, ["pay_instead"], 1)
    diffs = _section(data, "difficulties")
    if not isinstance(diffs, dict) or set(diffs) != set(DIFFICULTIES):
        _fail("difficulties", f"must define exactly {list(DIFFICULTIES)}")
    for name, diff in diffs.items():
        _ints(f"difficulties.{name}", diff, ["venue_modifier"], None)
        weeks = diff.get("road_weeks")
        if not isinstance(weeks, list) or not all(
            isinstance(w, int) and 1 <= w <= data["weeks"] for w in weeks
        ):
            _fail(f"difficulties.{name}.road_weeks", "must list week numbers")
        start = diff.get("start")
        if not isinstance(start, dict) or set(start) - set(COUNTERS):
            _fail(f"difficulties.{name}.start", "must map sheet counters to bonuses")
        _ints(f"difficulties.{name}.start", start, list(start), None)
    modes = _section(data, "modes")
    if not isinstance(modes, dict) or set(modes) != set(MODES):
        _fail("modes", f"must define exactly {list(MODES)}")
    for name, mode in modes.items():
        _ints(f"modes.{name}", mode, ["players", "sheets", "dice"], 1)
        _ints(f"modes.{name}", mode, ["venue_modifier"], None)
        if mode["dice"] < data["show"]["staged_dice"]:
            _fail(f"modes.{name}.dice", "fewer dice than the show stages")
    versus = _section(data, "versus")
    _ints("versus.headline", versus.get("headline"), ["fans", "cash"])
    _ints("versus.opener", versus.get("opener"), ["fame"])
    _ints("versus.tie", versus.get("tie"), ["fans"])
    rival = _section(data, "rival")
    _ints("rival.win_pct", rival.get("win_pct"), list(tiers))
    _ints("rival", rival, ["fail_fans"])
    _ints("targets", _section(data, "targets"), ["solo", "coop"])
    ranks_list = _section(data, "ranks")
    if not isinstance(ranks_list, list) or not ranks_list:
        _fail("ranks", "must be a non-empty list")
    for i, rank in enumerate(ranks_list):
        _ints(f"ranks[{i}]", rank, ["min"])
        if not isinstance(rank.get("name"), str):
            _fail(f"ranks[{i}].name", "must be a string")
    if min(r["min"] for r in ranks_list) != 0:
        _fail("ranks", "the lowest rank must start at 0")
    return data


def load(path: Path | str | None = None) -> dict[str, Any]:
    """Read and validate a tour data file (default: the shipped one)."""
    with open(path or DATA_FILE, encoding="utf-8") as fh:
        return validate(yaml.safe_load(fh))


@cache
def content() -> dict[str, Any]:
    """The shipped data, loaded once per process.  Treat it as read-only."""
    return load()
