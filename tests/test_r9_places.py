"""R9 — places (R9.1), 串三家 (R9.2), the end of a game (R9.3), 四户乱缠 (R9.4)."""

from __future__ import annotations

from helpers import auto_passed, kinds, new, of_kind, pass_, play

from bot.engine import Event, Ruleset


def _all_walk_out():
    """Every seat holds only 3s; each leads them in turn (接风) and walks out."""
    g = new("33", "3", "3", "3", "3", "3")
    for s in range(5):
        play(g, s, "3" * (2 if s == 0 else 1))
    return g


# ---------------------------------------------------------------- R9.1 places
def test_r9_1_places_by_finishing_order():
    g = _all_walk_out()
    assert g.over
    assert g.places == [1, 2, 3, 4, 5, 6]
    outs = [(e.seat, e.value, e.auto) for e in of_kind(g, "out")]
    assert outs == [(0, 1, False), (1, 2, False), (2, 3, False), (3, 4, False), (4, 5, False), (5, 6, True)]


def test_r9_1_walkers_from_the_top_men_from_the_bottom():
    g = new("3 5", "3 6", "3 4", "3 4", "3 4", "3 4")
    play(g, 0, "5")
    play(g, 1, "6")                            # seat 0 闷: 大落
    play(g, 1, "3")                            # seat 1 walks out: 头科
    assert g.places[0] == 6 and g.places[1] == 1


# ---------------------------------------------------------------- R9.2 串三家
def test_r9_2_chuan_san_ends_at_once():
    g = new("", "3 5", "", "3 5 6", "3", "3", places=[1, None, 2, None, None, None], leader=4)
    play(g, 4, "3")                            # team 0 takes 头科, 二科, 三科
    assert g.over and g.to_act is None
    assert g.chuan_san == 0
    assert Event("chuansan", value=0) in g.events
    # the rest by fewer cards: 5 (1 card), 1 (2), 3 (3)
    assert g.places == [1, 5, 2, 6, 3, 4]
    assert g.result().chuan_san == 0


def test_r9_2_no_chuan_san_when_the_top_three_are_mixed():
    g = _all_walk_out()
    assert g.chuan_san is None
    assert "chuansan" not in kinds(g)


def test_r9_2_chuan_san_when_the_last_seat_is_placed_third():
    """Seats 0 and 2 are 头科 and 二科; seats 1 and 3 were 闷 (大落, 二落). Seat 4 闷s seat 5, the last of
    team 1, so the game ends (R9.3) and seat 4, the only seat left, takes the open place: 三科. Team 0
    then holds 头科, 二科 and 三科: 串三家 (R9.2, 第四条)."""
    g = new("", "", "", "", "3 6", "3 5", places=[1, 6, 2, 5, None, None], leader=5)
    play(g, 5, "5")
    play(g, 4, "6")
    assert g.over
    assert g.places == [1, 6, 2, 5, 3, 4]
    assert g.chuan_san == 0, "team 0 holds places 1, 2 and 3: 串三家"
    assert g.result().team_points == [6, -6]   # ±5, and 闷 +1/−1


# ---------------------------------------------------------------- R9.3 the end
def test_r9_3_game_ends_when_a_team_is_all_out_rest_by_fewer_cards():
    g = new("", "", "3 5 6", "", "3 5", "3", places=[2, 1, None, 3, None, None], leader=5)
    play(g, 5, "3")                            # seat 5, the last of team 1, walks out: 四科
    assert g.over
    assert g.places == [2, 1, 6, 3, 5, 4]      # seat 4 (2 cards) before seat 2 (3 cards)
    assert [(e.seat, e.value, e.auto) for e in of_kind(g, "out")][-2:] == [(4, 5, True), (2, 6, True)]
    assert of_kind(g, "end")


def test_r9_3_ties_in_play_order_from_the_last_leader():
    g = new("", "", "3 6", "", "3 5", "3", places=[2, 1, None, 3, None, None], leader=5)
    play(g, 5, "3")
    # both hold 2 cards; from the last leader (5) the order is 0, 1, 2, 3, 4: seat 2 first
    assert g.places[2] == 5 and g.places[4] == 6


def test_r9_3_game_goes_on_while_both_teams_hold_cards():
    g = new("33", "3", "3", "3", "3", "3")
    for s in range(4):
        play(g, s, "3" * (2 if s == 0 else 1))
        assert not g.over
    play(g, 4, "3")
    assert g.over


# ---------------------------------------------------------------- R9.4 四户乱缠
OUT_1_AND_4 = [None, 1, None, None, 2, None]   # 头科 and 二科 out: four seats hold cards


def test_r9_4_luanchan_begins_with_four_seats_holding_cards():
    g = new("3 5", "", "3 6", "3 7", "", "3 8", places=OUT_1_AND_4)
    assert "luanchan" in kinds(g)


