"""Small drawing helpers shared by every image: text that fits, pills, panels, PNG encoding."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from . import fonts, png
from .theme import RGB, px

ELLIPSIS = "…"


TEXT_CACHE = 2048
"""Words kept drawn (``_mask``): a seat's name, caption, count and chips, the phase, 轮到 …, most of them
the same from one picture to the next and between tables. A few MB at most."""


@lru_cache(maxsize=TEXT_CACHE)
def text_width(s: str, size: int, weight: int = fonts.REGULAR) -> int:
    return int(fonts.font(size, weight).getlength(s))


@lru_cache(maxsize=TEXT_CACHE)
def _mask(s: str, size: int, weight: int, anchor: str, stroke: int) -> tuple[Image.Image, int, int]:
    """``s`` as FreeType draws it (with its ``stroke`` filled in, when it has one), as coverage in an
    ``L`` image, and where that image goes from the anchor point. Rasterising text is most of the time
    of drawing a picture; the coverage is the same wherever the words go at a whole pixel, and laying
    it down with the ink (``ImageDraw.bitmap``) blends exactly as drawing the text there would."""
    f = fonts.font(size, weight)
    left, top, right, bottom = f.getbbox(s, anchor=anchor, stroke_width=stroke)
    pad = size // 4 + stroke + 2  # room for any pixel the box leaves out
    x0, y0 = math.floor(left) - pad, math.floor(top) - pad
    mask = Image.new("L", (math.ceil(right) + pad - x0, math.ceil(bottom) + pad - y0), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), s, font=f, fill=255, anchor=anchor, stroke_width=stroke,
                              stroke_fill=255)
    return mask, x0, y0


def fit(s: str, size: int, weight: int, max_w: int) -> str:
    """``s`` cut with an ellipsis to fit ``max_w`` pixels: long Discord names must not overrun a seat."""
    if text_width(s, size, weight) <= max_w:
        return s
    while s and text_width(s + ELLIPSIS, size, weight) > max_w:
        s = s[:-1]
    return s + ELLIPSIS


def text(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    size: int,
    fill: RGB,
    weight: int = fonts.REGULAR,
    anchor: str = "la",
    stroke: int = 0,
    stroke_fill: RGB | None = None,
) -> None:
    x, y = xy
    if x != int(x) or y != int(y):  # between pixels: FreeType draws it differently, so as it is
        d.text(xy, s, font=fonts.font(size, weight), fill=fill, anchor=anchor, stroke_width=stroke,
               stroke_fill=stroke_fill)
        return
    ink = fill if stroke_fill is None else stroke_fill
    if stroke:  # the outline filled in, then the words over it (unless in the same ink), as ``d.text`` does
        mask, dx, dy = _mask(s, size, weight, anchor, stroke)
        d.bitmap((int(x) + dx, int(y) + dy), mask, fill=ink)
        if ink == fill:
            return
    mask, dx, dy = _mask(s, size, weight, anchor, 0)
    d.bitmap((int(x) + dx, int(y) + dy), mask, fill=fill)


def pill(
    d: ImageDraw.ImageDraw,
    center: tuple[int, int],
    s: str,
    size: int,
    fill: RGB,
    ink: RGB,
    weight: int = fonts.BOLD,
    outline: RGB | None = None,
    pad: int | None = None,
) -> tuple[int, int, int, int]:
    """A rounded badge with centred text; returns its box so callers can place things beside it.

    ``pad`` is the room either side of the text (half the size unless given: chips that share a
    seat's line take less)."""
    w = text_width(s, size, weight)
    pad_x, h = (size // 2 if pad is None else pad), int(size * 1.45)
    x, y = center
    box = (x - w // 2 - pad_x, y - h // 2, x + (w + 1) // 2 + pad_x, y + h // 2)
    d.rounded_rectangle(box, radius=h // 2, fill=fill, outline=outline, width=px(3) if outline else 0)
    text(d, (x, y), s, size, ink, weight, anchor="mm")
    return box


def pill_width(s: str, size: int, weight: int = fonts.BOLD, pad: int | None = None) -> int:
    """The width ``pill`` will take for ``s``, so that callers can see what fits before drawing."""
    return text_width(s, size, weight) + 2 * (size // 2 if pad is None else pad)


def display_name(name: str | None, seat: int, ai: bool = False) -> str:
    """A seat's name as drawn: the player's name less undrawable characters, else "AI" or "N号位"."""
    fallback = "AI" if ai else f"{seat + 1}号位"
    return fonts.displayable(name, fallback) if name else fallback


def signed(n: float) -> str:
    """Points as players write them: +2, 0, −1 (a real minus sign reads better than a hyphen); points
    that are not whole (the review's estimates, averages over sampled deals) as ``amount`` writes them."""
    size = amount(abs(n))
    return "0" if size == "0" else (f"+{size}" if n > 0 else f"−{size}")


def amount(n: float) -> str:
    """A number of points without its sign: whole when whole (33), else to two places at most (2.5, 3.67)."""
    return f"{n:.2f}".rstrip("0").rstrip(".")


PALETTE_SAMPLE = 4
"""The palette is chosen from the image shrunk by this factor: 16 times fewer pixels to sort,
and shrinking averages, so the blended edges of text and cards stay in the sample."""


def to_png(img: Image.Image, palette: Image.Image | None = None) -> bytes:
    """Encode as a 256-colour PNG: the images are flat colours and text, so a palette keeps them
    at tens of KB (quick to load on a phone) and encodes faster than full RGB. ``palette``: a fixed
    one (``render.palette``), else one chosen from the picture."""
    if palette is None:
        palette = img.reduce(PALETTE_SAMPLE).quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return png.encode(img.quantize(palette=palette, dither=Image.Dither.NONE))
