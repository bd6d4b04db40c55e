"""The action vocabulary of The Beat: listing every legal action and applying one.

Actions (all JSON, all postable as listed by ``legal``):

* ``{"type": "play", "card": ID, "face_up": bool, "song": k}`` -- play a hand card
  (``face_up`` defaults to false, ``song`` to the first song still lacking this seat's card);
* ``{"type": "play", "hidden": i, "song": k}`` -- Burning Star: play the i-th card of
  one's own hand that one cannot see;
* ``{"type": "solo", "card": ID | "hidden": i, "face_up": bool, "song": k}`` -- the Solo
  player's extra card, once per venue, after its own play;
* ``{"type": "solo_pass"}`` -- Scrapyard: the Solo is spent to play no card this song;
* ``{"type": "cue", "card": PLAYED_ID, "cue_card": STAGED_ID, "direction": "higher"|"lower"}``
  -- ``direction`` is the truth (optional; if given it must be the truth);
* ``{"type": "tune", "card": PLAYED_ID, "cue_card": STAGED_ID, "delta": 1|-1}`` -- Milkyway;
* ``{"type": "take_back"}`` -- return every card this seat played this song (not after a
  Cue, tune or Face Up play);
* ``{"type": "ready"}`` -- commit; the song resolves when every seat is ready;
* ``{"type": "encore", "take": bool}`` -- the seat that played the Encore card decides;
* ``{"type": "tour", "choice": "retry"|"skip"}`` -- after a lost venue in a tour.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from services.beat import cards as C
from services.beat import engine as E
from services.beat import venues as V
from services.core import RulesError

Action = dict[str, Any]


def _seat(state: dict[str, Any], seat: int) -> dict[str, Any]:
    return state["seats"][seat]


def _main_plays(s: dict[str, Any]) -> list[dict[str, Any]]:
    return [p for p in s["played"] if not p["solo"]]


def _can_act_in_play(state: dict[str, Any], seat: int) -> bool:
    if state["status"] != "running" or state["phase"] != "play":
        return False
    if state["seats"][seat]["ready"]:
        return False
    t = E.turn_seat(state)
    return t is None or t == seat


def _open_songs(state: dict[str, Any], s: dict[str, Any]) -> list[int]:
    taken = {p["song"] for p in _main_plays(s)}
    return [i for i in range(len(state["current"])) if i not in taken]


def _visible_hand(s: dict[str, Any]) -> list[str]:
    return [c for c in s["hand"] if c not in s["flipped"]]


def _face_up_ok(state: dict[str, Any], seat: int, card: str) -> bool:
    v = E.venue_of(state)
    s = _seat(state, seat)
    return V.face_up_allowed(
        v, C.has_face_up(card), [C.value(c) for c in s["stage"]], seat == state["solo_seat"]
    )


def _solo_ok(state: dict[str, Any], seat: int) -> bool:
    v = E.venue_of(state)
    s = _seat(state, seat)
    return (
        seat == state["solo_seat"]
        and not state["solo_used"]
        and V.solo_extra_card(v)
        and len(_main_plays(s)) >= s["need"]
        and bool(s["hand"])
    )


def _cue_cards(s: dict[str, Any]) -> list[str]:
    return [c for c in s["stage"] if C.has_cue(c) and c not in s["rotated"]]


def legal(state: dict[str, Any], seat: int) -> list[Action]:
    """Every legal action of ``seat`` now, each postable as it is."""
    return list(each_legal(state, seat))


def can_act(state: dict[str, Any], seat: int) -> bool:
    """Whether ``seat`` has any legal action now (the listing stops at the first)."""
    return next(each_legal(state, seat), None) is not None


def each_legal(state: dict[str, Any], seat: int) -> Iterator[Action]:
    """:func:`legal`'s actions one at a time, in its order."""
    if state["status"] != "running" or not 0 <= seat < state["players"]:
        return
    if state["phase"] == "encore":
        pend = state["pending_encores"]
        if pend and pend[0]["seat"] == seat:
            yield {"type": "encore", "take": True}
            yield {"type": "encore", "take": False}
        return
    if state["phase"] == "tour_choice":
        yield {"type": "tour", "choice": "retry"}
        yield {"type": "tour", "choice": "skip"}
        return
    if not _can_act_in_play(state, seat):
        return
    v = E.venue_of(state)
    s = _seat(state, seat)
    many = len(state["current"]) > 1
    if len(_main_plays(s)) < s["need"]:
        for song in _open_songs(state, s):
            extra = {"song": song} if many else {}
            for card in _visible_hand(s):
                yield {"type": "play", "card": card, **extra}
                if _face_up_ok(state, seat, card):
                    yield {"type": "play", "card": card, "face_up": True, **extra}
            for i in range(len(s["flipped"])):
                yield {"type": "play", "hidden": i, **extra}
    if len(_main_plays(s)) >= s["need"]:
        # listed early so that "always take the first action" also finishes a game
        yield {"type": "ready"}
    if _solo_ok(state, seat):
        for song in range(len(state["current"])):
            extra = {"song": song} if many else {}
            for card in _visible_hand(s):
                yield {"type": "solo", "card": card, **extra}
                if _face_up_ok(state, seat, card):
                    yield {"type": "solo", "card": card, "face_up": True, **extra}
            for i in range(len(s["flipped"])):
                yield {"type": "solo", "hidden": i, **extra}
    if (
        V.solo_pass(v)
        and seat == state["solo_seat"]
        and not state["solo_used"]
        and not s["played"]
        and s["need"] > 0
    ):
        yield {"type": "solo_pass"}
    for p in s["played"]:
        if p["cue"] or p["tune"] or p["hidden"]:
            continue
        pv = C.value(p["card"])
        for cc in _cue_cards(s):
            cv = C.value(cc)
            if not p["face_up"] and cv != pv:
                direction = "higher" if pv > cv else "lower"
                yield {"type": "cue", "card": p["card"], "cue_card": cc, "direction": direction}
            if V.tuning(v):
                for d in (V.tuning(v), -V.tuning(v)):
                    yield {"type": "tune", "card": p["card"], "cue_card": cc, "delta": d}
    if s["played"] and not s["locked"]:
        yield {"type": "take_back"}


