"""大王算够级: plays with a 大王 are 够级牌 too."""

from __future__ import annotations

from ..switch import SwitchInfo

RULE = "R4.3"

SWITCH = SwitchInfo(
    "big_joker_is_gouji", "big-joker-gouji", "大王算够级", "大王 plays are 够级",
    "带大王的牌也是够级牌", "plays with a 大王 are 够级牌", RULE,
)
