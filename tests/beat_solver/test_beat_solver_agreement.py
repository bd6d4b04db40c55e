"""CP-SAT verdicts against the independent round search on small instances, across
venues and player counts.

A small instance is a venue played on by random rounds until each seat holds
2-5 cards: the exhaustive search (which never touches the model) decides it in
time at 3-4 seats too, and random rounds leave many such positions lost, so
both verdicts occur.  Where
both methods decide they must agree, and every plan either returns wins in the
engine.  The default suite checks one position per venue and seat count;
``-m slow`` checks eight.
"""

from __future__ import annotations

import json
import random

import pytest
from random_play import random_decision

from services.beat import venues as V
from solver.beat import deal as D
from solver.beat import model as M
from solver.beat import plan as P
from solver.beat import search, sim
from solver.beat import solve as S

CELLS = [(v.id, n) for v in V.load_venues() for n in (2, 3, 4)]


def _small_instance(
    venue: str, players: int, rng: random.Random, events: list[str] | None = None
) -> dict | None:
    """An engine state deep into a seeded deal, still in play: random rounds (a few
    tries each to find one that does not lose) until each seat holds at most 2-5 cards.
    ``events``: the first events of the deal (the rest shuffled from the seed)."""
    deal = {"events": events} if events else None
    state = D.engine_state(
        {"venue": venue, "players": players, "seed": rng.randrange(10_000), "deal": deal}
    )
    spec, st, _, _ = sim.from_engine(state)
    left = rng.randint(2, 5)
    plan = []
    while max(len(h) + len(d) - p for h, d, p in zip(st.hands, spec.draws, st.ptr)) > left:
        for _ in range(30):
            dec = random_decision(spec, st, rng)
            nxt = sim.step(spec, st, dec)
            if nxt.status == "running":
                break
        if nxt.status != "running":
            break
        plan.append(dec)
        st = nxt
    mid, _ = P.replay(state, plan)
    if mid["status"] != "running" or mid["phase"] != "play":
        return None
    return mid


def _compare(
    venue: str, players: int, rng: random.Random, events: list[str] | None, search_s: float
) -> str | None:
    state = _small_instance(venue, players, rng, events)
    if state is None:
        return None
    a = S.decide(state, 20.0, "cpsat")
    b = S.decide(state, search_s, "search")
    for r in (a, b):
        if r["verdict"] == "feasible":
            final, _ = P.replay(state, r["plan"])
            assert P.won(final), (venue, players)
    assert a["verdict"] != "unknown", (venue, players)
    if b["verdict"] == "unknown":
        return None
    assert a["verdict"] == b["verdict"], (venue, players)
    return a["verdict"]


def _sweep(positions: int, seed: int, events=None, tag: str = "") -> list[str]:
    """Verdicts both methods reached on ``positions`` random positions per cell; with
    ``events``, each deal's event list is drawn by it.  The one-position sweeps of the
    default suite give the search 1 s: nearly every position it decides takes well
    under that, and each one it cannot decide would spend its whole budget for nothing
    (2 s gave two more verdicts and cost 10 s more); the long sweeps give it 2 s."""
    search_s = 1.0 if positions == 1 else 2.0
    seen = []
    for venue, players in CELLS:
        rng = random.Random(f"{tag}{seed}:{venue}:{players}")
        for _ in range(positions):
            if v := _compare(venue, players, rng, events(rng) if events else None, search_s):
                seen.append(v)
    return seen


def _assert_decided(seen: list[str], many: bool) -> None:
    """Enough verdicts both ways that the agreement means something."""
    if many:
        print(f"decided by both: {len(seen)}, infeasible {seen.count('infeasible')}")
        assert len(seen) >= 4 * len(CELLS)
        assert seen.count("infeasible") >= 20
    else:
        assert len(seen) >= len(CELLS) // 2
        assert "feasible" in seen and "infeasible" in seen


def test_cpsat_and_search_agree_on_small_instances():
    _assert_decided(_sweep(1, 0), many=False)


@pytest.mark.slow
def test_cpsat_and_search_agree_on_many_small_instances():
    _assert_decided(_sweep(8, 1), many=True)


def _break_events(rng: random.Random) -> list[str]:
    """A deal's first events with Blackout and Radio Silence among the late songs, where
    the small instances play (the other events of the list change nothing)."""
    fillers = ["clear_skies", "harmony", "crowd_singalong", "stage_fright", "power_surge"]
    fillers += ["blown_fuse", "even_groove", "odd_meter", "the_hook", "humble_roots"]
    rng.shuffle(fillers)
    out = fillers[:]
    out.insert(rng.randint(3, 9), "blackout")
    out.insert(rng.randint(3, 10), "radio_silence")
    return out


