"""Hints in a live game: draft the card that most improves the seat's best word,
spell the optimal word, and (solo) flip the card least likely to be earned."""

from __future__ import annotations

import time
from typing import Any

from services.composition import GAME
from services.composition.content import content
from services.composition.draft import cresc_cost, ghost_cost
from services.composition.seats import public_card
from services.composition.showcase import goal_met
from solver.composition.familiar import choose, familiarity
from solver.composition.hand import Hand, hand_from_state
from solver.composition.search import best_words
from solver.composition.why import card_name


def _hand(state: dict[str, Any], seat: int, extra: list[dict[str, Any]] | None = None) -> Hand:
    return hand_from_state(state, seat, extra=extra)


# share of the time left that one draft evaluation's two-word search may take: a hand
# holding Crossroads can need a second or more, and the draft compares many hands
PAIR_SHARE = 0.25
#: plays compared when spelling: ties and near-ties of the best go to the commoner word
CANDIDATES = 8


def _best_net(hand: Hand, deadline: float) -> tuple[int, str]:
    """Best net and word of a hand; the two-word search is capped by the hint's budget."""
    left = max(0.0, deadline - time.perf_counter())
    share = PAIR_SHARE * left
    words = best_words(hand, 1, pair_budget_s=share, budget_s=share)["words"]
    return (words[0]["net"], words[0]["word"]) if words else (0, "")


def advise(state: dict[str, Any], seat: int, budget_s: float) -> dict[str, Any]:
    t0 = time.perf_counter()
    legal = GAME.legal_actions(state, seat)
    if not legal:
        return {"actions": [], "explanation": "this seat has nothing to do now"}
    phase = state["phase"]
    if phase == "compose":
        hand = _hand(state, seat)
        # the two-word search (hands with Crossroads) may be slow: it gets what is left
        # of the budget and, cut short, the hint says its word is not proven optimal
        left = max(0.0, budget_s - (time.perf_counter() - t0))
        res = best_words(hand, CANDIDATES, pair_budget_s=left, budget_s=0.8 * left)
        exact = res["exact"]
        if not res["words"]:
            return {
                "actions": [{"seat": seat, "action": {"type": "perform", "cards": []}}],
                "explanation": "no word can be spelled with these cards: pass"
                if exact
                else "no word found within the time budget: pass",
                "exact": exact,
                "figures": res["figures"],
            }
        top = res["words"][0]
        pick = choose(res["words"])
        for row in res["words"]:
            row["familiarity"] = round(familiarity(row), 2)
        why = (
            "it is the best of the whole list"
            if exact
            else "the best found within the time budget, not proven optimal"
        )
        if pick["net"] < top["net"]:
            why = (
                f"a far more familiar word than {top['word'].upper()}, which scores best "
                f"({top['net']} net)"
            )
        elif pick is not top:
            why = f"{why}; the most familiar word with that score"
        return {
            "actions": [{"seat": seat, "action": pick["action"]}],
            "explanation": f"spell {pick['word'].upper()} for {pick['score']} Roses "
            f"(net {pick['net']} after {pick['paid']} paid); {why}",
            "words": res["words"],
            "best_net": top["net"],
            "exact": exact,
            "figures": res["figures"],
        }
    if phase == "flip":
        roses = state["seats"][seat]["roses"]
        ovations = [a for a in legal if a["card"] in state["ovations"]]
        awards = [a for a in legal if a["card"] in state["awards"]]
        if ovations and roses < content()["rules"]["costs"]["ovation"]:
            pick = ovations[0]
            why = "an Ovation you cannot afford soon"
        elif awards:
            # every Award carries one badge: give up one the seat's best word misses now
            missed = _awards_missed(state, seat, t0 + budget_s)
            pick = next((a for a in awards if a["card"] in missed), awards[0])
            why = (
                "an Award your best word does not meet"
                if pick["card"] in missed
                else "an Award (your best word meets them all)"
            )
        else:
            pick = legal[0]
            why = "the only kind left"
        return {"actions": [{"seat": seat, "action": pick}], "explanation": f"flip {why}"}
    # draft
    for a in legal:
        if a["type"] == "buy_ovation":
            return {
                "actions": [{"seat": seat, "action": a}],
                "explanation": "buy an Ovation: badges decide the game",
            }
    deadline = t0 + budget_s
    base_net, _ = _best_net(_hand(state, seat), deadline)
    best = None
    figures = []
    for a in legal:
        if a["type"] != "take":
            continue
        if time.perf_counter() - t0 > budget_s and best is not None:
            break
        cid = a["card"]
        extra = (
            [public_card(cid)]
            if cid != "ghost"
            else [
                {
                    "id": "ghost",
                    "letters": "",
                    "rose": 0,
                    "symbol": None,
                    "abilities": [],
                    "kind": "ghost",
                }
            ]
        )
        cost = ghost_cost(state, seat) if cid == "ghost" else 0
        net, word = _best_net(_hand(state, seat, extra), deadline)
        gain = net - base_net - cost
        figures.append(
            {"card": cid, "label": card_name(cid), "best_word": word, "net": net, "gain": gain}
        )
        if best is None or gain > best[0]:
            best = (gain, a, word)
    cresc = _crescendo_option(state, seat, legal, base_net, t0, budget_s)
    if cresc is not None:
        figures.append(cresc["figures"])
        if cresc["gain"] > 0 and (best is None or cresc["gain"] > best[0]):
            return {
                "actions": [{"seat": seat, "action": cresc["action"]}],
                "explanation": f"buy a face-down Crescendo: over the {cresc['pool']} you have not "
                f"seen it adds {cresc['gain']:+.1f} Roses on average after its cost",
                "figures": figures,
            }
    if best is None:
        pick = next((a for a in legal if a["type"] == "stop"), legal[0])
        return {
            "actions": [{"seat": seat, "action": pick}],
            "explanation": "nothing free worth taking",
            "figures": figures,
        }
    gain, action, word = best
    return {
        "actions": [{"seat": seat, "action": action}],
        "explanation": f"take {card_name(action['card'])}: your best word becomes {word.upper()} "
        f"(+{gain} Roses over your current best)",
        "figures": figures,
    }


