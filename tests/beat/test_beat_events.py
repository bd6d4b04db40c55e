"""Each of the 32 events, resolved on a song: its sum change and its condition."""

from __future__ import annotations

import copy

import pytest
import yaml

from services.beat.events import Play, evaluate, load_events, validate_events
from services.beat.rounds import resolve_song
from services.beat.venues import get_venue

GARAGE = get_venue("garage")


def P(*values: int, **flags) -> list[Play]:
    return [Play(seat=i, value=v, **flags) for i, v in enumerate(values)]


# event id -> [(plays, expected sum, expected ok)], worked out by hand from events.yaml
CASES: dict[str, list[tuple[list[Play], int, bool]]] = {
    "feedback_loop": [(P(3, 3), 6, False), (P(3, 4), 7, True)],
    "resonance_frequency": [(P(3, 3), 6, True), (P(3, 4), 7, False)],
    "power_surge": [(P(3, 4), 9, True)],
    "blown_fuse": [(P(3, 4), 5, True)],
    "crowd_singalong": [(P(3, 4), 8, True)],
    "stage_fright": [(P(3, 4), 6, True)],
    "bass_boost": [(P(1, 1, 3), 7, True)],
    "echo_chamber": [(P(2, 5), 8, True)],
    "tape_delay": [(P(3, 3), 8, True)],
    "overdrive_pedal": [(P(4, 1), 6, True)],
    "fuzz_box": [(P(5, 5), 12, True)],
    "sticky_keys": [(P(2, 2), 2, True)],
    "detuned_strings": [(P(3, 5), 7, True)],
    "worn_drumhead": [(P(4, 4), 6, True)],
    "muted_amp": [(P(5, 2), 6, True)],
    "no_openers": [(P(1, 5), 6, False), (P(2, 5), 7, True)],
    "silent_disco": [(P(5, 1), 6, False), (P(4, 4), 8, True)],
    "missing_middle": [(P(3, 1), 4, False), (P(2, 2), 4, True)],
    "headliner": [(P(4, 4), 8, False), (P(5, 1), 6, True)],
    "humble_roots": [(P(2, 2), 4, False), (P(1, 5), 6, True)],
    "the_hook": [(P(2, 2), 4, False), (P(3, 2), 5, True)],
    "harmony": [(P(2, 2), 4, False), (P(2, 3), 5, True)],
    "even_groove": [(P(3, 4), 7, False), (P(3, 5), 8, True)],
    "odd_meter": [(P(3, 4), 7, True), (P(3, 5), 8, False)],
    "acoustic_set": [(P(1, 3), 4, True), (P(1, 4), 5, False)],
    "power_chords": [(P(3, 5), 8, True), (P(2, 5), 7, False)],
    "blackout": [(P(2, 4), 6, True), (P(2, 4, face_up=True), 6, False)],
    "radio_silence": [(P(2, 4), 6, True), (P(2, 4, cued=True), 6, False)],
    "spotlight_thief": [(P(5, 4, 1), 5, True)],
    "stage_diver": [(P(5, 4, 1), 9, True)],
    "jam_session": [(P(4, 4), 10, True), (P(4, 5), 11, False)],
    "clear_skies": [(P(4, 5), 9, True)],
}


def test_every_event_has_a_case():
    assert sorted(CASES) == sorted(e.id for e in load_events())
    assert len(load_events()) == 32


@pytest.mark.parametrize("event_id", sorted(CASES))
def test_event_effect_on_a_resolved_song(event_id):
    for plays, total, ok in CASES[event_id]:
        out = evaluate(plays, [event_id])
        assert (out.sum, out.ok) == (total, ok), (event_id, plays)
        # resolved on a song of exactly that difficulty: ON POINT, unless the event failed it
        r = resolve_song(GARAGE, total, [event_id], plays)
        assert r.result == ("on_point" if ok else "fail")
        assert resolve_song(GARAGE, total - 1, [event_id], plays).result == (
            "loud" if ok else "fail"
        )


def test_the_same_card_means_the_same_printed_value():
    # a Face Up 3 and a plain 3 are the same card; a tuned 3 is still a 3
    plays = [Play(0, 3, face_up=True), Play(1, 3, tune=1, cued=True)]
    assert not evaluate(plays, ["feedback_loop"]).ok
    assert evaluate(plays, ["resonance_frequency"]).ok
    assert evaluate(plays, ["resonance_frequency"]).sum == 7


def test_two_events_pile_up():
    # Kaos Kesselhaus: both modifiers apply, both conditions must hold
    assert evaluate(P(4, 4), ["power_surge", "overdrive_pedal"]).sum == 12
    assert not evaluate(P(4, 4), ["power_surge", "feedback_loop"]).ok
    two = resolve_song(get_venue("kaos"), 12, ["power_surge", "overdrive_pedal"], P(4, 4))
    assert two.result == "on_point"


def test_modifiers_read_printed_values_and_tunes_add():
    # a 4 tuned down to 3 is not touched by Tape Delay (3s) but is by Worn Drumhead (4s)
    tuned = [Play(0, 4, tune=-1, cued=True)]
    assert evaluate(tuned, ["tape_delay"]).sum == 3
    assert evaluate(tuned, ["worn_drumhead"]).sum == 2


def test_no_cards_played_is_a_fail_under_requirements():
    assert not evaluate([], ["headliner"]).ok
    assert evaluate([], ["clear_skies"]).sum == 0


def _raw():
    from importlib import resources

    text = resources.files("services.beat").joinpath("data/events.yaml").read_text("utf-8")
    return yaml.safe_load(text)


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d[0]["clauses"].append({"kind": "explode"}), "unknown clause"),
        (lambda d: d[2]["clauses"][0].update(delta="two"), "must be an integer"),
        (lambda d: d[15]["clauses"][0].update(value=7), "card value 1-5"),
        (lambda d: d[1].update(id=d[0]["id"]), "duplicate id"),
        (lambda d: d[3].pop("clauses"), "lacks 'clauses'"),
        (lambda d: d[22]["clauses"][0].update(parity="sometimes"), "must be one of"),
        (lambda d: d[24]["clauses"][0].update(min=5, max=2), "min > max"),
        (lambda d: d[4]["clauses"][0].update(extra=1), "unknown params"),
    ],
)
def test_validation_catches_broken_events(mutate, message):
    data = copy.deepcopy(_raw())
    assert len(validate_events(data)) == 32
    mutate(data)
    with pytest.raises(ValueError, match=message):
        validate_events(data)
