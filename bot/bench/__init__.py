"""Benchmarks that print figures (never timed unit tests): ``python -m bot.bench engine|match|arena|judge|yaotou|…``.

``engine``: random-legal full games per second on one core, and the median and p99 time of
``legal_actions`` on the hardest positions — a 36-card lead holding eight 2s and all eight
jokers, and an answer to a 够级 play — both as the lazy call and fully listed. ``engine --compare
DIR`` plays the same seeded games with this tree's engine and with the one checked out in DIR
(``git worktree add --detach DIR <commit>``), each in a fresh process, alternately, and prints the
median CPU seconds of each and their ratio.

``arena``: AI level A on one team against level B on the other (``bot.ai``, and ``rules``, the rules of
thumb alone, ``strongr``, ``strong`` defaulting to the rules' choice as before issue 32, ``basic0``, the
frozen baseline, and ``basicb``, the rules judging by the belief: ``bot.bench.levels``), on seeded one-game
matches (every phase: buying, 革命, 宣点, play) under ``--rules`` (a preset and its switches). Each
deal is played twice with the teams swapped, so luck of the cards cancels; the figures are points
per game for each side with a 95% interval (over deal pairs), the share of games won, drawn and
lost, the mistakes of ``bot.ai.mistakes`` per game of each side (beating a teammate's winning
play, breaking a 够级 set to follow, giving up 开点, being 闷ed; 开点 beside them), and each
level's decision time. ``--json FILE`` writes each deal's points and mistake counts; ``--against
FILE`` then compares a later run (another commit, say) with that one deal by deal: both played the
same deals, so the luck of the cards cancels and the interval is much tighter than the two runs'
own (issue 17: −0.12 ± 0.63 deal by deal where the runs alone read ±0.5 to ±0.8).

``yaotou``: 要头 against 无头 (R14.7) on the deals that come to the declaration (``bot.bench.yaotou``).

``judge``: what ``strong``'s search gains per decision, judged on the true deal (``bot.bench.judge``).

``belief``: how well the belief model knows the hidden cards, against the uniform guess and today's
sampled deals, by stage of the game (``bot.bench.belief``).

``review``: the AI's review of one seat's whole game (复盘点评, ``bot.service.review``) at the default
budget per decision, as one thinking process works it out: decisions judged, seconds in all.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from bot.ai import make_player
from bot.ai.mistakes import FIGURES, Mistakes
from bot.cli import add_rules_argument, rules_of
from bot.engine import Game, Match, Ruleset
from bot.service.replay import LogRow
from bot.service.review import BUDGET as REVIEW_BUDGET
from bot.service.review import positions, review

from .levels import ARENA_LEVELS, arena_player
from .parallel import mapped
from .stats import half_interval


def _percentiles(samples: list[float]) -> tuple[float, float]:
    samples = sorted(samples)
    return statistics.median(samples), samples[min(len(samples) - 1, int(len(samples) * 0.99))]


def _time_calls(fn: Callable[[], object], n: int) -> tuple[float, float]:
    out = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return _percentiles(out)


def random_games(seconds: float, seed: int = 1) -> tuple[int, float, int]:
    """Play random legal games from seeded deals for about ``seconds``; return games, time, actions."""
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = Game.deal(rng.randrange(2**32))
        while not g.over:
            seat = g.to_act
            assert seat is not None
            g.act(seat, rng.choice(g.legal_actions(seat)))
            actions += 1
        games += 1
    return games, time.perf_counter() - start, actions


HARD_LEAD = ["3355667788899TTJQKKA22222222BBBBRRRR", "3", "3", "3", "3", "3"]
"""A 36-card leader with eight 2s and all eight jokers: thousands of legal leads."""
HARD_ANSWER = ["33QQQQ", "3", "3", "33345566778899TJJJJJQKKKA2222BBBRRR", "333KKKK", "3"]
"""Seat 0 leads QQQQ (够级); seat 3, its 对家, holds many ways to answer."""


def bench_engine(seconds: float) -> None:
    games, elapsed, actions = random_games(seconds)
    print(f"random legal games: {games} in {elapsed:.1f} s = {games / elapsed:.1f} games/s "
          f"({actions / games:.0f} actions/game, {actions / elapsed:,.0f} actions/s)")
    lead = Game.from_hands(HARD_LEAD, leader=0)
    answer = Game.from_hands(HARD_ANSWER, leader=0)
    answer.act(0, "play QQQQ")
    for name, g in (("36-card lead, eight 2s, eight jokers", lead), ("answer to a 够级 play", answer)):
        seat = g.to_act
        assert seat is not None
        n = len(g.legal_actions(seat))
        med, p99 = _time_calls(partial(g.legal_actions, seat), 2000)
        lmed, lp99 = _time_calls(lambda: list(g.legal_actions(seat)), 300)  # noqa: B023 (called at once)
        print(f"legal_actions, {name} ({n} actions): call median {med:.3f} ms p99 {p99:.3f} ms; "
              f"listed in full median {lmed:.3f} ms p99 {lp99:.3f} ms")


SAME_GAMES = """
import random, sys, time
from bot.engine import Game
start = time.process_time()
for seed in range(int(sys.argv[1])):
    rng = random.Random(seed)
    g = Game.deal(seed)
    while not g.over:
        seat = g.to_act
        g.act(seat, rng.choice(g.legal_actions(seat)))
