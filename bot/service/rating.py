"""The skill rating beside the league's points: Weng and Lin's Bayesian rating with the Plackett–Luce
model (as ``openskill`` implements it), written out here for the one case 够级 needs — two teams of
three, a win, a loss or a draw — rather than taken as a dependency.

Each player's skill is a normal belief (``mu``, ``sigma``); a team's is the sum of its players'. After
a game, every player's ``mu`` moves by its share (its own variance over its team's) of the team's
surprise, and its ``sigma`` shrinks: a player whose rating is uncertain moves most. What is shown and
sorted by is the cautious ``mu - 3 sigma`` (``ordinal``), which starts at 0 and rises as games show a
player is strong. The points of 第三十八条 are not touched: the rating reads only which team won.

Weng, R. C. and Lin, C.-J. (2011), "A Bayesian approximation method for online ranking", JMLR 12,
Algorithm 4; the constants are openskill's defaults.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

MU = 25.0
SIGMA = MU / 3
BETA = SIGMA / 2
"""The spread of one game's performance around a player's skill."""
KAPPA = 1e-4
"""The least a variance may shrink to, as a fraction of itself."""
TAU = MU / 300
"""Added to each ``sigma`` before a game, so that a rating never freezes: players change."""


@dataclass(frozen=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """The rating shown: ``mu`` less three ``sigma`` (a skill the player has with 99.7% belief)."""
        return self.mu - 3 * self.sigma


def rate(teams: Sequence[Sequence[Rating]], ranks: Sequence[int], tau: float = TAU) -> list[list[Rating]]:
    """The teams' ratings after a game in which team ``i`` placed ``ranks[i]`` (lower is better; equal
    ranks are a draw). Plackett–Luce: each team's chance to place before the teams it did not beat
    is proportional to ``exp(mu / c)``, with ``c`` the whole game's spread."""
    teams = [[Rating(r.mu, math.sqrt(r.sigma**2 + tau**2)) for r in team] for team in teams]
    mus = [sum(r.mu for r in team) for team in teams]
    variances = [sum(r.sigma**2 for r in team) for team in teams]
    c = math.sqrt(sum(v + BETA**2 for v in variances))
    strength = [math.exp(mu / c) for mu in mus]
    n = len(teams)
    # the teams a team had to be beaten by or tie with, and how many shared each rank
    sum_q = [sum(strength[i] for i in range(n) if ranks[i] >= ranks[q]) for q in range(n)]
    tied = [sum(1 for i in range(n) if ranks[i] == ranks[q]) for q in range(n)]
    out = []
    for i, team in enumerate(teams):
        omega = delta = 0.0
        for q in range(n):
            if ranks[q] > ranks[i]:
                continue
            share = strength[i] / sum_q[q]
            omega += ((1 - share) if q == i else -share) / tied[q]
            delta += share * (1 - share) / tied[q]
        gamma = math.sqrt(variances[i]) / c
        omega *= variances[i] / c
        delta *= gamma * variances[i] / c**2
        out.append([Rating(r.mu + r.sigma**2 / variances[i] * omega,
                           r.sigma * math.sqrt(max(1 - r.sigma**2 / variances[i] * delta, KAPPA)))
                    for r in team])
    return out


def rate_game(seats: Sequence[Rating], team_points: Sequence[int], tau: float = TAU) -> list[Rating]:
    """The six seats' ratings after a 够级 game (teams: even and odd seats), from its team points:
    the team with more won, equal points are a draw."""
    ranks = [0 if team_points[0] >= team_points[1] else 1, 0 if team_points[1] >= team_points[0] else 1]
    teams = rate([seats[0::2], seats[1::2]], ranks, tau)
    return [teams[s % 2][s // 2] for s in range(6)]


def merged(before: Rating, after: Sequence[Rating]) -> Rating:
    """One rating for a player that held several seats of a game (an AI level): the mean of its
    seats' changes, so that a level on both teams learns little from playing itself."""
    return Rating(before.mu + sum(r.mu - before.mu for r in after) / len(after),
                  before.sigma + sum(r.sigma - before.sigma for r in after) / len(after))


__all__ = ["MU", "SIGMA", "Rating", "merged", "rate", "rate_game"]
