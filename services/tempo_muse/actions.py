"""Tempo Muse's actions: which a seat may take now (listed, or as checkable forms when
there are too many to list), and applying one after checking it, with a clear
``RulesError`` code for each way an action can be wrong."""

from __future__ import annotations

from typing import Any

from services.core import Game, RulesError
from services.tempo_muse import engine
from services.tempo_muse.content import Content
from services.tempo_muse.payment import (
    all_listed,
    contains,
    enumerate_payments,
    is_valid_payment,
    remove,
)
from services.tempo_muse.studio import current_value, off_tempo, offsets_allowed

State = dict[str, Any]
Action = dict[str, Any]

#: how many payments legal_actions lists per choice (the rest via action_forms)
LIST_LIMIT = 24
#: how many payments legal_actions lists per silent Studio card (Offsets)
OFFSET_LIST_LIMIT = 4

PAYMENT_RULE = (
    "an ordered list of cards of 'from', discarded in that order (the last ends on top of "
    "the discard pile), whose total reaches 'at_least' while the cards before the last "
    "total less than 'at_least'"
)


def _seat(state: State, seat: Any) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in (0, 1):
        raise RulesError("invalid_seat", f"seat must be 0 or 1, got {seat!r}")
    return seat


def _card(x: Any, field: str) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or not 1 <= x <= 15:
        raise RulesError("invalid_action", f"'{field}' must be a card value 1..15, got {x!r}")
    return x


def _cards(x: Any, field: str) -> list[int]:
    if not isinstance(x, list) or len(x) > 200:
        raise RulesError("invalid_action", f"'{field}' must be a list of card values")
    return [_card(v, field) for v in x]


def legal_actions(c: Content, state: State, seat: int) -> list[Action]:
    if state["phase"] == "over" or seat != state["to_act"]:
        return []
    hand = state["hands"][seat]
    pending = state["pending_cycle"]
    if pending is not None:
        pool = remove(hand, pending["drawn"])
        n = len(pending["drawn"])
        options = _distinct_subsets(pool, n, LIST_LIMIT)
        return [{"type": "cycle_return", "cards": cards} for cards in options]
    acts: list[Action] = []
    phase = state["phase"]
    if phase == "composition":
        card = len(state["studios"][seat]) + 1
        if card <= c.studio_goal and card in hand:
            for pay in enumerate_payments(remove(hand, [card]), card, LIST_LIMIT):
                acts.append({"type": "play", "card": card, "payment": pay})
        acts += [{"type": "discard", "card": v} for v in sorted(set(hand))]
    elif phase == "mix":
        acts.append({"type": "mix", "offsets": []})
        for pos in off_tempo(c, state, seat):
            need = 1 - current_value(c, state["studios"][seat][pos - 1])
            for pay in enumerate_payments(hand, need, OFFSET_LIST_LIMIT):
                acts.append({"type": "mix", "offsets": [{"position": pos, "payment": pay}]})
    elif phase == "drop":
        acts += [{"type": "discard", "card": v} for v in sorted(set(hand))]
    if not state["cycled"][seat]:
        most = min(len(hand), len(state["deck"]) + len(state["discard"]))
        acts += [{"type": "cycle", "count": n} for n in range(1, most + 1)]
    return acts


