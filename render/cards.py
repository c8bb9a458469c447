"""Playing cards: one face or back drawn once per size and pasted wherever it is needed.

The engine does not track suits (R2.1: they matter only for 上班), so suits are assigned for
display only, cycling ♠♥♣♦ within a rank: a hand always looks the same, and four of a kind
shows four different suits as a real deal would.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

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
)

SUITS = "♠♥♣♦"
JOKERS = {"B": "小王", "R": "大王"}
SHADOW = 4
"""Pixels of drop shadow baked under each card, so overlapping cards stay distinct."""


def rank_label(symbol: str) -> str:
    """What a card's corner shows: ``T`` is printed 10, the jokers 小王/大王."""
    return "10" if symbol == "T" else JOKERS.get(symbol, symbol)


def suited(cards: str) -> list[tuple[str, int]]:
    """Cards in notation (``TTTT2B``) with display suits, the i-th card of a rank taking suit i mod 4."""
    seen: dict[str, int] = {}
    out = []
    for ch in cards:
        i = seen.get(ch, 0)
        seen[ch] = i + 1
        out.append((ch, i % len(SUITS)))
    return out


def play_words(play: str) -> str:
    """A play as a short line of text for captions: ``KK2`` reads "K×2 + 2", ``BBB`` "小王×3"."""
    parts = []
    for ch in dict.fromkeys(play):
        n = play.count(ch)
        parts.append(rank_label(ch) + (f"×{n}" if n > 1 else ""))
    return " + ".join(parts)


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


@lru_cache(maxsize=16)
def _condensed_ten(size: int, width: int) -> Image.Image:
    """ "10" squeezed to the width of one digit, as printed cards do, so it shows in a narrow overlap."""
    f = fonts.font(size, fonts.BOLD)
    left, _, right, bottom = f.getbbox("10", anchor="lt")
    mask = Image.new("L", (right - left, bottom), 0)
    ImageDraw.Draw(mask).text((-left, 0), "10", font=f, fill=255, anchor="lt")
    return mask.resize((width, mask.height), Image.Resampling.LANCZOS)


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
        size = int(w * 0.34)
        for i, ch in enumerate(JOKERS[symbol]):
            d.text(
                (cx, int(h * 0.05) + i * int(size * 1.05)),
                ch,
                font=fonts.font(size, fonts.BLACK),
                fill=ink,
                anchor="mt",
            )
        d.text(
            (int(w * 0.66), int(h * 0.70)),
            "★",
            font=fonts.font(int(w * 0.56), fonts.BOLD),
            fill=ink,
            anchor="mm",
        )
        return img
    size = int(w * 0.46)
    if symbol == "T":
        img.paste((*ink, 255), (cx - int(w * 0.16), int(h * 0.04)), _condensed_ten(size, int(w * 0.32)))
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


def fan(img: Image.Image, cards: str, x: int, y: int, w: int, h: int, max_width: int) -> int:
    """Paste ``cards`` overlapping left to right from (x, y) within ``max_width``; return the width used.

    The overlap grows with the number of cards so that a long play still fits its space.
    """
    n = len(cards)
    if n == 0:
        return 0
    step = min(int(w * 0.52), (max_width - w) // max(1, n - 1)) if n > 1 else 0
    for i, (sym, suit) in enumerate(suited(cards)):
        c = face(sym, suit, w, h)
        img.paste(c, (x + i * step, y), c)
    return w + step * (n - 1)


def fan_width(n: int, w: int, max_width: int) -> int:
    """The width ``fan`` will use for ``n`` cards, so callers can centre it first."""
    if n <= 1:
        return w * n
    step = min(int(w * 0.52), (max_width - w) // (n - 1))
    return w + step * (n - 1)
