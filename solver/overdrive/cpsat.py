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
    """Ways a die showing ``o`` (after the all-dice cards) can end on ``f``; "wild": a Skull
    that stays a Skull but fills an ``f`` slot once a Skulls-wild card is played."""
    out = ["keep"] if o == f else ["pay", "dist"]
    if _wild_possible(pos) and o == "skull" and f != "skull":
        out.append("wild")
    ch = pos["change"]
    if ch is not None and ch["to"] == f and ch["from"] in ("any", o) and o != f:
        out.append("ability")
    if (
        ch is not None
        and ch["to"] == "skull"
        and ch["from"] in ("any", o)
        and "skull" not in (o, f)
        and _wild_possible(pos)
    ):
        out.append("ability_wild")  # the ability's Skull fills an ``f`` slot once Skulls are wild
    sp = pos.get("spare")
    if sp is not None and sp["to"] == f and o != f:
        out.append("spare")
    for key in sorted({i["key"] for i in pos["instances"] if i["kind"] == "change"}):
        faces = next(i["faces"] for i in pos["instances"] if i["key"] == key)
        if f in faces:
            out.append("target:" + key)
    return out


def _wild_possible(pos: dict[str, Any]) -> bool:
    return (
        pos["wild_on"]
        or pos["wild_card"] is not None
        or any(it["use"] == "wild" for it in pos["dist_market"])
    )


FREE = ("keep", "ability", "spare")  # what a die filled early may have had done to it
CARD_TIE = 64  # more than twice the cards a hand can play, plus the early placements


def _can_be_early(inst: dict[str, Any]) -> bool:
    """A space whose Grana may be won before the turn's Distortion buy and face changes: it
    gives Grana and needs no clear (a Hit bought to play now included)."""
    return inst["kind"] == "gain" and not inst.get("clear") and _grana(inst["delta"]) > 0


def _grana(delta: dict[str, int]) -> int:
    return delta.get("grana", 0)


