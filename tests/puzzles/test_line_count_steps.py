"""The line count's own stepping against the search's: the rounds it offers from a
position, their order and "lost at once" flags, and every position it steps to, on
random positions of every venue at 2-4 seats; and whole grade reports on late positions
against brute force (every round of the line: its plays and how many keep it winnable)."""

from __future__ import annotations

import math
import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from puzzle_brute import brute, late_position

from services.beat import GAME
from services.beat import venues as V
from solver.beat import grade as G
from solver.beat import lines as L
from solver.beat import search, sim

_RANK = {V.ON_POINT: 0, V.LOUD: 1, V.FAIL: 2}


def _reference_children(spec, s0, rot, allow=None) -> list[tuple[dict, bool]]:
    """The rounds from ``s0`` in the count's order, each with whether its song results
    alone lose the venue: written out from the search's own functions, one round at a
    time."""
    need_fail = spec.venue.rule_id in ("solo_pass", "first_songs_fail")
    scored = []
    for i, dec in enumerate(search.decisions(spec, s0, None, False, rot, True)):
        if allow is not None and not allow(dec):
            continue
        res = sim.resolve(spec, s0, dec)
        broken = search.broken_songs(spec, s0, dec)
        if broken and all(res[j] == V.FAIL for j in broken):
            continue
        for j in broken:
            res[j] = V.FAIL
        songs = sim.round_songs(spec, s0)
        results = s0.results + tuple(
            (d, x)
            for (d, _), x in zip(songs, res, strict=True)
            if not (V.recycles(spec.venue) and x != V.ON_POINT)
        )
        lost = bool(sim.breaks(spec.venue.id, results, s0.setlist_total))
        r = sum(_RANK[x] for x in res)
        scored.append(((-r if need_fail else r), -dec.get("encores", 0), i, dec, lost))
    scored.sort(key=lambda t: t[:3])
    return [(dec, lost) for *_, dec, lost in scored]


def _position(venue: int, players: int, seed: int, rounds: int):
    """A deal of ``venue`` played ``rounds`` rounds along rounds picked at random among
    those that do not lose at once (None when it ends before)."""
    state = GAME.new(players, {"venue": V.get_venue(venue).id, "mode": "puzzle"}, seed)
    spec, s0, rot = L.start(state)
    rng = random.Random(seed)
    counter = L.Counter(spec)
    for _ in range(rounds):
        kids = [d for d, lost in counter._children(s0, rot) if not lost]
        if not kids:
            return None
        dec = rng.choice(kids)
        s0, rot = counter.step(s0, dec), search.rotate(rot, dec, players)
        if s0.status != "running":
            return None
    return spec, s0, rot, counter


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    venue=st.integers(1, len(V.load_venues())),
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    rounds=st.integers(0, 9),
)
def test_the_count_offers_and_steps_rounds_as_the_search_does(venue, players, seed, rounds):
    pos = _position(venue, players, seed, rounds)
    assume(pos is not None)
    # the counter that walked there: the seats' options it met on the way are reused
    spec, s0, rot, counter = pos
    want = _reference_children(spec, s0, rot)
    # a large round set is checked on a spread of its rounds (4-seat rounds run to
    # thousands), all of them for the order and the flags
    assert counter._children(s0, rot) == want
    node = L._Node(counter, s0, rot)
    # the count's own walk leaves out the rounds lost at once, and nothing else
    walked = L._Node(counter, s0, rot, with_lost=False).entries
    assert walked == [e for e in node.entries if not e[L._LOST]]
    picked = range(0, len(node.entries), max(1, len(node.entries) // 150))
    for j in picked:
        e = node.entries[j]
        dec = node.decision(e)
        nxt, r = node.child(e)
        assert nxt == search.step(spec, s0, dec, check=False), dec
        assert r == search.rotate(rot, dec, spec.players)
        # what the count reads without stepping: the status, the bound, the memo key
        seen = node.peek(e)
        if seen is None:
            continue
        if nxt.status == "won":
            assert seen == L.WON
        elif nxt.status == "lost" or search.hopeless(spec, nxt):
            assert seen == L.LOST
        else:
            assert seen == search.memo_key(spec, nxt, r, True)


def test_a_filtered_count_offers_the_rounds_its_filter_lets_through():
    pos = _position(1, 3, 5, 0)
    assert pos is not None
    spec, s0, rot, _ = pos

    def allow(d):
        return not any(p.get("solo") for p in d["plays"]) and not d["encores"]

    got = L.Counter(spec, allow=allow)._children(s0, rot)
    assert got == _reference_children(spec, s0, rot, allow)
    assert 0 < len(got) < len(_reference_children(spec, s0, rot))


def _brute_rounds(spec, s0, rot, line):
    """Per round of ``line``: the rounds offered and how many of them keep the venue
    winnable, by brute force."""
    out = []
    for dec in line:
        kids = [d for d, _ in _reference_children(spec, s0, rot)]
        keep = 0
        for d in kids:
            nxt = search.step(spec, s0, d, check=False)
            keep += brute(spec, nxt, search.rotate(rot, d, spec.players)) > 0
        out.append((len(kids), keep))
        s0, rot = search.step(spec, s0, dec, check=False), search.rotate(rot, dec, spec.players)
    return out


CASES = [
    ("garage", 3, 3),
    ("twin_moon", 0, 3),
    ("red_rocks", 1, 3),
    ("roswell", 2, 2),
    ("comeback_comet", 1, 3),
    ("rusty_airlock", 0, 3),
    ("jupiter", 0, 2),
    ("neverending", 1, 2),
]


def test_grade_reports_of_late_positions_agree_with_brute_force():
    checked = 0
    for venue, seed, left in CASES:
        state = late_position(venue, seed, left)
        spec, s0, rot = L.start(state)
        n = brute(spec, s0, rot)
        rep = G.report(state)
        assert rep["winnable"] == (n > 0), venue
        if not n:
            continue
        assert rep["lines"] == min(n, G.CAP) and rep["lines_exact"] == (n < G.CAP)
        truth = _brute_rounds(spec, s0, rot, rep["line"])
        for r, (plays, keep) in zip(rep["rounds"], truth, strict=True):
            assert r["plays"] == plays, venue
            if r["exact"]:
                assert r["keep"] == keep, venue
                checked += 1
        if all(r["exact"] for r in rep["rounds"]):
            nar = sum(math.log10(p / k) for p, k in truth)
            assert rep["narrowness"] == round(nar, 2)
            tier = spec.venue.tier
            assert rep["grade"] == G.grade_from(rep["narrowness"], n == 1, tier)
    assert checked >= len(CASES)
