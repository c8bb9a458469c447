"""The public log of a game: every action and every rule event, as small value objects.

One ``Event`` type serves the log, the JSON state, the renderer's seat labels and the text a
player reads, so that none of them can disagree about what happened. Every kind is an
``EventKind`` (so that a stored log reads back); the words of the game's and the match's own kinds
are here (``CORE_WORDS``, ``core_line``), those of a switch's own kinds in its module
(``SwitchInfo.events``), and ``bot.engine.log_words`` puts them together above the registry.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any, NamedTuple

from .cards import cards_en, cards_zh

PLACE_ZH = {1: "头科", 2: "二科", 3: "三科", 4: "四科", 5: "二落", 6: "大落"}
PLACE_EN = {1: "1st (头科)", 2: "2nd (二科)", 3: "3rd (三科)", 4: "4th (四科)", 5: "5th (二落)", 6: "last (大落)"}


class EventKind(StrEnum):
    """Every kind of log line. Each kind *is* its text (a ``StrEnum``), so ``e.kind == "lead"``, tables
    keyed by the text and the JSON (the text itself) work as before; ``log_words.EVENT_WORDS`` names
    each one."""

    # play (R5–R10)
    LEAD = "lead"
    FOLLOW = "follow"
    PASS = "pass"
    LET = "let"
    DADIAN = "dadian"
    FANDADIAN = "fandadian"
    SHAO = "shao"
    FANSHAO = "fanshao"
    JIESHAO = "jieshao"
    SHAO_STANDS = "shao-stands"
    KILL = "kill"
    KAIDIAN = "kaidian"
    GIVEUP = "giveup"
    NATURAL = "natural"
    MEN = "men"
    NO3 = "no3"
    OUT = "out"
    ROUND = "round"
    JIEFENG = "jiefeng"
    LUANCHAN = "luanchan"
    SUFFOCATE = "suffocate"
    REVOLT = "revolt"
    CHONGDIAN = "chongdian"
    YAOTOU = "yaotou"
    WUTOU = "wutou"
    SIJIJI = "sijiji"
    SHAO_OK = "shao-ok"
    SHAO_FAIL = "shao-fail"
    GRANDSLAM = "grandslam"
    HUI = "hui"
    CHUANSAN = "chuansan"
    END = "end"
    # the match: deal, buying, 革命, 宣点, tribute (R11, R12)
    DEAL = "deal"
    LOT = "lot"
    CHOOSE_LEADER = "choose-leader"
    BUY_OFFER = "buy-offer"
    BUY_ACCEPT = "buy-accept"
    BUY_REFUSE = "buy-refuse"
    NO_BUY = "no-buy"
    ASK3 = "ask3"
    GIFT = "gift"
    REVOLT_AUTO = "revolt-auto"
    REVOLT_DECLARE = "revolt-declare"
    REDEAL = "redeal"
    SHANGBAN = "shangban"
    SHANGBAN_LEAD = "shangban-lead"
    SHANGBAN_NONE = "shangban-none"
    NO_CHONGDIAN = "no-chongdian"
    TRIBUTE = "tribute"
    TRIBUTE_SKIP = "tribute-skip"
    TRIBUTE_EXCUSED = "tribute-excused"
    MIAN = "mian"
    KANGGONG = "kanggong"
    DIAN_CHOICE = "dian-choice"
    GAME_OVER = "game-over"
    MATCH_OVER = "match-over"


K = EventKind
CORE_WORDS: dict[EventKind, tuple[str, str]] = {
    K.LEAD: ("发牌", "leads"), K.FOLLOW: ("顺牌", "plays"), K.PASS: ("过", "passes"), K.LET: ("让牌", "lets (让牌)"),
    K.DADIAN: ("打点", "answers a 够级 play (打点)"), K.FANDADIAN: ("反打点", "answers back (反打点)"),
    K.SHAO: ("烧牌", "burns (烧牌)"), K.FANSHAO: ("反烧", "burns back (反烧)"),
    K.JIESHAO: ("解烧", "undoes a burn (解烧)"),
    K.SHAO_STANDS: ("烧成", "the burn stands (烧成)"), K.KILL: ("二杀一", "kills a big joker with two (大王二杀一)"),
    K.KAIDIAN: ("开点", "opens the point (开点)"), K.GIVEUP: ("放弃开点", "gives up 开点"),
    K.NATURAL: ("宣点", "declares 自然开点 (宣点)"), K.MEN: ("闷", "shuts out (闷)"), K.NO3: ("没有 3", "holds no 3"),
    K.OUT: ("出完", "is out"), K.ROUND: ("新一轮", "new round"), K.JIEFENG: ("接风", "takes over the lead (接风)"),
    K.LUANCHAN: ("四户乱缠", "the restrictions end (四户乱缠)"),
    K.REVOLT: ("革命", "sits the game out (革命)"), K.CHONGDIAN: ("冲点", "charges the point (冲点)"),
    K.YAOTOU: ("要头", "claims the head (要头)"), K.WUTOU: ("无头", "no head (无头)"),
    K.SIJIJI: ("够死级", "够死级: only a burn answers"), K.SHAO_OK: ("烧成功", "the burn succeeds (烧成功)"),
    K.SHAO_FAIL: ("烧失败", "the burn fails (烧失败)"),
    K.HUI: ("汇", "pooled lead (汇5)"), K.CHUANSAN: ("串三家", "串三家"), K.END: ("本局结束", "the game is over"),
    K.DEAL: ("开局", "deal"), K.LOT: ("抽签", "by lot"), K.CHOOSE_LEADER: ("定开牌", "chooses who leads"),
    K.BUY_OFFER: ("买", "offers to buy"), K.BUY_ACCEPT: ("卖", "sells"), K.BUY_REFUSE: ("不卖", "refuses to sell"),
    K.NO_BUY: ("不买", "does not buy"), K.ASK3: ("要三", "gives a 3 (要三)"), K.GIFT: ("赠", "gives (赠)"),
    K.TRIBUTE: ("进贡", "pays tribute"), K.TRIBUTE_SKIP: ("不进贡", "skips the tribute to a teammate"),
    K.TRIBUTE_EXCUSED: ("抗贡", "excused a tribute (抗贡)"), K.MIAN: ("免贡", "excused cards (免贡)"),
    K.KANGGONG: ("抗贡", "four jokers: 抗贡"), K.DIAN_CHOICE: ("点贡", "chooses the 点贡"),
    K.GAME_OVER: ("一局结束", "game over"), K.MATCH_OVER: ("比赛结束", "the match is over"),
}
"""Each kind's words, in Chinese and in English: what the pictures label a seat with, the caption over
the top play and the key moments of a replay say, and the words ``describe`` builds its lines around —
for the kinds the game and the match log themselves (a switch's own kinds: ``KindWords``)."""
del K


class Event(NamedTuple):
    """One line of the log. ``seat`` acts, ``target`` is acted on, ``play`` is card text,
    ``value`` a place or a team, ``auto`` marks what the rules did for a seat (R5.6).

    An immutable value; a named tuple rather than a frozen dataclass because a game makes one per
    action and the engine's speed bounds the searching AI."""

    kind: EventKind
    seat: int | None = None
    play: str | None = None
    target: int | None = None
    value: int | None = None
    auto: bool = False
    tag: str | None = None
    """A sub-kind, e.g. which tribute (点贡, 捎贡, 闷贡, 落贡) a tribute event is."""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind}
        for key in ("seat", "play", "target", "value", "tag"):
            v = getattr(self, key)
            if v is not None:
                d[key] = v
        if self.auto:
            d["auto"] = True
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        return cls(EventKind(d["kind"]), d.get("seat"), d.get("play"), d.get("target"), d.get("value"),
                   d.get("auto", False), d.get("tag"))


