"""The ``/gouji`` cog: one command group made of the table, league and rules commands.

Each part lives in its own module as a mixin; discord.py collects app commands and listeners
along the class's MRO (the last base first, so the table's commands lead the list Discord
shows), so the group is declared once here and every subcommand is bound to this one cog
(which the persistent components find by name).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from .ids import COG_NAME
from .league import LeagueCommands
from .review import ReviewCommands
from .rules import RulesCommands
from .table import TableCommands

if TYPE_CHECKING:
    from bot.app import GoujiBot


@app_commands.guild_only()
class Gouji(RulesCommands, ReviewCommands, LeagueCommands, TableCommands, commands.GroupCog, name=COG_NAME,
            group_name="gouji", group_description="够级 (Gouji), the six-player card game of Shandong"):
    def __init__(self, bot: GoujiBot) -> None:
        self.bot = bot
        super().__init__()
