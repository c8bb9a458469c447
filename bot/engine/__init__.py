"""The 够级 rules engine: pure Python, no I/O, randomness only from a passed-in seed.

Public face (see ``shared/rules/ENGINE_API.md``)::

    from bot.engine import Ruleset, Game, parse_play, beats, is_gouji, is_pure_gouji
    g = Game.from_hands([...six hands...], leader=0)
    g.act(g.to_act, "play TTTTT")
"""

from .cards import DECK_SIZE, SEATS, format_counts, opposite, parse_cards, team_of
from .errors import GoujiError, IllegalAction, InvalidCards, InvalidPlay
from .events import PLACE_EN, PLACE_ZH, Event, EventKind
from .game import Game, table_lost
from .legal import LegalActions
from .log_words import EVENT_WORDS, describe
from .match import Match, MatchView, Standings, secret_decision
from .plays import Play, beats, is_gouji, is_pure_gouji, parse_play
from .ruleset import Ruleset
from .scoring import ITEM_NAMES, GameResult, double_words
from .view import SeatView

__all__ = [
    "DECK_SIZE",
    "EVENT_WORDS",
    "ITEM_NAMES",
    "PLACE_EN",
    "PLACE_ZH",
    "SEATS",
    "Event",
    "EventKind",
    "Game",
    "GameResult",
    "GoujiError",
    "IllegalAction",
    "InvalidCards",
    "InvalidPlay",
    "LegalActions",
    "Match",
    "MatchView",
    "Play",
    "Ruleset",
    "SeatView",
    "Standings",
    "beats",
    "describe",
    "double_words",
    "format_counts",
    "is_gouji",
    "is_pure_gouji",
    "opposite",
    "parse_cards",
    "parse_play",
    "secret_decision",
    "table_lost",
    "team_of",
]
