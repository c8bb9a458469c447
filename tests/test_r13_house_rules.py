"""R13: every rule that differs between the presets is a switch of its own (issue 15) — each one
turned on alone over the 大纲 (``dagang``) does its rule and nothing else, and the two switches
players ask for, ``tribute`` and ``declare_natural``, turn the 大纲's own rules off."""

from __future__ import annotations

import random
from dataclasses import fields
from pathlib import Path

from helpers import deal, kinds, new, play

from bot.engine import Game, Match, Ruleset
from bot.engine.rules import CLASSIC_RULES, SWITCH_BY_FIELD, SWITCH_INFO, SWITCHES

DAGANG = Ruleset.preset("dagang")


def on(**switches: bool) -> Ruleset:
    return Ruleset.preset("dagang", **switches)


def test_r13_every_switch_has_its_words_and_a_rule_id():
    assert [sw.field for sw in SWITCH_INFO] == list(SWITCHES) == [f.name for f in fields(Ruleset) if f.name != "name"]
    assert len({sw.flag for sw in SWITCH_INFO}) == len(SWITCH_INFO) <= 25  # one select holds them all
    for sw in SWITCH_INFO:
        assert sw.zh and sw.en and sw.help_zh and sw.help_en and sw.rule.startswith("R"), sw
        assert len(f"{sw.zh} · {sw.en}") <= 100 and SWITCH_BY_FIELD[sw.field] is sw
    assert set(CLASSIC_RULES) <= set(SWITCHES)


def test_r13_a_ruleset_stored_before_a_switch_existed_takes_its_presets_default():
    old = {"name": "classic", "revolution": True, "big_joker_is_gouji": True, "grand_slam": False}
    assert Ruleset.from_dict(old) == Ruleset.preset("classic")
    assert Ruleset.from_dict({"name": "dagang", "revolution": True}) == on(revolution=True)


def test_r14_1_kaidian_without_fours_alone():
    g = new("3KK5", "36", "37", "38", "39", "3T", rules=on(kaidian_without_fours=True))
    play(g, 0, "KK")
    assert g.kaidian[0] and "shao" not in kinds(g)
    g = new("344KK5", "36", "37", "38", "39", "3T", rules=on(kaidian_without_fours=True))
    play(g, 0, "44")  # 4s cost nothing
    assert "giveup" not in kinds(g)


def test_r14_2_burn_priority_alone_asks_the_burners_before_the_duitou():
    hands = ["3QQQ5", "3KKKB5", "3AAAB", "32225", "3KKK5", "3AAA5"]
    g = new(*hands, rules=on(burn_priority=True))
    play(g, 0, "QQQ")
    assert g.to_act == 2  # 烧牌优先: the 够级 seat's own team first (R14.2)
    play(g, 2, "AAA")
    assert g.burning == (2, 0)
    d = new(*hands, rules=DAGANG)
    play(d, 0, "QQQ")
    assert d.to_act == 1 and d.burning is None  # the 大纲's 捎: in play order, by 第十六条 (R6.3)


def test_r14_9_luanchan_by_count_alone():
    hands, places = ["", "", "953", "6A3", "773", "K83"], [1, 6, None, None, None, None]
    g = new(*hands, leader=2, places=places, rules=on(luanchan_by_count=True))
    assert g.luanchan and "luanchan" in kinds(g)
    assert not new(*hands, leader=2, places=places, rules=DAGANG).luanchan


def test_r14_8_chuan_san_hu_double_alone_doubles_a_chuan_san():
    hands, places = ["", "35", "", "36", "3", "37"], [1, None, 2, None, None, None]
    for rules, factor in ((DAGANG, 1), (on(chuan_san_hu_double=True), 2)):
        g = new(*hands, leader=4, places=places, rules=rules)
        play(g, 4, "3")
        assert g.over and g.chuan_san == 0
        assert g.result().team_points == [5 * factor, -5 * factor]


