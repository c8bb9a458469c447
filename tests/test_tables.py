"""The table service end to end with a real SQLite file: lobby, whole matches with AI seats and
scripted humans, restart in the middle, concurrent and stale clicks, refusals, the league (R10.5)."""

from __future__ import annotations

import asyncio
import os
import random
import time
from contextlib import suppress

import asyncpg
import pytest

from bot.ai import make_player
from bot.engine import Game, IllegalAction, Match, Ruleset
from bot.service import tables as tables_module
from bot.service.db import PostgresDatabase, SqliteDatabase, StoreError, is_postgres
from bot.service.shards import Shards
from bot.service.store import MIGRATIONS, Store
from bot.service.tables import Change, Settings, Table, TableError, TableService

GUILD, CHANNEL = 1, 100
HUMANS = {11: "甲", 12: "乙"}


async def fast_sleep(seconds: float) -> None:
    """AI delays (0 s here) and tiny turn timers pass at once; a real turn timer never fires in a test."""
    await asyncio.sleep(0 if seconds < 1 else 3600)


async def make_service(path, **kw) -> TableService:
    store = await Store.open(path)
    return TableService(store, sleep=kw.pop("sleep", fast_sleep), ai_delay=(0, 0), rng=random.Random(3), **kw)


async def open_table(svc: TableService, games: int = 1, turn: float = 60, channel: int = CHANNEL,
                     guild: int = GUILD) -> Table:
    settings = Settings(Ruleset.preset(), games=games, turn_seconds=turn, ai_level="random")
    table = await svc.open(guild, channel, 11, HUMANS[11], settings)
    await svc.sit(channel, 12, HUMANS[12], seat=3)
    await svc.ready(channel, 12)
    for seat in (1, 2, 4, 5):
        await svc.add_ai(channel, 11, seat=seat)
    return table


async def ready_up(svc: TableService, table: Table) -> None:
    """The players say 准备 before the game's first lead (第八条), when the table waits for it."""
    if table.held():
        for s in table.unready():
            await svc.ready(table.channel_id, table.user_of(s))


