"""Every venue: a scripted game it wins and one it loses for its special rule.

Two players unless noted; 2-player songs are 3,4,4,5,5,6,6,7,7,8,8,9.  Each
round lists (seat 0's value, seat 1's value); the sums and results in the
comments are worked out by hand.  Encore decks are the leftover songs in
ascending order, so the first Encore is the lowest leftover.
"""

from __future__ import annotations

import pytest
from beat_helpers import act, card_action, make_deal, neutral_events, outcome, run_plan, start

from services.beat import GAME
from services.beat import cards as C
from services.beat.songs import songs_for
from services.core import RulesError


def R(a, b, **opts):
    return ([a, b], opts)


def won(state) -> bool:
    out = outcome(state)
    assert out is not None, "the venue is still running"
    return out["won"]


def failures(state) -> list[str]:
    return outcome(state)["failures"]


def test_two_player_songs_are_as_documented():
    assert songs_for(2) == [3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9]


# 1 Garage: last song LOUD
def test_garage_win_and_loss_on_the_last_song():
    songs = [3, 4, 4, 5, 5, 6]
    # 3 op, 5 loud, 5 loud, 7 loud, 2 fail, 7 loud
    win = [R(1, 2), R(3, 2), R(3, 2), R(4, 3), R(1, 1), R(4, 3)]
    assert won(run_plan(2, "garage", songs, win))
    lose = win[:-1] + [R(3, 3)]  # 6 on a 6: ON POINT last
    st = run_plan(2, "garage", songs, lose)
    assert not won(st) and failures(st) == ["last_song_not_loud"]


# 2 Twin Moon: exactly two ON POINT and the Solo must be played
def test_twin_moon_needs_the_solo():
    songs = [3, 4, 4, 5, 5, 6, 6, 7]
    base = [R(1, 2), R(2, 2), R(3, 2), R(3, 3), R(4, 3), R(4, 3), R(5, 4)]
    with_solo = base + [R(5, 4, solo=(1, 0), solo_seat=0, encore=False)]
    st = run_plan(2, "twin_moon", songs, with_solo)
    assert st["solo_used"] and won(st)
    st = run_plan(2, "twin_moon", songs, base + [R(5, 4)])
    assert not won(st) and failures(st) == ["solo_not_played"]


# 3 Red Rocks: an Encore is required
def test_red_rocks_encore():
    songs = [3, 4, 5]
    plan = [R(1, 2, encore=True), R(3, 2), R(3, 3), R(3, 3)]  # 4th: the Encore (4), 6 loud
    st = run_plan(2, "red_rocks", songs, plan)
    assert st["encores_taken"] == 1 and won(st)
    assert [r["difficulty"] for r in st["results"]] == [3, 4, 5, 4]
    st = run_plan(2, "red_rocks", songs, [R(1, 2, encore=False), R(3, 2), R(3, 3)])
    assert not won(st) and "no_encore" in failures(st)


# 4 Area Fifty: odd songs LOUD, at once
def test_area_fifty_odd_songs_loud():
    songs = [3, 4, 4, 5, 5, 6, 6]
    win = [R(2, 2), R(2, 2), R(3, 2), R(3, 3), R(3, 3), R(4, 4), R(4, 4)]
    assert won(run_plan(2, "area_fifty", songs, win))
    st = run_plan(2, "area_fifty", songs, [R(2, 2), R(2, 2), R(3, 1)])  # 3rd song ON POINT
    assert not won(st)
    assert outcome(st)["reason"] == "odd_song_not_loud" and len(st["results"]) == 3


# 5 Roswell: turn order from the Solo player, passing on each song
def test_roswell_turn_order():
    songs = [3, 4, 4, 5, 5, 6]
    win = [R(1, 2), R(2, 2), R(3, 2), R(3, 3), R(4, 3), R(4, 4)]
    assert won(run_plan(2, "roswell", songs, win))
    st = run_plan(2, "roswell", songs, [R(1, 1), R(1, 1)])  # two FAILs, one allowed
    assert not won(st) and outcome(st)["reason"] == "too_many_fails"


def test_roswell_only_the_seat_in_the_spotlight_acts():
    st = GAME.new(3, {"venue": "roswell"}, 5)
    lead = st["solo_seat"]
    other = (lead + 1) % 3
    assert GAME.legal_actions(st, other) == [] and GAME.seats_to_act(st) == [lead]
    card = st["seats"][other]["hand"][0]
    with pytest.raises(RulesError) as e:
        GAME.apply(st, other, {"type": "play", "card": card})
    assert e.value.code == "not_your_turn"
    for seat in (lead, other, (lead + 2) % 3):
        assert GAME.seats_to_act(st) == [seat]
        st = act(st, seat, {"type": "play", "card": st["seats"][seat]["hand"][0]})
        st = act(st, seat, {"type": "ready"})
    while st["phase"] == "encore":
        st = act(st, st["pending_encores"][0]["seat"], {"type": "encore", "take": False})
    if outcome(st) is None:
        assert st["round"] == 2 and GAME.seats_to_act(st) == [other]


