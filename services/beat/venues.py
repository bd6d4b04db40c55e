"""The 26 venues as data, and the ONE module that interprets their special rules.

A venue (``data/venues.yaml``) has a scheduled song count, targets and a rule id.
Everything rule-specific lives here as pure functions of plain values, so the
engine (``game.py``) and the solver read the same definitions:

* structure: :func:`setlist_size`, :func:`staged_at_start`, :func:`songs_per_round`,
  :func:`events_per_song`, :func:`confiscated_count`, :func:`hidden_count` ...
* per song: :func:`adjust_result` (Astro City's margin cap, Stellar Studio's second LOUD);
* per round: :func:`breaks` -- a reason when the venue is lost at once;
* at the end: :func:`final_failures` -- the unmet targets and rules (empty = won).

A *record* is the plain dict the checks read::

    {"results": [{"difficulty": d, "result": "fail"|"on_point"|"loud"}, ...],  # in play order
     "setlist_total": n,      # songs scheduled plus Encores added so far
     "encores_taken": k, "solo_used": bool,
     "stages": [[printed values staged], ...]}   # per seat
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from services.beat.content import read_data

FAIL, ON_POINT, LOUD = "fail", "on_point", "loud"
RESULTS = (FAIL, ON_POINT, LOUD)
TIERS = ("starter", "easy", "medium", "hard")
#: rule id -> required integer params
RULES: dict[str, tuple[str, ...]] = {
    "last_song_loud": (),
    "must_play_solo": (),
    "encore_required": (),
    "odd_songs_loud": (),
    "turn_order": (),
    "first_songs_fail": ("count",),
    "face_up_lock": (),
    "tuning_cues": ("delta",),
    "full_range": (),
    "play_all_songs": (),
    "entropy_chain": (),
    "recycle": (),
    "medley": (),
    "solo_pass": (),
    "hidden_cards": ("count",),
    "no_loud_twice": (),
    "confiscate": ("count",),
    "exact_total_songs": ("total",),
    "even_songs_on_point": (),
    "margin_cap": ("max",),
    "last_songs_on_point": ("count",),
    "two_events": (),
    "hidden_setlist": (),
    "no_encores": (),
    "forced_staging": (),
    "visible_setlist": (),
}
SONGS_PER_COUNT = 12


@dataclass(frozen=True)
class Venue:
    number: int
    id: str
    name: str
    tier: str
    songs: int
    targets: dict[str, dict[str, int]]
    rule: dict[str, Any]
    encores: bool = True

    @property
    def rule_id(self) -> str:
        return self.rule["id"]

    def as_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "id": self.id,
            "name": self.name,
            "tier": self.tier,
            "songs": self.songs,
            "targets": {k: dict(v) for k, v in self.targets.items()},
            "encores": encores_allowed(self),
            "rule": dict(self.rule),
            "structure": dict(self._structure_items),
        }

    @cached_property
    def _structure_items(self) -> tuple[tuple[str, Any], ...]:
        # every view names its venue's structure; its values are scalars worked out from
        # the venue alone, so each venue works them out once
        return tuple(structure(self).items())


# -- validation and loading ---------------------------------------------------


def validate_venues(raw: Any) -> list[Venue]:
    """Check the venues data; raise ValueError with a clear message on any fault."""
    if not isinstance(raw, list) or not raw:
        raise ValueError("venues data must be a non-empty list")
    out: list[Venue] = []
    ids: set[str] = set()
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise ValueError(f"venue #{i} must be a mapping")
        for key in ("number", "id", "name", "tier", "songs", "targets", "rule"):
            if key not in item:
                raise ValueError(f"venue #{i} lacks {key!r}")
        vid = item["id"]
        if not isinstance(vid, str) or vid in ids:
            raise ValueError(f"venue #{i}: missing or duplicate id {vid!r}")
        ids.add(vid)
        if item["tier"] not in TIERS:
            raise ValueError(f"venue {vid!r}: tier must be one of {TIERS}")
        songs = item["songs"]
        if not isinstance(songs, int) or not 1 <= songs <= SONGS_PER_COUNT:
            raise ValueError(f"venue {vid!r}: songs must be 1-{SONGS_PER_COUNT}")
        targets = item["targets"]
        if not isinstance(targets, dict) or set(targets) - set(RESULTS):
            raise ValueError(f"venue {vid!r}: targets keys must be among {RESULTS}")
        for res, t in targets.items():
            if (
                not isinstance(t, dict)
                or len(t) != 1
                or next(iter(t)) not in ("min", "max", "exact")
                or not isinstance(next(iter(t.values())), int)
                or next(iter(t.values())) < 0
            ):
                raise ValueError(
                    f"venue {vid!r}: target {res!r} must be one of {{min|max|exact: n>=0}}"
                )
        rule = item["rule"]
        if not isinstance(rule, dict) or rule.get("id") not in RULES:
            raise ValueError(f"venue {vid!r}: unknown rule {rule!r}")
        for p in RULES[rule["id"]]:
            if not isinstance(rule.get(p), int):
                raise ValueError(f"venue {vid!r}: rule {rule['id']!r} needs integer {p!r}")
        encores = item.get("encores", True)
        if not isinstance(encores, bool):
            raise ValueError(f"venue {vid!r}: encores must be true or false")
        out.append(
            Venue(
                number=int(item["number"]),
                id=vid,
                name=str(item["name"]),
                tier=item["tier"],
                songs=songs,
                targets={k: dict(v) for k, v in targets.items()},
                rule=dict(rule),
                encores=encores,
            )
        )
    if [v.number for v in out] != list(range(1, len(out) + 1)):
        raise ValueError("venues must be numbered 1..n in order")
    return out


@cache
def load_venues() -> tuple[Venue, ...]:
    return tuple(validate_venues(read_data("venues.yaml")))


@cache
def venues_by_id() -> dict[str, Venue]:
    return {v.id: v for v in load_venues()}


def get_venue(key: str | int) -> Venue:
    """A venue by id (``"garage"``) or number (1..26); ValueError when unknown."""
    if isinstance(key, int) and not isinstance(key, bool):
        for v in load_venues():
            if v.number == key:
                return v
    elif isinstance(key, str) and key in venues_by_id():
        return venues_by_id()[key]
    raise ValueError(f"unknown venue {key!r}")


# -- structure ------------------------------------------------------------------


def setlist_size(v: Venue) -> int:
    """Songs in the Song deck at setup (Neverending plays all twelve)."""
    return SONGS_PER_COUNT if v.rule_id == "play_all_songs" else v.songs


def encores_allowed(v: Venue) -> bool:
    return v.encores and v.rule_id != "no_encores"


def staged_at_start(v: Venue) -> int:
    """Jupiter starts with an empty Stage Area (the 3 cards stay in the draw pile)."""
    return 0 if v.rule_id == "full_range" else 3


def random_solo(v: Venue) -> bool:
    return v.rule_id == "full_range"


def songs_per_round(v: Venue) -> int:
    return 2 if v.rule_id == "medley" else 1


def events_per_song(v: Venue) -> int:
    return 2 if v.rule_id == "two_events" else 1


def confiscated_count(v: Venue) -> int:
    return int(v.rule["count"]) if v.rule_id == "confiscate" else 0


def hidden_count(v: Venue) -> int:
    """Cards of a seat's hand hidden from that seat only (Burning Star)."""
    return int(v.rule["count"]) if v.rule_id == "hidden_cards" else 0


