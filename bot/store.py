"""The store: one SQLite file through aiosqlite (WAL), holding open tables, their append-only
action log, finished games with their itemised results, and the league computed from them.

Every accepted action is written in one transaction together with the table's new snapshot
(and, when it ends a game, the game's result and league rows), so after a crash the store
holds either all of an action or none of it. The interface is small so that another backend
(PostgreSQL for several processes) can stand behind it.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from bot.league import StandingRow
from bot.logs import at_least_info

log = logging.getLogger(__name__)

CHECKPOINT_EVERY = 0.5
"""Seconds between two background checkpoints (copying the WAL into the database file) while
tables are committing. The writer's own automatic checkpoint is off: it would run inside a
COMMIT, with its fsyncs, and every click waiting on that group commit would wait for it too."""
WAL_RESTART_FRAMES = 4096
"""WAL length (pages; 16 MiB at 4 KiB) past which a checkpoint waits for a gap between two group
commits: the WAL starts over only when a transaction begins with all of it copied, which a steady
stream of commits beside a concurrent checkpoint may never leave."""

MIGRATIONS: tuple[str, ...] = (
    # 1: tables, the action log, games and their seats, players
    """
    CREATE TABLE tables (
        id          INTEGER PRIMARY KEY,
        guild_id    INTEGER NOT NULL,
        channel_id  INTEGER NOT NULL,
        message_id  INTEGER,
        host_id     INTEGER NOT NULL,
        settings    TEXT NOT NULL,
        seats       TEXT NOT NULL,
        state       TEXT,
        revision    INTEGER NOT NULL DEFAULT 0,
        status      TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'over', 'closed')),
        created_at  TEXT NOT NULL,
        updated_at  TEXT NOT NULL
    );
    CREATE UNIQUE INDEX one_open_table_per_channel ON tables(channel_id) WHERE status IN ('lobby', 'playing');
    CREATE TABLE actions (
        id        INTEGER PRIMARY KEY,
        table_id  INTEGER NOT NULL REFERENCES tables(id),
        revision  INTEGER NOT NULL,
        seat      INTEGER,
        user_id   INTEGER,
        action    TEXT NOT NULL,
        at        TEXT NOT NULL,
        UNIQUE (table_id, revision)
    );
    CREATE TABLE games (
        id           INTEGER PRIMARY KEY,
        table_id     INTEGER NOT NULL REFERENCES tables(id),
        guild_id     INTEGER NOT NULL,
        season       TEXT NOT NULL,
        game_no      INTEGER NOT NULL,
        result       TEXT NOT NULL,
        finished_at  TEXT NOT NULL,
        UNIQUE (table_id, game_no)
    );
    CREATE TABLE game_seats (
        game_id      INTEGER NOT NULL REFERENCES games(id),
        seat         INTEGER NOT NULL,
        user_id      INTEGER,
        ai           TEXT,
        team         INTEGER NOT NULL,
        place        INTEGER NOT NULL,
        seat_points  INTEGER NOT NULL,
        team_points  INTEGER NOT NULL,
        kaidian      INTEGER NOT NULL,
        shao         INTEGER NOT NULL,
        men          INTEGER NOT NULL,
        chuan_san    INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX game_seats_user ON game_seats(user_id);
    CREATE INDEX games_guild_season ON games(guild_id, season);
    CREATE TABLE players (
        guild_id  INTEGER NOT NULL,
        user_id   INTEGER NOT NULL,
        name      TEXT NOT NULL,
        PRIMARY KEY (guild_id, user_id)
    );
    """,
    # 2: snapshots move to their own table and are written every few actions (the log since the
    # last one is replayed on restore): updating a row rewrites all of it, snapshot included
    """
    CREATE TABLE snapshots (
        table_id  INTEGER PRIMARY KEY REFERENCES tables(id),
        revision  INTEGER NOT NULL,
        state     TEXT NOT NULL
    );
    INSERT INTO snapshots (table_id, revision, state) SELECT id, revision, state FROM tables WHERE state IS NOT NULL;
    ALTER TABLE tables DROP COLUMN state;
    """,
    # 3: the live hand panels, so that a restart redraws them: a DM panel by its message, an
    # ephemeral one through its interaction's token while that lasts (NULL token and expiry: a DM)
    """
    CREATE TABLE panels (
        table_id    INTEGER NOT NULL REFERENCES tables(id),
        user_id     INTEGER NOT NULL,
        channel_id  INTEGER NOT NULL,
        message_id  INTEGER NOT NULL,
        token       TEXT,
        expires_at  REAL,
        PRIMARY KEY (table_id, user_id)
    );
    """,
    # 4: each player's own settings, whatever the table: dm_panel 1 delivers the hand panel by DM
    """
    CREATE TABLE player_settings (
        user_id     INTEGER NOT NULL,
        dm_panel    INTEGER NOT NULL,
        updated_at  TEXT NOT NULL,
        PRIMARY KEY (user_id)
    );
    """,
)
"""Schema migrations, applied in order; ``PRAGMA user_version`` records how many ran."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def season_of(when: datetime | None = None) -> str:
    """League seasons are calendar years."""
    return str((when or datetime.now(UTC)).year)


@dataclass(frozen=True)
class TableRow:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    settings: dict[str, Any]
    seats: list[dict[str, Any] | None]
    state: str | None
    revision: int
    status: str
    state_revision: int
    """The revision ``state`` was saved at: actions after it are replayed from the log."""


@dataclass(frozen=True)
class FinishedGame:
    """A game's result and who sat where, for the games and league rows."""

    game_no: int
    result: dict[str, Any]
    seats: Sequence[dict[str, Any] | None]


@dataclass(frozen=True)
class GameRow:
    """A finished game as the store holds it: its number (``id``, unique in the store), its table
    and the table's channel, its number in the match and its result."""

    id: int
    table_id: int
    guild_id: int
    channel_id: int
    game_no: int
    result: dict[str, Any]


@dataclass(frozen=True)
class PanelRow:
    """A live hand panel: its message, and for an ephemeral one the token of the interaction that
    can edit it and when that token stops working (seconds since the epoch)."""

    table_id: int
    user_id: int
    channel_id: int
    message_id: int
    token: str | None = None
    expires_at: float | None = None


class StoreError(RuntimeError):
    pass


class Store:
    """The SQLite store. Use ``await Store.open(path)``; one process, one connection that reads and
    writes (and a second one that only checkpoints)."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self.db = db
        self.path = path
        self._writing = asyncio.Lock()  # one connection: tables' transactions must not interleave
        self._pending: list[tuple[int, dict[str, Any], asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self._checkpointer: asyncio.Task[None] | None = None
        self._committed = asyncio.Event()  # set by each group commit, cleared by each checkpoint

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        async with self._writing:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        at_least_info("aiosqlite")  # its DEBUG records hold every parameter: snapshots with all six hands
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path, isolation_level=None)  # transactions are explicit below
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA busy_timeout=5000")
        store = cls(db, path)
        await store._migrate()
        if path != ":memory:":
            # checkpoints run on a connection (and thread) of their own, beside the writer's commits
            await db.execute("PRAGMA wal_autocheckpoint=0")
            store._checkpointer = asyncio.get_running_loop().create_task(store._checkpoints())
        return store

    async def close(self) -> None:
        if self._writer is not None:
            await self._writer
        if self._checkpointer is not None:
            self._checkpointer.cancel()
            with suppress(asyncio.CancelledError):
                await self._checkpointer
        await self.db.close()  # the last connection to close checkpoints the rest and removes the WAL

    async def _checkpoints(self) -> None:
        """Copy committed pages from the WAL into the database file every ``CHECKPOINT_EVERY`` seconds
        while there are commits, with ``PASSIVE`` checkpoints that never wait for (nor block) the
        writer. The writer starts the WAL from its beginning again at its first transaction after a
        checkpoint that copied it all; when commits never leave such a moment, the WAL grows to
        ``WAL_RESTART_FRAMES`` and then a checkpoint takes the moment between two group commits."""
        try:
            conn = await aiosqlite.connect(self.path, isolation_level=None)
        except Exception:
            log.exception("no connection for background checkpoints; the writer checkpoints in its commits")
            await self.db.execute("PRAGMA wal_autocheckpoint=1000")
            return
        try:
            while True:
                await self._committed.wait()
                await asyncio.sleep(CHECKPOINT_EVERY)
                self._committed.clear()
                try:
                    frames = await self._checkpoint(conn)
                    if frames > WAL_RESTART_FRAMES:
                        async with self._writing:  # between two transactions: this one copies the rest
                            await self._checkpoint(conn)
                except aiosqlite.Error:
                    log.exception("background checkpoint failed; the next one retries")
        finally:
            await conn.close()

    @staticmethod
    async def _checkpoint(conn: aiosqlite.Connection) -> int:
        """One ``PASSIVE`` checkpoint; returns the WAL's length in pages."""
        async with conn.execute("PRAGMA wal_checkpoint(PASSIVE)") as cur:
            row = await cur.fetchone()
        return int(row[1]) if row else 0

    async def _migrate(self) -> None:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        version = row[0] if row else 0
        for i, script in enumerate(MIGRATIONS[version:], start=version + 1):
            async with self._transaction():
                for statement in filter(str.strip, script.split(";")):
                    await self.db.execute(statement)
                await self.db.execute(f"PRAGMA user_version={i}")

    async def schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    # ------------------------------------------------------------------ tables
    async def create_table(self, guild_id: int, channel_id: int, host_id: int, settings: dict[str, Any],
                           seats: list[dict[str, Any] | None]) -> int:
        t = now()
        try:
            async with self._transaction():
                cur = await self.db.execute(
                    "INSERT INTO tables (guild_id, channel_id, host_id, settings, seats, status, created_at,"
                    " updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?)",
                    (guild_id, channel_id, host_id, json.dumps(settings), json.dumps(seats), t, t),
                )
        except aiosqlite.IntegrityError as e:
            raise StoreError("this channel already has an open table") from e
        assert cur.lastrowid is not None
        return cur.lastrowid

    async def commit(self, table_id: int, *, revision: int, seats: list[dict[str, Any] | None],
                     state: str | None = None, status: str, action: tuple[int | None, int | None, str] | None = None,
                     finished: FinishedGame | None = None, guild_id: int | None = None,
                     settings: dict[str, Any] | None = None) -> None:
        """Write a table's change durably: its revision, seats and status, the action that made it, the
        game it finished (with the league rows), and — when given — a new snapshot or the table's new
        settings (the lobby's house rules). All of it lands
        in one transaction, shared with the changes of other tables waiting at the same moment (group
        commit: many tables, one file, one COMMIT); this returns once it is committed."""
        change = {"revision": revision, "seats": seats, "state": state, "status": status, "action": action,
                  "finished": finished, "guild_id": guild_id, "settings": settings}
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((table_id, change, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_pending())
        await asyncio.shield(done)

    async def _write_pending(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                async with self._transaction():
                    await self._write([(table_id, change) for table_id, change, _ in batch])
            except Exception:  # one change failed: write them one by one, so each caller hears its own fate
                for table_id, change, done in batch:
                    try:
                        async with self._transaction():
                            await self._write([(table_id, change)])
                    except Exception as e:
                        if not done.done():
                            done.set_exception(e)
                    else:
                        if not done.done():
                            done.set_result(None)
                self._committed.set()
                continue
            self._committed.set()
            for _, _, done in batch:
                if not done.done():
                    done.set_result(None)

    async def _write(self, changes: list[tuple[int, dict[str, Any]]]) -> None:
        """Write changes inside the open transaction: one statement per kind of row for all of them
        (``executemany``), since each statement is a round trip to the connection's thread and back
        through the event loop, which is busy with every other table."""
        t = now()
        await self.db.executemany(
            "UPDATE tables SET revision = ?, seats = ?, status = ?, updated_at = ? WHERE id = ?",
            [(c["revision"], json.dumps(c["seats"]), c["status"], t, table_id) for table_id, c in changes],
        )
        settings = [(json.dumps(c["settings"]), table_id) for table_id, c in changes if c.get("settings") is not None]
        if settings:
            await self.db.executemany("UPDATE tables SET settings = ? WHERE id = ?", settings)
        snapshots = [(table_id, c["revision"], c["state"]) for table_id, c in changes if c["state"] is not None]
        if snapshots:
            await self.db.executemany(
                "INSERT INTO snapshots (table_id, revision, state) VALUES (?, ?, ?) ON CONFLICT (table_id)"
                " DO UPDATE SET revision = excluded.revision, state = excluded.state",
                snapshots,
            )
        actions = [(table_id, c["revision"], *c["action"], t) for table_id, c in changes if c["action"] is not None]
        if actions:
            await self.db.executemany(
                "INSERT INTO actions (table_id, revision, seat, user_id, action, at) VALUES (?, ?, ?, ?, ?, ?)",
                actions,
            )
        for table_id, c in changes:
            if c["finished"] is not None:
                assert c["guild_id"] is not None
                await self._record_game(table_id, c["guild_id"], c["finished"], t)

    async def _record_game(self, table_id: int, guild_id: int, f: FinishedGame, t: str) -> None:
        r = f.result
        cur = await self.db.execute(
            "INSERT INTO games (table_id, guild_id, season, game_no, result, finished_at) VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, guild_id, season_of(), f.game_no, json.dumps(r, ensure_ascii=False), t),
        )
        game_id = cur.lastrowid
        seats, players = [], []
        for s in range(6):
            who = f.seats[s] or {}
            user_id = who.get("user_id")
            team = s % 2
            seats.append((game_id, s, user_id, who.get("ai"), team, r["places"][s], r["seat_points"][s],
                          r["team_points"][team], int(r["kaidian"][s]), sum(1 for by, _ in r["shao"] if by == s),
                          sum(1 for by, _ in r["men"] if by == s), int(r["chuan_san"] == team)))
            if user_id is not None:
                players.append((guild_id, user_id, who.get("name", str(user_id))))
        await self.db.executemany(
            "INSERT INTO game_seats (game_id, seat, user_id, ai, team, place, seat_points, team_points, kaidian,"
            " shao, men, chuan_san) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            seats,
        )
        if players:
            await self.db.executemany(
                "INSERT INTO players (guild_id, user_id, name) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name",
                players,
            )

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        async with self._transaction():
            await self.db.execute("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))

    async def set_panel(self, p: PanelRow) -> None:
        """Remember a player's live panel at a table (replacing the one before)."""
        async with self._transaction():
            await self.db.execute(
                "INSERT INTO panels (table_id, user_id, channel_id, message_id, token, expires_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, user_id) DO UPDATE SET channel_id ="
                " excluded.channel_id, message_id = excluded.message_id, token = excluded.token,"
                " expires_at = excluded.expires_at",
                (p.table_id, p.user_id, p.channel_id, p.message_id, p.token, p.expires_at))

    async def drop_panel(self, table_id: int, user_id: int) -> None:
        async with self._transaction():
            await self.db.execute("DELETE FROM panels WHERE table_id = ? AND user_id = ?", (table_id, user_id))

    async def panels(self) -> list[PanelRow]:
        """The live panels of the open tables."""
        async with self.db.execute(
            "SELECT p.* FROM panels p JOIN tables t ON t.id = p.table_id WHERE t.status IN ('lobby', 'playing')"
            " ORDER BY p.table_id, p.user_id"
        ) as cur:
            return [PanelRow(r["table_id"], r["user_id"], r["channel_id"], r["message_id"], r["token"],
                             r["expires_at"]) for r in await cur.fetchall()]

    async def open_tables(self) -> list[TableRow]:
        return await self._tables("t.status IN ('lobby', 'playing')", ())

    async def _tables(self, where: str, args: tuple[Any, ...]) -> list[TableRow]:
        sql = ("SELECT t.*, s.state AS state, COALESCE(s.revision, 0) AS state_revision FROM tables t"
               f" LEFT JOIN snapshots s ON s.table_id = t.id WHERE {where} ORDER BY t.id")
        async with self.db.execute(sql, args) as cur:
            rows = await cur.fetchall()
        return [TableRow(r["id"], r["guild_id"], r["channel_id"], r["message_id"], r["host_id"],
                         json.loads(r["settings"]), json.loads(r["seats"]), r["state"], r["revision"], r["status"],
                         r["state_revision"])
                for r in rows]

    async def table(self, table_id: int) -> TableRow | None:
        rows = await self._tables("t.id = ?", (table_id,))
        return rows[0] if rows else None

    async def actions(self, table_id: int, after: int = -1) -> list[tuple[int, int | None, int | None, str]]:
        """The action log of a table (revision, seat, user, action), from revision ``after`` on."""
        async with self.db.execute(
            "SELECT revision, seat, user_id, action FROM actions WHERE table_id = ? AND revision > ?"
            " ORDER BY revision", (table_id, after)
        ) as cur:
            return [(r[0], r[1], r[2], r[3]) for r in await cur.fetchall()]

    # ------------------------------------------------------------------ league
    async def standings(self, guild_id: int, season: str | None = None, limit: int = 50) -> list[StandingRow]:
        """The league (R10.5): every player credited with its team's total per game; AI seats left out."""
        return await self._league(guild_id, season, None, limit)

    async def player(self, guild_id: int, user_id: int, season: str | None = None) -> StandingRow | None:
        rows = await self._league(guild_id, season, user_id, 1)
        return rows[0] if rows else None

    async def _league(self, guild_id: int, season: str | None, user_id: int | None, limit: int) -> list[StandingRow]:
        where = ["g.guild_id = ?", "s.user_id IS NOT NULL"]
        args: list[int | str] = [guild_id]
        if season:
            where.append("g.season = ?")
            args.append(season)
        if user_id is not None:
            where.append("s.user_id = ?")
            args.append(user_id)
        sql = (
            "SELECT s.user_id, COALESCE(p.name, CAST(s.user_id AS TEXT)) AS name, SUM(s.team_points) AS points,"
            " COUNT(*) AS games, SUM(s.place = 1) AS tou_ke, SUM(s.place = 6) AS da_luo, SUM(s.kaidian) AS kaidian,"
            " SUM(s.shao) AS shao, SUM(s.men) AS men, SUM(s.chuan_san) AS chuan_san"
            " FROM game_seats s JOIN games g ON g.id = s.game_id"
            " LEFT JOIN players p ON p.guild_id = g.guild_id AND p.user_id = s.user_id"
            f" WHERE {' AND '.join(where)} GROUP BY s.user_id ORDER BY points DESC, games DESC, s.user_id LIMIT ?"
        )
        async with self.db.execute(sql, (*args, limit)) as cur:
            rows = await cur.fetchall()
        return [StandingRow(name=r["name"], points=r["points"], games=r["games"], tou_ke=r["tou_ke"],
                            da_luo=r["da_luo"], kaidian=r["kaidian"], shao=r["shao"], men=r["men"],
                            chuan_san=r["chuan_san"], user_id=r["user_id"]) for r in rows]

    async def game(self, game_id: int | None = None, *, channel_id: int | None = None) -> GameRow | None:
        """A finished game by its number, or the last one finished in a channel (for replays)."""
        where, args = ("g.id = ?", game_id) if game_id is not None else ("t.channel_id = ?", channel_id)
        async with self.db.execute(
            "SELECT g.id, g.table_id, g.guild_id, t.channel_id, g.game_no, g.result FROM games g"
            f" JOIN tables t ON t.id = g.table_id WHERE {where} ORDER BY g.id DESC LIMIT 1", (args,)
        ) as cur:
            r = await cur.fetchone()
        return GameRow(r[0], r[1], r[2], r[3], r[4], json.loads(r[5])) if r else None

    async def games_of(self, table_id: int) -> list[dict[str, Any]]:
        async with self.db.execute("SELECT result FROM games WHERE table_id = ? ORDER BY game_no", (table_id,)) as cur:
            return [json.loads(r[0]) for r in await cur.fetchall()]

    # ------------------------------------------------------------------ players' settings
    async def set_dm_panel(self, user_id: int, on: bool) -> None:
        """A player's choice to get the hand panel by direct message (``/gouji settings dm:``)."""
        async with self._transaction():
            await self.db.execute(
                "INSERT INTO player_settings (user_id, dm_panel, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_panel = excluded.dm_panel, updated_at = excluded.updated_at",
                (user_id, int(on), now()))

    async def dm_panel(self, user_id: int) -> bool:
        """Whether the player wants the hand panel by direct message (no row: no)."""
        async with self.db.execute("SELECT dm_panel FROM player_settings WHERE user_id = ?", (user_id,)) as cur:
            row = await cur.fetchone()
        return bool(row[0]) if row else False
