"""The store: open tables, their append-only action log, finished games with their itemised results,
and the league computed from them — in one SQLite file (WAL; the default) or a PostgreSQL database
that several processes share (``GOUJI_DB=postgresql://…``), through ``bot.service.db``.

Every accepted action is written in one transaction together with the table's new snapshot
(and, when it ends a game, the game's result and league rows), so after a crash the store
holds either all of an action or none of it. Every method is written once, in portable SQL with
``?`` placeholders, against ``bot.service.db``'s small interface (``self.db.execute``/``executemany``/
``insert`` inside ``async with self._transaction():``): a migration appended to ``MIGRATIONS`` and a
method appended here run on both databases as they are.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.service.db import Database, StoreError, connect
from bot.service.league import RatingRow, StandingRow
from bot.service.rating import Rating, merged, rate_game
from bot.service.shards import Shards

log = logging.getLogger(__name__)

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
    # 4: the AI's reviews of finished games (复盘点评), one per game and seat, kept once worked out
    """
    CREATE TABLE reviews (
        game_id     INTEGER NOT NULL REFERENCES games(id),
        seat        INTEGER NOT NULL,
        review      TEXT NOT NULL,
        created_at  TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    """,
    # 5: skill ratings per server and season (season '' is all time), updated with each game's result;
    # a player is 'user:<id>' or an AI level, 'ai:<level>'
    """
    CREATE TABLE ratings (
        guild_id  INTEGER NOT NULL,
        season    TEXT NOT NULL,
        player    TEXT NOT NULL,
        mu        REAL NOT NULL,
        sigma     REAL NOT NULL,
        games     INTEGER NOT NULL,
        PRIMARY KEY (guild_id, season, player)
    );
    """,
    # 6: each player's own settings, whatever the table: dm_panel 1 delivers the hand panel by DM
    """
    CREATE TABLE player_settings (
        user_id     INTEGER NOT NULL,
        dm_panel    INTEGER NOT NULL,
        updated_at  TEXT NOT NULL,
        PRIMARY KEY (user_id)
    );
    """,
    # 7: what the bot knows of itself across restarts and processes, by name (the hash of the slash
    # commands Discord was last given, so that a start syncs them only when they changed)
    """
    CREATE TABLE bot_state (
        name        TEXT NOT NULL,
        value       TEXT NOT NULL,
        updated_at  TEXT NOT NULL,
        PRIMARY KEY (name)
    );
    """,
    # 8: interactions handed from the process Discord gave them to (direct messages all reach shard 0)
    # to the process owning their table's guild, which takes each once
    """
    CREATE TABLE forwarded (
        id          INTEGER PRIMARY KEY,
        guild_id    INTEGER NOT NULL,
        payload     TEXT NOT NULL,
        created_at  TEXT NOT NULL
    );
    """,
)
"""Schema migrations, applied in order (each in a transaction; the database records how many ran).
Portable SQL: SQLite's types (``INTEGER``, ``INTEGER PRIMARY KEY`` for an id, ``REAL``, ``TEXT``),
which ``bot.service.db.postgres_sql`` maps for PostgreSQL; no ``;`` inside a literal."""


FORWARD_CHANNEL = "gouji_forwarded"
"""The channel (PostgreSQL ``NOTIFY``) announcing an interaction handed to another process."""

ALL_TIME = ""
"""The season of the all-time ratings."""
RATINGS_MIGRATION = 5
"""The migration that adds the ratings: the games recorded before it are rated when it runs."""


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


def _of_shards(shards: Shards | None) -> tuple[str, tuple[int, ...]]:
    """The condition (on ``t``, the tables) that a table's guild is on one of these shards."""
    if shards is None:
        return "", ()
    ids = sorted(shards.ids)
    return f" AND ((t.guild_id >> 22) % ?) IN ({', '.join('?' * len(ids))})", (shards.count, *ids)


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    """Tell a waiting ``commit`` its change's fate (once)."""
    if not done.done():
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)


