"""Tune ``basic``'s weights by self-play: SPSA over duplicate games (``python -m bot.ai.tune``).

Simultaneous perturbation stochastic approximation: every step perturbs all weights at once by
±1 scale unit (``PARAMS``), plays the two perturbed players against each other on seeded deals,
each deal twice with the teams swapped (duplicate format, so the luck of the cards cancels), and
moves the weights along the perturbation by how much the ``+`` side won. Half the deals of a step
are played under ``dagang``, half under ``classic``. The result is printed as the constants to
write into ``basic.py``; it is worth committing only once ``bench arena --a basic --b basic0`` (or
against the untuned weights) confirms it on other seeds.

The weights are ``basic``'s module constants, set before each of a player's decisions: both
players live in one process and take turns, so each carries its own values.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import Match, MatchView, Ruleset, SeatView

from . import basic

PARAMS: tuple[tuple[str, float, float, float], ...] = (
    # name (a module constant, or ALLOW[key]), scale of one step, lowest, highest
    ("BREAK", 0.5, 0.0, 6.0),
    ("SAFE", 0.08, 0.05, 0.9),
    ("KAI_SAFE", 0.08, 0.05, 0.9),
    ("MEN_SAFE", 0.1, 0.05, 0.95),
    ("answer", 0.3, 0.0, 5.0),
    ("dadian", 0.5, 0.0, 8.0),
    ("protect", 0.5, 0.0, 8.0),
    ("for-mate", 0.7, 0.0, 10.0),
    ("stop-out", 0.6, 0.0, 10.0),
    ("open", 0.7, 0.0, 10.0),
    ("burn", 0.6, 0.0, 10.0),
)
"""The tuned weights: ``BREAK`` … are module constants of ``basic``, the others keys of ``ALLOW``."""


def current() -> list[float]:
    """The weights as ``basic`` holds them now."""
    return [float(getattr(basic, name) if name.isupper() else basic.ALLOW[name]) for name, *_ in PARAMS]


def apply(values: Sequence[float]) -> None:
    """Set ``basic``'s weights."""
    for (name, *_), v in zip(PARAMS, values, strict=True):
        if name.isupper():
            setattr(basic, name, v)
        else:
            basic.ALLOW[name] = v


def clip(values: Sequence[float]) -> list[float]:
    return [min(hi, max(lo, v)) for (_, _, lo, hi), v in zip(PARAMS, values, strict=True)]


@dataclass
class TunedPlayer:
    """``basic`` with its own weights."""

    values: list[float]
    level: str = "basic"

    def choose(self, view: MatchView | SeatView, legal: Sequence[str]) -> str:
        apply(self.values)
        return basic.decide(view, legal).action


def duel(a: Sequence[float], b: Sequence[float], seeds: Sequence[int], rules: Ruleset) -> list[float]:
    """Points per game of weights ``a`` against ``b``, one mean per deal played with both seatings."""
    out = []
    saved = current()
    try:
        for seed in seeds:
            pair = 0
            for a_team in (0, 1):
                players = [TunedPlayer(list(a) if s % 2 == a_team else list(b)) for s in range(6)]
                m = Match.new(seed=seed, rules=rules, games=1)
                while not m.over:
                    seat = m.to_act
                    assert seat is not None
                    m.act(seat, players[seat].choose(m.view(seat), m.legal_actions(seat)))
                pair += m.results[-1]["team_points"][a_team]
            out.append(pair / 2)
    finally:
        apply(saved)
    return out


def spsa(steps: int, pairs: int, seed: int, a0: float = 4.0, c: float = 1.0) -> list[float]:
    """Tune from ``basic``'s current weights; ``pairs`` deals a step (half of them per preset)."""
    rng = random.Random(seed)
    scales = [p[1] for p in PARAMS]
    theta = current()
    presets = [Ruleset.preset("dagang"), Ruleset.preset("classic")]
    for k in range(steps):
        ak, ck = a0 / (k + 1 + steps / 10) ** 0.602, c / (k + 1) ** 0.101
        delta = [rng.choice((-1, 1)) for _ in PARAMS]
        plus = clip([t + ck * d * s for t, d, s in zip(theta, delta, scales, strict=True)])
        minus = clip([t - ck * d * s for t, d, s in zip(theta, delta, scales, strict=True)])
        base = seed * 100_000 + k * 1_000
        y = 0.0
        for i, rules in enumerate(presets):
            n = pairs // 2
            y += sum(duel(plus, minus, range(base + i * n, base + (i + 1) * n), rules)) / max(1, n) / len(presets)
        theta = clip([t + ak * y / (2 * ck) * d * s for t, d, s in zip(theta, delta, scales, strict=True)])
        print(f"step {k + 1}/{steps}: + beats - by {y:+.2f} points/game; "
              + " ".join(f"{name}={v:.2f}" for (name, *_), v in zip(PARAMS, theta, strict=True)), flush=True)
    return theta


def check(theta: Sequence[float], base: Sequence[float], pairs: int, seed: int) -> None:
    """Print how ``theta`` does against ``base`` on ``pairs`` deals per preset (seeds ``seed``…,
    which the tuning did not play), points per game with a 95% interval over the deals."""
    for name in ("dagang", "classic"):
        means = duel(theta, base, range(seed, seed + pairs), Ruleset.preset(name))
        mean = statistics.fmean(means)
        half = 1.96 * statistics.stdev(means) / math.sqrt(len(means))
        print(f"check {name}: tuned against the weights it started from, {2 * pairs} games (seeds {seed}…): "
              f"{mean:+.2f} ± {half:.2f} points/game", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.ai.tune", description=__doc__)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--pairs", type=int, default=24, help="deals per step (each played twice)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--check", type=int, default=200, help="deals per preset of the check after tuning")
    parser.add_argument("--weights", type=float, nargs="*", help="check these (in PARAMS order) instead of tuning")
    args = parser.parse_args(argv)
    base = current()
    theta = args.weights if args.weights else spsa(args.steps, args.pairs, args.seed)
    print("tuned:", ", ".join(f"{name} = {v:.2f}" for (name, *_), v in zip(PARAMS, theta, strict=True)))
    if args.check:
        check(theta, base, args.check, 900_001)


if __name__ == "__main__":
    main()