# 6 Comeback Comet: the first three songs FAIL
def test_comeback_comet_first_three_fail():
    songs = [5, 5, 6, 4, 4, 3, 6]
    plan = [
        R(1, 1), R(1, 1), R(2, 1),  # 2, 2, 3: three FAILs
        R(1, 3, encore=True),  # 4 on 4, Encore 7 added
        R(2, 2), R(3, 2), R(3, 4), R(4, 4),  # op, loud 5>3, loud 7>6, loud 8>7
    ]  # fmt: skip
    st = run_plan(2, "comeback_comet", songs, plan)
    assert won(st) and outcome(st)["counts"] == {"fail": 3, "on_point": 2, "loud": 3}
    st = run_plan(2, "comeback_comet", songs, [R(1, 1), R(2, 3)])  # 5 on 5: not a FAIL
    assert not won(st) and outcome(st)["reason"] == "early_song_not_fail"


# 7 Rusty Airlock: no Face Up before every value is staged
def test_rusty_airlock_win_and_loss():
    songs = [3, 4, 5, 6, 4, 5, 6, 7, 7]
    win = [R(1, 2), R(2, 2), R(1, 4), R(2, 4), R(3, 2), R(3, 3), R(4, 3), R(4, 5), R(5, 5)]
    assert won(run_plan(2, "rusty_airlock", songs, win))
    lose = win[:7] + [R(1, 1), R(4, 1)]  # two late FAILs: only 3 LOUD
    st = run_plan(2, "rusty_airlock", songs, lose)
    assert not won(st) and "target_loud" in failures(st)


def test_rusty_airlock_face_up_unlocks_when_the_stage_shows_every_value():
    songs = [3, 4, 5, 6, 4, 5, 6, 7, 7]
    plan = [R(1, 2), R(2, 2), R(1, 4), R(2, 4), R(3, 2), R(3, 3), R(4, 3), R(1, 1), R(4, 1)]
    seen = []

    def hook(state, i):
        s = state["seats"][0]
        face_up = [a for a in GAME.legal_actions(state, 0) if a.get("face_up")]
        staged = {C.value(c) for c in s["stage"]}
        icon_in_hand = any(C.has_face_up(c) for c in s["hand"])
        seen.append((i, bool(face_up), staged >= {1, 2, 3, 4, 5} and icon_in_hand))
        if i == 0:
            icon = next(c for c in s["hand"] if C.has_face_up(c))
            with pytest.raises(RulesError) as e:
                GAME.apply(state, 0, {"type": "play", "card": icon, "face_up": True})
            assert e.value.code == "face_up_not_allowed"
        if i == 2:  # 1 and 2 joined the staged 3, 4, 5
            assert {"type": "play", "card": "s0-3a", "face_up": True} in face_up

    # seat 0 stages a 3, 4 and 5 (plain copies); its hand holds the Face Up 2 and 3
    run_plan(2, "rusty_airlock", songs, plan, stages=[[3, 4, 5], None], stage_letters="cba",
             hook=hook)  # fmt: skip
    assert seen[0] == (0, False, False) and seen[2] == (2, True, True)
    assert all(fu == unlocked for _, fu, unlocked in seen)


# 8 Milkyway: a staged Cue card tunes a played card by 1
def test_milkyway_tuning():
    songs = [3, 4, 4, 5, 5, 6, 6, 7]

    def tune(state):
        played = state["seats"][0]["played"][0]["card"]
        cue = next(c for c in state["seats"][0]["stage"] if C.has_cue(c))
        tune_action = {"type": "tune", "card": played, "cue_card": cue, "delta": 1}
        assert tune_action in GAME.legal_actions(state, 0)
        return act(state, 0, tune_action)

    rest = [R(2, 2), R(3, 1), R(3, 2), R(3, 3), R(4, 3), R(4, 4), R(5, 4)]
    # 1+1 tuned to 3 on a 3: ON POINT; two Encore 1s: the first taken (adds a 7)
    first = R(1, 1, before_ready=tune, encore=[True, False])
    stage_cue = [[1, 1, 2], None]
    st = run_plan(2, "milkyway", songs, [first, *rest, R(5, 5)], stages=stage_cue,
                  stage_letters="bac")  # fmt: skip
    assert st["results"][0]["sum"] == 3 and st["results"][0]["result"] == "on_point"
    assert won(st)
    st = run_plan(2, "milkyway", songs, [R(1, 1), *rest], stages=stage_cue, stage_letters="bac")
    assert st["results"][0]["result"] == "fail" and not won(st)


