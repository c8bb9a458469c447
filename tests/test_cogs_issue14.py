"""Issue 14 through the offline fakes: what a group needs to finish a match on a phone — 托管 taken
back with one press, the panel as the whole game screen, an actionable turn ping, panels that never
go silently stale, the rematch, the tribute told, and no hand facts in public."""

from __future__ import annotations

from discord_fakes import BURN_AND_LET, PLAYERS, crafted, panel_of, playing, start_harness

from bot.bench.discord_fakes import CHANNEL, Harness, User, components, fast_sleep
from bot.service.tables import Change, Table
from cogs.renderer import Renderer

A, B = PLAYERS[:2]
MESSAGE, UPDATE = 4, 7


def enabled(message: dict) -> set[str]:
    return {c["custom_id"].split(":")[2] for c in components(message) if not c.get("disabled")}


def recording_sleep(h: Harness) -> list[float]:
    """The service's waits, recorded; they pass as ``fast_sleep`` makes them (a second or more: never)."""
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)
        await fast_sleep(seconds)

    h.service.sleep = sleep
    return waits


async def round_back_to(h: Harness, table: Table, seat: int) -> None:
    """Everyone else passes until ``seat`` is to act again."""
    while table.to_act != seat:
        await h.service.act(CHANNEL, PLAYERS[table.to_act].id, "pass")
    await h.settle()


def last_ping(h: Harness, user: User) -> dict:
    """The user's last turn ping (not a time warning), as Discord holds it."""
    pings = [r for r in h.fake.requests if r.method == "POST" and r.token is None
             and r.content.startswith(f"<@{user.id}> ") and "⏰" not in r.content]
    assert pings
    return next(m for m in reversed(h.fake.messages.values()) if m["content"] == pings[-1].content)


# ---------------------------------------------------------------------- item 1: the 托管 trap
async def test_a_tuoguan_seat_is_pinged_waited_for_and_taken_back_from_the_ping(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(BURN_AND_LET))
    panel_id, _ = await panel_of(h, A)  # A's panel is live
    await h.service.act(CHANNEL, A.id, "play QQQ")
    table.seats[0].autoplay = True  # A missed a turn: 托管
    waits = recording_sleep(h)
    await round_back_to(h, table, 0)
    assert table.machine_turn() and h.service.trustee_wait in waits  # the AI waits: A's panel is live
    ping = last_ping(h, A)
    assert "托管" in ping["content"] and {"hand", "resume"} <= enabled(ping)
    assert "resume" in enabled(h.table_message()) and "resume" in enabled(h.fake.messages[panel_id])
    (r,) = await h.click(A, int(ping["id"]), h.button(ping, "resume"))
    assert r.type == MESSAGE and r.ephemeral and "已取消托管" in r.content and " / " in r.content
    assert not table.seats[0].autoplay and not table.machine_turn()
    fresh = h.fake.messages[h.fake.originals[r.token]]
    assert "plays" in enabled(fresh) and "resume" not in enabled(fresh)
    assert "resume" not in enabled(h.table_message())
    await h.bot.close()


async def test_tuoguan_is_taken_back_from_the_panel_out_of_turn_and_refused_when_not_in_it(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(BURN_AND_LET))
    table.seats[1].autoplay = True  # B, not to act
    await h.messenger.on_change(table, Change("autoplay", seat=1))
    await h.settle()
    panel_id, panel = await panel_of(h, B)
    assert "托管" in panel["content"]
    (r,) = await h.click(B, panel_id, h.button(panel, "resume"))
    assert r.type == UPDATE and "已取消托管" in r.content and not table.seats[1].autoplay
    h.fake.messages[panel_id] = panel  # pressed twice, from a phone that missed the edit
    (again,) = await h.click(B, panel_id, h.button(panel, "resume"))
    assert again.ephemeral and "你没有在托管" in again.content
    await h.bot.close()


