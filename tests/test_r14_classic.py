"""R14 — the ``classic`` preset (seed 000): 开点 without 4s, 烧牌 with its priority and joker duty,
宣点, 上班, 买三/要三, 冲点, 要头/无头 and 够死级, 串三户 doubled; and the 满贯 switch of R13.3.

Seats 0–5, team 0 = {0, 2, 4}, 对家 of s is s+3; every seat that should go out holds a 3.
"""

from __future__ import annotations

import random

import pytest
from helpers import deal, kinds, new, of_kind, pass_, play

from bot.engine import Game, IllegalAction, Match, Ruleset, double_words

CLASSIC = Ruleset.preset("classic", revolution=False)
CLASSIC_REV = Ruleset.preset("classic")
DAGANG = Ruleset.preset("dagang")


def cards(g: Game) -> int:
    return sum(g.counts()) + sum(g.played) + sum(g.shown) + sum(g.aside)


def finish(g: Game, seed: int = 0) -> None:
    rng = random.Random(seed)
    while not g.over:
        g.act(g.to_act, rng.choice(g.legal_actions(g.to_act)))


def test_r13_2_classic_preset_turns_big_joker_gouji_on_and_round_trips():
    r = Ruleset.preset("classic")
    assert r.big_joker_is_gouji and r.revolution and r.burn_priority and r.luanchan_by_count
    assert not Ruleset.preset("classic", big_joker_is_gouji=False).big_joker_is_gouji
    assert Ruleset.from_dict(r.to_dict()) == r and Ruleset.from_dict(r.to_dict()).name == "classic"
    assert not DAGANG.burn_priority and r != DAGANG


def test_r13_2_classic_is_nothing_but_the_dagang_switches_of_r14():
    """The presets are only defaults: classic equals dagang with the R14 switches on (issue 15)."""
    r14 = dict(kaidian_without_fours=True, burn_priority=True, shangban=True, compulsory_buy_three=True,
               chongdian=True, yaotou=True, chuan_san_hu_double=True, luanchan_by_count=True)
    assert Ruleset.preset("classic") == Ruleset.preset("dagang", **r14, big_joker_is_gouji=True, revolution=True)
    assert Ruleset.preset("classic").changed() == {}
    assert Ruleset.preset("dagang", burn_priority=True).changed() == {"burn_priority": True}


# ---------------------------------------------------------------------------------------------- R14.1 开点


def test_r14_1_a_gouji_play_that_wins_the_lead_opens_without_4s():
    hands = ["3KK5", "36", "37", "38", "39", "3T"]
    g = new(*hands, rules=CLASSIC)
    play(g, 0, "KK")  # nobody can beat it: the round ends and seat 0 leads again
    assert g.to_act == 0 and g.kaidian[0] and of_kind(g, "kaidian")[0].seat == 0
    d = new(*hands, rules=DAGANG)  # the 大纲 wants all 4s led next, and seat 0 holds none
    play(d, 0, "KK")
    play(d, 0, "5")
    assert not d.kaidian[0]


@pytest.mark.parametrize("lead", ["2", "KKB", "R"])
def test_r14_1_jokers_and_a_lone_2_do_not_open(lead):
    g = new("3KKBR25", "36", "37", "38", "39", "3T", rules=CLASSIC)
    play(g, 0, lead)
    assert g.to_act == 0 and not g.kaidian[0]


def test_r14_1_playing_4s_costs_nothing_in_classic():
    g = new("344KK5", "36", "37", "38", "39", "3T", rules=CLASSIC)
    play(g, 0, "44")
    assert "giveup" not in kinds(g)
    play(g, 0, "KK")
    assert g.kaidian[0]


def test_r14_1_a_gouji_play_its_duitou_beats_does_not_open():
    g = new("3KK5", "36", "37", "3AA", "39", "3T", rules=CLASSIC)
    play(g, 0, "KK")
    play(g, 3, "AA")  # 打点
    assert not g.kaidian[0] and "dadian" in kinds(g)


# ---------------------------------------------------------------------------------------------- R14.2 烧牌

BURN = ["3QQQ5", "3KKK5", "3AAA2", "32225", "3KKK5", "3AAA5"]


