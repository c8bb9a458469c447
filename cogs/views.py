"""What players see: the public table message, the hand panel, the seat picker and result posts.

Everything here is a pure function of a ``Table``, or for the hand panel of the one record of
what its seat sees and may do now (``SeatNow``, which the table builds): text, a picture to draw and
persistent components. What is legal comes from the engine's ``legal_actions``; a button is
enabled only when its action is in that list. Pictures are returned undrawn (``Card.draw``) so
that the caller renders them off the event loop from views taken on it.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from itertools import zip_longest
from typing import Any

import discord
from discord.utils import format_dt

from bot.engine import (
    ITEM_NAMES,
    PLACE_EN,
    PLACE_ZH,
    Event,
    Match,
    MatchView,
    Ruleset,
    describe,
    double_words,
    is_gouji,
    parse_play,
)
from bot.engine.rules import PRESET_WORDS, SWITCH_INFO, burn_priority
from bot.service.tables import SEATS, Face, SeatNow, Table
from bot.words import (
    BURN_NOTE,
    KIND_TAGS,
    NO_THREE_BUY,
    NO_THREE_PLAYING,
    ChoiceWords,
    choice_words,
    chong_sets,
    decision_prompt,
    decision_words,
    play_words,
)
from render import MatchSummary, TableExtras, render_match, render_panel, render_result, render_table
from render.table import relative

from .i18n import LABEL, OPTION, bilingual, fit
from .ids import ChoiceSelect, HouseSelect, PlaySelect, TableButton
from .renderer import ANSWER, REDRAW, RENDERER

TEAM_ZH = ("红方", "蓝方")
RULES_ZH = {name: zh for name, (zh, _) in PRESET_WORDS.items()}
"""Rules presets by their Chinese names."""
MAX_OPTIONS = 25
"""Discord's limit of options in one select."""
RECENT = 3
"""Lines of the public log under the table picture."""

TIPS = (
    "逢Q盖帽", "有单不发3", "小花挂4，不出也恣", "小花早挂，晚发不活", "过牌不烧，烧牌优先",
    "单牌慎过，过3有罪", "挡三不挡四，出三不落客", "放头科，串两槲", "穷人吃多槲",
)
"""够级俗语 (seed 002) shown in the lobby, one per lobby change."""

CHOICE_BUTTONS = 5
"""Choices before play shown as buttons; a decision with more (冲点's sets) gets a select."""
CHOICE_PLACEHOLDERS = {"chongdian": "⚡ 选三套级牌冲点 / pick the three sets to 冲点"}
PLAY_BUTTONS = ("pass", "let")
"""Engine actions with a fixed button of their own on the panel in play; before play every choice
gets a button (or a place in a select) as it comes."""
READY = "准备"
"""第八条's word: at the seat of a player who said it is ready, in the lobby's picture."""
READY_BUTTON = "准备 · ready"
"""The button of 第八条's ready check before each game's 开牌 (table message, call, panel)."""
READY_CALL = ("开牌前：看好牌就按「准备」，有选择要做的在「我的手牌」里决定",
              "before the first lead: look at your cards and press 准备; any choice you have is in 我的手牌")
"""What the call to a game's ready check says to every player alike."""
OPENING = ("开牌前：等大家准备好", "before the first lead: waiting until everyone is ready")
READY_ASK = ("看好牌就按「准备」", "press 准备 once you have looked at your cards")
"""The table's line through the ready check, whatever is being decided in it (nobody is named)."""
RESUME = "我回来了 · 取消托管"
"""The button that takes a seat back from 托管 (table message, panel, turn ping)."""
OPEN_PANEL = "打开手牌"
"""The turn ping's button: a fresh hand panel."""
TRUSTEE_LINE = ("🤖 托管中：AI 正在替你出牌，按「我回来了」收回",
                "in 托管: the AI plays for you; press 我回来了 to play again")
RESUMED = ("已取消托管，由你自己出牌", "托管 is off: you play your seat again")
TRUSTEE_TURN = ("🤖 你在托管中：轮到你了，AI 会替你出这一手；按「我回来了」自己出",
                "you are in 托管: it is your turn and the AI will play it; press 我回来了 to play it yourself")
TRUSTEE_PLAYED = ("🤖 你在托管中：AI 已替你出了这一手；按「我回来了」收回座位",
                  "you are in 托管: the AI has played this turn for you; press 我回来了 to take your seat back")
