"""``python -m bot.ai.distil_train``: the distilled level's model (``distil``), from ``strong``'s searches.

Games of ``basic`` against itself (dagang and classic in turn, seeds ``seed × 10⁶ + i`` as for the
belief) are walked; at about one in ``--every`` of the decisions where ``strong`` would weigh two
candidates, its search is run over ``--deals`` sampled deals (a fixed count: the same labels on any
machine) and the row keeps the features (``distil.features``), the alternative's mean gain over
``basic``'s choice and its standard error, whether ``strong`` would play it (its bar, ``chosen``), and
the gain on the true deal (each candidate played out on the real hidden cards, as the judge does), to
check the model against the truth rather than against the sampler. The search is the cost: each
game's rows can be kept (``--kept``), to fit again or go on with a run cut short without searching again.

The perceptron (one ReLU layer) is fitted by Adam to the mean gains, clipped at ``CLIP`` points so
that a few wild deals do not steer it; 10% of the games are held out, and the margin the model must
clear to override is the one that gains most on the held-out games' searched means. Everything
follows from ``--seed``; the README has the shipped model's command.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator
from contextlib import nullcontext
from multiprocessing import Pool
from pathlib import Path
from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from rich.progress import Progress

from bot.engine import Event, Game, Match, Ruleset, SeatView, format_counts

from .basic import BasicPlayer, decide_play
from .distil import FEATURES, VERSION, WEIGHTS, Model, features
from .situation import Situation
from .strong import Search, candidates, chosen
from .train import PRESETS, SEED_BASE

F64 = npt.NDArray[np.float64]
CLIP = 8.0
"""Team points at which a decision's mean gain is clipped for the fit."""
MARGINS = tuple(round(0.1 * i, 1) for i in range(-5, 21))
"""Margins tried on the held-out games."""


class Rows(NamedTuple):
    """Searched decisions, one row each: features, the alternative's mean gain over ``basic``'s choice
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
    """A decision of ``basic``'s game at which ``strong`` weighs two candidates."""

    key: int
    """Which two-candidate decision of the game it is (the search's seed)."""
    view: SeatView
    events: list[Event]
    """The match's events, which the search's deals read."""
    sit: Situation
    cands: list[str]
    first_is_basic: bool


def walk(seed: int, preset: str, every: int) -> Iterator[tuple[Decision, Match]]:
    """About one in ``every`` of the decisions of a seeded game of ``basic`` against itself where ``strong``
    would weigh two candidates, with the match then (for the truth; not to be changed by the caller)."""
    m = Match.new(seed=seed, rules=Ruleset.preset(preset), games=1)
    player, keep = BasicPlayer(seed), random.Random(seed)
    k = 0
    while not m.over:
        seat = m.to_act
        assert seat is not None
        view, legal = m.view(seat), m.legal_actions(seat)
        if m.phase == "play" and view.game is not None and len(legal) > 1:
            sit = Situation.from_view(view.game)
            base = decide_play(sit, legal).action
            cands = candidates(sit, legal, base)
            if len(cands) == 2:
                k += 1
                if keep.random() * every < 1:
                    yield Decision(k, view.game, view.events, sit, cands, cands[0] == base), m
        m.act(seat, player.choose(view, legal))


def game_rows(job: tuple[int, int, str, int, int]) -> Rows:
    """The searched decisions of one game: ``job`` is (its index in the run, seed, preset, every, deals)."""
    index, seed, preset, every, deals = job
    rows = []
    for d, m in walk(seed, preset, every):
        search = Search(d.view, d.events, d.cands, seed * 1000 + d.key)
        for _ in range(deals):
            search.deal()
        basic, other = search.scores if d.first_is_basic else search.scores[::-1]
        diffs = np.array(other, np.float64) - np.array(basic, np.float64)
        g = m.game
        assert g is not None
        hands, aside = [format_counts(h) for h in g.hands], format_counts(g.aside)
        truth = []
        for action in d.cands:  # built as the search builds its deals: each seat knows what it knew
            real = Game.from_public(search.public, hands, aside)
            real.act(d.view.seat, action)
            truth.append(search.rollout(real))
        overrides = chosen(search.scores) != (0 if d.first_is_basic else 1)
        rows.append((features(d.sit, d.cands, d.first_is_basic), diffs.mean(), diffs.std(ddof=1) / np.sqrt(deals),
                     float(overrides), float(truth[1] - truth[0]) * (1 if d.first_is_basic else -1)))
    if not rows:
        empty = np.zeros(0)
        return Rows(np.zeros((0, FEATURES)), empty, empty, empty, empty, np.zeros(0, np.int64))
    x, gain, se, strong, truth_gain = zip(*rows, strict=True)
    return Rows(np.stack(x), np.array(gain), np.array(se), np.array(strong), np.array(truth_gain),
                np.full(len(rows), index, np.int64))


