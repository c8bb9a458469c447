"""R10 — scoring (第三十八条): places (R10.1), 开点 per pair (R10.2), 捎 and 闷 (R10.3), 串三家 (R10.4),
team totals summing to zero (R10.5)."""

from __future__ import annotations

import pytest
from helpers import new, pass_, play, random_game

from bot.engine import IllegalAction


def _walk_out(g, order):
    """Each seat in ``order`` leads its remaining 3s (it must be the seat to act)."""
    for s in order:
        play(g, s, g.hand(s))


def _check_totals(r):
    """R10.5: a team's total is its seats' points plus its own items, and the two totals sum to 0."""
    for s in range(6):
        assert r.seat_points[s] == sum(v for _, v in r.items[s])
    for t in (0, 1):
        seats = sum(r.seat_points[s] for s in range(t, 6, 2))
        assert r.team_points[t] == seats + sum(v for _, v in r.team_items[t])
    assert sum(r.team_points) == 0


# ---------------------------------------------------------------- R10.1 places
def test_r10_1_place_points():
    g = new("33", "3", "3", "3", "3", "3")
    _walk_out(g, range(5))
    r = g.result()
    assert r.places == [1, 2, 3, 4, 5, 6]
    assert r.seat_points == [2, 1, 0, 0, -1, -2]
    assert r.team_points == [1, -1]
    assert r.items == [[("place", 2)], [("place", 1)], [("place", 0)], [("place", 0)], [("place", -1)],
                       [("place", -2)]]
    assert r.kaidian == [False] * 6 and r.shao == [] and r.men == [] and r.chuan_san is None
    _check_totals(r)


def test_r10_1_result_only_when_over():
    g = new("33", "3", "3", "3", "3", "3")
    with pytest.raises(IllegalAction):
        g.result()


# ---------------------------------------------------------------- R10.2 开点
def test_r10_2_one_of_a_pair_kaidian():
    g = new("3 44 QQQ", "3", "3", "3 4", "3", "3")
    play(g, 0, "QQQ")                          # unanswered pure 够级
    play(g, 0, "44")                           # 开点
    play(g, 0, "3")                            # 头科
    play(g, 3, "4")                            # seat 3 beats the 3 with its 4: gives up 开点
    play(g, 3, "3")                            # 二科
    _walk_out(g, [4, 5, 1])                    # 三科, 四科, 二落: team 1 is all out, seat 2 大落
    r = g.result()
    assert r.places == [1, 5, 6, 2, 3, 4]
    assert r.kaidian == [True, False, False, False, False, False]
    assert ("kaidian", 1) in r.items[0]
    assert ("no-kaidian", -1) in r.items[3]
    assert r.seat_points == [3, -1, -2, 0, 0, 0]
    assert r.team_points == [1, -1]
    # pairs (1, 4) and (2, 5): neither 开点, nothing
    for s in (1, 2, 4, 5):
        assert not [i for i in r.items[s] if i[0] in ("kaidian", "no-kaidian")]
    _check_totals(r)


def test_r10_2_both_of_a_pair_kaidian_is_zero():
    g = new("3 44 T", "3", "3", "3 4 9 5", "3", "3", natural=[0, 3], leader=3)
    play(g, 3, "4")                            # 自然开点 (its 对家 holds cards)
    pass_(g, 0)                                # could beat 4 with T
    play(g, 3, "9")
    play(g, 0, "T")
    play(g, 0, "44")                           # 自然开点 while seat 3 still holds cards
    assert [e.seat for e in g.events if e.kind == "kaidian"] == [3, 0]
    play(g, 0, "3")                            # 头科
    play(g, 3, "5")                            # beats the 3
    play(g, 3, "3")                            # 二科
    _walk_out(g, [4, 5, 1])
    r = g.result()
    assert r.places == [1, 5, 6, 2, 3, 4]
    assert r.kaidian == [True, False, False, True, False, False]
    assert all(i[0] == "place" for it in r.items for i in it)
    assert r.seat_points == [2, -1, -2, 1, 0, 0]
    assert r.team_points == [0, 0]
    _check_totals(r)


