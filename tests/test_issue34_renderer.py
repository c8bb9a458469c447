"""Issue 34 §1: pictures are drawn in processes of their own, off the event loop's process, and a drawing
process that dies is replaced without losing the picture asked for."""

from __future__ import annotations

import os
import signal
from functools import partial

from bot.engine import Match
from cogs.renderer import Renderer
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
