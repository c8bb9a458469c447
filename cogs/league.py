"""``/gouji standings`` and ``/gouji stats``: the server's league, read from the store.

The store credits every human seat with its team's points per game (R10.5, AI seats left out);
these commands only rank, draw and word what it returns. League answers are public: they are
there to be shown off.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.service.league import StandingRow, with_ratings
from render import render_standings
from render.standings import ranked, shown_name

from .i18n import bilingual, fit
from .part import CogPart
from .views import drawn

if TYPE_CHECKING:
    from bot.discord.app import GoujiBot

TEXT_ROWS = 10
"""League lines written under the picture (the picture itself shows up to 20)."""
EVERYONE = 10_000
"""Rows asked of the store when ranking one player among all."""
QUIET = discord.AllowedMentions.none()
RATING_NOTE = ("从 0 起，赢了涨、输了跌，局数越多越准", "starts at 0, rises with wins, falls with losses, surer with "
               "every game")
"""The skill rating as a player understands it (the rating is μ − 3σ, README "the rating"): no symbols."""


def _line(rank: int, r: StandingRow) -> str:
    rating = f" · 评分 {r.rating:.1f}" if r.rating is not None else ""
    if r.ai is not None:
        return f"{rank}. **{shown_name(r)}**{rating} · {r.games} 局"
    return (f"{rank}. **{r.name}** {r.points:+d}{rating} · {r.games} 局 · 头科 {r.tou_ke} · 大落 {r.da_luo} · "
            f"开点 {r.kaidian}")


class LeagueCommands(CogPart):
    """Mixed into the ``/gouji`` cog."""

    bot: GoujiBot

    @app_commands.command(name="standings", description="The server's 够级 league")
    @app_commands.describe(season="Season (a year, e.g. 2025); empty for all time",
                           sort="Rank by the league's points or by the skill rating")
    @app_commands.choices(sort=[app_commands.Choice(name="points", value="points"),
                                app_commands.Choice(name="rating", value="rating")])
    async def standings(self, interaction: discord.Interaction[Any],
                        season: app_commands.Range[str, 4, 4] | None = None, sort: str = "points") -> None:
        store = self.bot.service.store
        guild = interaction.guild_id or 0
        rows = with_ratings(await store.standings(guild, season), await store.ratings(guild, season))
        title = f"够级联赛 {season}" if season else "够级联赛 · 总榜"
        if not rows:
            await interaction.response.send_message(
                bilingual(f"{title}：还没有对局记录", "no league games recorded yet"), ephemeral=True)
            return
        ais = [r for r in rows if r.ai is not None]
        if sort == "points":  # the AI levels have no points: their ratings are told under the table
            rows = [r for r in rows if r.ai is None]
        by = "按评分" if sort == "rating" else "按积分"
        file = await drawn(partial(render_standings, rows, f"{title} · {by}", sort), "standings.png")
        lines = [f"**{title}** · {by} / league" + (f" {season}" if season else " (all time)") + f", by {sort}"]
        lines += [_line(rank, r) for rank, r in ranked(rows, sort)[:TEXT_ROWS]]
        if sort == "points" and ais:
            lines.append("AI 评分 / AI ratings: " + " · ".join(f"{shown_name(r)} {r.rating:.1f}" for r in ais
                                                               if r.rating is not None))
        await interaction.response.send_message(fit("\n".join(lines)), allowed_mentions=QUIET,
                                                file=file)

    @app_commands.command(name="stats", description="A player's league record")
    @app_commands.describe(user="The player (default: you)")
    async def stats(self, interaction: discord.Interaction[Any], user: discord.User | None = None) -> None:
        who = user or interaction.user
        guild = interaction.guild_id or 0
        store = self.bot.service.store
        r = await store.player(guild, who.id)
        if r is None:
            await interaction.response.send_message(
                bilingual(f"{who.display_name} 还没有联赛记录", f"{who.display_name} has no league games yet"),
                ephemeral=True)
            return
        everyone = await store.standings(guild, limit=EVERYONE)
        rank = 1 + sum(1 for o in everyone if (o.points, o.tou_ke) > (r.points, r.tou_ke))  # as ``ranked`` does
        lines = [
            f"**{r.name}** 的战绩 / record · 第 {rank} 名 / rank {rank}",
            f"积分 points {r.points:+d} · {r.games} 局 games",
            f"头科 {r.tou_ke} · 大落 {r.da_luo} · 开点 {r.kaidian}（{r.kaidian_rate:.0%}）· 烧牌 {r.shao} · "
            f"闷人 {r.men} · 串三家 {r.chuan_san}",
        ]
        ratings = await store.ratings(guild)
        mine = next((x for x in ratings if x.user_id == who.id), None)
        if mine is not None:
            place = 1 + sum(1 for x in ratings if x.ordinal > mine.ordinal)
            rating, of = f"{mine.ordinal:.1f}", len(ratings)
            lines.append(bilingual(f"评分 {rating}（{RATING_NOTE[0]}）· 评分第 {place} 名，共 {of} 名（含 AI）",
                                   f"rating {rating} ({RATING_NOTE[1]}), rank {place} of {of}, AI levels included"))
        games = await store.recent_games(guild, who.id)
        if games:
            lines.append("最近的局 recent games: " + " · ".join(f"#{g} {p:+d}" for g, p in games)
                         + f"（/gouji replay {games[0][0]}，/gouji review {games[0][0]}）")
        await interaction.response.send_message(fit("\n".join(lines)), allowed_mentions=QUIET)
