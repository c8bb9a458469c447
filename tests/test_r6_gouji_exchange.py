"""R6 — 打点 (R6.1), 反打点 (R6.2), 捎/烧牌 and its conditions (R6.3), 步步带王 (R6.4),
解捎/反捎/new 捎 (R6.5)."""

from __future__ import annotations

import pytest
from helpers import actions, auto_passed, kinds, new, of_kind, pass_, play, refused

from bot.engine import Event

NOTHING = "3 4"   # a seat that can neither beat anything above 4 nor 捎 (it holds a 4)


# ---------------------------------------------------------------- R6.1 打点
def test_r6_1_only_the_opposite_may_dadian():
    g = new("3 4 QQQ 5", "3 4 KKK", "3 4 AAA", "3 KKK 6", NOTHING, NOTHING)
    play(g, 0, "QQQ")
    # seats 1 and 2 hold plays that beat QQQ by strength, but QQQ is 够级 in force and they
    # cannot 捎 (they hold a 4): they are passed; seat 3, the 对家, may 打点.
    assert auto_passed(g, 1) and auto_passed(g, 2)
    assert g.to_act == 3
    assert "play KKK" in g.legal_actions(3)
    play(g, 3, "KKK")
    assert Event("dadian", 3, target=0) in g.events
    assert g.hand(1) == "34KKK" and g.hand(2) == "34AAA"


def test_r6_1_opposite_may_dadian_after_passing():
    """The 对家 may 打点 even if it passed earlier in the round (对家牌不过)."""
    g = new("3 4 2 9", "3 4 5", NOTHING, "3 6 B", NOTHING, NOTHING, leader=1)
    play(g, 1, "5")
    pass_(g, 3)                          # could play 6 or B
    play(g, 0, "2")                      # 够级 in force by seat 3's 对家
    assert g.to_act == 3
    assert "play B" in g.legal_actions(3)
    play(g, 3, "B")
    assert Event("dadian", 3, target=0) in g.events


def test_r6_1_teammate_of_gouji_seat_may_not_answer_except_by_shao():
    # seat 2 (teammate of 0) holds AAA and a 4: cannot 捎, so cannot answer QQQ at all
    g = new("3 4 QQQ 5", NOTHING, "3 4 AAA", NOTHING, NOTHING, NOTHING)
    play(g, 0, "QQQ")
    assert auto_passed(g, 2)
    assert g.to_act == 0 and g.top is None


# ---------------------------------------------------------------- R6.2 反打点
def test_r6_2_fan_dadian_and_again():
    g = new("3 4 QQQ AAA 5", NOTHING, NOTHING, "3 KKK 222 6", NOTHING, NOTHING)
    play(g, 0, "QQQ")
    play(g, 3, "KKK")
    play(g, 0, "AAA")
    play(g, 3, "222")
    ex = [(e.kind, e.seat, e.target) for e in g.events if e.kind in ("dadian", "fandadian")]
    assert ex == [("dadian", 3, 0), ("fandadian", 0, 3), ("fandadian", 3, 0)]
    assert g.to_act == 3 and g.top is None


# ---------------------------------------------------------------- R6.3 捎 conditions
@pytest.mark.parametrize("hand, allowed", [
    ("3 KKK", True),              # only 3s left
    ("KKK B", False),             # (一) no 3
    ("3 4 KKK BB", False),        # (二) holds a 4 (jokers would be enough)
    ("3 KKK 5 B", True),          # (三) 1 joker ≥ 1 rank (5)
    ("3 KKK 5", False),           # 0 jokers < 1 rank
    ("3 KKK 5 6 B", False),       # 1 joker < 2 ranks
    ("3 KKK 5 6 B R", True),      # 2 jokers ≥ 2 ranks (5, 6): jokers are not counted as ranks
    ("3 KKK 55 66 B R", True),    # distinct ranks, not cards
    ("3 KKK 555 6 B", False),     # 1 joker < 2 ranks
    ("3 KKK 22", True),           # 2s are not counted
    ("3 KKK 2 5 B", True),        # 2s are not counted: 1 joker ≥ 1 rank
    ("33 KKK 2", True),           # 3s are not counted
])
def test_r6_3_shao_conditions(hand, allowed):
    g = new("3 4 QQQ 5", hand, NOTHING, NOTHING, NOTHING, NOTHING)
    play(g, 0, "QQQ")
    if allowed:
        assert g.to_act == 1
        assert "play KKK" in g.legal_actions(1)
        play(g, 1, "KKK")
        assert Event("shao", 1, target=0) in g.events
    else:
        assert g.to_act != 1
        assert auto_passed(g, 1)
        assert "shao" not in kinds(g)


