"""``python -m bot.bench belief``: how well the belief model (``bot.ai.belief``) knows the hidden cards.

On held-out games of the rules of thumb against themselves (seeds below those training uses), at one
decision in play in ``--every`` on average, the deciding seat's belief is judged on the true hands: the log-loss
(nats per hidden card: minus the mean log of the odds given to each card's true holder) and the
accuracy (the share of hidden cards whose true holder is the one the belief thinks likeliest for
its rank), over the cards no holder is known to hold. Against two guesses without the model, both
under the same certain facts (``belief.facts``): the uniform guess (each card in a holder with odds
its room / the cards to place, then the same fit) and the deals ``strong`` samples today
(``Sampler.deal``, its soft habits included: the share of ``--deals`` deals that put the card there,
mixed with the uniform guess by one deal's weight, since a share of 0 has no log). By stage of the
game: the cards still in hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from bot.ai.belief import F64, HOLDERS, I64, RANKS, Facts, belief, fit, load, model, odds
from bot.ai.sample import Sampler
from bot.ai.train import decisions
from bot.engine import Event, SeatView, parse_cards
from bot.engine.cards import THREE

from .parallel import mapped

STAGES = (("early", 145, 217), ("mid", 73, 145), ("late", 0, 73))
"""Cards still in hands: the game's thirds."""
WAYS = ("belief", "uniform", "sampler")

Row = tuple[int, float, list[tuple[float, float]]]
"""Cards in hands, cards to place, and each way's (nats, cards right) over them."""


def judged(p: F64, true: I64) -> tuple[float, float]:
    """Nats (summed over the hidden cards) and the cards whose holder is the likeliest, of odds ``p``."""
    nats = -float((true * np.log(np.where(true > 0, np.maximum(p, 1e-12), 1.0))).sum())
    right = float(np.take_along_axis(true, p.argmax(axis=0)[None, :], axis=0).sum())
    return nats, right


def sampler_odds(view: SeatView, match_events: Sequence[Event], f: Facts, deals: int, seed: int) -> F64:
    """The share of ``deals`` of ``Sampler.deal`` placing each hidden card in each holder."""
    sampler, rng = Sampler(view, match_events), random.Random(seed)
    counts = np.zeros((HOLDERS, RANKS))
    for _ in range(deals):
        hands, aside = sampler.deal(rng)
        for h, seat in enumerate(f.seats):
            counts[h] += parse_cards(hands[seat] if seat is not None else aside)[THREE:]
    counts -= deals * f.known
    pool = np.maximum(f.pool, 1)
    return np.maximum(counts, 0) / (deals * pool)


def game_rows(job: tuple[int, str, int, int, str | None]) -> list[Row]:
    seed, preset, every, deals, weights = job
    net = model() if weights is None else load(Path(weights))
    zeros = np.zeros((HOLDERS, RANKS))
    out: list[Row] = []
    for view, events, f, true in decisions(seed, preset, every):
        if f.pool.sum():
            pool = np.maximum(f.pool, 1)
            b = belief(view, events, net)
            uniform = fit(odds(zeros, f), f) / pool
            row = [judged(b.odds, true), judged(uniform, true)]
            if deals:
                share = sampler_odds(view, events, f, deals, seed * 1000 + len(out))
                row.append(judged((deals * share + uniform) / (deals + 1), true))
            out.append((sum(view.counts), float(f.pool.sum()), row))
    return out


def bench_belief(games: int, seed: int, every: int, deals: int, workers: int, weights: str | None) -> None:
    jobs = [(seed + i, ("dagang", "classic")[i % 2], every, deals, weights) for i in range(games)]
    found = mapped(game_rows, jobs, workers)
    rows = [r for game in found for r in game]
    ways = WAYS if deals else WAYS[:2]
    print(f"belief: {len(rows)} decisions of {games} held-out games of basic (seeds {seed}…{seed + games - 1}, "
          f"dagang and classic in turn, one decision in {every}); log-loss in nats per hidden card and accuracy "
          f"(the likeliest holder is the true one), over the cards no holder is known to hold"
          + (f"; the sampler over {deals} deals" if deals else ""))
    print(f"  {'stage':<22}{'decisions':>10}  " + "".join(f"{w + ' nats':>14}" for w in ways)
          + "".join(f"{w + ' acc':>14}" for w in ways))
    for name, lo, hi in (("all", 0, 217), *STAGES):
        part = [r for r in rows if lo <= r[0] < hi]
        if not part:
            continue
        cards = sum(r[1] for r in part)
        nats = [sum(r[2][k][0] for r in part) / cards for k in range(len(ways))]
        acc = [sum(r[2][k][1] for r in part) / cards for k in range(len(ways))]
        label = name if name == "all" else f"{name} ({lo}–{hi - 1} cards)"
        print(f"  {label:<22}{len(part):>10}  " + "".join(f"{x:>14.3f}" for x in nats)
              + "".join(f"{x:>14.1%}" for x in acc))