def test_r14_2_burners_act_before_the_duitou_the_gouji_team_first():
    g = new(*BURN, rules=CLASSIC)
    play(g, 0, "QQQ")
    order = []
    while g.to_act is not None and g.to_act != 0:
        order.append(g.to_act)
        if g.to_act == 3:
            assert "let" not in set(g.legal_actions(3))  # the burners have had their turn
        pass_(g, g.to_act)
    assert order == [2, 4, 1, 5, 3]  # 下联, 上联 (its team), then 下家, 上家, and the 对头 last
    assert g.kaidian[0]


def test_r14_2_a_burn_stands_while_the_burner_holds_the_lead_and_succeeds_when_it_plays_out():
    g = new("3QQQ5", "3KKK5", "3AAAB", "32225", "3KKK5", "3AAA5", rules=CLASSIC)
    play(g, 0, "QQQ")
    play(g, 2, "AAA")  # seat 2 burns its own teammate's 够级 (烧牌优先)
    assert of_kind(g, "shao")[-1].target == 0 and g.burning == (2, 0) and g.view(1).duty[2]
    assert g.to_act == 3  # 222 beats AAA: seat 3 may burn it too (it is not seat 2's 对头)
    pass_(g, 3)
    assert g.to_act == 2  # nobody else can: seat 2 leads, with a joker
    assert set(g.legal_actions(2)) == {"play B"}
    play(g, 2, "B")  # nobody holds a 大王 to beat it
    play(g, 2, "3")  # the lead that empties the hand needs no joker
    assert "shao-ok" in kinds(g) and g.shao_log == [(2, 0)] and g.burning is None
    finish(g)
    items = g.result().items
    assert ("shao", 1) in items[2] and ("shaoed", -1) in items[0]


def test_r14_2_jieshao_beating_a_burners_play_undoes_the_burn():
    g = new("3QQQ5", "3KKK5", "3AAAB", "3222RR5", "3KKK5", "3AAA5", rules=CLASSIC)
    play(g, 0, "QQQ")
    play(g, 2, "AAA")
    pass_(g, 3)
    play(g, 2, "B")
    play(g, 3, "R")  # 解烧 by burning the burner: a 大王 is 够级 here, and seat 3 is not seat 2's 对头
    e = of_kind(g, "jieshao")[-1]
    assert (e.seat, e.target) == (3, 2) and not g.duty[2]
    assert g.burning == (3, 2) and "men" in kinds(g)  # seat 2 held only a 3: 闷 as well
    g = new("3QQQ5", "3KKK5", "3AAA2B6", "32225", "3KKK5", "3AAA5R", rules=CLASSIC)
    play(g, 0, "QQQ")
    play(g, 2, "AAA")
    pass_(g, 3)
    play(g, 2, "6B")
    play(g, 5, "AR")  # 解烧 by the burner's 对头 (打点)
    e = of_kind(g, "jieshao")[-1]
    assert (e.seat, e.target) == (5, 2) and g.burning is None and "dadian" in kinds(g)
    finish(g)
    assert g.shao_log == []


def test_r14_2_every_non_3_lead_of_a_burner_carries_a_joker():
    hands = ["3QQQ5", "3KKK5", "3AAA57B", "32225", "3KKK6", "3AAA6"]
    g = new(*hands, rules=CLASSIC)
    play(g, 0, "QQQ")
    play(g, 2, "AAA")
    pass_(g, 3)
    assert g.to_act == 2
    with pytest.raises(IllegalAction) as err:
        g.act(2, "play 5")
    assert "小王" in err.value.zh and "joker" in err.value.en
    legal = set(g.legal_actions(2))
    assert {"play 5B", "play 7B", "play B"} <= legal and "play 5" not in legal
    play(g, 2, "5B")
    while not of_kind(g, "shao-fail"):  # the round comes back to seat 2, holding a 7 and a 3, no joker
        pass_(g, g.to_act)
    e = of_kind(g, "shao-fail")[-1]
    assert (e.seat, e.target) == (2, 0) and g.places[2] == 6 and g.hand(2) == ""


