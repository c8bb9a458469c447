"""The actions ``strong``'s search weighs at a decision in play, and that the distilled ``basic`` chooses
between: the rules' choice and one sound alternative (issue 17, issue 32). Its own module because both
levels read it: the distilled model (``distil``) is trained on these candidates, and ``strong`` searches
them with that model's choice as its default."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Play
from bot.engine.cards import BLACK, FOUR, RED, THREE, TWO
from bot.engine.rules import kaidian_without_fours

from .basic import (
    breaks_set,
    cost,
    gouji_matters,
    gouji_sets,
    groups_of,
    legal_plays,
    may_kaidian,
    play_action,
    wild_play,
)
from .situation import Situation

MAX_CANDIDATES = 2
"""Actions compared per decision: ``basic``'s and the first other sound one. An answer weighs
playing (the cheapest sound play) against passing (or 让牌); a lead weighs another rank, or the 4s
once they are no longer kept for 开点. Three candidates measured no better in the arena and
slower: fewer deals each. Checked again per decision (issue 17: 119 dagang and 68 classic decisions
of ``basic``'s games, each searched over 60–100 deals, the choice made on some of them at this
work and judged on the others): 3, 4 or 6 candidates gained no more than 2. Three once 60 cards or
fewer are left in hands, where rollouts are short, lost in the arena: on its 60 dagang games of
seeds 3001… (13,200 plies) +1.07 ± 0.64 against +1.28 ± 0.68, −0.22 ± 0.21 deal by deal."""


def candidates(sit: Situation, legal: Sequence[str], first: str) -> list[str]:
    """A few sensible, distinct actions to compare, the default first: ``first`` (``basic``'s) —
    unless it answers by breaking a pure 够级 set, which then has to prove itself against passing.

    No candidate beats a teammate's play (but to go out), breaks a 够级 set to answer, or spends
    the 4s kept for 开点: ``basic`` already weighs those, and a search over a dozen deals is
    too noisy to overturn it there (measured: such overrides were most of ``strong``'s mistakes).
    An alternative may leave a lone last play that ``basic``'s 闷 guard would refuse: excluding those
    too measured no better (dagang, 60 arena games of seeds 3001…: −0.12 ± 0.29 deal by deal, 闷
    0.20 against 0.15 a game), although most of ``strong``'s 闷 follow an override."""
    if sit.top is None:
        out = [first]
        more = _lead_candidates(sit, first)
    else:
        plays = _answer_candidates(sit, legal)
        decline = plays[0]
        if first.startswith("play ") and first not in plays:  # a broken set: passing is the default
            out, more = [decline, first], []
        else:
            out, more = [first], plays
    for action in more:
        if len(out) >= MAX_CANDIDATES:
            break
        if action not in out and action in legal:
            out.append(action)
    return out


def _lead_candidates(sit: Situation, first: str) -> list[str]:
    """The 4s (unless they are kept for 开点: led now they give it up), the weakest ranks plain, the
    weakest with one 2 or joker to keep the lead, the strongest ranks with every 2 and joker, all 2s
    and jokers alone, the other ranks. Where ``first`` (``basic``'s) is the 4s all the same, giving
    up 开点 because too few plays are left to follow it, the pure 够级 sets come first: the one lead
    that would keep 开点 open. Measured on the arena's 60 dagang games of seeds 3001… (13,200
    plies): +0.02 ± 0.07 deal by deal (28 of 30 deals scored the same), 开点 given up 0.167 a game
    as before: in the four of those traced, on 100–150 deals each, the search kept the 4s (e.g.
    3344TTTTTT: 44 −1.85, TTTTTT −2.62; 333334444JJJJJJB: 4444 −0.12, JJJJJJ −1.93), since the set
    led first leaves the 4s as the last play before the 3s, to be beaten and 闷ed.

    Not the pure 够级 sets in dagang, though ``basic`` leads something else in 37% of its leads
    while it holds one and may 开点 (10 games): with the sets first, on the arena's 100 dagang games
    of seeds 3001… and 3031… (13,200 plies), points a game moved by −0.12 ± 0.63 deal by deal — 开点
    given up fell from 0.20 to 0.07 a game, but 闷 rose from 0.12 to 0.19."""
    h = sit.hand
    groups = groups_of(h, with_fours=False)
    if kaidian_without_fours.played(sit.rules) or sit.burner:
        return [play_action(p) for p in _classic_lead_plays(sit, groups)]
    keep4 = may_kaidian(sit)  # holds 4s
    plays = [Play(FOUR, h[FOUR])] if h[FOUR] and not keep4 else []
    if keep4 and first == play_action(Play(FOUR, h[FOUR])):  # basic gives up 开点: try the set instead
        plays += gouji_sets(h)
    plays += [Play(r, h[r]) for r in groups[:2]]
    if groups:
        low = groups[0]
        for t, b, r in ((1, 0, 0), (0, 1, 0), (0, 0, 1)):
            if h[TWO] >= t and h[BLACK] >= b and h[RED] >= r:
                plays.append(Play(low, h[low], t, b, r))
                break
    plays += [Play(r, h[r], h[TWO], h[BLACK], h[RED]) for r in groups[-2:]]
    wild = wild_play(h)
    if wild is not None:
        plays.append(wild)
    plays += [Play(r, h[r]) for r in groups[2:]]
    return [play_action(p) for p in plays]


def _classic_lead_plays(sit: Situation, groups: list[int]) -> list[Play]:
    """classic: a burner's jokered leads (R14.2); else the pure 够级 sets that may 开点 (R14.1, strongest
    first), the weakest ranks, the strongest with every 2 and joker, the 2s and jokers alone."""
    h = sit.hand
    jokers = [j for j in ((1, 0), (0, 1)) if h[BLACK] >= j[0] and h[RED] >= j[1]]
    if sit.burner:
        plays = [Play(r, h[r], 0, *j) for r in groups[:2] for j in jokers]
    else:
        plays = list(gouji_sets(h))
        plays += [Play(FOUR, h[FOUR])] if h[FOUR] and not may_kaidian(sit) else []
        plays += [Play(r, h[r]) for r in groups[:2]]
    plays += [Play(r, h[r], h[TWO], h[BLACK], h[RED]) for r in groups[-2:]]
    wild = wild_play(h)
    if wild is not None:
        plays.append(wild)
    return plays


def _answer_candidates(sit: Situation, legal: Sequence[str]) -> list[str]:
    """Pass (or 让牌), then the sound answers cheapest first by ``basic``'s ``cost``: none that beats
    a teammate but to go out, breaks a pure 够级 set while 够级 matters, or spends 4s kept for 开点."""
    assert sit.top is not None
    top_seat = sit.top[0]
    keep4 = may_kaidian(sit)
    left = sum(sit.hand) - sit.hand[THREE]
    matters = gouji_matters(sit)
    plays = [p for p in legal_plays(legal)
             if not (p.base == FOUR and keep4)
             and not (sit.is_mate(top_seat) and len(p) < left)
             and not (matters and breaks_set(sit.hand, p))]
    plays.sort(key=lambda p: cost(sit, p, keep4))
    return ["let" if "let" in legal else "pass", *(play_action(p) for p in plays)]
