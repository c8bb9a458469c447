"""A player's hand panel as one picture: the whole game screen on a phone (issue 14).

The table is drawn from the player's own seat (自己 at the bottom, then 下家, 下联, 对家, 上联 and
上家 counter-clockwise, R1.2) with every seat's count, last play and the turn, and the player's
hand right under it, so that a phone player never scrolls up to the public message. The public
table message stays neutral (``render_table`` without a perspective).

This picture holds a hand: it goes only to its own player (ephemeral panel or DM).
"""

from __future__ import annotations

from dataclasses import replace

from PIL import Image

from bot.engine import MatchView, SeatView

from .draw import to_png
from .hand import EMPTY, draw_hand, hand_size
from .palette import move_palette
from .table import SIZE, TableExtras, draw_table
from .theme import WIDTH

NOT_DEALT = "等待发牌"
"""What the hand says between games, while the next deal waits (点贡 and the like)."""
HAND = "手牌"
"""The hand's heading while it waits for the deal."""


def panel_size(view: MatchView | SeatView) -> tuple[int, int]:
    """The size ``render_panel`` gives: the table's, with the hand's height under it."""
    return WIDTH, SIZE[1] + hand_size(view.hand)[1]


def _empty_word(view: MatchView | SeatView) -> str:
    if isinstance(view, MatchView) and view.game is None and not any(view.counts):
        return NOT_DEALT
    return EMPTY


def draw_panel(
    view: MatchView | SeatView,
    extras: TableExtras | None = None,
    highlight: str | None = None,
    title: str | None = None,
) -> Image.Image:
    """The panel as an image: the table from ``view.seat`` above that seat's hand."""
    empty = _empty_word(view)
    if empty == NOT_DEALT and title is None:
        title = HAND  # not "手牌 0 张": the cards are still to come
    hand = draw_hand(view.hand, highlight, title, empty)
    img = draw_table(view, replace(extras or TableExtras(), perspective=view.seat), below=hand.height)
    img.paste(hand, (0, SIZE[1]))
    return img


def render_panel(
    view: MatchView | SeatView,
    extras: TableExtras | None = None,
    highlight: str | None = None,
    title: str | None = None,
) -> bytes:
    """The hand panel's picture as PNG bytes, for the player of ``view.seat`` only.

    ``view`` is that seat's ``MatchView`` (any phase: before play the hand shows for buying and
    tribute) or a game's ``SeatView``; ``extras`` as for ``render_table`` (names, AI, 托管), its
    ``perspective`` set to ``view.seat`` whatever it was; ``highlight`` and ``title`` as for
    ``render_hand`` (a suggested play raised in gold; the hand's heading).
    """
    return to_png(draw_panel(view, extras, highlight, title), move_palette())
