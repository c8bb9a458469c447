"""R13.1 the 大纲's defaults, and R13.3 switches of seed 002 that any table may set: 阵营战 (teammate_peek)
and 窒息 (suffocation)."""

from __future__ import annotations

from helpers import deal

from bot.engine import Game, Match, Ruleset

PEEK = Ruleset.preset("dagang", teammate_peek=True)
SUFFOCATION = Ruleset.preset("dagang", suffocation=True)


def test_r13_1_dagang_leaves_revolution_out_and_a_table_may_turn_it_on():
    """第四十四条: the 大纲 does not cover a seat that becomes 三科/四科 for want of tribute cards (革命)."""
    assert not Ruleset.preset("dagang").revolution and Ruleset() == Ruleset.preset("dagang")
    assert Ruleset.preset("dagang", revolution=True).revolution
    assert Ruleset.preset("classic").revolution  # seed 000 plays 革命 (R14.5, R14.6)
    assert Ruleset.from_dict(Ruleset.preset("dagang").to_dict()) == Ruleset.preset("dagang")
    hands = deal({0: {"2": 0, "B": 0, "R": 0}})  # seat 0 is dealt no 2 or joker
    for rules, offered in ((Ruleset.preset("dagang"), False), (Ruleset.preset("dagang", revolution=True), True)):
        m = Match.from_deal(hands, leader=0, rules=rules, seed=1)
        asked = False
        while m.phase != "play":
            seat = m.to_act
            asked |= "revolt" in m.legal_actions(seat)
            m.act(seat, m.default_action(seat))
        assert asked == offered


def test_r13_3_teammate_peek_shows_a_teammate_hand_of_fewer_than_ten_cards():
    hands = ["3TJQKA2", "3" + "5" * 10, "33KK", "3" + "6" * 10, "3" + "7" * 12, "3" + "8" * 10]
    g = Game.from_hands(hands, leader=0, rules=PEEK)
    v = g.view(0)
    assert v.peek == {2: g.hand(2)}  # seat 4 (a teammate) holds 13: not shown; opponents never
    assert Game.from_hands(hands, leader=0).view(0).peek == {}  # off by default
    assert g.view(1).peek == {}  # seats 3 and 5 hold 11 each


def test_r13_3_suffocation_makes_a_seat_that_never_played_dalu_when_touke_goes_out():
    # seat 0 leads its 5, nobody can answer, then it leads its 3s and is 头科; seats 1–5 never played
    g = Game.from_hands(["35", "3K", "3Q", "3J", "3T", "39"], leader=0, rules=SUFFOCATION)
    g.act(0, "play 5")
    assert g.to_act is not None
    while g.to_act != 0:
        g.act(g.to_act, "pass")
    g.act(0, "play 3")
    assert g.places[0] == 1
    suffocated = [e.seat for e in g.events if e.kind == "suffocate"]
    assert suffocated and all(g.places[s] >= 2 for s in suffocated)
    assert g.over and sorted(g.places) == [1, 2, 3, 4, 5, 6]
    assert sum(g.counts()) == 0 and sum(g.aside) == 2 * len(suffocated)  # their cards left play unseen


def test_r13_3_without_suffocation_the_others_play_on():
    g = Game.from_hands(["35", "3K", "3Q", "3J", "3T", "39"], leader=0)
    g.act(0, "play 5")
    while g.to_act != 0:
        g.act(g.to_act, "pass")
    g.act(0, "play 3")
    assert not g.over and not [e for e in g.events if e.kind == "suffocate"]
