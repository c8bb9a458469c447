"""AI players under the ``classic`` preset (R14): 烧牌 only when the jokers cover the duty, a burner's
jokered leads, 开点 without 4s, 冲点, and every new decision before play (上班, 冲点, 要头/无头, the
compulsory 买三) answered legally by every level; whole classic matches played to the end."""

from __future__ import annotations

import copy
import random

import pytest
from helpers import advance, deal, new, pass_, play
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import BasicPlayer, RulesPlayer, StrongPlayer, make_player, suggest
from bot.ai.basic import REASONS, burn_lead, burn_ok, decide, yaotou_pays
from bot.ai.sample import Sampler
from bot.ai.situation import Situation
from bot.engine import Game, Match, Ruleset, parse_cards, parse_play

CLASSIC = Ruleset.preset("classic")
SMALL_WORK = 300
"""Rollout plies for ``strong`` in tests: a few deals, enough to exercise the search."""


def _strong(seed: int = 0) -> StrongPlayer:
    return StrongPlayer(seed, budget=30.0, work=SMALL_WORK)


def _players(seed: int) -> list:
    return [make_player("random", seed), BasicPlayer(), _strong(seed)]


def _basic(g: Game) -> str:
    """The rules of thumb's choice (the players' ``basic`` may override it where its distilled model
    predicts a gain: tests/test_issue32_distil.py)."""
    seat = g.to_act
    return RulesPlayer().choose(g.view(seat), g.legal_actions(seat))


def _kinds(g: Game, kind: str) -> list:
    return [e for e in g.events if e.kind == kind]


# ---------------------------------------------------------------------- 烧牌 (R14.2)
def test_burn_ok_counts_the_jokers_the_later_leads_need():
    """R14.2: every lead of a burner carries a joker but the one that empties its hand (its 3s)."""
    assert burn_ok(parse_cards("333"))  # only 3s: nothing to lead but them
    assert not burn_ok(parse_cards("3 K 22"))  # the K22 lead is not the last (the 3s are): it needs a joker
    assert burn_ok(parse_cards("3 K 22 B"))
    assert burn_ok(parse_cards("K 22"))  # no 3: K22 empties the hand, no joker needed
    assert not burn_ok(parse_cards("3 5 9 K BR"))  # three leads before the 3s, two jokers
    assert burn_ok(parse_cards("3 5 9 K BRR"))
    assert burn_ok(parse_cards("5 9 K BR"))  # no 3: 5B, 9R, then K empties the hand
    assert not burn_ok(parse_cards("3 5 9 2 B")) and burn_ok(parse_cards("3 5 9 2 BR"))
    assert not burn_ok(parse_cards("3 44 9 B"))  # the 4s carry nothing and are not the last lead
    assert burn_ok(parse_cards("44 9 B")) and not burn_ok(parse_cards("44 9"))  # no 3: the 4s go last
    assert not burn_ok(parse_cards("44 22")) and burn_ok(parse_cards("44 22 R"))  # 2s alone carry a joker first


def test_burn_lead_is_the_cheapest_rank_with_the_cheapest_joker_and_ends_with_the_rest():
    assert burn_lead(parse_cards("3 5 9 K BR")) == parse_play("5B")
    assert burn_lead(parse_cards("3 9 K 2 R")) == parse_play("9R")
    assert burn_lead(parse_cards("3 K 22 B")) == parse_play("K22B")  # the last play takes every 2 and joker
    assert burn_lead(parse_cards("44 9 B")) == parse_play("9B")  # no 3: 4s last
    assert burn_lead(parse_cards("44")) == parse_play("44")
    assert burn_lead(parse_cards("333")) is None


# seat 0 leads 够级 QQQ; its team (2, 4) may burn first, then seat 1 and 5, and its 对头 seat 3 last
NO_JOKERS = ("3 QQQ 55", "3 KKK 5 7 9", "3 6", "3 4", "3 8", "3 6")
JOKERS = ("3 QQQ 55", "3 KKK 5 7 B R", "3 6", "3 4", "3 8", "3 6")


