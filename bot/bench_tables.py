"""Load benchmark of the table service with the real store: ``python -m bot.bench tables``.

Many tables run at once in one process, each with scripted human seats (random legal actions
carrying the revision they saw) and AI seats, all committing to one SQLite file. Three runs:
*saturated* — nobody waits, AI moves at once: the most actions per second the process commits;
*busy* — AI seats wait 0.2–0.6 s and humans think 0.3 s; *table speed* — the service's own AI
delay (0.8–1.6 s) and humans thinking 1 s. For each: the time from a human's click being due to
its committed state (p50/p99; Discord gives an interaction 3 s), over the stretch when all the
tables are open and playing; AI moves are not clicks and are not timed. Memory per table too.
"""

from __future__ import annotations

import asyncio
import gc
import math
import random
import statistics
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

from bot.engine import Ruleset
from bot.store import Store
from bot.tables import Settings, Table, TableError, TableService


@dataclass
class _Window:
    """The measured stretch of a run: from when every table is playing until ``end``."""

    start: float = math.inf
    end: float = math.inf


async def _drive(svc: TableService, table: Table, rng: random.Random, latencies: list[float],
                 changed: asyncio.Event, think: float, window: _Window) -> None:
    """A scripted human: waits for the table to change, then clicks (after thinking) on its turn.

    A click is timed from the moment it is due (the end of the thinking) to the moment ``act``
    returns with the action committed: time the event loop was too busy to take the click up
    counts, as it would for a Discord interaction waiting to be read. Only clicks due once every
    table is playing are recorded."""
    while table.status == "playing" and time.perf_counter() < window.end:
        seat = table.to_act
        occupant = table.seats[seat] if seat is not None else None
        if occupant is None or occupant.user_id is None:
            changed.clear()
            try:
                await asyncio.wait_for(changed.wait(), max(0.0, window.end - time.perf_counter()))
            except TimeoutError:
                return
            continue
        assert table.match is not None and seat is not None
        legal = table.match.legal_actions(seat)  # the human's own choosing is not the service's time
        action = legal[rng.randrange(len(legal))]
        due = time.perf_counter() + think
        if think:
            await asyncio.sleep(think)
        try:
            await svc.act(table.channel_id, occupant.user_id, action, table.revision)
        except TableError:  # stale: a move landed first; look again
            continue
        if due >= window.start:
            latencies.append((time.perf_counter() - due) * 1000)


async def run(tables: int, seconds: float, ai_delay: tuple[float, float], think: float, seed: int,
              ai: str = "random") -> dict[str, float]:
    """Seat ``tables`` tables, then start them at random moments over one turn's length (a human's
    thinking and the longest AI delay), each playing (its scripted human included) from its start,
    so that they are at different moments of their turns as on a real server rather than in step;
    then measure for ``seconds`` with all of them playing. Committed actions are counted in the
    store, over the measured window only."""
    async def sleep(s: float) -> None:  # AI delays as given; turn timers never fire during the run
        await asyncio.sleep(s if s < 30 else 3600)

    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.sqlite3")
        svc = TableService(store, ai_delay=ai_delay, sleep=sleep, rng=random.Random(seed))
        changed: dict[int, asyncio.Event] = {}

        async def listen(table: Table, _change: object) -> None:
            changed.setdefault(table.id, asyncio.Event()).set()

        svc.listeners.append(listen)
        latencies: list[float] = []
        rng = random.Random(seed)
        humans = [random.Random(rng.random()) for _ in range(tables)]  # the bench's, before memory is traced
        ramp = think + ai_delay[1]
        offsets = sorted(rng.uniform(0, ramp) for _ in range(tables))
        window = _Window()
        started = asyncio.Semaphore(0)

        async def play(i: int, t: Table) -> None:
            await asyncio.sleep(offsets[i])
            await svc.start(t.channel_id, t.host_id, seed=seed + i)
            started.release()
            await _drive(svc, t, humans[i], latencies, changed.setdefault(t.id, asyncio.Event()), think, window)

        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        opened: list[Table] = []
        for i in range(tables):
            settings = Settings(Ruleset.preset(), games=4, turn_seconds=60, ai_level=ai)
            t = await svc.open(1, 1000 + i, 10_000 + i * 10, "host", settings)
            await svc.sit(t.channel_id, t.host_id + 1, "guest", seat=3)
            await svc.ready(t.channel_id, t.host_id + 1)
            for seat in (1, 2, 4, 5):
                await svc.add_ai(t.channel_id, t.host_id, seat=seat)
            opened.append(t)
        players = [asyncio.get_running_loop().create_task(play(i, t)) for i, t in enumerate(opened)]
        for _ in opened:
            await started.acquire()
        gc.collect()
        per_table = (tracemalloc.get_traced_memory()[0] - base) / tables
        tracemalloc.stop()
        start = window.start = time.perf_counter()
        window.end = start + seconds
        since = {t.id: t.revision for t in opened}
        await asyncio.gather(*players)
        await svc.shutdown()
        elapsed = time.perf_counter() - start
        actions = 0
        for t in opened:
            async with t.lock:
                actions += len(await store.actions(t.id, after=since[t.id]))
        await store.close()
    lat = sorted(latencies) or [0.0]
    return {"actions": actions, "seconds": elapsed, "p50": statistics.median(lat),
            "p99": lat[min(len(lat) - 1, int(len(lat) * 0.99))], "clicks": len(latencies), "memory": per_table}


RUNS = {"saturated": ((0.0, 0.0), 0.0), "busy": ((0.2, 0.6), 0.3), "table speed": ((0.8, 1.6), 1.0)}


def main(tables: int = 200, seconds: float = 20.0, seed: int = 1, ai: str = "random",
         only: str | None = None) -> None:
    print(f"{tables} tables, 2 scripted humans + 4 AI seats ({ai}) each, one SQLite file (WAL):")
    for name, (ai_delay, think) in RUNS.items():
        if only is not None and name != only:
            continue
        r = asyncio.run(run(tables, seconds, ai_delay, think, seed, ai))
        print(f"  {name:>11}: {r['actions']:,.0f} committed actions in {r['seconds']:.1f} s = "
              f"{r['actions'] / r['seconds']:,.0f} actions/s; click → committed p50 {r['p50']:.1f} ms, "
              f"p99 {r['p99']:.1f} ms ({r['clicks']:,.0f} clicks)")
    print(f"  memory per table (match in play, seats, service state): {r['memory'] / 1024:.0f} KiB")
