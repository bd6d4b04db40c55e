"""The two-word search's parts, each against a plain enumeration of the pairs.

Small random hands (a two-word card and a few others, wilds and two-letter
cards included): every pair of their spellable words is enumerated, scored by
``best_pair`` and compared with what the joint search, the search by first
words and their screens claim.
"""

from __future__ import annotations

import bisect
import itertools

import numpy as np
import pytest
from helpers_composition import CROSS, find, ranked, two_word_hands
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.composition import pairs
from solver.composition.bounds import bounds_tables, spellable
from solver.composition.bruteforce import brute_force_pairs
from solver.composition.hand import hand_from_payload, validate
from solver.composition.index import get_index
from solver.composition.pair_lattice import JointSearch, _children, applies
from solver.composition.pair_play import best_pair
from solver.composition.pair_ranking import Ranking, pair_words
from solver.composition.pair_screen import Screen, build_screen, byte_sums
from solver.composition.prepared import Prepared
from solver.composition.search import best_words

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: eligible words at most, where a test enumerates every ordered pair of them
SMALL = 250


def _setup(payload):
    """(prep, pair words, ranking) of a payload's hand, as the solver builds them: the
    words of its first way of crossing (the two-word card's own letters; None: none)."""
    hand = hand_from_payload(validate(payload))
    prep = Prepared(hand)
    index = get_index()
    max_len = sum(max(1, len(c.letters)) for c in hand.cards)
    supply, top, wilds, wild_value, extra, pv, by_len = bounds_tables(prep, max_len)
    ids, lengths, cols, _ = spellable(index, supply, wilds, max_len, hand.min_len)
    tables = (supply, top, wilds, wild_value, extra, pv, by_len, max_len)
    ways = pair_words(prep, index, ids, lengths, cols, tables)
    pw = ways[0] if ways else None
    figures = {"joint": 0, "evaluated": 0, "complete": True}
    return hand, prep, pw, Ranking(prep, index.words, [], 3, None, figures)


def _joint(pw, x: int, y: int) -> tuple[tuple[int, ...], int]:
    """The (J, d) of the pair first word x, second word y (positions in ``pw``)."""
    s = pw.supply_h.astype(int)
    raw = np.maximum(pw.cnt[x].astype(int) - pw.sub, 0) + pw.cnt[y].astype(int)
    d = int(np.maximum(raw - s, 0).sum() + pw.outside[x] + pw.outside[y])
    return tuple(np.minimum(raw, s).tolist()), d


def _joint_setup(payload):
    """(prep, pair words, joint search) of a small hand the joint search covers, or None."""
    _, prep, pw, ranking = _setup(payload)
    if pw is None or not applies(pw) or len(pw.wid) > SMALL:
        return None
    return prep, pw, JointSearch(pw, ranking)


def _pairs_by_joint(pw, one_role: bool = False) -> dict:
    """Every pair of positions (first word, second word) the wilds allow, by (J, d);
    ``one_role``: each unordered pair once, in ranking order."""
    wild, groups = int(pw.tables[2]), {}
    for x, y in itertools.product(range(len(pw.wid)), repeat=2):
        if one_role and pw.wid[x] > pw.wid[y]:
            continue
        j, d = _joint(pw, x, y)
        if d <= wild:
            groups.setdefault((j, d), []).append((x, y))
    return groups


@SETTINGS
@given(payload=two_word_hands())
def test_both_searches_and_the_handover_equal_brute_force(payload):
    hand = hand_from_payload(validate(payload))
    want = ranked(brute_force_pairs(hand, 3))
    saved = pairs.JOINT_LIMIT
    try:
        # 0: by first words only; 2: the joint search hands over midway; else joint only
        for limit in (0, 2, 10**9):
            pairs.JOINT_LIMIT = limit
            assert ranked(best_words(hand, 3)["words"]) == want, limit
    finally:
        pairs.JOINT_LIMIT = saved


@SETTINGS
@given(payload=two_word_hands(min_others=3, max_others=5))
def test_split_finds_exactly_the_pairs_of_each_joint_count(payload):
    if (setup := _joint_setup(payload)) is None:
        return
    _, pw, search = setup
    expected = {jd: set(found) for jd, found in _pairs_by_joint(pw).items()}
    rows = np.array([j for j, _ in expected], dtype=np.int64).reshape(-1, len(pw.held))
    ds = np.array([d for _, d in expected], dtype=np.int64)
    got: dict = {}
    found = search.split(rows, ds) if len(rows) else None
    if found is not None:
        for x, y, at in zip(*(a.tolist() for a in found)):
            got.setdefault((tuple(rows[at].tolist()), int(ds[at])), set()).add((x, y))
    assert got == expected


@SETTINGS
@given(payload=two_word_hands(min_others=3, max_others=6), data=st.data())
def test_the_joint_bound_never_grows_down_the_walk_and_bounds_every_pair(payload, data):
    _, prep, pw, ranking = _setup(payload)
    if pw is None or not applies(pw):
        return
    search = JointSearch(pw, ranking)
    s = pw.supply_h.astype(np.int64)
    rows = np.array(
        [[data.draw(st.integers(0, int(n))) for n in s] for _ in range(8)], dtype=np.int64
    )
    ds = np.array([data.draw(st.integers(0, int(pw.tables[2]))) for _ in rows], dtype=np.int64)
    kids, kid_ds = _children(rows, ds)
    # the children: each row with one letter less (rows in order), then with one wild less
    parents = [r for r in range(len(rows)) for c in range(len(s)) if rows[r, c] > 0]
    parents += np.flatnonzero(ds > 0).tolist()
    assert len(parents) == len(kids)
    ub = search.bound(rows, ds)
    assert (search.bound(kids, kid_ds) <= ub[parents]).all()
    # every playable pair scores at most the bound of its (J, d)
    words = pw.words
    for x, y in itertools.islice(itertools.product(range(len(pw.wid)), repeat=2), 300):
        j, d = _joint(pw, x, y)
        if d > int(pw.tables[2]):
            continue
        play = best_pair(prep, words[pw.wid[x]], words[pw.wid[y]])
        if play is not None:
            ub = search.bound(np.array([j], dtype=np.int64), np.array([d], dtype=np.int64))[0]
            assert play.net <= ub


