"""AI players: they choose an action for one seat from what that seat may know.

A player gets a view (``Match.view(seat)`` or ``Game.view(seat)`` — never the game, never another
hand) and the seat's legal actions, and returns one of them. Every phase is covered: buying,
革命, 宣点, tribute choices and play.
"""

from __future__ import annotations

from .players import LEVELS, Player, RandomPlayer, make_player

__all__ = ["LEVELS", "Player", "RandomPlayer", "make_player"]