"""The turn ping of a seat in 托管: while the turn is still its own, and once the AI has moved for it."""
STOPPED = ("⏸ 这个面板已停止自动更新（Discord 只给它 15 分钟）：按「刷新」继续",
           "this panel no longer updates itself (Discord gives it 15 minutes): press 刷新 to go on")
MOVED = ("🔀 已换到新的面板", "moved to your newer panel")
"""What an older hand panel says once its player opened a newer one at the same table."""
REMATCH = "再来一场 · rematch"
REMATCH_HELP = ("按「再来一场」用同样的座位和设置再打一场",
                "press 再来一场 to play again with the same seats and settings")
REMATCH_STARTED = "新的一场已开始 · rematch started"
"""The 再来一场 button of a match's end once the rematch has started, disabled."""


@dataclass(frozen=True)
class Card:
    """A message to send or edit: its text, its picture (drawn when asked) and its components."""

    content: str
    draw: Callable[[], bytes]
    filename: str
    view: discord.ui.View | None
    key: object = None
    """What the picture is drawn from (compared with ``==``): an edit whose card has the key of the picture
    already shown keeps that picture instead of drawing and uploading the same one again (issue 34). None:
    not known, always drawn."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "content", fit(self.content))

    async def file(self, need: int = REDRAW) -> discord.File:
        """The picture as an attachment (``drawn``); ``need`` ``ANSWER`` for the answer to a press."""
        return await drawn(self.draw, self.filename, need)


async def drawn(picture: Callable[[], bytes], filename: str, need: int = ANSWER) -> discord.File:
    """``picture()`` as an attachment, drawn in a drawing process so that the event loop stays free for
    clicks (issue 34) — by default as an answer, before the redraws waiting: the pictures a command shows
    (the standings, a replay's frame, a review's positions) are drawn here too."""
    png = await RENDERER.draw(picture, need)
    return discord.File(io.BytesIO(png), filename=filename)


@dataclass(frozen=True)
class Panel:
    """A seat's hand panel, with ``key``: what it shows, so a live panel is redrawn only when that changes."""

    card: Card
    key: tuple[Any, ...]


# ---------------------------------------------------------------------- words
def seat_label(table: Table, seat: int) -> str:
    return named(table.names(), seat)


def named(names: Sequence[str], seat: int) -> str:
    """A seat by its player's name and number: 李四（4号位）."""
    return f"{names[seat]}（{seat + 1}号位）"


def action_label(action: str) -> str:
    """The button or menu words of an engine action."""
    return choice_words(action).label


def decision_label(action: str, mv: MatchView | None = None) -> str:
    """A choice before play on a button: its Chinese, then its English (``用2买3 · buy a 3``)."""
    return both(decision_words(action, mv))


def both(words: ChoiceWords) -> str:
    """A choice's button words, Chinese then English."""
    return f"{words.label} · {words.en}"


def _sets_words(action: str, hand: str) -> str | None:
    """A 冲点 choice's three sets as the seat holds them (``A×3 → K×2 → Q×3``), for its select option."""
    word, _, arg = action.partition(" ")
    if word != "chongdian" or not arg:
        return None
    return fit(" → ".join(play_words(x) for x in chong_sets(arg, hand)), OPTION)


def rules_line(rules: Ruleset) -> str:
    """The preset by its Chinese name, and each switch set otherwise than the preset sets it (经典 · +满贯)."""
    changed = rules.changed()
    words = [RULES_ZH.get(rules.name, rules.name)]
    words += [("+" if changed[sw.field] else "−") + sw.zh for sw in SWITCH_INFO if sw.field in changed]
    return " · ".join(words)


def preset_name(name: str) -> str:
    """A preset as ``/gouji open`` offers it, its Chinese name with the option's value: 经典 (classic)."""
    return f"{RULES_ZH.get(name, name)} ({name})"


TRIBUTE_KINDS = frozenset({"tribute", "tribute-skip", "tribute-excused", "mian", "kanggong", "dian-choice", "gift",
                           "ask3", "buy-offer", "buy-accept", "buy-refuse", "no-buy"})
"""Events told with each game's result: who gives whom which cards (点贡, 烧贡, 闷贡, 落贡), 免贡, 抗贡,
skips between teammates, and the buying of 3s and 4s."""
LOG_ROOM = 1200
"""Characters of the table message given to the log: a long burst keeps its latest lines within it."""


