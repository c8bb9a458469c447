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

from bot.engine import PLACE_ZH, Event, MatchView, SeatView

from . import cards, fonts
from .draw import display_name, fit, pill, signed, text, text_width, to_png
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
from .stamps import stamp
from .theme import (
    BG,
    DIM,
    FELT,
    FELT_DARK,
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
)

SIZE = (1200, 1000)
"""Every table image is this size, so a Discord message never jumps as it is edited."""

RELATIVE = ("自己", "下家", "下联", "对家", "上联", "上家")
"""Seat names from one seat's point of view (R1.2), bottom then counter-clockwise."""

PHASE_PLAY, PHASE_LUANCHAN, PHASE_OVER, PHASE_LOBBY = "出牌", "四户乱缠", "本局结束", "等待入座"
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
VERBS = {
    "lead": "发牌",
    "follow": "顺牌",
    "dadian": "打点",
    "fandadian": "反打点",
    "shao": "烧牌",
    "fanshao": "反烧",
    "kill": "二杀一",
    "chongdian": "冲点",
}
"""How the top play was made, as the caption over it says."""
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
PANEL_W, PANEL_H = 290, 112
PANELS = ((600, 928), (1045, 700), (1045, 330), (600, 140), (155, 330), (155, 700))
SPOTS = ((600, 790), (790, 700), (790, 330), (600, 275), (410, 330), (410, 700))
"""Centre of each seat's last play this round, between its panel and the middle."""
LABELS = (
    (765, 928, "l"),
    (1045, 792, "c"),
    (1045, 238, "c"),
    (765, 140, "l"),
    (155, 238, "c"),
    (155, 792, "c"),
)
"""Where each seat's row of labels goes, against its panel so it is plainly that seat's:
(x, y, "l") starts at x, (x, y, "c") is centred on x."""
SPOT_W = 240
HALO = 30
SMALL = (58, 80)
BIG = (92, 128)
CENTRE = (600, 505)
CENTRE_W = 400


