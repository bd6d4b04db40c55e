"""The allocation recommender as a CP-SAT model (one worker, time-limited: deterministic)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ortools.sat.python import cp_model

from services.overdrive.content import FACES
from solver.overdrive import values
from solver.overdrive.plan import SET_FACE_COST


def solve(pos: dict[str, Any], budget_s: float = 2.0) -> dict[str, Any]:
    """The plan that maximises the documented value, and the solver's status."""
    m = cp_model.CpModel()
    dice = pos["dice"]
    insts = pos["instances"]
    n, J = len(dice), len(insts)
    D, JR = range(n), range(J)
    face = [[m.new_bool_var(f"f{d}{f}") for f in FACES] for d in D]
    keep = [m.new_bool_var(f"k{d}") for d in D]
    pay = [m.new_bool_var(f"p{d}") for d in D]
    dist = [m.new_bool_var(f"s{d}") for d in D]
    abil = [m.new_bool_var(f"a{d}") for d in D]
    u = [m.new_bool_var(f"u{j}") for j in JR]
    x = [[m.new_bool_var(f"x{d}_{j}") for j in JR] for d in D]
    changes = [j for j in JR if insts[j]["kind"] == "change"]
    t = {(d, j): m.new_bool_var(f"t{d}_{j}") for d in D for j in changes}
    ch = pos["change"]
    n_dist = sum(c["n"] for c in pos["set_cards"])
    for d in D:
        orig = FACES.index(dice[d]["face"])
        m.add_exactly_one(face[d])
        m.add(keep[d] + pay[d] + dist[d] + abil[d] + sum(t[d, j] for j in changes) == 1)
        m.add_implication(keep[d], face[d][orig])
        if ch is None or (ch["from"] != "any" and ch["from"] != dice[d]["face"]):
            m.add(abil[d] == 0)
        else:
            m.add_implication(abil[d], face[d][FACES.index(ch["to"])])
        for j in changes:
            allowed = [face[d][FACES.index(f)] for f in insts[j]["faces"]]
            m.add(sum(allowed) >= 1).only_enforce_if(t[d, j])
        m.add(sum(x[d]) <= 1)
    m.add(sum(abil) <= 1)
    m.add(sum(dist) <= n_dist)
    for j in changes:
        m.add(sum(t[d, j] for d in D) == u[j])
    groups: dict[str, list[int]] = {}
    for j in JR:
        groups.setdefault(insts[j]["group"], []).append(j)
        slots = insts[j]["slots"]
        m.add(sum(x[d][j] for d in D) == len(slots) * u[j])
        for f, need in Counter(s for s in slots if s != "any").items():
            fi = FACES.index(f)
            ys = []
            for d in D:
                y = m.new_bool_var("")
                m.add_implication(y, x[d][j])
                m.add_implication(y, face[d][fi])
                ys.append(y)
            m.add(sum(ys) >= need * u[j])
    for js in groups.values():
        if len(js) > 1:
            m.add(sum(u[j] for j in js) <= 1)
    buys = [m.new_bool_var(f"b{h}") for h in range(len(pos["buyable"]))]
    m.add(sum(buys) <= 1)
    spend = (
        SET_FACE_COST * sum(pay)
        + sum(insts[j].get("cost", 0) * u[j] for j in JR)
        + sum(b["cost"] * v for b, v in zip(pos["buyable"], buys))
    )
    m.add(spend <= pos["grana"])
    res_v = values.value_of(pos["resource_delta"])
    objective = []
    for j in JR:
        inst = insts[j]
        val = values.value_of(inst["delta"])
        if inst["kind"] == "extra_die":
            val = values.EXTRA_DIE + res_v
        objective.append(val * u[j])
    objective += [res_v * (1 - sum(x[d])) for d in D]
    objective += [values.HIT_BOUGHT * b for b in buys]
    objective.append(-values.GRANA_SPENT * spend)
    const = sum(values.value_of(c["delta"]) for c in pos["gain_cards"])
    once_v = values.value_of(pos["once"]) if pos["once"] else 0
    if once_v:
        when = pos["once_when"]
        if any(c["delta"].get(when, 0) > 0 for c in pos["gain_cards"]):
            const += once_v
        else:
            z = m.new_bool_var("once")
            m.add(z <= sum(u[j] for j in JR if insts[j]["delta"].get(when, 0) > 0))
            objective.append(once_v * z)
    m.maximize(sum(objective) + const)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = max(0.05, budget_s)
    status = solver.solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise RuntimeError(f"CP-SAT found no plan: {solver.status_name(status)}")
    val = lambda v: bool(solver.value(v))  # noqa: E731
    plan: dict[str, Any] = {"changes": [], "placements": [], "leftover": [], "buy": None}
    for d in D:
        final = next(f for i, f in enumerate(FACES) if val(face[d][i]))
        for src, var in (("pay", pay[d]), ("dist", dist[d]), ("ability", abil[d])):
            if val(var):
                plan["changes"].append({"die": dice[d]["index"], "face": final, "source": src})
        if not any(val(x[d][j]) for j in JR):
            plan["leftover"].append(dice[d]["index"])
    for j in JR:
        if not val(u[j]):
            continue
        pl: dict[str, Any] = {
            "instance": j,
            "dice": [dice[d]["index"] for d in D if val(x[d][j])],
        }
        if j in changes:
            d = next(d for d in D if val(t[d, j]))
            pl["target"] = dice[d]["index"]
            pl["target_face"] = next(f for i, f in enumerate(FACES) if val(face[d][i]))
        plan["placements"].append(pl)
    for h, b in enumerate(buys):
        if val(b):
            plan["buy"] = h
    plan["objective"] = round(solver.objective_value)
    plan["status"] = solver.status_name(status)
    return plan
