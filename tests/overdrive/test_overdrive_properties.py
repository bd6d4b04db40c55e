"""Invariants: replay, termination, purity, no leaks, garbage actions, content validation."""

from __future__ import annotations

import json
import random

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from services.core import RulesError
from services.overdrive import GAME
from services.overdrive.content import DATA, load

CONFIGS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (1, {"difficulty": "metalgeddon"}),
    (1, {"difficulty": "poser"}),
    (3, {"mode": "coop", "difficulty": "brutal"}),
    (4, {"speed_metal": True, "hall_of_fame": True, "free_falling": True}),
]


def random_game(players: int, options: dict, seed: int, limit: int = 3000):
    state = GAME.new(players, options, seed)
    rng = random.Random(seed)
    log = []
    while GAME.outcome(state) is None and len(log) < limit:
        (seat,) = GAME.seats_to_act(state)
        action = rng.choice(GAME.legal_actions(state, seat))
        state, _ = GAME.apply(state, seat, action)
        log.append((seat, action))
    return state, log


@settings(max_examples=10, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6))
def test_random_legal_play_ends_after_round_eight_and_replays(config, seed):
    players, options = config
    final, log = random_game(players, options, seed)
    out = GAME.outcome(final)
    assert out is not None and final["round"] == 8 and final["phase"] == "finished"
    assert set(out["winners"]) <= set(range(players))
    assert json.loads(json.dumps(final)) == final
    again = GAME.new(players, options, seed)
    for seat, action in log:
        again, _ = GAME.apply(again, seat, action)
    assert again == final


@settings(max_examples=6, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), steps=st.integers(0, 120))
def test_apply_is_pure_and_views_never_leak(config, seed, steps):
    players, options = config
    state = GAME.new(players, options, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            break
        (seat,) = GAME.seats_to_act(state)
        action = rng.choice(GAME.legal_actions(state, seat))
        frozen = json.dumps(state, sort_keys=True)
        state, _ = GAME.apply(state, seat, action)
        assert json.dumps(json.loads(frozen), sort_keys=True) == frozen
    for s in range(players):
        state["seats"][s]["hand"] = [f"secret-{s}"]
    if state["metallum"] is not None:
        state["metallum"]["hand"] = ["secret-m"]
    state["hit_deck"] = ["secret-hit"] + state["hit_deck"]
    state["dist_deck"] = ["secret-dist"] + state["dist_deck"]
    for viewer in [None, *range(players)]:
        text = json.dumps(GAME.view(state, viewer))
        assert "secret-hit" not in text and "secret-dist" not in text and "secret-m" not in text
        assert '"rng"' not in text and '"seed"' not in text
        for s in range(players):
            assert (f"secret-{s}" in text) == (viewer == s)
    omni = json.dumps(GAME.view(state, None, omniscient=True))
    assert "secret-hit" in omni
    assert ("secret-m" in omni) == (state["metallum"] is not None)


GARBAGE = [
    None,
    [],
    "end_turn",
    {},
    {"type": 3},
    {"type": "fly"},
    {"type": "place"},
    {"type": "place", "space": 4, "dice": [0]},
    {"type": "place", "space": "appearance", "dice": "0,1,2"},
    {"type": "place", "space": "appearance", "dice": [True, 1, 2]},
    {"type": "place", "space": "appearance", "dice": [0, 0, 0]},
    {"type": "place", "space": "appearance", "dice": [9, 10, 11]},
    {"type": "place", "space": "hit:nothing", "dice": [0]},
    {"type": "place", "space": "hit:day_filler", "dice": [0], "mode": 9},
    {"type": "place", "space": "improvisation", "dice": [0], "die": "x", "face": "horns"},
    {"type": "reroll", "dice": []},
    {"type": "set_face", "die": 0, "face": "banana"},
    {"type": "raise", "attr": None},
    {"type": "buy_hit", "card": ["x"], "cancel": "y"},
    {"type": "buy_distortion", "card": {"a": 1}},
    {"type": "play_distortion", "card": None},
    {"type": "ability", "level": "z"},
    {"type": "copy", "level": "a", "band": 3},
    {"type": "claim_award", "award": []},
    {"type": "attack", "target": "x", "face": "skull"},
    {"type": "protect", "die": 0, "source": "shield"},
]


@pytest.mark.parametrize("action", GARBAGE)
def test_garbage_actions_raise_rules_errors(action):
    state = GAME.new(3, {}, 7)
    state["seats"][0]["dice"] = [{"face": "skull", "placed": None} for _ in range(4)]
    with pytest.raises(RulesError):
        GAME.apply(state, 0, action)


@settings(max_examples=40, deadline=None)
@given(
    action=st.dictionaries(
        st.sampled_from(["type", "space", "dice", "die", "face", "card", "target", "mode"]),
        st.one_of(
            st.none(),
            st.integers(-3, 9),
            st.text(max_size=6),
            st.lists(st.integers(-1, 6), max_size=4),
            st.sampled_from(["place", "appearance", "skull", "end_turn", "hit:day_filler"]),
        ),
    )  # fmt: skip
)
def test_fuzzed_actions_are_accepted_or_rejected_cleanly(action):
    state = GAME.new(3, {}, 11)
    try:
        new, _ = GAME.apply(state, 0, action)
    except RulesError:
        return
    assert json.loads(json.dumps(new)) == new


def test_every_listed_action_is_accepted():
    state = GAME.new(4, {}, 3)
    rng = random.Random(3)
    for _ in range(60):
        if GAME.outcome(state) is not None:
            break
        (seat,) = GAME.seats_to_act(state)
        legal = GAME.legal_actions(state, seat)
        for action in legal:
            GAME.apply(state, seat, json.loads(json.dumps(action)))
        state, _ = GAME.apply(state, seat, rng.choice(legal))


def _broken(tmp_path, mutate) -> str:
    data = yaml.safe_load(DATA.read_text())
    mutate(data)
    path = tmp_path / "content.yaml"
    path.write_text(yaml.safe_dump(data))
    return str(path)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.pop("hits"),
        lambda d: d["spaces"][0].update(slots=["purple"]),
        lambda d: d["spaces"][1]["effect"].update(kind="teleport"),
        lambda d: d["hits"][0].update(cost=-1),
        lambda d: d["hits"][1]["modes"][0].update(gain={"luck": 2}),
        lambda d: d["distortions"][0]["effect"].update(kind="mystery"),
        lambda d: d["distortions"].append(dict(d["distortions"][0])),
        lambda d: d["awards"][0].update(vp="many"),
        lambda d: d["bands"][0]["a"].update(kind="flight"),
        lambda d: d["bands"][3]["b"].pop("when"),
        lambda d: d["bands"][0].update(symbol="star"),
        lambda d: d["metallum"]["start"].pop("grana"),
        lambda d: d.update(die_faces=["skull"] * 6),
    ],
)
def test_content_validation_catches_broken_files(tmp_path, mutate):
    with pytest.raises(ValueError):
        load(_broken(tmp_path, mutate))


