"""What players see: the public table message, the hand panel, the seat picker and result posts.

Everything here is a pure function of a ``Table`` (and a seat): text, a picture to draw and
persistent components. What is legal comes from the engine's ``legal_actions``; a button is
enabled only when its action is in that list. Pictures are returned undrawn (``Card.draw``) so
that the caller renders them off the event loop from views taken on it.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

import discord

from bot.engine import (
    ITEM_NAMES,
    PLACE_ZH,
    Event,
    Ruleset,
    describe,
    double_words,
    is_gouji,
    parse_play,
)
from bot.engine.rules import PRESET_WORDS, SWITCH_INFO
from bot.service.tables import SEATS, SECRET_DECISIONS, Table
from bot.words import BURN_NOTE, KIND_TAGS, choice_words, chong_sets, decision_prompt, play_words
from render import MatchSummary, TableExtras, render_match, render_panel, render_result, render_table

from .i18n import LABEL, OPTION, bilingual, fit
from .ids import ChoiceSelect, HouseSelect, PlaySelect, TableButton

if TYPE_CHECKING:
    from bot.ai import Suggestion

TEAM_ZH = ("红方", "蓝方")
RULES_ZH = {name: zh for name, (zh, _) in PRESET_WORDS.items()}
"""Rules presets by their Chinese names."""
MAX_OPTIONS = 25
"""Discord's limit of options in one select."""
RECENT = 3
"""Lines of the public log under the table picture."""
RENDERER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gouji-render")
"""One drawing thread: Pillow's fonts and the renderer's caches are shared, so pictures are drawn one
at a time, off the event loop (each takes tens of milliseconds)."""

TIPS = (
    "逢Q盖帽", "有单不发3", "小花挂4，不出也恣", "小花早挂，晚发不活", "过牌不烧，烧牌优先",
    "单牌慎过，过3有罪", "挡三不挡四，出三不落客", "放头科，串两槲", "穷人吃多槲",
)
"""够级俗语 (seed 002) shown in the lobby, one per lobby change."""

CHOICE_BUTTONS = 5
"""Choices before play shown as buttons; a decision with more (冲点's sets) gets a select."""
CHOICE_PLACEHOLDERS = {"chongdian": "⚡ 选三套级牌冲点 / pick the three sets to 冲点"}
PANEL_BUTTONS = ("pass", "let", "revolt", "declare-natural")
"""Engine actions with a fixed button of their own on the panel; other choices get buttons as they come."""
RESUME = "我回来了 · 取消托管"
"""The button that takes a seat back from 托管 (table message, panel, turn ping)."""
OPEN_PANEL = "打开手牌"
"""The turn ping's button: a fresh hand panel."""
TRUSTEE_LINE = ("🤖 托管中：AI 正在替你出牌，按「我回来了」收回",
                "in 托管: the AI plays for you; press 我回来了 to play again")
RESUMED = ("已取消托管，由你自己出牌", "托管 is off: you play your seat again")


@dataclass(frozen=True)
class Card:
    """A message to send or edit: its text, its picture (drawn when asked) and its components."""

    content: str
    draw: Callable[[], bytes]
    filename: str
    view: discord.ui.View | None

    def __post_init__(self) -> None:
        object.__setattr__(self, "content", fit(self.content))

    async def file(self) -> discord.File:
        """The picture as an attachment, drawn off the event loop so the bot stays responsive."""
        png = await asyncio.get_running_loop().run_in_executor(RENDERER, self.draw)
        return discord.File(io.BytesIO(png), filename=self.filename)


@dataclass(frozen=True)
class Panel:
    """A seat's hand panel, with ``key``: what it shows, so a live panel is redrawn only when that changes."""

    card: Card
    key: tuple[Any, ...]


# ---------------------------------------------------------------------- words
def seat_label(table: Table, seat: int) -> str:
    return f"{table.names()[seat]}（{seat + 1}号位）"


def action_label(action: str) -> str:
    """The button or menu words of an engine action."""
    return choice_words(action).label


def decision_label(action: str) -> str:
    """A choice before play on a button: its Chinese, then its English (``用2买3 · buy a 3``)."""
    words = choice_words(action)
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


