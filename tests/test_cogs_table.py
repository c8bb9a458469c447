"""The table cog through real discord.py dispatch: interactions arrive as Discord's payloads, the
bot answers through discord.py into ``FakeDiscord``. Each button reaches the service with the
presser's seat and the right action; refusals are ephemeral and bilingual and change nothing."""

from __future__ import annotations

import copy
import logging

from discord_fakes import BURN_AND_LET, HOST, PLAYERS, crafted, panel_of, playing, saved, seated, start_harness

from bot.bench.discord_fakes import CHANNEL, EPHEMERAL, MANAGE_GUILD, Harness, User, components
from bot.engine import Match, Ruleset
from cogs.i18n import fit
from cogs.ids import CARDS_MAX

A, B, C, D = PLAYERS[:4]  # seats 0–3
DEFERRED_UPDATE, UPDATE, MESSAGE, MODAL = 6, 7, 4, 9


async def actions(h: Harness) -> list[tuple[int | None, int | None, str]]:
    table = h.service.tables[CHANNEL]
    return [(seat, user, action) for _, seat, user, action in await h.service.store.actions(table.id)]


def only(responses: list) -> object:
    assert len(responses) == 1, [(r.method, r.path, r.type) for r in responses]
    return responses[0]


def enabled(message: dict) -> set[str]:
    """The actions of the message's enabled buttons, and "plays" for its select."""
    return {c["custom_id"].split(":")[2] for c in components(message) if not c.get("disabled")}


