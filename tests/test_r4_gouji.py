"""R4 — 够级牌 (R4.1), 纯够级牌 (R4.2), the big_joker_is_gouji switch (R4.3) and when 够级 is in force
(R4.4)."""

from __future__ import annotations

import pytest
from helpers import auto_passed, kinds, new, of_kind, play

from bot.engine import Ruleset, is_gouji, is_pure_gouji, parse_play

DAGANG = Ruleset.preset("dagang")
BIG_JOKER = Ruleset.preset("dagang", big_joker_is_gouji=True)


@pytest.mark.parametrize("text, expected", [
    # thresholds of 第十二条: 10×5, J×4, Q×3, K×2, A×2
    ("TTTTT", True), ("TTTT", False), ("TTTTTT", True),
    ("JJJJ", True), ("JJJ", False),
    ("QQQ", True), ("QQ", False),
    ("KK", True), ("K", False),
    ("AA", True), ("A", False),
    # attached 2s count towards the threshold
    ("TTTT2", True), ("TTT22", True), ("T2222", True), ("TTT2", False),
    ("JJJ2", True), ("JJ22", True), ("JJ2", False),
    ("QQ2", True), ("Q22", True), ("Q2", False),
    ("K2", True), ("A2", True),
    # base rank 2: any number
    ("2", True), ("22", True), ("2222", True), ("22B", True),
    # a B makes anything 5…2 够级, and B alone
    ("B", True), ("BB", True), ("5B", True), ("55B", True), ("9B", True), ("TB", True), ("2B", True),
    # nothing of rank 9 or lower without a B, whatever its size or 2s
    ("999999", False), ("99999992", False), ("55555555", False), ("5", False),
    ("4444", False), ("4", False), ("333", False),
    # an R makes it not 够级
    ("R", False), ("RR", False), ("BR", False), ("KKR", False), ("KKBR", False), ("2R", False),
    ("TTTTTR", False), ("5BR", False), ("22BR", False),
])
def test_r4_1_gouji_thresholds(text, expected):
    assert is_gouji(parse_play(text), DAGANG) is expected


@pytest.mark.parametrize("text, expected", [
    ("TTTTT", True), ("JJJJ", True), ("QQQ", True), ("KK", True), ("AA", True), ("AAAA", True),
    ("JJJJJ", True),
    ("QQQ2", False), ("QQ2", False), ("QQQB", False), ("TTTT2", False), ("K2", False), ("KKB", False),
    ("2", False), ("22", False), ("B", False), ("BB", False),
    ("TTTT", False), ("QQ", False), ("999", False),
    ("KKR", False),
])
def test_r4_2_pure_gouji(text, expected):
    assert is_pure_gouji(parse_play(text), DAGANG) is expected
    if expected:
        assert is_gouji(parse_play(text), DAGANG)  # pure implies 够级牌


@pytest.mark.parametrize("text", ["R", "RR", "BR", "KKR", "5R", "TTTTTR", "22R", "9R"])
def test_r4_3_big_joker_is_gouji_switch(text):
    assert is_gouji(parse_play(text), BIG_JOKER)
    assert not is_gouji(parse_play(text), DAGANG)


def test_r4_3_switch_changes_nothing_else():
    for text in ("9", "99999", "TTTT", "QQ", "4444", "333"):
        assert not is_gouji(parse_play(text), BIG_JOKER)
    for text in ("QQQ", "2", "B", "55B"):
        assert is_gouji(parse_play(text), BIG_JOKER)


def test_r4_3_lone_r_answered_by_the_opposite_is_dadian_with_switch():
    hands = ["3 R 5", "3 4", "3 4", "3 RR 6", "3 4", "3 4"]
    g = new(*hands, rules=BIG_JOKER)
    play(g, 0, "R")
    play(g, 3, "RR")
    assert "dadian" in kinds(g)
    g2 = new(*hands)                       # dagang: R is not 够级; RR is a plain 大王二杀一
    play(g2, 0, "R")
    play(g2, 3, "RR")
    assert "dadian" not in kinds(g2)
    assert "kill" in kinds(g2)


# ---------------------------------------------------------------- R4.4 in force
def test_r4_4_in_force_only_the_opposite_may_answer():
    """Control for the R4.4 tests below: 对家 holds cards, six seats hold cards."""
    g = new("3 QQQ 5", "3 4 KKK", "3 4", "3 5", "3 4", "3 4")
    play(g, 0, "QQQ")
    assert auto_passed(g, 1)                    # seat 1 holds a 4: it cannot 捎, so it is passed
    assert g.to_act == 0 and g.top is None      # nobody answered: seat 0 leads again


def test_r4_4_not_in_force_once_the_opposite_is_out():
    """头科 out: its 对家's 够级牌 are no longer 够级, so anyone may beat them."""
    g = new("3 QQQ 5", "3 4 KKK", "3 4", "", "3 4", "3 4", places=[None, None, None, 1, None, None])
    play(g, 0, "QQQ")
    assert g.to_act == 1
    assert "play KKK" in g.legal_actions(1)
    play(g, 1, "KKK")
    assert not of_kind(g, "shao")
    assert of_kind(g, "follow")[-1].seat == 1


def test_r4_4_not_in_force_with_fewer_than_five_holding_cards():
    """二科 out (two seats out, four hold cards): nobody's 够级牌 are 够级."""
    g = new("3 QQQ 5", "3 4 KKK", "", "3 5", "", "3 4", places=[None, None, 1, None, 2, None])
    play(g, 0, "QQQ")
    assert g.to_act == 1
    play(g, 1, "KKK")
    assert not of_kind(g, "shao")
    assert not of_kind(g, "dadian")


def test_r4_4_not_in_force_when_the_play_shuts_out_the_opposite():
    """R4.4 + R8.2: seat 0's 2 beats the last non-3 card of its 对家 (seat 3), who is 闷 at once and
    holds no cards: from then on seat 0's 2 is not 够级 in force, so seat 1 (holding a 4, unable
    to 捎) may beat it with an ordinary play."""
    g = new("3 2 6", "3 4 B", "3 4", "3 5", "3 4", "3 4", leader=3)
    play(g, 3, "5")
    play(g, 0, "2")                              # seats 4 and 5 cannot beat a 5
    assert of_kind(g, "men") and of_kind(g, "men")[0].target == 3
    assert g.to_act == 1, "seat 3 is out, so seat 0's 2 is no longer 够级 in force (R4.4)"
    assert "play B" in g.legal_actions(1)
