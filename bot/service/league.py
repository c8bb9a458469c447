"""A league player's record, shared by the store that computes it and the renderer that draws it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class StandingRow:
    """One player's league record (R10.5): ``points`` are its teams' totals over the games it played,
    with the counts beside them. ``user_id`` is the Discord user, when the row comes from the store."""

    name: str
    points: int
    games: int
    tou_ke: int
    da_luo: int
    kaidian: int
    shao: int = 0
    men: int = 0
    chuan_san: int = 0
    user_id: int | None = None

    rating: float | None = None
    """The skill rating shown beside the points (``RatingRow.ordinal``), when the server has one."""
    ai: str | None = None
    """The AI level of a row that stands for an AI (ratings only: the league's points leave AI seats out)."""

    @property
    def kaidian_rate(self) -> float:
        return self.kaidian / self.games if self.games else 0.0


@dataclass(frozen=True)
class RatingRow:
    """A rated player of a server and season: a user (``user_id``, ``name``) or an AI level (``ai``)."""

    player: str
    mu: float
    sigma: float
    games: int
    name: str
    user_id: int | None = None
    ai: str | None = None

    @classmethod
    def of(cls, player: str, mu: float, sigma: float, games: int, name: str | None) -> RatingRow:
        kind, _, rest = player.partition(":")
        if kind == "ai":
            return cls(player, mu, sigma, games, f"AI {rest}", ai=rest)
        return cls(player, mu, sigma, games, name or rest, user_id=int(rest))

    @property
    def ordinal(self) -> float:
        """The rating shown (``bot.service.rating.Rating.ordinal``): mu less three sigma."""
        return self.mu - 3 * self.sigma


def with_ratings(rows: Sequence[StandingRow], ratings: Sequence[RatingRow]) -> list[StandingRow]:
    """The league rows with each player's rating, and a row for each rated AI level (no points: the
    league leaves AI seats out), so that a server sees how its players compare with the AIs."""
    by_user = {r.user_id: r for r in ratings if r.user_id is not None}
    out = [replace(row, rating=by_user[row.user_id].ordinal) if row.user_id in by_user else row for row in rows]
    out += [StandingRow(name=r.name, points=0, games=r.games, tou_ke=0, da_luo=0, kaidian=0, rating=r.ordinal,
                        ai=r.ai) for r in ratings if r.ai is not None]
    return out
