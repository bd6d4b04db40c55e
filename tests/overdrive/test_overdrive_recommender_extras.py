"""The recommender's later additions: a clear Distortion bought and played in the same turn,
Cover Bots' copy choice and TNSHE's spare faces; solved by hand, replayed through the engine
and equal to the brute force."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from overdrive_helpers import game, level, planned_value, set_dice
from test_overdrive_recommender_actions import check_position, replay

from services.overdrive.content import content
from solver.overdrive import brute, recommend, solve, validate

SPACE_IDS = [s["id"] for s in content()["spaces"] if s["id"] != "resources"]
COPYABLE = ["rebeldogs", "allienogenn", "powergirls", "tnshe", "arcane_possession",
            "illuminatti_you_2", "dead_and_death"]  # fmt: skip


def give_hit(state: dict, card: str, owner: int) -> None:
    """``owner`` holds Hit ``card`` (no slot cancelled) so its space is open to everyone."""
    state["hit_owned"][card] = {"owner": owner, "cancel": None}
    state["seats"][owner]["hits"].append(card)
    for pile in ("hit_market", "hit_deck"):
        if card in state[pile]:
            state[pile].remove(card)


def _solve(**kw) -> tuple[dict, list[dict]]:
    raw = {"grana": 0, "band": "rebeldogs", "players": 2, "free_spaces": ["resources"], **kw}
    out = solve(validate({"position": raw}), 2.0)
    check_position(raw)  # equal to the brute force; replayed: legal, gains what it said
    return out, [a["action"] for a in out["actions"]]


def test_a_clear_distortion_bought_this_turn_frees_a_space():
    # Every space but Resources is taken.  Chord x3 + Skull, 0 Grana, #4 (clear) for 1: the
    # Skull on Resources pays for it, it clears Appearance for the three Chords:
    # 1.00 + 0.25 + 0.50 (bought) - 0.25 (spent) = 1.50; all on Resources and #4 kept: 1.25.
    out, acts = _solve(faces=["chord", "chord", "chord", "skull"], distortions=["4"])
    assert out["value"] == pytest.approx(1.50)
    assert acts == [
        {"type": "place", "space": "resources", "dice": [3]},
        {"type": "buy_distortion", "card": "4"},
        {"type": "play_distortion", "card": "4", "target": "appearance"},
        {"type": "place", "space": "appearance", "dice": [0, 1, 2]},
        {"type": "end_turn"},
    ]


def test_the_clear_card_must_be_paid_before_the_clear():
    # Chord x3 and no Grana: nothing is left over to pay for #4 before the clear, so the
    # dice go to Resources and #4 is bought afterwards to keep: 0.75 + 0.50 - 0.25 = 1.00.
    out, acts = _solve(faces=["chord", "chord", "chord"], distortions=["4"])
    assert out["value"] == pytest.approx(1.00)
    assert [a["type"] for a in acts] == ["place"] * 3 + ["buy_distortion", "end_turn"]
    # with 1 Grana it pays: Appearance 1.00 + 0.50 - 0.25 = 1.25
    out, _ = _solve(faces=["chord", "chord", "chord"], distortions=["4"], grana=1)
    assert out["value"] == pytest.approx(1.25)


def _live(bands: list[str], faces: list[str], overdrive: int) -> dict:
    state = game(len(bands), bands)
    state["occupied"], state["hit_market"], state["dist_market"] = {}, [], []
    rec = state["seats"][0]
    rec["grana"] = 0
    set_dice(state, 0, faces)
    level(state, 0, overdrive)
    return state


def test_cover_bots_copy_the_ability_this_turn_needs():
    # Cover Bots at Overdrive 1 with level a to copy; Horns, Horns, Skull; Mini Lover (three
    # Horns Up, +3 Overdrive) owned by seat 1, nothing else free.  Copying Rebeldogs a
    # (Skull -> Horns Up) fills it: 2.40; Allienogenn a (any -> Chord) cannot (0.75).
    state = _live(["cover_bots", "rebeldogs", "allienogenn"], ["horns", "horns", "skull"], 1)
    state["occupied"] = {k: [{"seat": 1, "faces": ["skull"]}] for k in SPACE_IDS}
    give_hit(state, "mini_lover", 1)
    out = recommend(state, 0, 2.0)
    assert out["value"] == pytest.approx(2.40)
    acts = [a["action"] for a in out["actions"]]
    assert acts[0] == {"type": "copy", "level": "a", "band": "rebeldogs"}
    assert brute.best_value_live(state, 0) == 240
    replay(state, 0, out)
    # with three Chords to place on All Along The Dice Tower (+2 Fans) from Chord, Chord,
    # Horns, Allienogenn a (Horns -> Chord) is the copy: 2.00
    state = _live(["cover_bots", "rebeldogs", "allienogenn"], ["chord", "chord", "horns"], 1)
    state["occupied"] = {k: [{"seat": 1, "faces": ["skull"]}] for k in SPACE_IDS}
    give_hit(state, "all_along_the_dice_tower", 1)
    out = recommend(state, 0, 2.0)
    assert out["value"] == pytest.approx(2.00)
    assert out["actions"][0]["action"] == {"type": "copy", "level": "a", "band": "allienogenn"}
    assert brute.best_value_live(state, 0) == 200
    replay(state, 0, out)


@settings(max_examples=12, deadline=None)
@given(
    faces=st.lists(st.sampled_from(["skull", "chord", "horns", "influence"]), min_size=1,
                   max_size=4),
    others=st.lists(st.sampled_from(COPYABLE), min_size=1, max_size=3, unique=True),
    overdrive=st.sampled_from([1, 3, 6]),
    grana=st.integers(0, 12),
    hits=st.lists(st.sampled_from(sorted(content()["hit_by_id"])), max_size=2, unique=True),
)  # fmt: skip
def test_cover_bots_positions_equal_brute_force_and_replay(faces, others, overdrive, grana, hits):
    state = _live(["cover_bots", *others], faces, overdrive)
    state["seats"][0]["grana"] = grana
    for h in hits:
        give_hit(state, h, 1)
    out = recommend(state, 0, 5.0, openings=False)
    assert planned_value(out) == brute.best_value_live(state, 0)
    replay(state, 0, out)
    full = recommend(state, 0, 5.0)
    assert full["value"] >= out["value"]
    replay(state, 0, full)


def test_tnshe_spends_a_spare_face_only_when_it_adds_value():
    # TNSHE at Overdrive 3: a turns a Skull to Horns Up, b (twice a game) any die.  Skull,
    # Chord, Horns and Mini Lover (three Horns Up: +3 Overdrive = 2.40) need both.
    hit = [{"id": "mini_lover", "owner": "other"}]
    out, acts = _solve(band="tnshe", overdrive=3, faces=["skull", "chord", "horns"], hits=hit)
    assert out["value"] == pytest.approx(2.40)
    assert {"type": "ability", "level": "b", "die": 1} in acts
    # Horns, Horns, Skull: a alone does it and the spare face is kept
    out, acts = _solve(band="tnshe", overdrive=3, faces=["horns", "horns", "skull"], hits=hit)
    assert out["value"] == pytest.approx(2.40)
    assert [a.get("level") for a in acts if a["type"] == "ability"] == ["a"]
    # both spare faces spent in earlier turns: the three dice go to Resources (0.75)
    state = _live(["tnshe", "rebeldogs"], ["skull", "chord", "horns"], 3)
    state["occupied"] = {k: [{"seat": 1, "faces": ["skull"]}] for k in SPACE_IDS}
    state["seats"][0]["spare_used"] = 2
    give_hit(state, "mini_lover", 1)
    out = recommend(state, 0, 2.0)
    assert out["value"] == pytest.approx(0.75)
    assert brute.best_value_live(state, 0) == 75
    replay(state, 0, out)


def test_tnshe_may_spend_both_spare_faces_in_one_turn():
    # Chord, Chord, Horns and Mini Lover (three Horns Up: +3 Overdrive = 2.40): no Skull for
    # a, so both spare faces turn the Chords (the sheet prints no limit per turn)
    hit = [{"id": "mini_lover", "owner": "other"}]
    out, acts = _solve(band="tnshe", overdrive=3, faces=["chord", "chord", "horns"], hits=hit)
    assert out["value"] == pytest.approx(2.40)
    spares = [a for a in acts if a["type"] == "ability" and a["level"] == "b"]
    assert sorted(a["die"] for a in spares) == [0, 1]
    # one use left: only one Chord can turn, so Mini Lover is out of reach (0.75)
    state = _live(["tnshe", "rebeldogs"], ["chord", "chord", "horns"], 3)
    state["occupied"] = {k: [{"seat": 1, "faces": ["skull"]}] for k in SPACE_IDS}
    state["seats"][0]["spare_used"] = 1
    give_hit(state, "mini_lover", 1)
    out = recommend(state, 0, 2.0)
    assert out["value"] == pytest.approx(0.75)
    assert brute.best_value_live(state, 0) == 75
    replay(state, 0, out)


@settings(max_examples=15, deadline=None)
@given(
    faces=st.lists(st.sampled_from(["skull", "chord", "horns", "influence"]), min_size=1,
                   max_size=5),
    overdrive=st.sampled_from([0, 3, 6]),
    players=st.sampled_from([2, 3, 4]),
    free=st.lists(st.sampled_from(SPACE_IDS), unique=True, max_size=6),
    hits=st.lists(st.tuples(st.sampled_from(sorted(content()["hit_by_id"])),
                            st.sampled_from([None, "me", "other"])),
                  max_size=3, unique_by=lambda h: h[0]),
    hand=st.lists(st.sampled_from(["4", "6", "7", "10", "23", "24"]), max_size=2, unique=True),
    shown=st.lists(st.sampled_from(["1", "4", "9", "29"]), max_size=3, unique=True),
    grana=st.integers(0, 14),
)  # fmt: skip
def test_tnshe_and_clear_buys_equal_brute_force_and_replay(
    faces, overdrive, players, free, hits, hand, shown, grana
):
    check_position({
        "faces": faces, "band": "tnshe", "overdrive": overdrive, "players": players,
        "free_spaces": [*free, "resources"], "hits": [{"id": h, "owner": o} for h, o in hits],
        "hand": hand, "distortions": shown, "grana": grana})  # fmt: skip
