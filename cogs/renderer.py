"""The processes that draw the pictures (issue 34 §1): off the event loop's process, so that its one core
(the GIL) is left to answering clicks while the pictures use the machine's other cores.

A picture is asked for as a call that pickles (``functools.partial`` of a ``render`` function over a view
and its extras: a few KB), drawn in a worker and returned as PNG bytes. Workers start from a fork server —
a clean process, never a fork of the bot with its threads and connections — and keep their own caches
(fonts, words, cards). A worker that dies (killed, out of memory) breaks the pool: a new one takes its place
and the picture is asked for again, once.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.engine import Match
from bot.engine.cards import SEATS
from render import TableExtras, render_table

log = logging.getLogger(__name__)

PROCESSES = os.cpu_count() or 1
"""Drawing processes: one a core. The event loop's process needs a fraction of one (a third at 80 busy tables,
``bench tables --discord``), and a picture waiting for a free drawing process is a click waiting."""


def _warm() -> None:
    """A new drawing process draws one picture first, so that its fonts and caches are ready before the
    first picture a player waits for (loading them took the first pictures of a busy start past 2 s)."""
    render_table(Match.new(seed=0, games=1).view(0), TableExtras(names=[""] * SEATS))


class Renderer:
    """A pool of drawing processes, started on the first picture; with ``processes`` 0, one drawing thread
    in this process instead (what a test that watches the drawing needs: its spies live here)."""

    def __init__(self, processes: int = PROCESSES) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self._thread = None if processes else ThreadPoolExecutor(1, thread_name_prefix="gouji-render")
        """One thread: Pillow's fonts are not to be shared between threads drawing at once."""

    def _fresh(self) -> ProcessPoolExecutor:
        self._pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("forkserver"),
                                         initializer=_warm)
        return self._pool

    async def start(self) -> None:
        """Start every drawing process now and wait until each is warm (``_warm``), rather than on the
        first pictures: the bot calls it as it loads its commands."""
        if self._thread is not None:
            return
        pool, loop = self._pool or self._fresh(), asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(pool, os.getpid) for _ in range(self.processes)))

    async def draw(self, picture: Callable[[], bytes]) -> bytes:
        """``picture()`` run in a drawing process (or the drawing thread)."""
        loop = asyncio.get_running_loop()
        if self._thread is not None:
            return await loop.run_in_executor(self._thread, picture)
        try:
            return await loop.run_in_executor(self._pool or self._fresh(), picture)
        except BrokenProcessPool:
            log.warning("a drawing process died: starting new ones")
            return await loop.run_in_executor(self._fresh(), picture)

    def pids(self) -> list[int]:
        """The drawing processes running now (for ``bench tables --discord``'s CPU split)."""
        return list(self._pool._processes) if self._pool is not None else []


RENDERER = Renderer()