def _break_sweep(positions: int, seed: int) -> list[str]:
    return _sweep(positions, seed, _break_events, "breaks:")


def test_cpsat_and_search_agree_where_blackout_and_radio_silence_lie_ahead():
    _assert_decided(_break_sweep(1, 0), many=False)


@pytest.mark.slow
def test_cpsat_and_search_agree_on_many_positions_with_blackout_and_radio_silence():
    _assert_decided(_break_sweep(8, 1), many=True)


def test_committed_same_value_plays_are_found_in_either_order():
    """The Solo seat commits two cards of one value, one as its Solo: the search must
    keep exactly those ids (folding the two orders into one finds no legal round at all
    for the other order, and answers infeasible)."""
    from services.beat import GAME

    checked = 0
    for venue in ("garage", "twin_moon"):
        for seed in range(4):
            state = GAME.new(2, {"venue": venue, "mode": "puzzle"}, seed)
            seat = state["solo_seat"]
            hand = state["seats"][seat]["hand"]
            pairs = sorted(
                (a, b) for a in hand for b in hand if a < b and sim.VALUE[a] == sim.VALUE[b]
            )
            if not pairs:
                continue
            for plain, solo in (pairs[0], pairs[0][::-1]):
                st, _ = GAME.apply(state, seat, {"type": "play", "card": plain})
                st, _ = GAME.apply(st, seat, {"type": "solo", "card": solo, "song": 0})
                a = S.decide(st, 10.0, "search")
                b = S.decide(st, 10.0, "cpsat")
                assert a["verdict"] == b["verdict"] != "unknown", (venue, seed, plain, solo)
                if a["verdict"] == "feasible":
                    kept = {(p["card"], bool(p.get("solo"))) for p in a["plan"][0]["plays"]}
                    assert {(plain, False), (solo, True)} <= kept
                checked += 1
    assert checked >= 8


# -- songs played with no cards (rulebook: "you don't play one") ----------------------
#
# At Black Hole (10 cards a seat, 8 songs + Encores) and Upload Festival (two cards
# leave a seat per song) Encores can queue more songs than the band holds cards for.
# Those songs are played empty and the final check decides; engine, search and CP-SAT
# must all say so.  The oracle below searches the engine's own legal actions.

EMPTY_VENUES = ("black_hole", "upload_festival")


def _plan_over_cards(state: dict) -> list[dict] | None:
    """A winning CP-SAT plan that plays a song after the cards have run out, if any."""
    spec, st, _, _ = sim.from_engine(state)
    mdl = M.Model(spec, st)
    with_cards = search.max_songs(spec, st)  # one song a round at these venues
    if with_cards >= mdl.layout.song_count:
        return None
    # test-only: ask for a song beyond the cards
    mdl.sat_model.add(mdl.rounds.active[with_cards] == 1)
    return mdl.plan() if mdl.solve(10.0) == "feasible" else None


def _tail_instance(venue: str, players: int, rng: random.Random) -> dict | None:
    """A round start near the end of a seeded deal with at most 1-2 cards left per seat:
    reached along a winning plan that outlasts the cards (then, half the time, one
    random round, which loses some), or by random rounds."""
    state = D.engine_state(
        {"venue": venue, "players": players, "seed": rng.randrange(10_000), "deal": None}
    )
    spec, st, _, _ = sim.from_engine(state)
    left = rng.randint(1, 2)
    plan = _plan_over_cards(state) or []
    done = []

    def cards() -> int:
        return max(len(h) + len(d) - p for h, d, p in zip(st.hands, spec.draws, st.ptr))

    for dec in plan:
        if cards() <= left:
            break
        st = sim.step(spec, st, dec)
        done.append(dec)
    while st.status == "running" and (cards() > left or (plan and rng.random() < 0.5)):
        for _ in range(30):
            dec = random_decision(spec, st, rng)
            nxt = sim.step(spec, st, dec)
            if nxt.status == "running":
                break
        done.append(dec)
        st = nxt
        if plan:
            break
    mid, _ = P.replay(state, done)
    if mid["status"] != "running" or mid["phase"] != "play":
        return None
    return mid


def _engine_can_win(state: dict, memo: dict) -> bool:
    """Exhaustive search over the engine's own legal actions (Cues and take-backs change
    nothing a song is judged on and are left out); for tiny positions only."""
    if state["status"] != "running":
        return P.won(state)
    key = json.dumps(state, sort_keys=True)
    if key not in memo:
        from services.beat import GAME

        memo[key] = False
        seat = GAME.seats_to_act(state)[0]
        for a in GAME.legal_actions(state, seat):
            if a["type"] in ("cue", "take_back"):
                continue
            nxt, _ = GAME.apply(state, seat, a)
            if _engine_can_win(nxt, memo):
                memo[key] = True
                break
    return memo[key]


