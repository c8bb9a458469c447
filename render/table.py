"""The table image: six seats around the felt, what each played this round, the top play, whose turn.

Public by construction: it reads only the public parts of a view (counts, places, marks, the
top play, the event log), never its ``hand``, so it can go in a channel message whatever seat's
view it is given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from bot.engine import EVENT_WORDS, PLACE_ZH, Event, EventKind, MatchView, SeatView, secret_decision
from bot.words import play_words

from . import cards, fonts
from .draw import display_name, fit, pill, pill_width, signed, text, text_width, to_png
from .labels import (
    PLAY_KINDS,
    Label,
    hui_word,
    match_labels,
    previous_top,
    recent_events,
    seat_labels,
    shangban_leader,
)
from .palette import move_palette
from .stamps import stamp
from .theme import (
    BG,
    DIM,
    FELT,
    FELT_DARK,
    FINE,
    GOLD,
    MUTED,
    PANEL,
    PANEL_LINE,
    RGB,
    RIM,
    SILVER,
    TEAM,
    TEAM_FILL,
    TEAM_NAME,
    TEXT,
    WIDTH,
    px,
)

SIZE = (WIDTH, px(1000))
"""Every table image is this size, so a Discord message never jumps as it is edited."""

RELATIVE = ("自己", "下家", "下联", "对家", "上联", "上家")
"""Seat names from one seat's point of view (R1.2), bottom then counter-clockwise."""

PHASE_PLAY, PHASE_LUANCHAN, PHASE_OVER, PHASE_LOBBY = "出牌", "四户乱缠", "本局结束", "等待入座"
PHASE_FULL, PHASE_CLOSED = "等待开始", "牌桌已关闭"
"""The lobby with every seat taken (准备, then the host's 开始), and a table closed before its match ended."""
PLAY_PHASES = (PHASE_PLAY, PHASE_LUANCHAN)
"""Phases in which the game's own turn is shown; in any other (买牌, 进贡 …) ``TableExtras.turn`` is."""
MATCH_PHASES = {
    "deal": "发牌",
    "buy": "买牌",
    "tribute": "进贡",
    "revolution": "革命",
    "declare": "宣点",
    "choose-leader": "定开牌",
    "shangban": "上班",
    "over": "比赛结束",
}
"""``MatchView.phase`` → the word shown; in ``play`` the game's own phase is read instead."""
DECISIONS = {
    "buy-offer": "买牌",
    "buy-answer": "卖不卖",
    "dian-choice": "定点贡",
    "tribute-mate": "给队友进贡",
    "revolt": "革命与否",
    "declare": "宣点与否",
    "choose-leader": "定开牌",
    "shangban": "上班与否",
    "chongdian": "冲点与否",
    "yaotou": "要头还是无头",
}
"""``MatchView.decision`` → what the centre says the awaited seat is deciding."""
PENDING = "选择"
"""The centre's word while a secret decision is awaited: 等待大家选择."""
OPENING, READY = "开牌前", "准备"
"""The centre's words through 第八条's ready check: 开牌前 · 等待大家准备."""
VERBS: dict[str, str] = {kind: EVENT_WORDS[kind][0] for kind in (
    EventKind.LEAD, EventKind.FOLLOW, EventKind.DADIAN, EventKind.FANDADIAN, EventKind.SHAO, EventKind.FANSHAO,
    EventKind.KILL, EventKind.CHONGDIAN)}
"""How the top play was made, as the caption over it says: the kind's word."""
MARK_WORDS = {"pass": "过", "let": "让"}
PER_DECKS = {"2": 16, "B": 4, "R": 4}
"""Cards of each rank the 记牌器 follows in four decks (R2.1)."""
COUNTER_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "2": ((240, 240, 236), (20, 20, 24)),
    "B": ((110, 118, 132), TEXT),
    "R": ((214, 40, 48), TEXT),
}
"""记牌器 badge colours: 2 white, 小王 grey, 大王 red, like the cards."""

