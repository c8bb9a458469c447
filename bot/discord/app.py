"""The Discord client: a discord.py ``AutoShardedBot`` around the table service.

``setup_hook`` opens the store, builds the service, loads the ``/gouji`` commands, their persistent
components and the messenger that keeps the tables' messages in step as an extension (by name: the
client imports no cog module), restores every open table (timers restart, each message is edited to
say the table is back, the hand panels still live are redrawn) and syncs the commands.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import discord
from discord.ext import commands

from bot.logs import at_least_info
from bot.service import memory
from bot.service.shards import Shards
from bot.service.store import Store
from bot.service.tables import TableService, ai_unready

if TYPE_CHECKING:
    from discord.types.interactions import Interaction as InteractionPayload  # discord's types: for mypy only

log = logging.getLogger(__name__)

EXTENSION = "cogs.gouji"
"""The commands and components, loaded by name: the client does not import them."""
NO_TOKEN = """No Discord token. Set DISCORD_TOKEN in the environment or in a .env file:
copy .env.example to .env and fill it in (README, section "Discord", says how to get one).
To play without Discord, at a terminal table against five AI players: python -m bot play
没有 Discord token：请在环境变量或 .env 文件里设置 DISCORD_TOKEN（把 .env.example 复制为 .env 再填写）。
不用 Discord 也能玩：python -m bot play"""


IDENTIFY_SPACING = 5.5
"""Seconds a process keeps its IDENTIFY bucket after logging in a shard: Discord allows one IDENTIFY
per bucket every 5 s (half a second spare)."""


class GoujiBot(commands.AutoShardedBot):
    """The bot. Only the ``guilds`` intent: everything arrives as interactions, and messages are
    edited by id, so it needs neither message content nor members. Sharded: by default one process
    runs every shard (as many as Discord recommends); with ``shards`` it runs those shards of
    ``shards.count`` only, and serves only their guilds' tables (several processes, one PostgreSQL)."""

    def __init__(self, *, db_path: str | Path = "gouji.sqlite3", guild_id: int | None = None,
                 debounce: float = 1.0, service_options: dict[str, Any] | None = None,
                 shards: Shards | None = None, tune_memory: bool = True, sync_only: bool = False) -> None:
        ranged: dict[str, Any] = {"shard_ids": sorted(shards.ids), "shard_count": shards.count} if shards else {}
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents(guilds=True),
                         help_command=None, allowed_mentions=discord.AllowedMentions.none(), **ranged)
        self.own_shards = shards
        self.table_of: Callable[[Mapping[str, Any]], int | None] = lambda _data: None
        """The table an interaction's payload names, if any: set by the extension, which writes the
        custom ids (the client knows no cog)."""
        self._forwarding: set[asyncio.Task[None]] = set()
        self.max_concurrency: int | None = None
        """Discord's IDENTIFY buckets (``session_start_limit.max_concurrency``), asked once."""
        self.sync_only = sync_only
        """``python -m bot sync``: load the commands, give them to Discord, touch no table."""
        self.tune_memory = tune_memory  # the collector tuned for the process (bot.service.memory); not in a test's
        self.db_path = db_path
        self.guild_id = guild_id
        self.debounce = debounce
        """Seconds the messenger (made by the extension) gathers a table's changes into one edit."""
        self.service_options = service_options or {}
        at_least_info("discord.gateway", "discord.http")  # at DEBUG they log the panels they carry

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.db_path)
        if self.sync_only:
            self.service = TableService(self.store, shards=self.own_shards, **self.service_options)
            await self.load_extension(EXTENSION)
            await self.sync_commands(force=True)
            return
        if self.own_shards is not None:  # refused when another process runs one of them on this database
            await self.store.claim_shards(self.own_shards.ids, self.own_shards.count)
        self.service = TableService(self.store, shards=self.own_shards, **self.service_options)
        await self.load_extension(EXTENSION)  # its messenger follows the kept panels: the restore redraws them
        if self.own_shards is not None and self.store.shared:
            local = self._route_direct_messages()
            await self.store.follow_forwarded(self.own_shards.owns,
                                              lambda data: local(cast("InteractionPayload", data)))
        restored = await self.service.restore()
        log.info("restored %d open table(s)", len(restored))
        if self.tune_memory:  # what start-up and the restore built lives on: never scanned by the collector again
            memory.settle()
            self.memory_keeper = asyncio.get_running_loop().create_task(memory.keep_settled())
        await self.sync_commands()

    def _route_direct_messages(self) -> Callable[[InteractionPayload], None]:
        """Discord delivers every direct-message interaction to shard 0, whatever guild its table is
        in. A DM click or form naming a table another process owns is handed to that process through
        the database (``Store.forward_interaction``), which dispatches it as if Discord had sent it
        there, and answers it by its token; everything else is dispatched here. Returns the dispatch
        of this process, for what is handed to it."""
        state = self._connection
        local = state.parse_interaction_create

        def route(data: InteractionPayload) -> None:
            table_id = None if "guild_id" in data else self.table_of(data)
            if table_id is None or table_id >= 2**63 or self.service.holds(table_id):
                local(data)
                return
            task = asyncio.get_running_loop().create_task(self._forward(data, table_id, local))
            self._forwarding.add(task)
            task.add_done_callback(self._forwarding.discard)

        state.parsers["INTERACTION_CREATE"] = route  # what the gateway calls
        state.parse_interaction_create = route  # type: ignore[method-assign]  # and what calls it by name
        return local

    async def _forward(self, data: InteractionPayload, table_id: int,
                       local: Callable[[InteractionPayload], None]) -> None:
        """Hand the interaction to the owner of its table's guild; answered here when this process owns
        it (an ended table: the cog says so), when the table is unknown, or when the hand-over fails."""
        try:
            row = await self.store.table(table_id)
            if row is not None and self.own_shards is not None and not self.own_shards.owns(row.guild_id):
                await self.store.forward_interaction(row.guild_id, dict(data))
                return
        except Exception:
            log.exception("could not hand an interaction to the process owning table %d", table_id)
        local(data)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Several processes started together must not IDENTIFY faster than Discord allows (one per
        ``max_concurrency`` bucket every 5 s): with shards of its own a process waits for its bucket's
        turn in the database, which keeps it ``IDENTIFY_SPACING`` seconds. One process for every shard
        paces itself, as discord.py does by default."""
        if self.own_shards is None:
            await super().before_identify_hook(shard_id, initial=initial)
            return
        if self.max_concurrency is None:
            self.max_concurrency = (await self.fetch_session_start_limits()).max_concurrency
        await self.store.take_identify_turn((shard_id or 0) % self.max_concurrency, IDENTIFY_SPACING)

    async def sync_commands(self, force: bool = False) -> bool:
        """Give Discord the slash commands when they differ from what it was last given (their hash,
        kept in the store), from one process only (the one running shard 0): Discord rate-limits
        syncing, and its maintainers advise syncing only when the commands change. ``force``
        (``python -m bot sync``) syncs whatever the hash says. Returns whether it synced."""
        if not force and self.own_shards is not None and 0 not in self.own_shards.ids:
            return False
        guild = discord.Object(self.guild_id) if self.guild_id is not None else None
        if guild is not None:  # while testing: commands appear in this server at once
            self.tree.copy_global_to(guild=guild)
        digest = await self._commands_digest(guild)
        key = f"commands:{self.guild_id or 'global'}"
        if not force and await self.store.bot_state(key) == digest:
            log.info("slash commands unchanged: not synced")
            return False
        await self.tree.sync(guild=guild)
        await self.store.set_bot_state(key, digest)
        log.info("slash commands synced")
        return True

    async def _commands_digest(self, guild: discord.Object | None) -> str:
        """The hash of what ``tree.sync`` would send, translations included."""
        tree, translator = self.tree, self.tree.translator
        commands = tree.get_commands(guild=guild)
        payload = ([await c.get_translated_payload(tree, translator) for c in commands] if translator
                   else [c.to_dict(tree) for c in commands])
        return hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()

    async def close(self) -> None:
        """Stop the tables and show what is pending, then close the store and the client whatever
        happened before: the store's connection threads would keep the process alive."""
        try:
            if hasattr(self, "memory_keeper"):
                self.memory_keeper.cancel()
            if hasattr(self, "service"):
                await self.service.shutdown()
                if EXTENSION in self.extensions:  # its messenger sends what is pending
                    await self.unload_extension(EXTENSION)
        finally:
            try:
                if hasattr(self, "store"):
                    await self.store.close()
            finally:
                await super().close()


