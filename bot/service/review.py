"""复盘点评: the strong AI's review of one seat's decisions in a finished game.

For every decision the seat made in play, the position is rebuilt from the store's log exactly as
the seat saw it then (``Match.view``: its own hand and the public record, nothing of the other
hands, though the game is over now), and ``strong``'s own evaluation (``bot.ai.strong.evaluate``:
rollouts by ``basic`` over sampled deals) estimates the expected team points of what was played
beside the actions ``strong`` itself would weigh there. The AI's preference is the one with the best
estimate; what a decision cost is how far what was played falls short of it. A decision with one
sensible action (what ``strong`` would consider, the played one included) is not searched.

Pure apart from the work: ``positions`` lists what to judge, ``judge`` judges one (at module level,
so a thinking process can run it), ``Review`` holds the verdicts and round-trips through JSON for
the store's cache.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.ai.basic import decide_play
from bot.ai.candidates import candidates
from bot.ai.situation import Situation
from bot.ai.strong import DEFAULT_BUDGET, evaluate
from bot.engine import GoujiError, MatchView, parse_play
from bot.engine.cards import FOUR, SYMBOLS, cards_en, cards_zh

from .replay import LogRow, ReplayError, new_match

BUDGET = DEFAULT_BUDGET
"""Seconds of search per decision, as ``strong`` spends on one in play."""
WORST = 3
"""Costly decisions a review shows with their position."""


@dataclass(frozen=True)
class Position:
    """One decision to judge: the seat's view then, the actions to weigh (``strong``'s candidates and
    what was played), what was played, and whether the AI played it for the seat (托管)."""

    frame: int
    """The replay frame of the position (``bot.service.replay``: the game's moves before it)."""
    view: MatchView
    actions: tuple[str, ...]
    played: str
    auto: bool
    seed: int


@dataclass(frozen=True)
class Decision:
    """A judged decision: the expected team points of each action weighed, by the seat's own team."""

    frame: int
    played: str
    values: dict[str, float]
    auto: bool = False
    lead: bool = False
    """The seat led (nothing on the table), rather than answered a play."""
    mate_on_top: bool = False
    """The play on the table was a teammate's."""
    kaidian: bool = False
    """The seat could still 开点 (so leading its 4s would give that up)."""

    @property
    def best(self) -> str:
        """The AI's preference: the best estimate; what was played wins a tie."""
        return max(self.values, key=lambda a: (self.values[a], a == self.played))

    @property
    def cost(self) -> float:
        """Expected team points lost against the AI's preference (0 when it agrees)."""
        return self.values[self.best] - self.values[self.played]

    def reason(self) -> tuple[str, str]:
        """One line on why the AI prefers its choice, (中文, English), each half writing the cards as the
        table's log does."""
        cards = _cards(self.played)
        (played, played_en), (best, best_en) = words(self.played), words(self.best)
        if _cards(self.best) is None:  # passing or letting was better than the play made
            if self.mate_on_top:
                return (f"不必压队友的牌：{best}，把 {played} 留给后面",
                        f"no need to beat your teammate: {best_en} and keep {played_en} for later")
            return f"{best}更好：{played} 留着后面更有用", f"{best_en} was better: {played_en} is worth more later"
        if cards is None:
            if self.mate_on_top:
                return (f"该出 {best} 接过队友的牌，争取牌权",
                        f"{best_en} takes over from your teammate and wins the lead")
            return f"该出 {best} 压住，不出就把牌权让给了对手", f"{best_en} should answer: passing left them the lead"
        if self.lead and self.kaidian and set(cards) == {SYMBOLS[FOUR]}:
            return f"先出 {best}：出 4 就放弃了开点", f"lead {best_en}: leading your 4s gave up 开点"
        if self.lead:
            return f"先出 {best}，把 {played} 留到后面", f"lead {best_en} first and keep {played_en} for later"
        return f"用 {best} 接牌比 {played} 更合算", f"answering with {best_en} pays better than {played_en}"

    def to_dict(self) -> dict[str, Any]:
        return {"frame": self.frame, "played": self.played, "values": self.values, "auto": self.auto,
                "lead": self.lead, "mate_on_top": self.mate_on_top, "kaidian": self.kaidian}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Decision:
        return cls(d["frame"], d["played"], {a: float(v) for a, v in d["values"].items()}, d["auto"], d["lead"],
                   d["mate_on_top"], d["kaidian"])


@dataclass(frozen=True)
class Review:
    """A seat's decisions in one game, judged, with how many had one sensible action only."""

    game_id: int
    seat: int
    budget: float
    decisions: tuple[Decision, ...]
    forced: int

    def worst(self, n: int = WORST) -> list[Decision]:
        """The ``n`` decisions that cost most (the player's own: not those the AI played in 托管)."""
        costly = [d for d in self.decisions if d.cost > 0 and not d.auto]
        return sorted(costly, key=lambda d: (-d.cost, d.frame))[:n]

    @property
    def lost(self) -> float:
        """Expected team points lost over the player's own decisions."""
        return sum(d.cost for d in self.decisions if not d.auto)

    @property
    def agreed(self) -> int:
        """Decisions where what was played is the AI's preference."""
        return sum(1 for d in self.decisions if d.best == d.played)

    def to_json(self) -> str:
        return json.dumps({"game_id": self.game_id, "seat": self.seat, "budget": self.budget, "forced": self.forced,
                           "decisions": [d.to_dict() for d in self.decisions]}, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Review:
        d = json.loads(text)
        return cls(d["game_id"], d["seat"], d["budget"], tuple(Decision.from_dict(x) for x in d["decisions"]),
                   d["forced"])


def positions(settings: dict[str, Any], actions: Sequence[LogRow], game_no: int, seat: int,
              game_id: int = 0) -> tuple[list[Position], int]:
    """The decisions of ``seat`` in play in game ``game_no`` of a table's log, each as the seat saw it,
    and how many decisions had one sensible action only (not listed). A move made without a user
    (``None`` in the log) is the AI's: an AI seat's, or a human's in 托管."""
    m = new_match(settings, actions)
    out: list[Position] = []
    forced = frame = 0
    for _revision, who, user, action in actions:
        if who is None:
            continue
        if m.over or len(m.results) >= game_no:
            break
        mine = m.game_no == game_no
        if mine and who == seat and m.phase == "play" and m.game is not None:
            view = copy.deepcopy(m.view(seat))  # a view shares the game's lists, which the next moves change
            assert view.game is not None
            legal = m.legal_actions(seat)
            sit = Situation.from_view(view.game)
            cands = candidates(sit, legal, decide_play(sit, legal).action)
            played = _canonical(action)  # as typed (``play 5 5 5``), it would be weighed beside ``play 555``
            weighed = (*(str(a) for a in cands if a != played), played)
            if len(weighed) > 1:
                seed = random.Random(f"{game_id}/{seat}/{frame}").randrange(2**32)
                out.append(Position(frame, view, weighed, played, user is None, seed))
            else:
                forced += 1
        try:
            m.act(who, action)
        except GoujiError as refused:
            raise ReplayError("记录与规则不符，无法点评", f"the log does not replay: {refused}") from None
        frame += mine
    if len(m.results) < game_no:
        raise ReplayError("这局还没打完，不能点评", "this game is still in progress: it cannot be reviewed yet")
    return out, forced


def judge(p: Position, budget: float = BUDGET) -> Decision:
    """One decision judged by ``strong``'s evaluation, from the seat's view then only."""
    view = p.view.game
    assert view is not None
    values = evaluate(p.view, p.actions, budget, random.Random(p.seed))
    mate = view.top is not None and view.top[0] % 2 == view.seat % 2
    return Decision(p.frame, p.played, values, p.auto, view.top is None, mate, view.may_kaidian[view.seat])


def review(game_id: int, seat: int, found: tuple[list[Position], int], budget: float = BUDGET,
           progress: Callable[[int, int], None] | None = None) -> Review:
    """Every position judged here, one after the other (the terminal's and the benchmark's way; the
    bot judges them in its thinking processes)."""
    todo, forced = found
    done = []
    for i, p in enumerate(todo):
        done.append(judge(p, budget))
        if progress is not None:
            progress(i + 1, len(todo))
    return Review(game_id, seat, budget, tuple(done), forced)


def _cards(action: str) -> str | None:
    """The cards of a play in their canonical notation, however they were typed (``play 10 10 小王`` →
    ``TTB``); None for any other action."""
    word, _, cards = action.partition(" ")
    return parse_play(cards).text if word == "play" else None


def _canonical(action: str) -> str:
    """An action as the engine lists it: a play's cards in canonical notation, anything else as it is."""
    cards = _cards(action)
    return action if cards is None else f"play {cards}"


def words(action: str) -> tuple[str, str]:
    """An action as a player reads it, (中文, English): a play's cards as the table's log writes them
    (10, 小王 / small joker, 大王 / big joker), 过牌 / pass, 让牌 / let."""
    cards = _cards(action)
    if cards is not None:
        return cards_zh(cards), cards_en(cards)
    return {"pass": ("过牌", "pass"), "let": ("让牌", "let")}.get(action, (action, action))


__all__ = ["BUDGET", "WORST", "Decision", "Position", "Review", "judge", "positions", "review", "words"]