def test_basic_never_burns_into_a_certain_shao_failure():
    g = new(*NO_JOKERS, rules=CLASSIC)
    play(g, 0, "QQQ")
    assert g.to_act == 1 and "play KKK" in g.legal_actions(1)  # burning is allowed …
    doomed = copy.deepcopy(g)  # … and would fail for certain: nobody beats KKK, and no joker to lead with
    doomed.act(1, "play KKK")
    assert _kinds(doomed, "shao-fail") and doomed.places[1] == 6
    choice = decide(g.view(1), g.legal_actions(1))
    assert choice.action == "pass" and choice.why == "no-burn"


def test_basic_burns_when_its_jokers_cover_every_later_lead_and_leads_them_cheapest_first():
    g = new(*JOKERS, rules=CLASSIC)
    play(g, 0, "QQQ")
    assert _basic(g) == "play KKK"
    g.act(1, "play KKK")
    assert g.burning == (1, 0) and g.view(1).duty[1]
    while g.to_act != 1:
        pass_(g, g.to_act)
    assert _basic(g) == "play 5B"  # a burner's lead carries a joker: the weakest rank, the cheaper joker
    play(g, 1, "5B")
    while g.to_act != 1:
        pass_(g, g.to_act)
    assert _basic(g) == "play 7R"  # the last play before the 3 takes what is left
    play(g, 1, "7R")
    while not g.over and g.to_act != 1:
        pass_(g, g.to_act)
    assert _basic(g) == "play 3"
    play(g, 1, "3")
    assert _kinds(g, "shao-ok") and not _kinds(g, "shao-fail")


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_basic_seats_never_fail_a_burn_in_whole_classic_matches(seed):
    m = Match.new(seed=seed, rules=CLASSIC, games=2)
    p = BasicPlayer()
    games = []
    while not m.over:
        seat = m.to_act
        m.act(seat, p.choose(m.view(seat), m.legal_actions(seat)))
        if m.game is not None and (not games or games[-1] is not m.game):
            games.append(m.game)
    for g in games:
        assert not _kinds(g, "shao-fail")


# ---------------------------------------------------------------------- 开点 without 4s (R14.1)
def test_basic_leads_a_gouji_play_that_probably_stands_to_open_and_not_its_4s_first():
    g = new("3 44 KK 6", "3 5", "3 7", "3 8", "3 9", "3 T", rules=CLASSIC)
    choice = decide(g.view(0), g.legal_actions(0))
    assert (choice.action, choice.why) == ("play KK", "open")
    play(g, 0, "KK")
    while g.to_act != 0:
        pass_(g, g.to_act)
    assert g.kaidian[0]
    assert _basic(g) == "play 44"  # 开点 done: the 4s are just the weakest rank now (no 4-hoarding)


def test_basic_answers_a_duitou_gouji_that_would_open():
    g = new("3 QQQ 6", "3 5", "3 7", "3 KKK 8", "3 9", "3 T", rules=CLASSIC)
    play(g, 0, "QQQ")
    assert g.to_act == 3 and _basic(g) == "play KKK"


# ---------------------------------------------------------------------- 冲点 and 要头 in play (R14.6, R14.7)
CHONG = ["3AAAKKQQQ", "3KKK5", "3556", "3222AAKKK", "37", "38"]


def test_basic_beats_all_three_chongdian_sets_when_it_can_cheaply():
    hands = ["3KKKQQQJJJJ", "3KKK5", "3556", "3AAAKKKQQQQ5", "37", "38"]
    g = Game.from_hands(hands, leader=1, rules=CLASSIC, revolt=0, chongdian=["KKK", "QQQ", "JJJJ"], yaotou=False)
    assert g.to_act == 3
    choice = decide(g.view(3), g.legal_actions(3))
    assert (choice.action, choice.why) == ("play AAA", "chong-beat")


