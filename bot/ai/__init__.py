"""AI players: they choose an action for one seat from what that seat may know.

A player gets a view (``Match.view(seat)`` or ``Game.view(seat)`` — never the game, never another
hand) and the seat's legal actions, and returns one of them. Every phase is covered: buying,
革命, 宣点, tribute choices and play. Levels: ``random`` (uniform, a baseline and a fuzzer),
``basic`` (rules of thumb, also the rollout policy) and ``strong`` (determinised Monte Carlo
search over ``basic`` rollouts within a time budget). ``suggest`` gives the 提示 hint.
"""

from __future__ import annotations

from .basic import BasicPlayer
from .hints import HINT_BUDGET, Suggestion, suggest
from .players import LEVELS, Player, RandomPlayer, make_player
from .strong import StrongPlayer

__all__ = ["HINT_BUDGET", "LEVELS", "BasicPlayer", "Player", "RandomPlayer", "StrongPlayer", "Suggestion",
           "make_player", "suggest"]
