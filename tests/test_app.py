"""The bot around the cog: setup (components, sync), restart (tables back, buttons alive, message
says so), the messenger (one edit per burst, one mention per turn, results at each game's end,
no hand in public) and ``python -m bot`` without a token."""

from __future__ import annotations

import asyncio
import copy
import logging
import threading
from concurrent.futures.process import _ExecutorManagerThread

import discord
import discord.ext.commands
import pytest
from discord_fakes import BURN_AND_LET, HOST, PLAYERS, crafted, finish, playing, ready_all, saved, seated, start_harness

from bot.__main__ import main
from bot.ai import distil
from bot.bench.discord_fakes import CHANNEL, EPHEMERAL, GUILD, components
from bot.discord.app import GoujiBot, shards_from_env
from bot.service import memory
from bot.service.shards import Shards
from bot.service.tables import Change, Table
from cogs.ids import DYNAMIC_ITEMS
from cogs.replay import REPLAY_ITEMS


async def test_setup_registers_components_and_syncs_to_the_test_guild(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch, guild_id=GUILD)
    registered = set(h.bot._connection._view_store._dynamic_items.values())
    assert registered == set(DYNAMIC_ITEMS) | set(REPLAY_ITEMS)  # the replay panel's, from the cog
    puts = [r.path for r in h.fake.requests if r.method == "PUT"]
    assert puts == ["/applications/{application_id}/guilds/{guild_id}/commands"]
    await h.bot.close()


def _syncs(h) -> list[str]:
    return [r.path for r in h.fake.requests if r.method == "PUT" and r.path.endswith("/commands")]


async def test_issue34_2_a_restart_syncs_no_commands_when_nothing_changed(tmp_path, monkeypatch):
    """Discord rate-limits syncing: a start syncs only when the commands' hash differs from the stored one."""
    first = await start_harness(tmp_path, monkeypatch)
    assert _syncs(first) == ["/applications/{application_id}/commands"]
    await first.bot.close()
    again = await start_harness(tmp_path, monkeypatch)
    assert _syncs(again) == []  # the same commands: not synced again
    assert await again.bot.sync_commands(force=True)  # python -m bot sync: whatever the hash says
    assert _syncs(again) == ["/applications/{application_id}/commands"]
    await again.bot.close()
    moved = await start_harness(tmp_path, monkeypatch, guild_id=GUILD)  # another scope: its own hash
    assert _syncs(moved) == ["/applications/{application_id}/guilds/{guild_id}/commands"]
    await moved.bot.close()


async def test_issue34_2_a_changed_command_is_synced_at_the_next_start(tmp_path, monkeypatch):
    first = await start_harness(tmp_path, monkeypatch)
    await first.bot.close()
    again = await start_harness(tmp_path, monkeypatch)
    assert not await again.bot.sync_commands()

    async def ping(interaction: discord.Interaction) -> None: ...

    again.bot.tree.add_command(discord.app_commands.Command(name="ping", description="pong", callback=ping))
    assert await again.bot.sync_commands()  # a command more: a new hash
    assert not await again.bot.sync_commands()
    await again.bot.close()


