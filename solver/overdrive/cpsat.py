"""The allocation recommender as a CP-SAT model (one worker, time-limited: deterministic).

Dice are interchangeable but for their rolled face, so the model counts them: how many dice
of each rolled face end on each face by each means (kept, the ability, a set-faces
Distortion, a paid change, an Improvisation/New Riff target), and how many of each final
face each chosen space takes.  No per-die variables means no symmetric search; the plan is
then mapped back onto concrete dice.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ortools.sat.python import cp_model

from services.overdrive.content import FACES
from solver.overdrive import values
from solver.overdrive.plan import SET_FACE_COST


def _sources(pos: dict[str, Any], o: str, f: str) -> list[str]:
    """Ways a die rolled ``o`` can end on ``f``."""
    out = ["keep"] if o == f else ["pay", "dist"]
    ch = pos["change"]
    if ch is not None and ch["to"] == f and ch["from"] in ("any", o) and o != f:
        out.append("ability")
    for key in sorted({i["key"] for i in pos["instances"] if i["kind"] == "change"}):
        faces = next(i["faces"] for i in pos["instances"] if i["key"] == key)
        if f in faces:
            out.append("target:" + key)
    return out


def solve(pos: dict[str, Any], budget_s: float = 2.0) -> dict[str, Any]:
    """The plan that maximises the documented value, and the solver's status."""
    m = cp_model.CpModel()
    insts = pos["instances"]
    orig = Counter(d["face"] for d in pos["dice"])
    n_dist = sum(c["n"] for c in pos["set_cards"])
    c: dict[tuple[str, str, str], Any] = {}
    for o in orig:
        for f in FACES:
            for src in _sources(pos, o, f):
                c[o, f, src] = m.new_int_var(0, orig[o], f"c_{o}_{f}_{src}")
        m.add(sum(v for (oo, _, _), v in c.items() if oo == o) == orig[o])
    by_src: dict[str, list[Any]] = {}
    for (_, _, src), v in c.items():
        by_src.setdefault(src, []).append(v)
    m.add(sum(by_src.get("ability", [])) <= 1)
    m.add(sum(by_src.get("dist", [])) <= n_dist)
    final = {f: sum(v for (_, ff, _), v in c.items() if ff == f) for f in FACES}
    u = [m.new_bool_var(f"u{j}") for j in range(len(insts))]
    take: dict[tuple[int, str], Any] = {}
    groups: dict[str, list[int]] = {}
    for j, inst in enumerate(insts):
        groups.setdefault(inst["group"], []).append(j)
        k = len(inst["slots"])
        need = Counter(s for s in inst["slots"] if s != "any")
        open_slots = "any" in inst["slots"]
        for f in FACES:
            if need[f] or open_slots:
                take[j, f] = m.new_int_var(0, k, f"n{j}_{f}")
                m.add(take[j, f] >= need[f] * u[j])
        m.add(sum(v for (jj, _), v in take.items() if jj == j) == k * u[j])
    for js in groups.values():
        if len(js) > 1:
            m.add(sum(u[j] for j in js) <= 1)
    placed = {f: sum(v for (_, ff), v in take.items() if ff == f) for f in FACES}
    for f in FACES:
        m.add(placed[f] <= final[f])
    change_keys = sorted({i["key"] for i in insts if i["kind"] == "change"})
    for key in change_keys:
        m.add(
            sum(by_src.get("target:" + key, []))
            == sum(u[j] for j, i in enumerate(insts) if i["key"] == key)
        )
    buys = [m.new_bool_var(f"b{h}") for h in range(len(pos["buyable"]))]
    m.add(sum(buys) <= 1)
    spend = (
        SET_FACE_COST * sum(by_src.get("pay", []))
        + sum(inst.get("cost", 0) * u[j] for j, inst in enumerate(insts))
        + sum(b["cost"] * v for b, v in zip(pos["buyable"], buys))
    )
    m.add(spend <= pos["grana"])
    res_v = values.value_of(pos["resource_delta"])
    n_dice = len(pos["dice"])
    objective = []
    for j, inst in enumerate(insts):
        val = values.value_of(inst["delta"])
        if inst["kind"] == "extra_die":
            val = values.EXTRA_DIE + res_v
        objective.append(val * u[j])
    objective.append(res_v * (n_dice - sum(placed.values())))
    objective += [values.HIT_BOUGHT * b for b in buys]
    objective.append(-values.GRANA_SPENT * spend)
    const = sum(values.value_of(card["delta"]) for card in pos["gain_cards"])
    once_v = values.value_of(pos["once"]) if pos["once"] else 0
    if once_v:
        when = pos["once_when"]
        if any(card["delta"].get(when, 0) > 0 for card in pos["gain_cards"]):
            const += once_v
        else:
            z = m.new_bool_var("once")
            m.add(z <= sum(u[j] for j, i in enumerate(insts) if i["delta"].get(when, 0) > 0))
            objective.append(once_v * z)
    m.maximize(sum(objective) + const)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = max(0.05, budget_s)
    # The model is tiny: presolve, probing and symmetry detection cost more than they save,
    # while the default LP relaxation (linearization level 1) cuts the search ten-fold on the
    # hard positions (benchmark: p95 of branches 3801 -> 256 against level 0).
    solver.parameters.cp_model_presolve = False
    solver.parameters.linearization_level = 1
    solver.parameters.symmetry_level = 0
    solver.parameters.cp_model_probing_level = 0
    status = solver.solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise RuntimeError(f"CP-SAT found no plan: {solver.status_name(status)}")
    return _decode(pos, solver, c, u, take, buys, status)


def _decode(pos, solver, c, u, take, buys, status) -> dict[str, Any]:  # noqa: ANN001
    """Give the counted plan concrete dice."""
    insts = pos["instances"]
    pending: dict[str, list[int]] = {}
    for d in pos["dice"]:
        pending.setdefault(d["face"], []).append(d["index"])
    plan: dict[str, Any] = {"changes": [], "placements": [], "leftover": [], "buy": None}
    pool: dict[str, list[int]] = {f: [] for f in FACES}
    targets: dict[str, list[tuple[int, str]]] = {}
    for (o, f, src), var in sorted(c.items()):
        for _ in range(solver.value(var)):
            die = pending[o].pop(0)
            pool[f].append(die)
            if src.startswith("target:"):
                targets.setdefault(src[7:], []).append((die, f))
            elif src != "keep":
                plan["changes"].append({"die": die, "face": f, "source": src})
    for j, inst in enumerate(insts):
        if not solver.value(u[j]):
            continue
        dice = []
        for f in FACES:
            if (j, f) in take:
                for _ in range(solver.value(take[j, f])):
                    dice.append(pool[f].pop(0))
        pl: dict[str, Any] = {"instance": j, "dice": sorted(dice)}
        if inst["kind"] == "change":
            pl["target"], pl["target_face"] = targets[inst["key"]].pop(0)
        plan["placements"].append(pl)
    plan["leftover"] = sorted(d for f in FACES for d in pool[f])
    for h, b in enumerate(buys):
        if solver.value(b):
            plan["buy"] = h
    plan["objective"] = round(solver.objective_value)
    plan["status"] = solver.status_name(status)
    return plan