async def test_lobby_through_the_buttons(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    opened = await h.command(HOST, "open", games=1, ai="random")
    assert [r.type for r in opened if r.path.endswith("callback")] == [5]  # deferred, ephemeral
    assert opened[0].data["flags"] & EPHEMERAL and opened[-1].ephemeral
    msg = h.table_message()
    assert msg["attachments"][0]["filename"] == "table.png" and "<@11>" in msg["content"]
    assert enabled(msg) == {"sit", "leave", "ready", "ai", "ai-one", "start", "house"}
    assert "准备" in msg["content"] and "第八条" not in msg["content"]  # a player's words (issue 31 §4)
    mid = int(msg["id"])

    picker = only(await h.click(B, mid, h.button(msg, "sit")))
    assert picker.type == MESSAGE and picker.ephemeral and len(picker.custom_ids()) == 6
    picker_msg = h.fake.messages[h.fake.originals[picker.token]]
    assert "seat_0" not in enabled(picker_msg)  # the host's seat
    seated_r = only(await h.click(B, int(picker_msg["id"]), h.button(picker_msg, "seat 3")))
    assert seated_r.type == UPDATE and "4号位" in seated_r.content
    table = h.service.tables[CHANNEL]
    assert table.seat_of(B.id) == 3

    refused = only(await h.click(B, mid, h.button(h.table_message(), "ai")))
    assert refused.type == MESSAGE and refused.ephemeral and "只有桌主" in refused.content and " / " in refused.content
    await h.click(C, mid, h.button(h.table_message(), "sit"))  # C opens a picker and walks away
    assert only(await h.click(HOST, mid, h.button(h.table_message(), "ai-one"))).type == DEFERRED_UPDATE
    assert sum(1 for seat in table.seats if seat and seat.ai) == 1  # +1 AI: just one
    assert only(await h.click(HOST, mid, h.button(h.table_message(), "ai"))).type == DEFERRED_UPDATE
    assert all(table.seats)  # 添加AI: every empty seat in one press (issue 14, item 12)
    assert not {"ai", "ai-one"} & enabled(h.table_message())
    full = only(await h.click(C, mid, h.button(h.table_message(), "leave")))
    assert full.ephemeral and "你不在这桌" in full.content
    # 第八条: 开始 waits until every player is ready (the host's 开始 is its own 准备; AI seats are ready)
    assert f"还没准备：{B.name}" in h.table_message()["content"]
    waiting = only(await h.click(HOST, mid, h.button(h.table_message(), "start")))
    assert waiting.ephemeral and "还有人没准备" in waiting.content and B.name in waiting.content
    assert table.status == "lobby"
    ready = only(await h.click(B, mid, h.button(h.table_message(), "ready")))
    assert ready.ephemeral and "已准备" in ready.content and "大家都准备好了" in h.table_message()["content"]
    edits_before = len([r for r in h.fake.requests if r.method == "PATCH" and "/messages/{message_id}" in r.path])
    assert only(await h.click(HOST, mid, h.button(h.table_message(), "start"))).type == DEFERRED_UPDATE
    assert table.status == "playing"
    msg = h.table_message()
    assert {"hand"} <= enabled(msg) and "sit" not in enabled(msg)
    edits = len([r for r in h.fake.requests if r.method == "PATCH" and "/messages/{message_id}" in r.path])
    assert edits > edits_before
    await h.bot.close()


async def test_draw_mode_seats_without_a_picker(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    await h.command(HOST, "open", seats="draw", ai="random")
    msg = h.table_message()
    r = only(await h.click(B, int(msg["id"]), h.button(msg, "sit")))
    assert r.type == MESSAGE and r.ephemeral and "已入座" in r.content
    assert h.service.tables[CHANNEL].seat_of(B.id) is not None
    await h.bot.close()


async def test_play_buttons_act_for_the_presser_only(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(BURN_AND_LET))
    mid = int(h.table_message()["id"])

    out_of_turn = only(await h.click(B, mid, h.button(h.table_message(), "pass")))
    assert out_of_turn.type == MESSAGE and out_of_turn.ephemeral and "没轮到你" in out_of_turn.content
    assert await actions(h) == [(None, HOST.id, "start 1")] and table.match.to_act == 0

    panel_id, panel = await panel_of(h, A)
    assert enabled(panel) == {"plays", "custom", "hint", "refresh"}
    select = next(c for c in components(panel) if c["type"] == 3)
    values = [o["value"] for o in select["options"]]
    assert set(values) == {"5", "Q", "QQ", "QQQ"} and "提示" in select["options"][0]["description"]
    r = only(await h.choose(A, panel_id, select["custom_id"], "QQQ"))
    assert r.type == UPDATE and r.files == ["hand.png"]
    assert (await actions(h))[-1] == (0, A.id, "play QQQ")
    assert "等待" in h.fake.messages[panel_id]["content"]  # the panel now waits for the next seat

    burn = only(await h.click(B, mid, h.button(h.table_message(), "burn")))
    assert burn.type == MESSAGE and burn.ephemeral and "🔥" in burn.content
    burn_panel = h.fake.messages[h.fake.originals[burn.token]]
    assert {"burn", "pass", "plays", "custom"} <= enabled(burn_panel) and "let" not in enabled(burn_panel)
    passed = only(await h.click(B, mid, h.button(h.table_message(), "pass")))
    assert passed.type == DEFERRED_UPDATE
    assert (await actions(h))[-1] == (1, B.id, "pass")

    d_panel, panel = await panel_of(h, D)  # seat 2 passed automatically: seat 3, the 对家, may let
    assert {"let", "pass", "plays"} <= enabled(panel)
    let = only(await h.click(D, d_panel, h.button(panel, "let")))
    assert let.type == UPDATE and (await actions(h))[-1] == (3, D.id, "let")
    await h.bot.close()


async def test_a_stale_button_is_answered_with_a_fresh_panel_and_changes_nothing(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(BURN_AND_LET))
    old = copy.deepcopy(h.table_message())
    await h.service.act(CHANNEL, A.id, "play QQQ")
    await h.settle()
    before, revision = await actions(h), table.revision
    h.fake.messages[int(old["id"])] = old  # the message as B's phone still shows it
    r = only(await h.click(B, int(old["id"]), h.button(old, "pass")))
    assert r.type == MESSAGE and r.ephemeral and "已过期" in r.content and "out of date" in r.content
    assert r.files == ["hand.png"] and r.custom_ids()  # a refreshed panel comes with the reason
    assert await actions(h) == before and table.revision == revision

    panel_id, panel = await panel_of(h, B)
    stale_panel = copy.deepcopy(panel)
    await h.click(B, panel_id, h.button(panel, "pass"))
    h.fake.messages[panel_id] = stale_panel
    again = only(await h.click(B, panel_id, h.button(stale_panel, "pass")))
    assert again.type == UPDATE and "已过期" in again.content  # the panel itself is refreshed, reason on top
    await h.bot.close()


async def test_a_press_on_an_old_public_table_message_answers_privately_and_never_edits_it(tmp_path, monkeypatch):
    """The old table message outlives ``/gouji table`` when its delete fails: 烧牌 pressed there opens
    a new ephemeral panel, and neither that press nor the live panel's redraws touch the public message."""
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(BURN_AND_LET))
    await h.service.act(CHANNEL, A.id, "play QQQ")
    await h.settle()
    old_id = table.message_id
    h.fake.failing["DELETE"] = 503
    await h.command(B, "table")
    del h.fake.failing["DELETE"]
    assert table.message_id != old_id and old_id in h.fake.messages
    old = copy.deepcopy(h.fake.messages[old_id])
    burn = only(await h.click(B, old_id, h.button(old, "burn")))
    assert burn.type == MESSAGE and burn.ephemeral and burn.files == ["hand.png"] and "🔥" in burn.content
    await h.service.act(CHANNEL, B.id, "pass")  # the live panel follows the game
    await h.settle()
    assert h.fake.messages[old_id] == old
    edits = [r for r in h.fake.requests if r.method == "PATCH" and "hand.png" in r.files]
    assert edits and all(r.token == burn.token for r in edits)
    await h.bot.close()


async def test_a_duplicated_click_on_the_last_play_says_the_match_is_over(tmp_path, monkeypatch):
    """Two presses of the match's last play at once: one is applied, the other is told the match is
    over (not that it has not started); so is a press after the table has gone."""
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(["3"] * 6, leader=5))
    for seat in (5, 0, 1, 2):
        table.match.act(seat, "play 3")
    panel_id, panel = await panel_of(h, D)  # seat 3 holds the last card
    select_id = next(c["custom_id"] for c in components(panel) if c["type"] == 3)
    data = {"custom_id": select_id, "component_type": 3, "values": ["3"]}
    presses = [h.interaction(3, data, D, h.fake.messages[panel_id]) for _ in range(2)]
    for payload in presses:
        h.deliver(payload)
    await h.settle()
    first, second = (h.fake.responses(p["token"])[0] for p in presses)  # then the live panel's final edit
    assert table.status == "over" and (await h.service.store.actions(table.id))[-1][1:] == (3, D.id, "play 3")
    assert "⚠️" not in first.content and "比赛已结束" in second.content and "the match is over" in second.content
    assert "比赛结束" in h.fake.messages[panel_id]["content"]  # the live panel's final state
    h.fake.messages[panel_id] = panel  # as a phone that missed that edit shows it
    late = only(await h.click(D, panel_id, h.button(panel, "refresh")))
    assert late.ephemeral and "比赛已结束" in late.content and "牌局还没开始" not in late.content
    await h.bot.close()


