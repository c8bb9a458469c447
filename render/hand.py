"""A seat's hand as playing cards: grouped by rank, weakest left, with counts and 够级 marked.

The hand is private: this image goes only to its own player (ephemeral panel or DM).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.engine import format_counts, parse_cards, parse_play
from bot.engine.plays import GOUJI_MIN
from bot.words import play_words

from . import cards, fonts
from .draw import fit, pill, text, text_width, to_png
from .theme import BG, FINE, GOLD, MUTED, PANEL_LINE, TEXT, WIDTH, px

MARGIN = px(24)
HEADER = px(76)
CARD_W, CARD_H = px(92), px(128)
LIFT = px(24)
"""How far a card of the highlighted play is raised, like a selected card in a card game app."""
COUNT_H = px(44)
MARK_H = px(52)
ROW_H = COUNT_H + LIFT + CARD_H + MARK_H + px(8)
GAP = px(18)
STEPS = range(px(44), px(29), -max(1, px(2)))
"""Overlap steps tried, widest first; the narrowest (30 at ``BASE_WIDTH``) still shows a card's rank and suit
column."""
TITLE_SIZE = px(36)
"""The heading, the highlighted play's words and each group's ×N."""

GOUJI_PURE, GOUJI_WITH_TWOS, WITH_TWOS_SHORT = "够级", "带2够级", "带2"
EMPTY = "没有手牌"
SYMBOL_ORDER = "3456789TJQKA2BR"


@dataclass(frozen=True)
class _Layout:
    step: int
    rows: list[list[tuple[str, int]]]
    """Per row, its groups as (rank symbol, count)."""


def _group_width(n: int, step: int) -> int:
    return CARD_W + (n - 1) * step


def _flow(groups: list[tuple[str, int]], step: int) -> list[list[tuple[str, int]]]:
    avail = WIDTH - 2 * MARGIN
    rows: list[list[tuple[str, int]]] = [[]]
    x = 0
    for g in groups:
        w = _group_width(g[1], step)
        if rows[-1] and x + GAP + w > avail:
            rows.append([])
            x = 0
        x += (GAP if rows[-1] else 0) + w
        rows[-1].append(g)
    return rows


def _layout(groups: list[tuple[str, int]]) -> _Layout:
    """Flow the rank groups into rows: the fewest rows (two at best), then the widest overlap."""
    for max_rows in range(2, len(groups) + 1):
        for step in STEPS:
            rows = _flow(groups, step)
            if len(rows) <= max_rows:
                return _Layout(step, rows)
    return _Layout(STEPS[0], _flow(groups, STEPS[0]))


def _groups(hand_text: str) -> list[tuple[str, int]]:
    canonical = format_counts(parse_cards(hand_text))
    return [(sym, canonical.count(sym)) for sym in SYMBOL_ORDER if sym in canonical]


def hand_size(hand_text: str) -> tuple[int, int]:
    """The image size ``render_hand`` gives for this hand: fixed width, one row of cards per 1-3 rows."""
    rows = max(1, len(_layout(_groups(hand_text)).rows))
    return WIDTH, HEADER + rows * ROW_H + MARGIN // 2


def gouji_mark(symbol: str, n: int, twos: int) -> str | None:
    """够级 at a glance (R4.1): a rank 10…A that is 够级 alone, or only with the hand's 2s attached."""
    rank = 10 if symbol == "T" else {"J": 11, "Q": 12, "K": 13, "A": 14}.get(symbol)
    if rank is None:
        return None
    if n >= GOUJI_MIN[rank]:
        return GOUJI_PURE
    if n + twos >= GOUJI_MIN[rank]:
        return GOUJI_WITH_TWOS
    return None


def render_hand(hand_text: str, highlight: str | None = None, title: str | None = None) -> bytes:
    """The hand ``hand_text`` (engine notation, e.g. ``g.hand(seat)``) as PNG bytes.

    ``highlight`` is a play (``"TTT2"``) whose cards are raised and framed in gold, to show what
    a suggested or typed play would spend. ``title`` replaces the default heading.
    """
    return to_png(draw_hand(hand_text, highlight, title))


