"""A new game: options, Maestros and their Locked Letters, decks, the first lay-out."""

from __future__ import annotations

from typing import Any

from services.composition.content import VOWELS, card, content
from services.composition.draft import start_round
from services.composition.seats import State
from services.core import RulesError, draw_rng, new_rng_state

OPTIONS = frozenset({"maestros", "max_rounds", "tomatoes"})


def new_state(players: int, options: dict[str, Any], seed: int) -> State:
    data = content()
    rules = data["rules"]
    if not isinstance(players, int) or not 1 <= players <= 5:
        raise RulesError("invalid_options", "Composition seats 1 to 5 players")
    options = dict(options or {})
    unknown = set(options) - OPTIONS
    if unknown:
        raise RulesError("invalid_options", f"unknown options: {sorted(unknown)}")
    solo = players == 1
    max_rounds = options.get("max_rounds", rules["max_rounds"] if not solo else 40)
    if (
        not isinstance(max_rounds, int)
        or isinstance(max_rounds, bool)
        or not (1 <= max_rounds <= 40)
    ):
        raise RulesError("invalid_options", "max_rounds must be an integer 1..40")
    tomatoes = options.get("tomatoes", True)
    if not isinstance(tomatoes, bool):
        raise RulesError("invalid_options", "tomatoes must be true or false")
    state: State = {"players": players, "rng": new_rng_state(seed), "solo": solo}
    rng = draw_rng(state)
    chosen = options.get("maestros")
    all_m = list(data["maestros"])
    if chosen is not None:
        if (
            not isinstance(chosen, list)
            or len(chosen) != players
            or not all(isinstance(m, str) and m in data["maestros"] for m in chosen)
            or len(set(chosen)) != players
        ):
            raise RulesError(
                "invalid_options", f"maestros must list {players} distinct ids of {all_m}"
            )
        if solo and chosen != ["MASK"]:
            raise RulesError("invalid_options", "solo mode plays the Masked Maestro")
    elif solo:
        chosen = ["MASK"]
    else:
        chosen = rng.sample(all_m, players)
    unused_letters = [
        cid for m in all_m if m not in chosen for cid in data["maestros"][m]["letters"]
    ]
    seats = []
    for mid in chosen:
        m = data["maestros"][mid]
        locked = list(m["letters"])
        if m["masked"]:
            locked = masked_letters(unused_letters, m["locked_count"], rng)
        seats.append(
            {
                "maestro": mid,
                "roses": m["roses"],
                "locked": locked,
                "chorus": [],
                "drafted": [],
                "extra": [],
                "ghost": False,
                "ovations": [],
                "awards": [],
                "bought_ovation": False,
                "status": "waiting",
                "performance": None,
                "retried": False,
                "last": None,
            }
        )
    notes = list(data["notes"]) + (list(data["tomatoes"]) if tomatoes and not solo else [])
    rng.shuffle(notes)
    cresc = list(data["crescendos"])
    rng.shuffle(cresc)
    ovations = list(data["ovations"])
    awards = list(data["awards"])
    rng.shuffle(ovations)
    rng.shuffle(awards)
    if not solo:
        n = int(rules["reveal"][str(players)])
        ovations, awards = ovations[:n], awards[:n]
    state.update(
        {
            "max_rounds": max_rounds,
            "round": 0,
            "phase": "draft",
            "baton": 0,
            "turn": 0,
            "tracker": players,
            "note_deck": notes,
            "cresc_deck": cresc,
            "discard": [],
            "composition": {"notes": [], "crescendos": [], "ghost": False},
            "ghost_cost": rules["costs"]["ghost"],
            "ovations": ovations,
            "awards": awards,
            "facedown": [],
            "last_round": False,
            "finished": False,
            "rex": None,
            "held_tomatoes": [],
            "seats": seats,
            "history": [],
        }
    )
    start_round(state, [])
    return state


def masked_letters(pool: list[str], count: int, rng) -> list[str]:
    """The Masked Maestro's own Locked Letters: ``count`` cards, a vowel, no repeats."""
    cards = list(pool)
    rng.shuffle(cards)
    chosen: list[str] = []
    vowel = next((c for c in cards if card(c)["letters"] in VOWELS), None)
    if vowel:
        chosen.append(vowel)
    for c in cards:
        if len(chosen) >= count:
            break
        if c not in chosen and all(card(c)["letters"] != card(x)["letters"] for x in chosen):
            chosen.append(c)
    return chosen
