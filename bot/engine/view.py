"""``SeatView``: what one seat may know — its own hand and everything public, nothing else.

The AI, the renderer and the bot read games only through views, so no front end can leak a
hand it was not given.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from .events import Event
from .ruleset import Ruleset

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class SeatView:
    seat: int
    rules: Ruleset
    hand: str
    counts: list[int]
    places: list[int | None]
    to_act: int | None
    leader: int
    round_leader: int
    top: tuple[int, str] | None
    top_gouji: bool
    """The top play is 够级 in force (R4.4): only its 对家 answers, or a burn."""
    top_kind: str | None
    """How the top play came: lead, follow, dadian, fandadian, shao, kill, hui or chong (冲点)."""
    top_sijiji: bool
    """The top play is 够死级 (R14.7): only a burn answers it."""
    chong_beaten: int | None
    """While a 冲点 set is on the table (R14.6): how many of the three came before it (0, 1, 2)."""
    may_kaidian: list[bool]
    """Who may still 开点 as this seat may know it (the table never tells who was dealt no 4)."""
    marks: list[str | None]
    passed: list[bool]
    let_by: int | None
    kaidian: list[bool]
    gave_up: list[bool]
    """Seats seen playing 4s outside 开点; a seat dealt no 4 is not shown (that is private)."""
    kaidian_chance: int | None
    natural: list[bool]
    duty: list[bool]
    luanchan: bool
    over: bool
    chuan_san: int | None
    ply: int
    events: list[Event]
    burning: tuple[int, int] | None
    """The 烧 in progress (burn_priority) as (burner, burned) (R14.2)."""
    head: int | None
    """The 对头 of the 革命 seat, which declared 要头 or 无头 (R14.7) …"""
    sijiji: int
    """… and the 够死级 plays it has left (0: 无头)."""
    peek: dict[int, str]
    """Teammates' hands this seat may see (R13.3 阵营战: fewer than 10 cards, with ``teammate_peek``)."""
    public: dict[str, Any]
    """The game's whole state as this seat may know it (``Game.public_dict``): enough to rebuild
    the game with guessed hands (``Game.from_public``), which is how the strong AI searches."""

    @classmethod
    def of(cls, g: Game, seat: int) -> SeatView:
        seen = {e.seat for e in g.events if e.kind == "giveup"}
        gave_up = [s in seen for s in range(6)]
        public = g.public_dict(seat)
        return cls(
            seat=seat, rules=g.rules, hand=g.hand(seat), counts=g.counts(), places=list(g.places),
            to_act=g.to_act, leader=g.leader, round_leader=g.round_leader,
            top=(g.top[0], str(g.top[1])) if g.top else None, top_gouji=g.top_gouji,
            top_kind=g.top_kind if g.top else None, top_sijiji=_top_sijiji(g),
            chong_beaten=2 - len(g.chong) if g.top_kind == "chong" and g.top else None,
            may_kaidian=[not k and not lost for k, lost in zip(g.kaidian, public["kaidian_lost"], strict=True)],
            marks=list(g.marks), passed=list(g.passed), let_by=g.let_by, kaidian=list(g.kaidian),
            gave_up=gave_up, kaidian_chance=g.kaidian_chance, natural=list(g.natural), duty=list(g.duty),
            luanchan=g.luanchan, over=g.over, chuan_san=g.chuan_san, ply=g.ply, events=list(g.events),
            burning=g.burning, head=g.head, sijiji=g.sijiji,
            peek={t: g.hand(t) for t in range(seat % 2, 6, 2)
                  if g.rules.teammate_peek and t != seat and 0 < sum(g.hands[t]) < 10},
            public=public,
        )

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["events"] = [e.to_dict() for e in self.events]
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)


def _top_sijiji(g: Game) -> bool:
    """Whether the play on the table is 够死级: its ``sijiji`` event follows the play (R14.7)."""
    if g.top is None:
        return False
    top_seat = g.top[0]
    for e in reversed(g.events):
        if e.seat == top_seat and e.kind == "sijiji":
            return True
        if e.seat == top_seat and e.kind in ("lead", "follow"):
            return False
    return False
