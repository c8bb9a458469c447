"""Issue 31 through the offline fakes, items 1 and 7: one live hand panel per player and table (a
newer one retires the older with one edit; a DM panel is reused), and the match's end where the eye
is (posted last, once, with 再来一场; the old 再来一场 disabled when a rematch starts; /gouji table and
/gouji hand after a match point to it)."""

from __future__ import annotations

import copy

from discord_fakes import BURN_AND_LET, PLAYERS, crafted, finish, panel_of, playing, saved, seated, start_harness
from test_cogs_issue14 import enabled, last_ping

from bot.bench.discord_fakes import CHANNEL, EPHEMERAL, Harness, components
from bot.service.tables import Table

A, B = PLAYERS[:2]
MESSAGE, UPDATE, DEFERRED_UPDATE = 4, 7, 6
MOVED = "已换到新的面板"


def edits_by_token(h: Harness, token: str) -> int:
    """How often a panel was edited through the token of the interaction that opened it."""
    return len([r for r in h.fake.requests if r.token == token and r.method == "PATCH"])


def dm_messages(h: Harness) -> list[int]:
    return [mid for mid, m in h.fake.messages.items() if int(m["channel_id"]) != CHANNEL]


def last_public(h: Harness) -> int:
    """The id of the channel's last message that everyone sees."""
    return max(mid for mid, m in h.fake.messages.items()
               if int(m["channel_id"]) == CHANNEL and not m["flags"] & EPHEMERAL)


# ---------------------------------------------------------------------- item 1: one live panel
async def test_item1_a_newer_panel_retires_the_older_with_one_edit_and_an_old_copy_still_answers(
        tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(BURN_AND_LET))
    first_id, first = await panel_of(h, B)  # 我的手牌
    first_token = next(t for t, mid in h.fake.originals.items() if mid == first_id)
    first = copy.deepcopy(first)
    await h.service.act(CHANNEL, A.id, "play QQQ")  # B's turn: B's panel shows it, B is pinged
    await h.settle()
    assert "轮到你了" in h.fake.messages[first_id]["content"]
    edits = edits_by_token(h, first_token)
    ping = last_ping(h, B)
    (opened,) = await h.click(B, int(ping["id"]), h.button(ping, "hand"))  # the ping's 打开手牌
    second_id = h.fake.originals[opened.token]
    assert second_id != first_id and "burn" in enabled(h.fake.messages[second_id])

    retired = h.fake.messages[first_id]  # edited once: no buttons, no picture, where the live one is
    assert components(retired) == [] and retired["attachments"] == []
    assert MOVED in retired["content"] and "moved to your newer panel" in retired["content"]
    assert "轮到你了" not in retired["content"] and edits_by_token(h, first_token) == edits + 1

    (third,) = await h.command(B, "hand")  # /gouji hand: the ping's panel is retired in turn
    third_id = h.fake.originals[third.token]
    assert MOVED in h.fake.messages[second_id]["content"] and components(h.fake.messages[second_id]) == []
    await h.service.act(CHANNEL, B.id, "pass")
    await h.settle()
    assert edits_by_token(h, first_token) == edits + 1  # a retired panel is never edited again
    assert "burn" not in enabled(h.fake.messages[third_id])  # the live one follows the game
    assert MOVED not in h.fake.messages[third_id]["content"]

    h.fake.messages[first_id] = first  # a phone that missed the retiring edit: its 刷新 still answers
    (back,) = await h.click(B, first_id, h.button(first, "refresh"))
    assert back.type == UPDATE and back.files == ["hand.png"] and "已过期" not in back.content
    assert MOVED in h.fake.messages[third_id]["content"]  # still one live panel: the one pressed
    assert h.service.watching(table, B.id)
    await h.bot.close()


