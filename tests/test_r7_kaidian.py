"""R7 — 开点 after an unanswered pure 够级 (R7.1), giving it up (R7.2), 自然开点 (R7.3)."""

from __future__ import annotations

import pytest
from helpers import kinds, new, of_kind, play

from bot.engine import Event, IllegalAction

NONE = "3 6"    # a seat that can neither beat QQQ nor a pair, and holds no 4


def test_r7_1_kaidian_by_leading_all_fours_after_unanswered_pure_gouji():
    g = new("3 44 QQQ 5", NONE, NONE, NONE, NONE, NONE)
    play(g, 0, "QQQ")
    assert g.to_act == 0 and g.top is None      # nobody 打点s or 捎s: the round is seat 0's
    play(g, 0, "44")
    assert Event("kaidian", 0) in g.events
    assert "giveup" not in kinds(g)


def test_r7_1_leading_something_else_is_simply_not_kaidian_this_time():
    g = new("3 44 QQQ 5", "3 4", "3 4", "3 4", "3 4", "3 4")
    play(g, 0, "QQQ")
    play(g, 0, "5")                             # not the 4s: no 开点, nothing given up
    assert "kaidian" not in kinds(g)
    assert "giveup" not in kinds(g)
    # nobody beats 5: seat 0 leads again, but the chance is gone
    play(g, 0, "44")
    assert "kaidian" not in kinds(g)
    assert Event("giveup", 0) in g.events


def test_r7_1_the_dadian_seat_gets_the_chance_when_its_pure_gouji_stands():
    g = new("3 44 QQQ 5", NONE, NONE, "3 4 KKK 7", NONE, NONE)
    play(g, 0, "QQQ")
    play(g, 3, "KKK")                           # 打点 with a pure 够级; seat 0 cannot answer
    assert g.to_act == 3 and g.top is None
    play(g, 3, "4")
    assert of_kind(g, "kaidian") == [Event("kaidian", 3)]


def test_r7_1_not_after_a_gouji_that_is_not_pure():
    g = new("3 44 QQQ2 5", NONE, NONE, NONE, NONE, NONE)
    play(g, 0, "QQQ2")
    assert g.to_act == 0 and g.top is None
    play(g, 0, "44")
    assert "kaidian" not in kinds(g)
    assert Event("giveup", 0) in g.events


def test_r7_1_not_after_a_pure_gouji_that_is_not_in_force():
    # seat 3, the 对家 of seat 0, is out: QQQ is not 够级 in force (R4.4)
    g = new("3 44 QQQ 5", NONE, NONE, "", NONE, NONE, places=[None, None, None, 1, None, None])
    play(g, 0, "QQQ")
    assert g.to_act == 0 and g.top is None
    play(g, 0, "44")
    assert "kaidian" not in kinds(g)
    assert Event("giveup", 0) in g.events


def test_r7_1_not_when_the_pure_gouji_shuts_out_the_opposite():
    """Seat 0's QQQ beats the last non-3 play of its 对家 (seat 3), who is 闷 at once (R8.2). From then
    on QQQ is not 够级 in force (R4.4: only while the 对家 holds cards), so it opens no 开点."""
    g = new("3 44 QQQ 5", NONE, NONE, "3 JJJ", NONE, NONE, leader=3)
    play(g, 3, "JJJ")
    play(g, 0, "QQQ")
    assert of_kind(g, "men") == [Event("men", 0, "3", target=3, value=6)]
    assert g.to_act == 0 and g.top is None
    play(g, 0, "44")
    assert "kaidian" not in kinds(g), "QQQ was not 够级 in force once seat 3 was out"


def test_r7_1_not_after_the_pure_gouji_was_shaoed():
    g = new("3 44 QQQ 5", "3 KKK", NONE, NONE, NONE, NONE)
    play(g, 0, "QQQ")
    play(g, 1, "KKK")
    assert Event("shao", 1, target=0) in g.events
    assert g.to_act == 1                         # the round is seat 1's, not seat 0's
    assert "kaidian" not in kinds(g)


