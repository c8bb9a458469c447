"""``SeatView``: what one seat may know — its own hand and everything public, nothing else.

The AI, the renderer and the bot read games only through views, so no front end can leak a
hand it was not given.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from .events import Event

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class SeatView:
    seat: int
    rules: dict[str, Any]
    hand: str
    counts: list[int]
    places: list[int | None]
    to_act: int | None
    leader: int
    round_leader: int
    top: tuple[int, str] | None
    top_gouji: bool
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
        return cls(
            seat=seat, rules=g.rules.to_dict(), hand=g.hand(seat), counts=g.counts(), places=list(g.places),
            to_act=g.to_act, leader=g.leader, round_leader=g.round_leader,
            top=(g.top[0], str(g.top[1])) if g.top else None, top_gouji=g.top_gouji,
            marks=list(g.marks), passed=list(g.passed), let_by=g.let_by, kaidian=list(g.kaidian),
            gave_up=gave_up, kaidian_chance=g.kaidian_chance, natural=list(g.natural), duty=list(g.duty),
            luanchan=g.luanchan, over=g.over, chuan_san=g.chuan_san, ply=g.ply, events=list(g.events),
            burning=g.burning, head=g.head, sijiji=g.sijiji,
            peek={t: g.hand(t) for t in range(seat % 2, 6, 2)
                  if g.rules.teammate_peek and t != seat and 0 < sum(g.hands[t]) < 10},
            public=g.public_dict(seat),
        )

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["events"] = [e.to_dict() for e in self.events]
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)
