"""R11 — before the first lead: the deal and the first leader (R11.1), 买3/买4 (R11.2), 赠3/赠4 (R11.3),
革命 (R11.4), tribute after buying (R11.5), 串三家 → the beaten team names the leader and leads 汇5 (R11.6);
the 自然开点 declaration (R7.3) and the match of agreed games (R10.6).

Positions are built with ``Match.from_deal`` from a full 216-card deal made by ``deal``: a few wishes per
seat (how many of a rank it gets), every other card spread evenly over the seats without a wish for it.
Seats 0–5, team 0 = {0, 2, 4}; 对家 s+3, 上联 s+4, 下联 s+2, 上家 s+5, 下家 s+1.
"""

from __future__ import annotations

import random

import pytest
from helpers import PER_DECKS, deal, refused

from bot.engine import DECK_SIZE, Game, IllegalAction, Match, Ruleset, format_counts, parse_cards
from bot.engine.plays import holds_pure_gouji

RANKS = "3456789TJQKA2BR"
NO_PAY = {"2": 0, "B": 0, "R": 0}  # no 2, 小王 or 大王
DAGANG = Ruleset.preset("dagang")  # 革命 off (R13.1)
REVOLUTION = Ruleset.preset("dagang", revolution=True)


# ---------------------------------------------------------------------------------------------- helpers


def start(wishes=None, leader=0, rules=DAGANG, previous=None, games=1, seed=0) -> Match:
    return Match.from_deal(deal(wishes), leader=leader, rules=rules, games=games, previous=previous, seed=seed)


def to_play(m: Match, choose=None) -> list[tuple[int, list[str], str]]:
    """Answer every decision before play — ``choose(seat, legal)`` or the default — and return
    (seat, legal actions, action) of each."""
    log = []
    while m.phase not in ("play", "over"):
        seat = m.to_act
        assert seat is not None, f"phase {m.phase} waits for nobody"
        legal = list(m.legal_actions(seat))
        assert legal, f"seat {seat} must act in phase {m.phase} but has no action"
        action = (choose(seat, legal) if choose else None) or m.default_action(seat)
        log.append((seat, legal, action))
        m.act(seat, action)
    return log


def events(m: Match, kind: str) -> list:
    return [e for e in m.events if e.kind == kind]


def game_events(m: Match, kind: str) -> list:
    assert m.game is not None
    return [e for e in m.game.events if e.kind == kind]


def count(m: Match, seat: int, rank: str) -> int:
    return parse_cards(m.hand(seat))[parse_cards(rank).index(1)]




def with_game(hands: list[str], leader: int = 0, places=None, games: int = 2, seed: int = 0) -> Match:
    """A match of ``games`` games whose first game is the (small) position ``hands`` in play, so that a
    few actions end it and the match moves on to the next game."""
    m = start(games=games, seed=seed)
    to_play(m)
    d = m.to_dict()
    d["game"] = Game.from_hands(hands, leader=leader, rules=DAGANG, places=places).to_dict()
    return Match.from_dict(d)


def finish_game(m: Match) -> None:
    """Play the current game to its end with the first legal action of each seat, then settle the 点贡
    choices made before the next deal (第三十一条) with their defaults."""
    no = m.game_no
    while m.game_no == no and not m.over:
        seat = m.to_act
        m.act(seat, next(iter(m.legal_actions(seat))))
    settle_dian(m)


def settle_dian(m: Match) -> None:
    while not m.over and m.view(m.to_act).decision == "dian-choice":
        m.act(m.to_act, m.default_action(m.to_act))


def random_game_one(m: Match, rng: random.Random) -> None:
    """Random legal actions until game 1 is over."""
    while m.game_no == 1 and not m.over:
        seat = m.to_act
        legal = m.legal_actions(seat)
        m.act(seat, legal[rng.randrange(len(legal))])


# ---------------------------------------------------------------------------------------------- R11.1
def test_r11_1_first_leader_by_lot_and_deterministic_per_seed():
    leaders = set()
    for seed in range(30):
        a, b = Match.new(seed=seed, games=2), Match.new(seed=seed, games=2)
        assert a.to_json() == b.to_json()
        assert a.leader == b.leader
        assert [a.hand(s) for s in range(6)] == [b.hand(s) for s in range(6)]
        lot = events(a, "lot")
        assert len(lot) == 1 and lot[0].seat == a.leader
        assert events(a, "deal")[0].seat == a.leader
        leaders.add(a.leader)
    assert len(leaders) > 1  # drawn, not fixed


def test_r11_1_deal_is_36_each_of_the_216_cards():
    m = Match.new(seed=3, games=1)
    dealt = [parse_cards(h) for h in m.to_dict()["dealt"]]
    assert [sum(h) for h in dealt] == [36] * 6
    total = [sum(h[r] for h in dealt) for r in range(len(dealt[0]))]
    assert format_counts(total) == "".join(r * PER_DECKS[r] for r in RANKS)
    assert sum(total) == DECK_SIZE


