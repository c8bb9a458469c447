"""R12 — 进贡 from the second game on: order and tribute cards (R12.1), 点贡 (R12.2), 捎贡 (R12.3), 闷贡
(R12.4), 落贡 and 对头贡 after 串三家 (R12.5), skipping between teammates (R12.6), 抗贡 (R12.7).

A match is started at a given deal with ``Match.from_deal(..., previous=...)``: ``previous`` is the last
game's result, and tribute follows it. ``deal`` builds a full 216-card deal from a few wishes per seat.
Seats 0–5, team 0 = {0, 2, 4}, 对家 of s is s+3.
"""

from __future__ import annotations

import pytest
from helpers import deal, refused

from bot.engine import DECK_SIZE, Game, Match, Ruleset, format_counts, parse_cards

NO_PAY = {"2": 0, "B": 0, "R": 0}
DAGANG = Ruleset.preset("dagang")  # 革命 off (R13.1)
TWO, BLACK, RED = 15, 16, 17


# ---------------------------------------------------------------------------------------------- helpers


def previous(places=(1, 2, 3, 4, 5, 6), kaidian=(True,) * 6, shao=(), men=(), chuan_san=None, revolt=None):
    """The last game's result. By default every seat 开点ed (no 点贡), nothing was 捎 or 闷, and seat s
    took place s+1: 大落 5 pays 头科 0 two cards, 二落 4 pays 二科 1 one card (both across teams)."""
    return {"places": list(places), "kaidian": list(kaidian), "shao": [list(x) for x in shao],
            "men": [list(x) for x in men], "chuan_san": chuan_san, "revolt": revolt, "no3": [],
            "seat_points": [0] * 6, "team_points": [0, 0]}


def start(wishes=None, prev=None, leader=0, rules=DAGANG) -> tuple[Match, list[str]]:
    hands = deal(wishes)
    m = Match.from_deal(hands, leader=leader, rules=rules, previous=prev or previous())
    return m, hands


def to_play(m: Match, choose=None) -> list[tuple[int, list[str], str]]:
    """Answer every decision before play — ``choose(seat, legal)`` or the default."""
    log = []
    while m.phase not in ("play", "over"):
        seat = m.to_act
        legal = list(m.legal_actions(seat))
        assert legal and m.default_action(seat) in legal
        action = (choose(seat, legal) if choose else None) or m.default_action(seat)
        log.append((seat, legal, action))
        m.act(seat, action)
    return log


def tributes(m: Match) -> list[tuple[str, int, int, str]]:
    """(tag, giver, taker, cards) of every tribute paid, in order."""
    return [(e.tag, e.seat, e.target, e.play) for e in m.events if e.kind == "tribute"]


def events(m: Match, kind: str) -> list:
    return [e for e in m.events if e.kind == kind]


def cards(counts) -> str:
    return format_counts(counts)




# ---------------------------------------------------------------------------------------------- R12 general
def test_r12_no_tribute_in_the_first_game():
    m = Match.new(seed=4, games=2)
    while m.phase != "play":
        m.act(m.to_act, m.default_action(m.to_act))
    assert not events(m, "tribute") and not events(m, "mian") and not events(m, "dian-choice")
    m = Match.from_deal(deal(), rules=DAGANG)
    to_play(m)
    assert not events(m, "tribute")


def test_r12_cards_are_accounted_for_after_tribute():
    m, hands = start({5: {"R": 2, "B": 1, "2": 1}}, prev=previous(kaidian=[True, False, True, True, True, True],
                                                                 shao=[(1, 0)], men=[(4, 5)]))
    to_play(m)
    assert sum(sum(h) for h in m.hands) == DECK_SIZE
    expect = [parse_cards(h) for h in hands]
    for _, g, t, c in tributes(m):
        for r, n in enumerate(parse_cards(c)):
            expect[g][r] -= n
            expect[t][r] += n
    assert m.hands == expect


# ---------------------------------------------------------------------------------------------- R12.1
def test_r12_1_order_dian_shao_men_luo():
    prev = previous(kaidian=[True, True, True, False, True, True], shao=[(1, 0)], men=[(4, 5)])
    m, _ = start({5: {"R": 1, "B": 1, "2": 3}}, prev=prev)
    to_play(m)
    got = [(tag, g, t) for tag, g, t, _ in tributes(m)]
    assert got == [("点贡", 3, 0), ("捎贡", 0, 1), ("闷贡", 5, 4), ("落贡", 5, 0), ("落贡", 4, 1)]
    by = {(tag, g): c for tag, g, _, c in tributes(m)}
    assert by[("闷贡", 5)] == "R" and by[("落贡", 5)] == "2B"  # strongest first, across tributes


