"""The ``/gouji`` commands as Discord receives them: the synced payload (with its Chinese
translations) respects Discord's limits, ``open`` covers every switch of R13.3, and the league
and rules commands answer from the store and the rules document."""

from __future__ import annotations

import re

from discord_fakes import HOST, PLAYERS, finish, seated, start_harness

from bot.bench.discord_fakes import CHANNEL, EPHEMERAL, components
from bot.engine import Ruleset
from bot.engine.rules import SWITCH_INFO
from bot.service.tables import Settings
from cogs.i18n import ZH
from cogs.rules import TOPICS, chunks

NAME = re.compile(r"[-_\w]{1,32}")
"""Discord's rule for command and option names (``\\w`` covers CJK letters)."""
SUBCOMMANDS = {"open", "hand", "settings", "play", "pass", "let", "table", "close", "standings", "stats", "replay",
               "review", "rules"}


def walk(command: dict, check_zh: bool) -> int:
    """Check one command or option against Discord's limits; returns its characters for the 4000 total."""
    assert NAME.fullmatch(command["name"]) and command["name"] == command["name"].lower(), command["name"]
    assert 1 <= len(command["description"]) <= 100
    names = command.get("name_localizations") or {}
    descriptions = command.get("description_localizations") or {}
    for text in names.values():
        assert NAME.fullmatch(text) and text == text.lower(), text
    for text in descriptions.values():
        assert 1 <= len(text) <= 100
    if check_zh:
        assert set(names) >= {"zh-CN", "zh-TW"} and set(descriptions) >= {"zh-CN", "zh-TW"}, command["name"]
        assert not set(names) - {"zh-CN", "zh-TW"}, "other locales read the English"
    size = max(len(t) for t in [command["name"], *names.values()])  # Discord counts each locale's
    size += max(len(t) for t in [command["description"], *descriptions.values()])  # strings: take the longest
    options = command.get("options", [])
    assert len(options) <= 25
    required = [o.get("required", False) for o in options if o["type"] > 2]
    assert required == sorted(required, reverse=True), "required options come first"
    choices = command.get("choices", [])
    assert len(choices) <= 25
    for c in choices:
        assert 1 <= len(c["name"]) <= 100 and len(str(c["value"])) <= 100
        size += len(c["name"]) + len(str(c["value"]))
    for o in options:
        size += walk(o, check_zh)
    return size


