"""Scenario helpers for the Composition tests: set a round up by hand, then play it."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from services.composition import GAME
from services.composition.content import content


def fresh(players: int = 3, maestros: list[str] | None = None, seed: int = 1, **opts: Any):
    options = dict(opts)
    if maestros is not None:
        options["maestros"] = maestros
    return GAME.new(players, options, seed)


def find(letters: str, rose: int | None = None, symbol: Any = "any", kind: str = "note") -> str:
    """The id of a catalogue card with these facts (first match)."""
    for cid, c in content()["cards"].items():
        if c["kind"] != kind or c.get("letters") != letters:
            continue
        if rose is not None and c["rose"] != rose:
            continue
        if symbol != "any" and c["symbol"] != symbol:
            continue
        return cid
    raise LookupError((letters, rose, symbol, kind))


def _strip(state: dict, cards: list[str]) -> None:
    """Take ``cards`` out of every deck, pile and seat so the scenario owns them."""
    for key in ("note_deck", "cresc_deck", "discard"):
        state[key] = [c for c in state[key] if c not in cards]
    comp = state["composition"]
    comp["notes"] = [c for c in comp["notes"] if c not in cards]
    comp["crescendos"] = [s for s in comp["crescendos"] if s["card"] not in cards]
    for s in state["seats"]:
        for key in ("chorus", "drafted", "extra"):
            s[key] = [c for c in s[key] if c not in cards]


def compose(state: dict, hands: dict[int, list[str]], ghost: int | None = None) -> dict:
    """A copy of ``state`` in the compose phase with ``hands`` as the seats' drafted cards."""
    st = GAME.copy_state(state)
    _strip(st, [c for cards in hands.values() for c in cards])
    st["phase"] = "compose"
    for i, s in enumerate(st["seats"]):
        s["drafted"] = list(hands.get(i, []))
        s["status"] = "composing"
        s["performance"] = None
        s["retried"] = False
        s["ghost"] = ghost == i
    st["composition"]["notes"] = []
    st["composition"]["ghost"] = False
    return st


def perform(state: dict, seat: int, cards: list[str], **extra: Any):
    return GAME.apply(state, seat, {"type": "perform", "cards": cards, **extra})


def pass_others(state: dict, but: int):
    events: list = []
    for seat in range(state["players"]):
        if seat != but and state["seats"][seat]["status"] in ("composing", "retry"):
            state, ev = GAME.apply(state, seat, {"type": "perform", "cards": []})
            events += ev
    return state, events


def performance_event(events: list, seat: int) -> dict:
    return next(e for e in events if e["type"] == "performance" and e["seat"] == seat)


def post_and_check(state: dict, seat: int, row: dict) -> dict:
    """Post a solver row's action for ``seat``, let the others pass, and check the
    engine performed and scored what the solver said; the performance event."""
    before = state["seats"][seat]["roses"]
    new, _ = GAME.apply(state, seat, row["action"])
    new, events = pass_others(new, but=seat)
    perf = performance_event(events, seat)
    assert not perf["failed"] and perf["word"] == row["word"]
    assert perf["roses"] == row["score"] and perf["paid"] == row["paid"]
    assert new["seats"][seat]["roses"] == before + row["net"]
    return perf


def ranked(rows: list[dict]) -> list[tuple[int, str]]:
    """A best-words result as (net, word) pairs: what two rankings must agree on."""
    return [(r["net"], r["word"]) for r in rows]


def draw_payload(
    draw: Any,
    n: int,
    catalogue: list[str],
    custom: Any,
    maestros: tuple,
    roses_max: int,
    first: tuple = (),
) -> dict[str, Any]:
    """A best-words payload: ``first``, then ``n`` cards mixing catalogue ids and cards
    drawn from the ``custom`` strategy; Ghost Note, Roses and Maestro drawn too."""
    n_custom = draw(st.integers(0, n))
    ids = draw(st.lists(st.sampled_from(catalogue), min_size=n - n_custom,
                        max_size=n - n_custom, unique=True))  # fmt: skip
    customs = draw(st.lists(custom, min_size=n_custom, max_size=n_custom))
    cards = [*first, *ids, *(dict(c, id=f"u{i}") for i, c in enumerate(customs))]
    payload = {"cards": cards, "ghost": draw(st.booleans()), "k": 3,
               "roses": draw(st.integers(0, roses_max))}  # fmt: skip
    maestro = draw(st.sampled_from(list(maestros)))
    if maestro:
        payload["maestro"] = maestro
    return payload


# two-word hands: Crossroads or an invented two-word card, plus cards of the catalogue
# and invented ones (two-letter cards and abilities included)
DATA = content()
CROSS = find("a", 1, "harp", kind="crescendo")  # the catalogue's two_words card
OTHERS = [c for c in DATA["notes"] + DATA["crescendos"] if c != CROSS]
# invented cards: two-letter cards and one ability each, for the solver's property tests
PAIRS = ["th", "er", "qu", "in", "an", "re", "st", "ch", "sh", "ou", "ea", "es", "ng"]
ABILITIES = [
    {"type": "double_self"},
    {"type": "double_vowels"},
    {"type": "double_word"},
    {"type": "pay_double_word", "cost": 2},
    {"type": "roses", "n": 2},
    {"type": "pay_roses", "cost": 1, "n": 3},
    {"type": "per_vowel", "n": 1},
    {"type": "long_word", "min": 5, "n": 3},
    {"type": "long_word", "min": 7, "n": 2},
]
letters = st.one_of(st.sampled_from(list("aeiourstlnmdcpbhgk")), st.sampled_from(PAIRS))
custom = st.fixed_dictionaries(
    {
        "letters": letters,
        "rose": st.integers(0, 6),
        "symbol": st.one_of(st.none(), st.sampled_from(DATA["symbols"])),
        "abilities": st.lists(st.sampled_from(ABILITIES), max_size=1),
    }
)
# a made-up two-word card: any letters (two-letter ones cross on both letters)
custom_two = st.fixed_dictionaries(
    {
        "letters": st.sampled_from(["e", "o", "s", "t", "er", "st", "an"]),
        "rose": st.integers(0, 4),
        "symbol": st.one_of(st.none(), st.sampled_from(DATA["symbols"])),
        "abilities": st.just([{"type": "two_words"}]),
    }
)


@st.composite
def two_word_hands(draw, min_others=2, max_others=4, maestros=(None, "VOX", "IMP", "ORA")):
    shared = draw(st.one_of(st.just(CROSS), custom_two.map(lambda c: dict(c, id="x2"))))
    n = draw(st.integers(min_others, max_others))
    return draw_payload(draw, n, OTHERS, custom, maestros, 5, first=(shared,))
