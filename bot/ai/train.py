"""``python -m bot.ai.train``: the belief model (``bot.ai.belief``) trained by self-play, in numpy.

Games of the rules of thumb against themselves (``RulesPlayer``; every phase: buying, 革命, tribute, play; dagang and
classic in turn) give, at the decisions in play kept (one in ``--every`` on average), the deciding seat's features
and the true hands as labels — what each holder holds beyond the cards known. The perceptron (two ReLU layers)
learns by Adam to lower the cross-entropy of each hidden card's true holder under the model's odds (``belief.odds``,
before the fit), nats per card; its last layer starts at zero, which is the uniform guess. Everything follows from
``--seed``: the games (seeds ``seed × 10⁶ + i``, apart from the benchmark's held-out ones), the order of the batches
and the first weights; the same command writes the same model (up to the float rounding of the machine's BLAS). The
shipped model's command is in the README."""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator
from itertools import pairwise
from multiprocessing import Pool
from pathlib import Path
from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from rich.progress import Progress

from bot.engine import Event, Match, Ruleset, SeatView
from bot.engine.cards import THREE

from .basic import RulesPlayer
from .belief import FEATURES, HOLDERS, I64, RANKS, VERSION, WEIGHTS, Facts, Model, facts, features, softmax
from .perceptron import Adam

F32 = npt.NDArray[np.float32]
SEED_BASE = 10**6
"""Game ``i`` of seed ``s`` is the deal ``s × SEED_BASE + i``: the benchmark's seeds lie below."""
PRESETS = ("dagang", "classic")


class Samples(NamedTuple):
    """Decisions seen, one row each: the features, the true cards beyond those known per (holder,
    rank), the cards to place per rank, the holders' log room and which (holder, rank) may hold any."""

    x: F32
    target: F32
    pool: F32
    log_room: F32
    allowed: npt.NDArray[np.bool_]

    @classmethod
    def join(cls, parts: list[Samples]) -> Samples:
        return cls(np.concatenate([p.x for p in parts]), np.concatenate([p.target for p in parts]),
                   np.concatenate([p.pool for p in parts]), np.concatenate([p.log_room for p in parts]),
                   np.concatenate([p.allowed for p in parts]))

    def __len__(self) -> int:
        return len(self.x)

    def take(self, idx: npt.NDArray[np.int64] | slice) -> Samples:
        return Samples(self.x[idx], self.target[idx], self.pool[idx], self.log_room[idx], self.allowed[idx])


def decisions(seed: int, preset: str, every: int) -> Iterator[tuple[SeatView, list[Event], Facts, I64]]:
    """A seeded game of the rules of thumb (``RulesPlayer``) against themselves under ``preset``: about one decision
    in ``every`` in play, as the deciding seat sees it (its view and the match's events), what is certain
    (``facts``), and the truth beyond the known cards (holders × ranks) — the training's samples and the bench's
    alike."""
    m = Match.new(seed=seed, rules=Ruleset.preset(preset), games=1)
    player, keep = RulesPlayer(seed), random.Random(seed)
    while not m.over:
        seat = m.to_act
        assert seat is not None
        view = m.view(seat)
        g = m.game
        if m.phase == "play" and view.game is not None and g is not None and keep.random() * every < 1:
            f = facts(view.game, view.events)
            true = np.array([(g.hands[s] if s is not None else g.aside)[THREE:] for s in f.seats]) - f.known
            yield view.game, view.events, f, true
        m.act(seat, player.choose(view, m.legal_actions(seat)))


def game_samples(job: tuple[int, str, int]) -> Samples:
    """The kept decisions of one seeded game of the rules of thumb against themselves under ``preset``."""
    rows = [(features(view, f).astype(np.float32), true.astype(np.float32), f.pool.astype(np.float32),
             np.log(np.maximum(f.room, 1)).astype(np.float32), (f.cap > 0) & (f.room[:, None] > 0))
            for view, _, f, true in decisions(*job)]
    if not rows:
        return Samples(np.zeros((0, FEATURES), np.float32), np.zeros((0, HOLDERS, RANKS), np.float32),
                       np.zeros((0, RANKS), np.float32), np.zeros((0, HOLDERS), np.float32),
                       np.zeros((0, HOLDERS, RANKS), np.bool_))
    x, target, pool, log_room, allowed = zip(*rows, strict=True)
    return Samples(np.stack(x), np.stack(target), np.stack(pool), np.stack(log_room), np.stack(allowed))


def self_play(seeds: list[int], every: int, workers: int, progress: Progress, what: str) -> Samples:
    """The samples of the games ``seeds`` (presets in turn), in order whatever the workers."""
    jobs = [(s, PRESETS[i % 2], every) for i, s in enumerate(seeds)]
    task = progress.add_task(what, total=len(jobs))
    parts = []
    if workers > 1:
        with Pool(workers) as pool:
            for part in pool.imap(game_samples, jobs, chunksize=4):
                parts.append(part)
                progress.advance(task)
    else:
        for job in jobs:
            parts.append(game_samples(job))
            progress.advance(task)
    return Samples.join(parts)


def probabilities(z: F32, s: Samples) -> F32:
    """``belief.odds`` for a batch."""
    return softmax(z, s.allowed, s.log_room)


def log_loss(p: F32, s: Samples) -> float:
    """Nats per hidden card: minus the mean log of the odds given to each card's true holder."""
    logs = np.log(np.where(s.target > 0, p, 1.0))
    return float(-(s.target * logs).sum() / s.pool.sum())