def searched(seed: int, games: int, every: int, deals: int, workers: int, kept: Path | None,
             progress: Progress) -> Rows:
    """The rows of ``games`` seeded games (presets in turn), in order whatever the workers. ``kept``: a
    folder where each game's rows are written as soon as they are searched, and read instead of searched
    again, so that a run cut short goes on where it stopped (the search is hours of CPU on a busy machine)."""
    jobs = [(i, seed * SEED_BASE + i, PRESETS[i % 2], every, deals) for i in range(games)]
    task = progress.add_task("searching", total=len(jobs))
    parts: dict[int, Rows] = {}
    if kept is not None:
        kept.mkdir(parents=True, exist_ok=True)
        for job in jobs:
            path = _kept(kept, job)
            if path.exists():
                parts[job[0]] = Rows.load(path)
                progress.advance(task)
    todo = [job for job in jobs if job[0] not in parts]
    with Pool(workers) if workers > 1 else nullcontext() as pool:
        found = pool.imap(game_rows, todo, chunksize=1) if pool is not None else map(game_rows, todo)
        for job, part in zip(todo, found, strict=True):
            parts[job[0]] = part
            if kept is not None:
                part.save(_kept(kept, job))
            progress.advance(task)
    return Rows.join([parts[i] for i in range(games)])


def _kept(folder: Path, job: tuple[int, int, str, int, int]) -> Path:
    """Where a game's rows are kept: named by everything that decides them."""
    _, seed, preset, every, deals = job
    return folder / f"{seed}-{preset}-every{every}-deals{deals}-v{VERSION}.npz"


class Net:
    """The perceptron being fitted (one ReLU layer), with Adam's moments."""

    def __init__(self, hidden: int, rng: np.random.Generator) -> None:
        self.w = [rng.standard_normal((FEATURES, hidden)) * np.sqrt(2.0 / FEATURES), np.zeros((hidden, 1))]
        self.b = [np.zeros(hidden), np.zeros(1)]
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.t = 0

    @property
    def params(self) -> list[F64]:
        return [*self.w, *self.b]

    def step(self, x: F64, y: F64, lr: float, decay: float) -> float:
        """One Adam step on the batch (``x`` standardised); its mean squared error before the step."""
        h = np.maximum(x @ self.w[0] + self.b[0], 0.0)
        err = (h @ self.w[1] + self.b[1])[:, 0] - y
        g = (2.0 * err / len(y))[:, None]
        gw1, gb1 = h.T @ g, g.sum(axis=0)
        gh = (g @ self.w[1].T) * (h > 0)
        gw0, gb0 = x.T @ gh + decay * self.w[0], gh.sum(axis=0)
        self.t += 1
        b1, b2 = 0.9, 0.999
        for k, (p, grad) in enumerate(zip(self.params, [gw0, gw1, gb0, gb1], strict=True)):
            self.m[k] = b1 * self.m[k] + (1 - b1) * grad
            self.v[k] = b2 * self.v[k] + (1 - b2) * grad * grad
            p -= lr * (self.m[k] / (1 - b1 ** self.t)) / (np.sqrt(self.v[k] / (1 - b2 ** self.t)) + 1e-8)
        return float((err ** 2).mean())

    def model(self, mean: F64, scale: F64, margin: float) -> Model:
        """The fitted model for raw features: the standardisation ``(x - mean) / scale`` folded into the first layer."""
        w0 = self.w[0] / scale[:, None]
        return Model(((w0, self.b[0] - mean @ w0), (self.w[1].copy(), self.b[1].copy())), margin)


def overriding(gain: F64, predicted: F64, margin: float) -> float:
    """Team points a decision gained by overriding where ``predicted`` clears ``margin``, judged by ``gain``."""
    return float(np.where(predicted > margin, gain, 0.0).mean())


