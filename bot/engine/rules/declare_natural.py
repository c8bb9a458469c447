"""宣点 (自然开点) before the first lead; off, nobody is asked."""

from __future__ import annotations

from ..switch import SwitchInfo

RULE = "R7.3"

SWITCH = SwitchInfo(
    "declare_natural", "declare-natural", "宣点", "宣点",
    "没有纯够级牌的人开牌前可以宣点（自然开点）", "a seat dealt no pure 够级牌 may declare 自然开点",
    RULE,
)
