"""The tests' side of the offline Discord (``bot.bench.discord_fakes``): a harness started under
pytest's ``monkeypatch``, the players, and tables seated, crafted and played to the end.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from bot.bench.discord_fakes import CHANNEL, FakeDiscord, Harness, User, start
from bot.discord.app import GoujiBot
from bot.engine import Game, Match
from bot.service.tables import Table

STARTED: list[GoujiBot] = []
"""Every bot a test started: ``close_started`` closes those a failing test left open (their store's
thread would keep pytest from exiting)."""


async def close_started() -> None:
    while STARTED:
        bot = STARTED.pop()
        if not bot.is_closed():
            await bot.close()


async def start_harness(tmp_path: Path, monkeypatch: Any, debounce: float = 0.01, guild_id: int | None = None,
                        messages: dict[int, dict[str, Any]] | None = None, tune_memory: bool = False) -> Harness:
    """A bot through ``setup_hook`` (store on ``tmp_path``, fast random AI), never connected;
    ``messages`` are what Discord already holds (from a run before a restart)."""
    fake = FakeDiscord()
    fake.messages.update(messages or {})
    h = await start(fake, tmp_path / "gouji.sqlite3", monkeypatch.setattr, debounce=debounce, guild_id=guild_id,
                    tune_memory=tune_memory)
    STARTED.append(h.bot)
    return h


# ---------------------------------------------------------------------- tables for the tests
PLAYERS = [User(11 + i, name) for i, name in enumerate("甲乙丙丁戊己")]
HOST = PLAYERS[0]
BURN_AND_LET = ["33QQQ5", "3AAA", "337", "33KKK", "338", "339"]
"""Seat 0 leads QQQ (够级); seat 1 may burn it with AAA (烧牌); seat 3, its 对家, may answer or let."""


def crafted(hands: list[str], leader: int = 0, seed: int = 1) -> Match:
    """A one-game match whose play starts from ``hands`` (the phases before play done by defaults)."""
    m = Match.new(seed=seed, games=1)
    while m.phase != "play":
        m.act(m.to_act, m.default_action(m.to_act))
    m.game = Game.from_hands(hands, leader=leader)
    return m


async def seated(h: Harness, humans: int = 6, games: int = 1, seats: str = "choose") -> Table:
    """A table opened by ``/gouji open`` with ``humans`` players (PLAYERS order), each 准备, and random AI
    in the rest."""
    await h.command(HOST, "open", games=games, ai="random", seats=seats)
    for i, user in enumerate(PLAYERS[1:humans], 1):
        await h.service.sit(CHANNEL, user.id, user.name, seat=i)
        await h.service.ready(CHANNEL, user.id)  # 准备 (第八条)
    for seat in range(humans, 6):
        await h.service.add_ai(CHANNEL, HOST.id, seat=seat)
    await h.settle()
    return h.service.tables[CHANNEL]


def put(table: Table, match: Match) -> None:
    """``match`` (e.g. ``crafted(...)``) in place of the dealt one, its players having said 准备 (第八条)."""
    table.match = match
    for seat in table.seats:
        assert seat is not None
        seat.ready = True


async def playing(h: Harness, match: Match | None = None, seed: int = 1) -> Table:
    """Six humans, started; ``match`` (e.g. ``crafted(...)``) replaces the dealt one."""
    table = await seated(h)
    await h.service.start(CHANNEL, HOST.id, seed=seed)
    if match is not None:
        put(table, match)
    await h.settle()
    await h.messenger.flush(table.id)
    return table


async def saved(h: Harness, table: Table) -> None:
    """Commit the table's crafted position, so that a restart finds it (``playing`` puts it in memory only)."""
    await h.service.store.commit(table.id, revision=table.revision, seats=table.seats_dicts(),
                                 state=table.match.to_json(), status="playing")


async def finish(h: Harness, table: Table, seed: int = 0, patient: bool = False) -> None:
    """Play the humans' turns with random legal actions through the service until the match ends;
    ``patient`` players wait for the table message to show their turn before acting."""
    rng = random.Random(seed)
    while table.status == "playing":
        if table.held():  # 第八条: everyone says 准备 before the first lead
            await ready_all(h, table)
        seat = table.to_act
        occupant = table.seats[seat] if seat is not None else None
        if occupant is None or occupant.user_id is None:
            await asyncio.sleep(0)
            continue
        if patient:
            await h.settle()
        await h.service.act(CHANNEL, occupant.user_id, rng.choice(list(table.match.legal_actions(seat))),
                            table.revision)
    async with table.lock:  # an AI's last move says "over" before its commit returns and its posts begin
        pass
    await h.settle()


async def ready_all(h: Harness, table: Table) -> None:
    """Every player who has not said 准备 before this game's first lead says it (第八条)."""
    for s in table.unready():
        await h.service.ready(CHANNEL, table.user_of(s))


async def panel_of(h: Harness, user: User) -> tuple[int, dict[str, Any]]:
    """Open the user's hand panel with the table message's 我的手牌; its message id and payload."""
    table_msg = h.table_message()
    responses = await h.click(user, int(table_msg["id"]), h.button(table_msg, "hand"))
    assert len(responses) == 1 and responses[0].type == 4 and responses[0].ephemeral  # a new message, ephemeral
    mid = h.fake.originals[responses[0].token]
    return mid, h.fake.messages[mid]
