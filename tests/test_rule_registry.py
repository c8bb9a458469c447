"""Issue 33 §1: every switch is one module of ``bot.engine.rules``, found by its rule id.

The module holds the switch's words and rule id once, and its rule at a hook where it has one; the
registry lists the modules, and every front end is built from it (``SWITCH_INFO``)."""

from __future__ import annotations

import dataclasses
import importlib
import re
from pathlib import Path

import pytest

from bot.engine.rules import SWITCH_INFO, SWITCHES, Ruleset, by_rule

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "bot" / "engine" / "rules"


def test_issue33_1_every_ruleset_field_is_one_module_in_order() -> None:
    fields = [f.name for f in dataclasses.fields(Ruleset) if f.name != "name"]
    assert [s.field for s in SWITCH_INFO] == fields == list(SWITCHES)
    modules = sorted(p.stem for p in RULES_DIR.glob("*.py") if p.stem != "__init__")
    assert modules == sorted(fields)
    for field in fields:
        module = importlib.import_module(f"bot.engine.rules.{field}")
        assert module.SWITCH.field == field and module.SWITCH.rule == module.RULE
        assert module.__doc__, f"{field}: say what the rule is and where it comes from"


@pytest.mark.parametrize("switch", SWITCH_INFO, ids=[s.field for s in SWITCH_INFO])
def test_issue33_1_by_rule_finds_every_switch(switch) -> None:
    assert switch in by_rule(switch.rule)


def test_issue33_1_by_rule_finds_the_before_play_and_match_switches_too() -> None:
    assert [s.field for s in by_rule("R14.4")] == ["shangban"]
    assert [s.field for s in by_rule("R14.6")] == ["chongdian"]
    assert [s.field for s in by_rule("R14.7")] == ["yaotou"]
    assert [s.field for s in by_rule("R11.4")] == ["revolution"]
    assert [s.field for s in by_rule("R14.3")] == ["kaidian_without_fours"]  # named by its rule at a hook
    assert by_rule("R99") == []


STRENGTH_READS: dict[str, set[str]] = {
    "joker_two_kill_one_extended": {"bot/engine/moves.py", "bot/engine/plays.py"},
    "big_joker_is_gouji": {"bot/engine/plays.py"},
    "kaidian_without_twos": {"bot/engine/plays.py"},
    "big_joker_unbeatable": {"bot/engine/moves.py", "bot/engine/plays.py"},
}
"""The card-strength switches, read in the one function of ``plays`` or ``moves`` that decides what beats
what or what a play is (docs/rules.md decision 47): the rule modules import those lowest modules, so those
cannot ask the registry; the switch's words and rule id are still its module's alone."""


def _reads() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for pattern in ("bot/**/*.py", "cogs/**/*.py", "render/**/*.py"):
        for path in ROOT.glob(pattern):
            name = path.relative_to(ROOT).as_posix()
            for attr in set(re.findall(r"rules\.(\w+)", path.read_text(encoding="utf-8"))):
                if attr in SWITCHES and name != f"bot/engine/rules/{attr}.py":
                    found.setdefault(attr, set()).add(name)
    return found


def test_issue33_1_no_switch_is_read_outside_its_module_but_where_card_strength_is_decided() -> None:
    reads = _reads()
    allowed = {k: STRENGTH_READS.get(k, set()) for k in SWITCHES}
    grown = {k: sorted(v - allowed[k]) for k, v in reads.items() if v - allowed[k]}
    assert not grown, f"read outside its module (move it into bot/engine/rules/<switch>.py): {grown}"
    gone = {k: sorted(v - reads.get(k, set())) for k, v in STRENGTH_READS.items() if v - reads.get(k, set())}
    assert not gone, f"moved: take them off STRENGTH_READS too: {gone}"


def test_issue33_1_each_kind_of_task_before_play_is_the_match_s_or_one_switch_s() -> None:
    """A saved match's queue names its tasks by kind: every kind stays what it was, held once."""
    from bot.engine.match import _OWN_TASKS, TASKS
    from bot.engine.rules import PLANS, SWITCH_TASKS

    held = [kind for s in SWITCH_INFO for kind in s.tasks]
    assert len(held) == len(set(held)) == len(SWITCH_TASKS) and not set(SWITCH_TASKS) & set(_OWN_TASKS)
    assert sorted(TASKS) == sorted([
        "choose-leader", "deal", "buy-check", "buy-offer", "buy-answer", "tribute-plan", "dian-choice", "tribute",
        "tribute-mate", "revolution-plan", "revolt", "revolution-resolve", "chongdian-plan", "chongdian", "yaotou",
        "declare-plan", "declare", "shangban-plan", "shangban", "shangban-resolve", "start-play"])
    for s in SWITCH_INFO:
        assert s.before_play is None or s.before_play.kind in s.tasks, s.field
    assert [p.kind for p in PLANS] == ["shangban-plan", "revolution-plan", "chongdian-plan", "declare-plan"]
    assert {s.field: list(s.tasks) for s in SWITCH_INFO if s.tasks} == {
        "revolution": ["revolution-plan", "revolt", "revolution-resolve"], "shangban": [
            "shangban-plan", "shangban", "shangban-resolve"], "chongdian": ["chongdian-plan", "chongdian"],
        "yaotou": ["yaotou"], "declare_natural": ["declare-plan", "declare"]}


def test_issue33_1_each_event_kind_is_worded_once_by_the_log_or_by_one_switch() -> None:
    from bot.engine import EVENT_WORDS, EventKind
    from bot.engine.events import CORE_WORDS

    worded = [kind for s in SWITCH_INFO for kind in s.events]
    assert len(worded) == len(set(worded)) and not set(worded) & set(CORE_WORDS)
    assert set(EVENT_WORDS) == set(CORE_WORDS) | set(worded) == set(EventKind)
    assert {"shangban", "shangban-lead", "shangban-none"} == set(by_rule("R14.4")[0].events)