def solve(pos: dict[str, Any], budget_s: float = 2.0) -> dict[str, Any]:
    """The plan that maximises the documented value, and the solver's status."""
    m = cp_model.CpModel()
    insts = pos["instances"]
    n_dice = len(pos["dice"])
    # The all-dice face cards in hand: one face map is chosen (identity = none played).
    maps = pos["face_maps"]
    counts = [Counter(fm["map"][d["face"]] for d in pos["dice"]) for fm in maps]
    sel = [m.new_bool_var(f"map{k}") for k in range(len(maps))]
    m.add(sum(sel) == 1)
    c: dict[tuple[str, str, str], Any] = {}
    for o in sorted({f for cnt in counts for f in cnt}):
        top = max(cnt[o] for cnt in counts)
        for f in FACES:
            for src in _sources(pos, o, f):
                c[o, f, src] = m.new_int_var(0, top, f"c_{o}_{f}_{src}")
        m.add(
            sum(v for (oo, _, _), v in c.items() if oo == o)
            == sum(cnt[o] * v for cnt, v in zip(counts, sel))
        )
    market = pos["dist_market"]
    bd = [m.new_bool_var(f"d{k}") for k in range(len(market))]
    m.add(sum(bd) <= 1)
    for fm, v in zip(maps, sel):
        if fm["buy"] is not None:  # the map plays a card bought now
            m.add(v <= sum(b for it, b in zip(market, bd) if it["use"] == "map"
                           and it["card"] == fm["buy"]))  # fmt: skip
    wild = m.new_bool_var("wild")  # a Skulls-wild card played now (from hand or bought)
    if pos["wild_on"]:
        m.add(wild == 0)
    else:
        has = int(pos["wild_card"] is not None)
        m.add(wild <= has + sum(b for it, b in zip(market, bd) if it["use"] == "wild"))
    wild_now = 1 if pos["wild_on"] else wild
    by_src: dict[str, list[Any]] = {}
    for (_, _, src), v in c.items():
        by_src.setdefault(src, []).append(v)
    m.add(sum(by_src.get("ability", [])) + sum(by_src.get("ability_wild", [])) <= 1)
    if pos.get("spare") is not None:
        m.add(sum(by_src.get("spare", [])) <= pos["spare"]["left"])
    for v in by_src.get("wild", []) + by_src.get("ability_wild", []):
        m.add(v <= n_dice * wild_now)
    n_dist = sum(card["n"] for card in pos["set_cards"])
    m.add(sum(by_src.get("dist", [])) <= n_dist + sum(it["n"] * v for it, v in zip(market, bd)))
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
    # Borrowed dice (Jam Session, a borrow ability): a fixed face, lost when unused.
    jam = [j for j, i in enumerate(insts) if i["kind"] == "borrow"]
    faces = pos["borrow_faces"]
    b_ab = {f: m.new_bool_var(f"ba_{f}") for f in faces} if pos["borrow_level"] else {}
    b_js = {f: m.new_bool_var(f"bj_{f}") for f in faces} if jam else {}
    m.add(sum(b_ab.values()) <= 1)
    m.add(sum(b_js.values()) == sum(u[j] for j in jam))
    used_b, used_bw = {}, {}
    held = Counter(d["face"] for d in pos.get("held", []))  # borrowed earlier this turn
    for f in FACES:
        avail = [v for d in (b_ab, b_js) for ff, v in d.items() if ff == f]
        used_b[f] = m.new_int_var(0, len(avail) + held[f], f"ub_{f}")
        m.add(used_b[f] <= sum(avail) + held[f])
    # a borrowed Skull fills any slot once Skulls are wild
    skulls_b = [v for d in (b_ab, b_js) for ff, v in d.items() if ff == "skull"]
    n_skulls_b = len(skulls_b) + held["skull"]
    for f in FACES:
        if f != "skull" and n_skulls_b and _wild_possible(pos):
            used_bw[f] = m.new_int_var(0, n_skulls_b, f"ubw_{f}")
            m.add(used_bw[f] <= n_skulls_b * wild_now)
    if used_bw:
        m.add(used_b["skull"] + sum(used_bw.values()) <= sum(skulls_b) + held["skull"])
    # Early placements: a Grana space filled with own dice that keep their face, placed
    # before the Distortion bought early and the face changes so that its Grana pays for
    # them (not after a bought all-dice card: those are played before anything is placed).
    pre = [m.new_bool_var(f"e{j}") for j in range(len(insts))]
    ek: dict[tuple[int, str], Any] = {}
    map_buy = sum(b for it, b in zip(market, bd) if it["use"] == "map")
    for j, inst in enumerate(insts):
        if not _can_be_early(inst):
            m.add(pre[j] == 0)
            continue
        m.add(pre[j] <= u[j])
        m.add(pre[j] + map_buy <= 1)
        k = len(inst["slots"])
        for f in FACES:
            if (j, f) in take:
                v = ek[j, f] = m.new_int_var(0, k, f"ek{j}_{f}")
                m.add(v <= take[j, f])
                m.add(v <= k * pre[j])
                m.add(v >= take[j, f] - k * (1 - pre[j]))
    for f in FACES:
        b_f = used_b[f] + used_bw.get(f, 0)
        ek_f = sum(v for (_, ff), v in ek.items() if ff == f)
        # early dice show their face as rolled or after a free change (ability, spare face)
        m.add(ek_f <= sum(v for (_, ff, src), v in c.items() if ff == f and src in FREE))
        m.add(b_f <= placed[f] - ek_f)
        m.add(placed[f] - b_f <= final[f])
        # a die changed otherwise is placed, and not early (never left over for Resources:
        # a change target's Grana would only come at end_turn, too late for what it pays)
        into_f = sum(v for (_, ff, src), v in c.items() if ff == f and src not in (*FREE, "wild"))
        m.add(into_f + ek_f <= placed[f] - b_f)
    # the die on Jam Session is one of the seat's own, and so is every early die: the own
    # Skulls placed cover both (a borrowed Skull only goes where neither is)
    ek_skull = sum(v for (_, ff), v in ek.items() if ff == "skull")
    m.add(placed["skull"] - used_b["skull"] >= sum(u[j] for j in jam) + ek_skull)
    own_placed = sum(placed.values()) - sum(used_b.values()) - sum(used_bw.values())
    leftover = n_dice - own_placed
    change_keys = sorted({i["key"] for i in insts if i["kind"] == "change"})
    for key in change_keys:
        m.add(
            sum(by_src.get("target:" + key, []))
            == sum(u[j] for j, i in enumerate(insts) if i["key"] == key)
        )
    # Clears: each occupied space used is freed by exactly one clear source.
    cleared = []
    for key in sorted({i["clear"] for i in insts if i.get("clear")}):
        x = m.new_bool_var(f"x_{key}")
        users = [u[j] for j, i in enumerate(insts) if i.get("clear") == key]
        for v in users:
            m.add(v <= x)
        m.add(x <= sum(users))
        cleared.append((key, x))
    opp = [u[j] for j, i in enumerate(insts) if i["kind"] == "clear_source"]
    bought_clear = sum(v for it, v in zip(market, bd) if it["use"] == "clear")
    cards_used = m.new_int_var(0, len(pos["clear_cards"]) + 1, "clear_cards")
    m.add(cards_used <= len(pos["clear_cards"]) + bought_clear)
    ab_clear = m.new_bool_var("clear_ability")
    if pos["clear_level"] is None:
        m.add(ab_clear == 0)
    m.add(sum(x for _, x in cleared) == sum(opp) + cards_used + ab_clear)
    buys = [m.new_bool_var(f"b{h}") for h in range(len(pos["buyable"]))]
    m.add(sum(buys) <= 1)
    # a Hit bought and played now: its instance needs the buy; a cancel other than the
    # one kept by default (position.keep_cancel) is only bought to play the Hit now
    played: dict[int, list[Any]] = {}
    for j, inst in enumerate(insts):
        if "buy" in inst:
            m.add(u[j] <= buys[inst["buy"]])
            played.setdefault(inst["buy"], []).append(u[j])
    for k, opt in enumerate(pos["buyable"]):
        if not opt["keep"]:
            m.add(buys[k] <= sum(played.get(k, [])))
    hit_now = sum(
        pos["buyable"][inst["buy"]]["cost"] * u[j] for j, inst in enumerate(insts) if "buy" in inst
    )
    tc = pos["tail_cost"]
    cap = pos["grana"] + sum(max(0, _grana(cd["delta"])) for cd in pos["gain_cards"])
    cap += _grana(pos["resource_delta"]) * n_dice
    cap += sum(max(0, _grana(i["delta"])) for i in insts)
    cap += max([_grana(it["delta"]) for it in market] + [0])
    # A step whose value cannot beat its price is left out: spending more never helps.
    once_v = values.value_of(pos["once"]) if pos["once"] else 0
    raise_price = values.GRANA_SPENT * tc["raise"]
    raises = {
        a: m.new_int_var(
            0, cap // tc["raise"] if values.value_of(d) + once_v > raise_price else 0, f"r_{a}"
        )
        for a, d in pos["raises"].items()
    }
    die_v = values.EXTRA_DIE + values.value_of(pos["resource_delta"])
    room = max(0, pos["die_room"]) if die_v > values.GRANA_SPENT * tc["extra_die"] else 0
    new_dice = m.new_int_var(0, room, "buy_die")
    for it, v in zip(market, bd):
        if it["use"] == "keep" and values.GRANA_SPENT * it["cost"] >= values.DIST_BOUGHT:
            m.add(v == 0)
    nm = [u[j] for j, i in enumerate(insts) if i["kind"] == "extra_die"]
    m.add(sum(nm) + new_dice <= max(0, pos["die_room"]))
    # Grana: the plan's order decides what income may pay for what (see the doc).
    pay = SET_FACE_COST * sum(by_src.get("pay", []))
    early = ("set", "clear", "map", "wild", "gain_early")  # bought before changes and clears
    d_set = sum(it["cost"] * v for it, v in zip(market, bd) if it["use"] in early)
    d_other = sum(it["cost"] * v for it, v in zip(market, bd) if it["use"] not in early)
    nm_cost = sum(inst.get("cost", 0) * u[j] for j, inst in enumerate(insts))
    tail = (
        sum(b["cost"] * v for b, v in zip(pos["buyable"], buys))
        + tc["raise"] * sum(raises.values())
        + tc["extra_die"] * new_dice
    )
    spend = pay + d_set + d_other + nm_cost + tail
    first = pos["grana"] + sum(_grana(cd["delta"]) for cd in pos["gain_cards"])
    first += _grana(pos["resource_delta"]) * leftover
    board_in = sum(_grana(i["delta"]) * u[j] for j, i in enumerate(insts))
    # the Hit to play now is bought after the other placements, before its own
    before_buy = sum(
        _grana(i["delta"]) * (u[j] - pre[j])
        for j, i in enumerate(insts)
        if "buy" not in i and i["kind"] != "extra_die"
    )
    card_in = sum(_grana(it["delta"]) * v for it, v in zip(market, bd))
    # a Grana card bought first pays out before the changes (its own price paid before)
    early_in = sum(
        _grana(it["delta"]) * v for it, v in zip(market, bd) if it["use"] == "gain_early"
    )
    # the early placements: first the board's, then a Hit bought now (out of the Grana so
    # far) and played
    won_early = sum(_grana(i["delta"]) * e for i, e in zip(insts, pre) if "buy" not in i)
    hit_early = sum(pos["buyable"][i["buy"]]["cost"] * e for i, e in zip(insts, pre) if "buy" in i)
    won_early_hit = sum(_grana(i["delta"]) * e for i, e in zip(insts, pre) if "buy" in i)
    m.add(hit_early <= first + won_early)
    won_early += won_early_hit
    m.add(d_set + hit_early <= first + won_early)
    m.add(pay + d_set + hit_early <= first + early_in + won_early)
    m.add(pay + d_set + hit_now <= first + early_in + won_early + before_buy)
    # New Member's die goes to Resources as soon as it is rolled: its Grana pays for step 5
    nm_in = _grana(pos["resource_delta"]) * sum(nm)
    m.add(pay + d_set + hit_now + nm_cost <= first + early_in + board_in)
    m.add(pay + d_set + hit_now + nm_cost + d_other <= first + early_in + board_in + nm_in)
    m.add(spend <= first + board_in + card_in + nm_in)
    res_v = values.value_of(pos["resource_delta"])
    objective = []
    for j, inst in enumerate(insts):
        val = values.value_of(inst["delta"])
        if inst["kind"] == "extra_die":
            val = values.EXTRA_DIE + res_v
        objective.append(val * u[j])
    objective.append(res_v * leftover)
    objective += [values.HIT_BOUGHT * b for b in buys]
    objective += [
        (values.DIST_BOUGHT + values.value_of(it["delta"])) * v for it, v in zip(market, bd)
    ]
    objective += [values.value_of(pos["raises"][a]) * v for a, v in raises.items()]
    objective.append((values.EXTRA_DIE + res_v) * new_dice)
    objective.append(-values.GRANA_SPENT * spend)
    const = sum(values.value_of(card["delta"]) for card in pos["gain_cards"])
    if once_v:
        when = pos["once_when"]
        if any(card["delta"].get(when, 0) > 0 for card in pos["gain_cards"]):
            const += once_v
        else:
            z = m.new_bool_var("once")
            fire = [u[j] for j, i in enumerate(insts) if i["delta"].get(when, 0) > 0]
            fire += [v for it, v in zip(market, bd) if it["delta"].get(when, 0) > 0]
            fire += [v for a, v in raises.items() if pos["raises"][a].get(when, 0) > 0]
            m.add(z <= sum(fire))
            objective.append(once_v * z)
    # The trade ability (Dead & Death b), used last: it needs the levels it pays by then
    # (those on the track, plus what the placements, cards and Distortion buy gave).
    trade = m.new_bool_var("trade")
    tr = pos.get("trade")
    if tr is None or values.value_of(tr["delta"]) <= values.value_of(tr["lose"]):
        m.add(trade == 0)
    else:
        for attr, need in tr["lose"].items():
            if tr["have"][attr] < need:
                came = sum(cd["delta"].get(attr, 0) for cd in pos["gain_cards"])
                came += sum(i["delta"].get(attr, 0) * u[j] for j, i in enumerate(insts))
                came += sum(it["delta"].get(attr, 0) * v for it, v in zip(market, bd))
                m.add(need * trade <= tr["have"][attr] + came)
        objective.append((values.value_of(tr["delta"]) - values.value_of(tr["lose"])) * trade)
    # Among equal values, play the fewest cards (a card that changes nothing stays in hand).
    value = m.new_int_var(-(10**7), 10**7, "value")
    m.add(value == sum(objective) + const)
    # (TNSHE's spare faces are few per game: spent only when they add value)
    cards_played = sum(len(fm["plays"]) * v for fm, v in zip(maps, sel)) + wild
    cards_played += sum(by_src.get("spare", []))
    # (and places early only when that Grana is needed, so plans keep the documented order)
    m.maximize(CARD_TIE * value - 2 * cards_played - sum(pre))
    solver, status = _run(m, budget_s)
    got = {
        "c": c, "u": u, "take": take, "buys": buys, "bd": bd, "b_ab": b_ab, "b_js": b_js,
        "used_b": used_b, "cleared": cleared, "cards_used": cards_used, "ab_clear": ab_clear,
        "raises": raises, "new_dice": new_dice, "sel": sel, "wild": wild, "used_bw": used_bw,
        "value": value, "trade": trade, "early": pre,
    }  # fmt: skip
    return _decode(pos, solver, got, status)