def test_r11_1_later_games_led_by_the_last_daluo_random_matches():
    checked = 0
    for seed in range(40):
        m = Match.new(seed=seed, games=2)
        random_game_one(m, random.Random(seed))
        r = m.results[0]
        if r["chuan_san"] is not None:
            assert m.phase == "choose-leader"
            continue
        if len(r["no3"]) >= 2:
            continue
        assert m.leader == r["places"].index(6)
        while m.view(m.to_act).decision == "dian-choice":  # settled before the cards are drawn (第三十一条)
            assert not any(e.kind == "deal" and e.value == 2 for e in m.events)
            m.act(m.to_act, m.default_action(m.to_act))
        deal_ev = [e for e in m.events if e.kind == "deal" and e.value == 2]
        assert deal_ev and deal_ev[0].seat == m.leader  # 大落 also draws first (第七条)
        checked += 1
    assert checked >= 20


def test_r11_1_daluo_leads_the_next_game():
    # everyone holds one 3: seats go out in turn 0, 1, 2, 3, 4 and seat 5 is 大落
    m = with_game(["3"] * 6, leader=0)
    finish_game(m)
    assert m.results[0]["places"] == [1, 2, 3, 4, 5, 6]
    assert m.game_no == 2 and m.leader == 5
    after = m.events[[e.kind for e in m.events].index("game-over"):]
    assert not [e for e in after if e.kind == "lot"]
    assert next(e for e in after if e.kind == "deal").seat == 5


def test_r11_1_several_seats_without_3_next_leader_by_lot():
    leaders = []
    for seed in range(12):
        runs = []
        for _ in range(2):
            m = with_game(["3", "5", "6", "3", "3", "3"], leader=0, seed=seed)
            finish_game(m)
            assert sorted(m.results[0]["no3"]) == [1, 2]
            after = m.events[[e.kind for e in m.events].index("game-over"):]
            lot = [e for e in after if e.kind == "lot"]
            assert len(lot) == 1 and lot[0].seat == m.leader
            runs.append(m.leader)
        assert runs[0] == runs[1]  # deterministic per seed
        leaders.append(runs[0])
    assert len(set(leaders)) > 1


# ---------------------------------------------------------------------------------------------- R11.2
def test_r11_2_buy_3_with_a_dealt_2_from_the_duijia_who_accepts():
    m = start({0: {"3": 0, "2": 1, "B": 0, "R": 0}})
    assert m.phase == "buy" and m.to_act == 0
    assert m.legal_actions(0) == ["buy3 2", "no-buy"]
    threes_3, twos_3 = count(m, 3, "3"), count(m, 3, "2")
    m.act(0, " BUY3   2 ")  # typed: case and spaces do not matter
    assert m.to_act == 3  # only the 对家 answers
    assert m.legal_actions(3) == ["accept", "refuse"]
    offer = events(m, "buy-offer")[-1]
    assert (offer.seat, offer.play, offer.value) == (0, "2", 3)
    m.act(3, "accept")
    assert count(m, 0, "3") == 1 and count(m, 0, "2") == 0
    assert count(m, 3, "3") == threes_3 - 1 and count(m, 3, "2") == twos_3 + 1
    acc = events(m, "buy-accept")[-1]
    assert (acc.seat, acc.target, acc.play, acc.value) == (3, 0, "2", 3)
    assert not events(m, "gift")
    to_play(m)
    assert not [e for e in m.game.events if e.kind == "no3" and e.seat == 0]


def test_r11_2_duijia_refuses_and_the_buyer_stays_without_3():
    m = start({0: {"3": 0, "2": 1, "B": 0, "R": 0}})
    m.act(0, "buy3 2")
    hands = [m.hand(s) for s in range(6)]
    m.act(3, "refuse")
    assert [m.hand(s) for s in range(6)] == hands
    ref = events(m, "buy-refuse")[-1]
    assert (ref.seat, ref.target, ref.value) == (3, 0, 3)
    assert not events(m, "gift")  # a seat with a dealt 2 is not given a 3 (R11.3)
    to_play(m)
    assert [e.seat for e in m.game.events if e.kind == "no3"] == [0]  # R8.3: it is 大落


def test_r11_2_offer_names_the_kinds_of_dealt_card_held_and_R_can_buy():
    m = start({0: {"3": 0, "2": 0, "B": 1, "R": 1}})
    assert m.legal_actions(0) == ["buy3 B", "buy3 R", "no-buy"]
    refused(m, 0, "buy3 2")  # holds no 2
    reds_3 = count(m, 3, "R")
    m.act(0, "buy3 R")
    m.act(3, "accept")
    assert count(m, 0, "R") == 0 and count(m, 0, "B") == 1 and count(m, 0, "3") == 1
    assert count(m, 3, "R") == reds_3 + 1


