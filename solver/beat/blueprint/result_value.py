"""What a song's result is worth: the estimated chance to still win the venue after it.

A small dynamic programme over the counts left to reach, with fixed chances of
landing the result a song is aimed at (:func:`aims`); venue rules that force a
result at a position are honoured.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache

from services.beat import cards as C
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


def aims(players: int, venue_id: str) -> dict[str, tuple[tuple[str, float], ...]]:
    """result aimed at -> (result, chance) pairs for a band of ``players`` seats at the
    venue of id ``venue_id``."""
    op = data.get("aim_on_point", players, venue_id)
    loud = data.get("aim_loud", players, venue_id)
    return {
        FAIL: ((FAIL, 0.9), (OP, 0.05), (LOUD, 0.05)),
        OP: ((OP, op), (LOUD, (1 - op) / 2 + 0.05), (FAIL, (1 - op) / 2 - 0.05)),
        LOUD: ((LOUD, loud), (OP, 0.1), (FAIL, 0.9 - loud)),
    }


def drained_aims(
    model: dict[str, tuple[tuple[str, float], ...]], players: int, venue_id: str, position: int
) -> dict[str, tuple[tuple[str, float], ...]]:
    """Upload Festival's aims after ``position`` songs: every song stages each seat's
    highest hand card, so the hands weaken song by song and an aimed LOUD lands less
    often the later it comes (``staging_loud_decay`` per song played, the lost share
    going to FAIL; an aimed ON POINT misses low more often too).  With the same chances
    at every song the band saved its LOUDs for songs its cards could no longer make LOUD."""
    drop = data.get("staging_loud_decay", players, venue_id) * position
    loud = max(0.0, dict(model[LOUD])[LOUD] - drop)
    op = dict(model[OP])[OP]
    miss_loud = max(0.0, (1 - op) / 2 + 0.05 - drop / 2)
    return {
        FAIL: model[FAIL],
        OP: ((OP, op), (LOUD, miss_loud), (FAIL, 1 - op - miss_loud)),
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
    model = aims(players, venue_id)
    if V.forced_staging(venue):
        model = drained_aims(model, players, venue_id, position)
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


def playable_songs(venue: V.Venue) -> int:
    """The most songs a seat has cards for: its unstaged, unconfiscated cards over the
    cards a song takes from it (Upload Festival stages one more per song).  A song past
    it is played with no card, a sure FAIL, so an Encore that schedules it only costs."""
    cards = len(C.deck_ids(0)) - V.staged_at_start(venue) - V.confiscated_count(venue)
    return cards // (1 + V.forced_staging(venue))


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
    if venue.rule_id == "medley" and data.get("medley_plan_extra", seen.players, seen.venue.id):
        # Rock in the Belt needs 7 results from 6 songs with 2 FAILs allowed: planned
        # as soon as one more song raises the model's chance by more than the Encore
        # margin, the Encores count as songs to come and the band does not play the
        # setlist as if no miss could be made up
        at = (venue.id, counts[OP], counts[LOUD], counts[FAIL])
        last = seen.results[-1][1] if seen.results else None
        margin = data.get("extra_encore_margin", seen.players, seen.venue.id)
        while (
            extra < seen.encore_left
            and win_chance(*at, remaining + extra + 1, len(seen.results), last, seen.players)
            > win_chance(*at, remaining + extra, len(seen.results), last, seen.players) + margin
        ):
            extra += 1
    return max(0, min(seen.encore_left, extra, playable_songs(venue) - seen.setlist_total))


def result_utilities(seen: Seen, plan: int | None = None) -> list[dict[str, float]]:
    """Per song of the round: result -> estimated chance to still win after it
    (``plan``: :func:`planned_encores` of ``seen`` when the caller has it already)."""
    venue = seen.venue
    counts = Counter(result for _, result in seen.results)
    round_songs = len(seen.songs)
    if plan is None:
        plan = planned_encores(seen)
    out = []
    for song in range(round_songs):
        # the round's other songs are still to count whichever comes first (Rock in the
        # Belt plays two at once): counting only the later ones rated every result of
        # the second song as lost when the setlist had no song to spare
        left_after = seen.songs_after + (round_songs - 1) + plan
        if venue.rule_id == "entropy_chain":
            fails_left = (V.max_fails(venue) or 0) - counts[FAIL]
            fail = (
                data.get("entropy_fail_value", seen.players, seen.venue.id)
                if fails_left > 0
                else 0.0
            )
            out.append({FAIL: fail, OP: 1.0, LOUD: 1.0})
            continue
        if V.recycles(venue):
            need = max(0, goal(venue.targets.get(OP))[0] - counts[OP])
            land = data.get("aim_on_point", seen.players, seen.venue.id)
            decay = data.get("recycle_decay", seen.players, seen.venue.id)
            rate = land / (1 - decay * (1 - land))
            out.append(
                {
                    OP: rate ** max(0, need - 1),
                    FAIL: decay * rate**need,
                    LOUD: decay * rate**need,
                }
            )
            continue
        out.append(_song_utility(seen, song, left_after, counts))
    return out


def _song_utility(seen: Seen, song: int, left_after: int, counts: Counter) -> dict[str, float]:
    """result -> chance to still win when ``left_after`` songs follow this one."""
    venue = seen.venue
    position = len(seen.results)
    last = seen.results[-1][1] if seen.results else None
    difficulty = seen.songs[song][0]
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
    return utility


def short_utilities(seen: Seen, plan: int) -> list[tuple[dict[str, float], ...]]:
    """Per song of the round, while ``plan`` Encores are needed: the result utilities
    when the song brings ``e`` < ``plan`` of them (``e`` 1s played on it; none on a
    FAIL), the others left to the songs after it, each of which brings one with
    ``encore_later_chance`` (:mod:`.data`).  :func:`result_utilities` counts every
    planned Encore as sure, so a 1 was worth nothing beside a small bonus, and the
    band ended Red Rocks without its Encore."""
    chance = data.get("encore_later_chance", seen.players, seen.venue.id)
    if plan <= 0 or chance >= 1.0 or V.auto_encores(seen.venue):
        return [() for _ in seen.songs]
    counts = Counter(result for _, result in seen.results)
    round_songs = len(seen.songs)
    # the round's other songs and the later ones: songs to come that may bring a 1
    chances = seen.songs_after + round_songs - 1
    out = []
    for song in range(round_songs):
        per_e = []
        for e in range(plan):
            # how many of the plan - e missing Encores the later songs bring
            missing = plan - e
            weights = [0.0] * (missing + 1)
            for k in range(chances + 1):
                p = math.comb(chances, k) * chance**k * (1 - chance) ** (chances - k)
                weights[min(k, missing)] += p
            utility = dict.fromkeys(RESULTS, 0.0)
            for j, weight in enumerate(weights):
                if weight <= 0:
                    continue
                at = _song_utility(seen, song, chances + e + j, counts)
                for result in RESULTS:
                    utility[result] += weight * at[result]
            per_e.append(utility)
        fail = per_e[0][FAIL]  # a FAIL brings no Encore
        for utility in per_e:
            utility[FAIL] = fail
        out.append(tuple(per_e))
    return out


data.on_change(win_chance.cache_clear)
