"""A seat's move for the round: its options scored by expected result utility, and
the best one with the convention's signal.

Small terms beside the utility: a point of value costs a little (keep high cards), a
1 is worth more while Encores are needed, the Solo is kept unless it helps (and is
spent on the last song at Twin Moon).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from services.beat import venues as V
from solver.beat import breaks, sim
from solver.beat.blueprint import data
from solver.beat.blueprint.conventions import (
    FACE_UP,
    CueSignal,
    closer_belief,
    events_forbid,
    pick_copy,
    signal_for,
    signal_kind,
    signal_read,
)
from solver.beat.blueprint.mate_values import (
    CodeDist,
    ValueDist,
    card_pool,
    mates_per_song,
    repeats_banned,
)
from solver.beat.blueprint.middle import answered_mates
from solver.beat.blueprint.result_value import (
    FAIL,
    LOUD,
    OP,
    planned_encores,
    result_utilities,
    short_utilities,
)
from solver.beat.blueprint.seat_view import Seen
from solver.beat.blueprint.song_value import SongSums, song_context, song_sums, song_value

# The weights below are per seat count in ``conventions.json`` (:mod:`.data`):
# ``cost_per_point`` (what a point of card value played costs, times the song's
# stakes: high cards are worth keeping, but too high a cost saves them into FAILs),
# ``all_fail_gain_per_point`` (at Scrapyard, where every song must FAIL, a point played
# is a gain instead: low cards are what fail the songs to come), ``encore_one_bonus``,
# ``fail_one_cost`` (Comeback Comet), ``solo_cost``, ``pass_cost`` and ``range_penalty``
# (Jupiter).


@dataclass
class Choice:
    """A seat's move for the round: cards (card, song, solo), a signal, or the Solo pass."""

    plays: list[tuple[str, int, bool]]
    face_up: str | None = None
    cue: CueSignal | None = None  # (played card, cue card, direction)
    solo_pass: bool = False
    tune: tuple[str, str, int] | None = None  # Milkyway: (played card, cue card, delta)
    score: float = 0.0
    breaks: bool = False  # the Face Up or Cue breaks the song's event on purpose: it FAILs

    def key(self) -> tuple:
        """What makes two choices the same move (values, not copies)."""
        return (
            tuple(sorted((sim.VALUE[card], song, solo) for card, song, solo in self.plays)),
            self.face_up is not None,
            self.cue is not None,
            self.solo_pass,
            self.tune[2] if self.tune else 0,
        )


def card_terms(
    seen: Seen, values: tuple[int, ...], nonfail: float, plan: int, scale: float = 1.0
) -> float:
    """Tie-breaking terms of playing these values (cost, Encore 1s, Jupiter's range)."""
    venue = seen.venue
    players, at = seen.players, seen.venue.id
    terms = -point_cost(seen) * scale * sum(values)
    if venue.rule_id == "odd_songs_loud":
        terms -= data.get("reserve_cost", players, at) * scale * reserve_loss(seen, values, plan)
    ones = values.count(1)
    if ones:
        if venue.rule_id == "entropy_chain":
            if not maybe_one(seen):
                terms += data.get("entropy_one_bonus", players, at) * ones
        elif plan > 0 and not seen.signals:
            # the first seat to play brings the Encore 1 (others cannot know it did)
            bonus = (
                data.get("hidden_setlist_one_bonus", players, at)
                if V.hidden_setlist(venue)
                else data.get("encore_one_bonus", players, at)
            )
            terms += bonus * min(ones, plan) * nonfail
    if ones and plan > 0 and venue.rule_id == "first_songs_fail" and nonfail < 0.5:
        # a 1 spent on a song it FAILs (Comeback Comet's first three must) is not there
        # for the Encore a later song needs: spent there, most deals ended without one
        terms -= data.get("fail_one_cost", players, at) * min(ones, plan)
    if venue.rule_id == "full_range":
        staged = {sim.VALUE[card] for card in seen.stages[seen.seat]}
        seen_now: set[int] = set()
        for value in values:
            if value in staged or value in seen_now:
                terms -= data.get("range_penalty", players, at)
            seen_now.add(value)
    return terms


def point_cost(seen: Seen) -> float:
    """What a point of card value played costs, before the song's stakes scale it: a
    long shot must beat the cost.  Where every song must FAIL (Scrapyard) it is the
    other way round: low cards are what fail the songs to come, so a high card spent on
    a song that still fails is the saving."""
    players, at = seen.players, seen.venue.id
    per_point = (
        -data.get("all_fail_gain_per_point", players, at)
        if seen.venue.rule_id == "solo_pass"
        else data.get("cost_per_point", players, at)
    )
    if V.recycles(seen.venue):
        per_point += data.get("recycle_balance", players, at) * (3.0 - unstaged_mean(seen))
    return per_point


