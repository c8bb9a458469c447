"""``python -m bot.bench judge``: what ``strong``'s search gains per decision, judged on the true deal.

The arena needs an hour for a figure to ±0.5 points; this asks a narrower question in minutes. In games
the rules of thumb (``RulesPlayer``, ``basic`` before issue 32) play against themselves, every
``--every``-th decision in play at which ``strong`` would weigh two candidates or more is searched over
``--deals`` sampled deals (``Search``, as ``strong`` plays it), and every candidate is also played out
from the real position — the true hidden cards — by the rules at every seat, as in a rollout. The gain
of a way of choosing is the true outcome of its choice less that of the rules' choice, per decision:
judged on the truth, not on other sampled deals, it sees what the sampler gets wrong (deals judged on
held-out sampled deals share their bias). Each way of choosing — an override bar of so many standard
errors (``strong.CONFIDENCE``), the deals it may use — is tried on random subsets of the deals, and the
table gives the gain per decision with a 95% interval against the bar ``strong`` plays with; a last
table weighs the default an alternative must beat: the distilled ``basic``'s choice against the rules'.

That last question only has an answer where the two defaults differ (elsewhere ``strong`` chooses the same
either way), about one decision in five: ``--differs`` searches those alone, every one of them, and counts
the others as no difference — the last table at a fraction of the cost, and nothing else.
"""

from __future__ import annotations

import random
import statistics
from typing import NamedTuple

from bot.ai.basic import RulesPlayer, decide_play
from bot.ai.candidates import candidates
from bot.ai.distil import distilled_choice
from bot.ai.situation import Situation
from bot.ai.strong import CONFIDENCE, Search, chosen, default_of
from bot.engine import Game, Match, Ruleset, format_counts

from .parallel import mapped
from .stats import half_interval

BARS = (0.0, 0.5, 1.0, 1.5, 2.0)
"""Override bars (standard errors of the paired differences) the table compares."""
SUBSETS = 40
"""Random subsets of a decision's deals on which each way of choosing is tried."""
BANDS = ((0, 60), (60, 90), (90, 120), (120, 150), (150, 180), (180, 217))
"""Cards still in hands, the bands of the table by stage of the game."""


class Decision(NamedTuple):
    """One searched decision: the seat, the candidate ``basic`` played, the true outcome of each
    candidate and its outcome on each sampled deal (the seat's team points), and the cards then
    in hands (how far the game has gone)."""

    seat: int
    played: int
    truth: list[int]
    scores: list[list[int]]
    held: int = 216
    believed: list[list[int]] | None = None
    """With ``--belief``: the outcomes on deals drawn with the belief model's odds (issue 32)."""
    distilled: int = 0
    """The candidate the distilled ``basic`` plays (``decide_distilled``, issue 32)."""

    @property
    def searched(self) -> bool:
        """False for a decision ``--differs`` counted without searching: the two defaults agree there."""
        return bool(self.truth)


def judged_decisions(job: tuple[int, Ruleset, int, int, bool, bool]) -> list[Decision]:
    """The decisions of one seeded game of the rules against themselves, searched and played out truly
    (``believe``: also searched on deals drawn with the belief's odds, the same seed; ``differs``: only
    where the distilled choice is not the rules', the others counted unsearched)."""
    seed, rules, every, deals, believe, differs = job
    m = Match.new(seed=seed, rules=rules, games=1)
    basic = RulesPlayer()
    out: list[Decision] = []
    k = 0
    while not m.over:
        seat = m.to_act
        assert seat is not None
        view, legal = m.view(seat), m.legal_actions(seat)
        if m.phase == "play" and view.game is not None and m.game is not None and len(legal) > 1:
            sit = Situation.from_view(view.game)
            first = decide_play(sit, legal)
            choice = first.action
            cands = candidates(sit, legal, choice)
            distilled = distilled_choice(sit, first, cands).action
            k += len(cands) > 1
            if len(cands) > 1 and k % every == 0 and differs and distilled == choice:
                out.append(Decision(seat, 0, [], [], sum(view.game.counts)))
            elif len(cands) > 1 and k % every == 0:
                search = Search(view.game, view.events, cands, seed * 100_000 + k)
                truth = []
                real = m.game
                hands, aside = [format_counts(h) for h in real.hands], format_counts(real.aside)
                for action in cands:  # built as the search builds its deals: what each seat knows is the same
                    g = Game.from_public(search.public, hands, aside)
                    g.act(seat, action)
                    truth.append(search.rollout(g))
                for _ in range(deals):
                    search.deal()
                believed = None
                if believe:
                    other = Search(view.game, view.events, cands, seed * 100_000 + k, believe=True)
                    for _ in range(deals):
                        other.deal()
                    believed = other.scores
                out.append(Decision(seat, cands.index(choice), truth, search.scores, sum(view.game.counts), believed,
                                    cands.index(distilled)))
        m.act(seat, basic.choose(view, legal))
    return out


def _gain(decision: Decision, idx: list[int], bar: float, believed: bool = False, distilled: bool = False) -> float:
    """The true gain of the choice ``strong`` makes (``chosen``) on the deals ``idx`` at override ``bar``
    (``believed``: on the deals drawn with the belief's odds; ``distilled``: with the distilled ``basic``'s
    choice as the default to beat, rather than the rules')."""
    scores = decision.believed if believed and decision.believed is not None else decision.scores
    default = default_of(range(len(scores)), decision.played, decision.distilled) if distilled else 0
    i = chosen([[s[j] for j in idx] for s in scores], bar, default)
    return float(decision.truth[i] - decision.truth[0])


