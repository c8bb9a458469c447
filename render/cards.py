"""Playing cards: one face or back drawn once per size and pasted wherever it is needed.

The engine does not track suits (R2.1: they matter only for 上班), so suits are assigned for
display only, cycling ♠♥♣♦ within a rank: a hand always looks the same, and four of a kind
shows four different suits as a real deal would.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.cards import cards_zh

from . import fonts
from .theme import (
    CARD_BACK,
    CARD_BLACK,
    CARD_EDGE,
    CARD_FACE,
    CARD_JOKER_BLACK,
    CARD_RED,
    GOLD,
    RGB,
    px,
)

SUITS = "♠♥♣♦"
JOKERS = {"B": "小王", "R": "大王"}
SHADOW = px(4)
RANK = 0.46
"""A rank's font size as a share of its card's width: the smallest card drawn is as wide as its rank needs
(``min_width``)."""
"""Pixels of drop shadow baked under each card, so overlapping cards stay distinct."""


def rank_label(symbol: str) -> str:
    """What a card's corner shows: ``T`` is printed 10, the jokers 小王/大王."""
    return cards_zh(symbol)


def suited(cards: str) -> list[tuple[str, int]]:
    """Cards in notation (``TTTT2B``) with display suits, the i-th card of a rank taking suit i mod 4."""
    seen: dict[str, int] = {}
    out = []
    for ch in cards:
        i = seen.get(ch, 0)
        seen[ch] = i + 1
        out.append((ch, i % len(SUITS)))
    return out


def _ink(symbol: str, suit: int) -> RGB:
    if symbol == "R":
        return CARD_RED
    if symbol == "B":
        return CARD_JOKER_BLACK
    return CARD_RED if SUITS[suit] in "♥♦" else CARD_BLACK


def _rounded(w: int, h: int, fill: RGB, outline: RGB, radius: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (w + SHADOW, h + SHADOW), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((SHADOW, SHADOW, w + SHADOW - 1, h + SHADOW - 1), radius, fill=(0, 0, 0, 110))
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=fill, outline=outline, width=max(1, w // 40))
    return img, d


@lru_cache(maxsize=32)
def _condensed(word: str, size: int, width: int) -> Image.Image:
    """``word`` at ``size`` squeezed to ``width``, as printed cards do: "10" to the width of one
    digit and 小/王 to the card's corner column, so that they stay tall enough to read on a phone
    and still show in a narrow overlap."""
    f = fonts.font(size, fonts.BOLD if word == "10" else fonts.BLACK)
    left, _, right, bottom = f.getbbox(word, anchor="lt")
    mask = Image.new("L", (int(right - left), int(bottom)), 0)
    ImageDraw.Draw(mask).text((-left, 0), word, font=f, fill=255, anchor="lt")
    return mask.resize((min(width, mask.width), mask.height), Image.Resampling.LANCZOS)


def min_width(size: int) -> int:
    """The narrowest card whose rank is drawn at ``size`` pixels or more."""
    return math.ceil(size / RANK)


@lru_cache(maxsize=512)
def face(symbol: str, suit: int, w: int, h: int, selected: bool = False) -> Image.Image:
    """One card face, ``w``×``h`` plus its shadow, as RGBA.

    The rank and suit sit in a narrow left column so that they stay readable when cards of a
    rank overlap and only that strip shows. ``selected`` draws the gold frame of a chosen play.
    """
    img, d = _rounded(w, h, CARD_FACE, GOLD if selected else CARD_EDGE, max(4, w // 9))
    if selected:
        d.rounded_rectangle((0, 0, w - 1, h - 1), max(4, w // 9), outline=GOLD, width=max(3, w // 16))
    ink = _ink(symbol, suit)
    col = int(w * 0.40)
    cx = int(w * 0.06) + col // 2
    if symbol in JOKERS:
        size = int(w * RANK)  # as tall as a rank, squeezed to the column: 小王 reads at phone size
        y = int(h * 0.04)
        for ch in JOKERS[symbol]:
            glyph = _condensed(ch, size, int(w * 0.34))
            img.paste((*ink, 255), (cx - glyph.width // 2, y), glyph)
            y += glyph.height + int(h * 0.03)
        d.text(
            (int(w * 0.70), int(h * 0.78)),
            "★",
            font=fonts.font(int(w * 0.46), fonts.BOLD),
            fill=ink,
            anchor="mm",
        )
        return img
    size = int(w * RANK)
    if symbol == "T":
        ten = _condensed("10", size, int(w * 0.32))
        img.paste((*ink, 255), (cx - ten.width // 2, int(h * 0.04)), ten)
    else:
        d.text((cx, int(h * 0.04)), symbol, font=fonts.font(size, fonts.BOLD), fill=ink, anchor="mt")
    d.text(
        (cx, int(h * 0.04) + int(w * 0.50)),
        SUITS[suit],
        font=fonts.font(int(w * 0.30), fonts.REGULAR),
        fill=ink,
        anchor="mt",
    )
    d.text(
        (int(w * 0.68), int(h * 0.72)),
        SUITS[suit],
        font=fonts.font(int(w * 0.58), fonts.REGULAR),
        fill=ink,
        anchor="mm",
    )
    return img


@lru_cache(maxsize=16)
def back(w: int, h: int) -> Image.Image:
    """A card back, for the card counts at each seat."""
    img, d = _rounded(w, h, CARD_BACK, (230, 230, 240), max(3, w // 8))
    m = max(3, w // 7)
    d.rounded_rectangle((m, m, w - 1 - m, h - 1 - m), max(2, w // 12), outline=(150, 180, 240), width=2)
    return img


RANK_SHOWN = 0.42
"""The share of a card's width that shows its corner (rank and suit): the least step between
cards of different ranks in a fan, so that every rank of a play stays readable."""


def _steps(cards: str, w: int, max_width: int) -> list[int]:
    """The offset of each card after the first in a fan of ``cards`` within ``max_width``.

    Cards overlap more as a play grows; where the rank changes (``KKKK22``) the step stays at
    least ``RANK_SHOWN`` of a card, so that a long run of one rank is what gets squeezed, not the
    2s or jokers that follow it.
    """
    n = len(cards)
    if n <= 1:
        return []
    full = int(w * 0.52)
    changes = [cards[i] != cards[i - 1] for i in range(1, n)]
    uniform = min(full, (max_width - w) // (n - 1))
    new_rank = max(uniform, min(full, int(w * RANK_SHOWN)))
    k = sum(changes)
    same = min(full, (max_width - w - k * new_rank) // (n - 1 - k)) if n - 1 > k else full
    if same < 1:
        return [uniform] * (n - 1)
    return [new_rank if c else same for c in changes]


def fan(img: Image.Image, cards: str, x: int, y: int, w: int, h: int, max_width: int) -> int:
    """Paste ``cards`` overlapping left to right from (x, y) within ``max_width``; return the width used.

    The overlap grows with the number of cards so that a long play still fits its space.
    """
    if not cards:
        return 0
    steps = [0, *_steps(cards, w, max_width)]
    for (sym, suit), step in zip(suited(cards), steps, strict=True):
        x += step
        c = face(sym, suit, w, h)
        img.paste(c, (x, y), c)
    return fan_width(cards, w, max_width)


def fan_width(cards: str, w: int, max_width: int) -> int:
    """The width ``fan`` will use for ``cards``, so callers can centre it first."""
    return w + sum(_steps(cards, w, max_width)) if cards else 0
