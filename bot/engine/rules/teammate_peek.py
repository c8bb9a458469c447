"""阵营战 (002): a seat may see the hand of a teammate holding fewer than 10 cards."""

from __future__ import annotations

from ..switch import SwitchInfo

RULE = "R13.3"

SWITCH = SwitchInfo(
    "teammate_peek", "teammate-peek", "阵营战", "teammate peek",
    "队友少于 10 张时能看他的牌", "see a teammate's hand once it holds fewer than 10 cards", RULE,
)
