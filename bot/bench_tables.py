"""Load benchmark of the table service with the real store: ``python -m bot.bench tables``.

Many tables run at once in one process, each with scripted human seats (random legal actions
carrying the revision they saw) and AI seats, all committing to one SQLite file. Three runs:
*saturated* — nobody waits, AI moves at once: the most actions per second the process commits;
*busy* — AI seats wait 0.2–0.6 s and humans think 0.3 s; *table speed* — the service's own AI
delay (0.8–1.6 s) and humans thinking 1 s. For each: the time from a click
to its committed state (p50/p99; Discord gives an interaction 3 s). Memory per table too.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from bot.engine import Ruleset
from bot.store import Store
from bot.tables import Settings, Table, TableError, TableService


async def _drive(svc: TableService, table: Table, rng: random.Random, latencies: list[float],
                 changed: asyncio.Event, think: float, deadline: float) -> None:
    """A scripted human: waits for the table to change, then clicks (after thinking) on its turn."""
    while table.status == "playing" and time.perf_counter() < deadline:
        seat = table.to_act
        occupant = table.seats[seat] if seat is not None else None
        if occupant is None or occupant.user_id is None:
            changed.clear()
            try:
                await asyncio.wait_for(changed.wait(), max(0.0, deadline - time.perf_counter()))
            except TimeoutError:
                return
            continue
        if think:
            await asyncio.sleep(think)
        legal = table.match.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        t = time.perf_counter()
        try:
            await svc.act(table.channel_id, occupant.user_id, action, table.revision)
        except TableError:  # stale: a move landed first; look again
            continue
        latencies.append((time.perf_counter() - t) * 1000)


async def run(tables: int, seconds: float, ai_delay: tuple[float, float], think: float, seed: int) -> dict[str, float]:
    async def sleep(s: float) -> None:  # AI delays as given; turn timers never fire during the run
        await asyncio.sleep(s if s < 30 else 3600)

    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.sqlite3")
        svc = TableService(store, ai_delay=ai_delay, sleep=sleep, rng=random.Random(seed))
        changed: dict[int, asyncio.Event] = {}

        async def listen(table: Table, _change: object) -> None:
            changed.setdefault(table.id, asyncio.Event()).set()

        svc.listeners.append(listen)
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        opened: list[Table] = []
        for i in range(tables):
            settings = Settings(Ruleset.preset(), games=4, turn_seconds=60, ai_level="random")
            t = await svc.open(1, 1000 + i, 10_000 + i * 10, "host", settings)
            await svc.sit(t.channel_id, t.host_id + 1, "guest", seat=3)
            for seat in (1, 2, 4, 5):
                await svc.add_ai(t.channel_id, t.host_id, seat=seat)
            await svc.start(t.channel_id, t.host_id, seed=seed + i)
            opened.append(t)
        per_table = (tracemalloc.get_traced_memory()[0] - base) / tables
        tracemalloc.stop()
        latencies: list[float] = []
        rng = random.Random(seed)
        start = time.perf_counter()
        deadline = start + seconds
        await asyncio.gather(*(_drive(svc, t, random.Random(rng.random()), latencies,
                                      changed.setdefault(t.id, asyncio.Event()), think, deadline) for t in opened))
        await svc.shutdown()
        elapsed = time.perf_counter() - start
        actions = 0
        for t in opened:
            async with t.lock:
                actions += len(await store.actions(t.id, after=0))
        await store.close()
    lat = sorted(latencies) or [0.0]
    return {"actions": actions, "seconds": elapsed, "p50": statistics.median(lat),
            "p99": lat[min(len(lat) - 1, int(len(lat) * 0.99))], "clicks": len(latencies), "memory": per_table}


def main(tables: int = 200, seconds: float = 20.0, seed: int = 1) -> None:
    print(f"{tables} tables, 1 scripted human + 1 host + 4 AI seats each, one SQLite file (WAL):")
    runs = (("saturated", (0.0, 0.0), 0.0), ("busy", (0.2, 0.6), 0.3), ("table speed", (0.8, 1.6), 1.0))
    for name, ai_delay, think in runs:
        r = asyncio.run(run(tables, seconds, ai_delay, think, seed))
        print(f"  {name:>11}: {r['actions']:,.0f} committed actions in {r['seconds']:.1f} s = "
              f"{r['actions'] / r['seconds']:,.0f} actions/s; click → committed p50 {r['p50']:.1f} ms, "
              f"p99 {r['p99']:.1f} ms ({r['clicks']:,.0f} clicks)")
    print(f"  memory per table (match in play, seats, service state): {r['memory'] / 1024:.0f} KiB")