def test_r11_2_no_buy_is_logged_and_the_seat_keeps_no_3():
    m = start({0: {"3": 0, "2": 2, "B": 0, "R": 0}})
    m.act(0, "no-buy")
    nb = events(m, "no-buy")[-1]
    assert (nb.seat, nb.value) == (0, 3)
    assert not events(m, "gift")
    to_play(m)
    assert [e.seat for e in m.game.events if e.kind == "no3"] == [0]


def test_r11_2_illegal_actions_leave_the_state_unchanged():
    m = start({0: {"3": 0, "2": 1, "B": 0, "R": 0}})
    refused(m, 1, "buy3 2")  # not its turn
    refused(m, 3, "accept")  # nothing offered yet
    refused(m, 0, "buy4 2")  # 3s first, and it holds 4s
    refused(m, 0, "buy3 B")  # no B
    refused(m, 0, "revolt")
    refused(m, 6, "no-buy")
    m.act(0, "buy3 2")
    refused(m, 0, "accept")  # only the 对家 answers
    refused(m, 1, "accept")
    refused(m, 3, "buy3 2")


def test_r11_2_no_buying_without_a_dealt_2_or_joker():
    m = start({0: {"3": 0, **NO_PAY}})
    assert not events(m, "buy-offer")
    assert all(not a.startswith("buy") for _, legal, _ in to_play(m) for a in legal)
    gift = events(m, "gift")
    assert [(e.seat, e.target, e.value) for e in gift] == [(3, 0, 3)]


def test_r11_2_threes_are_bought_before_fours_in_play_order_from_the_leader():
    m = start({0: {"3": 0, "4": 0, "2": 2, "B": 0, "R": 0}, 1: {"3": 0, "2": 1, "B": 0, "R": 0},
               2: {"4": 0, "2": 1, "B": 0, "R": 0}}, leader=1)
    log = to_play(m)
    buys = [(seat, legal[0]) for seat, legal, _ in log if legal[0].startswith("buy")]
    assert buys == [(1, "buy3 2"), (0, "buy3 2"), (2, "buy4 2"), (0, "buy4 2")]
    answers = [seat for seat, legal, _ in log if legal == ["accept", "refuse"]]
    assert answers == [4, 3, 5, 3]
    assert count(m, 0, "3") == 1 and count(m, 0, "4") == 1 and count(m, 0, "2") == 0


def test_r11_2_a_card_received_in_a_sale_cannot_buy():
    # seat 3 sells a 3 to seat 0 and receives a 2; seat 3 has no 4 and no dealt 2/B/R
    m = start({0: {"3": 0, "2": 1, "B": 0, "R": 0}, 3: {"4": 0, **NO_PAY}})
    m.act(0, "buy3 2")
    m.act(3, "accept")
    assert count(m, 3, "2") == 1
    log = to_play(m)
    assert not [1 for seat, legal, _ in log if seat == 3 and legal[0].startswith("buy")]
    gifts = [(e.seat, e.target, e.value) for e in events(m, "gift")]
    assert gifts == [(0, 3, 4)]  # given a 4 by its 对家, as a seat without dealt 2/B/R (R11.3)
    assert m.hands[3][4] == 1 and m.hands[3][15] == 1


def test_r11_2_a_dealt_card_spent_on_a_3_cannot_buy_the_4_nor_is_it_given_one():
    """R11.2, and R11.3 judged on the cards as dealt (第二十四条 「摸牌结束无3或4且无2、小王和大王」, issue 33):
    a seat dealt one 2, no 3 and no 4 spends the 2 buying a 3; it cannot buy the 4, and having been dealt
    a 2 it is given none (before this reading its 对家 gave it a 4 for nothing)."""
    m = start({0: {"3": 0, "4": 0, "2": 1, "B": 0, "R": 0}})
    m.act(0, "buy3 2")
    m.act(3, "accept")
    log = to_play(m)
    assert not [1 for seat, legal, _ in log if seat == 0 and legal[0].startswith("buy4")]
    assert not events(m, "gift")
    assert m.hands[0][3] == 1 and m.hands[0][4] == 0 and m.hands[0][15] == 0


def test_r11_2_duijia_with_fewer_than_two_cannot_sell():
    """docs/rules.md decision 15/16: selling needs two; then 上联 gives (第二十四条 "确实无法卖")."""
    m = start({0: {"3": 0, "2": 1, "B": 0, "R": 0}, 3: {"3": 1}})
    assert not events(m, "buy-offer")
    assert m.phase != "buy" or m.to_act != 0
    assert [(e.seat, e.target, e.value) for e in events(m, "gift")] == [(4, 0, 3)]
    assert m.hands[0][15] == 1  # kept its 2


def test_r11_2_no_buying_once_play_has_started():
    m = start({0: {"3": 0, "2": 1, "B": 0, "R": 0}})
    to_play(m, lambda seat, legal: "no-buy" if "no-buy" in legal else None)
    assert m.phase == "play"
    with pytest.raises(IllegalAction):
        m.act(m.to_act, "buy3 2")


