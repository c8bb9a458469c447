"""A replay frame (复盘): the table from the viewer's seat, and under it every hand, open.

The game is over, so nothing here is secret: the six hands are drawn compactly, one line per seat in
the order the viewer sees them (自己, 下家, 下联, 对家, 上联, 上家), each rank once with how many
of it are left, so that a whole hand of 36 reads on a phone. Above the hands, a line says which
step of the game this is and what was just done.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import replace

from PIL import Image, ImageDraw

from bot.engine import PLACE_ZH, MatchView, SeatView, format_counts, parse_cards

from . import fonts
from .cards import rank_label
from .draw import fit, pill, pill_width, text, text_width, to_png
from .table import RELATIVE, TableExtras, draw_table, position, seat_name
from .theme import (
    BG,
    CARD_BLACK,
    CARD_FACE,
    CARD_JOKER_BLACK,
    CARD_RED,
    DIM,
    FINE,
    GOLD,
    MUTED,
    PANEL,
    TEAM,
    TEAM_FILL,
    TEXT,
    WIDTH,
    px,
)

ORDER = "3456789TJQKA2BR"
MARGIN = px(20)
HEADER_H = px(64)
LINE_H = px(54)
ROW_H = 2 * LINE_H + px(8)
"""A seat's line of the strip holds its hand on up to two lines of rank tokens: a whole hand of 36
(up to 15 ranks) fits at full size."""
STRIP_H = HEADER_H + 6 * ROW_H + MARGIN
REPLAY_SIZE = (WIDTH, px(1000) + STRIP_H)
"""Every frame is this size, so stepping through a replay never makes the message jump."""
NAME_W = px(210)
RANK_SIZE = px(36)
COUNT_SIZE = FINE
TOKEN_H = px(46)
TOKEN_GAP = px(10)
TOKEN_PAD = px(16)
"""A token's card is its rank's width and this much more."""
GIF_WIDTH = 600
"""The animated replay is drawn smaller than its frames: hundreds of frames stay a few MB."""


def _groups(hand: str) -> list[tuple[str, int]]:
    text_ = format_counts(parse_cards(hand)) if hand else ""
    return [(sym, text_.count(sym)) for sym in ORDER if sym in text_]


def _token_width(sym: str, n: int, size: int) -> int:
    w = text_width(rank_label(sym), size, fonts.BLACK) + TOKEN_PAD
    return w + (text_width(f"×{n}", COUNT_SIZE, fonts.BOLD) + px(4) if n > 1 else 0)


def _lines(groups: list[tuple[str, int]], room: int, size: int, gap: int) -> list[list[tuple[str, int]]]:
    lines: list[list[tuple[str, int]]] = [[]]
    used = 0
    for g in groups:
        w = _token_width(*g, size) + gap
        if lines[-1] and used + w > room:
            lines.append([])
            used = 0
        lines[-1].append(g)
        used += w
    return lines


def _tokens(d: ImageDraw.ImageDraw, x0: int, top: int, hand: str, room: int) -> None:
    """The hand as rank tokens on up to two lines from ``top``: a small white card with the rank, and
    ×n beside it when more than one."""
    groups = _groups(hand)
    if not groups:
        text(d, (x0, top - px(4) + ROW_H // 2), "出完", FINE, DIM, fonts.BOLD, anchor="lm")
        return
    size, gap = RANK_SIZE, TOKEN_GAP
    while size > FINE and len(_lines(groups, room, size, gap)) > 2:
        size -= 1
    lines = _lines(groups, room, size, gap)
    if len(lines) == 1 or len(lines) > 2:  # one line: centred in the row; more than two: squeezed onto two
        lines = [groups] if len(lines) == 1 else [groups[: (len(groups) + 1) // 2], groups[(len(groups) + 1) // 2:]]
    centres = [top - px(4) + ROW_H // 2] if len(lines) == 1 else [top + LINE_H // 2, top + LINE_H + LINE_H // 2]
    for line, cy in zip(lines, centres, strict=True):
        _token_line(d, x0, cy, line, size, gap)


def _token_line(d: ImageDraw.ImageDraw, x: int, cy: int, groups: list[tuple[str, int]], size: int, gap: int) -> None:
    for sym, n in groups:
        label = rank_label(sym)
        w = text_width(label, size, fonts.BLACK) + TOKEN_PAD
        d.rounded_rectangle((x, cy - TOKEN_H // 2, x + w, cy + TOKEN_H // 2), px(8), fill=CARD_FACE)
        ink = CARD_RED if sym == "R" else (CARD_JOKER_BLACK if sym == "B" else CARD_BLACK)
        text(d, (x + w // 2, cy), label, size, ink, fonts.BLACK, anchor="mm")
        x += w
        if n > 1:
            text(d, (x + px(3), cy + px(2)), f"×{n}", COUNT_SIZE, GOLD, fonts.BOLD, anchor="lm")
            x += text_width(f"×{n}", COUNT_SIZE, fonts.BOLD) + px(4)
        x += gap


def draw_hands(view: SeatView | MatchView, hands: Sequence[str], extras: TableExtras, viewer: int,
               caption: str | None = None) -> Image.Image:
    """The strip under the table: ``caption`` (the step and what was done), then each seat's hand."""
    img = Image.new("RGB", (WIDTH, STRIP_H), BG)
    d = ImageDraw.Draw(img)
    if caption:
        size = FINE + px(3)
        text(d, (MARGIN, HEADER_H // 2 + px(4)), fit(caption, size, fonts.BOLD, WIDTH - 2 * MARGIN), size, TEXT,
             fonts.BOLD, anchor="lm")
    places = view.game.places if isinstance(view, MatchView) and view.game else getattr(view, "places", [None] * 6)
    for seat in range(6):
        pos = position(seat, viewer)
        y0 = HEADER_H + pos * ROW_H
        cy = y0 + ROW_H // 2
        team = seat % 2
        d.rounded_rectangle((MARGIN // 2, y0 + px(4), WIDTH - MARGIN // 2, y0 + ROW_H - px(4)), px(12),
                            fill=TEAM_FILL[team] if seat == viewer else PANEL)
        d.rectangle((MARGIN // 2, y0 + px(4), MARGIN // 2 + px(8), y0 + ROW_H - px(4)), fill=TEAM[team])
        name = fit(f"{RELATIVE[pos]} {seat_name(extras, seat)}", FINE, fonts.BOLD, NAME_W - px(16))
        text(d, (MARGIN + px(8), cy), name, FINE, TEAM[team] if seat != viewer else TEXT, fonts.BOLD, anchor="lm")
        x = MARGIN + NAME_W
        right = WIDTH - MARGIN
        place = places[seat] if seat < len(places) else None
        if place is not None:
            w = pill_width(PLACE_ZH[place], FINE, fonts.BOLD)
            pill(d, (right - w // 2, cy), PLACE_ZH[place], FINE, GOLD if place == 1 else MUTED, BG, fonts.BOLD)
            right -= w + px(10)
        _tokens(d, x, y0 + px(4), hands[seat], right - x)
    return img


def draw_replay(view: SeatView | MatchView, hands: Sequence[str], extras: TableExtras | None = None,
                viewer: int = 0, caption: str | None = None) -> Image.Image:
    """A replay frame: the table from ``viewer``'s seat (its ``view`` may be any seat's: the table
    draws only what is public) above all six ``hands``."""
    extras = replace(extras or TableExtras(), perspective=viewer)
    table = draw_table(view, extras)
    strip = draw_hands(view, hands, extras, viewer, caption)
    img = Image.new("RGB", (WIDTH, table.height + strip.height), BG)
    img.paste(table, (0, 0))
    img.paste(strip, (0, table.height))
    return img


def render_replay(view: SeatView | MatchView, hands: Sequence[str], extras: TableExtras | None = None,
                  viewer: int = 0, caption: str | None = None) -> bytes:
    """``draw_replay`` as PNG bytes."""
    return to_png(draw_replay(view, hands, extras, viewer, caption))


def animate(images: Sequence[Image.Image], ms: int = 700, last_ms: int = 4000) -> bytes:
    """The frames as one looping animated GIF at ``GIF_WIDTH``, the last one held longer."""
    if not images:
        raise ValueError("no frames to animate")
    h = images[0].height * GIF_WIDTH // images[0].width
    small = [im.resize((GIF_WIDTH, h), Image.Resampling.LANCZOS).quantize(
        128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE) for im in images]
    buf = io.BytesIO()
    small[0].save(buf, format="GIF", save_all=True, append_images=small[1:], loop=0, optimize=False,
                  duration=[ms] * (len(small) - 1) + [last_ms])
    return buf.getvalue()


__all__ = ["GIF_WIDTH", "REPLAY_SIZE", "animate", "draw_hands", "draw_replay", "render_replay"]