@pytest.mark.parametrize("dealt, paid", [
    ({"R": 2, "B": 1, "2": 3}, "RR"),
    ({"R": 1, "B": 2, "2": 3}, "BR"),
    ({"R": 0, "B": 1, "2": 3}, "2B"),
    ({"R": 0, "B": 0, "2": 3}, "22"),
])
def test_r12_1_tribute_cards_are_R_B_2_strongest_first(dealt, paid):
    m, _ = start({5: dealt})
    to_play(m)
    assert ("落贡", 5, 0, paid) in tributes(m)


def test_r12_1_mian_when_short():
    m, _ = start({5: {**NO_PAY, "2": 1}, 4: {**NO_PAY}})
    to_play(m)
    assert ("落贡", 5, 0, "2") in tributes(m)
    mian = [(e.seat, e.target, e.value, e.tag) for e in events(m, "mian")]
    assert (5, 0, 1, "落贡") in mian  # owes 2, pays 1
    assert (4, 1, 1, "落贡") in mian  # owes 1, has none
    assert not [t for t in tributes(m) if t[1] == 4]


def test_r12_1_a_card_received_as_tribute_is_not_paid_on():
    # seat 0 (dealt no 2/B/R) receives 3's 点贡, then owes 1 捎贡 to seat 1: it is excused
    prev = previous(kaidian=[True, True, True, False, True, True], shao=[(1, 0)])
    m, _ = start({0: {**NO_PAY}}, prev=prev)
    to_play(m)
    assert [t[:3] for t in tributes(m)][:1] == [("点贡", 3, 0)]
    assert not [t for t in tributes(m) if t[1] == 0]
    assert [(e.seat, e.target, e.value, e.tag) for e in events(m, "mian")] == [(0, 1, 1, "捎贡")]
    assert sum(m.hands[0][r] for r in (TWO, BLACK, RED)) == 3  # 点贡 1 + 落贡 2, all kept


def test_r12_1_a_card_received_in_a_sale_is_not_paid_on():
    # seat 3 (dealt no 2/B/R) sells a 3 to seat 0 for a 2, then owes 点贡 to seat 0
    prev = previous(kaidian=[True, True, True, False, True, True])
    m, _ = start({0: {"3": 0, "2": 1, "B": 0, "R": 0}, 3: {**NO_PAY}}, prev=prev)
    m.act(0, "buy3 2")
    m.act(3, "accept")
    to_play(m)
    assert not [t for t in tributes(m) if t[1] == 3]
    assert [(e.seat, e.target, e.tag) for e in events(m, "mian")] == [(3, 0, "点贡")]
    assert m.hands[3][TWO] == 1


def test_r12_1_a_dealt_card_spent_on_buying_is_not_paid():
    # seat 5 (大落) spends one of its two dealt 2s on a 3: it pays the other and is excused one
    m, _ = start({5: {"3": 0, "2": 2, "B": 0, "R": 0}})
    assert m.to_act == 5
    m.act(5, "buy3 2")
    m.act(2, "accept")
    to_play(m)
    assert ("落贡", 5, 0, "2") in tributes(m)
    assert [(e.seat, e.value) for e in events(m, "mian")] == [(5, 1)]


# ---------------------------------------------------------------------------------------------- R12.2
def test_r12_2_the_seat_without_kaidian_pays_its_duijia():
    prev = previous(kaidian=[True, False, True, True, True, False])
    m, _ = start(prev=prev)
    to_play(m)
    dian = [(g, t, c) for tag, g, t, c in tributes(m) if tag == "点贡"]
    assert [(g, t) for g, t, _ in dian] == [(1, 4), (5, 2)]
    assert all(len(c) == 1 for _, _, c in dian)
    assert not events(m, "dian-choice")


def test_r12_2_both_kaidian_no_diangong():
    m, _ = start()
    to_play(m)
    assert not [t for t in tributes(m) if t[0] == "点贡"] and not events(m, "dian-choice")


