"""The ``basic`` level: a rule-based player that knows the game (and the rollout policy of ``strong``).

It never lists the legal leads (a big hand has thousands): it builds the few plays its rules
want from the hand's structure and checks them with ``in``. Its rules, in the order they bite:

- 开点 first: a seat that may still 开点 keeps all its 4s; it leads them all on its 开点 chance or
  at once after 宣点; it leads a pure 够级 play when the 对家 probably cannot answer it.
- Going out: the last play before its 3s is made as strong as the hand allows (all 2s and jokers
  attached) and only when it probably stands, since a beaten last play is 闷 (R8.2).
- Leads are the weakest whole rank; answers are the cheapest play that spends neither a split
  rank nor 2s and jokers, unless the stakes pay for more (an opponent about to go out, a pure
  够级 of the 对头 that would 开点, a teammate's round to win back, a teammate's 让牌).
- Teammates are never beaten, except to go out safely. 让牌 is used whenever it would pass, and
  before spending more than a clean rank while its 下联 may still take the play.
- 捎 (烧牌) when 第十六条 allows and the 捎 play probably stands.
- In 四户乱缠 the same rules hold without the lock and 够级; the fewer cards an opponent has left,
  the more it spends to stop that opponent going out, which is what decides the places then.

The player is deterministic: the same view and legal actions give the same action, so it can
be tested for not depending on hidden cards and reproduced from any seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.engine import MatchView, Play, SeatView, is_pure_gouji, parse_cards, parse_play
from bot.engine.cards import ACE, BLACK, FIVE, FOUR, RED, THREE, TWO
from bot.engine.plays import GOUJI_MIN

from .situation import Situation

REASONS: dict[str, tuple[str, str]] = {
    "only": ("只有这一种出法", "the only action allowed"),
    "kaidian": ("一次发出全部 4：开点", "lead all your 4s now: 开点"),
    "pure-gouji": ("出纯够级牌，对头多半打不起，赢了这轮再发 4 开点",
                   "a pure 够级 play your 对头 probably cannot answer: win the round, then lead your 4s to 开点"),
    "duty": ("步步带王：发牌须带王，带最小的", "步步带王: every lead must carry a joker, so carry the cheapest"),
    "lead-low": ("先发最小的一门牌，大牌留着接牌", "lead your weakest rank; keep the strong cards to answer"),
    "lead-fours": ("已开不了点，先把 4 发掉", "开点 is out of reach: get rid of the 4s early"),
    "last-play": ("最后一手非 3 的牌带上 2 和王，压住了就能走 3", "your last play before the 3s, with every 2 and joker"
                  " attached so that it stands and you go out"),
    "go-out": ("这手压得住，出完只剩 3，下轮走牌", "this play should stand and leaves only 3s: you go out next"),
    "answer": ("用最省的牌接住对手", "beat the opponent with the cheapest play"),
    "dadian": ("打点：不让对头的够级牌成立", "打点: answer your 对头's 够级 so it does not stand"),
    "stop-kaidian": ("打点：对头的纯够级牌成立就能开点，必须打", "打点: your 对头's pure 够级 would give it 开点"),
    "stop-out": ("对手快出完了，花大牌也要压", "an opponent is about to go out: spend strong cards to stop it"),
    "protect": ("对手压了队友，把牌权夺回来", "an opponent beat your teammate: win the round back"),
    "for-mate": ("队友让牌给你，接住", "your teammate let the play to you: take it"),
    "shao": ("符合烧牌条件，烧对手的够级牌", "the 烧牌 (捎) conditions hold: burn the opponent's 够级"),
    "let": ("让牌：先看下家和下联要不要", "让牌: let your 下家 and 下联 act first"),
    "pass-mate": ("队友的牌，不压", "your teammate's play: let it stand"),
    "pass": ("不值得花牌去压", "not worth the cards to beat it"),
    "avoid-men": ("这是最后一手非 3 的牌，压不住会被闷，先不出", "this would be your last play before the 3s and could"
                  " be beaten (闷): hold it"),
    "buy3": ("没有 3 开局就是大落，用最小的牌买 3", "without a 3 you are 大落: buy one with your weakest card"),
    "buy4": ("买 4 才能开点", "a 4 is needed to 开点"),
    "no-buy": ("不值得买", "not worth the card"),
    "refuse": ("不卖给对头：他缺这张牌", "do not sell: your 对头 needs that card"),
    "revolt": ("没有 2 和王，牌太弱，革命坐四科", "no 2 or joker: too weak to play, so sit out at 四科 (革命)"),
    "no-revolt": ("牌还能打", "the hand is playable"),
    "declare": ("没有纯够级牌，宣点后发全部 4 就开点", "no pure 够级牌: declare, then lead all your 4s to 开点"),
    "no-declare": ("没有 4，宣点没用", "no 4 to lead, so declaring is pointless"),
    "tribute-both": ("我的进贡牌小，互进划算", "your tribute card is weak: swapping gains"),
    "tribute-none": ("我的进贡牌大，互不进", "your tribute card is strong: keep it"),
    "tribute-skip": ("同联邦不必进贡", "no need to pay a teammate"),
    "choose-leader": ("自己开牌", "lead yourself"),
    "search": ("模拟了多种可能的牌局，这样打平均得分更高", "over many sampled deals this scores better on average"),
}
"""Why ``basic`` chose what it chose, (中文, English): the 提示 button shows these."""

WILD_COST = {TWO: 2.0, BLACK: 3.0, RED: 4.5}
"""What attaching one 2, 小王 or 大王 costs the rest of the hand, in answer-cost units."""
ALLOW: dict[str, float] = {
    "answer": 1.0, "dadian": 2.5, "stop-kaidian": 8.0, "near-out": 6, "stop-out": 3.0, "for-mate": 4.0,
    "protect": 2.0,
}
"""The most an answer may cost (see ``cost``) by what is at stake: a plain answer to an opponent,
打点 on a 够级, 打点 that stops 开点, an opponent with at most ``near-out`` cards (the fewer, the
more), a teammate's 让牌, a round a teammate had won before an opponent beat it."""
SAFE = 0.3
"""A play that opponents beat with at most this probability counts as standing."""
GOUJI_MIN_RANK = min(GOUJI_MIN)
"""10: the weakest rank that can make 够级牌 on its own (R4.1)."""


