"""Determinisation: guesses at the hidden cards that agree with everything a seat has seen.

The unseen cards are the 216 less the seat's hand, the cards played and the cards shown (闷).
They are dealt so that each other seat holds exactly its count, and so that they agree with
what is cheap to respect:

- a seat with a ``no3`` event holds no 3 (R8.3);
- a seat that 捎ed (烧牌 under 第十六条, dagang) held a 3 and no 4 then: it holds no 4 now, and a 3
  unless it has played its 3s since;
- a 革命 seat's set-aside cards hold no 2 or joker (it could only 革命 without them, R11.4) — unless
  a 烧失败 (R14.2) or 窒息 (R13.3) set a hand aside too;
- cards a seat is publicly known to hold — those it received by tribute, 买3/买4 or 赠3/赠4 this
  game (the match log shows them), two of a rank it was asked to sell, one it gave, the tribute
  cards it skipped paying a teammate — less those of the rank it has played since;
- what those phases force: a seat that bought a 3 or 4, declined to or was given one was dealt
  none; one given it by its 对家 had no 2 or joker; tribute is the strongest dealt R, B, 2, so
  a giver holds none stronger than the weakest it gave, and none after 免贡 (R11.2, R11.3, R12.1);
- a seat that declared 自然开点 held no pure 够级牌 (R7.3): at most 4 10s, 3 Js, 2 Qs, 1 K, 1 A;
- a seat passed for lack of a play this round (R5.6) on a play it could have answered by the
  rules holds nothing that beats that play; nor, most likely, does a 对头 that passed by choice on a
  pure 够级 play, which would 开点 if it stood (deals breaking these are redrawn a few times);
- habits of play, which ``basic`` follows and most players too: a lead plays the whole of its
  rank, and a lead that is not a pure 够级 play is the leader's weakest rank from 5 up — so the
  leader holds none of that rank and none below it (in classic not for 够级 or jokered leads,
  which 开点 and 烧牌 call for). These are dropped for a deal they do not fit;
- the 冲点 sets still to come are in the 革命 pile (R14.6).

Not used: weighting the deals by how well the other seats' recorded actions fit the choices
``basic`` would have made with the guessed hands (the game replayed from the start of play). The
true deal fits every one of them in ``basic``'s games (0 of up to 152), the guessed deals miss
3–28; yet judged on the true cards (issue 17: 635 dagang decisions, seeds 5001…, every third, 40
deals) the deals that fit better foretold a candidate's true difference no better (mean error
2.61 points either side of the median), and weights of e^(−λ·misses) on the opponents' actions
moved the gain per decision by +0.025 ± 0.037, +0.039 ± 0.060, −0.030 ± 0.080, −0.028 ± 0.102 at
λ = 0.1, 0.25, 0.5, 1 — while a replay costs about a rollout.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import (
    Event,
    Play,
    SeatView,
    format_counts,
    is_gouji,
    is_pure_gouji,
    opposite,
    parse_cards,
    parse_play,
)
from bot.engine.cards import ACE, BLACK, FIVE, FOUR, RED, SEATS, THREE, TWO
from bot.engine.plays import GOUJI_MIN
from bot.engine.rules import burn_priority, kaidian_without_fours

from .situation import DECK, opening, rules_of


@dataclass(frozen=True)
class Odds:
    """A belief of the hidden cards as the sampler deals by it (``bot.ai.belief.Belief.to_deal``): for each
    holder (``seats``; None is the pile set aside) the cards known to be there, its room beyond them and the
    most of each rank it may hold beyond them, and each rank's odds of being there; ``pool``: the cards to
    place, by rank. Ranks are counted from 3. Plain data, so the sampler needs nothing of the model."""

    seats: tuple[int | None, ...]
    known: list[list[int]]
    room: list[int]
    cap: list[list[int]]
    pool: list[int]
    odds: list[list[float]]

REDRAWS = 8
"""Deals tried per sample before one that breaks a pass constraint is taken as it is."""
WILD = (TWO, BLACK, RED)
"""The tribute ranks, weakest first."""
NO_CAP = sum(DECK)
"""A cap no pile reaches: for the ranks a seat may hold any number of."""


def can_beat(hand: Sequence[int], play: Play) -> bool:
    """Whether ``hand`` holds a play beating ``play`` by strength (R3.1, and 大王二杀一 on a lone 大王)."""
    n = len(play)
    if play.red:
        return len(play) == 1 and hand[RED] >= 2
    if hand[RED] < play.black:
        return False
    if play.body == 0:
        return hand[RED] >= n
    base = play.base
    most = max((hand[r] for r in range(max(base + 1, FIVE), ACE + 1)), default=0)
    return hand[RED] + hand[BLACK] + (hand[TWO] if base < TWO else 0) + most >= n


Need = tuple[list[int], int, set[int], dict[int, int]]
"""A pile to fill from the pool: its cards so far, how many it still takes, the ranks it may take none
of, and caps on how many of a rank it may hold."""


def _repair(needs: Sequence[Need], short: list[int], start: Sequence[Sequence[int]], pool: list[int]) -> bool:
    """Fill the piles ``short`` of cards (counts by ``needs``' index) with the ``pool`` left, keeping every
    ban and cap: for each missing card, the shortest chain of piles that ends at a card of the pool — a
    pile takes a rank it may hold from the pool, or from the next pile of the chain, which takes another
    in its place; only cards dealt from the pool (above ``start``) move. False when no chain exists.
    Breadth-first over the piles: the greedy fill leaves few short, so a handful of searches of seven
    piles and sixteen ranks."""
    left = [pool.count(r) for r in range(RED + 1)]

    def room(i: int, r: int) -> bool:
        pile, _, banned, cap = needs[i]
        return r not in banned and pile[r] < cap.get(r, NO_CAP)

    for i in range(len(needs)):
        while short[i]:
            # parent[j] = (the pile j gives its card to, the rank): a chain from i back to where it ends
            parent: dict[int, tuple[int, int]] = {i: (-1, -1)}
            frontier, end = [i], None
            while frontier and end is None:
                nxt = []
                for j in frontier:
                    for r in range(RED + 1):
                        if not room(j, r):
                            continue
                        if left[r]:
                            end = (j, r)
                            break
                        for k in range(len(needs)):
                            if k not in parent and needs[k][0][r] > start[k][r]:
                                parent[k] = (j, r)
                                nxt.append(k)
                    if end is not None:
                        break
                frontier = nxt
            if end is None:
                return False
            j, r = end
            left[r] -= 1
            while True:  # j takes r; the pile that gave j its place gives up its own card in turn
                needs[j][0][r] += 1
                to, rr = parent[j]
                if to < 0:
                    break
                needs[j][0][rr] -= 1
                j, r = to, rr
            short[i] -= 1
    return True


class Sampler:
    """Deals the cards ``view.seat`` cannot see, consistently with the public record.

    ``match_events`` is the match's log (``MatchView.events``) when the view comes from a match:
    it tells which cards changed hands before play. With a ``belief`` (``bot.ai.belief``) of the
    same view, each card is dealt to a holder with the belief's odds instead (``_deal_believed``).
    """

    def __init__(self, view: SeatView, match_events: Sequence[Event] = (), belief: Odds | None = None) -> None:
        self.belief = belief
        pub = view.public
        self.seat = view.seat
        self.hand = parse_cards(view.hand)
        played, shown = parse_cards(pub["played"]), parse_cards(pub["shown"])
        unseen = [DECK[r] - self.hand[r] - played[r] - shown[r] for r in range(RED + 1)]
        self.counts = list(view.counts)
        self.revolt: int | None = pub["revolt"]
        self.aside_count: int = pub["aside_count"]
        self.no3 = {e.seat for e in view.events if e.kind == "no3"}
        rules = rules_of(view.rules)
        self.no4 = set() if burn_priority.played(rules) else {e.seat for e in view.events if e.kind == "shao"}
        # the pile set aside is the 革命 seat's (no 2 or joker) unless 烧失败 (R14.2) or 窒息 (R13.3) added a hand
        self.aside_pure = self.revolt is not None and not any(e.kind in ("shao-fail", "suffocate")
                                                              for e in view.events)
        self.habits = self._habits(view)
        self.caps = self._caps(view)
        got, bans = self._before_play(match_events)
        self.bans: dict[int, set[int]] = bans
        """Ranks a seat holds no card of beyond those known, by the rules."""
        self.known = self._known(view, got, unseen)
        for s in range(SEATS):
            for r in range(RED + 1):
                unseen[r] -= self.known[s][r]
        self.pool = [r for r in range(RED + 1) for _ in range(unseen[r])]
        self.passes = self._pass_constraints(view)

    def _known(self, view: SeatView, got: list[list[int]], unseen: list[int]) -> list[list[int]]:
        """Cards each other seat (or the 革命 pile) is known to hold, clipped to what is unseen:
        ``got`` (``_before_play``'s, updated in place) less what each has played since, with the 3
        a 捎 shows and the 冲点 sets in the 革命 pile."""
        for e in view.events:
            if e.kind == "shao" and e.seat is not None and e.seat in self.no4:  # 第十六条: it held a 3 to 捎
                got[e.seat][THREE] = max(1, got[e.seat][THREE])
            elif e.kind in ("lead", "follow") and e.seat is not None and e.play:
                for r, n in enumerate(parse_cards(e.play)):
                    got[e.seat][r] = max(0, got[e.seat][r] - n)
            elif e.kind == "hui" and e.seat is not None and e.play:
                rank = parse_play(e.play).base
                for s in range(e.seat % 2, SEATS, 2):
                    got[s][rank] = 0
        if self.revolt is not None:  # the 冲点 sets still to come are in the 革命 pile (R14.6)
            for text in view.public.get("chong", ()):
                for r, n in enumerate(parse_play(text).counts()):
                    got[self.revolt][r] += n
        left = list(unseen)
        known = [[0] * (RED + 1) for _ in range(SEATS)]
        for s in range(SEATS):
            if s == self.seat:
                continue
            room = self.aside_count if s == self.revolt else self.counts[s]
            for r in range(RED + 1):
                k = min(got[s][r], left[r], room)
                if (s in self.no3 and r == THREE) or (s in self.no4 and r == FOUR):
                    k = 0
                known[s][r] = k
                left[r] -= k
                room -= k
        return known

    def _before_play(self, match_events: Sequence[Event]) -> tuple[list[list[int]], dict[int, set[int]]]:
        """What the phases before play tell of each seat's cards, as the rules force them (so the
        true hands always agree): the cards it is known to hold (at least), and the ranks of which
        it holds no card beyond those.

        - 买3/买4 and 赠3/赠4 (R11.2, R11.3): a seat that buys a rank, declines to, or is given one
          was dealt none of it; the 对家 it could buy from held two or more, a giver two or more;
          a seat given one by its own 对家 had no 2 or joker to buy it with.
        - Tribute (R12.1) is the giver's strongest dealt R, B, 2: it holds none of the ranks
          stronger than the weakest it gave (or skipped, R12.6, holding them), and none at all
          after 免贡. Cards received are known to the table."""
        got = [[0] * (RED + 1) for _ in range(SEATS)]
        bans: dict[int, set[int]] = {}
        skipped = [[0] * (RED + 1) for _ in range(SEATS)]  # dealt tribute cards a skip (R12.6) showed
        start = max((i for i, e in enumerate(match_events) if e.kind == "deal"), default=-1)
        for e in match_events[start + 1:]:
            seat, to = e.seat, e.target
            if seat is None:
                continue
            if e.kind in ("buy-offer", "no-buy") and e.value:
                bans.setdefault(seat, set()).add(e.value)
                seller = opposite(seat) if to is None else to
                got[seller][e.value] = max(got[seller][e.value], 2)
            elif e.kind == "buy-accept" and to is not None and e.play and e.value:
                card = parse_cards(e.play).index(1)
                got[to][e.value] += 1
                got[seat][e.value] = max(0, got[seat][e.value] - 1)
                got[seat][card] += 1
            elif e.kind == "gift" and to is not None and e.value:
                bans.setdefault(to, set()).add(e.value)
                if seat == opposite(to):  # the 对家 gives only to a seat that cannot pay (R11.3)
                    bans[to].update(WILD)
                got[to][e.value] += 1
                got[seat][e.value] = max(got[seat][e.value], 2) - 1
            elif e.kind in ("tribute", "tribute-skip") and to is not None and e.play and e.play != "—":
                cards = parse_cards(e.play)
                weakest = next(r for r in WILD if cards[r])
                bans.setdefault(seat, set()).update(r for r in WILD if r > weakest)
                for r, n in enumerate(cards):
                    if e.kind == "tribute":  # paid from the dealt cards: those a skip showed first
                        got[to][r] += n
                        skipped[seat][r] = max(0, skipped[seat][r] - n)
                    else:
                        skipped[seat][r] = max(skipped[seat][r], n)
            elif e.kind == "mian":
                bans.setdefault(seat, set()).update(WILD)
        return [[a + b for a, b in zip(g, k, strict=True)] for g, k in zip(got, skipped, strict=True)], bans

    def _caps(self, view: SeatView) -> dict[int, dict[int, int]]:
        """The most cards of a rank a seat can hold: one that declared 自然开点 (R7.3) held no pure
        够级牌 then — fewer than 5 10s, 4 Js, 3 Qs, 2 Ks, 2 As — and has played some since."""
        out: dict[int, dict[int, int]] = {}
        for e in view.events:
            if e.kind == "natural" and e.seat is not None and e.seat != self.seat:
                out[e.seat] = {r: n - 1 for r, n in GOUJI_MIN.items()}
            elif e.kind in ("lead", "follow", "hui") and e.seat in out and e.play:
                cap = out[e.seat]
                for r, n in enumerate(parse_cards(e.play)):
                    if r in cap:
                        cap[r] = max(0, cap[r] - n)
        return out

    def _habits(self, view: SeatView) -> dict[int, set[int]]:
        """Ranks each other seat holds no more, if it leads as most players do (see the module doc)."""
        rules = rules_of(view.rules)
        out: dict[int, set[int]] = {}
        for e in view.events:
            if e.kind == "lead" and e.seat is not None and e.seat != self.seat and e.play:
                p = parse_play(e.play)
                if FIVE <= p.base <= ACE:
                    gone = out.setdefault(e.seat, set())
                    gone.add(p.base)
                    # 够级 plays are led to 开点 (R14.1) and burners lead jokered ranks (R14.2): no weakest-rank habit
                    habit = not (is_pure_gouji(p, rules) or (kaidian_without_fours.played(rules) and is_gouji(p, rules))
                                 or (burn_priority.played(rules) and (p.black or p.red)))
                    if habit:
                        gone.update(range(FIVE, p.base))
        return out

    def _pass_constraints(self, view: SeatView) -> list[tuple[int, Play]]:
        """(seat, play) for this round's automatic passes that say the seat could not beat the play."""
        events = view.events
        start = max((i for i, e in enumerate(events) if e.kind == "round"), default=-1)
        out: list[tuple[int, Play]] = []
        top: tuple[int, Play] | None = None
        passed: set[int] = set()
        rules = rules_of(view.rules)
        for e in events[start + 1:]:
            if e.kind in ("lead", "follow", "hui") and e.seat is not None and e.play:
                top = (e.seat, parse_play(e.play))
                out = [(s, p) for s, p in out if s != e.seat]  # its hand has changed since
            elif e.kind == "pass" and e.seat is not None:
                if e.seat not in passed and top is not None and e.seat != self.seat:
                    seat, play = top
                    if e.auto:
                        told = not play.is_threes and (e.seat == opposite(seat) or not is_gouji(play, rules))
                    else:  # the 对头 let a 够级 that would 开点 stand: it could not answer, most likely
                        opens = (opening(play, rules) if kaidian_without_fours.played(rules)
                                 else is_pure_gouji(play, rules))
                        told = e.seat == opposite(seat) and opens and is_gouji(play, rules)
                    if told:
                        out.append((e.seat, play))
                passed.add(e.seat)
        return out

    def banned(self, seat: int | None) -> set[int]:
        """The ranks of which ``seat`` (None: the pile set aside) holds no card beyond those known, by
        the rules: ``bans``, 没3 (R8.3), no 4 after a 捎 (R6.3), no 2 or joker in a 革命 pile (R11.4)."""
        if seat is None:
            return {*WILD, *self.bans.get(self.revolt, ())} if self.aside_pure and self.revolt is not None else set()
        out = set(self.bans.get(seat, ()))
        if seat in self.no3:
            out.add(THREE)
        if seat in self.no4:
            out.add(FOUR)
        return out

    def deal(self, rng: random.Random) -> tuple[list[str], str]:
        """Six hands (this seat's own as it is) and the 革命 pile, as card texts."""
        kept = None
        for i in range(2 * REDRAWS):  # with the habits first, then without (with a belief: its odds, no habits)
            dealt = self._deal_believed(rng) if self.belief is not None else \
                self._deal_once(rng, habits=i < REDRAWS, hard=True)
            if dealt is not None:
                kept = kept or dealt
                if all(not can_beat(dealt[0][s], p) for s, p in self.passes):
                    kept = dealt
                    break
        hands, aside = (kept or self._deal_once(rng, habits=False, hard=True, repair=True)
                        or self._deal_once(rng, habits=False, hard=False) or ([], []))
        return [format_counts(h) for h in hands], format_counts(aside)

    def _deal_once(self, rng: random.Random, habits: bool, hard: bool,
                   repair: bool = False) -> tuple[list[list[int]], list[int]] | None:
        """One deal, or None when the pool cannot fill a seat within its bans (``hard``: no 3 for
        no3 seats, no 2 or joker in the 革命 pile; without them it always fits). The pile set aside
        (革命, 烧失败, 窒息) is dealt too, so that the rebuilt game agrees with the public state.

        The piles are filled greedily from the shuffled pool, which can strand a pile with only cards
        it may not hold while a valid deal exists (the true one always does): with ``repair`` the
        stranded piles are then filled by moving cards along chains of piles that may hold them
        (``_repair``), so the last resort keeps every hard fact rather than dropping them (a 没3 seat
        once got two 3s so)."""
        pool = list(self.pool)
        rng.shuffle(pool)
        hands = [list(k) for k in self.known]
        hands[self.seat] = list(self.hand)
        aside = [0] * (RED + 1)
        if self.revolt is not None:
            aside, hands[self.revolt] = hands[self.revolt], [0] * (RED + 1)
        # the most constrained piles first: the 革命 pile takes no 2 or joker, no3 seats no 3, habits
        needs: list[Need] = []
        needs.append((aside, self.aside_count - sum(aside), self.banned(None) if hard else set(), {}))
        for s in range(SEATS):
            if s != self.seat and s != self.revolt:
                banned = self.banned(s) if hard else set()
                if habits:
                    banned |= self.habits.get(s, set())
                needs.append((hands[s], self.counts[s] - sum(hands[s]), banned, self.caps.get(s, {}) if hard else {}))
        needs.sort(key=lambda n: -len(n[2]) - len(n[3]))
        short, start = [], [list(n[0]) for n in needs] if repair else []  # what the repair may not move
        for pile, need, banned, cap in needs:
            keep = []
            for r in pool:
                if need and r not in banned and pile[r] < cap.get(r, NO_CAP):
                    pile[r] += 1
                    need -= 1
                else:
                    keep.append(r)
            if need and not repair:
                return None
            short.append(need)
            pool = keep
        if any(short) and not _repair(needs, short, start, pool):
            return None
        return hands, aside

    def _deal_believed(self, rng: random.Random) -> tuple[list[list[int]], list[int]] | None:
        """One deal drawn with the belief's odds, or None when the cards left cannot fill a holder
        within what it may hold. Every certain fact holds (the belief's caps and known cards, which
        include the hard rules of ``_deal_once``); each hidden card, in a random order, goes to a
        holder with its odds for the card's rank times the share of the holder's room still empty,
        so that the first cards follow the belief's odds and the last fill the holders exactly."""
        f = self.belief
        assert f is not None
        odds = f.odds
        hands = [[0] * (RED + 1) for _ in range(SEATS)]
        hands[self.seat] = list(self.hand)
        aside = [0] * (RED + 1)
        piles = [aside if s is None else hands[s] for s in f.seats]
        for pile, known in zip(piles, f.known, strict=True):
            pile[THREE:] = known
        room = f.room
        need = list(room)
        cap = [list(c) for c in f.cap]
        cards = [r for r, n in enumerate(f.pool, THREE) for _ in range(n)]
        rng.shuffle(cards)
        holders = range(len(piles))
        for r in cards:
            i = r - THREE
            weights = [odds[h][i] * need[h] / room[h] if need[h] and cap[h][i] else 0.0 for h in holders]
            total = sum(weights)
            if total <= 0:
                return None
            x, h = rng.random() * total, -1
            for k, w in enumerate(weights):
                if w > 0:
                    h, x = k, x - w
                    if x < 0:
                        break
            need[h] -= 1
            cap[h][i] -= 1
            piles[h][r] += 1
        return hands, aside
