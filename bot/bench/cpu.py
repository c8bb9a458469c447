"""Where a process's CPU goes while a benchmark runs, by layer of the bot.

Two measures, because one thread holds the event loop and the others do one thing each:
- every thread's own CPU clock (``pthread_getcpuclockid``), exact: a renderer thread's is all
  drawing, a SQLite connection's thread's all store work;
- within the event loop's thread, where its time goes by sampling its stack from a thread of our
  own every few milliseconds: each sample counts for the innermost frame whose module belongs to a
  layer (``json.dumps`` called by the store is the store's), and a sample of the loop waiting in
  ``selectors`` counts for nothing. The loop thread's CPU is then shared out in those proportions —
  an estimate, close once there are thousands of samples. A tracing profiler would be exact but
  would slow every call several times over, and change what is measured.
"""

from __future__ import annotations

import sys
import threading
import time
from collections import Counter
from collections.abc import Sequence
from types import CodeType, FrameType

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


def clocks_between(before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]]) -> dict[int, tuple[
        str, float]]:
    """Each thread's CPU between two ``thread_clocks`` readings (a thread started meanwhile: all of its own)."""
    return {ident: (name, cpu - before.get(ident, (name, 0.0))[1]) for ident, (name, cpu) in after.items()}


class LoopSampler:
    """Samples one thread's stack (the event loop's: the thread that starts it) until stopped, and
    counts the samples by layer. ``layers`` maps module prefixes to layer names, most specific first;
    a frame of a module in none of them (the standard library, say) passes the sample to its caller,
    and a sample no frame claims counts as ``other``."""

    def __init__(self, layers: Sequence[tuple[str, str]], interval: float = 0.002) -> None:
        self.layers = layers
        self.interval = interval
        self.counts: Counter[str] = Counter()
        self._target = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._known: dict[CodeType, str | None] = {}
        self.cpu = 0.0
        """The sampler's own CPU seconds: not the bot's."""

    def start(self) -> None:
        self._target = threading.get_ident()
        self._thread = threading.Thread(target=self._run, name="bench-sampler", daemon=True)
        self._thread.start()

    def stop(self) -> Counter[str]:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        return self.counts

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            frame = sys._current_frames().get(self._target)
            if frame is not None:
                self.counts[self.layer_of(frame)] += 1
        self.cpu = time.thread_time()

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


def share(cpu: float, counts: Counter[str]) -> dict[str, float]:
    """``cpu`` seconds shared out over the layers in proportion to their samples (idle ones aside)."""
    busy = {layer: n for layer, n in counts.items() if layer != IDLE}
    total = sum(busy.values())
    return {layer: cpu * n / total for layer, n in busy.items()} if total else {}
