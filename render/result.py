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
    DIM,
    FINE,
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
    WIDTH,
    px,
)

HEADER = px(112)
ROW_H = px(112)
"""A seat's row: room for two lines of item chips, which stay at phone size however many there are."""
TEAMS_H = px(190)
MATCH_H = px(80)
RESULT_SIZE = (WIDTH, HEADER + 6 * ROW_H + px(24) + TEAMS_H + MATCH_H)
"""Every game result image is this size."""
CHIP_H = px(48)
CHIPS_X = px(480)
"""Where a seat's item chips start, after its place and name."""
MATCH_HEADER = px(110)
SEATS_HEAD, SEAT_ROW_H = px(56), px(76)
GAMES_HEAD, MATCH_ROW_H = px(56), px(64)
MATCH_FOOTER = px(24)
PLACE_COLS = tuple(px(440) + px(100) * i for i in range(6))
"""Centres of the match picture's columns 头科 … 大落: how often each seat took each place."""


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
    pill(d, center, PLACE_ZH[place], px(36), back, fore, fonts.BLACK)


def _chip_words(label: str, points: int) -> str:
    return f"{label} {signed(points)}"


def _chip_width(label: str, points: int) -> int:
    return text_width(_chip_words(label, points), FINE, fonts.BOLD) + px(24)


