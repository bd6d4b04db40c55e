"""Setup, options, the action vocabulary, Encores, tours, catalog and data validation."""

from __future__ import annotations

import contextlib
import copy
import json
from importlib import resources

import pytest
import yaml
from beat_helpers import act, make_deal, outcome, run_plan, start
from hypothesis import given, settings
from hypothesis import strategies as st

from services.beat import GAME
from services.beat import cards as C
from services.beat.events import Play
from services.beat.rounds import new_record, resolve_round
from services.beat.setup import solo_by_stage
from services.beat.songs import validate_songs
from services.beat.venues import get_venue, validate_venues
from services.core import RulesError
from services.registry import get_game


def R(a, b, **opts):
    return ([a, b], opts)


def code(fn) -> str:
    with pytest.raises(RulesError) as e:
        fn()
    return e.value.code


# -- setup and options ------------------------------------------------------------


def test_registered_and_json_state():
    assert get_game("beat") is GAME
    state = GAME.new(4, {}, 1)
    assert json.loads(json.dumps(state)) == state
    for s in state["seats"]:
        assert (len(s["stage"]), len(s["hand"]), len(s["draw"])) == (3, 5, 7)
    # garage: 6 of the 12 songs scheduled, one already revealed; 6 in the Encore deck
    assert len(state["song_deck"]) == 5 and len(state["encore_deck"]) == 6
    assert len(state["current"]) == 1 and len(state["current"][0]["events"]) == 1


@pytest.mark.parametrize(
    "players, options",
    [
        (1, {}),
        (5, {}),
        (2, {"venue": "nowhere"}),
        (2, {"venue": 27}),
        (2, {"mode": "blind"}),
        (2, {"colour": "red"}),
        (2, {"tour": "yes"}),
        (2, {"tour_attempts": 0}),
        (2, {"deal": {"decks": [[1] * 15, [1] * 15]}}),
        (2, {"deal": {"decks": [list(range(1, 6)) * 3]}}),
        (2, {"deal": {"decks": [[1, 2, 3, 4, 5] * 3, [1, 2, 3, 4, 5] * 2]}}),
        (2, {"deal": {"songs": [3, 4, 4, 5, 5], "encores": [6, 6, 7, 7, 8, 8, 9]}}),
        (2, {"deal": {"songs": [3, 4, 4, 5, 5, 6], "encores": [6, 7, 7, 8, 8, 99]}}),
        (2, {"deal": {"songs": [3, 4, 4, 5, 5, 6]}}),
        (2, {"deal": {"events": ["clear_skies", "clear_skies"]}}),
        (2, {"deal": {"events": ["no_such_event"]}}),
        (2, {"deal": {"solo": 1}}),
        (2, {"deal": {"decks": [["s1-1a"] * 15, ["s1-1a"] * 15]}}),
        (2, {"deal": "shuffle well"}),
    ],
)
def test_invalid_options(players, options):
    assert code(lambda: GAME.new(players, options, 0)) == "invalid_options"


def test_a_seed_alone_fixes_the_deal():
    assert GAME.new(3, {"venue": "kaos"}, 42) == GAME.new(3, {"venue": "kaos"}, 42)
    assert GAME.new(3, {"venue": "kaos"}, 42) != GAME.new(3, {"venue": "kaos"}, 43)


def test_solo_goes_to_the_highest_stage_with_the_printed_tie_breaks():
    ids = lambda seat, vals: [C.card_id(seat, v, "abc"[i]) for i, v in enumerate(vals)]  # noqa: E731
    assert solo_by_stage([ids(0, [1, 2, 3]), ids(1, [2, 2, 3])]) == 1
    # 9 each: seat 1 has a 5
    assert solo_by_stage([ids(0, [3, 3, 3]), ids(1, [1, 3, 5])]) == 1
    # 9 each, one 5 each, seat 0 has a 4
    assert solo_by_stage([ids(0, [1, 4, 4]) , ids(1, [2, 2, 5])]) == 1  # fmt: skip
    assert solo_by_stage([ids(0, [4, 4, 1]), ids(1, [3, 3, 3])]) == 0
    # a perfect tie goes to the lowest seat
    assert solo_by_stage([ids(0, [1, 2, 3]), ids(1, [3, 2, 1]), ids(2, [2, 1, 3])]) == 0


