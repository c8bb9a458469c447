"""``/gouji replay [game]``: step through a finished game with every hand open (复盘, issue 19).

The panel is ephemeral: a frame (the table from the viewer's own seat in that game, seat 1 for a
spectator, and all six hands under it), ⏮ ◀ ▶ ⏭, and a select of the key moments. Every component
is persistent, read from its custom id like the table's (``cogs.ids``): ``gouji:replay:<game>:<step>:<frame>``
for the buttons, ``gouji:replay:<game>:moments`` for the select, whose values are frame indices.
A game is any finished game of this server by its number; a game in progress is never replayed.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import partial
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.service.replay import Replay, ReplayError, load
from render import TableExtras
from render.replay import render_replay

from .i18n import OPTION, bilingual, fit
from .ids import PREFIX, REPLAY_BUTTON, REPLAY_SELECT, _Ours
from .ids import _cog as table_cog
from .part import CogPart
from .views import drawn

if TYPE_CHECKING:
    from bot.discord.app import GoujiBot
    from bot.service.store import GameRow

STEPS = ("first", "prev", "next", "last")
EMOJI = {"first": "⏮", "prev": "◀", "next": "▶", "last": "⏭"}
CACHED = 8
"""Replays kept rebuilt in memory (a click rebuilds from the log otherwise: some 50 ms a game)."""
IN_PROGRESS = ("这局还在进行中，打完才能复盘", "a game in progress is never replayable: wait for its end")
OTHER_SERVER = ("这局不是本服务器的", "that game was played on another server")


def replay_button_id(game_id: int, step: str, frame: int) -> str:
    return f"{PREFIX}replay:{game_id}:{step}:{frame}"


def replay_select_id(game_id: int) -> str:
    return f"{PREFIX}replay:{game_id}:moments"


def _cog(interaction: discord.Interaction[Any]) -> ReplayCommands | None:
    """The Gouji cog, which mixes in the replay commands: found the one way every component finds it."""
    return cast("ReplayCommands | None", table_cog(interaction))


class ReplayButton(_Ours, discord.ui.DynamicItem[discord.ui.Button[Any]], template=REPLAY_BUTTON.pattern):
    def __init__(self, item: discord.ui.Button[Any]) -> None:
        super().__init__(item)
        m = self._parse(REPLAY_BUTTON, item, "replay button")
        self.game_id, self.frame = int(m["game"]), int(m["frame"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _cog(interaction)
        if cog is not None:
            await cog.show_replay(interaction, self.game_id, self.frame, edit=True)


class ReplaySelect(_Ours, discord.ui.DynamicItem[discord.ui.Select[Any]], template=REPLAY_SELECT.pattern):
    def __init__(self, item: discord.ui.Select[Any]) -> None:
        super().__init__(item)
        m = self._parse(REPLAY_SELECT, item, "replay select")
        self.game_id = int(m["game"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _cog(interaction)
        if cog is not None and self.item.values and self.item.values[0].isdigit():
            await cog.show_replay(interaction, self.game_id, int(self.item.values[0]), edit=True)


REPLAY_ITEMS = (ReplayButton, ReplaySelect)


def replay_view(replay: Replay, frame: int) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭ (each carrying the frame it goes to) and the key moments (one option per frame)."""
    assert replay.game_id is not None
    last = len(replay.frames) - 1
    view = discord.ui.View(timeout=None)
    targets = {"first": 0, "prev": max(0, frame - 1), "next": min(last, frame + 1), "last": last}
    for step in STEPS:
        off = (step in ("first", "prev") and frame == 0) or (step in ("next", "last") and frame == last)
        view.add_item(ReplayButton(discord.ui.Button(
            emoji=EMOJI[step], style=discord.ButtonStyle.secondary, disabled=off, row=0,
            custom_id=replay_button_id(replay.game_id, step, targets[step]))))
    by_frame: dict[int, list[str]] = {}
    for m in replay.key_moments(25):
        by_frame.setdefault(m.frame, []).append(m.zh)
    options = [discord.SelectOption(label=fit(f"{i}. " + "；".join(words), OPTION), value=str(i), default=i == frame)
               for i, words in list(by_frame.items())[:25]]
    if options:
        view.add_item(ReplaySelect(discord.ui.Select(custom_id=replay_select_id(replay.game_id), options=options,
                                                     placeholder="关键时刻 / key moments", row=1)))
    return view


