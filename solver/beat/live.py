"""Live-mode hints: single-seat search on top of the blueprint (compare Hanabi's SPARTA).

Only ``GAME.view(state, seat)`` is read. The candidates are the blueprint's best moves
for the seat (cards, with and without the convention's signal; the Solo's extra card;
the Scrapyard pass; one blind play of Burning Star's unseen cards), or take/decline at
an Encore. Each sample is one deal consistent with the view (:mod:`solver.beat.sample`),
weighted by how well the blueprint explains what the bandmates played this round
(:func:`believed_state`; their face-down cards are the blueprint's picks). In that deal
every candidate is played, then the venue is rolled out to its end with every seat
following the blueprint, each seat deciding only from its own information in the sampled
world (:mod:`solver.beat.blueprint`), on the fast replay :mod:`solver.beat.sim`. All
candidates see the same samples (common random numbers). The estimate of a candidate is
the share of samples its rollout wins: the win share of a band that plays this move and
then follows the blueprint -- neither an upper bound nor the chance of a band that
follows the hints (which search again at every decision).

The clock is read between samples, and between the candidates of a sample: a sample
the budget cuts short is dropped (candidates stay paired); the answer is the best
candidate so far, the blueprint's move when not even one sample fitted.  The sample
RNG is seeded from the view, so the same view and the same number of samples give the
same hint.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from services.beat import GAME
from services.beat import cards as C
from services.beat import venues as V
from services.beat.songs import songs_for
from services.core import RulesError
from solver.beat import blueprint as B
from solver.beat import breaks, sample, search, sim

TOP_K = 4
MIN_GAIN = 2
#: how many standard deviations of a sign test a candidate's paired gain over the
#: blueprint's move must exceed: one gains more deals than two at 2, 3 and 4 seats when each
#: pick is played in the real deal with every seat then following the blueprint
#: (``benchmarks/beat_hint_decisions.py``, ``docs/solver.md``)
DEVIATE_Z = 1.0
BUDGET_SHARE = 0.85
#: what a rollout or a rebuilt decision may raise where the replay refuses a sampled deal:
#: counted (a loss, or no evidence), never a crash
REFUSALS = (RulesError, sim.IllegalDecision, ValueError, KeyError, IndexError)


# -- seats' information from a state or a view -------------------------------------


def _signal(p: dict[str, Any]) -> B.Signal:
    sig = B.Signal(song=p["song"], solo=p["solo"])
    # a Burning Star card played blind: its bandmates saw its face in the player's hand
    if (p["face_up"] or p.get("hidden")) and p["card"]:
        sig.exact = C.value(p["card"])
    elif p["cue"]:
        cv = C.value(p["cue"]["cue_card"])
        if p["cue"]["direction"] == "higher":
            sig.above = cv
        else:
            sig.below = cv
    return sig


def band_order(players: int, lead: int) -> list[int]:
    return [(lead + i) % players for i in range(players)]


def seen_of(d: dict[str, Any], seat: int, is_view: bool) -> B.Seen:
    """A seat's :class:`~solver.beat.blueprint.Seen` from its view, or from a full state
    (a sampled deal) read only where the seat may look."""
    v = V.get_venue(d["venue"]["id"] if is_view else d["venue"])
    n = d["players"]
    seats = d["seats"]
    me = seats[seat]
    # Burning Star: flipped cards are not the seat's to see or name (an open view lists them)
    unseen = me.get("flipped") or ()
    hand = tuple(c for c in me["hand"] if c not in unseen)
    hide = V.hidden_setlist(v) and seat != d["solo_seat"]
    songs = []
    for c in d["current"]:
        evs = tuple(e["id"] if isinstance(e, dict) else e for e in c["events"])
        songs.append((None if hide else c["difficulty"], evs))
    results = tuple(
        (None if hide else r["difficulty"], r["result"]) for r in d["results"] if not r["recycled"]
    )
    count = (lambda key: d[key]["count"]) if is_view else (lambda key: len(d[key]))
    hand_counts = tuple((s["hand_count"] if is_view else len(s["hand"])) for s in seats)
    signals: dict[int, list[B.Signal]] = {}
    for j, s in enumerate(seats):
        if j != seat and s["played"]:
            signals[j] = [_signal(p) for p in s["played"]]
    flagged = [(p["song"], bool(p["face_up"]), bool(p["cue"])) for s in seats for p in s["played"]]
    order = band_order(n, d["lead"])
    later = tuple(
        j
        for j in order
        if j != seat and not seats[j]["played"] and seats[j]["need"] > 0 and not seats[j]["ready"]
    )
    return B.Seen(
        venue=v,
        players=n,
        seat=seat,
        hand=hand,
        songs=songs,
        results=results,
        songs_after=count("song_deck"),
        encore_left=count("encore_deck"),
        setlist_total=d["setlist_total"],
        encores_taken=d["encores_taken"],
        solo_seat=d["solo_seat"],
        solo_used=d["solo_used"],
        stages=tuple(tuple(s["stage"]) for s in seats),
        rotated=frozenset(me["rotated"]),
        hand_counts=hand_counts,
        signals=signals,
        later=later,
        difficulty_pool=tuple(songs_for(n)) if hide else (),
        need=me["need"],
        broken=_broken(songs, flagged),
        rotated_by_seat=tuple(frozenset(s["rotated"]) for s in seats),
        unseen_by_seat=tuple(
            () if j == seat else tuple(s.get("flipped") or ()) for j, s in enumerate(seats)
        ),
    )


def _broken(
    songs: list[tuple[int | None, tuple[str, ...]]], flagged: list[tuple[int, bool, bool]]
) -> frozenset[int]:
    """The songs a played Face Up or Cue breaks (``flagged``: song, face up, cued)."""
    out = set()
    for song, face_up, cued in flagged:
        if song < len(songs) and (face_up or cued):
            forbidden = breaks.flags_breaking(songs[song][1])
            if (face_up and breaks.FACE_UP in forbidden) or (cued and breaks.CUE in forbidden):
                out.add(song)
    return frozenset(out)


# -- the rollout: every seat follows the blueprint ------------------------------------


@dataclass
class Round:
    """Bookkeeping of one round in a rollout."""

    songs: list[tuple[int, tuple[str, ...]]]
    plays: list[dict[str, Any]] = field(default_factory=list)
    signals: dict[int, list[B.Signal]] = field(default_factory=dict)
    played: set[int] = field(default_factory=set)
    solo_pass: bool = False


def encore_take(view: dict[str, Any], seat: int) -> bool:
    """The blueprint's Encore decision for ``seat``, from its view alone."""
    seen = seen_of(view, seat, True)
    return B.take_encore(
        seen.venue,
        seen.results,
        seen.songs_after,
        seen.setlist_total,
        seen.encores_taken,
        seen.encore_left,
        seen.players,
    )


