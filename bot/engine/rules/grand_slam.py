"""满贯 (002): a seat that plays all its cards before anyone else has played ends the game, which scores as
串三家 for its team, doubled."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import SEATS, team_of
from ..events import Event, EventKind, KindWords, Said
from ..switch import SwitchInfo

if TYPE_CHECKING:
    from ..port import GamePort

RULE = "R13.3"


def others_played(g: GamePort, seat: int) -> bool:
    """Whether any seat but ``seat`` has played a card this game (a 汇5 counts for the team)."""
    for e in g.events:
        if e.kind in ("lead", "follow") and e.seat != seat:
            return True
        if e.kind == "hui" and e.seat is not None and any(s != seat for s in range(team_of(e.seat), SEATS, 2)):
            return True
    return False


def first_out(g: GamePort, seat: int) -> bool:
    """满贯 (R13.3, decision 31), when 头科 (``seat``) goes out before anyone else played: the game ends;
    the seat's teammates take 二科 and 三科 (fewer cards first), so that it scores as 串三家 for the
    team, doubled. Whether it did."""
    if not g.rules.grand_slam or others_played(g, seat):
        return False
    g.grand_slam = seat
    g.events.append(Event(EventKind.GRANDSLAM, seat))
    mates = [s for s in range(team_of(seat), SEATS, 2) if s != seat and g.places[s] is None]
    mates.sort(key=lambda s: (sum(g.hands[s]), (s - seat) % SEATS))
    for s in mates:
        g.places[s] = g.open_place(bottom=False)
        g.events.append(Event(EventKind.OUT, s, value=g.places[s], auto=True))
    return True


def _slam(_e: Event, n: Said) -> tuple[str, str]:
    return (f"{n.seat_zh} {n.word}！别人还没出牌就出完了，本局积分翻倍",
            f"{n.seat_en} makes a grand slam (满贯): out before anyone else played, points doubled")


SWITCH = SwitchInfo(
    "grand_slam", "grand-slam", "满贯", "grand slam",
    "别人没出牌你就出完：串三家，积分翻倍", "out before anyone else played: 串三家 for the team, doubled",
    RULE,
    events={EventKind.GRANDSLAM: KindWords("满贯", "grand slam (满贯)", _slam)},
)
