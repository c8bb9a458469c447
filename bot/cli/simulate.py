"""``python -m bot simulate``: AI against AI, to see how the levels compare and what a game looks like.

Level A plays one team and level B the other, on one-game matches (every phase before play:
buying, 革命, 宣点). Each deal is played twice with the teams swapped, so that the luck of the
cards cancels between A and B. The summary gives each side's points per game with a 95%
interval (mean ± 1.96·sd/√n over games), its places, its 开点 rate and the average game
length; ``--out`` writes the table of the first game at a few moments, its result, and the
sides' summary, drawn by ``render``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from bot.ai import LEVELS, make_player
from bot.engine import PLACE_ZH, Game, Match, Ruleset
from render import StandingRow, TableExtras, render_result, render_standings, render_table

from . import add_rules_argument, positive, rules_of

SIDES = ("A", "B")
SNAPSHOT_PLIES = (0, 40, 80, 120)
"""Plies of the sample game whose table is drawn (the first lead, then every 40 actions); its end too."""


@dataclass
class GameRecord:
    """One finished game from A's side: which team A sat on, the engine's result, the plies played."""

    a_team: int
    result: dict
    plies: int
    seconds: float

    def team(self, side: int) -> int:
        return self.a_team if side == 0 else 1 - self.a_team

    def seats(self, side: int) -> range:
        return range(self.team(side), 6, 2)

    def points(self, side: int) -> int:
        return self.result["team_points"][self.team(side)]


@dataclass
class Summary:
    levels: tuple[str, str]
    records: list[GameRecord] = field(default_factory=list)

    def points(self, side: int) -> tuple[float, float]:
        """Mean points per game and the half-width of its 95% interval (nan for one game)."""
        pts = [r.points(side) for r in self.records]
        mean = statistics.fmean(pts)
        half = 1.96 * statistics.stdev(pts) / math.sqrt(len(pts)) if len(pts) > 1 else math.nan
        return mean, half

    def places(self, side: int) -> list[int]:
        """How often the side's seats took each place, 头科 … 大落."""
        out = [0] * 6
        for r in self.records:
            for s in r.seats(side):
                out[r.result["places"][s] - 1] += 1
        return out

    def rate(self, side: int, key: str) -> float:
        """Share of the side's seat-games with ``key`` true (开点)."""
        hits = [r.result[key][s] for r in self.records for s in r.seats(side)]
        return sum(hits) / len(hits)

    def per_game(self, side: int, key: str) -> float:
        """烧 or 闷 stood per game by the side's seats."""
        return sum(by in r.seats(side) for r in self.records for by, _ in r.result[key]) / len(self.records)

    def won(self, side: int) -> int:
        return sum(r.points(side) > 0 for r in self.records)

    def chuan_san(self, side: int) -> int:
        return sum(r.result["chuan_san"] == r.team(side) for r in self.records)


def play_game(seed: int, levels: Sequence[str], rules: Ruleset, budget: float | None,
              watch: Callable[[Game, int], None] | None = None) -> tuple[dict, int]:
    """A one-game match of seeded AI players (``levels`` per seat): its result and plies in play.
    ``watch`` sees the game after each action in play, with the ply count."""
    m = Match.new(seed=seed, rules=rules, games=1)
    players = [make_player(levels[s], seed * 6 + s, budget) for s in range(6)]
    plies = 0
    while not m.over:
        seat = m.to_act
        assert seat is not None
        game = m.game
        if game is not None and watch is not None:
            watch(game, plies)
        m.act(seat, players[seat].choose(m.view(seat), m.legal_actions(seat)))
        if game is not None:
            plies += 1
            if game.over and watch is not None:
                watch(game, plies)
    return m.results[-1], plies


def names(a_team: int) -> list[str]:
    """Each seat's name in the pictures: its side and its place among the side's three, so that the
    table reads "A2 发牌" rather than one of three alike "A·basic"; the level is the summary's (a
    longer name is cut short in the seat boxes)."""
    sides = [int(s % 2 != a_team) for s in range(6)]
    return [f"{SIDES[side]}{sides[:s + 1].count(side)}" for s, side in enumerate(sides)]


class Snapshots:
    """Draws the sample game's table at ``SNAPSHOT_PLIES`` and at its end."""

    def __init__(self, out: Path, extras: TableExtras) -> None:
        self.out = out
        self.extras = extras

    def __call__(self, game: Game, ply: int) -> None:
        if game.over:
            name = "table-end.png"
        elif ply in SNAPSHOT_PLIES:
            name = f"table-{ply:03d}.png"
        else:
            return
        (self.out / name).write_bytes(render_table(game.view(0), self.extras))