def _sim_seen(
    spec: sim.Spec,
    st: sim.State,
    rnd: Round,
    seat: int,
    later: tuple[int, ...],
    rotated,
    flipped: list[list[str]] | None = None,
) -> B.Seen:
    v = spec.venue
    n = spec.players
    hide = V.hidden_setlist(v) and seat != spec.solo
    mine = {p["card"] for p in rnd.plays if p["seat"] == seat}
    used_now = [sum(1 for p in rnd.plays if p["seat"] == j) for j in range(n)]
    # Burning Star: the seat's flipped cards are in its hand but not in what it sees; its
    # bandmates' flipped cards it does see
    unseen = flipped[seat] if flipped else ()
    hand = tuple(c for c in st.hands[seat] if c not in mine and c not in unseen)
    k = len(rnd.songs)
    flagged = [
        (p["song"], bool(p.get("face_up")), bool(p.get("cue")))
        for p in rnd.plays
        if p.get("face_up") or p.get("cue")
    ]
    return B.Seen(
        venue=v,
        players=n,
        seat=seat,
        hand=hand,
        songs=[(None if hide else d, evs) for d, evs in rnd.songs],
        results=tuple((None, r) for _, r in st.results) if hide else st.results,
        songs_after=len(st.queue) - k,
        encore_left=len(spec.encores) - st.enc,
        setlist_total=st.setlist_total,
        encores_taken=st.encores_taken,
        solo_seat=spec.solo,
        solo_used=st.solo_used or any(p.get("solo") for p in rnd.plays) or rnd.solo_pass,
        stages=st.stages,
        rotated=frozenset(rotated[seat]),
        hand_counts=tuple(len(st.hands[j]) - used_now[j] for j in range(n)),
        signals={j: s for j, s in rnd.signals.items() if j != seat},
        later=later,
        difficulty_pool=tuple(songs_for(n)) if hide else (),
        need=min(k, len(st.hands[seat])),
        broken=_broken(rnd.songs, flagged) if flagged else frozenset(),
        rotated_by_seat=tuple(frozenset(r) for r in rotated),
        unseen_by_seat=tuple(() if j == seat else tuple(f) for j, f in enumerate(flipped))
        if flipped
        else (),
    )