class Choice(NamedTuple):
    action: str
    why: str
    """A key of ``REASONS``."""


class BasicPlayer:
    """The rule-based level. ``seed`` is accepted for the common factory and unused: it is deterministic."""

    level = "basic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: MatchView | SeatView, legal: Sequence[str]) -> str:
        return decide(view, legal).action


def decide(view: MatchView | SeatView, legal: Sequence[str]) -> Choice:
    """The basic choice, with its reason, for any decision of a match or game."""
    if not len(legal):
        raise ValueError("no legal action to choose from")
    if isinstance(view, MatchView):
        if view.phase == "play" and view.game is not None:
            return decide_play(Situation.from_view(view.game), legal)
        return decide_setup(view, legal)
    return decide_play(Situation.from_view(view), legal)


# ---------------------------------------------------------------------- before play
def decide_setup(view: MatchView, legal: Sequence[str]) -> Choice:
    """Buying, selling, 革命, 宣点, the 点贡 choice, tribute to a teammate, the leader after 串三家."""
    h = parse_cards(view.hand)
    kind = view.decision
    if kind == "buy-offer":
        rank = legal[0][3]
        wanted = rank == "3" or h[TWO] >= 2 or not _holds_pure(h)  # no 3 is 大落; a 4 is worth a spare 2
        for card in "2BR":
            action = f"buy{rank} {card}"
            if action in legal and wanted and (rank == "3" or card == "2"):
                return Choice(action, "buy" + rank)
        return Choice("no-buy", "no-buy")
    if kind == "buy-answer":
        return Choice("refuse", "refuse")
    if kind == "revolt":
        strong = sum(h[r] for r in range(GOUJI_MIN_RANK, ACE + 1))
        return Choice("revolt", "revolt") if strong < 8 else Choice("no-revolt", "no-revolt")
    if kind == "declare":
        return Choice("declare-natural", "declare") if h[FOUR] else Choice("no-declare", "no-declare")
    if kind == "dian-choice":
        return Choice("tribute-none", "tribute-none") if h[RED] or h[BLACK] else Choice("tribute-both", "tribute-both")
    if kind == "tribute-mate":
        return Choice("tribute-skip", "tribute-skip")
    if kind == "choose-leader":
        action = f"choose-leader {view.seat}"
        return Choice(action if action in legal else legal[0], "choose-leader")
    return Choice(legal[0], "only")


