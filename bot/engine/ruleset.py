"""Rulesets: every rule that differs between tables is a named switch; the presets of R13 are only
defaults of those switches.

A ``Ruleset`` is a frozen value: it is stored with every game and in its JSON, so a game always
plays on under the rules it started with. What each switch means — its words, its rule id, and
the rule it puts at a hook — lives in its own module, ``bot/engine/rules/<switch>.py``, the
registry every front end is built from; this module holds only the values and the presets, so
that the engine's lowest layers (cards, plays, moves) can take a ``Ruleset`` without importing
the rules themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

WRITTEN_WHEN_ON: frozenset[str] = frozenset({
    "kaidian_without_twos", "big_joker_unbeatable", "buy_with_two_first", "burn_back_by_opposite_only",
    "fours_after_kaidian",
})
"""Switches added after saved games began to be kept (issue 15), all off in every preset: a ruleset
writes them only when on, so that every earlier save is written back byte for byte, and reading fills
them in off (``from_dict``)."""

PRESETS: tuple[str, ...] = ("dagang", "classic")
"""The presets: ``dagang`` is the 《够级游戏大纲》 (R13.1); ``classic`` the client sheet of seed 000 (R13.2, R14)."""

PRESET_WORDS: dict[str, tuple[str, str]] = {
    "dagang": ("大纲", "the 《够级游戏大纲》"),
    "classic": ("经典", "the classic client sheet (seed 000)"),
}
"""Each preset's Chinese name and what it is."""

CLASSIC_RULES: tuple[str, ...] = (
    "kaidian_without_fours", "burn_priority", "shangban", "compulsory_buy_three", "chongdian", "yaotou",
    "chuan_san_hu_double", "luanchan_by_count",
)
"""The rules of seed 000 that ``classic`` plays in place of the 大纲's (R14.1–R14.9)."""

PRESET_DEFAULTS: dict[str, dict[str, bool]] = {
    "dagang": {},
    "classic": {**dict.fromkeys(CLASSIC_RULES, True), "big_joker_is_gouji": True, "revolution": True},
}
"""Switches a preset turns on by itself. Seed 000 counts 大花 plays among the 够级牌 (its 开点
paragraph excludes them by name), so ``classic`` starts with R4.3 on, and it plays 革命 (R14.5,
R14.6); the 大纲 leaves 革命 out (第四十四条, R13.1). A table may still change any of them."""


@dataclass(frozen=True)
class Ruleset:
    """The switches of a table (R13). Build it with ``Ruleset.preset(name, **switches)``; each field
    is documented in its module ``bot/engine/rules/<field>.py`` (a test keeps the two in step).

    ``name`` records the preset it started from, for display only: two rulesets with the same
    switches are equal whatever their names, and no rule reads it."""

    name: str = field(default="dagang", compare=False)
    revolution: bool = False
    joker_two_kill_one_extended: bool = False
    big_joker_is_gouji: bool = False
    teammate_peek: bool = False
    suffocation: bool = False
    grand_slam: bool = False
    kaidian_without_fours: bool = False
    burn_priority: bool = False
    shangban: bool = False
    compulsory_buy_three: bool = False
    chongdian: bool = False
    yaotou: bool = False
    chuan_san_hu_double: bool = False
    luanchan_by_count: bool = False
    tribute: bool = True
    declare_natural: bool = True
    kaidian_without_twos: bool = False
    big_joker_unbeatable: bool = False
    buy_with_two_first: bool = False
    burn_back_by_opposite_only: bool = False
    fours_after_kaidian: bool = False

    @classmethod
    def preset(cls, name: str = "dagang", **switches: bool) -> Ruleset:
        """The named preset with switches changed; unknown names and switches raise ``ValueError``."""
        if not switches and name in _MADE:
            return _MADE[name]  # a frozen value: every game of a preset may share it
        if name not in PRESETS:
            raise ValueError(f"unknown rules preset {name!r}; known: {', '.join(PRESETS)}")
        unknown = set(switches) - set(SWITCHES)
        if unknown:
            raise ValueError(f"unknown switch(es) {', '.join(sorted(unknown))}; known: {', '.join(SWITCHES)}")
        for key, value in switches.items():
            if not isinstance(value, bool):
                raise ValueError(f"switch {key} takes True or False, not {value!r}")
        chosen: dict[str, Any] = {**PRESET_DEFAULTS[name], **switches}
        made = replace(cls(name=name), **chosen)
        if not switches:
            _MADE[name] = made
        return made

    def switches(self) -> dict[str, bool]:
        """The switches as set, by name."""
        return {k: getattr(self, k) for k in SWITCHES}

    def changed(self) -> dict[str, bool]:
        """The switches set otherwise than the preset ``name`` sets them, in ``SWITCH_INFO`` order."""
        base = Ruleset.preset(self.name)
        return {k: v for k, v in self.switches().items() if getattr(base, k) != v}

    def to_dict(self) -> dict[str, Any]:
        """As ``dataclasses.asdict`` gives it, without its recursive copying: every view of every AI
        decision holds one (issue 18, item 5)."""
        return {"name": self.name, **{k: v for k, v in self.switches().items() if v or k not in WRITTEN_WHEN_ON}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        """A stored ruleset; a switch it predates takes its preset's default, so an old game plays on."""
        key = tuple(data.items())
        made = _READ.get(key)
        if made is None:  # a search rebuilds games from the same rules thousands of times: read them once
            made = _READ[key] = cls.preset(data.get("name", "dagang"), **{k: v for k, v in data.items() if k != "name"})
        return made


_READ: dict[tuple[tuple[str, Any], ...], Ruleset] = {}
"""Each stored ruleset ``Ruleset.from_dict`` has read, by its items."""
_MADE: dict[str, Ruleset] = {}
"""Each preset as ``Ruleset.preset(name)`` made it first: a game is dealt with one every time."""

SWITCHES: tuple[str, ...] = tuple(f.name for f in fields(Ruleset) if f.name != "name")
"""The names of the switches, in declaration order."""