# -- applying -------------------------------------------------------------------


def _err(code: str, msg: str) -> RulesError:
    return RulesError(code, msg)


def _int(action: Action, key: str, default: int | None = None) -> int:
    val = action.get(key, default)
    if not isinstance(val, int) or isinstance(val, bool):
        raise _err("bad_action", f"{key!r} must be an integer")
    return val


def _bool(action: Action, key: str) -> bool:
    val = action.get(key, False)
    if not isinstance(val, bool):
        raise _err("bad_action", f"{key!r} must be true or false")
    return val


def _pick_card(state: dict[str, Any], seat: int, action: Action) -> tuple[str, bool]:
    """The hand card an action names: (card id, hidden-from-holder)."""
    s = _seat(state, seat)
    if "hidden" in action:
        if "card" in action:
            raise _err("bad_action", "give either card or hidden, not both")
        i = _int(action, "hidden")
        if not 0 <= i < len(s["flipped"]):
            raise _err("card_not_in_hand", "no such hidden card in your hand")
        return s["flipped"][i], True
    card = action.get("card")
    if not isinstance(card, str):
        raise _err("bad_action", "'card' must be a card id")
    if card not in _visible_hand(s):
        raise _err("card_not_in_hand", f"{card} is not a card you hold and can see")
    return card, False


def _place(state: dict[str, Any], seat: int, action: Action, solo: bool) -> dict[str, Any]:
    s = _seat(state, seat)
    card, hidden = _pick_card(state, seat, action)
    face_up = _bool(action, "face_up")
    if face_up and (hidden or not _face_up_ok(state, seat, card)):
        raise _err("face_up_not_allowed", "this card may not be played Face Up here")
    nsongs = len(state["current"])
    if solo:
        song = _int(action, "song", 0)
        if not 0 <= song < nsongs:
            raise _err("bad_song", "no such song this round")
    else:
        open_songs = _open_songs(state, s)
        song = _int(action, "song", open_songs[0] if open_songs else 0)
        if song not in open_songs:
            raise _err("song_already_played", "you already played a card on that song")
    s["hand"].remove(card)
    if hidden:
        s["flipped"].remove(card)
    entry = {
        "card": card,
        "song": song,
        "face_up": face_up,
        "solo": solo,
        "hidden": hidden,
        "cue": None,
        "tune": None,
    }
    s["played"].append(entry)
    if face_up:
        s["locked"] = True
    return entry


def _find_played(s: dict[str, Any], action: Action) -> dict[str, Any]:
    card = action.get("card")
    for p in s["played"]:
        if p["card"] == card and not p["hidden"]:
            return p
    raise _err("card_not_played", "name a card you played face down this song")


