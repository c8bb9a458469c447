"""Issue 15, item 2: the rules that differ between tables behind named hooks (``bot.engine.hooks``).

Each hook holds the 大纲's rule unless a switch names another; the game and the match ask the hook,
never the switch; a rule is found there by its id; and a regional rule is one subclass plugged in.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from helpers import new, play

from bot.engine import Game, Ruleset
from bot.engine.hooks import Hooks, Kaidian, Restrictions
from bot.engine.rules import HOOKS, PRESETS, SWITCH_BY_FIELD, hook_rules, hooks_for
from bot.engine.rules.burn_back_by_opposite_only import BurnBackByOppositeOnly
from bot.engine.rules.burn_priority import BurnFirst

ENGINE = Path(__file__).parent.parent / "bot" / "engine"
VARIANTS = [(h, switch, on, rule) for h in HOOKS for switch, on, rule in h.variants]


def test_issue15_2_every_hook_is_a_field_of_hooks_and_holds_its_dagang_rule_by_default() -> None:
    assert [h.name for h in HOOKS] == [f.name for f in dataclasses.fields(Hooks)]
    base = Ruleset.preset("dagang")
    for h in HOOKS:
        assert getattr(hooks_for(base), h.name) is h.default


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(("hook", "switch", "on", "rule"), VARIANTS, ids=[v[1] for v in VARIANTS])
def test_issue15_2_a_switch_chooses_its_rule_at_its_hook_alone(preset: str, hook, switch: str, on: bool,
                                                               rule: object) -> None:
    needs = dict.fromkeys(SWITCH_BY_FIELD[switch].needs, True)  # the switches its rule refines
    chosen = hooks_for(Ruleset.preset(preset, **needs, **{switch: on}))
    assert getattr(chosen, hook.name) is rule
    assert getattr(hooks_for(Ruleset.preset(preset, **needs, **{switch: not on})), hook.name) is not rule
    if not needs:
        assert getattr(hooks_for(Ruleset.preset("dagang", **{switch: not on})), hook.name) is hook.default
    others = {h.name for h in HOOKS} - {hook.name}
    plain = hooks_for(Ruleset.preset("dagang", **needs))
    assert all(getattr(hooks_for(Ruleset.preset("dagang", **needs, **{switch: on})), o) is getattr(plain, o)
               for o in others)


def test_issue33_1_a_switch_that_refines_another_acts_only_with_it() -> None:
    """R13.4 ``burn_back_by_opposite_only`` refines R14.2: without ``burn_priority`` the 大纲's 捎 stands."""
    alone = hooks_for(Ruleset.preset("dagang", burn_back_by_opposite_only=True))
    assert alone.burning is hooks_for(Ruleset.preset("dagang")).burning


@pytest.mark.parametrize(("hook", "switch", "on", "rule"), VARIANTS, ids=[v[1] for v in VARIANTS])
def test_issue15_2_each_switchs_rule_carries_the_switchs_rule_id(hook, switch: str, on: bool, rule) -> None:
    assert SWITCH_BY_FIELD[switch].rule in rule.rules
    assert (hook.name, rule) in hook_rules(SWITCH_BY_FIELD[switch].rule)


def test_issue15_2_a_rule_is_found_by_its_id() -> None:
    assert [(name, type(rule)) for name, rule in hook_rules("R14.2")] == [
        ("burning", BurnBackByOppositeOnly), ("burning", BurnFirst)]
    assert [(name, type(rule)) for name, rule in hook_rules("R7.1")] == [("kaidian", Kaidian)]
    assert hook_rules("R99") == []


def test_issue15_2_hooks_are_made_once_per_ruleset_and_never_stored() -> None:
    classic = Ruleset.preset("classic")
    assert hooks_for(Ruleset.from_dict(classic.to_dict())) is hooks_for(classic)
    g = Game.deal(2, classic)
    assert g.hooks is hooks_for(classic) and "hooks" not in g.to_dict()


def test_issue15_2_outside_hooks_and_rules_no_engine_code_asks_a_hooked_switch() -> None:
    hooked = {switch for _, switch, _, _ in VARIANTS}
    for path in ENGINE.glob("*.py"):
        if path.name in ("hooks.py", "ruleset.py"):
            continue
        asked = set(re.findall(r"rules\.(\w+)", path.read_text())) & hooked
        assert not asked, f"{path.name} asks {sorted(asked)}: ask its hook"


class _FirstOut(Restrictions):
    """A regional rule for the test: the restrictions end as soon as 头科 is out."""

    rules = ("R9.4",)

    def ended(self, g: Game) -> bool:
        return 1 in g.places


def test_issue15_2_a_regional_rule_is_one_subclass_at_its_hook() -> None:
    hands = ("3K", "3355", "3355", "3355", "3355", "3355")
    plain, regional = new(*hands), new(*hands)
    regional.hooks = dataclasses.replace(regional.hooks, restrictions=_FirstOut())
    for g in (plain, regional):
        play(g, 0, "K")  # nobody beats it: seat 0 leads again
        play(g, 0, "3")  # and goes out first
        assert g.places[0] == 1
    assert not plain.luanchan  # R9.4 by the 大纲: not before 二科
    assert regional.luanchan and any(e.kind == "luanchan" for e in regional.events)
