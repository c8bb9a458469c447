"""The table service: one 够级 table per channel, between Discord and the engine.

It owns the lobby (seats chosen or drawn, AI seats, the host), routes every action to
``Match.act``, plays AI and 托管 seats with a short natural delay, runs the turn timer (a
warning, then 托管), and commits every accepted change to the store before anyone is answered.
One ``asyncio.Lock`` per table applies simultaneous clicks one at a time; every action may carry
the revision it was made against, and a stale one is refused. No discord import lives here: the
cogs turn interactions into these calls and ``Change`` notices into messages.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from bot.ai import HINT_BUDGET, Player, Suggestion, make_player, suggest
from bot.ai.distil import DistilError, model
from bot.engine import Event, GoujiError, IllegalAction, Match, MatchView, Ruleset, secret_decision
from bot.engine.rules import SWITCHES, asks_in_secret
from bot.service.shards import Shards
from bot.service.store import FinishedGame, Store, StoreError, TableRow
from bot.words import ChoiceWords, decision_words

log = logging.getLogger(__name__)
T = TypeVar("T")

SEATS = 6
EMPTY = "—"
"""An empty seat, where the table's text names the seats."""


class TableError(GoujiError):
    """A refused table operation; ``str(e)`` is the bilingual reason shown to the player."""


STALE = ("已过期，请刷新", "out of date: refresh and try again")
NOT_STARTED = ("牌局还没开始", "the match has not started")
NOT_SEATED = ("你不在这桌", "you are not seated at this table")
ENDED = {"over": ("比赛已结束", "the match is over"), "closed": ("牌桌已关闭", "the table is closed")}
"""The refusal of an action at a table that has ended, by its status."""
SEARCHING_LEVELS = frozenset({"strong"})
HINT_PATIENCE = 2.0
"""Seconds the 提示 button waits for the search (the thinking processes may be busy or just starting)
before it answers with the instant suggestion instead."""
"""AI levels whose decisions take long enough (a search: hundreds of ms) to think off the event loop."""
THINKERS = max(1, (os.cpu_count() or 2) - 1)
"""Processes for those decisions, started at the first one: one core is left to the event loop."""
TRUSTEE_WAIT = 4.0
"""Seconds the AI waits before moving for a seat in 托管 whose player has a live hand panel: time
for the player to see the turn and press 我回来了 (``TableService.resume``) or play."""
OPENING_PHASES = frozenset({"revolution", "declare"})
"""The match's phases before play that belong to 第八条's ready check: the public ones (buying,
tribute, 上班) come before it and are told as they happen."""
NOT_TRUSTEE = ("你没有在托管", "you are not in 托管 (autoplay)")
SNAPSHOT_EVERY = 24
"""Actions between two saved snapshots of a match; the log in between is replayed on restore, so
each click writes a small row instead of the whole match."""


@dataclass
class Seat:
    """Who sits in a seat: a Discord user, or an AI (``ai`` is its level). ``autoplay`` is 托管:
    the AI plays for an absent human until the human acts again."""

    user_id: int | None
    name: str
    ai: str | None = None
    autoplay: bool = False
    ready: bool = False
    """准备 (第八条): the player said it is ready to start; an AI seat always is."""

    def to_dict(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "ai": self.ai, "autoplay": self.autoplay,
                "ready": self.ready}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Seat:
        return cls(d.get("user_id"), d.get("name", "?"), d.get("ai"), bool(d.get("autoplay")), bool(d.get("ready")))

    def is_ready(self, starter: int | None = None) -> bool:
        """Ready to start: an AI seat, a player who pressed 准备, or ``starter`` (the host pressing 开始)."""
        return self.ai is not None or self.ready or (self.user_id is not None and self.user_id == starter)


@dataclass
class Settings:
    """What ``/gouji open`` sets (R13.3): rules and switches, games, seconds per turn, seat mode, and
    what a time-out does: 托管 (the AI plays the seat until its player acts again) or, with
    ``autoplay`` off, only the safe default action of that one turn."""

    rules: Ruleset = field(default_factory=Ruleset.preset)
    games: int = 4
    turn_seconds: float = 60.0
    seat_mode: str = "choose"  # "choose": players pick seats; "draw": seats drawn by lot at start (抽签)
    ai_level: str = "basic"
    autoplay: bool = True

    def __post_init__(self) -> None:
        if not 1 <= self.games <= 20:
            raise TableError("局数须在 1–20 之间", "a match has 1–20 games")
        if self.turn_seconds <= 0:
            raise TableError("每步时间须大于 0 秒", "seconds per turn must be positive")
        if self.seat_mode not in ("choose", "draw"):
            raise TableError("座位方式只能是选座或抽签", "seat mode is choose or draw")

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "games": self.games, "turn_seconds": self.turn_seconds,
                "seat_mode": self.seat_mode, "ai_level": self.ai_level, "autoplay": self.autoplay}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Settings:
        return cls(Ruleset.from_dict(d["rules"]), d["games"], d["turn_seconds"], d["seat_mode"], d["ai_level"],
                   d.get("autoplay", True))


@dataclass
class Change:
    """What a listener is told after a table changed: ``kind`` is lobby, start, action, game-over,
    match-over, warning, autoplay, restored or closed; ``events`` the new public events;
    ``mention`` a user whose turn it now is (once per turn, in 托管 too); ``resumed`` is a player
    taking back a seat from 托管."""

    kind: str
    events: list[Event] = field(default_factory=list)
    mention: int | None = None
    seat: int | None = None
    call: list[int] = field(default_factory=list)
    """Players called to a game's ready check (第八条), all at once and alike: the ones deciding 革命
    or 宣点 among them, unnamed."""


