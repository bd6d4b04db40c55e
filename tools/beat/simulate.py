"""A greedy perfect-information band, used to calibrate the song difficulties.

It sees every card (an upper bound on what a live band can do), plays each song
with the joint play that best serves the venue's remaining targets, and takes an
Encore when the targets still need songs.  ``python -m tools.beat.simulate``
prints the win rate per venue and player count (see docs/games/beat.md).
"""

from __future__ import annotations

import argparse
import itertools
from typing import Any

from services.beat import GAME
from services.beat import cards as C
from services.beat import engine as E
from services.beat import venues as V
from services.beat.events import Play
from services.beat.rounds import resolve_song


def _needs(v: V.Venue, rec: dict[str, Any]) -> dict[str, int]:
    c = V.counts(rec)
    out = {}
    for k in (V.ON_POINT, V.LOUD):
        t = v.targets.get(k, {})
        goal = t.get("min", t.get("exact", 0))
        out[k] = max(0, goal - c[k])
    return out


def _over_exact(v: V.Venue, rec: dict[str, Any], result: str) -> bool:
    """Whether one more ``result`` would overshoot an exact (or max) target."""
    t = v.targets.get(result, {})
    cap = t.get("exact", t.get("max"))
    return cap is not None and V.counts(rec)[result] >= cap


def _forced(v: V.Venue, pos: int, left: int, difficulty: int) -> str | None:
    """The result a venue rule demands of the song at (1-based) position ``pos``."""
    rid = v.rule_id
    if rid == "odd_songs_loud" and pos % 2 == 1:
        return V.LOUD
    if rid == "first_songs_fail" and pos <= v.rule["count"]:
        return V.FAIL
    if rid == "even_songs_on_point" and difficulty % 2 == 0:
        return V.ON_POINT
    if rid in ("recycle", "visible_setlist"):
        return V.ON_POINT
    if rid == "solo_pass":
        return V.FAIL
    if rid == "last_songs_on_point" and left <= v.rule["count"]:
        return V.ON_POINT
    if rid == "last_song_loud" and left == 1:
        return V.LOUD
    return None


def _score(v: V.Venue, state: dict[str, Any], rec: dict[str, Any], combo, results) -> float:
    score = 0.0
    new_rec = rec
    songs_left = len(state["song_deck"]) + len(state["current"])
    for i, r in enumerate(results):
        pos = len(new_rec["results"]) + 1 + i
        want = _forced(v, pos, songs_left - i, r.difficulty)
        needs = _needs(v, rec)
        if want is not None:
            score += 50 if r.result == want else -50
        elif r.result == V.FAIL:
            score -= 8
        elif _over_exact(v, rec, r.result):
            score -= 40
        else:
            score += 10 * min(needs[r.result], 2) + 1
    values = [C.value(c) for _, c, _ in combo]
    score -= 0.4 * sum(values)
    if v.rule_id == "full_range":
        for seat, c, _ in combo:
            staged = {C.value(x) for x in state["seats"][seat]["stage"]}
            score += 4 if C.value(c) not in staged else -2
    if v.rule_id == "entropy_chain":
        score += 6 * values.count(1)
    if v.rule_id == "must_play_solo" and any(solo for _, _, solo in combo):
        score += 6
    return score


def _candidates(state: dict[str, Any]):
    """Joint plays: per seat one card per song, plus an optional Solo extra card."""
    v = E.venue_of(state)
    nsongs = len(state["current"])
    per_seat = []
    for seat, s in enumerate(state["seats"]):
        options = []
        hand = s["hand"]
        for cards in itertools.permutations(hand, s["need"]):
            base = [(seat, c, False, i) for i, c in enumerate(cards)]
            options.append(base)
            solo_ok = seat == state["solo_seat"] and not state["solo_used"]
            if solo_ok and V.solo_extra_card(v):
                for c in hand:
                    if c not in cards:
                        options.append(base + [(seat, c, True, 0)])
            if solo_ok and V.solo_pass(v) and cards:
                options.append([("pass", seat)])
        if not options:
            options = [[]]
        # same value -> same effect: keep one option per value signature
        uniq = {}
        for o in options:
            key = tuple((x[2], x[3], C.value(x[1])) if x[0] != "pass" else ("pass",) for x in o)
            uniq.setdefault(key, o)
        per_seat.append(list(uniq.values()))
    del nsongs
    return itertools.product(*per_seat)


