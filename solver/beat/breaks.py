"""Breaking an event on purpose: a Face Up play under Blackout, a Cue under Radio Silence.

Under perfect information a Face Up play or a Cue tells the band nothing it does not
know; its one effect on a result is to break an event clause that forbids it
(``forbid_face_up``, ``forbid_cue``), and a broken event makes the song a FAIL
whatever was played (``rounds.resolve_song``).  Failing a song can win a venue
(Scrapyard fails every song, Comeback Comet its first three, exact or maximum
targets), so the search and the CP-SAT model both offer the break, with the rules of
who may make it read from here -- the engine's own definitions, never re-typed:

* which flags break a song's events: the engine's ``clause_holds`` on a probe play;
* Face Up: ``venues.face_up_allowed`` (the Face Up copy of a 2, 3 or 4; Rusty Airlock
  only once the seat's Stage Area shows 1-5; Warken's Solo player any card);
* Cue: an unused Cue card in the seat's Stage Area whose value differs from the card
  played (``actions``: "no Cue when the values are equal"; the Cue card is used up).

Not offered where the rules make it moot or the replay cannot see it: Milkyway's
tunes already break Radio Silence and a tune needs no value difference (so it
dominates a Cue); Burning Star's hidden cards may not be played Face Up or Cued and
the replay does not track which cards are hidden, so no break is offered there.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from services.beat import cards as C
from services.beat import venues as V
from services.beat.events import CONDITIONS, Play, clause_holds, get_event

FACE_UP, CUE = "face_up", "cue"
_PROBE = Play(seat=0, value=3)
_FLAGGED = {FACE_UP: replace(_PROBE, face_up=True), CUE: replace(_PROBE, cued=True)}


@lru_cache(maxsize=4096)
def flags_breaking(events: tuple[str, ...]) -> frozenset[str]:
    """The flags (``face_up``, ``cue``) that alone break one of these events' clauses."""
    out = set()
    for e in events:
        for cl in get_event(e).clauses:
            if cl["kind"] not in CONDITIONS or not clause_holds(cl, [_PROBE], 3):
                continue
            out |= {f for f, p in _FLAGGED.items() if not clause_holds(cl, [p], 3)}
    return frozenset(out)


def offered(v: V.Venue) -> frozenset[str]:
    """The breaks the solver models at this venue (see the module docstring)."""
    if V.hidden_count(v):
        return frozenset()
    if V.tuning(v):
        return frozenset({FACE_UP})
    return frozenset({FACE_UP, CUE})


def song_flags(v: V.Venue, events: tuple[str, ...]) -> frozenset[str]:
    """The breaks the solver may use on a song with these events at this venue."""
    return flags_breaking(tuple(events)) & offered(v)


def face_up_ok(v: V.Venue, card: str, stage_values: list[int], is_solo_seat: bool) -> bool:
    """Whether this card may be played Face Up by its seat (the engine's rule)."""
    return V.face_up_allowed(v, C.has_face_up(card), stage_values, is_solo_seat)


def face_up_needs_full_stage(v: V.Venue) -> bool:
    """Rusty Airlock: a Face Up play needs a Stage Area showing every value 1-5."""
    return not V.face_up_allowed(v, True, [], False)


def cue_cards_for(card: str, unused: tuple[str, ...] | list[str]) -> list[str]:
    """The unused staged Cue cards a Cue on this played card may use."""
    return [c for c in unused if C.value(c) != C.value(card)]


def direction(card: str, cue_card: str) -> str:
    """The truthful direction of a Cue on ``card`` with ``cue_card``."""
    return "higher" if C.value(card) > C.value(cue_card) else "lower"
