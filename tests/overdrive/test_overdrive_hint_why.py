"""Overdrive hints say why in one plain sentence, dice by their faces and Hits by their
titles (never "hit:mini_lover"), agreeing with the recommended plan."""

from __future__ import annotations

from hint_walk import check_why, walk

from services.overdrive.content import content
from solver.overdrive.why import describe

RAW = r"\bhit:|\b[a-z]+_[a-z]+\b|\[\d"


def test_why_agrees_with_the_recommended_plan():
    kinds = set()
    for state, seat, hint in walk("overdrive", 2, 3, 120):
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
    assert {"place", "end_turn", "protect"} <= kinds