def shards_from_env(env: Mapping[str, str]) -> Shards | None:
    """``GOUJI_SHARDS`` (``0-3``, ``0,2``) of ``GOUJI_SHARD_COUNT``, or ``None`` when unset: one process
    for every shard. ``ValueError`` says what is wrong."""
    spec, count = env.get("GOUJI_SHARDS", "").strip(), env.get("GOUJI_SHARD_COUNT", "").strip()
    if not spec and not count:
        return None
    if not count.isdigit() or int(count) < 1:
        raise ValueError(f"GOUJI_SHARD_COUNT must be the total number of shards (1 or more), not {count!r}")
    return Shards.parse(spec or f"0-{int(count) - 1}", int(count))


async def _sync(bot: GoujiBot, token: str) -> None:
    async with bot:
        await bot.login(token)  # runs setup_hook, which syncs


def main(sync_only: bool = False) -> int:
    """``python -m bot [run]``: the bot with DISCORD_TOKEN from the environment or ``.env``;
    ``python -m bot sync`` (``sync_only``): give Discord the slash commands now, and exit."""
    from dotenv import find_dotenv, load_dotenv

    load_dotenv(find_dotenv(usecwd=True))
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    guild = os.environ.get("GOUJI_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        print(f"GOUJI_GUILD_ID must be a server id (digits), not {guild!r}", file=sys.stderr)
        return 2
    try:
        shards = shards_from_env(os.environ)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    unready = ai_unready()
    if unready is not None:
        print(unready, file=sys.stderr)
        return 2
    bot = GoujiBot(db_path=os.environ.get("GOUJI_DB") or "gouji.sqlite3", guild_id=int(guild) if guild else None,
                   shards=shards, sync_only=sync_only)
    if sync_only:
        discord.utils.setup_logging(level=logging.INFO, root=True)
        asyncio.run(_sync(bot, token))
        return 0
    bot.run(token, log_level=logging.INFO, root_logger=True)
    return 0