class Store:
    """The store. Use ``await Store.open(url)``: a path (or ``sqlite:///path``) for SQLite, a
    ``postgresql://`` URL for PostgreSQL. Changes of many tables commit together (``commit``)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._pending: list[tuple[int, dict[str, Any], asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    def _transaction(self) -> AbstractAsyncContextManager[None]:
        return self.db.transaction()

    @classmethod
    async def open(cls, url: str | Path) -> Store:
        db = await connect(url)
        store = cls(db)
        try:
            await db.migrate(MIGRATIONS, after=store._migrated)
        except BaseException:
            await db.close()
            raise
        return store

    async def _migrated(self, version: int) -> None:
        """What a migration needs beside its SQL, in its own transaction: the ratings (migration 5)
        rate the games recorded before them."""
        if version == RATINGS_MIGRATION:
            await self._rate_recorded_games()

    async def close(self) -> None:
        if self._writer is not None:
            await self._writer
        await self.db.close()

    async def schema_version(self) -> int:
        return await self.db.schema_version()

    async def take_identify_turn(self, bucket: int, hold: float) -> None:
        """Wait for IDENTIFY bucket ``bucket``'s turn and keep it ``hold`` seconds, across processes
        (``Database.take_identify_turn``)."""
        await self.db.take_identify_turn(bucket, hold)

    @property
    def shared(self) -> bool:
        """Whether several processes may share this database (PostgreSQL), so that one may hand an
        interaction to another (``forward_interaction``)."""
        return self.db.shared

    async def forward_interaction(self, guild_id: int, data: dict[str, Any]) -> None:
        """Hand an interaction (its gateway payload) to the process owning ``guild_id``'s tables: kept,
        then announced to every process (``follow_forwarded``) when the transaction commits."""
        async with self._transaction():
            fid = await self.db.insert("INSERT INTO forwarded (guild_id, payload, created_at) VALUES (?, ?, ?)",
                                       (guild_id, json.dumps(data), now()))
            await self.db.notify(FORWARD_CHANNEL, f"{fid}:{guild_id}")

    async def follow_forwarded(self, owns: Callable[[int], bool],
                               deliver: Callable[[dict[str, Any]], None]) -> None:
        """From now on, ``deliver`` each interaction forwarded to a guild this process ``owns`` — once:
        whoever deletes its row takes it, and only the owner of its guild tries."""
        async def arrived(message: str) -> None:
            fid, guild_id = (int(x) for x in message.split(":"))
            if not owns(guild_id):
                return
            async with self._transaction(), self.db.execute(
                    "DELETE FROM forwarded WHERE id = ? RETURNING payload", (fid,)) as cur:
                row = await cur.fetchone()
            if row is not None:
                deliver(json.loads(row[0]))

        await self.db.listen(FORWARD_CHANNEL, arrived)

    async def claim_shards(self, shards: Iterable[int], count: int) -> None:
        """Hold these shards for this process (PostgreSQL: refused with ``StoreError`` when another
        process holds one)."""
        await self.db.claim_shards(shards, count)

    # ------------------------------------------------------------------ tables
    async def create_table(self, guild_id: int, channel_id: int, host_id: int, settings: dict[str, Any],
                           seats: list[dict[str, Any] | None]) -> int:
        t = now()
        try:
            async with self._transaction():
                return await self.db.insert(
                    "INSERT INTO tables (guild_id, channel_id, host_id, settings, seats, status, created_at,"
                    " updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?)",
                    (guild_id, channel_id, host_id, json.dumps(settings), json.dumps(seats), t, t),
                )
        except self.db.integrity_errors as e:
            raise StoreError("this channel already has an open table") from e

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
        batch: list[tuple[int, dict[str, Any], asyncio.Future[None]]] = []
        try:
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
                            _settle(done, e)
                        else:
                            _settle(done, None)
                    continue
                for _, _, done in batch:
                    _settle(done, None)
        except BaseException:  # the writer itself was stopped (cancelled) mid-commit: nothing more is written
            for _, _, done in batch + self._pending:
                _settle(done, StoreError("the store stopped before this change was committed"))
            self._pending = []
            raise

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
        season = season_of()
        game_id = await self.db.insert(
            "INSERT INTO games (table_id, guild_id, season, game_no, result, finished_at) VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, guild_id, season, f.game_no, json.dumps(r, ensure_ascii=False), t),
        )
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
        for period in (season, ALL_TIME):
            await self._rate_game(guild_id, period, f)

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

    async def panels(self, shards: Shards | None = None) -> list[PanelRow]:
        """The live panels of the open tables (of these shards' guilds)."""
        where, args = _of_shards(shards)
        async with self.db.execute(
            "SELECT p.* FROM panels p JOIN tables t ON t.id = p.table_id WHERE t.status IN ('lobby', 'playing')"
            f"{where} ORDER BY p.table_id, p.user_id", args
        ) as cur:
            return [PanelRow(r["table_id"], r["user_id"], r["channel_id"], r["message_id"], r["token"],
                             r["expires_at"]) for r in await cur.fetchall()]

    async def open_tables(self, shards: Shards | None = None) -> list[TableRow]:
        """The open tables (of these shards' guilds: what one process of a sharded bot restores)."""
        where, args = _of_shards(shards)
        return await self._tables("t.status IN ('lobby', 'playing')" + where, args)

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
            "SELECT s.user_id, MAX(COALESCE(p.name, CAST(s.user_id AS TEXT))) AS name, SUM(s.team_points) AS points,"
            " COUNT(*) AS games, SUM(CASE WHEN s.place = 1 THEN 1 ELSE 0 END) AS tou_ke,"
            " SUM(CASE WHEN s.place = 6 THEN 1 ELSE 0 END) AS da_luo, SUM(s.kaidian) AS kaidian,"
            " SUM(s.shao) AS shao, SUM(s.men) AS men, SUM(s.chuan_san) AS chuan_san"
            " FROM game_seats s JOIN games g ON g.id = s.game_id"
            " LEFT JOIN players p ON p.guild_id = g.guild_id AND p.user_id = s.user_id"
            f" WHERE {' AND '.join(where)} GROUP BY s.user_id ORDER BY points DESC, games DESC, s.user_id LIMIT ?"
        )
        async with self.db.execute(sql, (*args, limit)) as cur:
            rows = await cur.fetchall()
        # int(): PostgreSQL's SUM of a BIGINT is a NUMERIC (a Decimal)
        return [StandingRow(name=r["name"], points=int(r["points"]), games=int(r["games"]), tou_ke=int(r["tou_ke"]),
                            da_luo=int(r["da_luo"]), kaidian=int(r["kaidian"]), shao=int(r["shao"]),
                            men=int(r["men"]), chuan_san=int(r["chuan_san"]), user_id=r["user_id"]) for r in rows]

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

    # ------------------------------------------------------------------ reviews and ratings (issue 19)
    async def review(self, game_id: int, seat: int) -> str | None:
        """The cached review of a seat in a finished game (``bot.service.review.Review`` as JSON), if worked out."""
        async with self.db.execute("SELECT review FROM reviews WHERE game_id = ? AND seat = ?", (game_id, seat)) as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else None

    async def save_review(self, game_id: int, seat: int, review: str) -> None:
        async with self._transaction():
            await self.db.execute(
                "INSERT INTO reviews (game_id, seat, review, created_at) VALUES (?, ?, ?, ?) ON CONFLICT"
                " (game_id, seat) DO UPDATE SET review = excluded.review, created_at = excluded.created_at",
                (game_id, seat, review, now()))

    @staticmethod
    def rating_key(who: dict[str, Any] | None) -> str | None:
        """The rated player of a seat: its user, or its AI level (every seat of a level shares one rating)."""
        who = who or {}
        if who.get("user_id") is not None:
            return f"user:{who['user_id']}"
        return f"ai:{who['ai']}" if who.get("ai") else None

    async def _rate_game(self, guild_id: int, season: str, f: FinishedGame) -> None:
        """Update the ratings of a finished game's players in the open transaction (``bot.service.rating``): a
        player that held several seats (an AI level) moves by the mean of its seats' changes."""
        keys = [self.rating_key(f.seats[s]) for s in range(6)]
        known = await self._ratings(guild_id, season, [k for k in keys if k])
        before = [Rating(*known[k][:2]) if k in known else Rating() for k in keys]
        after = rate_game(before, f.result["team_points"])
        seats: dict[str, list[int]] = {}
        for s, k in enumerate(keys):
            if k:
                seats.setdefault(k, []).append(s)
        rows = []
        for k, held in seats.items():
            new = merged(before[held[0]], [after[s] for s in held])
            rows.append((guild_id, season, k, new.mu, new.sigma, known.get(k, (0, 0, 0))[2] + 1))
        await self.db.executemany(
            "INSERT INTO ratings (guild_id, season, player, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, season, player) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
            " games = excluded.games", rows)

    async def _ratings(self, guild_id: int, season: str, players: Sequence[str]) -> dict[str, tuple[float, float, int]]:
        marks = ", ".join("?" * len(players))
        async with self.db.execute(
            f"SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? AND season = ? AND player IN ({marks})",
            (guild_id, season, *players),
        ) as cur:
            return {r[0]: (r[1], r[2], r[3]) for r in await cur.fetchall()}

    async def ratings(self, guild_id: int, season: str | None = None) -> list[RatingRow]:
        """The server's ratings in a season (all time when None), humans with their names and AI levels,
        best first."""
        async with self.db.execute(
            "SELECT r.player, r.mu, r.sigma, r.games, p.name FROM ratings r LEFT JOIN players p ON p.guild_id ="
            " r.guild_id AND 'user:' || CAST(p.user_id AS TEXT) = r.player WHERE r.guild_id = ? AND r.season = ?",
            (guild_id, season or ALL_TIME),
        ) as cur:
            rows = await cur.fetchall()
        out = [RatingRow.of(r[0], r[1], r[2], r[3], r[4]) for r in rows]
        return sorted(out, key=lambda r: (-r.ordinal, r.player))

    async def recent_games(self, guild_id: int, user_id: int, limit: int = 5) -> list[tuple[int, int]]:
        """A player's last finished games on a server, newest first: (game number, its team's points)."""
        async with self.db.execute(
            "SELECT g.id, s.team_points FROM game_seats s JOIN games g ON g.id = s.game_id"
            " WHERE g.guild_id = ? AND s.user_id = ? ORDER BY g.id DESC LIMIT ?", (guild_id, user_id, limit)
        ) as cur:
            return [(r[0], r[1]) for r in await cur.fetchall()]

    async def game_number(self, table_id: int, game_no: int) -> int | None:
        """The store's number of a table's finished game (``/gouji replay N``), by its number in the match."""
        async with self.db.execute("SELECT id FROM games WHERE table_id = ? AND game_no = ?",
                                   (table_id, game_no)) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else None

    async def _rate_recorded_games(self) -> None:
        """Rate every game already recorded, in the order they finished (in the open transaction)."""
        async with self.db.execute(
            "SELECT g.id, g.guild_id, g.season, g.game_no, s.seat, s.user_id, s.ai, s.team_points FROM games g"
            " JOIN game_seats s ON s.game_id = g.id ORDER BY g.id, s.seat"
        ) as cur:
            rows = await cur.fetchall()
        games: dict[int, list[Any]] = {}
        for r in rows:
            games.setdefault(r[0], []).append(r)
        for seats in games.values():
            if len(seats) != 6:
                continue
            points = [next(r[7] for r in seats if r[4] % 2 == team) for team in (0, 1)]
            f = FinishedGame(seats[0][3], {"team_points": points},
                             [{"user_id": r[5], "ai": r[6]} for r in sorted(seats, key=lambda r: r[4])])
            for period in (seats[0][2], ALL_TIME):
                await self._rate_game(seats[0][1], period, f)

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

    # ------------------------------------------------------------------ the bot's own state
    async def bot_state(self, name: str) -> str | None:
        """A value the bot kept under ``name`` (``set_bot_state``), or None."""
        async with self.db.execute("SELECT value FROM bot_state WHERE name = ?", (name,)) as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else None

    async def set_bot_state(self, name: str, value: str) -> None:
        async with self._transaction():
            await self.db.execute(
                "INSERT INTO bot_state (name, value, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                (name, value, now()))
