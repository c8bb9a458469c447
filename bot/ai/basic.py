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
- 闷 guard: an answer that would leave one play before the 3s that opponents probably beat
  (``MEN_SAFE``) is declined — that play would have to be led and be 闷ed. The players' ``basic``
  (``keep_last``) also declines an answer spending the 2s, jokers or top rank that the last play before
  the 3s needs to stand (``_KeepsLast``); the rules as ``strong`` searches with them do not.
- A pure 够级 set is not broken to answer (``BREAK`` in ``cost``) while 够级 still matters.
- Teammates are never beaten, except to go out safely. 让牌 is used whenever it would pass, and
  before spending more than a clean rank while its 下联 may still take the play.
- 捎 (烧牌) when 第十六条 allows and the 捎 play probably stands.
- In 四户乱缠 the same rules hold without the lock and 够级; the fewer cards an opponent has left,
  the more it spends to stop that opponent going out, which is what decides the places then.

Under ``classic`` (R14) 开点 needs no 4s, so the 4s are led like any weak rank, and a 够级 play that
would open (no joker, not a lone 2) is led — or answered with — when it probably stands, until the
seat has 开点ed. Any seat but the 对头 may burn (R14.2), so the odds of a 够级 play standing count
every opponent. A burn is made only when the seat's jokers then cover every lead to come but the one
that empties its hand (``burn_ok``): breaking that duty is 烧失败, 大落; a burning seat leads its cheapest
rank with one joker and its strongest rank last (or, without 3s, its 4s, which carry nothing).
Before play it shows its 4s (上班), pays a 2 for a compulsory 3, and — measured against the
alternatives — 革命s without 2s or jokers, always 冲点s, answers 冲点 only when all three sets
are cheap to beat, and says 要头 only when it holds no joker (``yaotou_pays``). Its 够死级 plays
(R14.7) are played by the usual rules, with the odds that they stand as only a burn can answer them
(``DEAD_BURN`` in ``situation``): leading them early, answering with them whenever they are cheap,
or keeping them back all measured worse, as variants played on the deals of ``python -m bot.bench
yaotou`` (figures in the README).

The player is deterministic: the same view and legal actions give the same action, so it can
be tested for not depending on hidden cards and reproduced from any seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from bot.engine import MatchView, Play, Ruleset, SeatView, is_pure_gouji, parse_cards, parse_play
from bot.engine.actions import Action
from bot.engine.cards import ACE, BLACK, FIVE, FOUR, PER_DECKS, RED, THREE, TWO
from bot.engine.moves import answers
from bot.engine.plays import GOUJI_MIN
from bot.engine.rules import burn_priority, kaidian_without_fours

