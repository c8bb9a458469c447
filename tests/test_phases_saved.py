"""Issue 33 §1: the phases before play moved into their switches' modules (上班 R14.4, 革命 R11.4, 冲点
R14.6, 要头 R14.7, 宣点 R7.3) with every kind of task and every task's fields as they were, so that a
match saved in the middle of one loads and plays on as before.

``tests/snapshots/before_play_classic.json`` was written by the engine before the move (main at
695f8ce): for each decision, a classic match (every one of these switches on) stopped at the first
such decision of a seeded random match, and the SHA-256 of that match played on to its end (two
games, the second's phases included) by a seeded random choice among the legal actions.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from bot.engine import Match, Ruleset

SAVED = json.loads((Path(__file__).parent / "snapshots" / "before_play_classic.json").read_text(encoding="utf-8"))
CLASSIC = Ruleset.preset("classic")


def _play_on(m: Match, rng: random.Random) -> str:
    while not m.over:
        seat = m.to_act
        assert seat is not None
        m.act(seat, str(rng.choice(m.legal_actions(seat))))
    return hashlib.sha256(m.to_json().encode()).hexdigest()


def test_issue33_1_a_saved_match_waits_at_each_decision_before_play() -> None:
    assert sorted(SAVED) == ["chongdian", "declare", "revolt", "shangban", "yaotou"]


@pytest.mark.parametrize("kind", sorted(SAVED))
def test_issue33_1_a_match_saved_before_play_loads_byte_for_byte_and_plays_on_as_before(kind: str) -> None:
    saved = SAVED[kind]
    m = Match.from_json(saved["match"])
    assert m.decision == kind and m.to_json() == saved["match"]
    assert _play_on(m, random.Random(kind)) == saved["end"]


@pytest.mark.parametrize("kind", sorted(SAVED))
def test_issue33_1_the_same_deal_comes_to_the_same_decision_as_before(kind: str) -> None:
    """The queue after the deal, built from the switches' plans, stops where the match's own did."""
    saved = SAVED[kind]
    m = Match.new(seed=saved["seed"], rules=CLASSIC, games=2)
    rng = random.Random(saved["seed"])
    while m.decision != kind:
        seat = m.to_act
        assert seat is not None and m.game_no == 1 and m.phase != "play"
        m.act(seat, str(rng.choice(m.legal_actions(seat))))
    assert m.to_json() == saved["match"]