def draw_hand(hand_text: str, highlight: str | None = None, title: str | None = None, empty: str = EMPTY
              ) -> Image.Image:
    """The hand as an image, for ``render_hand`` and for a player's panel (``render.panel``);
    ``empty`` is what an empty hand says."""
    groups = _groups(hand_text)
    layout = _layout(groups)
    size = hand_size(hand_text)
    img = Image.new("RGB", size, BG)
    d = ImageDraw.Draw(img)
    total = sum(n for _, n in groups)
    heading = fonts.displayable(title, "") if title else ""
    heading = heading or f"手牌 {total} 张"
    chosen: dict[str, int] = {}
    if highlight:
        play = str(parse_play(highlight))
        chosen = {sym: play.count(sym) for sym in dict.fromkeys(play)}
        words = play_words(play)
        w = text_width(words, TITLE_SIZE, fonts.BLACK)
        pill(d, (WIDTH - MARGIN - w // 2 - px(18), HEADER // 2), words, TITLE_SIZE, GOLD, (40, 28, 0), fonts.BLACK)
        heading = fit(heading, TITLE_SIZE, fonts.BOLD, WIDTH - 2 * MARGIN - w - px(60))
    text(d, (MARGIN, HEADER // 2), heading, TITLE_SIZE, TEXT, fonts.BOLD, anchor="lm")
    d.line((MARGIN, HEADER - px(4), WIDTH - MARGIN, HEADER - px(4)), fill=PANEL_LINE, width=px(2))
    if not groups:
        text(d, (WIDTH // 2, HEADER + ROW_H // 2), empty, px(40), MUTED, fonts.BOLD, anchor="mm")
        return img
    twos = dict(groups).get("2", 0)
    step = layout.step
    for r, row in enumerate(layout.rows):
        row_w = sum(_group_width(n, step) for _, n in row) + GAP * (len(row) - 1)
        x = (WIDTH - row_w) // 2
        top = HEADER + r * ROW_H
        for sym, n in row:
            gw = _group_width(n, step)
            text(d, (x + gw // 2, top + COUNT_H // 2 + px(6)), f"×{n}", TITLE_SIZE, MUTED, fonts.BOLD, anchor="mm")
            picked = min(n, chosen.get(sym, 0))
            for i, (_, suit) in enumerate(cards.suited(sym * n)):
                selected = i < picked
                face = cards.face(sym, suit, CARD_W, CARD_H, selected)
                y = top + COUNT_H + (0 if selected else LIFT)
                img.paste(face, (x + i * step, y), face)
            mark = gouji_mark(sym, n, twos)
            if mark:
                _mark(d, mark, x, top + COUNT_H + LIFT + CARD_H + px(8), gw)
            x += gw + GAP
    return img


def _mark(d: ImageDraw.ImageDraw, mark: str, x: int, y: int, gw: int) -> None:
    """够级 under a rank group: a gold bar when the rank is 够级 alone, a gold outline for 带2够级
    (shortened to 带2 under a narrow group: the words stay at phone size rather than shrink)."""
    box = (x, y, x + gw, y + MARK_H - px(10))
    mid = (x + gw // 2, y + (MARK_H - px(10)) // 2)
    if mark == GOUJI_PURE:
        d.rounded_rectangle(box, px(10), fill=GOLD)
        text(d, mid, mark, FINE, (50, 30, 0), fonts.BLACK, anchor="mm")
        return
    d.rounded_rectangle(box, px(10), outline=GOLD, width=px(2))
    if text_width(mark, FINE, fonts.BOLD) > gw - px(12):
        mark = WITH_TWOS_SHORT
    text(d, mid, mark, FINE, GOLD, fonts.BOLD, anchor="mm")