def test_r9_4_luanchan_begins_when_erke_goes_out():
    g = new("33", "", "3 6", "3 7", "3 4", "3 8", places=[None, 1, None, None, None, None])
    assert "luanchan" not in kinds(g)
    play(g, 0, "33")
    assert g.places[0] == 2
    assert kinds(g).index("luanchan") > kinds(g).index("out")


def test_r9_4_no_pass_lock():
    g = new("3 4 5", "", "3 6 9", "3 7", "", "3 4", places=OUT_1_AND_4)
    play(g, 0, "5")
    pass_(g, 2)                                # could play 6 or 9
    play(g, 3, "7")                            # seat 3 is not seat 2's 对家 (5)
    assert g.to_act == 2                       # … yet seat 2 may play again
    assert "play 9" in g.legal_actions(2)


def test_r9_4_no_gouji():
    g = new("3 QQQ 5", "", "3 4 KKK", "3 6", "", "3 6", places=OUT_1_AND_4)
    play(g, 0, "QQQ")
    assert g.to_act == 2                       # a teammate holding a 4 may answer QQQ
    play(g, 2, "KKK")
    assert of_kind(g, "follow")[-1] == Event("follow", 2, "KKK")
    assert not (set(kinds(g)) & {"dadian", "shao"})


def test_r9_4_no_shao_and_no_dadian():
    g = new("3 QQQ 5", "", "3 KKK", "3 AAA 7", "", "3 6", places=OUT_1_AND_4)
    play(g, 0, "QQQ")
    play(g, 2, "KKK")                          # would be 捎 outside 四户乱缠
    play(g, 3, "AAA")
    assert not (set(kinds(g)) & {"dadian", "fandadian", "shao", "fanshao", "jieshao"})
    assert not g.view(0).duty[2]               # no 步步带王


def test_r9_4_no_let():
    g = new("3 4 5", "", "3 4", "3 9", "", "3 4", places=OUT_1_AND_4)
    play(g, 0, "5")
    assert g.to_act == 3
    assert g.legal_actions(3) == ["play 9", "pass"]


def test_r4_4_a_men_leaving_four_seats_ends_gouji_but_not_the_restrictions():
    """Seat 5 is 闷 by seat 0's 2: four seats hold cards from that moment, so seat 0's 2 is no longer
    够级 (R4.4) and seat 1, holding a 4, may answer it — but 二科 is not out, so under ``dagang`` the
    pass lock and 让牌 stay (R9.4)."""
    g = new("3 2 9", "3 4 B", "3 4", "3 4", "", "3 5", places=[None, None, None, None, 1, None], leader=5)
    play(g, 5, "5")
    play(g, 0, "2")
    assert of_kind(g, "men") == [Event("men", 0, "3", target=5, value=6)]
    assert "luanchan" not in kinds(g) and not g.luanchan
    assert not auto_passed(g, 1), "no 够级 once four seats hold cards"
    assert g.to_act == 1
    assert "play B" in g.legal_actions(1)


# Issue 12's positions: 头科 (seat 0) and a 闷 大落 (seat 1) out, four seats hold cards, 二科 not out.
BEFORE_ERKE = [1, 6, None, None, None, None]


def test_r9_4_dagang_pass_lock_holds_until_erke_is_out():
    """第十条: 过牌后，除最后出牌人为对家外，本轮次不得再顺牌 … 当二科产生后，过牌限制自动取消."""
    g = new("", "", "953", "6A3", "773", "K83", leader=2, places=BEFORE_ERKE)
    assert not g.luanchan
    play(g, 2, "5")
    pass_(g, 3)
    play(g, 4, "7")
    play(g, 5, "K")
    assert g.to_act != 3 and auto_passed(g, 3)  # it passed, and K is not its 对家's (seat 0's) play
    assert not any(e.kind == "follow" and e.seat == 3 for e in g.events)


def test_r9_4_dagang_let_is_offered_until_erke_is_out():
    """第十一条 让牌 still applies with four seats holding cards before 二科."""
    g = new("", "", "9K53", "63", "73", "T53", leader=2, places=BEFORE_ERKE)
    play(g, 2, "9")
    assert g.to_act == 5 and auto_passed(g, 3) and auto_passed(g, 4)
    assert "let" in g.legal_actions(5)
    g.act(5, "let")
    assert g.to_act == 5  # its 下家 and 下联 hold nothing that beats 9 (seat 0 is out): it acts again


def test_r14_9_classic_luanchan_still_begins_with_four_seats_holding_cards():
    g = new("", "", "953", "6A3", "773", "K83", leader=2, places=BEFORE_ERKE, rules=Ruleset.preset("classic"))
    assert g.luanchan and "luanchan" in kinds(g)
    play(g, 2, "5")
    pass_(g, 3)
    play(g, 4, "7")
    play(g, 5, "K")
    assert g.to_act == 3 and "play A" in g.legal_actions(3)  # 四户乱缠: no pass lock (R14.9)
