"""``python -m bot.ai.distil_train``: the distilled level's model (``distil``), from ``strong``'s searches.

Games of the rules of thumb against themselves (``RulesPlayer``, the arena's ``rules``; dagang and
classic in turn, seeds ``seed × 10⁶ + i`` as for the belief) are walked; at about one in ``--every`` of
the decisions where ``strong`` would weigh two candidates, its search is run over ``--deals`` sampled
deals (a fixed count: the same labels on any machine) and the row keeps the features
(``distil.features``), the alternative's mean gain over the rules' choice and its standard error,
whether ``strong`` would play it (its bar, ``chosen``), and the gain on the true deal (each candidate
played out on the real hidden cards, as the judge does), to check the model against the truth rather
than against the sampler. The games walked are the rules', not the distilled level's own: a model fitted to
the decisions of ``basic``'s games (as DAgger would) predicted better out of fold and played worse, head to
head against the shipped model −0.06 ± 0.08 (dagang) and −0.39 ± 0.12 (classic) points a game (README) — yet
the mean of the two models' predictions (``--walk`` a model's games, ``--join`` it) was ahead of the shipped
model on three seed sets in both presets (README), and so, at stop 50, was the mean of four: two more models
fitted to the rules' games of other seeds (``--seed 2``, ``--seed 3``), each joined in turn, every member
weighing the same (README). The rollouts are the rules' too (``--rollouts`` plays them
by a distilled model instead, a step of policy iteration: three times slower, and its model behind the shipped
one head to head, +0.04 ± 0.08 and −0.21 ± 0.10; README). The search is the cost: each game's rows can be kept
(``--kept``), to fit again or go on with a run cut short without searching again.

A perceptron per kind of decision (``distil.KINDS``; one hidden layer, ``HIDDEN`` ReLUs) is fitted by
Adam to the mean gains, clipped at ``CLIP`` points so that a few wild deals do not steer it; the margin
the alternative must clear is chosen by cross-validation over the games (``fit``), and the out-of-fold
figures printed. Everything follows from ``--seed``; the README has the shipped model's command.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator
from contextlib import nullcontext
from functools import cache, partial
from multiprocessing import Pool
from pathlib import Path
from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from rich.progress import Progress

from bot.engine import Event, Game, Match, Ruleset, SeatView, format_counts

from .basic import Choice, decide, decide_play
from .candidates import candidates
from .distil import ARRAYS, FEATURES, KINDS, VERSION, WEIGHTS, Model, decide_distilled, features, kind, load
from .perceptron import Adam, forward
from .situation import Situation
from .strong import Policy, Search, chosen
from .train import PRESETS, SEED_BASE

F64 = npt.NDArray[np.float64]
CLIP = 8.0
"""Team points at which a decision's mean gain is clipped for the fit."""
MARGINS = tuple(round(0.1 * i, 1) for i in range(-5, 21))
"""Margins tried on the held-out games."""
SHIPPED_MARGINS = (0.05, 0.0, 0.05)
"""The shipped model's margins (leads, answers the rules decline, answers they play), set in the arena over
those the 480 games chose out of fold (0, 0, +0.1; ``MARGINS``): ``basic`` with them against ``basic`` with
those, head to head, 2,000 games on each of three seed sets, +0.12 / +0.09 / +0.10 ± 0.08 points a game
(dagang) and +0.09 / +0.11 / +0.03 ± 0.10 (classic), its mistakes no more frequent; the out-of-fold gain
moves by a few thousandths of a point a decision either way — within its noise (README, issue 32)."""


class Rows(NamedTuple):
    """Searched decisions, one row each: features, the alternative's mean gain over the rules' choice
    on the sampled deals and its standard error, whether ``strong`` would play the alternative, its gain
    on the true deal, and the game each came from (its index in the run)."""

    x: F64
    gain: F64
    se: F64
    strong: F64
    truth: F64
    game: npt.NDArray[np.int64]

    @classmethod
    def join(cls, parts: list[Rows]) -> Rows:
        return cls(*(np.concatenate([getattr(p, f) for p in parts]) for f in cls._fields))

    def take(self, idx: npt.NDArray[np.bool_] | slice) -> Rows:
        return Rows(*(getattr(self, f)[idx] for f in self._fields))

    def save(self, path: Path) -> None:
        with open(path, "wb") as f:
            np.savez_compressed(f, **self._asdict())

    @classmethod
    def load(cls, path: Path) -> Rows:
        with np.load(path, allow_pickle=False) as data:
            return cls(*(np.asarray(data[f]) for f in cls._fields))


