"""Puzzle codes: a Beat deal written out in full as a short, URL-safe string.

A code names the venue, the seat count and the whole deal -- every seat's deck in
draw order, the Song deck and the Encore deck, the Event deck, the Solo seat where
it is dealt at random -- so it never depends on the random generator: a code opens
the same deal whatever the engine's shuffles become.

Format ``B1.<base64url>``: ``B1`` is the format version; the payload is one integer
in mixed radix (venue number, seats, Solo seat, each deck as a Lehmer code of its
permutation of the seat's 15 cards, each song difficulty, the Event deck as a Lehmer
code over :data:`EVENTS_V1`), big-endian, followed by 4 bytes of SHA-256 of the
version and the payload as a checksum.  Version 1's tables below are frozen: new
content gets a new version, old codes keep decoding.
"""

from __future__ import annotations

import base64
import hashlib
from typing import Any

from services.beat import cards as C
from services.beat import venues as V
from services.core import RulesError

VERSION = "B1"
MAX_CODE_LENGTH = 200
CHECK_BYTES = 4
VENUES_V1 = 26
MAX_DIFFICULTY_V1 = 63
SONGS_V1 = 12
#: the Event deck's alphabet in version 1 (order frozen)
EVENTS_V1: tuple[str, ...] = (
    "feedback_loop", "resonance_frequency", "power_surge", "blown_fuse",
    "crowd_singalong", "stage_fright", "bass_boost", "echo_chamber", "tape_delay",
    "overdrive_pedal", "fuzz_box", "sticky_keys", "detuned_strings", "worn_drumhead",
    "muted_amp", "no_openers", "silent_disco", "missing_middle", "headliner",
    "humble_roots", "the_hook", "harmony", "even_groove", "odd_meter", "acoustic_set",
    "power_chords", "blackout", "radio_silence", "spotlight_thief", "stage_diver",
    "jam_session", "clear_skies",
)  # fmt: skip
#: a seat's 15 cards in version 1's canonical order (value 1..5, copies a, b, c)
_DECK_ORDER_V1: tuple[tuple[int, str], ...] = tuple(
    (v, c) for v in (1, 2, 3, 4, 5) for c in ("a", "b", "c")
)


def _bad(message: str, field: str = "code") -> RulesError:
    return RulesError("invalid_code", message, {field: [message]})


def _lehmer(perm: list[int]) -> list[tuple[int, int]]:
    """(digit, radix) pairs of a permutation of 0..n-1."""
    left = sorted(perm)
    out = []
    for x in perm:
        i = left.index(x)
        out.append((i, len(left)))
        left.pop(i)
    return out


def _unlehmer(digits: list[int]) -> list[int]:
    left = list(range(len(digits)))
    return [left.pop(d) for d in digits]