class Net:
    """The perceptron being trained, with Adam's moments."""

    def __init__(self, hidden: int, rng: np.random.Generator) -> None:
        sizes = [FEATURES, hidden, hidden, HOLDERS * RANKS]
        self.w = [(rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32)
                  for a, b in pairwise(sizes)]
        self.w[-1][:] = 0.0  # the uniform guess to start from
        self.b = [np.zeros(b, np.float32) for b in sizes[1:]]
        self.adam = Adam(self.params)

    @property
    def params(self) -> list[F32]:
        return [*self.w, *self.b]

    def forward(self, x: F32) -> tuple[F32, list[F32]]:
        acts = [x]
        for i, (w, b) in enumerate(zip(self.w, self.b, strict=True)):
            x = x @ w + b
            if i < len(self.w) - 1:
                x = np.maximum(x, 0.0)
            acts.append(x)
        return x.reshape(-1, HOLDERS, RANKS), acts

    def step(self, s: Samples, lr: float) -> float:
        """One Adam step on the batch ``s``; its loss before the step."""
        z, acts = self.forward(s.x)
        p = probabilities(z, s)
        loss = log_loss(p, s)
        grad = ((p * s.pool[:, None, :] - s.target) / s.pool.sum()).reshape(len(s), -1).astype(np.float32)
        gw: list[F32] = [np.zeros(0, np.float32)] * len(self.w)
        gb: list[F32] = [np.zeros(0, np.float32)] * len(self.b)
        for i in reversed(range(len(self.w))):
            gw[i] = acts[i].T @ grad
            gb[i] = grad.sum(axis=0)
            if i:
                grad = (grad @ self.w[i].T) * (acts[i] > 0)
        self.adam.step(self.params, [*gw, *gb], lr)
        return loss

    def loss(self, s: Samples, batch: int = 4096) -> float:
        """Nats per hidden card over ``s``."""
        total = 0.0
        for i in range(0, len(s), batch):
            part = s.take(slice(i, i + batch))
            total += log_loss(probabilities(self.forward(part.x)[0], part), part) * float(part.pool.sum())
        return total / float(s.pool.sum())

    def model(self) -> Model:
        return Model(tuple((w.astype(np.float64), b.astype(np.float64)) for w, b in zip(self.w, self.b, strict=True)))


def save(net: Net, path: Path, meta: dict[str, int]) -> None:
    """The weights in ``belief.load``'s layout (float32), with how they were made."""
    arrays: dict[str, npt.NDArray[np.generic]] = {"version": np.array(VERSION), "layers": np.array(len(net.w))}
    for i, (w, b) in enumerate(zip(net.w, net.b, strict=True)):
        arrays[f"w{i}"], arrays[f"b{i}"] = w, b
    arrays.update({k: np.array(v) for k, v in meta.items()})
    with open(path, "wb") as f:
        np.savez_compressed(f, **arrays)  # type: ignore[arg-type]


def train(seed: int, games: int, workers: int, every: int, epochs: int, hidden: int, batch: int, lr: float,
          out: Path) -> Net:
    """Self-play, then ``epochs`` passes of Adam with the step size decaying to a tenth; 5% of the
    games held out to report the loss (the uniform guess's beside it). Writes ``out``."""
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    with Progress() as progress:
        data = self_play([seed * SEED_BASE + i for i in range(games)], every, workers, progress, "self-play")
        held = max(1, len(data) // 20)
        fit, val = data.take(slice(0, len(data) - held)), data.take(slice(len(data) - held, None))
        net = Net(hidden, rng)
        uniform = net.loss(val)
        steps = epochs * max(1, len(fit) // batch)
        task = progress.add_task("training", total=steps)
        done = 0
        for epoch in range(epochs):
            order = rng.permutation(len(fit))
            losses = []
            for i in range(0, len(fit) - batch + 1, batch):
                rate = lr * (0.1 ** (done / steps))
                losses.append(net.step(fit.take(order[i:i + batch]), rate))
                done += 1
                progress.advance(task)
            progress.console.print(f"epoch {epoch + 1}: train {np.mean(losses):.4f}, held out {net.loss(val):.4f} "
                                   f"nats/card (uniform {uniform:.4f})")
    save(net, out, {"seed": seed, "games": games, "every": every, "epochs": epochs, "hidden": hidden,
                    "samples": len(data)})
    print(f"{len(data)} decisions of {games} games, {time.perf_counter() - start:.0f} s; wrote {out} "
          f"({out.stat().st_size / 1e6:.1f} MB)")
    return net


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.ai.train", description=__doc__)
    parser.add_argument("--seed", type=int, default=1, help="seed of the games, the batches and the first weights")
    parser.add_argument("--games", type=int, default=2000, help="self-play games")
    parser.add_argument("--workers", type=int, default=1, help="processes playing games in parallel")
    parser.add_argument("--every", type=int, default=3, help="keep one decision in play in this many, on average")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--hidden", type=int, default=256, help="units in each of the two hidden layers")
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--lr", type=float, default=1e-3, help="Adam's first step size")
    parser.add_argument("--out", type=Path, default=WEIGHTS, help="the weights file written")
    args = parser.parse_args(argv)
    train(args.seed, args.games, args.workers, args.every, args.epochs, args.hidden, args.batch, args.lr, args.out)


if __name__ == "__main__":
    main()