@dataclass(frozen=True)
class Face:
    """Who sits where, as every picture of the table shows it (``Table.face``)."""

    players: tuple[str | None, ...]
    """The name in each seat; None for an empty one."""
    ai: tuple[bool, ...]
    trustee: tuple[bool, ...]
    """Seats in 托管."""
    ready: tuple[bool, ...]
    """Players who said 准备 (第八条); AI seats are not marked."""
    status: str
    revision: int
    opening: bool
    """The table is in 第八条's ready check (``Table.opening``) …"""
    waiting: bool
    """… and its first lead waits on it, or on a choice nobody may be named for."""

    @property
    def names(self) -> list[str]:
        """Each seat's name, as the table's text says it (``Table.names``)."""
        return [name if name is not None else EMPTY for name in self.players]


@dataclass(frozen=True)
class SeatNow:
    """What one seat sees and may do now, read from its table at one moment and in one place
    (``Table.seat_now``), then handed up whole: the cogs draw the hand panel from it and ask the table
    nothing more (issue 33 §3 — one way down, one way back, and a panel never mixes two states)."""

    table_id: int
    revision: int
    seat: int
    face: Face
    view: MatchView
    legal: tuple[str, ...]
    """The seat's legal actions (``Action`` values): none while the ready check holds the first lead."""
    kinds: Mapping[str, str]
    """In play, each legal answer's kind by its cards, as the engine lists it (``Game.action_kind``:
    ``shao``, ``dadian``, ``kill``, ``chong``, ``follow``): which answers burn differs by preset. A lead's
    plays (thousands, all ``lead``) are left out."""
    words: Mapping[str, ChoiceWords]
    """Before play, the words of each legal choice as this seat sees it (``decision_words``)."""
    suggestion: Suggestion | None
    """The instant suggestion, on the seat's turn (``Table.suggestion``) …"""
    hint: Suggestion | None
    """… and the 提示 button's, when it was pressed (``TableService.hint``)."""
    burn_refusal: tuple[str, str] | None
    """Why the seat cannot burn (烧牌) now; None when it can."""
    to_act: int | None
    deadline: float | None
    """When a human turn to act runs out (None on a machine turn): the panel's countdown."""
    ready_deadline: float | None
    """When the ready check stops waiting (第八条)."""
    trustee: bool
    """The seat is in 托管."""
    unready: bool
    """The seat has yet to say 准备."""
    secret_ahead: bool
    """The seat still has a 革命 or 宣点 choice before this game's 开牌 (``Match.secret_ahead``)."""
    key: tuple[Any, ...]
    """What the panel shows, cheaply (``Table.seat_key``): the messenger redraws it when this changes."""

    @property
    def mine(self) -> bool:
        """Whether the table waits for this seat."""
        return self.to_act == self.seat


