"""The player interface and the ``random`` level (a baseline and a fuzzer)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from bot.engine import MatchView, SeatView

View = MatchView | SeatView


class Player(Protocol):
    """Chooses one of ``legal`` for the seat whose ``view`` it is given."""

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


LEVELS: tuple[str, ...] = ("random",)


def make_player(level: str, seed: int | None = None) -> Player:
    """A player of the named level (``random`` …), seeded for reproducible games."""
    if level == "random":
        return RandomPlayer(seed)
    raise ValueError(f"unknown AI level {level!r}; known: {', '.join(LEVELS)}")
