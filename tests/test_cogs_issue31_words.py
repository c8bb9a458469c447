"""Issue 31, items 4 and 9, through the offline fakes: a player reads the rules, the stats, the lobby
and the standings in a player's words — no switch ids, flags, preset ids, typing notation in Chinese
lines, rule articles or μ/σ — and the small slips are gone: the hint says its word once, 取消托管 is
not a refusal, the lobby and a closed table's pictures say what they are, the countdown is discord.py's
``format_dt``, and the terminal writes 10 as the log does."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from discord_fakes import (
    BURN_AND_LET,
    HOST,
    PLAYERS,
    crafted,
    finish,
    panel_of,
    playing,
    ready_all,
    seated,
    start_harness,
)
from helpers import spy_text

from bot.ai.basic import REASONS
from bot.ai.players import LEVELS
from bot.bench.discord_fakes import CHANNEL, Harness
from bot.cli.show import hand
from bot.engine.rules import PRESETS, SWITCH_INFO
from bot.service.league import with_ratings
from bot.service.tables import Change
from bot.words import ACTIONS, AI_LEVELS, choice_words
from cogs import views
from cogs.renderer import Renderer
from cogs.rules import TOPICS
from render import render_standings
from render.table import PHASE_CLOSED, PHASE_FULL, PHASE_LOBBY

A, B, C, D = PLAYERS[:4]
MESSAGE, UPDATE = 4, 7
LET_HANDS = ["33669", "3355", "3377", "33AA8", "3389", "33JQ"]
"""Seat 0 leads 66; seat 1 cannot answer, seat 2 passes; seat 3, its 对家, could beat it with AA but
would rather 让牌 (the hint)."""


def drawn_words(monkeypatch) -> list[str]:
    """Every string the renderer draws from now on, drawn in this process where the spy is."""
    monkeypatch.setattr(views, "RENDERER", Renderer(0))
    words: list[str] = []
    spy_text(monkeypatch, lambda xy, text, size, fill: words.append(text))
    return words


# ---------------------------------------------------------------------- item 4: a player's words only
DEV_IDS = {name for sw in SWITCH_INFO for name in (sw.field, sw.flag) if re.search(r"[_-]", name)}
"""Switch names no player says (``big_joker_is_gouji``, ``joker-kill`` …); the one-word ones
(``revolution``, ``tribute``) are English words too, and are checked in backticks."""


async def test_rules_pages_name_switches_presets_and_cards_as_players_do(tmp_path, monkeypatch):
    """Issue 31 §4 (R13, R3): /gouji rules shows no switch id or flag, no preset id in backticks, and a
    Chinese line writes its card examples as players do (大王, 小王), not in the typing notation."""
    h = await start_harness(tmp_path, monkeypatch)
    (listing,) = await h.command(HOST, "rules")
    pages = []
    for i in range(len(TOPICS)):
        answers = await h.command(HOST, "rules", topic=str(i))
        pages.append("\n".join(e["title"] + "\n" + e["description"] for a in answers for e in a.data["embeds"]))
    shown = "\n".join([listing.data["embeds"][0]["description"], *pages])
    assert [name for name in DEV_IDS if name in shown] == []
    backticked = {f"`{name}`" for sw in SWITCH_INFO for name in (sw.field, sw.flag)} | {f"`{p}`" for p in PRESETS}
    assert [code for code in backticked if code in shown] == []
    compare = next(page for page in pages if "大小比较" in page)
    assert "「大王 大王 999」压「小王 小王 888」" in compare and "`RR999`" not in compare
    assert "开关红鬼二打一：" in compare and "「大王 大王 小王 888」压「大王 7777」" in compare
    gouji = next(page for page in pages if page.startswith("够级牌"))
    assert "（开关「大王算够级」打开时是）" in gouji
    classic = next(page for page in pages if "经典 classic" in page.splitlines()[0])
    assert "开桌时选经典即按这套规则打" in classic and "Choose the preset 经典 (classic)" in classic
    switches = pages[-1]
    assert "**大王算够级 · 大王 plays are 够级**" in switches and "**革命**\n" in switches
    # the English half keeps the notation a player types
    assert "`RRB888` beats `R7777`" in switches and "「大王 大王 小王 888」压「大王 7777」" in switches
    # a bracket the developers' words leave alone keeps its 、
    assert "（自己联邦得头科、二科时算三科，成串三家）" in "\n".join(pages)
    await h.bot.close()


async def test_the_lobby_cites_no_article(tmp_path, monkeypatch):
    """Issue 31 §4: the lobby asks everyone to be ready without 「（第八条）」."""
    h = await start_harness(tmp_path, monkeypatch)
    await h.command(HOST, "open", games=1, ai="random")
    content = h.table_message()["content"]
    assert "开牌前大家都要准备好：" in content and "第八条" not in content
    await h.bot.close()


async def _league(h: Harness, games: int = 1) -> None:
    table = await seated(h, humans=2, games=games)
    await h.service.start(CHANNEL, HOST.id, seed=4)
    await finish(h, table)


async def test_standings_name_the_ai_levels_as_the_bot_does(tmp_path, monkeypatch):
    """Issue 31 §4: the AI rows read 「AI 随机」 (普通 / 高手 / 随机, the words of /gouji open), in the text
    and in the picture, never 「AI random」."""
    assert set(AI_LEVELS) == set(LEVELS)
    words = drawn_words(monkeypatch)
    h = await start_harness(tmp_path, monkeypatch)
    await _league(h)
    (by_points,) = await h.command(HOST, "standings")
    assert "AI 评分 / AI ratings: AI 随机" in by_points.content and "AI random" not in by_points.content
    (by_rating,) = await h.command(HOST, "standings", sort="rating")
    assert "**AI 随机**" in by_rating.content and "AI random" not in by_rating.content
    assert "AI 随机" in words and "AI random" not in words
    guild = (await h.service.store.game(1)).guild_id
    rows = await h.service.store.standings(guild)
    words.clear()
    render_standings(with_ratings(rows, await h.service.store.ratings(guild)), by="rating")
    assert "AI 随机" in words
    await h.bot.close()


async def test_stats_show_the_rating_in_words_and_who_was_shut_out(tmp_path, monkeypatch):
    """Issue 31 §4: /gouji stats says 「评分 x」 with what it means, no μ or σ, and 闷人 (the 闷 this
    player made) where 「闷」 could be read as 被闷."""
    h = await start_harness(tmp_path, monkeypatch)
    await _league(h)
    guild = (await h.service.store.game(1)).guild_id
    mine = next(r for r in await h.service.store.ratings(guild) if r.user_id == PLAYERS[1].id)
    me = await h.service.store.player(guild, PLAYERS[1].id)
    (stats,) = await h.command(PLAYERS[1], "stats")
    assert f"评分 {mine.ordinal:.1f}（从 0 起，赢了涨、输了跌" in stats.content
    assert f"rating {mine.ordinal:.1f} (starts at 0" in stats.content
    assert "μ" not in stats.content and "±" not in stats.content and "σ" not in stats.content
    assert f"闷人 {me.men}" in stats.content and not re.search(r"(?<![被人])闷 \d", stats.content)
    await h.bot.close()


# ---------------------------------------------------------------------- item 9: small slips
async def test_the_hint_says_its_word_once(tmp_path, monkeypatch):
    """Issue 31 §9 (R5.4 让牌): the panel's 让牌 hint read 「提示：让牌 — 让牌：…」; now the action, then why."""
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(LET_HANDS))
    await h.service.act(CHANNEL, A.id, "play 66")
    await h.service.act(CHANNEL, C.id, "pass")
    assert table.to_act == 3
    panel_id, panel = await panel_of(h, D)
    (r,) = await h.click(D, panel_id, h.button(panel, "hint"))
    line = next(x for x in r.content.splitlines() if x.startswith("💡"))
    assert line.startswith("💡 提示：让牌 — 不值得花牌去压") and line.count("让牌") == 1, line
    await h.bot.close()


