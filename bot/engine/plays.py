"""Plays: the value object, parsing and formatting (R2.3–R2.5), comparison (R3) and 够级 (R4).

A play is one base rank with optional attachments. It is stored as five small ints so that
comparing, hashing and enumerating plays stays cheap: the engine looks at thousands of them
when a hand full of 2s and jokers leads.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import BLACK, FOUR, RANKS, RED, SYMBOLS, THREE, TWO, Counts, parse_cards
from .errors import InvalidCards, InvalidPlay
from .ruleset import Ruleset

GOUJI_MIN: dict[int, int] = {10: 5, 11: 4, 12: 3, 13: 2, 14: 2}
"""法定最少数量 of 第十二条: base rank → fewest cards (attached 2s included) that make 够级牌."""


class Play:
    """One play: ``base`` rank (3…A, 2 for a play of 2s, 0 for jokers only) × ``n``, plus
    ``twos`` attached 2s, ``black`` 小王 and ``red`` 大王.

    A hashable value (never mutate one); ``str()`` is the canonical text and ``parse_play(str(p)) == p``.
    """

    __slots__ = ("base", "black", "n", "red", "size", "text", "twos")

    base: int
    n: int
    twos: int
    black: int
    red: int
    size: int
    """How many cards: ``len(play)``, kept as a field since the engine asks it thousands of times."""
    text: str
    """``str(play)``, the canonical text, made with the play: every play made is shown or logged."""

    def __init__(self, base: int, n: int, twos: int = 0, black: int = 0, red: int = 0) -> None:
        # Plain slot stores: plays are built by the thousand, so immutability is by contract
        # (nothing in the engine assigns to a Play), as with python-chess's Move.
        self.base = base
        self.n = n
        self.twos = twos
        self.black = black
        self.red = red
        self.size = n + twos + black + red
        self.text = (SYMBOLS[base] * n if base else "") + "2" * twos + "B" * black + "R" * red

    def _key(self) -> tuple[int, int, int, int, int]:
        return (self.base, self.n, self.twos, self.black, self.red)

    def __eq__(self, other: object) -> bool:
        if self is other:  # plays are mostly handed out once per value (``play_of``)
            return True
        return isinstance(other, Play) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __len__(self) -> int:
        return self.size

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Play({str(self)!r})"

    @property
    def body(self) -> int:
        """Cards that count at the base rank: base cards plus attached 2s (R2.5)."""
        return self.n + self.twos

    @property
    def is_threes(self) -> bool:
        return self.base == THREE

    @property
    def is_fours(self) -> bool:
        return self.base == FOUR

    def counts(self) -> Counts:
        """The play's cards as a count per rank (see ``cards.Counts``)."""
        c = [0] * (RED + 1)  # (``empty_counts``, without the call: the AI asks for these by the thousand)
        if self.base:
            c[self.base] += self.n
        c[TWO] += self.twos
        c[BLACK] += self.black
        c[RED] += self.red
        return c

    def without_reds(self, k: int) -> Play:
        """The same play less ``k`` 大王 (for 大王二杀一, R3.2/R3.3)."""
        return Play(self.base, self.n, self.twos, self.black, self.red - k)


_PLAYS: dict[tuple[int, int, int, int, int], Play] = {}
"""Every play handed out by ``play_of``, by its five numbers."""


def play_of(base: int, n: int, twos: int = 0, black: int = 0, red: int = 0) -> Play:
    """``Play(base, n, twos, black, red)``, one object per play: plays are values, and the engine makes
    every answer and lead of the seat to act after every action, so it looks them up instead of
    building them anew, and formats each one's text once."""
    key = (base, n, twos, black, red)
    p = _PLAYS.get(key)
    if p is None:
        p = _PLAYS[key] = Play(base, n, twos, black, red)
    return p


