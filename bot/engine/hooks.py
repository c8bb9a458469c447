"""The rules that differ between tables, one named hook each, found by rule id here.

python-chess gives each variant a board class that overrides the few methods where its rules
differ. 够级's switches mix freely, so a class per variant cannot be; instead each *point* where a
switch changes what happens is a hook — who may answer a 够级 play and what a burn does, what a
lead must carry, when a round opens 开点, when the restrictions end, what 串三家 brings (the score
multiplier among it), the tribute plan, buying a 3 or 4 — with the 大纲's rule as a class, and each switch's rule
as a subclass overriding only what it changes. ``hooks_for(rules)`` picks, for every hook, the
rule its switches choose (``HOOKS``); the game and the match ask their ``hooks``, never the switch.

Rules that do not differ, or differ inside one function already (R3.3 and R4.3 in ``plays``, the
phases before play that a switch only adds to the match's queue), stay where they are.

To add a regional rule: its switch on ``Ruleset`` (``rules.py``), a subclass here of the rule it
replaces naming its rule ids, its line in ``HOOKS``, and tests (CONTRIBUTING.md, "How to add a rule").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .cards import BLACK, FOUR, RED, SEATS, THREE, TWO, opposite
from .events import Event, EventKind
from .moves import only_threes
from .plays import opens_without_fours

if TYPE_CHECKING:
    from .plays import Play
    from .port import GamePort, MatchPort
    from .rules import Ruleset

TRIBUTE_RANKS = (RED, BLACK, TWO)
"""法定进贡牌, strongest first (第三十五条): what tribute is paid in and a 3 or 4 bought with."""

Order = tuple[tuple[tuple[int, ...], ...], ...]
"""Seats still to act after a seat, by the top seat and that seat."""


def _burn_order(top_seat: int, seat: int) -> tuple[int, ...]:
    order = [(top_seat + i) % SEATS for i in (2, 4, 1, 5, 3)]
    return tuple(order[order.index(seat) + 1:] if seat in order else order)


PLAY_ORDER: Order = tuple(tuple(tuple((seat + i) % SEATS for i in range(1, (top - seat) % SEATS or SEATS))
                                for seat in range(SEATS)) for top in range(SEATS))
"""The seats still to act on the top play, in play order (R5.2, R6.1): asked after every action."""
BURN_ORDER: Order = tuple(tuple(_burn_order(top, seat) for seat in range(SEATS)) for top in range(SEATS))
"""… on a 够级 play in force under 烧牌优先 (R14.2): the other seats may burn first, the top seat's
team before the other team, each in play order, and its 对头 answers last."""


class Rule:
    """A rule at a hook: the rule ids it carries out, for ``by_rule`` and for a reader."""

    rules: ClassVar[tuple[str, ...]] = ()


# ---------------------------------------------------------------------- 烧牌: who answers a 够级 play
class Burning(Rule):
    """R6.3–R6.5 捎 (the 大纲): a seat other than the 对头 may 捎 a 够级 play in its turn, judged play by
    play by 第十六条 (``answer`` ``shao?``); a 捎 stands if the round ends on it, an answer to it is
    反捎 or 解捎, and the burner carries a joker on every lead after it (R6.4 步步带王)."""

    rules: ClassVar[tuple[str, ...]] = ("R6.3", "R6.4", "R6.5")
    answer: ClassVar[str] = "shao?"
    """The kind of a non-对头 seat's answer to a 够级 play (``Game._answer_rule``)."""
    gouji_order: ClassVar[Order] = PLAY_ORDER
    """Who answers a 够级 play in force, in turn."""
    tribute_tag: ClassVar[str] = "shao"
    """The name of the tribute a burn that stood costs (R12: 捎贡)."""

    def lead_duty(self, g: GamePort, seat: int) -> str | None:
        """What the seat's lead must carry: ``joker`` (R6.4 步步带王, while it holds non-3 cards and a
        joker to carry them), ``burn`` (R14.2), or None."""
        h = g.hands[seat]
        return "joker" if g.burn.duty[seat] and (h[BLACK] + h[RED]) > 0 and not only_threes(h) else None

    def let_refusal(self, g: GamePort) -> tuple[str, str] | None:
        """Why no seat may let (让牌, R5.4) the play on the table under this rule, or None."""
        return None

    def answered(self, g: GamePort, seat: int, prev_seat: int, kind: str) -> None:
        """What an answer of ``kind`` to ``prev_seat``'s play does to 捎 and 步步带王."""
        r, duty = g.round, g.burn.duty
        shao = r.round_shao
        was_shao_play = shao is not None and shao[0] == prev_seat
        if kind == "shao":
            back = was_shao_play and shao is not None and shao[1] == seat
            g.events.append(Event(EventKind.FANSHAO if back else EventKind.SHAO, seat, target=prev_seat))
            r.round_shao = (seat, prev_seat)
            duty[prev_seat] = False
            duty[seat] = True
            return
        if kind in ("dadian", "kill"):
            g.log_answer(seat, prev_seat, kind)
        if was_shao_play:
            r.round_shao = None
            g.events.append(Event(EventKind.JIESHAO, seat, target=prev_seat))
        if was_shao_play or kind in ("dadian", "kill") or seat == opposite(prev_seat):
            duty[prev_seat] = False