def test_puzzle_deal_places_decks_songs_and_events_exactly():
    deck = [5, 4, 3, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5]
    deal = {"decks": [deck, deck], "songs": [9, 8, 8, 7, 7, 6],
            "encores": [3, 4, 4, 5, 5, 6], "events": ["harmony", "blackout"]}  # fmt: skip
    st0 = start(2, "garage", deal)
    s = st0["seats"][0]
    assert [C.value(c) for c in s["stage"]] == [5, 4, 3]
    assert [C.value(c) for c in s["hand"]] == [1, 1, 1, 2, 2]
    assert st0["current"] == [{"difficulty": 9, "events": ["harmony"]}]
    assert st0["song_deck"] == [8, 8, 7, 7, 6] and st0["event_deck"][0] == "blackout"
    assert s["stage"] == ["s0-5a", "s0-4a", "s0-3a"]  # first copies carry Face Up


# -- the action vocabulary ----------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    action=st.one_of(
        st.dictionaries(
            st.sampled_from(
                [
                    "type",
                    "card",
                    "face_up",
                    "song",
                    "hidden",
                    "cue_card",
                    "direction",
                    "delta",
                    "take",
                    "choice",
                ]
            ),  # fmt: skip
            st.one_of(
                st.none(),
                st.booleans(),
                st.integers(-3, 20),
                st.text(max_size=6),
                st.sampled_from(
                    [
                        "play",
                        "solo",
                        "cue",
                        "tune",
                        "ready",
                        "encore",
                        "take_back",
                        "solo_pass",
                        "tour",
                        "s0-1a",
                        "s0-2b",
                        "s1-3a",
                        "higher",
                    ]
                ),  # fmt: skip
                st.lists(st.integers(), max_size=2),
            ),
        ),
        st.none(),
        st.integers(),
        st.text(max_size=4),
        st.lists(st.integers(), max_size=2),
    ),
    seat=st.one_of(st.integers(-1, 4), st.none(), st.text(max_size=2)),
    venue=st.sampled_from(
        ["garage", "milkyway", "rock_in_the_belt", "burning_star", "scrapyard", "roswell"]
    ),  # fmt: skip
)
def test_malformed_actions_raise_rules_errors_only(action, seat, venue):
    state = GAME.new(2, {"venue": venue}, 3)
    before = copy.deepcopy(state)
    with contextlib.suppress(RulesError):
        GAME.apply(state, seat, action)
    assert state == before  # apply never mutates its input


def _fresh(venue="garage", seed=2, players=2):
    return GAME.new(players, {"venue": venue, "mode": "puzzle"}, seed)


