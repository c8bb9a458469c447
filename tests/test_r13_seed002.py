"""R13.4: the variants of seed 002 that a table may turn on (issue 33) — each rule with its switch on, and its
absence with the switch off (docs/rules.md decisions 44–45). The hypothesis invariants (216 cards, zero sum, games
end, JSON round trips) mix these switches in with every other (``helpers.RULESETS``)."""

from __future__ import annotations

import pytest
from helpers import deal, kinds, new, of_kind, play

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