async def test_without_a_live_panel_the_ai_plays_a_tuoguan_seat_at_once(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(BURN_AND_LET))
    await h.service.act(CHANNEL, A.id, "play QQQ")
    table.seats[0].autoplay = True
    waits = recording_sleep(h)
    await round_back_to(h, table, 0)
    await h.settle()
    assert h.service.trustee_wait not in waits
    assert table.to_act != 0  # the AI played for A
    ping = last_ping(h, A)
    assert "托管" in ping["content"]
    await h.bot.close()




# ---------------------------------------------------------------------- item 2: the panel's picture
async def test_the_panel_picture_is_the_table_from_the_players_seat_and_the_public_one_is_neutral(
        tmp_path, monkeypatch):
    import cogs.views as views

    drawn: list[tuple[str, int | None]] = []

    def panel(view, extras=None, highlight=None):
        drawn.append(("panel", view.seat))
        return views.render_panel.__wrapped__(view, extras, highlight)  # type: ignore[attr-defined]

    def table(view, extras=None):
        drawn.append(("table", extras.perspective if extras else None))
        return real_table(view, extras)

    real_panel, real_table = views.render_panel, views.render_table
    panel.__wrapped__ = real_panel  # type: ignore[attr-defined]
    monkeypatch.setattr(views, "render_panel", panel)
    monkeypatch.setattr(views, "render_table", table)
    monkeypatch.setattr(views, "RENDERER", Renderer(0))  # drawn here, where the spies are
    h = await start_harness(tmp_path, monkeypatch)
    await playing(h, crafted(BURN_AND_LET))
    drawn.clear()
    d = PLAYERS[3]
    await panel_of(h, d)
    assert drawn == [("panel", 3)]
    await h.service.act(CHANNEL, A.id, "play QQQ")  # not D's turn: its panel shows the new table all the same
    await h.settle()
    assert ("panel", 3) in drawn[1:] and ("table", None) in drawn and all(
        kind == "panel" or seat is None for kind, seat in drawn)
    await h.bot.close()


# ---------------------------------------------------------------------- item 3: an actionable turn
async def test_the_turn_ping_opens_a_fresh_panel_and_the_deadline_is_a_live_countdown(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(BURN_AND_LET))
    await h.service.act(CHANNEL, A.id, "play QQQ")  # B's turn: pinged, the timer runs
    await h.settle()
    stamp = f"<t:{int(table.deadline)}:R>"
    assert table.to_act == 1 and stamp in h.table_message()["content"]
    ping = last_ping(h, B)
    assert enabled(ping) == {"hand"} and "托管" not in ping["content"]
    (r,) = await h.click(B, int(ping["id"]), h.button(ping, "hand"))
    assert r.type == MESSAGE and r.ephemeral and r.files == ["hand.png"]
    assert stamp in r.content and "轮到你了" in r.content
    assert "plays" in enabled(h.fake.messages[h.fake.originals[r.token]])
    await h.bot.close()


# ---------------------------------------------------------------------- items 4 and 6: the match's end
async def test_at_the_end_panels_close_the_table_shows_the_match_and_rematch_starts_the_same_seats(
        tmp_path, monkeypatch):
    import copy

    from discord_fakes import finish, seated

    h = await start_harness(tmp_path, monkeypatch)
    table = await seated(h, humans=2)
    await h.service.start(CHANNEL, A.id, seed=5)
    await h.settle()
    panel_id, _ = await panel_of(h, A)
    before_end = copy.deepcopy(h.fake.messages[panel_id])
    await finish(h, table, seed=1)
    final_panel = h.fake.messages[panel_id]
    assert "比赛结束" in final_panel["content"] and components(final_panel) == []
    assert [a["filename"] for a in final_panel["attachments"]] == ["match.png"]
    final = h.fake.messages[table.message_id]
    assert "比赛结束" in final["content"] and enabled(final) == {"rematch"}
    assert [a["filename"] for a in final["attachments"]] == ["match.png"]  # the match's picture

    (r,) = await h.click(B, int(final["id"]), h.button(final, "rematch"))  # not the host: any seated human
    assert r.type == 6
    again = h.service.tables[CHANNEL]
    assert again.id != table.id and again.status == "playing" and again.names() == table.names()
    assert again.settings == table.settings and again.message_id not in (None, table.message_id)
    (twice,) = await h.click(A, int(final["id"]), h.button(final, "rematch"))
    assert twice.ephemeral and "已经有一桌" in twice.content

    h.fake.messages[panel_id] = before_end  # a phone that missed the last edit: 刷新 still works
    (fresh,) = await h.click(A, panel_id, h.button(before_end, "refresh"))
    assert fresh.type == UPDATE and fresh.files == ["hand.png"] and "已过期" not in fresh.content
    assert f"gouji:{again.id}:" in str(fresh.payload)
    await h.bot.close()


