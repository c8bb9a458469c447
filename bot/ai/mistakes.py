"""The mistakes the arena counts (issue 17, item 3), judged with the whole game in sight.

The arena shows every hand, so a mistake can be defined by what was really there, not by what a
seat could guess. ``Mistakes.before(game, seat, action)`` is called before each action in play
and ``Mistakes.after(game)`` once the action is applied; the counts are per team (0: seats 0, 2, 4).

- ``beat-mate``: a play beating a teammate's top play that would have won the round — the teammate
  still holds cards and no opponent still to act on it (the seats after this one, before the
  teammate, holding cards, not locked by a pass) holds a play that beats it — unless the play
  leaves the seat only 3s (going out) or the restrictions have ended (四户乱缠: then every seat plays
  for itself). 够级 in force is read loosely: any opponent still to act that could beat it counts as
  an answer, 捎 or not, so the count errs on the side of fewer mistakes.
- ``break-gouji``: an answer with part of a rank held in pure 够级 number (10×5, J×4, Q×3, K×2, A×2:
  ``GOUJI_MIN``) that leaves less than that number, e.g. QQ out of QQQQ or JJJ out of JJJJJ (KK out
  of KKKK leaves a set and is not counted), while 够级 still matters for the seat (its 对家 holds
  cards, at least five seats hold cards, no 四户乱缠).
- ``giveup``: the log's ``giveup`` event (R7.2) for a seat that could still 开点 with it — it had
  declared 宣点, or it held a pure 够级 set that could still be in force (five seats or more holding
  cards, no 四户乱缠: R4.4, R9.4); its 对家 held cards and 二科 was not out. With four seats left
  (a 闷 or a no-3 seat out before 二科, say) no set can win a round as 够级, so 4s led then give up
  nothing.
- ``men``: the log's ``men`` event (R8.2) with a seat of the team as its target.
- ``kaidian``: the log's ``kaidian`` events, a figure to read beside the mistakes (more is better).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Game, Play, parse_play
from bot.engine.cards import FOUR, SEATS, THREE
from bot.engine.moves import answers
from bot.engine.plays import GOUJI_MIN
from bot.engine.rules import burn_priority

KINDS: tuple[str, ...] = ("beat-mate", "break-gouji", "giveup", "men")
"""The mistakes, in the order the arena prints them."""
FIGURES: tuple[str, ...] = (*KINDS, "kaidian")


def _opposite(seat: int) -> int:
    return (seat + 3) % SEATS


def _holds_pure(h: Sequence[int]) -> bool:
    return any(h[r] >= n for r, n in GOUJI_MIN.items())


def _could_answer(g: Game, s: int) -> bool:
    """Whether seat ``s``, still to act on the top play, holds a play beating it that it may make."""
    assert g.top is not None
    top_seat, top = g.top
    h = g.hands[s]
    if not any(h):
        return False
    if g.top_gouji and s != _opposite(top_seat) and not burn_priority.played(g.rules):
        if g.passed[s] or not h[THREE] or h[FOUR]:  # 捎 needs an unpassed seat with a 3 and no 4 (第十六条)
            return False
    elif g.passed[s] and not g.luanchan and top_seat != _opposite(s) and not top.red:
        return False  # locked by its pass
    return any(not p.is_threes for p in answers(h, top, g.rules))


def beats_winning_mate(g: Game, seat: int, play: Play) -> bool:
    """``beat-mate``: ``play`` by ``seat`` beats a teammate's top play that would have won the round."""
    if g.top is None or g.luanchan:
        return False
    top_seat, _ = g.top
    if top_seat == seat or top_seat % 2 != seat % 2 or not any(g.hands[top_seat]):
        return False
    h = g.hands[seat]
    if len(play) >= sum(h) - h[THREE]:  # it goes out (or empties the hand): that pays
        return False
    still = [(seat + i) % SEATS for i in range(1, (top_seat - seat) % SEATS)]
    return not any(s % 2 != seat % 2 and _could_answer(g, s) for s in still)


def sets_matter(g: Game, seat: int) -> bool:
    """Whether ``seat``'s 够级 sets could still be in force (R4.4, R9.4): its 对家 holds cards, five
    seats or more do, no 四户乱缠."""
    return not g.luanchan and g.holding >= 5 and any(g.hands[_opposite(seat)])


def breaks_gouji(g: Game, seat: int, play: Play) -> bool:
    """``break-gouji``: an answer with part of a rank the hand held in pure 够级 number, leaving less."""
    if g.top is None or not sets_matter(g, seat):
        return False
    need = GOUJI_MIN.get(play.base)
    if need is None:
        return False
    n = g.hands[seat][play.base]
    return n >= need and 0 < play.n < n and n - play.n < need


class Mistakes:
    """Counts per team of the ``FIGURES`` over the games it watches."""

    def __init__(self) -> None:
        self.counts: list[dict[str, int]] = [dict.fromkeys(FIGURES, 0) for _ in range(2)]
        self._seen = 0
        self._could_kaidian: dict[int, bool] = {}

    def before(self, g: Game, seat: int, action: str) -> None:
        """Judge ``action`` of ``seat`` before it is applied to ``g`` (the game in play)."""
        self._seen = len(g.events)
        h = g.hands[seat]
        self._could_kaidian = {seat: ((_holds_pure(h) and sets_matter(g, seat)) or g.natural[seat])
                               and any(g.hands[_opposite(seat)]) and 2 not in g.places}
        if not action.startswith("play ") or g.top is None:
            return
        play = parse_play(action[5:])
        team = self.counts[seat % 2]
        if beats_winning_mate(g, seat, play):
            team["beat-mate"] += 1
        if breaks_gouji(g, seat, play):
            team["break-gouji"] += 1

    def after(self, g: Game) -> None:
        """Read the events the last action logged."""
        for e in g.events[self._seen:]:
            if e.kind == "giveup" and e.seat is not None and self._could_kaidian.get(e.seat):
                self.counts[e.seat % 2]["giveup"] += 1
            elif e.kind == "men" and e.target is not None:
                self.counts[e.target % 2]["men"] += 1
            elif e.kind == "kaidian" and e.seat is not None:
                self.counts[e.seat % 2]["kaidian"] += 1
        self._seen = len(g.events)
