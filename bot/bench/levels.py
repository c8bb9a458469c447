"""The arena's levels: every level players are offered (``bot.ai.LEVELS``) and ``basic0``, the frozen
baseline that only the benchmarks know — a baseline is no player, so ``bot.ai`` does not list it
(issue 33 §3)."""

from __future__ import annotations

from bot.ai import LEVELS, Player, make_player

from .basic0 import FrozenBasicPlayer

ARENA_LEVELS: tuple[str, ...] = (*LEVELS, "basic0")
"""Every level the arena plays: ``basic0`` is ``basic`` before issue 17, frozen (``bot.bench.basic0``)."""


def arena_player(level: str, seed: int | None = None, budget: float | None = None, work: int | None = None) -> Player:
    """A player of any arena level, seeded as ``make_player`` seeds one (``budget``, ``work``: ``strong``'s)."""
    if level == "basic0":
        return FrozenBasicPlayer(seed)
    return make_player(level, seed, budget, work)
