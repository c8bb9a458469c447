"""Sample positions for the gallery and the benchmark, built with the engine itself.

Random games come from ``Game.deal(seed)`` played forward with random legal actions, so every
sample is a position the engine really reaches; the labelled mid-game is scripted from chosen
hands so that it shows 开点, 烧牌, 打点, 过 and 让 together.
"""

from __future__ import annotations

import random

from bot.engine import Game, GameResult, Match, MatchView

from .result import MatchSummary
from .standings import StandingRow
from .table import TableExtras

NAMES = ("张三", "李四", "王小五", "赵六六", "老孙", "Lucky🍀周")
"""Player names for samples, one with an emoji that the font lacks (it is dropped, not boxed)."""
TIP = "逢Q盖帽，有单不发3"

MIDGAME_HANDS = (
    "33444TTTTTB222",
    "33KKKR995667788",
    "3355566JJ789",
    "3377799BBB566",
    "33AAA66775889",
    "33555JJ6789",
)
MIDGAME_SCRIPT = ("play TTTTT", "play 444", "play KKK", "play AAA", "play 222", "let")
"""1号 leads 够级 TTTTT and wins the round, then leads all its 4s (开点); 2号 follows with KKK,
its 对家 5号 打点s it with AAA, 1号 烧s that with 222, and 1号's 对家 4号 lets (让)."""


def random_game(seed: int, plies: int | None = None) -> Game:
    """A dealt game played forward with random legal actions: ``plies`` actions, or to the end."""
    rng = random.Random(seed)
    g = Game.deal(seed)
    while not g.over and (plies is None or g.ply < plies):
        seat = g.to_act
        assert seat is not None
        g.act(seat, rng.choice(g.legal_actions(seat)))
    return g


def fresh_deal(seed: int = 7) -> Game:
    """A dealt game before its first play in which every seat holds a 3 (so nobody is 大落 yet)."""
    for s in range(seed, seed + 100):
        g = Game.deal(s)
        if not any(e.kind == "no3" for e in g.events):
            return g
    raise AssertionError("no deal with a 3 in every hand")


def midgame() -> Game:
    g = Game.from_hands(MIDGAME_HANDS, leader=0)
    for action in MIDGAME_SCRIPT:
        assert g.to_act is not None
        g.act(g.to_act, action)
    return g


def midgame_extras(perspective: int | None = None) -> TableExtras:
    return TableExtras(
        names=NAMES,
        ai=(False, False, False, False, True, False),
        game_no=2,
        games=4,
        scores=(3, -3),
        perspective=perspective,
    )


def luanchan(seed: int = 11) -> Game:
    """A random game at its first position in 四户乱缠 with a play on the table."""
    for s in range(seed, seed + 200):
        rng = random.Random(s)
        g = Game.deal(s)
        while not g.over:
            if g.luanchan and g.top is not None:
                return g
            seat = g.to_act
            assert seat is not None
            g.act(seat, rng.choice(g.legal_actions(seat)))
    raise AssertionError("no 四户乱缠 position found")


def match_view(phase: str, seed: int = 0, seat: int = 0) -> MatchView:
    """A random match at its first decision in ``phase`` (buy, tribute …): the table before play."""
    rng = random.Random(seed)
    m = Match.new(seed=seed, games=3)
    while not m.over:
        mv = m.view(seat)
        if mv.phase == phase and mv.decision:
            return mv
        actor = m.to_act
        assert actor is not None
        m.act(actor, rng.choice(m.legal_actions(actor)))
    raise AssertionError(f"no {phase} decision in match {seed}")


def lobby_extras() -> TableExtras:
    return TableExtras(
        names=("张三", None, "王小五", None, None, None),
        ai=(False, False, False, True, False, False),
        tip=TIP,
    )


def match_results(games: int = 4, seed: int = 100) -> list[GameResult]:
    return [random_game(seed + i).result() for i in range(games)]


def match(games: int = 4) -> MatchSummary:
    return MatchSummary(games, match_results(games))


def standings() -> list[StandingRow]:
    rng = random.Random(5)
    rows = []
    for name in ("张三", "李四", "王小五", "赵六六", "老孙", "Lucky🍀周", "小明", "齐鲁够级王", "Alice"):
        games = rng.randint(4, 40)
        rows.append(
            StandingRow(
                name,
                rng.randint(-20, 30),
                games,
                rng.randint(0, games // 3),
                rng.randint(0, games // 3),
                rng.randint(0, games // 2),
            )
        )
    return rows
