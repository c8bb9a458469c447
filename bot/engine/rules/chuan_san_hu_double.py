"""串三户: after 串三家 only 对头贡 (no 点/烧/闷贡, no choosing the leader, no 汇5), points doubled."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import SEATS, opposite
from ..hooks import ChuanSan, tribute_task
from ..switch import SwitchInfo

if TYPE_CHECKING:
    from ..port import GamePort

RULE = "R14.8"


class ChuanSanHu(ChuanSan):
    """串三户: only 对头贡 after it (no 点/烧/闷贡, no 点贡 choice), no choosing the leader (the 大落
    leads, decision 33), no 汇5, and its points count double."""

    rules = (RULE,)
    next_chosen = False
    hui = False

    def multiplier(self, g: GamePort) -> int:
        return 2 if g.grand_slam is not None or g.chuan_san is not None else 1

    def tributes(self, prev: dict[str, Any]) -> list[dict[str, Any]] | None:
        if prev["chuan_san"] is None:
            return None
        return [tribute_task(s, opposite(s), 1, "duitou") for s in range(SEATS) if s % 2 != prev["chuan_san"]]


SWITCH = SwitchInfo(
    "chuan_san_hu_double", "chuan-san-hu-double", "串三户翻倍", "串三户 doubled",
    "串三家只进对头贡，不汇5，积分翻倍", "after 串三家 only 对头贡, no 汇5, points doubled", RULE,
    hook="chuan_san", plays=ChuanSanHu(),
)