def log_lines(events: Sequence[Event], names: Sequence[str], n: int = RECENT) -> list[str]:
    lines = []
    for e in events[-n:]:
        zh, en = describe(e, names)
        lines.append(f"• {zh} — {en}")
    while sum(len(line) + 1 for line in lines) > LOG_ROOM and len(lines) > 1:
        lines.pop(0)
    return lines


def last_game_end(events: Sequence[Event]) -> int | None:
    """Where the match log's last ``game-over`` line stands (None before the first game ends): what
    is told between games, and after a restart, starts there."""
    return next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "game-over"), None)


def between_games(events: Sequence[Event]) -> Sequence[Event]:
    """The match log since the last game ended (its ``game-over`` line first): between two games the
    table message tells this phase, not the first game's lot, deal and buying again under 第 2 局."""
    end = last_game_end(events)
    return events if end is None else events[end:]


def tribute_text(events: Sequence[Event], names: Sequence[str]) -> str | None:
    """The tribute and buying of a burst as one post (None when it has none): the public log of the
    phase between two games, every line of it."""
    told = [e for e in events if e.kind in TRIBUTE_KINDS]
    if not told:
        return None
    lines = [bilingual("**进贡与买牌**", "**tribute and buying**")]
    lines += [f"• {zh} — {en}" for zh, en in (tribute_words(e, names) for e in told)]
    return fit("\n".join(lines))


def tribute_words(e: Event, names: Sequence[str]) -> tuple[str, str]:
    """A tribute line as the summary between games says it: who gives whom how many cards of which
    rank, and to whom a 免贡 or 抗贡 was owed; other events as the log says them (``describe``)."""
    if e.seat is None or e.target is None or e.kind not in ("tribute", "mian", "tribute-excused"):
        return describe(e, names)
    giver, taker = names[e.seat], names[e.target]
    if e.kind == "tribute":
        n = len(e.play or "")
        return (f"{e.tag}：{giver} → {taker} {n} 张（{play_words(e.play or '')}）",
                f"{e.tag}: {giver} pays {taker} {n} card{'s' if n > 1 else ''}, {play_words(e.play or '', en=True)}")
    if e.kind == "mian":
        return (f"{e.tag}：{giver} 免贡 {e.value} 张（该给 {taker}，摸到的 2 和王不够）",
                f"{e.tag}: {giver} is excused {e.value} card(s) owed to {taker} (not enough dealt 2s and jokers)")
    return (f"{e.tag}：{giver} 抗贡，不给 {taker}", f"{e.tag}: {giver} owes {taker} nothing (抗贡)")


def play_menu(plays: Sequence[str], first: str | None = None, limit: int = MAX_OPTIONS) -> list[str]:
    """At most ``limit`` legal plays (card texts) for a select, the suggestion first.

    An answer has a few plays and all are listed, cheapest first (the engine's order). A lead
    has thousands: then each rank's whole group comes first, then each rank's next smaller
    group, and so on, then plays with 2s and jokers — everything else is a typed play away.
    """
    if len(plays) > limit:
        by_rank: dict[str, list[str]] = {}
        for p in plays:
            if len(set(p)) == 1:
                by_rank.setdefault(p[0], []).append(p)
        for group in by_rank.values():
            group.sort(key=len, reverse=True)
        layers = [p for layer in zip_longest(*by_rank.values()) for p in layer if p]
        plays = layers + [p for p in plays if len(set(p)) > 1]
    ordered = dict.fromkeys([first] if first else [])
    for p in plays:
        if len(ordered) >= limit:
            break
        ordered[p] = None
    return list(ordered)


# ---------------------------------------------------------------------- the table message
def _extras(face: Face) -> TableExtras:
    lobby = face.status == "lobby"
    return TableExtras(
        names=list(face.players),
        ai=list(face.ai),
        trustee=list(face.trustee),
        labels={i: [READY] for i, ready in enumerate(face.ready) if (lobby or face.opening) and ready},
        tip=TIPS[face.revision % len(TIPS)] if lobby else None,
        closed=face.status == "closed",
        opening=face.waiting,
    )


