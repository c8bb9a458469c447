"""``basic0``: ``basic`` as it was before issue 17, frozen so that the arena can measure ``basic``
against its previous self. It is a level of ``make_player`` but not one players are offered."""

from __future__ import annotations

import hashlib

import pytest

from bot.ai import LEVELS, make_player
from bot.ai.players import ARENA_LEVELS
from bot.engine import Match, Ruleset

FINGERPRINTS = {"dagang": "4239aea231937c26", "classic": "0ce722640cbf6a33"}
"""The hash of every action of three seeded one-game matches with ``basic0`` at all seats, taken
when it was copied from ``basic`` (and equal to ``basic``'s then)."""


def _fingerprint(level: str, preset: str, seeds=(1, 2, 3)) -> str:
    h = hashlib.sha256()
    for seed in seeds:
        m = Match.new(seed=seed, rules=Ruleset.preset(preset), games=1)
        players = [make_player(level, s) for s in range(6)]
        while not m.over:
            seat = m.to_act
            action = players[seat].choose(m.view(seat), m.legal_actions(seat))
            h.update(f"{seat}{action};".encode())
            m.act(seat, action)
    return h.hexdigest()[:16]


def test_basic0_is_an_arena_level_but_not_offered_to_players():
    assert make_player("basic0", 1).level == "basic0"
    assert "basic0" in ARENA_LEVELS and "basic0" not in LEVELS


@pytest.mark.parametrize("preset", sorted(FINGERPRINTS))
def test_basic0_plays_exactly_as_basic_did_when_frozen(preset):
    assert _fingerprint("basic0", preset) == FINGERPRINTS[preset]