@pytest.mark.parametrize("hand", ["3222JJ999", "3222AAKKK"])  # KK cannot be beaten after 222 / only with 2s
def test_basic_keeps_its_cards_rather_than_beat_chongdian_sets_it_cannot_all_beat_cheaply(hand):
    hands = ["3AAAKKQQQ", "3KKK5", "3556", hand, "37", "38"]
    g = Game.from_hands(hands, leader=1, rules=CLASSIC, revolt=0, chongdian=["AAA", "KK", "QQQ"], yaotou=True)
    choice = decide(g.view(3), g.legal_actions(3))
    assert (choice.action, choice.why) == ("pass", "chong-pass")


def test_the_wutou_head_answers_anyone_and_the_yaotou_head_only_burns_when_its_jokers_allow():
    hands = ["3AAA", "35", "3QQQ6", "3KKK579", "38", "36"]  # seat 3 is the head of 革命 seat 0
    expected = {False: ("play KKK", "stop-kaidian"), True: ("pass", "no-burn")}
    for yaotou in (False, True):
        g = Game.from_hands(hands, leader=2, rules=CLASSIC, revolt=0, yaotou=yaotou)
        play(g, 2, "QQQ")  # 够级 of seat 2, whose 对头 is seat 5: the head may only burn it under 要头
        assert g.to_act == 3
        assert decide(g.view(3), g.legal_actions(3)) == expected[yaotou]


def test_the_yaotou_head_goes_out_on_a_sijiji_play_that_only_a_burn_could_beat():
    """R14.7 够死级: under 要头 the head's KK (够级) is answered only by a burn, so it stands and goes out;
    under 无头 the same KK is a plain play that AA, 22 or a joker beats, and a beaten last play is 闷."""
    hands = ["3", "3 5678 TJQ", "3 99 5678 JQ", "33 KK", "3 5678 9TJ", "3 5678 9TQ"]  # seat 3: head of seat 0
    expected = {True: ("play KK", "go-out"), False: ("pass", "avoid-men")}
    for yaotou in (True, False):
        g = Game.from_hands(hands, leader=2, rules=CLASSIC, revolt=0, yaotou=yaotou)
        play(g, 2, "99")
        assert g.to_act == 3
        sit = Situation.from_view(g.view(3))
        assert sit.dead(parse_play("KK")) is yaotou and not sit.dead(parse_play("55"))
        assert decide(g.view(3), g.legal_actions(3)) == expected[yaotou]


def test_yaotou_pays_only_without_jokers():
    """R14.7: 要头 gives up answering anyone's 够级 for three 够死级 plays — measured worth it for a head
    holding no 小王/大王 (it could beat few 够级 plays anyway), not for one holding any."""
    assert yaotou_pays(parse_cards("333 444 555 66 777 888 999 TTT JJJ QQQ KK AAA 2222"))
    assert yaotou_pays(parse_cards("3 444 555 66 777 888 999 TTTTT JJJJ QQQ KK AA 22222"))  # strong 2s, no joker
    assert not yaotou_pays(parse_cards("33 444 555 66 777 888 999 TTT JJJ QQQ KK AAA 222 B"))
    assert not yaotou_pays(parse_cards("3 4444 555 66 777 888 999 TTT JJ QQ K A 2 R"))  # one 大王 is enough


def _head_at_yaotou(head: dict[str, int], mirrored: bool) -> Match:
    """A deal in which seat 0 revolts and its 对头, seat 3, holding ``head``'s wishes, declares (R14.7);
    ``mirrored`` swaps the hands of seats 1 and 5 and of 2 and 4, which seat 3 cannot see."""
    wishes = {0: {"3": 2, "2": 0, "B": 0, "R": 0, "A": 3, "K": 2, "Q": 3, "J": 0, "T": 0}, 3: {"3": 2, **head}}
    hands = deal(wishes)
    if mirrored:
        hands = [hands[0], hands[5], hands[4], hands[3], hands[2], hands[1]]
    return _at_decision(Match.from_deal(hands, leader=1, rules=CLASSIC), "yaotou", _revolt)


