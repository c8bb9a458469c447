"""``/gouji review [game]``: the strong AI's review of your own decisions in a finished game (复盘点评).

The work is ``bot.service.review``'s: this module only finds the game, refuses what cannot be reviewed (a
game in progress, another server's, one you did not sit in), hands the positions one by one to the
table service's thinking processes while the deferred answer counts them (n/N), keeps the result in
the store, and shows it: a summary, the three costliest decisions each with its position (the replay
frame from your seat), and every decision with its two estimates. Everything is ephemeral.
"""

from __future__ import annotations

import asyncio
import logging
import time
from contextlib import suppress
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.service.replay import Replay, ReplayError
from bot.service.review import BUDGET, Decision, Position, Review, judge, positions, words
from render import TableExtras
from render.draw import amount, signed
from render.replay import render_replay

from .i18n import EMBED_DESCRIPTION, EMBED_TITLE, bilingual, fit
from .replay import ReplayCommands
from .views import drawn

if TYPE_CHECKING:
    from bot.service.store import GameRow

log = logging.getLogger(__name__)

PROGRESS_EVERY = 1.0
"""Seconds between two edits of the progress line (Discord limits how fast a message is edited)."""
NOT_SEATED = ("你没有坐在这局里：只能点评自己打过的局", "you did not sit in that game: a review is of your own seat")
BUSY = ("这局的点评正在计算中，请稍候再看", "this review is being worked out: ask again in a moment")


def _costly(replay: Replay, d: Decision, n: int) -> discord.Embed:
    played, best = words(d.played), words(d.best)
    zh, en = d.reason()
    title = f"{n}. 第 {d.frame} 步：出了 {played[0]}，AI 选 {best[0]} / step {d.frame}: {played[1]}, AI: {best[1]}"
    estimates = f"{signed(d.values[d.played])} → {signed(d.values[d.best])}"
    text = (f"预计队伍得分 {estimates}，少得 {amount(d.cost)}\n"
            f"expected team points {estimates}: {amount(d.cost)} lost\n{zh}\n{en}")
    embed = discord.Embed(title=fit(title, EMBED_TITLE), description=fit(text, EMBED_DESCRIPTION))
    return embed.set_image(url=f"attachment://review-{d.frame}.png")


def _every(review: Review) -> discord.Embed:
    """One line per decision, the Chinese then the English as the table's log writes them, marked ✓ where
    it is the AI's choice and by the points it lost where not."""
    lines = []
    for d in review.decisions:
        (played, played_en), value = words(d.played), signed(d.values[d.played])
        zh, en = f"第 {d.frame} 步 {played} {value}", f"step {d.frame}: {played_en} {value}"
        if d.best != d.played:
            (best, best_en), value = words(d.best), signed(d.values[d.best])
            zh, en = f"{zh}，AI {best} {value}", f"{en}, AI {best_en} {value}"
        if d.auto:
            zh, en = f"{zh}（托管）", f"{en} (autoplay)"
        mark = "✓" if d.best == d.played else f"**−{amount(d.cost)}**"
        lines.append(f"{mark} {zh} — {en}")
    return discord.Embed(title="每一步 / every decision", description=fit("\n".join(lines) or "—", EMBED_DESCRIPTION))


def review_message(replay: Replay, review: Review) -> tuple[str, list[discord.Embed], list[tuple[int, Decision]]]:
    """The answer's text, its embeds, and the decisions whose positions it pictures (by frame)."""
    worst = review.worst()
    n, lost = len(review.decisions), amount(review.lost)
    content = "\n".join([
        f"**复盘点评 #{review.game_id}** · 第 {replay.game_no} 局 · {review.seat + 1}号位 / "
        f"AI review of game {review.game_id}, seat {review.seat + 1}",
        f"{n} 个决定与 AI 一致 {review.agreed} 个，预计共少得 {lost} 分"
        f"（另有 {review.forced} 步只有一种合理选择）",
        f"{n} decisions, {review.agreed} as the AI would play, about {lost} team points lost "
        f"({review.forced} more had one sensible choice)",
        "" if worst else bilingual("每一步都和 AI 的首选一样", "every decision is the AI's own choice"),
    ]).strip()
    embeds = [_costly(replay, d, i) for i, d in enumerate(worst, 1)] + [_every(review)]
    return fit(content), embeds, [(d.frame, d) for d in worst]


