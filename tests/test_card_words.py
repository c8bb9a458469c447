"""Issue 31 item 8 — cards in the words of the table (R2.3: the letters T, B and R are typing notation).
English halves write 10, small joker, big joker as the Chinese halves write 10, 小王, 大王; a typing
error shows what to type in both languages."""

from __future__ import annotations

import re

from discord_fakes import BURN_AND_LET, PLAYERS, Harness, crafted, playing, start_harness

from bot.engine import Event, describe
from bot.engine.cards import cards_en, cards_zh
from cogs.views import tribute_words

A = PLAYERS[0]
NAMES = ["甲", "乙", "丙", "丁", "戊", "己"]
NOTATION = re.compile(r"(?<![A-Za-z])[0-9JQKA2]*[TBR][0-9JQKA2TBR]*(?![A-Za-z])")
"""Cards in typing notation (TTTT, 22R, B) as a word of their own: never in a line a player reads."""


async def actions(h: Harness, table_id: int) -> list[str]:
    return [a for *_, a in await h.service.store.actions(table_id)]


# ---------------------------------------------------------------------- item 8: English halves
def test_english_halves_write_10_and_the_jokers_as_the_chinese_halves_do():
    """§8, R2.3: every English line that shows cards writes them as a player reads them, by the same
    spacing rule as the Chinese (a space beside every name longer than one character)."""
    assert cards_en("TTTT") == "10 10 10 10" and cards_en("99BR") == "99 small joker big joker"
    assert cards_en("KK2") == "KK2" == cards_zh("KK2")
    lines = {
        Event("lead", 5, "TTTT"): "己 leads 10 10 10 10",
        Event("follow", 5, "BR"): "己 plays small joker big joker",
        Event("tribute", 2, "R", target=5, tag="点贡"): "丙 pays 己 big joker (点贡)",
        Event("tribute-skip", 2, "BB", target=4, tag="落贡"): "(small joker small joker)",
        Event("buy-offer", 0, "B", value=3): "甲 offers small joker to its 对家 for a 3",
        Event("men", 0, "TT", target=1, value=6): "who shows 10 10:",
        Event("chongdian", 0, "AAAA KKKR TTTTT"): "with AAAA → KKK big joker → 10 10 10 10 10:",
        Event("hui", 0, "TTTTTT"): "pooled 10 10 10 10 10 10 (汇10)",
        Event("kanggong", 0, tag="R"): "was dealt four big jokers",
        Event("kill", 0, target=1): "kills the big joker of 乙",
    }
    for e, part in lines.items():
        zh, en = describe(e, NAMES)
        assert part in en, (e, en)
        assert not NOTATION.search(zh) and not NOTATION.search(en), (zh, en)
    paid = tribute_words(Event("tribute", 2, "R", target=5, tag="点贡"), NAMES)
    assert paid == ("点贡：丙 → 己 1 张（大王）", "点贡: 丙 pays 己 1 card, big joker")


async def test_the_table_log_and_the_answer_to_a_typed_play_write_cards_in_both_halves(tmp_path, monkeypatch):
    """§8 through the fakes: 甲 types 10 10 10 小王; the table message's log line and the answer say
    10 10 10 small joker in English, not TTTB."""
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(["33TTTB5", "3JJJR4", "337", "3399", "338", "339"]))
    since = len(h.fake.requests)
    (answer,) = await h.command(A, "play", cards="10 10 10 小王")
    assert answer.ephemeral and answer.content == "已出牌：10×3 + 小王 / played 10×3 + small joker"
    await h.settle()
    await h.bot.messenger.flush(table.id)
    log = [line for r in h.fake.since(since) if r.token is None for line in r.content.splitlines()
           if line.startswith("• ")]  # the table message's edits
    assert "• 甲 发牌 10 10 10 小王 — 甲 leads 10 10 10 small joker" in log
    assert not any(NOTATION.search(line) for line in log), log
    await h.bot.close()


async def test_a_typing_error_shows_what_to_type_in_chinese_and_in_english(tmp_path, monkeypatch):
    """§8 through the fakes: /gouji play cards:大小王 and cards:三三, and 三三 in 自定义出牌, answer to the
    player alone with the accepted forms in both halves, and change nothing."""
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(BURN_AND_LET))
    for typed, card in (("大小王", "大"), ("三三", "三")):
        (answer,) = await h.command(A, "play", cards=typed)
        zh, en = answer.content.split(" / ")
        assert answer.ephemeral and f"不认识的牌「{card}」" in zh and f"unknown card '{card}'" in en
        assert all(form in zh for form in ("10、", "小王", "大王", "「33」", "「QQQ+2」")), zh
        assert all(form in en for form in ("10,", "small joker", "big joker", "33", "QQQ+2")), en
    table_msg = h.table_message()
    (opened,) = await h.click(A, int(table_msg["id"]), h.button(table_msg, "hand"))
    panel_id = h.fake.originals[opened.token]
    (form,) = await h.click(A, panel_id, h.button(h.fake.messages[panel_id], "custom"))
    (submitted,) = await h.submit(A, panel_id, form.data, "三三")
    assert "⚠️ 不认识的牌「三」" in submitted.content and "「QQQ+2」" in submitted.content
    assert "unknown card '三'" in submitted.content
    assert await actions(h, table.id) == ["start 1"]
    await h.bot.close()