class Decision(NamedTuple):
    """A decision of a game of the rules at which ``strong`` weighs two candidates."""

    key: int
    """Which two-candidate decision of the game it is (the search's seed)."""
    view: SeatView
    events: list[Event]
    """The match's events, which the search's deals read."""
    sit: Situation
    cands: list[str]
    base: Choice
    """The rules' choice: one of ``cands``."""


def walk(seed: int, preset: str, every: int, walker: str | None = None) -> Iterator[tuple[Decision, Match]]:
    """About one in ``every`` of the decisions of a seeded game of the rules against themselves (or, ``walker``,
    of the distilled ``basic`` of that weights file) where ``strong`` would weigh two candidates, with the match
    then (for the truth; not to be changed by the caller)."""
    m = Match.new(seed=seed, rules=Ruleset.preset(preset), games=1)
    policy, keep = policy_of(walker), random.Random(seed)
    k = 0
    while not m.over:
        seat = m.to_act
        assert seat is not None
        view, legal = m.view(seat), m.legal_actions(seat)
        if m.phase == "play" and view.game is not None and len(legal) > 1:
            sit = Situation.from_view(view.game)
            base = decide_play(sit, legal)
            cands = candidates(sit, legal, base.action)
            if len(cands) == 2:
                k += 1
                if keep.random() * every < 1:
                    yield Decision(k, view.game, view.events, sit, cands, base), m
        m.act(seat, decide(view, legal, policy).action)


class Job(NamedTuple):
    """One game to search: its index in the run (``game``), seed, preset, and the options that decide its rows."""

    game: int
    seed: int
    preset: str
    every: int
    deals: int
    rollouts: str | None = None
    walk: str | None = None


@cache
def policy_of(weights: str | None) -> Policy:
    """Who plays the walk or the searches' rollouts in play: the rules, or the distilled ``basic`` of a weights file
    — as the shipped models' training walked it (``decide_distilled``'s ``trained``)."""
    return decide_play if weights is None else partial(decide_distilled, net=load(Path(weights)), trained=True)


def game_rows(job: Job) -> Rows:
    """The searched decisions of one game."""
    index, seed, preset, every, deals, rollouts, walker = job
    rows = []
    for d, m in walk(seed, preset, every, walker):
        search = Search(d.view, d.events, d.cands, seed * 1000 + d.key, policy=policy_of(rollouts))
        for _ in range(deals):
            search.deal()
        first_is_basic = d.cands[0] == d.base.action
        basic, other = search.scores if first_is_basic else search.scores[::-1]
        diffs = np.array(other, np.float64) - np.array(basic, np.float64)
        g = m.game
        assert g is not None
        hands, aside = [format_counts(h) for h in g.hands], format_counts(g.aside)
        truth = []
        for action in d.cands:  # built as the search builds its deals: each seat knows what it knew
            real = Game.from_public(search.public, hands, aside)
            real.act(d.view.seat, action)
            truth.append(search.rollout(real))
        overrides = chosen(search.scores) != (0 if first_is_basic else 1)
        rows.append((features(d.sit, d.cands, d.base), diffs.mean(), diffs.std(ddof=1) / np.sqrt(deals),
                     float(overrides), float(truth[1] - truth[0]) * (1 if first_is_basic else -1)))
    if not rows:
        empty = np.zeros(0)
        return Rows(np.zeros((0, FEATURES)), empty, empty, empty, empty, np.zeros(0, np.int64))
    x, gain, se, strong, truth_gain = zip(*rows, strict=True)
    return Rows(np.stack(x), np.array(gain), np.array(se), np.array(strong), np.array(truth_gain),
                np.full(len(rows), index, np.int64))


