"""Every event the engine can emit reads as a bilingual line (``describe``), never as its bare kind.

The kinds are found twice: in the engine's source (every ``Event("kind", …)`` it constructs, so a
new kind cannot slip by untested) and in the logs of real random matches under each preset with
every switch on, where the fields are the engine's own.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from bot.engine import EVENT_WORDS, Event, EventKind, Match, Ruleset, describe
from bot.engine.rules import PRESETS

ENGINE = Path(__file__).resolve().parent.parent / "bot" / "engine"
EVENT_MAKERS = ("Event", "play_event")
"""What builds an event in the engine: the named tuple, and the quick maker of the play events."""
HAN = re.compile(r"[\u4e00-\u9fff]")


def emitted_kinds() -> set[str]:
    """The kinds the engine's source names: every ``EventKind.X`` it writes, and every kind written as a
    bare string in an ``Event(...)`` (both arms of an ``a if c else b``)."""
    kinds: set[str] = set()
    for path in ENGINE.rglob("*.py"):  # the rule modules of bot/engine/rules included
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "EventKind":
                if node.attr in EventKind.__members__:
                    kinds.add(EventKind[node.attr].value)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in EVENT_MAKERS \
                    and node.args:
                kinds |= {c.value for c in ast.walk(node.args[0])
                          if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return kinds


def sample(kind: str) -> Event:
    """An event of ``kind`` with every field filled as the engine fills them."""
    play = {"chongdian": "AAA KKKK QQQ", "shangban": "♠4", "hui": "555", "men": "33"}.get(kind, "QQQ")
    tag = {"kanggong": "R", "dian-choice": "both"}.get(kind, "点贡")
    return Event(kind, 0, play, 3, 2, False, tag)


def check(e: Event, names: list[str] | None = None) -> tuple[str, str]:
    zh, en = describe(e, names)
    assert (zh, en) != (e.kind, e.kind), f"{e.kind} has no description"
    assert zh.strip() and en.strip() and HAN.search(zh), (e.kind, zh)
    assert "None" not in zh + en, (e.kind, zh, en)
    return zh, en


def test_the_engine_source_is_scanned() -> None:
    kinds = emitted_kinds()
    assert {"lead", "shao", "shao-ok", "shao-fail", "yaotou", "wutou", "chongdian", "sijiji", "grandslam",
            "shangban", "shangban-lead", "shangban-none", "revolt-auto", "ask3", "no-chongdian"} <= kinds


@pytest.mark.parametrize("kind", sorted(emitted_kinds() | set(EventKind)))
def test_every_kind_the_engine_builds_has_a_description(kind: str) -> None:
    check(sample(kind))
    check(sample(kind), ["甲", "乙", "丙", "丁", "戊", "己"])


def test_every_kind_is_an_event_kind_with_its_words() -> None:
    """Issue 15 item 3: the kinds are one enum, each with its Chinese and English words in one table."""
    assert emitted_kinds() <= {k.value for k in EventKind}
    assert set(EVENT_WORDS) == set(EventKind)
    for kind in EventKind:
        zh, en = EVENT_WORDS[kind]
        assert HAN.search(zh) and en.strip() and kind == kind.value, kind


def test_event_kinds_read_and_write_as_their_text() -> None:
    """A kind compares, hashes and serialises as its text: old tables keyed by text and stored logs still work."""
    e = Event.from_dict({"kind": "shao-ok", "seat": 1, "target": 4})
    assert e.kind is EventKind.SHAO_OK and e.kind == "shao-ok" and {"shao-ok": 1}[e.kind] == 1
    assert e.to_dict() == {"kind": "shao-ok", "seat": 1, "target": 4}
    import json
    assert json.dumps(e.to_dict(), sort_keys=True) == '{"kind": "shao-ok", "seat": 1, "target": 4}'


@pytest.mark.parametrize("preset", PRESETS)
def test_every_event_of_random_matches_has_a_description(preset: str) -> None:
    switches = {"grand_slam": True, "suffocation": True, "teammate_peek": True, "joker_two_kill_one_extended": True}
    seen: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        m = Match.new(seed=seed, rules=Ruleset.preset(preset, **switches), games=2)
        games = []
        while not m.over:
            if m.game is not None and (not games or games[-1] is not m.game):
                games.append(m.game)
            s = m.to_act
            m.act(s, rng.choice(list(m.legal_actions(s))))
        for e in [e for g in games for e in g.events] + m.events:
            check(e)
            seen.add(e.kind)
    assert {"deal", "lead", "out", "game-over", "match-over"} <= seen


def test_the_new_lines_name_the_game_terms_in_both_languages() -> None:
    names = ["张三", "李四", "王五", "赵六", "孙七", "周八"]
    lines = {
        Event("yaotou", 3): ("要头", "要头"),
        Event("wutou", 3): ("无头", "无头"),
        Event("chongdian", 0, "AAA KKKK QQQ"): ("冲点：AAA → KKKK → QQQ", "冲点"),
        Event("sijiji", 3, value=2): ("够死级（第 2/3 次）", "2 of 3"),
        Event("shao", 1, target=0): ("烧牌", "burns"),
        Event("jieshao", 0, target=1): ("解烧", "undoes"),
        Event("shao-ok", 1, target=0): ("烧成功", "烧成功"),
        Event("shao-fail", 1, target=0): ("烧失败", "大落"),
        Event("grandslam", 2): ("满贯", "满贯"),
        Event("shangban", 4, "♠4", value=3): ("上班：亮出 3 张 ♠4", "3 × ♠4"),
        Event("shangban-lead", 4, value=3): ("上班", "leads first"),
        Event("shangban-none", 1): ("无人上班", "by lot"),
        Event("revolt-auto", 5, auto=True): ("自动革命", "革命"),
        Event("ask3", 2, target=0, auto=True): ("给 张三 一张 3（要三）", "要三"),
        Event("no-chongdian", 0): ("不冲点", "冲点"),
        Event("buy-offer", 0, "2", target=1, value=3): ("用 2 向 李四 买 3", "to 李四"),
        Event("buy-offer", 0, "B", target=3, value=3): ("向对家买", "对家"),
        Event("buy-offer", 0, "R", value=3): ("向对家买", "对家"),
    }
    for e, (zh_part, en_part) in lines.items():
        zh, en = check(e, names)
        assert zh_part in zh and en_part in en, (e.kind, zh, en)


def test_chinese_lines_write_cards_as_players_do():
    """Issue 14 item 8: the Chinese half writes 10, 小王, 大王; the letters are for typing (issue 31 item 8:
    the English half writes 10, small joker, big joker)."""
    from bot.engine import Event, describe

    zh, en = describe(Event("follow", 0, "TTT2BR"))
    assert "10 10 10 2 小王 大王" in zh and not any(ch in zh for ch in "TBR")
    assert "10 10 10 2 small joker big joker" in en
    zh, _ = describe(Event("lead", 0, "TTTTT"))  # five 10s counted at a glance, not one long number
    assert "10 10 10 10 10" in zh
    zh, _ = describe(Event("lead", 0, "999BR"))
    assert "999 小王 大王" in zh
    zh, _ = describe(Event("tribute", 1, "RB", target=2, tag="点贡"))
    assert "大王 小王" in zh and "R" not in zh