async def test_item1_a_dm_panel_is_edited_in_place_not_sent_twice_and_a_newer_panel_retires_it(
        tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    await playing(h, crafted(BURN_AND_LET))
    n = len(h.fake.requests)
    (sent,) = await h.command(B, "hand", dm=True)
    (again,) = await h.command(B, "hand", dm=True)
    assert sent.ephemeral and again.ephemeral and "私信" in again.content
    posts = [r for r in h.fake.since(n) if r.token is None and r.method == "POST" and r.files == ["hand.png"]]
    assert len(posts) == 1 and len(dm_messages(h)) == 1  # one DM panel, reused
    (dm_id,) = dm_messages(h)
    assert str(dm_id) in again.content  # the answer links to it
    reused = [r for r in h.fake.since(n) if r.method == "PATCH" and r.path.endswith("{message_id}")
              and r.files == ["hand.png"]]
    assert reused  # the second /gouji hand dm:True redrew the DM panel in place
    await h.service.act(CHANNEL, A.id, "play QQQ")
    await h.settle()
    assert "burn" in enabled(h.fake.messages[dm_id])  # and it still follows the game

    await panel_of(h, B)  # an ephemeral panel: the DM one is retired, not left frozen in the DMs
    dm = h.fake.messages[dm_id]
    assert components(dm) == [] and MOVED in dm["content"] and dm["attachments"] == []
    await h.bot.close()


async def test_item1_a_panel_followed_again_after_a_restart_is_retired_by_a_newer_one(tmp_path, monkeypatch):
    first = await start_harness(tmp_path, monkeypatch)
    table = await playing(first, crafted(BURN_AND_LET))
    await saved(first, table)  # the crafted position, saved
    old_id, _ = await panel_of(first, B)
    old_token = next(t for t, mid in first.fake.originals.items() if mid == old_id)
    await first.bot.close()

    again = await start_harness(tmp_path, monkeypatch, messages=copy.deepcopy(first.fake.messages))
    await again.settle()
    assert "plays" not in enabled(again.fake.messages[old_id]) and components(again.fake.messages[old_id])
    (r,) = await again.command(B, "hand")
    old = again.fake.messages[old_id]
    assert components(old) == [] and MOVED in old["content"]
    assert any(q.token == old_token and q.method == "PATCH" for q in again.fake.requests)  # through its token
    assert [(p.message_id, p.token) for p in await again.service.store.panels()] == [
        (again.fake.originals[r.token], r.token)]
    await again.bot.close()


# ---------------------------------------------------------------------- item 7: the rematch where the eye is
async def ended(h: Harness, games: int = 1) -> tuple[Table, int, dict]:
    """A match of two humans played to its end; with A's panel (its id, and as it was before the end)."""
    table = await seated(h, humans=2, games=games)
    await h.service.start(CHANNEL, A.id, seed=5)
    await h.settle()
    panel_id, panel = await panel_of(h, A)
    await finish(h, table, seed=1)
    return table, panel_id, copy.deepcopy(panel)


async def test_item7_the_match_end_is_the_channels_last_post_once(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table, _, _ = await ended(h, games=2)
    final_id = table.message_id
    final = h.fake.messages[final_id]
    assert last_public(h) == final_id  # below the last game's result, not edited in place above it
    assert "比赛结束" in final["content"] and any(v in final["content"] for v in ("红方胜", "蓝方胜", "平局"))
    assert "再来一场" in final["content"] and enabled(final) == {"rematch"}
    assert [a["filename"] for a in final["attachments"]] == ["match.png"]
    result = max(i for i, r in enumerate(h.fake.requests) if "game2.png" in r.files)
    pictures = [r.files for r in h.fake.channel_posts(result + 1) if r.files]
    assert pictures == [["match.png"]]  # the match picture once: not posted, then drawn again on a message above
    await h.bot.close()


async def test_item7_a_rematch_disables_the_old_rematch_button_with_one_edit(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table, _, _ = await ended(h)
    final_id = table.message_id
    final = h.fake.messages[final_id]
    (r,) = await h.click(B, final_id, h.button(final, "rematch"))
    assert r.type == DEFERRED_UPDATE
    again = h.service.tables[CHANNEL]
    old = h.fake.messages[final_id]
    (button,) = components(old)
    assert button["disabled"] and again.message_id > final_id  # the new table's message below
    rematch = h.button(final, "rematch")
    touched = [q for q in h.fake.channel_posts(0) if q.method == "PATCH" and rematch in q.custom_ids()]
    assert len(touched) == 1 and not touched[0].files  # edited once, its picture kept
    assert [a["filename"] for a in old["attachments"]] == ["match.png"]
    await h.bot.close()


async def test_item7_after_a_match_table_and_hand_point_to_the_rematch(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table, panel_id, panel = await ended(h)
    final_id = table.message_id
    h.fake.messages[final_id + 10**6] = {**h.fake.messages[final_id], "id": str(final_id + 10**6)}  # chat below

    (hand,) = await h.command(A, "hand")
    assert hand.ephemeral and "再来一场" in hand.content and " / " in hand.content
    assert f"/{final_id}" in hand.content  # a link to the match's end
    assert "没有牌桌" not in hand.content
    h.fake.messages[panel_id] = panel  # 刷新 on a panel as it was before the end: the same pointer
    (refresh,) = await h.click(A, panel_id, h.button(panel, "refresh"))
    assert refresh.ephemeral and "再来一场" in refresh.content and f"/{final_id}" in refresh.content

    answers = await h.command(A, "table")  # the match's end again, at the bottom
    assert answers[-1].ephemeral and "没有牌桌" not in answers[-1].content
    assert table.message_id != final_id and final_id not in h.fake.messages
    assert table.message_id == last_public(h)
    final = h.fake.messages[table.message_id]
    assert enabled(final) == {"rematch"} and [a["filename"] for a in final["attachments"]] == ["match.png"]
    (hand,) = await h.command(B, "hand")
    assert f"/{table.message_id}" in hand.content
    (r,) = await h.click(B, table.message_id, h.button(final, "rematch"))  # it works from there
    assert r.type == DEFERRED_UPDATE and h.service.tables[CHANNEL].status == "playing"
    await h.bot.close()
