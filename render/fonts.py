"""Fonts: one CJK font for every image, found without anything installed by hand.

The default is Noto Sans SC from the pip package ``justmytype-intl-cjk`` (a dependency in
``pyproject.toml``), so Chinese renders on a fresh machine after ``pip install``. The font is
licensed under the SIL Open Font License 1.1; its licence text ships beside it in that package
(``justmytype_intl_cjk/fonts/ofl/notosanssc/OFL.txt``, see ``render/NOTICE.md``). ``GOUJI_FONT``
names another TrueType/OpenType file to use instead (a server with its own house font).

Fonts are opened once per (size, weight) and cached: opening the 17 MB variable font costs
milliseconds, drawing with an open one costs microseconds.
"""

from __future__ import annotations

import os
from contextlib import suppress
from functools import cache, lru_cache
from importlib.resources import files
from pathlib import Path

from PIL import ImageFont

FONT_ENV = "GOUJI_FONT"
"""Environment variable naming a font file that replaces the packaged Noto Sans SC."""

_PACKAGED = ("justmytype_intl_cjk", "fonts/ofl/notosanssc/NotoSansSC[wght].ttf")

REGULAR, MEDIUM, BOLD, BLACK = 400, 500, 700, 900
"""Weights on the variable font's ``wght`` axis (its default instance is Thin, so always pick one)."""

_NOTDEF_PROBE = "\ue000"
"""A private-use code point no text font maps: what it draws is the font's missing-glyph box."""


@lru_cache(maxsize=1)
def font_path() -> Path:
    """The font file: ``$GOUJI_FONT`` if set, else Noto Sans SC from ``justmytype-intl-cjk``."""
    override = os.environ.get(FONT_ENV)
    if override:
        path = Path(override).expanduser()
        if not path.is_file():
            raise FileNotFoundError(f"{FONT_ENV}={override!r} is not a font file")
        return path
    package, rel = _PACKAGED
    return Path(str(files(package).joinpath(rel)))


@cache
def font(size: int, weight: int = REGULAR) -> ImageFont.FreeTypeFont:
    """The font at ``size`` pixels and ``weight``, opened once.

    The basic layout engine is used on purpose: Chinese, digits and card symbols need no
    shaping, and it behaves the same whether or not Pillow was built with libraqm.
    """
    f = ImageFont.truetype(str(font_path()), size, layout_engine=ImageFont.Layout.BASIC)
    with suppress(OSError):  # a static font (GOUJI_FONT) has no weight axis: use it as it is
        f.set_variation_by_axes([weight])
    return f


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether the font draws ``ch`` as itself rather than as the missing-glyph box (tofu)."""
    if ch.isspace():
        return True
    probe = font(24)
    mask = probe.getmask(ch)
    notdef = probe.getmask(_NOTDEF_PROBE)
    return not (mask.size == notdef.size and bytes(mask) == bytes(notdef))


def displayable(text: str, fallback: str) -> str:
    """``text`` without the characters the font lacks (emoji in Discord names), or ``fallback``.

    Player names come from Discord and may hold anything; dropping what cannot be drawn is
    better than drawing boxes.
    """
    kept = "".join(ch for ch in text if ch.isprintable() and has_glyph(ch)).strip()
    return kept or fallback
