"""``bench judge`` (issue 17): the outcome it calls true is the game's own, and its sampled deals
are the search's."""

from __future__ import annotations

from bot.ai.basic import RulesPlayer
from bot.bench.judge import Decision, _gain, judged_decisions
from bot.engine import Match, Ruleset


def test_the_true_outcome_of_basics_choice_is_how_the_game_ended():
    """Played out from the real position by ``basic`` at every seat, the candidate ``basic`` chose is
    the rest of the very game ``basic`` played: its true outcome is that game's result."""
    rules = Ruleset.preset("dagang")
    found = judged_decisions((7, rules, 5, 4, True, False))
    assert found
    m = Match.new(seed=7, rules=rules, games=1)
    basic = RulesPlayer()
    while not m.over:
        m.act(m.to_act, basic.choose(m.view(m.to_act), m.legal_actions(m.to_act)))
    points = m.results[-1]["team_points"]
    for d in found:
        assert len(d.truth) == len(d.scores) >= 2 and all(len(s) == 4 for s in d.scores)
        assert d.truth[d.played] == points[d.seat % 2]
        assert d.believed is not None and [len(s) for s in d.believed] == [4] * len(d.scores)  # issue 32


def test_an_override_gains_its_true_difference_only_past_the_bar():
    d = Decision(0, 0, [1, 4], [[0, 0, 0, 0], [2, 3, 2, 3]])
    assert _gain(d, [0, 1, 2, 3], 1.0) == 3  # the other candidate is clearly better on the deals
    assert _gain(d, [0, 1, 2, 3], 100.0) == 0.0
    worse = Decision(0, 0, [1, 4], [[3, 3, 3, 3], [2, 3, 2, 3]])
    assert _gain(worse, [0, 1, 2, 3], 0.0) == 0.0  # basic's own candidate has the best mean


def test_issue32_the_distilled_default_stands_unless_beaten_past_the_bar():
    noisy = [[0, 1, 0, 1], [1, 0, 1, 1]]  # the second ahead by a quarter, about half a standard error
    d = Decision(0, 0, [1, 4], noisy, distilled=1)
    assert _gain(d, [0, 1, 2, 3], 1.0) == 0.0  # the rules' default stands
    assert _gain(d, [0, 1, 2, 3], 1.0, distilled=True) == 3  # the distilled default stands
    same = Decision(0, 1, [1, 4], noisy, distilled=1)  # the distilled choice is the rules' (a broken set)
    assert _gain(same, [0, 1, 2, 3], 1.0, distilled=True) == 0.0  # passing, first, stays the default


def test_issue32_differs_searches_just_where_the_defaults_differ():
    """``--differs`` walks the same decisions, searches exactly those where the distilled choice is not the
    rules' (as the full judge does, the same seeds), and counts the others unsearched."""
    rules = Ruleset.preset("classic")
    every = judged_decisions((11, rules, 3, 4, False, False))
    differs = judged_decisions((11, rules, 3, 4, False, True))
    assert len(every) == len(differs) > 0
    assert any(d.searched for d in differs) and not all(d.searched for d in differs)
    for full, part in zip(every, differs, strict=True):
        assert part.searched == (full.distilled != full.played)
        if part.searched:
            assert part == full
