"""``/gouji replay`` through the offline fakes: the ephemeral panel, stepping with ⏮ ◀ ▶ ⏭, the key
moments, and the refusals (a game in progress, a game of another server, no such game)."""

from __future__ import annotations

from discord_fakes import HOST, PLAYERS, finish, playing, seated, start_harness

from bot.bench.discord_fakes import CHANNEL, components
from cogs.ids import unreadable


async def test_replay_panel_steps_and_jumps_to_key_moments(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await seated(h, humans=2)
    await h.service.start(CHANNEL, HOST.id, seed=4)
    await finish(h, table)
    (panel,) = await h.command(PLAYERS[1], "replay")
    assert panel.type == 4 and panel.ephemeral and panel.files == ["replay.png"]
    assert "复盘 #1" in panel.content and " 0/" in panel.content
    ids = panel.custom_ids()
    assert ids[:4] == ["gouji:replay:1:first:0", "gouji:replay:1:prev:0", "gouji:replay:1:next:1",
                       f"gouji:replay:1:last:{ids[3].rsplit(':', 1)[1]}"]
    kinds = {i: (3, ["0"]) if i.endswith(":moments") else (2, None) for i in ids}
    assert all(len(i) <= 100 and not unreadable({"custom_id": i, "component_type": k, "values": v})
               for i, (k, v) in kinds.items())
    buttons = [c for c in components(panel.data) if c.get("type") == 2]
    assert [b.get("disabled", False) for b in buttons] == [True, True, False, False]
    select = next(c for c in components(panel.data) if c.get("type") == 3)
    assert select["custom_id"] == "gouji:replay:1:moments" and 1 <= len(select["options"]) <= 25
    assert len({o["value"] for o in select["options"]}) == len(select["options"])
    message = h.fake.originals[panel.token]

    (step,) = await h.click(PLAYERS[1], message, "gouji:replay:1:next:1")
    assert step.type == 7 and step.files == ["replay.png"] and " 1/" in step.content
    assert "gouji:replay:1:next:2" in step.custom_ids()
    last = int(ids[3].rsplit(":", 1)[1])
    (end,) = await h.click(PLAYERS[1], message, ids[3])
    assert f" {last}/{last}" in end.content
    assert [b.get("disabled", False) for b in components(end.data) if b.get("type") == 2] == [False, False, True, True]
    moment = select["options"][-1]["value"]
    (jump,) = await h.choose(PLAYERS[1], message, "gouji:replay:1:moments", moment)
    assert jump.type == 7 and f" {moment}/{last}" in jump.content

    (by_number,) = await h.command(PLAYERS[4], "replay", game=1)  # a spectator: seat 1's side
    assert by_number.ephemeral and by_number.files == ["replay.png"]
    (missing,) = await h.command(PLAYERS[4], "replay", game=99)
    assert missing.ephemeral and "没有第 99 局" in missing.content
    await h.bot.close()


async def test_replay_refusals(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    (nothing,) = await h.command(HOST, "replay")
    assert nothing.ephemeral and "还没有打完" in nothing.content
    table = await playing(h)
    (busy,) = await h.command(HOST, "replay")
    assert busy.ephemeral and "进行中" in busy.content and "in progress" in busy.content
    await finish(h, table)
    async with h.service.store._transaction():
        await h.service.store.db.execute("UPDATE games SET guild_id = 1")
    (other,) = await h.command(HOST, "replay", game=1)
    assert other.ephemeral and "不是本服务器" in other.content and "another server" in other.content
    await h.bot.close()