def turn_order(v: Venue) -> bool:
    """Roswell: seats play in turn, from the lead; the lead moves one seat on per round."""
    return v.rule_id == "turn_order"


def solo_extra_card(v: Venue) -> bool:
    """Whether the Solo may be an extra card: everywhere.  Scrapyard's rule adds a
    second use (the pass) and removes nothing, so its Solo player chooses one of the two
    (an extra card can still force a FAIL, by breaking an event)."""
    return True


def solo_pass(v: Venue) -> bool:
    """Scrapyard: the Solo may instead be spent to play no card on a song."""
    return v.rule_id == "solo_pass"


def tuning(v: Venue) -> int:
    """Milkyway: how far a staged Cue card may tune a played card (0: no tuning)."""
    return int(v.rule["delta"]) if v.rule_id == "tuning_cues" else 0


def auto_encores(v: Venue) -> bool:
    """Entropy Hall: every ON POINT or LOUD adds an Encore by itself."""
    return v.rule_id == "entropy_chain"


def recycles(v: Venue) -> bool:
    """Event Horizon: a LOUD or FAIL song goes under the Song deck, uncounted."""
    return v.rule_id == "recycle"


def out_of_cards_loses(v: Venue) -> bool:
    """Event Horizon and Entropy Hall: a round that would start with no card left at
    any seat loses the venue (there, empty songs could go on for ever).

    Everywhere else a song nobody holds a card for is still played, with no cards
    ("you don't play one"), and the final check decides.
    """
    return recycles(v) or auto_encores(v)


def forced_staging(v: Venue) -> bool:
    """Upload Festival: after each song each seat stages its highest hand card."""
    return v.rule_id == "forced_staging"


def visible_sorted_setlist(v: Venue) -> bool:
    """Pulsar Palace: the setlist is public and played in ascending order."""
    return v.rule_id == "visible_setlist"


def hidden_setlist(v: Venue) -> bool:
    """Warken: difficulties are hidden from all but the Solo player."""
    return v.rule_id == "hidden_setlist"


def face_up_allowed(v: Venue, card_has_icon: bool, stage_values: list[int], is_solo: bool) -> bool:
    """Whether a seat may play this card Face Up now.

    Rusty Airlock: not until the seat's own Stage Area shows every value 1-5.
    Warken: the Solo player may play any card Face Up.
    """
    if v.rule_id == "hidden_setlist" and is_solo:
        return True
    if not card_has_icon:
        return False
    if v.rule_id == "face_up_lock":
        return set(stage_values) >= {1, 2, 3, 4, 5}
    return True


