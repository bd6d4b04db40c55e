"""What a seat may do now (concrete legal actions and the forms of the open-ended ones), and
applying an action through the handler of its phase."""

from __future__ import annotations

from typing import Any

from services.composition import compose, draft, solo
from services.composition.compose import helpers, short_words
from services.composition.content import card, content
from services.composition.draft import draft_actions
from services.composition.ending import face_up
from services.composition.seats import Action, State, rules, usable_cards
from services.core import RulesError
from services.core.codec import copy_json

HANDLERS = {
    "draft": {
        "take": draft.take,
        "buy_crescendo": draft.buy_crescendo,
        "buy_ovation": draft.buy_ovation,
        "rex_mark": draft.rex_mark,
        "stop": draft.stop,
    },
    "compose": {"perform": compose.perform, "ask_help": compose.ask_help},
    "flip": {"flip": solo.flip},
}
KNOWN = frozenset(k for h in HANDLERS.values() for k in h)


def legal_actions(state: State, seat: int) -> list[Action]:
    if state["finished"] or not 0 <= seat < state["players"]:
        return []
    phase = state["phase"]
    if phase == "draft":
        if seat != state["turn"]:
            return []
        return draft_actions(state, seat)
    if phase == "compose":
        if state["seats"][seat]["status"] not in ("composing", "retry"):
            return []
        acts: list[Action] = [{"type": "perform", "cards": []}]
        words = short_words(state, seat)
        acts.extend(words)
        who = helpers(state, seat)
        if who and words:
            acts.append({"type": "ask_help", "helper": who[0], "cards": words[0]["cards"]})
        return acts
    if phase == "flip":
        return [{"type": "flip", "card": cid} for cid in face_up(state)]
    return []


def seats_to_act(state: State) -> list[int]:
    if state["finished"]:
        return []
    if state["phase"] == "draft":
        return [state["turn"]]
    if state["phase"] == "compose":
        return [i for i, s in enumerate(state["seats"]) if s["status"] in ("composing", "retry")]
    return [0]


def action_forms(state: State, seat: int) -> list[dict[str, Any]]:
    """The open-ended compose actions, each only when this seat can use it now."""
    if state["finished"] or state["phase"] != "compose":
        return []
    if state["seats"][seat]["status"] not in ("composing", "retry"):
        return []
    usable = usable_cards(state, seat)
    letters = {c: ("any" if c == "ghost" else card(c)["letters"]) for c in usable}
    maestro = state["seats"][seat]["maestro"]
    forms: list[dict[str, Any]] = [
        {
            "type": "perform",
            "description": "Commit a Performance: the cards spelling the word, in order.",
            "params": {
                "cards": "list of card ids from your usable cards, in word order",
                "assign": "{card id: letter} for the Ghost Note (and MUD's changed card)",
                "pay": "card ids whose pay-cost ability you activate",
                "bonus": "{symbol: 'roses'|'cards'} (default roses)",
                "keep": "unused card ids to place in your Chorus (rest auto-filled)",
                "awards": "Award ids on offer, best first: the first your word meets and "
                "still on offer is yours (default: the first met in layout order)",
            },
            "usable_cards": usable,
            "letters": letters,
            "min_word_length": rules()["min_word_length"],
            "chorus_slots": content()["maestros"][maestro]["chorus"],
            "awards": list(state["awards"]),
        }
    ]
    crossings = [c for c in usable if c != "ghost" and _two_words(c)]
    if crossings:
        forms.append(
            {
                "type": "perform",
                "description": "Two words crossing at a two-word card (it counts once).",
                "params": {
                    "cards": "the first word",
                    "cards2": "the second word; shares "
                    "exactly one card, which has the two_words ability",
                },
                "two_word_cards": crossings,
            }
        )
    who = helpers(state, seat)
    if who:
        forms.append(
            {
                "type": "ask_help",
                "description": "Pay a player 1 Rose to check whether cards spell a word "
                "(private answer; the word is not committed).",
                "params": {
                    "helper": "another seat",
                    "cards": "card ids in word order",
                    "assign": "as for perform",
                    "cards2": "optional second word",
                },
                "helpers": who,
                "cost": rules()["costs"]["help"],
            }
        )
    return forms


def _two_words(cid: str) -> bool:
    return any(a["type"] == "two_words" for a in card(cid).get("abilities", ()))


def apply(state: State, seat: int, action: Action) -> tuple[State, list[dict[str, Any]]]:
    """A copy of ``state`` after ``seat`` plays ``action``, and its events."""
    if state.get("finished"):
        raise RulesError("game_over", "the game is over")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise RulesError("unknown_action", "an action is an object with a 'type'")
    if not isinstance(seat, int) or not 0 <= seat < state["players"]:
        raise RulesError("bad_seat", "no such seat")
    kind = action["type"]
    phase = state["phase"]
    if kind not in KNOWN:
        raise RulesError("unknown_action", f"unknown action type {kind!r}")
    handler = HANDLERS.get(phase, {}).get(kind)
    if handler is None:
        raise RulesError("wrong_phase", f"{kind!r} is not possible in the {phase} phase")
    new = copy_json(state)
    events: list[dict[str, Any]] = []
    handler(new, seat, action, events)
    return new, events
