"""Which words to show at each seat: the labels the seed rule sheet asks for ("在玩家跟前有字体显示").

Labels are derived from the public event log, never from a hand, so a public image can show
them. They cover the current round; while a new round has not started yet (its leader is still
to lead) they show the round that just ended, so that what decided it (打点, 烧成, 过) is seen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.engine import EVENT_WORDS, Event, EventKind
from bot.engine.cards import cards_zh

GOLD, FLAME, COOL, POINT, RED, PURPLE, MUTED = "gold", "flame", "cool", "point", "red", "purple", "muted"
"""Label styles: the renderer draws each in its own colours (``flame`` as burning lettering)."""


@dataclass(frozen=True)
class Label:
    text: str
    style: str


_K = EventKind
ACTOR_LABELS: dict[str, Label] = {
    kind: Label(EVENT_WORDS[kind][0], style) for kind, style in (
        (_K.KAIDIAN, GOLD), (_K.NATURAL, GOLD), (_K.DADIAN, POINT), (_K.FANDADIAN, POINT), (_K.SHAO, FLAME),
        (_K.FANSHAO, FLAME), (_K.SHAO_STANDS, FLAME), (_K.JIESHAO, COOL), (_K.KILL, POINT), (_K.MEN, PURPLE),
        (_K.GIVEUP, MUTED), (_K.JIEFENG, COOL), (_K.REVOLT, RED), (_K.CHONGDIAN, GOLD), (_K.YAOTOU, POINT),
        (_K.WUTOU, COOL), (_K.SIJIJI, RED), (_K.SHAO_OK, FLAME), (_K.SHAO_FAIL, MUTED), (_K.GRANDSLAM, GOLD),
    )
}
"""Event kind → the label at the seat that acted: the kind's word (``EVENT_WORDS``) in its style."""

TARGET_LABELS: dict[str, Label] = {_K.MEN: Label("被" + EVENT_WORDS[_K.MEN][0], PURPLE)}
"""Event kind → the label at the seat acted on."""

BURNING = Label(EVENT_WORDS[_K.SHAO][0], FLAME)
"""At the burner for as long as a classic 烧 is in progress (R14.2), not only in the round it began."""

EXTRA_STYLES: dict[str, str] = {
    "革命": RED, "宣点": GOLD, "开点": GOLD, "烧牌": FLAME, "闷": PURPLE, "上班": GOLD, "冲点": GOLD,
    "要头": POINT, "无头": COOL,
}
"""Styles of labels that the match passes in (革命, 买3 …); any other word is drawn ``cool``."""

MATCH_WORDS: dict[str, str] = {
    "buy-offer": "买{value}",
    "gift": "赠{value}",
    "tribute": "进贡",
    "kanggong": "抗贡",
    "revolt-declare": "革命",
    "revolt-auto": "革命",
    "shangban": "上班",
    "shangban-lead": "上班",
}
"""Match event kind → the word at the seat that acted, before play."""

MATCH_TARGET_WORDS: dict[str, str] = {"ask3": "要3"}
"""Match event kind → the word at the seat acted on, before play (要三: the seat that asked)."""

PLAY_KINDS = ("lead", "follow", "hui")
"""Events that put cards on the table."""

KAIDIAN_CHANCE = Label("可开点", GOLD)
MAX_PER_SEAT = 2


def hui_word(play: str) -> str:
    """汇5 (R11.6) named by the rank actually pooled: 汇5, 汇6 …"""
    return "汇" + cards_zh(play[0])


def match_labels(events: Sequence[Event]) -> dict[int, list[str]]:
    """Words at the seats for the phases before play, from the match log since the last deal (or
    the last game's end, while the next deal waits for the 点贡 choice): 买3, 赠4, 进贡, 抗贡, 革命."""
    deals = [i for i, e in enumerate(events) if e.kind in ("deal", "game-over")]
    out: dict[int, list[str]] = {}
    for e in events[deals[-1] + 1 if deals else 0 :]:
        word = MATCH_WORDS.get(e.kind)
        if word is not None and e.seat is not None:
            out.setdefault(e.seat, []).append(word.format(value=e.value))
        word = MATCH_TARGET_WORDS.get(e.kind)
        if word is not None and e.target is not None:
            out.setdefault(e.target, []).append(word)
    return out


def shangban_leader(events: Sequence[Event]) -> int | None:
    """The seat that won the lead by 上班 (R14.4) at the last deal, if one did."""
    for e in reversed(events):
        if e.kind in ("deal", "game-over"):
            return None
        if e.kind == "shangban-lead":
            return e.seat
    return None


def recent_events(events: Sequence[Event]) -> list[Event]:
    """Events of the current round, or of the round just ended while nobody has led the new one."""
    starts = [i for i, e in enumerate(events) if e.kind == "round"]
    begin = starts[-1] + 1 if starts else 0
    recent = list(events[begin:])
    if starts and not any(e.kind in PLAY_KINDS for e in recent):
        before = starts[-2] + 1 if len(starts) > 1 else 0
        recent = list(events[before:])
    return recent


def previous_top(events: Sequence[Event]) -> Event | None:
    """The last play of the previous round, to show while the new round's leader has not led."""
    for e in reversed(events):
        if e.kind in PLAY_KINDS:
            return e
    return None


def seat_labels(
    events: Sequence[Event],
    kaidian_chance: int | None = None,
    extra: Mapping[int, Sequence[str]] | None = None,
    burning: tuple[int, int] | None = None,
) -> list[list[Label]]:
    """Up to ``MAX_PER_SEAT`` labels per seat, the newest last, without repeats.

    ``extra`` holds words the match decides (革命 …) and comes first: they stand all game.
    ``burning`` is the view's classic 烧 in progress (burner, burned): 烧牌 in flames stands at
    the burner until the burn succeeds, fails or is undone.
    """
    fixed: list[list[Label]] = [
        [Label(w, EXTRA_STYLES.get(w, COOL)) for w in (extra or {}).get(s, ())] for s in range(6)
    ]
    if burning is not None:
        fixed[burning[0]].insert(0, BURNING)
    seen: list[list[Label]] = [[] for _ in range(6)]
    for e in recent_events(events):
        if e.seat is not None and e.kind in ACTOR_LABELS:
            seen[e.seat].append(ACTOR_LABELS[e.kind])
        if e.seat is not None and e.kind == "hui" and e.play:
            seen[e.seat].append(Label(hui_word(e.play), GOLD))
        if e.target is not None and e.kind in TARGET_LABELS:
            seen[e.target].append(TARGET_LABELS[e.kind])
    if kaidian_chance is not None:
        seen[kaidian_chance].append(KAIDIAN_CHANCE)
    out = []
    for s in range(6):
        keep = list(dict.fromkeys(fixed[s]))[:MAX_PER_SEAT]
        newest = [label for label in dict.fromkeys(seen[s]) if label not in keep]
        room = MAX_PER_SEAT - len(keep)
        out.append(keep + (newest[-room:] if room else []))
    return out
