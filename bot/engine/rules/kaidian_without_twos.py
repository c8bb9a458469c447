"""开点不带2 (002 「有些规则不允许有2」): a 够级 play with a 2 in it earns no 开点 — it gives no chance to lead the 4s
(R7.1), and under R14.1 it does not open by winning the lead."""

from __future__ import annotations

from ..switch import SwitchInfo

RULE = "R13.4"

SWITCH = SwitchInfo(
    "kaidian_without_twos", "kaidian-without-twos", "开点不带2", "开点 without 2s",
    "带 2 的够级牌不算开点", "a 够级 play with a 2 in it earns no 开点", RULE,
)
