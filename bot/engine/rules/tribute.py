"""进贡 between games; off, no tribute is paid and no 点贡 choice is asked."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..hooks import Hooks, Tribute
from ..switch import SwitchInfo

if TYPE_CHECKING:
    from ..port import MatchPort

RULE = "R12"


class NoTribute(Tribute):
    """``tribute`` off: no tribute between games and no 点贡 choice."""

    rules = (RULE,)
    paid = False

    def plan(self, m: MatchPort, hooks: Hooks) -> list[dict[str, Any]]:
        return []


SWITCH = SwitchInfo(
    "tribute", "tribute", "进贡", "tribute",
    "局与局之间进贡（点贡、烧贡、闷贡、落贡）", "tribute between games (点贡, 烧贡, 闷贡, 落贡)", RULE,
    hook="tribute", plays=NoTribute(), when=False,
)
