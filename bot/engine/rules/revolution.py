"""革命: a seat with no 2, B or R may sit the game out (used by the match). Off in ``dagang``: 第四十四条
leaves out a seat that becomes 三科 or 四科 for want of tribute cards (R13.1).

Its phase comes after buying and tribute: from the leader, each seat then holding no 2 or joker is
asked (in secret: being asked tells the hand); one seat in 革命 sits the game out, two or more void
the deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import Event, EventKind, KindWords, Said
from ..hooks import TRIBUTE_RANKS
from ..phases import Automatic, Decision, Plan, Task, always, in_turn, pick
from ..switch import SwitchInfo

if TYPE_CHECKING:
    from ..port import MatchPort
    from ..ruleset import Ruleset

RULE = "R11.4"


def played(rules: Ruleset) -> bool:
    """Whether the table plays 革命 at all: the 冲点 and 要头 that follow it ask here."""
    return rules.revolution


def may_revolt(m: MatchPort, seat: int) -> bool:
    """R11.4: a seat holding no 2, B or R after buying and tribute may declare 革命 (once)."""
    return not any(m.hands[seat][r] for r in TRIBUTE_RANKS) and seat not in m.votes


def for_want_of_payment(m: MatchPort, seat: int) -> bool:
    """R14.5 (买三) with 革命: a seat with nothing to buy its 3 with is in 革命 at once, and buys
    nothing. Whether it is (without 革命 it asks its team for a 3)."""
    if not m.rules.revolution:
        return False
    if seat not in m.votes:
        m.votes.append(seat)
        m.events.append(Event(EventKind.REVOLT_AUTO, seat, auto=True))
    return True


def plan(m: MatchPort, _task: Task) -> None:
    """The seats that may declare 革命 are asked, in turn from the leader."""
    eligible = [s for s in in_turn(m.leader) if may_revolt(m, s)]
    m.queue[0:0] = [{"kind": "revolt", "seat": s} for s in eligible]
    if eligible or m.votes:  # a seat may already be in 革命 from 买三 (R14.5)
        m.queue.insert(len(eligible), {"kind": "revolution-resolve", "seat": None})


def revolt(m: MatchPort, task: Task, action: str) -> None:
    if action == "revolt":
        m.votes.append(task["seat"])
        m.events.append(Event(EventKind.REVOLT_DECLARE, task["seat"]))


def resolve(m: MatchPort, _task: Task) -> None:
    """Two or more seats in 革命 void the deal; one sits the game out."""
    if len(m.votes) >= 2:
        m.events.append(Event(EventKind.REDEAL, value=len(m.votes)))
        m.redeal()
    elif m.votes:
        m.revolt = m.votes[0]


def _at_once(_e: Event, n: Said) -> tuple[str, str]:
    return (f"{n.seat_zh} 没有 3，也没有 2 和王：{n.word}",
            f"{n.seat_en} holds no 3 and no 2 or joker: 革命 at once (it sits this game out)")


def _declared(_e: Event, n: Said) -> tuple[str, str]:
    return f"{n.seat_zh} {n.word}", f"{n.seat_en} declares 革命"


def _redeal(e: Event, n: Said) -> tuple[str, str]:
    return f"{e.value} 人革命，本副作废，{n.word}", f"{e.value} seats declared 革命: the deal is void, redeal"


SWITCH = SwitchInfo(
    "revolution", "revolution", "革命", "革命",
    "没有 2 和王的人开牌前可以革命，本局不出牌", "a seat dealt no 2 or joker may sit the game out", RULE,
    tasks={
        "revolution-plan": Automatic("revolution", plan, asks=may_revolt),
        "revolt": Decision("revolution", always("revolt", "no-revolt"), revolt, pick("no-revolt"), secret=True),
        "revolution-resolve": Automatic("revolution", resolve),
    },
    before_play=Plan(40, "revolution-plan", lambda m: played(m.rules)),
    events={
        EventKind.REVOLT_AUTO: KindWords("自动革命", "革命 at once", _at_once),
        EventKind.REVOLT_DECLARE: KindWords("宣布革命", "declares 革命", _declared),
        EventKind.REDEAL: KindWords("重新发牌", "redeal", _redeal),
    },
)
