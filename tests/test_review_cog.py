"""``/gouji review`` through the offline fakes (issue 19, item 2): the deferred answer and its n/N
progress, the three costliest decisions with their positions in order, the cache in the store, and
the refusals (a game in progress, another server's, a player who did not sit in it, one being worked out)."""

from __future__ import annotations

from discord_fakes import HOST, PLAYERS, finish, playing, seated, start_harness

import cogs.review
from bot.bench.discord_fakes import CHANNEL
from bot.service.replay import from_log
from bot.service.review import Review
from cogs.ids import COG_NAME

TINY = 0.01


async def _finished(h):
    table = await seated(h, humans=2)
    await h.service.start(CHANNEL, HOST.id, seed=4)
    await finish(h, table)
    return table


async def test_review_works_out_shows_and_caches(tmp_path, monkeypatch):
    monkeypatch.setattr(cogs.review, "BUDGET", TINY)
    monkeypatch.setattr(cogs.review, "PROGRESS_EVERY", 0)
    h = await start_harness(tmp_path, monkeypatch)
    table = await _finished(h)
    answers = await h.command(PLAYERS[1], "review")
    deferred, *progress, final = answers
    assert deferred.type == 5 and deferred.ephemeral
    assert progress and all("点评中" in p.content and "/" in p.content for p in progress)
    assert "0/" in progress[0].content
    assert "复盘点评 #1" in final.content and "2号位" in final.content

    cached = await h.service.store.review(1, 1)
    assert cached is not None
    review = Review.from_json(cached)
    assert review.seat == 1 and review.decisions and review.budget == TINY
    worst = review.worst()
    embeds = final.data["embeds"]
    assert len(embeds) == len(worst) + 1 and embeds[-1]["title"].startswith("每一步")
    assert final.files == [f"review-{d.frame}.png" for d in worst]
    costs = [d.cost for d in worst]
    assert costs == sorted(costs, reverse=True) and all(c > 0 for c in costs)
    row = await h.service.store.table(table.id)
    replay = from_log(row.settings, await h.service.store.actions(table.id), 1)
    for embed, d in zip(embeds, worst, strict=False):
        assert embed["image"]["url"] == f"attachment://review-{d.frame}.png"
        assert f"第 {d.frame} 步" in embed["title"] and "少得" in embed["description"]
        assert (replay.frames[d.frame + 1].seat, replay.frames[d.frame + 1].action) == (1, d.played)

    def nothing_to_work_out(*args):
        raise AssertionError("a cached review is not worked out again")

    monkeypatch.setattr(cogs.review, "judge", nothing_to_work_out)
    monkeypatch.setattr(cogs.review, "positions", nothing_to_work_out)
    (again,) = await h.command(PLAYERS[1], "review", game=1)
    assert again.type == 4 and again.ephemeral
    assert again.content == final.content and again.data["embeds"] == embeds and again.files == final.files
    await h.bot.close()


async def test_review_refusals(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h)
    (busy,) = await h.command(HOST, "review")
    assert busy.ephemeral and "进行中" in busy.content and "in progress" in busy.content
    await finish(h, table)
    (stranger,) = await h.command(PLAYERS[0].__class__(99, "路人"), "review", game=1)
    assert stranger.ephemeral and "没有坐在这局" in stranger.content and "your own seat" in stranger.content
    cog = h.bot.get_cog(COG_NAME)
    cog._reviewing.add((1, 0))
    (twice,) = await h.command(HOST, "review", game=1)
    assert twice.ephemeral and "计算中" in twice.content
    async with h.service.store._transaction():
        await h.service.store.db.execute("UPDATE games SET guild_id = 1")
    cog._replays.clear()  # the rebuilt games kept by the replay panel
    (other,) = await h.command(HOST, "review", game=1)
    assert other.ephemeral and "不是本服务器" in other.content
    (missing,) = await h.command(HOST, "review", game=99)
    assert missing.ephemeral and "没有第 99 局" in missing.content
    await h.bot.close()
