"""The arena's levels: every level players are offered (``bot.ai.LEVELS``), ``rules``, the rules of thumb
alone (``basic`` before its distilled overrides, issue 32), ``strongr``, ``strong`` before issue 32,
``basic0``, the frozen baseline, and ``basicb``, the rules with the learned belief's odds — none is a
player offered, so ``bot.ai`` does not list them (issue 33 §3, issue 32)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.ai import LEVELS, Player, RulesPlayer, make_player
from bot.ai.basic import decide, decide_play
from bot.ai.belief import Belief, belief
from bot.ai.situation import Situation
from bot.ai.strong import DEFAULT_BUDGET, StrongPlayer
from bot.engine import Event, MatchView, SeatView

from .basic0 import FrozenBasicPlayer

ARENA_LEVELS: tuple[str, ...] = (*LEVELS, "rules", "strongr", "basic0", "basicb")
"""Every level the arena plays: ``rules`` is the rules of thumb alone (``RulesPlayer``: ``basic`` until
issue 32, and what ``strong`` searches with); ``strongr`` is ``strong`` defaulting to the rules' choice rather
than the distilled ``basic``'s (``strong`` until issue 32); ``basic0`` is ``basic`` before issue 17, frozen
(``bot.bench.basic0``); ``basicb`` is the rules judging whether an opponent beats a play by the belief
(``BeliefBasicPlayer``)."""


class BeliefBasicPlayer:
    """The rules of thumb, whose odds that an opponent beats a play (``Situation.risk``) read that seat's
    expected hand from the learned belief (``bot.ai.belief``) instead of spreading the unseen cards
    uniformly; before play the rules decide alone. Measured against them and not taken (README, issue 32):
    the belief costs milliseconds a decision."""

    level = "basicb"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: MatchView | SeatView, legal: Sequence[str]) -> str:
        if isinstance(view, MatchView):
            if view.phase != "play" or view.game is None:
                return decide(view, legal).action
            game, events = view.game, view.events
        else:
            game, events = view, []
        sit = Situation.from_view(game)
        sit.held = believed(game, events)
        return decide_play(sit, legal).action


def believed(view: SeatView, match_events: Sequence[Event]) -> Callable[[int], list[float]]:
    """Each seat's expected hand by the belief, computed at the first question only (most decisions ask none)."""
    found: list[Belief] = []

    def held(seat: int) -> list[float]:
        if not found:
            found.append(belief(view, match_events))
        return found[0].holding(seat)
    return held


def arena_player(level: str, seed: int | None = None, budget: float | None = None, work: int | None = None) -> Player:
    """A player of any arena level, seeded as ``make_player`` seeds one (``budget``, ``work``: ``strong``'s)."""
    if level == "basic0":
        return FrozenBasicPlayer(seed)
    if level == "basicb":
        return BeliefBasicPlayer(seed)
    if level == "rules":
        return RulesPlayer(seed)
    if level == "strongr":
        return StrongPlayer(seed, budget=DEFAULT_BUDGET if budget is None else budget, work=work, distilled=False)
    return make_player(level, seed, budget, work)