def test_milkyway_radio_silence_forbids_tuning_and_says_so():
    """A tune is given with a staged Cue card, so Radio Silence ("No Cue may be given")
    silences it too; the event's text must tell the players."""
    songs = [3, 4, 4, 5, 5, 6, 6, 7]

    def tune(state):
        text = GAME.view(state, 0)["current"][0]["events"][0]["text"]
        assert "Milkyway" in text and "tune" in text, text
        played = state["seats"][0]["played"][0]["card"]
        cue = next(c for c in state["seats"][0]["stage"] if C.has_cue(c))
        return act(state, 0, {"type": "tune", "card": played, "cue_card": cue, "delta": 1})

    plan = [R(1, 1, before_ready=tune)]
    events = ["radio_silence", *neutral_events([[1, 1]] * 7, exclude=["radio_silence"])]
    st = run_plan(2, "milkyway", songs, plan, stages=[[1, 1, 2], None], stage_letters="bac",
                  events=events)  # fmt: skip
    first = st["results"][0]
    assert first["sum"] == 3 and first["raw"] == "on_point"
    assert first["result"] == "fail" and first["broken"] == ["radio_silence:forbid_cue"]


# 9 Jupiter: empty start, random Solo, full range by the end
def test_jupiter_full_range():
    songs = [3, 4, 4, 5, 5]
    win = [R(1, 2), R(2, 3), R(3, 4), R(4, 5), R(5, 1)]  # op, 5>4, 7>4, 9>5, 6>5
    st = run_plan(2, "jupiter", songs, win, solo=1)
    assert won(st) and st["solo_seat"] == 1
    lose = [R(1, 2), R(2, 3), R(3, 4), R(4, 5), R(4, 2)]  # seat 0 lacks a 5, seat 1 a 1
    st = run_plan(2, "jupiter", songs, lose, solo=1)
    assert not won(st) and failures(st) == ["range_incomplete"]


def test_jupiter_starts_with_an_empty_stage():
    st = GAME.new(3, {"venue": "jupiter"}, 3)
    assert all(s["stage"] == [] and len(s["draw"]) == 10 for s in st["seats"])


# 10 Neverending: all twelve songs
def test_neverending_plays_all_twelve():
    songs = [3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9]
    win = [R(1, 2), R(1, 3), R(2, 2), R(2, 3), R(3, 3), R(3, 4),
           R(4, 4), R(4, 5), R(5, 5), R(5, 4), R(1, 1), R(2, 1)]  # fmt: skip
    st = run_plan(2, "neverending", songs, win)
    assert len(st["results"]) == 12 and won(st)
    # after nine songs the targets are met (4 ON POINT, 5 LOUD) but the night goes on:
    # three FAILs in the three extra songs lose it on the twelfth
    lose = win[:9] + [R(3, 2), R(1, 1), R(2, 1)]
    st = run_plan(2, "neverending", songs, lose)
    first9 = [r["result"] for r in st["results"][:9]]
    assert first9.count("on_point") == 4 and first9.count("loud") == 5
    assert not won(st) and outcome(st)["reason"] == "too_many_fails"
    assert len(st["results"]) == 12


# 11 Entropy Hall: one song, automatic Encores, win when all 1s are staged
def test_entropy_hall_chain():
    no = {"encore": False}
    plan = [R(1, 2, **no), R(1, 3, **no), R(1, 3, **no), R(4, 1, **no), R(4, 1, **no),
            R(5, 1, **no)]  # fmt: skip
    st = run_plan(2, "entropy_hall", [3], plan)
    assert won(st) and outcome(st)["reason"] == "entropy_complete"
    assert [r["difficulty"] for r in st["results"]] == [3, 4, 4, 5, 5, 6]
    # a FAIL adds nothing: no songs left, and the 1s are not all staged
    st = run_plan(2, "entropy_hall", [3], [R(1, 1)], stages=[[5, 5, 5], [5, 5, 5]])
    assert not won(st) and "ones_not_staged" in failures(st)


