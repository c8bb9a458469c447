"""pytest's own configuration: the tests' helpers live in ``helpers.py`` and are imported from there."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from discord_fakes import STARTED, close_started


@pytest.fixture(autouse=True)
async def _close_started_bots() -> AsyncIterator[None]:
    """A bot a test started and did not close (it failed half-way) is closed on the test's own loop."""
    yield
    if STARTED:
        await close_started()