def searched(seed: int, games: int, every: int, deals: int, workers: int, kept: Path | None,
             progress: Progress, rollouts: str | None = None, walker: str | None = None) -> Rows:
    """The rows of ``games`` seeded games (presets in turn), in order whatever the workers. ``kept``: a
    folder where each game's rows are written as soon as they are searched, and read instead of searched
    again, so that a run cut short goes on where it stopped (the search is hours of CPU on a busy machine)."""
    jobs = [Job(i, seed * SEED_BASE + i, PRESETS[i % 2], every, deals, rollouts, walker) for i in range(games)]
    task = progress.add_task("searching", total=len(jobs))
    parts: dict[int, Rows] = {}
    if kept is not None:
        kept.mkdir(parents=True, exist_ok=True)
        for job in jobs:
            path = _kept(kept, job)
            if path.exists():
                parts[job.game] = Rows.load(path)._replace(x=game_features(job))
                progress.advance(task)
    todo = [job for job in jobs if job.game not in parts]
    with Pool(workers) if workers > 1 else nullcontext() as pool:
        found = pool.imap(game_rows, todo, chunksize=1) if pool is not None else map(game_rows, todo)
        for job, part in zip(todo, found, strict=True):
            parts[job.game] = part
            if kept is not None:
                part.save(_kept(kept, job))
            progress.advance(task)
    return Rows.join([parts[i] for i in range(games)])


def _kept(folder: Path, job: Job) -> Path:
    """Where a game's rows are kept: named by everything that decides their searches."""
    _, seed, preset, every, deals, rollouts, walker = job
    by = "".join(f"-{name}-{Path(w).stem}" for name, w in (("rollouts", rollouts), ("walk", walker)) if w is not None)
    return folder / f"{seed}-{preset}-every{every}-deals{deals}{by}.npz"


def game_features(job: Job) -> F64:
    """The features of a game's searched decisions, by today's ``distil.features``: kept rows are read with
    these, so that the features may change without searching again (the walk is the same, and cheap)."""
    found = [features(d.sit, d.cands, d.base) for d, _ in walk(job.seed, job.preset, job.every, job.walk)]
    return np.stack(found) if found else np.zeros((0, FEATURES))


FOLDS = 5
"""Folds of games for the cross-validation that chooses each kind's margin."""
NEVER = np.inf
"""A kind's margin when no margin gains there: its alternatives are never played."""
HIDDEN = 256
"""ReLUs in the perceptron's hidden layer."""
PENALTY = 0.03
"""Weight decay: this times the weights is added to their gradient (not to the biases')."""
EPOCHS = 40
BATCH = 256
RATE = 1e-3
"""Adam's step size, constant. ``HIDDEN``, ``PENALTY`` and ``EPOCHS`` chosen by the mean squared error out of
fold on the 480 games' decisions (5 folds of games, each kind apart; the ridge regression before it 1.003):
16 units, 0.01, 10 epochs 0.987; 32, 0.01, 20 / 40 0.966 / 0.963; 64, 0.01, 30 0.960; 128, 0.03, 30 / 60
0.953 / 0.946; 256, 0.03, 40 0.947–0.951 over three seeds. Worse: a penalty of 0.1 (0.976–0.979 at 64 to 256
units), of 0.01 at 256 units (0.973), of 0.003 at 32 (0.970)."""


def perceptron(x: F64, y: F64, seed: int) -> tuple[tuple[F64, F64], tuple[F64, F64]]:
    """The layers of a perceptron fitted to ``y`` (squared error) from the raw features ``x``: trained on
    standardised inputs, the standardisation folded into the first layer. Seeded: the first weights and
    the batches' order."""
    mean = x.mean(axis=0)
    scale = np.where(x.std(axis=0) > 1e-6, x.std(axis=0), 1.0)
    z = (x - mean) / scale
    rng = np.random.default_rng(seed)
    n, width = z.shape
    w1, b1 = rng.normal(0.0, 1 / np.sqrt(width), (width, HIDDEN)), np.zeros(HIDDEN)
    w2, b2 = rng.normal(0.0, 1 / np.sqrt(HIDDEN), HIDDEN), np.array(y.mean())
    params = [w1, b1, w2, b2]
    adam = Adam(params)
    for _ in range(EPOCHS):
        order = rng.permutation(n)
        for i in range(0, n, BATCH):
            batch = order[i:i + BATCH]
            h = z[batch] @ w1 + b1
            a = np.maximum(h, 0.0)
            err = 2 * (a @ w2 + b2 - y[batch]) / len(batch)
            back = np.outer(err, w2) * (h > 0)
            adam.step(params, [z[batch].T @ back + PENALTY * w1, back.sum(axis=0), a.T @ err + PENALTY * w2,
                               np.array(err.sum())], RATE)
    first = w1 / scale[:, None]
    return (first, b1 - mean @ first), (w2[:, None], b2.reshape(1))


