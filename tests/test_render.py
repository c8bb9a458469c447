"""The renderer (issue #5): every image kind renders for many random positions with the expected
size, the public table never depends on whose view it is given, the seat labels follow the log,
and every character the renderer draws has a glyph in the font (no tofu boxes)."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw, ImageStat

from bot.engine import ITEM_NAMES, PLACE_ZH, Game, InvalidPlay, Match
from bot.words import AI_LEVELS, ai_name
from render import (
    MatchSummary,
    StandingRow,
    TableExtras,
    bench,
    cards,
    draw,
    fonts,
    gallery,
    hand,
    labels,
    panel,
    render_hand,
    render_match,
    render_result,
    render_standings,
    render_table,
    result,
    samples,
    stamps,
    standings,
    table,
    theme,
)
from render.draw import to_png
from render.palette import move_palette

FEW = settings(max_examples=15, deadline=None)

NAME = st.one_of(st.none(), st.text(alphabet="张三李四王五赵六AI龙够级 abcXYZ🀄🍀", max_size=14))
NAMES = st.lists(NAME, min_size=6, max_size=6)
FLAGS = st.lists(st.booleans(), min_size=6, max_size=6)
SCORES = st.one_of(st.none(), st.tuples(st.integers(-99, 99), st.integers(-99, 99)))
SEAT = st.integers(0, 5)


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    assert img.format == "PNG"
    return img


def play_match(seed: int, actions: int) -> Match:
    """A match driven with random legal actions for ``actions`` steps (or to its end)."""
    rng = random.Random(seed)
    m = Match.new(seed=seed, games=2)
    for _ in range(actions):
        if m.over:
            break
        seat = m.to_act
        assert seat is not None
        m.act(seat, rng.choice(m.legal_actions(seat)))
    return m


# ---------------------------------------------------------------- every kind, random positions


@FEW
@given(
    seed=st.integers(0, 10**6),
    plies=st.integers(0, 300),
    seat=SEAT,
    perspective=st.one_of(st.none(), SEAT),
    names=NAMES,
    ai=FLAGS,
    scores=SCORES,
    phase=st.sampled_from([None, "买牌", "进贡"]),
    turn=st.one_of(st.none(), SEAT),
)
def test_table_renders_random_positions(seed, plies, seat, perspective, names, ai, scores, phase, turn):
    g = samples.random_game(seed, plies)
    extras = TableExtras(
        names=names,
        ai=ai,
        trustee=ai[::-1],
        phase=phase,
        turn=turn,
        game_no=1,
        games=4,
        scores=scores,
        perspective=perspective,
        labels={seat: ["革命"]},
    )
    assert decode(render_table(g.view(seat), extras)).size == table.SIZE


@FEW
@given(names=NAMES, ai=FLAGS, tip=st.one_of(st.none(), st.text(max_size=40)))
def test_lobby_renders(names, ai, tip):
    assert decode(render_table(None, TableExtras(names=names, ai=ai, tip=tip))).size == table.SIZE


@FEW
@given(seed=st.integers(0, 10**6), actions=st.integers(0, 120), seat=SEAT)
def test_table_renders_every_match_phase(seed, actions, seat):
    m = play_match(seed, actions)
    assert decode(render_table(m.view(seat), TableExtras(perspective=seat))).size == table.SIZE


DECK = [sym for sym in "3456789TJQKA2" for _ in range(16)] + ["B"] * 4 + ["R"] * 4


@FEW
@given(
    deck=st.permutations(DECK),
    n=st.integers(0, 44),
    pick=st.integers(0, 100),
    title=st.one_of(st.none(), NAME.filter(bool)),
)
def test_hand_renders_random_hands(deck, n, pick, title):
    """Any hand a seat can hold (36 dealt, a few more after tribute) fits in at most three rows."""
    text = "".join(deck[:n])
    highlight = None
    if text:
        sym = text[pick % len(text)]
        highlight = sym * (1 + pick % text.count(sym))
    img = decode(render_hand(text, highlight=highlight, title=title))
    assert img.size == hand.hand_size(text)
    assert img.size[0] == hand.WIDTH and img.size[1] <= hand.HEADER + 3 * hand.ROW_H + hand.MARGIN


@FEW
@given(seed=st.integers(0, 10**6), names=NAMES, ai=FLAGS, games=st.integers(1, 8))
def test_result_and_match_render(seed, names, ai, games):
    results = [samples.random_game(seed + i).result() for i in range(games)]
    summary = MatchSummary(games, results[: 1 + seed % games])
    img = decode(render_result(results[0], names, game_no=1, match=summary, ai=ai))
    assert img.size == result.RESULT_SIZE
    assert decode(render_match(summary, names)).size == result.match_size(games)


ROW = st.builds(
    StandingRow,
    name=st.text(max_size=20),
    points=st.integers(-999, 999),
    games=st.integers(0, 999),
    tou_ke=st.integers(0, 99),
    da_luo=st.integers(0, 99),
    kaidian=st.integers(0, 99),
)


@FEW
@given(rows=st.lists(ROW, max_size=25), title=st.text(max_size=30))
def test_standings_render(rows, title):
    assert decode(render_standings(rows, title)).size == standings.standings_size(len(rows))


def test_match_results_render_as_the_match_keeps_them():
    m = play_match(4, 10_000)
    assert m.over
    summary = MatchSummary(m.games, m.results)
    assert (
        decode(render_result(m.results[-1], None, game_no=m.games, match=summary)).size == result.RESULT_SIZE
    )
    assert summary.totals() == tuple(m.standings().totals)


# ---------------------------------------------------------------- what the table shows


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_public_table_is_the_same_from_every_seat(seed):
    """The table reads no hand: whichever seat's view it is given, the public image is identical."""
    g = samples.random_game(seed, 40)
    extras = samples.midgame_extras()
    assert len({render_table(g.view(s), extras) for s in range(6)}) == 1


