"""The bilingual vocabulary every front end shares: what the engine's actions are called on a
button, in a menu and in the terminal, what a seat is asked before play, and how a play reads.

One table per kind of word, so that the Discord panels, the terminal and the pictures call a
thing by one name ("卖给对家" everywhere, not "卖给他" in one place). The engine writes its own
log lines and refusal reasons (it imports nothing of ours); the switches' and presets' words live
beside the switches in ``bot.engine.rules``. A word that players type (过, 让, 提示) belongs to the
front end that reads it.

May import the engine only; the cogs, the terminal and ``render`` import it (``tests/test_layers.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from bot.engine import EVENT_WORDS, Event, EventKind, MatchView, opposite
from bot.engine.cards import cards_en, cards_zh


class ChoiceWords(NamedTuple):
    """An action that is not a play: its button words in Chinese and English (``label``, ``en``)
    and the sentence that explains it where there is room (``zh_help``, ``en_help``)."""

    label: str
    en: str
    zh_help: str
    en_help: str


ACTIONS: dict[str, ChoiceWords] = {
    "pass": ChoiceWords("过牌", "pass", "过", "pass"),
    "let": ChoiceWords("让牌", "let", "让牌：先看下家和下联要不要", "let your 下家 and 下联 act first"),
    "revolt": ChoiceWords("革命", "sit out", "革命：本局不出牌，算四科", "革命: sit this game out at 4th place"),
    "no-revolt": ChoiceWords("不革命", "play on", "不革命", "no 革命"),
    "declare-natural": ChoiceWords("宣点", "declare", "宣点：之后一次发全部 4 就是开点",
                                   "declare 自然开点: leading all your 4s later opens the point"),
    "no-declare": ChoiceWords("不宣点", "don't declare", "不宣点", "do not declare"),
    "no-buy": ChoiceWords("不买", "don't buy", "不买", "do not buy"),
    "accept": ChoiceWords("卖给对家", "sell", "卖给对家", "sell the card to your 对家"),
    "refuse": ChoiceWords("不卖", "refuse", "不卖", "refuse to sell"),
    "tribute-both": ChoiceWords("互进点贡", "both pay", "互进点贡", "both of you pay 点贡"),
    "tribute-none": ChoiceWords("互不进点贡", "neither pays", "互不进点贡", "neither pays 点贡"),
    "tribute-give": ChoiceWords("进贡给队友", "pay it", "进贡给队友", "pay the tribute to your teammate"),
    "tribute-skip": ChoiceWords("不进贡（同联邦）", "skip it", "不进贡（同联邦可以不进，大家会看到是哪几张）",
                                "skip it (teammates may; everyone sees which cards)"),
    "shangban": ChoiceWords("上班（亮同花4）", "show 4s", "上班：亮出同花色的 4，亮得最多的先出牌",
                            "上班: show your 4s of one suit; the most leads first"),
    "no-shangban": ChoiceWords("不上班", "don't show", "不上班（不亮 4）", "do not show your 4s"),
    "no-chongdian": ChoiceWords("不冲点", "no charge", "不冲点", "no 冲点"),
    "yaotou": ChoiceWords("要头", "claim the head", "要头：你前三次够级牌是够死级，只能被烧",
                          "claim the head: your first three 够级 plays are 够死级, answered only by burning"),
    "wutou": ChoiceWords("无头", "no head", "无头：谁都可以接你的牌，你也可以接任何人",
                         "no head: anyone may answer your plays, and you anyone's"),
}
"""The engine's actions that are not plays; ``play``, ``buy3``/``buy4``, ``choose-leader`` and
``chongdian`` carry an argument and are spelled by ``choice_words``."""

AI_LEVELS: dict[str, str] = {"random": "随机", "basic": "普通", "strong": "高手"}
"""The AI levels a table offers (``bot.ai.LEVELS``) by the names players know them by: the choices
of ``/gouji open`` on a Chinese client, and the AI rows of the league."""


def ai_name(level: str) -> str:
    """What the league calls the rated AI of a level: AI 普通."""
    return f"AI {AI_LEVELS.get(level, level)}"



def play_words(play: str, en: bool = False) -> str:
    """A play as a short line of text for captions and menus: ``KK2`` reads "K×2 + 2", ``BBB`` "小王×3"
    (``en``: "small joker×3", for an English half)."""
    name = cards_en if en else cards_zh
    parts = []
    for ch in dict.fromkeys(play):
        n = play.count(ch)
        parts.append(name(ch) + (f"×{n}" if n > 1 else ""))
    return " + ".join(parts)


def choice_words(action: str) -> ChoiceWords:
    """The words of any action: the table above, or spelled from its argument (``buy3 2`` reads
    用2买3 · buy a 3)."""
    word, _, arg = action.partition(" ")
    if word == "play":
        return ChoiceWords(play_words(arg), play_words(arg, en=True), play_words(arg), play_words(arg, en=True))
    if word in ("buy3", "buy4") and arg:
        zh, rank = cards_zh(arg), word[-1]
        return ChoiceWords(f"用{zh}买{rank}", f"buy a {rank}", f"用 {zh} 买一张 {rank}",
                           f"offer {cards_en(arg)} for a {rank}")
    if word == "choose-leader" and arg:
        seat = int(arg) + 1
        return ChoiceWords(f"{seat}号位开牌", f"seat {seat} leads", f"{seat}号位 开牌", f"seat {seat} leads")
    if word == "chongdian" and arg:
        ranks = "→".join(cards_zh(r) for r in arg)
        return ChoiceWords(f"冲点 {ranks}", "charge", f"冲点：依次打出 {ranks}",
                           f"冲点 with {'→'.join(cards_en(r) for r in arg)}, in this order")
    return ACTIONS.get(action, ChoiceWords(action, action, action, action))


def decision_words(action: str, mv: MatchView | None = None) -> ChoiceWords:
    """A choice before play as the seat deciding (``mv``) sees it: ``choice_words``, except that a
    tribute to a teammate names its cards on the button (进贡 1 张 大王)."""
    owed = mv.owed if mv is not None else None
    if owed is not None and action == "tribute-give":
        zh, en = cards_zh(owed[1]), cards_en(owed[1])
        return ChoiceWords(f"进贡 {len(owed[1])} 张 {zh}", "pay it", f"进贡 {zh}", f"pay {en}")
    if owed is not None and action == "tribute-skip":
        return ChoiceWords("不进（同联邦）", "skip it", ACTIONS[action].zh_help, ACTIONS[action].en_help)
    return choice_words(action)


def chong_sets(arg: str, hand: str) -> list[str]:
    """The three sets of ``chongdian AKQ`` as cards: every card of each rank the 革命 hand holds (R14.6)."""
    return [rank * hand.count(rank) for rank in arg]


KIND_TAGS: dict[str, tuple[str, str]] = {
    "shao": (f"🔥 {EVENT_WORDS[EventKind.SHAO][0]}", "burn"), "dadian": (EVENT_WORDS[EventKind.DADIAN][0], "answer"),
    "kill": (f"大王{EVENT_WORDS[EventKind.KILL][0]}", "kill"),
    "chong": (f"打{EVENT_WORDS[EventKind.CHONGDIAN][0]}", "answer the 冲点"),
}
"""How a menu tags a play of each kind (``Game.action_kind``), in the words of the event it makes
(``EVENT_WORDS``); other plays may say 够级牌."""

BURN_NOTE = ("🔥 烧牌后每次发牌须带小王或大王（最后一手除外），做不到即烧失败、大落",
             "after burning every lead must carry a joker (except your last): failing that, the burn fails and you"
             " are 大落")
"""Said beside the burns a seat may make where 烧牌 comes first (R14.2): breaking the duty costs the game."""

DECISION_PROMPTS: dict[str, tuple[str, str]] = {
    "buy-offer": ("缺3或4：用一张 2 或王向对家买", "you lack a 3 or 4: offer your 对家 a 2 or joker for one"),
    "buy-answer": ("对家要买你的牌：卖不卖？", "your 对家 offers to buy a card: sell or refuse?"),
    "revolt": ("你手里没有 2、小王、大王：革命（本局不出牌，算四科）吗？",
               "you hold no 2, small joker or big joker: declare 革命 and sit this game out at 4th place?"),
    "declare": ("你没有纯够级牌：宣点（自然开点）吗？之后一次发全部 4 就是开点",
                "you hold no pure 够级 set: declare 自然开点? Leading all your 4s later opens the point"),
    "choose-leader": ("被串三家：由你定本联邦谁开牌（汇5）", "after 串三家 you name your team's leader (汇5)"),
    "shangban": ("上班：亮出你同花色的4（至少两张）吗？亮得最多的先出牌，一样多时先亮的先出",
                 "上班: show your 4s of one suit (two or more)? The most leads first; on a tie, the first to show"),
    "chongdian": ("你革命了：冲点吗？三套够级牌依次打出，对家须全部打死，否则你开点",
                  "you sit in 革命: 冲点? Three 够级 sets in turn; unless your 对家 beats all three, you 开点"),
    "yaotou": ("对家革命了：要头（你前三次够级牌是够死级，只能被烧）还是无头（谁都可以接，你也可以接任何人）？",
               "your 对家 sits in 革命: 要头 (your first three 够级 plays are 够死级, only a burn answers them) "
               "or 无头 (anyone answers anyone)?"),
}
"""What a seat is asked before play (``MatchView.decision``), said to the seat deciding; buying is
spelled with its card by ``decision_prompt``."""


def pending_offer(events: Sequence[Event], seat: int) -> tuple[int, str, str] | None:
    """The last offer to buy from ``seat`` as the public log has it: (buyer, card offered, rank
    wanted). An offer goes to the buyer's 对家 unless the log names the seller."""
    for e in reversed(events):
        if e.kind == "buy-offer" and e.seat is not None:
            seller = e.target if e.target is not None else opposite(e.seat)
            if seller == seat:
                return e.seat, e.play or "", str(e.value)
    return None


