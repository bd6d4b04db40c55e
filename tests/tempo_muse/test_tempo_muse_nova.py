"""Nova the Nuke: the showpiece card knocks the rival's rightmost Studio card out,
and the game plays one final round after a Studio first holds 15 cards."""

from __future__ import annotations

from tempo_muse_helpers import all_cards, full_deck, position, studio

from services.tempo_muse import GAME
from services.tempo_muse.studio import apply_effect

C = GAME.content


def act(s, seat, action):
    return GAME.apply(s, seat, action)


def _step(s):
    seat = s["to_act"]
    if s["phase"] == "mix":
        return act(s, seat, {"type": "mix", "offsets": []})
    return act(s, seat, {"type": "discard", "card": s["hands"][seat][0]})


def _until(s, done):
    events = []
    while not done(s):
        s, ev = _step(s)
        events += ev
    return s, events


def test_nova_knocks_out_the_rivals_rightmost_card_whatever_the_hands():
    # the seat holds more cards than the rival: a hand-halving nuke would do nothing here
    s = position(
        hands=([1, 2, 3, 4, 5, 6], [7]),
        studios=(studio(*range(1, 16)), studio(1, 2, 3, 4)),
    )
    ev: list = []
    apply_effect(C, s, 0, 15, ev)
    assert ev[-1]["kind"] == "knockout" and ev[-1]["knocked"] == [4]
    assert [slot["value"] for slot in s["studios"][1]] == [1, 2, 3]
    assert s["discard"][-1] == 4 and s["hands"][1] == [7]


def test_nova_acts_in_its_round_and_in_the_final_round():
    s = position(
        hands=([15, 9, 6, 1, 2, 3], [1, 2, 3, 4]),
        studios=(studio(*range(1, 15)), studio(1, 2, 3, 4, 5)),
    )
    s, _ = act(s, 0, {"type": "play", "card": 15, "payment": [6, 9]})
    s, events = _until(s, lambda st: st["phase"] == "over")
    hits = [e for e in events if e["type"] == "effect" and e["position"] == 15]
    assert [e["knocked"] for e in hits] == [[5], [4]]
    assert GAME.outcome(s)["scores"] == {"0": 15, "1": 3}


def test_in_a_double_completion_the_first_nova_to_resolve_wins():
    # both place their 15th this round; seat 0 resolves first, so its Nova knocks out
    # the rival's Nova before it can act.  Without Nova this would be a hand-count tiebreak.
    s = position(
        hands=([15, 9, 6, 1], [15, 9, 6, 1, 2, 3]),
        studios=(studio(*range(1, 15)), studio(*range(1, 15))),
    )
    s, _ = act(s, 0, {"type": "play", "card": 15, "payment": [6, 9]})
    s, events = act(s, 1, {"type": "play", "card": 15, "payment": [6, 9]})
    more = []
    if s["phase"] == "mix":
        s, more = _until(s, lambda st: st["phase"] != "mix")
    events += more
    kinds = [(e["seat"], e["position"]) for e in events if e["type"] == "effect"]
    assert (0, 15) in kinds and (1, 15) not in kinds
    assert len(s["studios"][1]) == 14


def test_the_rival_can_answer_in_the_final_round_and_its_nova_knocks_the_leader_back():
    # seat 0 completes; in the final round seat 1 (first player then) places its 15th
    # and its Nova knocks seat 0's Nova out: 15 against 14, the rival wins at the end
    s = position(
        hands=([15, 9, 6, 1, 1], [14, 15, 8, 7, 9, 6, 1, 1]),
        studios=(studio(*range(1, 15)), studio(*range(1, 14))),
    )
    s, _ = act(s, 0, {"type": "play", "card": 15, "payment": [6, 9]})
    s, _ = act(s, 1, {"type": "play", "card": 14, "payment": [6, 8]})
    s, _ = _until(s, lambda st: st["round"] > 3)
    # round 3's Mix: seat 0's Nova knocked seat 1's new 14 out again
    assert len(s["studios"][1]) == 13 and s["final_round"] == 4
    assert s["first"] == 1 and s["phase"] == "composition"
    s["hands"][1] = sorted(s["hands"][1] + [14, 7, 8])  # give seat 1 the cards it needs
    s["studios"][1] = studio(*range(1, 15))
    s, _ = act(s, 1, {"type": "play", "card": 15, "payment": [7, 8]})
    s, _ = _until(s, lambda st: st["phase"] == "over")
    out = GAME.outcome(s)
    assert out["scores"] == {"0": 14, "1": 15} and out["winners"] == [1]


def test_cards_are_conserved_through_knockouts():
    s = GAME.new(2, {}, 7)
    for _ in range(400):
        if GAME.outcome(s) is not None:
            break
        seat = s["to_act"]
        s, _ = act(s, seat, GAME.legal_actions(s, seat)[0])
        assert all_cards(s) == full_deck()


def test_without_a_final_round_the_game_ends_with_the_completing_round():
    import dataclasses

    from services.tempo_muse import TempoMuse

    game = TempoMuse(dataclasses.replace(C, final_rounds=0))
    s = position(hands=([15, 9, 6, 1, 2], [1, 2, 3]), studios=(studio(*range(1, 15)), studio(1)))
    s, _ = game.apply(s, 0, {"type": "play", "card": 15, "payment": [6, 9]})
    start = s["round"]
    while game.outcome(s) is None:
        assert s["round"] == start
        seat = s["to_act"]
        if s["phase"] == "mix":
            s, _ = game.apply(s, seat, {"type": "mix", "offsets": []})
        else:
            s, _ = game.apply(s, seat, {"type": "discard", "card": s["hands"][seat][0]})
    assert game.outcome(s)["rounds"] == start