def test_r14_2_a_jokerless_last_non_3_lead_is_no_way_to_burn_success():
    """The position of issue 12: seat 1 burns KK with AA, leads 9B, and then holds 55 and its 3 with
    no joker. Leading 55 breaks the duty (seeds 000 and 002: only the last lead, the 3s, is free):
    it must be 烧失败, never 烧成功."""
    g = new("KK4443", "AA9B553", "443", "443", "443", "443", rules=CLASSIC)
    play(g, 0, "KK")
    play(g, 1, "AA")
    assert g.burning == (1, 0)
    while g.to_act != 1:
        pass_(g, g.to_act)
    assert "play 55" not in g.legal_actions(1)
    play(g, 1, "9B")
    assert not of_kind(g, "shao-ok")
    e = of_kind(g, "shao-fail")[-1]  # it must lead again and has no lawful lead: 烧失败 at once
    assert (e.seat, e.target) == (1, 0) and g.places[1] == 6 and g.hand(1) == "" and g.burning is None
    finish(g)
    assert g.shao_log == [] and ("shao", 1) not in g.result().items[1]


def test_r14_2_a_burner_without_3s_may_empty_its_hand_with_a_jokerless_lead():
    g = new("3QQQ5", "3KKK5", "AAA7", "32225", "3KKK6", "3AAA6", rules=CLASSIC)
    play(g, 0, "QQQ")
    play(g, 2, "AAA")  # a no-3 seat (already 大落 by 第二十六条) may burn; its last lead empties its hand
    pass_(g, 3)
    assert set(g.legal_actions(2)) == {"play 7"}


def test_r14_2_a_burner_that_cannot_keep_its_duty_fails_and_is_daluo():
    hands = ["3QQQ5", "3KKK5", "3AAA57", "32225", "3KKK6", "3AAA6"]
    g = new(*hands, rules=CLASSIC)
    play(g, 0, "QQQ")
    play(g, 2, "AAA")  # leaves 5 and 7: two plays and no joker
    pass_(g, 3)
    e = of_kind(g, "shao-fail")[-1]
    assert (e.seat, e.target) == (2, 0)
    assert g.places[2] == 6 and g.hand(2) == "" and g.burning is None  # 大落, plays no more
    assert cards(g) == sum(len(h) for h in hands)  # its cards left play unseen (aside)
    assert g.to_act == 3  # the next seat holding cards leads
    finish(g)
    assert g.places[2] == 6 and g.shao_log == []


def test_r14_2_a_seat_that_passed_cannot_burn_later_in_the_round():
    hands = ["3QQQBBB5", "3KKK5", "3AAARRR5", "32225", "3KKK6", "3AAA6"]
    g = new(*hands, rules=CLASSIC)
    play(g, 0, "QQQ")
    for s in (2, 4, 1, 5):
        if g.to_act == s:
            pass_(g, s)
    play(g, 3, "222")  # 打点: a new 够级 play; seat 2 could beat it with RRR but has passed
    assert of_kind(g, "dadian")[-1].seat == 3
    assert g.to_act == 0  # straight to seat 3's 对头 for 反打点


def test_r14_2_burning_needs_no_3_and_may_hold_4s():
    g = new("3QQQ5", "3KKK5", "44AAA5", "32225", "3KKK6", "3AAA6", rules=CLASSIC)
    play(g, 0, "QQQ")
    assert "play AAA" in set(g.legal_actions(2))  # under 第十六条 the 4s (and no 3) would forbid it
    d = new("3QQQ5", "3KKK5", "44AAA5", "32225", "3KKK6", "3AAA6", rules=DAGANG)
    play(d, 0, "QQQ")
    assert d.to_act != 2


# ---------------------------------------------------------------------------------------------- R14.3 宣点


def test_r14_3_xuandian_opens_by_leading_all_4s():
    g = Game.from_hands(["3445", "36", "37", "38", "39", "3T"], leader=0, rules=CLASSIC, natural=[0])
    assert of_kind(g, "natural")[0].seat == 0
    play(g, 0, "44")
    assert g.kaidian[0]


# ---------------------------------------------------------------------------------------------- R14.4 上班

SUITS = ["SSH", "CCCD", "SSDD", "HHC", "D", "H"]
FOURS = {s: {"4": len(x)} for s, x in enumerate(SUITS)}


def shangban_match(dealer: int) -> Match:
    return Match.from_deal(deal(FOURS), leader=dealer, rules=CLASSIC, suits=SUITS, shangban=True)