class BurnFirst(Burning):
    """R14.2 烧牌优先 (``burn_priority``): every seat but the 对头 may burn a 够级 play before the 对头
    answers (``BURN_ORDER``), declared by playing; a burner leads with a joker until its hand is
    empty (烧成功) or it cannot (烧失败); beating its play undoes the 烧 (解烧); 烧贡 is paid."""

    rules = ("R14.2",)
    answer = "shao"
    gouji_order = BURN_ORDER
    tribute_tag = "burn"

    def lead_duty(self, g: GamePort, seat: int) -> str | None:
        b = g.burn.burning
        if b is not None and b[0] == seat and not only_threes(g.hands[seat]):
            return "burn"  # only the lead that empties the hand (under 憋3, its 3s) is free
        return super().lead_duty(g, seat)

    def let_refusal(self, g: GamePort) -> tuple[str, str] | None:
        if g.round.top_gouji:  # decision 30
            return (
                "够级牌不能让：烧牌的人已经问过，只剩对头能打",
                "no 让牌 on a 够级 play: the seats that may burn (烧牌) have had their turn; only the 对头 answers",
            )
        return None

    def answered(self, g: GamePort, seat: int, prev_seat: int, kind: str) -> None:
        """Beating a burner's play undoes its 烧 (解烧); a 烧 starts one; 打点 as in R6.2."""
        b = g.burn
        if b.burning is not None and b.burning[0] == prev_seat:
            g.events.append(Event(EventKind.JIESHAO, seat, target=prev_seat))
            b.burning = None
            b.duty[prev_seat] = False
        if kind == "shao":
            g.events.append(Event(EventKind.SHAO, seat, target=prev_seat))
            b.burning = (seat, prev_seat)
            b.duty[seat] = True
        else:
            g.log_answer(seat, prev_seat, kind)


# ---------------------------------------------------------------------- 开点
class Kaidian(Rule):
    """R7 (the 大纲): 开点 is leading all one's 4s on the chance a won 纯够级 round gives (R7.1) or
    after 宣点 (R7.3); 4s played otherwise, or none dealt, give it up (R7.2, 第二十七条)."""

    rules: ClassVar[tuple[str, ...]] = ("R7.1", "R7.2", "R7.3")
    fours_cost: ClassVar[bool] = True
    """Whether 4s decide 开点: dealt none, or played otherwise, the seat may no longer."""

    def lost_at_deal(self, hand: list[int]) -> bool:
        return self.fours_cost and hand[FOUR] == 0

    def fours_led(self, g: GamePort, seat: int, play: Play, fours: int, chance: bool) -> None:
        """A lead of 4s (``fours`` held before it; ``chance``: the seat won the last round's 纯够级)."""
        o = g.opening
        if o.kaidian[seat] or o.kaidian_lost[seat]:
            return
        natural = o.natural[seat] and any(g.hands[opposite(seat)]) and 2 not in g.places
        if play.n == fours and (natural or chance):
            o.kaidian[seat] = True
            g.events.append(Event(EventKind.KAIDIAN, seat))
        elif self.fours_cost:
            g.give_up(seat)

    def fours_followed(self, g: GamePort, seat: int) -> None:
        """An answer made of 4s."""
        if self.fours_cost:
            g.give_up(seat)

    def round_won(self, g: GamePort, top_seat: int) -> None:
        """The round ends on ``top_seat``'s play, which still holds cards: a 纯够级 play gives the chance
        to lead all 4s now (whether the seat still may is checked then, so that the chance, which is
        public, does not tell who holds no 4)."""
        if g.round.top_pure and not g.opening.kaidian[top_seat]:
            g.opening.kaidian_chance = top_seat


