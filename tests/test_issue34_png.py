"""Issue 34 §1: the pictures' PNG is written by ``render.png`` (ISA-L's deflate) — any reader gets back
exactly the pixels and the palette drawn, and the file's checksums hold."""

from __future__ import annotations

import io
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from bot.engine import Match
from render import TableExtras, render_panel, render_table
from render.palette import move_palette
from render.panel import draw_panel
from render.png import encode


def _same(png: bytes, drawn: Image.Image) -> None:
    Image.open(io.BytesIO(png)).verify()  # every chunk's CRC and the zlib stream's Adler-32
    back = Image.open(io.BytesIO(png))
    assert back.mode == "P" and back.size == drawn.size
    assert back.tobytes() == drawn.tobytes()
    assert back.convert("RGB").tobytes() == drawn.convert("RGB").tobytes()


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 70), st.integers(1, 40), st.binary(min_size=1, max_size=64), st.integers(1, 256))
def test_any_palette_picture_round_trips(width, height, pattern, colours):
    pixels = bytes(pattern[i % len(pattern)] % colours for i in range(width * height))
    picture = Image.frombytes("P", (width, height), pixels)
    picture.putpalette(bytes((i * 7 + c) % 256 for i in range(colours) for c in range(3)))
    _same(encode(picture), picture)


def test_the_table_and_a_panel_read_back_as_drawn():
    m = Match.new(seed=5, games=1)
    extras = TableExtras(names=["甲", "乙", "丙", "丁", "戊", "己"])
    _same(render_panel(m.view(2), extras), draw_panel(m.view(2), extras).quantize(
        palette=move_palette(), dither=Image.Dither.NONE))
    png = render_table(m.view(0), extras)
    kinds = []
    at = 8
    while at < len(png):  # the chunks in order, one image stream
        size = int.from_bytes(png[at:at + 4], "big")
        kinds.append(png[at + 4:at + 8])
        at += 12 + size
    assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    idat = png.index(b"IDAT")
    stream = png[idat + 4:idat + 4 + int.from_bytes(png[idat - 4:idat], "big")]
    width, height = Image.open(io.BytesIO(png)).size
    assert len(zlib.decompress(stream)) == (width + 1) * height  # each row after its filter byte


def test_only_a_palette_picture_is_written():
    with pytest.raises(ValueError, match="palette"):
        encode(Image.new("RGB", (4, 4)))
