"""Errors of the engine. Every one carries a reason a player reads, in Chinese and English.

They subclass ``ValueError`` (as python-chess's ``IllegalMoveError`` does) so that callers
which only care about "bad input" can catch one thing, while front ends show ``str(e)``.
"""

from __future__ import annotations


class GoujiError(ValueError):
    """Base of the engine's errors: ``zh`` and ``en`` hold the two halves of the reason."""

    def __init__(self, zh: str, en: str) -> None:
        super().__init__(f"{zh} / {en}")
        self.zh = zh
        self.en = en


class InvalidCards(GoujiError):
    """Text that does not name cards (an unknown character, more cards than four decks hold)."""


class InvalidPlay(InvalidCards):
    """Text that names cards but is not one legal play shape (R2.4)."""


class IllegalAction(GoujiError):
    """An action the rules do not allow for this seat now; the game state is left untouched."""