# 12 Event Horizon: LOUD and FAIL recycle; the band loses when it runs out of cards
def test_event_horizon_recycles():
    songs = [3, 4, 4, 5, 5, 6]
    plan = [R(2, 2), R(2, 2), R(1, 3), R(2, 3), R(4, 1), R(3, 3), R(1, 2)]
    st = run_plan(2, "event_horizon", songs, plan)
    assert won(st) and st["results"][0]["recycled"] and st["results"][-1]["difficulty"] == 3
    never = [R(v, v) for v in (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4)]
    st = run_plan(2, "event_horizon", [9, 8, 8, 7, 7, 6], never, stages=[[5, 5, 5]] * 2)
    assert not won(st) and outcome(st)["reason"] == "no_cards_left"


# 13 Rock in the Belt: two songs at once, two cards each
def test_rock_in_the_belt_medley():
    songs = [3, 4, 4, 5, 5, 6]
    plan = [
        R([1, 3], [2, 2], encore=True),  # 3 op, 5>4 loud; Encore 6
        R([2, 3], [2, 3]),  # 4 op, 6>5 loud
        R([2, 4], [3, 3]),  # 5 op, 7>6 loud
        R(4, 4),  # the Encore alone: 8>6 loud
    ]
    st = run_plan(2, "rock_in_the_belt", songs, plan)
    assert won(st) and [len(r) for r in [st["results"]]] == [7]
    plan[0] = R([1, 3], [2, 2], encore=False)
    st = run_plan(2, "rock_in_the_belt", songs, plan[:3])
    assert not won(st) and "target_loud" in failures(st)


# 14 Scrapyard: every song FAILs; the Solo may be a pass
def test_scrapyard_all_fail_with_a_solo_pass():
    songs = [3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9]
    plan = [R(1, 1), R(2, 1), R(1, 2), R(3, 1), R(2, 2), R(1, 4), R(3, 2), R(2, 4),
            R(3, 3), R(4, 3), R("pass", 4), R(4, 3)]  # fmt: skip
    st = run_plan(2, "scrapyard", songs, plan, stages=[[5, 5, 5], [5, 5, 5]])
    assert st["solo_seat"] == 0 and st["solo_used"] and won(st)
    lose = plan[:10] + [R(5, 4)]  # 9 on an 8: LOUD, and the venue ends on that song
    st = run_plan(2, "scrapyard", songs, lose, stages=[None, [5, 5, 5]])
    assert len(st["results"]) == 11 and st["results"][-1]["result"] == "loud"
    assert not won(st) and outcome(st)["reason"] == "song_not_fail"
    # an ON POINT first song ends it too: there is no undoing a song that did not FAIL
    st = run_plan(2, "scrapyard", songs, [R(1, 2)])
    assert len(st["results"]) == 1 and failures(st) == ["song_not_fail"]


# Ten FAILs, then two songs where only the Solo's extra card keeps the night a FAIL: a
# second 3 breaks Feedback Loop (no two cards of one value) on the 3, and the 5 left
# for the last song breaks Silent Disco (no 5) on the 4.
SCRAP_SONGS = [9, 8, 8, 7, 7, 6, 6, 5, 5, 4, 3, 4]
SCRAP_FAILS = [R(4, 4), R(4, 3), R(4, 3), R(3, 3), R(2, 4), R(2, 2), R(2, 2), R(1, 2),
               R(1, 1), R(1, 1)]  # fmt: skip
SCRAP_STAGES = [[5, 5, 5], [1, 5, 5]]  # seat 0 holds the Solo


def _scrap_events():
    last = ["feedback_loop", "silent_disco"]
    return neutral_events([vals for vals, _ in SCRAP_FAILS], exclude=last) + last


def test_scrapyard_solo_may_still_be_an_extra_card():
    """Scrapyard adds the pass to the Solo and takes nothing away: the extra card stays."""
    solo = R(3, 4, solo=(3, 0), solo_seat=0)
    plan = SCRAP_FAILS + [solo, R(None, 5)]
    st = run_plan(2, "scrapyard", SCRAP_SONGS, plan, stages=SCRAP_STAGES, events=_scrap_events())
    assert [r["result"] for r in st["results"]] == ["fail"] * 12
    assert st["results"][10]["broken"] == ["feedback_loop:max_same_value_count"]
    assert st["results"][11]["broken"] == ["silent_disco:forbid_value"]
    assert st["solo_used"] and won(st)
    # the same eleventh song with the pass instead: 4 on the 3 is LOUD, the night is over
    st = run_plan(2, "scrapyard", SCRAP_SONGS, SCRAP_FAILS + [R("pass", 4)],
                  stages=SCRAP_STAGES, events=_scrap_events())  # fmt: skip
    assert not won(st) and failures(st) == ["song_not_fail"]
    # both uses are listed while the Solo is unspent: the pass before playing, the
    # extra card after the seat's own card
    st = run_plan(2, "scrapyard", SCRAP_SONGS, SCRAP_FAILS, stages=SCRAP_STAGES,
                  events=_scrap_events())  # fmt: skip
    assert {"type": "solo_pass"} in GAME.legal_actions(st, 0)
    three = next(c for c in st["seats"][0]["hand"])
    st = act(st, 0, {"type": "play", "card": three})
    other = next(c for c in st["seats"][0]["hand"])
    assert {"type": "solo", "card": other} in GAME.legal_actions(st, 0)
    assert {"type": "solo_pass"} not in GAME.legal_actions(st, 0)


