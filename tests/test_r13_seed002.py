"""R13.4: the variants of seed 002 that a table may turn on (issue 33) — each rule with its switch on, and its
absence with the switch off (docs/rules.md decisions 44–45). The hypothesis invariants (216 cards, zero sum, games
end, JSON round trips) mix these switches in with every other (``helpers.RULESETS``)."""

from __future__ import annotations

import random

import pytest
from helpers import deal, kinds, new, of_kind, pass_, play

from bot.engine import IllegalAction, Match, Ruleset, beats, parse_play


def on(**switches: bool) -> Ruleset:
    return Ruleset.preset("dagang", **switches)


# ---------------------------------------------------------------------------------------------- kaidian_without_twos
@pytest.mark.parametrize("cards", ["QQ2", "222"])
def test_r13_4_kaidian_without_twos_a_gouji_play_with_a_2_earns_no_kaidian(cards):
    """With R14.1 (开点 by winning the lead with a 够级 play), a play with a 2 wins the round but opens nothing."""
    hands = ["3QQ222" + "5", "36", "37", "38", "39", "3T"]
    g = new(*hands, rules=on(kaidian_without_fours=True, kaidian_without_twos=True))
    play(g, 0, cards)
    assert g.to_act == 0 and not g.kaidian[0] and "kaidian" not in kinds(g)
    g = new(*hands, rules=on(kaidian_without_fours=True))  # off: the same play opens (R14.1)
    play(g, 0, cards)
    assert g.kaidian[0]


def test_r13_4_kaidian_without_twos_a_play_without_a_2_still_opens():
    g = new("3KK5", "36", "37", "38", "39", "3T", rules=on(kaidian_without_fours=True, kaidian_without_twos=True))
    play(g, 0, "KK")
    assert g.kaidian[0]


# ---------------------------------------------------------------------------------------------- big_joker_unbeatable
def _kills(g, seat: int) -> list[str]:
    return [a for a in g.legal_actions(seat) if a.play is not None and a.play.red >= 2]


@pytest.mark.parametrize("extended", [False, True])
def test_r13_4_big_joker_unbeatable_two_big_jokers_kill_nothing(extended):
    """R3.2's 大王二杀一 is off: every other seat passes on a lone 大王 for want of a play (R5.6); with
    ``joker_two_kill_one_extended`` on too, this switch wins (decision 45)."""
    hands = ["3R5", "3RR6", "37", "38", "39", "3T"]
    g = new(*hands, rules=on(big_joker_unbeatable=True, joker_two_kill_one_extended=extended))
    play(g, 0, "R")
    assert g.to_act == 0 and "kill" not in kinds(g) and len(of_kind(g, "pass")) == 5
    assert not beats(parse_play("RR"), parse_play("R"), g.rules)
    g = new(*hands, rules=on(joker_two_kill_one_extended=extended))  # off: RR kills a lone R (R3.2)
    play(g, 0, "R")
    assert g.to_act == 1 and _kills(g, 1) == ["play RR"]


def test_r13_4_big_joker_unbeatable_a_longer_play_with_a_big_joker_stands():
    """R3.3's long kill (two 大王 and the rest stronger) is off as well."""
    hands = ["3KKR5", "3RRAA6", "37", "38", "39", "3T"]
    g = new(*hands, rules=on(big_joker_unbeatable=True, joker_two_kill_one_extended=True))
    play(g, 0, "KKR")
    assert g.to_act == 0
    g = new(*hands, rules=on(joker_two_kill_one_extended=True))
    play(g, 0, "KKR")
    assert g.to_act == 1 and _kills(g, 1)


# ---------------------------------------------------------------------------------------------- buy_with_two_first
@pytest.mark.parametrize("held, offered", [
    ({"2": 1, "B": 1, "R": 1}, ["buy3 2"]),
    ({"2": 0, "B": 2, "R": 1}, ["buy3 B"]),
    ({"2": 0, "B": 0, "R": 1}, ["buy3 R"]),
])
def test_r13_4_buy_with_two_first_offers_one_payment(held, offered):
    """R11.2 with ``buy_with_two_first``: a dealt 2 if held, else 小王, else 大王 — and declining stays possible."""
    m = Match.from_deal(deal({0: {"3": 0, **held}}), leader=0, rules=on(buy_with_two_first=True))
    assert m.to_act == 0
    assert list(m.legal_actions(0)) == [*offered, "no-buy"]
    with pytest.raises(IllegalAction):
        m.act(0, "buy3 R" if offered != ["buy3 R"] else "buy3 2")
    m = Match.from_deal(deal({0: {"3": 0, **held}}), leader=0, rules=on())  # off: every dealt 2, B or R
    assert len(list(m.legal_actions(0))) == 1 + sum(1 for n in held.values() if n)


def test_r13_4_buy_with_two_first_in_classic_buying_too():
    rules = Ruleset.preset("classic", buy_with_two_first=True, revolution=False)
    m = Match.from_deal(deal({0: {"3": 0, "2": 1, "B": 1, "R": 0}}), leader=0, rules=rules)
    while m.to_act != 0 or not any(a.startswith("buy3") for a in m.legal_actions(0)):
        m.act(m.to_act, m.default_action(m.to_act))
    assert [a for a in m.legal_actions(0) if a.startswith("buy3")] == ["buy3 2"]


# ---------------------------------------------------------------------------------------- burn_back_by_opposite_only
BURN_BACK = Ruleset.preset("classic", revolution=False, burn_back_by_opposite_only=True)
CLASSIC = Ruleset.preset("classic", revolution=False)


