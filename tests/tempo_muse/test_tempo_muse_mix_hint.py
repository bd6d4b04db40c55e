"""The Mix hint pays for an Offset only when the woken effect then lands."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tempo_muse_helpers import position, studio

from services.tempo_muse import GAME
from solver.tempo_muse import hint
from solver.tempo_muse.mix import landing


def _offsets(s, seat=0):
    [step] = hint(s, seat, 1.0)["actions"]
    assert step["action"]["type"] == "mix"
    return step["action"]["offsets"]


def test_no_offset_for_a_strip_on_a_rival_with_fewer_cards():
    # Snare Sister (strip 1) at position 4 is silent (4 tokens); one spare 1 wakes it,
    # but the seat keeps 5 cards against the rival's 3: the strip could not land
    s = position(
        hands=([1, 1, 8, 9, 12, 13], [2, 3, 4]),
        studios=(studio((1, 0), (2, 0), (3, 0), (4, 4)), []),
        discard=[5],
        phase="mix",
    )
    assert landing(GAME.content, s, 0, {4: [1]}) == {1: True, 2: True, 3: True, 4: False}
    assert _offsets(s) == []


def test_the_strip_is_woken_when_the_payment_itself_makes_it_land():
    # 4 cards against the rival's 4: paying one leaves 3 < 4, so the strip lands
    s = position(
        hands=([1, 9, 12, 13], [2, 3, 4, 6]),
        studios=(studio((4, 4)), []),
        phase="mix",
    )
    s["studios"][0] = [{"value": 4, "tokens": 4}]
    assert _offsets(s) == [{"position": 1, "payment": [1]}]
    after, events = GAME.apply(s, 0, {"type": "mix", "offsets": _offsets(s)})
    hit = next(e for e in events if e["type"] == "effect" and e["position"] == 1)
    assert len(hit["cards"]) == 1


@st.composite
def mix_positions(draw):
    rng = random.Random(draw(st.integers(0, 2**32)))
    length = rng.randint(1, 14)
    own = [(v, rng.randint(0, v + 3)) for v in range(1, length + 1)]
    other = [(v, rng.randint(0, v + 3)) for v in range(1, rng.randint(0, 14) + 1)]
    hand = [rng.randint(1, 15) for _ in range(rng.randint(1, 12))]
    rival = [rng.randint(1, 15) for _ in range(rng.randint(0, 12))]
    deck = [rng.randint(1, 15) for _ in range(rng.randint(0, 6))]
    pile = [rng.randint(1, 15) for _ in range(rng.randint(0, 6))]
    return position(
        hands=(hand, rival),
        studios=(studio(*own), studio(*other)),
        deck=deck,
        discard=pile,
        phase="mix",
        seed=rng.randrange(1000),
    )


@settings(max_examples=200, deadline=None)
@given(mix_positions())
def test_every_hinted_offset_wakes_an_effect_that_lands(s):
    offsets = _offsets(s)
    _, events = GAME.apply(s, 0, {"type": "mix", "offsets": offsets})
    effects = {e["position"]: e for e in events if e["type"] == "effect" and e["seat"] == 0}
    for item in offsets:
        e = effects[item["position"]]  # the Offset woke the card ...
        done = e.get("count", e.get("cards", e.get("positions", e.get("knocked"))))
        assert done, (item, e)  # ... and its effect did something
