"""What the terminal table shows, as rich renderables: the seats, the hand, the log, the results.

Everything is read from a ``MatchView`` (or a finished game's result), the same public
surface the Discord table draws from, and the words come from where the images get theirs —
``describe`` for the log, ``render.labels`` for the words at a seat (开点, 烧牌, 闷 …),
``render.hand.gouji_mark`` for 够级 in a hand — so the terminal never tells the game
differently from the picture.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bot.engine import (
    ITEM_NAMES,
    PLACE_ZH,
    Event,
    MatchView,
    SeatView,
    describe,
    double_words,
    parse_cards,
)
from bot.engine.cards import SYMBOLS, TWO, cards_en, cards_zh
from bot.engine.rules import burn_priority
from bot.words import BURN_NOTE, KIND_TAGS, choice_words, chong_sets, decision_prompt
from render.draw import signed
from render.hand import GOUJI_PURE, GOUJI_WITH_TWOS, gouji_mark
from render.labels import COOL, FLAME, GOLD, MUTED, POINT, PURPLE, RED, seat_labels
from render.result import ResultLike, as_result
from render.table import (
    MATCH_PHASES,
    PHASE_LUANCHAN,
    PHASE_PLAY,
    RELATIVE,
    TableExtras,
    still_out,
    with_match,
)
from render.theme import TEAM, TEAM_NAME

HUMAN = 0
"""The engine seat of the player at the keyboard: seat 1 on every screen."""

TEAM_STYLE = tuple(f"bold rgb({r},{g},{b})" for r, g, b in TEAM)
"""The two team colours of the images, so that 红方 and 蓝方 look the same in the terminal."""

ZH_NAMES = ["你"] + [f"{RELATIVE[s]}{s + 1}号" for s in range(1, 6)]
"""Seat names in Chinese log lines: where each seat sits from yours (下家, 下联, 对家 …) and its number."""
EN_NAMES = ["seat 1 (you)"] + [f"seat {s + 1} ({RELATIVE[s]})" for s in range(1, 6)]
"""In English lines, yours like the others ("seat 1 (you) plays QQ"): the log's verbs are third person."""

LABEL_STYLES = {
    GOLD: "bold black on yellow",
    FLAME: "bold white on red3",
    COOL: "bold black on cyan",
    POINT: "bold white on blue",
    PURPLE: "bold white on purple",
    RED: "bold white on red",
    MUTED: "grey50",
}
"""Label style of ``render.labels`` → terminal style, after the colours the table image uses."""

EVENT_STYLES = {
    "kaidian": "bold yellow", "natural": "yellow", "giveup": "grey62",
    "shao": "bold red", "fanshao": "bold red", "shao-stands": "bold red", "jieshao": "cyan",
    "dadian": "bold blue", "fandadian": "bold blue", "kill": "bold blue",
    "men": "bold magenta", "out": "bold green", "no3": "magenta", "chuansan": "bold yellow",
    "revolt": "bold red", "revolt-declare": "bold red", "redeal": "bold red",
    "round": "cyan", "jiefeng": "cyan", "luanchan": "bold red", "hui": "bold yellow",
    "pass": "grey62", "let": "grey70", "deal": "bold", "game-over": "bold", "match-over": "bold",
    "shao-ok": "bold red", "shao-fail": "bold magenta", "chongdian": "bold yellow", "no-chongdian": "grey62",
    "yaotou": "bold magenta", "wutou": "magenta", "sijiji": "bold red", "grandslam": "bold yellow",
    "shangban": "yellow", "shangban-lead": "bold yellow", "shangban-none": "yellow", "revolt-auto": "bold red",
}
"""How each kind of log line stands out: what changes the score is bright, passing is quiet."""

MARK_WORDS = {"pass": "过", "let": "让牌"}
LOG_ZH_WIDTH = 26
"""Cells of the Chinese half of a log line: most lines fit, so the English half lines up."""

def seat_style(seat: int) -> str:
    return TEAM_STYLE[seat % 2]