@pytest.mark.parametrize("places, chooser", [
    ((1, 2, 3, 4, 5, 6), 4),  # seat 4 (5th) placed below seat 1 (2nd)
    ((1, 5, 3, 4, 2, 6), 1),  # seat 1 (5th) placed below seat 4 (2nd)
])
@pytest.mark.parametrize("choice", ["tribute-both", "tribute-none"])
def test_r12_2_neither_kaidian_the_lower_placed_chooses(places, chooser, choice):
    prev = previous(places=places, kaidian=[True, False, True, True, False, True])
    m, hands = start(prev=prev)
    assert m.phase == "tribute" and m.to_act == chooser
    assert m.legal_actions(chooser) == ["tribute-both", "tribute-none"]
    refused(m, 5 - chooser, choice)  # the other of the pair does not choose
    refused(m, chooser, "tribute-skip")
    m.act(chooser, choice)
    ev = events(m, "dian-choice")
    assert [(e.seat, e.tag) for e in ev] == [(chooser, "both" if choice == "tribute-both" else "none")]
    to_play(m)
    dian = [(g, t) for tag, g, t, _ in tributes(m) if tag == "点贡"]
    if choice == "tribute-both":
        assert sorted(dian) == [(1, 4), (4, 1)]
        strongest = {s: max(r for r in (TWO, BLACK, RED) if parse_cards(hands[s])[r]) for s in (1, 4)}
        for tag, g, _, c in tributes(m):
            if tag == "点贡":
                assert parse_cards(c)[strongest[g]] == 1
    else:
        assert dian == []


def test_r12_2_revolt_pair_pays_no_diangong():
    """R11.4: the 革命 seat's pair is left out of 点贡."""
    prev = previous(kaidian=[False, True, True, True, True, True], revolt=3, places=(1, 2, 3, 4, 5, 6))
    m, _ = start(prev=prev)
    to_play(m)
    assert not [t for t in tributes(m) if t[0] == "点贡"] and not events(m, "dian-choice")
    prev = previous(kaidian=[False, True, True, False, True, True], revolt=0)
    m, _ = start(prev=prev)
    assert not events(m, "dian-choice") and m.phase != "tribute"


# ---------------------------------------------------------------------------------------------- R12.3
def test_r12_3_one_shaogong_per_standing_shao():
    prev = previous(shao=[(1, 0), (1, 0), (2, 3)])
    m, _ = start({0: {"R": 1, "B": 1, "2": 2}}, prev=prev)
    to_play(m)
    shao = [(g, t, c) for tag, g, t, c in tributes(m) if tag == "捎贡"]
    assert shao == [(0, 1, "R"), (0, 1, "B"), (3, 2, shao[2][2])]
    assert len(shao[2][2]) == 1


def test_r12_3_after_fanshao_the_other_way_round():
    """The game records a 反捎 as (by, victim) of the last 捎 standing: the 反捎ed seat pays."""
    prev = previous(shao=[(0, 1)])
    m, _ = start(prev=prev)
    to_play(m)
    assert [(g, t) for tag, g, t, _ in tributes(m) if tag == "捎贡"] == [(1, 0)]


# ---------------------------------------------------------------------------------------------- R12.4
def test_r12_4_men_seat_pays_the_seat_that_men_it():
    prev = previous(men=[(2, 5), (4, 1)])
    m, _ = start(prev=prev)
    to_play(m)
    assert [(g, t) for tag, g, t, c in tributes(m) if tag == "闷贡"] == [(5, 2), (1, 4)]
    assert all(len(c) == 1 for tag, _, _, c in tributes(m) if tag == "闷贡")


def test_r12_4_men_by_a_teammate_may_be_skipped():
    prev = previous(men=[(3, 5)])
    m, _ = start(prev=prev)
    assert m.to_act == 5 and m.legal_actions(5) == ["tribute-give", "tribute-skip"]
    m.act(5, "tribute-skip")
    to_play(m)
    assert not [t for t in tributes(m) if t[0] == "闷贡"]
    assert [(e.seat, e.target, e.tag) for e in events(m, "tribute-skip")] == [(5, 3, "闷贡")]


# ---------------------------------------------------------------------------------------------- R12.5
def test_r12_5_daluo_pays_touke_two_and_erluo_pays_erke_one():
    prev = previous(places=(1, 6, 3, 4, 2, 5))  # 头科 0, 二科 4, 二落 5, 大落 1
    m, _ = start({1: {"R": 1, "B": 1, "2": 2}, 5: {"R": 0, "B": 0, "2": 2}}, prev=prev)
    to_play(m)
    luo = [(g, t, c) for tag, g, t, c in tributes(m) if tag == "落贡"]
    assert luo == [(1, 0, "BR"), (5, 4, "2")]


def test_r12_5_after_chuan_san_each_loser_pays_its_own_duijia():
    prev = previous(places=(4, 1, 5, 2, 6, 3), chuan_san=1)
    m, _ = start(prev=prev)
    to_play(m)
    assert not [t for t in tributes(m) if t[0] == "落贡"]
    duitou = [(g, t, c) for tag, g, t, c in tributes(m) if tag == "对头贡"]
    assert [(g, t) for g, t, _ in duitou] == [(0, 3), (2, 5), (4, 1)]
    assert all(len(c) == 1 for _, _, c in duitou)