def gained(gain: F64, predicted: F64, margin: float) -> float:
    """Team points a decision gained by playing the alternative where ``predicted`` clears ``margin``, by ``gain``."""
    return float(np.where(predicted > margin, gain, 0.0).mean()) if len(gain) else 0.0


def fit(rows: Rows, seed: int, margins: tuple[float, ...] | None = None) -> tuple[Model, F64]:
    """A perceptron per kind of decision (``distil.KINDS``) of the searched gains, clipped at ``CLIP``; its
    margin (``MARGINS`` or ``NEVER``) is the one that gains most out of fold: the games are dealt at random
    (``seed``) to ``FOLDS`` folds, each fold predicted by the fit to the others — or ``margins``, one a kind,
    where they were chosen in the arena instead (the shipped model's: ``SHIPPED_MARGINS``). Returns the fit
    to all rows, and the out-of-fold predictions (for the report)."""
    folds = np.random.default_rng(seed).permutation(int(rows.game.max()) + 1 if len(rows.game) else 0) % FOLDS
    fold = folds[rows.game] if len(rows.game) else rows.game
    kinds = kind(rows.x)
    y = np.clip(rows.gain, -CLIP, CLIP)
    layers = []
    margin, oof = np.full(len(KINDS), NEVER), np.zeros(len(y))
    for k, name in enumerate(KINDS):
        mine = kinds == k
        if mine.sum() < 2 * FEATURES:
            print(f"  {name}: {mine.sum()} decisions, too few to fit: never played")
            layers.append(((np.zeros((FEATURES, HIDDEN)), np.zeros(HIDDEN)), (np.zeros((HIDDEN, 1)), np.zeros(1))))
            continue
        for f in range(FOLDS):
            part, rest = mine & (fold == f), mine & (fold != f)
            if part.any():
                oof[part] = forward(perceptron(rows.x[rest], y[rest], seed * 100 + k * 10 + f), rows.x[part])[:, 0]
        layers.append(perceptron(rows.x[mine], y[mine], seed * 100 + k * 10 + FOLDS))
        gains = {t: gained(rows.gain[mine], oof[mine], t) for t in MARGINS}
        top = max(gains, key=lambda t: (gains[t], t))
        margin[k] = margins[k] if margins is not None else top if gains[top] > 0 else NEVER
        print(f"  {name}: {mine.sum()} decisions, out of fold mean squared error "
              f"{float(((oof[mine] - y[mine]) ** 2).mean()):.3f} (always 0: {float((y[mine] ** 2).mean()):.3f}), "
              f"margin {margin[k]:+.1f}")
    return Model(tuple(layers), margin), oof


def members(model: Model) -> int:
    """How many fitted perceptrons ``model`` averages: each brings ``HIDDEN`` units (``joined``)."""
    return int(model.layers[0][0][0].shape[1]) // HIDDEN


def joined(a: Model, b: Model) -> Model:
    """One model predicting the mean of ``a``'s and ``b``'s members' gains, each member weighing the same
    (``members``: a model already joined counts for as many as it averages), with ``a``'s margins: per kind,
    the hidden layers side by side and the output weights scaled (``--join``)."""
    share = members(a) / (members(a) + members(b))
    layers = tuple(((np.hstack([wa, wb]), np.concatenate([ba, bb])),
                    (np.vstack([va * share, vb * (1 - share)]), ca * share + cb * (1 - share)))
                   for ((wa, ba), (va, ca)), ((wb, bb), (vb, cb)) in zip(a.layers, b.layers, strict=True))
    return Model(layers, a.margin)


def report(rows: Rows, oof: F64, model: Model) -> None:
    """What playing the alternatives gains, out of fold, per kind and in all: on the searched means and on the
    true deal, beside ``strong``'s own choices (whose searched gain is flattered: the same deals chose and judge)."""
    print("out of fold: team points a decision over the rules' choice, searched / on the true deal (± 95%); "
          "alternatives played a decision; agreement with strong")
    kinds = kind(rows.x)
    for k, name in (*enumerate(KINDS), (-1, "all")):
        mine = kinds == k if k >= 0 else np.ones(len(kinds), bool)
        if not mine.any():
            continue
        on = oof[mine] > model.margin[kinds[mine]]
        strong = rows.strong[mine] > 0
        truth, ours = np.where(strong, rows.truth[mine], 0.0), np.where(on, rows.truth[mine], 0.0)
        print(f"  {name:<12} {mine.sum():>6}   strong {gained(rows.gain[mine], rows.strong[mine], 0.5):+.3f} / "
              f"{truth.mean():+.3f} ± {_half(truth):.3f} ({strong.mean():.2f})   "
              f"distilled {gained(rows.gain[mine], on.astype(np.float64), 0.5):+.3f} / {ours.mean():+.3f} ± "
              f"{_half(ours):.3f} ({on.mean():.2f}, agrees {(on == strong).mean():.2f})   "
              f"knowing the truth {np.maximum(rows.truth[mine], 0).mean():+.3f}")