def log(events: Sequence[Event]) -> Table:
    """Log lines as a two-column grid, so that a long English half wraps in its own column: the
    acting seat's team dot and the Chinese line (bright when it scores, quiet when it passes),
    then the English dimmed."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, min_width=LOG_ZH_WIDTH)
    grid.add_column(style="grey50")
    for e in events:
        zh = Text()
        if e.seat is not None:
            zh.append("● ", style=seat_style(e.seat))
        else:
            zh.append("  ")
        style = EVENT_STYLES.get(e.kind, "")
        zh.append(describe(e, ZH_NAMES)[0], style=f"{style} underline".strip() if e.seat == HUMAN else style)
        grid.add_row(zh, describe(e, EN_NAMES)[1])
    return grid


def seat_name(seat: int) -> str:
    """A seat as the table lists it: its number and where it sits from yours."""
    return f"{seat + 1} {RELATIVE[seat] if seat != HUMAN else '你'}"


def phase_word(mv: MatchView) -> str:
    if mv.game is not None:
        return PHASE_LUANCHAN if mv.game.luanchan else PHASE_PLAY
    return MATCH_PHASES.get(mv.phase, mv.phase)


def header(mv: MatchView) -> Text:
    """第 n/N 局 · phase · the match score · 记牌器 (2s and jokers still out)."""
    totals = mv.standings.totals
    t = Text()
    t.append(f"第 {mv.game_no}/{mv.games} 局  ", style="bold")
    t.append(f" {phase_word(mv)} ", style="bold black on white")
    t.append("   ")
    t.append(f"{TEAM_NAME[0]} {signed(totals[0])}", style=TEAM_STYLE[0])
    t.append(" : ")
    t.append(f"{signed(totals[1])} {TEAM_NAME[1]}", style=TEAM_STYLE[1])
    if mv.game is not None:
        left = still_out(mv.game.events)
        t.append(f"   记牌器 未出：大王×{left['R']} 小王×{left['B']} 2×{left['2']}", style="grey70")
    return t


def _labels(mv: MatchView) -> list[list[Text]]:
    extra = with_match(TableExtras(), mv).labels
    g = mv.game
    labels = seat_labels(g.events if g else (), g.kaidian_chance if g else None, extra, g.burning if g else None)
    out = [[Text(f" {lab.text} ", style=LABEL_STYLES.get(lab.style, "bold")) for lab in row] for row in labels]
    if g is not None and g.head is not None:  # R14.7, standing all game as the table image's seat chip
        out[g.head].append(Text(f" 够死级×{g.sijiji} " if g.sijiji else " 无头 ", style="bold white on purple"))
    return out


def seats(mv: MatchView) -> Table:
    """The six seats in play order from yours: team, cards left, place, what each did this round,
    the words at the seat (开点, 烧牌, 闷 …) and the turn marker."""
    g: SeatView | None = mv.game
    labels = _labels(mv)
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="grey62", padding=(0, 1))
    for heading in ("", "座位 seat", "张数", "名次", "本轮 this round", ""):
        table.add_column(heading, no_wrap=True)
    for s in range(6):
        turn = mv.to_act == s and not (g is not None and g.over)
        name = Text(f"{seat_name(s)} · {TEAM_NAME[s % 2]}", style=seat_style(s))
        place = g.places[s] if g is not None else None
        if s == mv.revolt:
            place_text = Text("革命", style="bold red")
        else:
            place_text = Text(PLACE_ZH[place] if place else "", style="bold green")
        table.add_row(
            Text("▶", style="bold yellow") if turn else Text(""),
            name,
            Text(str(mv.counts[s]), style="bold" if mv.counts[s] else "grey50"),
            place_text,
            _this_round(g, s),
            Text(" ").join(labels[s]),
        )
    return table


def _this_round(g: SeatView | None, seat: int) -> Text:
    mark = g.marks[seat] if g is not None else None
    if g is None or mark is None:
        return Text("")
    if mark in MARK_WORDS:
        return Text(MARK_WORDS[mark], style="grey62")
    on_top = g.top is not None and g.top[0] == seat
    return Text(mark + (" ◀ 桌面" if on_top else ""), style="bold" if on_top else "")


def top_line(g: SeatView) -> Text:
    """The play to beat, and the rule that binds it (够级: only the 对家 may answer)."""
    if g.top is None:
        who = ZH_NAMES[g.to_act] if g.to_act is not None else ""
        return Text(f"{who} 发牌 — 新一轮，桌面空 / a new round: lead anything", style="cyan")
    seat, play = g.top
    t = Text("桌面 on the table: ")
    t.append(play, style="bold reverse")
    t.append(f"  {ZH_NAMES[seat]}", style=seat_style(seat))
    opposite = ZH_NAMES[(seat + 3) % 6]
    if g.chong_beaten is not None:  # R14.6
        t.append(f"  冲点 {g.chong_beaten + 1}/3", style="bold black on yellow")
        t.append(f"  只有对家{opposite}能打；不打或打不死，{ZH_NAMES[seat]}开点 / only its 对家 may answer",
                 style="yellow")
    elif g.top_sijiji:  # R14.7
        t.append("  够死级", style="bold white on red")
        t.append("  谁都不能打，只能烧牌 / 够死级: only a burn may answer it", style="yellow")
    elif g.top_gouji and burn_priority.played(g.rules):  # R14.2: the burners first, the 对头 last
        t.append("  够级", style="bold black on yellow")
        t.append(f"  别人可先烧牌，最后{opposite}打点 / others may burn first, then its 对家 answers",
                 style="yellow")
    elif g.top_gouji:
        t.append("  够级", style="bold black on yellow")
        t.append(f"  只有{opposite}能打点，别人只能烧牌 / only its 对家 may answer", style="yellow")
    if g.burning is not None:
        burner, burned = g.burning
        t.append(f"\n  🔥 {ZH_NAMES[burner]} 正在烧 {ZH_NAMES[burned]}：每次发牌须带王（最后一手除外）"
                 f" / burning: every lead carries a joker, except the last", style="bold red")
    return t


HAND_STYLES = {GOUJI_PURE: "bold black on yellow", GOUJI_WITH_TWOS: "bold yellow underline"}
"""How a rank of the hand that makes 够级 stands out: gold when pure, yellow when it needs the 2s."""


def hand(text: str) -> Text:
    """The hand grouped by rank, its cards written as the log writes them (10 10 10, 小王: ``cards_zh``),
    with 够级 marked (gold when pure, outlined when it needs the hand's 2s)."""
    counts = parse_cards(text) if text else []
    twos = counts[TWO] if counts else 0
    out = Text(f"你的手牌 {sum(counts)} 张  ", style="bold")
    marked = False
    for rank, n in enumerate(counts):
        if not n:
            continue
        sym = SYMBOLS[rank]
        mark = gouji_mark(sym, n, twos)
        marked = marked or mark is not None
        out.append(cards_zh(sym * n), style=HAND_STYLES.get(mark, "bold") if mark is not None else "bold")
        out.append("  ")
    if not counts:
        out.append("（出完了 / none left）", style="grey50")
    if marked:
        out.append("\n  ")
        out.append(GOUJI_PURE, style=HAND_STYLES[GOUJI_PURE])
        out.append(" 够级牌 a 够级 play    ", style="grey62")
        out.append(GOUJI_WITH_TWOS, style=HAND_STYLES[GOUJI_WITH_TWOS])
        out.append(" 挂上 2 才够级 够级 with your 2s", style="grey62")
    return out


def action_words(action: str, hand: str = "") -> str:
    """An action as the choices list shows it: plays as cards, the rest with their meaning
    (冲点 with the sets as this hand holds them)."""
    word, _, arg = action.partition(" ")
    if word == "play":
        return arg
    if word == "chongdian" and arg and hand:
        sets = chong_sets(arg, hand)
        return (f"{action} — 冲点：依次打出 {' → '.join(map(cards_zh, sets))} / "
                f"冲点 with {' → '.join(map(cards_en, sets))}, in this order")
    if word == "choose-leader":
        seat = int(arg)
        return f"{action} — {ZH_NAMES[seat]} 开牌 / {EN_NAMES[seat]} leads"
    words = choice_words(action)
    return f"{action} — {words.zh_help} / {words.en_help}"


KIND_STYLES = {"shao": "bold red", "dadian": "bold blue", "kill": "bold blue", "chong": "bold yellow"}
"""The terminal's colour for a play of each kind (its words: ``bot.words.KIND_TAGS``)."""


def choices(options: Sequence[str], hint: str | None, hand: str = "",
            kinds: Mapping[str, str] | None = None) -> Text:
    """The numbered short list; the suggestion (提示) is marked, and so are burns (烧牌) and 打点."""
    t = Text()
    for i, action in enumerate(options, 1):
        t.append(f"  {i}", style="bold cyan")
        t.append(f" {action_words(action, hand)}", style="bold" if action == hint else "")
        kind = (kinds or {}).get(action, "")
        if kind in KIND_TAGS:
            t.append(f"  {' '.join(KIND_TAGS[kind])}", style=KIND_STYLES.get(kind, ""))
        if action == hint:
            t.append(" ← 提示 hint", style="yellow")
        t.append("\n")
    t.rstrip()
    return t


def result(r: ResultLike, game_no: int) -> Table:
    """A finished game: places, each seat's items (名次, 开点, 烧, 闷 …) and points, team totals."""
    res = as_result(r)
    doubled = double_words(res.multiplier, res.grand_slam)
    double = " / ".join(doubled) if doubled else None
    table = Table(title=f"第 {game_no} 局结果 / result of game {game_no}", title_style="bold", header_style="grey62",
                  caption=double, caption_style="bold yellow")
    for name in ("座位", "名次", "分", "明细 items"):
        table.add_column(name)
    for s in sorted(range(6), key=lambda s: res.places[s]):
        items = ", ".join(f"{ITEM_NAMES[k][0]} {signed(v)}" for k, v in res.items[s])
        table.add_row(Text(seat_name(s), style=seat_style(s)), PLACE_ZH[res.places[s]],
                      signed(res.seat_points[s]), items or "—")
    for t in (0, 1):
        extra = ", ".join(f"{ITEM_NAMES[k][0]} {signed(v)}" for k, v in res.team_items[t])
        table.add_row(Text(f"{TEAM_NAME[t]} 合计", style=TEAM_STYLE[t]), "",
                      Text(signed(res.team_points[t]), style=TEAM_STYLE[t]), extra)
    return table


def standings(mv: MatchView) -> Text:
    """The match score after the games played, and the winner once it is over."""
    st = mv.standings
    t = Text(f"比分 after {st.played}/{st.games}：")
    t.append(f"{TEAM_NAME[0]}(1·3·5) {signed(st.totals[0])}", style=TEAM_STYLE[0])
    t.append("  :  ")
    t.append(f"{signed(st.totals[1])} {TEAM_NAME[1]}(2·4·6)", style=TEAM_STYLE[1])
    if st.over:
        if st.winner is None:
            t.append("   平局 / a draw", style="bold")
        else:
            you = "你赢了！you win" if st.winner == HUMAN % 2 else "你输了 / you lose"
            t.append(f"   {TEAM_NAME[st.winner]}胜 — {you}", style="bold yellow")
    return t


def decision_words(mv: MatchView) -> tuple[str, str]:
    """What the player is asked before play, with the card and rank at stake when buying."""
    return decision_prompt(mv, lambda seat: (ZH_NAMES[seat], f"seat {seat + 1}"))


def screen(mv: MatchView, options: Sequence[str], hint: str | None, kinds: Mapping[str, str] | None = None) -> Group:
    """Everything the player needs at their turn: the match line, the seats, the top play, the hand,
    what is asked, and the numbered choices."""
    parts: list[RenderableType] = [Text(), header(mv), seats(mv)]
    if mv.game is not None:
        parts.append(top_line(mv.game))
    parts.append(hand(mv.hand))
    if mv.decision is not None:
        parts.append(Text(" / ".join(decision_words(mv)), style="bold yellow"))
    parts.append(choices(options, hint, mv.hand, kinds))
    if mv.game is not None and burn_priority.played(mv.game.rules) and "shao" in (kinds or {}).values():
        parts.append(Text(" / ".join(BURN_NOTE), style="red"))
    return Group(*parts)
