"""Properties of the live hint over random positions of every venue: the belief never
contradicts the seat's view, the conventions are read as they are given, and the hint
is legal, deterministic and within its budget."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from live_positions import VENUES, random_position
from test_beat_live_sampler import check_sample

from services.beat import GAME
from services.beat import venues as V
from solver.beat import blueprint as B
from solver.beat import live
from solver.beat.blueprint import conventions, data, mate_values

SAMPLE_VENUES = ["garage", "roswell", "jupiter", "rock_in_the_belt", "warken", "burning_star"]


def _public(view: dict) -> dict:
    # the previous round's record is not drawn (no rollout reads it)
    return {**view, "last_round": None}


def _belief_agrees(venue: str, players: int, seed: int, steps: int, draws: int) -> int:
    state = random_position(venue, players, seed, steps)
    if state["status"] != "running":
        return 0
    checked = 0
    for seat in range(players):
        view = GAME.view(state, seat)
        rng = random.Random(seed)
        for _ in range(draws):
            world = live.believed_state(view, seat, rng)
            check_sample(state, seat, world)
            world = {**world, "mode": view["mode"], "options": {**world["options"], "mode": "live"}}
            assert _public(GAME.view(world, seat)) == _public(view), (venue, players, seat)
            checked += 1
    return checked


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    venue=st.sampled_from(VENUES),
    players=st.integers(2, 4),
    seed=st.integers(0, 50),
    steps=st.integers(0, 30),
)
def test_the_belief_never_contradicts_the_view(venue, players, seed, steps):
    """Every deal the search samples (weighted by the bandmates' plays, their face-down
    cards re-drawn as the blueprint's picks) shows the seat exactly the view it has and
    is a complete deal whose Cues tell the truth."""
    _belief_agrees(venue, players, seed, steps, 2)


@pytest.mark.slow
@pytest.mark.parametrize("venue", VENUES)
def test_the_belief_never_contradicts_the_view_sweep(venue):
    assert sum(
        _belief_agrees(venue, players, seed, steps, 3)
        for players in (2, 3, 4)
        for seed in range(3)
        for steps in (0, 7, 15, 26)
    )


def _first_song_plays(venue: str, players: int, seeds: range, signalled: bool):
    """At seeded positions, each seat with bandmates after it that plays a card on the
    round's first song, with a signal (``signalled``) or none: (seat, what it sees, the
    card's value, the state after its plays)."""
    for seed in seeds:
        for steps in (0, 4, 9, 14, 20):
            state = random_position(venue, players, seed, steps)
            if state["status"] != "running" or state["phase"] != "play":
                continue
            for seat in live.band_order(players, state["lead"]):
                view = GAME.view(state, seat)
                seen = live.seen_of(view, seat, True)
                if view["seats"][seat]["played"] or not seen.hand or not seen.later:
                    continue
                if not any(a["type"] == "play" for a in GAME.legal_actions(state, seat)):
                    continue  # not its turn (Roswell plays in turn order)
                choice = B.choose(seen)
                main = [(c, song) for c, song, solo in choice.plays if not solo]
                if not main or main[0][1] != 0 or bool(choice.face_up or choice.cue) != signalled:
                    continue
                if choice.breaks:
                    continue  # a Face Up or Cue that breaks the song's event tells nothing
                after = state
                for action in live._play_actions(choice, len(view["current"]) > 1, ready=False):
                    after, _ = GAME.apply(after, seat, action)
                yield seat, seen, live.sim.VALUE[main[0][0]], after


def _read_by(after: dict, reader: int, seat: int):
    """What ``reader`` sees after ``seat``'s plays, and the signal it reads of them."""
    read = live.seen_of(GAME.view(after, reader), reader, True)
    return read, next(s for s in read.signals[seat] if not s.solo)


def _signals_read_as_given(venue: str, players: int, seeds: range) -> int:
    """The signal a seat gives on its card is the one every later seat reads from its
    view (the middle bandmates, who answer it, as well as the closer), and each
    reader's distribution of the card is the one the giver expects it to hold."""
    checked = 0
    for seat, seen, value, after in _first_song_plays(venue, players, seeds, True):
        given = conventions.signal_kind(seen, value)
        expected_signal = conventions.signal_read(seen, value)
        for reader in seen.later:
            # the closer and the middle bandmates, who answer it, alike
            read, signal = _read_by(after, reader, seat)
            if given == ("exact",):
                assert signal.exact == value
            else:
                assert given is not None and (signal.above, signal.below) == given[1:]
                assert signal.above < value < signal.below
            assert signal == expected_signal
            assert mate_values.mate_distribution(
                read, seat, signal
            ) == mate_values.mate_distribution(seen, seat, expected_signal)
        read, signal = _read_by(after, seen.later[-1], seat)
        expected = conventions.closer_belief(seen, (value,), value)
        pool, _ = mate_values.mate_pool(read, seat, 0)
        reading = mate_values.value_distribution(pool, signal.exact, signal.above, signal.below)
        assert expected == tuple((mate_values.CODE[x], p) for x, p in reading)
        checked += 1
    return checked


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_reads_the_signal_it_would_have_given(players):
    assert _signals_read_as_given("garage", players, range(6)) > 0


def _silence_read_as_given(venue: str, players: int, seeds: range) -> int:
    """A card played face down with no signal: the last seat to play reads from its view
    the distribution the giver expects it to read (the convention's silence)."""
    checked = 0
    for seat, seen, value, after in _first_song_plays(venue, players, seeds, False):
        read, signal = _read_by(after, seen.later[-1], seat)
        held = read.hand_counts[seat] + len(read.signals[seat])
        if mate_values.silence_of(read, seat, 0, held) is None:
            continue  # nothing beyond any unstaged value
        expected = conventions.closer_belief(seen, (value,), value)
        reading = mate_values.mate_distribution(read, seat, signal, 0)
        assert value in dict(reading)
        assert expected == tuple((mate_values.CODE[x], p) for x, p in reading)
        checked += 1
    return checked


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_reads_the_silence_it_would_have_kept(players):
    assert _silence_read_as_given("garage", players, range(8)) > 0


CONVENTIONS = st.fixed_dictionaries(
    {
        name: st.fixed_dictionaries({n: st.sampled_from(entry.grid) for n in data.SEATS})
        for name, entry in data.SCHEMA.items()
    }
)


#: a tier's or a venue's changes to some entries, at every seat count
CHANGES = st.sets(st.sampled_from(sorted(data.SCHEMA)), max_size=6).flatmap(
    lambda names: st.fixed_dictionaries(
        {
            name: st.fixed_dictionaries(
                {n: st.sampled_from(data.SCHEMA[name].grid) for n in data.SEATS}
            )
            for name in names
        }
    )
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    values=CONVENTIONS,
    tier_changes=CHANGES,
    venue_changes=CHANGES,
    venue=st.sampled_from(VENUES),
    players=st.integers(2, 4),
    seed=st.integers(0, 50),
)
def test_any_conventions_are_read_as_given(
    values, tier_changes, venue_changes, venue, players, seed
):
    """Whatever the conventions file says (any value of every entry's grid: Face Up or
    not, any Cue width, either copy order, any weights; overridden for the venue's tier
    and for the venue itself), at every venue and seat count a later seat reads from its
    view the signal the giver expected it to read."""
    scopes = {data.tier_of(V.get_venue(venue)): tier_changes, venue: venue_changes}
    with data.using(values, {scope: c for scope, c in scopes.items() if c}):
        _signals_read_as_given(venue, players, range(seed, seed + 1))


def test_the_shipped_conventions_signal_and_are_read_as_given():
    """The shipped conventions do signal (the properties above are not vacuous)."""
    assert sum(_signals_read_as_given(v, 4, range(2)) for v in ("garage", "milkyway")) > 0


@pytest.mark.slow
@pytest.mark.parametrize("venue", VENUES)
def test_signals_are_read_as_given_sweep(venue):
    for players in (2, 3, 4):
        _signals_read_as_given(venue, players, range(4))


class StepClock:
    """A clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.t = 0.0
        self.step = step

    def __call__(self) -> float:
        self.t += self.step
        return self.t


def _hints_hold(venue: str, players: int, seed: int, steps: int) -> int:
    """Every seat's hint is legal as posted, the same on a second ask, and its clock
    reads stop within one step of the budget."""
    state = random_position(venue, players, seed, steps)
    if state["status"] != "running":
        return 0
    checked = 0
    budget, step = 0.25, 0.05
    for seat in range(players):
        clock = StepClock(step)
        hint = live.live_hint(state, seat, budget, clock=clock)
        assert clock.t <= budget + 2 * step
        again = live.live_hint(state, seat, budget, clock=StepClock(step))
        assert hint == again
        if not GAME.legal_actions(state, seat):
            assert hint["actions"] == []
            continue
        after = state
        for item in hint["actions"]:
            assert item["seat"] == seat
            if after["status"] == "running":
                after, _ = GAME.apply(after, seat, item["action"])
        checked += 1
    return checked


@pytest.mark.parametrize("venue", SAMPLE_VENUES)
def test_hints_are_legal_deterministic_and_within_budget(venue):
    players = 2 + SAMPLE_VENUES.index(venue) % 3
    assert _hints_hold(venue, players, 3, 11) > 0


@pytest.mark.slow
@pytest.mark.parametrize("venue", VENUES)
def test_hints_are_legal_deterministic_and_within_budget_sweep(venue):
    assert sum(
        _hints_hold(venue, players, seed, steps)
        for players in (2, 3, 4)
        for seed in range(2)
        for steps in (0, 8, 17)
    )
