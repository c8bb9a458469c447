"""大王无敌 (002 「红鬼带任何牌时均为无敌牌」): a play holding a 大王 is beaten by nothing, not even by two 大王 (no
大王二杀一, R3.2; with ``joker_two_kill_one_extended`` on too, this one wins: nothing kills)."""

from __future__ import annotations

from ..switch import SwitchInfo

RULE = "R13.4"

SWITCH = SwitchInfo(
    "big_joker_unbeatable", "big-joker-unbeatable", "大王无敌", "大王 unbeatable",
    "带大王的牌谁也压不住，两张大王也杀不了一张",
    "a play with a 大王 cannot be beaten, not even by two 大王", RULE,
)
