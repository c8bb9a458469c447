"""上班: the most 4s of one suit shown leads, when the leader would be drawn by lot."""

from __future__ import annotations

from ..switch import SwitchInfo

RULE = "R14.4"

SWITCH = SwitchInfo(
    "shangban", "shangban", "上班", "上班",
    "亮同花色 4 最多的人先出牌", "the most 4s of one suit shown leads the first game", RULE,
)
