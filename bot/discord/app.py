"""The Discord bot: a discord.py ``Bot`` around the table service, and the messenger that keeps
every table's public message, turn pings, results and live hand panels in step with it.

``setup_hook`` opens the store, builds the service, loads the ``/gouji`` commands and their
persistent components as an extension (by name: the client never imports them), restores every
open table (timers restart, each message is edited to say the table is back, the hand panels
still live are redrawn) and syncs the commands. The service tells the messenger of each change;
the messenger coalesces a burst of changes into one edit per table (Discord limits how often a
message may be edited), mentions the player to act once per turn, and posts each game's result.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import sys
import time
from collections.abc import Awaitable, Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands
from discord.utils import MISSING

from bot.engine import Event
from bot.logs import at_least_info
from bot.service import memory
from bot.service.shards import Shards
from bot.service.store import PanelRow, Store
from bot.service.tables import SECRET_DECISIONS, Change, Table, TableService
from cogs.i18n import GoujiTranslator, bilingual, fit
from cogs.ids import TableButton
from cogs.views import (
    OPEN_PANEL,
    RESUME,
    TRIBUTE_KINDS,
    TRUSTEE_LINE,
    Card,
    final_panel,
    game_line,
    hand_panel,
    panel_key,
    result_cards,
    table_card,
    tribute_text,
)

log = logging.getLogger(__name__)

RESTORED = "🔄 " + bilingual("牌桌已恢复，继续", "the table is back after a restart: play on")
PANEL_LIFETIME = 14 * 60.0
"""Seconds an interaction's token may still edit its panel (Discord allows 15 minutes)."""
QUIET = discord.AllowedMentions.none()
EXTENSION = "cogs.gouji"
"""The commands and components, loaded by name: the client does not import them."""
NO_TOKEN = """No Discord token. Set DISCORD_TOKEN in the environment or in a .env file:
copy .env.example to .env and fill it in (README, section "Discord", says how to get one).
To play without Discord, at a terminal table against five AI players: python -m bot play
没有 Discord token：请在环境变量或 .env 文件里设置 DISCORD_TOKEN（把 .env.example 复制为 .env 再填写）。
不用 Discord 也能玩：python -m bot play"""


@dataclass
class _Live:
    """A hand panel the bot can still edit: through its interaction (15 minutes) or its DM message,
    until ``until`` (seconds since the epoch); ``key`` is what it shows (None: not known, after a restart)."""

    edit: Callable[..., Awaitable[Any]]
    key: tuple[Any, ...] | None
    until: float


