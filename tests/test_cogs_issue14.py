"""Issue 14 through the offline fakes: what a group needs to finish a match on a phone — 托管 taken
back with one press, the panel as the whole game screen, an actionable turn ping, panels that never
go silently stale, the rematch, the tribute told, and no hand facts in public."""

from __future__ import annotations

from discord_fakes import (
    BURN_AND_LET,
    CHANNEL,
    PLAYERS,
    Harness,
    User,
    components,
    crafted,
    fast_sleep,
    playing,
    start_harness,
)

from bot.tables import Change, Table

A, B = PLAYERS[:2]
MESSAGE, UPDATE = 4, 7


def enabled(message: dict) -> set[str]:
    return {c["custom_id"].split(":")[2] for c in components(message) if not c.get("disabled")}


async def panel_of(h: Harness, user: User) -> tuple[int, dict]:
    table_msg = h.table_message()
    (r,) = await h.click(user, int(table_msg["id"]), h.button(table_msg, "hand"))
    assert r.type == MESSAGE and r.ephemeral
    mid = h.fake.originals[r.token]
    return mid, h.fake.messages[mid]


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
    await h.bot.messenger.on_change(table, Change("autoplay", seat=1))
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
    assert [a["filename"] for a in final["attachments"]] == ["table.png"]
    edits = [r for r in h.fake.requests if r.method == "PATCH" and r.token is None and "table.png" in r.files]
    assert edits  # the final table message was drawn again: the match's picture

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