def _holds_pure(h: Sequence[int]) -> bool:
    return any(h[r] >= n for r, n in GOUJI_MIN.items())


# ---------------------------------------------------------------------- play
def decide_play(sit: Situation, legal: Sequence[str]) -> Choice:
    if len(legal) == 1:
        return Choice(legal[0], "only")
    if sit.top is None:
        return _lead(sit, legal)
    return _answer(sit, legal)


def may_kaidian(sit: Situation) -> bool:
    """Whether this seat can still 开点 some way (R7): it holds 4s and has neither 开点ed nor lost it,
    its 对家 still holds cards, and 二科 is not out; by 宣点, or by a pure 够级 play in force."""
    h, me = sit.hand, sit.seat
    if not h[FOUR] or sit.lost[me] or sit.kaidian[me] or not sit.counts[sit.opposite] or 2 in sit.places:
        return False
    return sit.natural[me] or (not sit.luanchan and sit.holding >= 5 and _holds_pure(h))


def groups_of(h: Sequence[int], with_fours: bool) -> list[int]:
    """The ranks that each need a play of their own, weakest first (2s and jokers attach to them)."""
    out = [FOUR] if with_fours and h[FOUR] else []
    return out + [r for r in range(FIVE, ACE + 1) if h[r]]


def wild_play(h: Sequence[int]) -> Play | None:
    """All 2s and jokers as one play (a play of 2s with jokers, or jokers alone)."""
    if h[TWO]:
        return Play(TWO, h[TWO], 0, h[BLACK], h[RED])
    if h[BLACK] or h[RED]:
        return Play(0, 0, 0, h[BLACK], h[RED])
    return None


def play_action(play: Play) -> str:
    return f"play {play}"


def _lead(sit: Situation, legal: Sequence[str]) -> Choice:
    h, me = sit.hand, sit.seat
    keep4 = may_kaidian(sit)
    if keep4 and (sit.kaidian_chance == me or sit.natural[me]):
        action = play_action(Play(FOUR, h[FOUR]))
        if action in legal:
            return Choice(action, "kaidian")
    if sit.duty[me] and (h[BLACK] or h[RED]):
        return _duty_lead(sit, legal)
    groups = groups_of(h, with_fours=False)
    wilds = wild_play(h)
    if keep4:
        after = len(groups) - 1 + (wilds is not None)  # what is left to follow the 4s, past the pure play
        for r in sorted((r for r, n in GOUJI_MIN.items() if h[r] >= n), reverse=True):
            play = Play(r, h[r])
            if after >= 1 and sit.risk(play, answering=False) <= SAFE:
                return Choice(play_action(play), "pure-gouji")
        if len(groups) + (wilds is not None) <= 2:
            keep4 = False  # too few plays left to follow 开点 safely: the 4s must not be the last play
    if h[FOUR] and not keep4:
        return Choice(play_action(Play(FOUR, h[FOUR])), "lead-fours")
    if not groups:
        assert wilds is not None  # not only 3s: len(legal) > 1
        return Choice(play_action(wilds), "last-play")
    if len(groups) == 1:
        r = groups[0]
        return Choice(play_action(Play(r, h[r], h[TWO], h[BLACK], h[RED])), "last-play")
    r = groups[0]
    return Choice(play_action(Play(r, h[r])), "lead-low")


