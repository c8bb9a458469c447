"""``strong``'s overrides distilled into a small model that ``basic`` can afford (issue 32).

``strong`` weighs at most two candidates (``candidates.candidates``): ``basic``'s choice and one
alternative, and all of its gain over ``basic`` lies in *when* it plays the alternative. Searching
costs most of a second a decision; this reads a few dozen numbers of the ``Situation`` and of the
two candidates (``features``: cards, counts, turn, 开点 state, and each candidate's size, rank,
2s and jokers, cost, whether it breaks a set or goes out, the odds an opponent beats it), and a
perceptron per kind of decision (``KINDS``; one hidden layer of ReLUs) predicts the alternative's
mean team points over ``basic``'s choice, as the search would find them. The alternative is played
when the prediction clears that kind's margin. (On the 15,756 searched decisions of 240 games the
perceptron overfitted and a ridge regression did better; on 480 games' 31,568 the perceptron
predicts the searches out of fold better than the ridge, and beat it in the arena: README.)

The weights are trained from searched decisions of ``basic``'s self-play (``python -m
bot.ai.distil_train``, README) and shipped in ``distil.npz``, read once; a missing or corrupt file
raises ``DistilError`` — there is no silent fallback to ``basic``. Pure numpy, deterministic.

In this module ``basic`` names the rules of thumb (``bot.ai.basic``, the arena's ``rules``); the level players
are offered as ``basic`` is ``BasicPlayer`` at the end: those rules with the distilled overrides (issue 32).
"""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from bot.engine import MatchView, Play, SeatView, opposite, parse_play
from bot.engine.cards import ACE, BLACK, FIVE, FOUR, RED, SEATS, THREE, TWO
from bot.engine.plays import GOUJI_MIN
from bot.engine.rules import kaidian_without_fours

from .basic import (
    SAFE,
    Choice,
    after,
    breaks_set,
    burn_ok,
    burns,
    cost,
    decide,
    decide_play,
    gouji_matters,
    gouji_sets,
    groups_of,
    lone_weak_last,
    may_kaidian,
)
from .candidates import candidates
from .perceptron import forward
from .situation import Situation

F64 = npt.NDArray[np.float64]

WEIGHTS = Path(__file__).with_name("distil.npz")
"""The shipped weights, written by ``python -m bot.ai.distil_train``."""
VERSION = 3
"""The layout of the features and the weights file; a file of another version is refused (2: the ridge
regression's weights)."""
HAND = 36.0
"""Cards dealt to a seat (216 / 6): the scale of counts."""
RANK = 16.0
"""Cards of a plain rank in the four decks."""
COST_CAP = 10.0
"""``basic``'s cost of a play, capped: 4s kept for 开点 cost 50, which says only "never"."""


class DistilError(RuntimeError):
    """The weights file is missing or unusable: the level must not play without it."""


def _rank(r: int) -> float:
    """A rank on 0…1 (3 → 0, 大王 → 1); jokers-only plays (base 0) read as 0."""
    return max(0, r - THREE) / (RED - THREE)


def situation_features(sit: Situation) -> list[float]:
    """What the deciding seat knows of the table: the turn, its hand's shape, the counts, 开点 and the rules."""
    me, h = sit.seat, sit.hand
    rel = [(me + k) % SEATS for k in range(1, SEATS)]
    top_rel = [0.0] * (SEATS - 1)
    top = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    if sit.top is not None:
        seat, play = sit.top
        top_rel[(seat - me) % SEATS - 1] = 1.0
        top = [1.0, play.size / 10, _rank(play.base), (play.twos + play.black + play.red) / 4,
               float(sit.top_gouji), float(sit.top_kind == "chong")]
    groups = groups_of(h, with_fours=False)
    pure = sum(1 for r, n in GOUJI_MIN.items() if h[r] >= n)
    opp = [sit.counts[s] for s in sit.opponents()]
    mates = sum(sit.counts[s] for s in range(SEATS) if sit.is_mate(s))
    return [
        *top, *top_rel, float(sit.let_by is not None),
        sum(h) / HAND, h[THREE] / RANK, h[FOUR] / RANK, len(groups) / 10, h[TWO] / RANK, h[BLACK] / 4, h[RED] / 4,
        pure / 4, _rank(groups[0]) if groups else 0.0, _rank(groups[-1]) if groups else 0.0,
        max((h[r] for r in range(FIVE, ACE + 1)), default=0) / RANK,
        *(sit.counts[s] / HAND for s in rel), *(float(sit.places[s] is not None) for s in rel),
        *(float(sit.passed[s]) for s in rel), sit.holding / SEATS,
        float(gouji_matters(sit)), float(may_kaidian(sit)), float(sit.kaidian[me]), float(sit.lost[me]),
        float(sit.kaidian[opposite(me)]), float(sit.lost[opposite(me)]), float(sit.natural[me]),
        float(sit.kaidian_chance == me), float(sit.luanchan), float(kaidian_without_fours.played(sit.rules)),
        float(sit.burning is not None), float(sit.burner), float(sit.head == me), float(sit.sijiji > 0),
        float(sit.duty[me]),
        sit.unseen[TWO] / RANK, sit.unseen[BLACK] / 4, sit.unseen[RED] / 4, sum(sit.unseen) / 180,
        min(opp, default=0) / HAND, (mates - sum(opp)) / 100,
    ]


