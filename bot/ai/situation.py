"""What one seat knows at a decision in play, and the odds that an opponent can beat a play.

A ``Situation`` is read from a ``SeatView`` (what a real seat is given) or, inside search
rollouts, straight from a ``Game`` — but then only from the fields a view also shows, plus the
seat's own hand, so the rule-based player behaves the same whichever way it is fed. Building a
view per rollout step would cost more than the decision itself.

The odds are estimates for a rule-based player, not exact: each unseen card is taken to sit in
an opponent's hand with probability (its card count / unseen cards), independently per rank.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from bot.engine import Play, Ruleset, SeatView, is_gouji, opposite, parse_cards, parse_play
from bot.engine.cards import ACE, BLACK, FIVE, PER_DECKS, RED, SEATS, TWO
from bot.engine.plays import opens_without_fours
from bot.engine.rules import burn_priority, joker_two_kill_one_extended, kaidian_without_fours

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from bot.engine import Game

DECK = [PER_DECKS.get(r, 0) for r in range(RED + 1)]
"""Cards of each rank in the four decks, indexed like a hand's counts."""


DEAD_BURN = 0.1
"""R14.7 够死级: the share of an opponent's chance to beat a play that counts when the play is 够死级 —
only a burn (R14.2) answers it, and a burn binds the burner to carry a joker on every lead after it,
so a seat that could beat it rarely will (``bot.bench yaotou``: 0.1 against 1.0, the plain odds)."""


@lru_cache(maxsize=64)
def _rules(items: tuple[tuple[str, Any], ...]) -> Ruleset:
    return Ruleset.from_dict(dict(items))


def rules_of(d: Ruleset | dict[str, Any]) -> Ruleset:
    """The ``Ruleset`` of a view (which carries it) or of a rules dict, built once per distinct ruleset."""
    return d if isinstance(d, Ruleset) else _rules(tuple(sorted(d.items())))


