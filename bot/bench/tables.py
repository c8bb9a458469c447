"""Load benchmark of the table service with the real store: ``python -m bot.bench tables``.

Many tables run at once in one process, each with scripted human seats (random legal actions
carrying the revision they saw) and AI seats, all committing to one SQLite file. Three runs:
*saturated* — nobody waits, AI moves at once: the most actions per second the process commits;
*busy* — AI seats wait 0.2–0.6 s and humans think 0.3 s; *table speed* — the service's own AI
delay (0.8–1.6 s) and humans thinking 1 s. For each: the time from a human's click being due to
its committed state (p50/p99; Discord gives an interaction 3 s), over the stretch when all the
tables are open and playing; AI moves are not clicks and are not timed. Actions per CPU-second
(this process's: a PostgreSQL server's own work is not counted), the longest pause of the garbage
collector, and memory per table too (what the process's resident memory grew by, per table); after
the run, one full collection over everything says what the collector's tuning left uncollected.

``--db postgresql://…`` runs the same on PostgreSQL (each run in a schema of its own, dropped after);
``--gc default`` leaves CPython's collector as it is, for a comparison with ``bot.service.memory``'s tuning.
"""

from __future__ import annotations

import asyncio
import gc
import math
import os
import random
import statistics
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from bot.engine import Ruleset
from bot.service import memory
from bot.service.db import is_postgres
from bot.service.store import Store
from bot.service.tables import Settings, Table, TableError, TableService


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
        if table.held():  # 第八条: its players say 准备 before each game's first lead
            for s in table.unready():
                await svc.ready(table.channel_id, table.user_of(s))
            continue
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


def _rss() -> int:
    """This process's resident memory, in bytes (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0


@asynccontextmanager
async def _database(db: str | None) -> AsyncIterator[str]:
    """A new, empty database for one run: a SQLite file in a temporary directory, or a schema of its
    own on the PostgreSQL server ``db`` names (dropped afterwards)."""
    if db is None or not is_postgres(db):
        with tempfile.TemporaryDirectory() as tmp:
            yield str(Path(tmp) / "bench.sqlite3")
        return
    import asyncpg

    schema = f"bench_{uuid.uuid4().hex[:10]}"
    admin = await asyncpg.connect(db)
    await admin.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{db}{'&' if '?' in db else '?'}search_path={schema}"
    finally:
        with suppress(Exception):
            await admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await admin.close()


class _Pauses:
    """The garbage collector's pauses during a run (``gc.callbacks``), longest and their total."""

    def __init__(self) -> None:
        self.longest = self.total = 0.0
        self._began = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            pause = time.perf_counter() - self._began
            self.longest, self.total = max(self.longest, pause), self.total + pause


async def run(tables: int, seconds: float, ai_delay: tuple[float, float], think: float, seed: int,
              ai: str = "random", db: str | None = None, tuned: bool = True) -> dict[str, float]:
    """Seat ``tables`` tables, then start them at random moments over one turn's length (a human's
    thinking and the longest AI delay), each playing (its scripted human included) from its start,
    so that they are at different moments of their turns as on a real server rather than in step;
    then measure for ``seconds`` with all of them playing. Committed actions are counted in the
    store, over the measured window only. ``tuned``: the collector as the bot runs it
    (``bot.service.memory``: settled once the tables are open, as after a restore, and kept so)."""
    async def sleep(s: float) -> None:  # AI delays as given; turn timers never fire during the run
        await asyncio.sleep(s if s < 30 else 3600)

    thresholds = gc.get_threshold()
    async with _database(db) as url:
        store = await Store.open(url)
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

        gc.collect()
        rss = _rss()
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
        rss_per_table = (_rss() - rss) / tables
        keeper = None
        if tuned:
            memory.settle()
            keeper = asyncio.get_running_loop().create_task(memory.keep_settled())
        pauses = _Pauses()
        gc.callbacks.append(pauses)
        start = window.start = time.perf_counter()
        cpu = time.process_time()
        window.end = start + seconds
        since = {t.id: t.revision for t in opened}
        await asyncio.gather(*players)
        elapsed = time.perf_counter() - start
        cpu = time.process_time() - cpu
        gc.callbacks.remove(pauses)
        if keeper is not None:
            keeper.cancel()
            with suppress(asyncio.CancelledError):
                await keeper
        gc.unfreeze()  # what the frozen objects hide: the garbage the hourly full collection would find
        full = time.perf_counter()
        garbage = gc.collect()
        full = time.perf_counter() - full
        await svc.shutdown()
        gc.set_threshold(*thresholds)
        actions = 0
        for t in opened:
            async with t.lock:
                actions += len(await store.actions(t.id, after=since[t.id]))
        await store.close()
    lat = sorted(latencies) or [0.0]
    return {"actions": actions, "seconds": elapsed, "cpu": cpu, "p50": statistics.median(lat),
            "p99": lat[min(len(lat) - 1, int(len(lat) * 0.99))], "clicks": len(latencies),
            "rss": rss_per_table, "gc_longest": pauses.longest * 1000, "gc_total": pauses.total,
            "garbage": garbage, "full_ms": full * 1000}


RUNS = {"saturated": ((0.0, 0.0), 0.0), "busy": ((0.2, 0.6), 0.3), "table speed": ((0.8, 1.6), 1.0)}


def main(tables: int = 200, seconds: float = 20.0, seed: int = 1, ai: str = "random",
         only: str | None = None, db: str | None = None, gc_mode: str = "tuned") -> None:
    where = "PostgreSQL" if db and is_postgres(db) else "one SQLite file (WAL)"
    print(f"{tables} tables, 2 scripted humans + 4 AI seats ({ai}) each, {where}, garbage collector {gc_mode}:")
    for name, (ai_delay, think) in RUNS.items():
        if only is not None and name != only:
            continue
        r = asyncio.run(run(tables, seconds, ai_delay, think, seed, ai, db, gc_mode == "tuned"))
        print(f"  {name:>11}: {r['actions']:,.0f} committed actions in {r['seconds']:.1f} s = "
              f"{r['actions'] / r['seconds']:,.0f} actions/s, "
              f"{r['actions'] / max(r['cpu'], 1e-9):,.0f} per CPU-second; "
              f"click → committed p50 {r['p50']:.1f} ms, p99 {r['p99']:.1f} ms ({r['clicks']:,.0f} clicks); "
              f"longest collector pause {r['gc_longest']:.0f} ms ({r['gc_total']:.1f} s in all); "
              f"then a full collection: {r['garbage']:,.0f} unreachable objects, {r['full_ms']:.0f} ms")
    print(f"  memory per table (match in play, seats, service state): {r['rss'] / 1024:.0f} KiB resident")
