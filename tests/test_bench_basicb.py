"""``basicb`` (issue 32): ``basic`` judging whether an opponent beats a play by the learned belief's
expected hands. An arena level to measure, not a player (``bot.bench.levels``); its odds reduce to
``basic``'s own when the belief is the uniform guess."""

from __future__ import annotations

import random

import pytest
from helpers import play_legally

from bot.ai import LEVELS, make_player
from bot.ai.situation import beat_odds, held_beat_odds
from bot.bench.levels import ARENA_LEVELS, arena_player
from bot.engine import Match, Ruleset, parse_play
from bot.engine.cards import BLACK, RED, THREE, TWO


def test_issue32_basicb_is_an_arena_level_but_no_player():
    assert arena_player("basicb", 1).level == "basicb"
    assert "basicb" in ARENA_LEVELS and "basicb" not in LEVELS
    with pytest.raises(ValueError):
        make_player("basicb", 1)


@pytest.mark.parametrize("text", ["5", "JJJ", "AAAAA", "2", "22", "TT2B", "B", "R", "BB", "KKKKR", "RR"])
def test_issue32_uniform_held_odds_equal_basics(text):
    """A hand expected to hold its share c/u of every unseen rank has the uniform guess's odds."""
    rules = Ruleset.preset("classic")
    rng = random.Random(len(text))
    for _ in range(20):
        unseen = [0] * THREE + [rng.randint(0, 12) for _ in range(THREE, TWO)] + [rng.randint(0, 8)] \
            + [rng.randint(0, 4) for _ in (BLACK, RED)]
        c = rng.randint(1, sum(unseen))
        held = [n * c / sum(unseen) for n in unseen]
        play = parse_play(text)
        assert held_beat_odds(play, unseen, held, rules) == pytest.approx(beat_odds(play, unseen, c, rules))


@pytest.mark.parametrize("preset", ["dagang", "classic"])
def test_issue32_basicb_acts_legally(preset):
    """Every action ``basicb`` chooses is legal, through every phase of seeded matches."""
    for seed in (5, 6):
        m = Match.new(seed=seed, rules=Ruleset.preset(preset), games=1)
        play_legally(m, [arena_player("basicb", seed * 6 + s) for s in range(6)])