@SETTINGS
@given(payload=two_word_hands(min_others=3, max_others=5))
def test_pairs_of_one_kind_score_alike(payload):
    if (setup := _joint_setup(payload)) is None:
        return
    prep, pw, search = setup
    groups = _pairs_by_joint(pw, one_role=True)
    words = pw.words
    for n, pairs_ in enumerate(groups.values()):
        x = np.array([p[0] for p in pairs_])
        y = np.array([p[1] for p in pairs_])
        vowels = pw.vw[x] + pw.vw[y] - pw.shared_vowels
        kinds = search.same.kinds(pw.wid[x], pw.wid[y], vowels, np.full(len(x), n))
        nets: dict = {}
        for kind, a, b in zip(kinds.tolist(), x.tolist(), y.tolist()):
            u, v = words[pw.wid[a]], words[pw.wid[b]]
            play = best_pair(prep, u, v)
            net = None if play is None else play.net
            assert nets.setdefault(kind, net) == net, (u, v)
            if kind >= 0:  # such a pair scores alike at every crossing place, too
                first = best_pair(prep, u, v, one_place=True)
                assert (None if first is None else first.net) == net, (u, v)


@SETTINGS
@given(payload=two_word_hands(min_others=3, max_others=5))
def test_the_separable_screen_passes_and_bounds_every_playable_pair(payload):
    _, prep, pw, _ = _setup(payload)
    if pw is None:
        return
    screen = build_screen(
        prep, pw.tables, pw.held, pw.cnt, pw.sub, pw.vw, pw.shared_vowels, pw.outside, pw.slack
    )
    words = pw.words
    partner = screen.partners() if screen.width else None
    for x, y in itertools.islice(itertools.product(range(len(pw.wid)), repeat=2), 400):
        play = best_pair(prep, words[pw.wid[x]], words[pw.wid[y]])
        if play is None:
            continue
        assert screen.fits(x, np.array([y]), None)[0]
        over = screen.slot[y] & ~screen.room[x]
        share = int(screen.b[y] - screen.taken(np.array([over]))[0])
        assert play.net <= (int(screen.a[x]) + share + screen.c) // screen.scale
        if partner is not None:
            assert partner[x] >= share


@pytest.mark.parametrize("seed", range(20))
def test_the_partner_table_holds_the_best_second_word_fitting_each_first(seed):
    # random slot blocks and words: the subset-maximum table against a plain maximum
    rng = np.random.default_rng(seed)
    supply = rng.integers(1, 4, int(rng.integers(1, 5)))
    off = np.concatenate(([0], np.cumsum(supply)[:-1]))
    width = int(supply.sum())
    n = int(rng.integers(1, 40))

    def masks(counts):
        return sum(((1 << int(c)) - 1) << int(o) for c, o in zip(counts, off))

    slot = np.array([masks(rng.integers(0, supply + 1)) for _ in range(n)], dtype=np.int64)
    room = np.array([masks(rng.integers(0, supply + 1)) for _ in range(n)], dtype=np.int64)
    bit_value = rng.integers(0, 5, width).astype(np.int64)
    start = np.zeros(width + 1, dtype=bool)
    start[list(off) + [width]] = True
    screen = Screen(
        a=np.zeros(n, dtype=np.int64),
        b=rng.integers(0, 50, n).astype(np.int64) + 20,
        c=0,
        scale=1,
        slot=slot,
        room=room,
        spare=rng.integers(-1, 3, n).astype(np.int64),
        deficit=rng.integers(0, 2, n).astype(np.int64),
        width=width,
        bit_value=bit_value,
        block_start=start,
        byte_sums=byte_sums(bit_value),
    )
    got = screen.partners()
    for u in range(n):
        fits = screen.fits(u, np.arange(n), None)
        over = slot & ~room[u]
        shares = screen.b - screen.taken(over)
        best = max(shares[fits].tolist(), default=-1)
        # two spare wilds: the table gives the largest share of all (still a bound)
        assert got[u] == best if screen.spare[u] < 2 else got[u] >= best


def test_words_whose_two_letter_spots_overlap_are_not_grouped():
    # with both ST and TH, "asthma" can use one of them, "stealth" both: same counts,
    # different plays, so the first is never said to score like another pair
    st, th = find("st", kind="note"), find("th", kind="crescendo")
    _, _, pw, ranking = _setup({"cards": [CROSS, st, th, "n01"], "ghost": True, "k": 3})
    same = JointSearch(pw, ranking).same
    ids = np.array([bisect.bisect_left(pw.words, w) for w in ("asthma", "stealth", "anthem")])
    codes = same._codes(ids).tolist()
    assert codes[0] == -1
    assert codes[1] == (1 << 0) + (1 << 4)  # one ST, one TH (4 bits per card, sorted)
    assert codes[2] == 1 << 4  # one TH
