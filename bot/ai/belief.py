"""A learned belief of where the unseen cards are (issue 32): per other seat and rank, how many it holds.

For the deciding seat, from what that seat may see (its hand and the public record, the same
``SeatView`` and match log the search's ``Sampler`` reads), the belief gives each *holder* — the
five other seats in turn after this one, then the pile set aside (革命, 烧失败, 窒息) — the expected
count of each rank among the cards nobody has shown. Three steps, in this order:

1. What is certain (``facts``): the cards each holder is known to hold (tribute, buying, 捎, the
   冲点 sets; ``Sampler``'s), the ranks it cannot hold (没3, buying and tribute bans, a 革命 pile
   without 2s or jokers), the most of a rank it can hold (自然开点; a pass the rules forced — no
   legal play — on a plain play says it holds no single rank above it, nor 2s and jokers, as many
   as the play's cards), and each holder's count. The true hands always satisfy them.
2. A small multi-layer perceptron reads features of the record (``features``) and gives a logit
   per (holder, rank), added to the log of the holder's room, so that a model of zeros is the
   uniform guess (each unseen card in a holder with odds its room / the unseen cards). A softmax
   over the holders a rank may be in gives each card's odds of being in each.
3. Iterative proportional fitting scales those odds until each holder's expected counts add to
   its room and each rank's to its unseen cards, within the caps (``fit``).

Pure numpy at run time, deterministic (float64, fixed order). The weights are trained by self-play
(``python -m bot.ai.train``, README) and loaded once (``model``); a missing or corrupt file is an
error, never a silent fallback to the uniform guess.
"""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import TypeVar, cast

import numpy as np
import numpy.typing as npt

from bot.engine import Event, SeatView, is_gouji, opposite, parse_cards, parse_play
from bot.engine.cards import ACE, BLACK, FIVE, RED, SEATS, THREE, TWO
from bot.engine.rules import burn_priority, kaidian_without_fours

from .perceptron import forward
from .sample import Odds, Sampler
from .situation import DECK, rules_of

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

RANKS = RED + 1 - THREE
"""Ranks in the model's tables: 3 … 大王, index ``rank - THREE``."""
HOLDERS = SEATS
"""The five other seats (in turn after the deciding one) and the pile set aside."""
ASIDE = HOLDERS - 1
WEIGHTS = Path(__file__).with_name("belief.npz")
"""The shipped weights, written by ``python -m bot.ai.train``."""
VERSION = 1
"""The layout of the features and the weights file; a file of another version is refused."""
PLAYED = ("lead", "follow", "hui")
"""Event kinds whose ``play`` left a seat's hand in play."""
FIT_ROUNDS = 200
FIT_TOLERANCE = 1e-9


class BeliefError(RuntimeError):
    """The weights file is missing or unusable: the bot must not start without it."""


@dataclass(frozen=True, slots=True)
class Facts:
    """What is certain about the hidden cards, per holder (``HOLDERS`` rows) and rank (``RANKS`` columns)."""

    seats: tuple[int | None, ...]
    """The seat of each holder (None: the pile set aside)."""
    pool: I64
    """Cards of each rank that nobody has seen and no holder is known to hold: what the belief places."""
    known: I64
    """Cards each holder is known to hold."""
    room: I64
    """Cards each holder holds beyond those known."""
    cap: I64
    """The most cards of each rank each holder may hold beyond those known (0: none)."""


def facts(view: SeatView, match_events: Sequence[Event] = ()) -> Facts:
    """The certain part of the belief, from the same reading of the record as ``Sampler``'s hard rules."""
    s = Sampler(view, match_events)
    me = view.seat
    seats: tuple[int | None, ...] = (*((me + k) % SEATS for k in range(1, SEATS)), None)
    known = np.zeros((HOLDERS, RANKS), np.int64)
    room = np.zeros(HOLDERS, np.int64)
    cap = np.zeros((HOLDERS, RANKS), np.int64)
    limit = np.array(DECK[THREE:], np.int64)
    pool = np.zeros(RANKS, np.int64)
    for r in s.pool:
        pool[r - THREE] += 1
    forced = forced_caps(view)
    for h, seat in enumerate(seats):
        if seat is None or seat == s.revolt:
            if seat is not None:
                continue  # the 革命 seat holds nothing: its cards are the pile set aside
            owner = s.revolt
            got = s.known[owner] if owner is not None else [0] * (RED + 1)
            known[h] = got[THREE:]
            room[h] = s.aside_count - sum(got)
            banned = s.banned(None)
            caps: dict[int, int] = {}
        else:
            known[h] = s.known[seat][THREE:]
            room[h] = s.counts[seat] - sum(s.known[seat])
            banned = s.banned(seat)
            caps = {**s.caps.get(seat, {})}
            for r, n in forced.get(seat, {}).items():
                caps[r] = min(n, caps.get(r, n))
        for i in range(RANKS):
            r = i + THREE
            most = 0 if r in banned else caps.get(r, int(limit[i])) - int(known[h, i])
            cap[h, i] = max(0, min(most, int(pool[i]), int(room[h])))
    for peek_seat, text in view.peek.items():  # a teammate's hand in sight (R13.3 阵营战) is known whole
        if peek_seat in seats and peek_seat != s.revolt:
            h = seats.index(peek_seat)
            pool += known[h]
            known[h] = parse_cards(text)[THREE:]
            pool -= known[h]
            room[h] = 0
            cap[h] = 0
    return Facts(seats, pool, known, room, cap)


