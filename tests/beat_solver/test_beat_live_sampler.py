"""The live sampler: every fact of a seat's view holds in every sampled deal."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from live_positions import VENUES, encore_position, random_position

from services.beat import GAME
from services.beat import cards as C
from services.beat import venues as V
from solver.beat import hints as H
from solver.beat import sample


def test_encore_phase_counts_the_current_song_once():
    """Regression: in the Encore phase the resolved song is both current and a result;
    the sampler removed it from the song pool twice (ValueError in a hint job)."""
    state = encore_position()
    for seat in (0, 1):
        view = GAME.view(state, seat)
        sst = sample.sampled_state(view, random.Random(0))
        songs = [r["difficulty"] for r in sst["results"]] + sst["song_deck"] + sst["encore_deck"]
        assert sorted(songs) == sorted(state_songs(state))
    seat = state["pending_encores"][0]["seat"]
    h = H.hint(state, seat, 0.5)
    assert h["actions"][0]["seat"] == seat
    GAME.apply(state, seat, h["actions"][0]["action"])


def state_songs(state: dict) -> list[int]:
    return [r["difficulty"] for r in state["results"]] + state["song_deck"] + state["encore_deck"]


# -- every fact of the view holds in the sample ---------------------------------------


def _all_cards(seat: dict) -> list[str]:
    return (
        seat["hand"]
        + seat["draw"]
        + seat["stage"]
        + [p["card"] for p in seat["played"]]
        + seat["confiscated"]
    )


def check_sample(state: dict, seat: int, sst: dict) -> None:
    """The sampled deal shows the seat exactly its view, and is a complete deal."""
    view = GAME.view(state, seat)
    shown = GAME.view({**sst, "mode": "live", "last_round": state["last_round"]}, seat)
    assert shown == view
    n = state["players"]
    for i in range(n):
        assert sorted(_all_cards(sst["seats"][i])) == sorted(C.deck_ids(i))
        for p in sst["seats"][i]["played"]:
            if p["cue"]:  # a Cue tells the truth about the face-down card
                cv = C.value(p["cue"]["cue_card"])
                higher = C.value(p["card"]) > cv
                assert higher == (p["cue"]["direction"] == "higher")
    songs = [r["difficulty"] for r in sst["results"] if not r["recycled"]]
    if sst["phase"] == "play":
        songs += [c["difficulty"] for c in sst["current"]]
    songs += sst["song_deck"] + sst["encore_deck"]
    real = [r["difficulty"] for r in state["results"] if not r["recycled"]]
    if state["phase"] == "play":
        real += [c["difficulty"] for c in state["current"]]
    real += state["song_deck"] + state["encore_deck"]
    assert sorted(songs) == sorted(real)
    venue = V.get_venue(state["options"]["venue"])
    previous = None
    for r in sst["results"]:  # Warken: a hidden difficulty fits the public sum and result
        assert V.compare(r["sum"], r["difficulty"]) == r["raw"]
        if r["event_ok"]:  # the venue's own rule may still turn it (Stellar Studio 54)
            assert r["result"] == V.adjust_result(
                venue, r["difficulty"], r["sum"], r["raw"], previous
            )
        if not r["recycled"]:
            previous = r["result"]
    assert len(set(sst["event_deck"])) == len(sst["event_deck"]) == len(state["event_deck"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    venue=st.sampled_from(VENUES),
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
    seat=st.integers(0, 3),
    sample_seed=st.integers(0, 1_000),
)
# Stellar Studio 54 turns a second Loud in a row into a FAIL with no event involved
@example(venue="stellar_studio", players=2, seed=1661, steps=9, seat=0, sample_seed=0)
# Astro City turns a Loud too far over the difficulty into a FAIL
@example(venue="astro_city", players=3, seed=5885, steps=37, seat=1, sample_seed=732)
def test_sampled_deals_respect_every_fact_of_the_view(
    venue, players, seed, steps, seat, sample_seed
):
    state = random_position(venue, players, seed, steps)
    seat %= players
    sst = sample.sampled_state(GAME.view(state, seat), random.Random(sample_seed))
    check_sample(state, seat, sst)
