"""``basic`` after issue 17: the rules of thumb a good club player keeps (each measured in the arena
against ``basic0``, its frozen previous self)."""

from __future__ import annotations

from helpers import new, play

from bot.ai import RulesPlayer
from bot.ai.basic import MEN_SAFE, decide_play, final_play
from bot.ai.situation import Situation
from bot.engine import Game, parse_play


def _basic(g: Game) -> str:
    """The rules of thumb's choice (the players' ``basic`` may override it where its distilled model
    predicts a gain: tests/test_issue32_distil.py)."""
    seat = g.to_act
    return RulesPlayer().choose(g.view(seat), g.legal_actions(seat))


def test_basic_does_not_answer_into_a_lone_weak_last_play():
    """闷 guard: taking the 6 would leave the 7 as the last play before the 3s, led next and beaten (R8.2)."""
    g = new("3 5 QQ KK 99 88", "33 6 7", "3 TTTT K8", "3 AA99", "3 22JJ", "3 BB88")
    play(g, 0, "5")
    assert g.to_act == 1 and _basic(g) == "pass"


def test_basic_still_answers_when_two_plays_are_left_after_it():
    g = new("3 5 QQ KK 99 88", "33 6 7 A", "3 TTTT K8", "3 AA99", "3 22JJ", "3 BB88")
    play(g, 0, "5")
    assert g.to_act == 1 and _basic(g) == "play 6"


def test_basic_keeps_a_gouji_set_whole_rather_than_break_it_for_dadian():
    """QQQQ out of QQQQQ leaves a lone Q: not worth a plain 打点 on a 够级 that would not 开点."""
    g = new("3 JJJ2 55 66 77 88", "3 7", "3 8", "33 QQQQQ 9 K", "3 T", "3 A")
    play(g, 0, "JJJ2")
    assert g.to_act == 3 and _basic(g) in ("pass", "let")


def test_basic_keeps_the_joker_its_last_play_before_the_3s_needs():
    """R8.2 闷, stop 50: stopping seat 0 going out with the 大王 would leave the T as the last play before the
    3s — beaten almost surely where TR stands. The players' ``basic`` (``keep_last``) declines; the rules as
    ``strong`` searches with them still stop."""
    g = new("3 T 5 6 7", "33 8 9 T R", "3 QQQQ K", "3 AA99", "3 22JJ", "3 BB88")
    play(g, 0, "T")
    sit, legal = Situation.from_view(g.view(1)), g.legal_actions(1)
    assert final_play(sit.hand) == parse_play("TR") and sit.risk(parse_play("TR"), answering=False) <= MEN_SAFE
    assert sit.risk(parse_play("T"), answering=False) > MEN_SAFE
    assert decide_play(sit, legal) == ("play R", "stop-out")
    assert decide_play(sit, legal, keep_last=True) == ("pass", "avoid-men")


def test_basic_keeps_nothing_back_when_its_last_play_is_lost_anyway():
    """Without the 大王 the last play (the T with the 2) is beaten either way: the 2 may stop seat 0."""
    g = new("3 T 5 6 7", "33 8 9 T 2", "3 QQQQ K", "3 AA99", "3 JJ", "3 BB88")
    play(g, 0, "T")
    sit, legal = Situation.from_view(g.view(1)), g.legal_actions(1)
    assert sit.risk(final_play(sit.hand), answering=False) > MEN_SAFE
    assert decide_play(sit, legal, keep_last=True) == decide_play(sit, legal) == ("play 2", "stop-out")