def test_midgame_labels_follow_the_log():
    v = samples.midgame().view(0)
    words = [[label.text for label in seat] for seat in labels.seat_labels(v.events)]
    assert words[0] == ["开点", "烧牌"]
    assert words[4] == ["打点"]
    assert v.marks[3] == "let"
    assert table.still_out(v.events) == {"2": 13, "B": 4, "R": 4}


def test_round_just_ended_shows_what_decided_it():
    """While nobody has led the new round, the labels of the round that just ended stay (烧成)."""
    g = Game.from_hands(list(samples.MIDGAME_HANDS), leader=0)
    for action in (*samples.MIDGAME_SCRIPT[:-1], "pass"):  # 4号 passes on the burn instead of letting
        assert g.to_act is not None
        g.act(g.to_act, action)
    v = g.view(0)
    assert v.top is None
    assert [label.text for label in labels.seat_labels(v.events)[0]] == ["烧牌", "烧成"]


def test_match_words_are_kept_to_two_with_the_match_ones_first():
    extra = {2: ["革命", "买3", "赠4"]}
    got = labels.seat_labels(samples.midgame().view(0).events, None, extra)
    assert [label.text for label in got[2]] == ["革命", "买3"]
    assert got[2][0].style == labels.RED


def test_with_match_fills_what_the_caller_left_unset():
    mv = samples.match_view("buy")
    got = table.with_match(TableExtras(game_no=9), mv)
    assert got.game_no == 9 and got.games == mv.games
    assert got.phase == table.MATCH_PHASES[mv.phase]
    assert got.turn == mv.to_act and got.decision == table.DECISIONS[mv.decision]


def test_gouji_marks():
    assert hand.gouji_mark("T", 5, 0) == hand.GOUJI_PURE
    assert hand.gouji_mark("Q", 2, 1) == hand.GOUJI_WITH_TWOS
    assert hand.gouji_mark("A", 1, 0) is None
    assert hand.gouji_mark("9", 9, 3) is None


def test_highlight_must_be_a_play():
    with pytest.raises(InvalidPlay):
        render_hand("3344", highlight="34")
    assert render_hand("33445", highlight="44") != render_hand("33445")


def test_suits_cycle_within_a_rank():
    assert cards.suited("TTTTTB") == [("T", 0), ("T", 1), ("T", 2), ("T", 3), ("T", 0), ("B", 0)]


def test_standings_share_ranks_on_ties():
    rows = [StandingRow("a", 5, 3, 1, 0, 1), StandingRow("b", 5, 4, 1, 0, 1), StandingRow("c", 2, 3, 0, 1, 0)]
    assert [(rank, row.name) for rank, row in standings.ranked(rows)] == [(1, "a"), (1, "b"), (3, "c")]