# ---------------------------------------------------------------------------------------------- R11.3
@pytest.mark.parametrize("threes, giver", [
    ({3: 5}, 3),                              # 对家 first
    ({3: 1, 4: 4}, 4),                        # 对家 cannot: 上联
    ({3: 1, 4: 1, 2: 4}, 2),                  # … then 下联
    ({3: 1, 4: 1, 2: 1, 5: 2}, 5),            # teammates cannot: 上家
    ({3: 1, 4: 1, 2: 1, 5: 1}, 1),            # … then 下家
])
def test_r11_3_gift_of_a_3_goes_down_the_chain(threes, giver):
    wishes = {0: {"3": 0, **NO_PAY}}
    for s, n in threes.items():
        wishes.setdefault(s, {})["3"] = n
    m = start(wishes)
    before = [parse_cards(h)[3] for h in deal(wishes)]
    gifts = events(m, "gift")
    assert [(e.seat, e.target, e.value) for e in gifts] == [(giver, 0, 3)]
    assert m.hands[0][3] == 1  # one card, no more (第二十五条)
    assert m.hands[giver][3] == before[giver] - 1
    assert not events(m, "buy-offer")


def test_r11_3_gift_of_a_4_and_of_a_3_one_each():
    m = start({0: {"3": 0, "4": 0, **NO_PAY}, 3: {"4": 1}})
    gifts = [(e.seat, e.target, e.value) for e in events(m, "gift")]
    assert gifts == [(3, 0, 3), (4, 0, 4)]  # 3s first; the 对家's single 4 cannot be given
    assert m.hands[0][3] == 1 and m.hands[0][4] == 1


def test_r11_3_a_seat_that_kept_its_2_may_still_buy_the_4():
    """R11.2 with R11.3: declining to buy the 3, the seat still holds its dealt 2 — so it gets no gift of the 3
    and may offer the 2 for a 4."""
    m = start({0: {"3": 0, "4": 0, "2": 1, "B": 0, "R": 0}, 3: {"3": 5, "4": 5}})
    log = to_play(m, lambda seat, legal: "no-buy" if "no-buy" in legal and m.queue and m.queue[0].get("rank") == 3
                  else next((a for a in legal if a.startswith(("buy4", "sell"))), None))
    assert not events(m, "gift")
    assert any(action.startswith("buy4") for _, _, action in log)


def test_r11_3_gift_is_automatic_and_logged():
    m = start({2: {"4": 0, **NO_PAY}})
    g = events(m, "gift")
    assert len(g) == 1 and g[0].auto and (g[0].seat, g[0].target, g[0].value) == (5, 2, 4)


# ---------------------------------------------------------------------------------------------- R11.4
def test_r11_4_only_a_seat_without_2_B_R_may_revolt_and_it_sits_out():
    m = start({2: {**NO_PAY}}, rules=REVOLUTION)
    aside = m.hand(2)
    log = to_play(m, lambda seat, legal: "revolt" if "revolt" in legal else None)
    revolt_seats = [seat for seat, legal, _ in log if legal == ["revolt", "no-revolt"]]
    assert revolt_seats == [2]
    assert [e.seat for e in events(m, "revolt-declare")] == [2]
    assert m.revolt == 2 and m.game.revolt == 2
    assert m.game.hand(2) == "" and format_counts(m.game.aside) == aside
    assert m.game.places[2] == 4
    assert [(e.seat, e.value) for e in game_events(m, "revolt")] == [(2, 4)]
    assert m.game.to_act == 0  # seat 0 still leads


def test_r11_4_no_revolt_plays_normally():
    m = start({2: {**NO_PAY}}, rules=REVOLUTION)
    to_play(m)  # default: no-revolt
    assert m.revolt is None and m.game.revolt is None and m.game.hand(2) != ""


def test_r11_4_revolution_switch_off_offers_nothing():
    m = start({2: {**NO_PAY}}, rules=DAGANG)
    log = to_play(m)
    assert not [1 for _, legal, _ in log if "revolt" in legal]


def test_r11_4_eligibility_is_judged_after_buying():
    # seat 0 spends its only 2 on a 3: it then holds no 2/B/R and may revolt;
    # seat 3 (no dealt 2/B/R) receives that 2 in the sale: it holds a 2 and may not
    m = start({0: {"3": 0, "2": 1, "B": 0, "R": 0}, 3: {**NO_PAY}}, rules=REVOLUTION)
    m.act(0, "buy3 2")
    m.act(3, "accept")
    log = to_play(m)
    assert [seat for seat, legal, _ in log if "revolt" in legal] == [0]