def test_r12_5_after_a_real_chuan_san_game():
    """Game 1 ends in 串三家 for team 0; after the beaten team names the leader, seats 1, 3, 5 each pay
    their 对家 one card."""
    m = Match.from_deal(deal(), rules=DAGANG, games=2)
    to_play(m)
    d = m.to_dict()
    small = Game.from_hands(["3", "3", "", "3", "", "3"], leader=0, rules=DAGANG, places=[None, None, 1, None, 2, None])
    d["game"] = small.to_dict()
    m = Match.from_dict(d)
    m.act(0, "play 3")
    assert m.results[0]["chuan_san"] == 0
    m.act(m.to_act, "choose-leader 1")
    to_play(m)
    paid = [(tag, g, t) for tag, g, t, _ in tributes(m)]
    assert paid == [("对头贡", 1, 4), ("对头贡", 3, 0), ("对头贡", 5, 2)]


# ---------------------------------------------------------------------------------------------- R12.6
def test_r12_6_teammates_may_skip_and_the_skip_is_logged_with_the_cards():
    prev = previous(places=(1, 2, 6, 5, 3, 4))  # 大落 2 → 头科 0 and 二落 3 → 二科 1: teammates
    m, hands = start({2: {"R": 1, "B": 1, "2": 2}, 3: {"R": 0, "B": 0, "2": 3}}, prev=prev)
    assert m.phase == "tribute" and m.to_act == 2
    assert m.legal_actions(2) == ["tribute-give", "tribute-skip"]
    refused(m, 0, "tribute-skip")
    refused(m, 2, "tribute-none")
    m.act(2, "tribute-skip")
    skip = events(m, "tribute-skip")
    assert [(e.seat, e.target, e.play, e.tag) for e in skip] == [(2, 0, "BR", "落贡")]
    assert m.to_act == 3
    m.act(3, "tribute-give")
    to_play(m)
    assert tributes(m) == [("落贡", 3, 1, "2")]
    assert cards(m.hands[2]) == hands[2] and cards(m.hands[0]) == hands[0]


def test_r12_6_default_between_teammates_is_to_give():
    prev = previous(places=(1, 2, 6, 5, 3, 4))
    m, _ = start({2: {"R": 1, "B": 1, "2": 2}}, prev=prev)
    assert m.default_action(2) == "tribute-give"
    to_play(m)
    assert ("落贡", 2, 0, "BR") in tributes(m)


def test_r12_6_opponents_cannot_skip():
    m, _ = start()
    log = to_play(m)
    assert not [1 for _, legal, _ in log if "tribute-skip" in legal]
    assert [(g, t) for _, g, t, _ in tributes(m)] == [(5, 0), (4, 1)]


# ---------------------------------------------------------------------------------------------- R12.7
def test_r12_7_four_R_dealt_excuse_the_whole_team():
    # team 1 owes: 点贡 1 → 4, 落贡 5 → 0, 二落 3 → 2; team 0 owes 捎贡 0 → 3
    prev = previous(places=(1, 4, 2, 5, 3, 6), kaidian=[True, False, True, True, True, True], shao=[(3, 0)])
    m, _ = start({1: {"R": 4}}, prev=prev)
    to_play(m)
    kang = events(m, "kanggong")
    assert [(e.seat, e.tag) for e in kang] == [(1, "R")]
    assert [(tag, g, t) for tag, g, t, _ in tributes(m)] == [("捎贡", 0, 3)]
    assert not [e for e in events(m, "mian") if e.seat in (1, 3, 5)]


def test_r12_7_four_B_dealt_excuse_only_that_seat():
    prev = previous(places=(1, 4, 2, 5, 3, 6))  # 大落 5 → 头科 0, 二落 3 → 二科 2
    m, _ = start({5: {"B": 4}}, prev=prev)
    to_play(m)
    assert [(e.seat, e.tag) for e in events(m, "kanggong")] == [(5, "B")]
    assert [(tag, g, t) for tag, g, t, _ in tributes(m)] == [("落贡", 3, 2)]


def test_r12_7_kanggong_counts_cards_dealt_not_held():
    # seat 1 was dealt 4 R and spends one on a 3: still 抗贡 for its team
    prev = previous(places=(1, 4, 2, 5, 3, 6))
    m, _ = start({1: {"3": 0, "R": 4, "B": 0, "2": 0}}, prev=prev)
    assert m.to_act == 1 and m.legal_actions(1) == ["buy3 R", "no-buy"]
    m.act(1, "buy3 R")
    m.act(4, "accept")
    to_play(m)
    assert [e.seat for e in events(m, "kanggong")] == [1]
    assert not [t for t in tributes(m) if t[1] in (1, 3, 5)]