class Table:
    def __init__(self, id: int, guild_id: int, channel_id: int, host_id: int, settings: Settings) -> None:
        self.id = id
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.host_id = host_id
        self.settings = settings
        self.seats: list[Seat | None] = [None] * SEATS
        self.match: Match | None = None
        self.revision = 0
        self.status = "lobby"
        self.message_id: int | None = None
        self.snapshot_revision = 0
        self.lock = asyncio.Lock()
        self.turn_task: asyncio.Task[None] | None = None
        self.pinged: tuple[int, int, int | None] | None = None  # (game, ply, seat) last mentioned
        self.deadline: float | None = None  # when the human turn's time runs out (seconds since the epoch)
        self.ready_deadline: float | None = None  # when this game's ready check (第八条) stops waiting
        self.called: tuple[int, int] | None = None  # (game, deal) whose ready check the players were called to

    # ------------------------------------------------------------------ reading
    def seat_of(self, user_id: int) -> int | None:
        for s, seat in enumerate(self.seats):
            if seat is not None and seat.user_id == user_id:
                return s
        return None

    def own_seat(self, user_id: int) -> int:
        """The seat of ``user_id``, or the refusal that only a seated player may do this."""
        seat = self.seat_of(user_id)
        if seat is None:
            raise TableError(*NOT_SEATED)
        return seat

    def names(self) -> list[str]:
        return [seat.name if seat else EMPTY for seat in self.seats]

    @property
    def to_act(self) -> int | None:
        """The seat the table waits for; None while the ready check holds the first lead (``held``)."""
        if self.match is None or self.status != "playing" or self.held():
            return None
        return self.match.to_act

    def opening(self) -> bool:
        """第八条 (开牌前，开牌人应当提示其余五人是否做好出牌准备): the stretch of each game before its first
        lead in which the players say they are ready — the 革命 and 宣点 choices (R11.4, R7.3) are made
        in it, and play waits for everyone's 准备. Only tables where such a choice exists have it:
        without it the public would see a pause, a named seat or a phase exactly in the deals where
        some hand has no 2 and no joker, or no pure 够级 set."""
        m = self.match
        if self.status != "playing" or m is None or m.over:
            return False
        if not asks_in_secret(m.rules):
            return False
        if m.phase == "play":
            return m.game is not None and m.game.ply == 0
        return m.phase in OPENING_PHASES

    def user_of(self, seat: int) -> int:
        """The player of a human seat."""
        occupant = self.seats[seat]
        assert occupant is not None and occupant.user_id is not None
        return occupant.user_id

    def unready(self) -> list[int]:
        """The seats of players who have not said 准备 (AI seats and seats in 托管 always are)."""
        return [s for s, seat in enumerate(self.seats)
                if seat is not None and seat.user_id is not None and seat.ai is None and not seat.autoplay
                and not seat.ready]

    def held(self) -> bool:
        """Whether the game's first lead waits for players' 准备 (``opening``)."""
        m = self.match
        return m is not None and m.phase == "play" and self.opening() and bool(self.unready())

    def secret_pending(self) -> bool:
        """Whether the table waits on a choice nobody may be named for (``secret_decision``: only some
        hands face it, so the seat deciding is never named in public nor pinged; its panel asks it)."""
        m = self.match
        return self.status == "playing" and m is not None and secret_decision(m.decision)

    def new_deal(self) -> None:
        """A deal (each game's, or again after two 革命): every player says 准备 anew (第八条)."""
        for seat in self.seats:
            if seat is not None and seat.ai is None:
                seat.ready = False
        self.ready_deadline = None

    def machine_turn(self) -> bool:
        """Whether the seat to act is played by the AI (an AI seat, or a human in 托管)."""
        s = self.to_act
        seat = self.seats[s] if s is not None else None
        return seat is not None and (seat.ai is not None or seat.autoplay)

    def burn_refusal(self, seat: int) -> tuple[str, str] | None:
        """Why the seat cannot burn (烧牌) now, or None when it can: the engine's answer
        (``Game.burn_refusal``) once play has begun, for the 烧牌 buttons of the table and the panel."""
        m = self.match
        if m is None or self.status != "playing":
            return ENDED.get(self.status, NOT_STARTED)
        if m.phase != "play" or m.game is None:
            return "开牌之后才能烧牌", "burning (烧牌) comes once play has begun"
        return m.game.burn_refusal(seat)

    def seats_dicts(self) -> list[dict[str, Any] | None]:
        return [seat.to_dict() if seat else None for seat in self.seats]

    def suggestion(self, seat: int) -> Suggestion | None:
        """The instant suggestion (``basic``'s, from the seat's own view only) that orders a seat's
        plays on its panel and in the typed-play suggestions; None out of turn. The 提示 button asks
        ``TableService.hint``, which may search."""
        m = self.match
        if m is None or m.to_act != seat:
            return None
        return suggest(m.view(seat), seat, m.legal_actions(seat))

    def face(self) -> Face:
        """Who sits where, for a picture of the table."""
        seats = self.seats
        opening = self.opening()
        return Face(tuple(s.name if s else None for s in seats), tuple(bool(s and s.ai) for s in seats),
                    tuple(bool(s and s.autoplay) for s in seats),
                    tuple(s is not None and s.user_id is not None and s.ready for s in seats),
                    self.status, self.revision, opening, opening and (self.held() or self.secret_pending()))

    def seat_key(self, seat: int) -> tuple[Any, ...]:
        """What a seat's panel shows, cheaply: the table's revision (its picture is the whole table, from
        this seat: a move of anyone changes it), its hand, the phase and whether it is in 托管."""
        m = self.match
        assert m is not None
        occupant = self.seats[seat]
        return (self.id, self.status, m.phase, m.game_no, m.hand(seat), self.revision,
                bool(occupant and occupant.autoplay), bool(occupant and occupant.ready), self.held())

    def seat_now(self, seat: int, hint: Suggestion | None = None) -> SeatNow:
        """Everything the seat's hand panel shows and offers, in one record (``SeatNow``); ``hint`` is
        the 提示 button's suggestion when it was pressed."""
        m = self.match
        assert m is not None
        view = m.view(seat)
        legal = () if self.held() else tuple(m.legal_actions(seat))
        in_play = m.phase == "play"
        answering = in_play and view.game is not None and view.game.top is not None
        kinds = {a[5:]: getattr(a, "kind", None) or "" for a in legal if a.startswith("play ")} if answering else {}
        words = {} if in_play else {a: decision_words(a, view) for a in legal}
        occupant = self.seats[seat]
        machine = self.machine_turn()
        return SeatNow(
            self.id, self.revision, seat, self.face(), view, legal, kinds, words, self.suggestion(seat), hint,
            self.burn_refusal(seat), self.to_act, None if machine or self.to_act is None else self.deadline,
            self.ready_deadline, bool(occupant and occupant.autoplay), seat in self.unready(), m.secret_ahead(seat),
            self.seat_key(seat))

    def turn_key(self) -> tuple[int, int, int | None]:
        m = self.match
        assert m is not None
        ply = m.game.ply if m.game else len(m.events)
        return (m.game_no, ply, m.to_act)


Listener = Callable[[Table, Change], Awaitable[None]]


def ai_unready() -> str | None:
    """Why the AI cannot play, or None: its shipped model (issue 32) is read here, once, so that the bot
    refuses to start without it rather than fail at a table's first AI move."""
    try:
        model()
    except DistilError as e:
        return str(e)
    return None


def _think(player: Player, view: Any, legal: list[str]) -> str:
    """One AI decision in a thinking process (at module level, so that it pickles by name)."""
    return player.choose(view, legal)


def _hint(view: Any, seat: int, legal: list[str], budget: float) -> Suggestion | None:
    """The 提示 with a search, in a thinking process (at module level, so that it pickles by name)."""
    return suggest(view, seat, legal, budget=budget)