def fit(rows: Rows, seed: int, hidden: int, epochs: int, batch: int, lr: float, decay: float,
        progress: Progress) -> Model:
    """The model fitted to the first 90% of the games, its margin chosen on the rest; prints the held-out table."""
    rng = np.random.default_rng(seed)
    games = int(rows.game.max()) + 1 if len(rows.game) else 0
    held = rows.game >= games - max(1, games // 10)
    train, val = rows.take(~held), rows.take(held)
    mean = train.x.mean(axis=0)
    scale = np.where(train.x.std(axis=0) > 1e-6, train.x.std(axis=0), 1.0)
    x, y = (train.x - mean) / scale, np.clip(train.gain, -CLIP, CLIP)
    net = Net(hidden, rng)
    batch = max(1, min(batch, len(y)))
    steps = epochs * max(1, len(y) // batch)
    task = progress.add_task("fitting", total=steps)
    done = 0
    for epoch in range(epochs):
        order = rng.permutation(len(y))
        losses = []
        for i in range(0, len(y) - batch + 1, batch):
            idx = order[i:i + batch]
            losses.append(net.step(x[idx], y[idx], lr * 0.1 ** (done / steps), decay))
            done += 1
            progress.advance(task)
        pred = net.model(mean, scale, 0.0).gain(val.x)
        mse = float(((pred - np.clip(val.gain, -CLIP, CLIP)) ** 2).mean())
        progress.console.print(f"epoch {epoch + 1}: train {np.mean(losses):.3f}, held out {mse:.3f} "
                               f"(always 0: {float((np.clip(val.gain, -CLIP, CLIP) ** 2).mean()):.3f})")
    pred = net.model(mean, scale, 0.0).gain(val.x)
    best = max(MARGINS, key=lambda t: (overriding(val.gain, pred, t), t))
    report(val, pred, best)
    return net.model(mean, scale, best)


def report(val: Rows, pred: F64, best: float) -> None:
    """What overriding gains on the held-out decisions, by margin: on the searched means and on the true deal,
    beside ``strong``'s own choices (whose searched gain is flattered: the same deals chose and judge)."""
    strong = val.strong > 0
    print(f"held out: {len(val.gain)} decisions; team points a decision over basic's choice "
          f"(searched means / true deal ± 95%), overrides a decision")
    print(f"  strong's choice         {overriding(val.gain, val.strong, 0.5):+.3f} / "
          f"{overriding(val.truth, val.strong, 0.5):+.3f}   {strong.mean():.3f}")
    print(f"  knowing the truth                 / {np.maximum(val.truth, 0).mean():+.3f}")
    for t in MARGINS:
        on = pred > t
        truth = np.where(on, val.truth, 0.0)
        half = 1.96 * truth.std(ddof=1) / np.sqrt(len(truth)) if len(truth) > 1 else 0.0
        agree = float((on == strong).mean())
        mark = " <- margin" if t == best else ""
        print(f"  margin {t:+.1f}             {overriding(val.gain, pred, t):+.3f} / {truth.mean():+.3f} ± {half:.3f}"
              f"   {on.mean():.3f}  agrees with strong {agree:.3f}{mark}")


def save(model: Model, path: Path, meta: dict[str, int]) -> None:
    """The weights in ``distil.load``'s layout, with how they were made."""
    arrays: dict[str, npt.NDArray[np.generic]] = {
        "version": np.array(VERSION), "layers": np.array(len(model.layers)), "margin": np.array(model.margin)}
    for i, (w, b) in enumerate(model.layers):
        arrays[f"w{i}"], arrays[f"b{i}"] = w, b
    arrays.update({k: np.array(v) for k, v in meta.items()})
    with open(path, "wb") as f:
        np.savez_compressed(f, **arrays)  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.ai.distil_train", description=__doc__)
    parser.add_argument("--seed", type=int, default=1, help="seed of the games, the searches and the fit")
    parser.add_argument("--games", type=int, default=200, help="self-play games searched")
    parser.add_argument("--every", type=int, default=2, help="search one two-candidate decision in this many")
    parser.add_argument("--deals", type=int, default=12, help="sampled deals a searched decision")
    parser.add_argument("--workers", type=int, default=1, help="processes searching games in parallel")
    parser.add_argument("--kept", type=Path, help="a folder keeping each game's rows: read, not searched again")
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=3e-3, help="Adam's first step size")
    parser.add_argument("--decay", type=float, default=1e-4, help="weight decay of the first layer")
    parser.add_argument("--out", type=Path, default=WEIGHTS, help="the weights file written")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    with Progress() as progress:
        rows = searched(args.seed, args.games, args.every, args.deals, args.workers, args.kept, progress)
        model = fit(rows, args.seed, args.hidden, args.epochs, args.batch, args.lr, args.decay, progress)
    save(model, args.out, {"seed": args.seed, "games": args.games, "every": args.every, "deals": args.deals,
                           "hidden": args.hidden, "epochs": args.epochs, "samples": len(rows.gain)})
    print(f"{len(rows.gain)} decisions of {args.games} games, {time.perf_counter() - start:.0f} s; wrote {args.out} "
          f"(margin {model.margin:+.1f})")


if __name__ == "__main__":
    main()