def answer_shangban(m: Match, show) -> list[int]:
    asked = []
    while m.phase == "shangban":
        seat = m.to_act
        asked.append(seat)
        m.act(seat, "shangban" if show(seat) else "no-shangban")
    return asked


def test_r14_4_the_most_4s_of_one_suit_leads():
    m = shangban_match(dealer=2)
    assert answer_shangban(m, lambda s: True) == [2, 3, 0, 1]  # from the dealer; seats 4 and 5 hold one 4
    assert m.leader == 1 and of_kind_m(m, "shangban-lead")[-1].value == 3


def test_r14_4_on_a_tie_the_first_to_show_from_the_dealer_leads():
    m = shangban_match(dealer=2)
    answer_shangban(m, lambda s: s != 1)
    assert m.leader == 2
    m = shangban_match(dealer=3)
    answer_shangban(m, lambda s: s != 1)
    assert m.leader == 3


def test_r14_4_if_nobody_shows_the_lot_stands():
    m = shangban_match(dealer=4)
    answer_shangban(m, lambda s: False)
    assert m.leader == 4 and "shangban-none" in [e.kind for e in m.events]


def test_r14_4_shangban_only_when_the_leader_was_drawn_by_lot_and_only_in_classic():
    m = Match.new(seed=3, rules=CLASSIC)
    assert m.phase == "shangban" or "shangban-none" in [e.kind for e in m.events]
    d = Match.new(seed=3, rules=DAGANG)
    assert d.phase != "shangban" and not any(e.kind.startswith("shangban") for e in d.events)
    assert Match.from_deal(deal(FOURS), leader=2, rules=CLASSIC, suits=SUITS).phase != "shangban"


def test_r14_4_suits_are_four_of_each_and_follow_the_4s_dealt():
    m = Match.new(seed=11, rules=CLASSIC)
    assert sorted("".join(m.suits)) == sorted("SHCD" * 4)
    assert [len(x) for x in m.suits] == [h[4] for h in m.dealt]


def of_kind_m(m: Match, kind: str):
    return [e for e in m.events if e.kind == kind]


# ---------------------------------------------------------------------------------------------- R14.5 买三/要三


def test_r14_5_a_seat_without_3_must_buy_one_from_its_duijia():
    m = Match.from_deal(deal({0: {"3": 0, "2": 2, "B": 0, "R": 0}, 3: {"3": 3}}), leader=0, rules=CLASSIC)
    assert m.to_act == 0 and m.legal_actions(0) == ["buy3 2"]  # no "no-buy": 买三 is a must
    m.act(0, "buy3 2")
    sale = of_kind_m(m, "buy-accept")[-1]
    assert (sale.seat, sale.target) == (3, 0)
    assert m.hands[0][3] == 1 and m.hands[3][3] == 2 and m.hands[3][15] >= 1


def test_r14_5_else_from_the_duijias_team():
    wishes = {0: {"3": 0, "2": 1, "B": 0, "R": 0}, 3: {"3": 1}, 1: {"3": 2}}
    m = Match.from_deal(deal(wishes), leader=0, rules=CLASSIC)
    m.act(0, "buy3 2")
    assert of_kind_m(m, "buy-accept")[-1].seat == 1 and m.hands[0][3] == 1


def test_r14_5_else_it_asks_its_own_team():
    wishes = {0: {"3": 0, "2": 1, "B": 0, "R": 0}, 3: {"3": 1}, 1: {"3": 1}, 5: {"3": 1}, 4: {"3": 2}}
    m = Match.from_deal(deal(wishes), leader=0, rules=CLASSIC)
    ask = of_kind_m(m, "ask3")[-1]
    assert (ask.seat, ask.target) == (4, 0) and m.hands[0][3] == 1 and m.hands[4][3] == 1


def test_r14_5_no_3_and_nothing_to_pay_is_revolution_at_once():
    m = Match.from_deal(deal({0: {"3": 0, "2": 0, "B": 0, "R": 0}}), leader=1, rules=CLASSIC_REV)
    assert of_kind_m(m, "revolt-auto")[-1].seat == 0
    while m.phase != "play":
        assert not (m.to_act == 0 and m.queue[0]["kind"] == "revolt")  # not asked: it is in 革命 already
        m.act(m.to_act, m.default_action(m.to_act))
    assert m.game is not None and m.game.revolt == 0


