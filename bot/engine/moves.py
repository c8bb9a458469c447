"""Which plays a hand can make: every lead (R2.4, R8.1, R6.4) and every answer to a play (R3).

Leads are many — a hand with eight 2s and all eight jokers has thousands — so ``LeadSpace``
never builds them all: it counts them by multiplication and builds the i-th on demand
(mixed-radix unranking), which is what ``len``, indexing and ``random.choice`` need. Answers
must match the top play's length, so there are few and they are built outright.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from .cards import ACE, BLACK, FIVE, FOUR, RED, THREE, TWO
from .plays import Play, play_of
from .rules import Ruleset


def holds(hand: Sequence[int], play: Play) -> bool:
    """Whether ``hand`` has the cards of ``play``."""
    twos = play.twos + (play.n if play.base == TWO else 0)
    if play.base and play.base != TWO and hand[play.base] < play.n:
        return False
    return hand[TWO] >= twos and hand[BLACK] >= play.black and hand[RED] >= play.red


def only_threes(hand: Sequence[int]) -> bool:
    return hand[THREE] > 0 and sum(hand) == hand[THREE]


class LeadSpace(Sequence[Play]):
    """All leads of a hand, in a fixed order (weak base ranks first), built lazily.

    ``need_joker`` keeps only leads carrying a 小王 or 大王 (步步带王, R6.4).
    """

    def __init__(self, hand: Sequence[int], need_joker: bool = False) -> None:
        self._groups: list[tuple[int, int, int, int]] = []  # (base, most base cards, most 2s, first joker combo)
        self._sizes: list[int] = []  # how many leads each group holds
        self._red1 = hand[RED] + 1
        self._jokers = (hand[BLACK] + 1) * self._red1  # joker combos j ↔ (black, red) = divmod(j, red+1)
        if only_threes(hand):
            self._threes = hand[THREE]
            self._sizes.append(1)
            self._len = 1
            return
        self._threes = 0
        jstart = 1 if need_joker else 0
        width = self._jokers - jstart  # joker combos a base may carry
        twos = hand[TWO]
        group, size = self._groups.append, self._sizes.append
        if hand[FOUR] and not need_joker:
            group((FOUR, hand[FOUR], 0, 0))
            size(hand[FOUR])
        for base in range(FIVE, ACE + 1):
            if hand[base]:
                group((base, hand[base], twos, jstart))
                size(hand[base] * (twos + 1) * width)
        if twos:
            group((TWO, twos, 0, jstart))
            size(twos * width)
        if self._jokers > 1:
            group((0, 0, 0, 1))
            size(self._jokers - 1)
        self._len = sum(self._sizes)

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += self._len
        if self._threes:
            if i == 0:
                return play_of(THREE, self._threes)
            raise IndexError(i)
        for g, size in zip(self._groups, self._sizes, strict=True):
            if i < size:
                return self._unrank(g, i)
            i -= size
        raise IndexError(i)

    def _unrank(self, g: tuple[int, int, int, int], i: int) -> Play:
        base, _most, twos, jstart = g
        if base == FOUR:
            return play_of(FOUR, i + 1)
        if base == 0:
            black, red = divmod(i + 1, self._red1)
            return play_of(0, 0, 0, black, red)
        width = self._jokers - jstart
        rest, j = divmod(i, width)
        black, red = divmod(j + jstart, self._red1)
        if base == TWO:
            return play_of(TWO, rest + 1, 0, black, red)
        k, t = divmod(rest, twos + 1)
        return play_of(base, k + 1, t, black, red)

    def __iter__(self) -> Iterator[Play]:
        if self._threes:
            yield play_of(THREE, self._threes)
            return
        combos = [divmod(j, self._red1) for j in range(self._jokers)]
        for base, most, twos, jstart in self._groups:
            if base == FOUR:
                for k in range(1, most + 1):
                    yield play_of(FOUR, k)
            elif base == 0:
                for black, red in combos[1:]:
                    yield play_of(0, 0, 0, black, red)
            elif base == TWO:
                for k in range(1, most + 1):
                    for black, red in combos[jstart:]:
                        yield play_of(TWO, k, 0, black, red)
            else:
                for k in range(1, most + 1):
                    for t in range(twos + 1):
                        for black, red in combos[jstart:]:
                            yield play_of(base, k, t, black, red)

    def __contains__(self, play: object) -> bool:
        return any(p == play for p in self)


def _same_length(hand: Sequence[int], old: Play, n: int) -> list[Play]:
    """Plays of ``n`` cards from ``hand`` that beat ``old`` card by card (R3.1), cheapest first: fewer
    大王, then fewer 小王, then fewer 2s attached, then the weaker base rank (``answer_cost``), so that
    the legal answers need no sorting. Built as a list: the engine asks for every answer of the seat
    to act after every action."""
    if old.red:
        return []
    low = old.base + 1 if old.base >= FOUR else FOUR  # (no min/max: they cost more than the loops here)
    if n == 1 and not old.black:  # a single card, the most common top play: 4…2, then 小王, 大王
        out = [_SINGLES[r] for r in range(low, TWO + 1) if hand[r]]
        if hand[BLACK]:
            out.append(_SINGLES[BLACK])
        if hand[RED]:
            out.append(_SINGLES[RED])
        return out
    out = []
    held = [(base, hand[base]) for base in range(low if low > FIVE else FIVE, ACE + 1) if hand[base]]
    fours = hand[FOUR] if low == FOUR else 0  # 4s only pure, and only on plays below them
    twos_held, blacks, reds = hand[TWO], hand[BLACK], hand[RED]
    twos_alone = twos_held if low <= TWO else 0
    add = out.append
    for red in range(old.black, (reds if reds < n else n) + 1):
        for black in range(0, (blacks if blacks < n - red else n - red) + 1):
            body = n - red - black
            if body == 0:
                add(play_of(0, 0, 0, black, red))
                continue
            for twos in range(0, (twos_held if twos_held < body - 1 else body - 1) + 1):
                k = body - twos
                if twos == 0 and red == 0 and black == 0 and fours >= body:
                    add(play_of(FOUR, body))
                for base, held_n in held:
                    if held_n >= k:
                        add(play_of(base, k, twos, black, red))
                if twos == 0 and twos_alone >= body:
                    add(play_of(TWO, body, 0, black, red))
    return out


_SINGLES = {r: play_of(r, 1) for r in range(FOUR, TWO + 1)} | {BLACK: play_of(0, 0, 0, 1), RED: play_of(0, 0, 0, 0, 1)}
"""The single cards that may answer (3s never do), by rank."""


def answer_cost(p: Play) -> tuple[int, int, int, int, int]:
    """The order of answers, cheapest first: fewer 大王, 小王 and 2s spent, then the weaker rank."""
    return (p.red, p.black, p.twos, p.base, p.n)


def answers(hand: Sequence[int], old: Play, rules: Ruleset) -> list[Play]:
    """Every play of ``hand`` that beats ``old`` by strength (R3.1–R3.3), cheapest first (``answer_cost``)."""
    n = old.size
    found = _same_length(hand, old, n)
    if old.red and hand[RED] >= 2:  # 大王二杀一
        if n == 1:
            found.append(play_of(0, 0, 0, 0, 2))
        elif rules.joker_two_kill_one_extended:
            rest = list(hand)
            rest[RED] -= 2
            found += [play_of(p.base, p.n, p.twos, p.black, p.red + 2)
                      for p in _same_length(rest, old.without_reds(1), n - 1)]
    return found


def can_beat(hand: Sequence[int], old: Play, rules: Ruleset) -> bool:
    """Whether ``answers(hand, old, rules)`` yields anything, by counting instead of building plays:
    most seats most of the time hold nothing that beats the top play, and asking is the common case."""
    if old.red:  # only a kill beats a 大王 (R3.1)
        return can_kill(hand, old, rules)
    return _can_same_length(hand, old, old.size)


def can_kill(hand: Sequence[int], old: Play, rules: Ruleset) -> bool:
    """Whether ``answers`` yields a 大王二杀一 (a kill: one card more than ``old``, R3.2/R3.3), by counting."""
    if not old.red or hand[RED] < 2:
        return False
    n = old.size
    if n == 1:
        return True
    if rules.joker_two_kill_one_extended:
        rest = list(hand)
        rest[RED] -= 2
        return _can_same_length(rest, old.without_reds(1), n - 1)
    return False


def _can_same_length(hand: Sequence[int], old: Play, n: int) -> bool:
    """Whether ``_same_length(hand, old, n)`` yields anything. Its plays use as many jokers as the
    hand allows at best (at least ``old.black`` of them 大王), and the rest — the body — must be
    base cards stronger than old's with 2s attached, or 2s alone; 4s only pure."""
    if old.red or hand[RED] < old.black:
        return False
    body = n - hand[RED] - hand[BLACK]
    if body <= 0:
        return True
    twos, base = hand[TWO], old.base
    low = base + 1 if base >= FIVE else FIVE
    # a base rank above old's, held, with enough 2s attached (asked after every action: no builtins
    # with keywords here, they cost more than the rest)
    if low <= ACE and max(hand[low:ACE + 1]) >= (body - twos if body - twos > 1 else 1):
        return True
    if base < TWO and twos >= body:
        return True
    return base < FOUR and old.black == 0 and hand[FOUR] >= n
