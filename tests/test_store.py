"""The store under load: group commits written a statement per kind of row, checkpoints kept out
of the commits (no automatic checkpoint on the writer; a background one beside it), a WAL that
stays bounded while commits never stop, and everything readable afterwards."""

from __future__ import annotations

import asyncio
import sqlite3

from bot.service import store as store_module
from bot.service.store import FinishedGame, Store

GUILD = 1


def _wal_pages(path) -> tuple[int, int]:
    """(pages in the WAL, pages of it already copied into the database), from a separate connection."""
    with sqlite3.connect(path) as conn:
        _busy, log, done = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    return log, done


async def test_the_writer_never_checkpoints_and_the_background_does(tmp_path, monkeypatch):
    monkeypatch.setattr(store_module, "CHECKPOINT_EVERY", 0.01)
    path = tmp_path / "w.sqlite3"
    store = await Store.open(path)
    async with store.db.execute("PRAGMA wal_autocheckpoint") as cur:
        assert (await cur.fetchone())[0] == 0
    ids = [await store.create_table(GUILD, 100 + i, 1, {}, [None] * 6) for i in range(4)]
    await asyncio.gather(*(store.commit(t, revision=r, seats=[None] * 6, state="{}" if r % 5 == 0 else None,
                                        status="playing", action=(r % 6, None, f"a{r}"))
                           for t in ids for r in range(1, 41)))
    for _ in range(200):  # the background checkpoint copies every committed page
        await asyncio.sleep(0.01)
        log, done = _wal_pages(path)
        if log == done:
            break
    assert log == done
    for t in ids:
        assert [r for r, *_ in await store.actions(t)] == list(range(1, 41))
        row = await store.table(t)
        assert row.revision == 40 and row.state_revision == 40 and row.status == "playing"
    await store.close()


async def test_the_wal_stays_bounded_while_commits_never_stop(tmp_path, monkeypatch):
    """A checkpoint beside a writer that never pauses cannot copy all of the WAL by itself; past
    ``WAL_RESTART_FRAMES`` one waits for a gap between group commits, and the WAL starts over."""
    monkeypatch.setattr(store_module, "CHECKPOINT_EVERY", 0.005)
    monkeypatch.setattr(store_module, "WAL_RESTART_FRAMES", 50)
    path = tmp_path / "b.sqlite3"
    store = await Store.open(path)
    ids = [await store.create_table(GUILD, 200 + i, 1, {}, [None] * 6) for i in range(20)]
    pages: list[int] = []

    async def writer(t: int) -> None:
        for r in range(1, 101):
            await store.commit(t, revision=r, seats=[None] * 6, state="x" * 3000 if r % 4 == 0 else None,
                               status="playing", action=(0, None, f"a{r}"))

    async def watch() -> None:
        while True:
            await asyncio.sleep(0.005)
            pages.append((path.with_name(path.name + "-wal")).stat().st_size // 4096)

    watcher = asyncio.get_running_loop().create_task(watch())
    await asyncio.gather(*(writer(t) for t in ids))
    watcher.cancel()
    assert [len(await store.actions(t)) for t in ids] == [100] * 20
    # without restarts the WAL would hold every page written (well over a thousand)
    assert max(pages) < 600, max(pages)
    await store.close()
    assert not path.with_name(path.name + "-wal").exists()  # the last connection closed checkpoints it all


async def test_a_failing_change_fails_alone_in_its_group(tmp_path):
    store = await Store.open(tmp_path / "f.sqlite3")
    t = await store.create_table(GUILD, 300, 1, {}, [None] * 6)
    u = await store.create_table(GUILD, 301, 1, {}, [None] * 6)
    await store.commit(t, revision=1, seats=[None] * 6, status="playing", action=(0, None, "a1"))
    results = await asyncio.gather(
        store.commit(t, revision=1, seats=[None] * 6, status="playing", action=(0, None, "again")),  # duplicate
        store.commit(u, revision=1, seats=[None] * 6, status="playing", action=(0, None, "b1")),
        return_exceptions=True,
    )
    assert isinstance(results[0], sqlite3.IntegrityError) and results[1] is None
    assert [a for *_, a in await store.actions(t)] == ["a1"] and [a for *_, a in await store.actions(u)] == ["b1"]
    await store.close()


async def test_finished_games_in_one_group_commit_reach_the_league(tmp_path):
    store = await Store.open(tmp_path / "l.sqlite3")
    seats = [{"user_id": 10 + s, "name": f"p{s}"} if s % 3 == 0 else {"ai": "basic"} for s in range(6)]
    result = {"places": [1, 2, 3, 4, 5, 6], "seat_points": [3, -1, 0, 0, 0, -2], "team_points": [2, -2],
              "kaidian": [True, False, False, False, False, False], "shao": [[0, 1]], "men": [],
              "chuan_san": None}
    ids = [await store.create_table(GUILD, 400 + i, 1, {}, seats) for i in range(3)]
    await asyncio.gather(*(store.commit(t, revision=1, seats=seats, state="{}", status="over", action=(0, None, "x"),
                                        finished=FinishedGame(1, result, seats), guild_id=GUILD) for t in ids))
    league = {row.user_id: row for row in await store.standings(GUILD)}
    assert set(league) == {10, 13}
    assert league[10].points == 6 and league[10].games == 3 and league[10].kaidian == 3 and league[10].shao == 3
    assert league[13].points == -6 and league[13].name == "p3"
    assert [len(await store.games_of(t)) for t in ids] == [1, 1, 1]
    await store.close()