@pytest.mark.parametrize(("head", "declared"), [({"B": 0, "R": 0}, "yaotou"), ({"B": 1, "R": 1}, "wutou")])
def test_basic_says_yaotou_when_it_pays_from_its_own_hand_only(head, declared):
    """R14.7: the declaration follows ``yaotou_pays`` on the head's hand, whatever the hidden hands hold."""
    seen = []
    for mirrored in (False, True):
        m = _head_at_yaotou(head, mirrored)
        assert m.to_act == 3
        choice = decide(m.view(3), m.legal_actions(3))
        assert choice.action == declared and choice.why == declared and choice.why in REASONS
        seen.append(m.hand(3))
    assert seen[0] == seen[1]  # the same hand both times: only the hidden hands differ


# ---------------------------------------------------------------------- the new decisions before play
SUITS = ["SSH", "CCCD", "SSDD", "HHC", "D", "H"]


def _at_decision(m: Match, kind: str, choose=None) -> Match:
    """Drive the match with default actions (or ``choose``) until ``kind`` is the decision due."""
    while m.phase != "play" and not (m.queue and m.queue[0]["kind"] == kind):
        seat = m.to_act
        m.act(seat, choose(m, seat) if choose else m.default_action(seat))
    assert m.view(m.to_act).decision == kind
    return m


def _revolt_match() -> Match:
    wishes = {0: {"3": 2, "2": 0, "B": 0, "R": 0, "A": 3, "K": 2, "Q": 3, "J": 0, "T": 0}}
    return Match.from_deal(deal(wishes), leader=1, rules=CLASSIC)


def _revolt(m: Match, seat: int) -> str:
    return "revolt" if seat == 0 and m.queue[0]["kind"] == "revolt" else m.default_action(seat)


def _decision_matches() -> dict[str, Match]:
    fours = {s: {"4": len(x)} for s, x in enumerate(SUITS)}
    buy = Match.from_deal(deal({0: {"3": 0, "2": 2, "B": 1, "R": 0}, 3: {"3": 3}}), leader=0, rules=CLASSIC)
    return {
        "shangban": Match.from_deal(deal(fours), leader=2, rules=CLASSIC, suits=SUITS, shangban=True),
        "buy-offer": buy,
        "chongdian": _at_decision(_revolt_match(), "chongdian", _revolt),
        "yaotou": _at_decision(_revolt_match(), "yaotou", _revolt),
        "revolt": _at_decision(_revolt_match(), "revolt"),
    }


@pytest.mark.parametrize("kind", ["shangban", "buy-offer", "chongdian", "yaotou", "revolt"])
def test_every_level_answers_the_classic_decisions_legally_with_reasons(kind):
    m = _decision_matches()[kind]
    seat = m.to_act
    view, legal = m.view(seat), m.legal_actions(seat)
    assert view.decision == kind
    for player in _players(seat):
        assert player.choose(view, legal) in legal
    choice = decide(view, legal)
    assert choice.action in legal and choice.why in REASONS
    hint = suggest(view, seat)
    assert hint is not None and hint.action == choice.action and hint.zh and hint.en


def test_basic_choices_before_play_in_classic():
    m = _decision_matches()
    assert decide(m["shangban"].view(2), m["shangban"].legal_actions(2)).action == "shangban"
    buy = m["buy-offer"]
    assert buy.legal_actions(0) == ["buy3 2", "buy3 B"]  # compulsory: no "no-buy"
    assert decide(buy.view(0), buy.legal_actions(0)) == ("buy3 2", "buy3-classic")  # a 2, not the joker
    ch = m["chongdian"]
    assert decide(ch.view(0), ch.legal_actions(0)).action == "chongdian AKQ"  # AAA KK QQQ: hard to beat all
    revolt = m["revolt"].view(0)
    assert decide(revolt, m["revolt"].legal_actions(0)).action in ("revolt", "no-revolt")


def test_a_classic_seat_without_2s_or_jokers_but_three_gouji_sets_revolts_for_chongdian():
    from bot.ai.basic import decide_setup

    class View:  # the parts of a MatchView that the decision reads
        def __init__(self, hand: str, rules: Ruleset) -> None:
            self.hand, self.decision, self.seat, self.events, self.game = hand, "revolt", 0, [], None
            self.rules = rules.to_dict()

    hand = "33 AAA KK QQQ 5566778899"
    assert decide_setup(View(hand, CLASSIC), ["revolt", "no-revolt"]) == ("revolt", "revolt-chong")
    assert decide_setup(View(hand, Ruleset.preset()), ["revolt", "no-revolt"]) == ("revolt", "revolt")  # no 冲点


