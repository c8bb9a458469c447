"""The result of a game (places, each seat's itemised points, team totals) and of a match.

Points come itemised from the engine (R10) so that a player sees where each one came from;
the images only group and colour them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot.engine import ITEM_NAMES, PLACE_ZH, GameResult, double_words

from . import fonts
from .draw import display_name, fit, pill, signed, text, text_width, to_png
from .theme import (
    BAD,
    BG,
    GOLD,
    GOOD,
    MUTED,
    PANEL,
    PANEL_LINE,
    RGB,
    SILVER,
    TEAM,
    TEAM_FILL,
    TEAM_NAME,
    TEXT,
)

WIDTH = 1200
HEADER = 112
ROW_H = 92
TEAMS_H = 190
MATCH_H = 80
RESULT_SIZE = (WIDTH, HEADER + 6 * ROW_H + 24 + TEAMS_H + MATCH_H)
"""Every game result image is this size."""
MATCH_HEADER = 120
MATCH_ROW_H = 70
MATCH_FOOTER = 230


ResultLike = GameResult | Mapping[str, Any]
"""A game's result as the engine gives it: a ``GameResult``, or its ``to_dict()`` as in ``Match.results``."""


def as_result(r: ResultLike) -> GameResult:
    """A ``GameResult`` from either form, so callers pass ``Match.results`` as they are."""
    if isinstance(r, GameResult):
        return r
    return GameResult(
        places=list(r["places"]),
        seat_points=list(r["seat_points"]),
        team_points=list(r["team_points"]),
        kaidian=list(r["kaidian"]),
        shao=[(a, b) for a, b in r["shao"]],
        men=[(a, b) for a, b in r["men"]],
        chuan_san=r["chuan_san"],
        items=[[(k, v) for k, v in it] for it in r["items"]],
        team_items=[[(k, v) for k, v in it] for it in r["team_items"]],
        multiplier=r.get("multiplier", 1),
        grand_slam=r.get("grand_slam"),
    )


@dataclass(frozen=True)
class MatchSummary:
    """A match so far (R10.6): how many games were agreed and the results of those played
    (``Match.games`` and ``Match.results`` as they are, or ``GameResult`` objects)."""

    games: int
    results: Sequence[ResultLike]

    def totals(self) -> tuple[int, int]:
        points = [as_result(r).team_points for r in self.results]
        return (sum(p[0] for p in points), sum(p[1] for p in points))

    @property
    def finished(self) -> bool:
        return len(self.results) >= self.games


def item_name(key: str) -> str:
    """The short Chinese name of a result item: ITEM_NAMES less its parenthesis (烧牌（捎） → 烧牌)."""
    return ITEM_NAMES.get(key, (key, key))[0].split("（")[0]


DOUBLE = "double"
"""The item that doubles a game (满贯, classic 串三户): its chips are ringed in gold, like the ×2 at the top."""


def _grouped(items: Sequence[tuple[str, int]]) -> list[tuple[str, int, int, bool]]:
    """Items of one seat as (name, times, points, doubling): two 烧 read "烧牌×2 +2", not two chips."""
    out: dict[str, tuple[int, int]] = {}
    for key, pts in items:
        n, total = out.get(key, (0, 0))
        out[key] = (n + 1, total + pts)
    return [(item_name(k), n, p, k == DOUBLE) for k, (n, p) in out.items()]


def _place_pill(d: ImageDraw.ImageDraw, center: tuple[int, int], place: int) -> None:
    back: RGB = GOLD if place <= 2 else (SILVER if place <= 4 else (150, 40, 44))
    fore: RGB = TEXT if place > 4 else (30, 26, 10)
    pill(d, center, PLACE_ZH[place], 32, back, fore, fonts.BLACK)


def _chip(d: ImageDraw.ImageDraw, x: int, y: int, label: str, points: int, ring: bool = False) -> int:
    """A coloured item chip starting at x (``ring``: outlined in gold, for 翻倍); returns its right edge."""
    s = f"{label} {signed(points)}"
    back: RGB = (30, 70, 44) if points > 0 else ((84, 36, 40) if points < 0 else (52, 58, 70))
    ink: RGB = GOOD if points > 0 else (BAD if points < 0 else MUTED)
    w = text_width(s, 26, fonts.BOLD)
    d.rounded_rectangle((x, y - 22, x + w + 28, y + 22), 22, fill=back, outline=GOLD if ring else None,
                        width=3 if ring else 0)
    text(d, (x + 14, y), s, 26, ink, fonts.BOLD, anchor="lm")
    return x + w + 28