# ---------------------------------------------------------------------------------------------- R14.6 冲点

CHONG = ["3AAAKKQQQ", "3KKK5", "3556", "3222AAKKK", "37", "38"]


def chong_game(yaotou: bool = True) -> Game:
    return Game.from_hands(CHONG, leader=1, rules=CLASSIC_REV, revolt=0, chongdian=["AAA", "KK", "QQQ"],
                           yaotou=yaotou)


def test_r14_6_the_duijia_beats_all_three_sets_and_opens():
    g = chong_game()
    assert g.to_act == 3 and g.top is not None and str(g.top[1]) == "AAA" and g.hand(0) == ""
    play(g, 3, "222")
    play(g, 3, "AA")
    play(g, 3, "KKK")
    assert g.kaidian[3] and not g.kaidian[0] and g.chong == []
    assert g.to_act == 1 and g.top is None  # the game begins with its leader
    assert cards(g) == sum(len(h) for h in CHONG)


def test_r14_6_buda_or_no_answer_and_the_revolution_seat_opens():
    g = chong_game()
    pass_(g, 3)  # 不打
    assert g.kaidian[0] and not g.kaidian[3] and g.to_act == 1
    g = chong_game()
    play(g, 3, "222")
    play(g, 3, "AA")  # the third set, QQQ, only KKK beats: give it no KKK
    g2 = Game.from_hands(["3AAAKKQQQ", "3KKK5", "3556", "3222AA", "37KKK", "38"], leader=1, rules=CLASSIC_REV,
                         revolt=0, chongdian=["AAA", "KK", "QQQ"], yaotou=False)
    play(g2, 3, "222")
    play(g2, 3, "AA")
    assert g2.kaidian[0] and g2.to_act == 1  # seat 3 could not beat QQQ: passed for it


def test_r14_6_the_chongdian_pair_is_scored():
    g = chong_game()
    pass_(g, 3)
    finish(g)
    items = g.result().items
    assert ("kaidian", 1) in items[0] and ("no-kaidian", -1) in items[3]


def test_r14_6_chongdian_needs_classic_a_revolution_and_three_gouji_sets():
    with pytest.raises(ValueError):
        Game.from_hands(CHONG, leader=1, rules=DAGANG, revolt=0, chongdian=["AAA", "KK", "QQQ"])
    with pytest.raises(ValueError):
        Game.from_hands(CHONG, leader=1, rules=CLASSIC_REV, revolt=0, chongdian=["AAA", "KK"])
    with pytest.raises(ValueError):
        Game.from_hands(CHONG, leader=1, rules=CLASSIC_REV, revolt=0, chongdian=["AAA", "KK", "QQ"])


def test_r14_6_the_match_offers_chongdian_to_a_revolution_seat_with_three_gouji_ranks():
    wishes = {0: {"3": 2, "2": 0, "B": 0, "R": 0, "A": 3, "K": 2, "Q": 3, "J": 0, "T": 0}}
    m = Match.from_deal(deal(wishes), leader=1, rules=CLASSIC_REV)
    while m.phase != "play" and not (m.queue and m.queue[0]["kind"] == "chongdian"):
        seat = m.to_act
        m.act(seat, "revolt" if seat == 0 and m.queue[0]["kind"] == "revolt" else m.default_action(seat))
    assert m.to_act == 0 and m.legal_actions(0) == ["chongdian AKQ", "no-chongdian"]
    m.act(0, "chongdian AKQ")
    assert m.to_act == 3 and m.legal_actions(3) == ["yaotou", "wutou"]
    m.act(3, "wutou")
    while m.phase != "play":
        m.act(m.to_act, m.default_action(m.to_act))
    g = m.game
    assert g is not None and g.chongdian and g.head == 3 and g.sijiji == 0
    assert of_kind(g, "chongdian")[0].play == "AAA KK QQQ"


# ---------------------------------------------------------------------------------------------- R14.7 要头/无头

HEAD = ["3KKK", "35", "3AA6", "3KKQQQ5", "3AAAA6", "36"]


def head_game(yaotou: bool) -> Game:
    return Game.from_hands(HEAD, leader=3, rules=CLASSIC_REV, revolt=0, yaotou=yaotou)