from .situation import Situation, opening, rules_of

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
    "let": ("不值得花牌去压，先让下家和下联看看，没人要再轮到你",
            "not worth your cards yet: 下家 and 下联 act first, and it comes back to you if nobody takes it"),
    "pass-mate": ("队友的牌，不压", "your teammate's play: let it stand"),
    "pass": ("不值得花牌去压", "not worth the cards to beat it"),
    "avoid-men": ("3 前的最后一手要压得住，不然会被闷：这手先不出",
                  "your last play before the 3s must stand, or you are 闷ed: hold this one"),
    "buy3": ("没有 3 开局就是大落，用最小的牌买 3", "without a 3 you are 大落: buy one with your weakest card"),
    "buy4": ("买 4 才能开点", "a 4 is needed to 开点"),
    "no-buy": ("不值得买", "not worth the card"),
    "refuse": ("对头缺这张牌，不帮他", "your 对头 needs that card: do not help it"),
    "revolt": ("没有 2 和王，牌太弱，革命坐四科", "no 2 or joker: too weak to play, so sit out at 四科 (革命)"),
    "declare": ("没有纯够级牌，宣点后发全部 4 就开点", "no pure 够级牌: declare, then lead all your 4s to 开点"),
    "no-declare": ("没有 4，宣点没用", "no 4 to lead, so declaring is pointless"),
    "tribute-both": ("我的进贡牌小，互进划算", "your tribute card is weak: swapping gains"),
    "tribute-none": ("我的进贡牌大，互不进", "your tribute card is strong: keep it"),
    "tribute-skip": ("同联邦不必进贡", "no need to pay a teammate"),
    "choose-leader": ("自己开牌", "lead yourself"),
    "search": ("模拟了多种可能的牌局，这样打平均得分更高", "over many sampled deals this scores better on average"),
    "distil-lead": ("照高手的打法：模拟表明这样开牌平均得分更高",
                    "as strong plays it: its searches find this lead scores more"),
    "distil-answer": ("照高手的打法：模拟表明这时接牌比不接平均得分更高",
                      "as strong plays it: its searches find answering here scores more than holding back"),
    "distil-decline": ("照高手的打法：模拟表明这时不接、留着牌平均得分更高",
                       "as strong plays it: its searches find keeping your cards here scores more than answering"),
    "keep-set": ("不拆够级牌去接：整套留着开点、打对头", "do not break a 够级 set to answer: keep it whole for 开点 and"
                 " the 对头 war"),
    # classic (R14)
    "open": ("出够级牌：没人压得住、赢下这轮就开点（不用 4）",
             "a 够级 play nobody is likely to beat: winning the round with it is 开点 (no 4s needed)"),
    "open-answer": ("用够级牌接：这轮赢了就开点", "answer with a 够级 play: if it wins the round, that is 开点"),
    "burn": ("烧牌：烧完剩下的王够每次发牌带，这手压得住",
             "burn (烧牌): your jokers then cover every lead to come, and this play should stand"),
    "no-burn": ("王不够以后每次发牌带，烧了会烧失败（大落），不烧",
                "too few jokers to carry every later lead: a burn would fail (烧失败, 大落)"),
    "burn-lead": ("烧牌中：每次发牌带王，先出最小的，只有出完手牌的最后一手不用带",
                  "burning: every lead carries a joker, the cheapest first; only the one that empties "
                  "your hand needs none"),
    "burn-keep": ("烧牌中：接牌不能花掉后面要带的王", "burning: do not spend the jokers your later leads need"),
    "jieshao": ("压住烧牌的人：解烧", "beat the burner's play: the burn is undone (解烧)"),
    "chong-beat": ("冲点：三套都能便宜地压住，压住就是我开点",
                   "冲点: you can beat all three sets cheaply, and then you 开点"),
    "chong-pass": ("冲点：三套压不全或太贵，不打，省下大牌比开点更值",
                   "冲点: you cannot beat all three sets, or only with strong cards worth more than 开点: keep them"),
    "shangban": ("亮 4 上班：先发牌占主动", "show your 4s (上班): leading first sets the pace"),
    "chongdian": ("对家要么不打、我方开点，要么花掉大牌去压；选对家最难全压住的三套",
                  "your 对家 either lets your side 开点 or spends its strong cards on the sets; "
                  "these three are the hardest to beat"),
    "no-chongdian": ("不能冲点", "no 冲点 to make"),
    "wutou": ("有王，随时都能接任何人的牌，比三手够死级更值（要头时只能烧牌接够级）",
              "with jokers, answering anyone at any time is worth more than three 够死级 plays (要头 answers "
              "够级 only by burning)"),
    "yaotou": ("没有王，无头也管不了几手够级；要头则前三手够级牌除了烧牌没人能管（够死级）",
               "without a joker 无头 would beat few 够级 plays anyway; with 要头 your first three 够级 plays can "
               "only be burned (够死级)"),
    "buy3-classic": ("买三是必须的：付 2，王留着", "buying a 3 is compulsory here: pay a 2 and keep the jokers"),
    "revolt-chong": ("没有 2 和王，但有三套级牌：革命后冲点", "no 2 or joker, but three 够级 sets: 革命, then 冲点"),
}
"""Why ``basic`` chose what it chose, (中文, English): the 提示 button shows these."""

