"""The messenger: keeps every table's public message, turn pings, results and live hand panels in
step with the table service — pure Discord presentation, so it lives with the cogs and is made by the
extension's ``setup`` (``cogs.gouji``); the client never imports it.

The service tells it of each change; it coalesces a burst of changes into one edit per table
(Discord limits how often a message may be edited), edits each live panel at most once a second
with the table as it is then, mentions the player to act once per turn, posts each game's result
with the tribute after it, and says so once when a panel stops updating.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import discord
from discord.utils import MISSING

from bot.engine import secret_decision
from bot.service.store import PanelRow
from bot.service.tables import Change, Table, TableService

from .i18n import bilingual, fit
from .ids import TableButton
from .views import (
    OPEN_PANEL,
    READY_BUTTON,
    READY_CALL,
    RESUME,
    TRUSTEE_PLAYED,
    TRUSTEE_TURN,
    Card,
    Panel,
    final_panel,
    game_line,
    hand_panel,
    last_game_end,
    moved_panel,
    ready_countdown,
    rematch_view,
    result_card,
    stopped_panel,
    table_card,
    tribute_text,
)

log = logging.getLogger(__name__)

RESTORED = "🔄 " + bilingual("牌桌已恢复，继续", "the table is back after a restart: play on")
PANEL_LIFETIME = 14 * 60.0
"""Seconds an interaction's token may still edit its panel (Discord allows 15 minutes)."""
QUIET = discord.AllowedMentions.none()


@dataclass
class _Live:
    """A hand panel the bot can still edit: through its interaction (15 minutes) or its DM message,
    until ``until`` (seconds since the epoch; infinite for a DM panel). ``key`` is the state last asked
    of it (None: not known, after a restart); ``want`` what its next edit shows (``panel``, ``final``,
    ``stale`` or ``moved``), drawn from the table as it is when the edit starts — so edits coalesce:
    one in flight (``lock``), the latest state wins. ``channel_id`` and ``message_id`` are where it is
    (None when Discord did not say): a newer panel elsewhere retires it."""

    edit: Callable[..., Awaitable[Any]]
    key: tuple[Any, ...] | None
    until: float
    table: Table | None = None
    channel_id: int | None = None
    message_id: int | None = None
    want: str | None = None
    shown: object = None
    """The key (``Card.key``) of the hand picture it shows: a redraw of the same picture is not uploaded."""
    task: asyncio.Task[None] | None = None
    expiry: asyncio.TimerHandle | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def dm(self) -> bool:
        """A panel in a direct message: its message lasts, so it is edited for the whole match."""
        return not math.isfinite(self.until)


