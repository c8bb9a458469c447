"""The league table: players ranked by points, with the counts a 够级 player brags about."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.service.league import StandingRow
from bot.words import ai_name

from . import fonts
from .draw import fit, pill, signed, text, to_png
from .theme import BG, BRONZE, DIM, FINE, GOLD, GOOD, MUTED, PANEL, RGB, SILVER, TEXT, WIDTH, px

HEADER = px(170)
ROW_H = px(72)
FOOTER = px(24)
MAX_ROWS = 20
"""Rows drawn at most: a league image must stay readable on a phone; the caller pages the rest."""

COLUMNS = tuple((title, px(x)) for title, x in (
    ("积分", 600), ("评分", 735), ("局数", 850), ("头科", 955), ("大落", 1060), ("开点率", 1170)))
"""Column titles and the x at which their numbers end (right-aligned)."""
MEDALS: dict[int, RGB] = {1: GOLD, 2: SILVER, 3: BRONZE}
SORTS = ("points", "rating")
"""What a league table is ranked by: the 第三十八条 points, or the skill rating."""


def shown_name(row: StandingRow) -> str:
    """A row's name as the league shows it: the player's, or an AI level's as players call it (AI 普通)."""
    return ai_name(row.ai) if row.ai is not None else row.name


def _key(row: StandingRow, by: str) -> tuple[float, ...]:
    if by == "rating":
        return (row.rating if row.rating is not None else -math.inf,)
    return (row.points, row.tou_ke)


def ranked(rows: Sequence[StandingRow], by: str = "points") -> list[tuple[int, StandingRow]]:
    """Rows by points (then more 头科, fewer games) or by rating (then fewer games), with shared
    ranks for ties (1, 2, 2, 4)."""
    order = sorted(rows, key=lambda r: (*(-k for k in _key(r, by)), r.games, r.name))
    out: list[tuple[int, StandingRow]] = []
    for i, row in enumerate(order):
        same = out and _key(out[-1][1], by) == _key(row, by)
        out.append((out[-1][0] if same else i + 1, row))
    return out


def standings_size(n_rows: int) -> tuple[int, int]:
    """The image size for ``n_rows`` players (at most ``MAX_ROWS`` are drawn; none draws one empty row)."""
    return WIDTH, HEADER + max(1, min(n_rows, MAX_ROWS)) * ROW_H + FOOTER


def render_standings(rows: Sequence[StandingRow], title: str = "够级联赛", by: str = "points") -> bytes:
    """The league table as PNG bytes: the best ``MAX_ROWS`` players of ``rows``, ranked ``by`` points
    or rating; a row standing for an AI level shows its rating only (the league's points leave AI out)."""
    img = Image.new("RGB", standings_size(len(rows)), BG)
    d = ImageDraw.Draw(img)
    heading = fit(fonts.displayable(title, "够级联赛"), px(46), fonts.BLACK, px(760))
    text(d, (px(24), px(56)), heading, px(46), TEXT, fonts.BLACK, anchor="lm")
    text(
        d,
        (WIDTH - px(24), px(56)),
        f"前 {MAX_ROWS} 名（共 {len(rows)} 人）" if len(rows) > MAX_ROWS else f"{len(rows)} 名玩家",
        px(34),
        MUTED,
        fonts.BOLD,
        anchor="rm",
    )
    text(d, (px(30), HEADER - px(30)), "排名", FINE, MUTED, fonts.BOLD, anchor="lm")
    text(d, (px(150), HEADER - px(30)), "玩家", FINE, MUTED, fonts.BOLD, anchor="lm")
    for title_, x in COLUMNS:
        text(d, (x, HEADER - px(30)), title_, FINE, MUTED, fonts.BOLD, anchor="rm")
    if not rows:
        text(d, (WIDTH // 2, HEADER + ROW_H // 2), "还没有对局", px(34), DIM, fonts.BOLD, anchor="mm")
        return to_png(img)
    for i, (rank, row) in enumerate(ranked(rows, by)[:MAX_ROWS]):
        top = HEADER + i * ROW_H
        cy = top + ROW_H // 2
        d.rounded_rectangle(
            (px(16), top + px(4), WIDTH - px(16), top + ROW_H - px(4)), px(16), fill=PANEL if i % 2 else (30, 35, 44)
        )
        medal = MEDALS.get(rank)
        if medal:
            pill(d, (px(70), cy), str(rank), px(36), medal, (30, 26, 10), fonts.BLACK)
        else:
            text(d, (px(70), cy), str(rank), px(36), MUTED, fonts.BOLD, anchor="mm")
        text(
            d,
            (px(150), cy),
            fit(fonts.displayable(shown_name(row), "?"), px(36), fonts.BOLD, px(330)),
            px(36),
            TEXT,
            fonts.BOLD,
            anchor="lm",
        )
        pts_ink = GOOD if row.points > 0 else (MUTED if row.points == 0 else (255, 120, 110))
        (_, pts_x), (_, rating_x), *counts = COLUMNS
        if row.ai is None:
            text(d, (pts_x, cy), signed(row.points), px(40), pts_ink, fonts.BLACK, anchor="rm")
        rating = "—" if row.rating is None else f"{row.rating:.1f}".replace("-", "−")
        text(d, (rating_x, cy), rating, px(36), GOLD if by == "rating" else TEXT, fonts.BOLD, anchor="rm")
        values = (str(row.games), "—", "—", "—") if row.ai is not None else (
            str(row.games), str(row.tou_ke), str(row.da_luo), f"{round(row.kaidian_rate * 100)}%")
        for (_, x), value in zip(counts, values, strict=True):
            text(d, (x, cy), value, px(36), TEXT, fonts.BOLD, anchor="rm")
    return to_png(img)
