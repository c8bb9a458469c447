"""Issue 31 through the offline fakes: what is said to whom — a pass that tells nothing (R5.6), a
tribute question that names the cards and the teammate (R12.6), and the phases before play that
give nothing away (R11.4, R7.3: 第八条's ready check before every 开牌)."""

from __future__ import annotations

import asyncio
import re

import pytest
from discord_fakes import HOST, PLAYERS, panel_of, playing, seated, start_harness
from test_r12_tribute import previous, start

from bot.bench.discord_fakes import CHANNEL, Harness, components
from bot.engine import Event, EventKind, Ruleset, describe
from bot.service.tables import Table, TableError

MESSAGE = 4


def labels(message: dict) -> dict[str, str]:
    return {c["custom_id"].split(":")[2]: c.get("label", "") for c in components(message) if c.get("type") == 2}


# ---------------------------------------------------------------------- item 5: a pass tells nothing
def test_r5_6_a_forced_pass_reads_as_any_other_pass():
    """The engine passes a seat with no play allowed for it (R5.6); the line must not say so, or the
    channel learns that the seat holds nothing that beats the play."""
    forced, chosen = Event(EventKind.PASS, 4, auto=True), Event(EventKind.PASS, 4)
    assert describe(forced) == describe(chosen) == ("5号位 过", "seat 5 passes")


# ---------------------------------------------------------------------- item 3: the tribute question
def test_r12_6_the_view_of_the_seat_asked_names_the_teammate_the_cards_and_the_tribute():
    m, _ = start({2: {"R": 1, "B": 1, "2": 2}}, prev=previous(places=(1, 2, 6, 5, 3, 4)))
    assert m.decision == "tribute-mate" and m.to_act == 2
    assert m.view(2).owed == (0, "BR", "落贡")  # 大落 2 owes 头科 0 two cards: its 大王 and 小王
    assert all(m.view(s).owed is None for s in (0, 1, 3, 4, 5))  # the cards are seat 2's hand
    m.act(2, "tribute-give")
    assert m.view(2).owed is None


