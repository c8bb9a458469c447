"""红鬼二打一: two R kill one R inside longer plays too (one card more)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..switch import SwitchInfo

if TYPE_CHECKING:
    from ..ruleset import Ruleset

RULE = "R3.3"


def played(rules: Ruleset) -> bool:
    """Whether two 大王 kill one inside longer plays too: the AI weighs a 大王 play's risk by it."""
    return rules.joker_two_kill_one_extended

SWITCH = SwitchInfo(
    "joker_two_kill_one_extended", "joker-kill", "红鬼二打一", "two 大王 kill one",
    "两张大王顶一张大王，多张的牌里也算", "two 大王 kill one inside longer plays too", RULE,
)
