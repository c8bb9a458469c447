"""Small drawing helpers shared by every image: text that fits, pills, panels, PNG encoding."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from . import fonts
from .theme import RGB

ELLIPSIS = "…"


def text_width(s: str, size: int, weight: int = fonts.REGULAR) -> int:
    return int(fonts.font(size, weight).getlength(s))


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
    d.text(
        xy,
        s,
        font=fonts.font(size, weight),
        fill=fill,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=stroke_fill,
    )


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
    d.rounded_rectangle(box, radius=h // 2, fill=fill, outline=outline, width=3 if outline else 0)
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
PNG_LEVEL = 3
"""zlib level: 3 is about three times faster than the default 6 for some 20% more bytes, and the
images stay at tens of KB."""


def to_png(img: Image.Image) -> bytes:
    """Encode as a 256-colour PNG: the images are flat colours and text, so a palette keeps them
    at tens of KB (quick to load on a phone) and encodes faster than full RGB."""
    palette = img.reduce(PALETTE_SAMPLE).quantize(
        256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    pal = img.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    pal.save(buf, format="PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()