def _quick_round(v: V.Venue, songs, per_song, rec):
    """resolve_round without the record copy (the simulator calls it thousands of times)."""
    results = []
    res = list(rec["results"])
    for (difficulty, evs), plays in zip(songs, per_song):
        prev = res[-1]["result"] if res else None
        r = resolve_song(v, difficulty, evs, plays, prev)
        results.append(r)
        if not r.recycled:
            res.append({"difficulty": difficulty, "result": r.result})
    lost = V.breaks(v, {**rec, "results": res})
    return results, lost


def choose(state: dict[str, Any]) -> list[list[tuple]]:
    v = E.venue_of(state)
    rec = E.record_of(state)
    songs = [(c["difficulty"], c["events"]) for c in state["current"]]
    best, best_score = None, None
    for joint in _candidates(state):
        per_song: list[list[Play]] = [[] for _ in songs]
        combo = []
        for opts in joint:
            for x in opts:
                if x[0] == "pass":
                    continue
                seat, card, solo, song = x
                per_song[song].append(Play(seat=seat, value=C.value(card), solo=solo, card=card))
                combo.append((seat, card, solo))
        results, lost = _quick_round(v, songs, per_song, rec)
        sc = _score(v, state, rec, combo, results) - (1000 if lost else 0)
        if best_score is None or sc > best_score:
            best, best_score = joint, sc
    return [list(o) for o in best]


def _act(state, seat, action):
    state, _ = GAME.apply(state, seat, action)
    return state


def play_round(state: dict[str, Any]) -> dict[str, Any]:
    joint = choose(state)
    order = list(range(state["players"]))
    if E.turn_seat(state) is not None:
        order = [(state["lead"] + i) % state["players"] for i in order]
    rnd = state["round"]
    for seat in order:
        for x in joint[seat]:
            if x[0] == "pass":
                state = _act(state, seat, {"type": "solo_pass"})
                break
            _, card, solo, song = x
            s = state["seats"][seat]
            act: dict[str, Any] = {"type": "solo" if solo else "play", "song": song}
            if card in s["flipped"]:
                act["hidden"] = s["flipped"].index(card)
            else:
                act["card"] = card
            state = _act(state, seat, act)
        if state["round"] == rnd and state["phase"] == "play" and not state["seats"][seat]["ready"]:
            state = _act(state, seat, {"type": "ready"})
    return state


def want_encore(state: dict[str, Any]) -> bool:
    v = E.venue_of(state)
    rid = v.rule_id
    if rid == "recycle":
        return False
    if rid == "exact_total_songs":
        return state["setlist_total"] < v.rule["total"]
    if rid in ("entropy_chain", "encore_required"):
        return True
    needs = _needs(v, E.record_of(state))
    return sum(needs.values()) > len(state["song_deck"])


def play_venue(players: int, venue: str, seed: int) -> bool:
    state = GAME.new(players, {"venue": venue}, seed)
    while GAME.outcome(state) is None:
        if state["phase"] == "encore":
            seat = state["pending_encores"][0]["seat"]
            state = _act(state, seat, {"type": "encore", "take": want_encore(state)})
        else:
            state = play_round(state)
    return bool(GAME.outcome(state)["won"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    ap.add_argument("--venues", nargs="*", default=None)
    args = ap.parse_args()
    for v in V.load_venues():
        if args.venues and v.id not in args.venues:
            continue
        rates = []
        for n in args.players:
            wins = sum(play_venue(n, v.id, seed) for seed in range(args.deals))
            rates.append(f"{n}p {100 * wins // args.deals:3d}%")
        print(f"{v.number:2d} {v.id:18s} {v.tier:8s} " + "  ".join(rates), flush=True)


if __name__ == "__main__":
    main()
