"""The table service end to end with a real SQLite file: lobby, whole matches with AI seats and
scripted humans, restart in the middle, concurrent and stale clicks, refusals, the league (R10.5)."""

from __future__ import annotations

import asyncio
import os
import random
import time

import pytest

from bot.ai import make_player
from bot.engine import Game, IllegalAction, Match, Ruleset
from bot.store import MIGRATIONS, Store
from bot.tables import Change, Settings, Table, TableError, TableService

GUILD, CHANNEL = 1, 100
HUMANS = {11: "甲", 12: "乙"}


async def fast_sleep(seconds: float) -> None:
    """AI delays (0 s here) and tiny turn timers pass at once; a real turn timer never fires in a test."""
    await asyncio.sleep(0 if seconds < 1 else 3600)


async def make_service(path, **kw) -> TableService:
    store = await Store.open(path)
    return TableService(store, sleep=kw.pop("sleep", fast_sleep), ai_delay=(0, 0), rng=random.Random(3), **kw)


async def open_table(svc: TableService, games: int = 1, turn: float = 60) -> Table:
    settings = Settings(Ruleset.preset(), games=games, turn_seconds=turn, ai_level="random")
    table = await svc.open(GUILD, CHANNEL, 11, HUMANS[11], settings)
    await svc.sit(CHANNEL, 12, HUMANS[12], seat=3)
    await svc.ready(CHANNEL, 12)
    for seat in (1, 2, 4, 5):
        await svc.add_ai(CHANNEL, 11, seat=seat)
    return table


async def drive_humans(svc: TableService, table: Table, rng: random.Random, until=lambda t: False) -> None:
    """Play the humans' turns with random legal actions (carrying the revision) until the match ends.
    Bounded by time, not by turns of the loop: AI seats and commits take what a loaded machine gives."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 120
    while loop.time() < deadline:
        if table.status != "playing" or until(table):
            async with table.lock:  # let a change in flight finish its commit
                return
        seat = table.to_act
        occupant = table.seats[seat] if seat is not None else None
        if occupant is None or occupant.user_id is None:
            await asyncio.sleep(0.001)
            continue
        m = table.match
        action = rng.choice(list(m.legal_actions(seat)) if m.phase != "play" else m.legal_actions(seat))
        await svc.act(CHANNEL, occupant.user_id, action, table.revision)
    raise AssertionError("the match did not end")


async def test_whole_match_through_the_service_writes_games_and_league(tmp_path):
    svc = await make_service(tmp_path / "g.sqlite3")
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


async def test_restart_in_the_middle_finishes_identically(tmp_path):
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

    full, revisions = await run(tmp_path / "a.sqlite3", None)
    resumed, revisions2 = await run(tmp_path / "b.sqlite3", 40)
    assert resumed == full and revisions2 == revisions


async def test_concurrent_clicks_on_one_turn_apply_exactly_one(tmp_path):
    svc = await make_service(tmp_path / "c.sqlite3", sleep=lambda s: asyncio.sleep(3600))
    table = await open_table(svc)
    await svc.start(CHANNEL, 11, seed=2)
    for _ in range(200):  # play the pre-play phases by hand until a human must act in play
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


async def test_refusals_change_nothing(tmp_path):
    svc = await make_service(tmp_path / "d.sqlite3", sleep=lambda s: asyncio.sleep(3600))
    table = await open_table(svc)
    with pytest.raises(TableError, match="只有桌主"):
        await svc.start(CHANNEL, 12)
    with pytest.raises(TableError, match="已经有一桌"):
        await svc.open(GUILD, CHANNEL, 12, "乙")
    await svc.start(CHANNEL, 11, seed=2)
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


async def test_timeout_puts_the_seat_in_autoplay_and_the_ai_plays_for_it(tmp_path):
    """PRODUCT: a warning near the end of the turn, then 托管 until the player acts again."""
    svc, table, kinds = await silent_match(tmp_path / "e.sqlite3", autoplay=True)
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


async def test_tables_commit_concurrently_on_one_store(tmp_path):
    """Many tables share one connection: their transactions are serialised, none is lost."""
    store = await Store.open(tmp_path / "g.sqlite3")
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


async def test_a_searching_ai_thinks_off_the_event_loop(tmp_path):
    """A strong seat's decisions run in another process: meanwhile the loop keeps turning (other
    tables' clicks commit), and the moves it makes are applied and logged like any other."""
    parent = os.getpid()
    svc = await make_service(
        tmp_path / "s.sqlite3",
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


async def test_r13_3_with_autoplay_off_a_timeout_plays_one_safe_move_and_no_tuoguan(tmp_path):
    """R13.3 table setting: 托管 on time-out can be turned off; the silent seat then gets the safe
    default action of that turn (Match.default_action) and stays its player's."""
    svc, table, kinds = await silent_match(tmp_path / "g.sqlite3", autoplay=False)
    async with table.lock:
        assert table.status == "over"  # the humans never clicked: one default move per turn finished it
    assert ("warning", 0) in kinds or ("warning", 3) in kinds
    assert not any(k == "autoplay" for k, _ in kinds)
    assert not any(seat.autoplay for seat in table.seats if seat.user_id)
    assert Settings.from_dict(table.settings.to_dict()).autoplay is False
    await svc.store.close()


async def test_shutdown_completes_while_the_last_move_of_a_match_ends_it(tmp_path):
    """A move that ends the match removes its table while shutdown waits for that table's lock:
    shutdown still completes (the move committed first), and the store closes."""
    svc = await make_service(tmp_path / "h.sqlite3", sleep=lambda s: asyncio.sleep(3600))
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
