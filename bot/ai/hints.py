"""``suggest``: the action a seat would do best to take now, with a short reason in Chinese and English.

The hand panel orders its plays by it (``basic``'s choice: instant, and its rules explain
themselves — a distilled override says so); the 提示 button asks with ``HINT_BUDGET``, so the hint is
``strong``'s, and its reason quotes the search when the search overrode the rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import Game, MatchView, SeatView

from .basic import REASONS
from .distil import decide_basic
from .sample import Sampler
from .strong import StrongPlayer

HINT_BUDGET = 0.25
"""Seconds of ``strong`` search behind a 提示 press: short enough for a click (Discord wants an
answer within 3 s; the panel is drawn after it), long enough for a few sampled deals."""


@dataclass(frozen=True)
class Suggestion:
    action: str
    zh: str
    en: str


def legal_for(view: SeatView) -> Sequence[str]:
    """The seat's legal actions in play, rebuilt from its view alone.

    They depend only on the seat's own hand and the public table, so any deal of the hidden
    cards that agrees with the counts gives the same list.
    """
    hands, aside = Sampler(view).deal(random.Random(0))
    return Game.from_public(view.public, hands, aside).legal_actions(view.seat)


def suggest(view: MatchView | SeatView, seat: int, legal: Sequence[str] | None = None,
            budget: float = 0.0, seed: int = 0) -> Suggestion | None:
    """The suggested action for ``seat`` (whose view this must be), or None when it has nothing to decide.

    ``legal`` may be passed when the caller has it (saves rebuilding it); ``budget`` > 0 asks
    ``strong`` to search that many seconds.
    """
    if view.seat != seat:
        raise ValueError(f"the view is seat {view.seat}'s, not seat {seat}'s: a hint uses only the seat's own view")
    if view.to_act != seat:
        return None
    if legal is None:
        if isinstance(view, MatchView):
            legal = view.legal if view.phase != "play" or view.game is None else legal_for(view.game)
        else:
            legal = legal_for(view)
    if not len(legal):
        return None
    if budget > 0:
        player = StrongPlayer(seed, budget=budget)
        choice = player.decide(view, legal)
        if choice.why == "search" and player.last is not None:
            search = player.last
            means = dict(zip(search.cands, search.means(), strict=True))
            gain = means[choice.action] - means[search.cands[0]]
            return Suggestion(
                choice.action,
                f"模拟 {search.samples} 种可能的牌局：这手平均队分 {means[choice.action]:+.1f}，"
                f"比常规打法多 {gain:.1f}",
                f"over {search.samples} sampled deals this averages {means[choice.action]:+.1f} team points, "
                f"{gain:.1f} more than the rule of thumb",
            )
    else:
        choice = decide_basic(view, legal)
    zh, en = REASONS[choice.why]
    return Suggestion(choice.action, zh, en)
