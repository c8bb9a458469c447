"""The rule registry: every switch is one module of this package, named for its ``Ruleset`` field.

A module holds its switch's words and rule id once (``SWITCH``, a ``SwitchInfo``) and, where the
switch changes what happens at a hook of ``bot.engine.hooks``, the rule it puts there (a subclass of
the 大纲's rule at that hook, overriding only what it changes), and, where the switch adds a phase
before play, its task records and the plan that queues them (``bot.engine.phases``). This package
lists the modules in the order front ends show them, builds every front end's list from them
(``SWITCH_INFO``), chooses the rule at each hook for a ruleset (``hooks_for``), collects the
switches' tasks and plans for the match (``SWITCH_TASKS``, ``PLANS``) and finds a rule id (``by_rule``).

To add a regional rule: a field on ``Ruleset`` (``bot/engine/ruleset.py``), one module here, its line
in ``_MODULES``, and its tests (CONTRIBUTING.md, "How to add a rule").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..hooks import HOOK_POINTS, Hooks, Rule
from ..phases import Decision, Kind, Plan
from ..ruleset import (
    CLASSIC_RULES,
    PRESET_DEFAULTS,
    PRESET_WORDS,
    PRESETS,
    SWITCHES,
    WRITTEN_WHEN_ON,
    Ruleset,
)
from ..switch import SwitchInfo
from . import (
    big_joker_is_gouji,
    big_joker_unbeatable,
    burn_back_by_opposite_only,
    burn_priority,
    buy_with_two_first,
    chongdian,
    chuan_san_hu_double,
    compulsory_buy_three,
    declare_natural,
    fours_after_kaidian,
    grand_slam,
    joker_two_kill_one_extended,
    kaidian_without_fours,
    kaidian_without_twos,
    luanchan_by_count,
    revolution,
    shangban,
    suffocation,
    teammate_peek,
    tribute,
    yaotou,
)

if TYPE_CHECKING:
    from ..port import MatchPort

__all__ = [
    "CLASSIC_RULES",
    "HOOKS",
    "PLANS",
    "PRESETS",
    "PRESET_DEFAULTS",
    "PRESET_WORDS",
    "SWITCHES",
    "SWITCH_BY_FIELD",
    "SWITCH_INFO",
    "SWITCH_TASKS",
    "WRITTEN_WHEN_ON",
    "Hook",
    "Ruleset",
    "SwitchInfo",
    "asks_in_secret",
    "by_rule",
    "hook_rules",
    "hooks_for",
]

_MODULES = (
    revolution,
    joker_two_kill_one_extended,
    big_joker_is_gouji,
    teammate_peek,
    suffocation,
    grand_slam,
    kaidian_without_fours,
    burn_priority,
    shangban,
    compulsory_buy_three,
    chongdian,
    yaotou,
    chuan_san_hu_double,
    luanchan_by_count,
    tribute,
    declare_natural,
    kaidian_without_twos,
    big_joker_unbeatable,
    buy_with_two_first,
    burn_back_by_opposite_only,
    fours_after_kaidian,
)
"""Every switch's module, in the order front ends list them."""

SWITCH_INFO: tuple[SwitchInfo, ...] = tuple(m.SWITCH for m in _MODULES)
"""Every switch, in the order front ends list them."""

SWITCH_BY_FIELD: dict[str, SwitchInfo] = {s.field: s for s in SWITCH_INFO}
"""A switch's words by its ``Ruleset`` field (a test checks that every field has them)."""


SWITCH_TASKS: dict[str, Kind[MatchPort]] = {kind: task for s in SWITCH_INFO for kind, task in s.tasks.items()}
"""The kinds of task the switches add to the queue before play, by the name the stored queue gives
them (a test checks that no two switches, nor a switch and the match, share one)."""

PLANS: tuple[Plan, ...] = tuple(sorted((s.before_play for s in SWITCH_INFO if s.before_play), key=lambda p: p.order))
"""Where each switch's phase enters the queue after a deal, in queue order."""

_SECRET = tuple(s.field for s in SWITCH_INFO if any(isinstance(t, Decision) and t.secret for t in s.tasks.values()))
"""The switches that may ask a seat a choice before play that only it may know of (革命, 宣点)."""


def asks_in_secret(rules: Ruleset) -> bool:
    """Whether a table under ``rules`` may ask a seat a secret choice before 开牌 (``Decision.secret``):
    the table's ready check (第八条) then holds every game, so that none tells a hand by holding."""
    return any(getattr(rules, field) for field in _SECRET)


@dataclass(frozen=True, slots=True)
class Hook:
    """A hook with its 大纲 rule and each switch's rule there, as ``(switch, value, rule)`` — the
    first whose switch is set to its value (and whose ``needs`` are on) wins, so a rule refining
    another's (more ``needs``) comes first."""

    name: str
    decides: str
    default: Rule
    variants: tuple[tuple[str, bool, Rule], ...]


def _variants(hook: str) -> tuple[tuple[str, bool, Rule], ...]:
    acting = sorted((s for s in SWITCH_INFO if s.hook == hook), key=lambda s: -len(s.needs))
    return tuple((s.field, s.when, s.plays) for s in acting if s.plays is not None)


HOOKS: tuple[Hook, ...] = tuple(Hook(p.name, p.decides, p.default, _variants(p.name)) for p in HOOK_POINTS)
"""Every hook, its 大纲 rule and the switches that replace it."""

_MADE: dict[Ruleset, Hooks] = {}
"""The hooks of every ruleset asked so far, by its switches."""
_BY_ID: dict[int, tuple[Ruleset, Hooks]] = {}
"""… and by the ruleset object itself: a search rebuilds a game, and asks, thousands of times a
decision with the one ruleset object ``Ruleset.from_dict`` shares, and a ``Ruleset``'s own hash and
equality (of twenty-one fields, in Python) would cost more than the rest of the lookup."""


def _chosen(rules: Ruleset, hook: Hook) -> Rule:
    for switch, on, rule in hook.variants:
        if getattr(rules, switch) is on and all(getattr(rules, n) for n in SWITCH_BY_FIELD[switch].needs):
            return rule
    return hook.default


def hooks_for(rules: Ruleset) -> Hooks:
    """The rule at every hook that ``rules``' switches choose."""
    known = _BY_ID.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    made = _MADE.get(rules)
    if made is None:
        chosen: dict[str, Any] = {h.name: _chosen(rules, h) for h in HOOKS}
        made = _MADE[rules] = Hooks(**chosen)
    if len(_BY_ID) >= 512:  # a long-lived bot makes a ruleset per table: keep the recent ones only
        _BY_ID.clear()
    _BY_ID[id(rules)] = (rules, made)  # holding the ruleset, so that its id is not reused
    return made


def by_rule(rule_id: str) -> list[SwitchInfo]:
    """Every switch that carries out ``rule_id``: its own rule id, or one its rule at a hook names."""
    return [s for s in SWITCH_INFO if s.rule == rule_id or (s.plays is not None and rule_id in s.plays.rules)]


def hook_rules(rule_id: str) -> list[tuple[str, Rule]]:
    """Where a rule id is decided at a hook: (hook, rule) for the 大纲's rule or a switch's naming it."""
    return [(h.name, rule) for h in HOOKS for rule in (h.default, *(v[2] for v in h.variants)) if rule_id in rule.rules]