def test_r14_7_yaotou_makes_the_first_three_gouji_plays_sijiji_answered_only_by_burning():
    g = head_game(True)
    assert of_kind(g, "yaotou")[0].seat == 3 and g.head == 3
    play(g, 3, "KK")
    assert of_kind(g, "sijiji")[-1].value == 1 and g.top_gouji
    assert g.to_act == 4  # the burn window: seat 3's team (5, 1) cannot beat it, then 4
    play(g, 4, "AA")
    assert of_kind(g, "shao")[-1].seat == 4


def test_r14_7_wutou_plays_are_free_and_the_head_answers_anyone():
    g = head_game(False)
    assert of_kind(g, "wutou")[0].seat == 3
    play(g, 3, "KK")
    assert not g.top_gouji and "sijiji" not in kinds(g)
    play(g, 4, "AA")
    assert "shao" not in kinds(g)  # an ordinary answer: nothing to burn
    g = Game.from_hands(["3KKK", "35", "3AA6", "3KKKK5", "3QQQ6", "36"], leader=4, rules=CLASSIC_REV, revolt=0,
                        yaotou=False)
    play(g, 4, "QQQ")  # 够级 in force (seat 1 holds cards), and seat 3 is not its 对头
    play(g, 3, "KKK")
    assert "shao" not in kinds(g) and g.burning is None


def test_r14_7_after_three_sijiji_the_head_is_wutou():
    g = Game.from_hands(["3KKK", "3555", "3666", "3KKQQQJJJJ", "3777", "3888"], leader=3, rules=CLASSIC_REV,
                        revolt=0, yaotou=True)
    for lead in ("KK", "QQQ", "JJJJ"):
        play(g, 3, lead)
        while g.to_act != 3:
            pass_(g, g.to_act)
    assert [e.value for e in of_kind(g, "sijiji")] == [1, 2, 3] and g.sijiji == 0
    assert not g.kaidian[3]  # its pair is settled by 冲点 or left out (decision 29)


# ---------------------------------------------------------------------------------------------- R14.8 串三户


def chuansan(rules: Ruleset) -> Game:
    g = Game.from_hands(["", "35", "", "36", "3", "37"], leader=4, rules=rules, places=[1, None, 2, None, None, None])
    play(g, 4, "3")
    assert g.over and g.chuan_san == 0
    return g


def test_r14_8_chuansanhu_doubles_the_games_points():
    assert chuansan(CLASSIC).result().team_points == [10, -10]
    assert chuansan(CLASSIC).result().multiplier == 2
    assert chuansan(DAGANG).result().team_points == [5, -5]


def test_r14_8_after_chuansanhu_only_the_losers_pay_one_card_each():
    prev = {"places": [1, 4, 2, 5, 3, 6], "kaidian": [True, False, True, True, False, True], "shao": [[1, 0]],
            "men": [[2, 3]], "chuan_san": 0, "revolt": None, "no3": [], "seat_points": [0] * 6,
            "team_points": [5, -5]}
    m = Match.from_deal(deal(), leader=0, rules=CLASSIC, previous=prev)
    tags = {e.tag for e in m.events if e.kind in ("tribute", "mian", "tribute-skip")}
    assert tags == {"对头贡"}
    payers = sorted(e.seat for e in m.events if e.kind == "tribute")
    assert payers == [1, 3, 5]


# ---------------------------------------------------------------------------------------------- R14.9 四户乱缠


def test_r14_9_a_burn_in_progress_ends_undecided_in_siluanchan():
    # seat 0's 够级 AA is burned by seat 2 and 0 is 闷 (only 3s left); seats 0, 1 out → four hold cards
    g = Game.from_hands(["3AA", "", "3222B", "36", "3KKK", "37"], leader=0, rules=CLASSIC,
                        places=[None, 1, None, None, None, None])
    play(g, 0, "AA")
    play(g, 2, "22")
    assert g.luanchan and g.burning is None and "shao" in kinds(g) and "men" in kinds(g)
    finish(g)
    assert g.shao_log == []


# ---------------------------------------------------------------------------------------------- 满贯


def slam(rules: Ruleset) -> Game:
    g = Game.from_hands(["35", "3K", "3Q", "3J", "3T", "39"], leader=0, rules=rules)
    play(g, 0, "5")
    while g.to_act != 0:
        pass_(g, g.to_act)
    play(g, 0, "3")
    return g