def test_r11_4_two_declarations_void_the_deal():
    given = deal({1: {**NO_PAY}, 4: {**NO_PAY}})
    m = Match.from_deal(given, leader=0, rules=REVOLUTION, seed=5)
    assert m.phase == "revolution" and m.to_act == 1
    m.act(1, "revolt")
    assert m.to_act == 4 and m.legal_actions(4) == ["revolt", "no-revolt"]
    m.act(4, "revolt")
    red = events(m, "redeal")
    assert len(red) == 1 and red[0].value == 2
    assert len(events(m, "deal")) == 2 and m.deal_no == 1
    assert m.revolt is None and m.votes == []
    assert [m.hand(s) for s in range(6)] != given
    assert sum(sum(h) for h in m.hands) == DECK_SIZE and [sum(h) for h in m.hands] == [36] * 6
    to_play(m)
    assert m.game.revolt is None


def test_r11_4_redeal_runs_buying_and_tribute_again_on_the_new_cards():
    """docs/rules.md decision 17."""
    prev = {"places": [1, 2, 3, 4, 5, 6], "kaidian": [True] * 6, "shao": [], "men": [], "chuan_san": None,
            "revolt": None, "no3": [], "seat_points": [0] * 6, "team_points": [0, 0]}
    m = start({1: {**NO_PAY}, 4: {**NO_PAY}}, rules=REVOLUTION, previous=prev)
    first = [(e.seat, e.target, e.tag) for e in events(m, "tribute") + events(m, "mian")]
    assert (5, 0, "落贡") in first and (4, 1, "落贡") in first  # 4 has nothing: 免贡
    m.act(1, "revolt")
    m.act(4, "revolt")
    assert events(m, "redeal")
    kinds = [e.kind for e in m.events]
    after = m.events[kinds.index("redeal"):]
    assert [e.kind for e in after][1] == "deal"
    to_play(m)
    after = m.events[kinds.index("redeal"):]
    paid = [(e.seat, e.target) for e in after if e.kind in ("tribute", "mian", "tribute-skip")]
    assert (5, 0) in paid and (4, 1) in paid
    assert sum(sum(h) for h in m.hands) == DECK_SIZE


def test_r11_4_one_declaration_and_one_refusal_do_not_redeal():
    m = start({1: {**NO_PAY}, 4: {**NO_PAY}}, rules=REVOLUTION)
    m.act(1, "no-revolt")
    m.act(4, "revolt")
    to_play(m)
    assert not events(m, "redeal") and m.revolt == 4


def test_r11_4_when_the_leader_revolts_its_xiajia_leads():
    m = start({0: {**NO_PAY}}, leader=0, rules=REVOLUTION)
    to_play(m, lambda seat, legal: "revolt" if "revolt" in legal else None)
    assert m.revolt == 0
    assert m.game.to_act == 1 and m.game.round_leader == 1


def test_r11_4_chosen_leader_revolts_after_chuan_san_xiajia_leads_without_hui():
    """docs/rules.md decision 18: the 下家 then makes an ordinary first lead."""
    prev = {"places": [1, 4, 2, 5, 3, 6], "kaidian": [True] * 6, "shao": [], "men": [], "chuan_san": 0,
            "revolt": None, "no3": [], "seat_points": [0] * 6, "team_points": [5, -5]}
    m = start({1: {**NO_PAY}}, leader=1, rules=REVOLUTION, previous=prev)
    to_play(m, lambda seat, legal: "revolt" if "revolt" in legal else None)
    assert m.revolt == 1
    assert not game_events(m, "hui") and m.game.top is None and m.game.to_act == 2


def test_r11_6_hui_when_the_chosen_leader_plays():
    prev = {"places": [1, 4, 2, 5, 3, 6], "kaidian": [True] * 6, "shao": [], "men": [], "chuan_san": 0,
            "revolt": None, "no3": [], "seat_points": [0] * 6, "team_points": [5, -5]}
    m = start({1: {**NO_PAY}}, leader=1, rules=REVOLUTION, previous=prev)
    to_play(m)
    assert m.revolt is None
    assert [e.seat for e in game_events(m, "hui")] == [1]


def test_r11_4_revolt_seat_and_its_duijia_are_not_offered_the_declaration():
    wishes = {0: {**NO_PAY, "T": 4, "J": 3, "Q": 2, "K": 1, "A": 1}, 3: {"T": 4, "J": 3, "Q": 2, "K": 1, "A": 1}}
    m = start(wishes, rules=REVOLUTION)
    log = to_play(m, lambda seat, legal: "revolt" if "revolt" in legal else None)
    assert m.revolt == 0
    assert not [seat for seat, legal, _ in log if "declare-natural" in legal and seat in (0, 3)]
    m = start(wishes, rules=REVOLUTION)
    log = to_play(m)  # no 革命: both may declare
    assert sorted(seat for seat, legal, _ in log if "declare-natural" in legal) == [0, 3]


def test_r11_4_revolt_seat_takes_4th_place():
    g = Game.from_hands(["3333", "3", "3", "3", "3", "3"], leader=1, rules=REVOLUTION, revolt=0)
    assert g.places[0] == 4 and g.hand(0) == ""
    for seat in (1, 2, 3, 4):
        assert g.to_act == seat
        g.act(seat, "play 3")
    assert g.over and g.chuan_san is None
    assert g.places == [4, 1, 2, 3, 5, 6]


