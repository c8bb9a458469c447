"""The pictures at phone width (issue 14): the hand panel is the player's whole screen, drawn from
its own seat; every word reads when Discord shows the image 400 px wide; a no-3 seat keeps its count;
no 0 counts in gold before the deal; nobody is named while a choice would tell a hand; the match's
final picture shows its result."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from helpers import spy_text
from PIL import Image, ImageChops

from bot.engine import PLACE_ZH, Match, Ruleset
from render import (
    MatchSummary,
    TableExtras,
    cards,
    fonts,
    gallery,
    panel,
    render_match,
    render_panel,
    render_table,
    result,
    samples,
    stamps,
    table,
    theme,
)
from render.draw import signed
from render.hand import draw_hand

SYMBOLS = set(cards.SUITS) | {"★", " "}
"""Card pips, not words: they may be smaller than the smallest word."""


@dataclass(frozen=True)
class Drawn:
    xy: tuple[float, float]
    text: str
    size: int
    fill: object


@pytest.fixture
def drawn(monkeypatch) -> Iterator[list[Drawn]]:
    """Every ``ImageDraw.text`` call while the test runs, with the caches of fonts, cards and stamps
    emptied before and after so that cached faces and labels are drawn again and seen."""

    def clear() -> None:
        for fn in (fonts.font, cards.face, cards.back, cards._condensed, stamps.stamp):
            fn.cache_clear()

    calls: list[Drawn] = []
    clear()
    spy_text(monkeypatch, lambda xy, text, size, fill: calls.append(Drawn(xy, text, size, fill)))
    yield calls
    clear()


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def in_box(d: Drawn, pos: int) -> bool:
    cx, cy = table.PANELS[pos]
    return abs(d.xy[0] - cx) <= table.PANEL_W // 2 and abs(d.xy[1] - cy) <= table.PANEL_H // 2


def at_seat(calls: list[Drawn], pos: int) -> list[str]:
    """The words drawn inside the seat panel at ``pos``."""
    return [d.text for d in calls if in_box(d, pos)]


# ---------------------------------------------------------------- item 10: legible at 400 px


def test_the_smallest_type_reads_at_phone_width() -> None:
    assert theme.FINE * theme.PHONE_WIDTH / theme.WIDTH >= theme.PHONE_MIN_PX
    assert theme.min_font(1200) == 33 and theme.min_font(400) == theme.PHONE_MIN_PX


def _every_picture() -> dict[str, bytes]:
    pictures = dict(gallery.images())
    for seed in range(3):
        m = Match.new(seed=seed, games=2)
        pictures[f"panel {seed}"] = render_panel(m.view(seed), TableExtras(names=samples.NAMES))
    pictures["luanchan panel"] = render_panel(samples.luanchan().view(2), samples.midgame_extras())
    return pictures


def test_every_word_is_legible_at_phone_width(drawn) -> None:
    """Every font drawn in every picture (table, panel, hand, result, match, lobby, standings) is at
    least ``PHONE_MIN_PX`` once the picture is shrunk to ``PHONE_WIDTH``: what does not fit is dropped
    or simplified, never drawn smaller."""
    widths = {decode(png).width for png in _every_picture().values()}
    assert widths == {theme.WIDTH}
    small = {(d.text, d.size) for d in drawn if d.size < theme.min_font(theme.WIDTH) and set(d.text) - SYMBOLS}
    assert not small, f"too small to read on a phone: {sorted(small, key=lambda t: t[1])}"


def test_a_seat_line_drops_its_caption_before_a_chip() -> None:
    chips = [("托管", (0, 0, 0), (0, 0, 0)), ("开点", (0, 0, 0), (0, 0, 0)), ("带王", (0, 0, 0), (0, 0, 0))]
    room = table.PANEL_W - 2 * table.SEAT_INSET
    assert table.seat_line(("红方 1号", "1号"), chips[:1], room) == ("红方 1号", chips[:1])
    caption, kept = table.seat_line(("红方 1号", "1号"), chips, room)
    assert caption != "红方 1号" and kept == chips
    caption, kept = table.seat_line(("红方 1号",), chips * 2, room)
    assert caption == "" and kept == (chips * 2)[: len(kept)] and table.line_width("", kept) <= room


def test_a_long_play_keeps_every_rank_in_view() -> None:
    w, room = table.SMALL[0], table.SPOT_W
    steps = cards._steps("KKKKKKKKK22B", w, room)
    assert cards.fan_width("KKKKKKKKK22B", w, room) <= room
    changes = [i for i, (a, b) in enumerate(zip("KKKKKKKKK22B", "KKKKKKKKK22B"[1:], strict=False)) if a != b]
    assert all(steps[i] >= int(w * cards.RANK_SHOWN) for i in changes)
    assert cards._steps("KK", w, room) == [int(w * 0.52)]


# ---------------------------------------------------------------- item 2: the panel from one's own seat


def test_positions_go_counter_clockwise_from_the_bottom_seat() -> None:
    assert [table.position(s) for s in range(6)] == [0, 1, 2, 3, 4, 5]
    assert [table.position(s, 3) for s in range(6)] == [3, 4, 5, 0, 1, 2]
    assert [table.relative(s, 3) for s in (3, 4, 5, 0, 1, 2)] == ["自己", "下家", "下联", "对家", "上联", "上家"]


def test_the_panel_of_seat_4_puts_seat_4_at_the_bottom(drawn) -> None:
    g = samples.midgame()
    png = render_panel(g.view(3), samples.midgame_extras())
    assert decode(png).size == panel.panel_size(g.view(3))
    for seat in range(6):
        words = at_seat(drawn, table.position(seat, 3))
        assert samples.NAMES[seat][:2] in " ".join(words), (seat, words)
        assert any(w.startswith(table.relative(seat, 3)) for w in words), (seat, words)
    bottom = at_seat(drawn, 0)
    assert "赵六六" in bottom and any(w.startswith("自己") for w in bottom)
    assert "张三" in at_seat(drawn, 3) and str(g.counts()[0]) in at_seat(drawn, 3)


def test_the_panel_is_the_table_from_its_seat_above_its_hand() -> None:
    mv = Match.new(seed=4, games=2).view(2)
    extras = TableExtras(names=samples.NAMES)
    img = panel.draw_panel(mv, extras, title="我的手牌")
    top = table.draw_table(mv, TableExtras(names=samples.NAMES, perspective=2))
    hand = draw_hand(mv.hand, None, "我的手牌")
    assert img.size == (theme.WIDTH, top.height + hand.height)
    assert ImageChops.difference(img.crop((0, 0, *top.size)), top).getbbox() is None
    assert ImageChops.difference(img.crop((0, top.height, theme.WIDTH, img.height)), hand).getbbox() is None


def test_the_public_table_stays_neutral(drawn) -> None:
    g = samples.midgame()
    for seat in (0, 3):
        render_table(g.view(seat), samples.midgame_extras())
    words = {d.text for d in drawn}
    assert not any(w.startswith(r) for w in words for r in table.RELATIVE), "no 自己/下家 on the public table"
    assert "赵六六" in at_seat(drawn, 3) and "张三" in at_seat(drawn, 0)


def test_the_panel_says_it_is_your_turn(drawn) -> None:
    g = samples.midgame()
    seat = g.to_act
    assert seat is not None
    render_panel(g.view(seat), samples.midgame_extras())
    assert "轮到你了" in {d.text for d in drawn}
    drawn.clear()
    render_table(g.view(seat), samples.midgame_extras())
    assert "轮到你了" not in {d.text for d in drawn}


def test_the_panel_waits_for_the_deal_with_an_empty_hand(drawn) -> None:
    mv = samples.match_view("tribute")
    assert mv.game is None and not any(mv.counts)
    render_panel(mv, TableExtras(names=samples.NAMES))
    words = {d.text for d in drawn}
    assert panel.NOT_DEALT in words
    assert not any(w.startswith("手牌 0") for w in words), "no count of a hand not dealt yet (手牌 0 张)"


# ---------------------------------------------------------------- items 5 and 7: counts


def _gold_numbers(calls: list[Drawn]) -> list[str]:
    return [d.text for d in calls if d.fill == theme.GOLD and d.text.isdigit()]


def test_no_count_in_gold_before_the_deal(drawn) -> None:
    """Between games the next deal waits for 点贡: no seat shows a count, let alone a gold 0."""
    render_table(samples.match_view("tribute"), TableExtras(names=samples.NAMES))
    assert not _gold_numbers(drawn)
    assert not any(d.text == "0" for pos in range(6) for d in drawn if in_box(d, pos))


def test_counts_before_play_are_plain_and_near_the_end_of_play_gold(drawn) -> None:
    mv = samples.match_view("buy")
    render_table(mv, TableExtras(names=samples.NAMES))
    assert not _gold_numbers(drawn) and str(mv.counts[0]) in at_seat(drawn, 0)
    drawn.clear()
    v = samples.midgame().view(0)
    assert v.counts[0] <= table.WARN_COUNT
    render_table(v, samples.midgame_extras())
    assert str(v.counts[0]) in _gold_numbers(drawn)


def test_a_no3_seat_keeps_its_count_beside_its_place(drawn) -> None:
    """第二十六条: a seat dealt no 3 is 大落 at once but plays on for its team: its count stays."""
    g, seat = samples.no_three()
    v = g.view(0)
    place = v.places[seat]
    assert place is not None and v.counts[seat] > 0
    render_table(v, samples.midgame_extras())
    words = at_seat(drawn, table.position(seat))
    assert PLACE_ZH[place] in words and str(v.counts[seat]) in words
    assert not any(d.fill == theme.DIM and d.text == samples.NAMES[seat] for d in drawn), "not greyed out"


# ---------------------------------------------------------------- item 9 (picture part)


def test_a_secret_decision_names_nobody_but_on_its_own_panel(drawn) -> None:
    m = Match.new(seed=3, games=2, rules=Ruleset.preset(revolution=True))  # 革命 is off by default (R13.1)
    for _ in range(20):
        if m.view(0).decision == "revolt":
            break
        seat = m.to_act
        assert seat is not None
        m.act(seat, m.legal_actions(seat)[0])
    mv = m.view(0)
    assert mv.decision == "revolt" and mv.to_act is not None
    public = table.with_match(TableExtras(), mv)
    assert public.turn is None and public.decision == table.PENDING
    own = table.with_match(TableExtras(perspective=mv.to_act), mv)
    assert own.turn == mv.to_act and own.decision == table.DECISIONS["revolt"]
    render_table(mv, TableExtras(names=samples.NAMES))
    words = {d.text for d in drawn}
    assert "等待大家选择" in words and not any(w.startswith("等待 ") for w in words)


# ---------------------------------------------------------------- item 6: the match's final picture


def _draw(calls: list[Drawn], fn: Callable[[], bytes]) -> set[str]:
    calls.clear()
    fn()
    return {d.text for d in calls}


def test_the_final_match_picture_shows_places_points_and_the_winner(drawn) -> None:
    results = samples.match_results(4)
    summary = MatchSummary(4, results)
    tally = result.place_tally(results)
    assert all(sum(row) == 4 for row in tally) and [sum(col) for col in zip(*tally, strict=True)] == [4] * 6
    png = render_match(summary, samples.NAMES)
    assert decode(png).size == result.match_size(4)
    words = _draw(drawn, lambda: render_match(summary, samples.NAMES))
    red, blue = summary.totals()
    winner = None if red == blue else (0 if red > blue else 1)
    assert ("平局" if winner is None else f"{theme.TEAM_NAME[winner]}赢得比赛") in words
    assert set(PLACE_ZH.values()) <= words
    assert {fonts.displayable(n, "") for n in samples.NAMES} <= words
    seat_points = [sum(r.seat_points[s] for r in results) for s in range(6)]
    assert {signed(p) for p in seat_points} <= words
    unfinished = _draw(drawn, lambda: render_match(MatchSummary(6, results), samples.NAMES))
    assert "比赛进行中" in unfinished and "未打" in unfinished