@dataclass(frozen=True)
class TableExtras:
    """What the table shows that a game's view does not know: who sits where, the match, the phase.

    ``names[s]`` None is an empty seat in the lobby (or "N号位" once playing); ``ai[s]`` marks AI
    seats and ``trustee[s]`` seats in 托管. ``labels`` are words the match decides (革命, 买3 …),
    ``phase`` overrides the phase read from the view (买牌, 进贡 …); in such a phase before play
    ``turn`` is the seat whose decision the match awaits (in play the view's ``to_act`` is used)
    and ``decision`` says what it decides (定点贡 …).
    ``perspective`` puts that seat at the bottom and names the others 下家 … 上家, for the hand
    panel. ``tip`` is the lobby's 俗语. Given a ``MatchView``, ``render_table`` fills the match
    fields that are left unset.
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


def seat_name(extras: TableExtras, seat: int) -> str:
    return display_name(extras.names[seat], seat, extras.ai[seat])


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
    return replace(
        extras,
        phase=extras.phase or MATCH_PHASES.get(mv.phase),
        game_no=extras.game_no if extras.game_no is not None else mv.game_no,
        games=extras.games if extras.games is not None else mv.games,
        scores=extras.scores if extras.scores is not None else (totals[0], totals[1]),
        turn=extras.turn if extras.turn is not None else mv.to_act,
        decision=extras.decision or DECISIONS.get(mv.decision or ""),
        labels={s: list(dict.fromkeys(w)) for s, w in labels.items()},
    )


@lru_cache(maxsize=1)
def _background() -> Image.Image:
    """The felt, drawn once: every table starts as a copy of it."""
    img = Image.new("RGB", SIZE, BG)
    d = ImageDraw.Draw(img)
    box = (150, 205, 1050, 855)
    d.rounded_rectangle((box[0] - 16, box[1] - 16, box[2] + 16, box[3] + 16), 300, fill=RIM)
    d.rounded_rectangle(box, 290, fill=FELT_DARK)
    d.rounded_rectangle((box[0] + 10, box[1] + 10, box[2] - 10, box[3] - 10), 280, fill=FELT)
    return img


@lru_cache(maxsize=1)
def _halo() -> Image.Image:
    """The gold glow around the seat whose turn it is, blurred once rather than per image."""
    mask = Image.new("L", (PANEL_W + 2 * HALO, PANEL_H + 2 * HALO), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (HALO, HALO, HALO + PANEL_W, HALO + PANEL_H), 22, outline=255, width=14
    )
    halo = Image.new("RGBA", mask.size, (*GOLD, 0))
    halo.putalpha(mask.filter(ImageFilter.GaussianBlur(10)))
    return halo


def _place_colours(place: int) -> tuple[RGB, RGB]:
    if place <= 2:
        return GOLD, (40, 28, 0)
    if place <= 4:
        return SILVER, (30, 34, 40)
    return (150, 40, 44), TEXT


def _chips(seat: int, view: SeatView | None, extras: TableExtras) -> list[tuple[str, RGB, RGB]]:
    """Small standing facts under a seat's name: AI, 托管, 革命, 开点 or 宣点, 带王 (步步带王)."""
    chips: list[tuple[str, RGB, RGB]] = []
    if extras.ai[seat] and extras.names[seat]:
        chips.append(("AI", (90, 100, 120), TEXT))
    if extras.trustee[seat]:
        chips.append(("托管", (90, 100, 120), TEXT))
    if view is None:
        return chips
    if any(e.kind == "revolt" and e.seat == seat for e in view.events):
        chips.append(("革命", (200, 50, 50), TEXT))
    if any(e.kind == "chongdian" and e.seat == seat for e in view.events):
        chips.append(("冲点", GOLD, (40, 28, 0)))
    if view.head == seat:  # R14.7: 够死级 plays left, or 无头
        chips.append((f"够死级×{view.sijiji}" if view.sijiji else "无头", (110, 40, 170), TEXT))
    if view.kaidian[seat]:
        chips.append(("开点", GOLD, (40, 28, 0)))
    elif view.natural[seat]:
        chips.append(("宣点", (140, 110, 30), TEXT))
    if view.duty[seat]:
        chips.append(("带王", (200, 70, 20), TEXT))
    return chips


