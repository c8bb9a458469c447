"""``SeatView``: what one seat may know — its own hand and everything public, nothing else.

The AI, the renderer and the bot read games only through views, so no front end can leak a
hand it was not given. The game makes them (``Game.view``): this module holds the record only, so it
needs no game to import.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from .events import Event
from .ruleset import Ruleset


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

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["events"] = [e.to_dict() for e in self.events]
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)
