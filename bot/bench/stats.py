"""The one interval every benchmark prints: a mean's 95% half-width, so their figures compare."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def half_interval(xs: Sequence[float]) -> float:
    """1.96 standard errors of the mean of ``xs`` (normal approximation); NaN for fewer than two."""
    return 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