async def test_issue34_2_only_the_process_with_shard_0_syncs(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    h.bot.own_shards = Shards(frozenset({2, 3}), 4)
    await h.bot.store.set_bot_state("commands:global", "an older tree")
    assert not await h.bot.sync_commands()  # shard 0's process syncs, not this one
    h.bot.own_shards = Shards(frozenset({0, 1}), 4)
    assert await h.bot.sync_commands()
    await h.bot.close()


async def test_restart_restores_the_table_its_buttons_and_says_so(tmp_path, monkeypatch):
    first = await start_harness(tmp_path, monkeypatch)
    table = await seated(first, humans=2)
    await first.service.start(CHANNEL, HOST.id, seed=4)
    await first.settle()
    while table.to_act not in (0, 1):  # pre-play AI decisions run; wait for a human (准备 said: 第八条)
        if table.held():
            await ready_all(first, table)
        await asyncio.sleep(0)
    await first.settle()
    before = copy.deepcopy(first.fake.messages)
    revision, message_id, to_act = table.revision, table.message_id, table.to_act
    await first.bot.close()

    again = await start_harness(tmp_path, monkeypatch, messages=before)
    await again.settle()
    back: Table = again.service.tables[CHANNEL]
    assert (back.revision, back.message_id, back.to_act) == (revision, message_id, to_act)
    assert back.turn_task is not None  # the turn timer runs again
    edits = [r for r in again.fake.requests if r.method == "PATCH" and r.token is None]
    assert edits and "牌桌已恢复" in edits[0].content and "the table is back" in edits[0].content
    msg = again.table_message()
    assert int(msg["id"]) == message_id
    user = PLAYERS[to_act]
    (panel,) = await again.click(user, message_id, again.button(msg, "hand"))
    assert panel.ephemeral and panel.files == ["hand.png"]
    await again.bot.close()


async def test_live_hand_panels_follow_the_game_again_after_a_restart(tmp_path, monkeypatch):
    """An ephemeral panel (through its interaction's token, still valid) and a DM panel (through its
    message) are redrawn at the restore and go on following the game; an ended table forgets them."""
    first = await start_harness(tmp_path, monkeypatch)
    table = await playing(first, crafted(BURN_AND_LET))
    await saved(first, table)  # the crafted position, saved
    msg = first.table_message()
    (opened,) = await first.click(PLAYERS[1], int(msg["id"]), first.button(msg, "hand"))
    ephemeral_id = first.fake.originals[opened.token]
    await first.command(PLAYERS[3], "hand", dm=True)
    dm_id = next(mid for mid, m in first.fake.messages.items() if int(m["channel_id"]) != CHANNEL)
    await first.bot.close()
    before = copy.deepcopy(first.fake.messages)
    for mid in (ephemeral_id, dm_id):
        before[mid]["content"] = "frozen"  # to tell a redrawn panel

    again = await start_harness(tmp_path, monkeypatch, messages=before)
    await again.settle()
    assert all(again.fake.messages[mid]["content"].startswith("**") for mid in (ephemeral_id, dm_id))
    await again.service.act(CHANNEL, PLAYERS[0].id, "play QQQ")  # B (seat 1) may now burn: its panel says so
    await again.settle()
    burn = next(c for c in components(again.fake.messages[ephemeral_id]) if c["custom_id"].split(":")[2] == "burn")
    assert not burn.get("disabled") and again.fake.messages[ephemeral_id]["flags"] & EPHEMERAL
    by_token = [r for r in again.fake.requests if r.token == opened.token and r.method == "PATCH"]
    assert by_token, "the ephemeral panel is edited with its interaction's token"
    assert len(await again.service.store.panels()) == 2
    await again.service.close(CHANNEL, HOST.id)
    await again.settle()
    assert await again.service.store.panels() == []
    await again.bot.close()


async def test_one_edit_per_burst_and_one_mention_per_turn(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch, debounce=0.05)
    changes: list[Change] = []

    async def count(table: Table, change: Change) -> None:
        changes.append(change)

    h.service.listeners.append(count)
    table = await seated(h, humans=1)
    n = len(h.fake.requests)
    await h.service.start(CHANNEL, HOST.id, seed=4)
    await finish(h, table, patient=True)
    edits = [r for r in h.fake.since(n) if r.method == "PATCH" and r.token is None]
    assert len(changes) > 30 and len(edits) < len(changes) / 3
    pings = [r for r in h.fake.since(n) if r.method == "POST" and r.content.startswith("<@11> 轮到你了")]
    mentions = [c for c in changes if c.mention is not None]
    assert 0 < len(pings) <= len(mentions) and all(c.mention == HOST.id for c in mentions)
    assert all(r.data["allowed_mentions"] == {"parse": [], "users": [HOST.id]} for r in pings)
    deletes = [r for r in h.fake.since(n) if r.method == "DELETE"]
    # each mention replaces the last, the last goes when the match ends, and so does the table message: the
    # match's end is posted below the last result (issue 31 item 7)
    assert len(deletes) == len(pings) + 1
    await h.bot.close()


async def test_a_whole_match_posts_results_and_never_shows_a_hand(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await seated(h, humans=2, games=2)
    await h.service.start(CHANNEL, HOST.id, seed=9)
    first_message = table.message_id
    await h.settle()
    await h.click(HOST, first_message, h.button(h.table_message(), "hand"))  # a live panel, all match long
    hands = {table.match.hand(s) for s in range(6) if len(table.match.hand(s)) >= 8}
    await finish(h, table, seed=2)
    public = [r for r in h.fake.requests if not r.ephemeral and r.method in ("POST", "PATCH")
              and (r.token is None or r.path.endswith("/callback"))]
    files = [f for r in public for f in r.files]
    assert files.count("game1.png") == 1 and files.count("game2.png") == 1 and files.count("match.png") == 1
    assert "hand.png" not in files
    for r in public:
        assert not any(hand in r.content for hand in hands)
    private = [r for r in h.fake.requests if "hand.png" in r.files]
    assert private and all(r.ephemeral or h.fake.messages.get(h.fake.originals.get(r.token, 0), {}).get("flags", 0)
                           & EPHEMERAL for r in private)
    assert table.message_id != first_message  # posted anew under the first game's result
    final = h.fake.messages[table.message_id]
    assert "比赛结束" in final["content"] and [c["custom_id"].split(":")[2] for c in components(final)] == ["rematch"]
    assert CHANNEL not in h.service.tables
    await h.bot.close()


async def test_the_time_warning_mentions_the_player(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    table = await seated(h, humans=6)
    await h.service.start(CHANNEL, HOST.id, seed=1)
    await ready_all(h, table)
    await h.settle()
    n = len(h.fake.requests)
    await h.messenger.on_change(table, Change("warning", seat=table.to_act))
    await h.settle()
    (warning,) = [r for r in h.fake.since(n) if r.method == "POST"]
    assert warning.content.startswith(f"<@{PLAYERS[table.to_act].id}> ⏰") and "托管" in warning.content
    for task in asyncio.all_tasks():  # the warning deletes itself later; not within this test
        if task is not asyncio.current_task() and "delete" in repr(task.get_coro()):
            task.cancel()
    await h.bot.close()


def test_without_a_token_python_m_bot_says_how_to_get_one(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    for argv in ([], ["run"]):
        assert main(argv) != 0
        err = capsys.readouterr().err
        assert ".env.example" in err and "python -m bot play" in err and "DISCORD_TOKEN" in err


def test_without_its_ai_model_the_bot_does_not_start(tmp_path, monkeypatch, capsys):
    """Issue 32: the ``basic`` seats' model is read before the bot connects; missing, it says how to rebuild it."""
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(distil, "WEIGHTS", tmp_path / "none.npz")
    distil.model.cache_clear()
    try:
        assert main(["run"]) == 2
    finally:
        distil.model.cache_clear()
    err = capsys.readouterr().err
    assert "missing" in err and "python -m bot.ai.distil_train" in err


def threads_left(before: set[threading.Thread]) -> list[threading.Thread]:
    """Threads started since ``before`` that would keep the process alive (the drawing processes' pool
    has a thread of its own, joined at exit), given a moment to end."""
    left = [t for t in threading.enumerate() if t not in before and not t.daemon
            and not isinstance(t, _ExecutorManagerThread)]
    for t in left:
        t.join(timeout=5)
    return [t for t in left if t.is_alive()]


async def test_close_while_the_last_move_of_a_match_commits_leaves_no_thread_behind(tmp_path, monkeypatch):
    """What ``python -m bot`` does on Ctrl-C, while a click ends the match (and removes its table)."""
    before = set(threading.enumerate())
    h = await start_harness(tmp_path, monkeypatch)
    table = await playing(h, crafted(["3"] * 6, leader=5))
    for seat in (5, 0, 1, 2):
        table.match.act(seat, "play 3")
    last = asyncio.get_running_loop().create_task(h.service.act(CHANNEL, PLAYERS[3].id, "play 3", table.revision))
    await asyncio.sleep(0)  # the move holds the table's lock and waits for its commit
    await h.bot.close()
    await last
    assert table.status == "over" and h.bot.is_closed()
    assert threads_left(before) == []


async def test_close_closes_the_store_even_when_stopping_the_tables_fails(tmp_path, monkeypatch):
    before = set(threading.enumerate())
    h = await start_harness(tmp_path, monkeypatch)
    await seated(h, humans=1)

    async def broken() -> None:
        raise RuntimeError("a table would not stop")

    monkeypatch.setattr(h.service, "shutdown", broken)
    with pytest.raises(RuntimeError):
        await h.bot.close()
    assert h.bot.is_closed() and threads_left(before) == []


async def test_close_closes_the_store_and_logs_when_the_last_updates_fail(tmp_path, monkeypatch, caplog):
    """The messenger's last flush runs as its cog unloads, where discord.py swallows errors: it is logged."""
    before = set(threading.enumerate())
    h = await start_harness(tmp_path, monkeypatch)
    await seated(h, humans=1)

    async def broken() -> None:
        raise RuntimeError("a flush went wrong")

    monkeypatch.setattr(h.messenger, "drain", broken)
    await h.bot.close()
    assert h.bot.is_closed() and threads_left(before) == []
    assert "could not send the last updates" in caplog.text


async def test_no_hand_reaches_the_log_at_debug_level(tmp_path, monkeypatch, caplog):
    """With every logger at DEBUG, a whole match (snapshots of all six hands committed, panels
    drawn) logs no hand: aiosqlite's statements with their parameters, and discord.py's payloads
    (gateway events and HTTP bodies carry the panels), stay below what is logged."""
    with caplog.at_level(logging.DEBUG):
        h = await start_harness(tmp_path, monkeypatch)
        table = await seated(h, humans=2, games=2)
        await h.service.start(CHANNEL, HOST.id, seed=9)
        await h.settle()
        await h.click(HOST, table.message_id, h.button(h.table_message(), "hand"))
        hands = {table.match.hand(s) for s in range(6)}
        await finish(h, table, seed=2)
        await h.bot.close()
    assert len(hands) == 6 and all(len(hand) >= 20 for hand in hands)  # long enough to be told apart
    logged = "\n".join(f"{r.getMessage()} {r.exc_text or ''}" for r in caplog.records)
    assert caplog.records and not [hand for hand in hands if hand in logged]
    for name in ("aiosqlite", "discord.gateway", "discord.http"):
        assert not logging.getLogger(name).isEnabledFor(logging.DEBUG), name


def test_sharding_is_read_from_the_environment(tmp_path):
    """Issue 18, item 4: one process for every shard by default; GOUJI_SHARDS of GOUJI_SHARD_COUNT
    for one of several, passed to discord.py's AutoShardedBot."""
    assert shards_from_env({}) is None
    assert shards_from_env({"GOUJI_SHARDS": "0-3", "GOUJI_SHARD_COUNT": "8"}) == Shards(frozenset(range(4)), 8)
    assert shards_from_env({"GOUJI_SHARD_COUNT": "2"}) == Shards(frozenset({0, 1}), 2)  # every shard of two
    for bad in ({"GOUJI_SHARDS": "0-3"}, {"GOUJI_SHARDS": "0-3", "GOUJI_SHARD_COUNT": "3"},
                {"GOUJI_SHARDS": "a", "GOUJI_SHARD_COUNT": "3"}):
        with pytest.raises(ValueError):
            shards_from_env(bad)
    bot = GoujiBot(db_path=tmp_path / "s.sqlite3", shards=Shards(frozenset({2, 3}), 4))
    assert isinstance(bot, discord.ext.commands.AutoShardedBot)
    assert (bot.shard_ids, bot.shard_count) == ([2, 3], 4)
    assert (GoujiBot(db_path=tmp_path / "t.sqlite3").shard_ids, GoujiBot(db_path=tmp_path / "u.sqlite3").shard_count) \
        == (None, None)  # every shard, as many as Discord recommends


async def test_the_bot_settles_the_collector_after_the_restore_and_stops_keeping_it_at_close(tmp_path, monkeypatch):
    """Issue 18, item 5: after start-up and the restore the collector is settled (bot.service.memory), and
    the task keeping it so ends with the bot."""
    settled: list[str] = []
    monkeypatch.setattr(memory, "settle", lambda: settled.append("settled"))
    h = await start_harness(tmp_path, monkeypatch, tune_memory=True)
    assert settled == ["settled"] and not h.bot.memory_keeper.done()
    await h.bot.close()
    await asyncio.sleep(0)
    assert h.bot.memory_keeper.cancelled()