def test_cue_tells_the_truth_once_per_card_and_locks_the_play():
    deck = [2, 3, 4, 1, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5]
    # stage the Cue copies: 2b 3b 4b
    ids = [C.card_id(0, v, "b") for v in (2, 3, 4)]
    rest = [c for c in C.ids_from_values(0, deck) if c not in ids]
    rest_ids = [c for c in rest if C.parse(c)[2] != "b"] + [c for c in rest if C.parse(c)[2] == "b"]
    st0 = start(2, "garage", {"decks": [ids + rest_ids, deck]})
    hand = st0["seats"][0]["hand"]
    five = next(c for c in hand if C.value(c) == 5)
    st1 = act(st0, 0, {"type": "play", "card": five})
    cues = [a for a in GAME.legal_actions(st1, 0) if a["type"] == "cue"]
    assert {a["cue_card"] for a in cues} == set(ids)
    assert all(a["direction"] == "higher" for a in cues)
    lie = {"type": "cue", "card": five, "cue_card": ids[0], "direction": "lower"}
    assert code(lambda: GAME.apply(st1, 0, lie)) == "cue_not_allowed"
    st2 = act(st1, 0, {"type": "cue", "card": five, "cue_card": ids[0]})
    assert st2["seats"][0]["rotated"] == [ids[0]]
    assert not any(a["type"] in ("cue", "take_back") for a in GAME.legal_actions(st2, 0))
    assert code(lambda: GAME.apply(st2, 0, {"type": "take_back"})) == "take_back_locked"
    # the public sees the Cue but not the card
    pub = GAME.view(GAME.new(2, {"venue": "garage", "deal": {"decks": [ids + rest_ids, deck]}},
                             0), None)  # fmt: skip
    assert pub["seats"][0]["played"] == []
    # equal values: no Cue (the 2 against the staged Cue 2)
    two = next(c for c in hand if C.value(c) == 2) if any(C.value(c) == 2 for c in hand) else None
    if two:
        st3 = act(st0, 0, {"type": "play", "card": two})
        eq = {"type": "cue", "card": two, "cue_card": ids[0]}
        assert code(lambda: GAME.apply(st3, 0, eq)) == "cue_not_allowed"


def test_take_back_returns_the_card_and_face_up_locks():
    st0 = GAME.new(2, {"venue": "garage"}, 2)
    card = st0["seats"][0]["hand"][0]
    st1 = act(st0, 0, {"type": "play", "card": card})
    assert GAME.view(st1, 1)["seats"][0]["played"][0]["card"] is None
    st2 = act(st1, 0, {"type": "take_back"})
    assert card in st2["seats"][0]["hand"] and st2["seats"][0]["played"] == []
    icon = next((c for c in st0["seats"][0]["hand"] if C.has_face_up(c)), None)
    if icon:
        st3 = act(st0, 0, {"type": "play", "card": icon, "face_up": True})
        assert (
            GAME.view(GAME.copy_state(st3) | {"mode": "live"}, 1)["seats"][0]["played"][0]["card"]
            == icon
        )
        assert code(lambda: GAME.apply(st3, 0, {"type": "take_back"})) == "take_back_locked"


def test_ready_needs_a_card_and_the_song_waits_for_everyone():
    st0 = _fresh()
    assert code(lambda: GAME.apply(st0, 0, {"type": "ready"})) == "must_play"
    st1 = act(st0, 0, {"type": "play", "card": st0["seats"][0]["hand"][0]})
    st1 = act(st1, 0, {"type": "ready"})
    assert st1["round"] == 1 and GAME.legal_actions(st1, 0) == []
    assert code(lambda: GAME.apply(st1, 0, {"type": "take_back"})) == "already_ready"


def test_solo_is_an_extra_card_once_per_venue_and_take_back_restores_it():
    st0 = _fresh(seed=4)
    solo = st0["solo_seat"]
    hand = st0["seats"][solo]["hand"]
    assert not any(a["type"] == "solo" for a in GAME.legal_actions(st0, solo))
    st1 = act(st0, solo, {"type": "play", "card": hand[0]})
    st2 = act(st1, solo, {"type": "solo", "card": hand[1]})
    assert st2["solo_used"] and len(st2["seats"][solo]["played"]) == 2
    assert not any(a["type"] == "solo" for a in GAME.legal_actions(st2, solo))
    st3 = act(st2, solo, {"type": "take_back"})
    assert not st3["solo_used"] and len(st3["seats"][solo]["hand"]) == 5
    other = 1 - solo
    assert code(lambda: GAME.apply(st1, other, {"type": "solo", "card": "s0-1a"})) in (
        "solo_not_available",
    )


