"""``python -m bot.bench yaotou``: 要头 against 无头 (R14.7), on the deals that come to the declaration.

要头 arises only after a 革命 (about one classic deal in 17), so an arena says little about it. This
bench scans seeded one-game matches (``--rules``, classic by default) for the deals whose 革命 seat's
对头 comes to declare, every choice before it ``basic``'s, and plays each such deal out once per
policy below, all six seats ``basic`` after the declaration — the same cards and the same players,
only the declaration (or the head's odds) differing, so a deal's luck cancels between policies:

- ``wutou``: 无头; ``yaotou``: 要头, the 够死级 plays made as ``basic`` makes them;
- ``yaotou-plain``: 要头 with the odds of a 够死级 play standing taken as for any play
  (``situation.DEAD_BURN`` = 1): how much reading 够死级 right is worth;
- ``basic``: ``basic``'s own declaration (``basic.yaotou_pays``).

It prints the head's team points per game of each policy with a 95% interval over the deals, each
policy against ``wutou`` deal by deal, and 要头 against 无头 by the jokers and by the 3s the head
holds (what ``basic.yaotou_pays`` reads).
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable
from typing import NamedTuple

from bot.ai import basic, situation
from bot.engine import Match, Ruleset, parse_cards
from bot.engine.cards import BLACK, RED, THREE
from bot.engine.rules import revolution, yaotou

from .stats import half_interval

POLICIES = ("wutou", "yaotou", "yaotou-plain", "basic")
"""What the head declares and how it reads its 够死级 (see the module's docstring)."""


def at_declaration(seed: int, rules: Ruleset) -> Match | None:
    """The seeded one-game match at its 要头/无头 decision, every choice before it ``basic``'s; None
    when the deal never comes to it (no 革命)."""
    m = Match.new(seed=seed, rules=rules, games=1)
    while m.phase != "play" and not m.over:
        if m.decision == "yaotou":
            return m
        seat = m.to_act
        assert seat is not None
        m.act(seat, basic.decide(m.view(seat), m.legal_actions(seat)).action)
    return None


def play_out(seed: int, rules: Ruleset, declared: str, plain_odds: bool = False) -> int:
    """The head team's points of the deal ``seed`` once the head has ``declared`` (yaotou or wutou);
    ``plain_odds`` reads its 够死级 plays as any other (``situation.DEAD_BURN`` = 1)."""
    m = at_declaration(seed, rules)
    assert m is not None and m.to_act is not None
    head = m.to_act
    saved = situation.DEAD_BURN
    situation.DEAD_BURN = 1.0 if plain_odds else saved  # only the head's 够死级 plays read it
    try:
        m.act(head, declared)
        while not m.over:
            seat = m.to_act
            assert seat is not None
            m.act(seat, basic.decide(m.view(seat), m.legal_actions(seat)).action)
    finally:
        situation.DEAD_BURN = saved
    points: int = m.results[-1]["team_points"][head % 2]
    return points


class Deal(NamedTuple):
    """A deal that came to the declaration, played out by every policy."""

    seed: int
    jokers: int
    threes: int
    """The head's 小王 and 大王, and its 3s."""
    said: str
    """``basic``'s declaration."""
    points: dict[str, int]
    """The head team's points by policy."""


def _deal(job: tuple[int, Ruleset]) -> Deal | None:
    seed, rules = job
    m = at_declaration(seed, rules)
    if m is None or m.to_act is None:
        return None
    head = m.to_act
    h = parse_cards(m.hand(head))
    said = basic.decide(m.view(head), m.legal_actions(head)).action
    points = {"wutou": play_out(seed, rules, "wutou"), "yaotou": play_out(seed, rules, "yaotou"),
              "yaotou-plain": play_out(seed, rules, "yaotou", plain_odds=True)}
    points["basic"] = points[said]
    return Deal(seed, h[BLACK] + h[RED], h[THREE], said, points)


def deals(count: int, seed: int, rules: Ruleset, workers: int) -> list[Deal]:
    """The first ``count`` deals from seed ``seed`` on that come to the declaration, played out."""
    jobs = ((s, rules) for s in range(seed, seed + 10_000 * count))
    found: list[Deal] = []
    if workers > 1:
        from multiprocessing import Pool

        with Pool(workers) as pool:
            found = _first(count, pool.imap(_deal, jobs, chunksize=8))
            pool.terminate()
    else:
        found = _first(count, map(_deal, jobs))
    return found


def _first(count: int, results: Iterable[Deal | None]) -> list[Deal]:
    out: list[Deal] = []
    for d in results:
        if d is not None:
            out.append(d)
            if len(out) >= count:
                break
    return out


def _ci(xs: list[int]) -> str:
    mean = statistics.fmean(xs)
    return f"{mean:+.2f} ± {half_interval(xs):.2f}"


def bench_yaotou(count: int, seed: int, workers: int, rules: Ruleset) -> list[Deal]:
    """Print the figures of the module's docstring for ``count`` deals and return the deals."""
    if not (revolution.played(rules) and yaotou.played(rules)):
        raise SystemExit("要头/无头 needs the revolution and yaotou switches (R14.7): try --rules classic")
    found = deals(count, seed, rules, workers)
    if not found:
        raise SystemExit("no deal came to the 要头/无头 declaration")
    on = [k for k, v in rules.switches().items() if v]
    print(f"要头/无头 (R14.7): {len(found)} deals that came to the declaration, seeds {seed}…{found[-1][0]}, "
          f"rules {rules.name}{' + ' + ', '.join(on) if on else ''}; the head's team points per game")
    for p in POLICIES:
        pts = [d.points[p] for d in found]
        diff = "" if p == "wutou" else f"   {p} − wutou {_ci([d.points[p] - d.points['wutou'] for d in found])}"
        print(f"  {p:<13} {_ci(pts)}{diff}")
    chosen = [d for d in found if d.said == "yaotou"]
    print(f"  basic says 要头 on {len(chosen)} of {len(found)} deals (no joker); on those yaotou − wutou "
          + (_ci([d.points["yaotou"] - d.points["wutou"] for d in chosen]) if chosen else "n/a"))
    for name, key in (("jokers", lambda d: min(d.jokers, 4)), ("3s", lambda d: min(d.threes, 4))):
        by: dict[int, list[int]] = defaultdict(list)
        for d in found:
            by[key(d)].append(d.points["yaotou"] - d.points["wutou"])
        print(f"  yaotou − wutou by the head's {name}: "
              + "   ".join(f"{k}{'+' if k == 4 else ''}: {_ci(v)} ({len(v)})" for k, v in sorted(by.items())))
    return found