def _half(values: F64) -> float:
    return float(1.96 * values.std(ddof=1) / np.sqrt(len(values))) if len(values) > 1 else 0.0


def save(model: Model, path: Path, meta: dict[str, int]) -> None:
    """The weights in ``distil.load``'s layout (float32: half the size, and the predictions the same to about
    a millionth of a point), with how they were made."""
    first, last = [k[0] for k in model.layers], [k[1] for k in model.layers]
    stacked = (np.stack([w for w, _ in first]), np.stack([b for _, b in first]),
               np.stack([w[:, 0] for w, _ in last]), np.concatenate([b for _, b in last]))
    arrays: dict[str, npt.NDArray[np.generic]] = {"version": np.array(VERSION), "margin": model.margin}
    arrays.update({name: a.astype(np.float32) for name, a in zip(ARRAYS, stacked, strict=True)})
    arrays.update({k: np.array(v) for k, v in meta.items()})
    with open(path, "wb") as f:
        np.savez_compressed(f, **arrays)  # type: ignore[arg-type]


def _margins(text: str) -> tuple[float, ...]:
    """``--margins``: one number a kind of decision."""
    try:
        margins = tuple(float(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"numbers separated by commas, not {text!r}") from None
    if len(margins) != len(KINDS):
        raise argparse.ArgumentTypeError(f"one margin for each of the {len(KINDS)} kinds: {', '.join(KINDS)}")
    return margins


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.ai.distil_train", description=__doc__)
    parser.add_argument("--seed", type=int, default=1, help="seed of the games, the searches and the folds")
    parser.add_argument("--games", type=int, default=480, help="self-play games searched")
    parser.add_argument("--every", type=int, default=2, help="search one two-candidate decision in this many")
    parser.add_argument("--deals", type=int, default=12, help="sampled deals a searched decision")
    parser.add_argument("--workers", type=int, default=1, help="processes searching games in parallel")
    parser.add_argument("--kept", type=Path, help="a folder keeping each game's rows: read, not searched again")
    parser.add_argument("--out", type=Path, default=WEIGHTS, help="the weights file written")
    parser.add_argument("--margins", type=_margins, help="each kind's margin, comma-separated, rather than "
                        f"chosen out of fold (the shipped model: {','.join(map(str, SHIPPED_MARGINS))})")
    parser.add_argument("--rollouts", type=str, help="a weights file of this model: its distilled basic, not the "
                        "rules, plays the searches out (a step of policy iteration: measured, not the shipped "
                        "recipe; README)")
    parser.add_argument("--walk", type=str, help="a weights file of this model: the games walked are its distilled "
                        "basic's, not the rules'")
    parser.add_argument("--join", type=str, help="a weights file of this model: the model written predicts the mean "
                        "of its members' gains and the fitted model's, each member weighing the same, with the "
                        "fitted model's margins")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    with Progress() as progress:
        rows = searched(args.seed, args.games, args.every, args.deals, args.workers, args.kept, progress,
                        args.rollouts, args.walk)
    model, oof = fit(rows, args.seed, args.margins)
    report(rows, oof, model)
    if args.join is not None:
        model = joined(model, load(Path(args.join)))
        print(f"joined with {args.join}: the mean of {members(model)} models' predictions")
    save(model, args.out, {"seed": args.seed, "games": args.games, "every": args.every, "deals": args.deals,
                           "rollouts": int(args.rollouts is not None), "walk": int(args.walk is not None),
                           "members": members(model),
                           "samples": len(rows.gain)})
    print(f"{len(rows.gain)} decisions of {args.games} games, {time.perf_counter() - start:.0f} s; wrote {args.out}")


if __name__ == "__main__":
    main()
