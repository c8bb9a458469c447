"""宣点 (自然开点) before the first lead; off, nobody is asked.

Its phase is the last before 开牌: from the leader, each seat dealt no pure 够级牌 (and not of the
革命 pair) is asked in secret — being asked tells the hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import opposite
from ..phases import Automatic, Decision, Plan, Task, always, in_turn, pick
from ..plays import holds_pure_gouji
from ..switch import SwitchInfo

if TYPE_CHECKING:
    from ..port import MatchPort

RULE = "R7.3"


def may_declare(m: MatchPort, seat: int) -> bool:
    """R7.3: a seat with no pure 够级牌 and a 对头 this game (not the 革命 pair) may declare 自然开点."""
    out = (m.revolt, None if m.revolt is None else opposite(m.revolt))
    return seat not in out and not holds_pure_gouji(m.hands[seat])


def plan(m: MatchPort, _task: Task) -> None:
    """The seats that may declare 自然开点 are asked, in turn from the leader."""
    m.queue[0:0] = [{"kind": "declare", "seat": s} for s in in_turn(m.leader) if may_declare(m, s)]


def declare(m: MatchPort, task: Task, action: str) -> None:
    if action == "declare-natural":
        m.natural.append(task["seat"])


SWITCH = SwitchInfo(
    "declare_natural", "declare-natural", "宣点", "宣点",
    "没有纯够级牌的人开牌前可以宣点（自然开点）", "a seat dealt no pure 够级牌 may declare 自然开点",
    RULE,
    tasks={
        "declare-plan": Automatic("declare", plan, asks=may_declare),
        "declare": Decision("declare", always("declare-natural", "no-declare"), declare, pick("declare-natural"),
                            secret=True),
    },
    before_play=Plan(60, "declare-plan", lambda m: m.rules.declare_natural),
)
