"""红鬼二打一: two R kill one R inside longer plays too (one card more)."""

from __future__ import annotations

from ..switch import SwitchInfo

RULE = "R3.3"

SWITCH = SwitchInfo(
    "joker_two_kill_one_extended", "joker-kill", "红鬼二打一", "two 大王 kill one",
    "两张大王顶一张大王，多张的牌里也算", "two 大王 kill one inside longer plays too", RULE,
)
