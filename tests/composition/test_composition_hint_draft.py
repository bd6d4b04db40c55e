"""The draft hint weighs a face-down Crescendo by its average over the unseen ones."""

from __future__ import annotations

import pytest
from helpers_composition import find, fresh

from services.composition import GAME
from services.composition.content import content
from services.composition.draft import ghost_cost
from solver.composition import hint, preload, solve


@pytest.fixture(autouse=True, scope="module")
def _index():
    preload()  # the hint samples within its budget: build the word index beforehand


def _draft_state(hand: list[str], roses: int):
    st = fresh(2, ["ORA", "IMP"], seed=5, tomatoes=False)
    assert st["phase"] == "draft"
    seat = st["turn"]
    s = st["seats"][seat]
    s["drafted"], s["chorus"], s["roses"] = list(hand), [], roses
    st["composition"]["notes"] = []  # no free Note: take the Ghost Note, buy, or stop
    st["composition"]["ghost"] = False
    st["ovations"] = []
    return st, seat


def _independent_expectation(st, seat) -> float:
    """Average best-net gain over every Crescendo no seat holds, via the public solver."""
    own = [c for c in st["seats"][seat]["locked"] + st["seats"][seat]["drafted"]]
    held = {c for s in st["seats"] for c in s["locked"] + s["chorus"] + s["drafted"]}
    pool = [c for c in content()["crescendos"] if c not in held]

    def best(cards):
        words = solve({"cards": cards, "maestro": st["seats"][seat]["maestro"], "k": 1,
                       "roses": st["seats"][seat]["roses"]})["words"]  # fmt: skip
        return words[0]["net"] if words else 0

    base = best(own)
    gains = []
    for c in pool:
        taken = sum(
            a["n"] for a in content()["cards"][c]["abilities"] if a["type"] == "on_take_roses"
        )
        gains.append(best(own + [c]) - base + taken)
    return sum(gains) / len(gains) - content()["rules"]["costs"]["crescendo"]


@pytest.mark.parametrize(
    "letters",
    [["e", "a", "t", "r", "s"], ["q", "j"], ["o", "n", "e", "d", "l", "i", "m", "p"]],
)
def test_draft_hint_buys_a_crescendo_exactly_when_it_pays_on_average(letters):
    hand = []
    for ch in letters:
        hand.append(next(c for c in content()["notes"] if content()["cards"][c]["letters"] == ch
                         and c not in hand))  # fmt: skip
    st, seat = _draft_state(hand, roses=6)
    legal = GAME.legal_actions(st, seat)
    assert any(a["type"] == "buy_crescendo" for a in legal)
    out = hint(st, seat, 5.0)
    action = out["actions"][0]["action"]
    assert action in legal
    expected = _independent_expectation(st, seat)
    if expected > 0:
        assert action["type"] == "buy_crescendo", (expected, out["explanation"])
    else:
        assert action["type"] != "buy_crescendo", (expected, out["explanation"])
    GAME.apply(st, seat, action)  # postable as-is


def test_draft_hint_charges_the_fiery_tomato_ghost_price():
    st, seat = _draft_state([find("e", 0, None)], roses=3)
    st["composition"]["ghost"] = True
    st["composition"]["notes"] = [find("t", 1, None)]
    fiery = next(
        c for c in content()["tomatoes"] if content()["cards"][c]["name"] == "Fiery Tomato"
    )
    st["held_tomatoes"] = [{"card": fiery, "holder": seat, "first": seat}]
    out = hint(st, seat, 5.0)
    ghost = [f for f in out["figures"] if f.get("card") == "ghost"]
    plain = ghost_cost(st, seat)
    assert plain == content()["cards"][fiery]["effect"]["n"]
    if ghost:  # the gain shown for the Ghost Note is net of the Fiery price
        assert ghost[0]["gain"] <= ghost[0]["net"] - plain


def test_draft_hint_with_crossroads_in_hand_stays_within_a_spent_budget():
    """A hand holding Crossroads makes every draft evaluation search word pairs; with no
    budget left the pair searches are cut at once and the hint is still a legal move."""
    cross = find("a", 1, "harp", kind="crescendo")
    st, seat = _draft_state([cross, "n51", "n45", "n54", "n48", "n20", "n26"], roses=3)
    out = hint(st, seat, budget_s=0.0)
    action = out["actions"][0]["action"]
    GAME.apply(st, seat, action)
