"""Issue 32: ``strong`` searches with the distilled ``basic``'s choice as the one an alternative must
beat; ``strongr``, an arena level, is ``strong`` as it was, defaulting to the rules' choice."""

from __future__ import annotations

import pytest

from bot.ai import StrongPlayer
from bot.ai.basic import decide_play
from bot.ai.candidates import candidates
from bot.ai.distil import decide_distilled
from bot.ai.distil_train import walk
from bot.ai.strong import MIN_SAMPLES, chosen, default_of
from bot.bench import arena_game
from bot.bench.levels import ARENA_LEVELS, arena_player


def test_issue32_an_alternative_must_beat_the_default_not_the_first():
    noisy = [[0, 1, 0, 1, 0, 1], [1, 0, 1, 0, 1, 1]]  # the second ahead by 1/6, less than half a standard error
    assert chosen(noisy, default=0) == 0
    assert chosen(noisy, default=1) == 1
    clear = [[0] * 6, [3, 2, 3, 2, 3, 2]]
    assert chosen(clear, default=0) == chosen(clear, default=1) == 1
    level = [[1, 2, 1, 2], [2, 1, 2, 1]]  # equal means: the default stands
    assert chosen(level, default=0) == 0
    assert chosen(level, default=1) == 1


def test_issue32_the_default_is_the_distilled_choice_only_where_it_overrides_the_rules():
    cands = ["pass", "play 55"]
    assert default_of(cands, "play 55", "play 55") == 0  # the rules break a set: passing stays the default
    assert default_of(cands, "play 55", "pass") == 0
    assert default_of(["play 66", "pass"], "play 66", "pass") == 1
    assert default_of(["play 66", "pass"], "play 66", "play 66") == 0


@pytest.mark.parametrize("preset", ["dagang", "classic"])
def test_issue32_strong_defaults_to_the_distilled_basics_choice(preset):
    """With fewer deals than ``MIN_SAMPLES`` no alternative is taken: ``strong`` plays the distilled
    ``basic``'s choice, ``strongr`` the rules' candidate, at every decision where they weigh two."""
    assert "strongr" in ARENA_LEVELS
    assert MIN_SAMPLES > 1
    overrides = 0
    for d, m in walk(5, preset, 1):
        legal = m.legal_actions(d.view.seat)
        rules = decide_play(d.sit, legal, keep_last=True)  # ``basic``'s rules: answers keep the last play's cards
        distilled = decide_distilled(d.sit, legal).action
        expected = distilled if distilled != rules.action else candidates(d.sit, legal, rules.action)[0]
        assert StrongPlayer(0, work=1).decide(d.view, legal).action == expected
        assert arena_player("strongr", 0, work=1).choose(d.view, legal) == d.cands[0]
        overrides += distilled != d.base.action
    assert overrides


def test_issue32_the_arena_times_strongr_under_its_own_name():
    """``strongr`` is a ``StrongPlayer`` (its ``level`` says ``strong``): the arena files its decision times
    under the level it was asked for, as for every other."""
    points, times, counts = arena_game(7, "basic", "strongr", 0, None, work=1)
    assert set(times) == {"basic", "strongr"}
    assert times["basic"] and times["strongr"]
    assert len(counts) == 2
    assert isinstance(points, int)
