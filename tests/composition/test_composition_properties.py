"""Invariants of the Composition engine under random legal play (hypothesis)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from services.composition import GAME
from services.composition.content import content
from services.core import RulesError

CONFIGS = [(1, {}), (2, {}), (3, {}), (4, {}), (5, {}), (3, {"maestros": ["MUD", "REX", "CAT"]})]


def play(players: int, options: dict, seed: int, limit: int = 400):
    """Random legal play; returns the states and the (seat, action) log."""
    rng = random.Random(seed)
    state = GAME.new(players, options, seed)
    states, log = [state], []
    for _ in range(limit):
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(GAME.seats_to_act(state))
        actions = GAME.legal_actions(state, seat)
        assert actions, "a seat to act must have a legal action"
        action = rng.choice(actions)
        before = json.dumps(state, sort_keys=True)
        state, _ = GAME.apply(state, seat, action)
        assert json.dumps(states[-1], sort_keys=True) == before  # input never mutated
        states.append(state)
        log.append((seat, action))
    return states, log


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6))
def test_random_play_ends_and_replays(config, seed):
    players, options = config
    states, log = play(players, options, seed)
    final = states[-1]
    assert GAME.outcome(final) is not None, "random legal play must end"
    assert len(log) < 300
    assert json.loads(json.dumps(final)) == final
    replayed = GAME.new(players, options, seed)
    for seat, action in log:
        replayed, _ = GAME.apply(replayed, seat, action)
    assert replayed == final


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_views_never_leak(seed, players):
    states, _ = play(players, {}, seed, limit=120)
    for state in states[::3]:
        for viewer in [None, *range(players)]:
            view = GAME.view(state, viewer)
            text = json.dumps(view)
            assert "note_deck_order" not in view and "crescendo_deck_order" not in view
            for slot in view["composition"]["crescendos"]:
                assert "card" not in slot
            if state["phase"] == "compose":
                for i, s in enumerate(view["seats"]):
                    if i != viewer:
                        assert s["performance"] is None
            # the deck order is never serialised
            if len(state["note_deck"]) > 3:
                assert json.dumps(state["note_deck"]) not in text
        omni = GAME.view(state, None, omniscient=True)
        assert omni["note_deck_order"] == state["note_deck"]


@settings(max_examples=150, deadline=None)
@given(
    action=st.one_of(
        st.none(),
        st.integers(),
        st.text(max_size=5),
        st.dictionaries(
            st.sampled_from(
                [
                    "type",
                    "card",
                    "cards",
                    "slot",
                    "ovation",
                    "assign",
                    "pay",
                    "bonus",
                    "keep",
                    "target",
                ]
            ),
            st.one_of(
                st.none(),
                st.integers(-3, 30),
                st.text(max_size=6),
                st.lists(st.text(max_size=4), max_size=3),
                st.dictionaries(st.text(max_size=4), st.text(max_size=3), max_size=2),
            ),
            max_size=5,
        ),
        st.fixed_dictionaries(
            {
                "type": st.sampled_from(
                    ["take", "buy_crescendo", "buy_ovation", "stop", "perform", "flip", "rex_mark"]
                )
            },
            optional={
                "cards": st.lists(st.sampled_from(["n01", "ghost", "IMP-1", "zz", 3]), max_size=4),
                "card": st.one_of(st.integers(), st.sampled_from(["n01", "ghost", "x"])),
                "slot": st.one_of(st.integers(-2, 4), st.text(max_size=2)),
                "assign": st.one_of(
                    st.integers(),
                    st.dictionaries(
                        st.sampled_from(["ghost", "n01"]),
                        st.one_of(st.integers(), st.text(max_size=2)),
                    ),
                ),
                "pay": st.one_of(st.integers(), st.lists(st.text(max_size=3))),
                "keep": st.one_of(st.text(), st.lists(st.integers())),
                "awards": st.one_of(st.text(), st.lists(st.one_of(st.integers(), st.text()))),
            },
        ),
    ),
    phase=st.sampled_from(["draft", "compose", "flip"]),
    seat=st.integers(-1, 3),
)
def test_malformed_actions_raise_rules_errors_only(action, phase, seat):  # fmt: skip
    state = GAME.new(2 if phase != "flip" else 1, {}, 5)
    state["phase"] = phase
    if phase == "compose":
        for s in state["seats"]:
            s["status"] = "composing"
    try:
        new, _ = GAME.apply(state, seat, action)
    except RulesError as err:
        assert err.code and err.code == err.code.lower()
    else:
        assert json.loads(json.dumps(new)) == new


def test_every_listed_action_is_accepted():
    for players, options in CONFIGS:
        states, _ = play(players, options, 11, limit=150)
        for state in states[::5]:
            for seat in GAME.seats_to_act(state):
                for action in GAME.legal_actions(state, seat)[:6]:
                    GAME.apply(state, seat, action)


def test_action_forms_describe_the_word_action():
    states, _ = play(3, {}, 4, limit=60)
    compose = next(s for s in states if s["phase"] == "compose")
    seat = GAME.seats_to_act(compose)[0]
    forms = GAME.action_forms(compose, seat)
    assert forms and forms[0]["type"] == "perform" and "cards" in forms[0]["params"]
    assert {"type": "perform", "cards": []} in GAME.legal_actions(compose, seat)
    assert GAME.action_forms(states[0], 0) == []


def test_catalog_sections():
    cat = GAME.catalog()
    assert set(cat) == {"cards", "maestros", "awards", "ovations", "rules"}
    assert len(cat["cards"]) == len(content()["cards"])
    assert GAME.describe()["content"] == sorted(cat)
