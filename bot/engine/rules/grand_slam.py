"""满贯 (002): a seat that plays all its cards before anyone else has played ends the game, which scores as
串三家 for its team, doubled."""

from __future__ import annotations

from ..switch import SwitchInfo

RULE = "R13.3"

SWITCH = SwitchInfo(
    "grand_slam", "grand-slam", "满贯", "grand slam",
    "别人没出牌你就出完：串三家，积分翻倍", "out before anyone else played: 串三家 for the team, doubled",
    RULE,
)
