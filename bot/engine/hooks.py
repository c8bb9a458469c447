"""The points where the rules differ between tables, one named hook each, with the 大纲's rule there.

python-chess gives each variant a board class that overrides the few methods where its rules
differ. 够级's switches mix freely, so a class per variant cannot be; instead each *point* where a
switch changes what happens is a hook — who may answer a 够级 play and what a burn does, what a
lead must carry, when a round opens 开点, when the restrictions end, what 串三家 brings (the score
multiplier among it), the tribute plan, buying a 3 or 4, when 4s may be played — with the 大纲's rule
as a class here. Each switch's rule is a subclass overriding only what it changes, in the switch's
own module (``bot.engine.rules``), whose ``hooks_for(rules)`` picks, for every hook, the rule the
switches choose; the game and the match ask their ``hooks``, never the switch.

Rules that do not differ, or differ inside one function already (R3.3 and R4.3 in ``plays``), stay
where they are; a phase before play that a switch adds to the match's queue (上班, 革命, 宣点) is no
hook but task records in its module (``bot.engine.phases``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .cards import BLACK, FOUR, RED, SEATS, THREE, TWO, opposite
from .events import Event, EventKind
from .moves import only_threes

if TYPE_CHECKING:
    from .plays import Play
    from .port import GamePort, MatchPort

TRIBUTE_RANKS = (RED, BLACK, TWO)
"""法定进贡牌, strongest first (第三十五条): what tribute is paid in and a 3 or 4 bought with."""

Order = tuple[tuple[tuple[int, ...], ...], ...]
"""Seats still to act after a seat, by the top seat and that seat."""


PLAY_ORDER: Order = tuple(tuple(tuple((seat + i) % SEATS for i in range(1, (top - seat) % SEATS or SEATS))
                                for seat in range(SEATS)) for top in range(SEATS))
"""The seats still to act on the top play, in play order (R5.2, R6.1): asked after every action."""

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

    def burner_answer_refusal(self, g: GamePort, seat: int) -> tuple[str, str] | None:
        """Why the seat may not beat the play on the table, which a burner (``burn.burning``) made —
        or None. The 捎 of the 大纲 keeps no standing burner, so this is asked under R14.2 only."""
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




# ---------------------------------------------------------------------- 开点
def opens_with_fours(g: GamePort, seat: int, chance: bool) -> bool:
    """Whether leading all its 4s now opens (开点) for the seat: after 宣点 while its 对家 holds cards
    and before 二科 (R7.3), or on the ``chance`` of a won 纯够级 round (R7.1)."""
    natural = g.opening.natural[seat] and any(g.hands[opposite(seat)]) and 2 not in g.places
    return natural or chance


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
        if play.n == fours and opens_with_fours(g, seat, chance):
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


# ---------------------------------------------------------------------- when 4s may be played
class Fours(Rule):
    """The 大纲 bars no play of 4s: a seat plays them whenever its turn allows (what they cost for
    开点 is the ``kaidian`` hook's, R7.2)."""

    bars: ClassVar[bool] = False
    """Whether this rule ever bars a play of 4s: the game asks it before asking ``fours_from`` of every
    lead and before looking for an answer of 4s to 3s (the one answer of 4s there is) on its hottest
    path, whether a seat can answer at all."""

    def fours_from(self, g: GamePort, seat: int, lead: bool) -> int:
        """The fewest 4s a play of 4s by the seat (which holds some) may hold now: 1 while 4s are
        free, more than it holds when it may play none."""
        return 1

    def refusal(self, g: GamePort, seat: int, play: Play, lead: bool) -> tuple[str, str] | None:
        """Why the seat may not make ``play``, a play of 4s, now (a lead or an answer) — or None."""
        return None


# ---------------------------------------------------------------------- the end of the restrictions
class Restrictions(Rule):
    """R9.4 by the 大纲 (第十条, 第十一条): 够级, the pass lock, 让牌 and 烧牌 end once 二科 is out."""

    rules: ClassVar[tuple[str, ...]] = ("R9.4",)

    def ended(self, g: GamePort) -> bool:
        return 2 in g.places


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


# ---------------------------------------------------------------------- tribute between games
class Tribute(Rule):
    """R12: 抗贡 first (R12.7), then 点贡, 捎贡 (烧贡), 闷贡, and 落贡 or 对头贡 after 串三家."""

    rules: ClassVar[tuple[str, ...]] = ("R12",)
    paid: ClassVar[bool] = True
    """Whether tribute is paid between games, and 点贡 chosen before the deal."""

    def plan(self, m: MatchPort, hooks: Hooks) -> list[dict[str, Any]]:
        """The tribute tasks after the last game, logging 抗贡; ``hooks``: the match's (串三家's
        tribute, the name of a burn's)."""
        prev = m.results[-1]
        for s in range(SEATS):
            if m.dealt[s][RED] == 4:
                m.events.append(Event(EventKind.KANGGONG, s, tag="R"))
                for mate in range(s % 2, SEATS, 2):
                    m.excused[mate] = True
            elif m.dealt[s][BLACK] == 4:
                m.events.append(Event(EventKind.KANGGONG, s, tag="B"))
                m.excused[s] = True
        only = hooks.chuan_san.tributes(prev)
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
        burn = hooks.burning.tribute_tag
        tasks += [tribute_task(victim, by, 1, burn) for by, victim in prev["shao"]]
        tasks += [tribute_task(victim, by, 1, "men") for by, victim in prev["men"]]
        if prev["chuan_san"] is not None:
            tasks += [tribute_task(s, opposite(s), 1, "duitou") for s in range(SEATS) if s % 2 != prev["chuan_san"]]
        else:
            first, second = places.index(1), places.index(2)
            tasks += [tribute_task(places.index(6), first, 2, "luo"), tribute_task(places.index(5), second, 1, "luo")]
        return tasks


def pair_out(prev: dict[str, Any], a: int) -> bool:
    """The pair of 对家 a, a+3 is out of 开点 and 点贡 when one sat in 革命 without 冲点 (R11.4, R14.6)."""
    return prev["revolt"] in (a, a + 3) and not prev.get("chongdian", False)


def tribute_task(giver: int, taker: int, n: int, tag: str) -> dict[str, Any]:
    return {"kind": "tribute", "seat": giver, "to": taker, "n": n, "tag": tag}


# ---------------------------------------------------------------------- the table of hooks
@dataclass(frozen=True, slots=True)
class HookPoint:
    """One point where switches change the rules: ``name`` (the attribute of ``Hooks``), what it
    decides, and the 大纲's rule there. The switches' own rules are in their modules
    (``bot.engine.rules``), which name the hook they act at."""

    name: str
    decides: str
    default: Rule


HOOK_POINTS: tuple[HookPoint, ...] = (
    HookPoint("burning", "who may answer a 够级 play besides its 对头, in what order; what a burn does and what a "
              "lead must carry after it; 让牌 on a 够级 play", Burning()),
    HookPoint("kaidian", "when a round opens 开点 and what 4s cost", Kaidian()),
    HookPoint("restrictions", "when 够级, the pass lock, 让牌 and 烧牌 end", Restrictions()),
    HookPoint("chuan_san", "what 串三家 brings: the score multiplier, the next leader, 汇5, its tribute", ChuanSan()),
    HookPoint("tribute", "the tribute plan between games", Tribute()),
    HookPoint("buying", "what a seat dealt no 3 or 4 does before play", Buying()),
    HookPoint("fours", "when a seat may play its 4s", Fours()),
)
"""Every hook and its 大纲 rule, in the order of ``Hooks``' fields."""


@dataclass(frozen=True, slots=True)
class Hooks:
    """The rules one table plays by at each hook (``HOOK_POINTS``); built once per ``Ruleset`` by
    ``bot.engine.rules.hooks_for``."""

    burning: Burning
    kaidian: Kaidian
    restrictions: Restrictions
    chuan_san: ChuanSan
    tribute: Tribute
    buying: Buying
    fours: Fours
