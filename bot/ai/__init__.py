"""AI players: they choose an action for one seat from what that seat may know.

A player gets a view (``Match.view(seat)`` or ``Game.view(seat)`` — never the game, never another
hand) and the seat's legal actions, and returns one of them. Every phase is covered: buying,
革命, 宣点, tribute choices and play. Levels: ``random`` (uniform, a baseline and a fuzzer),
``basic`` (the rules of thumb of ``bot.ai.basic``, overridden where a model distilled from
``strong``'s searches predicts a gain: ``bot.ai.distil``) and ``strong`` (determinised Monte Carlo
search over rollouts of the rules of thumb, within a time budget). ``suggest`` gives the 提示 hint.
"""

from __future__ import annotations

from .basic import RulesPlayer
from .distil import BasicPlayer
from .hints import HINT_BUDGET, Suggestion, suggest
from .players import LEVELS, Player, RandomPlayer, make_player
from .strong import StrongPlayer

__all__ = ["HINT_BUDGET", "LEVELS", "BasicPlayer", "Player", "RandomPlayer", "RulesPlayer", "StrongPlayer",
           "Suggestion", "make_player", "suggest"]
