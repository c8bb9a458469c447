"""Images of 够级 for Discord: pure functions from engine views and results to PNG bytes.

Nothing here does I/O beyond opening the font once (see ``fonts``); nothing imports discord.
Every image has an opaque dark background, big type and two team colours (红方 seats 1·3·5,
蓝方 seats 2·4·6), so that it reads on a phone in Discord's dark and light themes alike.

    from render import render_table, TableExtras
    png = render_table(game.view(seat), TableExtras(names=[...], game_no=1, games=4))
    panel = render_panel(match.view(seat), TableExtras(names=[...]))   # that seat's own screen
"""

from .hand import render_hand
from .panel import render_panel
from .result import MatchSummary, render_match, render_result
from .standings import StandingRow, render_standings
from .table import TableExtras, render_table

__all__ = [
    "MatchSummary",
    "StandingRow",
    "TableExtras",
    "render_hand",
    "render_match",
    "render_panel",
    "render_result",
    "render_standings",
    "render_table",
]
