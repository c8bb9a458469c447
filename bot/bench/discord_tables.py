"""End-to-end load benchmark: ``python -m bot.bench tables --discord`` (issue 34).

``bench tables`` times the table service and the store alone; a real table also draws pictures and
talks to Discord, and that is most of its cost. Here N tables run through the whole bot — its
cogs, messenger, drawing processes, service and store — on the offline Discord of
``bot.bench.discord_fakes``, which answers every request at once. Each table has a channel of its
own, three AI seats (``basic``, the service's own delay of 0.8–1.6 s a move) and three scripted
humans who each open a hand panel (an ephemeral message the messenger keeps redrawing) and play
from it as a person would: wait until the panel shows the table as it is, think a second, press
one of the choices it offers (a play, 过, 让, a choice before play, 准备), and wait for the answer.

Measured over a window in which every table is playing and every panel is open:
- CPU per move (a move: any committed action, the AI's included), split into engine (``bot.engine``,
  ``bot.ai``), store, render (the drawing processes, ``cogs.renderer``), Discord layer (discord.py, the cogs, the
  messenger) and the service with the event loop; the fake Discord and the scripted players are the
  bench's, not the bot's, and are left out (``bot.bench.cpu`` says how the event loop's share is found);
- click → answered: from a human's press being due to Discord receiving the interaction's answer;
- move → pictures: from a move's commit until every picture that must show it has been sent — the
  table message, and each live hand panel of that table (a panel's key holds the revision: every
  move redraws it) — each by a picture drawn from the table as it was after the move; a move not
  shown by the window's end counts with the time it has waited, once that is past 2 s.

Then, unless ``--tables`` names the counts, a search for the largest N whose p99 move → pictures
stays under 2 s (doubling, then halving the gap, within ``--minutes``). What no fake can show:
the network itself, and discord.py's upload of the files (the fake takes the request before aiohttp
would build it).
"""

from __future__ import annotations

import asyncio
import gc
import math
import random
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.bench.cpu import LoopSampler, clocks_between, process_clocks, share, thread_clocks
from bot.bench.discord_fakes import GUILD, FakeDiscord, Harness, Request, User, components, start
from bot.bench.tables import _database
from bot.engine import Ruleset
from bot.service.db import is_postgres
from bot.service.tables import Change, Settings, Table
from cogs.renderer import REDRAW, RENDERER
from cogs.views import Card

HUMANS = (0, 1, 2)
"""The scripted humans' seats; the AI sits in the others."""
AI_LEVEL = "basic"
THINK = 1.0
"""Seconds a scripted human looks at an up-to-date panel before pressing (table speed)."""
AI_DELAY = (0.8, 1.6)
"""The service's own pause before an AI move, as in play."""
DEBOUNCE = 1.0
"""The messenger's, as the bot runs it: one edit of a message per second at most."""
SETUP_LIMIT = 600.0
"""Seconds a table may take to show its first 我的手牌 while the others are opened and started."""
LIMIT = 2.0
"""Seconds: a process sustains N tables when its p99 move → pictures stays under this."""
MOVES = frozenset({"action", "game-over", "match-over"})
"""The changes that are moves."""
PANEL_ONLY = frozenset({"hand", "burn", "hint", "refresh", "custom", "resume", "rematch"})
"""Panel buttons that are no action of the game: a scripted human does not press them."""
BUTTON = re.compile(r"gouji:\d+:(?P<action>[^:]+):(?P<revision>\d+)")
LAYERS = (
    ("bot.bench", "bench"),  # the fake Discord and the scripted players: not the bot's
    ("bot.engine", "engine"), ("bot.ai", "engine"),
    ("bot.service.store", "store"), ("bot.service.db", "store"), ("aiosqlite", "store"), ("asyncpg", "store"),
    ("sqlite3", "store"),
    ("render", "render"), ("PIL", "render"),
    ("cogs", "discord"), ("bot.discord", "discord"), ("discord", "discord"), ("aiohttp", "discord"),
    ("bot.service", "service"), ("bot.logs", "service"), ("asyncio", "service"),
)
"""Module prefixes by layer, for the event loop's samples (``bot.bench.cpu``)."""
SHOWN = ("engine", "store", "render", "discord", "service")
WORDS = {"engine": "engine", "store": "store", "render": "render", "discord": "Discord layer",
         "service": "service & event loop"}


