"""Scoring of one game per 第三十八条 (R10), itemised so that a player sees where points came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import SEATS
from .rules import hooks_for

if TYPE_CHECKING:
    from .port import GamePort

PLACE_POINTS = {1: 2, 2: 1, 3: 0, 4: 0, 5: -1, 6: -2}
CHUAN_SAN_POINTS = 5

ITEM_NAMES = {
    "place": ("名次", "place"),
    "kaidian": ("开点", "开点 (opened)"),
    "no-kaidian": ("不开点", "no 开点"),
    "shao": ("烧牌（捎）", "burned (捎)"),
    "shaoed": ("被烧（被捎）", "was burned"),
    "men": ("闷牌", "shut out (闷)"),
    "mened": ("被闷", "was shut out"),
    "chuan_san": ("串三家", "串三家 (top three)"),
    "double": ("翻倍", "doubled"),
}
"""Bilingual names of the items of a result, for every front end."""


@dataclass(frozen=True)
class GameResult:
    """A finished game's outcome. ``items[s]`` lists ``(item, points)`` of seat s;
    ``team_items[t]`` the team's own items (串三家). ``team_points`` adds both and sums to 0."""

    places: list[int]
    seat_points: list[int]
    team_points: list[int]
    kaidian: list[bool]
    shao: list[tuple[int, int]]
    men: list[tuple[int, int]]
    chuan_san: int | None
    items: list[list[tuple[str, int]]] = field(default_factory=list)
    team_items: list[list[tuple[str, int]]] = field(default_factory=list)
    multiplier: int = 1
    """2 when the game counts double: 满贯 (R13.3) or 串三户 with its switch (R14.8)."""
    grand_slam: int | None = None
    """The seat that made 满贯, if one did."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "places": self.places, "seat_points": self.seat_points, "team_points": self.team_points,
            "kaidian": self.kaidian, "shao": self.shao, "men": self.men, "chuan_san": self.chuan_san,
            "items": self.items, "team_items": self.team_items, "multiplier": self.multiplier,
            "grand_slam": self.grand_slam,
        }


def score(g: GamePort) -> GameResult:
    places = [p for p in g.places if p is not None]
    assert len(places) == SEATS
    items: list[list[tuple[str, int]]] = [[] for _ in range(SEATS)]
    team_items: list[list[tuple[str, int]]] = [[], []]
    if g.chuan_san is None:  # R10.1 (replaced by R10.4 on 串三家)
        for s in range(SEATS):
            items[s].append(("place", PLACE_POINTS[places[s]]))
    else:
        team_items[g.chuan_san].append(("chuan_san", CHUAN_SAN_POINTS))
        team_items[1 - g.chuan_san].append(("chuan_san", -CHUAN_SAN_POINTS))
    for s in range(3):  # R10.2, per pair of 对家; a 革命 seat's pair is left out (R11.4) unless it 冲点ed (R14.6)
        o = s + 3
        if (g.revolt not in (s, o) or g.chongdian) and g.kaidian[s] != g.kaidian[o]:
            win, lose = (s, o) if g.kaidian[s] else (o, s)
            items[win].append(("kaidian", 1))
            items[lose].append(("no-kaidian", -1))
    for by, victim in g.shao_log:  # R10.3
        items[by].append(("shao", 1))
        items[victim].append(("shaoed", -1))
    for by, victim in g.men_log:
        items[by].append(("men", 1))
        items[victim].append(("mened", -1))
    multiplier = hooks_for(g.rules).chuan_san.multiplier(g)  # 满贯 (R13.3), 串三户 (R14.8)
    if multiplier > 1:  # shown as its own item, so the sheet still adds up line by line
        for it in items + team_items:
            extra = sum(v for _, v in it) * (multiplier - 1)
            if extra:
                it.append(("double", extra))
    seat_points = [sum(v for _, v in it) for it in items]
    team_points = [sum(seat_points[s] for s in range(t, SEATS, 2)) + sum(v for _, v in team_items[t]) for t in (0, 1)]
    return GameResult(
        places=places, seat_points=seat_points, team_points=team_points, kaidian=list(g.kaidian),
        shao=list(g.shao_log), men=list(g.men_log), chuan_san=g.chuan_san, items=items, team_items=team_items,
        multiplier=multiplier, grand_slam=g.grand_slam,
    )


def double_words(multiplier: int, grand_slam: int | None) -> tuple[str, str] | None:
    """Why a game's points count double, as a player reads it (中文, English); None if they do not."""
    if multiplier <= 1:
        return None
    if grand_slam is not None:
        return f"满贯，积分翻倍 ×{multiplier}", f"grand slam (满贯): points ×{multiplier}"
    return f"串三户，积分翻倍 ×{multiplier}", f"串三户 (one team took the top three): points ×{multiplier}"
