"""Helpers for the rule-by-rule tests (RULES.md ids R…).

Positions are built with ``Game.from_hands``: six hand strings in the notation of R2.3, seat 0–5,
team 0 = {0, 2, 4}, 对家 of s is s+3 mod 6, play order s → s+1. Every seat that should be able
to go out holds at least one 3 (R8.3).
"""

from __future__ import annotations

import random

from bot.engine import Event, Game, Ruleset


def new(*hands: str, leader: int = 0, rules: Ruleset | None = None, natural=(), places=None) -> Game:
    """A game in its play phase from six hands."""
    assert len(hands) == 6
    return Game.from_hands(list(hands), leader=leader, rules=rules, natural=natural, places=places)


def play(g: Game, seat: int, cards: str) -> None:
    """``seat`` plays ``cards``; it must be the seat to act."""
    assert g.to_act == seat, f"expected seat {seat} to act, but to_act is {g.to_act} ({kinds(g)[-6:]})"
    g.act(seat, f"play {cards}")


def pass_(g: Game, seat: int) -> None:
    assert g.to_act == seat, f"expected seat {seat} to act, but to_act is {g.to_act}"
    g.act(seat, "pass")


def let(g: Game, seat: int) -> None:
    assert g.to_act == seat, f"expected seat {seat} to act, but to_act is {g.to_act}"
    g.act(seat, "let")


def kinds(g: Game) -> list[str]:
    return [e.kind for e in g.events]


def of_kind(g: Game, kind: str) -> list[Event]:
    return [e for e in g.events if e.kind == kind]


def since(g: Game, n: int) -> list[Event]:
    """Events logged after the first ``n``."""
    return g.events[n:]


def actions(g: Game, seat: int) -> set[str]:
    return set(g.legal_actions(seat))


def auto_passed(g: Game, seat: int, after: int = 0) -> bool:
    """Whether the log holds an automatic pass (R5.6) for ``seat`` after event ``after``."""
    return any(e.kind == "pass" and e.seat == seat and e.auto for e in g.events[after:])


def random_game(seed: int, rules: Ruleset | None = None, max_plies: int = 5000) -> Game:
    """A whole game from ``Game.deal(seed)`` played by random legal actions."""
    rng = random.Random(seed)
    g = Game.deal(seed, rules)
    for _ in range(max_plies):
        if g.over:
            return g
        seat = g.to_act
        la = g.legal_actions(seat)
        assert len(la) > 0, "the seat to act must have a real decision (R5.6)"
        g.act(seat, la[rng.randrange(len(la))])
    raise AssertionError("game did not end")
