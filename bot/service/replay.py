"""复盘: a finished game rebuilt move by move from the store's action log, with its key moments.

Pure: no I/O, no Discord, no pictures. The table service logs ``start <seed>`` when a match starts
(``TableService.start`` builds ``Match.new(seed=..., rules=..., games=...)`` from the table's
settings) and then every accepted action with its seat; replaying those actions onto a new match
from the same seed and settings gives back every position of every game, since the engine draws its
randomness from the seed only. A replay keeps the positions of one game — from the moment it begins
(its deal, the choices before play) to its last play — as ``Frame``s, each with all six hands (the
game is over: every hand is open), and marks the key moments the engine's events name: each 够级
play, 打点/反打点, 烧/捎 and what came of it, 开点, 闷, each place won.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from bot.engine import Event, GoujiError, Match, MatchView, Ruleset, SeatView, describe, is_gouji, parse_play

if TYPE_CHECKING:
    from bot.service.store import GameRow, Store

LogRow = tuple[int, int | None, int | None, str]
"""One row of the store's action log: revision, seat (None for the table's own: start, close), user, action."""

MOMENT_KINDS: dict[str, int] = {
    # event kind: priority (lower comes first when a select can show only some of them)
    "out": 0, "men": 0, "grandslam": 0, "chuansan": 0, "suffocate": 0, "no3": 0, "shao-fail": 0,
    "kaidian": 1, "natural": 1, "shao-ok": 1, "shao-stands": 1, "kill": 1,
    "shao": 2, "fanshao": 2, "jieshao": 2, "dadian": 2, "fandadian": 2, "chongdian": 2, "revolt": 2,
    "revolt-auto": 2, "giveup": 3, "gouji": 3,
}
"""The events a replay marks as key moments, with how much each matters; ``gouji`` is a 够级 play
in force (a lead or a follow that only its 对家 or a burn may answer)."""


class ReplayError(GoujiError):
    """A game that cannot be replayed; ``str(e)`` is the bilingual reason."""


@dataclass(frozen=True)
class Moment:
    """A key moment: the frame it leads to, its kind (an event kind or ``gouji``), who made it, and
    the line a player reads."""

    frame: int
    kind: str
    seat: int | None
    zh: str
    en: str

    @property
    def priority(self) -> int:
        return MOMENT_KINDS.get(self.kind, 9)


@dataclass(frozen=True)
class Frame:
    """One position of a game: the public view of it (a game's ``SeatView`` in play, the match's
    ``MatchView`` before play), all six hands, and the action that led here (None for the first)."""

    index: int
    view: SeatView | MatchView
    hands: tuple[str, ...]
    seat: int | None
    action: str | None
    events: tuple[Event, ...]
    moments: tuple[Moment, ...]

    def line(self, names: Sequence[str] | None = None) -> tuple[str, str]:
        """What happened to reach this frame, as (中文, English): its events, or its action."""
        shown = [describe(e, names) for e in self.events if e.kind not in ("game-over", "match-over", "end")]
        if shown:
            return "；".join(z for z, _ in shown), "; ".join(e for _, e in shown)
        if self.action is None:
            return "开局", "the start"
        who = (names[self.seat] if names and self.seat is not None else f"{(self.seat or 0) + 1}号位")
        return f"{who}：{self.action}", f"{who}: {self.action}"


@dataclass(frozen=True)
class Replay:
    """One finished game, position by position: ``frames[0]`` is where it began, ``frames[-1]`` its end."""

    game_no: int
    games: int
    frames: tuple[Frame, ...]
    result: dict[str, Any]
    game_id: int | None = None
    """The game's number in the store (``/gouji replay game:``), when loaded from it."""
    seats: tuple[dict[str, Any] | None, ...] = (None,) * 6
    """Who sat where (the table's seats as the store holds them), when loaded from the store."""

    @property
    def names(self) -> list[str]:
        return [str(s.get("name")) if s else f"{i + 1}号位" for i, s in enumerate(self.seats)]

    @property
    def ai(self) -> list[bool]:
        return [bool(s and s.get("ai")) for s in self.seats]

    def caption(self, index: int) -> str:
        """The line over a frame's hands: which game, which step, and what was just done (中文)."""
        zh, _ = self.frames[index].line(self.names)
        number = f"复盘 #{self.game_id} · " if self.game_id is not None else "复盘 · "
        return f"{number}第 {self.game_no} 局 · 第 {index}/{len(self.frames) - 1} 步 · {zh}"

    def seat_of(self, user_id: int) -> int | None:
        """The seat a user played in this game, if any (a spectator sees from seat 1)."""
        return next((i for i, s in enumerate(self.seats) if s and s.get("user_id") == user_id), None)

    @property
    def moments(self) -> list[Moment]:
        return [m for f in self.frames for m in f.moments]

    def key_moments(self, limit: int = 25) -> list[Moment]:
        """At most ``limit`` moments in the order they happened, the most telling kept when there are more."""
        ms = self.moments
        if len(ms) <= limit:
            return ms
        keep = sorted(range(len(ms)), key=lambda i: (ms[i].priority, i))[:limit]
        return [ms[i] for i in sorted(keep)]


