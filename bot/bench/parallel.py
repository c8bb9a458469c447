"""Jobs of a benchmark run in worker processes, or here: one way for every benchmark that has ``--workers``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from multiprocessing import Pool
from typing import TypeVar

J = TypeVar("J")
R = TypeVar("R")


def mapped(work: Callable[[J], R], jobs: Sequence[J], workers: int) -> list[R]:
    """``work`` of each job, in order: in ``workers`` processes (one job at a time each, since the jobs
    are whole games of uneven length), or in this process when ``workers`` is 1."""
    if workers <= 1:
        return [work(j) for j in jobs]
    with Pool(workers) as pool:
        return pool.map(work, jobs, chunksize=1)