@dataclass
class _Pending:
    """What a table's next flush must show, gathered from the changes since the last one."""

    table: Table
    dirty: bool = False
    mentions: list[int] = field(default_factory=list)
    warning: int | None = None
    banner: str | None = None
    results: list[tuple[int, list[Card]]] = field(default_factory=list)
    """The result posts of each game finished since the last flush, by the game's number in its match."""
    burst: int = 0
    """Events since the last flush: the table message lists them all."""
    tribute: list[Event] = field(default_factory=list)
    pings: dict[int, int] = field(default_factory=dict)
    """The last turn ping of each user, by user id: a new one replaces it."""
    task: asyncio.Task[None] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class TableMessenger:
    """The service's listener: one coalesced message update per table per ``debounce`` seconds."""

    def __init__(self, client: discord.Client, service: TableService, debounce: float = 1.0) -> None:
        self.client = client
        self.service = service
        self.debounce = debounce
        self._tables: dict[int, _Pending] = {}
        self._panels: dict[tuple[int, int], _Live] = {}

    # ------------------------------------------------------------------ the listener
    async def on_change(self, table: Table, change: Change) -> None:
        """Note what changed and make sure a flush follows; never waits on Discord (the service awaits this)."""
        p = self._tables.setdefault(table.id, _Pending(table))
        p.table = table
        p.burst += len(change.events)
        p.tribute += [e for e in change.events if e.kind in TRIBUTE_KINDS]
        if change.mention is not None and change.mention not in p.mentions:
            p.mentions.append(change.mention)
        if change.kind == "warning":
            p.warning = change.seat
        elif change.kind in ("game-over", "match-over"):
            # taken now: the next game may have begun by the flush
            p.results.append((len(table.match.results) if table.match else 0, result_cards(table)))
        elif change.kind == "restored":
            p.banner = RESTORED
        p.dirty = True
        if p.task is None or p.task.done():
            p.task = asyncio.create_task(self._later(p), name=f"gouji-table-{table.id}")

    async def _later(self, p: _Pending) -> None:
        while p.dirty:
            await asyncio.sleep(self.debounce)
            try:
                await self._flush(p)
            except Exception:
                log.exception("could not update the message of table %s (channel %s)", p.table.id, p.table.channel_id)

    async def drain(self) -> None:
        """Wait for every pending update (at shutdown, and in tests)."""
        while tasks := [p.task for p in self._tables.values() if p.task is not None and not p.task.done()]:
            await asyncio.gather(*tasks, return_exceptions=True)

    # ------------------------------------------------------------------ panels
    async def track_interaction(self, table: Table, user_id: int, interaction: discord.Interaction[Any],
                                key: tuple[Any, ...], message_id: int | None) -> None:
        """An ephemeral panel, edited through its interaction while the token lasts, and kept in the
        store (when its message is known) so that a restart finds it again."""
        until = time.time() + PANEL_LIFETIME
        self._panels[(table.id, user_id)] = _Live(interaction.edit_original_response, key, until)
        if message_id is not None:
            await self._keep(PanelRow(table.id, user_id, interaction.channel_id or 0, message_id,
                                      interaction.token, until))

    async def track_message(self, table: Table, user_id: int, message: discord.Message, key: tuple[Any, ...]) -> None:
        """A panel in a direct message: its message lasts."""
        self._panels[(table.id, user_id)] = _Live(message.edit, key, math.inf)
        await self._keep(PanelRow(table.id, user_id, message.channel.id, message.id))

    async def reattach(self) -> None:
        """The live panels the store keeps, followed again after a restart: a DM panel by its message,
        an ephemeral one by its token while that lasts. What they show is unknown, so the first flush
        of their table (the restore's) redraws them."""
        for row in await self.service.store.panels(self.service.shards):
            if row.token is None:
                channel = self.client.get_partial_messageable(row.channel_id)
                live = _Live(channel.get_partial_message(row.message_id).edit, None, math.inf)
            elif row.expires_at is not None and row.expires_at > time.time():
                webhook = discord.Webhook.partial(self.client.application_id or 0, row.token, client=self.client)
                live = _Live(partial(webhook.edit_message, row.message_id), None, row.expires_at)
            else:
                await self._forget(row.table_id, row.user_id)
                continue
            self._panels[(row.table_id, row.user_id)] = live

    def has_panel(self, table: Table, user_id: int) -> bool:
        """Whether the user has a hand panel at this table that the bot still edits (so it shows the turn)."""
        live = self._panels.get((table.id, user_id))
        return live is not None and live.until > time.time()

    async def _keep(self, row: PanelRow) -> None:
        try:
            await self.service.store.set_panel(row)
        except Exception:  # the panel works all the same; it will not outlive a restart
            log.warning("could not keep the hand panel of user %s at table %s", row.user_id, row.table_id,
                        exc_info=True)

    async def _forget(self, table_id: int, user_id: int) -> None:
        self._panels.pop((table_id, user_id), None)
        try:
            await self.service.store.drop_panel(table_id, user_id)
        except Exception:  # a stale row: the next restart tries it and forgets it then
            log.warning("could not forget the hand panel of user %s at table %s", user_id, table_id, exc_info=True)

    async def _refresh_panels(self, table: Table) -> None:
        """Redraw the live panels of this table whose content changed (a hand, a turn, a phase)."""
        for (table_id, user_id), live in list(self._panels.items()):
            if table_id != table.id:
                continue
            seat = table.seat_of(user_id)
            if table.status in ("over", "closed") and seat is not None and table.match is not None:
                final = final_panel(table, seat)  # edited once to its final state, then let go
                with suppress(discord.HTTPException):
                    await live.edit(content=final.content, attachments=[await final.file()], view=None)
                await self._forget(table_id, user_id)
                continue
            if table.status != "playing" or seat is None or live.until < time.time():
                await self._forget(table_id, user_id)
                continue
            if panel_key(table, seat) == live.key:
                continue
            panel = hand_panel(table, seat)
            try:
                await live.edit(content=panel.card.content, attachments=[await panel.card.file()],
                                view=panel.card.view)
            except discord.HTTPException:
                log.info("hand panel of user %s at table %s can no longer be edited", user_id, table.id)
                await self._forget(table_id, user_id)
                continue
            live.key = panel.key

    # ------------------------------------------------------------------ flushing
    async def flush(self, table_id: int, *, repost: bool = False) -> None:
        """Show a table's state now: results first, then the table message (edited, or posted anew
        at the bottom with ``repost`` and after each game), the turn ping and the live panels."""
        p = self._tables.get(table_id)
        if p is not None:
            await self._flush(p, repost)

    async def _flush(self, p: _Pending, repost: bool = False) -> None:
        async with p.lock:
            table = p.table
            p.dirty = False
            results, p.results = p.results, []
            mentions, p.mentions = p.mentions, []
            warning, p.warning = p.warning, None
            banner, p.banner = p.banner, None
            burst, p.burst = p.burst, 0
            tribute, p.tribute = p.tribute, []
            channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
            for game_no, cards in results:
                number = await self.service.store.game_number(table.id, game_no)
                for i, card in enumerate(cards):
                    shown = replace(card, content=f"{card.content}\n{game_line(number)}") if i == 0 and number else card
                    await channel.send(shown.content, file=await shown.file(), allowed_mentions=QUIET)
            told = tribute_text(tribute, table.names())
            if told is not None:  # between games: who gave whom what, every line
                await channel.send(told, allowed_mentions=QUIET)
            playing = table.status == "playing"
            await self._show(table, channel, banner, repost or (bool(results or told) and playing), burst)
            if playing:
                await self._ping(p, channel, mentions, warning)
            await self._refresh_panels(table)
            if not playing and table.status != "lobby" and not p.dirty:  # over or closed, all shown
                for ping in p.pings.values():
                    await self._delete(channel, ping)
                self._tables.pop(table.id, None)

    async def _show(self, table: Table, channel: discord.PartialMessageable, banner: str | None,
                    repost: bool, burst: int = 0) -> None:
        card = table_card(table, banner, burst)
        file = await card.file()
        if table.message_id is not None and not repost:
            try:
                await channel.get_partial_message(table.message_id).edit(
                    content=card.content, attachments=[file], view=card.view, allowed_mentions=QUIET)
                return
            except discord.NotFound:
                file.reset()  # the message was deleted: post it again
        old = table.message_id
        message = await channel.send(card.content, file=file, view=card.view or MISSING, allowed_mentions=QUIET)
        await self.service.set_message(table, message.id)
        if old is not None:
            await self._delete(channel, old)

    async def _ping(self, p: _Pending, channel: discord.PartialMessageable, mentions: list[int],
                    warning: int | None) -> None:
        """Mention the player to act (once per turn, as the service decides), replacing that player's
        last mention so the channel does not fill up — with a button that opens a fresh panel, and, for a
        seat in 托管 (pinged even when the AI has moved for it since), one that takes it back; and the
        time warning before 托管."""
        table = p.table
        for user_id in mentions:
            seat = table.seat_of(user_id)
            occupant = table.seats[seat] if seat is not None else None
            if occupant is None or not (seat == table.to_act or occupant.autoplay):
                continue
            only = discord.AllowedMentions(users=[discord.Object(user_id)], everyone=False, roles=False)
            view = discord.ui.View(timeout=None)
            view.add_item(TableButton.make(table.id, "hand", table.revision, OPEN_PANEL,
                                           style=discord.ButtonStyle.primary))
            text = f"<@{user_id}> " + bilingual("轮到你了", "your turn")
            if occupant.autoplay:  # still pinged: one press takes the seat back
                text += "\n" + bilingual(*TRUSTEE_LINE)
                view.add_item(TableButton.make(table.id, "resume", table.revision, RESUME,
                                               style=discord.ButtonStyle.success))
            message = await channel.send(fit(text), view=view, allowed_mentions=only)
            if user_id in p.pings:
                await self._delete(channel, p.pings[user_id])
            p.pings[user_id] = message.id
        seat = table.to_act
        occupant = table.seats[seat] if seat is not None else None
        secret = seat is not None and table.match is not None and table.match.decision in SECRET_DECISIONS
        if warning == seat and occupant is not None and occupant.user_id is not None and not secret:
            current = occupant.user_id
            only = discord.AllowedMentions(users=[discord.Object(current)], everyone=False, roles=False)
            left = max(1, round(table.settings.turn_seconds / 3))
            text = bilingual(f"还剩约 {left} 秒，超时由AI托管",
                             f"about {left}s left before the AI plays for you (托管)")
            await channel.send(f"<@{current}> ⏰ {text}", allowed_mentions=only, delete_after=left)

    @staticmethod
    async def _delete(channel: discord.PartialMessageable, message_id: int) -> None:
        with suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).delete()


