"""``basic0``: ``basic`` as it was before issue 17, frozen so that the arena can measure ``basic``
against its previous self. A benchmark baseline, not a player (issue 33 §3): the arena knows it
(``bot.bench.levels``), ``make_player`` and the levels players are offered do not, and it reads the
seat through its own frozen copy of ``situation.py`` (the import contract in ``test_layers`` keeps it
off ``bot.ai``)."""

from __future__ import annotations

import hashlib

import pytest

from bot.ai import LEVELS, make_player
from bot.bench.levels import ARENA_LEVELS, arena_player
from bot.engine import Match, Ruleset

FINGERPRINTS = {"dagang": "4239aea231937c26", "classic": "0ce722640cbf6a33"}
"""The hash of every action of three seeded one-game matches with ``basic0`` at all seats, taken
when it was copied from ``basic`` (and equal to ``basic``'s then)."""


def _fingerprint(level: str, preset: str, seeds=(1, 2, 3)) -> str:
    h = hashlib.sha256()
    for seed in seeds:
        m = Match.new(seed=seed, rules=Ruleset.preset(preset), games=1)
        players = [arena_player(level, s) for s in range(6)]
        while not m.over:
            seat = m.to_act
            action = players[seat].choose(m.view(seat), m.legal_actions(seat))
            h.update(f"{seat}{action};".encode())
            m.act(seat, action)
    return h.hexdigest()[:16]


def test_issue33_basic0_is_an_arena_level_but_no_player():
    assert arena_player("basic0", 1).level == "basic0"
    assert arena_player("basic", 1).level == "basic"
    assert "basic0" in ARENA_LEVELS and "basic0" not in LEVELS
    with pytest.raises(ValueError):
        make_player("basic0", 1)


@pytest.mark.parametrize("preset", sorted(FINGERPRINTS))
def test_basic0_plays_exactly_as_basic_did_when_frozen(preset):
    assert _fingerprint("basic0", preset) == FINGERPRINTS[preset]