def candidate_features(sit: Situation, action: str) -> list[float]:
    """One candidate: declining (pass or 让牌) or a play's size, rank, 2s and jokers, ``basic``'s cost,
    a broken set, 4s spent, 够级 in force, the odds it is beaten, what it leaves of the hand, and whether
    it leaves one weak play before the 3s, to be led and 闷ed (``basic``'s 闷 guard refuses such answers)."""
    if not action.startswith("play "):
        return [1.0, float(action == "let"), *[0.0] * 14]
    play = getattr(action, "play", None) or parse_play(action[5:])  # ``basic``'s actions carry their play
    h = sit.hand
    rest = list(h)
    for r, n in enumerate(play.counts()):
        rest[r] -= n
    left = sum(rest) - rest[THREE]
    return [0.0, 0.0, play.size / 10, _rank(play.base), play.n / RANK, play.twos / 4, play.black / 4, play.red / 4,
            float(breaks_set(h, play)), min(cost(sit, play, may_kaidian(sit)), COST_CAP) / COST_CAP,
            float(play.base == FOUR), float(sit.in_force(play)), _risk(sit, play), left / HAND,
            len(groups_of(rest, with_fours=True)) / 10 if left else -1.0,
            float(h[THREE] > 0 and lone_weak_last(sit, play))]


def _risk(sit: Situation, play: Play) -> float:
    return sit.risk(play, answering=sit.top is not None)


WHYS = ("lead-low", "lead-fours", "last-play", "pure-gouji", "kaidian", "duty", "burn-lead", "go-out", "avoid-men",
        "pass", "pass-mate", "let", "answer", "stop-kaidian", "dadian", "jieshao", "stop-out", "for-mate", "protect",
        "open-answer", "shao", "burn", "burn-keep", "chong-beat", "chong-pass")
"""``basic``'s reasons for its choices in play (``basic.REASONS``), one feature each: why it chose says much of
when the other candidate pays (a pass to avoid 闷 is not a pass because the answer costs too much)."""


def features(sit: Situation, cands: Sequence[str], base: Choice) -> F64:
    """The model's input for choosing between ``cands[0]`` and ``cands[1]``, one of which is ``basic``'s choice
    ``base`` (the second where ``basic`` breaks a set to answer: ``strong`` tries passing first). The first
    four columns give the kind of decision (``kind``): answering, whether the first is ``basic``'s, and
    whether each declines."""
    first, second = candidate_features(sit, cands[0]), candidate_features(sit, cands[1])
    return np.array([float(sit.top is not None), float(cands[0] == base.action), first[0], second[0],
                     *situation_features(sit), *(float(base.why == w) for w in WHYS), *first, *second], np.float64)


FEATURES = 4 + 60 + len(WHYS) + 2 * 16
"""Inputs of the model: ``features``' length."""
KINDS = ("lead", "answer-pass", "answer-play")
"""Kinds of decision, each with its own weights and margin: a lead (another rank to lead), an answer that
``basic`` declines (the alternative plays), an answer that ``basic`` plays (the alternative declines). The
search's gains differ most between them (where ``basic`` declines, ``strong``'s plays gain on the true deal;
its other leads, searched on a dozen deals, do not), which one model over all of them would have to learn first."""