class KaidianWithoutFours(Kaidian):
    """R14.1 (``kaidian_without_fours``): a 够级 play that wins the lead is 开点 (not jokers, not a lone
    2) and 4s cost nothing; 宣点 still opens by leading all 4s (R14.3)."""

    rules = ("R14.1", "R14.3")
    fours_cost = False

    def round_won(self, g: GamePort, top_seat: int) -> None:
        o, r = g.opening, g.round
        assert r.top is not None
        if o.kaidian[top_seat] or o.kaidian_lost[top_seat]:
            return
        if r.top_gouji and opens_without_fours(r.top[1], g.rules):
            o.kaidian[top_seat] = True
            g.events.append(Event(EventKind.KAIDIAN, top_seat))


# ---------------------------------------------------------------------- the end of the restrictions
class Restrictions(Rule):
    """R9.4 by the 大纲 (第十条, 第十一条): 够级, the pass lock, 让牌 and 烧牌 end once 二科 is out."""

    rules: ClassVar[tuple[str, ...]] = ("R9.4",)

    def ended(self, g: GamePort) -> bool:
        return 2 in g.places


class RestrictionsByCount(Restrictions):
    """R14.9 四户乱缠 (``luanchan_by_count``): they end once four or fewer seats hold cards."""

    rules = ("R14.9",)

    def ended(self, g: GamePort) -> bool:
        return g.holding <= 4


# ---------------------------------------------------------------------- what 串三家 brings
class ChuanSan(Rule):
    """串三家 by the 大纲: 5 points to the team (R10.4); the beaten team chooses the next leader and
    the first lead is 汇5 (R11.6); tribute as after any game (R12). The score counts double only
    for 满贯 (R13.3, set only with its switch)."""

    rules: ClassVar[tuple[str, ...]] = ("R10.4", "R11.6", "R13.3")
    next_chosen: ClassVar[bool] = True
    """After 串三家 the beaten team chooses who leads the next game (R11.6); else the 大落 leads."""
    hui: ClassVar[bool] = True
    """After 串三家 the next game opens with 汇5 (R11.6)."""

    def multiplier(self, g: GamePort) -> int:
        """The score multiplier of a finished game."""
        return 2 if g.grand_slam is not None else 1

    def tributes(self, prev: dict[str, Any]) -> list[dict[str, Any]] | None:
        """The whole tribute after the game ``prev`` when 串三家 sets it, else None (the usual plan)."""
        return None


class ChuanSanHu(ChuanSan):
    """R14.8 串三户 (``chuan_san_hu_double``): only 对头贡 after it (no 点/烧/闷贡, no 点贡 choice), no
    choosing the leader (the 大落 leads, decision 33), no 汇5, and its points count double."""

    rules = ("R14.8",)
    next_chosen = False
    hui = False

    def multiplier(self, g: GamePort) -> int:
        return 2 if g.grand_slam is not None or g.chuan_san is not None else 1

    def tributes(self, prev: dict[str, Any]) -> list[dict[str, Any]] | None:
        if prev["chuan_san"] is None:
            return None
        return [tribute_task(s, opposite(s), 1, "duitou") for s in range(SEATS) if s % 2 != prev["chuan_san"]]


# ---------------------------------------------------------------------- buying before play
class Buying(Rule):
    """R11.2/R11.3 (the 大纲): a seat dealt no 3 (then no 4) may buy one from its 对家 with a 2 or joker,
    and the 对家 may refuse; failing that, one is given (赠3/赠4) down a fixed chain of seats."""

    rules: ClassVar[tuple[str, ...]] = ("R11.2", "R11.3")
    ranks: ClassVar[tuple[int, ...]] = (THREE, FOUR)
    """The ranks a seat lacking them buys, in order."""
    optional: ClassVar[bool] = True
    """The buyer may decline (``no-buy``) and the seller refuse (``refuse``)."""

    def check(self, m: MatchPort, seat: int, rank: int) -> None:
        """A seat without ``rank`` after the deal: queue its offer, or give it one."""
        opp = opposite(seat)
        can_pay = any(m.payable[seat][r] for r in TRIBUTE_RANKS)
        if can_pay and m.hands[opp][rank] >= 2:
            m.queue.insert(0, {"kind": "buy-offer", "seat": seat, "rank": rank})
            return
        if not can_pay and any(m.dealt[seat][r] for r in TRIBUTE_RANKS):
            return  # 第二十四条 is judged on the cards as dealt: its 2 or joker bought the other rank
        chain = ([opp] if not can_pay else []) + [(seat + 4) % SEATS, (seat + 2) % SEATS,
                                                  (seat + 5) % SEATS, (seat + 1) % SEATS]
        giver = next((g for g in chain if m.hands[g][rank] >= 2), None)
        if giver is not None:
            m.hand_over(giver, seat, rank)
            m.events.append(Event(EventKind.GIFT, giver, target=seat, value=rank, auto=True))