def countdown(table: Table) -> str:
    """The human turn's deadline as Discord's live countdown (``<t:UNIX:R>``: "in 42 seconds"), or '';
    built by discord.py's own ``format_dt``, which knows Discord's timestamp styles."""
    if table.deadline is None or table.to_act is None or table.machine_turn():
        return ""
    return _live(table.deadline)


def ready_countdown(table: Table) -> str:
    """The ready check's deadline (第八条), the same for everyone, as a live countdown; or ''."""
    return "" if table.ready_deadline is None else _live(table.ready_deadline)


def _live(deadline: float) -> str:
    return f" · ⏱ {format_dt(datetime.fromtimestamp(deadline, UTC), 'R')}"


def opening_lines(table: Table) -> list[str]:
    """第八条's ready check as the table message tells it: the same words whoever decides 革命 or 宣点
    in it, and the players who have not said 准备 (a seat deciding is among them, like any other)."""
    names = table.names()
    lines = [bilingual(*OPENING) + ready_countdown(table)]
    waiting = [names[s] for s in table.unready()]
    if waiting:
        lines.append(bilingual(f"还没准备：{'、'.join(waiting)}", f"not ready yet: {', '.join(waiting)}"))
    return lines


def table_content(table: Table, banner: str | None = None, burst: int = 0) -> str:
    """The table message's text; ``burst`` is how many events happened since it was last shown: all
    of them are listed (at least the last ``RECENT``), within Discord's limit."""
    s = table.settings
    mode = "选座" if s.seat_mode == "choose" else "抽签"
    lines = [banner] if banner else []
    rules = rules_line(s.rules)
    lines.append(f"**够级 · {rules}** · 桌主 <@{table.host_id}> · {s.games} 局 · 每步 {s.turn_seconds:g} 秒 · {mode}")
    m = table.match
    names = table.names()
    if table.status == "closed":
        lines.append(bilingual("牌桌已关闭", "the table is closed"))
    elif m is None:
        seated = sum(1 for seat in table.seats if seat)
        if seated == SEATS:
            lines.append(bilingual("六个座位坐满了", "all six seats are taken"))
        else:
            lines.append(bilingual(f"等待入座 {seated}/6：按「入座」坐下；桌主可「添加AI」补满空位（或「+1 AI」）",
                                   f"waiting for players ({seated}/6): press 入座 to sit; the host fills the empty "
                                   "seats with 添加AI (or one with +1 AI)"))
        waiting = [seat.name for seat in table.seats if seat is not None and not seat.is_ready(table.host_id)]
        lines.append(bilingual("开牌前大家都要准备好：每位玩家按「准备」，桌主再按「开始」；AI 总是准备好的",
                               "before the first lead everyone must be ready: each player presses 准备, then the "
                               "host presses 开始; AI players are always ready"))
        if waiting:
            lines.append(bilingual(f"还没准备：{'、'.join(waiting)}", f"not ready yet: {', '.join(waiting)}"))
        elif seated == SEATS:
            lines.append(bilingual("大家都准备好了：桌主按「开始」", "everyone is ready: the host presses 开始"))
    elif m.over:  # the match's end, posted last: the result and how to play again
        lines += [match_line(m), bilingual(*REMATCH_HELP)]
    else:
        lines.append(f"第 {m.game_no}/{m.games} 局")
        if table.held() or table.secret_pending():
            first, *rest = opening_lines(table)
            lines[-1] += " · " + first
            lines += rest
        elif table.to_act is not None:
            lines[-1] += " · " + bilingual(f"轮到 **{seat_label(table, table.to_act)}**",
                                           f"{names[table.to_act]}'s turn") + countdown(table)
        events = m.game.events if m.game is not None else between_games(m.events)
        lines += log_lines(events, names, max(RECENT, burst))
        burning = m.game.burning if m.game is not None else None
        if burning is not None:  # R14.2: it may last many rounds, longer than the log lines above
            lines.append(bilingual(f"🔥 {names[burning[0]]} 正在烧 {names[burning[1]]}",
                                   f"{names[burning[0]]} is burning {names[burning[1]]}"))
    return "\n".join(lines)


