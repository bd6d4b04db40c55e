"""Overdrive's content (spaces, Hits, Distortions, Awards, bands, Metallum), validated at load.

The rulebook leaves much of it open; the designed parts live in ``data/content.yaml`` so a
user who owns the physical cards can replace them.  Bad data raises ValueError early.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

FACES = ("skull", "chord", "horns", "influence")
SLOT_FACES = (*FACES, "any")
TRACKS = ("fans", "fame", "grana", "overdrive")
SPACE_EFFECTS = {
    "gain",
    "choose_track",
    "change_face",
    "borrow",
    "extra_die",
    "clear_space",
    "intimidate",
}
DISTORTION_EFFECTS = {
    "gain",
    "clear_space",
    "skull_to",
    "skulls_wild",
    "set_faces",
    "all_to",
    "convert",
    "swap",
    "protect",
    "reroll",
}
ABILITY_KINDS = {
    "change_face",
    "bonus_on_gain",
    "gain_trigger",
    "per_level_gain",
    "trade",
    "exclusive_space",
    "borrow",
    "clear_space",
    "reroll_free",
    "spare_faces",
    "copy",
    "score",
    "raise_other",
}
DATA = Path(__file__).parent / "data" / "content.yaml"


def _fail(where: str, why: str) -> None:
    raise ValueError(f"overdrive content: {where}: {why}")


def _check_gain(where: str, gain: Any) -> None:
    if not isinstance(gain, dict) or not gain:
        _fail(where, "gain must be a non-empty mapping of track -> amount")
    for k, v in gain.items():
        if k not in TRACKS or not isinstance(v, int) or v <= 0:
            _fail(where, f"bad gain {k}: {v}")


def _check_slots(where: str, slots: Any) -> None:
    if not isinstance(slots, list) or not slots or any(s not in SLOT_FACES for s in slots):
        _fail(where, f"slots must be a non-empty list of {SLOT_FACES}")


def _check_unique(where: str, items: list[dict[str, Any]], key: str) -> None:
    seen = [i.get(key) for i in items]
    if len(seen) != len(set(seen)) or None in seen:
        _fail(where, f"every entry needs a unique {key}")


def validate(data: Any) -> dict[str, Any]:
    """Check the whole content tree; return it unchanged when sound."""
    if not isinstance(data, dict):
        _fail("root", "must be a mapping")
    for key in ("die_faces", "face_bonus", "spaces", "hits", "distortions", "awards", "bands"):
        if key not in data:
            _fail("root", f"missing section {key}")
    if sorted(set(data["die_faces"])) != sorted(FACES) or len(data["die_faces"]) != 6:
        _fail("die_faces", "six faces using every face type")
    for face in FACES:
        _check_gain(f"face_bonus.{face}", data["face_bonus"].get(face))
    _check_unique("spaces", data["spaces"], "id")
    for sp in data["spaces"]:
        where = f"spaces.{sp['id']}"
        _check_slots(where, sp.get("slots"))
        eff = sp.get("effect") or {}
        if eff.get("kind") not in SPACE_EFFECTS:
            _fail(where, f"unknown effect {eff.get('kind')}")
        if eff["kind"] in ("gain", "intimidate"):
            _check_gain(where, eff.get("gain"))
        if eff["kind"] == "change_face" and any(f not in FACES for f in eff.get("faces", [None])):
            _fail(where, "change_face needs faces")
        if not isinstance(sp.get("capacity", 1), int) or sp.get("capacity", 1) < 0:
            _fail(where, "capacity must be an int >= 0 (0: unlimited)")
    _check_unique("hits", data["hits"], "id")
    for hit in data["hits"]:
        where = f"hits.{hit['id']}"
        if not isinstance(hit.get("cost"), int) or hit["cost"] < 0:
            _fail(where, "cost must be an int >= 0")
        if hit.get("symbol") not in FACES:
            _fail(where, "symbol must be a face")
        if not isinstance(hit.get("modes"), list) or not hit["modes"]:
            _fail(where, "needs at least one mode")
        for mode in hit["modes"]:
            _check_slots(where, mode.get("slots"))
            _check_gain(where, mode.get("gain"))
    if len(data["hits"]) < 4:
        _fail("hits", "need at least 4 cards (3 face up and a pile)")
    _check_unique("distortions", data["distortions"], "number")
    for card in data["distortions"]:
        where = f"distortions.{card['number']}"
        eff = card.get("effect") or {}
        if card.get("symbol") not in FACES:
            _fail(where, "symbol must be a face")
        if eff.get("kind") not in DISTORTION_EFFECTS:
            _fail(where, f"unknown effect {eff.get('kind')}")
        if eff["kind"] == "gain":
            _check_gain(where, eff.get("gain"))
        if eff["kind"] == "convert" and (
            eff.get("from") not in FACES or eff.get("to") not in FACES
        ):
            _fail(where, "convert needs from/to faces")
        if eff["kind"] == "all_to" and eff.get("face") not in FACES:
            _fail(where, "all_to needs a face")
        if eff["kind"] == "set_faces" and not (isinstance(eff.get("n"), int) and eff["n"] > 0):
            _fail(where, "set_faces needs n > 0")
    _check_unique("awards", data["awards"], "id")
    for aw in data["awards"]:
        for k in ("fans", "fame", "vp"):
            if not isinstance(aw.get(k), int) or aw[k] < 0:
                _fail(f"awards.{aw['id']}", f"{k} must be an int >= 0")
    _check_unique("bands", data["bands"], "id")
    for band in data["bands"]:
        where = f"bands.{band['id']}"
        for k in ("symbol", "fans_symbol"):
            if band.get(k) not in FACES:
                _fail(where, f"{k} must be a face")
        for level in ("a", "b", "c"):
            ab = band.get(level) or {}
            if ab.get("kind") not in ABILITY_KINDS:
                _fail(where, f"ability {level}: unknown kind {ab.get('kind')}")
            if ab["kind"] == "change_face" and (
                ab.get("from") not in (*FACES, "any") or ab.get("to") not in FACES
            ):
                _fail(where, f"ability {level}: change_face needs from/to")
            if ab["kind"] in ("gain_trigger", "per_level_gain"):
                if ab.get("when") not in TRACKS:
                    _fail(where, f"ability {level}: needs 'when' (a track)")
                _check_gain(where, ab.get("gain"))
            if ab["kind"] == "bonus_on_gain" and (
                ab.get("attr") not in TRACKS or not isinstance(ab.get("amount"), int)
            ):
                _fail(where, f"ability {level}: bonus_on_gain needs attr and amount")
            if ab["kind"] == "exclusive_space":
                _check_slots(where, ab.get("slots"))
                _check_gain(where, ab.get("gain"))
            if ab["kind"] == "trade":
                _check_gain(where, ab.get("lose"))
                _check_gain(where, ab.get("gain"))
            if ab["kind"] == "spare_faces" and (
                ab.get("face") not in FACES or not isinstance(ab.get("uses"), int)
            ):
                _fail(where, f"ability {level}: spare_faces needs face and uses")
            if ab["kind"] == "raise_other" and (
                ab.get("when") not in TRACKS
                or not ab.get("attrs")
                or any(t not in TRACKS or t == ab["when"] for t in ab["attrs"])
            ):
                _fail(where, f"ability {level}: raise_other needs 'when' and other 'attrs'")
            if ab.get("once_per", "turn") not in ("turn", "round"):
                _fail(where, f"ability {level}: once_per is turn or round")
            if ab["kind"] == "copy" and ab.get("level") != level:
                _fail(where, f"ability {level}: copy must copy the same level")
            if ab["kind"] == "score" and (
                any(t not in TRACKS for t in ab.get("tracks", [None])) or ab.get("per", 0) <= 0
            ):
                _fail(where, f"ability {level}: score needs tracks and per > 0")
    met = data.get("metallum") or {}
    if set(met.get("start", {})) != set(TRACKS) or met.get("symbol") not in FACES:
        _fail("metallum", "needs start levels for every track and a symbol")
    if not met.get("difficulties"):
        _fail("metallum", "needs difficulties")
    return data


def load(path: Path | str = DATA) -> dict[str, Any]:
    """Read and validate a content file."""
    with open(path, encoding="utf-8") as fh:
        return validate(yaml.safe_load(fh))


@cache
def content() -> dict[str, Any]:
    """The packaged content, indexed for quick lookup (read-only by convention)."""
    data = load()
    data["space_by_id"] = {s["id"]: s for s in data["spaces"]}
    data["hit_by_id"] = {h["id"]: h for h in data["hits"]}
    data["distortion_by_no"] = {str(d["number"]): d for d in data["distortions"]}
    data["award_by_id"] = {a["id"]: a for a in data["awards"]}
    data["band_by_id"] = {b["id"]: b for b in data["bands"]}
    return data