WILD_COST = {TWO: 2.0, BLACK: 3.0, RED: 4.5}
"""What attaching one 2, 小王 or 大王 costs the rest of the hand, in answer-cost units."""
ALLOW: dict[str, float] = {
    "answer": 0.99, "dadian": 2.59, "stop-kaidian": 8.0, "near-out": 6, "stop-out": 3.67, "for-mate": 4.13,
    "protect": 1.89, "open": 4.52, "burn": 3.01, "burn-stop": 5.0, "jieshao": 3.5, "chong": 6.0,
}
"""The most an answer may cost (see ``cost``) by what is at stake: a plain answer to an opponent,
打点 on a 够级, 打点 that stops 开点, an opponent with at most ``near-out`` cards (the fewer, the
more), a teammate's 让牌, a round a teammate had won before an opponent beat it; in classic: a play
that would 开点, a burn, a burn that stops an opponent's 开点, beating a burner, the three 冲点 sets.
``answer`` … ``burn`` and the four weights below are tuned by ``bot.ai.tune`` (60 SPSA steps of 48
games, seed 17; checked on 400 other games per preset against the hand-set weights: +0.12 ± 0.20
points/game under dagang, +0.34 ± 0.32 under classic)."""
BREAK = 1.56
"""What breaking a pure 够级 set costs (``breaks_set``): the set is worth 开点 and the 对头 war whole."""
SAFE = 0.30
"""A play that opponents beat with at most this probability counts as standing."""
KAI_SAFE = 0.28
"""dagang: the most risk a pure 够级 lead may run for 开点 (0.5 measured worse; answering with a whole
pure set for 开点 measured no better either, so ``basic`` does not)."""
MEN_GUARD = True
"""Decline an answer that leaves a lone last play before the 3s beaten with more than ``MEN_SAFE``."""
MEN_SAFE = 0.39


class Choice(NamedTuple):
    action: str
    why: str
    """A key of ``REASONS``."""


class RulesPlayer:
    """The rules of thumb alone: ``basic`` before its distilled overrides (``bot.ai.distil``), the policy of
    ``strong``'s rollouts and of the self-play its models learn from, and the arena's ``rules``. ``seed`` is
    accepted for the common factory and unused: it is deterministic."""

    level = "rules"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: MatchView | SeatView, legal: Sequence[str]) -> str:
        return decide(view, legal).action


def decide(view: MatchView | SeatView, legal: Sequence[str],
           in_play: Callable[[Situation, Sequence[str]], Choice] | None = None) -> Choice:
    """The rules' choice, with its reason, for any decision of a match or game; ``in_play`` decides in
    play instead of the rules (``distil.decide_distilled``: the players' ``basic``)."""
    if not len(legal):
        raise ValueError("no legal action to choose from")
    play = in_play or decide_play
    if isinstance(view, MatchView):
        if view.phase == "play" and view.game is not None:
            return play(Situation.from_view(view.game), legal)
        return decide_setup(view, legal)
    return play(Situation.from_view(view), legal)


# ---------------------------------------------------------------------- before play
def decide_setup(view: MatchView, legal: Sequence[str]) -> Choice:
    """Buying, selling, 革命, 宣点, the 点贡 choice, tribute to a teammate, the leader after 串三家."""
    h = parse_cards(view.hand)
    kind = view.decision
    if kind == "buy-offer":
        rank = legal[0][3]
        if "no-buy" not in legal:  # classic: buying is compulsory (R14.5); a 2 is the cheapest to pay
            return Choice(next(f"buy{rank} {c}" for c in "2BR" if f"buy{rank} {c}" in legal), "buy3-classic")
        wanted = rank == "3" or h[TWO] >= 2 or not _holds_pure(h)  # no 3 is 大落; a 4 is worth a spare 2
        for card in "2BR":
            action = f"buy{rank} {card}"
            if action in legal and wanted and (rank == "3" or card == "2"):
                return Choice(action, "buy" + rank)
        return Choice("no-buy", "no-buy")
    if kind == "buy-answer":
        return Choice("refuse", "refuse")
    if kind == "revolt":  # without 2s and jokers a hand places low: 四科 (0) is worth more, measured
        if _chongdian_on(view) and len(gouji_sets(h)) >= 3:  # R14.6: the 冲点 chance comes with it
            return Choice("revolt", "revolt-chong")
        return Choice("revolt", "revolt")
    if kind == "shangban":
        return Choice("shangban", "shangban")
    if kind == "chongdian":
        return _chongdian(view, legal, h)
    if kind == "yaotou":
        return Choice("yaotou", "yaotou") if yaotou_pays(h) else Choice("wutou", "wutou")
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


def yaotou_pays(h: Sequence[int]) -> bool:
    """R14.7: whether the 对头 of a 革命 seat holding ``h`` should say 要头 rather than 无头: when it
    holds no 小王 or 大王.

    无头's worth is answering anyone's 够级 plays at any time; 要头 gives that up until three 够级
    plays of its own have been made, which only a burn answers (够死级). Without a joker the head can
    beat few 够级 plays anyway — and none that carries a joker — so it gives up little for the three
    plays that stand. Measured with ``python -m bot.bench yaotou`` (each deal declared both ways, five
    samples of about 800 deals): 要头 − 无头 for the head's team is behind with any number of jokers
    and ahead, or level, only with none (figures in the README)."""
    return not (h[BLACK] or h[RED])