def _panel(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    pos: int,
    seat: int,
    view: SeatView | None,
    counts: Sequence[int] | None,
    extras: TableExtras,
    active: bool,
) -> None:
    """A seat: name, card count or place, and its team colour; gold and glowing on its turn."""
    cx, cy = PANELS[pos]
    box = (cx - PANEL_W // 2, cy - PANEL_H // 2, cx + PANEL_W // 2, cy + PANEL_H // 2)
    team = seat % 2
    empty = counts is None and extras.names[seat] is None and not extras.ai[seat]
    place = view.places[seat] if view is not None else None
    if active:
        halo = _halo()
        img.paste(halo, (box[0] - HALO, box[1] - HALO), halo)
    line = GOLD if active else (PANEL_LINE if empty else TEAM[team])
    d.rounded_rectangle(
        box, 20, fill=PANEL if empty else TEAM_FILL[team], outline=line, width=6 if active else 3
    )
    x0, y0, x1, _ = box
    right = x1 - 16
    if place is not None:
        back, fore = _place_colours(place)
        right = pill(d, (right - 48, y0 + 36), PLACE_ZH[place], 28, back, fore, fonts.BLACK)[0] - 6
    elif counts is not None:
        count = str(counts[seat])
        cw = text_width(count, 42, fonts.BLACK)
        text(d, (right, y0 + 38), count, 42, GOLD if counts[seat] <= 5 else TEXT, fonts.BLACK, anchor="rm")
        icon = cards.back(30, 42)
        img.paste(icon, (right - cw - 40, y0 + 15), icon)
        right -= cw + 48
    name = "空位" if empty else seat_name(extras, seat)
    ink = DIM if empty or (place is not None and view is not None and not view.over) else TEXT
    text(d, (x0 + 18, y0 + 38), fit(name, 32, fonts.BOLD, right - x0 - 26), 32, ink, fonts.BOLD, anchor="lm")
    pos_word = RELATIVE[pos] if extras.perspective is not None else TEAM_NAME[team]
    caption = f"{pos_word} {seat + 1}号"
    chips = _chips(seat, view, extras)
    room = x1 - 10 - (x0 + 26)
    if text_width(caption, 26) + sum(text_width(w, 22, fonts.BOLD) + 30 for w, _, _ in chips) > room:
        caption = f"{seat + 1}号"  # the panel's colour says the team: the chips need the room
    text(d, (x0 + 18, y0 + 84), caption, 26, MUTED, anchor="lm")
    x = x0 + 26 + text_width(caption, 26)
    for word, back, fore in chips:
        w = text_width(word, 22, fonts.BOLD)
        if x + w + 18 > x1 - 10:
            break
        pill(d, (x + w // 2 + 11, y0 + 84), word, 22, back, fore)
        x += w + 30


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
            46,
            (225, 230, 236),
            fonts.BLACK,
            anchor="mm",
            stroke=4,
            stroke_fill=(20, 50, 36),
        )
        return
    w, h = SMALL
    width = cards.fan_width(len(mark), w, SPOT_W)
    cards.fan(img, mark, sx - width // 2, sy - h // 2, w, h, SPOT_W)


def _labels(img: Image.Image, pos: int, words: Sequence[Label]) -> None:
    if not words:
        return
    stamps = [stamp(label, 44) for label in words]
    total = sum(s.width for s in stamps) - 10 * (len(stamps) - 1)
    x, y, align = LABELS[pos]
    if align == "c":
        x -= total // 2
    for s in stamps:
        img.paste(s, (x, y - s.height // 2), s)
        x += s.width - 10


def _top_caption(view: SeatView, top_seat: int) -> str:
    """How the top play came: 发牌, 顺牌, 打点, 烧牌, 汇5, 冲点 1/3 … (the newest event about that seat's play)."""
    verb = ""
    for e in recent_events(view.events):
        if e.seat == top_seat and e.kind in VERBS:
            verb = VERBS[e.kind]
        elif e.seat == top_seat and e.kind == "hui" and e.play:
            verb = hui_word(e.play)
    if verb == VERBS["chongdian"]:  # which of the three sets (R14.6): the ones still to come are public
        verb += f" {3 - len(view.public.get('chong', ()))}/3"
    return verb


def sijiji_on_top(events: Sequence[Event], top_seat: int) -> bool:
    """Whether the top seat's play on the table is 够死级 (R14.7): its ``sijiji`` event follows the play."""
    dead = False
    for e in recent_events(events):
        if e.seat == top_seat and e.kind in PLAY_KINDS:
            dead = False
        elif e.seat == top_seat and e.kind == "sijiji":
            dead = True
    return dead


def _lobby(d: ImageDraw.ImageDraw, extras: TableExtras) -> None:
    cx, cy = CENTRE
    text(d, (cx, cy - 70), "够级", 84, GOLD, fonts.BLACK, anchor="mm", stroke=4, stroke_fill=(60, 40, 0))
    seated = sum(1 for s in range(6) if extras.names[s] is not None or extras.ai[s])
    text(d, (cx, cy + 22), f"已入座 {seated}/6", 34, TEXT, fonts.BOLD, anchor="mm")
    if extras.tip:
        tip = fit(extras.tip, 30, fonts.MEDIUM, 640)
        pill(d, (cx, cy + 100), tip, 30, FELT_DARK, (220, 236, 226), fonts.MEDIUM)


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
            d, (cx, cy - 20), PHASE_OVER, 64, TEXT, fonts.BLACK, anchor="mm", stroke=4, stroke_fill=FELT_DARK
        )
        slam = next((e.seat for e in view.events if e.kind == "grandslam" and e.seat is not None), None)
        if slam is not None:
            words = f"{seat_name(extras, slam)} 满贯！积分翻倍"
            pill(d, (cx, cy + 60), fit(words, 36, fonts.BLACK, 640), 36, GOLD, (40, 28, 0), fonts.BLACK)
        elif view.chuan_san is not None:
            team = view.chuan_san
            pill(d, (cx, cy + 60), f"{TEAM_NAME[team]} 串三家！", 36, TEAM[team], (20, 20, 24), fonts.BLACK)
        return
    if view is None or phase not in PLAY_PHASES:  # 买牌, 进贡 …: nothing is on the table yet
        text(
            d,
            (cx, cy - 20),
            fit(phase, 64, fonts.BLACK, 700),
            64,
            TEXT,
            fonts.BLACK,
            anchor="mm",
            stroke=4,
            stroke_fill=FELT_DARK,
        )
        if turn is not None:
            name = fit(seat_name(extras, turn), 34, fonts.BOLD, 360)
            text(
                d,
                (cx, cy + 56),
                f"等待 {name} {extras.decision or ''}".rstrip(),
                34,
                GOLD,
                fonts.BOLD,
                anchor="mm",
                stroke=3,
                stroke_fill=FELT_DARK,
            )
        return
    if view.top is None:
        if turn is not None:
            name = fit(seat_name(extras, turn), 44, fonts.BLACK, 420)
            text(d, (cx, cy - 16), name, 44, GOLD, fonts.BLACK, anchor="mm", stroke=3, stroke_fill=FELT_DARK)
            text(d, (cx, cy + 42), "发牌", 36, TEXT, fonts.BOLD, anchor="mm")
        prev = previous_top(view.events)
        if prev is not None and prev.seat is not None and prev.play:
            line = fit(
                f"上轮最大 {seat_name(extras, prev.seat)} {cards.play_words(prev.play)}",
                26,
                fonts.REGULAR,
                440,
            )
            text(d, (cx, cy + 98), line, 26, (200, 222, 210), anchor="mm")
        return
    top_seat, play = view.top
    caption = fit(
        f"{seat_name(extras, top_seat)} {_top_caption(view, top_seat)}",
        32,
        fonts.BOLD,
        300 if view.top_gouji else 420,
    )
    cw = text_width(caption, 32, fonts.BOLD)
    x = cx - (cw + ((124 if sijiji_on_top(view.events, top_seat) else 96) if view.top_gouji else 0)) // 2
    text(
        d,
        (x, cy - 96),
        caption,
        32,
        TEAM[top_seat % 2],
        fonts.BOLD,
        anchor="lm",
        stroke=3,
        stroke_fill=FELT_DARK,
    )
    if view.top_gouji and sijiji_on_top(view.events, top_seat):  # R14.7: only a burn may answer it
        pill(d, (x + cw + 68, cy - 96), "够死级", 28, (200, 50, 50), TEXT, fonts.BLACK)
    elif view.top_gouji:
        pill(d, (x + cw + 54, cy - 96), "够级", 28, GOLD, (50, 30, 0), fonts.BLACK)
    w, h = BIG
    width = cards.fan_width(len(play), w, CENTRE_W)
    cards.fan(img, play, cx - width // 2, cy - 66, w, h, CENTRE_W)
    if turn is not None:
        name = fit(seat_name(extras, turn), 30, fonts.BOLD, 330)
        text(
            d,
            (cx, cy + 100),
            f"轮到 {name}",
            30,
            GOLD,
            fonts.BOLD,
            anchor="mm",
            stroke=3,
            stroke_fill=FELT_DARK,
        )


def _phase(view: SeatView | None, counts: Sequence[int] | None, extras: TableExtras) -> str:
    """The phase word: the match's when it gives one, else read from the view."""
    if extras.phase:
        return extras.phase
    if view is None:
        return PHASE_LOBBY if counts is None else PHASE_PLAY
    return PHASE_OVER if view.over else (PHASE_LUANCHAN if view.luanchan else PHASE_PLAY)


def _corners(
    img: Image.Image, d: ImageDraw.ImageDraw, view: SeatView | None, extras: TableExtras, phase: str
) -> None:
    """Game number and phase (top left), 记牌器 (top right), the teams and their points (bottom left)."""
    phase_y = 44
    if extras.game_no is not None:
        of = f"/{extras.games}" if extras.games else ""
        text(d, (24, 44), f"第 {extras.game_no}{of} 局", 34, TEXT, fonts.BOLD, anchor="lm")
        phase_y = 100
    w = text_width(phase, 30, fonts.BLACK)
    hot = (200, 60, 40) if phase == PHASE_LUANCHAN else (60, 70, 86)
    pill(d, (24 + 15 + w // 2, phase_y), phase, 30, hot, TEXT, fonts.BLACK)
    if view is not None:
        left = still_out(view.events)
        text(d, (SIZE[0] - 24, 30), "记牌器 未出", 26, MUTED, fonts.BOLD, anchor="rm")
        x = SIZE[0] - 24
        for sym in ("R", "B", "2"):
            n = str(left[sym])
            text(d, (x, 84), n, 38, TEXT if left[sym] else DIM, fonts.BLACK, anchor="rm")
            x -= text_width(n, 38, fonts.BLACK) + 8
            word = cards.rank_label(sym)
            back, fore = COUNTER_COLOURS[sym]
            w = text_width(word, 28, fonts.BLACK)
            pill(d, (x - w // 2 - 14, 84), word, 28, back, fore, fonts.BLACK)
            x -= w + 28 + 22
    for team in (0, 1):
        y = SIZE[1] - 96 + team * 50
        d.ellipse((24, y - 12, 48, y + 12), fill=TEAM[team])
        seats = " ".join(str(s + 1) for s in range(team, 6, 2))
        text(d, (60, y), f"{TEAM_NAME[team]} {seats}", 28, TEXT, fonts.BOLD, anchor="lm")
        if extras.scores is not None:
            text(d, (290, y), signed(extras.scores[team]), 36, TEAM[team], fonts.BLACK, anchor="rm")


def render_table(view: SeatView | MatchView | None, extras: TableExtras | None = None) -> bytes:
    """The table as PNG bytes.

    ``view`` is any seat's ``SeatView`` of a game, a ``MatchView`` (in play or in a phase before
    it: then the counts, phase, match score and seat words come from the match), or None for the
    lobby.
    """
    extras = extras or TableExtras()
    counts: Sequence[int] | None = None
    if isinstance(view, MatchView):
        extras = with_match(extras, view)
        counts = view.counts
        view = view.game
    if view is not None:
        counts = view.counts
    img = _background().copy()
    d = ImageDraw.Draw(img)
    phase = _phase(view, counts, extras)
    if view is not None and view.over:
        turn = None
    elif view is not None and phase in PLAY_PHASES:
        turn = view.to_act
    else:
        turn = extras.turn
    labels = seat_labels(view.events if view else (), view.kaidian_chance if view else None, extras.labels,
                         view.burning if view else None)
    bottom = extras.perspective or 0
    for seat in range(6):
        pos = (seat - bottom) % 6
        _panel(img, d, pos, seat, view, counts, extras, seat == turn)
        if view is not None and not (view.top and view.top[0] == seat):  # the top play is drawn in the middle
            _spot(img, d, pos, view.marks[seat])
        _labels(img, pos, labels[seat])
    if counts is None:
        _lobby(d, extras)
    else:
        _centre(img, d, view, extras, phase, turn)
    _corners(img, d, view, extras, phase)
    return to_png(img)