@dataclass
class _Pending:
    """What a table's next flush must show, gathered from the changes since the last one."""

    table: Table
    dirty: bool = False
    mentions: list[tuple[int, tuple[int, int, int | None]]] = field(default_factory=list)
    """Users to mention, each with the turn (``Table.turn_key``) it was for."""
    warning: int | None = None
    banner: str | None = None
    results: list[tuple[int, Card]] = field(default_factory=list)
    """The result post of each game finished since the last flush, by the game's number in its match."""
    burst: int = 0
    """Events since the last flush: the table message lists them all."""
    told: int = 0
    """How much of the match's log (``Match.events``) the tribute posts have told: the buying and tribute
    of the phase before play are told from the log once that phase is over (``tribute_text``)."""
    result_post: tuple[int, str] | None = None
    """The last game's result post (message id, text): the tribute that follows it is added to it."""
    pings: dict[int, int] = field(default_factory=dict)
    """The last turn ping of each user, by user id: a new one replaces it."""
    call: list[int] = field(default_factory=list)
    """Players to call to the game's ready check (第八条), all in one message."""
    call_message: int | None = None
    """The last such call: the next one replaces it."""
    shown: object = None
    """The key (``Card.key``) of the table message's picture: an edit with the same picture keeps it."""
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
        self.kept = 0
        """Pictures not drawn because the message already showed the same one (``Card.key``): a figure for
        ``bench tables --discord``."""

    # ------------------------------------------------------------------ the listener
    async def on_change(self, table: Table, change: Change) -> None:
        """Note what changed and make sure a flush follows; never waits on Discord (the service awaits this)."""
        p = self._pending(table)
        p.burst += len(change.events)
        if change.mention is not None:  # with the turn it is for: the ping tells whether that turn has passed
            p.mentions = [(u, k) for u, k in p.mentions if u != change.mention]
            p.mentions.append((change.mention, table.turn_key()))
        if change.call:
            p.call = change.call
        if change.kind == "warning":
            p.warning = change.seat
        elif change.kind in ("game-over", "match-over"):
            # taken now: the next game may have begun by the flush
            p.results.append((len(table.match.results) if table.match else 0, result_card(table)))
        elif change.kind == "restored":
            p.banner = RESTORED
        p.dirty = True
        if p.task is None or p.task.done():
            p.task = asyncio.create_task(self._later(p), name=f"gouji-table-{table.id}")

    def _pending(self, table: Table) -> _Pending:
        """What the table's next flush shows, begun when there is none: the tribute is told from the
        last game's end on (after a restart: not the match's earlier tribute)."""
        p = self._tables.get(table.id)
        if p is None:
            end = last_game_end(table.match.events) if table.match is not None else None
            p = self._tables[table.id] = _Pending(table, told=0 if end is None else end + 1)
        p.table = table
        return p

    async def _later(self, p: _Pending) -> None:
        """Flush ``debounce`` seconds after the first change, to gather what comes with it, then while more
        comes at most once per ``debounce`` seconds counted from the start of each flush — a change that
        came during a flush has waited while it drew (issue 34: that wait was added to its own)."""
        loop = asyncio.get_running_loop()
        began = loop.time()
        while p.dirty:
            await asyncio.sleep(max(0.0, began + self.debounce - loop.time()))
            began = loop.time()
            try:
                await self._flush(p)
            except Exception:
                log.exception("could not update the message of table %s (channel %s)", p.table.id, p.table.channel_id)

    async def drain(self) -> None:
        """Wait for every pending update, the panels' edits included (at shutdown, and in tests)."""
        def pending() -> list[asyncio.Task[None]]:
            tasks = [p.task for p in self._tables.values()] + [live.task for live in self._panels.values()]
            return [t for t in tasks if t is not None and not t.done()]

        while tasks := pending():
            await asyncio.gather(*tasks, return_exceptions=True)

    # ------------------------------------------------------------------ panels
    async def track_interaction(self, table: Table, user_id: int, interaction: discord.Interaction[Any],
                                key: tuple[Any, ...], message_id: int | None) -> None:
        """An ephemeral panel, edited through its interaction while the token lasts (then once more, to
        say it stopped updating), and kept in the store (when its message is known) so that a
        restart finds it again."""
        until = time.time() + PANEL_LIFETIME
        self._follow(table.id, user_id, _Live(interaction.edit_original_response, key, until, table,
                                              interaction.channel_id, message_id))
        if message_id is not None:
            await self._keep(PanelRow(table.id, user_id, interaction.channel_id or 0, message_id,
                                      interaction.token, until))

    async def track_message(self, table: Table, user_id: int, message: discord.Message, key: tuple[Any, ...]) -> None:
        """A panel in a direct message: its message lasts."""
        self._follow(table.id, user_id, _Live(message.edit, key, math.inf, table, message.channel.id, message.id))
        await self._keep(PanelRow(table.id, user_id, message.channel.id, message.id))

    async def edit_dm(self, table: Table, user_id: int, panel: Panel) -> str | None:
        """Show ``panel`` in the user's DM panel at this table, edited in place rather than sent again
        (a second DM would leave the first frozen there for good), and return its link for the answer;
        None when there is none to edit (never sent, or deleted since: then a new DM goes)."""
        live = self._panels.get((table.id, user_id))
        if live is None or not live.dm or live.channel_id is None or live.message_id is None:
            return None
        live.want = None  # this edit shows the latest state: a redraw still waiting has nothing to add
        file = await panel.card.file()
        try:
            async with live.lock:
                await live.edit(content=panel.card.content, attachments=[file], view=panel.card.view)
        except discord.HTTPException:
            log.info("DM panel of user %s at table %s can no longer be edited", user_id, table.id)
            await self._forget(table.id, user_id, live)
            return None
        live.key, live.table = panel.key, table
        return self.client.get_partial_messageable(live.channel_id).get_partial_message(live.message_id).jump_url

    def _follow(self, table_id: int, user_id: int, live: _Live) -> None:
        """Follow a panel in place of the one the user had at this table — one live panel per player
        and table: the older one, when it is another message, is edited once to say it moved
        (``moved_panel``), otherwise its pending edit is dropped — and time its last edit: just before
        its token stops working, it says so (``STOPPED``)."""
        old = self._panels.get((table_id, user_id))
        if old is not None:
            if old.expiry is not None:
                old.expiry.cancel()
            elsewhere = None not in (old.message_id, live.message_id) and old.message_id != live.message_id
            if elsewhere and old.until > time.time():
                old.table = old.table or live.table
                old.want = "moved"
                self._start(table_id, user_id, old)
            else:
                old.want = None
        if math.isfinite(live.until):
            delay = max(0.0, live.until - time.time())
            live.expiry = asyncio.get_running_loop().call_later(delay, self._expire, table_id, user_id, live)
        self._panels[(table_id, user_id)] = live
        self.service.watch(table_id, user_id, live.until)

    def _expire(self, table_id: int, user_id: int, live: _Live) -> None:
        """The panel's token is near its end: its last edit says it no longer updates, with 刷新."""
        if self._panels.get((table_id, user_id)) is live:
            self._want(table_id, user_id, live, "stale")

    async def reattach(self) -> None:
        """The live panels the store keeps, followed again after a restart: a DM panel by its message,
        an ephemeral one by its token while that lasts. What they show is unknown, so the first flush
        of their table (the restore's) redraws them."""
        for row in await self.service.store.panels(self.service.shards):
            if row.token is None:
                channel = self.client.get_partial_messageable(row.channel_id)
                live = _Live(channel.get_partial_message(row.message_id).edit, None, math.inf,
                             channel_id=row.channel_id, message_id=row.message_id)
            elif row.expires_at is not None and row.expires_at > time.time():
                webhook = discord.Webhook.partial(self.client.application_id or 0, row.token, client=self.client)
                live = _Live(partial(webhook.edit_message, row.message_id), None, row.expires_at,
                             channel_id=row.channel_id, message_id=row.message_id)
            else:
                await self._forget(row.table_id, row.user_id)
                continue
            self._follow(row.table_id, row.user_id, live)

    async def _keep(self, row: PanelRow) -> None:
        try:
            await self.service.store.set_panel(row)
        except Exception:  # the panel works all the same; it will not outlive a restart
            log.warning("could not keep the hand panel of user %s at table %s", row.user_id, row.table_id,
                        exc_info=True)

    async def _forget(self, table_id: int, user_id: int, live: _Live | None = None) -> None:
        """Stop following a panel (only ``live``, when given: not a newer one the user opened since)."""
        current = self._panels.get((table_id, user_id))
        if live is not None and current is not live:
            return
        if current is not None and current.expiry is not None:
            current.expiry.cancel()
        self._panels.pop((table_id, user_id), None)
        self.service.unwatch(table_id, user_id)
        try:
            await self.service.store.drop_panel(table_id, user_id)
        except Exception:  # a stale row: the next restart tries it and forgets it then
            log.warning("could not forget the hand panel of user %s at table %s", user_id, table_id, exc_info=True)

    async def _refresh_panels(self, table: Table) -> None:
        """Ask the live panels of this table for a redraw where what they show changed (a hand, a turn,
        a phase), or for their final state once the match is over; never waits on Discord."""
        for (table_id, user_id), live in list(self._panels.items()):
            if table_id != table.id:
                continue
            live.table = table
            seat = table.seat_of(user_id)
            if table.status in ("over", "closed") and seat is not None and table.match is not None:
                self._want(table_id, user_id, live, "final")  # edited once to its final state, then let go
            elif table.status != "playing" or seat is None or live.until < time.time():
                await self._forget(table_id, user_id)
            elif table.seat_key(seat) != live.key:
                live.key = table.seat_key(seat)
                self._want(table_id, user_id, live, "panel")

    def _want(self, table_id: int, user_id: int, live: _Live, want: str) -> None:
        """Queue an edit of a panel: the last one asked replaces any still waiting (a final or stale
        edit is never replaced by a redraw), and one task edits it, one edit at a time."""
        if live.want not in ("final", "stale") or want != "panel":
            live.want = want
        self._start(table_id, user_id, live)

    def _start(self, table_id: int, user_id: int, live: _Live) -> None:
        """The panel's editing task, started unless it runs already (it reads ``want`` as it goes)."""
        if live.task is None or live.task.done():
            live.task = asyncio.create_task(self._edit_panel(table_id, user_id, live),
                                            name=f"gouji-table-{table_id}-panel-{user_id}")

    async def _edit_panel(self, table_id: int, user_id: int, live: _Live) -> None:
        """Edit a panel until nothing more is asked of it, at most once per ``debounce`` seconds (Discord
        limits edits per token), each edit drawn from the table as it is then: one in flight, the
        latest state wins. A panel no longer followed gets only its ``moved`` edit. The second is counted
        from the start of an edit, not its end, so that the time a picture took to draw is not added to the
        next one's wait (issue 34: on a busy bot it was, and the panels fell a picture behind the table)."""
        loop = asyncio.get_running_loop()
        while live.want == "moved" or (live.want is not None and self._panels.get((table_id, user_id)) is live):
            began = loop.time()
            want, live.want = live.want, None
            table = live.table
            seat = table.seat_of(user_id) if table is not None else None
            if table is None or seat is None or table.match is None:
                await self._forget(table_id, user_id, live)
                return
            last = want != "panel"  # final, stale or moved: the panel's last edit
            try:
                async with live.lock:
                    if want == "final":
                        final = final_panel(table, seat)
                        await live.edit(content=final.content, attachments=[await final.file()], view=None)
                    elif want == "stale":
                        content, view = stopped_panel(table, seat)
                        await live.edit(content=content, view=view)
                    elif want == "moved":
                        await live.edit(content=moved_panel(table, seat), attachments=[], view=None)
                    else:
                        card = hand_panel(table.seat_now(seat)).card
                        if card.key == live.shown:  # the same picture: the words and buttons only
                            self.kept += 1
                            await live.edit(content=card.content, view=card.view)
                        else:
                            live.shown = None  # not known until the edit is through
                            await live.edit(content=card.content, attachments=[await card.file()], view=card.view)
                            live.shown = card.key
            except discord.HTTPException:
                log.info("hand panel of user %s at table %s can no longer be edited", user_id, table_id)
                last = True
            except Exception:
                log.exception("could not redraw the hand panel of user %s at table %s", user_id, table_id)
            if last:
                await self._forget(table_id, user_id, live)
                return
            await asyncio.sleep(max(0.0, began + self.debounce - loop.time()))

    # ------------------------------------------------------------------ flushing
    async def flush(self, table_id: int, *, repost: bool = False) -> None:
        """Show a table's state now: results first, then the table message (edited, or posted anew
        at the bottom with ``repost``, after each game and at the match's end), the turn ping and the
        live panels. A table whose match is over and shown is the channel's last (for 再来一场): with
        ``repost`` its match's end is posted again at the bottom."""
        p = self._tables.get(table_id)
        if p is None and repost:
            ended = next((t for t in self.service.ended.values() if t.id == table_id), None)
            p = self._pending(ended) if ended is not None else None
        if p is not None:
            await self._flush(p, repost)

    async def rematched(self, ended: Table) -> None:
        """A rematch of ``ended`` has started: its match's end is edited once, its 再来一场 disabled (the
        picture and text stay), so that only the new table's message looks like the way in."""
        if ended.message_id is None:
            return
        channel = self.client.get_partial_messageable(ended.channel_id, guild_id=ended.guild_id)
        try:
            await channel.get_partial_message(ended.message_id).edit(view=rematch_view(ended, started=True))
        except discord.HTTPException:  # deleted meanwhile: nothing shows the old button
            log.info("could not disable 再来一场 of table %s", ended.id)

    async def _flush(self, p: _Pending, repost: bool = False) -> None:
        async with p.lock:
            table = p.table
            p.dirty = False
            results, p.results = p.results, []
            mentions, p.mentions = p.mentions, []
            warning, p.warning = p.warning, None
            banner, p.banner = p.banner, None
            burst, p.burst = p.burst, 0
            channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
            told = self._tribute_told(p)
            for n, (game_no, card) in enumerate(results, 1):
                content = card.content
                if number := await self.service.store.game_number(table.id, game_no):
                    content = fit(f"{content}\n{game_line(number)}")  # the number /gouji replay and review take
                last = waits = n == len(results)  # the tribute after the last game goes with it
                if waits and told is not None:
                    content, told, waits = fit(f"{content}\n\n{told}"), None, False
                message = await channel.send(content, file=await card.file(), allowed_mentions=QUIET)
                if last:
                    p.result_post = (message.id, content) if waits else None
            if told is not None and p.result_post is not None:  # between games: the result post tells it too
                mid, content = p.result_post
                with suppress(discord.HTTPException):
                    await channel.get_partial_message(mid).edit(content=fit(f"{content}\n\n{told}"))
                p.result_post, told = None, None
            elif told is not None:  # before the first game: the buying, in one post
                await channel.send(told, allowed_mentions=QUIET)
            playing = table.status == "playing"
            over = table.status == "over"
            ending = over and table.match is not None and any(no == len(table.match.results) for no, _ in results)
            # the match's end is posted once, below its last game's result: a flush that finds the match over
            # before that result was handed to it leaves the end to the next flush, which has it
            if not over or ending or repost:
                below = ending or (bool(results or told) and playing)
                await self._show(p, channel, banner, repost or below, burst)
            if playing:
                await self._call_ready(p, channel)
                await self._ping(p, channel, mentions, warning)
            await self._refresh_panels(table)
            if not playing and table.status != "lobby" and not p.dirty:  # over or closed, all shown
                for ping in [*p.pings.values(), *filter(None, [p.call_message])]:
                    await self._delete(channel, ping)
                self._tables.pop(table.id, None)

    @staticmethod
    def _tribute_told(p: _Pending) -> str | None:
        """The buying and tribute since the last game (or the match's start), every line, read from the
        match's log once the phase before play is over — None while it goes on (its lines show in the
        table's log meanwhile) or when there was none."""
        m = p.table.match
        if m is None or (not m.over and m.phase != "play" and p.table.status == "playing"):
            return None
        new, p.told = m.events[p.told:], len(m.events)
        return tribute_text(new, p.table.names())

    async def _show(self, p: _Pending, channel: discord.PartialMessageable, banner: str | None,
                    repost: bool, burst: int = 0) -> None:
        table = p.table
        card = table_card(table, banner, burst)
        if table.message_id is not None and not repost:
            message = channel.get_partial_message(table.message_id)
            try:
                if card.key is not None and card.key == p.shown:  # the same picture: the words and buttons only
                    await message.edit(content=card.content, view=card.view, allowed_mentions=QUIET)
                    self.kept += 1
                else:
                    p.shown = None  # not known until the edit is through
                    await message.edit(content=card.content, attachments=[await card.file()], view=card.view,
                                       allowed_mentions=QUIET)
                    p.shown = card.key
                return
            except discord.NotFound:
                pass  # the message was deleted: post it again
        old = table.message_id
        p.shown = None
        message = await channel.send(card.content, file=await card.file(), view=card.view or MISSING,
                                     allowed_mentions=QUIET)
        p.shown = card.key
        await self.service.set_message(table, message.id)
        if old is not None:
            await self._delete(channel, old)

    async def _call_ready(self, p: _Pending, channel: discord.PartialMessageable) -> None:
        """Call the players to a game's ready check (第八条) in one message, alike — the one deciding
        革命 or 宣点 among them, unnamed — with 准备 and 打开手牌 (where that choice is made); deleted once
        play begins, so the channel keeps no stale call."""
        table, call, p.call = p.table, p.call, []
        if not table.opening():  # play has begun: the call has done its work
            if p.call_message is not None:
                await self._delete(channel, p.call_message)
                p.call_message = None
            return
        waiting = {table.user_of(s) for s in table.unready()}
        users = [u for u in call if u in waiting]
        if not users:
            return
        view = discord.ui.View(timeout=None)
        view.add_item(TableButton.make(table.id, "ready", table.revision, READY_BUTTON,
                                       style=discord.ButtonStyle.success))
        view.add_item(TableButton.make(table.id, "hand", table.revision, OPEN_PANEL,
                                       style=discord.ButtonStyle.primary))
        only = discord.AllowedMentions(users=[discord.Object(u) for u in users], everyone=False, roles=False)
        text = " ".join(f"<@{u}>" for u in users) + " " + bilingual(*READY_CALL) + ready_countdown(table)
        message = await channel.send(fit(text), view=view, allowed_mentions=only)
        if p.call_message is not None:
            await self._delete(channel, p.call_message)
        p.call_message = message.id

    async def _ping(self, p: _Pending, channel: discord.PartialMessageable,
                    mentions: list[tuple[int, tuple[int, int, int | None]]], warning: int | None) -> None:
        """Mention the player to act (once per turn, as the service decides), replacing that player's
        last mention so the channel does not fill up — with a button that opens a fresh panel; and the
        time warning before 托管. A seat in 托管 is pinged too (saying so, with 我回来了), even once
        the AI has moved for it — then the ping says the AI played, not that it is the player's turn;
        a human's ping whose turn has passed is not sent."""
        table = p.table
        for user_id, turn in mentions:
            seat = table.seat_of(user_id)
            occupant = table.seats[seat] if seat is not None else None
            passed = table.turn_key() != turn
            if occupant is None or (passed and not occupant.autoplay):
                continue
            only = discord.AllowedMentions(users=[discord.Object(user_id)], everyone=False, roles=False)
            view = discord.ui.View(timeout=None)
            view.add_item(TableButton.make(table.id, "hand", table.revision, OPEN_PANEL,
                                           style=discord.ButtonStyle.primary))
            if occupant.autoplay:  # one press takes the seat back
                text = f"<@{user_id}> " + bilingual(*(TRUSTEE_PLAYED if passed else TRUSTEE_TURN))
                view.add_item(TableButton.make(table.id, "resume", table.revision, RESUME,
                                               style=discord.ButtonStyle.success))
            else:
                text = f"<@{user_id}> " + bilingual("轮到你了", "your turn")
            message = await channel.send(fit(text), view=view, allowed_mentions=only)
            if user_id in p.pings:
                await self._delete(channel, p.pings[user_id])
            p.pings[user_id] = message.id
        seat = table.to_act
        occupant = table.seats[seat] if seat is not None else None
        secret = seat is not None and table.match is not None and secret_decision(table.match.decision)
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