async def drive_humans(svc: TableService, table: Table, rng: random.Random, until=lambda t: False) -> None:
    """Play the humans' turns with random legal actions (carrying the revision) until the match ends.
    Bounded by time, not by turns of the loop: AI seats and commits take what a loaded machine gives."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 120
    while loop.time() < deadline:
        if table.status != "playing" or until(table):
            async with table.lock:  # let a change in flight finish its commit
                return
        await ready_up(svc, table)
        seat = table.to_act
        occupant = table.seats[seat] if seat is not None else None
        if occupant is None or occupant.user_id is None:
            await asyncio.sleep(0.001)
            continue
        m = table.match
        action = rng.choice(list(m.legal_actions(seat)) if m.phase != "play" else m.legal_actions(seat))
        await svc.act(table.channel_id, occupant.user_id, action, table.revision)
    raise AssertionError("the match did not end")


async def test_whole_match_through_the_service_writes_games_and_league(store_url):
    svc = await make_service(await store_url("g"))
    seen: list[Change] = []

    async def listen(table: Table, change: Change) -> None:
        seen.append(change)

    svc.listeners.append(listen)
    table = await open_table(svc, games=2)
    await svc.start(CHANNEL, 11, seed=5)
    await drive_humans(svc, table, random.Random(1))
    assert table.status == "over" and table.match.over
    games = await svc.store.games_of(table.id)
    assert len(games) == 2 and all(sum(g["team_points"]) == 0 for g in games)
    league = await svc.store.standings(GUILD)
    assert {row.user_id for row in league} == set(HUMANS)  # AI seats are not league players
    for row in league:
        seat = table.seat_of(row.user_id)
        assert row.points == sum(g["team_points"][seat % 2] for g in games)  # R10.5: the team's total
        assert row.games == 2
    assert any(c.kind == "game-over" for c in seen) and seen[-1].kind == "match-over"
    assert CHANNEL not in svc.tables  # the channel is free for a new table
    await svc.store.close()


async def test_restart_in_the_middle_finishes_identically(store_url):
    """Kill the service mid-match; a new one on the same file restores the table and plays on exactly."""

    async def run(path, stop_at: int | None):
        svc = await make_service(path)
        table = await open_table(svc, games=1)
        await svc.start(CHANNEL, 11, seed=9)
        rng = random.Random(4)
        await drive_humans(svc, table, rng, until=lambda t: stop_at is not None and t.revision >= stop_at)
        if stop_at is None:
            await svc.store.close()
            return table.match.to_json(), table.revision
        await svc.shutdown()
        await svc.store.close()
        svc2 = await make_service(path)
        restored = await svc2.restore()
        assert [t.channel_id for t in restored] == [CHANNEL]
        table2 = svc2.get(CHANNEL)
        assert table2.revision == table.revision and table2.match.to_json() == table.match.to_json()
        await drive_humans(svc2, table2, rng)
        await svc2.store.close()
        return table2.match.to_json(), table2.revision

    full, revisions = await run(await store_url("a"), None)
    resumed, revisions2 = await run(await store_url("b"), 40)
    assert resumed == full and revisions2 == revisions


async def test_concurrent_clicks_on_one_turn_apply_exactly_one(store_url):
    svc = await make_service(await store_url("c"), sleep=lambda s: asyncio.sleep(3600))
    table = await open_table(svc)
    await svc.start(CHANNEL, 11, seed=2)
    for _ in range(200):  # play the pre-play phases by hand until a human must act in play
        await ready_up(svc, table)
        seat = table.to_act
        occupant = table.seats[seat]
        if occupant.user_id is not None and table.match.phase == "play":
            break
        action = svc.choose(table, seat)
        if occupant.user_id is None:
            occupant.autoplay = True  # let the test apply the AI's move through a human-like call
            await svc._machine_move(table, table.revision)
        else:
            await svc.act(CHANNEL, occupant.user_id, action, table.revision)
    seat = table.to_act
    user = table.seats[seat].user_id
    legal = list(table.match.legal_actions(seat))
    before = table.revision
    results = await asyncio.gather(
        *(svc.act(CHANNEL, user, legal[0], before) for _ in range(3)), return_exceptions=True
    )
    applied = [r for r in results if isinstance(r, Table)]
    refused = [r for r in results if isinstance(r, TableError)]
    assert len(applied) == 1 and len(refused) == 2
    assert all("已过期" in str(e) for e in refused)
    assert table.revision == before + 1
    log = await svc.store.actions(table.id)
    assert log[-1][0] == table.revision and log[-1][3] == legal[0]  # the applied click is in the log, once
    assert [r for r, *_ in log] == sorted({r for r, *_ in log})
    await svc.shutdown()
    await svc.store.close()


async def test_refusals_change_nothing(store_url):
    svc = await make_service(await store_url("d"), sleep=lambda s: asyncio.sleep(3600))
    table = await open_table(svc)
    with pytest.raises(TableError, match="只有桌主"):
        await svc.start(CHANNEL, 12)
    with pytest.raises(TableError, match="已经有一桌"):
        await svc.open(GUILD, CHANNEL, 12, "乙")
    await svc.start(CHANNEL, 11, seed=2)
    await ready_up(svc, table)
    state, revision = table.match.to_json(), table.revision
    actor = table.to_act
    other = 12 if table.seats[actor] is None or table.seats[actor].user_id != 12 else 11
    with pytest.raises(TableError, match="已过期"):
        await svc.act(CHANNEL, 11, "pass", revision - 1)
    with pytest.raises(TableError, match="不在这桌"):
        await svc.act(CHANNEL, 99, "pass", revision)
    if table.seats[actor].user_id != other:
        with pytest.raises(IllegalAction, match="没轮到你"):
            await svc.act(CHANNEL, other, "pass", revision)
    with pytest.raises(TableError, match="已经开始"):
        await svc.sit(CHANNEL, 77, "丙")
    assert table.match.to_json() == state and table.revision == revision
    await svc.shutdown()
    await svc.store.close()


async def silent_match(path, autoplay: bool) -> tuple[TableService, Table, list[tuple[str, int | None]]]:
    """A one-game match whose two human seats never click, with tiny turn timers: the table's
    changes as (kind, seat), once the match is over (or the wait gives up)."""
    svc = await make_service(path)
    kinds: list[tuple[str, int | None]] = []

    async def listen(table: Table, change: Change) -> None:
        kinds.append((change.kind, change.seat))

    svc.listeners.append(listen)
    table = await open_table(svc, games=1, turn=0.01)
    table.settings = Settings(Ruleset.preset(), games=1, turn_seconds=0.01, ai_level="random", autoplay=autoplay)
    await svc.start(CHANNEL, 11, seed=3)
    for _ in range(6000):
        if table.status != "playing":
            break
        await asyncio.sleep(0.01)
    return svc, table, kinds


async def test_timeout_puts_the_seat_in_autoplay_and_the_ai_plays_for_it(store_url):
    """PRODUCT: a warning near the end of the turn, then 托管 until the player acts again."""
    svc, table, kinds = await silent_match(await store_url("e"), autoplay=True)
    async with table.lock:
        assert table.status == "over"  # nobody clicked: 托管 finished the match
    assert ("warning", 0) in kinds or ("warning", 3) in kinds
    assert any(k == "autoplay" for k, _ in kinds)
    assert any(seat.autoplay for seat in table.seats if seat.user_id)
    await svc.store.close()


async def test_store_migrations_and_wal(tmp_path):
    store = await Store.open(tmp_path / "f.sqlite3")
    assert await store.schema_version() == len(MIGRATIONS)
    async with store.db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    await store.close()
    store = await Store.open(tmp_path / "f.sqlite3")  # reopening runs no migration twice
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()


async def test_tables_commit_concurrently_on_one_store(store_url):
    """Many tables share one connection: their transactions are serialised, none is lost."""
    store = await Store.open(await store_url("g"))
    ids = [await store.create_table(GUILD, 500 + i, 1, {}, [None] * 6) for i in range(8)]
    await asyncio.gather(*(
        store.commit(t, revision=r, seats=[None] * 6, state=None, status="lobby", action=(0, 1, f"a{r}"))
        for t in ids for r in range(1, 6)
    ))
    for t in ids:
        assert [r for r, *_ in await store.actions(t)] == [1, 2, 3, 4, 5]
    await store.close()


class Pondering:
    """A searching-level player that takes its time: it would stall every table if it thought on the
    event loop. Module level, so that it pickles into the thinking process."""

    level = "strong"

    def __init__(self, parent: int) -> None:
        self.parent = parent

    def choose(self, view, legal) -> str:
        assert os.getpid() != self.parent, "a searching AI thought in the event loop's process"
        time.sleep(0.3)
        return legal[0]


async def test_a_searching_ai_thinks_off_the_event_loop(store_url):
    """A strong seat's decisions run in another process: meanwhile the loop keeps turning (other
    tables' clicks commit), and the moves it makes are applied and logged like any other."""
    parent = os.getpid()
    svc = await make_service(
        await store_url("s"),
        players=lambda level, seed: Pondering(parent) if level == "strong" else make_player(level, seed),
    )
    moves: list[int] = []

    async def listen(table: Table, change: Change) -> None:
        if change.kind in ("action", "game-over", "match-over") and change.seat == 1:
            moves.append(table.revision)

    svc.listeners.append(listen)
    settings = Settings(Ruleset.preset(), games=1, turn_seconds=60, ai_level="random")
    table = await svc.open(GUILD, CHANNEL, 11, HUMANS[11], settings)
    await svc.sit(CHANNEL, 12, HUMANS[12], seat=3)
    await svc.ready(CHANNEL, 12)
    for seat in (1, 2, 4, 5):
        await svc.add_ai(CHANNEL, 11, seat=seat, level="strong" if seat == 1 else None)
    gaps: list[float] = []

    async def tick() -> None:
        last = time.perf_counter()
        while True:
            await asyncio.sleep(0.01)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    ticker = asyncio.get_running_loop().create_task(tick())
    await svc.start(CHANNEL, 11, seed=6)
    rng = random.Random(2)
    deadline = time.perf_counter() + 60
    while len(moves) < 3 and table.status == "playing" and time.perf_counter() < deadline:
        await ready_up(svc, table)
        seat = table.to_act
        occupant = table.seats[seat] if seat is not None else None
        if occupant is None or occupant.user_id is None:
            await asyncio.sleep(0.01)
            continue
        await svc.act(CHANNEL, occupant.user_id, rng.choice(table.match.legal_actions(seat)), table.revision)
    ticker.cancel()
    assert len(moves) >= 3
    assert max(gaps) < 0.2, max(gaps)  # each decision takes 0.3 s: on the loop it would stall it that long
    logged = {r: (seat, action) for r, seat, _user, action in await svc.store.actions(table.id)}
    assert all(logged[r][0] == 1 for r in moves)
    await svc.shutdown()
    await svc.store.close()