def test_r13_4_burn_back_by_opposite_only_no_other_seat_beats_a_burner():
    """With R14.2, seat 3 may burn the burner's AAA with 222 and kill its 小王 with a 大王; with the switch it is
    passed both times, and the burn plays out (烧成功)."""
    hands = ["3QQQ5", "3KKK5", "3AAAB", "3222RR5", "3KKK5", "3AAA5"]
    g = new(*hands, rules=BURN_BACK)
    play(g, 0, "QQQ")
    play(g, 2, "AAA")  # the burn: seat 3 (not seat 2's 对家) is passed
    assert g.burning == (2, 0) and g.to_act == 2 and 3 in [e.seat for e in of_kind(g, "pass")]
    play(g, 2, "B")
    assert g.to_act == 2  # seat 3's 大王 may not beat it back
    play(g, 2, "3")
    assert "shao-ok" in kinds(g) and g.shao_log == [(2, 0)]
    g = new(*hands, rules=CLASSIC)  # off: seat 3 answers the burn (seed 000's 「或其他人烧此烧牌者」)
    play(g, 0, "QQQ")
    play(g, 2, "AAA")
    assert g.to_act == 3 and "play 222" in set(g.legal_actions(3))


def test_r13_4_burn_back_by_opposite_only_the_duijia_beats_it_back_and_the_burner_plays_on():
    """Beaten back by its 对家 the burn is undone (解烧): no 烧贡, no point, the burner is not 大落 (decision 46)."""
    g = new("3QQQ5", "3KKK5", "3AAA2B6", "32225", "3KKK5", "3AAA5R", rules=BURN_BACK)
    play(g, 0, "QQQ")
    play(g, 2, "AAA")
    play(g, 2, "6B")
    assert g.to_act == 5
    with pytest.raises(IllegalAction) as refused:
        g.act(5, "let")
    assert "只有你能打回" in refused.value.zh
    play(g, 5, "AR")
    e = of_kind(g, "jieshao")[-1]
    assert (e.seat, e.target) == (5, 2) and g.burning is None and 2 not in g.places
    rng = random.Random(5)
    while not g.over:
        g.act(g.to_act, rng.choice(g.legal_actions(g.to_act)))
    assert g.shao_log == [] and not any(k in ("shao", "shaoed") for k, _ in g.result().items[2])


# ---------------------------------------------------------------------------------------------- fours_after_kaidian
FOURS = on(fours_after_kaidian=True)


def test_r13_4_fours_after_kaidian_no_4s_before_the_seat_opens():
    g = new("34456", "37", "38", "39", "3T", "3J", rules=FOURS)
    assert set(g.legal_actions(0)) == {"play 5", "play 6"}
    with pytest.raises(IllegalAction) as refused:
        g.act(0, "play 44")
    assert "冲三" in refused.value.zh
    g = new("34456", "37", "38", "39", "3T", "3J")  # off: 4s lead freely (and give up 开点, R7.2)
    assert {"play 4", "play 44"} <= set(g.legal_actions(0))


def test_r13_4_fours_after_kaidian_the_lead_that_opens_is_all_the_4s():
    """R7.1: a won 纯够级 round gives the chance; the lead of all the 4s opens, one 4 alone is refused."""
    g = new("3KK445", "37", "38", "39", "3T", "3J", rules=FOURS)
    play(g, 0, "KK")
    assert g.to_act == 0 and g.kaidian_chance == 0
    leads = set(g.legal_actions(0))
    assert "play 44" in leads and "play 4" not in leads
    play(g, 0, "44")
    assert g.kaidian[0]


def test_r13_4_fours_after_kaidian_after_kaidian_under_r14_1_4s_are_free():
    rules = on(fours_after_kaidian=True, kaidian_without_fours=True)
    g = new("3KK445", "37", "38", "39", "3T", "3J", rules=rules)
    assert "play 4" not in set(g.legal_actions(0))
    play(g, 0, "KK")
    assert g.kaidian[0] and {"play 4", "play 44"} <= set(g.legal_actions(0))


def test_r13_4_fours_after_kaidian_a_hand_of_4s_and_3s_is_never_stuck():
    """Decision 46: holding nothing but 4s and 3s, the seat plays its 4s — no game stalls."""
    g = new("3344", "37", "38", "39", "3T", "3J", rules=FOURS)
    assert {"play 4", "play 44"} <= set(g.legal_actions(0))


def test_r13_4_fours_after_kaidian_no_4_beats_a_3_before_opening():
    hands = ["34456", "37", "38", "39", "3T", "3"]
    g = new(*hands, leader=5, rules=FOURS)
    play(g, 5, "3")  # seat 5 goes out with its 3: seat 0 answers
    assert g.to_act == 0 and "play 4" not in set(g.legal_actions(0)) and "play 5" in set(g.legal_actions(0))
    g = new(*hands, leader=5)
    play(g, 5, "3")
    assert "play 4" in set(g.legal_actions(0))


def test_r13_4_fours_after_kaidian_free_once_the_seat_can_no_longer_open():
    """Its 对家 out, no 够级 is left for it to open with: its 4s are free."""
    hands = ["34456", "37", "38", "3", "3T", "3J"]
    g = new(*hands, leader=3, rules=FOURS)
    play(g, 3, "3")  # seat 3 goes out: seat 0's 对家 holds no card, so it can never open
    pass_(g, 4)
    pass_(g, 5)
    assert g.to_act == 0 and g.round.top == (3, parse_play("3")) and "play 4" in set(g.legal_actions(0))