def test_r10_2_neither_of_a_pair_is_zero_no_four_no_kaidian():
    g = new("33 QQQ", "3", "3", "3", "3", "3")
    play(g, 0, "QQQ")                          # unanswered pure 够级, but seat 0 holds no 4 (R7.2)
    _walk_out(g, range(5))
    r = g.result()
    assert r.kaidian == [False] * 6
    assert r.seat_points == [2, 1, 0, 0, -1, -2]
    _check_totals(r)


# ---------------------------------------------------------------- R10.3 捎 and 闷
def test_r10_3_standing_shao_and_men():
    g = new("3 QQQ AAA", "3 KKK 222", "3", "3", "3", "3")
    play(g, 0, "QQQ")
    play(g, 1, "KKK")                          # 捎
    play(g, 0, "AAA")                          # 反捎
    play(g, 1, "222")                          # 反捎 again, and seat 0 (only 3s left) is 闷
    _walk_out(g, [1, 2, 3, 4])
    r = g.result()
    assert r.places == [6, 1, 2, 3, 4, 5]
    assert r.shao == [(1, 0)]                  # one standing for the round
    assert r.men == [(1, 0)]
    assert sorted(r.items[1]) == sorted([("place", 2), ("shao", 1), ("men", 1)])
    assert sorted(r.items[0]) == sorted([("place", -2), ("shaoed", -1), ("mened", -1)])
    assert r.seat_points == [-4, 4, 1, 0, 0, -1]
    assert r.team_points == [-3, 3]
    _check_totals(r)


def test_r10_3_undone_shao_scores_nothing():
    g = new("3 QQQ", "3 KKK", "3", "3", "3 AAA", "3")
    play(g, 0, "QQQ")
    play(g, 1, "KKK")                          # 捎; seat 0 (only 3s left) is 闷 by seat 1
    play(g, 4, "AAA")                          # 解捎 by seat 1's 对家, who also 闷s seat 1
    exchange = [e.kind for e in g.events if e.kind in ("shao", "dadian", "jieshao")]
    assert exchange == ["shao", "dadian", "jieshao"]
    _walk_out(g, [4, 5, 2])
    r = g.result()
    assert r.places == [6, 5, 3, 4, 1, 2]
    assert r.shao == []
    assert r.men == [(1, 0), (4, 1)]
    assert not [i for it in r.items for i in it if i[0] in ("shao", "shaoed")]
    assert r.seat_points == [-3, -1, 0, 0, 3, 1]
    assert r.team_points == [0, 0]
    _check_totals(r)


# ---------------------------------------------------------------- R10.4 串三家
def test_r10_4_chuan_san_plus_minus_five_replaces_places():
    g = new("", "3 5", "", "3 4", "3 6", "3", places=[1, None, 2, None, None, None], leader=1)
    play(g, 1, "5")                            # seat 1's last card but its 3
    play(g, 4, "6")                            # seat 1 闷 (大落)
    play(g, 4, "3")                            # seat 4 walks out third: 串三家 for team 0
    r = g.result()
    assert r.chuan_san == 0
    assert r.places == [1, 6, 2, 5, 3, 4]
    assert all(i[0] != "place" for it in r.items for i in it)
    assert r.team_items == [[("chuan_san", 5)], [("chuan_san", -5)]]
    assert r.men == [(4, 1)]
    assert r.seat_points == [0, -1, 0, 0, 1, 0]   # 闷 still counts
    assert r.team_points == [6, -6]
    _check_totals(r)


# ---------------------------------------------------------------- R10.5 zero sum
@pytest.mark.parametrize("seed", range(12))
def test_r10_5_random_games_sum_to_zero(seed):
    """Whole random games: places are a permutation, totals add up and sum to 0, and 串三家 is
    recorded exactly when one team holds places 1, 2 and 3 (R9.2, R10.4)."""
    g = random_game(seed)
    r = g.result()
    assert sorted(r.places) == [1, 2, 3, 4, 5, 6]
    _check_totals(r)
    top3 = [t for t in (0, 1) if sorted(r.places[s] for s in range(t, 6, 2)) == [1, 2, 3]]
    assert r.chuan_san == (top3[0] if top3 else None), \
        f"places {r.places}: 串三家 is {top3}, engine says {r.chuan_san}"
