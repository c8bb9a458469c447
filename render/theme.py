"""Colours of every image, in one place so that the table, hand, result and standings agree.

The images carry their own opaque dark background so that they read the same in Discord's
dark and light themes; colours are chosen for contrast on that background at phone size.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

BG: RGB = (22, 26, 33)
PANEL: RGB = (36, 42, 52)
PANEL_LINE: RGB = (62, 70, 84)
FELT: RGB = (27, 94, 66)
FELT_DARK: RGB = (19, 70, 49)
RIM: RGB = (84, 56, 38)

TEXT: RGB = (246, 246, 244)
MUTED: RGB = (168, 178, 192)
DIM: RGB = (112, 122, 136)
GOLD: RGB = (255, 202, 58)
SILVER: RGB = (205, 212, 222)
BRONZE: RGB = (214, 140, 84)
GOOD: RGB = (102, 214, 130)
BAD: RGB = (255, 110, 100)

TEAM: tuple[RGB, RGB] = ((255, 99, 88), (74, 163, 255))
"""Team 0 (seats 1·3·5) red, team 1 (seats 2·4·6) blue: the two colours every image uses."""
TEAM_FILL: tuple[RGB, RGB] = ((84, 36, 40), (28, 52, 90))
TEAM_NAME: tuple[str, str] = ("红方", "蓝方")

CARD_FACE: RGB = (252, 251, 246)
CARD_EDGE: RGB = (150, 150, 150)
CARD_RED: RGB = (208, 36, 44)
CARD_BLACK: RGB = (28, 28, 34)
CARD_JOKER_BLACK: RGB = (90, 96, 108)
CARD_BACK: RGB = (46, 84, 160)

BASE_WIDTH = 1200
"""The width every module's geometry is written for: each length, font size included, goes through ``px``."""
WIDTH = 640
"""Every image is this wide (the table, the hand, the panel, results, standings). Discord shows a picture at
the message's width — about 400 px on a phone, at most about 550 on a desktop — so wider pixels are scaled
away by the client, while a move's pictures cost CPU by their pixels (issue 34). At 640 a phone's 400 px
shows the same words and ranks as at 1200 (looked at side by side); ``min_font`` keeps type legible."""


def px(n: float) -> int:
    """``n`` pixels of the ``BASE_WIDTH`` geometry, at ``WIDTH``."""
    return round(n * WIDTH / BASE_WIDTH)


PHONE_WIDTH = 400
"""About how wide Discord shows an image on a phone (issue 14): the size to judge type at."""
PHONE_MIN_PX = 11
"""The smallest type, in pixels at ``PHONE_WIDTH``, that a phone player still reads, Chinese included."""


def min_font(width: int = WIDTH) -> int:
    """The smallest font size legible on a phone in an image ``width`` pixels wide (33 at 1200, 18 at 640)."""
    return -(-PHONE_MIN_PX * width // PHONE_WIDTH)


FINE: int = min_font()
"""The size of the smallest words drawn (captions, chips, legends): no word of an image is smaller."""