def _songs_over_cards(state: dict) -> bool:
    """More songs still to play than some seat can play a card on: empty songs ahead."""
    spec, st, _, _ = sim.from_engine(state)
    return len(st.queue) > search.max_songs(spec, st)


def _empty_song_sweep(per_cell: int, seed: int) -> list[tuple[str, bool]]:
    seen = []
    for venue in EMPTY_VENUES:
        for players in (2, 3):
            rng = random.Random(f"empty:{seed}:{venue}:{players}")
            for _ in range(per_cell):
                state = _tail_instance(venue, players, rng)
                if state is None:
                    continue
                a = S.decide(state, 20.0, "cpsat")
                b = S.decide(state, 20.0, "search")
                truth = _engine_can_win(state, {})
                where = (venue, players, state["setlist_total"], len(state["results"]))
                assert a["verdict"] == b["verdict"] == ("feasible" if truth else "infeasible"), (
                    where,
                    a["verdict"],
                    b["verdict"],
                    truth,
                )
                for r in (a, b):
                    if truth:
                        final, _ = P.replay(state, r["plan"])
                        assert P.won(final), where
                seen.append((a["verdict"], _songs_over_cards(state)))
    return seen


def test_songs_without_cards_engine_search_and_cpsat_agree():
    seen = _empty_song_sweep(6, 0)
    # both verdicts occur where songs outnumber the cards: those deals are not lost
    # for running out, by any of the three
    over = [v for v, o in seen if o]
    assert "feasible" in over and "infeasible" in over, seen


@pytest.mark.slow
def test_songs_without_cards_agree_on_many_positions():
    seen = _empty_song_sweep(30, 1)
    over = [v for v, o in seen if o]
    print(f"positions {len(seen)}, songs over cards {len(over)}, won {over.count('feasible')}")
    assert over.count("feasible") >= 10 and over.count("infeasible") >= 10


def _neutral(rounds: list[list[int]], exclude: tuple[str, ...] = ()) -> list[str]:
    """One distinct event per round that changes nothing for the planned values."""
    from services.beat.events import Play, evaluate, load_events

    out = list(exclude)
    for vals in rounds:
        plays = [Play(i, v) for i, v in enumerate(vals)]
        out.append(
            next(
                e.id
                for e in load_events()
                if e.id not in out
                and evaluate(plays, [e.id]).ok
                and evaluate(plays, [e.id]).sum == sum(vals)
            )
        )
    return out[len(exclude) :]


def _scripted(venue: str, deal: dict, seat_plays: list[list[int]], rounds: int, encores=0):
    """A puzzle state after ``rounds`` rounds in which seat s plays ``seat_plays[s][r]``."""
    from services.beat import GAME

    state = GAME.new(2, {"venue": venue, "mode": "puzzle", "deal": deal}, 0)
    for r in range(rounds):
        hands = [state["seats"][s]["hand"] for s in range(2)]
        cards = [next(c for c in hands[s] if sim.VALUE[c] == seat_plays[s][r]) for s in range(2)]
        plays = [{"seat": s, "card": cards[s], "song": 0} for s in range(2)]
        state, _ = P.apply_round(state, {"plays": plays, "encores": encores})
    return state


def _winnable(state: dict, songs: int) -> None:
    for method in ("cpsat", "search"):
        r = S.decide(state, 20.0, method)
        assert r["verdict"] == "feasible", method
        final, _ = P.replay(state, r["plan"])
        assert P.won(final) and len(final["results"]) == songs, method


def test_black_hole_three_encores_are_winnable_past_the_last_card():
    """The scripted Black Hole deal of tests/beat: three ON POINT songs with a 1 each and
    all three Encores taken queue eight songs for seven cards a seat.  The rules win it
    (six LOUD, one FAIL, then the empty eleventh song as the second FAIL); running out
    of cards does not make the position infeasible."""
    seat_plays = [[1, 1, 1, 2, 2, 3, 3, 4, 4, 5], [2, 3, 3, 4, 4, 4, 5, 5, 5, 2]]
    deal = {
        "decks": [[2, 3, 4, *seat_plays[0], 5, 5], [1, 1, 1, *seat_plays[1], 2, 3]],
        "songs": [3, 4, 4, 5, 5, 6, 6, 7],
        "encores": [7, 8, 8, 9],
        "events": _neutral([list(x) for x in zip(*seat_plays)] + [[]]),
    }
    state = _scripted("black_hole", deal, seat_plays, 3, encores=1)
    assert state["setlist_total"] == 11 and len(state["song_deck"]) + 1 == 8
    assert all(len(s["hand"]) + len(s["draw"]) == 7 for s in state["seats"])
    _winnable(state, 11)