def _chip(d: ImageDraw.ImageDraw, x: int, y: int, label: str, points: int, ring: bool = False) -> int:
    """A coloured item chip starting at x (``ring``: outlined in gold, for 翻倍); returns its right edge."""
    s = _chip_words(label, points)
    back: RGB = (30, 70, 44) if points > 0 else ((84, 36, 40) if points < 0 else (52, 58, 70))
    ink: RGB = GOOD if points > 0 else (BAD if points < 0 else MUTED)
    right = x + _chip_width(label, points)
    d.rounded_rectangle((x, y - CHIP_H // 2, right, y + CHIP_H // 2), CHIP_H // 2, fill=back,
                        outline=GOLD if ring else None, width=px(3) if ring else 0)
    text(d, (x + px(12), y), s, FINE, ink, fonts.BOLD, anchor="lm")
    return right


Chips = list[tuple[str, int, bool]]


def chip_lines(items: Sequence[tuple[str, int, int, bool]], room: int, lines: int = 2) -> list[Chips]:
    """A seat's grouped items as chips (label, points, ring) flowed into at most ``lines`` lines of
    ``room`` pixels; what does not fit is left out rather than drawn smaller than a phone reads."""
    out: list[Chips] = [[]]
    x = 0
    for name, n, pts, ring in items:
        label = name if n == 1 else f"{name}×{n}"
        w = _chip_width(label, pts)
        if out[-1] and x + w > room:
            if len(out) == lines:
                break
            out.append([])
            x = 0
        out[-1].append((label, pts, ring))
        x += w + px(10)
    return out


def _verdict(totals: Sequence[int]) -> int | None:
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def _team_boxes(
    d: ImageDraw.ImageDraw, top: int, totals: Sequence[int], extras: Sequence[Sequence[tuple[str, int]]]
) -> None:
    """Both teams' totals side by side, the winner crowned (胜) beside its name, and any team item
    (串三家, 翻倍) on a line of its own under them, clear of the big total."""
    win = _verdict(totals)
    for team in (0, 1):
        x0 = px(24) + team * (WIDTH // 2)
        box = (x0, top, x0 + WIDTH // 2 - px(48), top + TEAMS_H - px(30))
        d.rounded_rectangle(
            box,
            px(24),
            fill=TEAM_FILL[team],
            outline=GOLD if win == team else TEAM[team],
            width=px(6) if win == team else px(3),
        )
        seats = " ".join(str(s + 1) for s in range(team, 6, 2))
        name = f"{TEAM_NAME[team]} {seats}"
        text(d, (x0 + px(28), top + px(44)), name, px(36), TEXT, fonts.BOLD, anchor="lm")
        chips = chip_lines(_grouped(extras[team]), box[2] - x0 - px(56), lines=1)[0]
        total_y = top + px(62) if chips else (top + box[3]) // 2
        text(d, (box[2] - px(28), total_y), signed(totals[team]), px(76), TEAM[team], fonts.BLACK, anchor="rm")
        if win in (team, None):
            word, back, fore = ("平", SILVER, (30, 34, 40)) if win is None else ("胜", GOLD, (40, 28, 0))
            x = x0 + px(28) + text_width(name, px(36), fonts.BOLD) + px(16)
            pill(d, (x + px(36), top + px(44)), word, px(36), back, fore, fonts.BLACK)
        x = x0 + px(28)
        for label, pts, ring in chips:
            x = _chip(d, x, top + px(124), label, pts, ring) + px(10)


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
    text(d, (px(24), HEADER // 2), title, px(44), TEXT, fonts.BLACK, anchor="lm")
    right = WIDTH - px(24)
    if result.chuan_san is not None:
        team = result.chuan_san
        w = text_width(f"{TEAM_NAME[team]} 串三家！", px(34), fonts.BLACK)
        right = pill(
            d,
            (right - w // 2 - px(17), HEADER // 2),
            f"{TEAM_NAME[team]} 串三家！",
            px(34),
            TEAM[team],
            (20, 20, 24),
            fonts.BLACK,
        )[0] - px(16)
    doubled = double_words(result.multiplier, result.grand_slam)
    if doubled:  # 满贯 or classic 串三户: every point of the game counts double
        words = doubled[0]
        w = text_width(words, px(34), fonts.BLACK)
        pill(d, (right - w // 2 - px(17), HEADER // 2), words, px(34), GOLD, (40, 28, 0), fonts.BLACK)
    order = sorted(range(6), key=lambda s: result.places[s])
    for i, seat in enumerate(order):
        top = HEADER + i * ROW_H
        cy = top + ROW_H // 2
        team = seat % 2
        d.rounded_rectangle(
            (px(16), top + px(6), WIDTH - px(16), top + ROW_H - px(6)), px(18),
            fill=PANEL if i % 2 else (30, 35, 44)
        )
        d.rounded_rectangle((px(16), top + px(6), px(28), top + ROW_H - px(6)), px(6), fill=TEAM[team])
        _place_pill(d, (px(104), cy), result.places[seat])
        name = fit(display_name(names[seat], seat, ai[seat]), px(36), fonts.BOLD, CHIPS_X - px(200))
        text(d, (px(180), cy), name, px(36), TEXT, fonts.BOLD, anchor="lm")
        points = signed(result.seat_points[seat])
        text(d, (WIDTH - px(40), cy), points, px(46), TEAM[team], fonts.BLACK, anchor="rm")
        room = WIDTH - px(40) - text_width(points, px(46), fonts.BLACK) - px(24) - CHIPS_X
        lines = chip_lines(_grouped(result.items[seat]), room)
        for k, line in enumerate(lines):
            y = cy + (k * 2 - len(lines) + 1) * (CHIP_H + px(6)) // 2
            x = CHIPS_X
            for label, pts, ring in line:
                x = _chip(d, x, y, label, pts, ring) + px(10)
    teams_top = HEADER + 6 * ROW_H + px(24)
    _team_boxes(d, teams_top, result.team_points, result.team_items)
    if match is not None:
        total = match.totals()
        y = teams_top + TEAMS_H + MATCH_H // 2 - px(16)
        played = f"比赛 {len(match.results)}/{match.games} 局"
        text(d, (px(24), y), played, px(36), MUTED, fonts.BOLD, anchor="lm")
        x = px(60) + text_width(played, px(36), fonts.BOLD)
        for team in (0, 1):
            s = f"{TEAM_NAME[team]} {signed(total[team])}"
            text(d, (x, y), s, px(36), TEAM[team], fonts.BLACK, anchor="lm")
            x += text_width(s, px(36), fonts.BLACK) + px(40)
        if match.finished:
            win = _verdict(total)
            verdict = "比赛平局" if win is None else f"{TEAM_NAME[win]}赢得比赛"
            text(d, (WIDTH - px(24), y), verdict, px(36), GOLD, fonts.BLACK, anchor="rm")
    return to_png(img)


def match_size(games: int) -> tuple[int, int]:
    """The size of ``render_match``'s image: the teams, one row per seat, one row per game."""
    return WIDTH, (MATCH_HEADER + TEAMS_H + SEATS_HEAD + 6 * SEAT_ROW_H + GAMES_HEAD + games * MATCH_ROW_H
                   + MATCH_FOOTER)


def place_tally(results: Sequence[GameResult]) -> list[list[int]]:
    """``tally[seat][place - 1]``: how many games of the match each seat finished in each place."""
    tally = [[0] * 6 for _ in range(6)]
    for r in results:
        for seat, place in enumerate(r.places):
            tally[seat][place - 1] += 1
    return tally


def render_match(
    match: MatchSummary, names: Sequence[str | None] | None = None, ai: Sequence[bool] = (False,) * 6
) -> bytes:
    """A match as PNG bytes — the final table picture once it is over: the teams' totals with the
    winner crowned, each seat's places (how often 头科 … 大落) and points, and each game's points."""
    names = names or (None,) * 6
    results = [as_result(r) for r in match.results]
    img = Image.new("RGB", match_size(match.games), BG)
    d = ImageDraw.Draw(img)
    title = "比赛结果" if match.finished else "比赛进行中"
    text(d, (px(24), MATCH_HEADER // 2), title, px(48), TEXT, fonts.BLACK, anchor="lm")
    played = f"{len(results)}/{match.games} 局"
    win = _verdict(match.totals())
    if match.finished:
        verdict = "平局" if win is None else f"{TEAM_NAME[win]}赢得比赛"
        w = text_width(verdict, px(40), fonts.BLACK)
        back = SILVER if win is None else GOLD
        pill(d, (WIDTH - px(24) - w // 2 - px(20), MATCH_HEADER // 2), verdict, px(40), back, (40, 28, 0),
             fonts.BLACK)
        played = f"{match.games} 局"
        text(d, (px(40) + text_width(title, px(48), fonts.BLACK), MATCH_HEADER // 2), played, px(36), MUTED,
             fonts.BOLD, anchor="lm")
    else:
        text(d, (WIDTH - px(24), MATCH_HEADER // 2), played, px(36), MUTED, fonts.BOLD, anchor="rm")
    top = MATCH_HEADER
    no_items: list[list[tuple[str, int]]] = [[], []]
    _team_boxes(d, top, match.totals(), no_items)
    top += TEAMS_H
    _seat_rows(d, top, results, names, ai)
    top += SEATS_HEAD + 6 * SEAT_ROW_H
    _game_rows(d, top, match.games, results, names, ai)
    return to_png(img)


def _seat_rows(
    d: ImageDraw.ImageDraw, top: int, results: Sequence[GameResult], names: Sequence[str | None],
    ai: Sequence[bool],
) -> None:
    """One row per seat, best first: name, how many times in each place, and its points in the match."""
    y = top + SEATS_HEAD // 2
    text(d, (px(48), y), "玩家", FINE, MUTED, fonts.BOLD, anchor="lm")
    for place, x in enumerate(PLACE_COLS, start=1):
        text(d, (x, y), PLACE_ZH[place], FINE, MUTED, fonts.BOLD, anchor="mm")
    text(d, (WIDTH - px(40), y), "积分", FINE, MUTED, fonts.BOLD, anchor="rm")
    tally = place_tally(results)
    points = [sum(r.seat_points[s] for r in results) for s in range(6)]
    for i, seat in enumerate(sorted(range(6), key=lambda s: (-points[s], s))):
        row = top + SEATS_HEAD + i * SEAT_ROW_H
        cy = row + SEAT_ROW_H // 2
        d.rounded_rectangle((px(16), row + px(4), WIDTH - px(16), row + SEAT_ROW_H - px(4)), px(16),
                            fill=PANEL if i % 2 else (30, 35, 44))
        d.rounded_rectangle((px(16), row + px(4), px(28), row + SEAT_ROW_H - px(4)), px(6), fill=TEAM[seat % 2])
        name = fit(display_name(names[seat], seat, ai[seat]), px(36), fonts.BOLD, PLACE_COLS[0] - px(50) - px(48))
        text(d, (px(48), cy), name, px(36), TEXT, fonts.BOLD, anchor="lm")
        for place, x in enumerate(PLACE_COLS, start=1):
            n = tally[seat][place - 1]
            text(d, (x, cy), str(n), px(38), (GOLD if place == 1 else TEXT) if n else DIM, fonts.BLACK, anchor="mm")
        text(d, (WIDTH - px(40), cy), signed(points[seat]), px(44), TEAM[seat % 2], fonts.BLACK, anchor="rm")


def _game_rows(
    d: ImageDraw.ImageDraw, top: int, games: int, results: Sequence[GameResult], names: Sequence[str | None],
    ai: Sequence[bool],
) -> None:
    """One row per game of the match: its 头科, both teams' points, and 串三家 or 翻倍 when it had them."""
    cols = (px(760), px(940))
    y = top + GAMES_HEAD // 2
    d.line((px(24), top + px(4), WIDTH - px(24), top + px(4)), fill=PANEL_LINE, width=px(2))
    text(d, (px(48), y), "每局", FINE, MUTED, fonts.BOLD, anchor="lm")
    for team in (0, 1):
        text(d, (cols[team], y), TEAM_NAME[team], FINE, TEAM[team], fonts.BOLD, anchor="rm")
    for i in range(games):
        row = top + GAMES_HEAD + i * MATCH_ROW_H
        cy = row + MATCH_ROW_H // 2
        d.rounded_rectangle(
            (px(16), row + px(4), WIDTH - px(16), row + MATCH_ROW_H - px(4)), px(16),
            fill=PANEL if i % 2 else (30, 35, 44)
        )
        text(d, (px(40), cy), f"第 {i + 1} 局", px(36), TEXT, fonts.BOLD, anchor="lm")
        if i >= len(results):
            text(d, (cols[1], cy), "未打", FINE, MUTED, fonts.BOLD, anchor="rm")
            continue
        r = results[i]
        first = r.places.index(1)
        head = fit(f"头科 {display_name(names[first], first, ai[first])}", FINE, fonts.MEDIUM, px(400))
        text(d, (px(210), cy), head, FINE, MUTED, fonts.MEDIUM, anchor="lm")
        for team in (0, 1):
            text(d, (cols[team], cy), signed(r.team_points[team]), px(40), TEAM[team], fonts.BLACK, anchor="rm")
        double = f" ×{r.multiplier}" if r.multiplier > 1 else ""
        if r.chuan_san is not None:
            pill(d, (px(1075), cy), f"串三家{double}", FINE, TEAM[r.chuan_san], (20, 20, 24), fonts.BLACK,
                 outline=GOLD if double else None, pad=px(10))
        elif double:
            pill(d, (px(1075), cy), f"翻倍{double}", FINE, GOLD, (40, 28, 0), fonts.BLACK, pad=px(10))