class CompulsoryBuyThree(Buying):
    """R14.5 买三/要三 (``compulsory_buy_three``): a seat with no 3 must buy one with a 2 or joker from
    the 对家, else from the 对家's team, and the seller must sell; failing that, it asks its own team.
    A seat with nothing to pay is in 革命 at once (with ``revolution``). No 4s are bought."""

    rules = ("R14.5",)
    ranks = (THREE,)
    optional = False

    def check(self, m: MatchPort, seat: int, rank: int) -> None:
        if not any(m.payable[seat][r] for r in TRIBUTE_RANKS):
            if m.rules.revolution:
                if seat not in m.votes:
                    m.votes.append(seat)
                    m.events.append(Event(EventKind.REVOLT_AUTO, seat, auto=True))
                return
        else:
            sellers = [opposite(seat), (seat + 1) % SEATS, (seat + 5) % SEATS]
            seller = next((s for s in sellers if m.hands[s][THREE] >= 2), None)
            if seller is not None:
                m.queue.insert(0, {"kind": "buy-offer", "seat": seat, "rank": THREE, "from": seller})
                return
        giver = next((g for g in ((seat + 4) % SEATS, (seat + 2) % SEATS) if m.hands[g][THREE] >= 2), None)
        if giver is not None:
            m.hand_over(giver, seat, THREE)
            m.events.append(Event(EventKind.ASK3, giver, target=seat, auto=True))


# ---------------------------------------------------------------------- tribute between games
class Tribute(Rule):
    """R12: 抗贡 first (R12.7), then 点贡, 捎贡 (烧贡), 闷贡, and 落贡 or 对头贡 after 串三家."""

    rules: ClassVar[tuple[str, ...]] = ("R12",)
    paid: ClassVar[bool] = True
    """Whether tribute is paid between games, and 点贡 chosen before the deal."""

    def plan(self, m: MatchPort) -> list[dict[str, Any]]:
        """The tribute tasks after the last game, logging 抗贡."""
        prev = m.results[-1]
        for s in range(SEATS):
            if m.dealt[s][RED] == 4:
                m.events.append(Event(EventKind.KANGGONG, s, tag="R"))
                for mate in range(s % 2, SEATS, 2):
                    m.excused[mate] = True
            elif m.dealt[s][BLACK] == 4:
                m.events.append(Event(EventKind.KANGGONG, s, tag="B"))
                m.excused[s] = True
        only = hooks_for(m.rules).chuan_san.tributes(prev)
        if only is not None:
            return only
        places, kaidian = prev["places"], prev["kaidian"]
        tasks: list[dict[str, Any]] = []
        for a in range(3):
            b = a + 3
            if pair_out(prev, a) or (kaidian[a] and kaidian[b]):
                continue
            if kaidian[a] != kaidian[b]:
                loser, winner = (b, a) if kaidian[a] else (a, b)
                tasks.append(tribute_task(loser, winner, 1, "dian"))
            elif [a, b] in m.dian_both:  # chosen before the deal (第三十一条)
                tasks += [tribute_task(a, b, 1, "dian"), tribute_task(b, a, 1, "dian")]
        burn = hooks_for(m.rules).burning.tribute_tag
        tasks += [tribute_task(victim, by, 1, burn) for by, victim in prev["shao"]]
        tasks += [tribute_task(victim, by, 1, "men") for by, victim in prev["men"]]
        if prev["chuan_san"] is not None:
            tasks += [tribute_task(s, opposite(s), 1, "duitou") for s in range(SEATS) if s % 2 != prev["chuan_san"]]
        else:
            first, second = places.index(1), places.index(2)
            tasks += [tribute_task(places.index(6), first, 2, "luo"), tribute_task(places.index(5), second, 1, "luo")]
        return tasks