def reserve_loss(seen: Seen, values: tuple[int, ...], plan: int) -> float:
    """Points these values take from the seat's best unstaged cards, one per song still
    to come after this round (its reserve; the unstaged multiset is public).  At Area
    Fifty every odd song must be LOUD: a band that spent high cards early on songs
    lower ones could play lost most deals at an odd song no hand left could make LOUD.
    A card outside the reserve costs nothing (it would not be played anyway), so low
    cards are played first and unneeded ones are dumped on the songs that allow it."""
    stage = tuple(sim.VALUE[card] for card in seen.stages[seen.seat])
    pool = sorted(
        (value for value, copies in card_pool(stage, False) for _ in range(copies)),
        reverse=True,
    )
    later = seen.songs_after + plan
    rest = list(pool)
    for value in values:
        rest.remove(value)
    return float(sum(pool[:later]) - sum(rest[:later]))


def maybe_one(seen: Seen) -> bool:
    """Whether a bandmate who played this round may have played a 1 (its signal does
    not rule it out).  At Entropy Hall a 1 is worth a bonus only while no bandmate may
    have played one: every seat took it, and 1s nobody could see piled into one song
    that FAILed."""
    for signals in seen.signals.values():
        for signal in signals:
            if signal.exact == 1 or (signal.exact is None and signal.above < 1):
                return True
    return False


def unstaged_mean(seen: Seen) -> float:
    """The mean value of the band's unstaged cards (hands and draw piles, from the
    public Stage Areas).  At Event Horizon every card is played before the band runs
    out and a song asks about 3 a card: a band whose cards run high spends high cards
    on songs that recycle anyway, else it is left with only high cards for the last
    songs."""
    total = count = 0
    for stage in seen.stages:
        for value, copies in card_pool(tuple(sim.VALUE[card] for card in stage), False):
            total += value * copies
            count += copies
    return total / count if count else 3.0


def tune_cards(seen: Seen) -> list[str]:
    """Milkyway: the staged Cue cards this seat may tune its card with, the least
    telling first (a Cue card of 1 or 5 leaves the widest range as a signal).  Only the
    last seat to play tunes: a seat before it signals its card instead (one Cue or tune
    per card), and a tune under an event that forbids Cues FAILs the song."""
    if not V.tuning(seen.venue) or seen.later or len(seen.songs) != 1:
        return []
    if events_forbid(seen, 0, "forbid_cue"):
        return []
    usable = [c for c in seen.stages[seen.seat] if sim.CUE[c] and c not in seen.rotated]
    return sorted(usable, key=lambda c: (-abs(sim.VALUE[c] - 3), c))


def break_plays(seen: Seen) -> list[tuple[str, str | None]]:
    """The seat's plays that FAIL the round's one song for sure by breaking its event
    (Blackout: a Face Up play; Radio Silence: a Cue), one per value: (card, None) for a
    Face Up play, (card, staged Cue card) for a Cue.  Who may break is the solver's
    :mod:`~solver.beat.breaks` table, read from the engine's rules.  The engine FAILs a
    broken song whatever is played, so where a FAIL is the best result (Comeback
    Comet's first three songs, Scrapyard) the break wins a song that sums could not
    fail; the card terms choose the value (the cheapest card at Comeback Comet, the
    highest at Scrapyard, where low cards are what fail the songs to come)."""
    if len(seen.songs) != 1 or 0 in seen.broken:
        return []
    flags = breaks.song_flags(seen.venue, seen.songs[0][1])
    out: dict[int, tuple[str, str | None]] = {}
    if breaks.FACE_UP in flags:
        stage = [sim.VALUE[card] for card in seen.stages[seen.seat]]
        solo = seen.seat == seen.solo_seat
        for card in seen.hand:
            if breaks.face_up_ok(seen.venue, card, stage, solo):
                out.setdefault(sim.VALUE[card], (card, None))
    if breaks.CUE in flags:
        unused = [c for c in seen.stages[seen.seat] if sim.CUE[c] and c not in seen.rotated]
        for value in sorted({sim.VALUE[card] for card in seen.hand} - set(out)):
            card = pick_copy(list(seen.hand), value, False, seen.players, seen.venue.id)
            usable = breaks.cue_cards_for(card, unused)
            if usable:
                out[value] = (card, usable[0])
    return [out[value] for value in sorted(out)]