print(time.process_time() - start)
"""
"""The driver both engines run: deal ``seed`` for seed 0…n-1, then a seeded random choice among the
legal actions until the game ends (only what every engine version offers: ``Game.deal``,
``legal_actions``, ``act``). Where the rules changed between the two the games part there."""


def _cpu_of(tree: str, games: int) -> float:
    """CPU seconds of the driver's games in a fresh interpreter whose ``bot`` is the one in ``tree``."""
    tree = os.path.abspath(tree)
    env = {**os.environ, "PYTHONPATH": tree}
    out = subprocess.run([sys.executable, "-c", SAME_GAMES, str(games)], cwd=tree, env=env,
                         capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def bench_compare(other: str, games: int, rounds: int) -> None:
    """This tree's engine against the one in ``other`` on the same games, run in turn (A B A B …) so
    that the machine's drift touches both alike; medians of CPU time inside each process."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ours, theirs = [], []
    for _ in range(rounds):
        ours.append(_cpu_of(here, games))
        theirs.append(_cpu_of(other, games))
    a, b = statistics.median(ours), statistics.median(theirs)
    ratios = sorted(t / o for o, t in zip(ours, theirs, strict=True))
    print(f"the same {games} random legal games (seeds 0…{games - 1}), {rounds} runs each, in turn: "
          f"this engine {a:.2f} s, {other} {b:.2f} s of CPU (medians) = {b / a:.2f}x "
          f"(pair by pair median {statistics.median(ratios):.2f}x, {ratios[0]:.2f}–{ratios[-1]:.2f}x)")


def bench_match(matches: int, games: int) -> None:
    """Full random-legal matches (every phase before play included), timed one by one."""
    rng = random.Random(2)
    times, actions = [], 0
    for i in range(matches):
        t = time.perf_counter()
        m = Match.new(seed=i, games=games)
        while not m.over:
            seat = m.to_act
            assert seat is not None
            m.act(seat, rng.choice(m.legal_actions(seat)))
            actions += 1
        times.append((time.perf_counter() - t) * 1000)
    med, p99 = _percentiles(times)
    print(f"random legal matches of {games} games: {matches} played, median {med:.0f} ms, p99 {p99:.0f} ms "
          f"per match ({actions / matches:.0f} actions each)")


def arena_game(seed: int, a: str, b: str, a_team: int, budget: float | None,
               rules: Ruleset | None = None, work: int | None = None
               ) -> tuple[int, dict[str, list[float]], list[dict[str, int]]]:
    """One seeded one-game match with level ``a`` on team ``a_team``: A's team points, the
    decision times (ms) of each level and the mistake counts (``bot.ai.mistakes``) of A, then B."""
    m = Match.new(seed=seed, rules=rules, games=1)
    levels = [a if s % 2 == a_team else b for s in range(6)]  # the arena's names: ``strongr`` plays as a ``strong``
    players = [arena_player(level, seed * 6 + s, budget, work) for s, level in enumerate(levels)]
    times: dict[str, list[float]] = {a: [], b: []}
    mistakes = Mistakes()
    while not m.over:
        seat = m.to_act
        assert seat is not None
        view, legal = m.view(seat), m.legal_actions(seat)
        t = time.perf_counter()
        action = players[seat].choose(view, legal)
        times[levels[seat]].append((time.perf_counter() - t) * 1000)
        g = m.game if m.phase == "play" else None
        if g is not None:
            mistakes.before(g, seat, action)
        m.act(seat, action)
        if g is not None:
            mistakes.after(g)
    return m.results[-1]["team_points"][a_team], times, [mistakes.counts[a_team], mistakes.counts[1 - a_team]]


Pair = tuple[list[int], dict[str, list[float]], list[dict[str, int]]]


def _arena_pair(job: tuple[int, str, str, float | None, Ruleset | None, int | None]) -> Pair:
    seed, a, b, budget, rules, work = job
    points: list[int] = []
    times: dict[str, list[float]] = {a: [], b: []}
    counts = [dict.fromkeys(FIGURES, 0) for _ in range(2)]
    for a_team in (0, 1):
        p, t, c = arena_game(seed, a, b, a_team, budget, rules, work)
        points.append(p)
        for level, ms in t.items():
            times[level] += ms
        for side in (0, 1):
            for k, v in c[side].items():
                counts[side][k] += v
    return points, times, counts


def bench_arena(a: str, b: str, games: int, seed: int, budget: float | None, workers: int,
                rules: Ruleset | None = None, work: int | None = None,
                save: str | None = None, against: str | None = None) -> list[Pair]:
    """Play ``games`` games (rounded up to deal pairs), print the table of the issue and return the
    pairs; ``save`` writes them to a JSON file, ``against`` compares them with such a file's."""
    rules = rules or Ruleset.preset()
    jobs = [(seed + i, a, b, budget, rules, work) for i in range((games + 1) // 2)]
    results = mapped(_arena_pair, jobs, workers)
    points = [p for r, _, _ in results for p in r]
    pair_means = [sum(r) / 2 for r, _, _ in results]
    n = len(points)
    mean = sum(points) / n
    half = half_interval(pair_means)
    won, drawn = sum(p > 0 for p in points), sum(p == 0 for p in points)
    on = [k for k, v in rules.switches().items() if v]
    print(f"arena: A = {a}, B = {b}, {n} games ({len(jobs)} deals, each played with both seatings), seeds {seed}…, "
          f"rules {rules.name}{' + ' + ', '.join(on) if on else ''}"
          + (f", strong's budget {budget} s" if budget is not None else "")
          + (f", work {work} plies" if work is not None else ""))
    print(f"  points per game   A {mean:+.2f} ± {half:.2f}   B {-mean:+.2f} ± {half:.2f}   (95% interval)")
    print(f"  games won         A {won / n:.1%}   B {sum(p < 0 for p in points) / n:.1%}   drawn {drawn / n:.1%}"
          f"   (A wins {won / max(1, n - drawn):.1%} of decided games)")
    print("  per game of a side " + " ".join(f"{k:>11}" for k in FIGURES))
    for side, name in ((0, "A"), (1, "B")):
        rates = [sum(c[side][k] for _, _, c in results) / n for k in FIGURES]
        label = f"{name} {a if side == 0 else b}"
        print(f"    {label:<16} " + " ".join(f"{x:>11.3f}" for x in rates))
    levels = [a] if a == b else [a, b]
    for level in levels:
        ms = [x for _, t, _ in results for x in t[level]]
        med, p99 = _percentiles(ms)
        print(f"  decision time     {level:<7} median {med:.2f} ms   p99 {p99:.2f} ms   ({len(ms)} decisions)")
    deals = {job[0]: {"points": r[0], "counts": r[2]} for job, r in zip(jobs, results, strict=True)}
    if against is not None:
        with open(against, encoding="utf-8") as f:
            print(deal_by_deal(deals, {int(k): v for k, v in json.load(f)["deals"].items()}, against))
    if save is not None:
        with open(save, "w", encoding="utf-8") as f:
            json.dump({"a": a, "b": b, "rules": rules.to_dict(), "budget": budget, "work": work, "deals": deals}, f)
    return results


def deal_by_deal(ours: dict[int, dict[str, Any]], theirs: dict[int, dict[str, Any]], name: str) -> str:
    """A's points per game in this run less in ``theirs`` (another run's ``--json``), over the deals
    both played: the mean of the per-deal differences with its 95% interval, and A's mistakes per
    game in each run on those deals."""
    common = sorted(set(ours) & set(theirs))
    if not common:
        return f"  deal by deal against {name}: no deal in common"
    diffs = [(sum(ours[s]["points"]) - sum(theirs[s]["points"])) / 2 for s in common]
    half = half_interval(diffs)
    same = sum(ours[s]["points"] == theirs[s]["points"] for s in common)
    games = 2 * len(common)
    rates = "   ".join(f"{k} {sum(ours[s]['counts'][0][k] for s in common) / games:.3f}"
                       f" / {sum(theirs[s]['counts'][0][k] for s in common) / games:.3f}" for k in FIGURES)
    return (f"  deal by deal against {name}: A {sum(diffs) / len(diffs):+.2f} ± {half:.2f} points per game over "
            f"{len(common)} deals ({same} scored the same)\n  A per game here / there: {rates}")


def logged_game(seed: int, level: str = "basic", rules: Ruleset | None = None,
                games: int = 1) -> tuple[dict[str, Any], list[LogRow]]:
    """A match of ``level`` players (one game by default), as a table's settings and action log
    (``start``, then every move with a user id): what a review or a replay reads from the store."""
    rules = rules or Ruleset.preset()
    m = Match.new(seed=seed, rules=rules, games=games)
    log: list[LogRow] = [(0, None, None, f"start {seed}")]
    players = [make_player(level, seed + s) for s in range(6)]
    while not m.over:
        s = m.to_act
        assert s is not None
        action = players[s].choose(m.view(s), m.legal_actions(s))
        log.append((len(log), s, 100 + s, action))
        m.act(s, action)
    return {"rules": rules.to_dict(), "games": games}, log


def bench_review(games: int, seed: int, seat: int, budget: float) -> None:
    times = []
    for i in range(games):
        settings, log = logged_game(seed + i)
        t = time.perf_counter()
        found = positions(settings, log, 1, seat, game_id=i)
        r = review(i, seat, found, budget)
        times.append(time.perf_counter() - t)
        print(f"deal {seed + i}, seat {seat + 1}: {len(r.decisions)} decisions judged ({r.forced} with one sensible"
              f" choice), {times[-1]:.1f} s; costliest: "
              + ", ".join(f"step {d.frame} {d.cost:.2f}" for d in r.worst()))
    print(f"review of a whole game at {budget} s per decision: median {statistics.median(times):.1f} s,"
          f" max {max(times):.1f} s over {games} games")


def _counts(text: str) -> list[int]:
    """``--tables``: one count, or several separated by commas."""
    try:
        counts = [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"counts of tables separated by commas, not {text!r}") from None
    if any(n < 1 for n in counts):
        raise argparse.ArgumentTypeError("a count of tables is 1 or more")
    return counts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.bench", description=__doc__)
    sub = parser.add_subparsers(dest="what", required=True)
    eng = sub.add_parser("engine", help="engine speed")
    eng.add_argument("--seconds", type=float, default=10.0, help="how long to play random games")
    eng.add_argument("--compare", metavar="DIR", help="a checkout of another commit to race on the same games")
    eng.add_argument("--games", type=int, default=400, help="games per run with --compare")
    eng.add_argument("--rounds", type=int, default=5, help="runs of each engine with --compare")
    mat = sub.add_parser("match", help="time full random matches")
    mat.add_argument("--matches", type=int, default=30)
    mat.add_argument("--games", type=int, default=4)
    are = sub.add_parser("arena", help="AI level against AI level")
    are.add_argument("--a", default="strong", help=f"level of side A ({', '.join(ARENA_LEVELS)})")
    are.add_argument("--b", default="basic", help="level of side B")
    are.add_argument("--games", type=int, default=200, help="games (deal pairs × 2)")
    are.add_argument("--seed", type=int, default=1, help="seed of the first deal")
    are.add_argument("--budget", type=float, default=None, help="strong's seconds per decision (default: its own)")
    are.add_argument("--work", type=int, default=None,
                     help="strong's rollout plies per decision (default: from the budget); with a large --budget the "
                          "games are the same however loaded the machine is")
    are.add_argument("--workers", type=int, default=1, help="processes playing games in parallel")
    are.add_argument("--json", metavar="FILE", help="write each deal's points and mistake counts to FILE")
    are.add_argument("--against", metavar="FILE",
                     help="compare with an earlier run's --json FILE deal by deal (same --seed, --a, --b)")
    add_rules_argument(are)  # --rules classic --grand-slam …, as at the terminal table
    tab = sub.add_parser("tables", help="many tables at once through the table service and the real store")
    tab.add_argument("--tables", type=_counts, default=None,
                     help="tables at once (default 200); with --discord, counts to run (8,16,32) instead of a search")
    tab.add_argument("--discord", action="store_true",
                     help="through the whole bot (cogs, messenger, pictures) on an offline Discord, 3 humans with "
                          "live panels and 3 AI seats (basic) a table at table speed (bot.bench.discord_tables)")
    tab.add_argument("--minutes", type=float, default=10.0,
                     help="with --discord: how long the search for the largest sustained count may go on")
    tab.add_argument("--seconds", type=float, default=20.0, help="length of each of the three runs")
    tab.add_argument("--ai", default="random", help="level of the AI seats (random, basic, strong)")
    tab.add_argument("--only", choices=("saturated", "busy", "table speed"), help="just this one of the runs")
    tab.add_argument("--db", help="a postgresql:// server to run on (default: a SQLite file)")
    tab.add_argument("--gc", choices=("tuned", "default"), default="tuned",
                     help="the garbage collector as the bot tunes it (bot.service.memory), or CPython's default")
    yao = sub.add_parser("yaotou", help="要头 against 无头 (R14.7) on the deals that come to the declaration")
    yao.add_argument("--deals", type=int, default=400, help="deals that come to the declaration")
    yao.add_argument("--seed", type=int, default=1_000_000, help="the first seed scanned")
    yao.add_argument("--workers", type=int, default=1, help="processes playing deals in parallel")
    add_rules_argument(yao)
    yao.set_defaults(rules=Ruleset.preset("classic"))
    jud = sub.add_parser("judge", help="strong's gain per decision, judged on the true deal (bot.bench.judge)")
    jud.add_argument("--games", type=int, default=40, help="games of the rules of thumb against themselves")
    jud.add_argument("--seed", type=int, default=5001, help="seed of the first game")
    jud.add_argument("--every", type=int, default=3, help="search every n-th decision with two candidates or more")
    jud.add_argument("--deals", type=int, default=40, help="sampled deals per decision")
    jud.add_argument("--workers", type=int, default=1, help="processes judging games in parallel")
    jud.add_argument("--belief", action="store_true",
                     help="also search every decision on deals drawn with the belief model's odds, and compare")
    jud.add_argument("--differs", action="store_true",
                     help="only the distilled default against the rules': search just where they differ")
    add_rules_argument(jud)
    bel = sub.add_parser("belief", help="the belief model against the truth on held-out games (bot.bench.belief)")
    bel.add_argument("--games", type=int, default=200, help="games of the rules of thumb against themselves")
    bel.add_argument("--seed", type=int, default=5001, help="seed of the first game (training uses 10^6 and up)")
    bel.add_argument("--every", type=int, default=5, help="judge one decision in play in this many, on average")
    bel.add_argument("--deals", type=int, default=64, help="deals of today's sampler per decision (0: skip it)")
    bel.add_argument("--workers", type=int, default=1, help="processes judging games in parallel")
    bel.add_argument("--weights", help="a weights file other than the shipped one")
    rev = sub.add_parser("review", help="the AI's review of one seat's whole game")
    rev.add_argument("--games", type=int, default=3)
    rev.add_argument("--seed", type=int, default=1)
    rev.add_argument("--seat", type=int, default=1, choices=range(1, 7), help="the seat reviewed (1-6)")
    rev.add_argument("--budget", type=float, default=REVIEW_BUDGET, help="seconds of search per decision")
    args = parser.parse_args(argv)
    if args.what == "engine" and args.compare:
        bench_compare(args.compare, args.games, args.rounds)
    elif args.what == "engine":
        bench_engine(args.seconds)
    elif args.what == "match":
        bench_match(args.matches, args.games)
    elif args.what == "arena":
        bench_arena(args.a, args.b, args.games, args.seed, args.budget, args.workers, rules_of(args), args.work,
                    args.json, args.against)
    elif args.what == "yaotou":
        from bot.bench.yaotou import bench_yaotou

        bench_yaotou(args.deals, args.seed, args.workers, rules_of(args))
    elif args.what == "judge":
        from bot.bench.judge import bench_judge

        bench_judge(args.games, args.seed, rules_of(args), args.every, args.deals, args.workers, args.belief,
                    args.differs)
    elif args.what == "belief":
        from bot.bench.belief import bench_belief

        bench_belief(args.games, args.seed, args.every, args.deals, args.workers, args.weights)
    elif args.what == "review":
        bench_review(args.games, args.seed, args.seat - 1, args.budget)
    elif args.what == "tables" and args.discord:
        from bot.bench import discord_tables  # the whole bot: discord.py, the cogs and the renderer

        discord_tables.main(args.tables, args.seconds, db=args.db, minutes=args.minutes)
    elif args.what == "tables":
        from bot.bench import tables as bench_tables  # asyncio and the store are loaded only for this one

        if args.tables is not None and len(args.tables) > 1:
            parser.error("--tables takes one count without --discord")
        bench_tables.main(args.tables[0] if args.tables else 200, args.seconds, ai=args.ai, only=args.only,
                          db=args.db, gc_mode=args.gc)