# Geometry, by position around the table: 0 is the bottom, then counter-clockwise (R1.1).
PANEL_W, PANEL_H = px(300), px(126)
PANELS = tuple((px(x), px(y)) for x, y in ((600, 926), (1042, 700), (1042, 330), (600, 140), (158, 330), (158, 700)))
SPOTS = tuple((px(x), px(y)) for x, y in ((600, 790), (780, 700), (780, 330), (600, 275), (420, 330), (420, 700)))
"""Centre of each seat's last play this round, between its panel and the middle."""
LABELS = tuple((px(x), px(y), align) for x, y, align in (
    (765, 926, "l"),
    (1042, 802, "c"),
    (1042, 228, "c"),
    (765, 140, "l"),
    (158, 228, "c"),
    (158, 802, "c"),
))
"""Where each seat's row of labels goes, against its panel so it is plainly that seat's:
(x, y, "l") starts at x, (x, y, "c") is centred on x."""
SPOT_W = px(220)
HALO = px(30)
SMALL_W = max(px(74), cards.min_width(FINE))
SMALL = (SMALL_W, SMALL_W * 102 // 74)
"""The cards at a seat: as small as they can be while their rank still reads at phone width (``FINE``)."""
BIG = (px(92), px(128))
CENTRE = (px(600), px(505))
CENTRE_W = px(400)

NAME_SIZE, COUNT_SIZE, PLACE_SIZE = px(36), px(46), px(34)
"""A seat's name, its card count and its place (头科 …); its caption and chips are ``FINE``."""
SEAT_INSET = px(16)
"""Room inside a seat's panel, either side of its lines."""
CHIP_PAD, CHIP_GAP, CAPTION_GAP = px(8), px(6), px(10)
"""Chips share the seat's second line with its caption, so they are padded tightly."""
WARN_COUNT = 5
"""A seat with this many cards or fewer is near going out: its count is drawn in gold (in play only)."""
TOP_CAPTION, TOP_BADGE, TURN_SIZE = px(36), px(34), px(40)
"""The middle: who made the top play and how, its 够级 badge, and 轮到 X under it."""
CORNER_SIZE = px(34)
"""The phase pill and the teams' legend in the corners."""


def position(seat: int, bottom: int | None = None) -> int:
    """Where ``seat`` is drawn: 0 the bottom, then counter-clockwise (R1.1) as ``PANELS`` lists.

    ``bottom`` is the seat drawn at the bottom: a player's own on its panel; the public table is
    drawn from nobody's seat, with 1号 at the bottom."""
    return (seat - (bottom or 0)) % 6


def relative(seat: int, viewer: int) -> str:
    """What ``viewer`` calls ``seat``: 自己, 下家, 下联, 对家, 上联 or 上家 (R1.2)."""
    return RELATIVE[position(seat, viewer)]


@dataclass(frozen=True)
class TableExtras:
    """What the table shows that a game's view does not know: who sits where, the match, the phase.

    ``names[s]`` None is an empty seat in the lobby (or "N号位" once playing); ``ai[s]`` marks AI
    seats and ``trustee[s]`` seats in 托管. ``labels`` are words the match decides (革命, 买3 …),
    ``phase`` overrides the phase read from the view (买牌, 进贡 …); in such a phase before play
    ``turn`` is the seat whose decision the match awaits (in play the view's ``to_act`` is used)
    and ``decision`` says what it decides (定点贡 …).
    ``perspective`` puts that seat at the bottom and names the others 下家 … 上家, for the hand
    panel. ``tip`` is the lobby's 俗语. ``closed``: the table was closed, and the picture is its
    last state with nobody to act. Given a ``MatchView``, ``render_table`` fills the match fields
    that are left unset.
    """

    names: Sequence[str | None] = (None,) * 6
    ai: Sequence[bool] = (False,) * 6
    trustee: Sequence[bool] = (False,) * 6
    phase: str | None = None
    labels: Mapping[int, Sequence[str]] = field(default_factory=dict)
    game_no: int | None = None
    games: int | None = None
    scores: tuple[int, int] | None = None
    turn: int | None = None
    decision: str | None = None
    perspective: int | None = None
    tip: str | None = None
    closed: bool = False
    opening: bool = False
    """第八条's ready check before 开牌 is on (a 革命 or 宣点 choice, or play waiting for 准备): the
    centre says 开牌前 · 等待大家准备 and lights no seat, whoever is deciding — but to that seat's own
    panel, which shows its choice."""


def seat_name(extras: TableExtras, seat: int) -> str:
    return display_name(extras.names[seat], seat, extras.ai[seat])


def seated(extras: TableExtras) -> int:
    """Seats taken in the lobby, by a player or an AI."""
    return sum(1 for s in range(6) if extras.names[s] is not None or extras.ai[s])


def still_out(events: Sequence[Event]) -> dict[str, int]:
    """记牌器: 2s, 小王 and 大王 not yet played, from the public log only."""
    left = dict(PER_DECKS)
    for e in events:
        if e.kind in PLAY_KINDS and e.play:
            for ch in e.play:
                if ch in left:
                    left[ch] -= 1
    return left


def with_match(extras: TableExtras, mv: MatchView) -> TableExtras:
    """``extras`` completed from a match: phase, game number, team totals, whose decision, and
    the words at the seats before play (买3, 进贡, 革命, 上班 …). What the caller set is kept."""
    labels: dict[int, list[str]] = {s: list(w) for s, w in extras.labels.items()}
    if mv.game is None:  # in play the game's own log and the seat chips say all this
        if mv.revolt is not None:
            labels.setdefault(mv.revolt, []).append("革命")
        for s, words in match_labels(mv.events).items():
            labels.setdefault(s, []).extend(words)
        for s in mv.natural:
            labels.setdefault(s, []).append("宣点")
    elif not any(e.kind == "round" for e in mv.game.events):  # 开局后: 上班 stands over the first round
        leader = shangban_leader(mv.events)
        if leader is not None:
            labels.setdefault(leader, []).append("上班")
    totals = mv.standings.totals
    turn, decision = mv.to_act, DECISIONS.get(mv.decision or "")
    phase = MATCH_PHASES.get(mv.phase)
    own = secret_decision(mv.decision) and mv.to_act == extras.perspective
    if secret_decision(mv.decision) and not own:  # naming the seat would tell its hand (issue 14, item 9)
        turn, decision = None, PENDING
    if extras.opening and not own:
        phase, turn, decision = OPENING, None, READY
    return replace(
        extras,
        phase=extras.phase or phase,
        game_no=extras.game_no if extras.game_no is not None else mv.game_no,
        games=extras.games if extras.games is not None else mv.games,
        scores=extras.scores if extras.scores is not None else (totals[0], totals[1]),
        turn=extras.turn if extras.turn is not None else turn,
        decision=extras.decision or decision,
        labels={s: list(dict.fromkeys(w)) for s, w in labels.items()},
    )


@lru_cache(maxsize=1)
def _background() -> Image.Image:
    """The felt, drawn once: every table starts as a copy of it."""
    img = Image.new("RGB", SIZE, BG)
    d = ImageDraw.Draw(img)
    box = (px(150), px(205), px(1050), px(855))
    rim, inset = px(16), px(10)
    d.rounded_rectangle((box[0] - rim, box[1] - rim, box[2] + rim, box[3] + rim), px(300), fill=RIM)
    d.rounded_rectangle(box, px(290), fill=FELT_DARK)
    d.rounded_rectangle((box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset), px(280), fill=FELT)
    return img


@lru_cache(maxsize=1)
def _halo() -> Image.Image:
    """The gold glow around the seat whose turn it is, blurred once rather than per image."""
    mask = Image.new("L", (PANEL_W + 2 * HALO, PANEL_H + 2 * HALO), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (HALO, HALO, HALO + PANEL_W, HALO + PANEL_H), px(22), outline=255, width=px(14)
    )
    halo = Image.new("RGBA", mask.size, (*GOLD, 0))
    halo.putalpha(mask.filter(ImageFilter.GaussianBlur(px(10))))
    return halo


def _place_colours(place: int) -> tuple[RGB, RGB]:
    if place <= 2:
        return GOLD, (40, 28, 0)
    if place <= 4:
        return SILVER, (30, 34, 40)
    return (150, 40, 44), TEXT


Chip = tuple[str, RGB, RGB]
"""A word drawn as a badge on a seat's second line: (word, fill, ink)."""


DECLARED = ("revolt", "chongdian")
"""The events that stand as a seat's chip for the rest of the game: 革命 and 冲点."""


def declared(view: SeatView | None) -> frozenset[tuple[str, int | None]]:
    """Each ``DECLARED`` event's kind with its seat, read from the log once a picture (issue 34: read once a
    seat, it was a tenth of a table's drawing late in a game)."""
    return frozenset((e.kind, e.seat) for e in view.events if e.kind in DECLARED) if view is not None else frozenset()


def _chips(seat: int, view: SeatView | None, extras: TableExtras,
           said: frozenset[tuple[str, int | None]] | None = None) -> list[Chip]:
    """Standing facts about a seat, most needed first: 托管, 革命, 冲点, 够死级 or 无头, 开点 or 宣点,
    带王 (步步带王), and AI where the name does not say it already; ``said``: ``declared(view)``, when the
    caller has read it already for every seat."""
    said = declared(view) if said is None else said
    chips: list[Chip] = []
    if extras.trustee[seat]:
        chips.append(("托管", (200, 110, 30), TEXT))
    if view is not None:
        if ("revolt", seat) in said:
            chips.append(("革命", (200, 50, 50), TEXT))
        if ("chongdian", seat) in said:
            chips.append(("冲点", GOLD, (40, 28, 0)))
        if view.head == seat:  # R14.7: 够死级 plays left, or 无头
            chips.append((f"够死级×{view.sijiji}" if view.sijiji else "无头", (110, 40, 170), TEXT))
        if view.kaidian[seat]:
            chips.append(("开点", GOLD, (40, 28, 0)))
        elif view.natural[seat]:
            chips.append(("宣点", (140, 110, 30), TEXT))
        if view.duty[seat]:
            chips.append(("带王", (200, 70, 20), TEXT))
    if extras.ai[seat] and extras.names[seat] and "AI" not in seat_name(extras, seat).upper():
        chips.append(("AI", (90, 100, 120), TEXT))
    return chips


def _chip_width(word: str) -> int:
    return pill_width(word, FINE, fonts.BOLD, CHIP_PAD)


def line_width(caption: str, chips: Sequence[Chip]) -> int:
    """The width of a seat's second line: its caption, then its chips."""
    chips_w = sum(_chip_width(w) for w, _, _ in chips) + CHIP_GAP * max(0, len(chips) - 1)
    gap = CAPTION_GAP if caption and chips else 0
    return (text_width(caption, FINE) if caption else 0) + gap + chips_w


def seat_line(captions: Sequence[str], chips: Sequence[Chip], room: int) -> tuple[str, list[Chip]]:
    """A seat's second line in ``room`` pixels: the first caption with which every chip fits (the
    captions go from fullest to shortest), else no caption and the chips that fit, in order.

    Everything on the line is ``FINE`` type, the smallest that reads on a phone: what does not fit
    is dropped rather than drawn smaller."""
    for caption in captions:
        if line_width(caption, chips) <= room:
            return caption, list(chips)
    kept: list[Chip] = []
    for chip in chips:
        if line_width("", [*kept, chip]) > room:
            break
        kept.append(chip)
    return "", kept


def _captions(seat: int, extras: TableExtras) -> tuple[str, ...]:
    """A seat's caption, fullest first: 红方 1号 on the public table, 下家 2号 on a player's panel."""
    if extras.perspective is None:
        return f"{TEAM_NAME[seat % 2]} {seat + 1}号", f"{seat + 1}号"
    word = relative(seat, extras.perspective)
    return f"{word} {seat + 1}号", word


def _box(pos: int) -> tuple[int, int, int, int]:
    cx, cy = PANELS[pos]
    return cx - PANEL_W // 2, cy - PANEL_H // 2, cx + PANEL_W // 2, cy + PANEL_H // 2


def _empty(seat: int, extras: TableExtras, lobby: bool) -> bool:
    """A seat nobody took, in the lobby: drawn as 空位."""
    return lobby and extras.names[seat] is None and not extras.ai[seat]


@lru_cache(maxsize=64)
def _frames(seats: tuple[tuple[int, bool, bool], ...], below: int) -> Image.Image:
    """The felt with every seat's frame — ``(team, empty, active)`` at each position — in its team colour,
    gold and glowing on its turn: a few dozen layouts in all (whose turn, and the two ways the teams sit
    round a player's panel), each drawn once, so that a picture draws only what is written in the frames
    (issue 34: the frames and the glow were a fifth of a table's drawing). ``below``: rows of plain
    background under the table, where a panel's hand goes."""
    img = Image.new("RGB", (SIZE[0], SIZE[1] + below), BG)
    img.paste(_background())
    d = ImageDraw.Draw(img)
    for pos, (team, empty, active) in enumerate(seats):
        box = _box(pos)
        if active:
            halo = _halo()
            img.paste(halo, (box[0] - HALO, box[1] - HALO), halo)
        line = GOLD if active else (PANEL_LINE if empty else TEAM[team])
        d.rounded_rectangle(
            box, px(20), fill=PANEL if empty else TEAM_FILL[team], outline=line, width=px(6) if active else px(3)
        )
    return img


def _panel(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    pos: int,
    seat: int,
    view: SeatView | None,
    counts: Sequence[int] | None,
    extras: TableExtras,
    warn: bool,
    lobby: bool,
    said: frozenset[tuple[str, int | None]],
) -> None:
    """A seat's words in its frame (``_frames``): name and card count (or place) on the first line,
    caption and chips on the second.

    A seat placed while it still holds cards (大落 for want of a 3, playing on for its team,
    第二十六条) shows both its count and its place. ``warn`` (in play only) draws a count of
    ``WARN_COUNT`` or fewer in gold; ``counts`` is None in the lobby and before a deal; ``lobby``
    draws seats nobody took as 空位."""
    x0, y0, x1, _ = _box(pos)
    empty = _empty(seat, extras, lobby)
    place = view.places[seat] if view is not None else None
    count = counts[seat] if counts is not None else None
    top_y, low_y = y0 + px(40), y0 + px(94)
    right = x1 - SEAT_INSET
    chips = _chips(seat, view, extras, said)
    out = place is not None and not count
    if place is not None:
        back, fore = _place_colours(place)
        if out:
            w = pill_width(PLACE_ZH[place], PLACE_SIZE, fonts.BLACK)
            right = pill(d, (right - w // 2, top_y), PLACE_ZH[place], PLACE_SIZE, back, fore, fonts.BLACK)[0] - px(8)
        else:
            chips.insert(0, (PLACE_ZH[place], back, fore))
    if count is not None and not out:
        shown = str(count)
        cw = text_width(shown, COUNT_SIZE, fonts.BLACK)
        ink = GOLD if warn and count <= WARN_COUNT else TEXT
        text(d, (right, top_y), shown, COUNT_SIZE, ink, fonts.BLACK, anchor="rm")
        icon = cards.back(px(30), px(42))
        img.paste(icon, (right - cw - px(40), top_y - px(23)), icon)
        right -= cw + px(48)
    name = "空位" if empty else seat_name(extras, seat)
    ink = DIM if empty or (out and view is not None and not view.over) else TEXT
    room = right - x0 - px(26)
    text(d, (x0 + SEAT_INSET, top_y), fit(name, NAME_SIZE, fonts.BOLD, room), NAME_SIZE, ink, fonts.BOLD, anchor="lm")
    caption, chips = seat_line(_captions(seat, extras), chips, PANEL_W - 2 * SEAT_INSET)
    x = x0 + SEAT_INSET
    if caption:
        text(d, (x, low_y), caption, FINE, MUTED, anchor="lm")
        x += text_width(caption, FINE) + CAPTION_GAP
    for word, back, fore in chips:
        w = _chip_width(word)
        pill(d, (x + w // 2, low_y), word, FINE, back, fore, pad=CHIP_PAD)
        x += w + CHIP_GAP


def _spot(img: Image.Image, d: ImageDraw.ImageDraw, pos: int, mark: str | None) -> None:
    """The seat's last play this round as small cards, or 过 / 让 in words."""
    if mark is None:
        return
    sx, sy = SPOTS[pos]
    if mark in MARK_WORDS:
        text(
            d,
            (sx, sy),
            MARK_WORDS[mark],
            px(46),
            (225, 230, 236),
            fonts.BLACK,
            anchor="mm",
            stroke=px(4),
            stroke_fill=(20, 50, 36),
        )
        return
    w, h = SMALL
    width = cards.fan_width(mark, w, SPOT_W)
    cards.fan(img, mark, sx - width // 2, sy - h // 2, w, h, SPOT_W)


def _labels(img: Image.Image, pos: int, words: Sequence[Label]) -> None:
    if not words:
        return
    stamps = [stamp(label, px(44)) for label in words]
    overlap = px(10)
    total = sum(s.width for s in stamps) - overlap * (len(stamps) - 1)
    x, y, align = LABELS[pos]
    if align == "c":
        x -= total // 2
    x = max(0, min(x, SIZE[0] - total))  # 放弃开点 at a side seat: kept whole inside the picture
    for s in stamps:
        img.paste(s, (x, y - s.height // 2), s)
        x += s.width - overlap


def _top_caption(view: SeatView, top_seat: int) -> str:
    """How the top play came: 发牌, 顺牌, 打点, 烧牌, 汇5, 冲点 1/3 … (the newest event about that seat's play)."""
    verb = ""
    for e in recent_events(view.events):
        if e.seat == top_seat and e.kind in VERBS:
            verb = VERBS[e.kind]
        elif e.seat == top_seat and e.kind == "hui" and e.play:
            verb = hui_word(e.play)
    if verb == VERBS["chongdian"]:  # which of the three sets (R14.6): the ones still to come are public
        verb += f" {(view.chong_beaten or 0) + 1}/3"
    return verb


def _lobby(d: ImageDraw.ImageDraw, extras: TableExtras) -> None:
    cx, cy = CENTRE
    text(d, (cx, cy - px(70)), "够级", px(84), GOLD, fonts.BLACK, anchor="mm", stroke=px(4), stroke_fill=(60, 40, 0))
    text(d, (cx, cy + px(22)), f"已入座 {seated(extras)}/6", px(34), TEXT, fonts.BOLD, anchor="mm")
    if extras.tip:
        tip = fit(extras.tip, px(36), fonts.MEDIUM, px(680))
        pill(d, (cx, cy + px(104)), tip, px(36), FELT_DARK, (220, 236, 226), fonts.MEDIUM)


def _closed(d: ImageDraw.ImageDraw) -> None:
    """The middle of a closed table: it says so, and nothing else (no turn, no top play)."""
    cx, cy = CENTRE
    text(d, (cx, cy), PHASE_CLOSED, px(64), TEXT, fonts.BLACK, anchor="mm", stroke=px(4), stroke_fill=FELT_DARK)


def _centre(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: SeatView | None,
    extras: TableExtras,
    phase: str,
    turn: int | None,
) -> None:
    """The middle of the felt: the top play large, or whose lead it is, or the phase."""
    cx, cy = CENTRE
    if view is not None and view.over:
        text(
            d, (cx, cy - px(20)), PHASE_OVER, px(64), TEXT, fonts.BLACK, anchor="mm", stroke=px(4),
            stroke_fill=FELT_DARK
        )
        slam = next((e.seat for e in view.events if e.kind == "grandslam" and e.seat is not None), None)
        if slam is not None:
            words = f"{seat_name(extras, slam)} 满贯！积分翻倍"
            pill(d, (cx, cy + px(60)), fit(words, px(36), fonts.BLACK, px(640)), px(36), GOLD, (40, 28, 0), fonts.BLACK)
        elif view.chuan_san is not None:
            team = view.chuan_san
            pill(d, (cx, cy + px(60)), f"{TEAM_NAME[team]} 串三家！", px(36), TEAM[team], (20, 20, 24), fonts.BLACK)
        return
    if view is None or phase not in PLAY_PHASES:  # 买牌, 进贡 …: nothing is on the table yet
        text(
            d,
            (cx, cy - px(20)),
            fit(phase, px(64), fonts.BLACK, px(700)),
            px(64),
            TEXT,
            fonts.BLACK,
            anchor="mm",
            stroke=px(4),
            stroke_fill=FELT_DARK,
        )
        if turn is not None or extras.decision:
            if turn is None:  # a choice that would tell a hand if its seat were named (革命, 宣点)
                words = f"等待大家{extras.decision}"
            elif turn == extras.perspective:
                words = f"轮到你 {extras.decision or ''}"
            else:
                words = f"等待 {fit(seat_name(extras, turn), px(38), fonts.BOLD, px(360))} {extras.decision or ''}"
            text(
                d,
                (cx, cy + px(60)),
                words.rstrip(),
                px(38),
                GOLD,
                fonts.BOLD,
                anchor="mm",
                stroke=px(3),
                stroke_fill=FELT_DARK,
            )
        return
    if view.top is None:
        if turn is not None:
            name = "轮到你" if turn == extras.perspective else fit(seat_name(extras, turn), px(44), fonts.BLACK,
                                                                   px(420))
            text(d, (cx, cy - px(16)), name, px(44), GOLD, fonts.BLACK, anchor="mm", stroke=px(3),
                 stroke_fill=FELT_DARK)
            text(d, (cx, cy + px(42)), "发牌", px(36), TEXT, fonts.BOLD, anchor="mm")
        prev = previous_top(view.events)
        if prev is not None and prev.seat is not None and prev.play:
            line = fit(
                f"上轮最大 {seat_name(extras, prev.seat)}：{play_words(prev.play)}",
                FINE,
                fonts.MEDIUM,
                px(560),
            )
            text(d, (cx, cy + px(102)), line, FINE, (200, 222, 210), fonts.MEDIUM, anchor="mm")
        return
    top_seat, play = view.top
    dead = view.top_sijiji  # R14.7: only a burn may answer it
    badge = ("够死级" if dead else "够级") if view.top_gouji else ""
    badge_gap = px(12)
    badge_w = pill_width(badge, TOP_BADGE, fonts.BLACK) + badge_gap if badge else 0
    caption = fit(
        f"{seat_name(extras, top_seat)} {_top_caption(view, top_seat)}",
        TOP_CAPTION,
        fonts.BOLD,
        px(560) - badge_w,
    )
    cw = text_width(caption, TOP_CAPTION, fonts.BOLD)
    x = cx - (cw + badge_w) // 2
    text(
        d,
        (x, cy - px(98)),
        caption,
        TOP_CAPTION,
        TEAM[top_seat % 2],
        fonts.BOLD,
        anchor="lm",
        stroke=px(3),
        stroke_fill=FELT_DARK,
    )
    if badge:
        back, fore = ((200, 50, 50), TEXT) if dead else (GOLD, (50, 30, 0))
        pill(d, (x + cw + badge_gap + (badge_w - badge_gap) // 2, cy - px(98)), badge, TOP_BADGE, back, fore,
             fonts.BLACK)
    w, h = BIG
    width = cards.fan_width(play, w, CENTRE_W)
    cards.fan(img, play, cx - width // 2, cy - px(66), w, h, CENTRE_W)
    if turn is not None:
        name = fit(seat_name(extras, turn), TURN_SIZE, fonts.BOLD, px(460))
        text(
            d,
            (cx, cy + px(110)),
            "轮到你了" if turn == extras.perspective else f"轮到 {name}",
            TURN_SIZE,
            GOLD,
            fonts.BOLD,
            anchor="mm",
            stroke=px(3),
            stroke_fill=FELT_DARK,
        )


def _phase(view: SeatView | None, lobby: bool, extras: TableExtras) -> str:
    """The phase word: closed, the match's when it gives one, else read from the view (the lobby
    waits for players, then, full, for 开始)."""
    if extras.closed:
        return PHASE_CLOSED
    if extras.phase:
        return extras.phase
    if view is None:
        return (PHASE_FULL if seated(extras) == 6 else PHASE_LOBBY) if lobby else PHASE_PLAY
    return PHASE_OVER if view.over else (PHASE_LUANCHAN if view.luanchan else PHASE_PLAY)


def _corners(
    img: Image.Image, d: ImageDraw.ImageDraw, view: SeatView | None, extras: TableExtras, phase: str
) -> None:
    """Game number and phase (top left), 记牌器 (top right), the teams and their points (bottom left)."""
    edge = px(24)
    phase_y = px(44)
    if extras.game_no is not None:
        of = f"/{extras.games}" if extras.games else ""
        text(d, (edge, px(44)), f"第 {extras.game_no}{of} 局", px(38), TEXT, fonts.BOLD, anchor="lm")
        phase_y = px(104)
    w = pill_width(phase, CORNER_SIZE, fonts.BLACK)
    hot = (200, 60, 40) if phase == PHASE_LUANCHAN else (60, 70, 86)
    pill(d, (edge + w // 2, phase_y), phase, CORNER_SIZE, hot, TEXT, fonts.BLACK)
    if view is not None:
        _counter(d, still_out(view.events))
    for team in (0, 1):
        y = SIZE[1] - px(96) + team * px(52)
        d.ellipse((edge, y - px(13), px(50), y + px(13)), fill=TEAM[team])
        seats = " ".join(str(s + 1) for s in range(team, 6, 2))
        text(d, (px(62), y), f"{TEAM_NAME[team]} {seats}", CORNER_SIZE, TEXT, fonts.BOLD, anchor="lm")
        if extras.scores is not None:
            text(d, (px(330), y), signed(extras.scores[team]), px(40), TEAM[team], fonts.BLACK, anchor="rm")


def _counter(d: ImageDraw.ImageDraw, left: Mapping[str, int]) -> None:
    """记牌器: how many 大王, 小王 and 2s are still out, in one row at the top right, clear of the top seat."""
    text(d, (SIZE[0] - px(24), px(26)), "记牌器", FINE, MUTED, fonts.BOLD, anchor="rm")
    x, y, size = SIZE[0] - px(24), px(76), px(42)
    for sym in ("R", "B", "2"):
        n = str(left[sym])
        text(d, (x, y), n, size, TEXT if left[sym] else DIM, fonts.BLACK, anchor="rm")
        x -= text_width(n, size, fonts.BLACK) + px(10)
        word = cards.rank_label(sym)
        back, fore = COUNTER_COLOURS[sym]
        w = pill_width(word, FINE, fonts.BLACK, CHIP_PAD)
        pill(d, (x - w // 2, y), word, FINE, back, fore, fonts.BLACK, pad=CHIP_PAD)
        x -= w + px(18)


def draw_table(view: SeatView | MatchView | None, extras: TableExtras | None = None, below: int = 0) -> Image.Image:
    """The table as an image, for ``render_table`` and for a player's panel (``render.panel``), with
    ``below`` rows of background under it (the panel's hand is pasted there: no second canvas to fill)."""
    extras = extras or TableExtras()
    lobby = view is None
    counts: Sequence[int] | None = None
    if isinstance(view, MatchView):
        extras = with_match(extras, view)
        counts = view.counts
        view = view.game
    if view is not None:
        counts = view.counts
    if counts is not None and not any(counts):  # between games, before the deal: no row of 0s
        counts = None
    phase = _phase(view, lobby, extras)
    if extras.closed or (view is not None and view.over):
        turn = None
    elif view is not None and phase in PLAY_PHASES:
        turn = view.to_act
    else:
        turn = extras.turn
    at = {position(seat, extras.perspective): seat for seat in range(6)}
    seats = tuple((at[pos] % 2, _empty(at[pos], extras, lobby), at[pos] == turn) for pos in range(6))
    img = _frames(seats, below).copy()
    d = ImageDraw.Draw(img)
    labels = seat_labels(view.events if view else (), view.kaidian_chance if view else None, extras.labels,
                         view.burning if view else None)
    said = declared(view)
    for seat in range(6):
        pos = position(seat, extras.perspective)
        _panel(img, d, pos, seat, view, counts, extras, phase in PLAY_PHASES, lobby, said)
        if view is not None and not (view.top and view.top[0] == seat and not extras.closed):
            _spot(img, d, pos, view.marks[seat])  # the top play is drawn in the middle, unless closed
        _labels(img, pos, labels[seat])
    if extras.closed:
        _closed(d)
    elif lobby:
        _lobby(d, extras)
    else:
        _centre(img, d, view, extras, phase, turn)
    _corners(img, d, view, extras, phase)
    return img


def render_table(view: SeatView | MatchView | None, extras: TableExtras | None = None) -> bytes:
    """The table as PNG bytes.

    ``view`` is any seat's ``SeatView`` of a game, a ``MatchView`` (in play or in a phase before
    it: then the counts, phase, match score and seat words come from the match), or None for the
    lobby. Without ``extras.perspective`` it is the neutral public table (1号 at the bottom, seats
    named by team); a player's own screen is ``render.render_panel``.
    """
    return to_png(draw_table(view, extras), move_palette())
