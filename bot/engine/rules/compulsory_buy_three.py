"""买三/要三 in place of 买3/买4 and 赠3/赠4 (R11.2, R11.3): buying a 3 is a must, no 4s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import SEATS, THREE, opposite
from ..events import Event, EventKind
from ..hooks import TRIBUTE_RANKS, Buying
from ..switch import SwitchInfo
from . import revolution

if TYPE_CHECKING:
    from ..port import MatchPort

RULE = "R14.5"


class CompulsoryBuyThree(Buying):
    """买三/要三: a seat with no 3 must buy one with a 2 or joker from the 对家, else from the 对家's
    team, and the seller must sell; failing that, it asks its own team. A seat with nothing to pay is
    in 革命 at once (with ``revolution``). No 4s are bought."""

    rules = (RULE,)
    ranks = (THREE,)
    optional = False

    def check(self, m: MatchPort, seat: int, rank: int) -> None:
        if not any(m.payable[seat][r] for r in TRIBUTE_RANKS):
            if revolution.for_want_of_payment(m, seat):
                return
        else:
            sellers = [opposite(seat), (seat + 1) % SEATS, (seat + 5) % SEATS]
            seller = next((s for s in sellers if m.hands[s][THREE] >= 2), None)
            if seller is not None:
                m.queue.insert(0, {"kind": "buy-offer", "seat": seat, "rank": THREE, "from": seller})
                return
        giver = next((g for g in ((seat + 4) % SEATS, (seat + 2) % SEATS) if m.hands[g][THREE] >= 2), None)
        if giver is not None:
            m.hand_over(giver, seat, THREE)
            m.events.append(Event(EventKind.ASK3, giver, target=seat, auto=True))


SWITCH = SwitchInfo(
    "compulsory_buy_three", "compulsory-buy-three", "必须买三", "compulsory 买三",
    "没 3 必须用 2 或王买，买不到向自己联邦要；不买 4", "no 3: buy one with a 2 or joker, or ask "
    "your team; no 4s bought", RULE,
    hook="buying", plays=CompulsoryBuyThree(),
)
