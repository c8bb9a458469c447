"""The ``classic`` preset and the switches on Discord (issue #8): ``/gouji open`` sets them, the hand
panel offers every new decision before play (上班, 买三, 冲点, 要头/无头) within Discord's limits,
the 烧牌 button offers exactly the plays the engine tags as burns, and every view still enables
exactly the legal actions. Pure views first, then real discord.py dispatch through ``FakeDiscord``."""

from __future__ import annotations

import random

import pytest
from discord_fakes import HOST, PLAYERS, put, start_harness
from helpers import deal
from test_cogs_views import check_components, enabled_actions, table_of

from bot.bench.discord_fakes import CHANNEL, Harness, components
from bot.engine import Game, Match, Ruleset
from bot.engine.rules import PRESETS, SWITCH_INFO
from bot.service.tables import Table
from bot.words import ACTIONS, BURN_NOTE, DECISION_PROMPTS
from cogs.ids import CHOICE
from cogs.rules import DOC_TOPICS, SETTING_TOPICS, TOPICS
from cogs.views import (
    PLAY_BUTTONS,
    action_label,
    decision_label,
    hand_panel,
    result_text,
    rules_line,
    table_card,
    table_content,
)

CLASSIC = Ruleset.preset("classic")
BURN_HANDS = ["33QQQ5678899TJ", "3AAA9945566TR", "33KKKB66R7TTJ9", "33KK8556677", "33TT9446688J", "33JJ5577889"]
"""Seat 0 leads 够级 QQQ; in classic its 下联 (seat 2) is asked first and may burn it with KKK (R14.2)."""
REVOLT = {0: {"3": 1, "4": 4, "T": 5, "J": 4, "Q": 3, "K": 2, "A": 2, "2": 0, "B": 0, "R": 0}}
"""Seat 0 holds a 3, no 2 or joker, and five 够级 ranks: 革命, then ten ways to 冲点 (R14.6)."""
DECIDED = {"shangban", "chongdian", "yaotou", "buy-offer", "revolt", "declare"}


def classic_positions(seed: int, switches: dict[str, bool] | None = None) -> list[Match]:
    """Snapshots of a random classic match: every decision before play, and play every few actions."""
    rng = random.Random(seed)
    m = Match.new(seed=seed, rules=Ruleset.preset("classic", **(switches or {})), games=2)
    out, n = [], 0
    while not m.over:
        if n % 9 == 0 or m.phase != "play":
            out.append(Match.from_json(m.to_json()))
        s = m.to_act
        m.act(s, rng.choice(list(m.legal_actions(s))))
        n += 1
    return out


def before_play(m: Match, until: str, choose: dict[str, str]) -> Match:
    """Default choices (or ``choose[decision]``) until ``until`` is the decision awaited."""
    while m.view(0).decision != until:
        seat = m.to_act
        decision = m.view(seat).decision
        m.act(seat, choose.get(decision, m.default_action(seat)))
    return m


def chongdian_match() -> Match:
    return before_play(Match.from_deal(deal(REVOLT), leader=0, rules=CLASSIC), "chongdian", {"revolt": "revolt"})


def classic_burn(hands: list[str] = BURN_HANDS, **kw: object) -> Match:
    m = Match.new(seed=1, rules=CLASSIC, games=1)
    while m.phase != "play":
        m.act(m.to_act, m.default_action(m.to_act))
    m.game = Game.from_hands(hands, leader=0, rules=CLASSIC, **kw)  # type: ignore[arg-type]
    return m


def choices_on(comps: dict[str, dict]) -> set[str]:
    """The actions of the enabled buttons and the options of a choice select."""
    chosen = {o["value"] for cid, c in comps.items() if CHOICE.fullmatch(cid) for o in c["options"]}
    return enabled_actions(comps) | chosen


# ---------------------------------------------------------------------- pure views
@pytest.mark.parametrize("seed", [2, 31])
def test_classic_views_fit_discord_and_offer_exactly_the_legal_choices(seed: int) -> None:
    seen: set[str] = set()
    for m in classic_positions(seed, {"grand_slam": True}):
        table = table_of(m)
        public = check_components(table_card(table).view)
        assert len(table_content(table)) <= 2000
        if not m.over:
            assert ("burn" in enabled_actions(public)) == (m.phase == "play")
        for seat in range(6):
            panel = hand_panel(table.seat_now(seat))
            assert len(panel.card.content) <= 2000
            comps = check_components(panel.card.view)
            legal = list(m.legal_actions(seat))
            on = choices_on(comps)
            for action in PLAY_BUTTONS:
                assert (action in on) == (action in legal), (action, legal[:5])
            if m.phase != "play":
                assert on - {"refresh", "resume", "hint"} == set(legal), "every choice before play is offered"
                if m.to_act == seat:
                    seen.add(m.view(seat).decision or "")
    assert "shangban" in seen