class ReplayCommands(CogPart):
    """Mixed into the ``/gouji`` cog."""

    bot: GoujiBot
    _replays: OrderedDict[int, tuple[Replay, int]]

    async def cog_load(self) -> None:
        self._replays = OrderedDict()

    @app_commands.command(name="replay", description="Step through a finished game, every hand open (only you see it)")
    @app_commands.describe(game="The game's number (default: the last one finished in this channel)")
    async def replay(self, interaction: discord.Interaction[Any],
                     game: app_commands.Range[int, 1, 2**53] | None = None) -> None:
        row = await self.finished_game(interaction, game)
        if row is not None:
            await self.show_replay(interaction, row.id, 0, edit=False, row=row)

    async def finished_game(self, interaction: discord.Interaction[Any], game: int | None) -> GameRow | None:
        """The finished game a command names (by number, or the last one of this channel), or None
        once the refusal is answered: no such game, none here yet, or one still in progress here."""
        store = self.bot.service.store
        row = await store.game(game) if game is not None else await store.game(channel_id=interaction.channel_id or 0)
        if row is None:
            table = self.bot.service.tables.get(interaction.channel_id or 0)
            if game is None and table is not None and table.status == "playing":
                reason = IN_PROGRESS
            elif game is None:
                reason = ("这里还没有打完的局", "no game has finished in this channel yet")
            else:
                reason = (f"没有第 {game} 局", f"there is no finished game {game}")
            await interaction.response.send_message(bilingual(*reason), ephemeral=True)
        return row

    async def replay_of(self, interaction: discord.Interaction[Any], game_id: int,
                        row: GameRow | None = None) -> Replay | None:
        """A game of this server rebuilt, or None once the refusal is answered (gone, another server's)."""
        try:
            replay, guild = await self._replay(game_id, row)
            if guild != interaction.guild_id:
                raise ReplayError(*OTHER_SERVER)
        except ReplayError as e:
            await interaction.response.send_message(str(e), ephemeral=True)
            return None
        return replay

    async def _replay(self, game_id: int, row: GameRow | None) -> tuple[Replay, int]:
        """The game rebuilt (kept for the next clicks) and its server; ``ReplayError`` when it cannot be."""
        cached = self._replays.get(game_id)
        if cached is not None:
            self._replays.move_to_end(game_id)
            return cached
        row = row or (await self.bot.service.store.game(game_id) if game_id < 2**63 else None)
        if row is None:
            raise ReplayError(f"没有第 {game_id} 局", f"there is no finished game {game_id}")
        found = (await load(self.bot.service.store, row), row.guild_id)
        self._replays[game_id] = found
        while len(self._replays) > CACHED:
            self._replays.popitem(last=False)
        return found

    async def show_replay(self, interaction: discord.Interaction[Any], game_id: int, frame: int, *, edit: bool,
                          row: GameRow | None = None) -> None:
        """Frame ``frame`` of the game, as a new ephemeral panel or in the pressed one (``edit``)."""
        replay = await self.replay_of(interaction, game_id, row)
        if replay is None:
            return
        frame = max(0, min(frame, len(replay.frames) - 1))
        seat = replay.seat_of(interaction.user.id)
        f = replay.frames[frame]
        extras = TableExtras(names=replay.names, ai=replay.ai)
        file = await drawn(partial(render_replay, f.view, f.hands, extras, seat if seat is not None else 0,
                                   replay.caption(frame)), "replay.png")
        zh, en = f.line(replay.names)
        content = fit(f"**复盘 #{game_id}** · 第 {replay.game_no} 局 / game {replay.game_no} · "
                      f"{frame}/{len(replay.frames) - 1}\n{zh}\n{en}")
        view = replay_view(replay, frame)
        if edit:
            await interaction.response.edit_message(content=content, attachments=[file], view=view)
        else:
            await interaction.response.send_message(content, file=file, view=view, ephemeral=True)
