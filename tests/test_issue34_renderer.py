"""Issue 34 §1: pictures are drawn in processes of their own, off the event loop's process, at a lower
priority, the answer to a press before the redraws; a drawing process that dies is replaced without losing
the picture asked for."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from functools import partial

import pytest

from bot.engine import Match
from cogs.renderer import AHEAD, ANSWER, NICE, Renderer
from render import TableExtras, render_table


async def test_a_picture_is_drawn_in_another_process_and_a_dead_one_is_replaced():
    renderer = Renderer(1)
    try:
        first = await renderer.draw(os.getpid)  # any call that pickles: here, which process ran it
        assert first != os.getpid() and renderer.pids() == [first]
        m = Match.new(seed=3, games=1)
        picture = partial(render_table, m.view(0), TableExtras(names=["甲", "乙", "丙", "丁", "戊", "己"]))
        assert await renderer.draw(picture) == picture()  # the same PNG as drawn here
        os.kill(first, signal.SIGKILL)
        again = await renderer.draw(os.getpid)
        assert again not in (first, os.getpid())
    finally:
        for pid in renderer.pids():
            os.kill(pid, signal.SIGKILL)


async def test_the_drawing_processes_start_warm_before_the_first_picture():
    """Issue 34 §1: every drawing process is started, and has drawn its first picture, before a player waits."""
    renderer = Renderer(2)
    try:
        await renderer.start()
        assert len(renderer.pids()) == 2 and os.getpid() not in renderer.pids()
    finally:
        for pid in renderer.pids():
            os.kill(pid, signal.SIGKILL)


async def test_the_drawing_processes_yield_the_cores_to_the_event_loop():
    """Issue 34 §1: drawing runs at a lower priority than the bot, so a busy machine still answers clicks."""
    renderer = Renderer(1)
    try:
        assert await renderer.draw(partial(os.nice, 0)) == os.nice(0) + NICE
    finally:
        for pid in renderer.pids():
            os.kill(pid, signal.SIGKILL)


async def test_a_picture_that_answers_a_press_goes_before_the_waiting_redraws():
    """Issue 34 §1: the answer to a click waits for at most the pictures already given to the pool (``AHEAD``
    a process), never for the queue of redraws behind them."""
    renderer = Renderer(0)  # one drawing thread: the order is the order drawn
    gate, drawn = threading.Event(), []

    def picture(name: str) -> bytes:
        if name == "first":
            gate.wait(5)
        drawn.append(name)
        return name.encode()

    asked = [asyncio.ensure_future(renderer.draw(partial(picture, "first")))]
    asked += [asyncio.ensure_future(renderer.draw(partial(picture, f"redraw {i}"))) for i in range(5)]
    await asyncio.sleep(0.05)
    answer = asyncio.ensure_future(renderer.draw(partial(picture, "answer"), ANSWER))
    await asyncio.sleep(0.05)
    gate.set()
    assert await answer == b"answer"
    await asyncio.gather(*asked)
    ahead = AHEAD - 1  # given to the pool with the first, before the answer was asked
    assert drawn == ["first", *[f"redraw {i}" for i in range(ahead)], "answer",
                     *[f"redraw {i}" for i in range(ahead, 5)]]


async def test_a_failed_picture_is_the_caller_s_error_and_the_queue_goes_on():
    renderer = Renderer(0)

    def broken() -> bytes:
        raise OSError("no font")

    with pytest.raises(OSError, match="no font"):
        await renderer.draw(broken)
    assert await renderer.draw(lambda: b"next") == b"next"
