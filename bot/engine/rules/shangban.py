"""上班: the most 4s of one suit shown leads, when the leader would be drawn by lot.

Its phase comes first after the deal, before buying: from the dealer, each seat holding two or
more 4s of one suit is asked whether to show them; then the most shown leads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import SUITS
from ..events import Event, EventKind
from ..phases import Automatic, Decision, Plan, Task, always, in_turn, pick
from ..switch import SwitchInfo

if TYPE_CHECKING:
    from ..port import MatchPort

RULE = "R14.4"

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


def plan(m: MatchPort, _task: Task) -> None:
    """From the dealer, each seat holding two or more 4s of one suit may show them."""
    tasks: list[Task] = []
    for s in in_turn(m.leader):
        counts = {x: m.suits[s].count(x) for x in SUITS}
        suit = max(SUITS, key=lambda x: counts[x])
        if counts[suit] >= 2:
            tasks.append({"kind": "shangban", "seat": s, "count": counts[suit], "suit": suit})
    m.queue[0:0] = [*tasks, {"kind": "shangban-resolve", "seat": None}]


def show(m: MatchPort, task: Task, action: str) -> None:
    if action == "shangban":
        shown = SUIT_SYMBOLS[task["suit"]] + "4"
        m.events.append(Event(EventKind.SHANGBAN, task["seat"], shown, value=task["count"]))
        m.shown4.append([task["seat"], task["count"]])


def resolve(m: MatchPort, _task: Task) -> None:
    """The most 4s of one suit leads; on a tie the first to show; if nobody shows, the lot stands."""
    best: list[int] | None = None
    for shown in m.shown4:
        if best is None or shown[1] > best[1]:
            best = shown
    if best is None:
        m.events.append(Event(EventKind.SHANGBAN_NONE, m.leader))
        return
    m.leader = best[0]
    m.events.append(Event(EventKind.SHANGBAN_LEAD, best[0], value=best[1]))


SWITCH = SwitchInfo(
    "shangban", "shangban", "上班", "上班",
    "亮同花色 4 最多的人先出牌", "the most 4s of one suit shown leads the first game", RULE,
    tasks={
        "shangban-plan": Automatic("shangban", plan),
        "shangban": Decision("shangban", always("shangban", "no-shangban"), show, pick("shangban")),
        "shangban-resolve": Automatic("shangban", resolve),
    },
    before_play=Plan(10, "shangban-plan", lambda m: m.rules.shangban and m.by_lot),
)