def test_gallery_writes_every_kind(tmp_path):
    assert gallery.main([str(tmp_path)]) == 0
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(gallery.images())
    for p in tmp_path.iterdir():
        assert p.stat().st_size < bench.TARGET_KB * 1024
        decode(p.read_bytes())


def test_bench_cases_render():
    for name, fn in bench.cases().items():
        assert decode(fn()).size[0] == theme.WIDTH, name


# ---------------------------------------------------------------- fonts and glyphs


@pytest.fixture
def fresh_caches() -> Iterator[None]:
    """Font, card and label caches emptied before and after: the test sees every draw call and
    leaves no font of its own behind."""

    def clear() -> None:
        for fn in (
            fonts.font_path,
            fonts.font,
            fonts.has_glyph,
            cards.face,
            cards.back,
            cards._condensed,
            stamps.stamp,
            draw._mask,
            draw.text_width,
        ):
            fn.cache_clear()

    clear()
    yield
    clear()


def static_strings() -> set[str]:
    """Every fixed word the renderer can draw, whether or not a sample shows it."""
    words = set(PLACE_ZH.values()) | {result.item_name(k) for k in ITEM_NAMES}
    words |= {label.text for label in labels.ACTOR_LABELS.values()} | {labels.KAIDIAN_CHANCE.text}
    words |= {label.text for label in labels.TARGET_LABELS.values()} | set(labels.EXTRA_STYLES)
    words |= {w.format(value=v) for w in labels.MATCH_WORDS.values() for v in (3, 4)}
    words |= {labels.hui_word(s) for s in "56789TJQKA"}
    words |= set(table.RELATIVE) | set(table.MATCH_PHASES.values()) | set(table.VERBS.values())
    words |= set(table.DECISIONS.values())
    words |= set(table.MARK_WORDS.values()) | set(table.PLAY_PHASES) | {table.PHASE_OVER, table.PHASE_LOBBY}
    words |= {table.PHASE_FULL, table.PHASE_CLOSED} | {ai_name(level) for level in AI_LEVELS}
    words |= {hand.GOUJI_PURE, hand.GOUJI_WITH_TWOS, hand.EMPTY} | set(cards.JOKERS.values())
    words |= {title for title, _ in standings.COLUMNS}
    words |= {cards.SUITS, "★", "0123456789+−×%/…", "本局结果 胜 平 比赛平局 赢得比赛 比赛进行中 未打"}
    words |= {"前 20 名（共 25 人）", "还没有对局"}
    words |= set(labels.MATCH_TARGET_WORDS.values()) | {labels.BURNING.text}
    words |= {"满贯，积分翻倍 ×2", "串三户，积分翻倍 ×2"}
    words |= {"满贯！积分翻倍", "串三家 ×2", "翻倍 ×2", "够死级×3", "无头", "冲点 1/3", "够死级"}
    words |= {f"等待大家{table.PENDING}", "轮到你了", "轮到你", panel.NOT_DEALT, hand.WITH_TWOS_SHORT, "托管", "AI"}
    words |= {"记牌器", "玩家", "积分", "每局", "平局", "比赛结果", "红方赢得比赛", "蓝方赢得比赛"}
    return words


