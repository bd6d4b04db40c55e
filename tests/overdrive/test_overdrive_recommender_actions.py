"""The recommender's wider vocabulary: Jam Session and borrowing, clears, Distortion buys,
the 10-Grana actions and Grana won during the turn paying for later steps."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from overdrive_helpers import PLAIN, game, level, planned_value, set_dice, tracks

from services.overdrive import GAME
from services.overdrive.content import content
from solver.overdrive import brute, cpsat, position, recommend, solve, validate, values


def replay(state: dict, seat: int, rec: dict) -> dict:
    """Apply the plan through the engine; it must be legal and gain exactly what it said."""
    before = tracks(state, seat)
    for step in rec["actions"]:
        assert step["seat"] == seat
        state, _ = GAME.apply(state, seat, step["action"])
    after = tracks(state, seat)
    got = {k: after[k] - before[k] for k in before if after[k] != before[k]}
    assert got == {k: v for k, v in rec["net_change"].items() if v}
    return state


def agrees_with_brute(state: dict, seat: int) -> int:
    pos = position.from_state(state, seat)
    best = brute.best_value(pos)
    assert cpsat.solve(pos, 5.0)["objective"] == best
    return best


def bare(players: int = 3, bands: list[str] | None = None) -> dict:
    """Seat 0 to allocate, empty board, no markets, no Grana."""
    state = game(players, bands or PLAIN[:players])
    state["occupied"], state["hit_market"], state["dist_market"] = {}, [], []
    state["seats"][0]["grana"] = 0
    return state


def occupy(state: dict, key: str, seat: int, faces: list[str]) -> None:
    state["occupied"].setdefault(key, []).append({"seat": seat, "faces": faces})


def test_jam_session_borrows_the_third_chord():
    # Own Chord, Chord, Skull, Horns; seat 1 shows a Chord on Resources.  Jam Session (the
    # Skull) borrows it: three Chords on All Along The Dice Tower (+2 Fans) and the Horns
    # on Resources: 2.25.  New Riff (Skull, Horns -> Chord) reaches the Hit too but leaves
    # no die over (2.00); Appearance alone gives 1.00 + 0.25.
    state = bare()
    set_dice(state, 0, ["chord", "chord", "skull", "horns"])
    occupy(state, "resources", 1, ["chord"])
    state["hit_market"] = ["all_along_the_dice_tower"]
    rec = recommend(state, 0, 2.0)
    assert rec["value"] == pytest.approx(2.25)
    acts = [s["action"] for s in rec["actions"]]
    jam = next(a for a in acts if a.get("space") == "jam_session")
    assert jam["borrow"] == {"seat": 1, "face": "chord"} and jam["dice"] == [2]
    hit = next(a for a in acts if a.get("space") == "hit:all_along_the_dice_tower")
    assert 4 in hit["dice"]  # the borrowed die
    assert agrees_with_brute(state, 0) == 225
    replay(state, 0, rec)


def _crowded(state: dict) -> None:
    """Every board space but Opportunity and Resources held by seat 1."""
    for sp in content()["spaces"]:
        if sp["id"] in ("opportunity", "resources") or sp["id"] in state["blocked"]:
            continue
        for _ in range(max(1, sp.get("capacity", 1))):
            occupy(state, sp["id"], 1, ["skull"] * len(sp["slots"]))


def test_opportunity_clears_a_hit_to_play_it():
    # Everything is taken; Chord x3 + Skull.  Opportunity (the Skull) clears the Hit
    # seat 1 played, whose three Chords give +2 Fans: 2.00, against 1.00 on Resources.
    state = bare()
    set_dice(state, 0, ["chord", "chord", "chord", "skull"])
    _crowded(state)
    state["hit_market"] = ["all_along_the_dice_tower"]
    occupy(state, "hit:all_along_the_dice_tower", 1, ["chord"] * 3)
    rec = recommend(state, 0, 2.0)
    assert rec["value"] == pytest.approx(2.00)
    acts = [s["action"] for s in rec["actions"]]
    assert acts[0] == {
        "type": "place",
        "space": "opportunity",
        "dice": [3],
        "target": "hit:all_along_the_dice_tower",
    }
    assert agrees_with_brute(state, 0) == 200
    replay(state, 0, rec)


def test_a_clear_distortion_frees_a_space_and_keeps_the_skull():
    # As above with Opportunity taken too but Distortion #4 in hand: the card clears the
    # Hit, the Skull goes to Resources: 2.00 + 0.25.
    state = bare()
    set_dice(state, 0, ["chord", "chord", "chord", "skull"])
    _crowded(state)
    occupy(state, "opportunity", 2, ["skull"])
    state["hit_market"] = ["all_along_the_dice_tower"]
    occupy(state, "hit:all_along_the_dice_tower", 1, ["chord"] * 3)
    state["seats"][0]["hand"] = ["4"]
    rec = recommend(state, 0, 2.0)
    assert rec["value"] == pytest.approx(2.25)
    acts = [s["action"] for s in rec["actions"]]
    assert {
        "type": "play_distortion",
        "card": "4",
        "target": "hit:all_along_the_dice_tower",
    } in acts
    assert agrees_with_brute(state, 0) == 225
    replay(state, 0, rec)


def test_an_arcane_possession_borrow_needs_no_die():
    # Arcane Possession b borrows seat 1's Chord for free: with own Chord, Chord it fills All
    # Along (+2 Fans) and both Horns go to Resources: 2.50 at least.
    state = bare(3, ["arcane_possession", "rebeldogs", "tnshe"])
    level(state, 0, 3)
    set_dice(state, 0, ["chord", "chord", "horns", "horns"])
    occupy(state, "resources", 1, ["chord"])
    occupy(state, "jam_session", 2, ["skull"])
    state["hit_market"] = ["all_along_the_dice_tower"]
    rec = recommend(state, 0, 2.0)
    assert rec["value"] >= 2.50
    acts = [s["action"] for s in rec["actions"]]
    assert {"type": "ability", "level": "b", "borrow": {"seat": 1, "face": "chord"}} in acts
    assert agrees_with_brute(state, 0) == round(rec["value"] * 100)
    replay(state, 0, rec)


def _explicit(**kw) -> dict:
    base = {"faces": ["skull"] * 4, "grana": 0, "band": "rebeldogs", "players": 3,
            "free_spaces": ["resources"]}  # fmt: skip
    return {"position": {**base, **kw}}


def test_grana_from_resources_pays_for_a_distortion_played_at_once():
    # No Grana at the start: the four Skulls go to Resources (+4, 1.00), then #32 (the only
    # face-up card, so it costs 1) is bought and played: +3 Fans (3.00), its symbol (0.50),
    # one Grana spent (-0.25): 4.25.
    payload = validate(_explicit(distortions=["32"]))
    out = solve(payload, 2.0)
    assert out["value"] == pytest.approx(4.25)
    kinds = [a["action"]["type"] for a in out["actions"]]
    assert kinds == ["place"] * 4 + ["buy_distortion", "play_distortion", "end_turn"]
    state, seat = position.state_from_payload(payload["position"])
    replay(state, seat, out)


def test_a_bought_set_faces_distortion_serves_this_turns_changes():
    # Three Skulls and a Horns with 3 Grana; #9 (choose three faces) alone on the table
    # (cost 1) is bought first and turns two Skulls to Horns for Mini Lover (+3 Overdrive;
    # Rebeldogs b is locked at Overdrive 0); the last Skull goes to Resources.
    hits = [{"id": "mini_lover", "owner": None}]
    payload = validate(_explicit(faces=["skull", "skull", "skull", "horns"], grana=3,
                                 distortions=["9"], hits=hits))  # fmt: skip
    out = solve(payload, 2.0)
    # Mini Lover 2.40 + Resources 0.25 + symbol 0.50 - 1 Grana 0.25 = 2.90
    assert out["value"] == pytest.approx(2.90)
    acts = [a["action"] for a in out["actions"]]
    assert acts.index({"type": "buy_distortion", "card": "9"}) < next(
        i for i, a in enumerate(acts) if a["type"] == "play_distortion"
    )
    state, seat = position.state_from_payload(payload["position"])
    replay(state, seat, out)


def test_raises_and_extra_dice_when_they_pay(monkeypatch):
    # With the documented weights a raise (2.50 of Grana) never pays; weigh Fans 3.00 and it
    # does: four Skulls on Resources (+4, 1.00) and 24 Grana buy two Fans raises (6.00 - 5.00).
    monkeypatch.setitem(values.WEIGHTS, "fans", 300)
    payload = validate(_explicit(grana=20))
    out = solve(payload, 2.0)
    assert out["value"] == pytest.approx(2.00)
    kinds = [a["action"]["type"] for a in out["actions"]]
    assert kinds == ["place"] * 4 + ["raise", "raise", "end_turn"]
    state, seat = position.state_from_payload(payload["position"])
    assert brute.best_value(position.from_state(state, seat)) == 200
    replay(state, seat, out)


def test_extra_dice_bought_when_they_pay(monkeypatch):
    # An extra die weighed 4.00: two bought (the cap) with 24 Grana, each rolled and sent to
    # Resources at the end: 1.00 + 2 x (4.00 + 0.25) - 5.00 = 4.50.
    monkeypatch.setattr(values, "EXTRA_DIE", 400)
    payload = validate(_explicit(grana=20))
    out = solve(payload, 2.0)
    assert out["value"] == pytest.approx(4.50)
    state, seat = position.state_from_payload(payload["position"])
    end = replay(state, seat, out)
    assert end["seats"][seat]["extra_dice"] == 2
    assert brute.best_value(position.from_state(state, seat)) == 450


BANDS = ["rebeldogs", "arcane_possession", "powergirls", "starssacration", "allienogenn",
         "illuminatti_you_2", "shirtless_vikings", "epic_gods", "dead_and_death",
         "tnshe"]  # fmt: skip
SPACES = [s["id"] for s in content()["spaces"]]
HITS = sorted(content()["hit_by_id"])


def random_positions(hand: st.SearchStrategy, shown: st.SearchStrategy) -> st.SearchStrategy:
    """Small explicit positions for the recommender, with the given hand and face-up row."""

    @st.composite
    def build(draw) -> dict:
        held, row = draw(hand), draw(shown)
        owners = st.sampled_from([None, "me", "other"])
        hits = draw(st.lists(st.tuples(st.sampled_from(HITS), owners), max_size=3,
                             unique_by=lambda h: h[0]))  # fmt: skip
        return {
            "faces": draw(
                st.lists(
                    st.sampled_from(["skull", "chord", "horns", "influence"]),
                    min_size=1,
                    max_size=5,
                )
            ),  # fmt: skip
            "band": draw(st.sampled_from(BANDS)),
            "overdrive": draw(st.sampled_from([0, 1, 3])),
            "players": draw(st.sampled_from([2, 3, 4])),
            "free_spaces": draw(st.lists(st.sampled_from(SPACES), unique=True, max_size=6)),
            "hits": [{"id": h, "owner": o} for h, o in hits],
            "hand": [c for c in held if c not in row],
            "distortions": row,
            "grana": draw(st.integers(0, 14)),
        }

    return build()


@settings(max_examples=40, deadline=None)
@given(
    random_positions(
        hand=st.lists(st.sampled_from(["1", "2", "4", "7", "15", "21", "29"]), max_size=2),
        shown=st.lists(st.sampled_from(["1", "4", "9", "13", "16", "21", "32"]), max_size=3,
                       unique=True),
    )
)  # fmt: skip
def test_small_random_positions_equal_brute_force_and_replay(raw):
    check_position(raw)


def check_position(raw: dict) -> None:
    payload = validate({"position": raw})
    state, seat = position.state_from_payload(payload["position"])
    pos = position.from_state(state, seat)
    plan = cpsat.solve(pos, 5.0)
    assert plan["status"] == "OPTIMAL"
    assert plan["objective"] == brute.best_value(pos)
    out = recommend(state, seat, 5.0, openings=False)  # the model alone: the brute's vocabulary
    assert planned_value(out) == plan["objective"]
    replay(state, seat, out)
    full = recommend(state, seat, 5.0)  # an opening to a new level is kept only when better
    assert full["value"] >= out["value"]
    replay(state, seat, full)


@pytest.mark.slow
def test_many_seeded_positions_equal_brute_force_and_replay():
    rng = random.Random(11)
    faces = ["skull", "chord", "horns", "influence"]
    for _ in range(250):
        check_position({
            "faces": [rng.choice(faces) for _ in range(rng.randint(1, 6))],
            "band": rng.choice(BANDS), "overdrive": rng.choice([0, 1, 3, 6]),
            "players": rng.choice([2, 3, 4]), "free_spaces": rng.sample(SPACES, rng.randint(0, 8)),
            "hits": [{"id": h, "owner": rng.choice([None, "me", "other"])}
                     for h in rng.sample(HITS, rng.randint(0, 4))],
            "hand": rng.sample(["1", "2", "4", "5", "6", "7", "8", "9", "10", "12", "21", "23",
                                "29", "31", "32"], rng.randint(0, 3)),
            "distortions": rng.sample(["1", "4", "6", "9", "13", "21", "24", "29", "32"],
                                      rng.randint(0, 3)),
            "grana": rng.randint(0, 30)})  # fmt: skip
