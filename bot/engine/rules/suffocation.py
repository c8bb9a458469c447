"""窒息 (002): a seat that has played no card when 头科 goes out is 大落 and plays no more."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import RED, SEATS, team_of
from ..events import PLACE_EN, PLACE_ZH, Event, EventKind, KindWords, Said
from ..switch import SwitchInfo

if TYPE_CHECKING:
    from ..port import GamePort

RULE = "R13.3"


def first_out(g: GamePort, first: int) -> None:
    """窒息, when 头科 (``first``) goes out: every seat that has played no card is 大落 (from the bottom,
    in play order) and its cards leave play unseen; a seat that gave cards to 汇5 has played."""
    if not g.rules.suffocation:
        return
    played: set[int | None] = set()
    for e in g.events:
        if e.kind in ("lead", "follow"):
            played.add(e.seat)
        elif e.kind == "hui" and e.seat is not None:
            played.update(range(team_of(e.seat), SEATS, 2))
    for i in range(1, SEATS):
        s = (first + i) % SEATS
        if any(g.hands[s]) and s not in played and g.places[s] is None:
            for r, n in enumerate(g.hands[s]):
                g.aside[r] += n
            g.hands[s] = [0] * (RED + 1)
            place = g.open_place(bottom=True)
            g.places[s] = place
            g.events.append(Event(EventKind.SUFFOCATE, s, value=place, auto=True))


def _suffocated(e: Event, n: Said) -> tuple[str, str]:
    return (f"{n.seat_zh} {n.word}：头科出完时一张没出，{PLACE_ZH[e.value or 6]}",
            f"{n.seat_en} is suffocated (窒息): no card played before 头科 went out, {PLACE_EN[e.value or 6]}")


SWITCH = SwitchInfo(
    "suffocation", "suffocation", "窒息", "suffocation",
    "头科出完时还没出过牌的人算大落", "a seat that played no card when 头科 goes out is 大落", RULE,
    events={EventKind.SUFFOCATE: KindWords("窒息", "suffocated (窒息)", _suffocated)},
)
