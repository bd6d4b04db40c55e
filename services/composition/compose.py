"""Phase 2, composing: simultaneous Performances, spelling help, and the contest.

Every seat commits a Performance (one word, or two crossing at a two-word
card); words stay hidden until every seat has committed.  A word the
dictionary rejects gets one retry; then the round is showcased.
"""

from __future__ import annotations

from typing import Any

from services.composition import wordlist
from services.composition.content import card, content
from services.composition.scoring import PAY_TYPES
from services.composition.seats import Action, Events, State, has_ability, rules, usable_cards
from services.composition.showcase import resolve
from services.core import RulesError


def short_words(state: State, seat: int) -> list[Action]:
    """A few short words found without the solver (cheap concrete actions)."""
    minlen = rules()["min_word_length"]
    singles = [c for c in usable_cards(state, seat) if len(card(c)["letters"]) == 1]
    found: list[Action] = []
    for i, a in enumerate(singles):
        for j, b in enumerate(singles):
            if i == j:
                continue
            word = card(a)["letters"] + card(b)["letters"]
            if len(word) >= minlen and wordlist.is_word(word):
                found.append({"type": "perform", "cards": [a, b]})
                if len(found) >= 3:
                    return found
    return found


def perform(state: State, seat: int, action: Action, events: Events) -> None:
    s = state["seats"][seat]
    if s["status"] not in ("composing", "retry"):
        raise RulesError("already_committed", "this seat has committed its Performance")
    perf = parse_performance(state, seat, action)
    s["performance"] = perf
    s["status"] = "committed"
    s.pop("refusal", None)  # the reveal judges this Performance afresh
    events.append({"type": "committed", "seat": seat})
    if all(x["status"] == "committed" for x in state["seats"]):
        _reveal(state, events)


def helpers(state: State, seat: int) -> list[int]:
    """Seats ``seat`` may pay for spelling help (every other seat is deemed willing)."""
    cost = rules()["costs"]["help"]
    if state["solo"] or state["seats"][seat]["roses"] < cost:
        return []
    return [i for i in range(state["players"]) if i != seat]


def ask_help(state: State, seat: int, action: Action, events: Events) -> None:
    s = state["seats"][seat]
    if s["status"] not in ("composing", "retry"):
        raise RulesError("already_committed", "this seat has committed its Performance")
    helper = action.get("helper")
    if state["solo"]:
        raise RulesError("no_helper", "no other player to ask in solo")
    if not isinstance(helper, int) or isinstance(helper, bool) or helper == seat:
        raise RulesError("bad_action", "helper must be another seat")
    if not 0 <= helper < state["players"]:
        raise RulesError("bad_seat", "no such seat")
    cost = rules()["costs"]["help"]
    if s["roses"] < cost:
        raise RulesError("not_enough_roses", f"spelling help costs {cost} Rose")
    probe = {k: action[k] for k in ("cards", "assign", "cards2") if k in action}
    perf = parse_performance(state, seat, {"type": "perform", **probe})
    if not perf["cards"]:
        raise RulesError("bad_action", "name the cards to check")
    valid = all(valid_word(w) for w in perf["words"])
    s["roses"] -= cost
    state["seats"][helper]["roses"] += cost
    s.setdefault("help", []).append({"helper": helper, "word": perf["word"], "valid": valid})
    # the verdict and the word stay in the seat's private view, not in public events
    events.append({"type": "spelling_help", "seat": seat, "helper": helper, "roses": cost})


