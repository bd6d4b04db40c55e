"""CP-SAT model of one week's staging, hype spend and work assignment.

Once the soundcheck dice are rolled nothing random is left in the week, so the
model is exact: it encodes the show, the three jobs, songwriting, Anthem and
the payout as the rules resolve them (see services/tour/sheet.py), and
maximises ``solver.tour.value`` of the resulting sheet change.

Decision variables: ``staged[i]`` (which dice go on stage; fixed when the
show is already staged), ``hype`` (points bought), ``job[i][j]`` (the job of
each leftover die), ``restock`` ($1 lots of shirts bought first: the rulebook's
restock is "anytime", so a band that knows its merch dice may top up the stock).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ortools.sat.python import cp_model

from services.tour.content import WORK_JOBS, content
from services.tour.sheet import engine_bonus, max_hype_points, most_restock
from solver.tour.value import TIE_SCALE, WEIGHTS, Weights


@dataclass
class Plan:
    staged: list[int]
    hype: int
    jobs: dict[int, str]
    restock: int
    objective: int
    status: str
    wall_s: float
    terms: dict[str, int]


def show_ceiling(sheet: dict[str, Any]) -> int:
    """The highest show the sheet could post: two top faces, engine, full hype."""
    data = content()
    return 2 * data["dice_sides"] + engine_bonus(sheet) + data["show"]["max_hype_points"]


def solve_week(
    sheet: dict[str, Any],
    budget_s: float = 2.0,
    headline: list[int] | None = None,
    weights: Weights | None = None,
    tiebreak: Weights | None = None,
    tie_headline: list[int] | None = None,
) -> Plan:
    """Best stage + work plan for a sheet in the ``stage`` or ``work`` phase.

    ``headline`` (versus): the value, in tenths, of the headline/opener/tie reward
    for each possible show total (index = show); see ``solver.tour.headline``.
    ``weights`` price the sheet's changes (default ``WEIGHTS``); ``tiebreak``
    (with ``tie_headline``), when given, orders plans of equal value: the model
    maximises ``TIE_SCALE * value + tie-break value`` and reports the value alone.
    """
    w_main = WEIGHTS if weights is None else weights
    data = content()
    caps = data["caps"]
    work = data["work"]
    gig = sheet["gig"] is not None  # no gig: an odd-jobs week, nothing staged, no payout
    no_show = {"cash": 0, "fame": 0, "fans": 0, "hype": 0}
    venue = data["venues"][sheet["gig"]] if gig else no_show
    dice: list[int] = list(sheet["dice"])
    n = len(dice)
    fixed = sheet["phase"] == "work"
    m = cp_model.CpModel()

    if fixed:
        staged = [m.new_constant(1 if i in sheet["staged"] else 0) for i in range(n)]
        hype = m.new_constant(sheet["hype_spent"])
        hype_now = sheet["hype"]  # already paid
        hype_cost = 0
    else:
        staged = [m.new_bool_var(f"staged{i}") for i in range(n)]
        m.add(sum(staged) == data["show"]["staged_dice"])
        hype = m.new_int_var(0, max_hype_points(sheet), "hype")
        hype_now = sheet["hype"]
        hype_cost = data["show"]["hype_per_point"]
    job = [{j: m.new_bool_var(f"job{i}_{j}") for j in WORK_JOBS} for i in range(n)]
    for i in range(n):
        m.add(sum(job[i].values()) + staged[i] == 1)

    # the show and its payout
    top = show_ceiling(sheet)
    target = sheet["target"] if gig else top + 1
    show = m.new_int_var(0, top, "show")
    m.add(show == sum(d * s for d, s in zip(dice, staged)) + engine_bonus(sheet) + hype)
    win = m.new_bool_var("win")
    m.add(show >= target).only_enforce_if(win)
    m.add(show <= target - 1).only_enforce_if(win.Not())
    margin = m.new_int_var(1, max(1, top), "margin")  # max(1, show - target)
    m.add_max_equality(margin, [1, show - target])
    won_margin = m.new_int_var(0, max(1, top), "won_margin")
    m.add(won_margin == margin).only_enforce_if(win)
    m.add(won_margin == 0).only_enforce_if(win.Not())
    fail_cash = venue["cash"] // 2
    pay = data["payout"]
    fail_fans = pay["fail_fans"] if gig else 0

    # work
    merch_sum = sum(d * job[i]["merch"] for i, d in enumerate(dice))
    # the "anytime" restock, bought before the work: $1 lots of 2 shirts
    lot = data["restock"]
    lots = m.new_int_var(0, most_restock(sheet), "restock")
    stock = m.new_int_var(0, caps["shirts"], "stock")
    m.add_min_equality(stock, [sheet["shirts"] + lot["shirts"] * lots, caps["shirts"]])
    sold = m.new_int_var(0, caps["shirts"], "sold")
    m.add_min_equality(sold, [merch_sum, stock])
    any_merch = m.new_bool_var("any_merch")
    m.add_max_equality(any_merch, [job[i]["merch"] for i in range(n)])
    free = data["crew"]["roadie"]["free_merch"] if sheet["crew"]["roadie"] and gig else 0
    flyer_fans = sum(d * job[i]["flyer"] for i, d in enumerate(dice) if d >= work["flyer_min"])
    flyer_hype = sum(job[i]["flyer"] for i, d in enumerate(dice) if d >= work["flyer_hype_min"])
    dayjob_cash = sum(d * job[i]["dayjob"] for i, d in enumerate(dice))
    dayjob_van = sum(job[i]["dayjob"] for i, d in enumerate(dice) if d >= work["dayjob_van_face"])

    # songwriting: a pair among the leftover dice
    pairs = []
    for face, count in Counter(dice).items():
        if count < 2:
            continue
        p = m.new_bool_var(f"pair{face}")
        left = sum(1 - staged[i] for i, d in enumerate(dice) if d == face)
        m.add(left >= 2).only_enforce_if(p)
        m.add(left <= 1).only_enforce_if(p.Not())
        pairs.append(p)
    song = m.new_bool_var("song")
    if pairs:
        m.add_max_equality(song, pairs)
    else:
        m.add(song == 0)
    songs = data["songs"]
    album = sheet["boxes"] + 1 >= songs["boxes_per_album"]
    counts = Counter(dice)
    anthem = 1 if counts and max(counts.values()) >= songs["anthem_kind"] else 0

    # sheet changes (the same quantities solver.tour.value.deltas measures)
    cash_gain = (
        -lot["cost"] * lots
        + work["merch_price"] * sold
        + work["merch_price"] * free * any_merch
        + dayjob_cash
        + fail_cash
        + (venue["cash"] - fail_cash) * win
    )
    cash_after = m.new_int_var(0, caps["cash"], "cash_after")
    m.add_min_equality(cash_after, [sheet["cash"] + cash_gain, caps["cash"]])
    hype_after = m.new_int_var(0, caps["hype"], "hype_after")
    raw_hype = hype_now - hype_cost * hype + flyer_hype  # a venue's hype came at booking
    m.add_min_equality(hype_after, [raw_hype, caps["hype"]])
    van_after = m.new_int_var(0, caps["van"], "van_after")
    m.add_min_equality(van_after, [sheet["van"] + dayjob_van, caps["van"]])
    morale_loss = min(sheet["morale"], -pay["fail_morale"]) if gig and pay["fail_morale"] < 0 else 0
    star_skill = (sheet["stars"] + 1) % pay["stars_per_skill"] == 0 and sheet["skill"] < caps[
        "skill"
    ]
    terms: dict[str, Any] = {
        "fans": flyer_fans
        + fail_fans
        + (venue["fans"] - fail_fans) * win
        + won_margin
        + songs["album_fans"] * song * int(album)
        + songs["anthem_fans"] * anthem,
        "fame": venue["fame"] * win
        + songs["album_fame"] * song * int(album)
        + songs["anthem_fame"] * anthem,
        "cash": cash_after - sheet["cash"],
        "hype": hype_after - sheet["hype"],
        "morale": -morale_loss * (1 - win),
        "van": van_after - sheet["van"],
        "shirts": stock - sheet["shirts"] - sold,
        "stars": win,
        "skill": win * int(star_skill),
        "boxes": song * (-sheet["boxes"] if album else 1),
        "albums": song * int(album),
    }

    def priced(w: Weights, table: list[int] | None, name: str) -> Any:
        total = sum(w[k] * t for k, t in terms.items())
        if table is not None and gig:
            cells = [table[min(v, len(table) - 1)] for v in range(top + 1)]
            bonus = m.new_int_var(min(cells), max(cells), name)
            m.add_element(show, cells, bonus)
            total += bonus
        return total

    objective = priced(w_main, headline, "headline")
    if tiebreak is None:
        m.maximize(objective)
    else:
        m.maximize(TIE_SCALE * objective + priced(tiebreak, tie_headline, "tie_headline"))

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = max(0.05, float(budget_s))
    status = solver.solve(m)
    if status == cp_model.UNKNOWN:
        # no solution within the budget: only seen on a starved machine (this
        # model solves in tens of ms); a late answer beats no answer
        solver.parameters.max_time_in_seconds = 10 * max(0.05, float(budget_s))
        status = solver.solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise RuntimeError(f"tour week model: {solver.status_name(status)}")
    chosen = [i for i in range(n) if solver.value(staged[i])]
    jobs = {i: j for i in range(n) if i not in chosen for j in WORK_JOBS if solver.value(job[i][j])}
    return Plan(
        staged=chosen,
        hype=int(solver.value(hype)),
        restock=int(solver.value(lots)),
        jobs=jobs,
        objective=objective if isinstance(objective, int) else int(solver.value(objective)),
        status=solver.status_name(status),
        wall_s=solver.wall_time,
        terms={k: t if isinstance(t, int) else int(solver.value(t)) for k, t in terms.items()},
    )