def test_r11_4_revolt_seat_takes_3rd_when_its_team_takes_1st_and_2nd():
    g = Game.from_hands(["3333", "K3", "3", "KK3", "A3", "K3"], leader=2, rules=REVOLUTION, revolt=0)
    g.act(2, "play 3")  # 头科
    for seat in (3, 4, 5, 1):
        assert g.to_act == seat
        g.act(seat, "pass")
    assert g.to_act == 3  # 接风
    g.act(3, "play K")
    g.act(4, "play A")
    assert g.to_act == 4
    g.act(4, "play 3")  # 二科: the 革命 seat becomes 三科 and it is 串三家
    assert g.over and g.chuan_san == 0
    assert g.places[2] == 1 and g.places[4] == 2 and g.places[0] == 3
    r = g.result()
    assert r.team_points == [5, -5]


def test_r11_4_revolt_seat_third_when_its_team_takes_1st_and_2nd_and_the_others_hold_no_3():
    """Seats 1, 3, 5 hold no 3 (R8.3: bottom places 6, 5 and — 4 being the 革命 seat's — 3); seats 2 and 4
    then go out 头科 and 二科. R11.4: the 革命 seat is 三科 and it is 串三家; places stay 1…6 (R9.1)."""
    g = Game.from_hands(["33", "K", "3", "K", "3", "K"], leader=2, rules=REVOLUTION, revolt=0)
    g.act(2, "play 3")  # 头科
    while not g.over:
        legal = list(g.legal_actions(g.to_act))
        g.act(g.to_act, "pass" if "pass" in legal else legal[0])
    assert g.places[2] == 1 and g.places[4] == 2
    assert sorted(g.places) == [1, 2, 3, 4, 5, 6], g.places
    assert g.places[0] == 3 and g.chuan_san == 0


def test_r11_4_the_duijia_of_the_revolt_seat_cannot_gouji():
    hands = ["3", "JJJJJ43", "3", "TTTTT3", "3", "3"]
    g = Game.from_hands(hands, leader=3, rules=REVOLUTION, revolt=0)
    g.act(3, "play TTTTT")
    assert not g.top_gouji
    assert g.to_act == 1 and "play JJJJJ" in g.legal_actions(1)  # a seat holding a 4 may answer
    g = Game.from_hands(hands, leader=3, rules=REVOLUTION)
    g.act(3, "play TTTTT")  # compare: with its 对头 in play it is 够级, seat 1 (holding a 4) may not answer
    assert [e.seat for e in g.events if e.kind == "pass" and e.auto] == [4, 5, 0, 1, 2]
    assert g.to_act == 3 and g.kaidian_chance == 3


def test_r11_4_the_revolt_pair_is_left_out_of_kaidian_scoring():
    # 汇5 by team 0 (seat 0 in 革命); seat 3, the 革命 seat's 对家, answers with a pure 66 that stands
    g = Game.from_hands(["333", "K3", "537", "6643", "538", "K3"], leader=2, rules=REVOLUTION, revolt=0, hui=True)
    assert g.top is not None and g.top[0] == 2 and str(g.top[1]) == "55"
    assert g.to_act == 3
    g.act(3, "play 66")
    assert g.kaidian[3]
    while not g.over:
        g.act(g.to_act, next(iter(g.legal_actions(g.to_act))))
    r = g.result()
    assert r.kaidian[3] and not r.kaidian[0]
    assert ("kaidian", 1) not in r.items[3] and ("no-kaidian", -1) not in r.items[0]


# ---------------------------------------------------------------------------------------------- R11.5
def test_r11_5_tribute_is_paid_after_buying():
    prev = {"places": [1, 2, 3, 4, 5, 6], "kaidian": [True] * 6, "shao": [], "men": [], "chuan_san": None,
            "revolt": None, "no3": [], "seat_points": [0] * 6, "team_points": [0, 0]}
    m = start({0: {"3": 0, "2": 1, "B": 0, "R": 0}}, previous=prev)
    assert m.phase == "buy" and not events(m, "tribute")
    m.act(0, "buy3 2")
    m.act(3, "accept")
    to_play(m)
    kinds = [e.kind for e in m.events]
    assert kinds.index("buy-accept") < kinds.index("tribute")


# ---------------------------------------------------------------------------------------------- R11.6
def chuan_san_match(seed: int = 0) -> Match:
    """Game 1 of 2 ends in 串三家 for team 0 (seats 2, 4 out first, seat 0 goes out third);
    seats 1, 3, 5 then take 4th, 5th, 6th."""
    m = with_game(["3", "3", "", "3", "", "3"], leader=0, places=[None, None, 1, None, 2, None], seed=seed)
    m.act(0, "play 3")
    return m