def test_every_drawn_character_has_a_glyph(monkeypatch, fresh_caches):
    drawn: set[str] = set()
    original = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):
        drawn.add(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    gallery.images()
    for seed in range(3):
        m = play_match(seed, 40 * seed)
        render_table(m.view(0))
    render_hand("3456789TJQKA2BR", highlight="T")
    render_standings([])
    render_hand("")
    assert {"烧牌", "开点", "打点", "让", "过", "够级", "10"} <= drawn
    missing = {ch for s in drawn | static_strings() for ch in s if not fonts.has_glyph(ch)}
    assert not missing, f"drawn as missing-glyph boxes: {sorted(missing)}"


def test_glyph_check_detects_tofu_and_names_lose_what_cannot_be_drawn():
    assert not fonts.has_glyph("\ue000")
    assert not fonts.has_glyph("🍀")
    assert fonts.has_glyph("够")
    assert fonts.displayable("Lucky🍀周", "x") == "Lucky周"
    assert fonts.displayable("🍀🀄", "3号位") == "3号位"


def test_default_font_is_the_packaged_one_with_its_licence(monkeypatch, fresh_caches):
    monkeypatch.delenv(fonts.FONT_ENV, raising=False)
    path = fonts.font_path()
    assert path.name == "NotoSansSC[wght].ttf" and "justmytype_intl_cjk" in str(path)
    assert (path.parent / "OFL.txt").is_file()
    assert fonts.font(30) is fonts.font(30)  # opened once


def test_gouji_font_overrides_the_default(monkeypatch, tmp_path, fresh_caches):
    house = tmp_path / "house.ttf"
    house.symlink_to(fonts.font_path())
    fonts.font_path.cache_clear()
    monkeypatch.setenv(fonts.FONT_ENV, str(house))
    assert fonts.font_path() == house
    assert decode(render_hand("33TTTTT")).size == hand.hand_size("33TTTTT")
    fonts.font_path.cache_clear()
    monkeypatch.setenv(fonts.FONT_ENV, str(tmp_path / "absent.ttf"))
    with pytest.raises(FileNotFoundError):
        fonts.font_path()


def test_words_laid_down_from_the_cache_are_the_pixels_drawn_directly(fresh_caches):
    """Issue 34 §1: ``render.draw.text`` rasterises a word once and lays it down from its cache after;
    the picture is the same, pixel for pixel, as ``ImageDraw.text`` draws it — outlined or not, in the
    outline's ink or another, at any anchor, the first time and from the cache."""
    cases = [("轮到 张三", 40, fonts.BOLD, "mm", 3, (20, 50, 36)),
             ("红方 1号", theme.FINE, fonts.REGULAR, "lm", 0, None),
             ("过", 46, fonts.BLACK, "mm", 4, (20, 50, 36)),
             ("12", 46, fonts.BLACK, "rm", 0, None),
             ("够级", 44, fonts.BLACK, "la", 2, None)]
    for s, size, weight, anchor, stroke, stroke_fill in cases:
        direct = Image.new("RGB", (420, 140), theme.FELT)
        ImageDraw.Draw(direct).text((210, 70), s, font=fonts.font(size, weight), fill=theme.GOLD, anchor=anchor,
                                    stroke_width=stroke, stroke_fill=stroke_fill)
        for _ in range(2):
            cached = Image.new("RGB", (420, 140), theme.FELT)
            draw.text(ImageDraw.Draw(cached), (210, 70), s, size, theme.GOLD, weight, anchor, stroke, stroke_fill)
            assert ImageChops.difference(direct, cached).getbbox() is None, s


def test_the_pictures_of_a_move_keep_their_colours_on_the_one_palette():
    """Issue 34 §1: the table and the panels are mapped onto one palette chosen once (``render.palette``)
    instead of one chosen per picture; in states it was not chosen from (a played game's panels, 托管,
    the full lobby) it strays from the drawn colours no more than a palette of the picture's own."""
    def error(img: Image.Image, palette: Image.Image | None) -> tuple[float, int]:
        back = Image.open(io.BytesIO(to_png(img, palette))).convert("RGB")
        diff = ImageChops.difference(back, img)
        return max(ImageStat.Stat(diff).rms), max(high for _, high in diff.getextrema())

    mid = samples.midgame()
    extras = samples.midgame_extras()
    pictures = [table.draw_table(None, samples.lobby_extras(full=True)),
                table.draw_table(mid.view(0), replace(extras, trustee=(True, False, True, False, False, False)))]
    m = play_match(11, 150)
    pictures += [panel.draw_panel(m.view(s), TableExtras(names=samples.NAMES)) for s in (0, 3)]
    for img in pictures:
        fixed, own = error(img, move_palette()), error(img, None)
        assert fixed[0] <= own[0] + 0.3 and fixed[1] <= 64, (fixed, own)


def test_the_side_by_side_bench_draws_a_moves_pictures_in_a_checkout():
    """Issue 34 §1: ``render.bench --compare`` runs its driver in a fresh interpreter on a checkout's code
    (here this one): some CPU and some PNG bytes per move, the table's and three panels'."""
    cpu, size = bench._move_cost(str(Path(__file__).resolve().parent.parent), 2)
    assert cpu > 0 and size > 4 * 1024