async def test_r13_3_with_autoplay_off_a_timeout_plays_one_safe_move_and_no_tuoguan(store_url):
    """R13.3 table setting: 托管 on time-out can be turned off; the silent seat then gets the safe
    default action of that turn (Match.default_action) and stays its player's."""
    svc, table, kinds = await silent_match(await store_url("g"), autoplay=False)
    async with table.lock:
        assert table.status == "over"  # the humans never clicked: one default move per turn finished it
    assert ("warning", 0) in kinds or ("warning", 3) in kinds
    assert not any(k == "autoplay" for k, _ in kinds)
    assert not any(seat.autoplay for seat in table.seats if seat.user_id)
    assert Settings.from_dict(table.settings.to_dict()).autoplay is False
    await svc.store.close()


async def test_shutdown_completes_while_the_last_move_of_a_match_ends_it(store_url):
    """A move that ends the match removes its table while shutdown waits for that table's lock:
    shutdown still completes (the move committed first), and the store closes."""
    svc = await make_service(await store_url("h"), sleep=lambda s: asyncio.sleep(3600))
    table = await open_table(svc)
    await svc.start(CHANNEL, 11, seed=2)
    m = Match.new(seed=1, games=1)
    while m.phase != "play":
        m.act(m.to_act, m.default_action(m.to_act))
    m.game = Game.from_hands(["3"] * 6, leader=5)
    for seat in (5, 0, 1, 2):
        m.act(seat, "play 3")
    table.match = m  # seat 3 (user 12) holds the match's last card
    last = asyncio.get_running_loop().create_task(svc.act(CHANNEL, 12, "play 3", table.revision))
    await asyncio.sleep(0)  # the move holds the lock and waits for its commit
    await svc.shutdown()
    await last
    assert table.status == "over" and CHANNEL not in svc.tables
    assert (await svc.store.actions(table.id))[-1][3] == "play 3"
    await svc.store.close()