def _commit(
    rnd: Round, seat: int, ch: B.Choice, rotated: list[set[str]], unseen: Sequence[str] = ()
) -> None:
    """Add the seat's move to the round (``unseen``: its flipped cards, each played one
    known to its bandmates as a Face Up card is)."""
    rnd.played.add(seat)
    if ch.solo_pass:
        rnd.solo_pass = True
        return
    sigs = []
    for card, song, solo in ch.plays:
        p: dict[str, Any] = {"seat": seat, "card": card, "song": song}
        if solo:
            p["solo"] = True
        # the flags go with the play: a Face Up or a Cue an event forbids FAILs its song
        if ch.face_up == card:
            p["face_up"] = True
        if ch.cue and ch.cue[0] == card:
            p["cue"] = ch.cue[1]
        if ch.tune and ch.tune[0] == card:
            p["tune"] = ch.tune[2]
            rotated[seat].add(ch.tune[1])
        rnd.plays.append(p)
        sig = B.Signal(song=song, solo=solo)
        if ch.face_up == card or card in unseen:
            sig.exact = sim.VALUE[card]
        elif ch.cue and ch.cue[0] == card:
            rotated[seat].add(ch.cue[1])
            cv = sim.VALUE[ch.cue[1]]
            if ch.cue[2] == "higher":
                sig.above = cv
            else:
                sig.below = cv
        sigs.append(sig)
    rnd.signals[seat] = sigs


def _encores_wanted(spec: sim.Spec, st: sim.State, rnd: Round, results: list[str]) -> int:
    """How many of the round's optional Encores the blueprint takes."""
    v = spec.venue
    ones = sum(
        1
        for i, r in enumerate(results)
        if r != V.FAIL
        for p in rnd.plays
        if p.get("song", 0) == i and sim.VALUE[p["card"]] == 1
    )
    if not ones or not V.encores_allowed(v):
        return 0
    recs = st.results + tuple(
        (d, r)
        for (d, _), r in zip(rnd.songs, results, strict=True)
        if not (V.recycles(v) and r != V.ON_POINT)
    )
    auto = sum(1 for r in results if r != V.FAIL) if V.auto_encores(v) else 0
    left = len(st.queue) - len(rnd.songs) + auto
    taken = 0
    enc_left = len(spec.encores) - st.enc - auto
    while taken < ones and B.take_encore(
        v,
        recs,
        left + taken,
        st.setlist_total + auto + taken,
        st.encores_taken + taken,
        enc_left - taken,
        spec.players,
    ):
        taken += 1
    return taken


def flipped_of(state: dict[str, Any]) -> list[list[str]] | None:
    """Every seat's flipped cards (Burning Star), in the engine's order; None where the
    venue flips none.  A rollout keeps them as the engine does (:func:`_reflip`)."""
    if not V.hidden_count(V.get_venue(state["venue"])):
        return None
    return [list(s["flipped"]) for s in state["seats"]]


def _uncovered(seen: B.Seen, ch: B.Choice) -> list[int]:
    """The songs the seat must play on that the choice's visible cards do not cover
    (Burning Star: it holds only cards it cannot see); none after a Solo pass."""
    if ch.solo_pass:
        return []
    covered = {song for _, song, solo in ch.plays if not solo}
    return [song for song in range(seen.need) if song not in covered]


def _blind(seen: B.Seen, ch: B.Choice, unseen: Sequence[str]) -> B.Choice:
    """The blueprint's choice with a flipped card on each song :func:`_uncovered`: the
    first flipped card, whose value the seat cannot know."""
    if not unseen:
        return ch
    blind = list(zip(unseen, _uncovered(seen, ch), strict=False))
    if not blind:
        return ch
    return replace(ch, plays=[*ch.plays, *((card, song, False) for card, song in blind)])


def _reflip(spec: sim.Spec, st: sim.State, nxt: sim.State, flipped: list[list[str]]) -> None:
    """Burning Star after a round, as the engine's clean-up: a played (or staged) flipped
    card leaves the flipped ones, and the cards drawn next are flipped, in draw order,
    until the seat holds the venue's count again."""
    count = V.hidden_count(spec.venue)
    for seat, hidden in enumerate(flipped):
        held = set(nxt.hands[seat])
        hidden[:] = [c for c in hidden if c in held]
        for card in spec.draws[seat][st.ptr[seat] : nxt.ptr[seat]]:
            if len(hidden) >= count:
                break
            hidden.append(card)