def _holds_pure(h: Sequence[int]) -> bool:
    return any(h[r] >= n for r, n in GOUJI_MIN.items())


def _chongdian_on(view: MatchView) -> bool:
    return rules_of(view.rules).chongdian


def gouji_sets(h: Sequence[int]) -> list[Play]:
    """The hand's pure 够级 sets, one per rank 10…A held in 够级 number, strongest first."""
    return [Play(r, h[r]) for r in sorted(GOUJI_MIN, reverse=True) if h[r] >= GOUJI_MIN[r]]


CHONG_DEALS = 200
"""Hands dealt to the 对家 to judge a 冲点 (R14.6)."""


def _chongdian(view: MatchView, legal: Sequence[str], h: Sequence[int]) -> Choice:
    """R14.6: 冲点, always, with the three sets the 对家 is least likely to beat all of.

    Measured over basic's games: 冲点 gains the 革命 team about a point a game whatever the sets, since
    the 对家 either lets this side 开点 or spends its 2s and jokers on the sets. The 对家's hand is dealt
    ``CHONG_DEALS`` times (seeded by this hand: the choice is deterministic) from the cards this
    seat does not hold, and beats the sets in turn with its cheapest answers."""
    pool = [r for r in range(RED + 1) for _ in range(PER_DECKS.get(r, 0) - h[r])]
    c = min(view.counts[(view.seat + 3) % 6] or 36, len(pool))
    rules = rules_of({"name": "classic"})
    rng = random.Random(view.hand)
    deals = []
    for _ in range(CHONG_DEALS):
        hand = [0] * (RED + 1)
        for r in rng.sample(pool, c):
            hand[r] += 1
        deals.append(hand)
    best, odds = None, 2.0
    for action in legal:
        if action.startswith("chongdian "):
            ranks = parse_cards(action.split()[1])
            sets = [Play(r, h[r]) for r in range(RED, -1, -1) if ranks[r]]
            p = sum(beats_all(d, sets, rules) is not None for d in deals) / len(deals)
            if p < odds:
                best, odds = action, p
    return Choice(best, "chongdian") if best is not None else Choice("no-chongdian", "no-chongdian")


def beats_all(hand: Sequence[int], sets: Sequence[Play], rules: Ruleset) -> tuple[list[Play], float] | None:
    """The cheapest answers of ``hand`` to each of ``sets`` in turn (冲点, R14.6) and their cost (see
    ``cost``), or None when some set cannot be beaten."""
    hand = list(hand)
    out, total = [], 0.0
    for s in sets:
        options = [p for p in answers(hand, s, rules) if not p.is_threes]
        if not options:
            return None
        p = min(options, key=lambda p: _hand_cost(hand, p))
        total += _hand_cost(hand, p)
        out.append(p)
        hand = after(hand, p)
    return out, total


# ---------------------------------------------------------------------- play
def decide_play(sit: Situation, legal: Sequence[str], keep_last: bool = False) -> Choice:
    """The rules' choice in play. ``keep_last``: answers also keep what the last play before the 3s needs
    (``_KeepsLast``) — the players' ``basic`` does (``distil.decide_distilled``); the rules as ``strong``
    searches with them and as the distilled model was trained on them do not."""
    if len(legal) == 1:
        return Choice(legal[0], "only")
    if sit.top is None:
        return _lead(sit, legal)
    return _answer(sit, legal, keep_last)


def may_kaidian(sit: Situation) -> bool:
    """Whether this seat can still 开点 by leading 4s (R7): it holds 4s and has neither 开点ed nor lost
    it, its 对家 still holds cards, and 二科 is not out; by 宣点, or (大纲) by a pure 够级 play in force.
    In classic (R14.1) the 4s matter only after 宣点 (R14.3): a 够级 play opens without them."""
    h, me = sit.hand, sit.seat
    if not h[FOUR] or sit.lost[me] or sit.kaidian[me] or not sit.counts[sit.opposite] or 2 in sit.places:
        return False
    if kaidian_without_fours.played(sit.rules):
        return sit.natural[me]
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
    """The action of a play, carrying the play itself so that acting needs no parsing (issue 15)."""
    return Action.of_play(play)


