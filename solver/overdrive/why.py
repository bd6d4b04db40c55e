"""The ``why`` of an Overdrive hint: one plain sentence naming dice by their faces and
Hits by their titles."""

from __future__ import annotations

from typing import Any

from services.core import RulesError
from services.overdrive.content import content
from solver.plain import listing, sentence

#: actions whose outcome is rolled or drawn: the faces after them stay unsaid
RANDOM = frozenset({"reroll", "buy_die", "battle_reroll"})
BATTLE_REASONS = {
    "protect": "it shows your rarest face",
    "attack": "it is their rarest face among those you outnumber",
    "pass": "nothing else is worth it without spending Grana",
    "end_protect": "nothing else is worth it without spending Grana",
    "choose_loss": "nothing else is worth it without spending Grana",
}
TRACKS = {"fans": "Fans", "fame": "Fame", "grana": "Grana", "overdrive": "Overdrive"}


def _space(space: str) -> str:
    if space.startswith("hit:"):
        hit = content()["hit_by_id"].get(space[4:])
        return f"the Hit {hit['name']}" if hit else "a Hit"
    return space.replace("_", " ").title()


def _dice(state: dict[str, Any], seat: int, idxs: list[int]) -> str:
    if not idxs:
        return "your dice"
    dice = state["seats"][seat]["dice"]
    faces = [dice[i]["face"] for i in idxs if 0 <= i < len(dice)]
    if len(faces) == 1:
        return f"your {faces[0]} die"
    if len(set(faces)) == 1:
        return f"your {len(faces)} {faces[0]} dice"
    return f"your {listing(faces)} dice"


def _distortion(card: Any) -> str:
    return f"Distortion {card}"


def describe(state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
    """One action in plain words, in the position it is made in (dice by their faces)."""
    kind = action.get("type")
    if kind == "place":
        where = _space(action["space"])
        what = f"put {_dice(state, seat, action.get('dice', []))} on {where}"
        if "die" in action and "face" in action:
            what += f" to turn {_dice(state, seat, [action['die']])} to {action['face']}"
        return what
    if kind == "end_turn":
        return "end your turn"
    if kind == "reroll":
        return f"reroll {_dice(state, seat, action.get('dice', []))}"
    if kind == "set_face":
        return f"set {_dice(state, seat, [action['die']])} to {action['face']}"
    if kind in ("raise", "bonus_raise"):
        return f"raise your {TRACKS.get(action.get('attr'), action.get('attr'))}"
    if kind == "buy_die":
        return "buy an extra die"
    if kind == "buy_hit":
        hit = content()["hit_by_id"].get(action.get("card"))
        return f"buy the Hit {hit['name']}" if hit else "buy a Hit"
    if kind == "buy_distortion":
        return f"buy {_distortion(action.get('card'))}"
    if kind == "play_distortion":
        return f"play {_distortion(action.get('card'))}"
    if kind == "ability":
        return "use your band's ability"
    if kind == "copy":
        band = content()["band_by_id"].get(action.get("band"), {})
        return f"copy {band.get('name', 'a band')}'s ability"
    if kind == "claim_award":
        award = action.get("award")
        return f"claim the {award.title()} Award" if isinstance(award, str) else "claim an Award"
    if kind == "protect":
        return f"protect {_dice(state, seat, [action['die']])}"
    if kind == "attack":
        return f"attack a {action.get('face')} die of your rival"
    if kind == "pass":
        return "pass"
    if kind == "end_protect":
        return "stop protecting"
    if kind == "choose_loss":
        return "choose which die to lose"
    return "make this move"


def _steps(state: dict[str, Any], seat: int, actions: list[dict[str, Any]]) -> list[str]:
    """Each action described in the position it is made in (earlier ones change faces)."""
    from services.overdrive import GAME

    out = []
    blind = False
    for action in actions:
        if blind:  # faces after a roll are not known when the hint is given
            out.append(describe(state, seat, {k: v for k, v in action.items() if k != "dice"}))
            continue
        out.append(describe(state, seat, action))
        if action.get("type") in RANDOM:
            blind = True
            continue
        try:
            state, _ = GAME.apply(state, seat, action)
        except RulesError:
            blind = True
    return out


def _gains(changes: dict[str, int]) -> str:
    parts = [f"{n:+d} {TRACKS.get(k, k)}" for k, n in changes.items() if n]
    return listing(parts)


def why(state: dict[str, Any], seat: int, result: dict[str, Any]) -> str:
    """What to do and why, agreeing with ``result``'s recommended actions."""
    mine = [a["action"] for a in result.get("actions", []) if a["seat"] == seat]
    if not mine:
        return sentence(result.get("explanation", "There is nothing to decide now"))
    steps = _steps(state, seat, mine)
    what = "; ".join(steps)
    if "value" in result:
        gains = _gains(result.get("net_change") or {})
        worth = f"worth {result['value']:.2f} points on the solver's scale"
        best = "the most any plan gives" if result.get("status") == "OPTIMAL" else "the best found"
        if gains:
            return sentence(f"{what}: {gains} this turn, {worth}, {best}")
        return sentence(f"{what}: no plan gains anything this turn")
    reason = BATTLE_REASONS.get(mine[0].get("type"), "the simplest good choice")
    return sentence(f"{what}: {reason}")
