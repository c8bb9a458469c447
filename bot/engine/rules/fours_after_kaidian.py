"""冲三 (002 「在“开点”之后才可把手中4打出」): a seat plays no 4 before it has 开点, but for the lead that
opens (R7.1, R7.3); 4s are free once it can no longer open or holds only 4s and 3s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import FOUR, THREE, opposite
from ..hooks import Fours, opens_with_fours
from ..switch import SwitchInfo

if TYPE_CHECKING:
    from ..plays import Play
    from ..port import GamePort

RULE = "R13.4"


REFUSAL = ("冲三：开点以前不能出 4（一次发出全部 4 开点的那一手除外）",
           "冲三: no 4s before you have opened (开点), but the lead of all your 4s that opens")


class FoursAfterKaidian(Fours):
    """冲三: no 4 before 开点 but the lead that opens; free once the seat can no longer open (decision 46)."""

    rules = (RULE,)
    bars = True

    def fours_from(self, g: GamePort, seat: int, lead: bool) -> int:
        """1 while 4s are free; all of them for the lead that opens (开点); one more than the seat holds
        when it may play none. 4s are free after 开点, once the seat can no longer open (given up, its
        对家 out, the restrictions over: no 够级 is left to open with) and when it holds nothing but 4s
        and 3s, so that no seat is ever left without a lead."""
        h, o = g.hands[seat], g.opening
        if (o.kaidian[seat] or o.kaidian_lost[seat] or g.luanchan or not any(g.hands[opposite(seat)])
                or h[FOUR] + h[THREE] == sum(h)):
            return 1
        opens = lead and opens_with_fours(g, seat, o.kaidian_chance == seat)
        return h[FOUR] if opens else h[FOUR] + 1

    def refusal(self, g: GamePort, seat: int, play: Play, lead: bool) -> tuple[str, str] | None:
        return REFUSAL if play.n < self.fours_from(g, seat, lead) else None


SWITCH = SwitchInfo(
    "fours_after_kaidian", "fours-after-kaidian", "冲三", "冲三: 4s after 开点",
    "开点以后才能出 4（开点那一手除外）", "no 4s before you open (开点), but the lead that opens", RULE,
    hook="fours", plays=FoursAfterKaidian(),
)
