"""``python -m bot replay``: a finished game of a store, rebuilt from its log and drawn frame by frame.

Every position of the game — from its deal and the choices before play to its last card — is
written as a PNG (the table from ``--seat``'s side, all six hands open), and the whole game as
one looping animated GIF, ``replay.gif``; the key moments are listed on the terminal.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TextIO

from bot.service.db import is_postgres
from bot.service.replay import Replay, ReplayError, load
from bot.service.store import Store
from render import TableExtras
from render.draw import to_png
from render.replay import animate, draw_replay


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", required=True, help="the bot's store, as GOUJI_DB names it (a SQLite file or postgresql://…)")
    parser.add_argument("--game", required=True, type=int, help="the game's number (as /gouji replay shows it)")
    parser.add_argument("--out", required=True, type=Path, help="the folder for the PNGs and replay.gif")
    parser.add_argument("--seat", type=int, default=1, choices=range(1, 7), help="the seat drawn at the bottom")
    parser.add_argument("--every", type=int, default=1,
                        help="write every Nth frame only (the first, the last and the key moments always)")


async def fetch(db: str | Path, game_id: int) -> Replay:
    store = await Store.open(db)
    try:
        row = await store.game(game_id) if 0 < game_id < 2**63 else None
        if row is None:
            raise ReplayError(f"没有第 {game_id} 局", f"there is no game {game_id}")
        return await load(store, row)
    finally:
        await store.close()


def chosen(replay: Replay, every: int) -> list[int]:
    """The frames written: every ``every``-th, and the first, the last and each key moment's."""
    last = len(replay.frames) - 1
    keep = {0, last, *(m.frame for m in replay.moments), *range(0, last, max(1, every))}
    return sorted(keep)


def write(replay: Replay, out: Path, seat: int = 0, every: int = 1) -> list[Path]:
    """The frames as ``frame_NNN.png`` and the game as ``replay.gif`` in ``out``; returns the files."""
    out.mkdir(parents=True, exist_ok=True)
    extras = TableExtras(names=replay.names, ai=replay.ai)
    files, images = [], []
    for i in chosen(replay, every):
        f = replay.frames[i]
        img = draw_replay(f.view, f.hands, extras, seat, replay.caption(i))
        path = out / f"frame_{i:03d}.png"
        path.write_bytes(to_png(img))
        files.append(path)
        images.append(img)
    gif = out / "replay.gif"
    gif.write_bytes(animate(images))
    files.append(gif)
    return files


def main(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    if not is_postgres(args.db) and not Path(args.db).exists():
        print(f"没有这个文件 / no such store: {args.db}", file=sys.stderr)
        return 2
    try:
        replay = asyncio.run(fetch(args.db, args.game))
    except ReplayError as e:
        print(str(e), file=sys.stderr)
        return 1
    files = write(replay, args.out, args.seat - 1, max(1, args.every))
    print(f"复盘 #{args.game} · 第 {replay.game_no} 局: {len(replay.frames)} frames, {len(files) - 1} PNGs"
          f" and replay.gif in {args.out}", file=out)
    for m in replay.moments:
        print(f"  {m.frame:>4}  {m.zh}  /  {m.en}", file=out)
    return 0
