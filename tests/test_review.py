"""复盘点评 (issue 19, item 2): the positions a review judges are the seat's own decisions as it saw
them then, judged by strong's evaluation; the costliest come first; a review round-trips for the cache."""

from __future__ import annotations

import random

import pytest

from bot.ai.strong import evaluate
from bot.bench import logged_game
from bot.engine import Game, Ruleset
from bot.service.replay import ReplayError, from_log
from bot.service.review import Decision, Review, judge, positions, review

SETTINGS = {"rules": Ruleset.preset().to_dict(), "games": 1}
TINY = 0.01
"""A budget of one deal per decision: enough to exercise the evaluation."""


def _log(seed: int = 5, tuoguan: int | None = None) -> list[tuple[int, int | None, int | None, str]]:
    """A one-game match of ``basic`` players as the table service logs it; ``tuoguan``'s moves are the AI's."""
    _settings, log = logged_game(seed)
    return [(r, s, None if s == tuoguan else user, a) for r, s, user, a in log]


def test_positions_are_the_seats_own_decisions_from_its_view_only():
    log = _log()
    replay = from_log(SETTINGS, log, 1)
    found, forced = positions(SETTINGS, log, 1, 2, game_id=7)
    assert found and forced >= 0
    assert [p.frame for p in found] == sorted({p.frame for p in found})
    for p in found:
        after = replay.frames[p.frame + 1]  # the frame this decision led to
        assert (after.seat, after.action) == (2, p.played)
        assert p.view.seat == 2 and p.view.game is not None and p.view.game.seat == 2
        assert p.view.game.hand == replay.frames[p.frame].hands[2]
        assert "hands" not in p.view.game.public and "initial" not in p.view.game.public  # nobody else's cards
        assert p.played in p.actions and len(set(p.actions)) == len(p.actions) > 1
        assert not p.auto
    moves = sum(1 for f in replay.frames[1:] if f.seat == 2 and f.action is not None)
    assert len(found) + forced <= moves


@pytest.mark.parametrize("rules", ["dagang", "classic"])
def test_positions_of_a_later_game_and_under_classic_match_its_replay(rules):
    settings, log = logged_game(11, rules=Ruleset.preset(rules), games=2)
    replay = from_log(settings, log, 2)
    found, _ = positions(settings, log, 2, 3)
    assert found
    for p in found:
        assert (replay.frames[p.frame + 1].seat, replay.frames[p.frame + 1].action) == (3, p.played)
        assert p.view.game_no == 2 and p.view.game.hand == replay.frames[p.frame].hands[3]


def test_moves_made_without_a_user_are_marked_as_the_ais():
    found, _ = positions(SETTINGS, _log(tuoguan=2), 1, 2)
    assert found and all(p.auto for p in found)


def test_a_game_not_finished_in_the_log_is_refused():
    log = _log()
    with pytest.raises(ReplayError, match="still in progress"):
        positions(SETTINGS, log[: len(log) // 2], 1, 0)


def test_judge_uses_strongs_evaluation_of_the_weighed_actions():
    found, _ = positions(SETTINGS, _log(), 1, 0)
    p = found[0]
    d = judge(p, TINY)
    assert set(d.values) == set(p.actions)
    assert d.values == pytest.approx(evaluate(p.view, p.actions, TINY, random.Random(p.seed)))
    assert d.best in p.actions and d.cost >= 0 and (d.cost == 0) == (d.best == d.played)


def test_evaluate_is_each_actions_mean_team_points():
    g = Game.from_hands(["33QQQ44", "336", "337", "33KKK", "338", "339"], leader=0)
    g.act(0, "play QQQ")
    values = evaluate(g.view(3), ["play KKK", "pass"], TINY, random.Random(1))
    assert set(values) == {"play KKK", "pass"} and all(-100 < v < 100 for v in values.values())


def _d(frame: int, played: float, best: float, auto: bool = False) -> Decision:
    return Decision(frame, "pass", {"pass": played, "play 8": best}, auto)


def test_the_costliest_three_in_order_and_not_the_ais():
    ds = (_d(1, 0, 0.5), _d(2, 1, 1), _d(3, 0, 2, auto=True), _d(4, 0, 1.5), _d(5, 0.2, 0.4), _d(6, 0, 0.5),
          _d(7, 2, 1))
    r = Review(1, 0, TINY, ds, 0)
    assert [d.frame for d in r.worst()] == [4, 1, 6]  # 1.5, then the two of 0.5 in game order; 3 was 托管
    assert r.agreed == 2 and r.lost == pytest.approx(0.5 + 1.5 + 0.2 + 0.5)
    assert _d(2, 1, 1).best == "pass"  # a tie is no mistake


def test_a_review_round_trips_and_every_reason_is_bilingual():
    r = review(3, 1, positions(SETTINGS, _log(), 1, 1), TINY)
    assert Review.from_json(r.to_json()) == r
    for d in r.decisions:
        zh, en = d.reason()
        assert zh and en and zh != en