# 15 Burning Star: two hand cards hidden from their holder
def test_burning_star():
    songs = [3, 4, 4, 5, 5, 6, 6]
    plan = [R(1, 2), R(2, 2), R(3, 2), R(3, 3), R(4, 3), R(4, 3), R(4, 4)]
    st = run_plan(2, "burning_star", songs, plan)
    assert won(st)
    st = run_plan(2, "burning_star", songs, [R(1, 1), R(1, 1), R(1, 1), R(2, 2)])
    assert not won(st) and outcome(st)["reason"] == "too_many_fails"


def test_burning_star_hidden_cards_are_played_blind():
    st = GAME.new(2, {"venue": "burning_star"}, 9)
    s0 = st["seats"][0]
    assert len(s0["flipped"]) == 2
    mine, theirs = GAME.view(st, 0), GAME.view(st, 1)
    assert not set(s0["flipped"]) & set(mine["seats"][0]["hand"])
    assert theirs["seats"][0]["flipped"] == s0["flipped"]
    with pytest.raises(RulesError) as e:
        GAME.apply(st, 0, {"type": "play", "card": s0["flipped"][0]})
    assert e.value.code == "card_not_in_hand"
    legal = GAME.legal_actions(st, 0)
    assert {"type": "play", "hidden": 0} in legal
    assert not any(a.get("hidden") is not None and a.get("face_up") for a in legal)
    st = act(st, 0, {"type": "play", "hidden": 1})
    assert not any(a["type"] == "cue" for a in GAME.legal_actions(st, 0))
    assert GAME.view(st, 0)["seats"][0]["played"][0]["card"] is None
    st = act(st, 0, {"type": "ready"})
    st = act(st, 1, {"type": "play", "card": st["seats"][1]["hand"][0]})
    st = act(st, 1, {"type": "ready"})
    while st["phase"] == "encore":
        st = act(st, st["pending_encores"][0]["seat"], {"type": "encore", "take": False})
    assert len(st["seats"][0]["flipped"]) == 2  # the replacement was drawn flipped


# 16 Stellar Studio: a second LOUD in a row is a FAIL
def test_stellar_studio_no_loud_twice():
    songs = [3, 4, 4, 5, 5, 6]
    plan = [R(2, 2), R(2, 2), R(3, 2), R(4, 1), R(3, 3), R(4, 4)]
    st = run_plan(2, "stellar_studio", songs, plan)
    assert st["results"][5]["raw"] == "loud" and st["results"][5]["result"] == "fail"
    assert won(st)
    lose = [R(2, 2), R(3, 2), R(3, 2), R(3, 3), R(4, 3), R(4, 4)]  # LOUD every time
    st = run_plan(2, "stellar_studio", songs, lose)
    assert [r["result"] for r in st["results"]] == ["loud", "fail"] * 3
    assert not won(st) and outcome(st)["reason"] == "too_many_fails"


# 17 Black Hole: two cards confiscated per seat
def test_black_hole_confiscation():
    songs = [3, 4, 4, 5, 5, 6, 6, 7]
    plan = [R(1, 2), R(2, 2), R(3, 2), R(3, 3), R(4, 3), R(4, 3), R(4, 4), R(5, 4)]
    st = run_plan(2, "black_hole", songs, plan)
    assert won(st) and all(len(s["confiscated"]) == 2 for s in st["seats"])
    st = run_plan(2, "black_hole", songs, [R(1, 1), R(1, 1), R(1, 1), R(2, 2)])
    assert not won(st) and outcome(st)["reason"] == "too_many_fails"