@dataclass
class _Move:
    at: float
    waiting: int
    shown: float = 0.0


class _Signal:
    """Wakes whoever waits on a table when any message of it changes."""

    def __init__(self) -> None:
        self.event = asyncio.Event()

    def fire(self) -> None:
        self.event.set()
        self.event = asyncio.Event()


@dataclass
class _Recorder:
    """What the fake Discord and the service tell the bench: clicks answered, moves and the pictures
    that show them. A target is a table's message ``(channel, 0)`` or a user's panel ``(channel, user)``."""

    start: float = math.inf
    end: float = math.inf
    tokens: dict[str, int] = field(default_factory=dict)
    """The user of each of the bench's interactions, by token."""
    answered: dict[str, float] = field(default_factory=dict)
    made: dict[int, float] = field(default_factory=dict)
    """When each picture's card was turned into a file, by the file's id: the table as it was then."""
    panels: dict[int, set[int]] = field(default_factory=dict)
    """Users with a live panel, by channel."""
    pending: dict[tuple[int, int], deque[tuple[float, _Move]]] = field(default_factory=dict)
    moves: list[_Move] = field(default_factory=list)
    drawn: int = 0
    """Pictures drawn in the window; ``kept`` counts the redraws skipped as the same picture (``Card.key``)."""
    signals: dict[int, _Signal] = field(default_factory=dict)

    def signal(self, channel: int) -> _Signal:
        return self.signals.setdefault(channel, _Signal())

    def watch(self, request: Request, files: Sequence[discord.File]) -> None:
        now = time.perf_counter()
        token, channel, user = request.token, request.channel or 0, 0
        if token is not None:
            if request.path.endswith("/callback") and token not in self.answered:
                self.answered[token] = now
            user = self.tokens.get(token, 0)
        for f in files:
            made = self.made.pop(id(f), None)
            picture = f.filename in ("hand.png", "match.png") if user else f.filename in ("table.png", "match.png")
            if made is not None and picture:
                self._shown((channel, user), made, now)
        if channel:
            self.signal(channel).fire()

    def _shown(self, target: tuple[int, int], made: float, now: float) -> None:
        queue = self.pending.get(target)
        while queue and queue[0][0] <= made:
            _, move = queue.popleft()
            move.waiting -= 1
            move.shown = max(move.shown, now)

    async def on_change(self, table: Table, change: Change) -> None:
        """A service listener (after the messenger's): each move in the window waits for its pictures."""
        now = time.perf_counter()
        if change.kind not in MOVES or not self.start <= now < self.end:
            return
        targets = [(table.channel_id, 0)] + [(table.channel_id, u) for u in self.panels.get(table.channel_id, ())]
        move = _Move(now, len(targets))
        self.moves.append(move)
        for t in targets:
            self.pending.setdefault(t, deque()).append((now, move))

    def move_latencies(self, closed: float) -> tuple[list[float], int]:
        """Seconds from each move to its last picture; a move older than ``LIMIT`` still waiting when
        the window ``closed`` counts with its wait so far (the number of those is returned too)."""
        out, late = [], 0
        for m in self.moves:
            if m.waiting <= 0:
                out.append(m.shown - m.at)
            elif closed - m.at >= LIMIT:
                out.append(closed - m.at)
                late += 1
        return out, late


@contextmanager
def _patched(recorder: _Recorder) -> Iterator[Callable[[Any, str, Any], None]]:
    """Attributes set for one run and restored after it: the fakes' webhook route, and ``Card.file``
    noting when each picture's card was drawn from the table (the time the picture shows)."""
    saved: list[tuple[Any, str, Any]] = []

    def patch(obj: Any, name: str, value: Any) -> None:
        saved.append((obj, name, obj.__dict__[name]))
        setattr(obj, name, value)

    drawn = Card.file

    async def file(card: Card, need: int = REDRAW) -> discord.File:
        made = time.perf_counter()
        f = await drawn(card, need)
        recorder.made[id(f)] = made
        recorder.drawn += recorder.start <= made < recorder.end
        return f

    patch(Card, "file", file)
    try:
        yield patch
    finally:
        for obj, name, value in reversed(saved):
            setattr(obj, name, value)


