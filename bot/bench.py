"""Benchmarks that print figures (never timed unit tests): ``python -m bot.bench engine|match``.

``engine``: random-legal full games per second on one core, and the median and p99 time of
``legal_actions`` on the hardest positions — a 36-card lead holding eight 2s and all eight
jokers, and an answer to a 够级 play — both as the lazy call and fully listed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from bot.engine import Game, Match


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
        n = len(g.legal_actions(seat))
        med, p99 = _time_calls(lambda g=g, seat=seat: g.legal_actions(seat), 2000)
        lmed, lp99 = _time_calls(lambda g=g, seat=seat: list(g.legal_actions(seat)), 300)
        print(f"legal_actions, {name} ({n} actions): call median {med:.3f} ms p99 {p99:.3f} ms; "
              f"listed in full median {lmed:.3f} ms p99 {lp99:.3f} ms")


def bench_match(matches: int, games: int) -> None:
    """Full random-legal matches (every phase before play included), timed one by one."""
    rng = random.Random(2)
    times, actions = [], 0
    for i in range(matches):
        t = time.perf_counter()
        m = Match.new(seed=i, games=games)
        while not m.over:
            seat = m.to_act
            m.act(seat, rng.choice(m.legal_actions(seat)))
            actions += 1
        times.append((time.perf_counter() - t) * 1000)
    med, p99 = _percentiles(times)
    print(f"random legal matches of {games} games: {matches} played, median {med:.0f} ms, p99 {p99:.0f} ms "
          f"per match ({actions / matches:.0f} actions each)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.bench", description=__doc__)
    sub = parser.add_subparsers(dest="what", required=True)
    eng = sub.add_parser("engine", help="engine speed")
    eng.add_argument("--seconds", type=float, default=10.0, help="how long to play random games")
    mat = sub.add_parser("match", help="time full random matches")
    mat.add_argument("--matches", type=int, default=30)
    mat.add_argument("--games", type=int, default=4)
    args = parser.parse_args(argv)
    if args.what == "engine":
        bench_engine(args.seconds)
    elif args.what == "match":
        bench_match(args.matches, args.games)


if __name__ == "__main__":
    main()
