"""``bench tables`` runs (issue 18: its figures are the issue's measure): a few tables for a moment,
every figure it prints present and sane. How fast is for the benchmark to say, not for this test."""

from __future__ import annotations

import gc

from bot.bench import tables


async def test_a_short_run_commits_clicks_and_reports_every_figure():
    thresholds = gc.get_threshold()
    r = await tables.run(3, 1.0, (0.0, 0.01), 0.0, seed=1)
    assert gc.get_threshold() == thresholds and not gc.get_freeze_count()  # the collector left as found
    assert r["actions"] > 0 and r["clicks"] > 0 and r["p99"] >= r["p50"] >= 0
    assert r["cpu"] > 0 and r["seconds"] >= 1.0 and r["garbage"] >= 0 and r["full_ms"] >= 0