def _play_round(
    spec: sim.Spec,
    st: sim.State,
    rnd: Round,
    order: list[int],
    rotated: list[set[str]],
    flipped: list[list[str]] | None = None,
) -> sim.State:
    todo = [j for j in order if j not in rnd.played and st.hands[j]]
    if rnd.solo_pass:
        todo = [j for j in todo if j != spec.solo]
    for idx, seat in enumerate(todo):
        seen = _sim_seen(spec, st, rnd, seat, tuple(todo[idx + 1 :]), rotated, flipped)
        unseen = flipped[seat] if flipped else ()
        _commit(rnd, seat, _blind(seen, B.choose(seen), unseen), rotated, unseen)
    dec: dict[str, Any] = {"plays": rnd.plays}
    if rnd.solo_pass:
        dec["solo_pass"] = True
    if V.encores_allowed(spec.venue) and any(sim.VALUE[p["card"]] == 1 for p in rnd.plays):
        # an optional Encore needs a 1 played: only then are the results read twice
        broken = search.broken_songs(spec, st, dec)
        results = [V.FAIL if i in broken else r for i, r in enumerate(sim.resolve(spec, st, dec))]
        dec["encores"] = _encores_wanted(spec, st, rnd, results)
    nxt = search.step(spec, st, dec, check=False)
    if flipped:
        _reflip(spec, st, nxt, flipped)
    return nxt


def rollout(
    spec: sim.Spec,
    st: sim.State,
    rnd: Round | None,
    lead: int,
    rotated: list[set[str]],
    flipped: list[list[str]] | None = None,
) -> bool:
    """Play the venue to its end with the blueprint; True when the band wins
    (``flipped``: :func:`flipped_of` the deal, kept up to date in place, as ``rotated``)."""
    n = spec.players
    first = True
    while st.status == "running":
        if rnd is None or not first:
            if not first:
                lead = (lead + 1) % n
            rnd = Round(songs=sim.round_songs(spec, st))
        first = False
        st = _play_round(spec, st, rnd, band_order(n, lead), rotated, flipped)
        rnd = None
    return st.status == "won"


def replay_band(state: dict[str, Any]) -> bool:
    """Whether the blueprint band wins from ``state`` (at a round's start) on the fast
    replay: the blueprint band of the tuner, the benchmarks and the tests."""
    spec, st, _, _ = sim.from_engine(state)
    rotated = [set(s["rotated"]) for s in state["seats"]]
    return rollout(spec, st, None, state["lead"], rotated, flipped_of(state))


# -- candidates ------------------------------------------------------------------------


@dataclass
class Candidate:
    """A move of the asking seat: engine actions and, per sampled deal, its round effect."""

    actions: list[dict[str, Any]]
    choice: B.Choice | None = None  # for card plays (ids valid in every sample)
    hidden: list[tuple[int, int, bool]] | None = None  # Burning Star: (index, song, solo)
    encore: bool | None = None
    ready_only: bool = False


def _play_actions(ch: B.Choice, many: bool, ready: bool = True) -> list[dict[str, Any]]:
    acts: list[dict[str, Any]] = []
    if ch.solo_pass:
        return [{"type": "solo_pass"}]
    for card, song, solo in sorted(ch.plays, key=lambda p: p[2]):
        a: dict[str, Any] = {"type": "solo" if solo else "play", "card": card}
        if ch.face_up == card:
            a["face_up"] = True
        if many or solo:
            a["song"] = song
        acts.append(a)
    if ch.cue:
        acts.append(
            {"type": "cue", "card": ch.cue[0], "cue_card": ch.cue[1], "direction": ch.cue[2]}
        )
    if ch.tune:
        acts.append(
            {"type": "tune", "card": ch.tune[0], "cue_card": ch.tune[1], "delta": ch.tune[2]}
        )
    if ready:
        acts.append({"type": "ready"})
    return acts