def _duty_lead(sit: Situation, legal: Sequence[str]) -> Choice:
    """步步带王: the weakest rank with the cheapest joker, or all the 2s and jokers at the end."""
    h = sit.hand
    joker = (1, 0) if h[BLACK] else (0, 1)
    groups = groups_of(h, with_fours=False)
    if len(groups) == 1:
        r = groups[0]
        plays = [Play(r, h[r], h[TWO], h[BLACK], h[RED])]
    else:
        plays = [Play(r, h[r], 0, *joker) for r in groups]
    wilds = wild_play(h)
    if wilds is not None:
        plays.append(wilds)
    for play in plays:
        if play_action(play) in legal:
            return Choice(play_action(play), "duty")
    plays_of = getattr(legal, "plays", None)
    return Choice(play_action(plays_of()[0]) if plays_of else legal[0], "duty")


def legal_plays(legal: Sequence[str]) -> Sequence[Play]:
    plays = getattr(legal, "plays", None)
    if plays is not None:
        return plays()
    return [parse_play(a[5:]) for a in legal if a.startswith("play ")]


def cost(sit: Situation, play: Play, keep4: bool) -> float:
    """What a play spends of the hand's future: 2s and jokers, split ranks, high ranks, 4s kept for 开点."""
    h = sit.hand
    c = play.twos * WILD_COST[TWO] + play.black * WILD_COST[BLACK] + play.red * WILD_COST[RED]
    b = play.base
    if b == TWO:
        c += play.n * WILD_COST[TWO]
    elif b == FOUR:
        c += 50.0 if keep4 else 0.0
    elif b:
        c += (0.0 if h[b] == play.n else 1.0) + max(0, b - 10) * 0.4
    return c


def _answer(sit: Situation, legal: Sequence[str]) -> Choice:
    assert sit.top is not None
    top_seat, top = sit.top
    me = sit.seat
    can_let = "let" in legal
    plays = legal_plays(legal)
    keep4 = may_kaidian(sit)
    # the plays that finish (only 3s left) and probably stand come first: going out beats everything
    left = sum(sit.hand) - sit.hand[THREE]
    finishing = [p for p in plays if len(p) == left]
    for p in finishing:
        if sit.risk(p, answering=True) <= SAFE:
            return Choice(play_action(p), "go-out")
    plays = [p for p in plays if p not in finishing or not sit.hand[THREE]]  # a beaten last play is 闷
    if not plays:
        return _decline(can_let, "avoid-men" if finishing else "pass")
    if sit.is_mate(top_seat):
        return _decline(can_let, "pass-mate")
    if sit.top_gouji and sit.opposite != top_seat:  # only 捎 is possible
        for p in plays:
            if sit.risk(p, answering=True) <= SAFE:
                return Choice(play_action(p), "shao")
        return _decline(can_let, "pass")
    stakes = [(ALLOW["answer"], "answer")]
    if sit.top_gouji:  # 打点
        stop = not sit.kaidian[top_seat] and not sit.lost[top_seat] and is_pure_gouji(top, sit.rules)
        stakes.append((ALLOW["stop-kaidian"], "stop-kaidian") if stop else (ALLOW["dadian"], "dadian"))
    opp_left = sit.counts[top_seat]
    if opp_left and opp_left <= ALLOW["near-out"]:
        stakes.append((ALLOW["stop-out"] + ALLOW["near-out"] - opp_left, "stop-out"))
    if sit.let_by is not None and sit.is_mate(sit.let_by):
        stakes.append((ALLOW["for-mate"], "for-mate"))
    elif any(m not in (None, "pass", "let") for s, m in enumerate(sit.marks) if s != me and sit.is_mate(s)):
        stakes.append((ALLOW["protect"], "protect"))
    allowance, why = max(stakes)
    best = min(plays, key=lambda p: cost(sit, p, keep4))
    c = cost(sit, best, keep4)
    if can_let and c > 0.5 and not sit.top_gouji and sit.counts[(me + 2) % 6] and not sit.passed[(me + 2) % 6]:
        return Choice("let", "let")
    if c <= allowance:
        return Choice(play_action(best), why)
    return _decline(can_let, "pass")


def _decline(can_let: bool, why: str) -> Choice:
    """Pass — or 让牌 when allowed, which is never worse: if nobody beats the play, the turn comes back."""
    return Choice("let", "let") if can_let else Choice("pass", why)