class TableService:
    """All open tables of one process, by channel id."""

    def __init__(
        self,
        store: Store,
        *,
        players: Callable[[str, int], Player] = lambda level, seed: make_player(level, seed),
        ai_delay: tuple[float, float] = (0.8, 1.6),
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        rng: random.Random | None = None,
        trustee_wait: float = TRUSTEE_WAIT,
        hint_budget: float = HINT_BUDGET,
        shards: Shards | None = None,
    ) -> None:
        self.store = store
        self.shards = shards
        """The shards whose guilds' tables this process serves (one process of several on a shared
        PostgreSQL database); ``None``: every guild."""
        self.tables: dict[int, Table] = {}
        self.ended: dict[int, Table] = {}
        """The last table of each channel whose match is over (for 再来一场), by channel id."""
        self.listeners: list[Listener] = []
        self._players = players
        self.ai_delay = ai_delay
        self.sleep = sleep
        self.rng = rng or random.Random()
        self.trustee_wait = trustee_wait
        self.hint_budget = hint_budget
        """Seconds the 提示 button may search (``hint``); 0: the instant suggestion."""
        self.watched: dict[tuple[int, int], float] = {}
        """Until when (seconds since the epoch; infinite in a DM) each player's hand panel is kept up to date,
        by (table id, user id). The presentation layer says so as it follows and drops panels (``watch``,
        ``unwatch``); the service reads only this record (``watching``) — it never calls up into the layer
        above it to ask."""
        self.closed = False
        self._thinkers: ProcessPoolExecutor | None = None
        self._dm: dict[int, bool] = {}
        """Players' choice of the hand panel by DM, by user id, as far as it was read."""

    def watch(self, table_id: int, user_id: int, until: float) -> None:
        """The user has a hand panel at this table that is redrawn as the game moves, until ``until``."""
        self.watched[(table_id, user_id)] = until

    def unwatch(self, table_id: int, user_id: int) -> None:
        """The user's hand panel at this table is no longer redrawn."""
        self.watched.pop((table_id, user_id), None)

    def watching(self, table: Table, user_id: int) -> bool:
        """Whether the user sees this table's turns on a live hand panel: 托管 then waits ``trustee_wait``
        before the AI moves for them, time to take the seat back (``_turn``)."""
        return self.watched.get((table.id, user_id), 0.0) > time.time()

    async def prefers_dm(self, user_id: int) -> bool:
        """Whether the player asked for the hand panel by direct message (``set_prefers_dm``); read from
        the store once, then remembered."""
        if user_id not in self._dm:
            self._dm[user_id] = await self.store.dm_panel(user_id)
        return self._dm[user_id]

    async def set_prefers_dm(self, user_id: int, on: bool) -> None:
        """A player's own setting, kept in the store for every table: the hand panel by DM, or not."""
        await self.store.set_dm_panel(user_id, on)
        self._dm[user_id] = on

    def holds(self, table_id: int) -> bool:
        """Whether the table is open in this process's memory (``find`` finds it)."""
        return any(table.id == table_id for table in self.tables.values())

    async def find(self, table_id: int) -> Table:
        """The open table with this id (a component's); one that has ended is refused as over or
        closed, any other id as out of date."""
        for table in self.tables.values():
            if table.id == table_id:
                return table
        row = await self.store.table(table_id) if table_id < 2**63 else None  # SQLite's integers
        raise TableError(*ENDED.get(row.status if row else "", STALE))

    def get(self, channel_id: int) -> Table:
        t = self.tables.get(channel_id)
        if t is None:
            raise TableError("这个频道没有牌桌，用 /gouji open 开一桌",
                             "there is no table here: open one with /gouji open")
        return t

    # ------------------------------------------------------------------ lobby
    async def open(self, guild_id: int, channel_id: int, host_id: int, host_name: str,
                   settings: Settings | None = None) -> Table:
        if channel_id in self.tables:
            raise TableError("这个频道已经有一桌了", "this channel already has a table")
        self._own_guild(guild_id)
        settings = settings or Settings()
        table = Table(0, guild_id, channel_id, host_id, settings)
        table.seats[0] = Seat(host_id, host_name)  # the host sits first; 抽签 reshuffles at the start
        try:
            table.id = await self.store.create_table(guild_id, channel_id, host_id, settings.to_dict(),
                                                     table.seats_dicts())
        except StoreError:
            raise TableError("这个频道已经有一桌了", "this channel already has a table") from None
        self.tables[channel_id] = table
        await self._notify(table, Change("lobby"))
        return table

    async def sit(self, channel_id: int, user_id: int, name: str, seat: int | None = None) -> Table:
        table = self.get(channel_id)
        async with table.lock:
            self.lobby_only(table)
            current = table.seat_of(user_id)
            if seat is None:
                if current is not None:
                    raise TableError("你已经入座了", "you already have a seat")
                seat = self._free_seat(table)
            if not 0 <= seat < SEATS:
                raise TableError("没有这个座位", "there is no such seat")
            occupant = table.seats[seat]
            if occupant is not None and occupant.user_id != user_id:
                raise TableError(f"{seat + 1}号位已有人", f"seat {seat + 1} is taken")
            if current is not None:
                table.seats[current] = None
            table.seats[seat] = Seat(user_id, name)
            await self._commit_lobby(table)
        await self._notify(table, Change("lobby", seat=seat))
        return table

    async def leave(self, channel_id: int, user_id: int) -> Table:
        table = self.get(channel_id)
        async with table.lock:
            self.lobby_only(table)
            seat = table.own_seat(user_id)
            table.seats[seat] = None
            await self._commit_lobby(table)
        await self._notify(table, Change("lobby", seat=seat))
        return table

    async def add_ai(self, channel_id: int, user_id: int, seat: int | None = None, level: str | None = None) -> Table:
        """+1 AI: an AI player in ``seat`` (or the first empty one), of ``level`` or the table's."""
        return await self._seat_ai(channel_id, user_id, seat, level, every=False)

    async def fill_ai(self, channel_id: int, user_id: int) -> Table:
        """添加AI: an AI player in every empty seat, in one change."""
        return await self._seat_ai(channel_id, user_id, None, None, every=True)

    async def _seat_ai(self, channel_id: int, user_id: int, seat: int | None, level: str | None,
                       every: bool) -> Table:
        """AI players seated by the host in the lobby: in one seat, or in ``every`` empty one."""
        table = self.get(channel_id)
        async with table.lock:
            self.lobby_only(table)
            self._host_only(table, user_id)
            first = self._free_seat(table) if seat is None else seat  # refused when the table is full
            seats = [s for s in range(SEATS) if table.seats[s] is None] if every else [first]
            if not 0 <= first < SEATS or table.seats[first] is not None:
                raise TableError("这个座位不空", "that seat is not free")
            for s in seats:
                table.seats[s] = Seat(None, f"AI {s + 1}", ai=level or table.settings.ai_level)
            await self._commit_lobby(table)
        await self._notify(table, Change("lobby", seat=None if every else first))
        return table

    async def ready(self, channel_id: int, user_id: int) -> bool:
        """准备 (第八条: before 开牌 everyone says whether they are ready): a seated player's press turns
        it on, a second one off again. Returns whether the player is now ready."""
        table = self.get(channel_id)
        if table.status == "playing":
            return await self._ready_to_lead(table, user_id)
        async with table.lock:
            self.lobby_only(table)
            seat = table.own_seat(user_id)
            occupant = table.seats[seat]
            assert occupant is not None
            occupant.ready = not occupant.ready
            await self._commit_lobby(table)
        await self._notify(table, Change("lobby", seat=seat))
        return occupant.ready

    async def _ready_to_lead(self, table: Table, user_id: int) -> bool:
        """准备 before a game's 开牌 (第八条, ``Table.opening``): once said, it stands for this deal. A
        seat with a 革命 or 宣点 choice still to come is told so, privately (it is its own hand)."""
        async with table.lock:
            seat = table.own_seat(user_id)
            m = table.match
            assert m is not None
            if not table.opening():
                if m.phase == "play":
                    raise TableError("已经开牌了", "play has begun")
                raise TableError("买牌、进贡之后再准备", "say 准备 once buying and tribute are done")
            if m.secret_ahead(seat):
                raise TableError("开牌前你还有一个选择：请在「我的手牌」里决定",
                                 "you have a choice to make before the first lead: decide in 我的手牌")
            occupant = table.seats[seat]
            assert occupant is not None
            occupant.ready = True
            await self.store.commit(table.id, revision=table.revision, seats=table.seats_dicts(), status=table.status)
        await self._after_change(table, Change("ready", seat=seat))
        return True

    async def set_switches(self, channel_id: int, user_id: int, on: Iterable[str]) -> Table:
        """The host's house rules in the lobby (R13): every switch named in ``on`` is turned on, every
        other switch off; the preset the table opened with keeps its name. Refused, unchanged, for
        anyone but the host, once the match has started, or for a name that is no switch."""
        table = self.get(channel_id)
        async with table.lock:
            self.lobby_only(table)
            self._host_only(table, user_id)
            chosen = set(on)
            unknown = chosen - set(SWITCHES)
            if unknown:
                raise TableError("没有这条规则", f"no such house rule: {', '.join(sorted(unknown))}")
            rules = Ruleset.preset(table.settings.rules.name, **{k: k in chosen for k in SWITCHES})
            if rules.switches() == table.settings.rules.switches():
                return table
            table.settings = replace(table.settings, rules=rules)
            for occupant in table.seats:  # ready for other rules: asked again
                if occupant is not None:
                    occupant.ready = False
            await self._commit_lobby(table, settings=True)
        await self._notify(table, Change("lobby"))
        return table

    async def rematch(self, channel_id: int, user_id: int, table_id: int, seed: int | None = None) -> Table:
        """再来一场: a new match at a new table in the same channel, with the same seats (as they sat:
        not drawn again) and settings as the ended table ``table_id``; any human seated there may ask
        (the host may have gone). Refused while the channel has a table, or for anyone else."""
        old = self.ended.get(channel_id)
        if channel_id in self.tables:
            raise TableError("这个频道已经有一桌了", "this channel already has a table")
        if old is None or old.id != table_id:
            raise TableError(*STALE)
        if old.seat_of(user_id) is None:
            raise TableError(*NOT_SEATED)
        table = Table(0, old.guild_id, channel_id, old.host_id, old.settings)
        # the seats of the match just played, as they sat and ready (再来一场 is their answer to 第八条)
        table.seats = [replace(seat, autoplay=False, ready=True) if seat else None for seat in old.seats]
        try:
            table.id = await self.store.create_table(old.guild_id, channel_id, old.host_id, old.settings.to_dict(),
                                                     table.seats_dicts())
        except StoreError:
            raise TableError("这个频道已经有一桌了", "this channel already has a table") from None
        self.tables[channel_id] = table
        self.ended.pop(channel_id, None)
        return await self.start(channel_id, old.host_id, seed, redraw=False)

    async def start(self, channel_id: int, user_id: int, seed: int | None = None, redraw: bool = True) -> Table:
        table = self.get(channel_id)
        async with table.lock:
            self.lobby_only(table)
            self._host_only(table, user_id)
            if any(s is None for s in table.seats):
                raise TableError("六个座位都要有人（可添加AI）", "all six seats must be filled (add AI players)")
            waiting = [s.name for s in table.seats if s is not None and not s.is_ready(user_id)]
            if waiting:  # 第八条: nobody starts before everyone is ready
                raise TableError(f"还有人没准备：{'、'.join(waiting)}（请按「准备」）",
                                 f"not everyone is ready: {', '.join(waiting)} (press 准备)")
            if table.settings.seat_mode == "draw" and redraw:  # 抽签 (R1.3)
                self.rng.shuffle(table.seats)
            seed = self.rng.randrange(2**31) if seed is None else seed
            table.match = Match.new(seed=seed, rules=table.settings.rules, games=table.settings.games)
            table.status = "playing"
            table.new_deal()
            table.revision += 1
            await self.store.commit(table.id, revision=table.revision, seats=table.seats_dicts(),
                                    state=table.match.to_json(), status=table.status,
                                    action=(None, user_id, f"start {seed}"))
            table.snapshot_revision = table.revision
        await self._after_change(table, Change("start", list(table.match.events)))
        return table

    async def close(self, channel_id: int, user_id: int, admin: bool = False) -> None:
        table = self.get(channel_id)
        async with table.lock:
            if user_id != table.host_id and not admin:
                raise TableError("只有桌主或管理员能关桌", "only the host or a server manager can close the table")
            self._cancel_turn(table)
            table.status = "closed"
            table.revision += 1
            await self.store.commit(table.id, revision=table.revision, seats=table.seats_dicts(),
                                    state=table.match.to_json() if table.match else None, status="closed",
                                    action=(None, user_id, "close"))
            del self.tables[channel_id]
        await self._notify(table, Change("closed"))

    async def set_message(self, table: Table, message_id: int | None) -> None:
        table.message_id = message_id
        await self.store.set_message(table.id, message_id)

    # ------------------------------------------------------------------ play
    async def act(self, channel_id: int, user_id: int, action: str, revision: int | None = None) -> Table:
        """A human's action. Refused (``TableError``/``IllegalAction``, state unchanged) when it is
        stale, not theirs, or not allowed; committed before this returns."""
        table = self.get(channel_id)
        async with table.lock:
            if table.status != "playing" or table.match is None:  # a click that waited for the match's last move
                raise TableError(*ENDED.get(table.status, NOT_STARTED))
            if revision is not None and revision != table.revision:
                raise TableError(*STALE)
            seat = table.own_seat(user_id)
            if table.held():
                raise TableError("等大家准备好再开牌（按「准备」）",
                                 "the first lead waits until everyone is ready (准备)")
            occupant = table.seats[seat]
            assert occupant is not None
            was = occupant.autoplay
            occupant.autoplay = False  # the player is back: 托管 ends (committed with the action)
            try:
                change = await self._apply(table, seat, user_id, action)
            except BaseException:
                occupant.autoplay = was
                raise
        await self._after_change(table, change)
        return table

    async def resume(self, channel_id: int, user_id: int) -> Table:
        """The player of a seat in 托管 takes it back, at any moment (我回来了): the AI stops playing
        for it and, on its turn, the turn's timer starts anew. Refused for anyone not seated or
        not in 托管."""
        table = self.get(channel_id)
        async with table.lock:
            if table.status != "playing" or table.match is None:
                raise TableError(*ENDED.get(table.status, NOT_STARTED))
            seat = table.own_seat(user_id)
            occupant = table.seats[seat]
            assert occupant is not None
            if not occupant.autoplay:
                raise TableError(*NOT_TRUSTEE)
            occupant.autoplay = False
            await self.store.commit(table.id, revision=table.revision, seats=table.seats_dicts(), status=table.status)
        await self._after_change(table, Change("resumed", seat=seat))
        return table

    async def _apply(self, table: Table, seat: int, user_id: int | None, action: str) -> Change:
        """Validate and apply one action, then commit it; on a failed commit nothing changes."""
        m = table.match
        assert m is not None
        shown, games_done = len(m.events), len(m.results)
        game_shown = len(m.game.events) if m.game else 0
        game_no = m.game_no
        m.act(seat, action)  # raises IllegalAction with the state untouched
        if any(e.kind == "deal" for e in m.events[shown:]):
            table.new_deal()  # committed with the action below
        finished = None
        if len(m.results) > games_done:
            finished = FinishedGame(game_no, m.results[-1], table.seats_dicts())
        status, old_status = ("over" if m.over else "playing"), table.status
        table.revision += 1  # before the commit awaits, so that nobody sees the new state with the old revision
        table.status = status
        snapshot = finished is not None or table.revision - table.snapshot_revision >= SNAPSHOT_EVERY
        try:
            await self.store.commit(table.id, revision=table.revision, seats=table.seats_dicts(),
                                    state=m.to_json() if snapshot else None, status=status,
                                    action=(seat, user_id, action), finished=finished, guild_id=table.guild_id)
        except BaseException:
            log.exception("commit failed at table %s; reloading it from the store", table.id)
            table.revision -= 1
            table.status = old_status
            await self._reload(table)
            raise
        if snapshot:
            table.snapshot_revision = table.revision
        events: list[Event] = []
        if m.game is not None and m.game_no == game_no:
            events += m.game.events[game_shown:]
        events += m.events[shown:]
        kind = "match-over" if m.over else ("game-over" if finished else "action")
        return Change(kind, events, seat=seat)

    async def _after_change(self, table: Table, change: Change) -> None:
        if table.status == "playing" and table.match is not None:
            key = table.turn_key()
            seat = table.to_act
            occupant = table.seats[seat] if seat is not None else None
            secret = seat is not None and secret_decision(table.match.decision)
            if occupant and occupant.user_id and table.pinged != key and not secret:  # 托管 seats too
                table.pinged = key
                change.mention = occupant.user_id
            deal = (table.match.game_no, table.match.deal_no)
            if table.opening() and table.called != deal:  # every player, deciding or not (第八条)
                table.called = deal
                change.call = [table.user_of(s) for s in table.unready()]
            self._schedule(table)
        else:
            self._cancel_turn(table)
            if table.status == "over":
                self.tables.pop(table.channel_id, None)
                self.ended[table.channel_id] = table
        await self._notify(table, change)

    # ------------------------------------------------------------------ AI, 托管 and the timer
    def _cancel_turn(self, table: Table) -> None:
        table.deadline = None
        task = table.turn_task
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        table.turn_task = None

    def _schedule(self, table: Table) -> None:
        self._cancel_turn(table)
        loop = asyncio.get_running_loop()
        if not table.opening():
            table.ready_deadline = None
        elif table.ready_deadline is None:  # one time for the whole ready check, its choices included
            table.ready_deadline = time.time() + table.settings.turn_seconds
        if table.held():
            table.deadline = table.ready_deadline
            table.turn_task = loop.create_task(self._ready_timeout(table, table.revision))
            return
        if table.machine_turn():
            table.deadline = None
        elif table.secret_pending():  # the countdown every player sees: no seat's own
            table.deadline = table.ready_deadline
        else:
            table.deadline = time.time() + table.settings.turn_seconds
        table.turn_task = loop.create_task(self._turn(table, table.revision))

    async def _ready_timeout(self, table: Table, revision: int) -> None:
        """第八条's wait has an end: when the ready check's time is up, play begins (players who said
        nothing play on as usual: their turn's own timer leads to 托管)."""
        try:
            await self.sleep(max(0.0, (table.deadline or 0.0) - time.time()))
            async with table.lock:
                if table.revision != revision or not table.held():
                    return
                for s in table.unready():
                    seat = table.seats[s]
                    assert seat is not None
                    seat.ready = True
                await self.store.commit(table.id, revision=table.revision, seats=table.seats_dicts(),
                                        status=table.status)
            table.turn_task = None
            await self._after_change(table, Change("ready"))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("ready check failed at table %s (channel %s)", table.id, table.channel_id)

    async def _turn(self, table: Table, revision: int) -> None:
        try:
            if table.secret_pending() and table.machine_turn():
                pass  # at once: a pause here would tell that some hand has this choice
            elif table.machine_turn():
                seat = table.to_act
                occupant = table.seats[seat] if seat is not None else None
                if occupant is not None and occupant.user_id is not None and self.watching(table, occupant.user_id):
                    await self.sleep(self.trustee_wait)  # 托管 with a live panel: time to take it back
                await self.sleep(self.rng.uniform(*self.ai_delay))
            else:
                total = max(0.0, (table.deadline or 0.0) - time.time())
                await self.sleep(total * 2 / 3)
                if table.revision != revision:
                    return
                await self._notify(table, Change("warning", seat=table.to_act))
                await self.sleep(total / 3)
                if table.revision != revision:
                    return
                if not table.settings.autoplay:  # this turn only: the safe default, the seat stays its player's
                    await asyncio.shield(self._machine_move(table, revision, default=True))
                    return
                await self._autoplay(table)
            # shielded: a new turn cancels this task's waiting, never a move half-committed
            await asyncio.shield(self._machine_move(table, revision))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("turn task failed at table %s (channel %s)", table.id, table.channel_id)

    async def _autoplay(self, table: Table) -> None:
        async with table.lock:
            seat = table.to_act
            occupant = table.seats[seat] if seat is not None else None
            if occupant is None or occupant.autoplay:
                return
            occupant.autoplay = True
            await self.store.commit(table.id, revision=table.revision, seats=table.seats_dicts(), status=table.status)
        await self._notify(table, Change("autoplay", seat=seat))

    async def _machine_move(self, table: Table, revision: int, default: bool = False) -> None:
        """The move of an AI or 托管 seat — or, with ``default``, the safe default action of a timed-out
        seat (``Match.default_action``)."""
        async with table.lock:
            stale = table.revision != revision or not (default or table.machine_turn()) or table.match is None
            if stale or self.closed:
                return
            seat = table.to_act
            assert seat is not None and table.match is not None
            action = table.match.default_action(seat) if default else await self._decide(table, seat)
            if self.closed:  # shut down while the AI thought: nothing was applied
                return
            change = await self._apply(table, seat, None, action)
        table.turn_task = None
        await self._after_change(table, change)

    async def hint(self, table: Table, seat: int) -> Suggestion | None:
        """The 提示 button's suggestion: ``strong``'s search within ``hint_budget`` seconds (a click's
        patience) in a thinking process, from the seat's own view only; with no budget, or when no
        process can think, the instant one. None out of turn."""
        m = table.match
        if m is None or m.to_act != seat:
            return None
        if self.hint_budget > 0:
            try:  # a click waits at most HINT_PATIENCE (Discord gives an interaction 3 s to be answered)
                return await asyncio.wait_for(
                    self.think(_hint, m.view(seat), seat, list(m.legal_actions(seat)), self.hint_budget),
                    HINT_PATIENCE)
            except Exception:
                log.warning("hint off the event loop failed or was late at table %s; the instant one instead",
                            table.id, exc_info=True)
        return table.suggestion(seat)

    def choose(self, table: Table, seat: int) -> str:
        """The AI's action for a seat (AI seats, 托管, and hints), from that seat's view only."""
        player, view, legal = self._decision(table, seat)
        return player.choose(view, legal)

    async def _decide(self, table: Table, seat: int) -> str:
        """``choose`` for a machine move, under the table's lock. A searching level (``strong``: a few
        hundred ms of pure Python) thinks in a separate process, so that the event loop goes on
        committing the other tables' clicks meanwhile — a thread would not do: it holds the GIL the
        loop needs for every step. The quick levels (well under a millisecond) think here."""
        player, view, legal = self._decision(table, seat)
        if getattr(player, "level", None) in SEARCHING_LEVELS:
            try:
                return await self.think(_think, player, view, list(legal))
            except Exception:  # no process to think in, or the player does not pickle: think here
                log.warning("AI decision off the event loop failed at table %s; deciding here", table.id,
                            exc_info=True)
        return player.choose(view, legal)

    async def think(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in the thinking processes (started at the first call): searches — the
        strong AI's decisions, a game's review — run there, queued one after another, while the event
        loop goes on serving every table. A broken pool is dropped (a new one at the next call) and
        its error raised."""
        if self._thinkers is None:
            self._thinkers = ProcessPoolExecutor(THINKERS, mp_context=multiprocessing.get_context("spawn"))
        try:
            return await asyncio.get_running_loop().run_in_executor(self._thinkers, work, *args)
        except BrokenExecutor:
            self._stop_thinkers()
            raise

    def _stop_thinkers(self) -> None:
        if self._thinkers is not None:
            self._thinkers.shutdown(wait=False, cancel_futures=True)
            self._thinkers = None

    def _decision(self, table: Table, seat: int) -> tuple[Player, Any, Sequence[str]]:
        m = table.match
        assert m is not None
        occupant = table.seats[seat]
        level = occupant.ai if occupant and occupant.ai else table.settings.ai_level
        # seeded by the position, so that a restored table plays on exactly as it would have
        seed = random.Random(f"{table.id}/{table.revision}/{seat}").randrange(2**31)
        return self._players(level, seed), m.view(seat), m.legal_actions(seat)

    # ------------------------------------------------------------------ restore
    async def restore(self) -> list[Table]:
        """Rebuild every open table from the store, restart its timers and tell the listeners."""
        restored = []
        for row in await self.store.open_tables(self.shards):
            table = Table(row.id, row.guild_id, row.channel_id, row.host_id, Settings.from_dict(row.settings))
            await self._load(table, row)
            self.tables[table.channel_id] = table
            restored.append(table)
            await self._after_change(table, Change("restored"))
        return restored

    async def _load(self, table: Table, row: TableRow) -> None:
        """Set a table to what the store holds: the last snapshot, then the actions logged after it."""
        table.seats = [Seat.from_dict(s) if s else None for s in row.seats]
        table.match = Match.from_json(row.state) if row.state else None
        if table.match is not None:
            for _revision, seat, _user, action in await self.store.actions(table.id, after=row.state_revision):
                if seat is not None:  # start and close are the table's, not the match's
                    table.match.act(seat, action)
        table.revision = row.revision
        table.snapshot_revision = row.state_revision
        table.status = row.status
        table.message_id = row.message_id

    async def _reload(self, table: Table) -> None:
        row = await self.store.table(table.id)
        if row is not None:
            await self._load(table, row)

    async def shutdown(self) -> None:
        """Stop the timers and AI moves; a move being committed finishes first. The tables are read
        once, before any wait: a move that ends its match removes its table meanwhile."""
        self.closed = True
        tables = list(self.tables.values())
        for table in tables:
            self._cancel_turn(table)
        try:
            for table in tables:
                async with table.lock:
                    pass
        finally:
            self._stop_thinkers()

    # ------------------------------------------------------------------ helpers
    async def _notify(self, table: Table, change: Change) -> None:
        for listener in self.listeners:
            try:
                await listener(table, change)
            except Exception:
                log.exception("listener failed for table %s", table.id)

    async def _commit_lobby(self, table: Table, settings: bool = False) -> None:
        table.revision += 1
        await self.store.commit(table.id, revision=table.revision, seats=table.seats_dicts(), state=None,
                                status="lobby", settings=table.settings.to_dict() if settings else None)

    def _own_guild(self, guild_id: int) -> None:
        """Refuse a table of a guild on another process's shard (Discord sends this process only its
        own shards' interactions: this keeps two processes off one table whatever reaches them)."""
        if self.shards is not None and not self.shards.owns(guild_id):
            raise TableError("这个服务器由另一个进程负责", "another process of the bot serves this server")

    def lobby_only(self, table: Table) -> None:
        """Refuse what only a lobby allows (sitting, leaving, AI seats, the start) once play has begun."""
        if table.status != "lobby":
            raise TableError("牌局已经开始", "the match has already started")

    def _host_only(self, table: Table, user_id: int) -> None:
        if user_id != table.host_id:
            raise TableError("只有桌主能这样做", "only the host can do that")

    def _free_seat(self, table: Table) -> int:
        for s in range(SEATS):
            if table.seats[s] is None:
                return s
        raise TableError("座位已满", "the table is full")


__all__ = ["Change", "IllegalAction", "Seat", "Settings", "Table", "TableError", "TableService"]