# ---------------------------------------------------------------------- whole matches, hidden cards
def test_a_whole_classic_match_plays_to_the_end_with_ai_seats():
    m = Match.new(seed=5, rules=CLASSIC, games=2)  # two: the tribute between games is met too
    players = [BasicPlayer(), _strong(1), make_player("random", 2), _strong(3), BasicPlayer(), make_player("random", 4)]
    steps = 0
    while not m.over:
        seat = m.to_act
        legal = m.legal_actions(seat)
        action = players[seat].choose(m.view(seat), legal)
        assert action in legal
        m.act(seat, action)
        steps += 1
        assert steps < 5000
    assert len(m.results) == 2 and all(sum(r["team_points"]) == 0 for r in m.results)


def _burning_game() -> Game:
    g = new(*JOKERS, rules=CLASSIC)
    play(g, 0, "QQQ")
    g.act(1, "play KKK")
    return g


def test_classic_states_rebuild_from_a_seat_view_with_burn_head_and_chongdian():
    chong = Game.from_hands(CHONG, leader=1, rules=CLASSIC, revolt=0, chongdian=["AAA", "KK", "QQQ"], yaotou=True)
    for g in (_burning_game(), chong):
        seat = g.to_act
        view = g.view(seat)
        for i in range(5):
            hands, aside = Sampler(view).deal(random.Random(i))
            h = Game.from_public(view.public, hands, aside)
            assert h.view(seat).to_dict() == view.to_dict()
            assert h.burning == g.burning and h.head == g.head and h.chong == g.chong
            assert list(h.legal_actions(seat)) == list(g.legal_actions(seat))
            finish = random.Random(i)
            while not h.over:  # the rebuilt game plays on to the end (the 冲点 sets are in the 革命 pile)
                h.act(h.to_act, finish.choice(h.legal_actions(h.to_act)))
        assert _strong(2).choose(view, g.legal_actions(seat)) in g.legal_actions(seat)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 200), other=st.integers(0, 2**32 - 1))
def test_classic_decisions_do_not_depend_on_hidden_hands(seed, cut, other):
    g = Game.deal(seed, CLASSIC)
    rng = random.Random(seed)
    if not advance(g, rng, cut):  # random seats burn often and fail: the set-aside pile is rebuilt too
        return
    seat = g.to_act
    hands, aside = Sampler(g.view(seat)).deal(random.Random(other))
    h = Game.from_public(g.public_dict(seat), hands, aside)
    assert h.view(seat).to_dict() == g.view(seat).to_dict()
    assert BasicPlayer().choose(g.view(seat), g.legal_actions(seat)) == \
        BasicPlayer().choose(h.view(seat), h.legal_actions(seat))
    assert _strong(5).choose(g.view(seat), g.legal_actions(seat)) == \
        _strong(5).choose(h.view(seat), h.legal_actions(seat))


def test_bench_yaotou_plays_each_deal_that_comes_to_the_declaration_both_ways(capsys):
    """R14.7, issue 17 item 1: the benchmark behind ``yaotou_pays`` finds deals at the 要头/无头 decision
    and plays each out per policy; ``basic``'s policy scores what its own declaration scored."""
    from bot.bench.yaotou import at_declaration, bench_yaotou

    found = bench_yaotou(2, seed=1_000_000, workers=1, rules=CLASSIC)
    assert "yaotou − wutou" in capsys.readouterr().out and len(found) == 2
    for d in found:
        m = at_declaration(d.seed, CLASSIC)
        assert m is not None and m.decision == "yaotou"
        assert d.said == ("yaotou" if yaotou_pays(parse_cards(m.hand(m.to_act))) else "wutou")
        assert d.points["basic"] == d.points[d.said]
    with pytest.raises(SystemExit):
        bench_yaotou(1, seed=1, workers=1, rules=Ruleset.preset())  # 大纲: no 要头 to declare