def test_scrapyard_solo_extra_card_is_a_way_to_fail():
    """The scripted Scrapyard deal of tests/beat, two songs from the end: only the Solo's
    extra card wins (a second 3 breaks Feedback Loop; the 5 then breaks Silent Disco).
    A solver that allows only the pass there calls the position lost."""
    seat_plays = [[4, 4, 4, 3, 2, 2, 2, 1, 1, 1, 3, 3], [4, 3, 3, 3, 4, 2, 2, 2, 1, 1, 4, 5]]
    last = ("feedback_loop", "silent_disco")
    deal = {
        "decks": [[5, 5, 5, *seat_plays[0]], [1, 5, 5, *seat_plays[1]]],
        "songs": [9, 8, 8, 7, 7, 6, 6, 5, 5, 4, 3, 4],
        "encores": [],
        "events": _neutral([list(x) for x in zip(*seat_plays)][:10], last) + list(last),
    }
    state = _scripted("scrapyard", deal, seat_plays, 10)
    assert state["solo_seat"] == 0 and not state["solo_used"] and state["round"] == 11
    _winnable(state, 12)


# -- breaking Blackout / Radio Silence on purpose ------------------------------------
#
# A Face Up play under Blackout, or a Cue under Radio Silence, makes the song a FAIL
# whatever was played.  A solver that plays neither calls a deal won only that way
# infeasible.  Scrapyard (every song must FAIL), two seats, the last song:
# both seats hold a card of 3 or more against difficulty 3 (a Solo pass leaves the
# other card, still not a FAIL), so only the break wins.

SCRAPYARD_SONGS = [9, 8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3]


def _scrapyard_last_song(decks: list[list[str]], last_event: str) -> dict:
    """The Scrapyard puzzle after 11 FAILed rounds; seat s plays its cards in deck order
    (the first three are staged at the start)."""
    from services.beat import GAME

    plays = [[sim.VALUE[c] for c in d[3:]] for d in decks]
    deal = {
        "decks": decks,
        "songs": SCRAPYARD_SONGS,
        "encores": [],
        "events": _neutral([list(x) for x in zip(*plays)][:11], (last_event,)) + [last_event],
    }
    state = GAME.new(2, {"venue": "scrapyard", "mode": "puzzle", "deal": deal}, 0)
    for r in range(11):
        dec = {"plays": [{"seat": s, "card": decks[s][3 + r], "song": 0} for s in range(2)]}
        state, _ = P.apply_round(state, dec)
    assert state["status"] == "running" and state["round"] == 12, state.get("venue_result")
    assert all(r["result"] == "fail" for r in state["results"])
    return state


def _ids(seat: int, cards: str) -> list[str]:
    return [f"s{seat}-{c}" for c in cards.split()]


def _only_the_break_wins(state: dict, flag: str) -> None:
    for method in ("cpsat", "search"):
        r = S.decide(state, 20.0, method)
        assert r["verdict"] == "feasible", method
        assert any(p.get(flag) for p in r["plan"][0]["plays"]), (method, r["plan"])
        final, actions = P.replay(state, r["plan"])
        assert P.won(final), method
        assert final["results"][-1]["result"] == "fail" and final["results"][-1]["broken"]
        # the same plan without the flag loses in the engine
        plain = [{**d, "plays": [{**p, flag: None} for p in d["plays"]]} for d in r["plan"]]
        lost, _ = P.replay(state, plain)
        assert not P.won(lost), method
    # and the engine's own legal actions agree: some Face Up play / Cue wins, nothing else
    # does (the oracle leaves Cues out, so it sees the Cue-free game)
    assert _engine_can_win(state, {}) == (flag == "face_up")


def test_a_face_up_play_under_blackout_fails_the_last_scrapyard_song():
    decks = [
        _ids(0, "5a 5b 5c 4a 3a 3b 3c 4b 2a 2b 2c 1a 1b 1c 4c"),
        _ids(1, "5a 5b 5c 4b 4c 3a 3b 2a 3c 2b 2c 1a 1b 1c 4a"),
    ]
    state = _scrapyard_last_song(decks, "blackout")
    assert [s["hand"] for s in state["seats"]] == [["s0-4c"], ["s1-4a"]]
    _only_the_break_wins(state, "face_up")


