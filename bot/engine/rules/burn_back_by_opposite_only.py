"""烧牌只许对家打回 (002 「其之后打出的牌可由其对家打回（只能是对家，其它人不可打回）」), with
``burn_priority``: while a burn stands, only the burner's 对家 may beat its plays; beating one back undoes
the burn (解烧: no 烧贡, the burner plays on)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import opposite
from ..switch import SwitchInfo
from .burn_priority import BurnFirst

if TYPE_CHECKING:
    from ..port import GamePort

RULE = "R13.4"


REFUSAL = ("烧牌人的牌只有他的对家能打回", "only the burner's 对家 may beat a burner's play (烧牌)")
LET_REFUSAL = ("烧牌人的牌只有你能打回，不能让", "only you, the burner's 对家, may beat its play: there is no 让牌")


def _guarded(g: GamePort) -> bool:
    """Whether the play on the table is a standing burner's."""
    b, top = g.burn.burning, g.round.top
    return b is not None and top is not None and b[0] == top[0]


class BurnBackByOppositeOnly(BurnFirst):
    """烧牌优先, with only the burner's 对家 beating a standing burner's plays back (decision 46)."""

    rules = (RULE, *BurnFirst.rules)

    def burner_answer_refusal(self, g: GamePort, seat: int) -> tuple[str, str] | None:
        top = g.round.top
        return REFUSAL if top is not None and seat != opposite(top[0]) else None

    def let_refusal(self, g: GamePort) -> tuple[str, str] | None:
        return LET_REFUSAL if _guarded(g) else super().let_refusal(g)  # nobody it would let may answer


SWITCH = SwitchInfo(
    "burn_back_by_opposite_only", "burn-back-by-opposite-only", "烧牌只许对家打回",
    "only the 对家 beats a burner", "烧牌以后他出的牌只有他的对家能打回，打回就解烧",
    "after a burn, only the burner's 对家 may beat its plays; beaten back, the burn is undone", RULE,
    hook="burning", plays=BurnBackByOppositeOnly(), needs=("burn_priority",),
)
