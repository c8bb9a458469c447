"""Where a process's CPU goes while a benchmark runs, by layer of the bot.

Two measures, because one thread holds the event loop and the others do one thing each:
- every thread's own CPU clock (``pthread_getcpuclockid``), exact: a SQLite connection's thread's is
  all store work (and the drawing processes' clocks, ``process_clocks``, all drawing);
- within the event loop's thread, where its time goes by sampling its stack every few
  milliseconds of CPU (``SIGPROF``): each sample counts for the innermost frame whose module belongs to a
  layer (``json.dumps`` called by the store is the store's), and a sample of the loop waiting in
  ``selectors`` counts for nothing. The loop thread's CPU is then shared out in those proportions —
  an estimate, close once there are thousands of samples. A tracing profiler would be exact but
  would slow every call several times over, and change what is measured.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import defaultdict
from collections.abc import Sequence
from types import CodeType, FrameType
from typing import Any

IDLE = "idle"
"""The samples of the loop waiting for something to do (in ``selectors``): not CPU."""


def thread_clocks() -> dict[int, tuple[str, float]]:
    """The CPU seconds of every live thread so far, with its name, by thread id (Linux, macOS)."""
    out = {}
    for t in threading.enumerate():
        if t.ident is None:
            continue
        try:
            out[t.ident] = (t.name, time.clock_gettime(time.pthread_getcpuclockid(t.ident)))
        except (OSError, AttributeError):  # gone meanwhile, or a platform without per-thread clocks
            continue
    return out


def process_clocks(pids: Sequence[int]) -> dict[int, float]:
    """The CPU seconds so far of each of these processes (Linux ``/proc``; one that is gone counts 0): the
    drawing processes' share of a run, which the bot's own process clock does not see."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            out[pid] = 0.0
            continue
        out[pid] = (int(fields[11]) + int(fields[12])) / tick  # utime and stime, fields 14 and 15
    return out


def clocks_between(before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]]) -> dict[int, tuple[
        str, float]]:
    """Each thread's CPU between two ``thread_clocks`` readings (a thread started meanwhile: all of its own)."""
    return {ident: (name, cpu - before.get(ident, (name, 0.0))[1]) for ident, (name, cpu) in after.items()}


class LoopSampler:
    """Samples the main thread's stack (the event loop's) every ``interval`` seconds of the process's
    CPU (``SIGPROF``), until stopped, and counts the samples by layer. ``layers`` maps module
    prefixes to layer names, most specific first; a frame of a module in none of them (the standard
    library, say) passes the sample to its caller, and a sample no frame claims counts as ``other``.

    The handler runs in the main thread at its next bytecode, so a sample lands where the loop is
    (or in ``selectors`` when it waits), whatever thread spent the CPU that fired it; and each
    sample weighs the main thread's own CPU since the one before, so that a sample held back while
    the loop slept (another thread drawing) and taken as it wakes weighs next to nothing. A sampling
    thread would not do: it gets the GIL mostly when the loop lets go of it to wait, so it sees the
    loop idle and misses its short bursts of work."""

    def __init__(self, layers: Sequence[tuple[str, str]], interval: float = 0.002) -> None:
        self.layers = layers
        self.interval = interval
        self.counts: defaultdict[str, float] = defaultdict(float)
        """The main thread's CPU seconds by layer, as sampled."""
        self._last = 0.0
        self._known: dict[CodeType, str | None] = {}
        self._previous: Any = None
        self.cpu = 0.0
        """The handler's own CPU seconds (spent in the main thread): not the bot's."""

    def start(self) -> None:
        self._last = time.thread_time()
        self._previous = signal.signal(signal.SIGPROF, self._sample)
        signal.setitimer(signal.ITIMER_PROF, self.interval, self.interval)

    def stop(self) -> dict[str, float]:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, self._previous or signal.SIG_DFL)
        return self.counts

    def _sample(self, signum: int, frame: FrameType | None) -> None:
        began = time.thread_time()
        self.counts[self.layer_of(frame)] += began - self._last
        self._last = time.thread_time()
        self.cpu += self._last - began

    def layer_of(self, frame: FrameType | None) -> str:
        while frame is not None:
            code = frame.f_code
            if code not in self._known:
                self._known[code] = self._module_layer(str(frame.f_globals.get("__name__", "")))
            layer = self._known[code]
            if layer is not None:
                return layer
            frame = frame.f_back
        return "other"

    def _module_layer(self, module: str) -> str | None:
        if module == "selectors":
            return IDLE
        return next((name for prefix, name in self.layers if module == prefix or module.startswith(prefix + ".")),
                    None)


def share(cpu: float, counts: dict[str, float]) -> dict[str, float]:
    """``cpu`` seconds shared out over the layers in proportion to their samples' weight (idle ones aside)."""
    busy = {layer: n for layer, n in counts.items() if layer != IDLE}
    total = sum(busy.values())
    return {layer: cpu * n / total for layer, n in busy.items()} if total else {}
