"""Rulesets: the presets of R13 and the switches any table may set.

A ``Ruleset`` is a frozen value: it is stored with every game and in its JSON, so a game
always plays on under the rules it started with.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

PRESETS: tuple[str, ...] = ("dagang", "classic")
"""The presets: ``dagang`` is the 《够级游戏大纲》 (R13.1); ``classic`` the client sheet of seed 000 (R13.2, R14)."""

PRESET_DEFAULTS: dict[str, dict[str, bool]] = {
    "dagang": {},
    "classic": {"big_joker_is_gouji": True, "revolution": True},
}
"""Switches a preset turns on by itself. Seed 000 counts 大花 plays among the 够级牌 (its 开点
paragraph excludes them by name), so ``classic`` starts with R4.3 on, and it plays 革命 (R14.5,
R14.6); the 大纲 leaves 革命 out (第四十四条, R13.1). A table may still change either."""


@dataclass(frozen=True)
class Ruleset:
    """A preset and its switches (R13). Build it with ``Ruleset.preset(name, **switches)``."""

    name: str = "dagang"
    revolution: bool = False
    """R11.4 革命: a seat with no 2, B or R may sit the game out (used by the match). Off in
    ``dagang``: 第四十四条 leaves out a seat that becomes 三科 or 四科 for want of tribute cards (R13.1)."""
    joker_two_kill_one_extended: bool = False
    """R3.3 红鬼二打一: two R kill one R inside longer plays too (one card more)."""
    big_joker_is_gouji: bool = False
    """R4.3: plays with a 大王 are 够级牌 too."""
    teammate_peek: bool = False
    """R13.3 阵营战 (002): a seat may see the hand of a teammate holding fewer than 10 cards."""
    suffocation: bool = False
    """R13.3 窒息 (002): a seat that has played no card when 头科 goes out is 大落 and plays no more."""
    grand_slam: bool = False
    """R13.3 满贯 (002): a seat that plays all its cards before anyone else has played ends the game,
    which scores as 串三家 for its team, doubled."""

    @property
    def classic(self) -> bool:
        """The rules of seed 000 (R14) in place of the 大纲's where they differ."""
        return self.name == "classic"

    @classmethod
    def preset(cls, name: str = "dagang", **switches: bool) -> Ruleset:
        """The named preset with switches changed; unknown names and switches raise ``ValueError``."""
        if name not in PRESETS:
            raise ValueError(f"unknown rules preset {name!r}; known: {', '.join(PRESETS)}")
        known = {f.name for f in fields(cls)} - {"name"}
        unknown = set(switches) - known
        if unknown:
            raise ValueError(f"unknown switch(es) {', '.join(sorted(unknown))}; known: {', '.join(sorted(known))}")
        for key, value in switches.items():
            if not isinstance(value, bool):
                raise ValueError(f"switch {key} takes True or False, not {value!r}")
        return replace(cls(name=name), **{**PRESET_DEFAULTS[name], **switches})

    def switches(self) -> dict[str, bool]:
        """The switches as set, by name."""
        return {k: v for k, v in asdict(self).items() if k != "name"}

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        return cls.preset(data.get("name", "dagang"), **{k: v for k, v in data.items() if k != "name"})


SWITCHES: tuple[str, ...] = tuple(f.name for f in fields(Ruleset) if f.name != "name")
"""The names of the switches of R13.3, in declaration order."""