def structure(v: Venue) -> dict[str, Any]:
    """The structural facts of a venue, for clients and the solver."""
    return {
        "setlist_size": setlist_size(v),
        "staged_at_start": staged_at_start(v),
        "random_solo": random_solo(v),
        "songs_per_round": songs_per_round(v),
        "events_per_song": events_per_song(v),
        "confiscated": confiscated_count(v),
        "hidden_in_hand": hidden_count(v),
        "turn_order": turn_order(v),
        "solo_extra_card": solo_extra_card(v),
        "solo_pass": solo_pass(v),
        "tuning": tuning(v),
        "auto_encores": auto_encores(v),
        "recycles": recycles(v),
        "out_of_cards_loses": out_of_cards_loses(v),
        "forced_staging": forced_staging(v),
        "visible_sorted_setlist": visible_sorted_setlist(v),
        "hidden_setlist": hidden_setlist(v),
        "max_fails": max_fails(v),
    }


# -- per song -------------------------------------------------------------------


def compare(total: int, difficulty: int) -> str:
    if total < difficulty:
        return FAIL
    return ON_POINT if total == difficulty else LOUD


def adjust_result(v: Venue, difficulty: int, total: int, result: str, previous: str | None) -> str:
    """The venue's change to a song's result (``previous``: the last counted result)."""
    if result == LOUD and v.rule_id == "margin_cap" and total - difficulty > v.rule["max"]:
        return FAIL
    if result == LOUD and v.rule_id == "no_loud_twice" and previous == LOUD:
        return FAIL
    return result


# -- per round and final checks ---------------------------------------------------


def max_fails(v: Venue) -> int | None:
    t = v.targets.get(FAIL)
    if not t:
        return None
    return t.get("max", t.get("exact"))


def counts(record: dict[str, Any]) -> dict[str, int]:
    out = dict.fromkeys(RESULTS, 0)
    for r in record["results"]:
        out[r["result"]] += 1
    return out


def breaks(v: Venue, record: dict[str, Any]) -> str | None:
    """Why the venue is lost at once after the latest song(s), or None."""
    c = counts(record)
    mf = max_fails(v)
    if mf is not None and c[FAIL] > mf:
        return "too_many_fails"
    res = record["results"]
    rid = v.rule_id
    if rid == "odd_songs_loud" and any(r["result"] != LOUD for r in res[0::2]):
        return "odd_song_not_loud"
    if rid == "first_songs_fail" and any(r["result"] != FAIL for r in res[: v.rule["count"]]):
        return "early_song_not_fail"
    if rid == "even_songs_on_point" and any(
        r["difficulty"] % 2 == 0 and r["result"] != ON_POINT for r in res
    ):
        return "even_song_not_on_point"
    if rid == "exact_total_songs" and record["setlist_total"] > v.rule["total"]:
        return "too_many_songs"
    # Scrapyard (every song must FAIL) and Pulsar Palace (no LOUD): a song that breaks
    # them cannot be undone, so the venue ends there, as the other such rules do
    if rid == "solo_pass" and any(r["result"] != FAIL for r in res):
        return "song_not_fail"
    if rid == "visible_setlist" and any(r["result"] == LOUD for r in res):
        return "loud_song"
    return None


def entropy_won(v: Venue, record: dict[str, Any]) -> bool:
    """Entropy Hall is won the moment every seat has all three 1s staged."""
    return v.rule_id == "entropy_chain" and all(s.count(1) >= 3 for s in record["stages"])


def _target_ok(t: dict[str, int], n: int) -> bool:
    if "min" in t:
        return n >= t["min"]
    if "max" in t:
        return n <= t["max"]
    return n == t["exact"]


def final_failures(v: Venue, record: dict[str, Any]) -> list[str]:
    """Every unmet target and rule at the final check; empty means the venue is won."""
    c = counts(record)
    out = [f"target_{k}" for k, t in v.targets.items() if not _target_ok(t, c[k])]
    res = record["results"]
    rid = v.rule_id
    if rid == "last_song_loud" and (not res or res[-1]["result"] != LOUD):
        out.append("last_song_not_loud")
    if rid == "must_play_solo" and not record["solo_used"]:
        out.append("solo_not_played")
    if rid == "encore_required" and record["encores_taken"] < 1:
        out.append("no_encore")
    if rid == "full_range" and not all(set(s) >= {1, 2, 3, 4, 5} for s in record["stages"]):
        out.append("range_incomplete")
    if rid == "last_songs_on_point":
        k = v.rule["count"]
        if len(res) < k or any(r["result"] != ON_POINT for r in res[-k:]):
            out.append("finale_not_on_point")
    if rid == "exact_total_songs" and len(res) != v.rule["total"]:
        out.append("wrong_song_total")
    if rid == "entropy_chain" and not entropy_won(v, record):
        out.append("ones_not_staged")
    out.extend(breaks_reasons_at_end(v, record))
    return out


def breaks_reasons_at_end(v: Venue, record: dict[str, Any]) -> list[str]:
    r = breaks(v, record)
    return [r] if r else []