def _choices(message: dict[str, Any] | None, revision: int) -> list[dict[str, Any]]:
    """What a human may press on a panel that shows the table at ``revision``: each as the data of
    the interaction (a button, or one value of a select)."""
    out: list[dict[str, Any]] = []
    for c in components(message or {}):
        m = BUTTON.fullmatch(c.get("custom_id", ""))
        if m is None or int(m["revision"]) != revision or c.get("disabled"):
            continue
        if c["type"] == 2 and m["action"] not in PANEL_ONLY:
            out.append({"custom_id": c["custom_id"], "component_type": 2})
        elif c["type"] == 3 and m["action"] in ("plays", "choose"):
            out += [{"custom_id": c["custom_id"], "component_type": 3, "values": [o["value"]]} for o in c["options"]]
    return out


async def _wait(signal: _Signal, until: float) -> bool:
    """Wait for the table's next message change; False once ``until`` has passed."""
    left = until - time.perf_counter()
    if left <= 0:
        return False
    with suppress(TimeoutError):
        await asyncio.wait_for(signal.event.wait(), left)
    return time.perf_counter() < until


async def _press(h: Harness, rec: _Recorder, user: User, message: dict[str, Any], data: dict[str, Any],
                 channel: int, until: float) -> str:
    """Press, and wait (as a person does) until Discord has the answer; the token."""
    payload = h.interaction(3, data, user, message)
    rec.tokens[payload["token"]] = user.id
    h.deliver(payload)
    while payload["token"] not in rec.answered and await _wait(rec.signal(channel), until):
        pass
    return str(payload["token"])


async def _human(h: Harness, rec: _Recorder, table: Table, user: User, rng: random.Random, think: float,
                 clicks: list[float], opened: asyncio.Semaphore) -> None:
    """One scripted human: opens a hand panel from the table message, then plays from it."""
    channel, fake = table.channel_id, h.fake
    signal = rec.signal(channel)
    setup = time.perf_counter() + SETUP_LIMIT
    while not any(":hand:" in c.get("custom_id", "") for c in components(fake.messages.get(table.message_id or 0, {}))):
        if not await _wait(signal, setup):
            raise RuntimeError(f"table {table.id}: no 我的手牌 on its message after {SETUP_LIMIT:g} s")
    message = fake.messages[table.message_id or 0]
    button = next(c for c in components(message) if ":hand:" in c.get("custom_id", ""))
    token = await _press(h, rec, user, message, {"custom_id": button["custom_id"], "component_type": 2}, channel,
                         setup)
    panel = fake.originals[token]
    rec.panels.setdefault(channel, set()).add(user.id)
    opened.release()
    pressed: set[tuple[int, str]] = set()  # 准备 stands once said: not pressed again while the panel shows it
    while table.status == "playing" and time.perf_counter() < rec.end:
        revision = table.revision
        choices = [c for c in _choices(fake.messages.get(panel), revision)
                   if (revision, c["custom_id"]) not in pressed]
        if not choices:
            await _wait(signal, rec.end)
            continue
        seen = fake.messages[panel]
        due = time.perf_counter() + think
        await asyncio.sleep(think)
        choice = rng.choice(choices)
        pressed.add((revision, choice["custom_id"]))
        token = await _press(h, rec, user, seen, choice, channel, rec.end)
        if due >= rec.start and token in rec.answered:
            clicks.append(rec.answered[token] - due)


async def run(tables: int, seconds: float, seed: int = 1, db: str | None = None, think: float = THINK,
              ai_delay: tuple[float, float] = AI_DELAY, debounce: float = DEBOUNCE) -> dict[str, Any]:
    """Open ``tables`` tables, start them at random moments over one turn's length (so that they are
    not in step), wait until every human has a live panel, then measure for ``seconds``."""
    async def sleep(s: float) -> None:  # AI delays as given; turn timers never fire during the run
        await asyncio.sleep(s if s < 30 else 3600)

    rec = _Recorder()
    rng = random.Random(seed)
    thresholds = gc.get_threshold()
    async with _database(db) as url:
        fake = FakeDiscord(record=False, watch=rec.watch)
        with _patched(rec) as patch:
            h = await start(fake, url, patch, debounce=debounce, tune_memory=True,
                            service_options={"ai_delay": ai_delay, "sleep": sleep, "rng": random.Random(seed)})
            try:
                return await _measure(h, rec, rng, tables, seconds, seed, think, ai_delay)
            finally:
                await h.bot.close()
                gc.unfreeze()
                gc.set_threshold(*thresholds)