def table_view(table: Table) -> discord.ui.View | None:
    """The table message's buttons: the lobby's, or the game's (None once the table is done).

    Public buttons cannot know who presses them, so they are enabled by phase only (a player's
    own legality would tell everyone what that player holds); the answer is per player.
    """
    view = discord.ui.View(timeout=None)
    tid, rev = table.id, table.revision

    def add(action: str, label: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
            enabled: bool = True, row: int | None = None) -> None:
        view.add_item(TableButton.make(tid, action, rev, label, style=style, disabled=not enabled, row=row))

    if table.status == "lobby":
        add("sit", "入座", discord.ButtonStyle.success, row=0)
        add("leave", "离座", row=0)
        add("ready", "准备", discord.ButtonStyle.success, row=0)
        add("start", "开始", discord.ButtonStyle.primary, row=0)
        full = all(table.seats)
        add("ai", "添加AI（补满空位）", enabled=not full, row=1)  # every empty seat in one press
        add("ai-one", "+1 AI", enabled=not full, row=1)
        view.add_item(house_select(table))
        return view
    m = table.match
    if table.status == "over":
        return rematch_view(table)
    if table.status != "playing" or m is None:
        return None
    in_play = m.phase == "play"
    add("hand", "我的手牌", discord.ButtonStyle.primary)
    if table.opening() and table.unready():
        add("ready", READY_BUTTON, discord.ButtonStyle.success)
    add("pass", "过牌", enabled=in_play)
    add("let", "让牌", enabled=in_play)
    add("burn", "烧牌", discord.ButtonStyle.danger, enabled=in_play)
    # no public 革命 button: lit for one seat's decision, it would tell the channel that seat's hand
    if any(seat is not None and seat.user_id is not None and seat.autoplay for seat in table.seats):
        view.add_item(TableButton.make(tid, "resume", rev, RESUME, style=discord.ButtonStyle.success, row=1))
    return view


def rematch_view(table: Table, started: bool = False) -> discord.ui.View:
    """The match's end's button: 再来一场, same seats and settings (any seated human may press it),
    disabled once the rematch has ``started`` so that the old post does not look like the way in."""
    view = discord.ui.View(timeout=None)
    view.add_item(TableButton.make(table.id, "rematch", table.revision, REMATCH_STARTED if started else REMATCH,
                                   style=discord.ButtonStyle.success, disabled=started))
    return view


def house_select(table: Table) -> HouseSelect:
    """The lobby's house rules (R13): every switch of the engine, the ones on ticked; only the host may
    change them, before 开始. Built from ``SWITCH_INFO``, so a new switch appears here by itself."""
    rules = table.settings.rules
    options = [discord.SelectOption(label=fit(f"{sw.zh} · {sw.en}", OPTION), value=sw.field,
                                    description=fit(f"{sw.help_zh} / {sw.help_en}", OPTION),
                                    default=getattr(rules, sw.field))
               for sw in SWITCH_INFO]
    return HouseSelect.make(table.id, table.revision, options[:MAX_OPTIONS],
                            "房规（桌主）：勾选要打开的规则 / house rules (host): tick the ones on", row=2)


def table_card(table: Table, banner: str | None = None, burst: int = 0) -> Card:
    m = table.match
    if m is not None and m.over:  # the match's end: its result and picture (posted once, nowhere else), 再来一场
        names, ai = table.names(), [bool(s and s.ai) for s in table.seats]
        return Card(table_content(table, banner, burst), partial(render_match, MatchSummary(m.games, list(m.results)),
                                                          names, ai), "match.png", table_view(table))
    view = m.view(0) if m is not None else None  # any seat: the picture shows no hand
    extras = _extras(table.face())
    return Card(table_content(table, banner, burst), partial(render_table, view, extras), "table.png",
                table_view(table), ("table", view, extras))