def after(h: Sequence[int], play: Play) -> list[int]:
    """The hand once ``play`` has left it."""
    out = list(h)
    for r, n in enumerate(play.counts()):
        out[r] -= n
    return out


def burn_ok(h: Sequence[int]) -> bool:
    """R14.2: whether a burner holding ``h`` can lead a 小王/大王 every time until only the lead that
    empties its hand is left (under 憋3 that is its 3s, so every non-3 lead needs a joker).

    2s attach to any rank, so each rank 5…A needs a joker, and 2s with no rank to ride on need one;
    4s carry nothing (R2.4), so they can only be the lead that empties a hand without 3s. Without
    3s that last lead is free: the last rank takes what is left."""
    jokers = h[BLACK] + h[RED]
    ranks = sum(1 for r in range(FIVE, ACE + 1) if h[r])
    need = max(ranks, 1 if h[TWO] and not ranks else 0)
    if h[THREE]:
        return not h[FOUR] and jokers >= need
    if h[FOUR]:
        return jokers >= need
    return jokers >= ranks - 1


def burn_lead(h: Sequence[int]) -> Play | None:
    """The next lead of a burner by the plan of ``burn_ok``: the weakest rank with the cheapest
    joker; the strongest rank with every 2 and joker left last — or, holding 4s and no 3, those
    last and everything else before them. None when only 3s are left."""
    ranks = [r for r in range(FIVE, ACE + 1) if h[r]]
    joker = (1, 0) if h[BLACK] else (0, 1)
    if h[FOUR] and not h[THREE]:
        if len(ranks) > 1:
            return Play(ranks[0], h[ranks[0]], 0, *joker)
        if ranks:  # the last play before the 4s takes every 2 and joker
            return Play(ranks[0], h[ranks[0]], h[TWO], h[BLACK], h[RED])
        return wild_play(h) or Play(FOUR, h[FOUR])
    if len(ranks) > 1:
        return Play(ranks[0], h[ranks[0]], 0, *joker)
    if ranks:
        return Play(ranks[0], h[ranks[0]], h[TWO], h[BLACK], h[RED])
    return wild_play(h)


def _lead(sit: Situation, legal: Sequence[str]) -> Choice:
    h, me = sit.hand, sit.seat
    keep4 = may_kaidian(sit)
    if keep4 and (sit.kaidian_chance == me or sit.natural[me]):
        action = play_action(Play(FOUR, h[FOUR]))
        if action in legal:
            return Choice(action, "kaidian")
    if sit.burner:
        return _burn_lead(sit, legal)
    if sit.duty[me] and (h[BLACK] or h[RED]):
        return _duty_lead(sit, legal)
    groups = groups_of(h, with_fours=False)
    wilds = wild_play(h)
    if kaidian_without_fours.played(sit.rules):
        choice = _classic_gouji_lead(sit, legal, groups, wilds)
        if choice is not None:
            return choice
    elif keep4:
        after_plays = len(groups) - 1 + (wilds is not None)  # what is left to follow the 4s, past the pure play
        for r in sorted((r for r, n in GOUJI_MIN.items() if h[r] >= n), reverse=True):
            play = Play(r, h[r])
            if after_plays >= 1 and sit.risk(play, answering=False) <= KAI_SAFE:
                return Choice(play_action(play), "pure-gouji")
        if len(groups) + (wilds is not None) <= 2:
            keep4 = False  # too few plays left to follow 开点 safely: the 4s must not be the last play
    fours = play_action(Play(FOUR, h[FOUR])) if h[FOUR] and not keep4 else None
    if fours is not None and fours in legal:  # in classic the 4s are just the weakest rank (R14.1); 冲三 may bar them
        return Choice(fours, "lead-low" if kaidian_without_fours.played(sit.rules) else "lead-fours")
    if not groups:
        assert wilds is not None  # not only 3s: len(legal) > 1
        return Choice(play_action(wilds), "last-play")
    if len(groups) == 1:
        r = groups[0]
        return Choice(play_action(Play(r, h[r], h[TWO], h[BLACK], h[RED])), "last-play")
    r = groups[0]
    return Choice(play_action(Play(r, h[r])), "lead-low")


