"""Plays already committed this round (a hint's position): fixed in round 0.

A committed play is ``{"seat", "card", "song"?, "solo"?, "face_up"?, "cue"?, "tune"?,
"may"?, "ready"?}`` (``search.committed_flags``): ``may`` lists the flags the seat may
still add; a ready seat plays exactly its committed cards (no Solo card added).
"""

from __future__ import annotations

from typing import Any

from ortools.sat.python import cp_model

from solver.beat import breaks as break_rules
from solver.beat import search, sim
from solver.beat.model.cards import CardVariables
from solver.beat.model.layout import Layout
from solver.beat.model.milkyway import Tunes
from solver.beat.model.rounds import RoundVariables
from solver.beat.model.song_breaks import Breaks


def committed_breaks(model: cp_model.CpModel, breaks: Breaks, committed: list[dict]) -> None:
    """A committed break the model offers no variable for (Burning Star, a Cue at
    Milkyway) still FAILs its song."""
    for play in committed:
        song = play.get("song", 0)
        keys = [((play["seat"], song), breaks.face_up)] if play.get("face_up") else []
        keys += [((play["seat"], play["cue"], song), breaks.cue)] if play.get("cue") else []
        if any(key not in variables for key, variables in keys):
            if breaks.broken[song] is None:
                breaks.broken[song] = model.new_constant(1)
            else:
                model.add(breaks.broken[song] == 1)


def committed_plays(
    model: cp_model.CpModel,
    layout: Layout,
    spec: sim.Spec,
    state: sim.State,
    cards: CardVariables,
    rounds: RoundVariables,
    breaks: Breaks,
    tunes: Tunes | None,
    committed: list[dict],
    solo_passed: bool,
) -> None:
    """Fix each committed play, its flags and those the seat may no longer add."""
    for play in committed:
        seat = play["seat"]
        position = layout.sequences[seat].index(play["card"])
        song = play.get("song", 0)
        model.add(cards.plays[seat, position, song] == 1)
        if song:
            model.add(rounds.second_song[song] == 1)
        if play.get("solo"):
            model.add(rounds.solo_extra[song] == 1)
        may = play.get("may", (break_rules.FACE_UP, break_rules.CUE))
        if play.get("face_up") and (seat, song) in breaks.face_up:
            model.add(breaks.face_up[seat, song] == 1)
        elif break_rules.FACE_UP not in may and (seat, song) in breaks.face_up:
            model.add(breaks.face_up[seat, song] == 0)
        if play.get("cue") and (seat, play["cue"], song) in breaks.cue:
            model.add(breaks.cue[seat, play["cue"], song] == 1)
        elif break_rules.CUE not in may:
            for (cue_seat, _, cue_song), cue in breaks.cue.items():
                if cue_seat == seat and cue_song == song:
                    model.add(cue == 0)
        tune = play.get("tune", 0)
        if tunes and (tune or search.TUNE not in may):
            model.add(tunes.up[seat, position, song] == int(tune > 0))
            model.add(tunes.down[seat, position, song] == int(tune < 0))
    ready = {play["seat"] for play in committed if play.get("ready")}
    kept = {
        (play["seat"], layout.sequences[play["seat"]].index(play["card"])) for play in committed
    }
    for seat in ready:
        for song in range(min(layout.song_count, len(sim.round_songs(spec, state)))):
            for position, variable in cards.plays_by_seat_and_song[seat][song]:
                if (seat, position) not in kept:
                    model.add(variable == 0)
    if solo_passed:
        model.add(rounds.solo_pass[0] == 1)


def committed_solo(committed: list[dict]) -> dict[tuple[int, str], bool]:
    """(seat, card) -> whether the seat committed it as its Solo card."""
    return {(play["seat"], play["card"]): bool(play.get("solo")) for play in committed}


def committed_flags(committed: list[dict]) -> dict[tuple[int, str], dict[str, Any]]:
    """(seat, card) -> the break flags it was committed with."""
    return {
        (play["seat"], play["card"]): {
            flag: play[flag] for flag in ("face_up", "cue") if play.get(flag)
        }
        for play in committed
    }