async def test_the_hint_button_searches_in_a_thinking_process_and_suggests_a_legal_action(tmp_path):
    """Issue 17 (the hint uses the stronger player) / issue 16 (the cogs do not call the AI): the
    service's ``hint`` runs ``strong``'s search within its budget off the event loop and answers
    with one of the seat's legal actions; out of turn it has nothing to say, and with no budget it
    is the instant suggestion that orders the panel."""
    svc = await make_service(tmp_path / "h.sqlite3", hint_budget=0.05)
    table = await open_table(svc)
    await svc.start(CHANNEL, 11, seed=6)
    rng = random.Random(4)
    await drive_humans(svc, table, rng, until=lambda t: t.match.phase == "play" and t.to_act in (0, 3))
    seat = table.to_act
    assert seat is not None
    hint = await svc.hint(table, seat)
    assert hint is not None and hint.action in table.match.legal_actions(seat)
    assert svc._thinkers is not None  # it searched in the thinking processes
    assert await svc.hint(table, 3 - seat) is None  # not that seat's turn
    svc.hint_budget = 0.0
    assert await svc.hint(table, seat) == table.suggestion(seat)
    await svc.shutdown()
    await svc.store.close()


async def _kill(store: Store) -> None:
    """What a process dying mid-commit leaves: the transaction's connection gone before its COMMIT
    (PostgreSQL: the writer's server process terminated, and every connection of the pool; SQLite:
    the file's connection closed), and the store's writer stopped where it was."""
    db = store.db
    if isinstance(db, PostgresDatabase):
        conn = db.writer
        admin = await asyncpg.connect(db.url)
        try:  # waits (up to 5 s) until the server process is gone, with any transaction rolled back
            assert await admin.fetchval("SELECT pg_terminate_backend($1, 5000)", conn.get_server_pid())
        finally:
            await admin.close()
        db.pool.terminate()
    else:
        assert isinstance(db, SqliteDatabase)
        if db._checkpointer is not None:
            db._checkpointer.cancel()
        await db.conn.close()
    raise asyncio.CancelledError  # the writer stops here, as a killed process's would


