"""The blueprint's Encore decision, from public facts only."""

from __future__ import annotations

from collections import Counter

from services.beat import venues as V
from solver.beat.blueprint import data
from solver.beat.blueprint.result_value import FAIL, LOUD, OP, goal, playable_songs, win_chance

# An Encore beyond the songs the targets need is taken when the result model's chance
# to win gains more than ``extra_encore_margin`` (:mod:`.data`) with one more song: a
# setlist with no room for a miss (Rock in the Belt needs all 7 songs right with one
# Encore) is otherwise lost at the first miss.  A smaller margin takes Encores that do
# not pay.


def take_encore(
    venue: V.Venue,
    results: tuple[tuple[int | None, str], ...],
    songs_left: int,
    setlist_total: int,
    encores_taken: int,
    encore_left: int,
    players: int | None = None,
) -> bool:
    """Whether to take an Encore: while the targets need more songs than are left;
    with ``players`` given, also when the result model rates the venue clearly more
    winnable with one more song (a setlist with no room for a miss)."""
    if encore_left <= 0:
        return False
    rule = venue.rule_id
    if rule in ("recycle", "solo_pass") or V.auto_encores(venue) and rule != "entropy_chain":
        return False
    if rule == "entropy_chain":
        return True
    if setlist_total >= playable_songs(venue):
        return False
    if rule == "exact_total_songs":
        return setlist_total < venue.rule["total"]
    if rule == "encore_required" and encores_taken == 0:
        return True
    counts = Counter(result for _, result in results)
    need = sum(
        max(0, goal(venue.targets.get(result))[0] - counts[result]) for result in (OP, LOUD, FAIL)
    )
    if need > songs_left:
        return True
    if players is None:
        return False
    last = results[-1][1] if results else None
    at = (venue.id, counts[OP], counts[LOUD], counts[FAIL])
    now = win_chance(*at, songs_left, len(results), last, players)
    more = win_chance(*at, songs_left + 1, len(results), last, players)
    return more > now + data.get("extra_encore_margin", players, venue.id)