def _cue_card(s: dict[str, Any], action: Action) -> str:
    cc = action.get("cue_card")
    if not isinstance(cc, str) or cc not in _cue_cards(s):
        raise _err("cue_not_available", "cue_card must be an unused Cue card in your Stage Area")
    return cc


def apply_play_phase(state: dict[str, Any], seat: int, action: Action) -> list[dict[str, Any]]:
    """Apply a play-phase action to the copied state; returns public events."""
    if state["phase"] != "play":
        raise _err("wrong_phase", "no song is being played now")
    s = _seat(state, seat)
    if s["ready"]:
        raise _err("already_ready", "you are ready for this song")
    t = E.turn_seat(state)
    if t is not None and t != seat:
        raise _err("not_your_turn", f"seat {t} plays now (turn order)")
    v = E.venue_of(state)
    kind = action["type"]
    if kind == "play":
        if len(_main_plays(s)) >= s["need"]:
            raise _err("already_played", "you already played your card(s) for this song")
        p = _place(state, seat, action, solo=False)
        return [_played_event(seat, p)]
    if kind == "solo":
        if not _solo_ok(state, seat):
            raise _err("solo_not_available", "the Solo is not yours to play now")
        p = _place(state, seat, action, solo=True)
        state["solo_used"] = True
        return [_played_event(seat, p)]
    if kind == "solo_pass":
        if not (
            V.solo_pass(v)
            and seat == state["solo_seat"]
            and not state["solo_used"]
            and not s["played"]
            and s["need"] > 0
        ):
            raise _err("solo_not_available", "the Solo cannot be used to pass now")
        state["solo_used"] = True
        s["need"] = 0
        s["ready"] = True
        return [{"type": "solo_pass", "seat": seat}] + _maybe_resolve(state)
    if kind == "cue":
        p = _find_played(s, action)
        cc = _cue_card(s, action)
        if p["face_up"]:
            raise _err("cue_not_allowed", "a Cue is about a card played face down")
        if p["cue"] or p["tune"]:
            raise _err("cue_not_allowed", "one Cue per played card")
        pv, cv = C.value(p["card"]), C.value(cc)
        if pv == cv:
            raise _err("cue_not_allowed", "no Cue when the values are equal")
        direction = "higher" if pv > cv else "lower"
        if action.get("direction", direction) != direction:
            raise _err("cue_not_allowed", "a Cue must tell the truth")
        p["cue"] = {"cue_card": cc, "direction": direction}
        s["rotated"].append(cc)
        s["locked"] = True
        return [{"type": "cue", "seat": seat, "cue_card": cc, "direction": direction}]
    if kind == "tune":
        if not V.tuning(v):
            raise _err("tune_not_allowed", "tuning only exists at Milkyway Junction")
        p = _find_played(s, action)
        cc = _cue_card(s, action)
        delta = action.get("delta")
        if delta not in (V.tuning(v), -V.tuning(v)) or isinstance(delta, bool):
            raise _err("bad_action", f"delta must be +{V.tuning(v)} or -{V.tuning(v)}")
        if p["cue"] or p["tune"]:
            raise _err("tune_not_allowed", "one Cue or tune per played card")
        p["tune"] = {"cue_card": cc, "delta": delta}
        s["rotated"].append(cc)
        s["locked"] = True
        return [{"type": "tune", "seat": seat, "cue_card": cc, "delta": delta}]
    if kind == "take_back":
        if not s["played"]:
            raise _err("nothing_to_take_back", "you have not played a card this song")
        if s["locked"]:
            raise _err("take_back_locked", "no take-back after a Cue, tune or Face Up play")
        for p in s["played"]:
            s["hand"].append(p["card"])
            if p["hidden"]:
                s["flipped"].append(p["card"])
            if p["solo"]:
                state["solo_used"] = False
        s["played"] = []
        return [{"type": "took_back", "seat": seat}]
    if kind == "ready":
        if len(_main_plays(s)) < s["need"]:
            raise _err("must_play", "play your card(s) before you are ready")
        s["ready"] = True
        return [{"type": "ready", "seat": seat}] + _maybe_resolve(state)
    raise _err("unknown_action", f"unknown action type {kind!r}")


def _played_event(seat: int, p: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "played",
        "seat": seat,
        "song": p["song"],
        "solo": p["solo"],
        "face_up": p["face_up"],
        "card": p["card"] if p["face_up"] else None,
    }


def _maybe_resolve(state: dict[str, Any]) -> list[dict[str, Any]]:
    if all(s["ready"] for s in state["seats"]):
        return E.resolve(state)
    return []
