"""The store under load: group commits written a statement per kind of row, checkpoints kept out
of the commits (no automatic checkpoint on the writer; a background one beside it), a WAL that
stays bounded while commits never stop, and everything readable afterwards; the same store on
PostgreSQL (``store_url``: each test on both), and the one place where the two SQL dialects differ."""

from __future__ import annotations

import asyncio
import sqlite3
from itertools import pairwise

from bot.service import db as db_module
from bot.service import store as store_module
from bot.service.db import is_postgres, postgres_sql, statements
from bot.service.store import MIGRATIONS, FinishedGame, Store

GUILD = 1


def _wal_pages(path) -> tuple[int, int]:
    """(pages in the WAL, pages of it already copied into the database), from a separate connection."""
    with sqlite3.connect(path) as conn:
        _busy, log, done = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    return log, done


async def test_the_writer_never_checkpoints_and_the_background_does(tmp_path, monkeypatch):
    monkeypatch.setattr(db_module, "CHECKPOINT_EVERY", 0.01)
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
    ``WAL_RESTART_FRAMES`` one waits for a gap between group commits, and the WAL starts over.

    Read from what the checkpoints report (the WAL's length in frames), not from timing: the WAL
    grows past the limit, a checkpoint takes a gap, and the writer starts the WAL again from its
    beginning — the length a checkpoint reports falls from one report to the next — while the commits
    go on."""
    monkeypatch.setattr(db_module, "CHECKPOINT_EVERY", 0.005)
    monkeypatch.setattr(db_module, "WAL_RESTART_FRAMES", 50)
    lengths: list[int] = []
    checkpoint = db_module.SqliteDatabase._checkpoint

    async def counted(conn) -> int:
        frames = await checkpoint(conn)
        lengths.append(frames)
        return frames

    monkeypatch.setattr(db_module.SqliteDatabase, "_checkpoint", staticmethod(counted))
    path = tmp_path / "b.sqlite3"
    store = await Store.open(path)
    ids = [await store.create_table(GUILD, 200 + i, 1, {}, [None] * 6) for i in range(20)]

    async def writer(t: int) -> None:
        for r in range(1, 101):
            await store.commit(t, revision=r, seats=[None] * 6, state="x" * 3000 if r % 4 == 0 else None,
                               status="playing", action=(0, None, f"a{r}"))

    await asyncio.gather(*(writer(t) for t in ids))
    assert [len(await store.actions(t)) for t in ids] == [100] * 20
    past = next(i for i, n in enumerate(lengths) if n > 50)  # the writer never paused: the WAL outgrew the limit
    # and then started over: only a restart makes the length a checkpoint reports fall (how far it has
    # grown again by the next report depends on how fast the machine commits)
    assert any(b < a for a, b in pairwise(lengths[past:])), lengths
    await store.close()
    assert not path.with_name(path.name + "-wal").exists()  # the last connection closed checkpoints it all


async def test_a_failing_change_fails_alone_in_its_group(store_url):
    store = await Store.open(await store_url("f"))
    t = await store.create_table(GUILD, 300, 1, {}, [None] * 6)
    u = await store.create_table(GUILD, 301, 1, {}, [None] * 6)
    await store.commit(t, revision=1, seats=[None] * 6, status="playing", action=(0, None, "a1"))
    results = await asyncio.gather(
        store.commit(t, revision=1, seats=[None] * 6, status="playing", action=(0, None, "again")),  # duplicate
        store.commit(u, revision=1, seats=[None] * 6, status="playing", action=(0, None, "b1")),
        return_exceptions=True,
    )
    assert isinstance(results[0], store.db.integrity_errors) and results[1] is None
    assert [a for *_, a in await store.actions(t)] == ["a1"] and [a for *_, a in await store.actions(u)] == ["b1"]
    await store.close()


async def test_a_group_commit_is_one_hand_over_to_the_driver(store_url, monkeypatch):
    """Issue 18, item 3, on both: each trip to aiosqlite's thread waits for a turn of the busy event
    loop, so a group commit of ordinary actions — BEGIN, its writes, COMMIT — is handed to the driver
    once, not statement by statement; what one transaction writes is still all or nothing."""
    store = await Store.open(await store_url("one"))
    t = await store.create_table(GUILD, 350, 1, {}, [None] * 6)
    u = await store.create_table(GUILD, 351, 1, {}, [None] * 6)
    calls = 0
    send = store.db._send

    async def counted(steps, writer):
        nonlocal calls
        calls += 1
        return await send(steps, writer)

    monkeypatch.setattr(store.db, "_send", counted)
    await asyncio.gather(store.commit(t, revision=1, seats=[None] * 6, state="{}", status="playing",
                                      action=(0, None, "a1")),
                         store.commit(u, revision=1, seats=[None] * 6, status="playing", action=(0, None, "b1")))
    assert calls == 1  # both tables' rows, the snapshot and the actions: at once
    monkeypatch.undo()
    assert (await store.table(t)).state_revision == 1 and [a for *_, a in await store.actions(u)] == ["b1"]
    try:  # a write held back fails only at the COMMIT's trip: the transaction is still undone whole
        async with store._transaction():
            await store.db.executemany("UPDATE tables SET revision = ? WHERE id = ?", [(9, t)])
            await store.db.executemany("INSERT INTO actions (table_id, revision, action, at) VALUES (?, ?, ?, ?)",
                                       [(t, 1, "duplicate", "now")])
    except store.db.integrity_errors:
        pass
    else:
        raise AssertionError("the duplicate action was written")
    assert (await store.table(t)).revision == 1 and [a for *_, a in await store.actions(t)] == ["a1"]
    await store.close()


async def test_finished_games_in_one_group_commit_reach_the_league(store_url):
    store = await Store.open(await store_url("l"))
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


def test_postgres_sql_is_the_one_place_the_dialects_differ():
    """Issue 18, item 1: the store's SQL is written once (SQLite's types, ``?``); PostgreSQL reads it
    with numbered placeholders, 64-bit integers, identity ids and doubles — string literals untouched."""
    assert postgres_sql("SELECT a FROM t WHERE b = ? AND c IN (?, ?)") == \
        "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)"
    ddl = postgres_sql("CREATE TABLE t (id INTEGER PRIMARY KEY, guild_id integer NOT NULL, at REAL, name TEXT)")
    assert ddl == ("CREATE TABLE t (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, guild_id BIGINT NOT NULL,"
                   " at DOUBLE PRECISION, name TEXT)")
    assert postgres_sql("UPDATE t SET s = 'why? INTEGER' WHERE id = ?") == \
        "UPDATE t SET s = 'why? INTEGER' WHERE id = $1"
    assert postgres_sql("SELECT 'it''s ?', ?") == "SELECT 'it''s ?', $1"
    assert postgres_sql("CREATE TABLE c (id INTEGER PRIMARY KEY AUTOINCREMENT, png BLOB)") == \
        "CREATE TABLE c (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, png BYTEA)"
    assert statements(" CREATE TABLE a (x TEXT);\n  ;CREATE INDEX i ON a(x);  ") == [
        "CREATE TABLE a (x TEXT)", "CREATE INDEX i ON a(x)"]


def test_gouji_db_names_the_database():
    assert is_postgres("postgresql://gouji@127.0.0.1:5432/gouji") and is_postgres("postgres://h/db")
    assert not is_postgres("gouji.sqlite3") and not is_postgres("sqlite:///gouji.sqlite3")


async def test_sqlite_urls_are_paths(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    store = await Store.open("sqlite:///rel.sqlite3")
    await store.close()
    store = await Store.open(f"sqlite:///{tmp_path / 'abs.sqlite3'}")  # sqlite:////tmp/…: an absolute path
    await store.close()
    assert (tmp_path / "rel.sqlite3").exists() and (tmp_path / "abs.sqlite3").exists()


async def test_migrations_run_once_and_an_appended_one_runs_on_both(store_url, monkeypatch):
    """Issue 18, item 1: one list of migrations for both databases; one appended later (as the next
    issues will) in the same portable SQL runs at the next start, and a method written once against
    ``store.db`` reads and writes it on either."""
    url = await store_url("m")
    store = await Store.open(url)
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()
    appended = (*MIGRATIONS, "CREATE TABLE settings_probe (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL,"
                             " value TEXT NOT NULL, at REAL);"
                             " CREATE INDEX settings_probe_user ON settings_probe(user_id)")
    monkeypatch.setattr(store_module, "MIGRATIONS", appended)
    store = await Store.open(url)  # reopening runs only the new one
    assert await store.schema_version() == len(appended)
    async with store._transaction():
        first = await store.db.insert("INSERT INTO settings_probe (user_id, value, at) VALUES (?, ?, ?)",
                                      (2**62, "深色", 1.7e9 + 0.25))
        await store.db.executemany("INSERT INTO settings_probe (user_id, value) VALUES (?, ?)", [(1, "a"), (1, "b")])
    async with store.db.execute("SELECT id, user_id, value, at FROM settings_probe WHERE user_id = ?", (2**62,)) as cur:
        row = await cur.fetchone()
    assert (row["id"], row[1], row["value"], row["at"]) == (first, 2**62, "深色", 1.7e9 + 0.25)  # 64-bit ids, doubles
    cursor = await store.db.execute("SELECT value FROM settings_probe WHERE user_id = ? ORDER BY id", (1,))
    rows = await cursor.fetchall()
    assert [r[0] for r in rows] == ["a", "b"]
    await store.close()


async def test_a_failed_transaction_leaves_nothing(store_url):
    """The transaction promise on both: all of it or none of it."""
    store = await Store.open(await store_url("t"))
    t = await store.create_table(GUILD, 600, 1, {}, [None] * 6)
    try:
        async with store._transaction():
            await store.db.execute("UPDATE tables SET revision = ? WHERE id = ?", (7, t))
            await store.db.execute("INSERT INTO actions (table_id, revision, action, at) VALUES (?, ?, ?, ?)",
                                   (t, 7, "x", "now"))
            raise RuntimeError("crash mid-transaction")
    except RuntimeError:
        pass
    assert (await store.table(t)).revision == 0 and await store.actions(t) == []
    await store.close()
