"""Listed actions plus action_forms describe exactly the legal actions.

On small positions every candidate action is tried through ``GAME.apply``; an
action is legal exactly when it is listed or a form admits it, read from the
form's own fields (so a form that admits an illegal action fails too).
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from tempo_muse_helpers import position, studio

from services.core import RulesError
from services.tempo_muse import GAME


def _sub_multisets(cards):
    counts = sorted(Counter(cards).items())
    for takes in itertools.product(*[range(n + 1) for _, n in counts]):
        yield [v for (v, _), k in zip(counts, takes) for _ in range(k)]


def _inside(cards, pool):
    return not Counter(cards) - Counter(pool)


def _pays(payment, need, ordered):
    """The form's rule: reach ``need``; ordered, the cards before the last fall short."""
    if not payment or sum(payment) < need:
        return False
    return sum(payment[:-1]) < need if ordered else sum(payment) - min(payment) < need


def _orders(cards):
    """Every distinct order of ``cards``."""
    return [list(p) for p in sorted(set(itertools.permutations(cards)))]


def admits(form, action):
    """Does ``form`` admit ``action``?  Reads only the form's fields."""
    if form["type"] != action["type"]:
        return False
    if form["type"] == "play":
        pay = form["payment"]
        return (
            action["card"] == form["card"]
            and _inside(action["payment"], pay["from"])
            and _pays(action["payment"], pay["at_least"], pay.get("ordered", False))
        )
    if form["type"] == "cycle_return":
        spec = form["cards"]
        return len(action["cards"]) == spec["count"] and _inside(action["cards"], spec["from"])
    if form["type"] == "mix":
        spec = form["offsets"]
        items = action["offsets"]
        positions = [str(o["position"]) for o in items]
        return (
            len(set(positions)) == len(positions) <= spec["at_most"]
            and all(p in spec["positions"] for p in positions)
            and all(
                _pays(o["payment"], spec["positions"][str(o["position"])], spec.get("ordered"))
                for o in items
            )
            and _inside([v for o in items for v in o["payment"]], spec["from"])
        )
    raise AssertionError(f"unknown form {form['type']}")


def candidates(s, seat):
    """Every action worth trying here (legal or not) on a small position."""
    hand = s["hands"][seat]
    out = [{"type": "cycle", "count": n} for n in range(0, len(hand) + 2)]
    out += [{"type": "discard", "card": v} for v in range(1, 16)]
    if s["pending_cycle"] is not None:
        n = len(s["pending_cycle"]["drawn"])
        return out + [
            {"type": "cycle_return", "cards": sub} for sub in _sub_multisets(hand) if len(sub) == n
        ]
    need = len(s["studios"][seat]) + 1
    for card in {need, need + 1} & set(range(1, 16)):
        rest = list(hand)
        if card in rest:
            rest.remove(card)
        out += [
            {"type": "play", "card": card, "payment": order}
            for p in _sub_multisets(rest)
            for order in _orders(p)
        ]
    # every silent card, and one that acts (an Offset on it is illegal)
    studio_ = s["studios"][seat]
    silent = [i + 1 for i, slot in enumerate(studio_) if slot["value"] - slot["tokens"] < 1]
    acting = [i + 1 for i, slot in enumerate(studio_) if slot["value"] - slot["tokens"] >= 1]
    positions = silent + acting[:1]
    pays = [p for p in _sub_multisets(hand) if p]
    out.append({"type": "mix", "offsets": []})
    for pos in positions:  # one Offset: every order of every payment
        for p in pays:
            out += [
                {"type": "mix", "offsets": [{"position": pos, "payment": q}]} for q in _orders(p)
            ]
    # two Offsets: each payment ascending and descending
    pays = pays + [p[::-1] for p in pays if p != p[::-1]]
    for k in (1, 2):
        for pos in itertools.combinations(positions, k):
            for combo in itertools.product(pays, repeat=k):
                out.append(
                    {
                        "type": "mix",
                        "offsets": [{"position": p, "payment": q} for p, q in zip(pos, combo)],
                    }
                )
    return out


def _canon(action):
    return json.dumps(action, sort_keys=True)


def check_cover(s):
    seat = s["to_act"]
    listed = {_canon(a) for a in GAME.legal_actions(s, seat)}
    forms = GAME.action_forms(s, seat)
    json.dumps(forms)
    for action in candidates(s, seat):
        try:
            GAME.apply(s, seat, action)
            legal = True
        except RulesError:
            legal = False
        covered = _canon(action) in listed or any(admits(f, action) for f in forms)
        assert legal == covered, (action, legal, forms)
        if legal and _canon(action) not in listed:
            form = next(f for f in forms if admits(f, action))
            assert not form["listed_all"], (action, form)


@st.composite
def small_positions(draw):
    rng = random.Random(draw(st.integers(0, 2**32)))
    phase = rng.choice(["composition", "mix", "drop", "cycle_return"])
    length = rng.randint(0, 6)
    own = [(v, rng.randint(0, v + 3)) for v in range(1, length + 1)]
    if phase == "mix" and not own:
        own = [(1, 3)]
    hand = [rng.randint(1, 9) for _ in range(rng.randint(1, 5))]
    if phase == "composition" and rng.random() < 0.7:
        hand.append(length + 1)
    s = position(
        hands=(hand, [rng.randint(1, 15) for _ in range(rng.randint(0, 5))]),
        studios=(studio(*own), studio(*[(v, 0) for v in range(1, rng.randint(1, 5))])),
        deck=[rng.randint(1, 15) for _ in range(rng.randint(2, 8))],
        discard=[rng.randint(1, 15) for _ in range(rng.randint(0, 4))],
        phase="composition" if phase == "cycle_return" else phase,
        seed=rng.randrange(1000),
    )
    if phase == "cycle_return":
        s, _ = GAME.apply(s, 0, {"type": "cycle", "count": rng.randint(1, min(2, len(hand)))})
    return s


@settings(max_examples=40, deadline=None)
@given(small_positions())
def test_listed_actions_and_forms_cover_exactly_the_legal_actions(s):
    check_cover(s)


def test_combined_offsets_are_described_when_two_are_allowed():
    # two silent cards, a Duplex (3) in the Studio: two Offsets may be combined
    s = position(
        hands=([1, 1, 2], [5, 6]),
        studios=(studio((1, 1), (2, 3), (3, 0)), []),
        phase="mix",
    )
    combo = {
        "type": "mix",
        "offsets": [{"position": 1, "payment": [1]}, {"position": 2, "payment": [2]}],
    }
    GAME.apply(s, 0, combo)  # legal
    assert combo not in GAME.legal_actions(s, 0)
    [form] = GAME.action_forms(s, 0)
    assert admits(form, combo) and not form["listed_all"]
    check_cover(s)


def test_no_play_form_when_the_card_is_missing_or_the_studio_is_full():
    s = position(hands=([1, 2, 5], [6]), studios=(studio(1, 2), []))
    assert GAME.action_forms(s, 0) == []  # no 3 in hand: nothing to play
    check_cover(s)
