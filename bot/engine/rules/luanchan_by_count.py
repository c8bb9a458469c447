"""四户乱缠 (seed 000; R9.4 by count): every restriction ends once four or fewer seats hold cards, not when
二科 is out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..hooks import Restrictions
from ..switch import SwitchInfo

if TYPE_CHECKING:
    from ..port import GamePort

RULE = "R14.9"


class RestrictionsByCount(Restrictions):
    """四户乱缠: the restrictions end once four or fewer seats hold cards."""

    rules = (RULE,)

    def ended(self, g: GamePort) -> bool:
        return g.holding <= 4


SWITCH = SwitchInfo(
    "luanchan_by_count", "luanchan-by-count", "四户乱缠", "四户乱缠 by count",
    "只剩四人有牌就不再有够级、过牌限制、让牌、烧牌", "once four seats hold cards no 够级, pass lock, "
    "让牌 or 烧牌", RULE,
    hook="restrictions", plays=RestrictionsByCount(),
)