def options(seen: Seen, limit: int | None = None) -> list[Choice]:
    """The seat's distinct moves this round, best first by the blueprint's score
    (the first ``limit`` of them)."""
    round_songs = len(seen.songs)
    hand = list(seen.hand)
    want = min(seen.need, len(hand))
    venue = seen.venue
    # computed once per decision, not once per card value considered
    plan = planned_encores(seen)
    utils = result_utilities(seen, plan)
    shorts = short_utilities(seen, plan)
    mates = mates_per_song(seen, utils)
    # where repeats FAIL the song, the bandmates still to play before the closer do not
    # repeat this seat's Face Up value
    middle = sum(1 for mate in seen.later if seen.hand_counts[mate] > 0) > 1
    avoided = middle and repeats_banned(seen, 0)
    shown_mates: dict[int, CodeDist] = {}

    answered: dict[tuple[int, int | None, int, int], CodeDist | None] = {}

    def mates_for(song: int, main: int | None) -> CodeDist:
        if main is not None:
            shown = signal_read(seen, main, song)
            key = (song, shown.exact, shown.above, shown.below)
            if key not in answered:
                answered[key] = answered_mates(
                    seen,
                    song,
                    shown,
                    utils,
                    point_cost(seen) * scales[song],
                    contexts[song],
                    shorts[song],
                    round(waste[song], 5),
                )
            if answered[key] is not None:
                return answered[key]  # type: ignore[return-value]
        if not avoided or song != 0 or main is None:
            return mates[song]
        if main not in shown_mates:
            kind = signal_kind(seen, main)
            exact = kind is not None and kind[0] == "exact"
            shown_mates[main] = mates_per_song(seen, utils, main)[0] if exact else mates[0]
        return shown_mates[main]

    contexts = [song_context(seen, song) for song in range(round_songs)]
    scales = [max(utility.values(), default=1.0) for utility in utils]
    # Neverending plays every card of the band on its twelve songs: a point a song
    # spends past its result's need is missing on the last songs
    waste = (
        [data.get("spent_point_cost", seen.players, seen.venue.id) * scale for scale in scales]
        if venue.rule_id == "play_all_songs"
        else [0.0] * round_songs
    )
    readings: dict[tuple[int, bool], ValueDist | None] = {}
    cache: dict[tuple, tuple[float, float]] = {}
    sums: dict[tuple[int, CodeDist], tuple[SongSums, SongSums] | None] = {}

    def sums_for(song: int, mates_here: CodeDist) -> tuple[SongSums, SongSums] | None:
        # keyed on the bandmates' values themselves: they differ by this seat's card
        # where the middle bandmates answer its signal or avoid its Face Up value
        key = (song, mates_here)
        if key not in sums:
            sums[key] = song_sums(
                contexts[song], mates_here, utils[song], shorts[song], round(waste[song], 5)
            )
        return sums[key]

    def value(
        song: int, own: tuple[int, ...], main: int | None = None, tuned: tuple[int, int] = (0, 0)
    ) -> tuple[float, float]:
        key = (song, own, main, tuned)
        if key not in cache:
            # only the first song's card carries a signal: the closer reads a card on a
            # later song (Rock in the Belt) as any of this seat's unstaged values
            belief = (
                closer_belief(seen, own, main, song == 0, readings) if main is not None else None
            )
            mates_here = mates_for(song, main)
            expected, nonfail = song_value(
                seen,
                song,
                own,
                mates_here,
                utils[song],
                belief,
                tuned,
                contexts[song],
                shorts[song],
                round(waste[song], 5),
                sums_for(song, mates_here) if tuned == (0, 0) else None,
            )
            # a song whose ON POINT and LOUD lose (Comeback Comet's first three) brings
            # no Encore worth a bonus: rewarded there, a first seat's 1 and Solo card
            # turned a song that had to FAIL into a LOUD
            counted = nonfail if max(utils[song][OP], utils[song][LOUD]) > 0 else 0.0
            terms = card_terms(seen, own, counted, plan, scales[song])
            cache[key] = (expected + terms, nonfail)
        return cache[key]

    have = Counter(sim.VALUE[card] for card in hand)
    values = sorted(have)
    solo_ok = seen.seat == seen.solo_seat and not seen.solo_used and V.solo_extra_card(venue)
    twin_last = venue.rule_id == "must_play_solo" and seen.songs_after == 0 and not seen.solo_used
    solo_cost = (
        0.0
        if venue.rule_id == "must_play_solo"
        else data.get("solo_cost", seen.players, seen.venue.id)
    )
    tunes = tune_cards(seen) if want == 1 else []
    tune_cost = data.get("tune_cost", seen.players, seen.venue.id)

    def fits(vals: tuple[int, ...]) -> bool:
        return all(have[x] >= vals.count(x) for x in vals)

    scored: list[tuple[float, tuple, tuple[int, int] | None]] = []
    combos = itertools.permutations(values * 2, want) if want > 1 else ((x,) for x in values)
    done = set()
    for combo in combos:
        if combo in done or not fits(combo):
            continue
        done.add(combo)
        terms = [value(song, (combo[song],), combo[song])[0] for song in range(want)]
        base = sum(terms)
        scored.append((base - (1.0 if twin_last and solo_ok else 0.0), combo, None))
        for delta in (V.tuning(venue), -V.tuning(venue)) if tunes else ():
            tuned = value(0, combo, None, (combo[0], delta))[0]
            scored.append((tuned - tune_cost, combo, ("tune", delta)))
        if solo_ok and len(hand) > want:
            for extra in values:
                if not fits(combo + (extra,)):
                    continue
                for song in range(round_songs):
                    own = tuple(sorted(((combo[song],) if song < want else ()) + (extra,)))
                    main = combo[song] if song < want else None
                    score = base - (terms[song] if song < want else 0.0) + value(song, own, main)[0]
                    scored.append((score - solo_cost, combo, (extra, song)))
    for card, cue_card in break_plays(seen) if want == 1 and round_songs == 1 else ():
        own = (sim.VALUE[card],)
        score = utils[0][FAIL] + card_terms(seen, own, 0.0, plan, scales[0])
        scored.append((score, own, ("break", card, cue_card)))
    if V.solo_pass(venue) and seen.seat == seen.solo_seat and not seen.solo_used and want:
        expected = sum(value(song, ())[0] for song in range(round_songs))
        scored.append(
            (expected - data.get("pass_cost", seen.players, seen.venue.id), ("pass",), None)
        )
    scored.sort(key=lambda entry: -entry[0])
    out: list[Choice] = []
    keys = set()
    for score, combo, extra_play in scored:
        if limit is not None and len(out) >= limit:
            break
        if combo == ("pass",):
            out.append(Choice(plays=[], solo_pass=True, score=score))
            continue
        if extra_play is not None and extra_play[0] == "break":
            _, card, cue_card = extra_play
            cue = (card, cue_card, breaks.direction(card, cue_card)) if cue_card else None
            choice = Choice(
                plays=[(card, 0, False)],
                face_up=None if cue_card else card,
                cue=cue,
                score=score,
                breaks=True,
            )
            if choice.key() not in keys:
                keys.add(choice.key())
                out.append(choice)
            continue
        used: list[str] = []
        plays = []
        for song in range(want):
            card = pick_copy(
                [h for h in hand if h not in used], combo[song], False, seen.players, seen.venue.id
            )
            used.append(card)
            plays.append((card, song, False))
        tune = None
        if extra_play is not None and extra_play[0] == "tune":
            tune = (plays[0][0], tunes[0], int(extra_play[1]))
        elif extra_play is not None:
            card = pick_copy(
                [h for h in hand if h not in used],
                extra_play[0],
                False,
                seen.players,
                seen.venue.id,
            )
            used.append(card)
            plays.append((card, extra_play[1], True))
        choice = Choice(plays=plays, score=score, tune=tune)
        if choice.key() in keys:
            continue
        keys.add(choice.key())
        out.append(choice)
    if not out:
        out.append(Choice(plays=[]))
    return out