def kind(x: F64) -> npt.NDArray[np.int64]:
    """The kind of decision (an index of ``KINDS``) of each row of features (n, ``FEATURES``)."""
    basic_declines = np.where(x[:, 1] > 0.5, x[:, 2], x[:, 3]) > 0.5
    return np.where(x[:, 0] > 0.5, np.where(basic_declines, 1, 2), 0)


@dataclass(frozen=True, slots=True)
class Model:
    """A perceptron per kind of decision, predicting the alternative's gain over ``basic``'s choice in team
    points, and the margin it must clear to be played (infinite: never in that kind). The training
    standardised the inputs; that scaling is folded into the first layer's weights."""

    layers: tuple[tuple[tuple[F64, F64], ...], ...]
    """Per kind (``KINDS``): its layers (weights, bias), ``FEATURES`` → hidden → 1."""
    margin: F64

    def gain(self, x: F64) -> F64:
        """``x`` (n, ``FEATURES``) → the predicted gain of each row's alternative, (n,)."""
        k, out = kind(x), np.zeros(len(x))
        for i, layers in enumerate(self.layers):
            mine = k == i
            if mine.any():
                out[mine] = forward(layers, x[mine])[:, 0]
        return out

    def gain_of(self, k: int, x: F64) -> float:
        """The predicted gain of one row of features ``x`` of kind ``k`` (an index of ``KINDS``)."""
        return float(forward(self.layers[k], x[None, :])[0, 0])


ARRAYS = ("w1", "b1", "w2", "b2")
"""The weights file's arrays, each stacked over ``KINDS``: (kinds, ``FEATURES``, hidden), (kinds, hidden),
(kinds, hidden), (kinds,); beside ``margin`` (kinds,) and ``version``."""


def load(path: Path = WEIGHTS) -> Model:
    """The model in ``path``, or ``DistilError`` saying what is wrong and how to rebuild it."""
    hint = "rebuild it with the command in the README (python -m bot.ai.distil_train …)"
    try:
        with np.load(path, allow_pickle=False) as data:
            version = int(data["version"])
            w1, b1, w2, b2 = (np.asarray(data[name], np.float64) for name in ARRAYS)
            margin = np.asarray(data["margin"], np.float64)
    except FileNotFoundError:
        raise DistilError(f"the distilled model's weights are missing: {path}; {hint}") from None
    except (OSError, KeyError, ValueError, TypeError, zipfile.BadZipFile) as exc:
        raise DistilError(f"the distilled model's weights in {path} are unreadable ({exc}); {hint}") from exc
    if version != VERSION:
        raise DistilError(f"the distilled model's weights in {path} are of version {version}, not {VERSION}; {hint}")
    kinds = len(KINDS)
    if w1.ndim != 3 or w1.shape[:2] != (kinds, FEATURES) or b1.shape != (kinds, w1.shape[2]) \
            or w2.shape != b1.shape or b2.shape != (kinds,) or margin.shape != (kinds,) or np.isnan(margin).any() \
            or not all(np.isfinite(a).all() for a in (w1, b1, w2, b2)):
        raise DistilError(f"the distilled model's weights in {path} do not fit its features; {hint}")
    return Model(tuple(((w1[k], b1[k]), (w2[k][:, None], b2[k:k + 1])) for k in range(kinds)), margin)


@cache
def model() -> Model:
    """The shipped model (``WEIGHTS``), read once per process."""
    return load(WEIGHTS)


def decide_distilled(sit: Situation, legal: Sequence[str], net: Model | None = None,
                     trained: bool = False) -> Choice:
    """``basic``'s choice, unless ``strong`` would weigh an alternative to it and the model predicts that
    the alternative gains more than its margin. (Where ``basic`` breaks a pure 够级 set to answer,
    ``strong``'s alternative is passing, which it tries first; the model weighs them the same way.)
    ``trained``: the level as the shipped models' training walked its games (``distil_train --walk``), so
    that the recipe still gives the shipped weights — without what stop 50 added: the rules' answers keeping
    what the last play before the 3s needs (``basic.decide_play``'s ``keep_last``), and the burn refusal."""
    base = decide_play(sit, legal, keep_last=not trained)
    return distilled_choice(sit, base, candidates(sit, legal, base.action), net, trained)