def tribute_text(events: Sequence[Event], names: Sequence[str]) -> str | None:
    """The tribute and buying of a burst as one post (None when it has none): the public log of the
    phase between two games, every line of it."""
    told = [e for e in events if e.kind in TRIBUTE_KINDS]
    if not told:
        return None
    lines = [bilingual("**进贡与买牌**", "**tribute and buying**")]
    lines += [f"• {zh} — {en}" for zh, en in (describe(e, names) for e in told)]
    return fit("\n".join(lines))


def answer_kinds(table: Table, seat: int, plays: Sequence[str]) -> dict[str, str]:
    """What each play would be, as the engine tags it (``Game.action_kind``): ``shao`` (烧牌),
    ``dadian`` (打点), ``kill``, ``chong`` (answering 冲点), ``follow`` or ``lead``. Which answers burn
    differs by preset (R6.3; R14.2, R14.7), so the cogs ask rather than decide."""
    m = table.match
    g = m.game if m is not None and m.phase == "play" else None
    if g is None:
        return {}
    return {p: g.action_kind(seat, f"play {p}") or "" for p in plays}


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
def _extras(table: Table) -> TableExtras:
    seats = table.seats
    return TableExtras(
        names=[s.name if s else None for s in seats],
        ai=[bool(s and s.ai) for s in seats],
        trustee=[bool(s and s.autoplay) for s in seats],
        tip=TIPS[table.revision % len(TIPS)] if table.status == "lobby" else None,
    )


def countdown(table: Table) -> str:
    """The human turn's deadline as Discord's live countdown (``<t:UNIX:R>``: "in 42 seconds"), or ''."""
    if table.deadline is None or table.to_act is None or table.machine_turn():
        return ""
    return f" · ⏱ <t:{int(table.deadline)}:R>"


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
    elif m is None and all(table.seats):
        lines.append(bilingual("六个座位坐满了：桌主按「开始」开局", "all six seats are taken: the host presses 开始"))
    elif m is None:
        seated = sum(1 for seat in table.seats if seat)
        lines.append(bilingual(f"等待入座 {seated}/6：按「入座」坐下，桌主可「添加AI」并「开始」",
                               f"waiting for players ({seated}/6): press 入座 to sit; the host adds AI and starts"))
    elif m.over:
        totals = m.standings().totals
        lines.append(bilingual(f"比赛结束：红方 {totals[0]:+d} · 蓝方 {totals[1]:+d}",
                               f"the match is over: red {totals[0]:+d}, blue {totals[1]:+d}"))
    else:
        lines.append(f"第 {m.game_no}/{m.games} 局")
        if table.to_act is not None and m.decision in SECRET_DECISIONS:
            lines[-1] += " · " + bilingual("等待大家选择：请在「我的手牌」里决定",
                                           "waiting for everyone's choices: decide in 我的手牌")
        elif table.to_act is not None:
            lines[-1] += " · " + bilingual(f"轮到 **{seat_label(table, table.to_act)}**",
                                           f"{names[table.to_act]}'s turn") + countdown(table)
        events = m.game.events if m.game is not None else m.events
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
            enabled: bool = True) -> None:
        view.add_item(TableButton.make(tid, action, rev, label, style=style, disabled=not enabled))

    if table.status == "lobby":
        add("sit", "入座", discord.ButtonStyle.success)
        add("leave", "离座")
        add("ai", "添加AI")
        add("start", "开始", discord.ButtonStyle.primary)
        view.add_item(house_select(table))
        return view
    m = table.match
    if table.status == "over":  # 再来一场: same seats, same settings (any seated human may press it)
        add("rematch", "再来一场 · rematch", discord.ButtonStyle.success)
        return view
    if table.status != "playing" or m is None:
        return None
    in_play = m.phase == "play"
    add("hand", "我的手牌", discord.ButtonStyle.primary)
    add("pass", "过牌", enabled=in_play)
    add("let", "让牌", enabled=in_play)
    add("burn", "烧牌", discord.ButtonStyle.danger, enabled=in_play)
    # no public 革命 button: lit for one seat's decision, it would tell the channel that seat's hand
    if any(seat is not None and seat.user_id is not None and seat.autoplay for seat in table.seats):
        view.add_item(TableButton.make(tid, "resume", rev, RESUME, style=discord.ButtonStyle.success, row=1))
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
                            "房规（桌主）：勾选要打开的规则 / house rules (host): tick the ones on", row=1)