# ---------------------------------------------------------------------- item 5: the tribute told
async def test_the_tribute_between_games_is_told_with_the_games_result_and_a_burst_is_logged_whole(
        tmp_path, monkeypatch):
    from discord_fakes import finish, seated

    from bot.engine import Match
    from cogs.views import TRIBUTE_KINDS, table_content, tribute_words

    h = await start_harness(tmp_path, monkeypatch)
    table = await seated(h, humans=1, games=2)
    await h.service.start(CHANNEL, A.id, seed=5)
    await finish(h, table, seed=1)
    names = table.names()
    events = table.match.events
    end = next(i for i, e in enumerate(events) if e.kind == "game-over")
    between = [e for e in events[end:] if e.kind in TRIBUTE_KINDS]
    assert between and {"tribute", "dian-choice"} <= {e.kind for e in between}
    (post,) = [m for m in h.fake.messages.values() if m["content"].startswith("**第 1 局结果")]
    assert "进贡与买牌" in post["content"] and [a["filename"] for a in post["attachments"]] == ["game1.png"]
    for e in between:  # who gives whom how many cards of which rank, every line, with the result
        assert tribute_words(e, names)[0] in post["content"]
    paid = next(e for e in between if e.kind == "tribute")
    assert f"{names[paid.seat]} → {names[paid.target]} {len(paid.play)} 张" in post["content"]
    assert not any(hand in post["content"] for hand in (table.match.hand(s) for s in range(6)) if len(hand) > 6)
    posts = [r.content for r in h.fake.requests if r.method == "POST" and "进贡与买牌" in r.content
             and not r.content.startswith("**第")]
    assert len(posts) <= 1  # the first game's buying, if any, in one post: not one per flush

    m = Match.new(seed=5, games=2)
    while m.phase != "play" or len(m.game.events) < 12:
        m.act(m.to_act, m.default_action(m.to_act))
    table.match, table.status, burst = m, "playing", 8
    lines = [line for line in table_content(table, burst=burst).splitlines() if line.startswith("• ")]
    assert len(lines) == burst  # not only the last three
    await h.bot.close()


# ---------------------------------------------------------------------- item 4: panels never go silently stale
async def test_a_panel_near_its_tokens_end_says_once_it_stopped_and_refresh_brings_a_working_one(
        tmp_path, monkeypatch):
    import asyncio

    import cogs.messenger as app

    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(BURN_AND_LET))
    monkeypatch.setattr(app, "PANEL_LIFETIME", 0.05)  # the token's 14 minutes, shortened
    panel_id, _ = await panel_of(h, B)
    await asyncio.sleep(0.1)
    await h.settle()
    stopped = h.fake.messages[panel_id]
    assert "停止自动更新" in stopped["content"] and " / " in stopped["content"]
    assert [c["custom_id"].split(":")[2] for c in components(stopped)] == ["refresh"]
    assert not h.service.watching(table, B.id)
    edits = len([r for r in h.fake.requests if r.method == "PATCH" and r.token is not None])
    await h.service.act(CHANNEL, A.id, "play QQQ")
    await h.settle()
    assert len([r for r in h.fake.requests if r.method == "PATCH" and r.token is not None]) == edits  # edited once

    monkeypatch.setattr(app, "PANEL_LIFETIME", 14 * 60.0)
    (r,) = await h.click(B, panel_id, h.button(stopped, "refresh"))
    assert r.type == UPDATE and r.files == ["hand.png"] and "停止" not in r.content and "已过期" not in r.content
    assert "burn" in enabled(h.fake.messages[panel_id])  # a working panel: B may burn QQQ
    assert h.service.watching(table, B.id)
    await h.service.act(CHANNEL, B.id, "pass")
    await h.settle()
    assert "burn" not in enabled(h.fake.messages[panel_id])  # and it follows the game again
    await h.bot.close()