def bench_judge(games: int, seed: int, rules: Ruleset, every: int, deals: int, workers: int,
                believe: bool = False, differs: bool = False) -> None:
    jobs = [(seed + i, rules, every, deals, believe, differs) for i in range(games)]
    found = mapped(judged_decisions, jobs, workers)
    decisions = [d for game in found for d in game]
    rng = random.Random(seed)
    sizes = sorted({max(4, deals // 4), deals // 2, deals * 3 // 4})
    if differs:
        print(f"judge --differs: {len(decisions)} decisions of the rules' games (seeds {seed}…{seed + games - 1}, one "
              f"in {every} of those strong would search, rules {rules.name}); searched on {deals} sampled deals: the "
              f"{sum(d.searched for d in decisions)} where the distilled basic's choice is not the rules'")
        _distil_table(decisions, sizes, rng)
        return
    print(f"judge: {len(decisions)} decisions of the rules' games (seeds {seed}…{seed + games - 1}, one in {every} "
          f"of those strong would search, rules {rules.name}), {deals} sampled deals each; team points gained per "
          f"decision over the rules' choice, on the true deal (95% interval against the bar strong plays with, "
          f"{CONFIDENCE})")
    truth = [max(d.truth) - d.truth[0] for d in decisions]
    print(f"  knowing the hidden cards (the best candidate on the true deal): {statistics.mean(truth):+.3f}")
    table: dict[float, list[str]] = {bar: [] for bar in BARS}
    for n in sizes:
        gains = {bar: [0.0] * len(decisions) for bar in (*BARS, CONFIDENCE)}
        for k, d in enumerate(decisions):
            for _ in range(SUBSETS):
                idx = rng.sample(range(deals), n)
                for bar in gains:
                    gains[bar][k] += _gain(d, idx, bar) / SUBSETS
        for bar in BARS:
            diff = [a - b for a, b in zip(gains[bar], gains[CONFIDENCE], strict=True)]
            half = half_interval(diff)
            table[bar].append(f"{statistics.mean(gains[bar]):+.3f} ({statistics.mean(diff):+.3f} ± {half:.3f})")
    print("  override bar   " + "".join(f"{f'on {n} deals':<28}" for n in sizes))
    for bar, cells in table.items():
        print(f"  {bar:>12}   " + "".join(f"{c:<28}" for c in cells))
    print(f"  by the cards still in hands, on {sizes[-1]} deals (gain per decision ± 95% interval):")
    for lo, hi in BANDS:  # ``gains`` is the table's last column, the most deals
        band = [k for k, d in enumerate(decisions) if lo <= d.held < hi]
        if len(band) < 2:
            continue
        cells = []
        for bar in (0.0, CONFIDENCE):
            got = [gains[bar][k] for k in band]
            half = half_interval(got)
            cells.append(f"bar {bar}: {statistics.mean(got):+.3f} ± {half:.3f}")
        print(f"  {lo:>5}–{hi - 1:<3} cards  {len(band):>5} decisions  " + "   ".join(cells))
    _distil_table(decisions, sizes, rng)
    if believe:
        _belief_table(decisions, sizes, rng)


def _distil_table(decisions: list[Decision], sizes: list[int], rng: random.Random) -> None:
    """The gain per decision of the distilled ``basic``'s choice alone, and of ``strong`` searching with it
    as the default to beat against ``strong`` as it was (the rules' choice the default)."""
    alone = [float(d.truth[d.distilled] - d.truth[0]) if d.searched else 0.0 for d in decisions]
    print(f"  the distilled basic's choice alone: {statistics.mean(alone):+.3f} ± {half_interval(alone):.3f}; "
          f"searched with it as the default against the rules' choice (bar {CONFIDENCE}; paired difference ± 95%):")
    _paired(decisions, sizes, rng, "distilled default", "rules' default", distilled=True)


def _belief_table(decisions: list[Decision], sizes: list[int], rng: random.Random) -> None:
    """The gain per decision with deals drawn with the belief's odds against today's deals."""
    print(f"  deals drawn with the belief model's odds against today's (bar {CONFIDENCE}; paired difference ± 95%):")
    _paired(decisions, sizes, rng, "belief", "today", believed=True)


def _paired(decisions: list[Decision], sizes: list[int], rng: random.Random, name: str, today: str,
            **way: bool) -> None:
    """A way of choosing (``way``: ``_gain``'s switches) against today's, at the bar ``strong`` plays with,
    on the same subsets of each decision's deals: the gain per decision of each and their paired
    difference with a 95% interval, for each number of deals."""
    for n in sizes:
        base, other = [0.0] * len(decisions), [0.0] * len(decisions)
        for k, d in enumerate(decisions):
            for _ in range(SUBSETS if d.searched else 0):  # unsearched: the defaults agree, no difference
                idx = rng.sample(range(len(d.scores[0])), n)
                base[k] += _gain(d, idx, CONFIDENCE) / SUBSETS
                other[k] += _gain(d, idx, CONFIDENCE, **way) / SUBSETS
        diff = [b - a for a, b in zip(base, other, strict=True)]
        print(f"    on {n} deals: {name} {statistics.mean(other):+.3f}, {today} {statistics.mean(base):+.3f}, "
              f"difference {statistics.mean(diff):+.3f} ± {half_interval(diff):.3f}")
