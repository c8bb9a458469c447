"""Seat labels drawn as stamps: bold words with an outline that read on felt at phone size.

Each stamp is drawn once per (word, style, size) and cached, because the same dozen words
recur in every image; 烧牌 gets flame lettering (a yellow-to-red gradient in an orange glow),
as the seed rule sheet asks ("火焰字体").
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from . import fonts
from .labels import COOL, FLAME, GOLD, MUTED, POINT, PURPLE, RED, Label
from .theme import RGB

_COLOURS: dict[str, tuple[RGB, RGB]] = {
    GOLD: ((255, 208, 64), (92, 52, 0)),
    COOL: ((110, 226, 255), (10, 50, 80)),
    POINT: ((255, 255, 255), (110, 40, 170)),
    RED: ((255, 72, 72), (70, 0, 0)),
    PURPLE: ((214, 160, 255), (50, 10, 80)),
    MUTED: ((206, 210, 216), (40, 44, 52)),
}
"""Style → (fill, outline)."""

_FLAME_STOPS: tuple[RGB, ...] = ((255, 246, 150), (255, 176, 30), (246, 72, 10), (190, 20, 10))
_PAD = 12


def _mask(word: str, size: int, stroke: int) -> Image.Image:
    f = fonts.font(size, fonts.BLACK)
    left, top, right, bottom = f.getbbox(word, stroke_width=stroke)
    m = Image.new("L", (int(right - left + 2 * _PAD), int(bottom - top + 2 * _PAD)), 0)
    ImageDraw.Draw(m).text(
        (_PAD - left, _PAD - top), word, font=f, fill=255, stroke_width=stroke, stroke_fill=255
    )
    return m


def _gradient(size: tuple[int, int]) -> Image.Image:
    """A vertical flame gradient, yellow at the top to deep red at the bottom."""
    w, h = size
    column = Image.new("RGB", (1, h))
    px = column.load()
    assert px is not None
    segments = len(_FLAME_STOPS) - 1
    for y in range(h):
        t = y / max(1, h - 1) * segments
        i = min(int(t), segments - 1)
        a, b, f = _FLAME_STOPS[i], _FLAME_STOPS[i + 1], t - i
        px[0, y] = tuple(int(a[k] + (b[k] - a[k]) * f) for k in range(3))
    return column.resize((w, h))


@lru_cache(maxsize=128)
def stamp(label: Label, size: int) -> Image.Image:
    """The label as an RGBA image with a transparent margin, ready to paste centred at a seat."""
    stroke = max(3, size // 11)
    outer = _mask(label.text, size, stroke)
    inner = _mask(label.text, size, 0)
    # the two masks differ in size by the stroke: centre the inner one in the outer one
    ox = (outer.width - inner.width) // 2
    oy = (outer.height - inner.height) // 2
    img = Image.new("RGBA", outer.size, (0, 0, 0, 0))
    if label.style == FLAME:
        glow = (
            _mask(label.text, size, stroke * 3).resize(outer.size).filter(ImageFilter.GaussianBlur(size // 6))
        )
        img.paste((255, 110, 0, 255), (0, 0), glow)
        img.paste((120, 12, 0, 255), (0, 0), outer)
        img.paste(_gradient(inner.size), (ox, oy), inner)
        return img
    fill, line = _COLOURS[label.style]
    shadow = outer.filter(ImageFilter.GaussianBlur(3))
    img.paste((0, 0, 0, 160), (2, 3), shadow)
    img.paste((*line, 255), (0, 0), outer)
    img.paste((*fill, 255), (ox, oy), inner)
    return img