def record_game(i: int, levels: tuple[str, str], seed: int, rules: Ruleset, budget: float | None,
                out: Path | None) -> GameRecord:
    """Game ``i``: deal ``seed + i // 2`` with A on team ``i % 2``; with ``out`` its tables and result are drawn."""
    a_team = i % 2
    seats = [levels[0] if s % 2 == a_team else levels[1] for s in range(6)]
    watch = None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        watch = Snapshots(out, TableExtras(names=names(a_team), ai=(True,) * 6, game_no=1, games=1))
    start = time.perf_counter()
    result, plies = play_game(seed + i // 2, seats, rules, budget, watch)
    if out is not None:
        (out / "result.png").write_bytes(render_result(result, names(a_team), game_no=1, ai=(True,) * 6))
    return GameRecord(a_team, result, plies, time.perf_counter() - start)


def simulate(games: int, levels: tuple[str, str], seed: int, rules: Ruleset, budget: float | None = None,
             out: Path | None = None, console: Console | None = None) -> Summary:
    """Play ``games`` games (deal ``seed + i // 2``, A on team ``i % 2``), showing a progress bar."""
    console = console or Console()
    summary = Summary(levels)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console) as progress:
        task = progress.add_task(f"{levels[0]} vs {levels[1]}", total=games)
        try:
            for i in range(games):
                summary.records.append(record_game(i, levels, seed, rules, budget, out if i == 0 else None))
                progress.advance(task)
        except KeyboardInterrupt:
            console.print(f"stopped after {len(summary.records)} of {games} games")
    if out is not None and summary.records:
        (out / "summary.png").write_bytes(render_standings(standing_rows(summary), title="够级 AI 对局"))
    return summary


def standing_rows(summary: Summary) -> list[StandingRow]:
    """The six AI players as a league table: the k-th seat of each side is one player, its points
    its team's (as in the league), its 头科, 大落 and 开点 its own."""
    rows = []
    for side in (0, 1):
        for k in range(3):
            seats = [(r, r.seats(side)[k]) for r in summary.records]
            rows.append(StandingRow(
                name=f"{SIDES[side]}{k + 1}·{summary.levels[side]}",  # the pictures' A1 … B3
                points=sum(r.points(side) for r in summary.records),
                games=len(seats),
                tou_ke=sum(r.result["places"][s] == 1 for r, s in seats),
                da_luo=sum(r.result["places"][s] == 6 for r, s in seats),
                kaidian=sum(r.result["kaidian"][s] for r, s in seats),
                shao=sum(by == s for r, s in seats for by, _ in r.result["shao"]),
                men=sum(by == s for r, s in seats for by, _ in r.result["men"]),
                chuan_san=summary.chuan_san(side),
            ))
    return rows


def tables(summary: Summary) -> tuple[Table, Table]:
    """The summary: per side points per game with its interval and the rates; then the places."""
    n = len(summary.records)
    main = Table(title=f"{n} games · {summary.levels[0]} (A) vs {summary.levels[1]} (B) · each deal twice, "
                 "teams swapped", title_style="bold")
    for name in ("side", "level", "points/game", "won", "串三家", "开点 rate", "烧/game", "闷/game"):
        main.add_column(name, justify="right" if name not in ("side", "level") else "left")
    for side in (0, 1):
        mean, half = summary.points(side)
        main.add_row(SIDES[side], summary.levels[side], f"{mean:+.2f} ± {half:.2f}" if n > 1 else f"{mean:+.2f}",
                     f"{summary.won(side)}/{n}", str(summary.chuan_san(side)), f"{summary.rate(side, 'kaidian'):.0%}",
                     f"{summary.per_game(side, 'shao'):.2f}", f"{summary.per_game(side, 'men'):.2f}")
    plies = statistics.fmean(r.plies for r in summary.records)
    secs = statistics.fmean(r.seconds for r in summary.records)
    main.caption = f"± is the 95% interval (1.96·sd/√n) · average game: {plies:.0f} actions in play, {secs:.2f} s"
    places = Table(title="places / 名次 (seat-games)", title_style="bold")
    places.add_column("side")
    for p in range(1, 7):
        places.add_column(PLACE_ZH[p], justify="right")
    places.add_column("avg", justify="right")
    for side in (0, 1):
        counts = summary.places(side)
        avg = sum((p + 1) * c for p, c in enumerate(counts)) / sum(counts)
        places.add_row(f"{SIDES[side]} {summary.levels[side]}", *map(str, counts), f"{avg:.2f}")
    return main, places


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=positive, default=10, help="games to play (default 10)")
    parser.add_argument("--a", choices=LEVELS, default="basic", help="level of side A (default basic)")
    parser.add_argument("--b", choices=LEVELS, default="basic", help="level of side B (default basic)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal (default 1)")
    parser.add_argument("--out", type=Path, default=None, help="write the sample game's tables and results here")
    parser.add_argument("--budget", type=float, default=None, help="seconds per decision of 'strong' (its default)")
    add_rules_argument(parser)


def main(args: argparse.Namespace, console: Console | None = None) -> int:
    """Run ``python -m bot simulate`` from parsed arguments."""
    console = console or Console(highlight=False)
    summary = simulate(args.games, (args.a, args.b), args.seed, rules_of(args), args.budget, args.out, console)
    if not summary.records:
        return 130
    for table in tables(summary):
        console.print(table)
    if args.out is not None:
        console.print(f"images written to {args.out}/: " + ", ".join(sorted(p.name for p in args.out.glob("*.png"))))
    return 0
