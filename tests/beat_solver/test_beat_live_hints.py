"""Live hints: legal, never raising, deterministic, inside their budget, and blind to
what the seat cannot see."""

from __future__ import annotations

import copy
import itertools
import random

import pytest
from engine_band import engine_blueprint_band
from live_positions import VENUES, encore_position, random_position

from services.beat import GAME
from services.beat import venues as V
from solver.beat import blueprint as B
from solver.beat import hints as H
from solver.beat import live


def _apply_all(state: dict, hint: dict) -> dict:
    """Post every action of the hint in order (each must be legal)."""
    for sa in hint["actions"]:
        if state["status"] != "running":
            break
        state, _ = GAME.apply(state, sa["seat"], sa["action"])
    return state


def _check_hints_at(state: dict, samples: int) -> int:
    """Every seat's hint at this position is legal as posted; returns hints checked."""
    checked = 0
    for seat in range(state["players"]):
        h = live.live_hint(state, seat, 1e9, max_samples=samples)
        if not GAME.legal_actions(state, seat):
            assert h["actions"] == []
            continue
        assert h["actions"] and all(sa["seat"] == seat for sa in h["actions"])
        _apply_all(state, h)
        checked += 1
        for e in h.get("estimates", []):
            assert e["samples"] == 0 or 0 <= e["win_share"] <= 1
    return checked


@pytest.mark.parametrize(
    "venue,players",
    [
        ("garage", 2),
        ("rock_in_the_belt", 3),
        ("burning_star", 4),
        ("warken", 2),
        ("scrapyard", 3),
        ("milkyway", 4),
    ],
)
def test_live_hints_are_legal_on_random_positions(venue, players):
    checked = 0
    for seed, steps in ((0, 0), (1, 7), (2, 15)):
        state = random_position(venue, players, seed, steps)
        if state["status"] == "running":
            checked += _check_hints_at(state, 3)
    assert checked > 0


@pytest.mark.slow
@pytest.mark.parametrize("venue", VENUES)
def test_live_hints_never_raise_on_any_venue(venue):
    """Slow sweep: every venue at 2-4 seats, random positions, every seat's hint."""
    checked = 0
    for players, seed in itertools.product((2, 3, 4), range(2)):
        for steps in (0, 9, 23):
            state = random_position(venue, players, seed, steps)
            if state["status"] == "running":
                checked += _check_hints_at(state, 3)
    assert checked > 10


def test_a_band_following_hints_finishes_a_venue():
    """Hints posted seat by seat, whole turns, play a venue to its end."""
    state = GAME.new(3, {"venue": "twin_moon"}, 4)
    for _ in range(200):
        if state["status"] != "running":
            break
        seat = (
            next(s for s in live.band_order(3, state["lead"]) if GAME.legal_actions(state, s))
            if state["phase"] == "play"
            else state["pending_encores"][0]["seat"]
        )
        state = _apply_all(state, live.live_hint(state, seat, 1e9, max_samples=4))
    assert state["status"] == "finished"


def test_same_view_same_hint():
    """Determinism: the same state (or one that differs only in hidden cards) gives
    the same hint for a fixed number of samples."""
    state = GAME.new(2, {"venue": "twin_moon"}, 9)
    other = copy.deepcopy(state)
    s1 = other["seats"][1]
    s1["hand"][0], s1["draw"][0] = s1["draw"][0], s1["hand"][0]
    other["seats"][0]["draw"].reverse()
    other["event_deck"].reverse()
    other["encore_deck"].reverse()
    assert GAME.view(state, 0) == GAME.view(other, 0)
    a = H.live_hint(state, 0, 1e9, max_samples=6)
    b = H.live_hint(copy.deepcopy(state), 0, 1e9, max_samples=6)
    c = H.live_hint(other, 0, 1e9, max_samples=6)
    assert a == b == c
    assert a["samples"] == 6