def _first_game_over(rules: Ruleset, seed: int = 5) -> Match:
    m = Match.new(seed=seed, rules=rules, games=2)
    rng = random.Random(seed)
    while m.game_no == 1:
        seat = m.to_act
        m.act(seat, rng.choice(m.legal_actions(seat)))
    return m


def test_r12_tribute_off_pays_no_tribute_and_asks_no_dian_choice():
    for seed in range(4):
        m = _first_game_over(on(tribute=False), seed)
        while m.phase != "play":
            assert m.view(m.to_act).decision not in ("dian-choice", "tribute-mate")
            m.act(m.to_act, m.default_action(m.to_act))
        assert not any(e.kind in ("tribute", "mian", "tribute-excused", "dian-choice") for e in m.events)
    with_tribute = _first_game_over(DAGANG, 0)
    while with_tribute.phase != "play":
        with_tribute.act(with_tribute.to_act, with_tribute.default_action(with_tribute.to_act))
    assert any(e.kind in ("tribute", "mian") for e in with_tribute.events)


def test_r7_3_declare_natural_off_asks_nobody():
    hands = deal({0: {"T": 4, "J": 3, "Q": 2, "K": 1, "A": 1}})  # seat 0: no pure 够级牌
    asked = {}
    for rules in (DAGANG, on(declare_natural=False)):
        m = Match.from_deal(hands, leader=0, rules=rules)
        seen = set()
        while m.phase != "play":
            seen.add(m.view(m.to_act).decision)
            m.act(m.to_act, m.default_action(m.to_act))
        asked[rules.declare_natural] = "declare" in seen
    assert asked == {True: True, False: False}


def test_r14_5_compulsory_buy_three_alone():
    hands = deal({0: {"3": 0, "2": 2, "B": 0, "R": 0}, 3: {"3": 3}})
    m = Match.from_deal(hands, leader=0, rules=on(compulsory_buy_three=True))
    assert m.legal_actions(0) == ["buy3 2"]
    d = Match.from_deal(hands, leader=0, rules=DAGANG)
    assert "no-buy" in d.legal_actions(0)


def test_r14_6_and_r14_7_chongdian_and_yaotou_each_alone():
    hands = deal({0: {"2": 0, "B": 0, "R": 0, "A": 4, "K": 4, "Q": 4}})
    for switches, want in (({"chongdian": True}, {"chongdian"}), ({"yaotou": True}, {"yaotou"}),
                           ({"chongdian": True, "yaotou": True}, {"chongdian", "yaotou"}), ({}, set())):
        m = Match.from_deal(hands, leader=0, rules=on(revolution=True, **switches))
        seen = set()
        while m.phase != "play":
            seen.add(m.view(m.to_act).decision)
            action = "revolt" if "revolt" in m.legal_actions(m.to_act) else m.default_action(m.to_act)
            m.act(m.to_act, action)
        assert seen & {"chongdian", "yaotou"} == want, switches


def test_r14_4_shangban_alone():
    m = Match.new(seed=3, rules=on(shangban=True))
    assert m.phase == "shangban" or any(e.kind.startswith("shangban") for e in m.events)


def test_r13_any_mix_of_switches_plays_whole_games_to_the_end():
    rng = random.Random(7)
    for seed in range(30):
        rules = Ruleset.preset(rng.choice(["dagang", "classic"]), **{k: rng.random() < 0.5 for k in SWITCHES})
        g = Game.deal(seed, rules)
        while not g.over:
            g.act(g.to_act, rng.choice(g.legal_actions(g.to_act)))
        assert sum(g.result().team_points) == 0


def test_r13_the_rules_document_lists_every_switch_with_its_rule_id_and_defaults():
    text = (Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    d, c = Ruleset.preset("dagang"), Ruleset.preset("classic")
    for sw in SWITCH_INFO:
        row = f"| {sw.zh} `{sw.field}` | {sw.rule} | {'开' if getattr(d, sw.field) else '关'} | " \
              f"{'开' if getattr(c, sw.field) else '关'} |"
        assert row in text, row
