"""Analyses of Composition, Overdrive, the tour and Tempo Muse: every figure is checked
against the engine and the solvers (the better move is legal and scores what it says,
points lost are never negative), and no analysis of a running hidden game is served."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from live_stack import finish_at_random

from services.core import RulesError
from services.registry import get_game
from services.tempo_muse.content import content
from services.tempo_muse.payment import remove
from solver import hint_analysis as H
from solver.composition.analysis import performed
from solver.overdrive import analysis as OD
from solver.tempo_muse.cycle import Goal, score
from solver.tour.value import SCALE, value, week_weights

GAMES = {
    "composition": (2, {"max_rounds": 1}),
    "overdrive": (2, {"speed_metal": True}),
    "tour": (1, {}),
    "tempo-muse": (2, {"round_limit": 5}),
}


def random_log(game: str, seed: int, limit: int = 400) -> tuple[dict, list[dict]]:
    """A game played by random legal moves (to its end or ``limit`` actions)."""
    players, options = GAMES[game]
    rules = get_game(game)
    state = rules.new(players, options, seed)
    rng = random.Random(seed)
    log: list[dict] = []
    while rules.outcome(state) is None and len(log) < limit:
        seats = rules.seats_to_act(state)
        if not seats:
            break
        seat = rng.choice(seats)
        action = rng.choice(rules.legal_actions(state, seat))
        state, _ = rules.apply(state, seat, action)
        log.append({"seat": seat, "action": action})
    payload = {"game": game, "players": players, "options": options, "seed": seed, "log": log}
    return payload, log


def analysed(game: str, seed: int, limit: int = 400) -> tuple[H.Replayed, dict]:
    payload, _ = random_log(game, seed, limit)
    return H.replayed(payload), H.analyse(H.validate(payload), 120.0)


def check_steps(rep: H.Replayed, out: dict, need_judged: bool = True) -> list[dict]:
    """Every step is listed once, in order; covered steps point at their move; every
    figure is in words and no step lost a negative amount."""
    steps = out["per_step"]
    assert [s["step"] for s in steps] == list(range(1, len(rep.log) + 1))
    assert out["complete"] is True
    judged = []
    for s in steps:
        assert s["seat"] == rep.log[s["step"] - 1]["seat"]
        text = s["text"]
        assert text[:1].isupper() and text.endswith((".", ")")), text
        assert "{" not in text and "_" not in text, text
        if "part_of" in s:
            assert s["step"] in steps[s["part_of"] - 1]["covers"]
        if s["judged"]:
            assert s["covers"][0] == s["step"]
            assert s["lost"] is None or s["lost"] >= 0
            judged.append(s)
    assert judged or not need_judged, "a random game has decisions"
    return judged


@pytest.mark.parametrize("seed", [1, 2])
def test_composition_the_best_word_is_legal_and_scores_what_it_says(seed):
    rep, out = analysed("composition", seed)
    rules = get_game("composition")
    performs = 0
    for s in check_steps(rep, out):
        k = s["step"] - 1
        if "best_net" not in s or not s["best"]:
            continue
        performs += 1
        seat = s["seat"]
        # the better word, posted in the same position, is accepted by the rules and
        # (the other seats passing) scores exactly the net the analysis names
        state, events = rules.apply(rep.states[k], seat, s["best"][0])
        for other in range(state["players"]):
            if state["phase"] == "compose" and state["seats"][other]["status"] != "committed":
                state, more = rules.apply(state, other, {"type": "perform", "cards": []})
                events += more
        ev = performed(H.Replayed("composition", [], [], [events]), 0, seat)
        assert ev is not None and ev["type"] == "performance"
        assert ev["roses"] - ev["paid"] == s["best_net"]
        if "made_net" in s:
            assert s["lost"] == max(0, s["best_net"] - s["made_net"])
            assert s["agrees"] == (s["lost"] == 0)
            if s["lost"]:
                assert s["best_word"] in s["text"] and str(s["best_net"]) in s["text"]
    assert performs >= 2


@pytest.mark.parametrize("seed", [1, 3])
def test_overdrive_the_recommended_turn_replays_to_the_value_stated(seed):
    rep, out = analysed("overdrive", seed, limit=30)
    turns = 0
    for s in check_steps(rep, out):
        k = s["step"] - 1
        if "made_value" not in s:
            continue
        turns += 1
        seat, before = s["seat"], rep.states[k]
        last = s["covers"][-1]
        # the turn covered is the seat's whole allocation turn, and no more
        assert all(rep.log[j - 1]["seat"] == seat for j in s["covers"])
        after = rep.states[last]
        assert after["phase"] != "allocation" or OD.current_seat(after) != seat
        assert s["made_value"] == round(OD.value_of_turn(before, after, seat), 2)
        end = OD.replay_plan(before, seat, s["best"])
        assert end is not None, "the recommender's plan is legal in the engine"
        assert s["best_value"] == round(OD.value_of_turn(before, end, seat), 2)
        assert s["lost"] == max(0.0, round(s["best_value"] - s["made_value"], 2))
    assert turns >= 2


@pytest.mark.parametrize("seed", [3, 4])
def test_tour_plans_and_offers_are_valued_as_the_rules_play_them(seed):
    rep, out = analysed("tour", seed, limit=40)
    rules = get_game("tour")
    weeks = offers = 0
    for s in check_steps(rep, out):
        k = s["step"] - 1
        state, seat = rep.states[k], s["seat"]
        if "best_value" in s and s["made"][0]["type"] != "choose_offer":
            weeks += 1
            index = rules.sheet_index(state, seat)
            sheet = state["sheets"][index]
            weights, _ = week_weights(state["week"], sheet["boxes"])
            end = state
            for action in s["best"]:
                end, _ = rules.apply(end, seat, action)
            assert s["best_value"] == round(value(sheet, end["sheets"][index], weights) / SCALE, 2)
            made_after = rep.states[s["covers"][-1]]["sheets"][index]
            assert s["made_value"] == round(value(sheet, made_after, weights) / SCALE, 2)
            assert s["made"][-1]["type"] == "work"
        elif "best_value" in s:
            offers += 1
            assert s["best_value"] >= s["made_value"]
            rules.apply(state, seat, s["best"][0])  # the offer advised is legal
    assert weeks >= 1 and offers >= 1


@pytest.mark.parametrize("seed", [1, 2])
def test_tempo_muse_cycles_and_give_backs_against_the_exact_figures(seed):
    rep, out = analysed("tempo-muse", seed)
    rules = get_game("tempo-muse")
    seen = set()
    for s in check_steps(rep, out):
        k = s["step"] - 1
        state, seat = rep.states[k], s["seat"]
        if s["best"]:
            rules.apply(state, seat, s["best"][0])  # the hint's move is legal there
        if "best_chance" in s:
            seen.add("cycle")
            assert s["lost"] == max(0.0, round(100 * (s["best_chance"] - s["made_chance"]), 1))
        if s["made"][0]["type"] == "cycle_return":
            seen.add("give-back")
            # the exact best give-back for the draw is never worse than the one made
            goal = Goal.of(len(state["studios"][seat]), content().studio_goal,
                           state["phase"] == "composition")  # fmt: skip
            hand = state["hands"][seat]
            made = score(remove(hand, s["made"][0]["cards"]), goal)
            best = score(remove(hand, s["best"][0]["cards"]), goal)
            assert best >= made
            assert s["agrees"] == (made >= best)
    assert seen == {"cycle", "give-back"}


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["tour", "tempo-muse"]), seed=st.integers(0, 10_000),
       cut=st.integers(5, 60))  # fmt: skip
def test_any_log_prefix_every_better_move_is_legal_and_nothing_is_lost_below_zero(game, seed, cut):
    """Any game, any point it is cut at: each step listed once, the hint's move legal
    where it was advised, points lost never negative."""
    rules = get_game(game)
    payload, _ = random_log(game, seed, limit=cut)
    rep = H.replayed(payload)
    out = H.analyse(H.validate(payload), 60.0)
    for s in check_steps(rep, out, need_judged=False):
        if s["best"]:
            rules.apply(rep.states[s["step"] - 1], s["seat"], s["best"][0])


def test_a_log_that_does_not_replay_is_refused():
    payload, log = random_log("tempo-muse", 1, limit=6)
    bad = {**payload, "log": [*log[:3], {"seat": 1 - log[3]["seat"], "action": log[3]["action"]}]}
    with pytest.raises(RulesError) as err:
        H.validate(bad)
    assert err.value.code == "invalid_log"
    with pytest.raises(RulesError):
        H.validate({**payload, "game": "chess"})


def test_steps_past_the_budget_are_listed_as_not_analysed():
    payload, _ = random_log("tour", 3, limit=30)
    out = H.analyse(H.validate(payload), 0.0)
    assert out["complete"] is False and out["judged"] == 0
    assert all("time budget" in s["text"] for s in out["per_step"])


def _create(client, game: str, seed: int, **extra) -> dict:
    players, options = GAMES[game]
    body = {"game": game, "players": players, "seed": seed, "options": {**options, **extra}}
    return client.post("/v1/games", json=body).get_json()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_analysis_while_the_game_runs_then_one_job_per_game(client, bearer, game):
    created = _create(client, game, 2)
    gid = created["id"]
    for headers in ({}, bearer(created["host_token"])):
        r = client.post(f"/v1/games/{gid}/analysis", json={}, headers=headers)
        assert r.status_code == 409 and r.get_json()["code"] == "game_running", r.get_json()
    finish_at_random(client, created, 2)
    # the job is only queued here: a short budget keeps the worker free for the next tests
    first = client.post(f"/v1/games/{gid}/analysis", json={"budget_s": 1})
    again = client.post(f"/v1/games/{gid}/analysis", json={"budget_s": 5})
    assert first.status_code == 202 and again.status_code == 202
    assert first.get_json()["id"] == again.get_json()["id"]


def test_an_analysis_job_runs_in_the_worker(client, bearer, worker):
    # a game with a move clock: the clock is the service's option, not the rules', and
    # the analysis replays the log with the rules' options alone
    finished = _create(client, "tempo-muse", 5, clock={"move_s": 600})
    finish_at_random(client, finished, 5)
    r = client.post(f"/v1/games/{finished['id']}/analysis", json={})
    job = client.get(r.headers["Location"], headers={"Prefer": "wait=60"}).get_json()
    assert job["status"] == "finished", job
    out = job["result"]
    assert out["game"] == "tempo-muse" and out["complete"] is True
    assert out["steps"] == len(client.get(f"/v1/games/{finished['id']}/log").get_json()["entries"])
    assert out["judged"] >= 1


def judge_failing_at_odd_steps(rep: H.Replayed, k: int, budget_s: float) -> dict | None:
    """The tour's own judge, raising where a solver finds no plan in its time."""
    from solver.tour.analysis import judge

    if k % 2:
        raise TimeoutError("no plan in time")
    return judge(rep, k, budget_s)


def test_a_step_whose_judge_fails_is_listed_not_analysed_and_the_rest_stands(monkeypatch):
    payload, log = random_log("tour", 3, limit=6)
    clean = H.analyse(payload, 30)["per_step"]
    monkeypatch.setitem(H.JUDGES, "tour", f"{__name__}:judge_failing_at_odd_steps")
    out = H.analyse(payload, 30)
    assert out["complete"] is False and out["steps"] == len(log)
    failed = [s for s in out["per_step"] if s.get("error")]
    assert failed and all(s["step"] % 2 == 0 and not s["judged"] for s in failed)
    assert all(s["text"].startswith("Not analysed") for s in failed)
    assert all(s["error"] == "TimeoutError" for s in failed)
    # the steps the judge answered are judged as they are without the failures
    answered = [s for s in out["per_step"] if s["judged"]]
    assert answered and all(s == clean[s["step"] - 1] for s in answered)