def test_black_hole_eleventh_song_is_played_with_no_cards_and_the_final_check_decides():
    songs = [3, 4, 4, 5, 5, 6, 6, 7]
    e = {"encore": True}
    plan = [R(1, 2, **e), R(1, 3, **e), R(1, 3, **e),  # three ON POINT, three Encores
            R(2, 4), R(2, 4), R(3, 4), R(3, 5), R(4, 5), R(4, 5),  # six LOUD
            R(5, 2)]  # 7 on the first 8: FAIL  # fmt: skip
    st = run_plan(2, "black_hole", songs, plan)
    # eleven songs, but only 5 in hand + 7 to draw - 2 confiscated = 10 cards per seat:
    # nobody can play on the eleventh, so each seat can only say it is ready
    assert st["setlist_total"] == 11 and len(st["results"]) == 10
    assert outcome(st) is None and st["round"] == 11
    for seat in (0, 1):
        assert st["seats"][seat]["need"] == 0
        assert GAME.legal_actions(st, seat) == [{"type": "ready"}]
        st = act(st, seat, {"type": "ready"})
    last = st["results"][-1]
    assert (last["cards"], last["sum"], last["result"]) == ([], 0, "fail")
    # 3 ON POINT, 6 LOUD, 2 FAILs: every target of Black Hole is met
    assert won(st) and outcome(st)["reason"] == "final_check"
    # two LOUDs played short (5 on the 7s) and the empty song is the fourth FAIL
    short = plan[:7] + [R(4, 1), R(4, 1), R(5, 2), R(None, None)]
    st = run_plan(2, "black_hole", songs, short)
    assert len(st["results"]) == 11 and st["results"][-1]["cards"] == []
    assert not won(st) and outcome(st)["reason"] == "too_many_fails"


def test_black_hole_confiscated_cards_leave_the_bottom_of_the_draw_pile():
    deck = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5]
    deal = {"decks": [deck, deck]}
    st = start(2, "black_hole", deal)
    assert [C.value(c) for c in st["seats"][0]["confiscated"]] == [4, 5]
    assert len(st["seats"][0]["draw"]) == 5
    live = GAME.new(2, {"venue": "black_hole", "deal": deal}, 0)
    assert "confiscated" not in GAME.view(live, 0)["seats"][0]


# 18 Cosmochella: exactly nine songs
def test_cosmochella_exactly_nine():
    songs = [3, 4, 4, 5, 5, 6, 6]
    plan = [R(1, 2, encore=True), R(1, 3, encore=True), R(2, 2), R(2, 3),
            R(4, 1, encore=False), R(3, 3), R(4, 4), R(5, 4), R(5, 5)]  # fmt: skip
    st = run_plan(2, "cosmochella", songs, plan)
    assert len(st["results"]) == 9 and won(st)
    plan[4] = R(4, 1, encore=True)  # a third Encore: ten songs
    st = run_plan(2, "cosmochella", songs, plan[:5])
    assert not won(st) and outcome(st)["reason"] == "too_many_songs"


# 19 Binary Ballroom: even songs ON POINT, at once
def test_binary_ballroom_even_songs():
    songs = [3, 4, 4, 5, 5, 6, 6]
    plan = [R(2, 2), R(1, 3, encore=True), R(2, 2), R(3, 3), R(3, 3), R(4, 2), R(1, 5),
            R(5, 4)]  # fmt: skip
    st = run_plan(2, "binary_ballroom", songs, plan)
    assert won(st)
    st = run_plan(2, "binary_ballroom", songs, [R(2, 2), R(1, 3), R(2, 3)])  # 5 on a 4
    assert not won(st) and outcome(st)["reason"] == "even_song_not_on_point"


# 20 Astro City: never LOUD by more than 2
def test_astro_city_margin_cap():
    songs = [3, 4, 4, 5, 5, 6]
    plan = [R(1, 3, encore=True), R(2, 3), R(3, 3), R(4, 2), R(2, 4), R(4, 4), R(2, 4)]
    st = run_plan(2, "astro_city", songs, plan)
    assert won(st)
    plan[1] = R(2, 5)  # 7 on a 4: over by 3
    st = run_plan(2, "astro_city", songs, plan)
    assert st["results"][1]["raw"] == "loud" and st["results"][1]["result"] == "fail"
    assert not won(st) and "target_loud" in failures(st)


# 21 Madyson: the last two songs ON POINT
def test_madyson_finale():
    songs = [3, 4, 4, 5, 5, 6]
    plan = [R(1, 3), R(3, 2), R(3, 2), R(3, 3), R(2, 3), R(4, 2)]
    assert won(run_plan(2, "madyson", songs, plan))
    plan[4] = R(2, 4)  # 6 on the 5: LOUD
    st = run_plan(2, "madyson", songs, plan)
    assert not won(st) and "finale_not_on_point" in failures(st)


