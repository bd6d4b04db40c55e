"""Between a built model and plans: read a solution back as the band's decisions,
or constrain the model to play a given plan (tests read the song results back)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ortools.sat.python import cp_model

from services.beat import venues
from solver.beat import breaks as break_rules
from solver.beat import search, sim
from solver.beat.model.cards import CardVariables
from solver.beat.model.layout import Layout
from solver.beat.model.milkyway import Tunes
from solver.beat.model.rounds import RoundVariables
from solver.beat.model.song_breaks import Breaks
from solver.beat.model.song_results import FAIL_CODE, LOUD_CODE, ON_POINT_CODE


class Model(Protocol):
    """The parts of a built :class:`~solver.beat.model.venue_model.Model` read here."""

    spec: sim.Spec
    state: sim.State
    sat_model: cp_model.CpModel
    layout: Layout
    cards: CardVariables
    rounds: RoundVariables
    tunes: Tunes | None
    breaks: Breaks
    encores_taken: list[Any]
    committed_solo: dict[tuple[int, str], bool]
    committed_flags: dict[tuple[int, str], dict[str, Any]]


def rounds_played(built: Model, value: Callable[[Any], int]) -> list[list[int]]:
    """The song indices of each round, read through ``value`` (a solution or a plan)."""
    rounds = built.rounds
    out, song = [], 0
    while song < built.layout.song_count and value(rounds.active[song]):
        songs = [song]
        if song + 1 < built.layout.song_count and value(rounds.second_song[song + 1]):
            songs.append(song + 1)
        out.append(songs)
        song += len(songs)
    return out


def read_plan(built: Model, solver: cp_model.CpSolver) -> list[dict[str, Any]]:
    """The solution as decisions: per round the plays (with Solo, tune and break
    flags), the Encores taken and the Solo pass."""
    spec, layout, cards, tunes = built.spec, built.layout, built.cards, built.tunes
    out: list[dict[str, Any]] = []
    tune_step = venues.tuning(spec.venue)
    for songs in rounds_played(built, solver.Value):
        plays = []
        encores = 0
        for index, song in enumerate(songs):
            on_song = []
            for seat in range(spec.players):
                for position, play in cards.plays_by_seat_and_song[seat][song]:
                    if solver.Value(play):
                        card = layout.sequences[seat][position]
                        decision: dict[str, Any] = {"seat": seat, "card": card, "song": index}
                        if tunes and solver.Value(tunes.up[seat, position, song]):
                            decision["tune"] = tune_step
                        if tunes and solver.Value(tunes.down[seat, position, song]):
                            decision["tune"] = -tune_step
                        on_song.append(decision)
            if solver.Value(built.rounds.solo_extra[song]):
                solo_plays = [play for play in on_song if play["seat"] == spec.solo]
                flag_solo(built, solo_plays, not out)
            if not out:  # round 0: the flags the seats already committed
                for play in on_song:
                    play.update(built.committed_flags.get((play["seat"], play["card"]), {}))
            broken = built.breaks.broken[song]
            if (
                broken is not None
                and solver.Value(broken)
                and not any(play.get("face_up") or play.get("cue") for play in on_song)
            ):
                flag_break(built, solver, song, on_song)
            plays.extend(on_song)
            encores += int(solver.Value(built.encores_taken[song]))
        decision_of_round: dict[str, Any] = {"plays": plays, "encores": encores}
        if solver.Value(built.rounds.solo_pass[songs[0]]):
            decision_of_round["solo_pass"] = True
        out.append(decision_of_round)
    return out


def flag_solo(built: Model, plays: list[dict[str, Any]], first_round: bool) -> None:
    """Mark one of the Solo seat's cards on a song as its Solo card.

    The model knows which cards the seat plays, not which one is the extra; any
    will do, except in the first round, where the plan must agree with what the
    seat already committed (the card committed as its Solo, never one committed
    as an ordinary play), or a hint built on it would take that play back.
    """
    rank = {True: 0, None: 1, False: 2}  # committed as Solo, free, committed plain
    pick = plays[-1]
    if first_round:
        pick = min(
            reversed(plays),
            key=lambda play: rank[built.committed_solo.get((play["seat"], play["card"]))],
        )
    pick["solo"] = True


def flag_break(
    built: Model, solver: cp_model.CpSolver, song: int, on_song: list[dict[str, Any]]
) -> None:
    """Flag the one play that breaks the song: Face Up if the model chose it, else the Cue."""
    venue = built.spec.venue
    for (seat, face_up_song), face_up in built.breaks.face_up.items():
        if face_up_song == song and solver.Value(face_up):
            for play in on_song:
                if play["seat"] == seat and break_rules.face_up_ok(
                    venue, play["card"], [1, 2, 3, 4, 5], seat == built.spec.solo
                ):
                    play["face_up"] = True
                    return
    for (seat, cue_card, cue_song), cue in built.breaks.cue.items():
        if cue_song == song and solver.Value(cue):
            for play in on_song:
                if play["seat"] == seat and break_rules.cue_cards_for(play["card"], [cue_card]):
                    play["cue"] = cue_card
                    return
    raise AssertionError("a broken song with no play to flag")


def fix_plan(built: Model, plan: list[dict[str, Any]], enforced_by: Any | None = None) -> list[int]:
    """Constrain the model to play ``plan`` (tests: read the song results back).

    The plan is stepped through ``sim`` (``search.step``: with its breaks) to learn
    each round's songs and the Encores it really takes; returns the song indices the
    plan plays.  With ``enforced_by`` (a Boolean literal), every constraint holds only
    when that literal does: grading tries many first rounds on one model as assumptions.
    """
    model, spec, state = built.sat_model, built.spec, built.state
    rounds, layout, tunes = built.rounds, built.layout, built.tunes

    def add(constraint: Any) -> None:
        added = model.add(constraint)
        if enforced_by is not None:
            added.only_enforce_if(enforced_by)

    song, played = 0, []
    for decision in plan:
        if state.status != "running":
            break
        per_round = len(sim.round_songs(spec, state))
        broken = search.broken_songs(spec, state, decision)
        after = search.step(spec, state, decision)
        songs = list(range(song, song + per_round))
        for index, round_song in enumerate(songs):
            chosen = {
                (play["seat"], layout.sequences[play["seat"]].index(play["card"])): play
                for play in decision["plays"]
                if play.get("song", 0) == index
            }
            for seat in range(spec.players):
                for position, variable in built.cards.plays_by_seat_and_song[seat][round_song]:
                    add(variable == int((seat, position) in chosen))
                    if tunes:
                        tune = chosen.get((seat, position), {}).get("tune", 0)
                        add(tunes.up[seat, position, round_song] == int(tune > 0))
                        add(tunes.down[seat, position, round_song] == int(tune < 0))
            solo = any(play.get("solo") for play in chosen.values())
            add(rounds.solo_extra[round_song] == int(solo))
            if built.breaks.broken[round_song] is not None:
                add(built.breaks.broken[round_song] == int(index in broken))
            add(rounds.active[round_song] == 1)
        if song + per_round < layout.song_count:
            add(rounds.second_song[song + per_round] == 0)
        if per_round > 1:
            add(rounds.second_song[song + 1] == 1)
        add(rounds.solo_pass[song] == int(bool(decision.get("solo_pass"))))
        add(sum(built.encores_taken[each] for each in songs) == after.enc - state.enc)
        played += songs
        song += per_round
        state = after
    return played


def results_of(solver: cp_model.CpSolver, results: list[Any], songs: list[int]) -> list[str]:
    """The solved result of each song index."""
    names = {FAIL_CODE: venues.FAIL, ON_POINT_CODE: venues.ON_POINT, LOUD_CODE: venues.LOUD}
    return [names[solver.Value(results[song])] for song in songs]