async def _measure(h: Harness, rec: _Recorder, rng: random.Random, tables: int, seconds: float, seed: int,
                   think: float, ai_delay: tuple[float, float]) -> dict[str, Any]:
    svc = h.service
    svc.listeners.append(rec.on_change)
    opened: list[tuple[Table, list[User]]] = []
    for i in range(tables):
        channel = 710_000_000_000_000_000 + i
        h.fake.guild_channels.add(channel)
        users = [User(1_000_000 + 10 * i + k, f"玩家{i}-{k}") for k in range(len(HUMANS))]
        settings = Settings(Ruleset.preset(), games=4, turn_seconds=60, ai_level=AI_LEVEL)
        table = await svc.open(GUILD, channel, users[0].id, users[0].name, settings)
        for user, seat in zip(users[1:], HUMANS[1:], strict=True):
            await svc.sit(channel, user.id, user.name, seat=seat)
            await svc.ready(channel, user.id)
        for seat in range(6):
            if seat not in HUMANS:
                await svc.add_ai(channel, users[0].id, seat=seat)
        await h.messenger.flush(table.id)
        opened.append((table, users))
    ramp = think + ai_delay[1]
    clicks: list[float] = []
    panels = asyncio.Semaphore(0)

    async def play(i: int, table: Table, users: list[User]) -> None:
        await asyncio.sleep(rng.uniform(0, ramp))
        await svc.start(table.channel_id, users[0].id, seed=seed + i)
        await asyncio.gather(*(_human(h, rec, table, u, random.Random(rng.random()), think, clicks, panels)
                               for u in users))

    async def all_open() -> None:
        for _ in range(tables * len(HUMANS)):
            await panels.acquire()

    players = [asyncio.get_running_loop().create_task(play(i, t, u)) for i, (t, u) in enumerate(opened)]
    ready = asyncio.get_running_loop().create_task(all_open())
    done, _ = await asyncio.wait([ready, *players], return_when=asyncio.FIRST_COMPLETED)
    if ready not in done:  # a table failed before its panels opened: say why
        ready.cancel()
        for task in players:
            task.cancel()
        next(iter(done)).result()
        raise RuntimeError("a table stopped before its panels opened")
    sampler = LoopSampler(LAYERS)
    before, cpu, drawing = thread_clocks(), time.process_time(), process_clocks(RENDERER.pids())
    rec.start = time.perf_counter()
    rec.end = rec.start + seconds
    sampler.start()
    kept = h.messenger.kept
    await asyncio.sleep(seconds)
    kept = h.messenger.kept - kept
    counts = sampler.stop()
    threads = clocks_between(before, thread_clocks())
    cpu = time.process_time() - cpu
    drawn = sum(c - drawing.get(pid, 0.0) for pid, c in process_clocks(RENDERER.pids()).items())
    closed = time.perf_counter()
    for signal in rec.signals.values():
        signal.fire()
    await asyncio.gather(*players)
    return _figures(rec, threads, counts, sampler.cpu, cpu + drawn, closed - rec.start, clicks, closed, tables,
                    drawn) | {"drawn": rec.drawn, "kept": kept}


def _figures(rec: _Recorder, threads: dict[int, tuple[str, float]], counts: dict[str, float], sampler_cpu: float,
             cpu: float, elapsed: float, clicks: list[float], closed: float, tables: int,
             render: float) -> dict[str, Any]:
    """The run's figures: CPU by layer (seconds; ``render`` the drawing processes', counted in ``cpu`` too),
    latencies (seconds, sorted), counts."""
    loop = threads.get(threading.main_thread().ident or 0, ("", 0.0))[1]
    store = sum(c for name, c in threads.values() if "_connection_worker_thread" in name)
    split = share(loop, counts)
    layers = {k: split.get(k, 0.0) for k in SHOWN}
    layers["render"] += render
    layers["store"] += store
    layers["service"] += split.get("other", 0.0)
    bench = split.get("bench", 0.0) + sampler_cpu
    moves = len(rec.moves)
    latencies, late = rec.move_latencies(closed)
    return {"tables": tables, "moves": moves, "seconds": elapsed, "cpu": cpu, "bench_cpu": bench,
            "layers": layers, "clicks": sorted(clicks), "move_latencies": sorted(latencies), "late": late,
            "samples": counts, "drawing": render}


