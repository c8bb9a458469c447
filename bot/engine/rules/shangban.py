"""上班: the most 4s of one suit shown leads, when the leader would be drawn by lot.

Its phase comes first after the deal, before buying: from the dealer, each seat holding two or
more 4s of one suit is asked whether to show them; then the most shown leads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import SUITS
from ..events import Event, EventKind, KindWords, Said
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


def _shown(e: Event, n: Said) -> tuple[str, str]:
    k = e.value or 0
    return (f"{n.seat_zh} {n.word}：亮出 {k} 张 {n.cards_zh}",
            f"{n.seat_en} shows {k} × {n.cards_en} for 上班 (the most 4s of one suit leads)")


def _leads(e: Event, n: Said) -> tuple[str, str]:
    return (f"{n.seat_zh} {n.word}（同花色 4 {e.value} 张），先出牌",
            f"{n.seat_en} leads first by 上班 ({e.value} fours of one suit)")


def _nobody(_e: Event, n: Said) -> tuple[str, str]:
    return f"{n.word}，抽签：{n.seat_zh} 开牌", f"nobody shows 4s for 上班: by lot, {n.seat_en} leads"


SWITCH = SwitchInfo(
    "shangban", "shangban", "上班", "上班",
    "亮同花色 4 最多的人先出牌", "the most 4s of one suit shown leads the first game", RULE,
    tasks={
        "shangban-plan": Automatic("shangban", plan),
        "shangban": Decision("shangban", always("shangban", "no-shangban"), show, pick("shangban")),
        "shangban-resolve": Automatic("shangban", resolve),
    },
    before_play=Plan(10, "shangban-plan", lambda m: m.rules.shangban and m.by_lot),
    events={
        EventKind.SHANGBAN: KindWords("上班", "shows 4s (上班)", _shown),
        EventKind.SHANGBAN_LEAD: KindWords("上班", "leads by 上班", _leads),
        EventKind.SHANGBAN_NONE: KindWords("无人上班", "nobody shows 4s", _nobody),
    },
)
