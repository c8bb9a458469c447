"""The ``/gouji`` cog: one command group made of the table, league and rules commands.

Each part lives in its own module as a mixin; discord.py collects app commands and listeners
along the class's MRO (the last base first, so the table's commands lead the list Discord
shows), so the group is declared once here and every subcommand is bound to this one cog
(which the persistent components find by name).

The module is the bot's one extension (``bot.load_extension("cogs.gouji")``, as RoboDanny loads
its cogs): ``setup`` adds the cog and registers the persistent components, so the client never
imports the commands, and the cogs see the client only as a type.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from .ids import COG_NAME, DYNAMIC_ITEMS
from .league import LeagueCommands
from .replay import REPLAY_ITEMS
from .review import ReviewCommands
from .rules import RulesCommands
from .table import TableCommands

if TYPE_CHECKING:
    from bot.discord.app import GoujiBot


@app_commands.guild_only()
class Gouji(RulesCommands, ReviewCommands, LeagueCommands, TableCommands, commands.GroupCog, name=COG_NAME,
            group_name="gouji", group_description="够级 (Gouji), the six-player card game of Shandong"):
    def __init__(self, bot: GoujiBot) -> None:
        self.bot = bot
        super().__init__()


async def setup(bot: GoujiBot) -> None:
    """The extension's entry point: the ``/gouji`` cog and every persistent component of its
    messages (the table's and the replay panel's), so that a click after a restart finds its handler."""
    await bot.add_cog(Gouji(bot))
    bot.add_dynamic_items(*DYNAMIC_ITEMS, *REPLAY_ITEMS)