# 22 Kaos: two events per song
def test_kaos_two_events():
    songs = [3, 4, 4, 5, 5, 6, 6, 7, 7]
    plan = [R(1, 2), R(2, 2), R(3, 1), R(2, 3), R(3, 3), R(4, 3), R(4, 4), R(5, 4), R(5, 5)]
    st = run_plan(2, "kaos", songs, plan)
    assert won(st) and all(len(r["events"]) == 2 for r in st["results"])
    # each pair below contradicts itself: the song FAILs whatever is played
    evs = ["headliner", "silent_disco", "the_hook", "missing_middle", "humble_roots",
           "no_openers"]  # fmt: skip
    st = run_plan(2, "kaos", songs, [R(1, 2), R(2, 2), R(1, 3)], events=evs)
    assert [r["result"] for r in st["results"]] == ["fail"] * 3
    assert not won(st) and outcome(st)["reason"] == "too_many_fails"


# 23 Warken: exactly one ON POINT; the setlist hidden from all but the Solo
def test_warken():
    songs = [3, 4, 4, 5, 5]
    plan = [R(1, 2, encore=True), R(2, 3), R(3, 3), R(3, 3), R(4, 2), R(4, 4)]
    assert won(run_plan(2, "warken", songs, plan))
    plan[1] = R(2, 2)  # a second ON POINT
    st = run_plan(2, "warken", songs, plan)
    assert not won(st) and "target_on_point" in failures(st)


def test_warken_views_and_the_solo_face_up():
    st = GAME.new(3, {"venue": "warken"}, 4)
    solo = st["solo_seat"]
    for seat in range(3):
        v = GAME.view(st, seat)
        if seat == solo:
            assert v["current"][0]["difficulty"] == st["current"][0]["difficulty"]
            assert v["song_deck"]["order"] == st["song_deck"]
        else:
            assert v["current"][0]["difficulty"] is None and "order" not in v["song_deck"]
    plain = [c for c in st["seats"][solo]["hand"] if not C.has_face_up(c)][0]
    assert {"type": "play", "card": plain, "face_up": True} in GAME.legal_actions(st, solo)


def test_warken_never_gives_the_hidden_difficulty_away():
    """A 1 breaks No Openers, so the song FAILs although 1 + 2 equals its difficulty 3:
    the sum is public, so the comparison before events (``raw``) would tell the other
    seats the difficulty.  Only the Solo player sees it, in views and events alike."""
    deal = make_deal(2, "warken", [3, 4, 4, 5, 5], [[1, 2, 3], [2, 3, 3]], ["no_openers"])
    st = GAME.new(2, {"venue": "warken", "deal": deal}, 0)
    assert st["mode"] == "live" and st["solo_seat"] == 0
    st = act(st, 0, card_action(st, 0, 1))
    st = act(st, 0, {"type": "ready"})
    st = act(st, 1, card_action(st, 1, 2))
    st, events = GAME.apply(st, 1, {"type": "ready"})
    assert st["results"][0]["raw"] == "on_point" and st["results"][0]["result"] == "fail"
    revealed = [s for e in events if e["type"] == "revealed" for s in e["songs"]]
    assert revealed and all(s["raw"] is None and s["difficulty"] is None for s in revealed)
    for viewer in (None, 0, 1):
        v = GAME.view(st, viewer)
        songs = v["results"] + v["last_round"]["songs"]
        if viewer == 0:
            assert {(s["difficulty"], s["raw"]) for s in songs} == {(3, "on_point")}
        else:
            assert {(s["difficulty"], s["raw"]) for s in songs} == {(None, None)}, viewer


# 24 Broken Stardome: exactly 3 / 6 / 1, no Encores
def test_broken_stardome():
    songs = [3, 4, 4, 5, 5, 6, 6, 7, 7, 8]
    plan = [R(1, 2), R(1, 3), R(2, 2), R(1, 1), R(3, 3), R(2, 5), R(4, 3), R(4, 4), R(5, 4),
            R(5, 5)]  # fmt: skip
    st = run_plan(2, "broken_stardome", songs, plan)
    assert won(st) and st["encores_taken"] == 0
    st = run_plan(2, "broken_stardome", songs, plan[:4] + [R(2, 1)])
    assert not won(st) and outcome(st)["reason"] == "too_many_fails"


# 25 Upload Festival: the highest hand card is staged after each song
UPLOAD_DECK = [3, 3, 3, 1, 1, 2, 2, 5, 1, 2, 4, 4, 4, 5, 5]


