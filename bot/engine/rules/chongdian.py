"""冲点: a 革命 seat with three 够级 sets may lead them; its 对家 must beat all three.

Its phase follows 革命's: the 革命 seat holding three 够级 ranks is asked which three to 冲点
with, and then its 对头 says 要头 or 无头 (``yaotou``, R14.7) — one plan for both switches,
queued when either is on."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from ..cards import RED, SYMBOLS
from ..events import Event, EventKind, KindWords, Said
from ..phases import Automatic, Decision, Plan, Task, pick
from ..plays import GOUJI_MIN, Play, is_gouji
from ..switch import SwitchInfo
from . import revolution, yaotou

if TYPE_CHECKING:
    from ..port import MatchPort
    from ..ruleset import Ruleset

RULE = "R14.6"


def played(rules: Ruleset) -> bool:
    """Whether the table plays 冲点 (with a 革命 seat, R11.4)."""
    return rules.chongdian


def check(hand: Sequence[int], sets: Sequence[Play], rules: Ruleset) -> None:
    """R14.6: three 够级 plays the 革命 hand holds all at once (``Game.from_hands`` checks what it is given)."""
    if len(sets) != 3:
        raise ValueError(f"冲点 takes three 够级 sets, not {len(sets)}")
    need = [0] * (RED + 1)
    for p in sets:
        if not is_gouji(p, rules):
            raise ValueError(f"冲点 sets must be 够级牌: {p} is not")
        for r, n in enumerate(p.counts()):
            need[r] += n
    if any(n > hand[r] for r, n in enumerate(need)):
        raise ValueError("the 革命 seat does not hold the 冲点 sets")


def plan(m: MatchPort, _task: Task) -> None:
    """A 革命 seat with three 够级 ranks may 冲点; then its 对头 says 要头 or 无头."""
    r = m.revolt
    if r is None:
        return
    h = m.hands[r]
    ranks = [k for k in sorted(GOUJI_MIN, reverse=True) if h[k] >= GOUJI_MIN[k]]
    tasks: list[Task] = []
    if len(ranks) >= 3 and m.rules.chongdian:
        tasks.append({"kind": "chongdian", "seat": r, "options": [list(c) for c in combinations(ranks, 3)]})
    m.queue[0:0] = tasks + yaotou.asked(m)


def choices(_m: MatchPort, task: Task) -> list[str]:
    return [f"chongdian {''.join(SYMBOLS[r] for r in c)}" for c in task["options"]] + ["no-chongdian"]


def choose(m: MatchPort, task: Task, action: str) -> None:
    seat = task["seat"]
    if action == "no-chongdian":
        m.events.append(Event(EventKind.NO_CHONGDIAN, seat))
        return
    arg = action.split()[1]
    combo = next(c for c in task["options"] if "".join(SYMBOLS[r] for r in c) == arg)
    m.chong_sets = [str(Play(r, m.hands[seat][r])) for r in combo]


def _declined(_e: Event, n: Said) -> tuple[str, str]:
    return f"{n.seat_zh} {n.word}", f"{n.seat_en} does not 冲点"


SWITCH = SwitchInfo(
    "chongdian", "chongdian", "冲点", "冲点",
    "革命的人可以用三套级牌冲点", "a 革命 seat may lead three 够级 sets (冲点)", RULE,
    tasks={
        "chongdian-plan": Automatic("revolution", plan),
        "chongdian": Decision("revolution", choices, choose, pick("no-chongdian")),
    },
    before_play=Plan(50, "chongdian-plan",
                     lambda m: revolution.played(m.rules) and (m.rules.chongdian or yaotou.played(m.rules))),
    events={EventKind.NO_CHONGDIAN: KindWords("不冲点", "no 冲点", _declined)},
)