# ---------------------------------------------------------------------- the seat picker
def seat_picker(table: Table, user_id: int) -> tuple[str, discord.ui.View]:
    view = discord.ui.View(timeout=None)
    for s in range(SEATS):
        who = table.seats[s]
        label = f"{s + 1}号位 · {who.name if who else TEAM_ZH[s % 2]}"
        taken = who is not None and who.user_id != user_id
        style = discord.ButtonStyle.danger if s % 2 == 0 else discord.ButtonStyle.primary
        view.add_item(TableButton.make(table.id, f"seat {s}", table.revision, fit(label, LABEL), style=style,
                                       disabled=taken, row=s // 3))
    text = bilingual("选一个座位：红方 1·3·5 号位，蓝方 2·4·6 号位",
                     "pick a seat: red team 1·3·5, blue team 2·4·6")
    return text, view


# ---------------------------------------------------------------------- the hand panel
def who(names: Sequence[str], seat: int, viewer: int) -> str:
    """A seat as ``viewer`` calls it, with its name: 对家 李四（4号位）."""
    return f"{relative(seat, viewer)} {named(names, seat)}"


def _no_three(seat: int, mv: MatchView) -> str | None:
    """第二十六条 for the seat itself: in play, that it is 大落 already for want of a 3 and plays on for its
    team (the engine's ``no3`` event); while 3s are bought, that without buying one it will be."""
    g = mv.game
    if g is not None:
        if not g.over and g.counts[seat] and any(e.kind == "no3" and e.seat == seat for e in g.events):
            place = g.places[seat] or 6
            return bilingual(NO_THREE_PLAYING[0].format(place=PLACE_ZH[place]),
                             NO_THREE_PLAYING[1].format(place=PLACE_EN[place]))
        return None
    if mv.phase == "buy" and mv.hand and "3" not in mv.hand:
        return bilingual(*NO_THREE_BUY)
    return None


def hand_panel(now: SeatNow, *, notice: str | None = None, done: str | None = None, burn: bool = False) -> Panel:
    """The seat's panel, drawn from what it sees and may do now (``SeatNow``) and nothing else: its
    hand, and only what applies in this phase — before play the choices of the moment, first (and 提示
    for the seat deciding); in play a select of plays, 过牌 · 让牌 · 烧牌 · 自定义出牌 · 提示, each enabled
    only when legal — then 刷新 (and 我回来了 in 托管). ``notice`` is why what the player did was refused
    (⚠️); ``done`` says that it was done (✅)."""
    seat, mv, legal, hint = now.seat, now.view, now.legal, now.hint
    mine = now.mine
    in_play = mv.phase == "play"
    plays = [a[5:] for a in legal if a.startswith("play ")]
    best = hint or now.suggestion
    first = best.action[5:] if best and best.action.startswith("play ") else None
    menu = play_menu(plays, first)
    kinds = now.kinds
    can_burn = in_play and now.burn_refusal is None
    if burn and can_burn:  # 烧牌 pressed: the menu holds the burns only
        menu = [p for p in plays if kinds.get(p) == "shao"][:MAX_OPTIONS]
    tid, rev = now.table_id, now.revision
    names = now.face.names

    view = discord.ui.View(timeout=None)
    row = 0

    def add(action: str, label: str, enabled: bool, row: int,
            style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        view.add_item(TableButton.make(tid, action, rev, label, style=style, disabled=not enabled, row=row))

    choices = [] if in_play else list(legal)
    listed = [a for a in choices if " " in a] if len(choices) > CHOICE_BUTTONS else []
    if listed:  # 冲点's sets: up to ten, in a select; 不冲点 stays a button
        options = [discord.SelectOption(label=fit(action_label(a), OPTION), value=a,
                                        description=_sets_words(a, mv.hand)) for a in listed[:MAX_OPTIONS]]
        placeholder = CHOICE_PLACEHOLDERS.get(mv.decision or "", "选一个 / choose one")
        view.add_item(ChoiceSelect.make(tid, rev, options, placeholder, row=row))
        row += 1
    buttons = [a for a in choices if a not in listed]
    for i, action in enumerate(buttons):  # the choices of the moment come first
        add(action, fit(both(now.words[action]), LABEL), True, row + i // CHOICE_BUTTONS, discord.ButtonStyle.primary)
    row += -(-len(buttons) // CHOICE_BUTTONS)
    if in_play:
        if menu:
            options = []
            for p in menu:
                tags = ["⭐ 提示"] if p == first else []
                if kinds.get(p) in KIND_TAGS:
                    tags.append(KIND_TAGS[kinds[p]][0])
                elif is_gouji(parse_play(p), mv.rules):
                    tags.append("够级牌")
                options.append(discord.SelectOption(label=fit(action_label(f"play {p}"), OPTION), value=p,
                                                    description=" · ".join(tags) or None))
            placeholder = "🔥 选一手牌烧牌 / choose a burn" if burn and can_burn else "选择出牌 / choose a play"
            view.add_item(PlaySelect.make(tid, rev, options, placeholder, row=row))
            row += 1
        add("pass", "过牌", "pass" in legal, row)
        add("let", "让牌", "let" in legal, row)
        add("burn", "烧牌", can_burn, row, discord.ButtonStyle.danger)
        add("custom", "自定义出牌", bool(plays), row, discord.ButtonStyle.primary)
        add("hint", "提示", mine and len(legal) > 0, row, discord.ButtonStyle.success)
        row += 1
    elif mine and legal:  # before play: 提示 only for the seat deciding
        add("hint", "提示", True, row, discord.ButtonStyle.success)
    opening = now.face.opening
    unready = opening and now.unready
    if unready and not mine and not now.secret_ahead:  # its own choice first, if it has one
        add("ready", READY_BUTTON, True, row, discord.ButtonStyle.success)
    add("refresh", "刷新", True, row)
    if now.trustee:
        add("resume", RESUME, True, row, discord.ButtonStyle.success)

    lines = [f"**{named(names, seat)} · {TEAM_ZH[seat % 2]}** · 第 {mv.game_no}/{mv.games} 局"]
    if now.trustee:
        lines.append(bilingual(*TRUSTEE_LINE))
    if mine:
        lines.append(bilingual("👉 轮到你了", "your turn") + ("" if now.deadline is None else _live(now.deadline)))
        if mv.decision is not None:
            lines.append(bilingual(*decision_prompt(mv, lambda other: (who(names, other, seat), names[other]))))
        if mv.decision == "chongdian" and not listed:
            for a in choices:
                if a.startswith("chongdian "):
                    lines.append(f"⚡ {action_label(a)}：" + " → ".join(chong_sets(a.split()[1], mv.hand)))
    elif now.face.waiting:  # nobody named: see ``opening_lines``
        lines.append(bilingual(*OPENING) + ("" if now.ready_deadline is None else _live(now.ready_deadline)))
    elif now.to_act is not None:
        lines.append(bilingual(f"等待 {named(names, now.to_act)}", f"waiting for {names[now.to_act]}"))
    if unready and not mine:
        lines.append(bilingual("开牌前你还有一个选择：轮到你时在这里决定", "you have a choice before the first lead: "
                               "it comes here in its turn") if now.secret_ahead else bilingual(*READY_ASK))
    elif opening and not now.unready and now.face.players[seat] is not None and not mine:
        lines.append(bilingual("已准备：等其他人", "ready: waiting for the others"))
    if (no_three := _no_three(seat, mv)) is not None:
        lines.append(no_three)
    g = mv.game
    if g is not None and g.top is not None:
        top_seat, top_play = g.top
        if g.chong_beaten is not None:  # R14.6: which of the three sets
            gouji = f"（冲点 {g.chong_beaten + 1}/3）"
        elif g.top_sijiji:  # R14.7: only a burn answers it
            gouji = "（够死级）"
        else:
            gouji = "（够级）" if g.top_gouji else ""
        lines.append(f"桌面 / on the table: {names[top_seat]} {play_words(top_play)}{gouji}")
    if g is not None and g.head == seat and not g.over and g.sijiji:  # R14.7
        lines.append(bilingual(f"要头：你还有 {g.sijiji} 次够死级", f"要头: {g.sijiji} 够死级 plays left"))
    elif g is not None and g.head == seat and not g.over:
        lines.append(bilingual("无头：谁都可以接你的牌，你也可以接任何人",
                               "无头: anyone answers you, you answer anyone"))
    for mate, cards in (g.peek if g is not None else {}).items():  # 阵营战 (teammate_peek)
        lines.append(f"👀 {named(names, mate)}：{play_words(cards)}")
    if burn and can_burn:
        lines.append(bilingual("🔥 烧牌：在菜单里选一手牌", "burn: pick a play from the menu"))
    if can_burn and burn_priority.played(mv.rules):
        lines.append(bilingual(*BURN_NOTE))
    if g is not None and g.burning is not None:
        burner, burned = g.burning
        lines.append(bilingual(f"🔥 {named(names, burner)} 正在烧 {names[burned]}",
                               f"{names[burner]} is burning {names[burned]}"))
    if hint is not None:
        lines.append(f"💡 提示：{action_label(hint.action)} — {hint.zh} / "
                     f"hint: {choice_words(hint.action).en} — {hint.en}")
    if notice:
        lines.append(f"⚠️ {notice}")
    if done:
        lines.append(f"✅ {done}")
    highlight = hint.action[5:] if hint and hint.action.startswith("play ") else None
    # the whole game screen: the table from this seat (自己 at the bottom), the hand under it
    extras = _extras(now.face)
    card = Card("\n".join(lines), partial(render_panel, mv, extras, highlight), "hand.png", view,
                ("panel", mv, extras, highlight))
    return Panel(card, now.key)


def final_panel(table: Table, seat: int) -> Card:
    """A live panel's last state once the match is over (or the table closed): it says so, shows the
    match's result and has nothing left to press."""
    m = table.match
    assert m is not None
    if table.status == "closed":
        text = bilingual("牌桌已关闭，这个面板不再更新", "the table is closed: this panel no longer updates")
    else:
        text = match_line(m)
    names, ai = table.names(), [bool(s and s.ai) for s in table.seats]
    lines = [f"**{seat_label(table, seat)} · {TEAM_ZH[seat % 2]}**", text]
    return Card("\n".join(lines), partial(render_match, MatchSummary(m.games, list(m.results)), names, ai),
                "match.png", None)


def stopped_panel(table: Table, seat: int) -> tuple[str, discord.ui.View]:
    """A live panel's last edit before its interaction's token runs out: it says that it stopped
    updating, and 刷新 brings a working one back (the picture stays as it was)."""
    view = discord.ui.View(timeout=None)
    view.add_item(TableButton.make(table.id, "refresh", table.revision, "刷新 · refresh",
                                   style=discord.ButtonStyle.primary))
    return f"**{seat_label(table, seat)} · {TEAM_ZH[seat % 2]}**\n{bilingual(*STOPPED)}", view


def moved_panel(table: Table, seat: int) -> str:
    """An older panel's last edit once its player opened a newer one at this table (one live panel
    per player and table): it says where the live one is, and with its buttons and picture gone a
    stack of old panels shrinks to a line each, none looking live."""
    return f"**{seat_label(table, seat)} · {TEAM_ZH[seat % 2]}**\n{bilingual(*MOVED)}"


# ---------------------------------------------------------------------- results
def result_text(result: dict[str, Any], names: Sequence[str], game_no: int) -> str:
    lines = [f"**第 {game_no} 局结果 / game {game_no} result**"]
    for s in sorted(range(SEATS), key=lambda s: result["places"][s]):
        items = "，".join(f"{ITEM_NAMES[k][0]} {v:+d}" for k, v in result["items"][s] if k in ITEM_NAMES)
        line = f"{PLACE_ZH[result['places'][s]]} {names[s]}（{s + 1}号位）{result['seat_points'][s]:+d}"
        lines.append(line + (f"：{items}" if items else ""))
    tp = result["team_points"]
    lines.append(f"红方 {tp[0]:+d} · 蓝方 {tp[1]:+d} / red {tp[0]:+d}, blue {tp[1]:+d}")
    doubled = double_words(result.get("multiplier", 1), result.get("grand_slam"))
    if doubled:  # 满贯, or a classic 串三户: each 翻倍 item above adds the second time
        lines.append(bilingual(*doubled))
    return "\n".join(lines)


def game_line(number: int) -> str:
    """Under a game's result: its number in the store, to find it again for a replay or a review."""
    return bilingual(f"对局 #{number}：/gouji replay {number} 复盘 · /gouji review {number} 点评",
                     f"game #{number}: replay it or have the AI review your decisions")


def result_card(table: Table) -> Card:
    """The last game's result, taken now for posting later (the match's own result, once it is over,
    is the table message's: ``table_card``)."""
    m = table.match
    assert m is not None and m.results
    names, ai = table.names(), [bool(s and s.ai) for s in table.seats]
    game_no = len(m.results)
    summary = MatchSummary(m.games, list(m.results))
    result = m.results[-1]
    return Card(result_text(result, names, game_no),
                partial(render_result, result, names, game_no, summary, ai), f"game{game_no}.png", None)


def match_line(m: Match) -> str:
    """A finished match's result in one line: each team's points and who won."""
    standings = m.standings()
    t = standings.totals
    verdict = ("平局", "a draw") if standings.winner is None else [("红方胜", "red wins"), ("蓝方胜", "blue wins")][
        standings.winner]
    return bilingual(f"**比赛结束** 红方 {t[0]:+d} · 蓝方 {t[1]:+d}，{verdict[0]}",
                     f"**the match is over**: red {t[0]:+d}, blue {t[1]:+d}, {verdict[1]}")
