"""要头/无头: the 对头 of a 革命 seat declares three 够死级 plays, or free plays."""

from __future__ import annotations

from ..switch import SwitchInfo

RULE = "R14.7"

SWITCH = SwitchInfo(
    "yaotou", "yaotou", "要头/无头", "要头/无头",
    "革命者的对头宣布要头（三次够死级）或无头", "the 革命 seat's 对头 says 要头 (three 够死级) or 无头",
    RULE,
)
