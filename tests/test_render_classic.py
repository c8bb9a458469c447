"""The pictures of the ``classic`` preset and the 满贯 switch (issue #8): the words at a seat that seed
000 asks for (宣点, 开点, 上班, 烧牌 in flames while burning, 革命, 冲点, 要头/无头, 够死级), the 冲点
sets and 够死级 in the middle, and a doubled result that says so. Everything is read from views."""

from __future__ import annotations

import dataclasses
import io

from PIL import Image, ImageChops

from bot.engine import Event, Game, Ruleset
from render import MatchSummary, TableExtras, labels, render_match, render_result, render_table, result, samples, table


def words(seat_row: list[labels.Label]) -> list[str]:
    return [label.text for label in seat_row]


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_burning_stands_in_flames_at_the_burner_across_rounds() -> None:
    v = samples.classic_burning().view(0)
    assert v.burning == (2, 0)
    assert not any(e.kind == "shao" for e in labels.recent_events(v.events)), "the burn began a round ago"
    row = labels.seat_labels(v.events, v.kaidian_chance, {}, v.burning)[2]
    assert row[0] == labels.BURNING and row[0].style == labels.FLAME
    assert "烧牌" not in words(labels.seat_labels(v.events, v.kaidian_chance, {}, None)[2])
    chips = [w for w, _, _ in table._chips(2, v, TableExtras())]
    assert {"开点", "带王"} <= set(chips)


def test_the_burn_ends_and_its_flame_with_it() -> None:
    g = samples.classic_burning()
    g.act(1, "play 99R")  # 2号 beats the burner's lead with a 大王: 解烧 (and burns it in turn)
    v = g.view(0)
    assert [e.kind for e in v.events if e.kind in ("jieshao", "shao")][-2:] == ["jieshao", "shao"]
    rows = labels.seat_labels(v.events, None, {}, v.burning)
    assert v.burning == (1, 2) and rows[1][0] == labels.BURNING
    assert labels.BURNING not in rows[2] and "解烧" not in words(rows[2])


def test_chongdian_at_the_seat_and_in_the_middle() -> None:
    g = samples.classic_chongdian()
    v = g.view(0)
    rows = labels.seat_labels(v.events, None, {}, None)
    assert words(rows[1]) == ["革命", "冲点"] and words(rows[4]) == ["要头"]
    assert table._top_caption(v, 1) == "冲点 1/3"
    assert [w for w, _, _ in table._chips(1, v, TableExtras())] == ["革命", "冲点"]
    assert [w for w, _, _ in table._chips(4, v, TableExtras())] == ["够死级×3"]
    assert table._top_caption(samples.classic_chongdian(2).view(0), 1) == "冲点 3/3"


def test_sijiji_on_the_table_and_the_plays_left() -> None:
    v = samples.classic_sijiji().view(3)
    assert v.top_sijiji and v.top == (4, "AAAA") and v.sijiji == 2
    assert words(labels.seat_labels(v.events)[4]) == ["要头", "够死级"]
    assert [w for w, _, _ in table._chips(4, v, TableExtras())] == ["够死级×2"]
    assert not samples.classic_burning().view(0).top_sijiji


def test_wutou_chip() -> None:
    hands = ["33QQQ5678899TJ", "3AAAKKKKQQQ99455", "336789", "33KK8556677", "33KKK446688J", "33JJ5577889"]
    v = Game.from_hands(hands, rules=samples.CLASSIC, revolt=1, yaotou=False).view(0)
    assert words(labels.seat_labels(v.events)[4]) == ["无头"]
    assert [w for w, _, _ in table._chips(4, v, TableExtras())] == ["无头"]


def test_chips_make_room_by_shortening_the_caption() -> None:
    v = samples.classic_chongdian().view(0)
    extras = TableExtras(names=samples.NAMES, ai=(False, True, False, False, True, False))
    png = render_table(v, extras)  # an AI 革命 seat with 冲点, and an AI head: every chip still fits
    assert image(png).size == table.SIZE


def test_shangban_before_play_and_over_the_first_round() -> None:
    mv = samples.classic_shangban()
    shown = {e.seat for e in mv.events if e.kind == "shangban"}
    got = table.with_match(TableExtras(), mv)
    assert shown and all("上班" in got.labels[s] for s in shown)
    assert got.phase == "上班" and got.decision == "上班与否"
    first = samples.classic_shangban(in_play=True)
    leader = next(e.seat for e in first.events if e.kind == "shangban-lead")
    assert table.with_match(TableExtras(), first).labels == {leader: ["上班"]}
    assert first.game is not None and first.game.to_act == leader


def test_match_words_of_classic_buying() -> None:
    events = [Event("deal", 0, value=1), Event("ask3", 2, target=0, auto=True), Event("revolt-auto", 5, auto=True),
              Event("shangban", 1, "♠4", value=2)]
    assert labels.match_labels(events) == {0: ["要3"], 5: ["革命"], 1: ["上班"]}


def test_grand_slam_over_the_table_and_doubled_in_the_result() -> None:
    g = samples.grand_slam()
    v = g.view(0)
    assert words(labels.seat_labels(v.events)[0])[-1] == "满贯"
    over = render_table(v, TableExtras(names=samples.NAMES, phase=table.PHASE_OVER))
    plain = render_table(dataclasses.replace(v, events=[e for e in v.events if e.kind != "grandslam"]),
                         TableExtras(names=samples.NAMES, phase=table.PHASE_OVER))
    assert over != plain
    r = g.result()
    assert r.multiplier == 2 and ("double", 5) in r.team_items[0]
    assert result.as_result(r.to_dict()).multiplier == 2
    assert result.as_result({**r.to_dict(), "multiplier": None} | {"multiplier": 1}).multiplier == 1
    doubled = image(render_result(r, samples.NAMES, game_no=2))
    single = image(render_result(dataclasses.replace(r, multiplier=1), samples.NAMES, game_no=2))
    header = ImageChops.difference(doubled, single).crop((0, 0, result.WIDTH, result.HEADER)).getbbox()
    assert header is not None, "the ×2 is drawn in the header"
    assert result._grouped(r.team_items[0])[-1] == ("翻倍", 1, 5, True)
    old = {k: v for k, v in r.to_dict().items() if k != "multiplier"}  # a result saved before 满贯 existed
    assert result.as_result(old).multiplier == 1
    render_match(MatchSummary(2, [r, samples.random_game(3).result()]), samples.NAMES)


def test_public_classic_table_is_the_same_from_every_seat() -> None:
    g = samples.classic_burning()
    extras = samples.midgame_extras()
    assert len({render_table(g.view(s), extras) for s in range(6)}) == 1


def test_classic_random_positions_render() -> None:
    rules = Ruleset.preset("classic", grand_slam=True)
    for seed in range(3):
        g = samples.random_game(seed, 60 + 30 * seed, rules)
        assert image(render_table(g.view(0), samples.midgame_extras())).size == table.SIZE