def table_card(table: Table, banner: str | None = None, burst: int = 0) -> Card:
    m = table.match
    if m is not None and m.over:  # the final table message: the match's result, not the last deal
        names, ai = table.names(), [bool(s and s.ai) for s in table.seats]
        return Card(table_content(table, banner, burst), partial(render_match, MatchSummary(m.games, list(m.results)),
                                                          names, ai), "table.png", table_view(table))
    view = m.view(0) if m is not None else None  # any seat: the picture shows no hand
    return Card(table_content(table, banner, burst), partial(render_table, view, _extras(table)), "table.png",
                table_view(table))


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
def panel_key(table: Table, seat: int) -> tuple[Any, ...]:
    """What a seat's panel shows, cheaply: the table's revision (its picture is the whole table, from
    this seat: a move of anyone changes it), its hand, the phase and whether it is in 托管."""
    m = table.match
    assert m is not None
    occupant = table.seats[seat]
    return (table.id, table.status, m.phase, m.game_no, m.hand(seat), table.revision,
            bool(occupant and occupant.autoplay))


def hand_panel(table: Table, seat: int, *, notice: str | None = None, burn: bool = False,
               hint: Suggestion | None = None) -> Panel:
    """The seat's panel: its hand, a select of plays, and the buttons, each enabled only when legal."""
    m = table.match
    assert m is not None
    mv = m.view(seat)
    legal = m.legal_actions(seat)
    mine = mv.to_act == seat and table.status == "playing"
    plays = [a[5:] for a in legal if a.startswith("play ")]
    best = hint or table.suggestion(seat)
    first = best.action[5:] if best and best.action.startswith("play ") else None
    menu = play_menu(plays, first)
    kinds = answer_kinds(table, seat, menu)
    burns = [p for p in menu if kinds.get(p) == "shao"]
    can_burn = bool(burns)
    if burn and can_burn:  # 烧牌 pressed: the menu holds the burns only
        menu = burns
    tid, rev = table.id, table.revision

    view = discord.ui.View(timeout=None)
    if menu:
        options = []
        for p in menu:
            tags = ["⭐ 提示"] if p == first else []
            if kinds.get(p) in KIND_TAGS:
                tags.append(KIND_TAGS[kinds[p]][0])
            elif is_gouji(parse_play(p), m.rules):
                tags.append("够级牌")
            options.append(discord.SelectOption(label=fit(action_label(f"play {p}"), OPTION), value=p,
                                                description=" · ".join(tags) or None))
        placeholder = "🔥 选一手牌烧牌 / choose a burn" if burn and can_burn else "选择出牌 / choose a play"
        view.add_item(PlaySelect.make(tid, rev, options, placeholder, row=0))

    def add(action: str, label: str, enabled: bool, row: int,
            style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        view.add_item(TableButton.make(tid, action, rev, label, style=style, disabled=not enabled, row=row))

    add("pass", "过牌", "pass" in legal, 1)
    add("let", "让牌", "let" in legal, 1)
    add("burn", "烧牌", can_burn, 1, discord.ButtonStyle.danger)
    add("custom", "自定义出牌", bool(plays), 1, discord.ButtonStyle.primary)
    add("hint", "提示", mine and len(legal) > 0, 1, discord.ButtonStyle.success)
    add("revolt", "革命", "revolt" in legal, 2, discord.ButtonStyle.danger)
    add("declare-natural", "宣点", "declare-natural" in legal, 2)
    add("refresh", "刷新", True, 2)
    occupant = table.seats[seat]
    trustee = occupant is not None and occupant.autoplay
    if trustee:
        add("resume", RESUME, True, 2, discord.ButtonStyle.success)
    choices = [a for a in legal if a not in PANEL_BUTTONS] if m.phase != "play" else []
    listed = [a for a in choices if " " in a] if len(choices) > CHOICE_BUTTONS else []
    if listed:  # 冲点's sets: up to ten, in a select; 不冲点 stays a button
        options = [discord.SelectOption(label=fit(action_label(a), OPTION), value=a,
                                        description=_sets_words(a, mv.hand)) for a in listed[:MAX_OPTIONS]]
        placeholder = CHOICE_PLACEHOLDERS.get(mv.decision or "", "选一个 / choose one")
        view.add_item(ChoiceSelect.make(tid, rev, options, placeholder, row=0))
    for i, action in enumerate(a for a in choices if a not in listed):
        add(action, fit(decision_label(action), LABEL), True, 3 + i // 5, discord.ButtonStyle.primary)

    names = table.names()
    lines = [f"**{seat_label(table, seat)} · {TEAM_ZH[seat % 2]}** · 第 {mv.game_no}/{mv.games} 局"]
    if trustee:
        lines.append(bilingual(*TRUSTEE_LINE))
    if mine:
        lines.append(bilingual("👉 轮到你了", "your turn") + countdown(table))
        if mv.decision is not None:
            lines.append(bilingual(*decision_prompt(mv, lambda other: (seat_label(table, other), names[other]))))
        if mv.decision == "chongdian" and not listed:
            for a in choices:
                if a.startswith("chongdian "):
                    lines.append(f"⚡ {action_label(a)}：" + " → ".join(chong_sets(a.split()[1], mv.hand)))
    elif mv.to_act is not None:
        lines.append(bilingual(f"等待 {seat_label(table, mv.to_act)}", f"waiting for {names[mv.to_act]}"))
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
    for mate, cards in (mv.game.peek if mv.game is not None else {}).items():  # 阵营战 (teammate_peek)
        lines.append(f"👀 {seat_label(table, mate)}：{play_words(cards)}")
    if burn and can_burn:
        lines.append(bilingual("🔥 烧牌：在菜单里选一手牌", "burn: pick a play from the menu"))
    if can_burn and m.rules.burn_priority:
        lines.append(bilingual(*BURN_NOTE))
    if mv.game is not None and mv.game.burning is not None:
        burner, burned = mv.game.burning
        lines.append(bilingual(f"🔥 {seat_label(table, burner)} 正在烧 {names[burned]}",
                               f"{names[burner]} is burning {names[burned]}"))
    if hint is not None:
        lines.append(f"💡 提示：{action_label(hint.action)} — {hint.zh} / hint: {hint.action} — {hint.en}")
    if notice:
        lines.append(f"⚠️ {notice}")
    highlight = hint.action[5:] if hint and hint.action.startswith("play ") else None
    # the whole game screen: the table from this seat (自己 at the bottom), the hand under it
    card = Card("\n".join(lines), partial(render_panel, mv, _extras(table), highlight), "hand.png", view)
    return Panel(card, panel_key(table, seat))


def final_panel(table: Table, seat: int) -> Card:
    """A live panel's last state once the match is over (or the table closed): it says so, shows the
    match's result and has nothing left to press."""
    m = table.match
    assert m is not None
    if table.status == "closed":
        text = bilingual("牌桌已关闭，这个面板不再更新", "the table is closed: this panel no longer updates")
    else:
        totals = m.standings().totals
        text = bilingual(f"**比赛结束** 红方 {totals[0]:+d} · 蓝方 {totals[1]:+d}",
                         f"**the match is over**: red {totals[0]:+d}, blue {totals[1]:+d}")
    names, ai = table.names(), [bool(s and s.ai) for s in table.seats]
    lines = [f"**{seat_label(table, seat)} · {TEAM_ZH[seat % 2]}**", text]
    return Card("\n".join(lines), partial(render_match, MatchSummary(m.games, list(m.results)), names, ai),
                "match.png", None)


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


def result_cards(table: Table) -> list[Card]:
    """The last game's result (and the match's, once it is over), taken now for posting later."""
    m = table.match
    assert m is not None and m.results
    names, ai = table.names(), [bool(s and s.ai) for s in table.seats]
    game_no = len(m.results)
    summary = MatchSummary(m.games, list(m.results))
    result = m.results[-1]
    cards = [Card(result_text(result, names, game_no),
                  partial(render_result, result, names, game_no, summary, ai), f"game{game_no}.png", None)]
    if m.over:
        t = summary.totals()
        verdict = ("平局", "a draw") if t[0] == t[1] else [("红方胜", "red wins"), ("蓝方胜", "blue wins")][t[0] < t[1]]
        text = bilingual(f"**比赛结束** 红方 {t[0]:+d} · 蓝方 {t[1]:+d}，{verdict[0]}",
                         f"**the match is over**: red {t[0]:+d}, blue {t[1]:+d}, {verdict[1]}")
        cards.append(Card(text, partial(render_match, summary, names), "match.png", None))
    return cards
