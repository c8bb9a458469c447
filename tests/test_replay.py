"""复盘 (issue 19): a finished game rebuilt move by move from the store's log, its key moments, its
frames drawn with every hand open, and ``python -m bot replay`` writing them with an animated GIF."""

from __future__ import annotations

import asyncio
import io
import json
import random

import pytest
from PIL import Image

from bot.__main__ import main as bot_main
from bot.engine import Game, Match, Ruleset
from bot.service.replay import ReplayError, build, from_log, load, start_seed
from bot.service.store import Store
from bot.service.tables import Settings, Table, TableService
from render import TableExtras
from render.replay import REPLAY_SIZE, animate, draw_replay

GUILD, CHANNEL, HOST = 1, 100, 11
BURN = ["33QQQ5", "3AAA", "337", "33KKK", "338", "339"]
"""Seat 1 leads QQQ (够级); seat 2 may burn it with AAA; seat 4, its 对家, may answer it with KKK (打点)."""


async def fast_sleep(seconds: float) -> None:
    await asyncio.sleep(0 if seconds < 1 else 3600)


async def ai_match(path, games: int = 2, seed: int = 5) -> tuple[TableService, Table]:
    """A whole match of six random AI seats through the table service, on a store at ``path``."""
    svc = TableService(await Store.open(path), sleep=fast_sleep, ai_delay=(0, 0), rng=random.Random(3))
    table = await svc.open(GUILD, CHANNEL, HOST, "甲", Settings(Ruleset.preset(), games=games, ai_level="random"))
    await svc.leave(CHANNEL, HOST)
    for seat in range(6):
        await svc.add_ai(CHANNEL, HOST, seat=seat)
    await svc.start(CHANNEL, HOST, seed=seed)
    deadline = asyncio.get_running_loop().time() + 120
    while table.status != "over" and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.001)
    assert table.status == "over"
    async with table.lock:  # the last move's commit
        pass
    return svc, table


def crafted(hands: list[str]) -> Match:
    m = Match.new(seed=1, games=1)
    while m.phase != "play":
        m.act(m.to_act, m.default_action(m.to_act))
    m.game = Game.from_hands(hands, leader=0)
    return m


def played(hands: list[str], first: list[tuple[int, str]], seed: int = 0) -> tuple[Match, list[tuple[int, str]]]:
    """The crafted game played with ``first``, then random legal moves to its end."""
    m, rng, moves = crafted(hands), random.Random(seed), []
    for seat, action in first:
        assert m.to_act == seat, (seat, action, m.to_act)
        m.act(seat, action)
        moves.append((seat, action))
    while not m.over:
        seat = m.to_act
        action = rng.choice(list(m.legal_actions(seat)))
        m.act(seat, action)
        moves.append((seat, action))
    return m, moves


async def test_a_stored_match_replays_to_its_stored_results(tmp_path):
    svc, table = await ai_match(tmp_path / "g.sqlite3")
    store = svc.store
    log = await store.actions(table.id)
    assert start_seed(log) == 5
    row = await store.table(table.id)
    for game_no, stored in enumerate(await store.games_of(table.id), start=1):
        replay = from_log(row.settings, log, game_no)
        assert json.loads(json.dumps(replay.result)) == stored  # the store holds it as JSON
        assert replay.frames[-1].view.over and replay.frames[0].action is None
        assert [f.index for f in replay.frames] == list(range(len(replay.frames)))
        places = [m for m in replay.moments if m.kind == "out" or m.kind == "men" or m.kind == "no3"]
        assert places  # each place won is a moment
    last = await store.game(channel_id=CHANNEL)
    assert last is not None and last.game_no == 2 and last.guild_id == GUILD
    first = await store.game(last.id - 1)
    replay = await load(store, first)
    assert replay.game_id == first.id and replay.game_no == 1 and replay.ai == [True] * 6
    assert json.loads(json.dumps(replay.result)) == first.result
    assert await store.game(last.id + 1) is None
    await store.close()


def test_key_moments_of_crafted_games():
    m, moves = played(BURN, [(0, "play QQQ"), (1, "play AAA")])
    replay = build(crafted(BURN), moves, 1)
    assert replay.result == m.results[0]
    kinds = [(x.frame, x.kind, x.seat) for x in replay.moments]
    assert kinds[:3] == [(1, "gouji", 0), (2, "shao", 1), (2, "shao-stands", 1)]
    assert sorted(x.seat for x in replay.moments if x.kind == "out") == list(range(6))  # every place won

    m, moves = played(BURN, [(0, "play QQQ"), (1, "pass"), (3, "play KKK")])
    replay = build(crafted(BURN), moves, 1)
    assert replay.result == m.results[0]
    assert ("dadian", 3) in [(x.kind, x.seat) for x in replay.moments]

    no_burn = ["33QQQ5", "34", "37", "33KKK", "38", "39"]
    m, moves = played(no_burn, [(0, "play QQQ"), (3, "pass")])
    replay = build(crafted(no_burn), moves, 1)
    assert ("men", 2) in [(x.kind, x.seat) for x in replay.moments]  # 闷: seat 1 shows 33 to seat 3
    assert replay.key_moments(2) == sorted(replay.key_moments(2), key=lambda x: x.frame)
    assert all(x.priority == 0 for x in replay.key_moments(2))


def test_a_game_in_progress_is_not_replayed():
    m = crafted(BURN)
    with pytest.raises(ReplayError, match="still in progress"):
        build(m, [(0, "play QQQ")], 1)
    with pytest.raises(ReplayError, match="no start"):
        start_seed([(1, None, 11, "close")])


def test_a_frame_shows_the_table_and_every_hand():
    _, moves = played(BURN, [(0, "play QQQ"), (1, "play AAA")])
    replay = build(crafted(BURN), moves, 1)
    extras = TableExtras(names=list("甲乙丙丁戊己"))
    images = [draw_replay(f.view, f.hands, extras, viewer=2, caption=replay.caption(f.index)) for f in replay.frames]
    assert all(im.size == REPLAY_SIZE for im in images)
    assert replay.frames[0].hands == tuple(BURN) or replay.frames[0].hands[0].startswith("33")
    gif = Image.open(io.BytesIO(animate(images)))
    assert gif.format == "GIF" and gif.n_frames == len(images) and gif.width == 600


async def test_the_terminal_writes_the_frames_and_a_gif(tmp_path, capsys):
    svc, _ = await ai_match(tmp_path / "g.sqlite3", games=1, seed=7)
    game = await svc.store.game(channel_id=CHANNEL)
    await svc.store.close()
    out = tmp_path / "frames"
    code = await asyncio.to_thread(bot_main, ["replay", "--db", str(tmp_path / "g.sqlite3"), "--game", str(game.id),
                                              "--out", str(out), "--seat", "3", "--every", "40"])
    assert code == 0
    pngs = sorted(out.glob("frame_*.png"))
    assert len(pngs) >= 3 and (out / "replay.gif").stat().st_size > 0
    assert Image.open(pngs[0]).size == REPLAY_SIZE
    assert Image.open(out / "replay.gif").n_frames == len(pngs)
    printed = capsys.readouterr().out
    assert "replay.gif" in printed and "头科" in printed
    for db, number, code in (("g", "999", 1), ("none", "1", 2)):  # no such game; no such store
        argv = ["replay", "--db", str(tmp_path / f"{db}.sqlite3"), "--game", number, "--out", str(out)]
        assert await asyncio.to_thread(bot_main, argv) == code
