"""The rating and the game numbers on Discord (issue 19, items 3 and 4): ``/gouji standings`` sorted by
points or by rating with the AI levels' ratings beside the players, ``/gouji stats`` with the rating and
the numbers of recent games, and each game's result post naming its number for replay and review."""

from __future__ import annotations

from discord_fakes import HOST, PLAYERS, finish, seated, start_harness

from bot.bench.discord_fakes import CHANNEL
from bot.service.rating import SIGMA
from bot.words import ai_name


async def _match(h, games: int = 1):
    table = await seated(h, humans=2, games=games)
    await h.service.start(CHANNEL, HOST.id, seed=4)
    await finish(h, table)
    return table


async def test_standings_by_points_or_rating_with_the_ai_levels(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    await _match(h)
    ratings = {r.name: r for r in await h.service.store.ratings((await h.service.store.game(1)).guild_id)}
    assert {"甲", "乙", "AI random"} <= set(ratings)  # the store's names; players read AI 随机 (issue 31 §4)
    (by_points,) = await h.command(HOST, "standings")
    assert by_points.files == ["standings.png"] and "按积分" in by_points.content and "by points" in by_points.content
    assert f"评分 {ratings['甲'].ordinal:.1f}" in by_points.content
    assert "AI 评分" in by_points.content and "AI 随机" in by_points.content
    (by_rating,) = await h.command(HOST, "standings", sort="rating")
    lines = by_rating.content.splitlines()[1:]
    assert "按评分" in by_rating.content and len(lines) == 3 and any("**AI 随机**" in line for line in lines)
    order = sorted(ratings.values(), key=lambda r: -r.ordinal)
    assert [line.split("**")[1] for line in lines] == [ai_name(r.ai) if r.ai else r.name for r in order]
    await h.bot.close()


async def test_stats_show_the_rating_and_the_game_numbers(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    await _match(h, games=2)
    guild = (await h.service.store.game(1)).guild_id
    rated = {r.name: r for r in await h.service.store.ratings(guild)}
    assert rated["甲"].games == rated["乙"].games == rated["AI random"].games == 2  # each game rated once
    assert rated["甲"].sigma < SIGMA and rated["乙"].sigma < SIGMA  # two games: surer than at the start
    league = {r.name: r.points for r in await h.service.store.standings(guild)}
    assert league["甲"] == -league["乙"]  # opposite teams: the zero-sum points as the games scored them
    (mine,) = await h.command(PLAYERS[1], "stats")
    assert "评分 " in mine.content and "μ" not in mine.content and "AI levels included" in mine.content
    assert "#2" in mine.content and "#1" in mine.content and "/gouji replay 2" in mine.content
    await h.bot.close()


async def test_each_result_post_names_its_game_number(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    await _match(h, games=2)
    posts = [r for r in h.fake.channel_posts() if r.method == "POST" and any(f.startswith("game") for f in r.files)]
    assert [r.files for r in posts] == [["game1.png"], ["game2.png"]]
    for number, post in enumerate(posts, 1):
        assert f"对局 #{number}" in post.content and f"/gouji review {number}" in post.content
        assert len(post.content) <= 2000
    await h.bot.close()