def test_a_cue_under_radio_silence_fails_the_last_scrapyard_song():
    decks = [
        _ids(0, "5a 5b 5c 4a 3a 3b 1a 3c 2a 4b 2b 2c 1b 1c 4c"),
        _ids(1, "5a 5b 2b 4a 4b 4c 5c 3a 3b 1a 2a 2c 1b 1c 3c"),
    ]
    state = _scrapyard_last_song(decks, "radio_silence")
    assert [s["hand"] for s in state["seats"]] == [["s0-4c"], ["s1-3c"]]
    _only_the_break_wins(state, "cue")


def test_puzzle_hints_through_a_break_win_and_keep_the_committed_flag():
    """Following puzzle hints plays the Face Up card (or gives the Cue), then, asked again
    with that play committed, both methods still see the song broken and the hints win
    (with the committed flag dropped, the position would look lost)."""
    from services.beat import GAME
    from solver.beat import hints as H

    positions = [
        _scrapyard_last_song(
            [
                _ids(0, "5a 5b 5c 4a 3a 3b 3c 4b 2a 2b 2c 1a 1b 1c 4c"),
                _ids(1, "5a 5b 5c 4b 4c 3a 3b 2a 3c 2b 2c 1a 1b 1c 4a"),
            ],
            "blackout",
        ),
        _scrapyard_last_song(
            [
                _ids(0, "5a 5b 5c 4a 3a 3b 1a 3c 2a 4b 2b 2c 1b 1c 4c"),
                _ids(1, "5a 5b 2b 4a 4b 4c 5c 3a 3b 1a 2a 2c 1b 1c 3c"),
            ],
            "radio_silence",
        ),
    ]
    for state in positions:
        flagged = False
        for i in range(20):
            if state["status"] != "running":
                break
            sa = H.hint(state, i % 2, 5.0)["actions"][0]
            a = sa["action"]
            if a.get("face_up") or a["type"] == "cue":
                flagged = True
            state, _ = GAME.apply(state, sa["seat"], a)
            if flagged and state["status"] == "running" and state["phase"] == "play":
                for method in ("cpsat", "search"):
                    assert S.decide(state, 10.0, method)["verdict"] == "feasible", method
        assert flagged and P.won(state)


def test_a_committed_face_down_card_is_taken_back_to_break_but_not_once_ready():
    """Seat 1 has played its Face Up 4 face down on the Blackout song.  While it may take
    the card back, the plan does so and plays it Face Up (a win); once the seat is ready
    no break is left and the position is lost.  The two mistakes guarded against: a plan
    that flags the committed card without taking it back, and a ready seat still
    planned to break."""
    from services.beat import GAME

    state = _scrapyard_last_song(
        [
            _ids(0, "5a 5b 5c 4a 3a 3b 3c 4b 2a 2b 2c 1a 1b 1c 4c"),
            _ids(1, "5a 5b 5c 4b 4c 3a 3b 2a 3c 2b 2c 1a 1b 1c 4a"),
        ],
        "blackout",
    )
    state, _ = GAME.apply(state, 1, {"type": "play", "card": "s1-4a"})
    for method in ("cpsat", "search"):
        r = S.decide(state, 10.0, method)
        assert r["verdict"] == "feasible", method
        final, actions = P.replay(state, r["plan"])
        assert P.won(final), (method, actions)
        assert {"type": "take_back"} in [sa["action"] for sa in actions]
    ready, _ = GAME.apply(state, 1, {"type": "ready"})
    for method in ("cpsat", "search"):
        assert S.decide(ready, 10.0, method)["verdict"] == "infeasible", method


@pytest.mark.parametrize(
    ("venue", "players", "seed"),
    [("comeback_comet", 2, 10), ("comeback_comet", 3, 8), ("scrapyard", 2, 10)],
)
def test_seeded_deals_won_only_by_breaking_an_event(venue, players, seed):
    """Engine deals (seeds 0-19 of the benchmark) the solver called infeasible: each is
    won by a plan with a Face Up play or a Cue on a Blackout / Radio Silence song, and
    no plan without one exists (the model with no break offered says so)."""
    state = D.engine_state({"venue": venue, "players": players, "seed": seed, "deal": None})
    r = S.decide(state, 20.0)
    assert r["verdict"] == "feasible"
    assert any(p.get("face_up") or p.get("cue") for d in r["plan"] for p in d["plays"])
    final, _ = P.replay(state, r["plan"])
    assert P.won(final)
    spec, st, _, _ = sim.from_engine(state)
    mdl = M.Model(spec, st)
    for broken in mdl.breaks.broken:
        if broken is not None:
            mdl.sat_model.add(broken == 0)
    assert mdl.solve(20.0) == "infeasible"