def forced_caps(view: SeatView) -> dict[int, dict[int, int]]:
    """The most cards of a rank each seat may hold, from the passes the rules forced on it (R5.6: no
    legal play, ``auto``) where any play beating the top one by strength would have been legal — a
    plain play (no joker, not 3s), the seat's first pass of the round (after one, only 大王二杀一 is
    left to it), and not a 够级 play unless the seat is its 对家 (the others may only burn it). It
    then holds fewer than the play's cards of any one rank above it, of 2s (when the play is below
    them) and of each joker. A seat's hand only shrinks in play, so every such pass still binds."""
    rules = rules_of(view.rules)
    out: dict[int, dict[int, int]] = {}
    top: tuple[int, str] | None = None
    passed: set[int] = set()
    for e in view.events:
        if e.kind in PLAYED and e.seat is not None and e.play:
            top = (e.seat, e.play)
        elif e.kind == "round":
            top = None
            passed.clear()
        elif e.kind in ("pass", "let") and e.seat is not None:
            first = e.seat not in passed
            passed.add(e.seat)
            if e.kind == "let" or not e.auto or not first or top is None or e.seat == view.seat:
                continue
            seat, text = top
            play = parse_play(text)
            if play.is_threes or play.black or play.red or play.body == 0:
                continue
            if e.seat != opposite(seat) and is_gouji(play, rules):
                continue
            most = len(play) - 1
            caps = out.setdefault(e.seat, {})
            ranks = [*range(max(play.base + 1, FIVE), ACE + 1), BLACK, RED, *((TWO,) if play.base < TWO else ())]
            for r in ranks:
                caps[r] = min(most, caps.get(r, most))
    return out


SEAT_FEATURES = 1 + 7 * RANKS + 6
GLOBAL_FEATURES = 2 * RANKS + 6
FEATURES = GLOBAL_FEATURES + HOLDERS * SEAT_FEATURES
"""Length of ``features``' vector."""


def features(view: SeatView, f: Facts) -> F64:
    """What the model reads: the seat's hand, the cards to place, the stage and the rules; and per
    holder its room, what is certain of it (``f``), and its record in this game — the cards it played,
    the ranks it led, the ranks of the plays it passed on by choice and by force, its 让牌, 开点,
    宣点 and whether it is out. Scaled to about 0…1."""
    rules = rules_of(view.rules)
    hand = parse_cards(view.hand)[THREE:]
    out = np.zeros(FEATURES)
    out[:RANKS] = np.array(hand) / 8
    out[RANKS:2 * RANKS] = f.pool / 16
    out[2 * RANKS:GLOBAL_FEATURES] = (sum(view.counts) / 216, view.luanchan, burn_priority.played(rules),
                                      kaidian_without_fours.played(rules), view.public["revolt"] is not None,
                                      view.public["aside_count"] / 36)
    rec = np.zeros((HOLDERS, 5, RANKS))  # played, led, passed by choice, passed by force, let — per rank
    index = {seat: h for h, seat in enumerate(f.seats) if seat is not None}
    top: str | None = None
    for e in view.events:
        if e.seat is None:
            if e.kind == "round":
                top = None
            continue
        h = index.get(e.seat)
        if e.kind in PLAYED and e.play:
            if h is not None:
                base, cards = _play(e.play)
                rec[h, 0] += cards
                if e.kind == "lead":
                    rec[h, 1, base] += 1
            top = e.play
        elif e.kind in ("pass", "let") and h is not None and top is not None:
            kind = 4 if e.kind == "let" else 3 if e.auto else 2
            rec[h, kind, _play(top)[0]] += 1
    for h, seat in enumerate(f.seats):
        at = GLOBAL_FEATURES + h * SEAT_FEATURES
        block = out[at:at + SEAT_FEATURES]
        block[0] = f.room[h] / 36
        block[1:1 + RANKS] = f.known[h] / 4
        block[1 + RANKS:1 + 2 * RANKS] = f.cap[h] / 16
        block[1 + 2 * RANKS:1 + 7 * RANKS] = (rec[h] / np.array([[8], [2], [4], [4], [2]])).ravel()
        if seat is not None:
            block[1 + 7 * RANKS:] = (view.kaidian[seat], view.natural[seat], view.counts[seat] == 0,
                                     view.duty[seat], seat % 2 == view.seat % 2, view.counts[seat] / 36)
    return out


@lru_cache(maxsize=8192)
def _play(text: str) -> tuple[int, F64]:
    """A play's base (as a column) and its cards per rank, read once per distinct text (never written to)."""
    return parse_play(text).base - THREE, np.array(parse_cards(text)[THREE:], np.float64)