def test_r11_6_after_chuan_san_the_beaten_team_chooses_the_leader():
    m = chuan_san_match()
    r = m.results[0]
    assert r["chuan_san"] == 0 and r["places"] == [3, 4, 1, 5, 2, 6]
    assert m.phase == "choose-leader" and m.game_no == 2
    assert m.to_act == 5  # the beaten team's lowest-placed seat (docs/rules.md decision 18)
    assert m.legal_actions(5) == ["choose-leader 1", "choose-leader 3", "choose-leader 5"]
    assert m.default_action(5) == "choose-leader 5"
    refused(m, 5, "choose-leader 0")  # not of the beaten team
    refused(m, 1, "choose-leader 1")  # not its turn
    assert not events(m, "lot")
    m.act(5, "choose-leader 3")
    settle_dian(m)
    ch = events(m, "choose-leader")[-1]
    assert (ch.seat, ch.target) == (5, 3)
    assert m.leader == 3
    assert [e for e in m.events if e.kind == "deal"][-1].seat == 3  # it also draws first (第七条)


def test_r11_6_first_lead_after_chuan_san_is_hui5():
    m = chuan_san_match()
    m.act(5, "choose-leader 1")
    to_play(m)
    rank = next(r for r in range(5, 15) if all(m.hands[s][r] for s in (1, 3, 5)))  # 汇5, else 汇6 …
    pooled = format_counts([m.hands[1][r] + m.hands[3][r] + m.hands[5][r] if r == rank else 0 for r in range(18)])
    hui = game_events(m, "hui")
    assert len(hui) == 1 and hui[0].seat == 1 and hui[0].play == pooled
    assert next(e.kind for e in m.game.events if e.kind in ("hui", "lead")) == "hui"
    assert all(m.game.hands[s][rank] == 0 for s in (1, 3, 5))


def test_r11_6_random_match_with_chuan_san_goes_to_choose_leader():
    for seed in range(200):
        m = Match.new(seed=seed, games=2)
        random_game_one(m, random.Random(seed))
        r = m.results[0]
        if r["chuan_san"] is None:
            continue
        losers = [s for s in range(6) if s % 2 != r["chuan_san"]]
        assert m.phase == "choose-leader"
        assert m.to_act == max(losers, key=lambda s: r["places"][s])
        assert m.legal_actions(m.to_act) == [f"choose-leader {s}" for s in losers]
        return
    pytest.fail("no 串三家 in 200 random games")


def test_r11_6_hui_pools_the_lowest_rank_every_member_holds():
    # seat 5 has no 5: the team pools its 6s (汇6)
    g = Game.from_hands(["3", "55663", "3", "5663", "3", "663"], leader=1, rules=REVOLUTION, hui=True)
    hui = [e for e in g.events if e.kind == "hui"]
    assert len(hui) == 1 and hui[0].seat == 1 and hui[0].play == "666666"
    assert g.played[6] == 6 and g.events[0].kind == "hui"
    assert [g.hand(s) for s in (1, 3, 5)] == ["355", "35", "3"]


def hui_game(answer_hand: str) -> Game:
    """Team 1 (seat 1 leads) pools 666666; seat 2 of the winning team holds ``answer_hand``."""
    return Game.from_hands(["3", "55663", answer_hand, "5663", "K3", "663"], leader=1, rules=REVOLUTION, hui=True)


def test_r11_6_pure_answer_to_hui_that_stands_is_kaidian():
    g = hui_game("77777743")
    assert g.to_act == 2
    g.act(2, "play 777777")
    assert g.kaidian[2]
    assert [e.seat for e in g.events if e.kind == "kaidian"] == [2]


def test_r11_6_answer_to_hui_with_an_attached_2_is_not_kaidian():
    g = hui_game("7777724Q3")
    g.act(2, "play 777772")
    assert g.to_act == 2 and g.top is None  # it stood: seat 2 leads the next round
    assert not g.kaidian[2] and not [e for e in g.events if e.kind == "kaidian"]


def test_r11_6_pure_answer_beaten_again_is_not_kaidian():
    g = Game.from_hands(["3", "55663", "77777743", "5663888888", "K3", "663"], leader=1, rules=REVOLUTION, hui=True)
    g.act(2, "play 777777")
    assert g.to_act == 3
    g.act(3, "play 888888")
    assert not any(g.kaidian)


def test_r11_6_hui_kaidian_needs_a_4():
    g = hui_game("7777773")
    g.act(2, "play 777777")
    assert not g.kaidian[2]


# ---------------------------------------------------------------------------------------------- R7.3
NO_PURE = {"T": 4, "J": 3, "Q": 2, "K": 1, "A": 1}