def test_chongdian_sets_come_in_a_select_with_the_cards_and_no_chongdian_as_a_button() -> None:
    m = chongdian_match()
    legal = m.legal_actions(0)
    assert len(legal) == 11 and legal[-1] == "no-chongdian"  # C(5, 3) sets of three, then 不冲点
    panel = hand_panel(table_of(m).seat_now(0))
    comps = check_components(panel.card.view)
    (select,) = [c for cid, c in comps.items() if CHOICE.fullmatch(cid)]
    assert [o["value"] for o in select["options"]] == legal[:-1]
    first = select["options"][0]
    assert first["label"] == "冲点 A→K→Q" and first["description"] == "A×2 → K×2 → Q×3"
    assert "no-chongdian" in enabled_actions(comps) and "冲点" in panel.card.content
    assert bilingual_line(panel.card.content, DECISION_PROMPTS["chongdian"])


def test_few_chongdian_sets_are_buttons_and_listed_with_their_cards() -> None:
    wish = {0: {**REVOLT[0], "T": 0, "J": 0, "9": 9}}
    m = before_play(Match.from_deal(deal(wish), leader=0, rules=CLASSIC), "chongdian", {"revolt": "revolt"})
    assert list(m.legal_actions(0)) == ["chongdian AKQ", "no-chongdian"]
    panel = hand_panel(table_of(m).seat_now(0))
    comps = check_components(panel.card.view)
    assert enabled_actions(comps) == {"chongdian AKQ", "no-chongdian", "hint", "refresh"}
    labels = {c["label"] for c in comps.values() if c["type"] == 2 and not c.get("disabled")}
    assert {"冲点 A→K→Q · charge", "不冲点 · no charge"} <= labels
    assert "⚡ 冲点 A→K→Q：AA → KK → QQQ" in panel.card.content


def test_yaotou_shangban_and_buying_three_are_bilingual_buttons() -> None:
    assert decision_label("yaotou") == "要头 · claim the head" and decision_label("wutou") == "无头 · no head"
    assert decision_label("shangban") == "上班（亮同花4） · show 4s"
    assert decision_label("no-shangban") == "不上班 · don't show"
    assert decision_label("buy3 B") == "用小王买3 · buy a 3" and action_label("buy3 B") == "用小王买3"
    assert decision_label("choose-leader 2") == "3号位开牌 · seat 3 leads"
    assert all(len(decision_label(a)) <= 80 for a in ACTIONS)
    m = chongdian_match()
    m.act(0, "chongdian AKQ")
    assert m.view(3).decision == "yaotou"
    panel = hand_panel(table_of(m).seat_now(3))
    assert {"yaotou", "wutou"} <= enabled_actions(check_components(panel.card.view))
    assert bilingual_line(panel.card.content, DECISION_PROMPTS["yaotou"])


def test_classic_buying_says_it_is_a_must() -> None:
    m = Match.from_deal(deal({1: {"3": 0}}), leader=0, rules=CLASSIC)
    while m.view(m.to_act).decision != "buy-offer":
        m.act(m.to_act, m.default_action(m.to_act))
    seat = m.to_act
    assert "no-buy" not in m.legal_actions(seat)
    panel = hand_panel(table_of(m).seat_now(seat))
    assert "须用摸到的一张 2、小王或大王买一张 3（买三，卖方必须卖）" in panel.card.content
    assert "you must buy one" in panel.card.content
    assert all("buy3" in a for a in enabled_actions(check_components(panel.card.view)) - {"hint", "refresh"})


def test_the_burn_button_offers_the_engines_burns_in_classic() -> None:
    m = classic_burn()
    table = table_of(m)
    m.act(0, "play QQQ")  # 够级: seat 2 (下联) is asked first and may burn
    assert m.to_act == 2
    on = enabled_actions(check_components(hand_panel(table.seat_now(2)).card.view))
    assert {"burn", "pass", "custom"} <= on and "let" not in on
    burn = hand_panel(table.seat_now(2), burn=True)
    select = next(c for c in check_components(burn.card.view).values() if c["type"] == 3)
    values = [o["value"] for o in select["options"]]
    assert values and all(m.game.action_kind(2, f"play {v}") == "shao" for v in values)
    assert all("🔥 烧牌" in o["description"] for o in select["options"])
    assert bilingual_line(burn.card.content, BURN_NOTE)
    m.act(2, "play KKK")
    assert m.game.burning == (2, 0)
    for seat in range(6):  # the burn in progress is said on every panel
        assert "正在烧" in hand_panel(table.seat_now(seat)).card.content