def _verdict(totals: Sequence[int]) -> int | None:
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def _team_boxes(
    d: ImageDraw.ImageDraw, top: int, totals: Sequence[int], extras: Sequence[Sequence[tuple[str, int]]]
) -> None:
    """Both teams' totals side by side, the winner crowned (胜) and any team item (串三家) under it."""
    win = _verdict(totals)
    for team in (0, 1):
        x0 = 24 + team * (WIDTH // 2)
        box = (x0, top, x0 + WIDTH // 2 - 48, top + TEAMS_H - 30)
        d.rounded_rectangle(
            box,
            24,
            fill=TEAM_FILL[team],
            outline=GOLD if win == team else TEAM[team],
            width=6 if win == team else 3,
        )
        seats = " ".join(str(s + 1) for s in range(team, 6, 2))
        text(d, (x0 + 28, top + 44), f"{TEAM_NAME[team]} {seats}", 32, TEXT, fonts.BOLD, anchor="lm")
        text(d, (box[2] - 28, top + 80), signed(totals[team]), 76, TEAM[team], fonts.BLACK, anchor="rm")
        x = x0 + 28
        if win == team:
            x = pill(d, (x0 + 54, top + 106), "胜", 30, GOLD, (40, 28, 0), fonts.BLACK)[2] + 12
        elif win is None:
            x = pill(d, (x0 + 54, top + 106), "平", 30, SILVER, (30, 34, 40), fonts.BLACK)[2] + 12
        for name, n, pts, ring in _grouped(extras[team]):
            label = name if n == 1 else f"{name}×{n}"
            x = _chip(d, x, top + 106, label, pts, ring) + 8


def render_result(
    result: ResultLike,
    names: Sequence[str | None] | None = None,
    game_no: int | None = None,
    match: MatchSummary | None = None,
    ai: Sequence[bool] = (False,) * 6,
) -> bytes:
    """A finished game as PNG bytes: seats by place with itemised points, the team totals, and the
    match score so far when ``match`` is given (its ``results`` should include this game)."""
    names = names or (None,) * 6
    result = as_result(result)
    img = Image.new("RGB", RESULT_SIZE, BG)
    d = ImageDraw.Draw(img)
    title = f"第 {game_no} 局结果" if game_no is not None else "本局结果"
    text(d, (24, HEADER // 2), title, 44, TEXT, fonts.BLACK, anchor="lm")
    right = WIDTH - 24
    if result.chuan_san is not None:
        team = result.chuan_san
        w = text_width(f"{TEAM_NAME[team]} 串三家！", 34, fonts.BLACK)
        right = pill(
            d,
            (right - w // 2 - 17, HEADER // 2),
            f"{TEAM_NAME[team]} 串三家！",
            34,
            TEAM[team],
            (20, 20, 24),
            fonts.BLACK,
        )[0] - 16
    doubled = double_words(result.multiplier, result.grand_slam)
    if doubled:  # 满贯 or classic 串三户: every point of the game counts double
        words = doubled[0]
        w = text_width(words, 34, fonts.BLACK)
        pill(d, (right - w // 2 - 17, HEADER // 2), words, 34, GOLD, (40, 28, 0), fonts.BLACK)
    order = sorted(range(6), key=lambda s: result.places[s])
    for i, seat in enumerate(order):
        top = HEADER + i * ROW_H
        cy = top + ROW_H // 2
        team = seat % 2
        d.rounded_rectangle(
            (16, top + 6, WIDTH - 16, top + ROW_H - 6), 18, fill=PANEL if i % 2 else (30, 35, 44)
        )
        d.rounded_rectangle((16, top + 6, 28, top + ROW_H - 6), 6, fill=TEAM[team])
        _place_pill(d, (110, cy), result.places[seat])
        name = fit(display_name(names[seat], seat, ai[seat]), 34, fonts.BOLD, 280)
        text(d, (190, cy), name, 34, TEXT, fonts.BOLD, anchor="lm")
        x = 500
        for label, n, pts, ring in _grouped(result.items[seat]):
            label = label if n == 1 else f"{label}×{n}"
            x = _chip(d, x, cy, label, pts, ring) + 10
        text(d, (WIDTH - 40, cy), signed(result.seat_points[seat]), 44, TEAM[team], fonts.BLACK, anchor="rm")
    teams_top = HEADER + 6 * ROW_H + 24
    _team_boxes(d, teams_top, result.team_points, result.team_items)
    if match is not None:
        total = match.totals()
        y = teams_top + TEAMS_H + MATCH_H // 2 - 16
        played = f"比赛 {len(match.results)}/{match.games} 局"
        text(d, (24, y), played, 32, MUTED, fonts.BOLD, anchor="lm")
        x = 60 + text_width(played, 32, fonts.BOLD)
        for team in (0, 1):
            s = f"{TEAM_NAME[team]} {signed(total[team])}"
            text(d, (x, y), s, 36, TEAM[team], fonts.BLACK, anchor="lm")
            x += text_width(s, 36, fonts.BLACK) + 40
        if match.finished:
            win = _verdict(total)
            verdict = "比赛平局" if win is None else f"{TEAM_NAME[win]}赢得比赛"
            text(d, (WIDTH - 24, y), verdict, 36, GOLD, fonts.BLACK, anchor="rm")
    return to_png(img)


def match_size(games: int) -> tuple[int, int]:
    """The size of ``render_match``'s image: one row per game of the match."""
    return WIDTH, MATCH_HEADER + games * MATCH_ROW_H + MATCH_FOOTER


def render_match(match: MatchSummary, names: Sequence[str | None] | None = None) -> bytes:
    """A match as PNG bytes: each game's team points and 头科, the totals and (once over) the winner."""
    names = names or (None,) * 6
    img = Image.new("RGB", match_size(match.games), BG)
    d = ImageDraw.Draw(img)
    text(
        d,
        (24, MATCH_HEADER // 2),
        "比赛结果" if match.finished else "比赛进行中",
        44,
        TEXT,
        fonts.BLACK,
        anchor="lm",
    )
    text(
        d,
        (WIDTH - 24, MATCH_HEADER // 2),
        f"{len(match.results)}/{match.games} 局",
        34,
        MUTED,
        fonts.BOLD,
        anchor="rm",
    )
    cols = (640, 860)
    for team in (0, 1):
        text(d, (cols[team], MATCH_HEADER - 16), TEAM_NAME[team], 28, TEAM[team], fonts.BOLD, anchor="rs")
    for i in range(match.games):
        top = MATCH_HEADER + i * MATCH_ROW_H
        cy = top + MATCH_ROW_H // 2
        d.rounded_rectangle(
            (16, top + 4, WIDTH - 16, top + MATCH_ROW_H - 4), 16, fill=PANEL if i % 2 else (30, 35, 44)
        )
        text(d, (40, cy), f"第 {i + 1} 局", 32, TEXT, fonts.BOLD, anchor="lm")
        if i >= len(match.results):
            text(d, (cols[1], cy), "未打", 28, MUTED, anchor="rm")
            continue
        r = as_result(match.results[i])
        first = r.places.index(1)
        head = fit(f"头科 {display_name(names[first], first)}", 28, fonts.REGULAR, 300)
        text(d, (190, cy), head, 28, MUTED, anchor="lm")
        for team in (0, 1):
            text(d, (cols[team], cy), signed(r.team_points[team]), 36, TEAM[team], fonts.BLACK, anchor="rm")
        double = f" ×{r.multiplier}" if r.multiplier > 1 else ""
        if r.chuan_san is not None:
            pill(d, (1050, cy), f"串三家{double}", 26, TEAM[r.chuan_san], (20, 20, 24), fonts.BLACK,
                 outline=GOLD if double else None)
        elif double:
            pill(d, (1050, cy), f"翻倍{double}", 26, GOLD, (40, 28, 0), fonts.BLACK)
    top = MATCH_HEADER + match.games * MATCH_ROW_H + 20
    d.line((24, top - 8, WIDTH - 24, top - 8), fill=PANEL_LINE, width=2)
    no_items: list[list[tuple[str, int]]] = [[], []]
    _team_boxes(d, top, match.totals(), no_items)
    return to_png(img)
