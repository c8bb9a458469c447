"""革命: a seat with no 2, B or R may sit the game out (used by the match). Off in ``dagang``: 第四十四条
leaves out a seat that becomes 三科 or 四科 for want of tribute cards (R13.1)."""

from __future__ import annotations

from ..switch import SwitchInfo

RULE = "R11.4"

SWITCH = SwitchInfo(
    "revolution", "revolution", "革命", "革命",
    "没有 2 和王的人开牌前可以革命，本局不出牌", "a seat dealt no 2 or joker may sit the game out", RULE,
)
