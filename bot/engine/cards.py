"""Cards and the text notation (R2.1–R2.3).

Ranks are small ints ordered by strength (R2.2), so that comparing two cards is comparing
two ints: 3…10 are themselves, J=11, Q=12, K=13, A=14, 2=15, 小王 (B)=16, 大王 (R)=17.
Suits play no part in the 大纲 rules (R2.1), so a hand is a count per rank; front ends that
draw cards pick suits for display only.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from itertools import pairwise
from operator import le, mul

from .errors import InvalidCards

THREE, FOUR, FIVE, TEN, JACK, QUEEN, KING, ACE, TWO, BLACK, RED = 3, 4, 5, 10, 11, 12, 13, 14, 15, 16, 17
RANKS: tuple[int, ...] = tuple(range(THREE, RED + 1))
SYMBOLS: dict[int, str] = {
    3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T",
    11: "J", 12: "Q", 13: "K", 14: "A", 15: "2", 16: "B", 17: "R",
}
NAMES_ZH: dict[int, str] = {**{r: s for r, s in SYMBOLS.items()}, 10: "10", 16: "小王", 17: "大王"}
NAMES_EN: dict[int, str] = {**NAMES_ZH, 16: "small joker", 17: "big joker"}
"""Each rank as a line of text names it, in Chinese and in English: the letters T, B and R are typing only."""
PER_DECKS: dict[int, int] = {r: (4 if r in (BLACK, RED) else 16) for r in RANKS}
"""How many cards of each rank the four decks hold (R2.1): 216 in all."""
DECK_SIZE = sum(PER_DECKS.values())
SEATS = 6
SUITS = "SHCD"
"""♠ ♥ ♣ ♦ as letters: a match keeps the suits of the 4s only, which is all 上班 needs (R2.1, R14.4)."""


def opposite(seat: int) -> int:
    """对家 / 对头 (R1.2)."""
    return (seat + 3) % SEATS


def team_of(seat: int) -> int:
    """联邦: team 0 is seats 0, 2, 4; team 1 is seats 1, 3, 5 (R1.2)."""
    return seat % 2

_ALIASES: tuple[tuple[str, str], ...] = (
    # Longest first: Chinese joker names, then 10 → T.
    ("小王", "B"), ("大王", "R"), ("小花", "B"), ("大花", "R"), ("黑鬼", "B"), ("红鬼", "R"),
    ("小鬼", "B"), ("大鬼", "R"), ("10", "T"),
)
_BY_SYMBOL: dict[str, int] = {s: r for r, s in SYMBOLS.items()}
_SYMBOL_AT = tuple(SYMBOLS.get(r, "") for r in range(RED + 1))
"""``SYMBOLS`` by index of a ``Counts`` list (indices 0–2: nothing)."""
_LIMITS = [PER_DECKS.get(r, 0) for r in range(RED + 1)]
"""``PER_DECKS`` by index of a ``Counts`` list."""

_TYPED_ZH = "牌写作 3–9、10、J、Q、K、A、2、小王、大王，例如「33」「QQQ+2」"
_TYPED_EN = "type 3-9, 10, J, Q, K, A, 2, B or 小王 (small joker), R or 大王 (big joker), e.g. 33, QQQ+2"
"""How cards are typed, said with a typing error in both languages (a player who typed 大小王 or 三三 reads
what to type instead in the language they typed in)."""

Counts = list[int]
"""A multiset of cards: index ``rank`` (3…17) holds how many; indices 0–2 are always 0."""


def empty_counts() -> Counts:
    return [0] * (RED + 1)


def parse_cards(text: str) -> Counts:
    """Parse any multiset of cards in the notation of R2.3 into counts.

    Case, spaces, ``+`` and ``,`` are ignored, full-width characters are folded (phones type
    them), ``10`` reads as ``T`` and the Chinese joker names are accepted.
    """
    if text.isascii():  # canonical text (a stored hand, a listed action): counted by symbol, in C
        s = text.upper().replace("10", "T")
        counts = empty_counts()
        for r, symbol in SYMBOLS.items():
            counts[r] = s.count(symbol)
        if sum(counts) == len(s) and all(map(le, counts, _LIMITS)):
            return counts
    s = unicodedata.normalize("NFKC", text).upper()  # anything else, with the reason when it is no cards
    for old, new in _ALIASES:
        s = s.replace(old, new)
    counts = empty_counts()
    for ch in s:
        if ch in " +,\t\n":
            continue
        rank = _BY_SYMBOL.get(ch)
        if rank is None:
            raise InvalidCards(f"不认识的牌「{ch}」：{_TYPED_ZH}", f"unknown card {ch!r}: {_TYPED_EN}")
        counts[rank] += 1
    for rank in RANKS:
        if counts[rank] > PER_DECKS[rank]:
            raise InvalidCards(
                f"四副牌只有 {PER_DECKS[rank]} 张 {NAMES_ZH[rank]}",
                f"four decks hold only {PER_DECKS[rank]} × {NAMES_EN[rank]}",
            )
    return counts


def cards_zh(text: str) -> str:
    """Cards as a Chinese line writes them (``TTT`` → ``10 10 10``, ``99BR`` → ``99 小王 大王``): the
    notation letters belong to what a player types (R2.3)."""
    return _spelled(text, NAMES_ZH)


def cards_en(text: str) -> str:
    """Cards as an English line writes them (``TTT`` → ``10 10 10``, ``99BR`` → ``99 small joker big joker``),
    by the same rule as ``cards_zh``, so that both halves of a line show the same cards in the same way."""
    return _spelled(text, NAMES_EN)


def _spelled(text: str, names: dict[int, str]) -> str:
    """Each card of ``text`` by its name; a space stands beside every name longer than one character,
    or ten 10s would read as one long number."""
    words = [names[_BY_SYMBOL[ch]] if ch in _BY_SYMBOL else ch for ch in text]
    out = words[:1]
    for before, word in pairwise(words):
        out.append(f" {word}" if len(before) > 1 or len(word) > 1 else word)
    return "".join(out)


def format_counts(counts: Sequence[int]) -> str:
    """Canonical text of a multiset, weakest card first: ``33445TTTTT22BR``. (Asked for every hand at
    every save and every seat's view: one ``map`` over the ranks, 1.6 times as fast as a generator.)"""
    return "".join(map(mul, _SYMBOL_AT, counts))


_DECK: tuple[int, ...] = tuple(r for r in RANKS for _ in range(PER_DECKS[r]))


def full_deck() -> list[int]:
    """The 216 cards of four decks with jokers, as ranks in a fixed order (shuffle a copy)."""
    return list(_DECK)


def deal_hands(deck: Sequence[int], leader: int) -> list[Counts]:
    """The six hands of a shuffled deck dealt one card at a time, counter-clockwise from ``leader``
    (第七条): card i goes to seat leader + i."""
    hands = []
    for seat in range(SEATS):
        hand = empty_counts()
        for rank in deck[(seat - leader) % SEATS::SEATS]:
            hand[rank] += 1
        hands.append(hand)
    return hands


def add_counts(total: Counts, more: Iterable[int]) -> None:
    for r, n in enumerate(more):
        total[r] += n