def _classic_gouji_lead(sit: Situation, legal: Sequence[str], groups: list[int], wilds: Play | None) -> Choice | None:
    """classic: the cheapest 够级 play that probably stands while it would open (R14.1), and never
    the hand's last before its 3s (that is the going-out rule's).

    Not for 够死级 (R14.7): leading the 要头 seat's 够级 sets early to use them measured worse than
    leading as usual (README: 要头/无头)."""
    h, me = sit.hand, sit.seat
    if sit.luanchan or len(groups) + (wilds is not None) + (h[FOUR] > 0) < 2:
        return None
    if sit.kaidian[me] or sit.lost[me]:
        return None
    plays = []
    for r, need in GOUJI_MIN.items():
        if h[r] >= need:
            plays.append(Play(r, h[r]))
        elif h[r] and h[r] + h[TWO] >= need:
            plays.append(Play(r, h[r], need - h[r]))
    if h[TWO] >= 2:
        plays.append(Play(TWO, h[TWO]))
    best: tuple[float, Play] | None = None
    for p in plays:
        if not sit.opens(p) or sit.risk(p, answering=False) > SAFE:
            continue
        c = cost(sit, p, False)
        if c <= ALLOW["open"] and (best is None or c < best[0]):
            best = (c, p)
    if best is None or play_action(best[1]) not in legal:
        return None
    return Choice(play_action(best[1]), "open")


def _burn_lead(sit: Situation, legal: Sequence[str]) -> Choice:
    """R14.2: a burner's lead carries a joker — the cheapest rank with the cheapest joker — but its last."""
    play = burn_lead(sit.hand)
    if play is not None and play_action(play) in legal:
        return Choice(play_action(play), "burn-lead")
    return _duty_lead(sit, legal)


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
            return Choice(play_action(play), "burn-lead" if sit.burner else "duty")
    plays_of = getattr(legal, "plays", None)
    return Choice(play_action(plays_of()[0]) if plays_of else legal[0], "burn-lead" if sit.burner else "duty")


def legal_plays(legal: Sequence[str]) -> Sequence[Play]:
    plays = getattr(legal, "plays", None)
    if plays is not None:
        listed: Sequence[Play] = plays()
        return listed
    return [parse_play(a[5:]) for a in legal if a.startswith("play ")]


def cost(sit: Situation, play: Play, keep4: bool) -> float:
    """What a play spends of the hand's future: 2s and jokers, split ranks, high ranks, 4s kept for 开点,
    and a pure 够级 set broken (``BREAK``) while 够级 still matters for this seat."""
    c = _hand_cost(sit.hand, play, keep4)
    if breaks_set(sit.hand, play) and gouji_matters(sit):
        c += BREAK
    return c


def breaks_set(h: Sequence[int], play: Play) -> bool:
    """Whether ``play`` takes part of a rank held in pure 够级 number and leaves less than that number
    (QQ out of QQQQ; not KK out of KKKK)."""
    need = GOUJI_MIN.get(play.base)
    if need is None:
        return False
    n = h[play.base]
    return n >= need and play.n < n and n - play.n < need


def gouji_matters(sit: Situation) -> bool:
    """Whether this seat's 够级 sets can still be in force: its 对家 holds cards, five seats do, no 四户乱缠."""
    return not sit.luanchan and sit.holding >= 5 and sit.counts[sit.opposite] > 0


def _hand_cost(h: Sequence[int], play: Play, keep4: bool = False) -> float:
    c = play.twos * WILD_COST[TWO] + play.black * WILD_COST[BLACK] + play.red * WILD_COST[RED]
    b = play.base
    if b == TWO:
        c += play.n * WILD_COST[TWO]
    elif b == FOUR:
        c += 50.0 if keep4 else 0.0
    elif b:
        c += (0.0 if h[b] == play.n else 1.0) + max(0, b - 10) * 0.4
    return c