def play_from_counts(c: Sequence[int]) -> Play:
    """Read counts as one play, or raise ``InvalidPlay`` saying which rule of R2.4 it breaks."""
    bases = [r for r in RANKS if r < TWO and c[r]]
    attached = c[TWO] + c[BLACK] + c[RED]
    if not bases and not attached:
        raise InvalidPlay("没有牌", "no cards in that play")
    if len(bases) > 1:
        raise InvalidPlay(
            "一手牌只能有一种点数（可挂 2、小王、大王）",
            "a play holds one rank only (2s and jokers may be attached)",
        )
    if bases:
        base = bases[0]
        if attached and base == THREE:
            raise InvalidPlay("3 只能单独出，不能挂牌", "3s are always played pure, without 2s or jokers")
        if attached and base == FOUR:
            raise InvalidPlay("4 不能挂牌", "4s are always played pure, without 2s or jokers")
        return Play(base, c[base], c[TWO], c[BLACK], c[RED])
    if c[TWO]:
        return Play(TWO, c[TWO], 0, c[BLACK], c[RED])
    return Play(0, 0, 0, c[BLACK], c[RED])


def parse_play(text: str) -> Play:
    """Parse one play in the notation of R2.3 (``"999 2 B R"``, ``"10 10 10"``, ``"小王"``)."""
    try:
        counts = parse_cards(text)
    except InvalidPlay:
        raise
    except InvalidCards as e:
        raise InvalidPlay(e.zh, e.en) from None
    return play_from_counts(counts)


def _dominates(new: Play, old: Play) -> bool:
    """R3.1 for two plays of equal length, without sorting.

    Sorted strongest first, ``old`` is R…R B…B X…X and ``new`` is R…R B…B Z…Z. Every R of old is
    unbeatable, every B of old needs an R of new, and every X needs a stronger card: any joker
    of new does, and its base cards do when Z > X.
    """
    return old.red == 0 and new.red >= old.black and (new.body == 0 or new.base > old.base)


def beats(new: Play, old: Play, rules: Ruleset) -> bool:
    """Whether ``new`` may be played on ``old`` by card strength alone (R3.1–R3.3)."""
    if new.size == old.size:
        return _dominates(new, old)
    if new.size == old.size + 1 and old.red >= 1 and new.red >= 2 and not rules.big_joker_unbeatable:
        if rules.joker_two_kill_one_extended:  # R3.3: one R of old against two of new
            rest_new, rest_old = new.without_reds(2), old.without_reds(1)
            return len(rest_new) == 0 or _dominates(rest_new, rest_old)
        return len(old) == 1 and len(new) == 2  # R3.2: RR kills a lone R
    return False


def is_kill(new: Play, old: Play) -> bool:
    """大王二杀一: a beat with one card more than the play it beats (R3.2/R3.3)."""
    return new.size == old.size + 1


def is_gouji(play: Play, rules: Ruleset) -> bool:
    """够级牌 (R4.1, 第十二条), with the switch ``big_joker_is_gouji`` (R4.3)."""
    if play.red:
        return rules.big_joker_is_gouji
    if play.black or play.base == TWO:
        return True
    need = GOUJI_MIN.get(play.base)
    return need is not None and play.n + play.twos >= need  # the body (R2.5)


def is_pure_gouji(play: Play, rules: Ruleset) -> bool:
    """纯够级牌 (R4.2): 够级牌 of one rank 10…A with nothing attached — the only kind that opens 开点."""
    if play.twos or play.black or play.red:
        return False
    need = GOUJI_MIN.get(play.base)
    return need is not None and play.n >= need


def opens_without_fours(play: Play, rules: Ruleset) -> bool:
    """R14.1: the 够级 plays that open (开点) by winning the lead: no 小王/大王 in them, not a lone 2 —
    and with ``kaidian_without_twos`` (R13.4) no 2 at all."""
    if play.black or play.red:
        return False
    if play.base == TWO:
        return play.size > 1 and not rules.kaidian_without_twos
    return not (play.twos and rules.kaidian_without_twos)


def holds_pure_gouji(counts: Sequence[int]) -> bool:
    """Whether a hand can make a 纯够级牌 (10×5, J×4, Q×3, K×2 or A×2): the test of R7.3."""
    return any(counts[r] >= need for r, need in GOUJI_MIN.items())