def test_no_encore_on_a_fail_and_the_card_owner_decides():
    songs = [9, 4, 4, 5, 5, 6]
    st0 = run_plan(2, "garage", songs, [R(1, 1)])  # 2 on a 9: FAIL, no Encore offered
    assert st0["phase"] == "play" and st0["encores_taken"] == 0
    from beat_helpers import neutral_events, play_round

    deal = make_deal(2, "garage", [3, 4, 4, 5, 5, 6], [[2], [1]], neutral_events([[2, 1]]))
    st1 = play_round(start(2, "garage", deal), [2, 1])
    # seat 1's 1 on an ON POINT song: seat 1 (and only seat 1) decides
    assert st1["phase"] == "encore" and GAME.seats_to_act(st1) == [1]
    assert code(lambda: GAME.apply(st1, 0, {"type": "encore", "take": True})) == "not_your_turn"
    st2 = act(st1, 1, {"type": "encore", "take": True})
    assert st2["song_deck"][-1] == 6 and st2["setlist_total"] == 7  # leftovers 6,7,7,8,8,9


# -- tours ----------------------------------------------------------------------------


def _finish_random(state, seed=0):
    """Random legal play until the current venue of the tour is over."""
    import random

    rng = random.Random(seed)
    done = len(state["tour"]["log"])
    while len(state["tour"]["log"]) == done:
        seat = rng.choice(GAME.seats_to_act(state))
        state = act(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def test_tour_retry_skip_and_progress():
    state = GAME.new(2, {"tour": ["scrapyard", "garage"], "tour_attempts": 2}, 1)
    assert state["venue"] == "scrapyard" and state["tour"]["index"] == 0
    state = _finish_random(state)
    assert state["phase"] == "tour_choice"  # random play does not fail twelve songs
    assert GAME.seats_to_act(state) == [0, 1]
    state = act(state, 1, {"type": "tour", "choice": "retry"})
    assert state["venue"] == "scrapyard" and state["tour"]["attempt"] == 2
    state = _finish_random(state, 1)
    # the last attempt is used up: the tour moves on by itself
    assert state["venue"] == "garage" and state["tour"]["index"] == 1
    assert [e["won"] for e in state["tour"]["log"]] == [False, False]
    state = _finish_random(state, 2)
    if state["phase"] == "tour_choice":
        state = act(state, 0, {"type": "tour", "choice": "skip"})
    out = outcome(state)
    assert (
        out is not None
        and out["winners"] == []
        and "garage" not in out["venues_won"]
        or (out["venues_won"] == ["garage"])
    )


def test_tour_true_runs_from_the_chosen_venue():
    state = GAME.new(2, {"tour": True, "venue": "broken_stardome"}, 1)
    assert state["tour"]["venues"] == ["broken_stardome", "upload_festival", "pulsar_palace"]


def test_a_won_venue_moves_the_tour_on():
    songs = [3, 4, 5]
    plan = [R(1, 2, encore=True), R(3, 2), R(3, 3), R(3, 3)]
    deal = make_deal(2, "red_rocks", songs, [[1, 3, 3, 3], [2, 2, 3, 3]])
    state = GAME.new(2, {"tour": ["red_rocks", "garage"], "mode": "puzzle", "deal": deal}, 0)
    from beat_helpers import decide_encores, play_round

    for values, opts in plan:
        state = play_round(state, values)
        state = decide_encores(state, opts.get("encore", False))
        if state["venue"] != "red_rocks":
            break
    # events were not pinned here, so only check the tour bookkeeping
    if state["tour"]["log"][0]["won"]:
        assert state["venue"] == "garage" and state["tour"]["index"] == 1


# -- the round-resolution API and catalog ------------------------------------------


def test_resolve_round_api_for_the_solver():
    v = get_venue("area_fifty")
    rec = new_record(2, 7)
    rr = resolve_round(v, [(3, ["clear_skies"])], [[Play(0, 2), Play(1, 1)]], rec)
    assert rr.songs[0].result == "on_point" and rr.lost == "odd_song_not_loud"
    assert rec["results"] == []  # the input record is not touched
    rr = resolve_round(v, [(3, ["clear_skies"])], [[Play(0, 2), Play(1, 2)]], rec)
    assert rr.lost is None and rr.record["results"] == [{"difficulty": 3, "result": "loud"}]


def test_catalog_sections():
    cat = GAME.catalog()
    assert {"venues", "events", "songs"} <= set(cat)
    assert len(cat["venues"]) == 26 and len(cat["events"]) == 32
    assert {k: len(v) for k, v in cat["songs"].items()} == {"2": 12, "3": 12, "4": 12}
    assert cat["venues"][9]["structure"]["setlist_size"] == 12
    json.dumps(cat)
    assert GAME.describe()["content"] == sorted(cat)


def _raw(name):
    return yaml.safe_load(resources.files("services.beat").joinpath(f"data/{name}").read_text())


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d[0].update(songs=13), "songs must be"),
        (lambda d: d[1]["targets"].update(encore={"min": 1}), "targets keys"),
        (lambda d: d[2]["targets"].update(loud={"atleast": 1}), "target 'loud'"),
        (lambda d: d[3].update(rule={"id": "dance"}), "unknown rule"),
        (lambda d: d[5]["rule"].pop("count"), "needs integer 'count'"),
        (lambda d: d[6].update(id="garage"), "duplicate id"),
        (lambda d: d[7].update(tier="legendary"), "tier"),
        (lambda d: d[8].pop("name"), "lacks 'name'"),
    ],
)
def test_venue_validation_catches_broken_data(mutate, message):
    data = _raw("venues.yaml")
    assert len(validate_venues(copy.deepcopy(data))) == 26
    mutate(data)
    with pytest.raises(ValueError, match=message):
        validate_venues(data)