def blueprint_turn(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The blueprint's whole turn for ``seat`` from its view, at the start of its play:
    its cards, signal and ``ready``, and (Burning Star) a flipped card on each song its
    visible cards do not cover, as a rollout plays it (:func:`_blind`)."""
    seen = seen_of(view, seat, True)
    ch = B.choose(seen)
    many = len(view["current"]) > 1
    acts = _play_actions(ch, many)
    blind = _uncovered(seen, ch)[: view["seats"][seat]["hidden_count"]]
    if not blind:
        return acts
    # the first flipped card each time: after one is played the next is first
    plays = [{"type": "play", "hidden": 0, **({"song": song} if many else {})} for song in blind]
    return acts[:-1] + plays + acts[-1:]


def _legal_sequence(state: dict[str, Any], seat: int, acts: list[dict[str, Any]]) -> bool:
    st = state
    try:
        for a in acts:
            if st["status"] != "running":
                return True
            st, _ = GAME.apply(st, seat, a)
    except RulesError:
        return False
    return True


def _play_candidates(state: dict[str, Any], view: dict[str, Any], seat: int) -> list[Candidate]:
    seen = seen_of(view, seat, True)
    many = len(view["current"]) > 1
    out: list[Candidate] = []
    keys = set()
    for ch in B.options(seen)[:TOP_K]:
        for signal in (True, False):
            full = B.with_signal(seen, ch, signal)
            key = (full.key(), tuple(_play_actions(full, many)[0].items()))
            if key in keys:
                continue
            keys.add(key)
            acts = _play_actions(full, many)
            if _legal_sequence(state, seat, acts):
                out.append(Candidate(actions=acts, choice=full))
    me = view["seats"][seat]
    if me["hidden_count"] and me["need"] > len([p for p in me["played"] if not p["solo"]]):
        # the seat's flipped cards are alike to it (drawn at random, none seen): one blind
        # play stands for them all, so no two of them differ by sampling noise alone
        acts = [{"type": "play", "hidden": 0}, {"type": "ready"}]
        if many:
            acts[0]["song"] = 0
        if _legal_sequence(state, seat, acts):
            out.append(Candidate(actions=acts, hidden=[(0, 0, False)]))
    return out


def _after_play_candidates(
    state: dict[str, Any], view: dict[str, Any], seat: int
) -> list[Candidate]:
    """The seat already played its card(s): the convention's signal, the Solo, ready."""
    seen = seen_of(view, seat, True)
    me = view["seats"][seat]
    pre: list[dict[str, Any]] = []
    main = [p for p in me["played"] if not p["solo"]]
    if main and not me["locked"] and main[0]["card"] and not main[0]["hidden"]:
        _, cue = B.signal_for(seen, main[0]["card"], main[0]["song"])
        if cue:
            pre.append({"type": "cue", "card": cue[0], "cue_card": cue[1], "direction": cue[2]})
    out = [Candidate(actions=pre + [{"type": "ready"}], ready_only=True)]
    solo_acts = [a for a in GAME.legal_actions(state, seat) if a["type"] == "solo" and "card" in a]
    seen_vals = set()
    for a in solo_acts:
        if a.get("face_up"):
            continue
        key = (C.value(a["card"]), a.get("song", 0))
        if key in seen_vals:
            continue
        seen_vals.add(key)
        ch = B.Choice(plays=[(a["card"], a.get("song", 0), True)])
        acts = pre + [a, {"type": "ready"}]
        if _legal_sequence(state, seat, acts):
            out.append(Candidate(actions=acts, choice=ch))
    return out


# -- belief: deals weighted by what the bandmates played this round --------------------

#: a sampled deal is kept with chance ``BELIEF_EPS ** misses``: ``misses`` counts the
#: bandmates whose plays this round the blueprint would not have made from their sampled
#: hands (rejection sampling of deals weighted by how well the blueprint explains what
#: the seat saw); at most ``BELIEF_TRIES`` deals are drawn for one sample, then the one
#: with the fewest misses is used.  Not zero: a bandmate may follow a hint that left
#: the blueprint, or be a person.
BELIEF_EPS = 0.1
BELIEF_TRIES = 12


def decision_state(sst: dict[str, Any], j: int) -> dict[str, Any]:
    """The deal as bandmate ``j`` saw it when it chose its play this round: its cards
    back in its hand and its Cue cards unused again, and so for every seat after it in
    the band's order (those before it had played and signalled)."""
    n = sst["players"]
    order = band_order(n, sst["lead"])
    before = set(order[: order.index(j)])
    seats = list(sst["seats"])
    solo_back = False
    solo = sst["solo_seat"]
    passed = (
        V.solo_pass(V.get_venue(sst["venue"]))
        and sst["solo_used"]
        and seats[solo]["need"] == 0
        and bool(seats[solo]["hand"])
        and not seats[solo]["played"]
        and bool(sst["current"])
    )
    if passed and solo not in before:  # the Scrapyard pass came after j's decision
        seats[solo] = {**seats[solo], "need": min(len(sst["current"]), len(seats[solo]["hand"]))}
        solo_back = True
    for x in range(n):
        s = seats[x]
        if x in before or not (s["played"] or s["ready"]):
            continue
        used = {p["cue"]["cue_card"] for p in s["played"] if p["cue"]}
        used |= {p["tune"]["cue_card"] for p in s["played"] if p["tune"]}
        solo_back = solo_back or any(p["solo"] for p in s["played"])
        seats[x] = {
            **s,
            "hand": list(s["hand"]) + [p["card"] for p in s["played"]],
            "played": [],
            "ready": False,
            "rotated": [c for c in s["rotated"] if c not in used],
        }
    out = {**sst, "seats": seats}
    if solo_back:
        out["solo_used"] = False
    return out


def _cue_of(ch: B.Choice, card: str) -> tuple[str, str] | None:
    return (ch.cue[1], ch.cue[2]) if ch.cue and ch.cue[0] == card else None


def explain(sst: dict[str, Any], seat: int) -> int:
    """Re-draw each bandmate's face-down card(s) this round as the blueprint's pick from
    its sampled hand when the blueprint would have made the plays the seat saw (the same
    slots, Face Up or not, the same Cue); returns how many bandmates' plays it would
    not have made.  Plays the blueprint never makes (Burning Star's unseen cards,
    Milkyway tunes) are no evidence.  Nothing the seat sees changes."""
    if sst["phase"] != "play":
        return 0
    misses = 0
    for j in band_order(sst["players"], sst["lead"]):
        s = sst["seats"][j]
        if j == seat or not s["played"] or any(p["hidden"] or p["tune"] for p in s["played"]):
            continue
        ch = B.choose(seen_of(decision_state(sst, j), j, False))
        mine = {(song, solo): card for card, song, solo in ch.plays}
        may_still_cue = not s["ready"] and not s["locked"]
        cards = []
        ok = not ch.solo_pass
        for p in s["played"]:
            card = mine.get((p["song"], p["solo"]))
            if card is None:
                ok = False
                break
            if p["face_up"]:
                ok = ok and ch.face_up == card and sim.VALUE[card] == sim.VALUE[p["card"]]
                cards.append(p["card"])
                continue
            cue = (p["cue"]["cue_card"], p["cue"]["direction"]) if p["cue"] else None
            given = _cue_of(ch, card)
            ok = ok and ch.face_up != card and (cue == given or (cue is None and may_still_cue))
            cards.append(card)
        if not ok:
            misses += 1
            continue
        old = [p["card"] for p in s["played"]]
        if cards == old or len(set(cards)) != len(cards):
            continue
        pool = list(s["hand"]) + old
        if not all(c in pool for c in cards):
            continue
        sst["seats"][j] = {
            **s,
            "hand": [c for c in pool if c not in cards],
            "played": [{**p, "card": c} for p, c in zip(s["played"], cards, strict=True)],
        }
    return misses


def believed_state(view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """One deal consistent with ``view``, drawn with weight ``BELIEF_EPS ** misses`` (see
    :func:`explain`): every hidden card -- bandmates' hands, their face-down plays, draw
    piles -- is weighted by how well it explains the bandmates' plays this round."""
    best: tuple[int, dict[str, Any]] | None = None
    for _ in range(BELIEF_TRIES):
        sst = sample.sampled_state(view, rng)
        try:
            misses = explain(sst, seat)
        except REFUSALS:
            misses = 0  # a decision the blueprint cannot rebuild is no evidence, never a crash
        if misses == 0 or rng.random() < BELIEF_EPS**misses:
            return sst
        if best is None or misses < best[0]:
            best = (misses, sst)
    assert best is not None
    return best[1]


# -- the search -------------------------------------------------------------------------


def _seed(view: dict[str, Any]) -> int:
    blob = json.dumps(view, sort_keys=True, default=str).encode()
    return int.from_bytes(hashlib.sha256(blob).digest()[:8], "big")


@dataclass(frozen=True)
class _Base:
    """What every candidate of one sampled deal starts from (read once per sample)."""

    spec: sim.Spec
    st: sim.State
    committed: tuple[dict[str, Any], ...]
    passed: bool
    played: frozenset[int]
    signals: tuple[tuple[int, tuple[B.Signal, ...]], ...]
    rotated: tuple[frozenset[str], ...]


def _base_of(sst: dict[str, Any], seat: int) -> _Base | None:
    """The round-start replay state of a sampled deal in its play phase (None at an
    Encore decision: those candidates step the engine first)."""
    if sst["phase"] != "play":
        return None
    spec, st_sim, committed, passed = sim.from_engine(sst)
    committed = _with_flags(sst, committed)
    played = set()
    signals = []
    for j, s in enumerate(sst["seats"]):
        if s["played"] or s["ready"] or (passed and j == spec.solo):
            played.add(j)
        if s["played"] and j != seat:
            signals.append((j, tuple(_signal(p) for p in s["played"])))
    return _Base(
        spec=spec,
        st=st_sim,
        committed=tuple(committed),
        passed=passed,
        played=frozenset(played),
        signals=tuple(signals),
        rotated=tuple(frozenset(s["rotated"]) for s in sst["seats"]),
    )


def _value_of(cand: Candidate, sst: dict[str, Any], seat: int, base: _Base | None = None) -> bool:
    """Play the candidate in the sampled deal, then roll out with the blueprint
    (``base``: the sample's :func:`_base_of`, shared by its candidates)."""
    if cand.encore is not None:
        st = sst
        try:
            st, _ = GAME.apply(st, seat, {"type": "encore", "take": cand.encore})
            while st["status"] == "running" and st["phase"] == "encore":
                pend = st["pending_encores"][0]
                take = B.take_encore(
                    V.get_venue(st["venue"]),
                    tuple(
                        (r["difficulty"], r["result"]) for r in st["results"] if not r["recycled"]
                    ),
                    len(st["song_deck"]),
                    st["setlist_total"],
                    st["encores_taken"],
                    len(st["encore_deck"]),
                    st["players"],
                )
                st, _ = GAME.apply(st, pend["seat"], {"type": "encore", "take": take})
        except RulesError:
            return False
        if st["status"] != "running" or st["phase"] != "play":
            return bool(st["venue_result"] and st["venue_result"]["won"])
        spec, sst_sim, committed, passed = sim.from_engine(st)
        rotated = [set(s["rotated"]) for s in st["seats"]]
        return rollout(spec, sst_sim, None, st["lead"], rotated, flipped_of(st))
    if base is None:
        base = _base_of(sst, seat)
    assert base is not None
    spec, st_sim = base.spec, base.st
    rnd = Round(
        songs=sim.round_songs(spec, st_sim),
        plays=[dict(p) for p in base.committed],
        solo_pass=base.passed,
        played=set(base.played),
        signals={j: list(sigs) for j, sigs in base.signals},
    )
    rotated = [set(r) for r in base.rotated]
    if cand.ready_only:
        for a in cand.actions:
            if a["type"] == "cue":
                rotated[seat].add(a["cue_card"])
        rnd.played.add(seat)
    else:
        ch = cand.choice
        if cand.hidden is not None:
            flipped = sst["seats"][seat]["flipped"]
            ch = B.Choice(plays=[(flipped[i], song, solo) for i, song, solo in cand.hidden])
        assert ch is not None
        _commit(rnd, seat, ch, rotated, sst["seats"][seat]["flipped"])
    return rollout(spec, st_sim, rnd, sst["lead"], rotated, flipped_of(sst))


def rollout_won(cand: Candidate, sst: dict[str, Any], seat: int, base: _Base | None = None) -> bool:
    """:func:`_value_of`, a rollout the replay refuses counted as a loss, never a crash."""
    try:
        return _value_of(cand, sst, seat, base)
    except REFUSALS:
        return False


def _with_flags(state: dict[str, Any], committed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The round's committed plays with the Face Up plays and Cues that break their song
    (read by the solver's :func:`~solver.beat.search.committed_flags`), so that a rollout
    counts such a song as the FAIL the engine will give it."""
    keep = ("seat", "card", "song", "solo", "tune", "face_up", "cue")
    return [{k: d[k] for k in keep if k in d} for d in search.committed_flags(state, committed)]


def candidates(state: dict[str, Any], view: dict[str, Any], seat: int) -> list[Candidate]:
    """The moves a hint weighs for ``seat`` (the blueprint's own first); the seat has a
    legal action in the play or Encore phase."""
    legal = GAME.legal_actions(state, seat)
    me = view["seats"][seat]
    if view["phase"] == "encore":
        first = encore_take(view, seat)
        return [
            Candidate(actions=[{"type": "encore", "take": t}], encore=t) for t in (first, not first)
        ]
    if len([p for p in me["played"] if not p["solo"]]) < me["need"]:
        cands = _play_candidates(state, view, seat)
        if any(a["type"] == "solo_pass" for a in legal) and not any(
            c.choice and c.choice.solo_pass for c in cands
        ):
            cands.append(
                Candidate(actions=[{"type": "solo_pass"}], choice=B.Choice([], solo_pass=True))
            )
        return cands
    return _after_play_candidates(state, view, seat)


@dataclass
class Paired:
    """The candidates' rollouts over the same sampled deals (candidate 0: the blueprint's
    move): wins, and the samples where one wins and the blueprint's move loses (``beats``)
    or the other way round (``loses``)."""

    wins: list[int]
    beats: list[int]
    loses: list[int]
    samples: int = 0


def paired_rollouts(
    view: dict[str, Any],
    seat: int,
    cands: list[Candidate],
    budget_s: float,
    max_samples: int = 10_000,
    clock: Callable[[], float] = time.monotonic,
    draw: Callable[[dict[str, Any], random.Random], dict[str, Any]] | None = None,
) -> Paired:
    """Roll every candidate out on the same deals drawn from ``view`` until the budget
    or ``max_samples`` is spent (a sample the budget cuts short is dropped).  ``draw``
    replaces the belief (:func:`believed_state`): e.g. a benchmark's reference that
    knows more than the seat."""
    rng = random.Random(_seed(view))
    t0 = clock()
    out = Paired([0] * len(cands), [0] * len(cands), [0] * len(cands))
    while out.samples < max_samples and (
        out.samples == 0 or clock() - t0 < budget_s * BUDGET_SHARE
    ):
        sst = draw(view, rng) if draw is not None else believed_state(view, seat, rng)
        won: list[bool] = []
        try:
            base = _base_of(sst, seat)
        except REFUSALS:
            base = None  # each candidate meets the same refusal below
        for i, cand in enumerate(cands):
            if i and clock() - t0 >= budget_s:
                break  # out of time inside a sample: it is dropped, candidates stay paired
            won.append(rollout_won(cand, sst, seat, base))
        if len(won) < len(cands):
            break
        for i, w in enumerate(won):
            out.wins[i] += w
            out.beats[i] += w and not won[0]
            out.loses[i] += won[0] and not w
        out.samples += 1
    return out


def live_hint(
    state: dict[str, Any],
    seat: int,
    budget_s: float,
    max_samples: int = 10_000,
    clock: Callable[[], float] = time.monotonic,
    draw: Callable[[dict[str, Any], random.Random], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Best move for ``seat`` by blueprint rollouts over deals sampled from its view
    (``draw``: see :func:`paired_rollouts`)."""
    view = GAME.view(state, seat)
    legal = GAME.legal_actions(state, seat)
    if not legal:
        return {"actions": [], "explanation": "this seat has nothing to decide now"}
    if view["phase"] == "tour_choice":
        return {
            "actions": [{"seat": seat, "action": {"type": "tour", "choice": "retry"}}],
            "explanation": "retry the venue",
        }
    cands = candidates(state, view, seat)
    if not cands:  # cannot happen with a legal state; stay safe and legal
        return {"actions": [{"seat": seat, "action": legal[0]}], "explanation": "a legal move"}
    if len(cands) == 1:
        return _answer(seat, cands, [0], [0], 0, 0, "the only move the conventions leave")
    got = paired_rollouts(view, seat, cands, budget_s, max_samples, clock, draw)
    if not got.samples:
        return _answer(
            seat,
            cands,
            got.wins,
            [0] * len(cands),
            0,
            0,
            "the budget did not allow one sample: the blueprint's move",
        )
    best = _pick(got.beats, got.loses)
    return _answer(
        seat,
        cands,
        got.wins,
        [got.samples] * len(cands),
        best,
        got.samples,
        "the blueprint's own move: no other wins clearly more often on the same deals "
        "consistent with what this seat sees, every seat then following the blueprint"
        if best == 0
        else "a move whose band wins clearly more often than the blueprint's on the same "
        "deals consistent with what this seat sees, every seat then following the blueprint",
    )


def _pick(
    beats: list[int], loses: list[int], z: float = DEVIATE_Z, min_gain: int = MIN_GAIN
) -> int:
    """SPARTA's rule on paired samples: keep the blueprint's move (candidate 0) unless
    another wins more often on the same deals -- by more than ``z`` standard deviations
    of a sign test and by at least ``min_gain`` deals.  Deviating on noise also misleads
    the bandmates, whose hints assume the blueprint's move."""
    best, best_gain = 0, 0
    for i in range(1, len(beats)):
        gain = beats[i] - loses[i]
        sd = math.sqrt(beats[i] + loses[i])
        if gain >= min_gain and gain > z * sd and gain > best_gain:
            best, best_gain = i, gain
    return best


def _answer(seat, cands, wins, n, best, samples, why) -> dict[str, Any]:
    return {
        "actions": [{"seat": seat, "action": a} for a in cands[best].actions],
        "explanation": why,
        "samples": samples,
        "estimate": (
            "win share of a band that plays this move, then every seat follows the "
            "blueprint, over the sampled deals consistent with this seat's view"
        ),
        "estimates": [
            {
                "action": c.actions[0],
                "then": c.actions[1:],
                "win_share": (wins[i] / n[i]) if n[i] else None,
                "wins": wins[i],
                "samples": n[i],
            }
            for i, c in enumerate(cands)
        ],
    }
