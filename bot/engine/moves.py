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
from .ruleset import Ruleset


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

    The order: 4s (1, 2, … of them), then each base rank 5…A held (k of them with t 2s attached and
    a joker combination), then 2s (with jokers), then jokers alone; a joker combination j is
    (小王, 大王) = divmod(j, 大王 held + 1). ``need_joker`` keeps only leads carrying a 小王 or 大王
    (步步带王, R6.4), which also leaves out the 4s; ``fours_from`` is the fewest 4s a lead of 4s may
    hold (冲三, R13.4: all of them, or more than the hand holds for none).
    """

    __slots__ = ("_fours", "_fours_from", "_hand", "_jokers", "_jstart", "_len", "_red1", "_threes")

    def __init__(self, hand: Sequence[int], need_joker: bool = False, fours_from: int = 1) -> None:
        self._hand = list(hand)  # the hand as it was: the game plays on
        self._red1 = hand[RED] + 1
        self._jokers = (hand[BLACK] + 1) * self._red1  # joker combinations, none at all included
        if only_threes(hand):
            self._threes = hand[THREE]
            self._len = 1
            return
        self._threes = 0
        self._jstart = 1 if need_joker else 0
        self._fours_from = fours_from
        self._fours = 0 if need_joker or fours_from > hand[FOUR] else hand[FOUR] - fours_from + 1
        width = self._jokers - self._jstart  # joker combinations a base may carry
        twos = hand[TWO]
        # counted by multiplication, not built: a seat that leads is asked for its leads every time
        self._len = (self._fours + sum(hand[FIVE:ACE + 1]) * (twos + 1) * width + twos * width
                     + self._jokers - 1)

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._len))]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(i)
        if self._threes:
            return play_of(THREE, self._threes)
        return self._unrank(i)

    def _unrank(self, i: int) -> Play:
        """The i-th lead, by walking the order (mixed-radix unranking within a rank)."""
        if i < self._fours:
            return play_of(FOUR, i + self._fours_from)
        i -= self._fours
        hand, red1, jstart = self._hand, self._red1, self._jstart
        twos = hand[TWO]
        width = self._jokers - jstart
        per = (twos + 1) * width
        for base in range(FIVE, ACE + 1):
            size = hand[base] * per
            if i < size:
                rest, j = divmod(i, width)
                black, red = divmod(j + jstart, red1)
                k, t = divmod(rest, twos + 1)
                return play_of(base, k + 1, t, black, red)
            i -= size
        if i < twos * width:
            rest, j = divmod(i, width)
            black, red = divmod(j + jstart, red1)
            return play_of(TWO, rest + 1, 0, black, red)
        black, red = divmod(i - twos * width + 1, red1)
        return play_of(0, 0, 0, black, red)

    def __iter__(self) -> Iterator[Play]:
        if self._threes:
            yield Play(THREE, self._threes)
            return
        hand, jstart = self._hand, self._jstart
        combos = [divmod(j, self._red1) for j in range(self._jokers)]
        carried = combos[jstart:]
        for k in range(self._fours_from, self._fours_from + self._fours):
            yield Play(FOUR, k)
        twos = hand[TWO]
        for base in range(FIVE, ACE + 1):
            for k in range(1, hand[base] + 1):
                for t in range(twos + 1):
                    for black, red in carried:
                        yield Play(base, k, t, black, red)
        for k in range(1, twos + 1):
            for black, red in carried:
                yield Play(TWO, k, 0, black, red)
        for black, red in combos[1:]:
            yield Play(0, 0, 0, black, red)

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
    if old.red and hand[RED] >= 2 and not rules.big_joker_unbeatable:  # 大王二杀一
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
    most seats most of the time hold nothing that beats the top play, and asking is the common case.

    A play of old's length (``_same_length``) uses as many jokers as the hand allows at best (at least
    ``old.black`` of them 大王), and the rest — the body — must be base cards stronger than old's with
    2s attached, or 2s alone; 4s only pure."""
    if old.red:  # only a kill beats a 大王 (R3.1)
        return can_kill(hand, old, rules)
    if hand[RED] < old.black:
        return False
    n = old.size
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


def can_kill(hand: Sequence[int], old: Play, rules: Ruleset) -> bool:
    """Whether ``answers`` yields a 大王二杀一 (a kill: one card more than ``old``, R3.2/R3.3), by counting."""
    if not old.red or hand[RED] < 2 or rules.big_joker_unbeatable:
        return False
    if old.size == 1:
        return True
    if rules.joker_two_kill_one_extended:  # two of the hand's 大王 for one of old's, the rest beats the rest
        rest = list(hand)
        rest[RED] -= 2
        rest_old = old.without_reds(1)
        return not rest_old.red and can_beat(rest, rest_old, rules)
    return False