_tuple_new = tuple.__new__


def play_event(kind: EventKind, seat: int, play: str) -> Event:
    """``Event(kind, seat, play)`` — a lead or an answer — built without the named tuple's keyword
    defaults, which cost twice as much: a game logs one per card play."""
    return _tuple_new(Event, (kind, seat, play, None, None, False, None))


PASSES = tuple(Event(EventKind.PASS, s) for s in range(6))
"""Each seat's ``pass``, ``pass`` made for it (R5.6) and ``round`` it leads: values, so made once."""
AUTO_PASSES = tuple(Event(EventKind.PASS, s, auto=True) for s in range(6))
ROUNDS = tuple(Event(EventKind.ROUND, s) for s in range(6))


def event_dicts(events: list[Event], cache: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The dicts of an append-only event list, converting only events added since the last call:
    a table is saved after every action, and its log only grows."""
    for e in events[len(cache):]:
        cache.append(e.to_dict())
    return list(cache)


def seat_names(names: Sequence[str] | None) -> tuple[list[str], list[str]]:
    if names is not None:
        return list(names), list(names)
    return [f"{s + 1}号位" for s in range(6)], [f"seat {s + 1}" for s in range(6)]


class Said(NamedTuple):
    """What a line about an event names, as each half writes it: its seat, its target, its cards (the
    notation is for typing), and the kind's word, which the Chinese line is built around."""

    seat_zh: str
    seat_en: str
    target_zh: str
    target_en: str
    cards_zh: str
    cards_en: str
    word: str


def said(e: Event, word: str, names: Sequence[str] | None = None) -> Said:
    """The names of ``e``'s seat, target and cards in each language (``names``: the seats', if not by number)."""
    zh_n, en_n = seat_names(names)
    p = e.play or ""
    return Said(zh_n[e.seat] if e.seat is not None else "", en_n[e.seat] if e.seat is not None else "",
                zh_n[e.target] if e.target is not None else "", en_n[e.target] if e.target is not None else "",
                cards_zh(p), cards_en(p), word)


Line = Callable[[Event, Said], tuple[str, str]]
"""How an event of one kind reads: (中文, English), from the event and its names."""


class KindWords(NamedTuple):
    """A switch's own event kind, in its module (``SwitchInfo.events``): the kind's words (as
    ``CORE_WORDS`` gives the others') and the line a player reads (as ``core_line`` writes the others')."""

    zh: str
    en: str
    line: Line


def core_line(e: Event, n: Said) -> tuple[str, str]:
    """The line of an event of a kind the game or the match logs itself (``log_words.describe``)."""
    s_zh, s_en, t_zh, t_en, pz, pe, w = n
    p = e.play or ""
    k = e.kind
    if k == "lead":
        return f"{s_zh} {w} {pz}", f"{s_en} leads {pe}"
    if k == "follow":
        return f"{s_zh} {w} {pz}", f"{s_en} plays {pe}"
    if k == "pass":  # forced or chosen alike: a forced pass would tell what the seat holds (R5.6)
        return f"{s_zh} {w}", f"{s_en} passes"
    if k == "let":
        return f"{s_zh} {w}", f"{s_en} lets (让牌): the next two act first"
    if k == "dadian":
        return f"{s_zh} {w} {t_zh}", f"{s_en} answers the 够级 of {t_en} (打点)"
    if k == "fandadian":
        return f"{s_zh} {w} {t_zh}", f"{s_en} answers back (反打点) on {t_en}"
    if k == "shao":
        return f"{s_zh} {w}（捎）{t_zh}", f"{s_en} burns (烧/捎) the 够级 of {t_en}"
    if k == "fanshao":
        return f"{s_zh} {w}（反捎）{t_zh}", f"{s_en} burns back (反捎) {t_en}"
    if k == "jieshao":
        return f"{s_zh} {w}（解捎）{t_zh}", f"{s_en} undoes the burn of {t_en} (解捎)"
    if k == "shao-stands":
        return f"{s_zh} {w}（捎 {t_zh} 成立）", f"the burn of {s_en} on {t_en} stands"
    if k == "kill":
        return f"{s_zh} 大王{w} {t_zh}", f"{s_en} kills the big joker of {t_en} with two (大王二杀一)"
    if k == "kaidian":
        return f"{s_zh} {w}！", f"{s_en} opens the point (开点)!"
    if k == "giveup":
        return f"{s_zh} 出 4，{w}", f"{s_en} plays 4s and gives up 开点"
    if k == "natural":
        return f"{s_zh} {w}（自然开点）", f"{s_en} declares 自然开点 (no pure 够级牌 dealt)"
    if k == "men":
        return (f"{s_zh} {w} {t_zh}（亮 {pz}），{t_zh} {PLACE_ZH[e.value or 6]}",
                f"{s_en} shuts out (闷) {t_en}, who shows {pe}: {PLACE_EN[e.value or 6]}")
    if k == "no3":
        return f"{s_zh} {w}，{PLACE_ZH[e.value or 6]}", f"{s_en} holds no 3: {PLACE_EN[e.value or 6]}"
    if k == "out":
        return f"{s_zh} {PLACE_ZH[e.value or 1]}", f"{s_en} is out: {PLACE_EN[e.value or 1]}"
    if k == "round":
        return f"{w}：{s_zh} 发牌", f"new round: {s_en} leads"
    if k == "jiefeng":
        return f"{s_zh} {w}", f"{s_en} takes over the lead (接风)"
    if k == "luanchan":
        return f"{w}：不再够级、过牌不锁、不能让牌和烧牌", "四户乱缠: no more 够级, pass lock, 让牌 or burning"
    if k == "revolt":
        return f"{s_zh} {w}，本局不出牌", f"{s_en} declares 革命 and sits this game out"
    if k == "chongdian":
        sets = " → ".join(cards_en(x) for x in p.split())
        return (f"{s_zh} {w}：{' → '.join(cards_zh(x) for x in p.split())}，对家须依次全部打死",
                f"{s_en} charges the point (冲点) with {sets}: its 对家 must beat all three in turn")
    if k == "yaotou":
        return (f"{s_zh} {w}：前三次够级牌为够死级，只能被烧",
                f"{s_en} claims the head (要头): its first three 够级 plays are 够死级, answered only by burning")
    if k == "wutou":
        return (f"{s_zh} {w}：谁都可以接它的牌，它也可以接任何人",
                f"{s_en} declares 无头 (no head): anyone may answer its plays, and it may answer anyone")
    if k == "sijiji":
        return (f"{s_zh} {w}（第 {e.value}/3 次）：只能烧，不能打",
                f"{s_en} plays 够死级 ({e.value} of 3): only a burn may answer it")
    if k == "shao-ok":
        return f"{s_zh} {w}（烧 {t_zh}），得烧贡", f"{s_en}'s burn on {t_en} succeeds (烧成功): a 烧贡 is due"
    if k == "shao-fail":
        return (f"{s_zh} {w}（烧 {t_zh}）：大落，本局不再出牌",
                f"{s_en}'s burn on {t_en} fails (烧失败): last place (大落), it plays no more this game")
    if k == "hui":
        rank = cards_zh(p[:1])
        return f"{s_zh} {w}{rank}：{pz}", f"{s_en} leads the team's pooled {pe} (汇{rank})"
    if k == "deal":
        return f"第 {e.value} 局发牌，{s_zh} 先摸先出", f"game {e.value} is dealt; {s_en} draws and leads first"
    if k == "lot":
        return f"{w}：{s_zh} 开牌", f"by lot, {s_en} leads"
    if k == "choose-leader":
        return f"被串的联邦定 {t_zh} 开牌（汇5）", f"the beaten team chooses {t_en} to lead (汇5)"
    if k == "buy-offer":
        if e.target is None or e.seat is None or e.target == (e.seat + 3) % 6:
            return f"{s_zh} 用 {pz} 向对家买 {e.value}", f"{s_en} offers {pe} to its 对家 for a {e.value}"
        return f"{s_zh} 用 {pz} 向 {t_zh} 买 {e.value}", f"{s_en} offers {pe} to {t_en} for a {e.value}"
    if k == "ask3":
        return f"{s_zh} 给 {t_zh} 一张 3（{w}）", f"{s_en} gives {t_en} a 3 (要三: {t_en} had none to buy)"
    if k == "buy-accept":
        return f"{s_zh} 卖给 {t_zh} 一张 {e.value}", f"{s_en} sells a {e.value} to {t_en}"
    if k == "buy-refuse":
        return f"{s_zh} {w} {e.value}", f"{s_en} refuses to sell a {e.value}"
    if k == "no-buy":
        return f"{s_zh} {w} {e.value}", f"{s_en} does not buy a {e.value}"
    if k == "gift":
        return f"{s_zh} {w} {t_zh} 一张 {e.value}", f"{s_en} gives {t_en} a {e.value} (赠{e.value})"
    if k == "tribute":
        return f"{s_zh} 向 {t_zh} 进{e.tag} {pz}", f"{s_en} pays {t_en} {pe} ({e.tag})"
    if k == "tribute-skip":
        return f"{s_zh} 与 {t_zh} 同联邦，不进{e.tag}（{pz}）", f"{s_en} skips the {e.tag} to teammate {t_en} ({pe})"
    if k == "tribute-excused":
        return f"{s_zh} {w}，免{e.tag}", f"{s_en} is excused the {e.tag} to {t_en} (抗贡)"
    if k == "mian":
        return f"{s_zh} {w} {e.value} 张（{e.tag}）", f"{s_en} is excused {e.value} card(s) of {e.tag} (免贡)"
    if k == "kanggong":
        who, joker = ("全联邦", "R") if e.tag == "R" else ("自己", "B")
        return (f"{s_zh} 摸到四张{cards_zh(joker)}，抗贡（免{who}进贡）",
                f"{s_en} was dealt four {cards_en(joker)}s: 抗贡, "
                f"{'its team pays' if e.tag == 'R' else 'it pays'} no tribute")
    if k == "dian-choice":
        return ((f"{s_zh} 定：互进点贡", f"{s_en} chooses that both pay 点贡") if e.tag == "both"
                else (f"{s_zh} 定：互不进点贡", f"{s_en} chooses that neither pays 点贡"))
    if k == "game-over":
        return f"第 {e.value} 局结束", f"game {e.value} is over"
    if k == "match-over":
        return w, "the match is over"
    if k == "chuansan":
        return f"{w}！", f"串三家: team {(e.value or 0) + 1} takes the top three places"
    if k == "end":
        return w, "the game is over"
    return k, k
