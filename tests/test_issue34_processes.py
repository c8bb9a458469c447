"""Issue 34 §2: several processes that behave as one bot — logins paced across processes, and a
process with another shard count refused while others run (resharding: stop all, restart)."""

from __future__ import annotations

import asyncio

import pytest
from discord_fakes import BURN_AND_LET, HOST, crafted, playing

from bot.bench.discord_fakes import CHANNEL, GUILD, FakeDiscord, components, start
from bot.service.shards import Shards, shard_of
from bot.service.store import Store, StoreError


def _postgres(url: str) -> bool:
    return url.startswith("postgresql://")


async def test_issue34_2_an_identify_turn_is_kept_for_its_hold_across_processes(store_url):
    """Two processes' stores on one database: the second waits for the first's turn of a bucket to end
    (Discord: one IDENTIFY per bucket every 5 s); another bucket does not wait."""
    url = await store_url("identify")
    a = await Store.open(url)
    b = await Store.open(url) if _postgres(url) else a  # SQLite serves one process: its turns are its own
    try:
        await a.take_identify_turn(0, hold=1.0)
        second = asyncio.create_task(b.take_identify_turn(0, hold=0.05))
        await asyncio.sleep(0.3)
        assert not second.done()  # bucket 0 is still the first's
        await asyncio.wait_for(b.take_identify_turn(1, hold=0.05), 2)  # bucket 1 is free
        await asyncio.wait_for(second, 5)
    finally:
        await a.close()
        if b is not a:
            await b.close()


async def test_issue34_2_a_process_with_another_shard_count_is_refused_while_others_run(store_url):
    url = await store_url("reshard")
    if not _postgres(url):
        pytest.skip("one SQLite file serves one process: there is nothing to claim")
    first, other = await Store.open(url), await Store.open(url)
    await first.claim_shards([0, 1], 4)
    with pytest.raises(StoreError, match="reshard"):
        await other.claim_shards([2, 3], 8)  # 8 shards while a process runs with 4: its locks would be keyed apart
    await other.claim_shards([2, 3], 4)  # the same count: it may run beside
    await asyncio.gather(first.close(), other.close())

    alone = await Store.open(url)  # every process stopped: the first to start records the new count
    await alone.claim_shards([0, 1, 2, 3], 8)
    late = await Store.open(url)
    with pytest.raises(StoreError, match="reshard"):
        await late.claim_shards([4], 4)
    await asyncio.gather(alone.close(), late.close())


async def test_issue34_2_a_dm_click_on_another_process_table_is_answered_once_and_applied_once(store_url, monkeypatch):
    """Discord gives every direct-message interaction to shard 0. Two bots on one PostgreSQL, shards apart:
    a DM panel of a table the second owns is clicked at the first, which hands the click over; the owner
    applies it and answers it by its token — once."""
    url = await store_url("dm")
    if not _postgres(url):
        pytest.skip("one SQLite file serves one process: every table is its own")
    owner_shard = shard_of(GUILD, 2)
    fake = FakeDiscord()
    owner = await start(fake, url, monkeypatch.setattr, shards=Shards(frozenset({owner_shard}), 2))
    zero = await start(fake, url, monkeypatch.setattr, shards=Shards(frozenset({1 - owner_shard}), 2))
    try:
        table = await playing(owner, crafted(BURN_AND_LET))
        await owner.command(HOST, "hand", dm=True)  # a guild command: the owner's shard gets it
        dm_id = next(mid for mid, m in fake.messages.items() if int(m["channel_id"]) != CHANNEL)
        plays = next(c for c in components(fake.messages[dm_id]) if c["type"] == 3)
        revision = table.revision
        assert not zero.service.holds(table.id)

        payload = zero.interaction(3, {"custom_id": plays["custom_id"], "component_type": 3, "values": ["QQQ"]},
                                   HOST, fake.messages[dm_id])
        zero.deliver(payload)  # Discord's DM delivery: to the process running shard 0
        for _ in range(500):
            if fake.responses(payload["token"]):
                break
            await asyncio.sleep(0.01)
        await owner.settle()
        answers = [r for r in fake.responses(payload["token"]) if r.path.endswith("/callback")]
        assert len(answers) == 1  # answered once, by the owner
        logged = [a for *_, a in await owner.service.store.actions(table.id) if a == "play QQQ"]
        assert table.revision == revision + 1 and len(logged) == 1  # applied once
    finally:
        await zero.bot.close()
        await owner.bot.close()