def test_the_wutou_seat_answers_a_gouji_freely_so_it_has_no_burn() -> None:
    hands = ["33QQQ5678899TJ", "3AAAKKKKQQQ99455", "336789", "33KK8556677", "33KKK446688J", "33JJ5577889"]
    m = classic_burn(hands, revolt=1, yaotou=False)  # seat 4, the 对头 of the 革命 seat, is 无头
    table = table_of(m)
    m.act(0, "play QQQ")
    assert m.to_act == 4 and m.game.head == 4 and m.game.sijiji == 0
    assert m.game.action_kind(4, "play KKK") == "follow"
    on = enabled_actions(check_components(hand_panel(table.seat_now(4)).card.view))
    assert "burn" not in on and "pass" in on


def test_table_text_names_the_preset_the_switches_and_a_doubled_result() -> None:
    assert rules_line(Ruleset.preset()) == "大纲"
    assert rules_line(Ruleset.preset("classic", grand_slam=True)) == "经典 · +满贯"
    no_joker = Ruleset.preset("classic", big_joker_is_gouji=False, revolution=False)
    assert rules_line(no_joker) == "经典 · −革命 · −大王算够级"
    m = classic_burn()
    table = table_of(m)
    table.settings.rules = Ruleset.preset("classic", grand_slam=True)
    assert "**够级 · 经典 · +满贯**" in table_content(table)
    result = {"places": [1, 6, 3, 4, 2, 5], "seat_points": [0] * 6, "team_points": [10, -10],
              "items": [[]] * 6, "team_items": [[("chuan_san", 5), ("double", 5)], [("chuan_san", -5), ("double", -5)]],
              "multiplier": 2}
    text = result_text(result, ["甲", "乙", "丙", "丁", "戊", "己"], 2)
    assert "串三户，积分翻倍 ×2 / 串三户 (one team took the top three): points ×2" in text
    text = result_text({**result, "grand_slam": 0}, ["甲", "乙", "丙", "丁", "戊", "己"], 2)
    assert "满贯，积分翻倍 ×2 / grand slam (满贯): points ×2" in text


def bilingual_line(content: str, pair: tuple[str, str]) -> bool:
    return f"{pair[0]} / {pair[1]}" in content


# ---------------------------------------------------------------------- through discord.py
async def classic_table(h: Harness, match: Match, **options: object) -> Table:
    """``/gouji open rules:classic`` with six humans, started, then ``match`` in place of the dealt one."""
    await h.command(HOST, "open", rules="classic", games=1, ai="random", **options)
    for i, user in enumerate(PLAYERS[1:], 1):
        await h.service.sit(CHANNEL, user.id, user.name, seat=i)
        await h.service.ready(CHANNEL, user.id)
    await h.service.start(CHANNEL, HOST.id, seed=1)
    table = h.service.tables[CHANNEL]
    put(table, match)
    await h.settle()
    await h.messenger.flush(table.id)
    return table


async def open_panel(h: Harness, seat: int) -> tuple[int, dict]:
    msg = h.table_message()
    (r,) = await h.click(PLAYERS[seat], int(msg["id"]), h.button(msg, "hand"))
    assert r.ephemeral and r.files == ["hand.png"]
    mid = h.fake.originals[r.token]
    return mid, h.fake.messages[mid]


async def logged(h: Harness) -> list[tuple[int | None, str]]:
    table = h.service.tables[CHANNEL]
    return [(seat, action) for _, seat, _, action in await h.service.store.actions(table.id)]