def _upload(rounds):
    songs = [4, 4, 8, 9, 7, 3]
    events = neutral_events([[a, b] for (a, b), _ in rounds])
    pool = list(songs_for(2))
    for d in songs:
        pool.remove(d)
    deal = {"decks": [UPLOAD_DECK, UPLOAD_DECK], "songs": songs, "encores": pool,
            "events": events}  # fmt: skip
    from beat_helpers import play_round

    st = start(2, "upload_festival", deal)
    for values, _ in rounds:
        if outcome(st) is not None:
            break
        st = play_round(st, values)
    return st


def test_upload_festival_forced_staging():
    # hand 1 1 2 2 5: play 2, stage the 5, draw 1 2; play 2, stage a 2, draw 4 4; play 4,
    # stage a 4, draw 4 5; play 5, stage a 4, draw 5; play 5, stage a 1; play 1, stage a 1
    st = _upload([R(2, 2), R(2, 2), R(4, 4), R(5, 5), R(5, 5), R(1, 1)])
    assert [r["result"] for r in st["results"]] == [
        "on_point", "on_point", "on_point", "loud", "loud", "fail"]  # fmt: skip
    assert won(st)
    # keeping the 5 in hand loses it to the stage: hands run low, three FAILs
    st = _upload([R(1, 1), R(1, 1), R(2, 2)])
    assert not won(st) and outcome(st)["reason"] == "too_many_fails"


def test_upload_festival_encore_is_played_with_no_cards():
    """Each song takes two cards from a seat (the play and the staging), so the six
    songs use all twelve; an Encore adds a seventh that nobody can play on: a FAIL, and
    the final check decides (the band does not lose for running out of cards)."""
    songs = [4, 4, 8, 9, 7, 3]
    # seat 1: hand 1 2 4 4 2 -- play 2, stage 4, draw 3 5; play 2, stage 5, draw 2 4;
    # play 4, stage 4, draw 5 3; play 5, stage 3, draw 5; play 5, stage 3; play 2, stage 1
    deck1 = [1, 3, 1, 1, 2, 4, 4, 2, 3, 5, 2, 4, 5, 3, 5]
    rounds = [[2, 2], [2, 2], [4, 4], [5, 5], [5, 5], [1, 2]]  # OP OP OP LOUD LOUD OP
    pool = list(songs_for(2))
    for d in songs:
        pool.remove(d)
    deal = {"decks": [UPLOAD_DECK, deck1], "songs": songs, "encores": pool,
            "events": neutral_events(rounds + [[]])}  # fmt: skip
    from beat_helpers import decide_encores, play_round

    for take in (True, False):
        st = start(2, "upload_festival", deal)
        for values in rounds:
            st = play_round(st, values)
        st = decide_encores(st, take)  # seat 0's 1 on the ON POINT sixth song
        if not take:
            assert won(st) and len(st["results"]) == 6
            continue
        assert outcome(st) is None and all(not s["hand"] for s in st["seats"])
        st = play_round(st, [None, None])
        assert [r["result"] for r in st["results"]][-2:] == ["on_point", "fail"]
        assert st["results"][-1]["cards"] == []
        assert won(st) and outcome(st)["counts"] == {"fail": 1, "on_point": 4, "loud": 2}


# 26 Pulsar Palace: sorted visible setlist, all ON POINT, no Encores
def test_pulsar_palace():
    songs = [6, 3, 5, 4, 4, 5]  # sorted at setup
    plan = [R(1, 2), R(2, 2), R(1, 3), R(2, 3), R(1, 4), R(3, 3)]
    st = run_plan(2, "pulsar_palace", songs, plan)
    assert [r["difficulty"] for r in st["results"]] == [3, 4, 4, 5, 5, 6]
    assert won(st) and st["encores_taken"] == 0
    st = run_plan(2, "pulsar_palace", songs, [R(1, 2), R(2, 1)])  # 3 on a 4
    assert not won(st) and outcome(st)["reason"] == "too_many_fails"
    # "no LOUDs": a LOUD cannot be undone either, so the venue ends on it
    st = run_plan(2, "pulsar_palace", songs, [R(1, 2), R(2, 3)])  # 5 on a 4
    assert len(st["results"]) == 2 and st["results"][-1]["result"] == "loud"
    assert not won(st) and failures(st) == ["loud_song"]


def test_pulsar_palace_setlist_is_public():
    st = GAME.new(2, {"venue": "pulsar_palace"}, 1)
    v = GAME.view(st, None)
    assert v["song_deck"]["order"] == sorted(v["song_deck"]["order"])


def test_make_deal_rejects_overused_values():
    with pytest.raises(ValueError):
        make_deal(2, "garage", [3, 4, 4, 5, 5, 6], [[1, 1, 1, 1], [2]])
