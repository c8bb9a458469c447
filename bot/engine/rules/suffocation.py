"""窒息 (002): a seat that has played no card when 头科 goes out is 大落 and plays no more."""

from __future__ import annotations

from ..switch import SwitchInfo

RULE = "R13.3"

SWITCH = SwitchInfo(
    "suffocation", "suffocation", "窒息", "suffocation",
    "头科出完时还没出过牌的人算大落", "a seat that played no card when 头科 goes out is 大落", RULE,
)