async def test_open_classic_with_grand_slam(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    await h.command(HOST, "open", rules="classic")
    classic = Ruleset.preset("classic")
    await h.house_rules(HOST, *[k for k, on in classic.switches().items() if on], "grand_slam", "suffocation")
    table = h.service.tables[CHANNEL]
    assert table.settings.rules == Ruleset.preset("classic", grand_slam=True, suffocation=True)
    assert table.settings.rules.big_joker_is_gouji  # classic's own default stands
    assert "经典 · +窒息 · +满贯" in h.table_message()["content"]
    (gouji,) = next(r for r in h.fake.requests if r.method == "PUT").payload
    opened = next(o for o in gouji["options"] if o["name"] == "open")
    rules = next(o for o in opened["options"] if o["name"] == "rules")
    assert {c["value"]: c["name"] for c in rules["choices"]} == {"dagang": "大纲 (dagang)", "classic": "经典 (classic)"}
    assert {c["name_localizations"]["zh-CN"] for c in rules["choices"]} == {"大纲", "经典"}
    assert len(opened["options"]) <= 25 and not any(o["name"] == "grand_slam" for o in opened["options"])
    await h.bot.close()


async def test_chongdian_and_yaotou_through_the_panel(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    await classic_table(h, chongdian_match())
    panel_id, panel = await open_panel(h, 0)
    select = next(c for c in components(panel) if c["type"] == 3)
    assert CHOICE.fullmatch(select["custom_id"]) and len(select["options"]) == 10
    (r,) = await h.choose(PLAYERS[0], panel_id, select["custom_id"], "chongdian AKJ")
    assert r.type == 7 and (await logged(h))[-1] == (0, "chongdian AKJ")
    panel_id, panel = await open_panel(h, 3)
    assert "要头" in panel["content"]
    (r,) = await h.click(PLAYERS[3], panel_id, h.button(panel, "yaotou"))
    assert r.type == 7 and (await logged(h))[-1] == (3, "yaotou")
    m = h.service.tables[CHANNEL].match
    while m.phase != "play":
        await h.service.act(CHANNEL, PLAYERS[m.to_act].id, m.default_action(m.to_act))
    await h.settle()
    assert m.game.chongdian and m.game.head == 3 and m.game.sijiji == 3
    assert m.game.top is not None and m.game.top[1] and m.to_act == 3  # the first set waits for seat 3
    assert "冲点" in h.table_message()["content"]
    await h.bot.close()


async def test_a_stale_choice_select_is_refused_and_changes_nothing(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await classic_table(h, chongdian_match())
    panel_id, panel = await open_panel(h, 0)
    select = next(c for c in components(panel) if c["type"] == 3)
    await h.service.act(CHANNEL, PLAYERS[0].id, "no-chongdian")
    before = await logged(h)
    (r,) = await h.choose(PLAYERS[0], panel_id, select["custom_id"], "chongdian AKQ")
    assert "⚠️" in r.content and await logged(h) == before and table.match.view(0).decision != "chongdian"
    await h.bot.close()


async def test_burning_through_the_burn_button(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await classic_table(h, classic_burn())
    await h.service.act(CHANNEL, PLAYERS[0].id, "play QQQ")
    await h.settle()
    msg = h.table_message()
    (r,) = await h.click(PLAYERS[2], int(msg["id"]), h.button(msg, "burn"))
    assert r.ephemeral and "🔥" in r.content and "烧失败" in r.content
    burn_panel = h.fake.messages[h.fake.originals[r.token]]
    select = next(c for c in components(burn_panel) if c["type"] == 3)
    assert "🔥" in select["placeholder"] and {o["value"] for o in select["options"]} >= {"KKK"}
    (played,) = await h.choose(PLAYERS[2], int(burn_panel["id"]), select["custom_id"], "KKK")
    assert played.type == 7 and (await logged(h))[-1] == (2, "play KKK")
    assert table.match.game.burning == (2, 0)
    assert "🔥 丙 正在烧 甲" in h.table_message()["content"]  # under the picture, for as long as it burns
    await h.bot.close()


def test_rules_have_a_page_for_each_preset_and_one_for_every_switch() -> None:
    assert [t.title.split()[-1] for t in SETTING_TOPICS] == [*PRESETS, "switches"]
    assert all(t.body for t in SETTING_TOPICS) and len(TOPICS) <= 25
    assert all(t in TOPICS for t in SETTING_TOPICS) and len(TOPICS) == len(DOC_TOPICS) - 1 + len(SETTING_TOPICS)
    classic = SETTING_TOPICS[PRESETS.index("classic")]
    assert "上班" in classic.body and "冲点" in classic.body and "烧牌" in classic.body
    assert "宣点 ✓" in classic.body and classic.body.endswith(f"{SWITCH_INFO[-1].zh} ✗")  # every switch, in order
    assert "大王算够级 ✓" in classic.body and "满贯 ✗" in classic.body  # classic's own defaults, from the engine
    assert not any("`classic`" in t.title for t in TOPICS if t not in SETTING_TOPICS), "its section is on its page"
    switches = SETTING_TOPICS[-1]
    assert all(f"**{sw.zh}" in switches.body and f"`{sw.flag}`" not in switches.body for sw in SWITCH_INFO)
    assert "别人还一张牌没出" in switches.body  # settings.md's text for 满贯


async def test_rules_command_shows_a_switch_page_and_this_tables_rules(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    await h.command(HOST, "open", rules="classic")
    await h.house_rules(HOST, *[k for k, on in Ruleset.preset("classic", grand_slam=True).switches().items() if on])
    (listing,) = await h.command(HOST, "rules")
    assert listing.ephemeral and "本桌 / this table：经典 · +满贯" in listing.data["embeds"][0]["description"]
    page = str(TOPICS.index(SETTING_TOPICS[-1]))
    (answer,) = await h.command(HOST, "rules", topic=page)
    assert answer.data["embeds"][0]["title"] == SETTING_TOPICS[-1].title
    assert "**满贯 · grand slam**" in "".join(e["description"] for r in (answer,) for e in r.data["embeds"])
    await h.bot.close()
