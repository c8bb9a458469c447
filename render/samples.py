"""Sample positions for the gallery and the benchmark, built with the engine itself.

Random games come from ``Game.deal(seed)`` played forward with random legal actions, so every
sample is a position the engine really reaches; the labelled mid-game is scripted from chosen
hands so that it shows 开点, 烧牌, 打点, 过 and 让 together.
"""

from __future__ import annotations

import random

from bot.engine import Game, GameResult, Match, MatchView, Ruleset

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


CLASSIC = Ruleset.preset("classic")
BURN_HANDS = (
    "33QQQ5678899TJ",
    "3AAA9945566TRB",
    "33KKKB66R7TTJ9",
    "33KK8556677",
    "33TT9446688J",
    "33JJ5577889",
)
BURN_SCRIPT = ("play QQQ", "play KKK", "pass", "play 66B")
"""classic: 1号 leads 够级 QQQ, its 下联 3号 burns it (烧牌) with KKK, which stands (开点); 3号 must
lead with a joker now (66B), and 2号 is to answer — 3号 is still burning."""
CHONG_HANDS = (
    "33QQQ5678899TJ2",
    "3AAAKKKKQQQ99455",
    "33KKKB66R7TTJ9",
    "33KK8556677AA",
    "33TT9446688222AAAAKKK",
    "33JJ5577889",
)
"""classic: 2号 sits in 革命 and 冲点s with AAA, KKKK, QQQ; its 对家 5号 said 要头."""
SLAM_HANDS = ("RRRR33", "3AAA9945566T", "33KKKB66B7TTJ9", "33KK8556677", "33TT9446688J", "33JJ5577889")
"""With ``grand_slam``: 1号 leads RRRR, nobody can answer, then its 3s — out before anyone played (满贯)."""


def random_game(seed: int, plies: int | None = None, rules: Ruleset | None = None) -> Game:
    """A dealt game played forward with random legal actions: ``plies`` actions, or to the end."""
    rng = random.Random(seed)
    g = Game.deal(seed, rules)
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


def no_three(seed: int = 0, plies: int = 30) -> tuple[Game, int]:
    """A game in which a seat was dealt no 3 (大落 at once, playing on for its team: 第二十六条),
    ``plies`` random actions in; and that seat."""
    for s in range(seed, seed + 200):
        g = Game.deal(s)
        no3 = [e.seat for e in g.events if e.kind == "no3" and e.seat is not None]
        if no3:
            rng = random.Random(s)
            while not g.over and g.ply < plies and g.counts()[no3[0]]:
                seat = g.to_act
                assert seat is not None
                g.act(seat, rng.choice(g.legal_actions(seat)))
            return g, no3[0]
    raise AssertionError("no deal with a seat lacking a 3")


def midgame() -> Game:
    g = Game.from_hands(MIDGAME_HANDS, leader=0)
    for action in MIDGAME_SCRIPT:
        assert g.to_act is not None
        g.act(g.to_act, action)
    return g


def classic_burning() -> Game:
    """classic mid-burn: 3号 burns (烧牌 in flames at its seat) and leads with a joker."""
    g = Game.from_hands(BURN_HANDS, leader=0, rules=CLASSIC)
    for action in BURN_SCRIPT:
        assert g.to_act is not None
        g.act(g.to_act, action)
    return g


def classic_chongdian(answered: int = 0) -> Game:
    """classic 冲点: 2号 (革命) charges with three sets; its 对家 5号 (要头) has beaten ``answered`` of them."""
    g = Game.from_hands(CHONG_HANDS, leader=0, rules=CLASSIC, revolt=1, chongdian=["AAA", "KKKK", "QQQ"],
                        yaotou=True)
    for action in ("play 222", "play AAAA")[:answered]:
        g.act(4, action)
    return g


def classic_sijiji() -> Game:
    """classic 要头: 5号, the 对头 of the 革命 seat, leads its first 够死级 (AAAA), which only a burn may
    answer: 1号 may burn it with 2222."""
    hands = ("33QQQ5678899TJ2222", "3AAAKKKKQQQ99455", "33KKKB66R7TTJ9", "33KK8556677AA", "33TT9446688222AAAAKKK",
             "33JJ5577889R")
    g = Game.from_hands(hands, leader=4, rules=CLASSIC, revolt=1, yaotou=True)
    g.act(4, "play AAAA")
    return g


def grand_slam() -> Game:
    """A finished game of 满贯 (switch ``grand_slam``): the team's points are doubled."""
    g = Game.from_hands(SLAM_HANDS, leader=0, rules=Ruleset.preset("classic", grand_slam=True))
    g.act(0, "play RRRR")
    g.act(0, "play 33")
    return g


def classic_chuansan(seed: int = 1) -> Game:
    """A random classic game that ends in 串三户 (doubled, R14.8) with items besides the places."""
    for s in range(seed, seed + 500):
        g = random_game(s, rules=CLASSIC)
        if g.chuan_san is not None and any(g.result().items):
            return g
    raise AssertionError("no classic 串三户 found")


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


def match_view(phase: str, seed: int = 0, seat: int = 0, rules: Ruleset | None = None,
               decision: str | None = None) -> MatchView:
    """A random match at its first decision in ``phase`` (buy, tribute …; or that ``decision``):
    the table before play."""
    rng = random.Random(seed)
    m = Match.new(seed=seed, rules=rules, games=3)
    while not m.over:
        mv = m.view(seat)
        if mv.decision and (mv.decision == decision if decision else mv.phase == phase):
            return mv
        actor = m.to_act
        assert actor is not None
        m.act(actor, rng.choice(m.legal_actions(actor)))
    raise AssertionError(f"no {phase} decision in match {seed}")


def classic_shangban(seed: int = 2, in_play: bool = False) -> MatchView:
    """A classic match at 上班 (R14.4) once a seat has shown its 4s — or, ``in_play``, at the
    first lead it won; every seat asked shows, the other choices are the defaults."""
    m = Match.new(seed=seed, rules=CLASSIC, games=3)
    while not m.over:
        shown = any(e.kind == "shangban" for e in m.events)
        due = m.phase == "play" if in_play else m.view(0).decision == "shangban"
        if shown and due:
            return m.view(0)
        seat = m.to_act
        assert seat is not None
        legal = m.legal_actions(seat)
        m.act(seat, "shangban" if "shangban" in legal else m.default_action(seat))
    raise AssertionError(f"no 上班 in match {seed}")


def lobby_extras(full: bool = False) -> TableExtras:
    """A lobby with two players and an AI seated, or (``full``) every seat taken."""
    if full:
        return TableExtras(names=NAMES, ai=(False, False, False, True, False, False), tip=TIP)
    return TableExtras(
        names=("张三", None, "王小五", None, None, None),
        ai=(False, False, False, True, False, False),
        tip=TIP,
    )


def match_results(games: int = 4, seed: int = 100) -> list[GameResult]:
    return [random_game(seed + i).result() for i in range(games)]


def match(games: int = 4) -> MatchSummary:
    return MatchSummary(games, match_results(games))


def standings(ai: bool = False) -> list[StandingRow]:
    """Nine players with points and ratings; with ``ai``, the rated AI levels too (a table by rating)."""
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
                rating=round(rng.uniform(-4, 14), 1),
            )
        )
    if ai:
        rows += [StandingRow("AI strong", 0, 120, 0, 0, 0, rating=9.3, ai="strong"),
                 StandingRow("AI basic", 0, 160, 0, 0, 0, rating=4.1, ai="basic")]
    return rows