@dataclass(slots=True)
class Situation:
    """The public state of a game in play plus one seat's own hand (counts per rank, never mutated)."""

    seat: int
    hand: list[int]
    counts: list[int]
    places: list[int | None]
    top: tuple[int, Play] | None
    top_gouji: bool
    passed: list[bool]
    let_by: int | None
    marks: list[str | None]
    kaidian: list[bool]
    lost: list[bool]
    """``kaidian_lost`` as the seat may know it: exact for itself, what the table saw for others."""
    kaidian_chance: int | None
    natural: list[bool]
    duty: list[bool]
    luanchan: bool
    unseen: list[int]
    """Cards per rank that this seat has not seen: in other hands or set aside by 革命."""
    rules: Ruleset
    burning: tuple[int, int] | None = None
    """classic: the 烧 in progress, (burner, burned) (R14.2)."""
    head: int | None = None
    """classic: the 对头 of the 革命 seat (R14.7) …"""
    sijiji: int = 0
    """… and its 够死级 plays left (0: 无头)."""
    top_kind: str = "lead"
    """How the top play came: ``chong`` for a 冲点 set (R14.6), else lead, follow, dadian, shao, …"""
    chong: tuple[Play, ...] = ()
    """The 冲点 sets still to come after the top one (R14.6)."""
    held: Callable[[int], Sequence[float]] | None = None
    """A seat's expected hand per rank, by a learned belief (issue 32), asked only when odds are wanted
    (the belief costs far more than the rest of a decision); None: the uniform guess over ``unseen``."""

    @classmethod
    def from_view(cls, v: SeatView) -> Situation:
        pub = v.public
        hand = parse_cards(v.hand)
        played, shown = parse_cards(pub["played"]), parse_cards(pub["shown"])
        unseen = [DECK[r] - hand[r] - played[r] - shown[r] for r in range(RED + 1)]
        top = (v.top[0], parse_play(v.top[1])) if v.top else None
        return cls(v.seat, hand, list(v.counts), list(v.places), top, v.top_gouji, list(v.passed), v.let_by,
                   list(v.marks), list(v.kaidian), _lost(pub["kaidian_lost"], v.head), v.kaidian_chance,
                   list(v.natural), list(v.duty), v.luanchan, unseen, rules_of(v.rules),
                   (v.burning[0], v.burning[1]) if v.burning else None, v.head, v.sijiji, pub.get("top_kind", "lead"),
                   tuple(parse_play(p) for p in pub.get("chong", ())))

    @classmethod
    def from_game(cls, g: Game, seat: int) -> Situation:
        """For rollouts: the same fields as ``from_view`` without building a view (lists shared, read
        only). ``kaidian_lost`` is the game's own; in a game rebuilt from a view (``Game.from_public``)
        that is what the table saw, so rollout seats know no more than real ones."""
        hand = g.hands[seat]
        played, shown = g.played, g.shown
        unseen = [DECK[r] - hand[r] - played[r] - shown[r] for r in range(RED + 1)]
        return cls(seat, hand, g.counts(), g.places, g.top, g.top_gouji, g.passed, g.let_by, g.marks, g.kaidian,
                   g.kaidian_lost, g.kaidian_chance, g.natural, g.duty, g.luanchan, unseen, g.rules,
                   g.burning, g.head, g.sijiji, g.top_kind, tuple(parse_play(p) for p in g.chong) if g.chong else ())

    # ------------------------------------------------------------------ reading
    @property
    def burner(self) -> bool:
        """Whether this seat is burning (R14.2): its leads must carry a joker but the last."""
        return self.burning is not None and self.burning[0] == self.seat

    @property
    def opposite(self) -> int:
        return opposite(self.seat)

    @property
    def holding(self) -> int:
        return sum(1 for c in self.counts if c)

    def is_mate(self, seat: int) -> bool:
        return seat % 2 == self.seat % 2

    def opponents(self) -> list[int]:
        return [s for s in range(SEATS) if s % 2 != self.seat % 2 and self.counts[s]]

    def in_force(self, play: Play) -> bool:
        """Whether ``play`` by this seat would be 够级 in force now (R4.4; R14.7 够死级 for the head)."""
        if self.luanchan or self.holding < 5 or not is_gouji(play, self.rules):
            return False
        return self.counts[self.opposite] > 0 or (self.seat == self.head and self.sijiji > 0)

    def dead(self, play: Play) -> bool:
        """R14.7 要头: whether ``play`` by this seat would be 够死级, which only a burn (R14.2) answers."""
        return self.seat == self.head and self.sijiji > 0 and self.in_force(play)

    def opens(self, play: Play) -> bool:
        """R14.1 (``kaidian_without_fours``): whether ``play`` standing as the top of its round would 开点 this seat:
        够级 in force, no joker, not a lone 2, and the seat has not 开点ed and still may."""
        return (kaidian_without_fours.played(self.rules) and not self.kaidian[self.seat] and not self.lost[self.seat]
                and opening(play, self.rules) and self.in_force(play))

    # ------------------------------------------------------------------ odds
    def beat_chance(self, play: Play, seat: int) -> float:
        """Probability that ``seat`` holds a play beating ``play`` (R3), from the unseen cards — spread
        uniformly, or by the belief's expected hand of ``seat`` when ``held`` is given."""
        if self.held is not None and self.counts[seat]:
            return held_beat_odds(play, self.unseen, self.held(seat), self.rules)
        return beat_odds(play, self.unseen, self.counts[seat], self.rules)

    def risk(self, play: Play, answering: bool) -> float:
        """Probability that some opponent beats ``play`` if this seat makes it now.

        Teammates are left out (they do not beat each other here). A 够级 in force can be
        answered only by the 对家 — except under 烧牌优先, where any seat that has not passed may burn
        it (R14.2); otherwise every opponent that may still act this round can. A 够死级 play
        (R14.7) is burned by few of the seats that could beat it (``DEAD_BURN``).
        """
        if self.in_force(play) and not burn_priority.played(self.rules):
            seats = [self.opposite] if self.counts[self.opposite] else []
        else:
            seats = [s for s in self.opponents()
                     if not answering or self.luanchan or not self.passed[s] or s == self.opposite]
        share = DEAD_BURN if self.dead(play) else 1.0
        keep = 1.0
        for s in seats:
            keep *= 1.0 - share * self.beat_chance(play, s)
        return 1.0 - keep


def beat_odds(play: Play, unseen: list[int], c: int, rules: Ruleset) -> float:
    """Probability that a hand of ``c`` cards drawn from ``unseen`` (counts per rank) holds a play
    beating ``play`` (R3): each unseen card is in it with probability c / unseen, per rank."""
    u = sum(unseen)
    if not c or not u:
        return 0.0
    c = min(c, u)
    if play.red:
        if len(play) == 1 or joker_two_kill_one_extended.played(rules):  # 大王二杀一
            return _at_least(unseen[RED], c, u, 2)
        return 0.0
    n = len(play)
    if play.body == 0:  # jokers only: each 小王 needs a 大王
        return _at_least(unseen[RED], c, u, n)
    base = play.base
    wild = unseen[BLACK] + (unseen[TWO] if base < TWO else 0)
    above = tuple(unseen[r] for r in range(max(base + 1, FIVE), ACE + 1)) if base < ACE else ()
    return _beat(unseen[RED], wild, above, c, u, play.black, n)