def _answer(sit: Situation, legal: Sequence[str], keep_last: bool) -> Choice:
    assert sit.top is not None
    top_seat, top = sit.top
    me = sit.seat
    can_let = "let" in legal
    plays = legal_plays(legal)
    if sit.top_kind == "chong":
        return _answer_chong(sit, plays)
    keep4 = may_kaidian(sit)
    # the plays that finish (only 3s left) and probably stand come first: going out beats everything
    left = sum(sit.hand) - sit.hand[THREE]
    finishing = [p for p in plays if len(p) == left]
    for p in finishing:
        if sit.risk(p, answering=True) <= SAFE:
            return Choice(play_action(p), "go-out")
    plays = [p for p in plays if p not in finishing or not sit.hand[THREE]]  # a beaten last play is 闷
    if sit.burner:  # keep the jokers the later leads need (R14.2)
        kept = [p for p in plays if burn_ok(after(sit.hand, p))]
        if len(kept) < len(plays) and not kept:
            return _decline(can_let, "burn-keep")
        plays = kept
    if not plays:
        return _decline(can_let, "avoid-men" if finishing else "pass")
    if sit.is_mate(top_seat):
        return _decline(can_let, "pass-mate")
    burning = _burns(sit, legal, plays)
    if burning and burn_priority.played(sit.rules):
        return _burn(sit, plays, can_let)
    if burning:
        for p in plays:
            if sit.risk(p, answering=True) <= SAFE:
                return Choice(play_action(p), "shao")
        return _decline(can_let, "pass")
    stakes = [(ALLOW["answer"], "answer")]
    if sit.top_gouji:  # 打点
        opens = opening(top, sit.rules) if kaidian_without_fours.played(sit.rules) else is_pure_gouji(top, sit.rules)
        stop = not sit.kaidian[top_seat] and not sit.lost[top_seat] and opens
        stakes.append((ALLOW["stop-kaidian"], "stop-kaidian") if stop else (ALLOW["dadian"], "dadian"))
    if sit.burning is not None and sit.burning[0] == top_seat:
        stakes.append((ALLOW["jieshao"], "jieshao"))
    opp_left = sit.counts[top_seat]
    if opp_left and opp_left <= ALLOW["near-out"]:
        stakes.append((ALLOW["stop-out"] + ALLOW["near-out"] - opp_left, "stop-out"))
    if sit.let_by is not None and sit.is_mate(sit.let_by):
        stakes.append((ALLOW["for-mate"], "for-mate"))
    elif any(m not in (None, "pass", "let") for s, m in enumerate(sit.marks) if s != me and sit.is_mate(s)):
        stakes.append((ALLOW["protect"], "protect"))
    allowance, why = max(stakes)
    guard = MEN_GUARD and sit.hand[THREE] and why != "stop-kaidian"
    if guard and _few_ranks(sit.hand):
        plays = [p for p in plays if not lone_weak_last(sit, p)]  # it would be led next and 闷ed
    plays = sorted(plays, key=lambda p: cost(sit, p, keep4))
    keeps = _KeepsLast(sit) if guard and keep_last else None  # checked lazily, cheapest first: it costs odds
    if kaidian_without_fours.played(sit.rules) and not sit.luanchan:  # a 够级 answer winning the round opens (R14.1)
        opener = next((p for p in plays if sit.opens(p) and cost(sit, p, keep4) <= max(allowance, ALLOW["open"])
                        and sit.risk(p, answering=True) <= SAFE and (keeps is None or keeps(p))), None)
        if opener is not None:
            return Choice(play_action(opener), "open-answer")
    best = next((p for p in plays if keeps is None or keeps(p)), None)
    if best is None:
        return _decline(can_let, "avoid-men")
    c = cost(sit, best, keep4)
    if can_let and c > 0.5 and not sit.top_gouji and sit.counts[(me + 2) % 6] and not sit.passed[(me + 2) % 6]:
        return Choice("let", "let")
    if c <= allowance:
        return Choice(play_action(best), why)
    return _decline(can_let, "pass")


def _few_ranks(h: Sequence[int]) -> bool:
    """Whether ``h`` holds at most two ranks from 4 to A: else every play leaves two or more (a play
    empties at most one rank) and ``lone_weak_last`` is false for all of them — the test settles
    most answers of the rollouts without building the rest of the hand for each play."""
    return sum(1 for r in range(FOUR, ACE + 1) if h[r]) <= 2


def final_play(h: Sequence[int]) -> Play | None:
    """The play a hand holding 3s would make last before them: its top rank from 5 up with every 2 and
    joker attached, else its 2s and jokers (after the 4s, which carry nothing), else its 4s."""
    groups = groups_of(h, with_fours=True)
    if groups and groups[-1] != FOUR:
        return Play(groups[-1], h[groups[-1]], h[TWO], h[BLACK], h[RED])
    return wild_play(h) or (Play(FOUR, h[FOUR]) if h[FOUR] else None)