def test_r13_3_grand_slam_ends_the_game_as_chuansan_doubled():
    g = slam(Ruleset.preset("dagang", grand_slam=True))
    assert g.over and "grandslam" in kinds(g) and g.grand_slam == 0
    assert g.places[0] == 1 and {g.places[2], g.places[4]} == {2, 3} and g.chuan_san == 0
    r = g.result()
    assert r.multiplier == 2 and r.team_points == [10, -10] and r.grand_slam == 0
    assert double_words(r.multiplier, r.grand_slam)[0].startswith("满贯")
    assert double_words(2, None)[0].startswith("串三户") and double_words(1, None) is None
    assert slam(Ruleset.preset("classic", grand_slam=True, suffocation=True)).result().team_points == [10, -10]


def test_r13_3_no_grand_slam_when_anyone_else_played_or_the_switch_is_off():
    assert "grandslam" not in kinds(slam(DAGANG))
    g = Game.from_hands(["355", "3K", "3Q", "3J", "3T", "39"], leader=0, rules=Ruleset.preset(grand_slam=True))
    play(g, 0, "5")
    play(g, 1, "K")
    while g.to_act is not None and g.to_act != 1:
        pass_(g, g.to_act)
    assert "grandslam" not in kinds(g)


# ---------------------------------------------------------------------------------------------- JSON


def test_classic_state_round_trips_mid_burn_and_mid_chongdian():
    g = new(*BURN, rules=CLASSIC)
    play(g, 0, "QQQ")
    play(g, 2, "AAA")
    h = Game.from_json(g.to_json())
    assert h.to_json() == g.to_json() and h.burning == (2, 0)
    c = chong_game()
    play(c, 3, "222")
    d = Game.from_json(c.to_json())
    assert d.to_json() == c.to_json() and d.chong == ["QQQ"]
    play(d, 3, "AA")
    play(c, 3, "AA")
    assert d.to_json() == c.to_json()


def test_action_kind_tells_burns_from_answers():
    g = new(*BURN, rules=CLASSIC)
    play(g, 0, "QQQ")
    legal = g.legal_actions(2)
    assert legal.kind("play AAA") == "shao" and legal.kind("pass") == "pass" and legal.kind("play KKK") is None
    g = Game.from_hands(["3KKK", "35", "3AA6", "3KKKK5", "3QQQ6", "36"], leader=4, rules=CLASSIC_REV, revolt=0,
                        yaotou=False)
    play(g, 4, "QQQ")
    assert g.legal_actions(3).kind("play KKK") == "follow"  # 无头: an ordinary answer, not a burn
    assert g.action_kind(0, "play KKK") is None


def test_r5_4_classic_let_on_the_duijias_gouji_is_refused_for_the_real_reason():
    """Decision 30: no 让牌 on a 够级 play in force in classic — and the refusal says why (the burners
    have been asked; only the 对头 answers), not that the play is not the 对家's (issue 12)."""
    g = new("3QQQ5", "3KK55", "3JJ5", "3AAA5", "3996", "3TT6", rules=CLASSIC)
    play(g, 0, "QQQ")
    assert g.to_act == 3 and "let" not in g.legal_actions(3)
    with pytest.raises(IllegalAction) as err:
        g.act(3, "let")
    assert "只能让对家" not in err.value.zh and "对头" in err.value.zh and "对头" in err.value.en


@pytest.mark.parametrize("rules", [DAGANG, CLASSIC_REV], ids=["dagang", "classic"])
def test_r5_4_let_is_offered_exactly_when_it_is_accepted(rules):
    """One piece of code decides both whether 让 is offered and why it is refused (issue 12)."""
    for seed in range(12):
        g = Game.deal(seed, rules)
        rng = random.Random(seed)
        while not g.over:
            seat = g.to_act
            legal = g.legal_actions(seat)
            assert ("let" in legal) == g.is_legal(seat, "let")
            if g.top is not None and g.top[0] == (seat + 3) % 6 and "let" not in legal:
                with pytest.raises(IllegalAction) as err:
                    g.act(seat, "let")
                assert "只能让对家" not in err.value.zh  # it is the 对家's play: the reason is another
            g.act(seat, rng.choice(legal))