def _pct(xs: Sequence[float], q: float) -> float:
    return xs[min(len(xs) - 1, int(len(xs) * q))] if xs else math.nan


def p99_moves(r: dict[str, Any]) -> float:
    return _pct(r["move_latencies"], 0.99)


def report(r: dict[str, Any]) -> str:
    moves = max(1, r["moves"])
    bot_cpu = max(0.0, r["cpu"] - r["bench_cpu"])
    per = " + ".join(f"{WORDS[k]} {r['layers'][k] / moves * 1000:.1f}" for k in SHOWN)
    c, m = r["clicks"], r["move_latencies"]
    lines = [
        f"  {r['tables']} tables: {r['moves']:,} moves in {r['seconds']:.1f} s ({r['moves'] / r['seconds']:.1f}/s); "
        f"the bot's CPU {bot_cpu / r['seconds']:.0%} of one core "
        f"({(bot_cpu - r['drawing']) / r['seconds']:.0%} in its own process, the rest drawing)",
        f"    CPU per move {bot_cpu / moves * 1000:.1f} ms = {per} ms "
        f"(the fake Discord and scripted players: {r['bench_cpu'] / moves * 1000:.1f} ms more, not counted)",
        f"    click → answered: p50 {_pct(c, 0.5) * 1000:.0f} ms, p99 {_pct(c, 0.99) * 1000:.0f} ms "
        f"({len(c):,} clicks)",
        f"    pictures: {r['drawn']:,} drawn, {r['kept']:,} redraws skipped as the same picture "
        f"({r['drawn'] / moves:.2f} drawn a move)",
        f"    move → every picture sent: p50 {_pct(m, 0.5):.2f} s, p99 {_pct(m, 0.99):.2f} s ({len(m):,} moves"
        + (f", {r['late']} not shown by the window's end" if r["late"] else "") + ")",
    ]
    return "\n".join(lines)


def _counts(tables: list[int] | None, start_n: int, minutes: float, run_one: Callable[[int], dict[str, Any]]
            ) -> tuple[int | None, int | None]:
    """Run the given counts, or search: from ``start_n``, double until p99 move → pictures reaches
    ``LIMIT`` (or halve until it does not), then halve the gap while ``minutes`` last. The largest
    count that held, and the smallest that did not."""
    began = time.monotonic()
    good: int | None = None
    bad: int | None = None

    def more_time() -> bool:
        return time.monotonic() - began < minutes * 60

    def trial(n: int) -> None:
        nonlocal good, bad
        if p99_moves(run_one(n)) < LIMIT:
            good = max(good or 0, n)
        else:
            bad = n if bad is None else min(bad, n)

    if tables:
        for n in tables:
            trial(n)
        return good, bad
    n = start_n
    while (good is None or bad is None) and more_time():  # double while it holds, halve while it does not
        trial(n)
        if bad is None:
            n *= 2
        elif good is None and bad > 1:
            n = bad // 2
        else:
            break
    while good is not None and bad is not None and bad - good > max(1, good // 8) and more_time():
        trial((good + bad) // 2)
    return good, bad


def main(tables: list[int] | None = None, seconds: float = 30.0, seed: int = 1, db: str | None = None,
         start_n: int = 8, minutes: float = 10.0) -> None:
    where = "PostgreSQL" if db and is_postgres(db) else "one SQLite file (WAL)"
    print(f"tables through the whole bot on an offline Discord: {len(HUMANS)} scripted humans with live hand "
          f"panels + {6 - len(HUMANS)} AI seats ({AI_LEVEL}) each, table speed (humans think {THINK:g} s, "
          f"AI {AI_DELAY[0]:g}–{AI_DELAY[1]:g} s), {where}, {seconds:g} s measured per count:")

    def run_one(n: int) -> dict[str, Any]:
        r = asyncio.run(run(n, seconds, seed, db))
        print(report(r), flush=True)
        return r

    good, bad = _counts(tables, start_n, minutes, run_one)
    held = f"{good} tables" if good else "none of the counts tried"
    failed = f"; {bad} did not" if bad else ""
    print(f"  sustained with p99 move → pictures under {LIMIT:g} s: {held}{failed}")
