"""``python -m render.bench``: median milliseconds per image and PNG size, for a mid-game position.

Targets (issue #5): table under 60 ms, hand under 40 ms, every PNG under 400 KB. The first
call of each kind opens fonts and fills the card and label caches; it is reported apart,
because a running bot pays it once.
"""

from __future__ import annotations

import statistics
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


def main(argv: list[str]) -> int:
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