async def test_panel_edits_coalesce_one_in_flight_and_the_latest_state_wins(tmp_path, monkeypatch):
    import asyncio

    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(["33QQQ5", "3AAA", "337", "33KKK", "338", "339"]))
    panel_id, _ = await panel_of(h, PLAYERS[5])
    live = h.messenger._panels[(table.id, PLAYERS[5].id)]
    real, gate, calls = live.edit, asyncio.Event(), []

    async def slow(**fields):  # Discord answering slowly: the first edit hangs until the gate opens
        calls.append(table.revision)
        if len(calls) == 1:
            await gate.wait()
        return await real(**fields)

    live.edit = slow
    for seat, action in ((0, "play QQQ"), (1, "pass"), (3, "pass")):
        await h.service.act(CHANNEL, PLAYERS[seat].id, action)
        await h.messenger.flush(table.id)
        await asyncio.sleep(0.02)
    assert len(calls) == 1  # one edit in flight; the moves since wait, as one
    gate.set()
    await h.settle()
    assert len(calls) == 2 and calls[-1] == table.revision  # then one more edit: the latest state
    assert f":{table.revision}" in str(components(h.fake.messages[panel_id]))
    await h.bot.close()


async def test_a_tuoguan_ping_says_tuoguan_and_after_the_ai_moved_not_your_turn(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(BURN_AND_LET))
    await h.service.act(CHANNEL, A.id, "play QQQ")
    table.seats[0].autoplay = True  # no live panel: the AI moves for A before the ping goes out
    await round_back_to(h, table, 0)
    await h.settle()
    ping = last_ping(h, A)
    assert "托管" in ping["content"] and "AI 已替你出了这一手" in ping["content"]
    assert "轮到你了" not in ping["content"] and {"hand", "resume"} <= enabled(ping)
    await h.bot.close()


# ---------------------------------------------------------------------- item 5: prompts name the counterpart
async def test_the_dian_choice_and_the_sale_name_the_counterpart_and_the_card(tmp_path, monkeypatch):
    from bot.engine import Match

    h = await start_harness(tmp_path, monkeypatch)
    m = Match.new(seed=11, games=2)
    while m.view(m.to_act).decision != "dian-choice":
        m.act(m.to_act, m.default_action(m.to_act))
    await playing(h, m)
    seat = m.to_act
    _, panel = await panel_of(h, PLAYERS[seat])
    mate = (seat + 3) % 6
    assert f"与 对家 {PLAYERS[mate].name}（{mate + 1}号位） 定点贡：互进，还是互不进？" in panel["content"]
    assert {"tribute-both", "tribute-none"} <= enabled(panel)
    assert [a["filename"] for a in panel["attachments"]] == ["hand.png"]  # the hand shows before the deal
    await h.bot.close()

    h = await start_harness(tmp_path / "2", monkeypatch)
    m = Match.new(seed=3, games=1)
    while m.view(m.to_act).decision != "buy-offer":
        m.act(m.to_act, m.default_action(m.to_act))
    buyer = m.to_act
    await playing(h, m)
    _, offer = await panel_of(h, PLAYERS[buyer])
    assert "没有 3：不买到一张，开牌后就是大落" in offer["content"]  # item 5: warned before play
    card = next(a for a in m.legal_actions(buyer) if a.startswith("buy3")).split()[1]
    await h.service.act(CHANNEL, PLAYERS[buyer].id, f"buy3 {card}")
    seller = m.to_act
    _, ask = await panel_of(h, PLAYERS[seller])
    word = {"2": "2", "B": "小王", "R": "大王"}[card]
    assert f"对家 {PLAYERS[buyer].name}（{buyer + 1}号位） 用 {word} 向你买一张 3：卖不卖？" in ask["content"]
    await h.bot.close()