async def test_r12_6_the_panel_asks_whom_and_what_in_the_question_and_on_its_buttons(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    m, _ = start({2: {"R": 1, "B": 1, "2": 2}}, prev=previous(places=(1, 2, 6, 5, 3, 4)))
    await playing(h, m)
    panel = (await panel_of(h, PLAYERS[2]))[1]
    assert "给 上联 甲（1号位） 落贡 2 张 小王 大王：进，还是不进？" in panel["content"]
    assert "you owe 甲 落贡, 2 cards (small joker big joker)" in panel["content"]
    buttons = labels(panel)
    assert buttons["tribute-give"].startswith("进贡 2 张 小王 大王") and buttons["tribute-skip"].startswith("不进")
    await h.bot.close()


# ---------------------------------------------------------------------- item 6: nothing given away before play
REVOLUTION = Ruleset.preset(revolution=True, declare_natural=False)
NOBODY, HUMAN_0, AI_4 = 0, 7, 3
"""Seeds of that ruleset's first deal: nobody may declare 革命 (R11.4); seat 0 (a player) may; seat 4 (an AI) may."""
TIMESTAMP = re.compile(r"<t:\d+:R>")


async def to_the_opening(tmp_path, monkeypatch, seed: int) -> tuple[Harness, Table, int]:
    """Two players (seats 0, 1) and four AI seats, 革命 on; the players answer buying as the table's
    defaults would, until the ready check of 第八条 (``Table.opening``) is reached. Returns the
    harness, the table and how many requests the bot had made before the deal."""
    h = await start_harness(tmp_path / str(seed), monkeypatch)
    table = await seated(h, humans=2)
    table.settings.rules = REVOLUTION
    n = len(h.fake.requests)
    await h.service.start(CHANNEL, HOST.id, seed=seed)
    await h.settle()
    while not table.opening():
        seat = table.to_act
        await h.service.act(CHANNEL, table.user_of(seat), table.match.default_action(seat), table.revision)
        await h.settle()
    await h.messenger.flush(table.id)
    return h, table, n


def public_head(h: Harness) -> list[str]:
    """The table message's lines above its log (the match, the phase, who is not ready), timestamps out."""
    lines = h.table_message()["content"].splitlines()
    return [TIMESTAMP.sub("<t>", line) for line in lines if not line.startswith("•")]


async def test_r11_4_the_public_sees_the_same_whether_a_player_an_ai_or_nobody_may_declare_revolution(
        tmp_path, monkeypatch):
    """Issue 31 §6: 「等待大家选择」 showed only in deals where some seat held no 2 and no joker, and
    with five AI seats a human learned that an AI held none. Now every deal has 第八条's ready check,
    and the table message says the same in it whoever is deciding."""
    heads, calls = {}, {}
    for seed in (NOBODY, HUMAN_0, AI_4):
        h, table, n = await to_the_opening(tmp_path, monkeypatch, seed)
        m = table.match
        if seed == HUMAN_0:
            assert m.decision == "revolt" and m.to_act == 0  # seat 0 decides in its panel
        else:
            assert m.phase == "play" and table.held()  # an AI decided at once, or nobody had to
        heads[seed] = public_head(h)
        posts = [r for r in h.fake.since(n) if r.method == "POST" and r.token is None and r.content.startswith("<@")]
        calls[seed] = [TIMESTAMP.sub("<t>", r.content) for r in posts if "开牌前" in r.content]
        assert posts[-1].content.startswith(f"<@{PLAYERS[0].id}> <@{PLAYERS[1].id}> 开牌前")  # nobody pinged alone
        await h.bot.close()
    assert heads[NOBODY] == heads[HUMAN_0] == heads[AI_4]
    assert "开牌前" in heads[NOBODY][1] and "还没准备：甲、乙" in heads[NOBODY][2]
    assert calls[NOBODY] == calls[HUMAN_0] == calls[AI_4]  # both players, called alike, once
    assert len(calls[NOBODY]) == 1 and f"<@{PLAYERS[0].id}> <@{PLAYERS[1].id}> 开牌前" in calls[NOBODY][0]


async def test_r11_4_the_seat_deciding_has_its_choice_and_countdown_the_others_only_the_ready_check(
        tmp_path, monkeypatch):
    h, table, _ = await to_the_opening(tmp_path, monkeypatch, HUMAN_0)
    (_, deciding), (_, other) = await panel_of(h, PLAYERS[0]), await panel_of(h, PLAYERS[1])
    assert {"revolt", "no-revolt"} <= set(labels(deciding)) and "ready" not in labels(deciding)
    assert "⏱" in deciding["content"] and "革命" in deciding["content"]
    below_header = other["content"].split("\n", 1)[1]
    assert "ready" in labels(other) and "革命" not in other["content"] and "甲" not in below_header
    # 准备 from the seat with a choice still to make is answered privately and changes nothing
    table_msg = h.table_message()
    (r,) = await h.click(PLAYERS[0], int(table_msg["id"]), h.button(table_msg, "ready"))
    assert r.ephemeral and "我的手牌" in r.content and table.seats[0].ready is False
    await h.bot.close()


async def test_eighth_article_play_waits_for_everyones_ready_then_the_leader_leads(tmp_path, monkeypatch):
    """第八条: 开牌前，开牌人应当提示其余五人是否做好出牌准备 — the first lead waits for 准备, a lead tried
    before it is refused and changes nothing, and the last 准备 lets play begin."""
    h, table, _ = await to_the_opening(tmp_path, monkeypatch, NOBODY)
    m = table.match
    leader, state = m.to_act, m.to_json()
    assert table.to_act is None and table.held()
    if table.seats[leader].user_id is not None:
        with pytest.raises(TableError, match="准备"):
            await h.service.act(CHANNEL, table.user_of(leader), m.legal_actions(leader)[0], table.revision)
    assert m.to_json() == state
    seen_call = [m for m in h.fake.messages.values() if m["content"].startswith("<@") and "开牌前" in m["content"]]
    table_msg = h.table_message()
    for user in PLAYERS[:2]:
        (r,) = await h.click(user, int(table_msg["id"]), h.button(table_msg, "ready"))
        assert r.ephemeral
    await h.settle()
    assert not table.held() and (m.game.ply > 0 or table.to_act == leader)  # an AI leader has led, or a player may
    assert "ready" not in {c["custom_id"].split(":")[2] for c in components(h.table_message())}
    await h.messenger.flush(table.id)
    calls = [m for m in h.fake.messages.values() if m["content"].startswith("<@") and "开牌前" in m["content"]]
    assert seen_call and not calls  # the call was there, and is gone
    await h.bot.close()


async def test_eighth_article_the_ready_check_ends_when_its_time_is_up(tmp_path, monkeypatch):
    h, table, _ = await to_the_opening(tmp_path, monkeypatch, NOBODY)
    assert table.held() and table.deadline == table.ready_deadline is not None
    waits: list[float] = []

    async def first_wait_passes(seconds: float) -> None:  # the ready check's; no turn timer after it
        waits.append(seconds)
        await asyncio.sleep(0 if len(waits) == 1 else 3600)

    h.service.sleep = first_wait_passes
    h.service._schedule(table)  # the timer, as if its time had come
    timer = table.turn_task
    assert timer is not None
    await timer
    await h.settle()
    assert waits[0] > 30  # the ready check's time: the table's seconds per turn
    assert not table.held() and table.unready() == [] and not any(s.autoplay for s in table.seats)
    await h.bot.close()
