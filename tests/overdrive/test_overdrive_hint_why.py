"""Overdrive hints say why in one plain sentence, dice by their faces and Hits by their
titles (never "hit:mini_lover"), agreeing with the recommended plan."""

from __future__ import annotations

from hint_walk import check_why, walk

from services.overdrive.content import content
from services.registry import get_game
from solver.overdrive import hint as overdrive_hint
from solver.overdrive.why import describe

RAW = r"\bhit:|\b[a-z]+_[a-z]+\b|\[\d"


def test_why_agrees_with_the_recommended_plan():
    kinds = set()
    # a budget CP-SAT meets on a busy machine: short of it, it may find no plan at all
    for state, seat, hint in walk("overdrive", 2, 3, 60, budget_s=2.0):
        why = check_why(hint, RAW)
        mine = [a["action"] for a in hint["actions"] if a["seat"] == seat]
        kinds |= {a["type"] for a in mine}
        # opens with the first move, its dice named by the faces they show now
        first = mine[0]
        assert why.lower().startswith(describe(state, seat, first).lower())
        if first["type"] == "place":
            faces = {state["seats"][seat]["dice"][i]["face"] for i in first["dice"]}
            assert all(face in why.split(";")[0] for face in faces)
        for action in mine:
            if action["type"] == "place" and action["space"].startswith("hit:"):
                assert content()["hit_by_id"][action["space"][4:]]["name"] in why
        if hint.get("net_change") and any(hint["net_change"].values()):
            assert "this turn" in why
    assert {"place", "end_turn"} <= kinds


def test_battle_hints_say_why_in_plain_words():
    # the battle hint is a fixed rule, so a position reached by listed actions will do
    game = get_game("overdrive")
    state, seen = game.new(2, {}, 3), set()
    for _ in range(400):
        if game.outcome(state) is not None:
            break
        seat = game.seats_to_act(state)[0]
        if state["phase"] == "battle":
            result = overdrive_hint(state, seat, 0.1)
            why = check_why(result, RAW)
            action = result["actions"][0]["action"]
            seen.add(action["type"])
            assert why.lower().startswith(describe(state, seat, action).lower())
            if action["type"] == "attack":
                assert f"attack a {action['face']} die" in why.lower()
        state, _ = game.apply(state, seat, game.legal_actions(state, seat)[-1])
    assert {"pass", "attack"} <= seen