def start_seed(actions: Iterable[LogRow]) -> int:
    """The seed of the match, as ``TableService.start`` logged it (``start <seed>``)."""
    for _revision, seat, _user, action in actions:
        word, _, rest = action.partition(" ")
        if seat is None and word == "start":
            try:
                return int(rest)
            except ValueError:
                break
    raise ReplayError("这桌的记录里没有开局", "this table's log has no start")


def new_match(settings: dict[str, Any], actions: Sequence[LogRow]) -> Match:
    """The match as it stood when the table started it, from its settings and its log's ``start``."""
    return Match.new(seed=start_seed(actions), rules=Ruleset.from_dict(settings["rules"]), games=settings["games"])


def from_log(settings: dict[str, Any], actions: Sequence[LogRow], game_no: int) -> Replay:
    """Game ``game_no`` of a table, rebuilt from its settings (as the store holds them) and its action log."""
    moves = [(seat, action) for _r, seat, _u, action in actions if seat is not None]
    return build(new_match(settings, actions), moves, game_no)


def build(match: Match, moves: Iterable[tuple[int, str]], game_no: int) -> Replay:
    """Play ``moves`` (seat, action) onto ``match`` (not kept: it is changed) and keep the frames of
    game ``game_no``; the moves after that game are not played. Raises ``ReplayError`` when the log
    ends before the game does (a game in progress is never replayed) or an action is refused."""
    m = match
    frames: list[Frame] = []
    if m.game_no == game_no and not m.over:
        frames.append(_frame(m, m.game, 0, None, None, ()))
    for seat, action in moves:
        if m.over or len(m.results) >= game_no:
            break
        game = m.game
        before_match, before_game = len(m.events), len(game.events) if game else 0
        playing = m.game_no
        try:
            m.act(seat, action)
        except GoujiError as refused:
            raise ReplayError("记录与规则不符，无法复盘", f"the log does not replay: {refused}") from None
        if playing != game_no:
            if m.game_no == game_no:  # the game begins: its deal and choices before play
                frames.append(_frame(m, m.game, 0, None, None, tuple(m.events[before_match:])))
            continue
        new: list[Event] = []
        if game is not None:
            new += game.events[before_game:]
        elif m.game is not None:  # play began with this decision
            new += m.game.events
        for event in m.events[before_match:]:  # up to this game's end: what follows is the next game's
            if event.kind == "game-over":
                break
            new.append(event)
        shown = game if game is not None and (m.game is None or m.game is not game) else m.game
        frames.append(_frame(m, shown, len(frames), seat, action, tuple(new)))
    if len(m.results) < game_no or not frames:
        raise ReplayError("这局还没打完，不能复盘", "this game is still in progress: it cannot be replayed yet")
    return Replay(game_no, m.games, tuple(frames), m.results[game_no - 1])


async def load(store: Store, game: GameRow) -> Replay:
    """A finished game of the store, rebuilt from its table's settings and action log."""
    table = await store.table(game.table_id)
    if table is None:
        raise ReplayError("找不到这局的牌桌", "the table of this game is gone")
    replay = from_log(table.settings, await store.actions(game.table_id), game.game_no)
    return replace(replay, game_id=game.id, seats=tuple(table.seats))


def _frame(m: Match, game: Any, index: int, seat: int | None, action: str | None,
           events: tuple[Event, ...]) -> Frame:
    if game is not None:
        view: SeatView | MatchView = game.view(0)
        hands = tuple(game.hand(s) for s in range(6))
        rules = game.rules
    else:
        view = m.view(0)
        hands = tuple(m.hand(s) for s in range(6))
        rules = m.rules
    top_gouji = isinstance(view, SeatView) and view.top_gouji
    moments = tuple(_moment(index, e, rules, top_gouji) for e in events)
    return Frame(index, view, hands, seat, action, events, tuple(x for x in moments if x is not None))


def _moment(frame: int, e: Event, rules: Ruleset, top_gouji: bool) -> Moment | None:
    kind = e.kind
    if kind in ("lead", "follow"):
        if not (top_gouji and e.play and is_gouji(parse_play(e.play), rules)):
            return None
        zh, en = describe(e)
        return Moment(frame, "gouji", e.seat, f"够级 {zh}", f"够级: {en}")
    if kind not in MOMENT_KINDS:
        return None
    zh, en = describe(e)
    return Moment(frame, kind, e.seat, zh, en)


__all__ = ["Frame", "LogRow", "Moment", "Replay", "ReplayError", "build", "from_log", "load", "new_match", "start_seed"]