# ---------------------------------------------------------------- R7.2 giving it up
def test_r7_2_leading_only_some_fours_gives_up_for_the_game():
    g = new("3 444 QQQ KK 5", NONE, NONE, NONE, NONE, NONE)
    play(g, 0, "QQQ")
    play(g, 0, "44")                             # a chance, but not all 4s
    assert of_kind(g, "giveup") == [Event("giveup", 0)]
    play(g, 0, "KK")                             # another unanswered pure 够级
    play(g, 0, "4")                              # now all its 4s: too late
    assert "kaidian" not in kinds(g)


def test_r7_2_fours_in_a_response_give_up_for_the_game():
    g = new("33", "3 444 QQQ", NONE, NONE, NONE, NONE)
    play(g, 0, "33")                             # 走牌
    play(g, 1, "44")                             # beats 33 with 4s
    assert of_kind(g, "giveup") == [Event("giveup", 1)]
    assert g.to_act == 1 and g.top is None
    play(g, 1, "QQQ")                            # pure 够级 in force: seat 4 holds cards, five seats do
    assert g.to_act == 1 and g.top is None
    play(g, 1, "4")                              # all its 4s, but given up already
    assert "kaidian" not in kinds(g)


def test_r7_2_no_four_when_play_starts_no_kaidian():
    """第二十七条: seat 0 holds no 4; its pure 够级 stands, but it can never 开点."""
    g = new("33 QQQ", "3", "3", "3", "3", "3")
    play(g, 0, "QQQ")
    assert g.to_act == 0 and g.top is None
    assert all("4" not in a for a in g.legal_actions(0))
    for s in range(5):
        play(g, s, g.hand(s))
    assert g.over
    assert g.result().kaidian == [False] * 6
    assert "kaidian" not in kinds(g)


# ---------------------------------------------------------------- R7.3 自然开点
def test_r7_3_natural_kaidian_declared_then_all_fours():
    g = new("3 44 QQ 5", NONE, NONE, NONE, NONE, NONE, natural=[0])
    assert Event("natural", 0) in g.events
    play(g, 0, "44")
    assert Event("kaidian", 0) in g.events


def test_r7_3_natural_kaidian_at_a_later_lead():
    g = new("3 44 5", "3 4", "3 4", "3 4", "3 4", "3 4", natural=[0])
    play(g, 0, "5")
    assert g.to_act == 0 and g.top is None
    play(g, 0, "44")
    assert Event("kaidian", 0) in g.events


def test_r7_3_not_declared_no_natural_kaidian():
    g = new("3 44 QQ 5", NONE, NONE, NONE, NONE, NONE)
    play(g, 0, "44")
    assert "kaidian" not in kinds(g)
    assert Event("giveup", 0) in g.events


def test_r7_3_natural_needs_all_fours():
    g = new("3 444 QQ 5", NONE, NONE, NONE, NONE, NONE, natural=[0])
    play(g, 0, "44")
    assert "kaidian" not in kinds(g)
    assert Event("giveup", 0) in g.events


def test_r7_3_natural_needs_the_opposite_holding_cards():
    g = new("3 44 QQ 5", NONE, NONE, "", NONE, NONE, natural=[0], places=[None, None, None, 1, None, None])
    play(g, 0, "44")
    assert "kaidian" not in kinds(g)


def test_r7_3_natural_not_after_erke():
    g = new("3 44 QQ 5", "", NONE, NONE, NONE, "", natural=[0], places=[None, 1, None, None, None, 2])
    play(g, 0, "44")
    assert "kaidian" not in kinds(g)


@pytest.mark.parametrize("hand", ["3 44 QQQ", "3 44 KK", "3 44 AA", "3 44 JJJJ", "3 44 TTTTT", "3 4 AAAA 5"])
def test_r7_3_natural_refused_for_a_seat_holding_pure_gouji(hand):
    with pytest.raises(IllegalAction):
        new(hand, NONE, NONE, NONE, NONE, NONE, natural=[0])


@pytest.mark.parametrize("hand", ["3 44 QQ 22", "3 44 TTTT 2", "3 44 JJJ B", "3 44 K A 2 B R",
                                  "3 44 9999999"])
def test_r7_3_natural_allowed_without_pure_gouji(hand):
    g = new(hand, NONE, NONE, NONE, NONE, NONE, natural=[0])
    assert Event("natural", 0) in g.events
