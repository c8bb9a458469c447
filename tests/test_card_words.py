"""Issue 31 items 2 and 8 — cards in the words of the table (R2.3: the letters T, B and R are typing
notation). English halves write 10, small joker, big joker as the Chinese halves write 10, 小王, 大王;
a typing error shows what to type in both languages; ``/gouji review`` writes plays as the table's
log does and points as whole numbers when they are whole."""

from __future__ import annotations

import random
import re

from discord_fakes import BURN_AND_LET, HOST, PLAYERS, crafted, playing, ready_all, seated, start_harness

import cogs.review
import cogs.views
from bot.bench.discord_fakes import CHANNEL, Harness
from bot.engine import Event, describe, parse_play
from bot.engine.cards import cards_en, cards_zh
from bot.service.review import Decision, Review
from cogs.renderer import Renderer
from cogs.views import tribute_words
from render.draw import amount, signed

A = PLAYERS[0]
NAMES = ["甲", "乙", "丙", "丁", "戊", "己"]
NOTATION = re.compile(r"(?<![A-Za-z])[0-9JQKA2]*[TBR][0-9JQKA2TBR]*(?![A-Za-z])")
"""Cards in typing notation (TTTT, 22R, B) as a word of their own: never in a line a player reads."""
DECIMALS = re.compile(r"\d\.\d*0(?!\d)")
"""A number with a trailing zero after its point (33.00, 2.50): points are written 33, 2.5."""


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
    await h.messenger.flush(table.id)
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


# ---------------------------------------------------------------------- item 2: /gouji review
def test_review_points_are_whole_when_whole():
    """§2: one rule wherever the review shows points, the table's own (``signed``) — whole numbers when
    whole, else to two places at most."""
    assert [signed(x) for x in (33.0, -4.0, 0.0, 2.5, 3.6667, -0.004, -1.25, 7)] == [
        "+33", "−4", "0", "+2.5", "+3.67", "0", "−1.25", "+7"]
    assert amount(19.0) == "19" and amount(0.5) == "0.5"


def test_the_reviews_reasons_write_cards_as_the_table_does():
    """§2: 「先出 TTTT，把 TTTT2 留到后面」 reads 先出 10 10 10 10，把 10 10 10 10 2 留到后面, and the English
    line its English cards."""
    d = Decision(5, "play TTTT2", {"play TTTT2": -4.0, "play TTTT": 1.0}, lead=True)
    assert d.reason() == ("先出 10 10 10 10，把 10 10 10 10 2 留到后面",
                          "lead 10 10 10 10 first and keep 10 10 10 10 2 for later")
    typed = Decision(7, "play 10 10 10 大王", {"play 10 10 10 大王": -2.0, "let": 1.0})  # a review kept from before
    assert typed.reason() == ("让牌更好：10 10 10 大王 留着后面更有用",
                              "let was better: 10 10 10 big joker is worth more later")


def spelled(cards: str) -> str:
    """A play typed the long way, every card apart: 555 → 5 5 5, TTB → 10 10 小王."""
    return " ".join(cards_zh(ch) for ch in cards)


async def test_review_writes_plays_as_the_table_log_and_points_whole(tmp_path, monkeypatch):
    """§2 through the fakes: 乙 plays every play typed card by card (5 5 5, 10 10 小王); the review weighs
    each play once, in the engine's form, and writes it as the table's log does (555, 10 10 小王) — the
    costly decisions, the list of every decision and the pictures' captions — with points whole when
    whole, each line in one language with its translation beside it."""
    monkeypatch.setattr(cogs.review, "BUDGET", 0.01)
    captions: list[str] = []
    drawn = cogs.review.render_replay

    def recorded(*args):
        captions.append(args[-1])
        return drawn(*args)

    monkeypatch.setattr(cogs.review, "render_replay", recorded)
    monkeypatch.setattr(cogs.views, "RENDERER", Renderer(0))  # drawn here, where the spy is
    h = await start_harness(tmp_path, monkeypatch)
    table = await seated(h, humans=2)
    await h.service.start(CHANNEL, HOST.id, seed=4)
    rng, user = random.Random(0), PLAYERS[1]
    for _ in range(5000):  # 甲 (seat 1) at random, 乙 (seat 2) too, each play typed card by card
        if table.status != "playing":
            break
        if table.held():  # 第八条: 准备 before each game's first lead
            await ready_all(h, table)
        seat = table.to_act
        if seat != 1:
            if seat == 0:
                await h.service.act(CHANNEL, HOST.id, rng.choice(list(table.match.legal_actions(seat))))
            await h.settle()
            continue
        action = rng.choice(list(table.match.legal_actions(seat)))
        if action.startswith("play "):
            await h.command(user, "play", cards=spelled(action[5:]))
        else:
            await h.service.act(CHANNEL, user.id, action)
        await h.settle()
    assert table.status == "over"
    typed = [a for a in await actions(h, table.id) if a.startswith("play ") and " " in a[5:]]
    assert typed  # the log keeps the plays as they were typed

    final = (await h.command(user, "review"))[-1]
    review = Review.from_json(await h.service.store.review(1, 1))
    for d in review.decisions:  # each play weighed once, as the engine writes it
        plays = [parse_play(a[5:]).text for a in d.values if a.startswith("play ")]
        assert len(plays) == len(set(plays)) and all(a == f"play {parse_play(a[5:]).text}" for a in d.values
                                                     if a.startswith("play "))
    embeds = final.data["embeds"]
    every = embeds[-1]["description"].splitlines()
    assert len(every) == len(review.decisions)
    for line, d in zip(every, review.decisions, strict=True):
        zh, en = line.split(" — ")
        played = d.played[5:] if d.played.startswith("play ") else None
        if played is not None:
            assert f"第 {d.frame} 步 {cards_zh(played)} " in zh and f"step {d.frame}: {cards_en(played)} " in en
        assert not re.search(r"[a-z]", zh.replace("AI", "")) and not re.search(r"[\u4e00-\u9fff]", en), line
    worst = review.worst()
    assert worst and len(captions) == len(worst)
    for embed, caption, d in zip(embeds, captions, worst, strict=False):
        zh_best = cards_zh(d.best[5:]) if d.best.startswith("play ") else {"pass": "过牌", "let": "让牌"}[d.best]
        assert caption.endswith(f"AI：{zh_best}") and f"AI 选 {zh_best}" in embed["title"]
        estimates, estimates_en, reason, reason_en = embed["description"].splitlines()
        assert estimates.startswith("预计队伍得分 ") and estimates_en.startswith("expected team points ")
        assert not re.search(r"[a-z]", estimates + reason.replace("AI", ""))
        assert not re.search(r"[\u4e00-\u9fff]", estimates_en + reason_en)
    shown = "\n".join([final.content, *captions] + [e["title"] + e["description"] for e in embeds])
    assert not DECIMALS.search(shown) and not NOTATION.search(shown), shown
    await h.bot.close()