def decision_prompt(mv: MatchView, name: Callable[[int], tuple[str, str]]) -> tuple[str, str]:
    """What the seat of ``mv`` is asked now, in Chinese and English, naming the counterpart and the
    card; ``name`` says what a front end calls another seat (Chinese, English) — 对家 李四（4号位）
    on Discord, 对家4号 at the terminal."""
    decision, seat = mv.decision or "", mv.seat
    if decision == "buy-offer":
        rank = "/".join(sorted({str(a).split()[0][3:] for a in mv.legal if str(a).startswith("buy")})) or "3"
        if "no-buy" not in mv.legal:  # 买三 (R14.5): a must
            return (f"你没摸到 {rank}：须用摸到的一张 2、小王或大王买一张 {rank}（买三，卖方必须卖）",
                    f"you were dealt no {rank}: you must buy one with a dealt 2, small joker or big joker (买三; the"
                    " seller must sell)")
        zh, en = name(opposite(seat))
        return (f"你没摸到 {rank}：用一张摸到的 2 或王向 {zh} 买一张 {rank} 吗？",
                f"you were dealt no {rank}: offer your 对家 {en} a dealt 2 or joker for a {rank}?")
    if decision == "buy-answer" and (offer := pending_offer(mv.events, seat)) is not None:
        buyer, card, rank = offer
        zh, en = name(buyer)
        return (f"{zh} 用 {cards_zh(card)} 向你买一张 {rank}：卖不卖？",
                f"{en} offers {cards_en(card)} for one of your {rank}s: sell or refuse?")
    if decision == "tribute-mate" and mv.owed is not None:
        taker, cards, tag = mv.owed
        zh, en = name(taker)
        return (f"给 {zh} {tag} {len(cards)} 张 {cards_zh(cards)}：进，还是不进？"
                "（同联邦可以不进，大家会看到是哪几张）",
                f"you owe {en} {tag}, {len(cards)} card{'s' if len(cards) > 1 else ''} ({cards_en(cards)}): pay it,"
                " or skip it? (teammates may skip; everyone sees which cards)")
    if decision == "dian-choice":
        zh, en = name(opposite(seat))
        return (f"与 {zh} 定点贡：互进，还是互不进？（上局你们两家都没开点）",
                f"点贡 with your 对家 {en}: do both of you pay, or neither? (neither of you opened the point last"
                " game)")
    return DECISION_PROMPTS.get(decision, (decision, decision))


NO_THREE_PLAYING = ("你没有 3：已是{place}，照样为联邦出牌，直到出完",
                    "you hold no 3: your place is {place} already, and you play on for your team until "
                    "your cards are gone")
"""第二十六条, said to the seat itself in play: 大落 already for want of a 3, it plays on."""
NO_THREE_BUY = ("⚠️ 你没有 3：不买到一张，开牌后就是大落（照样为联邦出牌）",
                "you hold no 3: unless you buy one, you are 大落 once play starts (and play on for your team)")
"""第二十六条, said while 3s are bought to a seat that has none."""