async def test_a_service_killed_mid_commit_loses_nothing_accepted(store_url, monkeypatch):
    """Issue 18, item 3 (the crash-safety promise, on both databases): three tables play; in the
    middle of a group commit the service dies (its transaction written but not committed). A new
    service on the same database restores every table with every change that was accepted (its
    commit returned), nothing of the change being written (no table row ahead of its action log),
    and plays each match on to its end."""
    url = await store_url("k")
    svc = await make_service(url)
    accepted: dict[int, int] = {}
    logged: set[tuple[int, int, str]] = set()
    commit, write = svc.store.commit, svc.store._write
    writes = 0

    async def counted_commit(table_id: int, **kw) -> None:
        await commit(table_id, **kw)
        accepted[table_id] = max(accepted.get(table_id, 0), kw["revision"])
        if kw.get("action") is not None:
            logged.add((table_id, kw["revision"], kw["action"][2]))

    async def dying_write(changes) -> None:
        nonlocal writes
        writes += 1
        await write(changes)
        if writes == 60:  # well into play: every table is past its start
            svc.closed = True  # no move after the death
            await _kill(svc.store)

    monkeypatch.setattr(svc.store, "commit", counted_commit)
    monkeypatch.setattr(svc.store, "_write", dying_write)
    tables = [await open_table(svc, games=2, channel=CHANNEL + i) for i in range(3)]
    for i, table in enumerate(tables):
        await svc.start(table.channel_id, 11, seed=20 + i)

    async def play(table: Table, rng: random.Random) -> None:
        with suppress(Exception):  # a click after the death fails, as the store's connection is gone
            await drive_humans(svc, table, rng, until=lambda t: svc.closed)

    await asyncio.gather(*(play(t, random.Random(i)) for i, t in enumerate(tables)))
    assert writes >= 60
    for table in tables:
        svc._cancel_turn(table)

    store = await Store.open(url)  # what the database holds, before a new service plays on
    for table in tables:
        row, log = await store.table(table.id), await store.actions(table.id)
        assert row is not None and row.revision >= accepted[table.id]
        revisions = [r for r, *_ in log]  # every revision of a match has its action: none written alone
        assert revisions == list(range(revisions[0], row.revision + 1))
        assert {(table.id, r, a) for r, _s, _u, a in log} >= {x for x in logged if x[0] == table.id}
    await store.close()
    svc2 = await make_service(url)
    restored = {t.id: t for t in await svc2.restore()}
    assert set(restored) == {t.id for t in tables}
    for i, back in enumerate(restored.values()):
        await drive_humans(svc2, back, random.Random(10 + i))
        assert back.status == "over" and len(await svc2.store.games_of(back.id)) == 2
    await svc2.store.close()


