"""The live hint's ``why`` says why this card in plain words -- the bandmates' signals
it read, what their shown cards make with it, what its own signal tells -- and the
chance it estimates as a player says it."""

from __future__ import annotations

from services.beat import GAME
from services.beat import cards as C
from solver.beat import live
from solver.beat.why import chance_in_words, live_reasons, why


def test_chances_in_words():
    assert chance_in_words(0.62) == "about 6 in 10 (62%)"
    assert chance_in_words(1.0) == "all (100%)"
    assert chance_in_words(0.0) == "none (0%)"
    assert chance_in_words(0.97) == "nearly all (97%)"
    assert chance_in_words(0.02) == "hardly any (2%)"


def _lead_plays(players: int, seed: int, kind: str) -> tuple[dict, int, dict]:
    """A fresh Garage deal where the lead seat played a card with a Face Up or a Cue and
    is ready; returns the state, the lead seat and its play."""
    state = GAME.new(players, {"venue": "garage"}, seed)
    lead = state["lead"]
    legal = GAME.legal_actions(state, lead)
    if kind == "face_up":
        play = next((a for a in legal if a["type"] == "play" and a.get("face_up")), None)
        if play is None:
            return state, lead, {}
        state, _ = GAME.apply(state, lead, play)
    else:
        play = next(a for a in legal if a["type"] == "play" and not a.get("face_up"))
        state, _ = GAME.apply(state, lead, play)
        cue = next((a for a in GAME.legal_actions(state, lead) if a["type"] == "cue"), None)
        if cue is None:
            return state, lead, {}
        state, _ = GAME.apply(state, lead, cue)
        play = {**play, "cue": cue}
    state, _ = GAME.apply(state, lead, {"type": "ready"})
    return state, lead, play


def test_a_shown_card_is_added_up_with_this_one():
    for seed in range(20):
        state, lead, play = _lead_plays(2, seed, "face_up")
        if play:
            break
    else:
        raise AssertionError("no Face Up play in 20 deals")
    seat = 1 - lead
    shown = C.value(play["card"])
    mine = GAME.view(state, seat)["seats"][seat]["hand"][0]
    total = shown + C.value(mine)
    difficulty = state["current"][0]["difficulty"]
    side = "exactly" if total == difficulty else "over" if total > difficulty else "under"
    reasons = live_reasons(state, seat, [{"type": "play", "card": mine}, {"type": "ready"}])
    assert reasons == [
        f"seat {lead}'s {shown} makes {total} with this {C.value(mine)}, "
        f"{side} the song's {difficulty}"
    ]


def test_a_bandmates_cue_is_read_and_a_cue_given_is_told():
    for seed in range(20):
        state, lead, play = _lead_plays(3, seed, "cue")
        if play:
            break
    else:
        raise AssertionError("no Cue in 20 deals")
    cue = play["cue"]
    said = f"seat {lead}'s Cue said {cue['direction']} than {C.value(cue['cue_card'])}"
    seat = (lead + 1) % 3
    mine = GAME.view(state, seat)["seats"][seat]["hand"][0]
    reasons = live_reasons(state, seat, [{"type": "play", "card": mine}])
    assert reasons == [said]
    # the lead's own reasons before it played: its Cue tells the two seats after it
    fresh = GAME.new(3, {"venue": "garage"}, seed)
    given = [{"type": "play", "card": play["card"]}, cue]
    told = live_reasons(fresh, lead, given)
    assert told == [
        f"your Cue tells the 2 seats after you it is {cue['direction']} than "
        f"{C.value(cue['cue_card'])}"
    ]


def test_the_hint_says_why_and_the_chance_in_words():
    state, lead, play = _lead_plays(3, 1, "cue")
    seat = (lead + 1) % 3
    result = live.live_hint(state, seat, 1e9, max_samples=4)
    text = why(state, seat, result)
    share = result["estimates"][0]["win_share"]
    assert "because seat" in text and f"the band won {chance_in_words(share)} of 4 sampled" in text
