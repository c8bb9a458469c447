"""A league player's record, shared by the store that computes it and the renderer that draws it."""

from __future__ import annotations

from dataclasses import dataclass


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

    @property
    def kaidian_rate(self) -> float:
        return self.kaidian / self.games if self.games else 0.0