async def test_synced_commands_respect_discords_limits_in_both_languages(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    synced = [r for r in h.fake.requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert len(synced) == 1
    (gouji,) = synced[0].payload
    assert gouji["name"] == "gouji" and gouji["name_localizations"]["zh-CN"] == "够级"
    assert gouji.get("contexts") == [0] or gouji.get("dm_permission") is False  # servers only
    assert {o["name"] for o in gouji["options"]} == SUBCOMMANDS and gouji["options"][0]["name"] == "open"
    assert walk(gouji, check_zh=True) <= 4000
    zh = {o["name"]: o["name_localizations"]["zh-CN"] for o in gouji["options"]}
    assert zh["play"] == "出牌" and zh["pass"] == "过牌" and zh["open"] == "开桌"
    assert len(set(zh.values())) == len(zh)
    await h.bot.close()


async def test_every_english_string_of_the_tree_has_chinese(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    (gouji,) = next(r for r in h.fake.requests if r.method == "PUT").payload
    missing = []

    def visit(node: dict) -> None:
        missing.extend(node[key] for key in ("name", "description") if node[key] not in ZH)
        if node["name"] != "topic":  # the rules topics are bilingual headings of docs/rules.md
            missing.extend(c["name"] for c in node.get("choices", []) if c["name"] not in ZH)
        for o in node.get("options", []):
            visit(o)

    visit(gouji)
    assert missing == []
    await h.bot.close()


async def test_open_sets_every_setting_and_the_lobby_every_switch(tmp_path, monkeypatch):
    """/gouji open sets the preset and the table settings; the lobby's house-rules select, built from the
    engine's list of switches, sets any switch (R13) — the host's alone, and only before 开始."""
    h = await start_harness(tmp_path, monkeypatch)
    await h.command(HOST, "open", games=2, seconds=30, seats="draw", ai="strong")
    s = h.service.tables[CHANNEL].settings
    assert (s.games, s.turn_seconds, s.seat_mode, s.ai_level, s.rules) == (2, 30.0, "draw", "strong", Ruleset())
    select = next(c for c in components(h.table_message()) if c.get("type") == 3)
    assert [o["value"] for o in select["options"]] == [sw.field for sw in SWITCH_INFO]
    assert select["min_values"] == 0 and select["max_values"] == len(SWITCH_INFO) <= 25
    assert {o["value"] for o in select["options"] if o.get("default")} == {"tribute", "declare_natural"}
    (refused,) = await h.house_rules(PLAYERS[1], "revolution")
    assert refused.ephemeral and "桌主" in refused.content and h.service.tables[CHANNEL].settings.rules == Ruleset()
    await h.house_rules(HOST, "joker_two_kill_one_extended", "big_joker_is_gouji", "tribute")
    s = h.service.tables[CHANNEL].settings
    assert s.rules == Ruleset.preset("dagang", joker_two_kill_one_extended=True, big_joker_is_gouji=True,
                                     declare_natural=False)
    assert "大纲 · +红鬼二打一 · +大王算够级 · −宣点" in h.table_message()["content"]
    stored = await h.service.store.open_tables()
    assert [Settings.from_dict(r.settings).rules for r in stored] == [s.rules]  # committed, for a restart
    again = await h.command(PLAYERS[1], "open")
    assert again[-1].ephemeral and "已经有一桌" in again[-1].content
    await h.bot.close()


async def test_rules_by_topic(tmp_path, monkeypatch):
    assert len(TOPICS) >= 10 and all(t.body for t in TOPICS)
    h = await start_harness(tmp_path, monkeypatch)
    (listing,) = await h.command(HOST, "rules")
    assert listing.ephemeral and all(t.title in listing.data["embeds"][0]["description"] for t in TOPICS)
    # issue 14, item 12: written for players — no rule ids, no contract file, seats as players number them
    rule_id = re.compile(r"\bR1?\d(\.\d+)?[a-z]?\b(?!\d)")  # R1, R14.2 — not a play such as R7777
    for text in [listing.data["embeds"][0]["description"], *(t.title for t in TOPICS), *(t.body for t in TOPICS)]:
        assert not rule_id.search(text) and "RULES.md" not in text and "0–5" not in text, text[:80]
    assert "1–6" in listing.data["embeds"][0]["description"]
    last = str(len(TOPICS) - 1)
    answers = await h.command(HOST, "rules", topic=last)
    assert all(a.ephemeral for a in answers)
    assert answers[0].data["embeds"][0]["title"] == TOPICS[-1].title
    text = "\n".join(a.data["embeds"][0]["description"] for a in answers)
    assert text == TOPICS[-1].body and all(len(a.data["embeds"][0]["description"]) <= 4096 for a in answers)
    assert chunks("a\nbb\nccc", 4) == ["a\nbb", "ccc"]
    await h.bot.close()


async def test_standings_and_stats_after_a_match(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    (empty,) = await h.command(HOST, "standings")
    assert empty.ephemeral and "还没有" in empty.content
    table = await seated(h, humans=2)
    await h.service.start(CHANNEL, HOST.id, seed=4)
    await finish(h, table)
    (board,) = await h.command(HOST, "standings")
    assert board.type == 4 and not board.data.get("flags", 0) & EPHEMERAL and board.files == ["standings.png"]
    assert "甲" in board.content and "乙" in board.content and len(board.content) <= 2000
    assert board.data["allowed_mentions"] == {"parse": []}
    (season,) = await h.command(HOST, "standings", season="1999")
    assert season.ephemeral
    (mine,) = await h.command(PLAYERS[1], "stats")
    assert "乙" in mine.content and "第" in mine.content and not mine.ephemeral
    (nobody,) = await h.command(PLAYERS[4], "stats")
    assert nobody.ephemeral and "还没有" in nobody.content
    await h.bot.close()