def test_r6_3_conditions_are_checked_after_the_play():
    # KKK leaves 5 and B (1 ≥ 1): allowed; KKB leaves K and 5 with no joker: not allowed.
    g = new("3 4 QQQ 5", "3 KKK 5 B", NOTHING, NOTHING, NOTHING, NOTHING)
    play(g, 0, "QQQ")
    assert g.legal_actions(1) == ["play KKK", "pass"]
    refused(g, 1, "play KKB")


def test_r6_3_teammate_may_shao():
    g = new("3 4 QQQ 5", NOTHING, "3 AAA", NOTHING, NOTHING, NOTHING)
    play(g, 0, "QQQ")
    assert g.to_act == 2
    play(g, 2, "AAA")
    assert Event("shao", 2, target=0) in g.events


def test_r6_3_seat_that_passed_may_not_shao():
    g = new("3 4 5 9", "3 R", "3 4 2", NOTHING, NOTHING, NOTHING)
    play(g, 0, "5")
    pass_(g, 1)                           # could play R, passes
    n = len(g.events)
    play(g, 2, "2")                       # 够级 in force (2's 对家 seat 5 holds cards)
    assert auto_passed(g, 1, n)           # R would satisfy the conditions, but seat 1 passed
    assert "shao" not in kinds(g)
    assert g.to_act == 2 and g.top is None


def test_r6_3_same_seat_unpassed_may_shao():
    """Control for the test above: without the pass, seat 1 捎s the 2 with its R."""
    g = new("3 4 2 9", "3 R", NOTHING, NOTHING, NOTHING, NOTHING)
    play(g, 0, "2")
    assert g.to_act == 1
    play(g, 1, "R")
    assert Event("shao", 1, target=0) in g.events


# ---------------------------------------------------------------- R6.4 步步带王
def _shao_then_lead(hand1: str):
    """Seat 0 leads QQQ, seat 1 捎s it with KKK, nobody answers: seat 1 leads the next round."""
    g = new("3 4 QQQ 9", hand1, "3 4 6", "3 4 7", "3 4 8", "3 4 6")
    play(g, 0, "QQQ")
    play(g, 1, "KKK")
    assert Event("shao-stands", 1, target=0) in g.events
    assert g.to_act == 1 and g.top is None
    return g


def test_r6_4_bu_bu_dai_wang_lead_must_carry_a_joker():
    g = _shao_then_lead("3 KKK 5 B 22")
    assert actions(g, 1) == {"play 5B", "play 52B", "play 522B", "play 2B", "play 22B", "play B"}
    for bad in ("play 5", "play 52", "play 22", "play 2"):
        refused(g, 1, bad)


def test_r6_4_duty_holds_for_every_lead_not_just_the_first():
    g = _shao_then_lead("3 KKK 5 6 B R")
    play(g, 1, "5B")
    # nobody answers 5B (seat 4, the 对家, has only 8; the others hold a 4): seat 1 leads again
    assert g.to_act == 1 and g.top is None
    assert actions(g, 1) == {"play 6R", "play R"}


def test_r6_4_leads_freely_without_a_joker():
    g = _shao_then_lead("3 KKK 22")
    assert actions(g, 1) == {"play 2", "play 22"}


def test_r6_4_duty_ends_when_dadian_by_its_opposite():
    g = new("3 4 QQQ 9", "3 KKK 5 6 B R 22", NOTHING, NOTHING, "33 6R", NOTHING)
    play(g, 0, "QQQ")
    play(g, 1, "KKK")                     # 捎: leaves 5 6 22 B R (2 jokers ≥ 2 ranks)
    assert g.to_act == 1 and g.top is None
    assert "play 5" not in g.legal_actions(1)
    play(g, 1, "5B")                      # under the duty
    play(g, 4, "6R")                      # its 对家 打点s it: the duty ends
    assert Event("dadian", 4, target=1) in g.events
    play(g, 4, "33")                      # seat 4 goes out (头科); five seats still hold cards
    play(g, 1, "22")                      # seat 1 beats 33 and wins the lead
    assert g.to_act == 1 and g.top is None
    assert "play 6" in g.legal_actions(1)  # free lead: the duty has ended


def test_r6_4_duty_ends_when_the_shao_seat_is_shaoed():
    g = new("3 4 QQQ 9", "3 KKK 22 5 B", "3 AAA 5 B", NOTHING, NOTHING, NOTHING)
    play(g, 0, "QQQ")
    play(g, 1, "KKK")
    play(g, 2, "AAA")                     # a third seat 捎s the 捎 seat
    assert g.view(0).duty[1] is False
    assert g.view(0).duty[2] is True
    assert g.to_act == 2 and g.top is None
    assert actions(g, 2) == {"play 5B", "play B"}


