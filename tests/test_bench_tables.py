"""``bench tables`` runs (issue 18: its figures are the issue's measure): a few tables for a moment,
every figure it prints present and sane. How fast is for the benchmark to say, not for this test."""

from __future__ import annotations

import gc

from bot.bench import discord_tables, tables


async def test_a_short_run_commits_clicks_and_reports_every_figure():
    thresholds = gc.get_threshold()
    r = await tables.run(3, 1.0, (0.0, 0.01), 0.0, seed=1)
    assert gc.get_threshold() == thresholds and not gc.get_freeze_count()  # the collector left as found
    assert r["actions"] > 0 and r["clicks"] > 0 and r["p99"] >= r["p50"] >= 0
    assert r["cpu"] > 0 and r["seconds"] >= 1.0 and r["garbage"] >= 0 and r["full_ms"] >= 0


async def test_the_discord_bench_plays_tables_through_the_whole_bot_and_reports_every_figure():
    """Issue 34 §1: ``bench tables --discord`` on two tables for a few seconds, faster than table speed —
    humans press on their live panels, the AI moves, pictures are drawn and sent to the offline Discord,
    and every figure comes out present and sane (how fast is for the benchmark to say)."""
    thresholds = gc.get_threshold()
    r = await discord_tables.run(2, 3.0, think=0.05, ai_delay=(0.01, 0.05), debounce=0.1)
    assert gc.get_threshold() == thresholds and not gc.get_freeze_count()  # the collector left as found
    assert r["moves"] > 0 and r["clicks"] and r["move_latencies"] and r["cpu"] > 0
    assert all(0 <= x < 60 for x in r["clicks"] + r["move_latencies"])
    layers = r["layers"]
    assert set(layers) == {"engine", "store", "render", "discord", "service"} and layers["render"] > 0
    assert all(v >= 0 for v in layers.values()) and sum(layers.values()) + r["bench_cpu"] <= r["cpu"] * 1.1
    text = discord_tables.report(r)
    for words in ("2 tables", "CPU per move", "engine", "store", "render", "Discord layer", "click → answered",
                  "move → every picture sent", "redraws skipped"):
        assert words in text


def test_the_search_doubles_then_narrows_to_the_largest_count_that_holds():
    """Issue 34 §1: the largest N with p99 move → pictures under 2 s, found by doubling then halving the gap."""
    tried = []

    def run_one(n: int) -> dict[str, object]:
        tried.append(n)
        return {"move_latencies": [1.0 if n <= 20 else 3.0]}

    assert discord_tables._counts(None, 8, 10.0, run_one) == (20, 22)
    assert tried == [8, 16, 32, 24, 20, 22]
    tried.clear()
    assert discord_tables._counts(None, 64, 10.0, run_one) == (20, 22)  # down from a count that does not hold
    assert tried == [64, 32, 16, 24, 20, 22]
    assert discord_tables._counts([4, 64], 8, 10.0, run_one) == (4, 64)
