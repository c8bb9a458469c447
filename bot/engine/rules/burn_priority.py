"""烧牌优先 in place of the 大纲's 捎 (R6.3–R6.5): burners before the 对头, the joker duty."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ..cards import SEATS
from ..events import Event, EventKind
from ..hooks import Burning, Order
from ..moves import only_threes
from ..switch import SwitchInfo

if TYPE_CHECKING:
    from ..port import GamePort
    from ..ruleset import Ruleset

RULE = "R14.2"


def played(rules: Ruleset) -> bool:
    """Whether the table plays 烧牌优先: the front ends say its burn order and its joker duty then."""
    return rules.burn_priority


def _burn_order(top_seat: int, seat: int) -> tuple[int, ...]:
    order = [(top_seat + i) % SEATS for i in (2, 4, 1, 5, 3)]
    return tuple(order[order.index(seat) + 1:] if seat in order else order)


BURN_ORDER: Order = tuple(tuple(_burn_order(top, seat) for seat in range(SEATS)) for top in range(SEATS))
"""… on a 够级 play in force under 烧牌优先: the other seats may burn first, the top seat's team before
the other team, each in play order, and its 对头 answers last."""


class BurnFirst(Burning):
    """烧牌优先: every seat but the 对头 may burn a 够级 play before the 对头 answers (``BURN_ORDER``),
    declared by playing; a burner leads with a joker until its hand is empty (烧成功) or it cannot
    (烧失败); beating its play undoes the 烧 (解烧); 烧贡 is paid."""

    rules: ClassVar[tuple[str, ...]] = (RULE,)
    answer = "shao"
    gouji_order = BURN_ORDER
    tribute_tag = "burn"

    def lead_duty(self, g: GamePort, seat: int) -> str | None:
        b = g.burn.burning
        if b is not None and b[0] == seat and not only_threes(g.hands[seat]):
            return "burn"  # only the lead that empties the hand (under 憋3, its 3s) is free
        return super().lead_duty(g, seat)

    def let_refusal(self, g: GamePort) -> tuple[str, str] | None:
        if g.round.top_gouji:  # decision 30
            return (
                "够级牌不能让：烧牌的人已经问过，只剩对头能打",
                "no 让牌 on a 够级 play: the seats that may burn (烧牌) have had their turn; only the 对头 answers",
            )
        return None

    def answered(self, g: GamePort, seat: int, prev_seat: int, kind: str) -> None:
        """Beating a burner's play undoes its 烧 (解烧); a 烧 starts one; 打点 as in R6.2."""
        b = g.burn
        if b.burning is not None and b.burning[0] == prev_seat:
            g.events.append(Event(EventKind.JIESHAO, seat, target=prev_seat))
            b.burning = None
            b.duty[prev_seat] = False
        if kind == "shao":
            g.events.append(Event(EventKind.SHAO, seat, target=prev_seat))
            b.burning = (seat, prev_seat)
            b.duty[seat] = True
        else:
            g.log_answer(seat, prev_seat, kind)


SWITCH = SwitchInfo(
    "burn_priority", "burn-priority", "烧牌优先", "烧牌 first",
    "对头以外的人可以先烧够级牌，之后每次发牌带王", "others may burn a 够级 play before the 对头; "
    "every lead then carries a joker", RULE,
    hook="burning", plays=BurnFirst(),
)