def test_no_reason_repeats_the_action_it_explains() -> None:
    """Issue 31 §9: a hint shows an action's name, then its reason; no reason opens with that name again
    (冲点 A→K→Q — 冲点：…, 要头 — 要头：…, 不卖 — 不卖给对头 read so)."""
    named = {key: choice_words(key).label for key in REASONS.keys() & ACTIONS.keys()}
    named["chongdian"] = choice_words("chongdian AKQ").label.split()[0]
    repeats = [key for key, label in named.items() if REASONS[key][0].startswith(label)]
    assert repeats == []


async def test_taking_back_tuoguan_is_confirmed_not_refused(tmp_path, monkeypatch):
    """Issue 31 §9: 我回来了 · 取消托管 that works says so with ✅, not ⚠️ (the mark of a refusal)."""
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(BURN_AND_LET))
    table.seats[1].autoplay = True  # B missed a turn: 托管
    await h.messenger.on_change(table, Change("autoplay", seat=1))
    await h.settle()
    (r,) = await h.click(B, int(h.table_message()["id"]), h.button(h.table_message(), "resume"))
    assert r.ephemeral and "✅ 已取消托管" in r.content and "⚠️" not in r.content
    assert not table.seats[1].autoplay
    await h.bot.close()


async def test_a_full_lobby_waits_for_the_start_not_for_players(tmp_path, monkeypatch):
    """Issue 31 §9: at 6/6 the lobby picture says 等待开始, not 等待入座."""
    h = await start_harness(tmp_path, monkeypatch)
    await h.command(HOST, "open", games=1, ai="random")
    table = h.service.tables[CHANNEL]
    words = drawn_words(monkeypatch)
    views.table_card(table).draw()
    assert PHASE_LOBBY in words and PHASE_FULL not in words  # one seated: still waiting for players
    await h.click(HOST, int(h.table_message()["id"]), h.button(h.table_message(), "ai"))
    assert all(table.seats) and table.status == "lobby"
    words.clear()
    views.table_card(table).draw()
    assert PHASE_FULL in words and PHASE_LOBBY not in words and "已入座 6/6" in words
    await h.bot.close()