def parse_performance(state: State, seat: int, action: Action) -> dict[str, Any]:
    """Check a ``perform`` action against the seat's cards; the Performance it commits."""
    s = state["seats"][seat]
    cards = action.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise RulesError("bad_action", "cards must be a list of card ids")
    if len(set(cards)) != len(cards):
        raise RulesError("bad_action", "a card can be used once in a Performance")
    usable = usable_cards(state, seat)
    for c in cards:
        if c not in usable:
            raise RulesError("card_not_in_hand", f"{c!r} is not one of your usable cards")
    assign = action.get("assign", {}) or {}
    if not isinstance(assign, dict):
        raise RulesError("bad_action", "assign must map card ids to letters")
    mud = has_ability(state, seat, "change_letter") is not None
    changed = 0
    cards2 = action.get("cards2") or []
    for cid, letter in assign.items():
        if cid not in cards and cid not in (cards2 if isinstance(cards2, list) else []):
            raise RulesError("bad_action", f"assign names {cid!r}, not in the word")
        if not (isinstance(letter, str) and len(letter) == 1 and "a" <= letter <= "z"):
            raise RulesError("bad_action", "assigned letters are single lowercase letters")
        if cid != "ghost":
            if not mud:
                raise RulesError("bad_action", "only the Ghost Note takes an assigned letter")
            if len(card(cid)["letters"]) != 1:
                raise RulesError("bad_action", "MUD changes a single-letter card only")
            changed += 1
    if changed > 1:
        raise RulesError("bad_action", "MUD changes one card per Performance")
    if "ghost" in cards + (cards2 if isinstance(cards2, list) else []) and "ghost" not in assign:
        # the Ghost Note shows no letter of its own: unassigned it would spell nothing
        raise RulesError("bad_action", "say which letter the Ghost Note plays")
    pay = action.get("pay", []) or []
    if not isinstance(pay, list) or not all(isinstance(p, str) for p in pay):
        raise RulesError("bad_action", "pay must be a list of card ids")
    cost = 0
    for p in set(pay):
        abil = (
            [a for a in card(p).get("abilities", ()) if a["type"] in PAY_TYPES]
            if (p in cards or (isinstance(cards2, list) and p in cards2))
            else []
        )
        if not abil:
            raise RulesError("bad_action", f"{p!r} has no pay-cost ability in this word")
        cost += abil[0]["cost"]
    if cost > s["roses"]:
        raise RulesError("not_enough_roses", f"the abilities cost {cost} Roses")
    bonus = action.get("bonus", {}) or {}
    if not isinstance(bonus, dict) or not all(v in ("roses", "cards") for v in bonus.values()):
        raise RulesError("bad_action", "bonus maps a symbol to 'roses' or 'cards'")
    keep = action.get("keep", []) or []
    if not isinstance(keep, list) or not all(isinstance(k, str) for k in keep):
        raise RulesError("bad_action", "keep must be a list of card ids")
    slots = content()["maestros"][s["maestro"]]["chorus"]
    for k in keep:
        in_words = k in cards or (isinstance(cards2, list) and k in cards2)
        if in_words or k not in s["chorus"] + s["drafted"]:
            raise RulesError("bad_action", f"{k!r} cannot go to the Chorus")
    if len(set(keep)) > slots:
        raise RulesError("bad_action", f"only {slots} Chorus slots")
    awards = action.get("awards", []) or []
    if (
        not isinstance(awards, list)
        or not all(isinstance(a, str) and a in state["awards"] for a in awards)
        or len(set(awards)) != len(awards)
    ):
        raise RulesError("bad_action", "awards lists distinct Award ids on offer, best first")
    words = ["".join(assign.get(c, card(c)["letters"]) for c in cards)]
    used = list(cards)
    cards2 = action.get("cards2")
    if cards2 is not None and cards2 != []:
        second = _second_word(cards, cards2, usable, assign)
        words.append("".join(assign.get(c, card(c)["letters"]) for c in cards2))
        used += [c for c in cards2 if c != second]
    letters = [assign.get(c, card(c)["letters"]) for c in used]
    return {
        "cards": used,
        "letters": letters,
        "words": words,
        "word": " ".join(words),
        "assign": dict(assign),
        "pay": sorted(set(pay)),
        "bonus": {str(k): v for k, v in bonus.items()},
        "keep": list(dict.fromkeys(keep)),
        "awards": list(awards),
    }


def _second_word(cards: list[str], cards2: Any, usable: list[str], assign: dict[str, Any]) -> str:
    """Check a second word; return the one card it shares with the first (a two_words card)."""
    if not isinstance(cards2, list) or not all(isinstance(c, str) for c in cards2):
        raise RulesError("bad_action", "cards2 must be a list of card ids")
    if len(set(cards2)) != len(cards2):
        raise RulesError("bad_action", "a card can be used once in a word")
    for c in cards2:
        if c not in usable:
            raise RulesError("card_not_in_hand", f"{c!r} is not one of your usable cards")
    shared = [c for c in cards2 if c in cards]
    if len(shared) != 1:
        raise RulesError("bad_action", "the two words share exactly one card")
    if not any(a["type"] == "two_words" for a in card(shared[0]).get("abilities", ())):
        raise RulesError("no_two_words", "only a two-word card may join two words")
    return shared[0]


def valid_word(word: str) -> bool:
    return refusal_reason(word) is None


def refusal_reason(word: str) -> str | None:
    """Why the dictionary refuses ``word`` (``too_short``, ``not_in_word_list``), or None."""
    if len(word) < rules()["min_word_length"]:
        return "too_short"
    return None if wordlist.is_word(word) else "not_in_word_list"


def refusal(words: list[str], retries_left: int) -> dict[str, Any] | None:
    """Why a Performance is refused, for machines (``reason``, ``word``, ``retries_left``)
    and people (``message``); None when every word stands."""
    for word in words:
        reason = refusal_reason(word)
        if reason is None:
            continue
        shown = word.upper()
        why = (
            f"{shown} is shorter than {rules()['min_word_length']} letters"
            if reason == "too_short"
            else f"{shown} is not in the word list"
        )
        then = "one retry left" if retries_left == 1 else "no retry left, so it scores nothing"
        return {
            "reason": reason,
            "word": word,
            "retries_left": retries_left,
            "message": f"{why}: {then}.",
        }
    return None


def _reveal(state: State, events: Events) -> None:
    retry = False
    for i, s in enumerate(state["seats"]):
        perf = s["performance"]
        why = refusal(perf["words"], 0 if s["retried"] else 1) if perf["cards"] else None
        s["refusal"] = why
        if why is None:
            continue
        if not s["retried"]:
            s["retried"] = True
            s["status"] = "retry"
            s["contested"] = perf["word"]
            s["performance"] = None
            retry = True
            events.append({"type": "contested", "seat": i, "word": perf["word"], "refusal": why})
        else:
            perf["failed"] = True
            events.append({"type": "contest_lost", "seat": i, "word": perf["word"], "refusal": why})
    if not retry:
        resolve(state, events)
