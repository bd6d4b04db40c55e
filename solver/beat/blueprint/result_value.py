"""What a song's result is worth: the estimated chance to still win the venue after it.

A small dynamic programme over the counts left to reach, with fixed chances of
landing the result a song is aimed at (:func:`aims`); venue rules that force a
result at a position are honoured.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from services.beat import venues as V
from solver.beat.blueprint import data
from solver.beat.blueprint.seat_view import Seen

FAIL, OP, LOUD = V.FAIL, V.ON_POINT, V.LOUD
RESULTS = (FAIL, OP, LOUD)

#: the result model's chances of each result when a song is aimed at a result (the
#: DP's model of a live band: ON POINT gets harder as more hidden cards add up), per
#: seat count from ``aim_on_point`` and ``aim_loud`` in ``conventions.json``; Event
#: Horizon (songs recycle until ON POINT) keeps ``recycle_decay`` of a recycled song's
#: value.


def aims(players: int) -> dict[str, tuple[tuple[str, float], ...]]:
    """result aimed at -> (result, chance) pairs for a band of ``players`` seats."""
    op = data.get("aim_on_point", players)
    loud = data.get("aim_loud", players)
    return {
        FAIL: ((FAIL, 0.9), (OP, 0.05), (LOUD, 0.05)),
        OP: ((OP, op), (LOUD, (1 - op) / 2 + 0.05), (FAIL, (1 - op) / 2 - 0.05)),
        LOUD: ((LOUD, loud), (OP, 0.1), (FAIL, 0.9 - loud)),
    }


def goal(target: dict[str, int] | None) -> tuple[int, int | None]:
    """(at least, at most) of a target."""
    if not target:
        return 0, None
    if "min" in target:
        return target["min"], None
    if "max" in target:
        return 0, target["max"]
    return target["exact"], target["exact"]


def forced_result(
    venue: V.Venue, position: int, left_after: int, difficulty: int | None
) -> str | None:
    """The result a venue rule demands of the song at 1-based ``position``."""
    rule = venue.rule_id
    if rule == "odd_songs_loud" and position % 2 == 1:
        return LOUD
    if rule == "first_songs_fail" and position <= venue.rule["count"]:
        return FAIL
    if rule == "even_songs_on_point" and difficulty is not None and difficulty % 2 == 0:
        return OP
    if rule == "last_song_loud" and left_after == 0:
        return LOUD
    if rule == "last_songs_on_point" and left_after < venue.rule["count"]:
        return OP
    if rule in ("visible_setlist", "recycle"):
        return OP
    return None


@lru_cache(maxsize=200_000)
def win_chance(
    venue_id: str,
    on_point: int,
    loud: int,
    fails: int,
    songs_left: int,
    position: int,
    last: str | None,
    players: int = 2,
) -> float:
    """Estimated chance to win with ``songs_left`` songs to play after ``position``
    counted ones (``on_point``, ``loud``, ``fails`` of them so far; ``last`` the latest)."""
    venue = V.get_venue(venue_id)
    op_min, op_max = goal(venue.targets.get(OP))
    l_min, l_max = goal(venue.targets.get(LOUD))
    f_min, f_max = goal(venue.targets.get(FAIL))
    if (
        (op_max is not None and on_point > op_max)
        or (l_max is not None and loud > l_max)
        or (f_max is not None and fails > f_max)
    ):
        return 0.0
    if max(0, op_min - on_point) + max(0, l_min - loud) + max(0, f_min - fails) > songs_left:
        return 0.0
    if songs_left == 0:
        return 1.0
    counts = (venue_id, on_point, loud, fails, songs_left, position, last, players)
    forced = forced_result(venue, position + 1, songs_left - 1, None)
    model = aims(players)
    even_share = 0.5 if venue.rule_id == "even_songs_on_point" else 0.0
    best = 0.0
    for aim in RESULTS:
        if forced is not None and aim != forced:
            continue
        value = 0.0
        for result, chance in model[aim]:
            if forced is not None and result != forced:
                continue
            value += chance * _after_result(*counts, result)
        best = max(best, value)
    if even_share:
        forced_op = sum(
            chance * _after_result(*counts, result) for result, chance in model[OP] if result == OP
        )
        best = (1 - even_share) * best + even_share * forced_op
    return best


def _after_result(
    venue_id: str,
    on_point: int,
    loud: int,
    fails: int,
    songs_left: int,
    position: int,
    last: str | None,
    players: int,
    result: str,
) -> float:
    venue = V.get_venue(venue_id)
    if result == LOUD and venue.rule_id == "no_loud_twice" and last == LOUD:
        result = FAIL
    return win_chance(
        venue_id,
        on_point + (result == OP),
        loud + (result == LOUD),
        fails + (result == FAIL),
        songs_left - 1,
        position + 1,
        result,
        players,
    )


def planned_encores(seen: Seen) -> int:
    """Encores the band still needs (beyond the songs left), as far as the deck allows."""
    venue = seen.venue
    if (
        not V.encores_allowed(venue)
        or V.auto_encores(venue)
        or V.recycles(venue)
        or V.solo_pass(venue)
    ):
        return 0
    if venue.rule_id == "exact_total_songs":
        return max(0, min(seen.encore_left, venue.rule["total"] - seen.setlist_total))
    counts = Counter(result for _, result in seen.results)
    need = 0
    for result in (OP, LOUD, FAIL):
        least, _ = goal(venue.targets.get(result))
        need += max(0, least - counts[result])
    if venue.rule_id == "first_songs_fail":  # the forced FAILs still to come
        need += max(0, venue.rule["count"] - len(seen.results))
    remaining = seen.songs_after + len(seen.songs)
    extra = max(0, need - remaining)
    if venue.rule_id == "encore_required" and seen.encores_taken == 0:
        extra = max(extra, 1)
    return min(seen.encore_left, extra)


def result_utilities(seen: Seen, plan: int | None = None) -> list[dict[str, float]]:
    """Per song of the round: result -> estimated chance to still win after it
    (``plan``: :func:`planned_encores` of ``seen`` when the caller has it already)."""
    venue = seen.venue
    counts = Counter(result for _, result in seen.results)
    position = len(seen.results)
    last = seen.results[-1][1] if seen.results else None
    round_songs = len(seen.songs)
    if plan is None:
        plan = planned_encores(seen)
    out = []
    for song, (difficulty, _) in enumerate(seen.songs):
        # the round's other songs are still to count whichever comes first (Rock in the
        # Belt plays two at once): counting only the later ones rated every result of
        # the second song as lost when the setlist had no song to spare
        left_after = seen.songs_after + (round_songs - 1) + plan
        if venue.rule_id == "entropy_chain":
            fails_left = (V.max_fails(venue) or 0) - counts[FAIL]
            fail = data.get("entropy_fail_value", seen.players) if fails_left > 0 else 0.0
            out.append({FAIL: fail, OP: 1.0, LOUD: 1.0})
            continue
        if V.recycles(venue):
            need = max(0, goal(venue.targets.get(OP))[0] - counts[OP])
            land = data.get("aim_on_point", seen.players)
            decay = data.get("recycle_decay", seen.players)
            rate = land / (1 - decay * (1 - land))
            out.append(
                {
                    OP: rate ** max(0, need - 1),
                    FAIL: decay * rate**need,
                    LOUD: decay * rate**need,
                }
            )
            continue
        forced = forced_result(venue, position + song + 1, left_after, difficulty)
        utility = {}
        for result in RESULTS:
            counted = result
            if result == LOUD and venue.rule_id == "no_loud_twice" and last == LOUD:
                counted = FAIL
            if (
                forced is not None
                and counted != forced
                and venue.rule_id in ("odd_songs_loud", "first_songs_fail", "even_songs_on_point")
            ):
                utility[result] = 0.0
                continue
            value = win_chance(
                venue.id,
                counts[OP] + (counted == OP),
                counts[LOUD] + (counted == LOUD),
                counts[FAIL] + (counted == FAIL),
                left_after,
                position + song + 1,
                counted,
                seen.players,
            )
            if forced is not None and counted != forced and left_after < 2:
                value = 0.0  # a final-check rule (last song LOUD, finale ON POINT) broken
            utility[result] = value
        if song in seen.broken:  # the engine FAILs it whatever is played
            utility = dict.fromkeys(RESULTS, utility[FAIL])
        out.append(utility)
    return out


def without_encore_one(
    seen: Seen, utils: list[dict[str, float]], plan: int
) -> list[dict[str, float] | None]:
    """Per song of the round: ON POINT / LOUD -> their worth when no card of the song
    is a 1 (None where that makes no difference).  An optional Encore needs a 1 on a
    song that is not a FAIL, so on the last song, with an Encore still needed, such a
    song without a 1 ends the venue one song short; rated as if the planned Encore came
    anyway, the band played the last song of Comeback Comet for its result alone."""
    venue = seen.venue
    out: list[dict[str, float] | None] = [None] * len(seen.songs)
    if plan <= 0 or seen.songs_after > 0:
        return out
    counts = Counter(result for _, result in seen.results)
    position = len(seen.results)
    last = len(seen.songs) - 1
    if last in seen.broken:
        return out
    worth: dict[str, float] = {}
    for result in (OP, LOUD):
        short = win_chance(
            venue.id,
            counts[OP] + (result == OP),
            counts[LOUD] + (result == LOUD),
            counts[FAIL],
            plan - 1,
            position + last + 1,
            result,
            seen.players,
        )
        worth[result] = min(utils[last][result], short)
    out[last] = worth
    return out


data.on_change(win_chance.cache_clear)
