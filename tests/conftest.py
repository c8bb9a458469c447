"""pytest's own configuration: the tests' helpers live in ``helpers.py`` and are imported from there.
``store_url`` runs a test once on each of the store's databases; a bot or a SQLite database a failing
test left open is closed."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import suppress
from pathlib import Path

import pytest
from discord_fakes import STARTED, close_started

from bot.service.db import SqliteDatabase

POSTGRES = os.environ.get("GOUJI_TEST_POSTGRES", "").strip()
"""A PostgreSQL server for the tests (``postgresql://gouji@127.0.0.1:55432/gouji_test``); ``.ci/run``
starts a throwaway one and sets this."""
NO_POSTGRES = ("PostgreSQL tests need a server: set GOUJI_TEST_POSTGRES=postgresql://user@host:port/db "
               "(bash .ci/run starts a throwaway one and sets it)")


@pytest.fixture(params=["sqlite", "postgres"])
async def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Callable[[str], Awaitable[str]]]:
    """``await store_url(name)``: the URL of a new, empty database named ``name`` within the test — a
    SQLite file in ``tmp_path``, or a PostgreSQL schema of its own on ``GOUJI_TEST_POSTGRES`` (dropped
    afterwards). Without that server the PostgreSQL half skips, saying why — except in CI
    (``CI`` set), where it fails: CI must run every PostgreSQL test."""
    if request.param == "sqlite":
        async def sqlite(name: str) -> str:
            return str(tmp_path / f"{name}.sqlite3")

        yield sqlite
        return
    if not POSTGRES:
        if os.environ.get("CI", "").strip().lower() not in ("", "0", "false"):
            pytest.fail(f"CI runs every PostgreSQL test, but GOUJI_TEST_POSTGRES is not set. {NO_POSTGRES}")
        pytest.skip(NO_POSTGRES)
    import asyncpg

    admin = await asyncpg.connect(POSTGRES)
    schemas: list[str] = []

    async def postgres(name: str) -> str:
        schema = f"test_{uuid.uuid4().hex[:10]}_{name}"
        await admin.execute(f'CREATE SCHEMA "{schema}"')
        schemas.append(schema)
        return f"{POSTGRES}{'&' if '?' in POSTGRES else '?'}search_path={schema}"

    try:
        yield postgres
    finally:
        with suppress(Exception):
            await admin.execute("SET lock_timeout = '5s'")
            for schema in schemas:
                await admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await admin.close()


@pytest.fixture(autouse=True)
async def _close_started_bots() -> AsyncIterator[None]:
    """A bot a test started and did not close (it failed half-way) is closed on the test's own loop."""
    yield
    if STARTED:
        await close_started()


@pytest.fixture(autouse=True)
async def _close_open_sqlite(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """A SQLite database a test opened and did not close (it failed before ``close``) is closed here:
    aiosqlite's connection thread is not a daemon, so one left open keeps pytest from exiting at all
    once it has printed its summary — CI waits out its time limit instead of reporting the failure."""
    opened: list[SqliteDatabase] = []
    connect = SqliteDatabase.connect  # bound to the class already

    async def recorded(path: str) -> SqliteDatabase:
        db = await connect(path)
        opened.append(db)
        return db

    monkeypatch.setattr(SqliteDatabase, "connect", recorded)
    yield
    for db in opened:
        with suppress(Exception):
            await db.close()  # closing twice is harmless: aiosqlite returns at once the second time