def test_r6_4_duty_ends_when_killed_by_two_reds():
    g = new("3 4 QQQ 9", "3 KKK 5 R", "3 4 RR", NOTHING, NOTHING, NOTHING)
    play(g, 0, "QQQ")
    play(g, 1, "KKK")
    assert g.view(0).duty[1] is True
    play(g, 1, "R")
    play(g, 2, "RR")                      # 大王二杀一
    assert "kill" in kinds(g)
    assert g.view(0).duty[1] is False


# ---------------------------------------------------------------- R6.5 解捎, 反捎, new 捎
def test_r6_5_jieshao_by_the_shao_seats_opposite():
    g = new("3 4 QQQ 9", "3 KKK 22", NOTHING, NOTHING, "3 4 AAA", NOTHING)
    play(g, 0, "QQQ")
    play(g, 1, "KKK")
    play(g, 4, "AAA")                     # seat 4 is seat 1's 对家
    assert Event("dadian", 4, target=1) in g.events
    assert Event("jieshao", 4, target=1) in g.events
    assert g.to_act == 4 and g.top is None
    assert "shao-stands" not in kinds(g)


def test_r6_5_jieshao_by_another_seat_beating_a_non_gouji_shao_play():
    g = new("3 4 2 9", "3 R 22", "3 4 RR", NOTHING, NOTHING, NOTHING)
    play(g, 0, "2")
    play(g, 1, "R")                       # 捎 with R: the 捎 play is not 够级
    assert Event("shao", 1, target=0) in g.events
    play(g, 2, "RR")                      # seat 2 (not the 对家 of 1) beats it
    assert Event("jieshao", 2, target=1) in g.events
    assert g.to_act == 2 and g.top is None
    assert "shao-stands" not in kinds(g)


def test_r6_5_fanshao_and_fanshao_again():
    g = new("3 QQQ AAA", "3 KKK 222", NOTHING, NOTHING, NOTHING, NOTHING)
    play(g, 0, "QQQ")
    play(g, 1, "KKK")
    play(g, 0, "AAA")                     # the 捎ed seat beats the 捎 play back: 反捎
    play(g, 1, "222")                     # … and back again
    ex = [(e.kind, e.seat, e.target) for e in g.events if e.kind in ("shao", "fanshao", "shao-stands", "men")]
    assert ex == [("shao", 1, 0), ("fanshao", 0, 1), ("fanshao", 1, 0), ("men", 1, 0), ("shao-stands", 1, 0)]


def test_r6_5_fanshao_needs_the_shao_conditions():
    # seat 0 could beat KKK with AAA but holds a 4: no 反捎
    g = new("3 4 QQQ AAA", "3 KKK 22", NOTHING, NOTHING, NOTHING, NOTHING)
    play(g, 0, "QQQ")
    play(g, 1, "KKK")
    assert auto_passed(g, 0)
    assert "fanshao" not in kinds(g)
    assert Event("shao-stands", 1, target=0) in g.events


def test_r6_5_third_seat_starts_a_new_shao_and_only_one_stands():
    g = new("3 4 QQQ 9", "3 KKK 22", "3 AAA 5 B", NOTHING, NOTHING, NOTHING)
    play(g, 0, "QQQ")
    play(g, 1, "KKK")
    play(g, 2, "AAA")
    wanted = ("shao", "fanshao", "jieshao", "shao-stands")
    ex = [(e.kind, e.seat, e.target) for e in g.events if e.kind in wanted]
    assert ex == [("shao", 1, 0), ("shao", 2, 1), ("shao-stands", 2, 1)]


def test_r6_5_one_standing_shao_per_round_recorded_each_round():
    """Two rounds, each with a standing 捎: both are recorded (R6.5, 第三十三条)."""
    g = new("3 4 QQQ 9", "3 KKK B 5 22", "3 4 6", "3 4 7", "3 4 8", "3 6R")
    play(g, 0, "QQQ")
    play(g, 1, "KKK")
    assert of_kind(g, "shao-stands") == [Event("shao-stands", 1, target=0)]
    play(g, 1, "5B")                      # under the duty; 5B is 够级 in force
    play(g, 5, "6R")                      # seat 5 (not seat 1's 对家) 捎s it: only 3s left
    assert Event("shao", 5, target=1) in g.events
    assert g.to_act == 5 and g.top is None
    assert of_kind(g, "shao-stands") == [Event("shao-stands", 1, target=0), Event("shao-stands", 5, target=1)]
