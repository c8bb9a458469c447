"""``python -m bot``: the project's entry point.

``demo`` plays one game between random legal players from a seeded deal and prints its log
as a player reads it, with the result — the quickest way to watch the engine work.
``run`` (the default) starts the Discord bot with DISCORD_TOKEN from the environment or ``.env``;
without a token it says how to set one and exits non-zero.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO

from bot.cli import play, replay, simulate
from bot.engine import ITEM_NAMES, PLACE_ZH, Game, describe


def demo(seed: int, out: TextIO = sys.stdout) -> None:
    rng = random.Random(seed)
    g = Game.deal(seed)
    print(f"够级 demo, seed {seed}: {g.leader + 1}号位 开牌 (leads first)", file=out)
    for s in range(6):
        print(f"  {s + 1}号位 (team {s % 2 + 1}): {g.hand(s)}", file=out)
    shown = 0
    while not g.over:
        seat = g.to_act
        assert seat is not None  # a game that is not over has a seat to act
        g.act(seat, rng.choice(g.legal_actions(seat)))
        for e in g.events[shown:]:
            zh, en = describe(e)
            print(f"  {zh:<24}  {en}", file=out)
        shown = len(g.events)
    r = g.result()
    print("result / 结果:", file=out)
    for s in range(6):
        items = ", ".join(f"{ITEM_NAMES[k][0]} {v:+d}" for k, v in r.items[s]) or "—"
        print(f"  {s + 1}号位 {PLACE_ZH[r.places[s]]}: {r.seat_points[s]:+d} ({items})", file=out)
    for t in (0, 1):
        extra = ", ".join(f"{ITEM_NAMES[k][0]} {v:+d}" for k, v in r.team_items[t])
        print(f"  team {t + 1}: {r.team_points[t]:+d}" + (f" ({extra})" if extra else ""), file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="够级 (Gouji) — engine and tools")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the Discord bot (the default; DISCORD_TOKEN from the environment or .env)")
    sub.add_parser("sync", help="give Discord the slash commands now (a start syncs them only when they changed)")
    d = sub.add_parser("demo", help="watch one game of random legal players, with its log and result")
    d.add_argument("--seed", type=int, default=1)
    play.add_arguments(sub.add_parser("play", help="play a match at the terminal, seat 1, against five AI players"))
    simulate.add_arguments(sub.add_parser("simulate", help="AI matches: progress, a summary table, images with --out"))
    replay.add_arguments(sub.add_parser("replay", help="a finished game of a store as PNG frames and an animated GIF"))
    args = parser.parse_args(argv)
    if args.command in (None, "run", "sync"):
        from bot.discord.app import main as run_bot  # discord is imported only when the bot runs

        return run_bot(sync_only=args.command == "sync")
    if args.command == "demo":
        demo(args.seed)
    elif args.command == "play":
        return play.main(args)
    elif args.command == "simulate":
        return simulate.main(args)
    elif args.command == "replay":
        return replay.main(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
