"""The arena's levels: every level players are offered (``bot.ai.LEVELS``), ``basic0``, the frozen
baseline, ``basicb``, ``basic`` with the learned belief's odds, and ``basicd``, ``basic`` overridden
where the model distilled from ``strong``'s searches says — none is a player offered, so ``bot.ai``
does not list them (issue 33 §3, issue 32)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.ai import LEVELS, Player, make_player
from bot.ai.basic import decide, decide_play
from bot.ai.belief import Belief, belief
from bot.ai.distil import decide_distilled
from bot.ai.situation import Situation
from bot.engine import Event, MatchView, SeatView

from .basic0 import FrozenBasicPlayer

ARENA_LEVELS: tuple[str, ...] = (*LEVELS, "basic0", "basicb", "basicd")
"""Every level the arena plays: ``basic0`` is ``basic`` before issue 17, frozen (``bot.bench.basic0``);
``basicb`` is ``basic`` judging whether an opponent beats a play by the belief (``BeliefBasicPlayer``);
``basicd`` is ``basic`` with ``strong``'s overrides as the distilled model predicts them (``DistilledBasicPlayer``)."""


class _InPlay:
    """A level that differs from ``basic`` only in play: before play, ``basic`` decides."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: MatchView | SeatView, legal: Sequence[str]) -> str:
        if isinstance(view, MatchView):
            if view.phase != "play" or view.game is None:
                return decide(view, legal).action
            return self.play(view.game, view.events, legal)
        return self.play(view, [], legal)

    def play(self, view: SeatView, events: Sequence[Event], legal: Sequence[str]) -> str:
        """The level's own decision in play; ``events`` the match's log (empty for a lone game)."""
        raise NotImplementedError


class BeliefBasicPlayer(_InPlay):
    """``basic`` whose odds that an opponent beats a play (``Situation.risk``) read that seat's expected
    hand from the learned belief (``bot.ai.belief``) instead of spreading the unseen cards uniformly.
    Measured against ``basic`` and not taken (README, issue 32): the belief costs milliseconds a decision."""

    level = "basicb"

    def play(self, view: SeatView, events: Sequence[Event], legal: Sequence[str]) -> str:
        sit = Situation.from_view(view)
        sit.held = believed(view, events)
        return decide_play(sit, legal).action


class DistilledBasicPlayer(_InPlay):
    """``basic``, but at the decisions where ``strong`` would search its two candidates, the alternative is
    played when the model distilled from ``strong``'s searches (``bot.ai.distil``) predicts it gains."""

    level = "basicd"

    def play(self, view: SeatView, events: Sequence[Event], legal: Sequence[str]) -> str:
        return decide_distilled(Situation.from_view(view), legal).action


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
    if level == "basicd":
        return DistilledBasicPlayer(seed)
    return make_player(level, seed, budget, work)