def _guild(shard: int, count: int, n: int) -> int:
    """A guild id on ``shard`` of ``count`` (Discord's ``(guild_id >> 22) % count``)."""
    return ((n * count + shard) << 22) | n


async def test_two_sharded_services_on_one_database_never_act_on_the_same_table(store_url):
    """Issue 18, item 4: two processes' services on one database, shards 0 and 1–2 of 3. Each opens
    only its own guilds' tables, restores only those after a restart, and plays them to the end
    beside the other — every table's log is one unbroken run of revisions (no move twice, none
    lost). On PostgreSQL a second process claiming a shard already held is refused."""
    url = await store_url("shared")
    first = Shards(frozenset({0}), 3)
    second = Shards.parse("1-2", 3)
    a, b = await make_service(url, shards=first), await make_service(url, shards=second)
    mine: dict[str, list[int]] = {"a": [], "b": []}
    for i, shard in enumerate([0, 1, 2, 0, 2]):
        svc, key = (a, "a") if shard == 0 else (b, "b")
        table = await open_table(svc, channel=CHANNEL + i, guild=_guild(shard, 3, i + 1))
        await svc.start(table.channel_id, 11, seed=30 + i)
        mine[key].append(table.id)
    with pytest.raises(TableError):  # a guild on the other process's shard
        await open_table(a, channel=CHANNEL + 9, guild=_guild(1, 3, 9))
    await asyncio.gather(a.shutdown(), b.shutdown())
    await asyncio.gather(a.store.close(), b.store.close())

    a, b = await make_service(url, shards=first), await make_service(url, shards=second)
    await a.store.claim_shards(first.ids, first.count)
    await b.store.claim_shards(second.ids, second.count)
    if is_postgres(url):
        with pytest.raises(StoreError):
            await a.store.claim_shards([2], 3)
    restored_a, restored_b = await a.restore(), await b.restore()
    assert sorted(t.id for t in restored_a) == mine["a"] and sorted(t.id for t in restored_b) == mine["b"]
    await asyncio.gather(*(drive_humans(svc, t, random.Random(t.id))
                           for svc, tables in ((a, restored_a), (b, restored_b)) for t in tables))
    for t in restored_a + restored_b:
        revisions = [r for r, *_ in await a.store.actions(t.id)]
        assert t.status == "over" and revisions == list(range(revisions[0], t.revision + 1))
    await asyncio.gather(a.store.close(), b.store.close())


def test_shards_parse_and_own_their_guilds():
    assert Shards.parse("0-3", 8).ids == {0, 1, 2, 3} and Shards.parse("1, 4-5", 6).ids == {1, 4, 5}
    assert Shards.parse("2", 3).owns(_guild(2, 3, 7)) and not Shards.parse("2", 3).owns(_guild(1, 3, 7))
    for bad, count in (("0-3", 3), ("x", 2), ("", 2), ("1-", 2)):
        with pytest.raises(ValueError):
            Shards.parse(bad, count)


async def test_a_late_hint_answers_with_the_instant_one(tmp_path, monkeypatch):
    """A click is answered in time (Discord allows 3 s): when the thinking processes are busy or just
    starting, the 提示 gives the instant suggestion after ``HINT_PATIENCE``."""
    svc = await make_service(tmp_path / "late.sqlite3", hint_budget=0.05)

    async def busy(work, *args):
        await asyncio.sleep(3600)

    monkeypatch.setattr(svc, "think", busy)
    monkeypatch.setattr(tables_module, "HINT_PATIENCE", 0.01)
    table = await open_table(svc)
    await svc.start(CHANNEL, 11, seed=6)
    await drive_humans(svc, table, random.Random(4), until=lambda t: t.match.phase == "play" and t.to_act in (0, 3))
    seat = table.to_act
    assert await svc.hint(table, seat) == table.suggestion(seat) is not None
    await svc.shutdown()
    await svc.store.close()
