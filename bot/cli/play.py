"""``python -m bot play``: a full match at the terminal, you at seat 1 against five AI players.

It is the Discord table without Discord, for a newcomer with no bot token: the same engine,
the same notation (``888B``, ``pass``, ``let``), the same hints. The AI players get only
``Match.view(seat)`` and their legal actions. The session reads lines from a stream so that a
test can play it from a script; EOF, Ctrl-C and ``quit`` leave cleanly.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.text import Text

from bot.ai import HINT_BUDGET, LEVELS, make_player, suggest
from bot.engine import Event, Game, IllegalAction, Match, MatchView, Ruleset, parse_cards
from bot.engine.cards import SYMBOLS

from . import add_rules_argument, positive, rules_of, rules_words, show

HUMAN = show.HUMAN
STRONG_BUDGET = 0.25
"""Seconds the ``strong`` AI may think per decision here: a game feels slow past that."""
MAX_PLAYS = 6
"""Plays in the numbered short list, besides the hint and 过/让."""

PASS_WORDS = ("pass", "p", "过", "过牌", "不要")
LET_WORDS = ("let", "让", "让牌")
HINT_WORDS = ("hint", "h", "提示")
HELP_WORDS = ("help", "?", "？", "帮助")
QUIT_WORDS = ("quit", "exit", "退出")
"""Not ``q``: that is a queen."""

HELP = """[bold]怎么出牌 / how to play[/]
  出牌写法 notation: [bold]888B[/]  [bold]TTTTT[/] (T = 10)  [bold]KK2[/] (2 挂在 K 上)  B = 小王  R = 大王
                    也可写 10、小王、大王 / 10, 小王 and 大王 work too
  [bold]pass[/] / 过 / p      过牌 pass
  [bold]let[/] / 让           让牌 let your 下家 and 下联 act first (only on your 对家's play)
  [bold]1[/] … [bold]9[/]            选列表里的第几项 pick from the numbered list
                    ([bold]#5[/] when 5 is also a card you could play)
  [bold]hint[/] / 提示        AI 的建议和理由；再按回车就出这手 / the AI's suggestion; Enter then plays it
  [bold]help[/] / 帮助        this help        [bold]quit[/] / 退出   leave (also Ctrl-C or Ctrl-D)
  开牌前的选择 (上班、买牌、卖牌、革命、冲点、要头/无头、宣点、进贡) type the choice as listed, or its number.
  Teams: 红方 seats 1·3·5 (you, 下联, 上联) against 蓝方 2·4·6. The rules: docs/rules.md"""


class Leave(Exception):
    """The player typed ``quit``."""


@dataclass(frozen=True)
class PlayOptions:
    """What ``python -m bot play`` was asked for; the seed makes a session replayable."""

    rules: Ruleset
    seed: int
    level: str = "basic"
    games: int = 4
    hint_budget: float = HINT_BUDGET
    """Seconds of ``strong`` search behind ``hint`` (0: ``basic``'s instant choice)."""


class Session:
    """One match at the terminal: prints the log as it happens and asks the player at their turn."""

    def __init__(self, options: PlayOptions, console: Console, stream: TextIO | None = None) -> None:
        self.options = options
        self.console = console
        self.stream = stream
        self.match = Match.new(seed=options.seed, rules=options.rules, games=options.games)
        budget = STRONG_BUDGET if options.level == "strong" else None
        self.players = {s: make_player(options.level, options.seed * 6 + s, budget) for s in range(1, 6)}
        self.match_seen = 0
        self.game: Game | None = None
        """The game whose log is being printed: kept after the match moves on, for its last lines."""
        self.game_seen = 0
        self.pending: list[Event] = []
        """Log lines of the last action not printed yet: printed together, so that they align."""

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        """Play the match to its end, or until the player leaves; the exit code is 0 either way."""
        o = self.options
        self.say(Panel(
            f"够级 · 你坐 [bold]1 号位[/]（红方 1·3·5）对五个 AI（{o.level}）· 规则 {rules_words(o.rules)}"
            f" · {o.games} 局"
            f" · seed {o.seed}\nYou sit at seat 1 (team 红方 with seats 3 and 5) against five AI players. "
            "Type [bold]help[/] at any prompt.",
            border_style="yellow",
        ))
        try:
            self.flush()
            while not self.match.over:
                seat = self.match.to_act
                assert seat is not None
                if seat == HUMAN:
                    self.human_turn()
                else:
                    view, legal = self.match.view(seat), self.match.legal_actions(seat)
                    self.match.act(seat, self.players[seat].choose(view, legal))
                self.flush()
                self.print_log()  # at once, so that AI play shows as it happens
        except (EOFError, KeyboardInterrupt, Leave):
            self.say("\n再见！/ Bye — the match was left unfinished.", style="bold")
        self.print_log()
        return 0

    def flush(self) -> None:
        """Log what happened since last time, in order: the game's lines, then the match's (deals,
        buying, tribute …) with each game's result after its end, then a game that has just begun."""
        if self.game is not None:
            self.log(self.game.events[self.game_seen:])
            self.game_seen = len(self.game.events)
            if self.game.over:
                self.game = None
        for e in self.match.events[self.match_seen:]:
            self.match_seen += 1
            self.log([e])
            if e.kind == "game-over" and e.value is not None:
                self.say(show.result(self.match.results[e.value - 1], e.value))
                self.say(show.standings(self.match.view(HUMAN)))
                if not self.match.over:
                    self.ask("按回车开始下一局 / press Enter for the next game › ")
        if self.match.game is not None and self.match.game is not self.game:
            self.game, self.game_seen = self.match.game, 0
            self.flush()

    def log(self, events: Sequence[Event]) -> None:
        self.pending.extend(events)

    def print_log(self) -> None:
        if self.pending:
            self.console.print(show.log(self.pending))
            self.pending = []

    def say(self, *renderables: RenderableType, **kwargs: Any) -> None:
        """Print, after the log lines that are still pending."""
        self.print_log()
        self.console.print(*renderables, **kwargs)

    # ------------------------------------------------------------------ the player's turn
    def human_turn(self) -> None:
        """Show the table and ask until the player's action is accepted."""
        mv = self.match.view(HUMAN)
        legal = self.match.legal_actions(HUMAN)
        tip = suggest(mv, HUMAN, legal)
        hint = tip.action if tip else None
        options = short_list(mv, legal, hint)
        g = self.match.game if self.match.phase == "play" else None  # what each play would be: 烧牌, 打点 …
        kinds = {a: g.action_kind(HUMAN, a) or "" for a in options} if g is not None else {}
        # the list marks 提示 only when it is what ``hint`` answers (a searched hint may differ from
        # basic's instant choice, which orders the list either way)
        marked = hint if self.options.hint_budget <= 0 else None
        self.say(show.screen(mv, options, marked, kinds))
        hinted = False
        prompt = "[bold yellow]轮到你[/] your turn › "
        while True:
            text = self.ask(prompt).strip()
            low = text.lower()
            if low in HELP_WORDS:
                self.say(HELP)
                continue
            if low in HINT_WORDS and tip is not None:
                if not hinted and self.options.hint_budget > 0:
                    tip = suggest(mv, HUMAN, legal, budget=self.options.hint_budget) or tip
                    hint = tip.action
                # the action as it is typed, then why: the choices list's meaning of a non-play
                # (让牌：先看下家和下联要不要) would only say again what the reason says
                typed = tip.action.removeprefix("play ")
                self.say(Text.assemble(
                    ("提示 hint: ", "bold yellow"), (typed, "bold"),
                    f" — {tip.zh} / {tip.en}", ("   (回车出这手 / Enter plays it)", "grey50")))
                hinted = True
                continue
            if not text:
                if hinted and hint is not None:
                    action = hint
                else:
                    self.say("输入出牌、编号、pass 或 hint（help 看说明）/ type a play, a number, pass, hint")
                    continue
            else:
                try:
                    action = read_action(text, mv.game is not None, legal, options)
                except IllegalAction as e:
                    self.refuse(e)
                    continue
            try:
                self.match.act(HUMAN, action)
            except IllegalAction as e:
                self.refuse(e)
                continue
            return

    def refuse(self, e: IllegalAction) -> None:
        self.say(Text.assemble(("✗ ", "bold red"), (e.zh, "bold red"), ("  " + e.en, "red")))

    def ask(self, prompt: str) -> str:
        """One line from the player; EOFError at the end of the input, as ``input`` does."""
        if self.stream is None:
            return self.console.input(prompt)
        self.say(prompt, end="")
        line = self.stream.readline()
        if not line:
            raise EOFError
        self.say(line.rstrip("\n"), style="bold", markup=False, highlight=False)
        return line.rstrip("\n")


def read_action(text: str, in_play: bool, legal: Sequence[str], options: Sequence[str]) -> str:
    """The action text meant by what the player typed, or ``IllegalAction`` saying why not.

    A number picks from ``options``; in play, where 2…9 are cards too, a number that is also a
    legal single card is refused as ambiguous rather than guessed (``#5`` or ``play 5`` settle it).
    """
    low = text.lower()
    if low in QUIT_WORDS:
        raise Leave
    number = low.removeprefix("#")
    if number.isdigit() and len(number) <= 2:
        pick = int(number)
        as_card = in_play and not low.startswith("#") and f"play {number}" in legal
        if 1 <= pick <= len(options):
            if as_card:
                raise IllegalAction(
                    f"「{text}」是第 {pick} 项（{show.action_words(options[pick - 1])}）还是单张 {text}？"
                    f"请打 #{pick} 或 play {text}",
                    f"{text!r} could be choice {pick} or a single {text}: type #{pick} or 'play {text}'")
            return options[pick - 1]
        if low.startswith("#") or not in_play:
            raise IllegalAction(f"没有第 {number} 项", f"there is no choice {number}")
    if not in_play:
        return text
    if low in PASS_WORDS:
        return "pass"
    if low in LET_WORDS:
        return "let"
    if low.startswith("play "):
        return text
    return f"play {text}"


def short_list(mv: MatchView, legal: Sequence[str], hint: str | None) -> list[str]:
    """The numbered choices: before play every legal action; in play the hint first, then for a
    lead each rank played whole, for an answer the cheapest answers, then 过 and 让 when allowed."""
    if mv.game is None:
        return list(legal)
    if mv.game.top is None:
        plays = [f"play {SYMBOLS[r] * n}" for r, n in enumerate(parse_cards(mv.hand)) if n]
        plays = [a for a in plays if a in legal]
        if len(plays) < 2:  # 步步带王 or a hand of jokers: no rank leads whole
            plays += [legal[i] for i in range(min(len(legal), MAX_PLAYS))]
    else:
        plays = [a for a in legal if a.startswith("play ")]
    first = [hint] if hint is not None else []
    rest = [a for a in dict.fromkeys(plays) if a not in first][:MAX_PLAYS]
    return first + rest + [a for a in ("pass", "let") if a not in first and a in legal]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_rules_argument(parser)
    parser.add_argument("--seed", type=int, default=None, help="the deal's seed (a random one when left out)")
    parser.add_argument("--level", choices=LEVELS, default="basic", help="the five AI players' level")
    parser.add_argument("--games", type=positive, default=4, help="games in the match (default 4)")
    parser.add_argument("--hint-budget", type=float, default=HINT_BUDGET,
                        help=f"seconds the hint searches with strong (default {HINT_BUDGET}; 0: basic's rule of thumb)")


def main(args: argparse.Namespace, console: Console | None = None, stream: TextIO | None = None) -> int:
    """Run ``python -m bot play`` from parsed arguments."""
    seed = args.seed if args.seed is not None else random.randrange(10_000)
    options = PlayOptions(rules=rules_of(args), seed=seed, level=args.level, games=args.games,
                          hint_budget=args.hint_budget)
    if stream is None and not sys.stdin.isatty():
        stream = sys.stdin  # piped input: read it line by line and echo it, so the transcript reads as a session
    return Session(options, console or Console(highlight=False), stream).run()