def with_signal(seen: Seen, choice: Choice, signal: bool = True) -> Choice:
    """The choice with its card copies fixed and, if ``signal``, the convention's signal
    on its first card (Face Up with a Face Up copy, else a Cue)."""
    if not choice.plays or choice.solo_pass or choice.breaks:
        return choice
    hand = list(seen.hand)
    order = sorted(range(len(choice.plays)), key=lambda j: choice.plays[j][2])  # main first
    face_up = cue = None
    copies: dict[int, str] = {}
    used: list[str] = []
    for rank, j in enumerate(order):
        card, song, _solo = choice.plays[j]
        free = [h for h in hand if h not in used]
        copy = pick_copy(free, sim.VALUE[card], False, seen.players, seen.venue.id)
        if rank == 0 and signal:
            face_up_copy = pick_copy(free, sim.VALUE[card], True, seen.players, seen.venue.id)
            shown, _ = (
                signal_for(seen, face_up_copy, song) if FACE_UP[face_up_copy] else (None, None)
            )
            if shown is not None:
                copy, face_up = face_up_copy, face_up_copy
            else:
                shown, cued = signal_for(seen, copy, song)
                if shown is not None:
                    face_up = copy
                cue = cued
        copies[j] = copy
        used.append(copy)
    plays = [(copies[j], choice.plays[j][1], choice.plays[j][2]) for j in range(len(choice.plays))]
    tune = None
    if choice.tune is not None and cue is None:
        tune = (copies[order[0]], choice.tune[1], choice.tune[2])
    return Choice(
        plays=plays, face_up=face_up, cue=cue, solo_pass=False, score=choice.score, tune=tune
    )


def choose(seen: Seen) -> Choice:
    """The blueprint's move: the best option, signalled by the convention."""
    return with_signal(seen, options(seen, 1)[0])