class NoTribute(Tribute):
    """``tribute`` off: no tribute between games and no 点贡 choice."""

    rules = ("R12",)
    paid = False

    def plan(self, m: MatchPort) -> list[dict[str, Any]]:
        return []


def pair_out(prev: dict[str, Any], a: int) -> bool:
    """The pair of 对家 a, a+3 is out of 开点 and 点贡 when one sat in 革命 without 冲点 (R11.4, R14.6)."""
    return prev["revolt"] in (a, a + 3) and not prev.get("chongdian", False)


def tribute_task(giver: int, taker: int, n: int, tag: str) -> dict[str, Any]:
    return {"kind": "tribute", "seat": giver, "to": taker, "n": n, "tag": tag}


# ---------------------------------------------------------------------- the table of hooks
@dataclass(frozen=True, slots=True)
class Hook:
    """One point where switches change the rules: ``name`` (the attribute of ``Hooks``), what it
    decides, the 大纲's rule, and each switch's rule — the first whose switch is set to its value wins."""

    name: str
    decides: str
    default: Rule
    variants: tuple[tuple[str, bool, Rule], ...]


HOOKS: tuple[Hook, ...] = (
    Hook("burning", "who may answer a 够级 play besides its 对头, in what order; what a burn does and what a "
         "lead must carry after it; 让牌 on a 够级 play", Burning(), (("burn_priority", True, BurnFirst()),)),
    Hook("kaidian", "when a round opens 开点 and what 4s cost", Kaidian(),
         (("kaidian_without_fours", True, KaidianWithoutFours()),)),
    Hook("restrictions", "when 够级, the pass lock, 让牌 and 烧牌 end", Restrictions(),
         (("luanchan_by_count", True, RestrictionsByCount()),)),
    Hook("chuan_san", "what 串三家 brings: the score multiplier, the next leader, 汇5, its tribute", ChuanSan(),
         (("chuan_san_hu_double", True, ChuanSanHu()),)),
    Hook("tribute", "the tribute plan between games", Tribute(), (("tribute", False, NoTribute()),)),
    Hook("buying", "what a seat dealt no 3 or 4 does before play", Buying(),
         (("compulsory_buy_three", True, CompulsoryBuyThree()),)),
)
"""Every hook, its 大纲 rule and the switches that replace it."""


@dataclass(frozen=True, slots=True)
class Hooks:
    """The rules one table plays by at each hook (``HOOKS``); built once per ``Ruleset``."""

    burning: Burning
    kaidian: Kaidian
    restrictions: Restrictions
    chuan_san: ChuanSan
    tribute: Tribute
    buying: Buying


_MADE: dict[Ruleset, Hooks] = {}
"""The hooks of every ruleset asked so far, by its switches."""
_BY_ID: dict[int, tuple[Ruleset, Hooks]] = {}
"""… and by the ruleset object itself: a search rebuilds a game, and asks, thousands of times a
decision with the one ruleset object ``Ruleset.from_dict`` shares, and a ``Ruleset``'s own hash and
equality (of sixteen fields, in Python) would cost more than the rest of the lookup."""


def hooks_for(rules: Ruleset) -> Hooks:
    """The rule at every hook that ``rules``' switches choose."""
    known = _BY_ID.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    made = _MADE.get(rules)
    if made is None:
        chosen: dict[str, Any] = {
            h.name: next((rule for switch, on, rule in h.variants if getattr(rules, switch) is on), h.default)
            for h in HOOKS}
        made = _MADE[rules] = Hooks(**chosen)
    if len(_BY_ID) >= 512:  # a long-lived bot makes a ruleset per table: keep the recent ones only
        _BY_ID.clear()
    _BY_ID[id(rules)] = (rules, made)  # holding the ruleset, so that its id is not reused
    return made


def by_rule(rule_id: str) -> list[tuple[str, Rule]]:
    """Where a rule id is decided: (hook, rule) for every rule at a hook naming it."""
    return [(h.name, rule) for h in HOOKS for rule in (h.default, *(v[2] for v in h.variants)) if rule_id in rule.rules]