class StepClock:
    """A clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.t = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.t += self.step
        return self.t


def _expected_samples(step: float, budget: float, candidates: int) -> int:
    """The budget rule replayed on a clock that moves ``step`` per read: one read starts
    the timer; a new sample starts while under 85 % of the budget (the first always);
    inside a sample each candidate after the first reads the clock and the sample is
    dropped once the whole budget is spent."""
    t, start, samples = step, step, 0
    while True:
        if samples:
            t += step
            if t - start >= 0.85 * budget:
                return samples
        for i in range(candidates):
            if i:
                t += step
                if t - start >= budget:
                    return samples
        samples += 1


def test_the_budget_is_read_between_samples_and_candidates():
    state = GAME.new(2, {"venue": "garage"}, 3)
    for step, budget in ((0.1, 1.0), (0.05, 2.0), (0.3, 1.0)):
        clock = StepClock(step)
        h = live.live_hint(state, state["lead"], budget, clock=clock)
        k = len(h["estimates"])
        assert k > 1
        assert h["samples"] == _expected_samples(step, budget, k)
        # the last read is the one that stopped it: never more than one step past budget
        assert clock.t - step <= budget + step
    # a budget too small for one sample: the blueprint's move, still legal
    h = live.live_hint(state, state["lead"], 0.05, clock=StepClock(0.1))
    assert h["samples"] == 0 and h["actions"]
    _apply_all(state, h)


def test_estimates_say_what_they_estimate():
    state = GAME.new(2, {"venue": "garage"}, 1)
    h = live.live_hint(state, state["lead"], 1e9, max_samples=5)
    assert "blueprint" in h["estimate"] and "upper bound" not in h["estimate"]
    assert all(e["samples"] == 5 for e in h["estimates"])
    first = h["actions"][0]["action"]
    assert first in [e["action"] for e in h["estimates"]]


def test_blueprint_reads_only_the_seats_view():
    """The blueprint's Seen for a seat is the same from the view and from the state."""
    rng = random.Random(5)
    for venue in ("garage", "burning_star", "warken", "rock_in_the_belt"):
        state = random_position(venue, 3, rng.randrange(100), rng.randrange(12))
        if state["status"] != "running" or state["phase"] != "play":
            continue
        for seat in range(3):
            a = live.seen_of(GAME.view(state, seat), seat, True)
            b = live.seen_of(state, seat, False)
            assert a == b
            B.options(a)  # and it can decide from it


def test_encore_decisions_are_judged_by_rollouts():
    state = encore_position()
    seat = state["pending_encores"][0]["seat"]
    h = live.live_hint(state, seat, 1e9, max_samples=6)
    assert sorted(e["action"]["take"] for e in h["estimates"]) == [False, True]
    assert h["samples"] == 6
    assert V.get_venue(state["venue"]).id == "roswell"


@pytest.mark.parametrize(
    "venue",
    [
        "garage",
        "twin_moon",
        "red_rocks",
        "area_fifty",
        "roswell",
        "rock_in_the_belt",
        "burning_star",
    ],
)
def test_rollouts_play_the_blueprint_as_the_engine_does(venue):
    """A rollout on the replay (every seat deciding from its own information in the
    world) ends as the same blueprint band played through the engine: same wins."""
    for players, seed in itertools.product((2, 3, 4), range(2)):
        state = GAME.new(players, {"venue": venue, "mode": "puzzle"}, seed)
        end = engine_blueprint_band(state)
        won = live.replay_band(state)
        assert won == bool(GAME.outcome(end)["won"]), (venue, players, seed)