def encode(venue: str | int, players: int, deal: dict[str, Any]) -> str:
    """The code of a complete deal (``deal`` as :func:`solver.beat.deal.deal_of` gives it).

    Every part must be explicit: decks as card ids, the 12 songs split into Song
    and Encore decks, all 32 events, and the Solo seat where the venue deals it.
    """
    v = V.get_venue(venue)
    digits: list[tuple[int, int]] = [(v.number - 1, VENUES_V1), (players - 2, 3)]
    solo = deal.get("solo")
    digits.append((4 if solo is None else int(solo), 5))
    for seat, deck in enumerate(deal["decks"]):
        order = [_DECK_ORDER_V1.index((C.value(c), C.parse(c)[2])) for c in deck]
        if sorted(order) != list(range(C.DECK_SIZE)) or any(C.owner(c) != seat for c in deck):
            raise ValueError(f"deck {seat} is not seat {seat}'s 15 cards")
        digits.extend(_lehmer(order))
    songs = list(deal["songs"]) + list(deal["encores"])
    if len(songs) != SONGS_V1 or len(deal["songs"]) != V.setlist_size(v):
        raise ValueError("a code needs the 12 songs split as the venue deals them")
    digits.extend((d, MAX_DIFFICULTY_V1 + 1) for d in songs)
    events = list(deal["events"])
    if sorted(events) != sorted(EVENTS_V1):
        raise ValueError("a code needs all 32 events in draw order")
    digits.extend(_lehmer([EVENTS_V1.index(e) for e in events]))
    n = 0
    for d, radix in reversed(digits):
        n = n * radix + d
    payload = n.to_bytes(max(1, (n.bit_length() + 7) // 8), "big")
    raw = payload + _check(payload)
    return f"{VERSION}.{base64.urlsafe_b64encode(raw).decode().rstrip('=')}"


def _check(payload: bytes) -> bytes:
    return hashlib.sha256(VERSION.encode() + payload).digest()[:CHECK_BYTES]


class _Digits:
    def __init__(self, n: int):
        self.n = n

    def take(self, radix: int) -> int:
        self.n, d = divmod(self.n, radix)
        return d

    def perm(self, size: int) -> list[int]:
        return _unlehmer([self.take(size - i) for i in range(size)])


def decode(code: Any) -> dict[str, Any]:
    """``{"venue", "players", "deal"}`` of a code; RulesError ``invalid_code`` (422)
    naming what is wrong: the version, the characters, the checksum or a field."""
    if not isinstance(code, str) or not code:
        raise _bad("a puzzle code is a non-empty string")
    if len(code) > MAX_CODE_LENGTH:
        raise _bad(f"a puzzle code has at most {MAX_CODE_LENGTH} characters")
    version, _, body = code.strip().partition(".")
    if version != VERSION:
        raise _bad(f"unknown puzzle code version {version!r} (this server reads {VERSION})")
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except ValueError:
        raise _bad("a puzzle code holds only letters, digits, '-' and '_' after 'B1.'") from None
    payload, check = raw[:-CHECK_BYTES], raw[-CHECK_BYTES:]
    if not payload or _check(payload) != check:
        raise _bad("the puzzle code's checksum does not match: a character is wrong or missing")
    d = _Digits(int.from_bytes(payload, "big"))
    number = d.take(VENUES_V1) + 1
    players = d.take(3) + 2
    solo = d.take(5)
    decks = []
    for seat in range(players):
        decks.append([C.card_id(seat, *_DECK_ORDER_V1[i]) for i in d.perm(C.DECK_SIZE)])
    songs = [d.take(MAX_DIFFICULTY_V1 + 1) for _ in range(SONGS_V1)]
    events = [EVENTS_V1[i] for i in d.perm(len(EVENTS_V1))]
    if d.n:
        raise _bad("the puzzle code is longer than the deal it describes")
    v = V.get_venue(number)
    size = V.setlist_size(v)
    deal: dict[str, Any] = {
        "decks": decks,
        "songs": songs[:size],
        "encores": songs[size:],
        "events": events,
    }
    if V.random_solo(v):
        if solo >= players:
            raise _bad(f"the Solo seat must be one of the {players} seats", "solo")
        deal["solo"] = solo
    elif solo != 4:
        raise _bad(f"{v.name} gives the Solo by the staged cards, not by the code", "solo")
    return {"venue": v.id, "players": players, "deal": deal}


def game_options(decoded: dict[str, Any]) -> dict[str, Any]:
    """The engine options that open a decoded code as a puzzle-mode game."""
    return {"venue": decoded["venue"], "mode": "puzzle", "deal": decoded["deal"]}


#: the seed a code's game is created with: only an Event deck exhausted and reshuffled
#: (a venue playing more than 32 events) reads it
CODE_SEED = 0


def code_of_state(state: dict[str, Any]) -> str:
    """The code of a freshly set-up engine state's deal."""
    from solver.beat import deal as D

    return encode(state["venue"], state["players"], D.deal_of(state))