@dataclass(frozen=True, slots=True)
class Model:
    """The perceptron: ReLU layers, then a logit per (holder, rank)."""

    layers: tuple[tuple[F64, F64], ...]

    def logits(self, x: F64) -> F64:
        """``x`` (n, ``FEATURES``) → (n, ``HOLDERS``, ``RANKS``)."""
        return cast(F64, forward(self.layers, x).reshape(-1, HOLDERS, RANKS))


def load(path: Path = WEIGHTS) -> Model:
    """The model in ``path``, or ``BeliefError`` saying what is wrong and how to rebuild it."""
    hint = "rebuild it with the command in the README (python -m bot.ai.train …)"
    try:
        with np.load(path, allow_pickle=False) as data:
            version = int(data["version"])
            count = int(data["layers"])
            layers = tuple((np.asarray(data[f"w{i}"], np.float64), np.asarray(data[f"b{i}"], np.float64))
                           for i in range(count))
    except FileNotFoundError:
        raise BeliefError(f"the belief model's weights are missing: {path}; {hint}") from None
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        raise BeliefError(f"the belief model's weights in {path} are unreadable ({exc}); {hint}") from exc
    if version != VERSION:
        raise BeliefError(f"the belief model's weights in {path} are of version {version}, not {VERSION}; {hint}")
    width = FEATURES
    for w, b in layers:
        if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],) or not np.isfinite(w).all() \
                or not np.isfinite(b).all():
            raise BeliefError(f"the belief model's weights in {path} do not fit its features; {hint}")
        width = w.shape[1]
    if width != HOLDERS * RANKS:
        raise BeliefError(f"the belief model's weights in {path} do not fit its output; {hint}")
    return Model(layers)


@cache
def model() -> Model:
    """The shipped model, read once per process."""
    return load()


def odds(logits: F64, f: Facts) -> F64:
    """Each unseen card's odds of being in each holder (columns add to 1 where cards are unseen)."""
    return softmax(logits, (f.cap > 0) & (f.room[:, None] > 0), np.log(np.maximum(f.room, 1)))


AnyFloat = TypeVar("AnyFloat", npt.NDArray[np.float64], npt.NDArray[np.float32])


def softmax(logits: AnyFloat, allowed: npt.NDArray[np.bool_], log_room: AnyFloat) -> AnyFloat:
    """The logits with the log of each holder's room added, a softmax over the holders (the axis
    before the last) each rank may be in; zero where none may. Batched alike for training."""
    z = np.where(allowed, logits + log_room[..., None], -np.inf)
    top = np.max(np.where(allowed, z, -1e30), axis=-2, keepdims=True)
    e = np.where(allowed, np.exp(z - top), 0.0).astype(logits.dtype)
    total = e.sum(axis=-2, keepdims=True)
    return cast(AnyFloat, np.divide(e, total, out=np.zeros_like(e), where=total > 0))


def fit(p: F64, f: Facts) -> F64:
    """Expected counts (holders × ranks) from the odds ``p``, scaled in turn until each holder's add
    to its room and each rank's to its unseen cards, none above its cap (iterative proportional fitting)."""
    pool = f.pool.astype(np.float64)
    room = f.room.astype(np.float64)
    cap = f.cap.astype(np.float64)
    e = np.minimum(p * pool, cap)
    for _ in range(FIT_ROUNDS):
        rows = e.sum(axis=1)
        e *= np.divide(room, rows, out=np.ones_like(rows), where=rows > 0)[:, None]
        np.minimum(e, cap, out=e)
        cols = e.sum(axis=0)
        e *= np.divide(pool, cols, out=np.ones_like(cols), where=cols > 0)
        np.minimum(e, cap, out=e)
        if np.abs(e.sum(axis=1) - room).max() < FIT_TOLERANCE and np.abs(e.sum(axis=0) - pool).max() < FIT_TOLERANCE:
            break
    return e


@dataclass(frozen=True, slots=True)
class Belief:
    """Where the unseen cards are, as the deciding seat may judge."""

    facts: Facts
    expected: F64
    """Expected cards of each rank in each holder beyond those known (holders × ranks)."""

    def holding(self, seat: int | None) -> list[float]:
        """The expected hand of ``seat`` (None: the pile set aside), indexed like a hand's counts."""
        h = self.facts.seats.index(seat)
        return [0.0] * THREE + [float(x) for x in self.expected[h] + self.facts.known[h]]

    def to_deal(self) -> Odds:
        """The belief as the sampler deals by it (``Sampler(…, belief=…)``)."""
        f = self.facts
        return Odds(f.seats, f.known.tolist(), f.room.tolist(), f.cap.tolist(), f.pool.tolist(), self.odds.tolist())

    @property
    def odds(self) -> F64:
        """Each placed card's odds of being in each holder, after the fit."""
        pool = self.facts.pool.astype(np.float64)
        return cast(F64, np.divide(self.expected, pool, out=np.zeros_like(self.expected), where=pool > 0))


def belief(view: SeatView, match_events: Sequence[Event] = (), net: Model | None = None) -> Belief:
    """The belief of ``view.seat``, by the shipped model unless ``net`` is given."""
    f = facts(view, match_events)
    z = (net or model()).logits(features(view, f)[None, :])[0]
    return Belief(f, fit(odds(z, f), f))