async def test_a_closed_tables_picture_says_it_is_closed(tmp_path, monkeypatch):
    """Issue 31 §9: the picture the table message gets when a table is closed in play says 牌桌已关闭,
    with no 出牌 phase, no 发牌 and nobody's turn."""
    h = await start_harness(tmp_path, monkeypatch)
    monkeypatch.setattr(views, "RENDERER", Renderer(0))  # drawn here, where the spies are
    table = await playing(h)
    await ready_all(h, table)  # past 第八条's ready check: in play
    assert table.match is not None and table.match.phase == "play"
    await h.settle()  # the in-play redraws the ready check queued are drawn and sent before the spy listens:
    await h.messenger.flush(table.id)  # on a loaded machine one could otherwise land after ``words.clear()``
    words = drawn_words(monkeypatch)
    views.table_card(table).draw()
    assert "出牌" in words and "发牌" in words  # in play: the phase and whose lead
    words.clear()
    edits = len(h.fake.requests)
    await h.command(HOST, "close")
    await h.settle()
    assert table.status == "closed"
    edited = [r for r in h.fake.requests[edits:] if r.method == "PATCH" and r.files == ["table.png"]]
    assert edited and "牌桌已关闭" in edited[-1].content  # the messenger's edit: this picture
    assert PHASE_CLOSED in words and not {"出牌", "发牌"} & set(words)
    assert not any(w.startswith("轮到") for w in words)
    await h.bot.close()


async def test_the_countdown_is_discords_format_dt(tmp_path, monkeypatch):
    """Issue 31 §9: the turn's live countdown is built by ``discord.utils.format_dt`` (style R)."""
    calls: list[tuple[datetime, str]] = []

    def format_dt(dt: datetime, style: str | None = None) -> str:
        calls.append((dt, style or ""))
        return f"<t:{int(dt.timestamp())}:{style}>"

    monkeypatch.setattr(views, "format_dt", format_dt)
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h)
    await ready_all(h, table)  # past 第八条's ready check: a player's turn
    assert table.deadline is not None
    shown = views.countdown(table)
    assert calls[-1] == (datetime.fromtimestamp(table.deadline, UTC), "R")
    assert shown.endswith(f"<t:{int(table.deadline)}:R>")
    await h.bot.close()


def test_the_terminal_hand_writes_10_as_the_log_does() -> None:
    """Issue 31 §9 (R2.3): the terminal's hand line writes 10 10 10 and 小王, not TTT and B."""
    line = hand("3344TTTJJ2BR").plain.splitlines()[0]
    assert "10 10 10" in line and "小王" in line and "大王" in line
    assert "TTT" not in line and not re.search(r"\b[TBR]\b", line)