def action_forms(c: Content, state: State, seat: int) -> list[dict[str, Any]]:
    """Every choice family ``legal_actions`` may cut short, as checkable constraints.

    Each form names the action ``type`` and, per parameter, the multiset the
    cards come from (``from``: the seat's own cards, so nothing hidden) and
    the rule they obey; ``listed_all`` says whether ``legal_actions`` already
    lists every action of the form.  Discards and Cycle sizes are always
    listed in full and need no form.  A form appears only when at least one
    action satisfies it.
    """
    if state["phase"] == "over" or seat != state["to_act"]:
        return []
    hand = state["hands"][seat]
    pending = state["pending_cycle"]
    if pending is not None:
        pool = remove(hand, pending["drawn"])
        n = len(pending["drawn"])
        return [
            {
                "type": "cycle_return",
                "cards": {"count": n, "from": pool, "rule": "exactly count cards of from"},
                "listed_all": len(_distinct_subsets(pool, n, LIST_LIMIT + 1)) <= LIST_LIMIT,
            }
        ]
    if state["phase"] == "composition":
        card = len(state["studios"][seat]) + 1
        if card > c.studio_goal or card not in hand:
            return []
        rest = remove(hand, [card])
        if not enumerate_payments(rest, card, 1):
            return []
        return [
            {
                "type": "play",
                "card": card,
                "payment": {
                    "from": rest,
                    "at_least": card,
                    "ordered": True,
                    "rule": PAYMENT_RULE,
                },
                "listed_all": all_listed(rest, card, LIST_LIMIT),
            }
        ]
    if state["phase"] == "mix":
        studio = state["studios"][seat]
        deficits = {
            str(pos): 1 - current_value(c, studio[pos - 1])
            for pos in off_tempo(c, state, seat)
            if sum(hand) >= 1 - current_value(c, studio[pos - 1])
        }
        if not deficits:
            return []
        allowed = offsets_allowed(c, state, seat)
        singles = all(all_listed(hand, need, OFFSET_LIST_LIMIT) for need in deficits.values())
        return [
            {
                "type": "mix",
                "offsets": {
                    "positions": deficits,
                    "at_most": allowed,
                    "from": list(hand),
                    "ordered": True,
                    "rule": "a list of {position, payment}: distinct positions of "
                    "'positions', each payment an ordered list whose total reaches that "
                    "position's deficit while the cards before its last total less; "
                    "all payments together drawn from 'from'",
                },
                # combined Offsets are never listed; singles up to OFFSET_LIST_LIMIT each
                "listed_all": singles and (allowed == 1 or len(deficits) == 1),
            }
        ]
    return []


def apply(c: Content, state: State, seat: int, action: Action) -> tuple[State, list[dict]]:
    seat = _seat(state, seat)
    if state["phase"] == "over":
        raise RulesError("game_over", "the game is over")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise RulesError("invalid_action", "an action is an object with a string 'type'")
    if seat != state["to_act"]:
        raise RulesError("not_your_turn", f"seat {state['to_act']} is to act")
    kind = action["type"]
    s = Game.copy_state(state)
    ev: list[dict] = []
    hand = s["hands"][seat]
    pending = s["pending_cycle"]
    if pending is not None and kind != "cycle_return":
        raise RulesError("cycle_pending", "return cards to the deck to finish your Cycle")
    if kind == "cycle_return":
        if pending is None:
            raise RulesError("no_cycle_pending", "there is no Cycle to finish")
        cards = _cards(action.get("cards"), "cards")
        if len(cards) != len(pending["drawn"]):
            raise RulesError(
                "wrong_count", f"return exactly {len(pending['drawn'])} cards from your hand"
            )
        if not contains(remove(hand, pending["drawn"]), cards):
            raise RulesError(
                "card_not_in_hand", "return cards you held before the Cycle, not drawn ones"
            )
        engine.cycle_return(c, s, seat, cards, ev)
    elif kind == "cycle":
        count = action.get("count")
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise RulesError("invalid_action", "'count' must be a positive integer")
        if s["cycled"][seat]:
            raise RulesError("cycle_used", "you have already Cycled this round")
        if count > len(hand):
            raise RulesError("not_enough_cards", "you cannot give back that many cards")
        if count > len(s["deck"]) + len(s["discard"]):
            raise RulesError("deck_too_small", "the deck and discard pile hold fewer cards")
        engine.cycle_draw(s, seat, count, ev)
    elif kind == "play":
        if s["phase"] != "composition":
            raise RulesError("wrong_phase", "cards are played in the Composition phase")
        card = _card(action.get("card"), "card")
        payment = _cards(action.get("payment"), "payment")
        position = len(s["studios"][seat]) + 1
        if position > c.studio_goal:
            raise RulesError("studio_full", "your Studio is complete")
        if any(slot["value"] == card for slot in s["studios"][seat]):
            raise RulesError("not_unique", f"{c.cards[card].name} is already in your Studio")
        if card != position:
            raise RulesError(
                "wrong_position", f"position {position} needs the card of value {position}"
            )
        if card not in hand:
            raise RulesError("card_not_in_hand", f"you hold no card of value {card}")
        if not contains(remove(hand, [card]), payment):
            raise RulesError("card_not_in_hand", "the payment uses cards you do not hold")
        if not is_valid_payment(card, payment):
            raise RulesError(
                "invalid_payment",
                f"pay at least {card}, discarding no card once {card} is met "
                f"(total {sum(payment)})",
            )
        engine.play(c, s, seat, card, payment, ev)
    elif kind == "discard":
        if s["phase"] not in ("composition", "drop"):
            raise RulesError("wrong_phase", "no discard is due in this phase")
        card = _card(action.get("card"), "card")
        if card not in hand:
            raise RulesError("card_not_in_hand", f"you hold no card of value {card}")
        engine.discard_one(c, s, seat, card, ev)
    elif kind == "mix":
        if s["phase"] != "mix":
            raise RulesError("wrong_phase", "Offsets are chosen in the Mix phase")
        offsets = parse_offsets(c, s, seat, action.get("offsets", []))
        engine.mix(c, s, seat, offsets, ev)
    else:
        raise RulesError("unknown_action", f"unknown action type {kind!r}")
    return s, ev


