"""阵营战 (002): a seat may see the hand of a teammate holding fewer than 10 cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import SEATS, format_counts
from ..switch import SwitchInfo

if TYPE_CHECKING:
    from ..port import GamePort

RULE = "R13.3"


def peek(g: GamePort, seat: int) -> dict[int, str]:
    """The hands of the seat's teammates it may see (``SeatView.peek``): those holding 1 to 9 cards."""
    if not g.rules.teammate_peek:
        return {}
    return {t: format_counts(g.hands[t]) for t in range(seat % 2, SEATS, 2) if t != seat and 0 < sum(g.hands[t]) < 10}


SWITCH = SwitchInfo(
    "teammate_peek", "teammate-peek", "阵营战", "teammate peek",
    "队友少于 10 张时能看他的牌", "see a teammate's hand once it holds fewer than 10 cards", RULE,
)
