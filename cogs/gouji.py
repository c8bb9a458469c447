"""The ``/gouji`` cog: one command group made of the table, league and rules commands.

Each part lives in its own module as a mixin; discord.py collects app commands and listeners
along the class's MRO (the last base first, so the table's commands lead the list Discord
shows), so the group is declared once here and every subcommand is bound to this one cog
(which the persistent components find by name).

The module is the bot's one extension (``bot.load_extension("cogs.gouji")``, as RoboDanny loads
its cogs): ``setup`` sets the commands' translator, makes the messenger (``cogs.messenger``, the
Discord presentation of the tables), adds the cog and registers the persistent components, so the
client never imports a cog module, and the cogs see the client only as a type. Unloading the cog
(the client's ``close`` does, once the tables have stopped) sends what the messenger still holds.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from . import views
from .i18n import GoujiTranslator
from .ids import COG_NAME, DYNAMIC_ITEMS, table_of
from .league import LeagueCommands
from .messenger import TableMessenger
from .replay import REPLAY_ITEMS
from .review import ReviewCommands
from .rules import RulesCommands
from .table import TableCommands

if TYPE_CHECKING:
    from bot.discord.app import GoujiBot

log = logging.getLogger(__name__)


@app_commands.guild_only()
class Gouji(RulesCommands, ReviewCommands, LeagueCommands, TableCommands, commands.GroupCog, name=COG_NAME,
            group_name="gouji", group_description="够级 (Gouji), the six-player card game of Shandong"):
    def __init__(self, bot: GoujiBot, messenger: TableMessenger) -> None:
        self.bot = bot
        self.messenger = messenger
        super().__init__()

    async def cog_load(self) -> None:
        """Listen to the service and follow again the hand panels the store kept — before the client
        restores the tables, whose first flush redraws them."""
        await super().cog_load()
        self.bot.service.listeners.append(self.messenger.on_change)
        await self.messenger.reattach()
        self.warming = asyncio.get_running_loop().create_task(views.RENDERER.start())  # the drawing processes

    async def cog_unload(self) -> None:
        """Stop listening and send every pending update. discord.py ignores what this raises, so it is
        logged here."""
        await super().cog_unload()
        self.bot.service.listeners.remove(self.messenger.on_change)
        try:
            await self.messenger.drain()
        except Exception:
            log.exception("could not send the last updates of the tables")


async def setup(bot: GoujiBot) -> None:
    """The extension's entry point: the commands' translator, the ``/gouji`` cog with its messenger, and
    every persistent component of its messages (the table's and the replay panel's), so that a click
    after a restart finds its handler."""
    await bot.tree.set_translator(GoujiTranslator())
    bot.table_of = table_of  # a direct message is routed to the process owning its table
    await bot.add_cog(Gouji(bot, TableMessenger(bot, bot.service, bot.debounce)))
    bot.add_dynamic_items(*DYNAMIC_ITEMS, *REPLAY_ITEMS)