#: Time limits of the attempts after the first: a model always has a plan (play nothing),
#: so a limit that ends with none (UNKNOWN) was only too short for a loaded machine.
RETRY_LIMITS_S = (1.0, 8.0)
#: The first attempt's floor: below it CP-SAT may stop before its first solution.
MIN_LIMIT_S = 0.05


def _run(m: cp_model.CpModel, budget_s: float) -> tuple[cp_model.CpSolver, int]:
    """Solve ``m`` within ``budget_s``, retrying with longer limits while no plan is found."""
    status = cp_model.UNKNOWN
    for limit in (max(MIN_LIMIT_S, budget_s), *RETRY_LIMITS_S):
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = limit
        # The model is tiny: presolve, probing and symmetry detection cost more than they
        # save, while the LP relaxation cuts the search many-fold on the hard positions; the
        # fuller one (level 2) beats the default (level 1) on a model with borrows, clears
        # and buys.
        solver.parameters.cp_model_presolve = False
        solver.parameters.linearization_level = 2
        solver.parameters.symmetry_level = 0
        solver.parameters.cp_model_probing_level = 0
        status = solver.solve(m)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return solver, status
        if status != cp_model.UNKNOWN:
            break  # INFEASIBLE or MODEL_INVALID: a longer limit would not help
    raise RuntimeError(f"CP-SAT found no plan: {cp_model.CpSolver().status_name(status)}")


