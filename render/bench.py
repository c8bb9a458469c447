"""``python -m render.bench``: median milliseconds per image and PNG size, for a mid-game position.

Targets (issue #5): table under 60 ms, hand under 40 ms, every PNG under 400 KB. The first
call of each kind opens fonts and fills the card and label caches; it is reported apart,
because a running bot pays it once.

``python -m render.bench --compare DIR``: the pictures a move redraws (the table and three panels)
over the same moves, drawn by this checkout and by the one in ``DIR`` in turn (issue 34).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from . import samples
from .hand import render_hand
from .panel import render_panel
from .result import render_match, render_result
from .standings import render_standings
from .table import render_table

TARGET_MS = {
    "table": 60.0,
    "table (seat view)": 60.0,
    "panel (mid-game)": 80.0,
    "hand (mid-game)": 40.0,
    "hand (36 cards)": 40.0,
}
TARGET_KB = 400


def cases() -> dict[str, Callable[[], bytes]]:
    mid = samples.midgame()
    seat = mid.to_act
    assert seat is not None
    suggestion = str(mid.legal_actions(seat).plays()[0])
    full = samples.fresh_deal().hand(0)
    match = samples.match()
    rows = samples.standings()
    return {
        "table": lambda: render_table(mid.view(0), samples.midgame_extras()),
        "table (seat view)": lambda: render_table(mid.view(seat), samples.midgame_extras(perspective=seat)),
        "panel (mid-game)": lambda: render_panel(mid.view(seat), samples.midgame_extras(), suggestion),
        "hand (mid-game)": lambda: render_hand(mid.hand(seat), highlight=suggestion),
        "hand (36 cards)": lambda: render_hand(full),
        "result": lambda: render_result(match.results[0], samples.NAMES, game_no=1, match=match),
        "match": lambda: render_match(match, samples.NAMES),
        "standings": lambda: render_standings(rows),
    }


def measure(fn: Callable[[], bytes], runs: int) -> tuple[float, float, int]:
    """(first call ms, median ms of ``runs`` more, PNG bytes)."""
    t0 = time.perf_counter()
    png = fn()
    first = (time.perf_counter() - t0) * 1000
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return first, statistics.median(times), len(png)


MOVE_REDRAWS = """
import random, sys, time
from bot.engine import Match
from render import TableExtras, render_panel, render_table
extras = TableExtras(names=["甲", "乙", "丙", "AI 4", "AI 5", "AI 6"], ai=[False] * 3 + [True] * 3)
rng, m, cpu, size, moves = random.Random(1), Match.new(seed=7, games=2), 0.0, 0, int(sys.argv[1])
render_table(m.view(0), extras), render_panel(m.view(1), extras)  # warm, as the bot's drawing processes start
for _ in range(moves):
    seat = m.to_act
    m.act(seat, rng.choice(m.legal_actions(seat)))
    start = time.process_time()
    pictures = [render_table(m.view(0), extras)] + [render_panel(m.view(s), extras) for s in (0, 1, 2)]
    cpu += time.process_time() - start
    size += sum(map(len, pictures))
print(cpu / moves, size / moves)
"""
"""The driver both checkouts run: a seeded match of random legal moves; after each, the table and the
panels of seats 1–3 drawn to PNG, as the bot redraws them (only what every version offers). The fonts and
caches are loaded first, by a table and a panel not counted: the bot's drawing processes start warm."""


def _move_cost(tree: str, moves: int) -> tuple[float, float]:
    """CPU seconds and PNG bytes per move's redraws in a fresh interpreter running ``tree``'s code."""
    tree = os.path.abspath(tree)
    out = subprocess.run([sys.executable, "-c", MOVE_REDRAWS, str(moves)], cwd=tree,
                         env={**os.environ, "PYTHONPATH": tree}, capture_output=True, text=True, check=True)
    cpu, size = out.stdout.split()[-2:]
    return float(cpu), float(size)


def compare(other: str, moves: int = 60, rounds: int = 5) -> None:
    """This checkout's redraws against ``other``'s, run in turn (A B A B …) so that the machine's drift
    touches both alike; medians of the CPU inside each process."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ours, theirs = [], []
    for _ in range(rounds):
        ours.append(_move_cost(here, moves))
        theirs.append(_move_cost(other, moves))
    a, b = statistics.median(c for c, _ in ours), statistics.median(c for c, _ in theirs)
    ratios = sorted(t[0] / o[0] for o, t in zip(ours, theirs, strict=True))
    print(f"a move's redraws (the table and three panels), {moves} random legal moves, {rounds} runs each, in turn: "
          f"here {a * 1000:.1f} ms, {other} {b * 1000:.1f} ms of CPU (medians) = {b / a:.2f}x "
          f"(pair by pair {ratios[0]:.2f}–{ratios[-1]:.2f}x); PNG {ours[0][1] / 1024:.0f} KB here, "
          f"{theirs[0][1] / 1024:.0f} KB there, per move")


def main(argv: list[str]) -> int:
    if argv[:1] == ["--compare"] and len(argv) in (2, 3):
        compare(argv[1], rounds=int(argv[2]) if len(argv) == 3 else 5)
        return 0
    runs = int(argv[0]) if argv else 30
    print(f"{'image':<20} {'median ms':>10} {'first ms':>9} {'PNG KB':>8}  target")
    ok = True
    for name, fn in cases().items():
        first, median, size = measure(fn, runs)
        target = TARGET_MS.get(name)
        good = (target is None or median < target) and size < TARGET_KB * 1024
        ok &= good
        goal = f"< {target:.0f} ms, " if target else ""
        print(
            f"{name:<20} {median:>10.1f} {first:>9.1f} {size / 1024:>8.1f}  {goal}< {TARGET_KB} KB"
            f"  {'ok' if good else 'MISSED'}"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
