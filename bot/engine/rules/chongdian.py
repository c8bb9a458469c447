"""冲点: a 革命 seat with three 够级 sets may lead them; its 对家 must beat all three."""

from __future__ import annotations

from ..switch import SwitchInfo

RULE = "R14.6"

SWITCH = SwitchInfo(
    "chongdian", "chongdian", "冲点", "冲点",
    "革命的人可以用三套级牌冲点", "a 革命 seat may lead three 够级 sets (冲点)", RULE,
)