def _awards_missed(state: dict[str, Any], seat: int, deadline: float) -> set[str]:
    """Awards on offer that the best word of the seat's cards (Chorus, Locked) misses."""
    left = max(0.0, deadline - time.perf_counter())
    share = PAIR_SHARE * left
    words = best_words(_hand(state, seat), 1, pair_budget_s=share, budget_s=share)["words"]
    if not words:
        return set(state["awards"])
    top = words[0]
    br = dict(top["breakdown"], words=top["words"])
    used = [c["card"] for c in top["cards"]] + [c["card"] for c in top.get("cards2", [])]
    goals = content()["awards"]
    return {a for a in state["awards"] if not goal_met(goals[a]["goal"], list(set(used)), br)}


def _unseen_crescendos(state: dict[str, Any]) -> list[str]:
    """Crescendos the seat cannot rule out: not held by any seat and not face up.

    The discard pile is not tracked, so discarded ones stay in (an approximation).
    """
    seen: set[str] = set()
    for s in state["seats"]:
        seen.update(s["locked"], s["chorus"], s["drafted"])
    seen.update(state["composition"]["notes"])
    return [c for c in content()["crescendos"] if c not in seen]


def _crescendo_option(
    state: dict[str, Any], seat: int, legal: list, base_net: int, t0: float, budget_s: float
) -> dict[str, Any] | None:
    """Expected gain of buying a face-down Crescendo, averaged over the unseen ones."""
    buys = [a for a in legal if a["type"] == "buy_crescendo"]
    if not buys:
        return None
    pool = _unseen_crescendos(state)
    if not pool:
        return None
    slots = state["composition"]["crescendos"]
    action = max(buys, key=lambda a: slots[a["slot"]]["roses"])  # CAT's Roses ride on it
    on_card = slots[action["slot"]]["roses"]
    cost = cresc_cost(state, seat)
    gains = []
    for cid in pool:
        if gains and time.perf_counter() - t0 > budget_s:
            break
        card = public_card(cid)
        net, _ = _best_net(_hand(state, seat, [card]), t0 + budget_s)
        taken = sum(a["n"] for a in card["abilities"] if a["type"] == "on_take_roses")
        gains.append(net - base_net + taken)
    gain = sum(gains) / len(gains) + on_card - cost
    return {
        "action": action,
        "gain": round(gain, 2),
        "pool": len(pool),
        "figures": {"card": "crescendo", "expected_gain": round(gain, 2), "sampled": len(gains)},
    }