def parse_offsets(c: Content, s: State, seat: int, raw: Any) -> dict[int, list[int]]:
    if not isinstance(raw, list):
        raise RulesError("invalid_action", "'offsets' must be a list")
    studio = s["studios"][seat]
    out: dict[int, list[int]] = {}
    for item in raw:
        if not isinstance(item, dict):
            raise RulesError("invalid_action", "each offset is {position, payment}")
        pos = item.get("position")
        if isinstance(pos, bool) or not isinstance(pos, int) or not 1 <= pos <= len(studio):
            raise RulesError("invalid_position", f"no Studio card at position {pos!r}")
        if pos in out:
            raise RulesError("duplicate_offset", f"position {pos} is offset twice")
        payment = _cards(item.get("payment"), "payment")
        need = 1 - current_value(c, studio[pos - 1])
        if need < 1:
            raise RulesError("not_silent", f"the card at position {pos} already acts")
        if not is_valid_payment(need, payment):
            raise RulesError(
                "invalid_payment",
                f"offset {need} at position {pos}, discarding no card once {need} is met",
            )
        out[pos] = payment
    allowed = offsets_allowed(c, s, seat)
    if len(out) > allowed:
        raise RulesError("too_many_offsets", f"you may Offset {allowed} card(s) this round")
    every = [v for pay in out.values() for v in pay]
    if not contains(s["hands"][seat], every):
        raise RulesError("card_not_in_hand", "the Offsets use cards you do not hold")
    return out


def _distinct_subsets(pool: list[int], n: int, limit: int) -> list[list[int]]:
    """Up to ``limit`` distinct n-card multisets from ``pool``, lowest values first."""
    counts = sorted({v: pool.count(v) for v in pool}.items())
    out: list[list[int]] = []

    def walk(i: int, chosen: list[int]) -> None:
        if len(out) >= limit:
            return
        if len(chosen) == n:
            out.append(list(chosen))
            return
        if i >= len(counts):
            return
        value, have = counts[i]
        for take in range(min(have, n - len(chosen)), -1, -1):
            walk(i + 1, chosen + [value] * take)

    walk(0, [])
    return out
