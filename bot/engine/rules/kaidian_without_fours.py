"""开点不发4 (seed 000): a 够级 play that wins the lead is 开点 (not jokers, not a lone 2); 4s cost nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import Event, EventKind
from ..hooks import Kaidian
from ..plays import opens_without_fours
from ..switch import SwitchInfo

if TYPE_CHECKING:
    from ..port import GamePort
    from ..ruleset import Ruleset

RULE = "R14.1"


def played(rules: Ruleset) -> bool:
    """Whether a 够级 play winning the lead opens (开点) at this table: the AI plans its leads by it."""
    return rules.kaidian_without_fours


class KaidianWithoutFours(Kaidian):
    """A 够级 play that wins the lead is 开点 (not jokers, not a lone 2) and 4s cost nothing; 宣点 still
    opens by leading all 4s (R14.3)."""

    rules = (RULE, "R14.3")
    fours_cost = False

    def round_won(self, g: GamePort, top_seat: int) -> None:
        o, r = g.opening, g.round
        assert r.top is not None
        if o.kaidian[top_seat] or o.kaidian_lost[top_seat]:
            return
        if r.top_gouji and opens_without_fours(r.top[1], g.rules):
            o.kaidian[top_seat] = True
            g.events.append(Event(EventKind.KAIDIAN, top_seat))


SWITCH = SwitchInfo(
    "kaidian_without_fours", "kaidian-without-fours", "开点不发4", "开点 without 4s",
    "够级牌没人管、拿回出牌权就开点，不用发 4", "a 够级 play nobody beats opens (开点); no 4s needed",
    RULE,    hook="kaidian", plays=KaidianWithoutFours(),
)
