"""The processes that draw the pictures (issue 34 §1): off the event loop's process, so that its one core
(the GIL) is left to answering clicks while the pictures use the machine's other cores.

A picture is asked for as a call that pickles (``functools.partial`` of a ``render`` function over a view
and its extras: a few KB), drawn in a worker and returned as PNG bytes. Workers start from a fork server —
a clean process, never a fork of the bot with its threads and connections — and keep their own caches
(fonts, words, cards). A worker that dies (killed, out of memory) breaks the pool: a new one takes its place
and the picture is asked for again, once.

A picture that answers a click goes before the messenger's redraws: the pictures wait here, in order of
need, and the pool is given only two a process (``AHEAD``), so a busy bot's queue of redraws never
stands between a player and the answer to a press (Discord wants it within 3 s). The workers run at a
lower priority than the bot (``NICE``), for the same reason: on a machine whose cores are all drawing, the
event loop still gets its core at once.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.engine import Match
from bot.engine.cards import SEATS
from render import TableExtras, render_table

log = logging.getLogger(__name__)

PROCESSES = os.cpu_count() or 1
"""Drawing processes: one a core. The event loop's process needs a fraction of one (a third at 80 busy tables,
``bench tables --discord``), and a picture waiting for a free drawing process is a click waiting."""
NICE = 5
"""How much lower the drawing processes' priority is than the bot's (``os.nice``): the kernel gives a busy
event loop about three times a drawing process's share of a core, so a click is read and answered first."""
AHEAD = 2
"""Pictures given to the pool a process: one drawing and one ready behind it, so that a process never
idles while the event loop hands it the next; a picture that answers a press waits for one at most."""
ANSWER, REDRAW = 0, 1
"""A picture's need: one a player waits on (the answer to a press), or a redraw of a message."""


def _warm() -> None:
    """A new drawing process lowers its priority, then draws one picture, so that its fonts and caches are
    ready before the first picture a player waits for (loading them took the first pictures of a busy start
    past 2 s)."""
    os.nice(NICE)
    render_table(Match.new(seed=0, games=1).view(0), TableExtras(names=[""] * SEATS))


class Renderer:
    """A pool of drawing processes, started on the first picture; with ``processes`` 0, one drawing thread
    in this process instead (what a test that watches the drawing needs: its spies live here)."""

    def __init__(self, processes: int = PROCESSES) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self._thread = None if processes else ThreadPoolExecutor(1, thread_name_prefix="gouji-render")
        """One thread: Pillow's fonts are not to be shared between threads drawing at once."""
        self._waiting: list[tuple[int, int, Callable[[], bytes], asyncio.Future[bytes]]] = []
        """Pictures not yet given to the pool, by need, then in the order asked."""
        self._order = itertools.count()
        self._drawing = 0
        self._tasks: set[asyncio.Future[None]] = set()

    def _fresh(self) -> ProcessPoolExecutor:
        self._pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("forkserver"),
                                         initializer=_warm)
        return self._pool

    def _executor(self) -> Executor:
        return self._thread or self._pool or self._fresh()

    async def start(self) -> None:
        """Start every drawing process now and wait until each is warm (``_warm``), rather than on the
        first pictures: the bot calls it as it loads its commands."""
        if self._thread is not None:
            return
        pool, loop = self._executor(), asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(pool, os.getpid) for _ in range(self.processes)))

    async def draw(self, picture: Callable[[], bytes], need: int = REDRAW) -> bytes:
        """``picture()`` run in a drawing process (or the drawing thread), after every picture of a greater
        need (a lower ``need``) asked before it is drawn."""
        done: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (need, next(self._order), picture, done))
        self._next()
        return await done

    def _next(self) -> None:
        """Give the pool the most needed pictures while it has a process free."""
        while self._waiting and self._drawing < AHEAD * max(1, self.processes):
            _, _, picture, done = heapq.heappop(self._waiting)
            if done.cancelled():
                continue
            self._drawing += 1
            task = asyncio.ensure_future(self._run(picture, done))
            self._tasks.add(task)  # held: the loop keeps only a weak reference to a task
            task.add_done_callback(self._tasks.discard)

    async def _run(self, picture: Callable[[], bytes], done: asyncio.Future[bytes]) -> None:
        loop = asyncio.get_running_loop()
        try:
            executor = self._executor()
            try:
                png = await loop.run_in_executor(executor, picture)
            except BrokenProcessPool:
                if self._pool is executor:  # the first picture to find it broken starts the new pool
                    log.warning("a drawing process died: starting new ones")
                    self._fresh()
                png = await loop.run_in_executor(self._executor(), picture)
        except asyncio.CancelledError:
            done.cancel()
            raise
        except Exception as e:  # the caller's to handle, as if it had drawn the picture itself
            if not done.done():
                done.set_exception(e)
        else:
            if not done.done():
                done.set_result(png)
        finally:
            self._drawing -= 1
            self._next()

    def pids(self) -> list[int]:
        """The drawing processes running now (for ``bench tables --discord``'s CPU split)."""
        return list(self._pool._processes) if self._pool is not None else []


RENDERER = Renderer()