class ReviewCommands(ReplayCommands):
    """Mixed into the ``/gouji`` cog, with the replay commands it builds on."""

    _reviewing: set[tuple[int, int]]

    async def cog_load(self) -> None:
        await super().cog_load()
        self._reviewing = set()

    @app_commands.command(name="review", description="The AI's review of your decisions in a finished game (only you)")
    @app_commands.describe(game="The game's number (default: the last one finished in this channel)")
    async def review(self, interaction: discord.Interaction[Any],
                     game: app_commands.Range[int, 1, 2**53] | None = None) -> None:
        row = await self.finished_game(interaction, game)
        replay = await self.replay_of(interaction, row.id, row) if row is not None else None
        if row is None or replay is None:
            return
        seat = replay.seat_of(interaction.user.id)
        if seat is None:
            await interaction.response.send_message(bilingual(*NOT_SEATED), ephemeral=True)
            return
        store = self.bot.service.store
        cached = await store.review(row.id, seat)
        if cached is not None:
            content, embeds, shown = review_message(replay, Review.from_json(cached))
            files = await self._pictures(replay, seat, shown)
            await interaction.response.send_message(content, embeds=embeds, files=files, ephemeral=True)
            return
        key = (row.id, seat)
        if key in self._reviewing:
            await interaction.response.send_message(bilingual(*BUSY), ephemeral=True)
            return
        self._reviewing.add(key)
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                result = await self._work_out(interaction, row, seat)
            except ReplayError as e:
                await interaction.edit_original_response(content=str(e))
                return
            await store.save_review(row.id, seat, result.to_json())
        finally:
            self._reviewing.discard(key)
        content, embeds, shown = review_message(replay, result)
        files = await self._pictures(replay, seat, shown)
        await interaction.edit_original_response(content=content, embeds=embeds, attachments=files)

    async def _work_out(self, interaction: discord.Interaction[Any], row: GameRow, seat: int) -> Review:
        """Judge every decision of the seat, one at a time in the thinking processes (so a live table's
        strong AI waits for one decision at most), the progress line edited as they are done."""
        store = self.bot.service.store
        table = await store.table(row.table_id)
        if table is None:
            raise ReplayError("找不到这局的牌桌", "the table of this game is gone")
        todo, forced = await asyncio.to_thread(positions, table.settings, await store.actions(row.table_id),
                                               row.game_no, seat, row.id)
        done: list[Decision] = []
        shown = 0.0
        for i, p in enumerate(todo):
            if time.monotonic() - shown >= PROGRESS_EVERY:
                shown = time.monotonic()
                with suppress(discord.HTTPException):
                    await interaction.edit_original_response(content=bilingual(
                        f"AI 点评中… {i}/{len(todo)}", f"the AI is reviewing your decisions… {i}/{len(todo)}"))
            done.append(await self._judge(p))
        return Review(row.id, seat, BUDGET, tuple(done), forced)

    async def _judge(self, p: Position) -> Decision:
        try:
            return await self.bot.service.think(judge, p, BUDGET)
        except Exception:  # no process to think in: a thread, still off the event loop
            log.warning("review off the thinking processes failed; judging in a thread", exc_info=True)
            return await asyncio.to_thread(judge, p, BUDGET)

    @staticmethod
    async def _pictures(replay: Replay, seat: int, shown: list[tuple[int, Decision]]) -> list[discord.File]:
        """Each costly decision's position: the replay frame before it, from the seat, every hand open."""
        extras = TableExtras(names=replay.names, ai=replay.ai)
        files = []
        for frame, d in shown:
            f = replay.frames[frame]
            caption = f"点评 #{replay.game_id} · 第 {frame} 步 · 出了 {words(d.played)[0]} · AI：{words(d.best)[0]}"
            files.append(await drawn(partial(render_replay, f.view, f.hands, extras, seat, caption),
                                     f"review-{frame}.png"))
        return files
