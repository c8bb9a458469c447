"""``python -m render.gallery OUT_DIR``: write every image kind for sample positions, to look at.

The renderer is judged by eye on a phone; this is the quickest way to see all of it at once.
``python -m render.gallery --phone docs`` writes the README's picture: a hand panel as a phone shows
it, ``PHONE_WIDTH`` pixels wide (``docs/panel.png``); ``--palette`` prints ``render.palette``'s colours.
"""

from __future__ import annotations

import io
import sys
from dataclasses import replace
from pathlib import Path

from PIL import Image

from . import samples
from .hand import render_hand
from .panel import draw_panel, render_panel
from .result import MatchSummary, render_match, render_result
from .standings import render_standings
from .table import PHASE_OVER, TableExtras, draw_table, render_table


def images() -> dict[str, bytes]:
    """Every sample image by file name."""
    mid = samples.midgame()
    mid_extras = samples.midgame_extras()
    luan = samples.luanchan()
    over = samples.random_game(3)
    results = samples.match_results()
    first = over.result()
    full = samples.fresh_deal()
    seat = mid.to_act
    assert seat is not None
    suggestion = str(mid.legal_actions(seat).plays()[0])
    names = TableExtras(names=samples.NAMES, ai=(False, False, False, False, True, False))
    classic = samples.midgame_extras()
    slam = samples.grand_slam()
    doubled = samples.classic_chuansan().result()
    return {
        "table_lobby.png": render_table(None, samples.lobby_extras()),
        "table_lobby_full.png": render_table(None, samples.lobby_extras(full=True)),
        "table_closed.png": render_table(mid.view(0), replace(mid_extras, closed=True)),
        "table_midgame.png": render_table(mid.view(0), mid_extras),
        "table_midgame_seat4.png": render_table(mid.view(3), samples.midgame_extras(perspective=3)),
        "table_match_buy.png": render_table(samples.match_view("buy"), names),
        "table_match_tribute.png": render_table(samples.match_view("tribute"), names),
        "table_no_three.png": render_table(samples.no_three()[0].view(0), mid_extras),
        "table_luanchan.png": render_table(
            luan.view(0), TableExtras(names=samples.NAMES, game_no=3, games=4, scores=(1, -1))
        ),
        "table_classic_burning.png": render_table(samples.classic_burning().view(0), classic),
        "table_classic_chongdian.png": render_table(samples.classic_chongdian().view(0), classic),
        "table_classic_chongdian_2.png": render_table(samples.classic_chongdian(1).view(0), classic),
        "table_classic_sijiji.png": render_table(samples.classic_sijiji().view(0), classic),
        "table_classic_shangban.png": render_table(samples.classic_shangban(), names),
        "table_classic_shangban_lead.png": render_table(samples.classic_shangban(in_play=True), names),
        "table_grand_slam.png": render_table(slam.view(0), TableExtras(names=samples.NAMES, phase=PHASE_OVER)),
        "table_over.png": render_table(
            over.view(0), TableExtras(names=samples.NAMES, game_no=1, games=4, phase=PHASE_OVER)
        ),
        "panel_midgame_seat4.png": render_panel(mid.view(3), samples.midgame_extras()),
        "panel_on_turn.png": render_panel(mid.view(seat), samples.midgame_extras(), highlight=suggestion),
        "panel_match_buy.png": render_panel(samples.match_view("buy"), names),
        "panel_match_tribute.png": render_panel(samples.match_view("tribute"), names),
        "hand_full.png": render_hand(full.hand(0), title=f"{samples.NAMES[0]} 的手牌"),
        "hand_midgame.png": render_hand(mid.hand(seat), highlight=suggestion),
        "result.png": render_result(first, samples.NAMES, game_no=1, match=MatchSummary(4, [first])),
        "result_match_over.png": render_result(
            results[-1], samples.NAMES, game_no=4, match=MatchSummary(4, results)
        ),
        "result_grand_slam.png": render_result(slam.result(), samples.NAMES, game_no=2),
        "result_classic_doubled.png": render_result(
            doubled, samples.NAMES, game_no=3, match=MatchSummary(4, [*results[:2], doubled])
        ),
        "match.png": render_match(MatchSummary(4, results), samples.NAMES),
        "match_doubled.png": render_match(MatchSummary(4, [*results[:2], doubled, slam.result()]), samples.NAMES),
        "standings.png": render_standings(samples.standings(), "齐鲁够级 联赛"),
        "standings_rating.png": render_standings(samples.standings(ai=True), "齐鲁够级 联赛 · 按评分", "rating"),
    }


