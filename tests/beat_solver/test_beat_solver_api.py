"""Problem validators (422 before queueing), plans replayed through the engine,
determinism, Pulsar Palace, odds progress."""

from __future__ import annotations

import pytest

from services.beat import GAME
from services.core import RulesError
from solver.beat import api
from solver.beat import deal as D
from solver.beat import plan as P
from solver.beat import solve as S

GOOD = {"venue": "garage", "players": 2, "seed": 4}


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"venue": "nowhere", "players": 2, "seed": 1}, "unknown_venue"),
        ({"venue": "garage", "players": 5, "seed": 1}, "invalid_players"),
        ({"venue": "garage", "players": "2", "seed": 1}, "invalid_players"),
        ({"venue": "garage", "players": 2}, "invalid_payload"),
        ({"venue": "garage", "players": 2, "seed": -1}, "invalid_seed"),
        ({"venue": "garage", "players": 2, "seed": 1, "extra": 1}, "invalid_payload"),
        ({"venue": "garage", "players": 2, "deal": "x"}, "invalid_deal"),
        ({"venue": "garage", "players": 2, "deal": {"decks": []}}, "invalid_deal"),
        (
            {
                "venue": "garage",
                "players": 2,
                "deal": {"decks": [[1] * 15] * 2, "songs": [], "encores": []},
            },
            "invalid_deal",
        ),
        ([1, 2], "invalid_payload"),
    ],
)
def test_bad_input_is_a_rules_error(payload, code):
    with pytest.raises(RulesError) as e:
        api.validate_feasibility(payload)
    assert e.value.code == code


def test_wrong_song_count_in_a_posted_deal_is_rejected():
    deal = D.deal_of(D.engine_state(D.normalise(GOOD)))
    bad = dict(deal, songs=deal["songs"][:-1], encores=deal["encores"] + deal["songs"][-1:])
    with pytest.raises(RulesError):
        api.validate_feasibility({"venue": "garage", "players": 2, "deal": bad})
    bad = dict(deal, decks=[deal["decks"][0][:-1] + ["s0-1a"], deal["decks"][1]])
    with pytest.raises(RulesError):
        api.validate_feasibility({"venue": "garage", "players": 2, "deal": bad})


def test_a_posted_deal_is_the_same_puzzle_as_its_seed():
    state = D.engine_state(D.normalise(GOOD))
    deal = D.deal_of(state)
    again = D.engine_state(
        api.validate_feasibility({"venue": "garage", "players": 2, "deal": deal})
    )
    assert D.deal_of(again) == deal


def test_validators_do_not_import_ortools():
    import subprocess
    import sys

    code = (
        "import sys; from solver.beat import api; "
        "api.validate_feasibility({'venue': 'garage', 'players': 2, 'seed': 1}); "
        "api.validate_odds({'venue': 'garage', 'players': 2, 'deals': 3}); "
        "print('ortools' in ' '.join(sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(
    ("venue", "players", "seed"),
    [
        ("garage", 3, 1),
        ("red_rocks", 2, 2),
        ("entropy_hall", 2, 0),
        ("cosmochella", 2, 1),
        ("burning_star", 3, 0),
        ("twin_moon", 4, 3),
        ("scrapyard", 2, 0),
        ("jupiter", 2, 0),
        ("twin_moon", 2, 0),
        ("milkyway", 2, 0),
        ("rock_in_the_belt", 2, 1),
        ("roswell", 2, 0),
    ],
)
def test_every_returned_plan_replays_through_the_engine_and_wins(venue, players, seed):
    payload = api.validate_feasibility({"venue": venue, "players": players, "seed": seed})
    out = api.solve_feasibility(payload, 10.0)
    assert out["verdict"] in ("feasible", "infeasible")
    if out["verdict"] == "feasible":
        state = D.engine_state(payload)
        for sa in out["actions"]:  # the postable actions, one by one, as a client would
            # each exactly as the engine lists it (a Solo in a one-song round has no "song")
            assert sa["action"] in GAME.legal_actions(state, sa["seat"]), sa
            state, _ = GAME.apply(state, sa["seat"], sa["action"])
        assert GAME.outcome(state)["won"] is True


def test_a_plan_solo_action_is_the_listed_form():
    """Twin Moon must play the Solo: a winning plan holds a Solo action, in a one-song
    round, and it has no "song" key, as ``legal_actions`` lists it."""
    payload = api.validate_feasibility({"venue": "twin_moon", "players": 2, "seed": 0})
    out = api.solve_feasibility(payload, 10.0)
    assert out["verdict"] == "feasible"
    solos = [sa["action"] for sa in out["actions"] if sa["action"]["type"] == "solo"]
    assert len(solos) == 1 and "song" not in solos[0]


def test_same_input_same_verdict():
    payload = api.validate_feasibility({"venue": "comeback_comet", "players": 2, "seed": 0})
    verdicts = {api.solve_feasibility(payload, 5.0)["verdict"] for _ in range(2)}
    assert len(verdicts) == 1 and "unknown" not in verdicts


def test_pulsar_check_agrees_with_the_general_solver_and_its_plans_win():
    seen = set()
    for seed in range(6):
        payload = api.validate_pulsar({"players": 2, "seed": seed})
        fast = api.solve_pulsar(payload, 10.0)
        state = D.engine_state(payload)
        general = S.decide(state, 20.0, "cpsat")
        assert fast["verdict"] == general["verdict"]
        seen.add(fast["verdict"])
        if fast["verdict"] == "feasible":
            final, _ = P.replay(
                state, [{"plays": r["plays"], "encores": r["encores"]} for r in fast["plan"]]
            )
            assert P.won(final)
    assert seen == {"feasible", "infeasible"}


def test_pulsar_problem_rejects_other_venues():
    with pytest.raises(RulesError):
        api.validate_pulsar({"venue": "garage", "players": 2, "seed": 1})


def test_odds_counts_every_deal_and_reports_bounds():
    p = api.validate_odds({"venue": "pulsar_palace", "players": 2, "deals": 4, "seed": 0})
    out = api.solve_odds(p, 40.0)
    assert sum(out["counts"].values()) == 4
    assert out["bounds"][0] <= out["bounds"][1]
    # the same seeds one by one through the feasibility problem give the same verdicts
    for row in out["per_deal"]:
        if row["verdict"] != "unknown":
            single = api.solve_feasibility(
                api.validate_feasibility(
                    {"venue": "pulsar_palace", "players": 2, "seed": row["seed"]}
                ),
                10.0,
            )
            assert single["verdict"] == row["verdict"]


@pytest.mark.parametrize(
    "bad",
    [
        {"venue": "garage", "players": 2, "deals": 0},
        {"venue": "garage", "players": 2, "deals": 10_000},
        {"venue": "garage", "players": 2, "deals": True},
    ],
)
def test_odds_caps_the_deal_count(bad):
    with pytest.raises(RulesError):
        api.validate_odds(bad)
