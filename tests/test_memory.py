"""The collector as a process of many tables runs it (issue 18, item 5): frozen after start-up and
the restore, young collections less often, survivors frozen as the tables play, and everything
collected again now and then so that garbage frozen meanwhile is reclaimed. (How fast: ``bench tables``.)"""

from __future__ import annotations

import asyncio
import gc

import pytest

from bot.service import memory


@pytest.fixture
def collector():
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_settle_freezes_what_start_up_left_and_collects_less_often(collector):
    gc.unfreeze()
    memory.settle()
    assert gc.get_freeze_count() > 1000 and gc.get_threshold() == memory.THRESHOLDS


class _Cycle:
    def __init__(self) -> None:
        self.me = self


async def test_survivors_are_frozen_and_frozen_garbage_is_reclaimed_at_the_full_collection(collector):
    gc.unfreeze()
    gc.collect()
    keeper = asyncio.get_running_loop().create_task(memory.keep_settled(freeze_every=0.01, unfreeze_every=3600))
    cycle = _Cycle()
    await asyncio.sleep(0.05)
    keeper.cancel()
    assert gc.get_freeze_count() > 0
    del cycle  # garbage now, but frozen: no collection finds it
    gc.collect()
    gc.unfreeze()
    assert any(isinstance(o, _Cycle) for o in gc.get_objects())  # still there: a frozen cycle is never collected
    gc.freeze()
    keeper = asyncio.get_running_loop().create_task(memory.keep_settled(freeze_every=0.01, unfreeze_every=0))
    await asyncio.sleep(0.05)
    keeper.cancel()
    gc.unfreeze()
    assert not any(isinstance(o, _Cycle) for o in gc.get_objects())  # the full collection reclaimed it