def test_a_rollout_at_burning_star_shows_each_seat_what_the_engine_shows_it(monkeypatch):
    """Burning Star: a rollout's seat decides from the cards it can see, as a seat playing
    through the engine does -- never from its flipped cards (a band that saw them won
    nearly every deal) -- and a seat left with flipped cards only plays one blind, whose
    face its bandmates saw and read as a Face Up card."""
    choose = B.choose
    blind = read = 0
    for players, seed, short in itertools.product((2, 3, 4), (0, 1), (False, True)):
        state = GAME.new(players, {"venue": "burning_star", "mode": "puzzle"}, seed)
        if short:  # seat 1 holds its two flipped cards and nothing else
            mine = state["seats"][1]
            mine["hand"], mine["draw"] = list(mine["flipped"]), []
        decisions: dict[str, list[tuple]] = {"engine": [], "replay": []}
        for way in decisions:

            def spy(seen, way=way, decisions=decisions):
                if seen.need:  # the engine walk also asks a seat left with no card
                    signals = {j: [(s.song, s.exact) for s in ss] for j, ss in seen.signals.items()}
                    hand = tuple(sorted(seen.hand))
                    decisions[way].append((seen.seat, hand, seen.need, signals))
                return choose(seen)

            monkeypatch.setattr(B, "choose", spy)
            if way == "engine":
                won = bool(GAME.outcome(engine_blueprint_band(copy.deepcopy(state)))["won"])
            else:
                assert live.replay_band(state) == won, (players, seed)
        assert decisions["replay"] == decisions["engine"], (players, seed)
        # the two flipped cards stay out of every hand the seat decides from
        assert all(len(hand) <= 3 for _, hand, _, _ in decisions["replay"])
        blind += sum(1 for _, hand, need, _ in decisions["replay"] if need and not hand)
        if short:  # seat 1 played only blind cards: each read as its value
            read += sum(1 for *_, signals in decisions["replay"] if 1 in signals)
            assert all(
                exact is not None
                for *_, signals in decisions["replay"]
                for _, exact in signals.get(1, [])
            )
    assert blind and read  # a seat left with flipped cards only played one, and was read


def test_the_blueprint_takes_an_encore_when_the_setlist_has_no_room_for_a_miss():
    """Rock in the Belt after three ON POINTs: four LOUDs needed from four songs. The
    targets alone do not ask for an Encore, but one more song is clearly more winnable;
    where the targets are met, one more song gains nothing and is declined."""
    rock = V.get_venue("rock_in_the_belt")
    three_on_point = ((5, "on_point"),) * 3
    assert not B.take_encore(rock, three_on_point, 4, 6, 1, 3)  # the targets' rule alone
    assert B.take_encore(rock, three_on_point, 4, 6, 1, 3, players=3)
    garage = V.get_venue("garage")
    met = ((5, "on_point"), (4, "loud"), (6, "loud"), (3, "loud"))
    assert not B.take_encore(garage, met, 1, 5, 0, 3, players=2)


def test_pick_keeps_the_blueprint_move_on_noise_and_follows_a_clear_gain():
    # a gain under MIN_GAIN, or within DEVIATE_Z standard deviations: the blueprint's move
    assert live._pick([0, 5], [0, 4]) == 0
    assert live._pick([0, 12], [0, 9]) == 0
    # three deals won that the blueprint's move lost, none lost: above one deviation
    assert live._pick([0, 3], [0, 0]) == 1
    # the candidate with the larger clear gain
    assert live._pick([0, 3, 6], [0, 0, 1]) == 2


def test_a_burning_star_hint_weighs_one_blind_play_for_all_the_flipped_cards():
    """The flipped cards are alike to their holder: the hint weighs one blind play (two
    would differ only by sampling noise, shown to the player as if it meant something)."""
    state = GAME.new(3, {"venue": "burning_star"}, 2)
    seat = GAME.seats_to_act(state)[0]
    assert GAME.view(state, seat)["seats"][seat]["hidden_count"] == 2
    hint = live.live_hint(state, seat, 1e9, max_samples=4)
    blind = [e for e in hint["estimates"] if "hidden" in e["action"]]
    assert [e["action"]["hidden"] for e in blind] == [0]