def test_r7_3_declaration_offered_only_to_seats_without_pure_gouji():
    m = start({0: dict(NO_PURE)})
    log = to_play(m, lambda seat, legal: "no-declare" if "no-declare" in legal else None)
    offered = [seat for seat, legal, _ in log if legal == ["declare-natural", "no-declare"]]
    assert 0 in offered
    for s in range(6):
        assert (s in offered) == (not holds_pure_gouji(m.hands[s]))
    assert not game_events(m, "natural") and not m.game.natural[0]


def test_r7_3_declaring_is_recorded_in_the_game():
    m = start({0: dict(NO_PURE), 1: dict(NO_PURE)})
    answer = {0: "declare-natural", 1: "no-declare"}
    log = to_play(m, lambda seat, legal: answer.get(seat) if "no-declare" in legal else None)
    assert sorted(seat for seat, legal, _ in log if "no-declare" in legal) == [0, 1]
    assert m.natural == [0]
    assert [e.seat for e in game_events(m, "natural")] == [0]
    assert m.game.natural[0] and not m.game.natural[1]


def test_r7_3_declaring_comes_before_the_first_lead_and_after_revolution():
    m = start({0: {**NO_PAY, **NO_PURE}}, rules=REVOLUTION)
    log = to_play(m)
    words = [legal[0] for _, legal, _ in log]
    assert words.index("revolt") < words.index("declare-natural")
    assert m.phase == "play" and m.game.ply == 0


# ---------------------------------------------------------------------------------------------- R10.6
def test_r10_6_a_match_plays_the_agreed_number_of_games():
    m = Match.new(seed=21, games=3)
    rng = random.Random(21)
    while not m.over:
        seat = m.to_act
        legal = m.legal_actions(seat)
        m.act(seat, legal[rng.randrange(len(legal))])
    st = m.standings()
    assert st.games == 3 and st.played == 3 and st.over and len(m.results) == 3
    assert st.totals == [sum(r["team_points"][t] for r in m.results) for t in (0, 1)]
    assert st.winner == (None if st.totals[0] == st.totals[1] else (0 if st.totals[0] > st.totals[1] else 1))
    assert [e.kind for e in m.events].count("game-over") == 3 and m.events[-1].kind == "match-over"
    assert m.to_act is None
    before = m.to_json()
    with pytest.raises(IllegalAction):
        m.act(0, "pass")
    assert m.to_json() == before


def test_r10_6_a_match_has_at_least_one_game():
    with pytest.raises(ValueError):
        Match.new(seed=1, games=0)


def test_r10_6_the_team_with_more_points_wins():
    m = with_game(["3"] * 6, leader=0, games=1)
    finish_game(m)
    assert m.over
    st = m.standings()
    assert m.results[0]["places"] == [1, 2, 3, 4, 5, 6]
    assert st.per_game == [[1, -1]] and st.totals == [1, -1] and st.winner == 0


# ---------------------------------------------------------------------------------------------- defaults
def test_every_decision_has_a_default_among_legal_actions():
    prev = {"places": [1, 3, 6, 4, 2, 5], "kaidian": [True, False, True, True, False, True], "shao": [],
            "men": [], "chuan_san": None, "revolt": None, "no3": [], "seat_points": [0] * 6,
            "team_points": [0, 0]}
    # seat 0 buys a 3 (buy-offer, buy-answer); pair 1/4 neither 开点 (dian-choice); 大落 2 pays 头科 0
    # (tribute-mate); seat 5 has no 2/B/R (revolt); seat 0 has no pure 够级牌 (declare)
    m = start({0: {"3": 0, "2": 1, "B": 0, "R": 0, **NO_PURE}, 2: {"2": 2}, 5: {**NO_PAY}}, previous=prev,
              rules=REVOLUTION)
    seen = {}
    while m.phase != "play":
        seat = m.to_act
        legal = list(m.legal_actions(seat))
        d = m.default_action(seat)
        assert d in legal
        seen[legal[0].split()[0]] = d
        m.act(seat, d)
    assert seen == {"buy3": "buy3 2", "accept": "accept", "tribute-both": "tribute-none",
                    "tribute-give": "tribute-give", "revolt": "no-revolt", "declare-natural": "declare-natural"}
    seat = m.to_act
    assert m.default_action(seat) in list(m.legal_actions(seat))
    with pytest.raises(IllegalAction):
        m.default_action((seat + 1) % 6)


def test_r11_6_r8_2_hui_members_left_with_only_threes_are_men_when_it_is_beaten():
    """汇5 takes every member's 5s: a member left holding only 3s has had its last non-3 cards beaten (R8.2)."""
    g2 = Game.from_hands(["53", "K3", "5537", "666643", "53", "K3"], leader=2, rules=REVOLUTION, hui=True)
    assert str(g2.top[1]) == "5555" and g2.to_act == 3
    g2.act(3, "play 6666")
    men = [(e.seat, e.target) for e in g2.events if e.kind == "men"]
    assert (3, 0) in men and (3, 4) in men and (3, 2) not in men  # seat 2 still holds its 7
    assert g2.places[0] in (5, 6) and g2.places[4] in (5, 6)