class GoujiBot(commands.AutoShardedBot):
    """The bot. Only the ``guilds`` intent: everything arrives as interactions, and messages are
    edited by id, so it needs neither message content nor members. Sharded: by default one process
    runs every shard (as many as Discord recommends); with ``shards`` it runs those shards of
    ``shards.count`` only, and serves only their guilds' tables (several processes, one PostgreSQL)."""

    def __init__(self, *, db_path: str | Path = "gouji.sqlite3", guild_id: int | None = None,
                 debounce: float = 1.0, service_options: dict[str, Any] | None = None,
                 shards: Shards | None = None, tune_memory: bool = True) -> None:
        ranged: dict[str, Any] = {"shard_ids": sorted(shards.ids), "shard_count": shards.count} if shards else {}
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents(guilds=True),
                         help_command=None, allowed_mentions=QUIET, **ranged)
        self.own_shards = shards
        self.tune_memory = tune_memory  # the collector tuned for the process (bot.service.memory); not in a test's
        self.db_path = db_path
        self.guild_id = guild_id
        self.debounce = debounce
        self.service_options = service_options or {}
        at_least_info("discord.gateway", "discord.http")  # at DEBUG they log the panels they carry

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.db_path)
        if self.own_shards is not None:  # refused when another process runs one of them on this database
            await self.store.claim_shards(self.own_shards.ids, self.own_shards.count)
        self.service = TableService(self.store, shards=self.own_shards, **self.service_options)
        self.messenger = TableMessenger(self, self.service, self.debounce)
        self.service.listeners.append(self.messenger.on_change)
        self.service.present = self.messenger.has_panel
        await self.tree.set_translator(GoujiTranslator())
        await self.load_extension(EXTENSION)
        await self.messenger.reattach()  # before the restore, whose flush redraws them
        restored = await self.service.restore()
        log.info("restored %d open table(s)", len(restored))
        if self.tune_memory:  # what start-up and the restore built lives on: never scanned by the collector again
            memory.settle()
            self.memory_keeper = asyncio.get_running_loop().create_task(memory.keep_settled())
        if self.guild_id is not None:  # while testing: commands appear in this server at once
            guild = discord.Object(self.guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        """Stop the tables and show what is pending, then close the store and the client whatever
        happened before: the store's connection threads would keep the process alive."""
        try:
            if hasattr(self, "memory_keeper"):
                self.memory_keeper.cancel()
            if hasattr(self, "service"):
                await self.service.shutdown()
                await self.messenger.drain()
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


def main() -> int:
    """``python -m bot [run]``: the bot with DISCORD_TOKEN from the environment or ``.env``."""
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
    bot = GoujiBot(db_path=os.environ.get("GOUJI_DB") or "gouji.sqlite3", guild_id=int(guild) if guild else None,
                   shards=shards)
    bot.run(token, log_level=logging.INFO, root_logger=True)
    return 0