async def test_sit_on_a_stale_lobby_message_during_play_is_refused(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    await seated(h, humans=5)
    lobby = copy.deepcopy(h.table_message())
    await h.service.start(CHANNEL, HOST.id, seed=1)
    await h.settle()
    h.fake.messages[int(lobby["id"])] = lobby  # the lobby as a phone that missed the edit still shows it
    r = only(await h.click(PLAYERS[5], int(lobby["id"]), h.button(lobby, "sit")))
    assert r.type == MESSAGE and r.ephemeral and "牌局已经开始" in r.content and r.custom_ids() == []
    await h.bot.close()


async def test_malformed_and_unknown_ids_are_answered(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(BURN_AND_LET))
    msg = copy.deepcopy(h.table_message())
    for forged in ("gouji:abc", f"gouji:{table.id}:pass:x", "gouji:999:pass:1", f"gouji:{table.id}:seat_x:0"):
        msg["components"][0]["components"][1]["custom_id"] = forged
        h.fake.messages[int(msg["id"])] = msg
        r = only(await h.click(A, int(msg["id"]), forged))
        assert r.type == MESSAGE and r.ephemeral and "已过期" in r.content, forged
        assert r.files == (["hand.png"] if forged in ("gouji:abc", f"gouji:{table.id}:pass:x") else []), forged
    assert await actions(h) == [(None, HOST.id, "start 1")]
    await h.bot.close()


async def test_our_id_on_the_wrong_component_or_an_empty_select_is_refused_without_an_error(
        tmp_path, monkeypatch, caplog):
    """A select's id on a button, a button's id on a select, a select sent with no value: each is
    answered (out of date, with a fresh panel), nothing changes, and nothing is logged as an error."""
    h = await start_harness(tmp_path, monkeypatch)
    await playing(h, crafted(BURN_AND_LET))
    panel_id, panel = await panel_of(h, A)
    select_id = next(c["custom_id"] for c in components(panel) if c["type"] == 3)
    pass_id = h.button(panel, "pass")
    forged = copy.deepcopy(panel)
    row_select, row_buttons = forged["components"][0]["components"], forged["components"][1]["components"]
    row_buttons[0]["custom_id"] = select_id  # the play select's id on a button
    row_select[0]["custom_id"] = pass_id  # the pass button's id on a select
    h.fake.messages[panel_id] = forged
    with caplog.at_level(logging.WARNING):
        answers = [only(await h.click(A, panel_id, select_id)), only(await h.choose(A, panel_id, pass_id, "QQQ"))]
        h.fake.messages[panel_id] = copy.deepcopy(panel)
        answers.append(only(await h.choose(A, panel_id, select_id)))  # the real select, nothing chosen
    for r in answers:
        assert r.type == MESSAGE and r.ephemeral and "已过期" in r.content and "out of date" in r.content
        assert r.files == ["hand.png"]
    assert await actions(h) == [(None, HOST.id, "start 1")]
    assert caplog.records == []
    await h.bot.close()


async def test_pre_play_decisions_are_buttons(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    # this deal has a 革命 decision, with the switch on (off by default under dagang, R13.1)
    table = await playing(h, Match.new(seed=21, games=1, rules=Ruleset.preset(revolution=True)))
    m: Match = table.match
    while m.phase != "revolution":
        await h.service.act(CHANNEL, PLAYERS[m.to_act].id, m.default_action(m.to_act))
    await h.settle()
    await h.messenger.flush(table.id)
    seat = m.to_act
    user = PLAYERS[seat]
    _, panel = await panel_of(h, user)
    assert {"revolt", "no-revolt", "hint", "refresh"} == enabled(panel)
    assert "革命" in panel["content"] and "revolt" not in enabled(h.table_message())
    head = h.table_message()["content"].splitlines()[1]  # the turn line: nobody named
    assert "开牌前" in head and PLAYERS[seat].name not in head and "轮到" not in head
    hint_id = h.button(panel, "hint")
    hint = only(await h.click(user, int(panel["id"]), hint_id))
    assert hint.type == UPDATE and "提示" in hint.content
    r = only(await h.click(user, int(panel["id"]), h.button(h.fake.messages[int(panel["id"])], "revolt")))
    assert r.type == UPDATE and (await actions(h))[-1] == (seat, user.id, "revolt")
    await h.bot.close()


async def test_every_choice_before_play_through_the_panel(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, seed=29)  # buying a 3 or 4, selling it, 宣点
    m: Match = table.match
    pressed = set()
    while m.phase != "play":
        seat = m.to_act
        user = PLAYERS[seat]
        panel_id, panel = await panel_of(h, user)
        action = m.legal_actions(seat)[len(pressed) % len(m.legal_actions(seat))]
        r = only(await h.click(user, panel_id, h.button(panel, action)))
        assert r.type == UPDATE and (await actions(h))[-1] == (seat, user.id, action)
        pressed.add(action.split(" ")[0])
    assert {"declare-natural", "no-declare"} & pressed and {"accept", "refuse"} & pressed
    refreshed = only(await h.click(user, panel_id, h.button(h.fake.messages[panel_id], "refresh")))
    assert refreshed.type == UPDATE and refreshed.files == ["hand.png"]
    await h.bot.close()


async def test_custom_play_modal(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    await playing(h, crafted(BURN_AND_LET))
    panel_id, _ = await panel_of(h, A)

    async def typed(text: str) -> object:
        opened = only(await h.click(A, panel_id, h.button(h.fake.messages[panel_id], "custom")))
        assert opened.type == MODAL and opened.data["custom_id"].startswith("gouji-play:")
        return only(await h.submit(A, panel_id, opened.data, text))

    wrong = await typed("AAA")
    assert wrong.type == UPDATE and "⚠️" in wrong.content and "你手里没有这些牌" in wrong.content
    nonsense = await typed("hello")
    assert nonsense.type == UPDATE and "⚠️" in nonsense.content and " / " in nonsense.content
    assert await actions(h) == [(None, HOST.id, "start 1")]
    ok = await typed("q q q")
    assert ok.type == UPDATE and "⚠️" not in ok.content and (await actions(h))[-1] == (0, A.id, "play q q q")
    await h.bot.close()


async def test_every_typed_play_is_answered_whoever_else_has_the_form_open(tmp_path, monkeypatch):
    """A (to act) and B open 自定义出牌 at the same revision (one custom id): B's submit is refused,
    A's is applied — each answered on its own panel."""
    h = await start_harness(tmp_path, monkeypatch)
    await playing(h, crafted(BURN_AND_LET))
    forms = {}
    for user in (A, B):
        panel_id, panel = await panel_of(h, user)
        opened = only(await h.click(user, panel_id, h.button(panel, "custom")))
        assert opened.type == MODAL
        forms[user.id] = panel_id, opened.data
    assert forms[A.id][1]["custom_id"] == forms[B.id][1]["custom_id"]
    refused = only(await h.submit(B, forms[B.id][0], forms[B.id][1], "AAA"))
    assert refused.type == UPDATE and "没轮到你" in refused.content
    applied = only(await h.submit(A, forms[A.id][0], forms[A.id][1], "QQQ"))
    assert applied.type == UPDATE and "⚠️" not in applied.content
    assert (await actions(h))[-1] == (0, A.id, "play QQQ")
    await h.bot.close()


async def test_a_form_opened_before_a_restart_is_answered_after_it(tmp_path, monkeypatch):
    first = await start_harness(tmp_path, monkeypatch)
    table = await playing(first, crafted(BURN_AND_LET))
    await saved(first, table)  # the crafted position, saved
    panel_id, panel = await panel_of(first, A)
    form = only(await first.click(A, panel_id, first.button(panel, "custom"))).data
    before = copy.deepcopy(first.fake.messages)
    await first.bot.close()
    again = await start_harness(tmp_path, monkeypatch, messages=before)
    await again.settle()
    applied = only(await again.submit(A, panel_id, form, "QQQ"))
    assert applied.type == UPDATE and (await actions(again))[-1] == (0, A.id, "play QQQ")
    garbled = {**form, "custom_id": form["custom_id"] + "x"}
    stale = only(await again.submit(A, panel_id, garbled, "5"))
    assert stale.ephemeral and "已过期" in stale.content and (await actions(again))[-1] == (0, A.id, "play QQQ")
    await again.bot.close()


async def test_slash_play_pass_let_and_autocomplete(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    await playing(h, crafted(BURN_AND_LET))
    auto = only(await h.autocomplete(A, "play", "cards", "Q"))
    assert auto.type == 8
    assert {c["value"] for c in auto.data["choices"]} == {"Q", "QQ", "QQQ"}
    everything = only(await h.autocomplete(A, "play", "cards", ""))
    assert {c["value"] for c in everything.data["choices"]} == {"5", "Q", "QQ", "QQQ"}
    assert only(await h.autocomplete(B, "play", "cards", "")).data["choices"] == []
    bad = only(await h.command(A, "play", cards="xyz"))
    assert bad.ephemeral and " / " in bad.content
    ok = only(await h.command(A, "play", cards="QQQ"))
    assert ok.ephemeral and "已出牌" in ok.content and (await actions(h))[-1] == (0, A.id, "play QQQ")
    out_of_turn = only(await h.command(C, "pass"))
    assert out_of_turn.ephemeral and "没轮到你" in out_of_turn.content
    assert only(await h.command(B, "pass")).ephemeral
    let = only(await h.command(D, "let"))
    assert let.ephemeral and (await actions(h))[-1] == (3, D.id, "let")
    assert [a for _, _, a in await actions(h)] == ["start 1", "play QQQ", "pass", "let"]
    await h.bot.close()


async def test_a_long_refused_play_is_answered_within_discords_limits(tmp_path, monkeypatch):
    """Before play the engine's reason quotes the input twice: 1,500 typed 3s would make a 3,000-character
    answer, which Discord refuses (400) and the player never sees. Discord keeps the option short;
    whatever comes anyway is cut, with an ellipsis."""
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, seed=3)  # buying comes before play
    assert table.match.phase != "play"
    (synced,) = next(r for r in h.fake.requests if r.method == "PUT").payload
    play = next(o for o in synced["options"] if o["name"] == "play")
    assert play["options"][0]["max_length"] == CARDS_MAX
    r = only(await h.command(PLAYERS[table.to_act], "play", cards="3" * 1500))
    assert r.type == MESSAGE and r.ephemeral and "现在不能" in r.content and " / " in r.content
    assert len(r.content) <= 2000 and r.content.endswith("…")
    assert await actions(h) == [(None, HOST.id, "start 3")]
    assert fit("x" * 2001) == "x" * 1999 + "…" and fit("短") == "短"
    await h.bot.close()


async def test_live_panel_follows_the_game(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    await playing(h, crafted(BURN_AND_LET))
    panel_id, panel = await panel_of(h, B)
    assert enabled(panel) == {"refresh"}  # not B's turn yet
    await h.service.act(CHANNEL, A.id, "play QQQ")
    await h.settle()
    refreshed = h.fake.messages[panel_id]
    assert "burn" in enabled(refreshed) and refreshed["flags"] & EPHEMERAL
    await h.bot.close()


async def test_hand_panel_by_direct_message(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    await playing(h, crafted(BURN_AND_LET))
    n = len(h.fake.requests)
    r = only(await h.command(B, "hand", dm=True))
    assert r.ephemeral and "私信" in r.content
    dm = [q for q in h.fake.since(n) if q.token is None and q.method == "POST" and q.files == ["hand.png"]]
    assert len(dm) == 1 and not dm[0].ephemeral and dm[0].custom_ids()
    await h.service.act(CHANNEL, A.id, "play QQQ")  # now it is B's turn: the DM panel is redrawn
    await h.settle()
    edits = [q for q in h.fake.since(n) if q.method == "PATCH" and q.files == ["hand.png"] and q.token is None]
    assert edits and "gouji:" in str(edits[-1].payload)
    dm_id = next(mid for mid, m in h.fake.messages.items() if int(m["channel_id"]) != CHANNEL)
    dm_panel = h.fake.messages[dm_id]
    assert "burn" in enabled(dm_panel)
    passed = only(await h.click(B, dm_id, h.button(dm_panel, "pass")))  # pressed in the DM
    assert passed.type == UPDATE and (await actions(h))[-1] == (1, B.id, "pass")
    await h.bot.close()


async def test_unexpected_errors_are_logged_with_context_and_apologised_for(tmp_path, monkeypatch, caplog):
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(BURN_AND_LET))

    async def broken(*args, **kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(h.service, "act", broken)
    with caplog.at_level(logging.ERROR):
        r = only(await h.click(A, int(h.table_message()["id"]), h.button(h.table_message(), "pass")))
        s = only(await h.command(A, "play", cards="QQQ"))
    assert r.ephemeral and s.ephemeral and "出了点问题" in r.content and "something went wrong" in s.content
    logged = [rec for rec in caplog.records if rec.levelno >= logging.ERROR]
    assert len(logged) == 2 and all(rec.exc_info for rec in logged)
    text = "\n".join(rec.getMessage() for rec in logged)
    assert f"user {A.id}" in text and "action pass" in text and "/gouji play" in text
    hands = [table.match.hand(s) for s in range(6)]
    assert not any(hand in text for hand in hands) and "QQQ" not in text
    await h.bot.close()


async def test_close_needs_the_host_or_manage_server(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    await seated(h, humans=2)
    old = copy.deepcopy(h.table_message())
    mid = int(old["id"])
    refused = only(await h.command(B, "close"))
    assert refused.ephemeral and "桌主或管理员" in refused.content and CHANNEL in h.service.tables
    admin = User(99, "管理员", permissions=MANAGE_GUILD)
    closed = only(await h.command(admin, "close"))
    assert closed.ephemeral and CHANNEL not in h.service.tables
    final = h.fake.messages[mid]
    assert "牌桌已关闭" in final["content"] and final["components"] == []
    h.fake.messages[mid] = old  # the table message as a phone that missed the edit still shows it
    late = only(await h.click(HOST, mid, h.button(old, "sit")))
    assert late.ephemeral and "牌桌已关闭" in late.content and "the table is closed" in late.content
    await h.bot.close()


async def test_table_command_reposts_at_the_bottom(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await seated(h, humans=1)
    old = table.message_id
    r = await h.command(HOST, "table")
    assert r[0].type == 5 and r[-1].ephemeral
    assert table.message_id != old and old not in h.fake.messages  # the old one is deleted
    assert h.table_message()["attachments"][0]["filename"] == "table.png"
    await h.bot.close()


async def test_a_flush_with_the_same_picture_edits_the_words_and_keeps_the_picture(tmp_path, monkeypatch):
    """Issue 34 §1: a redraw whose picture would not change (the same ``Card.key``) is neither drawn nor
    uploaded again; the message keeps the picture it has."""
    h = await start_harness(tmp_path, monkeypatch)
    await h.command(HOST, "open", games=1, ai="random")
    table = h.service.tables[CHANNEL]
    drawn = h.fake.requests[:]
    await h.messenger.flush(table.id)  # nothing changed: the same picture
    assert h.messenger.kept == 1
    edits = [r for r in h.fake.requests[len(drawn):] if r.method == "PATCH"]
    assert edits and all(not r.files for r in edits)
    assert h.table_message()["attachments"][0]["filename"] == "table.png"
    await h.click(B, int(h.table_message()["id"]), h.button(h.table_message(), "sit"))
    await h.service.add_ai(CHANNEL, HOST.id, seat=3)  # the picture changes: drawn again
    await h.messenger.flush(table.id)
    assert h.messenger.kept == 1


async def test_a_panel_asked_to_redraw_the_same_picture_edits_its_words_only(tmp_path, monkeypatch):
    """Issue 34 §1: a live panel keeps the key of the picture it shows; a redraw of the same picture (here the
    seat's key forgotten, as after a restart) edits its words and buttons without drawing or uploading."""
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h)
    await panel_of(h, A)
    live = h.messenger._panels[(table.id, A.id)]
    edits, kept = [], h.messenger.kept
    for _ in range(2):
        live.key = None
        since = len(h.fake.requests)
        await h.messenger._refresh_panels(table)
        assert live.task is not None
        await live.task
        edits.append([r for r in h.fake.requests[since:] if r.method == "PATCH"])
    assert edits[0] and edits[0][-1].files == ["hand.png"]  # not known yet: drawn
    assert edits[1] and not edits[1][-1].files and h.messenger.kept == kept + 1