# ---------------------------------------------------------------------- item 7: a seat with no 3
async def test_a_seat_with_no_three_is_told_it_is_daluo_and_plays_on(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    await playing(h, crafted(["33QQQ5", "AAA5", "337", "33KKK", "338", "339"]))  # seat 2 (B) holds no 3
    _, panel = await panel_of(h, B)
    assert "你没有 3：已是大落" in panel["content"] and "照样为联邦出牌" in panel["content"]
    _, other = await panel_of(h, PLAYERS[2])
    assert "大落" not in other["content"]
    await h.bot.close()


# ---------------------------------------------------------------------- item 11: 烧牌 says why not
async def test_the_public_burn_button_answers_why_a_seat_cannot_burn(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(BURN_AND_LET))
    await h.service.act(CHANNEL, A.id, "play QQQ")  # 够级: B may burn with AAA
    await h.settle()
    msg = h.table_message()
    (early,) = await h.click(PLAYERS[2], int(msg["id"]), h.button(msg, "burn"))
    assert early.type == MESSAGE and early.ephemeral and early.content == "没轮到你 / it is not your turn"
    (ok,) = await h.click(B, int(msg["id"]), h.button(msg, "burn"))
    assert ok.ephemeral and ok.files == ["hand.png"]
    menu = next(c for c in components(h.fake.messages[h.fake.originals[ok.token]]) if c["type"] == 3)
    assert [o["value"] for o in menu["options"]] == ["AAA"]
    await h.service.act(CHANNEL, B.id, "pass")  # seat 3 holds no answer: passed for it
    await h.settle()
    assert table.to_act == 3
    msg = h.table_message()
    (duijia,) = await h.click(PLAYERS[3], int(msg["id"]), h.button(msg, "burn"))  # the 对家: that is 打点
    assert duijia.ephemeral and "打点" in duijia.content and " / " in duijia.content
    assert duijia.content == "{} / {}".format(*table.burn_refusal(3))  # the engine's reason, not the cog's
    await h.bot.close()


# ---------------------------------------------------------------------- item 12: the panel by DM, as a setting
async def test_the_dm_setting_is_stored_and_delivers_the_panel_by_dm(tmp_path, monkeypatch):
    from bot.bench.discord_fakes import CHANNEL as GUILD_CHANNEL

    h = await start_harness(tmp_path, monkeypatch)
    (r,) = await h.command(B, "settings", dm=True)
    assert r.ephemeral and "总是私信" in r.content
    assert await h.service.store.dm_panel(B.id) and not await h.service.store.dm_panel(A.id)
    table = await playing(h, crafted(BURN_AND_LET))
    msg = h.table_message()
    before = len(h.fake.requests)
    (answer,) = await h.click(B, int(msg["id"]), h.button(msg, "hand"))
    assert answer.ephemeral and "私信" in answer.content and not answer.files
    dm = [m for m in h.fake.messages.values() if int(m["channel_id"]) != GUILD_CHANNEL]
    assert dm and [a["filename"] for a in dm[-1]["attachments"]] == ["hand.png"]
    assert any(r.path == "/users/@me/channels" for r in h.fake.since(before))
    assert h.service.watching(table, B.id)
    (mine,) = await h.click(A, int(msg["id"]), h.button(msg, "hand"))  # A kept the default
    assert mine.ephemeral and mine.files == ["hand.png"]
    (off,) = await h.command(B, "settings", dm=False)
    assert "默认" in off.content and not await h.service.store.dm_panel(B.id)
    await h.bot.close()
