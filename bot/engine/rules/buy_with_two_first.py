"""先用2买 (002 「用2（没有2用黑鬼、红鬼）」): 买3/买4 (R11.2) is paid with a dealt 2 if the seat holds one, else with
a 小王, else with a 大王 — only that payment is offered."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..switch import SwitchInfo

if TYPE_CHECKING:
    from ..ruleset import Ruleset

RULE = "R13.4"


def payments(rules: Ruleset, held: list[int]) -> list[int]:
    """The ranks a buyer may pay with, of the dealt ones it still holds (2, 小王, 大王 in that order):
    with the switch, the first only."""
    return held[:1] if rules.buy_with_two_first else held

SWITCH = SwitchInfo(
    "buy_with_two_first", "buy-with-two-first", "先用2买", "buy with a 2 first",
    "买 3、买 4 先用 2，没有 2 才用小王、大王", "buy a 3 or 4 with a dealt 2 if you hold one, else 小王, "
    "else 大王", RULE,
)
