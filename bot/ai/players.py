"""The player interface, the ``random`` level (a baseline and a fuzzer) and the factory of all levels."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from bot.engine import MatchView, SeatView

from .distil import BasicPlayer
from .strong import DEFAULT_BUDGET, StrongPlayer

View = MatchView | SeatView


class Player(Protocol):
    """Chooses one of ``legal`` for the seat whose ``view`` it is given.

    The view is all a player may know (``Match.view(seat)`` or ``Game.view(seat)``): its own
    hand and the public table, never the game itself or another hand.
    """

    level: str

    def choose(self, view: View, legal: Sequence[str]) -> str: ...


class RandomPlayer:
    """Uniform over the legal actions, from its own seeded RNG."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[str]) -> str:
        if not len(legal):
            raise ValueError("no legal action to choose from")
        return self.rng.choice(legal)


LEVELS: tuple[str, ...] = ("random", "basic", "strong")
"""The levels players are offered, every level ``make_player`` knows (the arena's frozen ``basic0`` is
a benchmark's, ``bot.bench.levels``)."""


def make_player(level: str, seed: int | None = None, budget: float | None = None, work: int | None = None) -> Player:
    """A player of the named level, seeded for reproducible games.

    ``budget`` is the thinking time of ``strong`` per decision, in seconds (its default when
    None), ``work`` its rollout plies (default: from the budget); the other levels take no time
    worth budgeting and ignore them.
    """
    if level == "random":
        return RandomPlayer(seed)
    if level == "basic":
        return BasicPlayer(seed)
    if level == "strong":
        return StrongPlayer(seed, budget=DEFAULT_BUDGET if budget is None else budget, work=work)
    raise ValueError(f"unknown AI level {level!r}; known: {', '.join(LEVELS)}")