def distilled_choice(sit: Situation, base: Choice, cands: Sequence[str], net: Model | None = None,
                     trained: bool = False) -> Choice:
    """``decide_distilled`` given the rules' choice ``base`` and ``strong``'s ``cands`` already found
    (``strong`` finds them for its search)."""
    if len(cands) == 1:
        return base
    net = net or model()
    k = 0 if sit.top is None else 2 if base.action.startswith("play ") else 1  # ``kind`` of the features below
    if net.gain_of(k, features(sit, cands, base)) > net.margin[k]:
        alt = cands[1] if cands[0] == base.action else cands[0]
        if not refused(sit, base.action, alt, trained):
            return Choice(alt, "distil-lead" if sit.top is None else
                          "distil-answer" if alt.startswith("play ") else "distil-decline")
    return base


def refused(sit: Situation, base: str, alt: str, trained: bool = False) -> bool:
    """The overrides never made, whatever the model predicts: the mistakes they led to outweighed their
    gain (README, issue 32) —

    - 闷 (R8.2): a play, the seat holding 3s, that is its last before the 3s and probably beaten, or
      that leaves one weak play before them (``lone_weak_last``) — the rules' own 闷 guard;
    - 烧失败 (R14.2): a burn, or a burner's play, after which its jokers no longer cover every lead to come
      (``burn_ok``): 大落 for certain — the rules never burn so (``no-burn``, ``burn-keep``). Since stop 50;
      not when ``trained`` (the level as the models' training walked it: it changes one game of the 480 the
      recipe's second command walks);
    - 开点 given up (R7.2, dagang): playing where the rules decline while the seat may still 开点
      with its 4s. Such plays spend the ranks meant to follow the 4s, until too few are left and
      the rules lead the 4s without 开点 — all but a whole pure 够级 set (``gouji_sets``), which
      spends nothing of the rest and, left standing, opens 开点 itself (R7.1). ``strong`` as it was
      answers so 0.78 times a game (dagang, 60 games against ``basic``) and opens after 36% of them;
      letting the model override into them measured +0.15 ± 0.06 points a game head to head against
      the guard on every play (2,000 games of seeds 9001…), +0.18 ± 0.11 and +0.09 ± 0.11 deal by
      deal against the rules (1,000 games of seeds 9001… and of 21001…), 开点 1.34 → 1.42 a game,
      given up no more (README, issue 32).

    Not refused: declining where the rules 打点 to stop an opening (``stop-kaidian``), though the model
    declines 27% of those (dagang) and the 对头 then opens three times in four, against one in three
    after a stop. Refusing it measured no better: against the rules −0.07 ± 0.10 deal by deal (1,000
    games of seeds 9001…; −0.05 ± 0.10 refusing only stops that leave no lone weak play), against
    ``strong`` as it was −0.27 ± 0.38 (60 games of seeds 3061…): the cards spent stopping cost as much
    later (README, issue 32)."""
    if not alt.startswith("play "):
        return False
    h = sit.hand
    play = getattr(alt, "play", None) or parse_play(alt[5:])
    if not base.startswith("play ") and may_kaidian(sit) and not kaidian_without_fours.played(sit.rules) \
            and play not in gouji_sets(h):
        return True
    if not trained and (sit.burner or burns(sit, alt)) and not burn_ok(after(h, play)):
        return True
    if not h[THREE]:
        return False
    last = len(play) == sum(h) - h[THREE]
    return lone_weak_last(sit, play) or (last and sit.risk(play, answering=sit.top is not None) > SAFE)


def decide_basic(view: MatchView | SeatView, legal: Sequence[str]) -> Choice:
    """The ``basic`` level's choice, with its reason, for any decision of a match or game: the rules of
    thumb (``basic.decide``) before play, and in play with the distilled overrides (``decide_distilled``)."""
    return decide(view, legal, decide_distilled)


class BasicPlayer:
    """The ``basic`` level players are offered: the rules of thumb with ``strong``'s overrides as the
    distilled model predicts them — ahead of the rules alone in both presets, at a fraction of a
    millisecond a decision (README, issue 32). Deterministic: ``seed`` is accepted for the common
    factory and unused. Made, it has read the model, so a missing or corrupt file fails at once, not at
    its first decision in play (and the bot reads it before it connects: ``bot.service.tables.ai_unready``)."""

    level = "basic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        model()

    def choose(self, view: MatchView | SeatView, legal: Sequence[str]) -> str:
        return decide_basic(view, legal).action
