"""Typed actions (issue 15): ``Action`` is its text and carries its play and kind; acting with a
listed ``Action`` skips the checks only for the position that listed it; the counting test
``can_beat`` agrees with building the answers; listing and validating never disagree."""

from __future__ import annotations

import random

import pytest
from helpers import RULESETS
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Game, IllegalAction, Ruleset, parse_play
from bot.engine.actions import Action, parse_action
from bot.engine.moves import answer_cost, answers, can_beat


def test_an_action_is_its_text_and_parses_back():
    g = Game.from_hands(["33QQQ44", "336", "337", "33KKK", "338", "339"], leader=0)
    legal = g.legal_actions(0)
    a = next(x for x in legal if x == "play QQQ")
    assert isinstance(a, Action) and a == "play QQQ" and hash(a) == hash("play QQQ") and a.play == parse_play("QQQ")
    assert a.kind == "lead" and a.word == "play" and "play QQQ" in legal and a in legal
    assert parse_action(str(a)) == a and parse_action("PLAY  10 10 10") == "play TTT"
    assert parse_action("pass") == "pass" and parse_action(" buy3  2 ") == "buy3 2"
    with pytest.raises(IllegalAction):
        parse_action("play 3 4")
    g.act(0, a)
    answer = g.legal_actions(3)
    assert [(str(x), x.kind) for x in answer] == [("play KKK", "dadian"), ("pass", "pass"), ("let", "let")]


def test_an_action_listed_for_another_position_is_checked_in_full():
    g = Game.from_hands(["33QQQ44", "336", "337", "33KKK", "338", "339"], leader=0)
    stale = next(x for x in g.legal_actions(0) if x == "play 44")
    other = Game.from_json(g.to_json())  # the same position in another object: its own checks
    other.act(0, stale)
    assert other.hand(0) == "33QQQ"
    g.act(0, "play QQQ")
    with pytest.raises(IllegalAction):
        g.act(0, stale)  # listed at ply 0 for seat 0: it is seat 3's turn now


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=RULESETS, pick=st.integers(0, 2**32 - 1))
def test_listing_counting_and_validating_agree_all_game_long(seed, rules, pick):
    """Every listed action is accepted with the kind it was listed with; a seat is passed for lack of a
    play exactly when no answer exists (``can_beat`` vs building them); acting with the listed
    ``Action`` or with its text gives the same game."""
    g, twin = Game.deal(seed, rules), Game.deal(seed, rules)
    rng = random.Random(pick)
    while not g.over:
        seat = g.to_act
        legal = g.legal_actions(seat)
        for a in list(legal)[:40]:
            assert g.action_kind(seat, str(a)) == a.kind, a
        if g.top is not None:
            for s in range(6):
                if any(g.hands[s]):
                    built = next(iter(answers(g.hands[s], g.top[1], g.rules)), None) is not None
                    assert can_beat(g.hands[s], g.top[1], g.rules) == built
        a = rng.choice(legal)
        g.act(seat, a)
        twin.act(seat, str(a))
    assert g.to_json() == twin.to_json()


def test_can_beat_agrees_with_answers_on_random_hands():
    rng = random.Random(5)
    ranks = "456789TJQKA2BR"
    for rules in (Ruleset.preset(), Ruleset.preset(joker_two_kill_one_extended=True)):
        for _ in range(3000):
            hand = [0] * 18
            for r in rng.sample(range(4, 18), rng.randint(1, 6)):
                hand[r] = rng.randint(1, 4)
            base = rng.choice(ranks[:-2])
            old = parse_play(base * rng.randint(1, 3) + "2" * rng.randint(0, 1) + "B" * rng.randint(0, 1)
                             + "R" * rng.randint(0, 1)) if base not in "4" else parse_play("4" * rng.randint(1, 3))
            assert can_beat(hand, old, rules) == any(True for _ in answers(hand, old, rules)), (hand, old)


def test_answers_come_cheapest_first_without_sorting():
    """``answers`` yields in ``answer_cost`` order (fewer 大王, 小王, 2s, then the weaker rank), which is
    the order of ``legal_actions`` and so of the AI's and the panel's lists."""
    rng = random.Random(9)
    for _ in range(2000):
        hand = [0] * 18
        for r in rng.sample(range(4, 18), rng.randint(2, 8)):
            hand[r] = rng.randint(1, 4)
        old = parse_play(rng.choice("56789TJQKA") * rng.randint(1, 4) + "B" * rng.randint(0, 1))
        found = list(answers(hand, old, Ruleset.preset()))
        assert found == sorted(found, key=answer_cost)


@pytest.mark.parametrize("need_joker", [False, True])
def test_lead_space_perft_indexing_iteration_and_brute_force_agree(need_joker):
    """A perft for the lazy lead generator (R2.4, R8.1, R6.4): on random small hands, its length, its
    i-th element, its iteration and a brute-force enumeration of every sub-multiset that parses as a
    play all give the same leads, each once."""
    from itertools import product

    from bot.engine.errors import InvalidPlay
    from bot.engine.moves import LeadSpace, only_threes
    from bot.engine.plays import play_from_counts

    rng = random.Random(11 + need_joker)
    for _ in range(150):
        hand = [0] * 18
        for r in rng.sample(range(3, 18), rng.randint(1, 5)):
            hand[r] = rng.randint(1, 3)
        space = LeadSpace(hand, need_joker)
        listed = list(space)
        assert len(listed) == len(space) == len(set(listed))
        assert [space[i] for i in range(len(space))] == listed
        brute = set()
        for counts in product(*(range(n + 1) for n in hand)):
            try:
                p = play_from_counts(list(counts))
            except InvalidPlay:
                continue
            if p.is_threes and not (only_threes(hand) and p.n == hand[3]):
                continue  # 3s are led only last, all at once (R8.1)
            if need_joker and not (p.black or p.red) and not only_threes(hand):
                continue  # 步步带王 (R6.4)
            brute.add(p)
        assert set(listed) == brute, hand
