"""The garbage collector, tuned for a process that holds many tables for a long time.

A table's match is a few thousand small objects that live as long as the match. CPython's cyclic
collector scans every object of its oldest generation in a full collection; with 1,000 tables that
is millions of objects and a pause of a large fraction of a second, which every click waiting in
the event loop meanwhile waits for too (issue 18: p99 469 ms at 1,000 tables, and with collection
off 1.5× the actions per CPU-second). So: what start-up and the restore leave is frozen
(``gc.freeze``: never scanned again; reference counting still frees it), young collections run less
often (``THRESHOLDS``), and every ``FREEZE_EVERY`` seconds whatever is young is frozen too — without
a collection first, which costs nothing (``gc.freeze`` moves lists): a young collection scans every
object allocated since the last freeze that is still alive, and at 1,000 tables, freezing every
10 s, that was 35,000–58,000 objects and a pause of 30–66 ms of CPU (50–162 ms on the clock) each
time, for no garbage at all (the young count is allocations less deallocations, and the frozen
matches' objects freed meanwhile count against it, so the list outgrows the threshold):
the tables make next to no cyclic garbage (the collections in a measured run found none). Every
``UNFREEZE_EVERY`` seconds one full collection over everything reclaims what became cyclic garbage
while frozen (a finished table whose task refers back to it), once, in one pause.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger(__name__)

THRESHOLDS = (20_000, 20, 10)
"""Allocations (net) between two young collections, and young collections between two older ones
(CPython's default: 700, 10, 10): between two freezes, rarely reached."""
FREEZE_EVERY = 0.5
"""Seconds between two freezes of the young objects: a young collection then scans at most half a
second of allocations (a few thousand objects at 1,000 tables, about a millisecond)."""
UNFREEZE_EVERY = 3600.0


def settle() -> None:
    """After start-up and the restore: collect once, freeze what is left, collect less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


async def keep_settled(freeze_every: float = FREEZE_EVERY, unfreeze_every: float = UNFREEZE_EVERY) -> None:
    """Run beside the tables: freeze what is young every ``freeze_every`` s and, every ``unfreeze_every``
    s, collect everything once (then freeze again)."""
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(freeze_every)
        if time.monotonic() - last_full >= unfreeze_every:
            gc.unfreeze()
            started = time.perf_counter()
            found = gc.collect()
            log.info("full collection: %d unreachable objects in %.0f ms", found, (time.perf_counter() - started) * 1e3)
            last_full = time.monotonic()
        gc.freeze()