def test_song_validation_catches_broken_data():
    data = _raw("songs.yaml")
    assert validate_songs(copy.deepcopy(data))[3][0] == 5
    data["3"] = data["3"][:11]
    with pytest.raises(ValueError, match="12 difficulties"):
        validate_songs(data)
    with pytest.raises(ValueError, match="bad difficulty"):
        validate_songs({"2": ["x"] * 12, "3": [1] * 12, "4": [1] * 12})


def test_game_over_refuses_actions():
    st0 = run_plan(2, "area_fifty", [3, 4, 4, 5, 5, 6, 6], [R(2, 1)])  # 3 on a 3: lost at once
    assert outcome(st0)["winners"] == [] and GAME.seats_to_act(st0) == []
    assert code(lambda: GAME.apply(st0, 0, {"type": "ready"})) == "game_over"
    assert GAME.view(st0, 0)["status"] == "finished"


def test_revealed_plays_show_in_every_view_during_encore_decisions():
    """After the reveal the plays are public (the results list them): while an Encore is
    being decided, ``seats[i].played`` shows every seat's card to bandmates and
    spectators alike, and before the reveal it shows none of them."""
    from beat_helpers import neutral_events

    deal = make_deal(2, "garage", [3, 4, 4, 5, 5, 6], [[2], [1]], neutral_events([[2, 1]]))
    st = GAME.new(2, {"venue": "garage", "deal": deal}, 0)  # live mode
    two = next(c for c in st["seats"][0]["hand"] if C.value(c) == 2 and not C.has_face_up(c))
    one = next(c for c in st["seats"][1]["hand"] if C.value(c) == 1)
    st = act(st, 0, {"type": "play", "card": two})
    st = act(st, 1, {"type": "play", "card": one})
    for viewer in (0, 1, None):
        seats = GAME.view(st, viewer)["seats"]
        for i in (0, 1):
            if i != viewer:
                assert seats[i]["played"][0]["card"] is None, (viewer, i)
    st = act(act(st, 0, {"type": "ready"}), 1, {"type": "ready"})
    assert st["phase"] == "encore"
    for viewer in (0, 1, None):
        seats = GAME.view(st, viewer)["seats"]
        shown = [(p["card"], p["value"]) for i in (0, 1) for p in seats[i]["played"]]
        assert shown == [(two, 2), (one, 1)], viewer
