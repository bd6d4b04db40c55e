"""Hints: puzzle hints play a winnable deal to a win; live hints are legal and read
only the seat's view."""

from __future__ import annotations

from services.beat import GAME
from solver.beat import deal as D
from solver.beat import hints as H
from solver.beat import solve as S


def _play_by_hints(state: dict, budget: float, limit: int = 300) -> dict:
    for _ in range(limit):
        if state["status"] != "running":
            break
        h = H.hint(state, 0, budget)
        sa = h["actions"][0]
        state, _ = GAME.apply(state, sa["seat"], sa["action"])
    return state


def test_puzzle_hints_win_a_winnable_deal():
    for venue, seed in (("garage", 5), ("red_rocks", 1)):
        state = GAME.new(2, {"venue": venue, "mode": "puzzle"}, seed)
        assert S.decide(state, 10.0)["verdict"] == "feasible"
        end = _play_by_hints(state, 2.0)
        assert GAME.outcome(end)["won"] is True


def test_puzzle_hint_mid_round_keeps_committed_plays():
    state = GAME.new(2, {"venue": "garage", "mode": "puzzle"}, 5)
    res = S.decide(state, 10.0)
    first = res["plan"][0]["plays"][0]
    state, _ = GAME.apply(state, first["seat"], {"type": "play", "card": first["card"]})
    h = H.hint(state, 1, 2.0)
    sa = h["actions"][0]
    GAME.apply(state, sa["seat"], sa["action"])  # legal
    assert h["verdict"] == "feasible"


def test_puzzle_hint_when_lost_is_still_a_legal_move():
    # Pulsar Palace deals are often unwinnable: the hint still returns a legal action
    for seed in range(6):
        state = GAME.new(2, {"venue": "pulsar_palace", "mode": "puzzle"}, seed)
        if S.decide(state, 10.0)["verdict"] == "infeasible":
            h = H.hint(state, 0, 1.0)
            assert h["verdict"] == "infeasible"
            sa = h["actions"][0]
            GAME.apply(state, sa["seat"], sa["action"])
            return
    raise AssertionError("no infeasible deal among the seeds")


def test_live_hint_is_legal_and_reports_estimates():
    state = GAME.new(3, {"venue": "garage"}, 2)
    h = H.hint(state, 1, 1.5)
    sa = h["actions"][0]
    assert sa["seat"] == 1
    GAME.apply(state, 1, sa["action"])
    assert h["samples"] > 0
    assert all(0 <= e["win_share"] <= 1 for e in h["estimates"])
    assert sa["action"] in [e["action"] for e in h["estimates"]]


def test_hint_for_a_finished_game_has_no_actions():
    state = GAME.new(2, {"venue": "garage", "mode": "puzzle"}, 5)
    state = dict(state, status="finished")
    assert H.hint(state, 0, 1.0)["actions"] == []


def test_seed_input_and_engine_state_are_one_deal():
    norm = D.normalise({"venue": "garage", "players": 2, "seed": 5})
    assert D.engine_state(norm) == GAME.new(2, {"venue": "garage", "mode": "puzzle"}, 5)


def test_committed_plays_are_honoured_by_search_and_model_alike():
    """Whichever copy of a value a seat committed, both methods solve from it and agree."""
    state = GAME.new(2, {"venue": "garage", "mode": "puzzle"}, 1)
    verdicts = set()
    for card in state["seats"][0]["hand"]:
        after, _ = GAME.apply(state, 0, {"type": "play", "card": card})
        a = S.decide(after, 20.0, "search")
        b = S.decide(after, 20.0, "cpsat")
        assert a["verdict"] == b["verdict"] != "unknown"
        verdicts.add(a["verdict"])
        for r in (a, b):
            if r["verdict"] == "feasible":
                assert {"seat": 0, "card": card, "song": 0} in r["plan"][0]["plays"]


def test_solo_flag_follows_the_committed_plays():
    """The model knows which cards the Solo seat plays, not which one is the extra; in
    round 0 its plan must agree with what is already committed (the Solo card flagged,
    an ordinary play never), or a hint built on it takes the play back forever."""
    checked = 0
    for venue in ("garage", "twin_moon"):
        for seed in range(4):
            state = GAME.new(2, {"venue": venue, "mode": "puzzle"}, seed)
            seat = state["solo_seat"]
            a, b = sorted(state["seats"][seat]["hand"])[:2]
            for plain, solo in ((a, b), (b, a), (a, None)):
                st, _ = GAME.apply(state, seat, {"type": "play", "card": plain})
                if solo:
                    st, _ = GAME.apply(st, seat, {"type": "solo", "card": solo, "song": 0})
                res = S.decide(st, 10.0, "cpsat")
                if res["verdict"] != "feasible":
                    continue
                flags = {
                    p["card"]: bool(p.get("solo"))
                    for p in res["plan"][0]["plays"]
                    if p["seat"] == seat
                }
                assert flags[plain] is False, (venue, seed, plain, solo)
                if solo:
                    assert flags[solo] is True, (venue, seed, plain, solo)
                checked += 1
    assert checked >= 12