class _KeepsLast:
    """Whether a play keeps what the hand's last play before its 3s (``final_play``) needs: a play spending
    2s, jokers or the top rank must not leave that last play beaten with more than ``MEN_SAFE`` where it
    had been safer — it would be led at the end and 闷ed (R8.2). Head to head against ``basic`` without it,
    +0.04 ± 0.02 (dagang) and +0.03 ± 0.03 (classic) points a game over 6,000 games, a fifth fewer 闷
    (README, issue 32, stop 50). The odds are worked out only for a play that spends what the last play
    carries, and the hand's own only once."""

    def __init__(self, sit: Situation) -> None:
        self.sit = sit
        self.groups = groups_of(sit.hand, with_fours=True)
        self._safe_now: bool | None = None

    def __call__(self, play: Play) -> bool:
        if not (play.twos or play.black or play.red or play.base == TWO
                or (self.groups and play.base == self.groups[-1])):
            return True
        sit = self.sit
        if self._safe_now is None:
            now = final_play(sit.hand)
            self._safe_now = now is None or sit.risk(now, answering=False) <= MEN_SAFE
        if not self._safe_now:
            return True
        then = final_play(after(sit.hand, play))
        return then is None or sit.risk(then, answering=False) <= MEN_SAFE


def lone_weak_last(sit: Situation, play: Play) -> bool:
    """Whether ``play`` leaves one play before the 3s (one rank, 2s and jokers attached) that
    opponents probably beat: led next, it would be 闷ed (R8.2)."""
    rest = after(sit.hand, play)
    groups = groups_of(rest, with_fours=True)
    if len(groups) > 1 or (groups == [FOUR] and wild_play(rest) is not None):
        return False  # two plays or more are left (4s carry nothing)
    last = final_play(rest)
    return last is not None and sit.risk(last, answering=False) > MEN_SAFE


def _burns(sit: Situation, legal: Sequence[str], plays: Sequence[Play]) -> bool:
    """Whether this seat's answers would be 烧牌/捎牌: as the engine tags them (``LegalActions.kind``),
    or — for a plain list of actions — ``burns``."""
    kind_of = getattr(legal, "kind", None)
    if kind_of is not None:
        return bool(kind_of(play_action(plays[0])) == "shao")
    return burns(sit, play_action(plays[0]))


def burns(sit: Situation, action: str) -> bool:
    """Whether answering with ``action`` is 烧牌/捎牌: as the engine tagged it when it listed it (``Action.kind``),
    or else a 够级 in force not of the seat's 对家, unless it is the 无头 seat (R14.7)."""
    kind = getattr(action, "kind", None)
    if kind is not None:
        return bool(kind == "shao")
    if sit.top is None or not action.startswith("play "):
        return False
    if sit.seat == sit.head and not sit.sijiji:
        return False
    return sit.top_gouji and sit.opposite != sit.top[0]


def _burn(sit: Situation, plays: Sequence[Play], can_let: bool) -> Choice:
    """classic 烧牌 (R14.2) on an opponent's 够级 play: the cheapest play that stands and after which the
    jokers cover every lead to come (``burn_ok``); more is spent when it stops an opening."""
    assert sit.top is not None
    top_seat, top = sit.top
    stop = opening(top, sit.rules) and not sit.kaidian[top_seat] and not sit.lost[top_seat]
    allowance = ALLOW["burn-stop"] if stop else ALLOW["burn"]
    refused = False
    for p in sorted(plays, key=lambda p: cost(sit, p, False)):
        if cost(sit, p, False) > allowance:
            break
        if not burn_ok(after(sit.hand, p)):
            refused = True
            continue
        if sit.risk(p, answering=True) <= SAFE:
            return Choice(play_action(p), "burn")
    return _decline(can_let, "no-burn" if refused else "pass")


def _answer_chong(sit: Situation, plays: Sequence[Play]) -> Choice:
    """冲点 (R14.6): beat all three sets or none — the cheapest answers, set after set, if they exist
    and their cost is within ``ALLOW['chong']``; else pass now (不打) and keep the cards."""
    assert sit.top is not None
    found = beats_all(sit.hand, (sit.top[1], *sit.chong), sit.rules)
    if found is None or found[1] > ALLOW["chong"]:
        return Choice("pass", "chong-pass")
    first = found[0][0]
    if first not in plays:
        first = min(plays, key=lambda p: cost(sit, p, False))
    return Choice(play_action(first), "chong-beat")


def _decline(can_let: bool, why: str) -> Choice:
    """Pass — or 让牌 when allowed, which is never worse: if nobody beats the play, the turn comes back."""
    return Choice("let", "let") if can_let else Choice("pass", why)