def _decode(pos: dict[str, Any], solver: Any, got: dict[str, Any], status: int) -> dict[str, Any]:
    """Give the counted plan concrete dice (changed dice are placed first, so the leftovers
    are dice nobody changes), borrowed dice their future indices, clears their sources."""
    insts = pos["instances"]
    val = solver.value
    fm = next(fm for fm, v in zip(pos["face_maps"], got["sel"]) if val(v))
    pending: dict[str, list[int]] = {}
    for d in pos["dice"]:
        pending.setdefault(fm["map"][d["face"]], []).append(d["index"])
    plan: dict[str, Any] = {"changes": [], "placements": [], "leftover": [], "buy": None}
    changed: dict[str, list[int]] = {f: [] for f in FACES}
    wild: dict[str, list[int]] = {f: [] for f in FACES}
    free: dict[str, list[int]] = {f: [] for f in FACES}
    kept: dict[str, list[int]] = {f: [] for f in FACES}
    targets: dict[str, list[tuple[int, str]]] = {}
    for (o, f, src), var in sorted(got["c"].items()):
        for _ in range(val(var)):
            die = pending[o].pop(0)
            by = {"keep": kept, "wild": wild, "ability": free, "spare": free}
            by.get(src, changed)[f].append(die)
            if src in ("keep", "wild"):
                continue
            if src.startswith("target:"):
                targets.setdefault(src[7:], []).append((die, f))
            elif src == "ability_wild":  # the die shows a Skull, wild for its slot
                plan["changes"].append({"die": die, "face": "skull", "source": src})
            else:
                plan["changes"].append({"die": die, "face": f, "source": src})
    # dice kept or changed for free last: the early placements take them from the end
    pool = {f: changed[f] + wild[f] + free[f] + kept[f] for f in FACES}
    nxt = pos["next_index"]
    borrowed: dict[str, list[int]] = {f: [] for f in FACES}
    for d in pos.get("held", []):
        borrowed[d["face"]].append(d["index"])
    plan["borrow_ability"] = plan["borrow_jam"] = None
    for f, v in got["b_ab"].items():
        if val(v):
            plan["borrow_ability"] = {"face": f, "die": nxt}
            borrowed[f].append(nxt)
            nxt += 1
    for f, v in got["b_js"].items():
        if val(v):
            plan["borrow_jam"] = {"face": f, "die": nxt}
            borrowed[f].append(nxt)
    use_b = {f: val(v) for f, v in got["used_b"].items()}
    use_bw = {f: val(v) for f, v in got["used_bw"].items()}
    early = {j for j, e in enumerate(got["early"]) if val(e)}
    order = sorted(range(len(insts)), key=lambda j: (j not in early, insts[j]["kind"] != "borrow"))
    for j in order:
        inst = insts[j]
        if not val(got["u"][j]):
            continue
        dice = []
        for f in FACES:
            for _ in range(val(got["take"][j, f]) if (j, f) in got["take"] else 0):
                if j in early:
                    dice.append(pool[f].pop())
                elif inst["kind"] != "borrow" and use_b[f] > 0:
                    use_b[f] -= 1
                    dice.append(borrowed[f].pop(0))
                elif inst["kind"] != "borrow" and use_bw.get(f, 0) > 0:
                    use_bw[f] -= 1
                    dice.append(borrowed["skull"].pop(0))
                else:
                    dice.append(pool[f].pop(0))
        pl: dict[str, Any] = {"instance": j, "dice": sorted(dice)}
        if j in early:
            pl["early"] = True
        if inst["kind"] == "change":
            pl["target"], pl["target_face"] = targets[inst["key"]].pop(0)
        plan["placements"].append(pl)
    plan["placements"].sort(key=lambda p: p["instance"])
    left = sorted(d for f in FACES for d in pool[f])
    # a free change (Distortion, ability) to a die that stays over is pointless: drop it
    plan["changes"] = [
        ch
        for ch in plan["changes"]
        if not (ch["die"] in left and ch["source"] in ("dist", "ability", "spare"))
    ]
    plan["leftover"] = left
    keys = [key for key, x in got["cleared"] if val(x)]
    sources = ["opportunity"] * sum(
        val(got["u"][j]) for j, i in enumerate(insts) if i["kind"] == "clear_source"
    )
    bought = [it["card"] for it, v in zip(pos["dist_market"], got["bd"]) if val(v)]
    sources += [("card", card) for card in (pos["clear_cards"] + bought)[: val(got["cards_used"])]]
    sources += ["ability"] * val(got["ab_clear"])
    plan["clears"] = [{"space": k, "by": src} for k, src in zip(keys, sources)]
    for h, b in enumerate(got["buys"]):
        if val(b):
            plan["buy"] = h
    plan["dist_buy"] = next((k for k, v in enumerate(got["bd"]) if val(v)), None)
    plan["raises"] = {a: val(v) for a, v in got["raises"].items() if val(v)}
    plan["new_dice"] = val(got["new_dice"])
    plan["face_plays"] = fm["plays"]
    plan["wild"] = None
    if val(got["wild"]):
        bought = [it["card"] for it, v in zip(pos["dist_market"], got["bd"]) if val(v)]
        plan["wild"] = pos["wild_card"] if pos["wild_card"] is not None else bought[0]
    plan["trade"] = bool(val(got["trade"]))
    plan["objective"] = val(got["value"])
    plan["status"] = solver.status_name(status)
    return plan