def test_the_packaged_content_loads():
    data = load()
    assert len(data["hits"]) == 16 and len(data["distortions"]) == 32
    assert len(data["awards"]) == 4


# -- listings ---------------------------------------------------------------------------


def _walk(players: int, options: dict, seed: int, steps: int) -> dict:
    state = GAME.new(players, options, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            break
        (seat,) = GAME.seats_to_act(state)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def _check_listing(state: dict) -> None:
    """Every action the engine accepts is listed (up to interchangeable dice, or as a listed
    action that leads to the same state), or described by a form; every listed action is
    accepted."""
    from overdrive_actions import accepted, canon, described, outcome_key

    (seat,) = GAME.seats_to_act(state)
    legal = GAME.legal_actions(state, seat)
    forms = GAME.action_forms(state, seat)
    listed = {canon(state, seat, a) for a in legal}
    reached = set()
    for action in legal:
        after, _ = GAME.apply(state, seat, json.loads(json.dumps(action)))
        reached.add(outcome_key(after))
    missing = [
        a for a, after in accepted(state, seat)
        if canon(state, seat, a) not in listed and after not in reached
        and not described(a, forms)
    ]  # fmt: skip
    assert not missing, missing[:5]


@settings(max_examples=5, deadline=None)
@given(config=st.sampled_from(CONFIGS[:6]), seed=st.integers(0, 10**6), steps=st.integers(0, 200))
def test_every_accepted_action_is_listed_or_described(config, seed, steps):
    state = _walk(*config, seed, steps)
    if GAME.outcome(state) is None:
        _check_listing(state)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), steps=st.integers(0, 400))
def test_every_accepted_action_is_listed_or_described_long(config, seed, steps):
    state = _walk(*config, seed, steps)
    if GAME.outcome(state) is None:
        _check_listing(state)


def test_a_borrowed_die_is_listed_apart_from_an_own_die_of_its_face():
    state = GAME.new(3, {"bands": ["rebeldogs", "tnshe", "powergirls"]}, 4)
    state["occupied"] = {"resources": [{"seat": 1, "faces": ["chord"]}]}
    state["seats"][0]["dice"] = [
        {"face": f, "placed": None} for f in ("skull", "chord", "chord", "horns")
    ]
    state, _ = GAME.apply(
        state, 0, {"type": "place", "space": "jam_session", "dice": [0],
                   "borrow": {"seat": 1, "face": "chord"}}
    )  # fmt: skip
    legal = GAME.legal_actions(state, 0)
    appearance = [a["dice"] for a in legal if a["type"] == "place" and a["space"] == "appearance"]
    assert [1, 2, 4] in appearance  # own Chords and the borrowed one
    assert [1, 2, 3] in appearance  # own Chords and the Horns Up
    assert any(4 in d and 3 in d for d in appearance)  # the borrowed Chord with the Horns Up
    _check_listing(state)


def test_battle_rerolls_of_any_dice_are_listed():
    state = _walk(3, {}, 5, 0)
    while state["phase"] != "battle":
        (seat,) = GAME.seats_to_act(state)
        state, _ = GAME.apply(state, seat, {"type": "end_turn"})
    (seat,) = GAME.seats_to_act(state)
    if state["battle"]["step"] != "attack":
        state, _ = GAME.apply(state, seat, {"type": "end_protect"})
        (seat,) = GAME.seats_to_act(state)
    state["seats"][seat]["grana"] = 5
    state["battle"]["dice"][str(seat)] = [
        {"face": f, "protected": False} for f in ("skull", "skull", "chord", "horns")
    ]
    rerolls = [a["dice"] for a in GAME.legal_actions(state, seat) if a["type"] == "reroll"]
    assert [3] in rerolls and [0, 2] in rerolls and len(rerolls) == 11  # 3*2*2 - 1
    _check_listing(state)
