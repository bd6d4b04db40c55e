"""One direct test per tour rule (numbers from the rulebook, house rules from the data file)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tour_helpers import at_shop, at_stage, play, solo

from services.core import RulesError
from services.tour import GAME
from services.tour.content import content
from services.tour.offers import draw_offers, rival_week, tier_average
from services.tour.sheet import rank_name

DATA = content()


def sheet(state, i=0):
    return state["sheets"][i]


# -- setup and options --------------------------------------------------------------
def test_new_sheet_uses_the_data_start_values():
    s = sheet(solo())
    for key, value in DATA["start"].items():
        assert s[key] == value
    assert (s["skill"], s["stars"], s["boxes"], s["albums"]) == (0, 0, 0, 0)
    assert s["crew"] == {"roadie": False, "tech": False, "manager": False}


def test_basement_is_easier_in_cash_morale_and_venue_difficulty():
    club, base = solo(difficulty="club"), solo(difficulty="basement")
    assert sheet(base)["cash"] == sheet(club)["cash"] + 5
    assert sheet(base)["morale"] == sheet(club)["morale"] + 1
    at_stage(club, [1, 1, 1, 1, 2])
    at_stage(base, [1, 1, 1, 1, 2])
    assert sheet(base)["target"] == sheet(club)["target"] - 1 == 9  # House Show D10


def test_coop_adds_one_to_every_venue_and_rolls_six_dice():
    coop = GAME.new(2, {"mode": "coop"}, 3)
    assert len(coop["sheets"]) == 1
    at_stage(coop, [1] * 6, venue="main_stage")
    assert sheet(coop)["target"] == 18
    coop["sheets"][0]["phase"] = "offers"
    coop["offers"] = ["vfw_hall", "vfw_hall"]
    after, _ = GAME.apply(coop, 1, {"type": "choose_offer", "index": 0})
    assert len(sheet(after)["dice"]) == 6
    assert sheet(after)["target"] == 10


@pytest.mark.parametrize(
    "players,options",
    [
        (1, {"mode": "coop"}),
        (2, {"mode": "solo"}),
        (1, {"difficulty": "hard"}),
        (1, {"mode": "party"}),
        (2, {"mode": "versus", "opponent": True}),
        (1, {"opponent": "yes"}),
        (1, {"colour": "red"}),
        (3, {}),
        (1, {"band": ""}),
    ],
)
def test_bad_options_are_rejected(players, options):
    with pytest.raises(RulesError) as err:
        GAME.new(players, options, 1)
    assert err.value.code == "invalid_options"


def test_two_players_default_to_versus():
    assert GAME.new(2, {}, 1)["mode"] == "versus"


# -- upkeep and the road table ------------------------------------------------------------
def test_upkeep_pays_the_manager_and_the_roadie_repairs_the_van():
    state = at_shop(solo(seed=5), cash=20, van=2)
    state["sheets"][0]["crew"].update(manager=True, roadie=True)
    state["week"] = 1  # week 2 has no road roll on Club
    after, events = play(state, 0, {"type": "end_shopping"})
    assert after["week"] == 2
    assert (sheet(after)["cash"], sheet(after)["van"]) == (17, 3)
    assert any(e["type"] == "upkeep" for e in events)


def test_unpaid_wage_leaves_cash_at_zero():
    state = at_shop(solo(seed=5), cash=1)
    state["sheets"][0]["crew"]["manager"] = True
    after, _ = play(state, 0, {"type": "end_shopping"})
    assert sheet(after)["cash"] == 0


def _road_weeks(options, seeds=range(3)):
    weeks = set()
    for seed in seeds:
        state = solo(seed, **options)
        for _week in range(1, 12):
            state = at_shop(state)
            state, events = play(state, 0, {"type": "end_shopping"})
            if any(e["type"] == "road" for e in events):
                weeks.add(state["week"])
            if state["sheets"][0]["phase"] == "road":
                state, _ = play(state, 0, {"type": "breakdown", "choice": "van"})
    return weeks


def test_road_table_weeks_club_and_grind():
    assert _road_weeks({}) == {4, 7, 10}
    assert _road_weeks({"difficulty": "grind"}) == {2, 4, 7, 10}


def test_every_road_result_applies_its_printed_effect():
    expected = {
        2: {"hype": -2},
        3: {"fans": 3},
        4: {"cash": 6},
        5: {"fame": 2},
        6: {"cash": 3, "morale": 1},
    }
    seen = set()
    for seed in range(200):
        state = at_shop(solo(seed), hype=4, morale=3, cash=10)
        state["week"] = 3
        before = dict(sheet(state))
        after, events = play(state, 0, {"type": "end_shopping"})
        roll = next(e["roll"] for e in events if e["type"] == "road")
        if roll == 1:
            assert sheet(after)["phase"] == "road"
            continue
        seen.add(roll)
        for key in ("cash", "fans", "fame", "hype", "morale", "van"):
            assert sheet(after)[key] - before[key] == expected[roll].get(key, 0), (roll, key)
        if seen == set(expected):
            break
    assert seen == set(expected)


def _breakdown_state(cash):
    for seed in range(200):
        state = at_shop(solo(seed), cash=cash, van=4)
        state["week"] = 3
        after, _ = play(state, 0, {"type": "end_shopping"})
        if sheet(after)["phase"] == "road":
            return after
    raise AssertionError("no breakdown in 200 seeds")


def test_breakdown_is_a_choice_lose_two_van_or_pay_eight():
    state = _breakdown_state(cash=10)
    assert [a for a in GAME.legal_actions(state, 0) if a["type"] == "breakdown"] == [
        {"type": "breakdown", "choice": "van"},
        {"type": "breakdown", "choice": "pay"},
    ]
    van, _ = play(state, 0, {"type": "breakdown", "choice": "van"})
    pay, _ = play(state, 0, {"type": "breakdown", "choice": "pay"})
    assert (sheet(van)["van"], sheet(van)["cash"]) == (2, 10)
    assert (sheet(pay)["van"], sheet(pay)["cash"]) == (4, 2)
    assert sheet(van)["phase"] == sheet(pay)["phase"] == "offers"


def test_breakdown_pay_needs_eight_dollars():
    state = _breakdown_state(cash=7)
    legal = GAME.legal_actions(state, 0)
    assert [a["choice"] for a in legal if a["type"] == "breakdown"] == ["van"]
    with pytest.raises(RulesError):
        GAME.apply(state, 0, {"type": "breakdown", "choice": "pay"})


# -- offers -------------------------------------------------------------------------------
def _tiers(fame, week, draws=400):
    rng = random.Random(7)
    counts = Counter()
    for _ in range(draws):
        for vid in draw_offers(rng, fame, week):
            counts[DATA["venues"][vid]["tier"]] += 1
    return counts


def test_offers_come_from_the_highest_unlocked_tier_and_the_one_below():
    assert set(_tiers(0, 1)) == {"T1"}
    assert set(_tiers(11, 5)) == {"T1"}
    t2 = _tiers(12, 5)
    assert set(t2) == {"T1", "T2"} and abs(t2["T1"] - t2["T2"]) < 120  # 50/50 of 800
    assert set(_tiers(26, 9)) == {"T2", "T3"}
    assert set(_tiers(60, 9)) == {"T2", "T3"}  # no Main Stage before week 10


def test_main_stage_from_week_ten_with_45_fame_at_20_percent_per_slot():
    assert "W" not in _tiers(44, 12)
    counts = _tiers(45, 10, draws=1000)
    share = counts["W"] / sum(counts.values())
    assert 0.16 < share < 0.24


def test_versus_offers_are_shared_and_use_the_lower_fame():
    state = GAME.new(2, {"mode": "versus"}, 4)
    assert len(state["offers"]) == 2
    view0, view1 = GAME.view(state, 0), GAME.view(state, 1)
    assert view0["offers"] == view1["offers"]
    state = at_shop(at_shop(state, 0, fame=40), 1, fame=0)
    for seat in (0, 1):
        state, _ = play(state, seat, {"type": "end_shopping"})
    assert {DATA["venues"][v]["tier"] for v in state["offers"]} == {"T1"}


def test_choosing_an_offer_pays_its_entry_and_rolls_five_dice():
    state = solo(2)
    state["offers"] = ["dive_bar", "coffee_house"]
    sheet(state)["cash"] = 5
    after, events = play(state, 0, {"type": "choose_offer", "index": 0})
    assert sheet(after)["cash"] == 3
    assert sheet(after)["gig"] == "dive_bar" and sheet(after)["phase"] == "stage"
    assert len(sheet(after)["dice"]) == 5 and all(1 <= d <= 6 for d in sheet(after)["dice"])
    assert any(e["type"] == "soundcheck" for e in events)


def test_an_unaffordable_offer_is_refused_and_skip_only_when_nothing_is_affordable():
    state = solo(2)
    state["offers"] = ["rock_club", "dive_bar"]
    sheet(state)["cash"] = 3
    legal = GAME.legal_actions(state, 0)
    assert {"type": "choose_offer", "index": 1} in legal
    assert {"type": "skip_gig"} not in legal
    with pytest.raises(RulesError):
        GAME.apply(state, 0, {"type": "choose_offer", "index": 0})
    sheet(state)["cash"] = 1
    assert {"type": "skip_gig"} in GAME.legal_actions(state, 0)
    after, _ = play(state, 0, {"type": "skip_gig"})
    assert sheet(after)["phase"] == "work" and sheet(after)["gig"] is None


def test_a_skipped_gig_is_an_odd_jobs_week_with_three_dice_and_no_payout():
    state = solo(2)
    state["offers"] = ["rock_club", "dive_bar"]
    sheet(state).update(cash=0, morale=3, shirts=0)
    state, _ = play(state, 0, {"type": "skip_gig"})
    s = sheet(state)
    assert len(s["dice"]) == 3 and s["staged"] == [] and s["show"] is None
    assert not any(a["type"] == "stage" for a in GAME.legal_actions(state, 0))
    s["dice"] = [2, 3, 4]
    after, events = play(
        state, 0, {"type": "work", "assign": {"0": "dayjob", "1": "dayjob", "2": "dayjob"}}
    )
    a = sheet(after)
    assert (a["cash"], a["morale"], a["fans"], a["stars"]) == (9, 3, 0, 0)
    assert not any(e["type"] == "payout" for e in events) and a["phase"] == "shop"


def test_manager_adds_the_gold_die():
    state = solo(2)
    state["offers"] = ["vfw_hall", "vfw_hall"]
    sheet(state)["crew"]["manager"] = True
    after, _ = play(state, 0, {"type": "choose_offer", "index": 0})
    assert len(sheet(after)["dice"]) == 6 and sheet(after)["gold"] == 5


# -- the show -------------------------------------------------------------------------------
def test_show_is_dice_plus_skill_albums_tech_and_hype():
    state = at_stage(solo(), [6, 5, 1, 2, 3], venue="rock_club", skill=1, albums=1, hype=5)
    sheet(state)["crew"]["tech"] = True
    after, events = play(state, 0, {"type": "stage", "dice": [0, 1], "hype": 2})
    show = next(e for e in events if e["type"] == "show")
    assert show["show"] == 6 + 5 + 1 + 1 + 1 + 2 == 16
    assert show["target"] == 14 and show["won"]
    assert sheet(after)["hype"] == 1  # 2 hype per point


def test_hype_is_limited_to_two_points_and_to_what_you_have():
    state = at_stage(solo(), [1, 2, 3, 4, 5], hype=8)
    hypes = {a["hype"] for a in GAME.legal_actions(state, 0) if a["type"] == "stage"}
    assert hypes == {0, 1, 2}
    state = at_stage(solo(), [1, 2, 3, 4, 5], hype=3)
    assert {a["hype"] for a in GAME.legal_actions(state, 0) if a["type"] == "stage"} == {0, 1}
    with pytest.raises(RulesError):
        GAME.apply(state, 0, {"type": "stage", "dice": [0, 1], "hype": 2})


def test_ties_win_and_one_short_fails():
    state = at_stage(solo(), [5, 5, 1, 2, 3], venue="house_show")  # D10
    _, events = play(state, 0, {"type": "stage", "dice": [0, 1], "hype": 0})
    assert next(e for e in events if e["type"] == "show")["won"]
    _, events = play(state, 0, {"type": "stage", "dice": [0, 4], "hype": 0})
    assert not next(e for e in events if e["type"] == "show")["won"]


def test_stage_dice_must_be_two_distinct_dice():
    state = at_stage(solo(), [5, 5, 1, 2, 3])
    for dice in ([0, 0], [0], [0, 1, 2], [0, 9], ["0", "1"], [True, False]):
        with pytest.raises(RulesError):
            GAME.apply(state, 0, {"type": "stage", "dice": dice, "hype": 0})
    after, _ = GAME.apply(state, 0, {"type": "stage", "dice": [1, 0], "hype": 0})
    assert sheet(after)["staged"] == [0, 1]


# -- work, songs, payouts ------------------------------------------------------------------------
def _work(dice, assign, staged=(0, 1), venue="vfw_hall", **counters):
    state = at_stage(solo(), dice, venue=venue, **counters)
    return play(
        state,
        0,
        {"type": "stage", "dice": list(staged), "hype": 0},
        {"type": "work", "assign": assign},
    )


def test_merch_sells_min_of_die_and_stock_at_two_dollars():
    after, _ = _work([1, 1, 5, 3, 2], {"2": "merch", "3": "merch", "4": "dayjob"}, shirts=6)
    s = sheet(after)
    # 5 + 3 wanted, 6 in stock: 6 shirts x $2, day job $2, failed VFW show pays $3
    assert s["shirts"] == 0
    assert s["cash"] == 10 + 12 + 2 + 3


def test_roadie_adds_two_free_merch_sales():
    state_args = dict(shirts=10, cash=0)
    plain, _ = _work([1, 1, 3, 2, 2], {"2": "merch", "3": "dayjob", "4": "dayjob"}, **state_args)
    state = at_stage(solo(), [1, 1, 3, 2, 2], venue="vfw_hall", **state_args)
    sheet(state)["crew"]["roadie"] = True
    crew, _ = play(
        state,
        0,
        {"type": "stage", "dice": [0, 1], "hype": 0},
        {"type": "work", "assign": {"2": "merch", "3": "dayjob", "4": "dayjob"}},
    )
    assert sheet(crew)["cash"] - sheet(plain)["cash"] == 4
    assert sheet(crew)["shirts"] == sheet(plain)["shirts"] == 7


def test_flyers_give_fans_from_four_and_hype_from_five():
    after, _ = _work([1, 1, 3, 4, 5], {"2": "flyer", "3": "flyer", "4": "flyer"}, hype=0)
    s = sheet(after)
    assert s["fans"] == 4 + 5 + 1  # + the fail's 1 fan
    assert s["hype"] == 1


def test_day_job_pays_the_die_and_a_six_repairs_the_van():
    after, _ = _work([1, 2, 6, 3, 4], {"2": "dayjob", "3": "dayjob", "4": "dayjob"}, van=2, cash=0)
    s = sheet(after)
    assert s["cash"] == 6 + 3 + 4 + 3  # + half of the VFW's $6
    assert s["van"] == 3


def test_work_must_cover_exactly_the_leftover_dice():
    state = at_stage(solo(), [1, 2, 3, 4, 5])
    state, _ = play(state, 0, {"type": "stage", "dice": [0, 1], "hype": 0})
    for assign in (
        {"2": "merch", "3": "merch"},
        {"0": "merch", "3": "merch", "4": "merch"},
        {"2": "merch", "3": "merch", "4": "busk"},
        {"2": "merch", 3: "merch", 4: "merch"},
        {"2": "merch", "3": "merch", "4": float("nan")},
        ["merch"],
    ):
        with pytest.raises(RulesError):
            GAME.apply(state, 0, {"type": "work", "assign": assign})


def test_a_pair_in_the_leftover_dice_ticks_one_song_box():
    after, events = _work([6, 6, 3, 3, 3], {"2": "merch", "3": "merch", "4": "merch"})
    assert sheet(after)["boxes"] == 1
    after, _ = _work([3, 3, 6, 5, 1], {"2": "merch", "3": "merch", "4": "merch"})
    assert sheet(after)["boxes"] == 0  # the pair was staged


def test_four_boxes_make_an_album():
    after, _ = _work([1, 2, 3, 3, 6], {"2": "merch", "3": "merch", "4": "merch"}, boxes=3)
    s = sheet(after)
    assert (s["boxes"], s["albums"]) == (0, 1)
    assert s["fame"] == 5 and s["fans"] == 10 + 1
    assert GAME.view(after, 0)["sheets"][0]["engine"] == 1  # +1 show from now on


def test_anthem_is_four_of_a_kind_among_all_dice():
    after, events = _work([4, 4, 4, 4, 1], {"2": "merch", "3": "merch", "4": "merch"})
    assert any(e["type"] == "anthem" for e in events)
    s = sheet(after)
    # VFW D9 won by 8? no: 4+4 = 8 < 9 fails -> 1 fan; anthem +5 fans +3 fame; pair -> box
    assert (s["fans"], s["fame"], s["boxes"]) == (1 + 5, 3, 1)
    after, events = _work([4, 4, 4, 1, 2], {"2": "merch", "3": "merch", "4": "merch"})
    assert not any(e["type"] == "anthem" for e in events)


def test_win_pays_cash_fame_and_bonus_plus_margin():
    after, _ = _work([6, 6, 1, 2, 3], {"2": "merch", "3": "merch", "4": "merch"}, shirts=0)
    s = sheet(after)  # VFW D9, show 12: margin 3
    assert (s["cash"], s["fame"], s["fans"], s["stars"]) == (10 + 6, 3, 2 + 3, 1)


def test_win_by_a_tie_still_earns_one_margin_fan():
    after, _ = _work([5, 4, 1, 2, 3], {"2": "merch", "3": "merch", "4": "merch"}, shirts=0)
    assert sheet(after)["fans"] == 2 + 1


def test_fail_pays_half_cash_rounded_down_one_fan_and_costs_morale():
    after, _ = _work(
        [1, 1, 2, 3, 4], {"2": "merch", "3": "merch", "4": "merch"}, venue="dive_bar", shirts=0
    )
    s = sheet(after)
    assert (s["cash"], s["fans"], s["fame"], s["morale"]) == (10 + 5, 1, 0, 3)
    after, _ = _work(
        [1, 1, 2, 3, 4], {"2": "merch", "3": "merch", "4": "merch"}, venue="vfw_hall", shirts=0
    )
    assert sheet(after)["cash"] == 10 + 3


def _coffee_house_week(dice, hype=0):
    """Book the Coffee House, then play the show with ``dice`` (the roll replaced)."""
    state = solo(4)
    state["offers"] = ["coffee_house", "vfw_hall"]
    sheet(state)["hype"] = hype
    state, events = play(state, 0, {"type": "choose_offer", "index": 0})
    sheet(state)["dice"] = list(dice)
    return state, events


def test_coffee_house_always_gives_one_hype():
    jobs = {"2": "merch", "3": "merch", "4": "merch"}
    results = []
    for dice in ([6, 6, 1, 2, 3], [1, 2, 1, 2, 3]):
        state, _ = _coffee_house_week(dice, hype=2)
        stage = {"type": "stage", "dice": [0, 1], "hype": 0}
        after, _ = play(state, 0, stage, {"type": "work", "assign": jobs})
        results.append(sheet(after)["hype"])
    assert results == [3, 3]  # win or fail: the one hype of the entry column


def test_coffee_house_hype_arrives_with_the_booking_and_can_be_spent_at_its_show():
    # the entry column reads "$0, +1 hype": with 1 hype in hand, booking makes a point
    state, events = _coffee_house_week([4, 3, 1, 1, 2], hype=1)
    assert sheet(state)["hype"] == 2
    assert any(e["type"] == "venue_hype" for e in events)
    assert {a["hype"] for a in GAME.legal_actions(state, 0) if a["type"] == "stage"} == {0, 1}
    after, events = play(state, 0, {"type": "stage", "dice": [0, 1], "hype": 1})
    assert next(e for e in events if e["type"] == "show")["won"]  # 4 + 3 + 1 = D8


def test_every_fourth_star_is_a_skill_level_up_to_three():
    after, events = _work([6, 6, 1, 2, 3], {"2": "merch", "3": "merch", "4": "merch"}, stars=3)
    assert (sheet(after)["stars"], sheet(after)["skill"]) == (4, 1)
    after, _ = _work([6, 6, 1, 2, 3], {"2": "merch", "3": "merch", "4": "merch"}, stars=4)
    assert sheet(after)["skill"] == 0
    after, _ = _work([6, 6, 1, 2, 3], {"2": "merch", "3": "merch", "4": "merch"}, stars=11, skill=3)
    assert sheet(after)["skill"] == 3


# -- fail states ------------------------------------------------------------------------------
def test_morale_zero_forces_a_rest_week():
    state = at_shop(solo(8), morale=0, cash=2)
    after, events = play(state, 0, {"type": "end_shopping"})
    s = sheet(after)
    assert s["phase"] == "shop" and s["gig"] is None and s["forced"] == "rest"
    assert (s["cash"], s["morale"]) == (7, 3)
    assert {"type": "end_shopping"} in GAME.legal_actions(after, 0)
    assert not any(a["type"] == "choose_offer" for a in GAME.legal_actions(after, 0))


def test_van_zero_forces_a_shop_week():
    state = at_shop(solo(8), van=0, cash=10)
    after, _ = play(state, 0, {"type": "end_shopping"})
    s = sheet(after)
    assert s["phase"] == "shop" and s["forced"] == "shop"
    assert (s["cash"], s["van"]) == (6, 3)


def test_the_mechanic_can_save_the_van_before_the_week_ends():
    state = at_shop(solo(8), van=0, cash=10)
    after, _ = play(state, 0, {"type": "mechanic"}, {"type": "end_shopping"})
    assert sheet(after)["forced"] is None and sheet(after)["phase"] == "offers"


# -- shopping -------------------------------------------------------------------------------------
def test_mechanic_costs_four_for_two_van():
    after, _ = play(at_shop(solo(), van=1, cash=9), 0, {"type": "mechanic"})
    assert (sheet(after)["cash"], sheet(after)["van"]) == (5, 3)
    full = at_shop(solo(), van=DATA["caps"]["van"], cash=9)
    assert {"type": "mechanic"} not in GAME.legal_actions(full, 0)


def test_restock_is_one_dollar_per_two_shirts_up_to_the_cap():
    after, _ = play(at_shop(solo(), shirts=0, cash=3), 0, {"type": "restock", "pairs": 3})
    assert (sheet(after)["cash"], sheet(after)["shirts"]) == (0, 6)
    cap = DATA["caps"]["shirts"]
    legal = GAME.legal_actions(at_shop(solo(), shirts=cap - 3, cash=50), 0)
    assert [a["pairs"] for a in legal if a["type"] == "restock"] == [1, 2]
    with pytest.raises(RulesError):
        GAME.apply(at_shop(solo(), shirts=0, cash=1), 0, {"type": "restock", "pairs": 2})


@pytest.mark.parametrize("item,cost", [("roadie", 30), ("tech", 35), ("manager", 25)])
def test_crew_costs_and_is_hired_once(item, cost):
    state = at_shop(solo(), cash=cost)
    after, _ = play(state, 0, {"type": "buy", "item": item})
    assert sheet(after)["cash"] == 0 and sheet(after)["crew"][item]
    with pytest.raises(RulesError):
        GAME.apply(at_shop(after, cash=100), 0, {"type": "buy", "item": item})
    with pytest.raises(RulesError):
        GAME.apply(at_shop(solo(), cash=cost - 1), 0, {"type": "buy", "item": item})


def test_shopping_is_open_at_the_offer_decision_too():
    state = solo()
    sheet(state)["cash"] = 40
    after, _ = play(state, 0, {"type": "buy", "item": "roadie"})
    assert sheet(after)["phase"] == "offers" and sheet(after)["crew"]["roadie"]


# -- modes --------------------------------------------------------------------------------------
def test_coop_either_seat_may_decide_for_the_shared_sheet():
    state = GAME.new(2, {"mode": "coop"}, 9)
    assert GAME.legal_actions(state, 0) == GAME.legal_actions(state, 1)
    assert GAME.seats_to_act(state) == [0, 1]
    state, _ = play(state, 1, GAME.legal_actions(state, 1)[0])
    assert sheet(state)["phase"] == "stage"
    assert GAME.view(state, 0)["sheets"][0]["dice_owner"] == [0, 0, 0, 1, 1, 1]
    state, _ = play(state, 0, GAME.legal_actions(state, 0)[0])
    assert sheet(state)["phase"] == "work"


def _versus_after_shows(dice0, dice1):
    state = GAME.new(2, {"mode": "versus"}, 11)
    at_stage(state, dice0, venue="house_show", sheet=0)
    at_stage(state, dice1, venue="house_show", sheet=1)
    for seat in (0, 1):
        state, _ = play(
            state,
            seat,
            {"type": "stage", "dice": [0, 1], "hype": 0},
            {"type": "work", "assign": {"2": "dayjob", "3": "dayjob", "4": "dayjob"}},
        )
    return state


def test_versus_higher_show_headlines_and_lower_opens():
    state = _versus_after_shows([6, 6, 1, 2, 3], [5, 5, 1, 2, 3])
    a, b = sheet(state, 0), sheet(state, 1)
    # both won the House Show: $8, 4 fame, 3 + margin fans; day jobs $6
    assert (a["fans"], a["cash"], a["fame"]) == (3 + 2 + 3, 10 + 8 + 6 + 2, 4)
    assert (b["fans"], b["cash"], b["fame"]) == (3 + 1, 10 + 8 + 6, 4 + 1)


def test_versus_tie_gives_each_a_fan():
    state = _versus_after_shows([6, 6, 1, 2, 3], [6, 6, 1, 2, 3])
    assert sheet(state, 0)["fans"] == sheet(state, 1)["fans"] == 3 + 2 + 1


def test_versus_week_waits_for_both_players():
    state = GAME.new(2, {"mode": "versus"}, 12)
    state = at_shop(at_shop(state, 0), 1)
    state, _ = play(state, 0, {"type": "end_shopping"})
    assert state["week"] == 1 and sheet(state, 0)["phase"] == "done"
    # only the anytime purchases stay open while the rival plays on
    assert {a["type"] for a in GAME.legal_actions(state, 0)} <= {"buy", "mechanic", "restock"}
    with pytest.raises(RulesError) as err:
        GAME.apply(state, 0, {"type": "end_shopping"})
    assert err.value.code == "wrong_phase"
    state, _ = play(state, 1, {"type": "end_shopping"})
    assert state["week"] == 2


class _Rigged:
    """A stand-in Random: offers T1/T2 per ``choices``, then the win roll."""

    def __init__(self, percent_rolls):
        self.rolls = list(percent_rolls)

    def randrange(self, n):
        return self.rolls.pop(0)

    def choice(self, seq):
        return seq[0]


def test_rival_takes_the_higher_tier_and_wins_the_tier_averages():
    rival = {"fans": 0, "fame": 12, "cash": 0}
    # slot 1: lower tier (T1), slot 2: top tier (T2); win roll 64 < 65
    ev = rival_week(_Rigged([10, 90, 64]), rival, 3)
    assert DATA["venues"][ev["venue"]]["tier"] == "T2" and ev["won"]
    # T2 averages: cash (8+10+6)/3 = 8, fame 16/3 -> 5, fans 11/3 -> 4
    assert rival == {"fans": 4, "fame": 12 + 5, "cash": 8}
    assert tier_average("T1") == {"cash": 6, "fame": 3, "fans": 2}


def test_rival_fail_is_half_cash_and_three_fans():
    rival = {"fans": 0, "fame": 0, "cash": 0}
    ev = rival_week(_Rigged([10, 10, 85]), rival, 1)  # T1 wins on < 85
    assert not ev["won"]
    assert rival == {"fans": 3, "fame": 0, "cash": 3}


# -- scoring and outcome -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "total,name",
    [
        (185, "Main Stage Headliner"),
        (184, "Main Stage Bound"),
        (160, "Main Stage Bound"),
        (159, "Road Dogs"),
        (135, "Road Dogs"),
        (134, "Club Kings"),
        (110, "Club Kings"),
        (109, "Local Opener"),
        (80, "Local Opener"),
        (79, "Basement Tapes"),
        (0, "Basement Tapes"),
    ],
)
def test_rank_table(total, name):
    assert rank_name(total) == name


def _finish(state):
    state["week"] = 12
    for i in range(len(state["sheets"])):
        at_shop(state, i)
    for seat in range(state["players"]):
        if GAME.legal_actions(state, seat):
            state, _ = play(state, seat, {"type": "end_shopping"})
    assert state["finished"]
    return state


def test_final_score_is_fans_plus_fame_and_solo_win_needs_the_target():
    state = solo()
    sheet(state).update(fans=70, fame=40)
    out = GAME.outcome(_finish(state))
    assert out["scores"] == {"0": 110} and out["rank"] == {"0": "Club Kings"}
    assert out["winners"] == [0]
    state = solo()
    sheet(state).update(fans=70, fame=39)
    assert GAME.outcome(_finish(state))["winners"] == []


def test_solo_with_opponent_must_beat_its_score():
    state = solo(opponent=True)
    sheet(state).update(fans=50, fame=10)
    state = _finish(state)
    out = GAME.outcome(state)
    rival = state["rival"]["fans"] + state["rival"]["fame"]
    assert out["rival_score"] == rival
    assert out["winners"] == ([0] if rival < 60 else [])
    state["rival"].update(fans=59, fame=0)
    assert GAME.outcome(state)["winners"] == [0]
    state["rival"].update(fans=60, fame=0)  # a tie does not beat the opponent
    assert GAME.outcome(state)["winners"] == []


def test_coop_wins_together_and_versus_higher_total_wins():
    coop = GAME.new(2, {"mode": "coop"}, 1)
    sheet(coop).update(fans=100, fame=20)
    out = GAME.outcome(_finish(coop))
    assert out["winners"] == [0, 1] and out["scores"] == {"0": 120, "1": 120}
    vs = GAME.new(2, {"mode": "versus"}, 1)
    sheet(vs, 0).update(fans=50, fame=10)
    sheet(vs, 1).update(fans=40, fame=21)
    assert GAME.outcome(_finish(vs))["winners"] == [1]
    vs = GAME.new(2, {"mode": "versus"}, 1)
    sheet(vs, 0).update(fans=50, fame=10)
    sheet(vs, 1).update(fans=40, fame=20)
    assert GAME.outcome(_finish(vs))["winners"] == [0, 1]


def test_the_game_ends_after_week_twelve():
    state = _finish(solo())
    assert GAME.legal_actions(state, 0) == []
    assert GAME.view(state, 0)["status"] == "finished"
    with pytest.raises(RulesError) as err:
        GAME.apply(state, 0, {"type": "end_shopping"})
    assert err.value.code == "game_over"


# -- errors ------------------------------------------------------------
@pytest.mark.parametrize(
    "action,code",
    [
        ({"type": "teleport"}, "unknown_action"),
        ({"kind": "stage"}, "bad_action"),
        ("stage", "bad_action"),
        ({"type": "end_shopping"}, "wrong_phase"),
        ({"type": "choose_offer", "index": 7}, "cannot_afford_or_invalid"),
        ({"type": "choose_offer"}, "cannot_afford_or_invalid"),
    ],
)
def test_errors_have_stable_codes(action, code):
    with pytest.raises(RulesError) as err:
        GAME.apply(solo(), 0, action)
    assert err.value.code == code


def test_unknown_seat_is_rejected():
    with pytest.raises(RulesError) as err:
        GAME.apply(solo(), 1, {"type": "skip_gig"})
    assert err.value.code == "not_your_turn"


def test_view_hides_the_rng_but_the_host_sees_it():
    state = solo()
    assert "rng" not in GAME.view(state, 0) and "rng" not in GAME.view(state, None)
    assert GAME.view(state, None, omniscient=True)["rng"] == state["rng"]


def test_catalog_and_data_validation_hooks():
    cat = GAME.catalog()
    assert set(cat) >= {"venues", "road_table", "crew", "ranks"}
    assert cat["venues"]["main_stage"]["difficulty"] == 17