def move_pictures() -> list[Image.Image]:
    """The kinds of picture a move redraws (the table and the hand panels), in every state the
    samples show, undrawn into PNG: what ``render.palette``'s colours are chosen from."""
    mid = samples.midgame()
    mid_extras = samples.midgame_extras()
    names = TableExtras(names=samples.NAMES, ai=(False, False, False, False, True, False))
    slam = samples.grand_slam()
    seat = mid.to_act
    assert seat is not None
    return [
        draw_table(None, samples.lobby_extras()),
        draw_table(mid.view(0), mid_extras),
        draw_table(mid.view(0), replace(mid_extras, closed=True)),
        draw_table(mid.view(3), replace(samples.midgame_extras(perspective=3), trustee=(True, False) * 3)),
        draw_table(samples.match_view("buy"), names),
        draw_table(samples.luanchan().view(0), TableExtras(names=samples.NAMES, game_no=3, games=4, scores=(1, -1))),
        draw_table(samples.classic_burning().view(0), mid_extras),
        draw_table(samples.classic_sijiji().view(0), mid_extras),
        draw_table(slam.view(0), TableExtras(names=samples.NAMES, phase=PHASE_OVER)),
        draw_panel(mid.view(seat), mid_extras, str(mid.legal_actions(seat).plays()[0])),
        draw_panel(samples.match_view("tribute"), names),
    ]


def move_palette() -> list[int]:
    """256 colours (768 numbers) for the pictures of every move, chosen by an octree over
    ``move_pictures`` at half size: ``python -m render.gallery --palette`` prints them for
    ``render.palette``."""
    pictures = move_pictures()
    sheet = Image.new("RGB", (max(p.width for p in pictures), sum(p.height for p in pictures)))
    y = 0
    for p in pictures:
        sheet.paste(p, (0, y))
        y += p.height
    chosen = sheet.reduce(2).quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return list(chosen.getpalette() or [])[: 3 * 256]


PHONE_WIDTH = 400
"""About how wide Discord shows a message's picture on a phone."""


def at_phone_width(png: bytes, width: int = PHONE_WIDTH) -> bytes:
    """A picture scaled down to ``width`` pixels, as a phone shows it (to judge what still reads)."""
    img = Image.open(io.BytesIO(png)).convert("RGB")  # a palette picture would be resized by nearest pixel
    small = img.resize((width, round(img.height * width / img.width)), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    return out.getvalue()


def main(argv: list[str]) -> int:
    if argv == ["--palette"]:
        numbers = move_palette()
        for i in range(0, len(numbers), 18):
            print("    " + ", ".join(map(str, numbers[i:i + 18])) + ",")
        return 0
    if len(argv) == 2 and argv[0] == "--phone":
        out = Path(argv[1]) / "panel.png"
        mid = samples.midgame()
        seat = mid.to_act
        assert seat is not None
        hint = str(mid.legal_actions(seat).plays()[0])
        out.write_bytes(at_phone_width(render_panel(mid.view(seat), samples.midgame_extras(), highlight=hint)))
        print(out)
        return 0
    if len(argv) != 1:
        print("usage: python -m render.gallery OUT_DIR | --phone DIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    for name, png in images().items():
        (out / name).write_bytes(png)
        print(f"{out / name}  {len(png) / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