def held_beat_odds(play: Play, unseen: list[int], held: Sequence[float], rules: Ruleset) -> float:
    """``beat_odds`` for a hand expected to hold ``held`` cards of each rank: each unseen card of rank r
    is in it with probability held[r] / unseen[r], independently — the uniform guess's law with the
    belief's share of each rank in place of the hand's share of all unseen cards."""
    def law(r: int) -> tuple[float, ...]:
        return _binomial(unseen[r], min(1.0, held[r] / unseen[r]) if unseen[r] else 0.0)

    if play.red:
        if len(play) == 1 or joker_two_kill_one_extended.played(rules):  # 大王二杀一
            return sum(law(RED)[2:])
        return 0.0
    n = len(play)
    if play.body == 0:  # jokers only: each 小王 needs a 大王
        return sum(law(RED)[n:])
    base = play.base
    wild = _sum(law(BLACK), law(TWO)) if base < TWO else law(BLACK)
    above = tuple(law(r) for r in range(max(base + 1, FIVE), ACE + 1)) if base < ACE else ()
    return _beat_laws(law(RED), wild, above, play.black, n)


def _sum(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    """The law of the sum of two independent counts."""
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return tuple(out)


opening = opens_without_fours
"""R14.1, as the engine reads it: the kinds of 够级 play that open (开点)."""


def _lost(lost: list[bool], head: int | None) -> list[bool]:
    """``kaidian_lost`` as the view gives it, with the 要头/无头 seat marked: it cannot 开点 (R14.7),
    which is public (it declared), though the engine's public state does not say so yet."""
    out = list(lost)
    if head is not None:
        out[head] = True
    return out


@lru_cache(maxsize=8192)
def _pmf(total: int, c: int, u: int) -> tuple[float, ...]:
    """Binomial law of how many of ``total`` unseen cards a hand of ``c`` (of ``u`` unseen) holds."""
    return _binomial(total, c / u)


def _binomial(total: int, p: float) -> tuple[float, ...]:
    """Binomial law of how many of ``total`` cards a hand holds, each with probability ``p``."""
    q = 1.0 - p
    out = [q ** total]
    for k in range(1, total + 1):
        out.append(out[-1] * (total - k + 1) / k * (p / q) if q else (1.0 if k == total else 0.0))
    return tuple(out)


def _at_least(total: int, c: int, u: int, k: int) -> float:
    if k <= 0:
        return 1.0
    pmf = _pmf(total, c, u)
    return sum(pmf[k:]) if k < len(pmf) else 0.0


@lru_cache(maxsize=65536)
def _beat(reds: int, wild: int, above: tuple[int, ...], c: int, u: int, blacks: int, n: int) -> float:
    """P(R ≥ blacks and R + W + M ≥ n): R 大王, W other cards stronger than any base (小王, 2s),
    M the most cards of one rank above the base: the shape of every plain answer (R3.1)."""
    return _beat_laws(_pmf(reds, c, u), _pmf(wild, c, u), tuple(_pmf(t, c, u) for t in above), blacks, n)


def _beat_laws(rp: Sequence[float], wp: Sequence[float], above: Sequence[Sequence[float]], blacks: int,
               n: int) -> float:
    """``_beat`` from the laws of R, W and each rank above the base."""
    # law of M, the largest count over the ranks above the base, as a product of CDFs
    cdf = [1.0] * (n + 1)
    for pmf in above:
        run = 0.0
        for m in range(n + 1):
            run += pmf[m] if m < len(pmf) else 0.0
            cdf[m] *= min(run, 1.0)
    m_tail = [1.0] + [1.0 - cdf[m - 1] for m in range(1, n + 1)]  # P(M ≥ m)
    # P(W + M ≥ k) for k = 0..n
    tail = [1.0] * (n + 1)
    for k in range(1, n + 1):
        tail[k] = sum(pw * (m_tail[k - w] if k - w > 0 else 1.0) for w, pw in enumerate(wp))
    return min(1.0, sum(pr * (tail[n - r] if n - r > 0 else 1.0) for r, pr in enumerate(rp) if r >= blacks))
