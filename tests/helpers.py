"""Helpers the tests import (``from helpers import new, play, refused``): positions, moves, random
games and matches, deals, and the check that a refused action changed nothing. Rule tests name the
RULES.md id (R…) they check.

Positions are built with ``Game.from_hands``: six hand strings in the notation of R2.3, seat 0–5,
team 0 = {0, 2, 4}, 对家 of s is s+3 mod 6, play order s → s+1. Every seat that should be able
to go out holds at least one 3 (R8.3).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import strategies as st

from bot.ai import Player
from bot.engine import Event, Game, IllegalAction, Match, Ruleset
from bot.engine.rules import PRESETS, SWITCHES

RULESETS = st.builds(lambda name, switches: Ruleset.preset(name, **switches), st.sampled_from(PRESETS),
                     st.fixed_dictionaries({k: st.booleans() for k in SWITCHES}))
"""R13: every preset with a random mix of every switch, for the hypothesis invariants."""


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


def advance(game: Game | Match, rng: random.Random, steps: int) -> bool:
    """Play up to ``steps`` random legal actions on a game or a match; whether it is still going."""
    for _ in range(steps):
        if game.over:
            return False
        game.act(game.to_act, rng.choice(game.legal_actions(game.to_act)))
    return not game.over


def random_position(seed: int, rules: Ruleset | None, plies: int) -> tuple[Game, random.Random]:
    """``Game.deal(seed)`` after ``plies`` random legal actions (or at its end), and the random
    source that chose them, to play on with."""
    rng = random.Random(seed)
    g = Game.deal(seed, rules)
    for _ in range(plies):
        if g.over:
            break
        s = g.to_act
        g.act(s, rng.choice(g.legal_actions(s)))
    return g, rng


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


DECK_RANKS = "3456789TJQKA2BR"
PER_DECKS = {r: (4 if r in "BR" else 16) for r in DECK_RANKS}


def deal(wishes: dict[int, dict[str, int]] | None = None) -> list[str]:
    """Six hands of 36 (216 cards): ``wishes[seat][rank] = n`` fixes how many of a rank a seat gets.
    Every other card is dealt round-robin over the seats without a wish for its rank (jokers, 2s, 3s,
    4s and the 够级 ranks first, so each such seat gets its share); the 5s…9s then fill the seats up."""
    wishes = wishes or {}
    counts = [dict.fromkeys(DECK_RANKS, 0) for _ in range(6)]
    fixed: list[set[str]] = [set() for _ in range(6)]
    for s, w in wishes.items():
        for r, n in w.items():
            counts[s][r] = n
            fixed[s].add(r)
    turn = 0
    for r in "RB234AKQJT98765":
        left = PER_DECKS[r] - sum(c[r] for c in counts)
        assert left >= 0, f"wishes hold more than {PER_DECKS[r]} of {r}"
        for _ in range(left):
            room = [36 - sum(c.values()) for c in counts]
            free = [s for s in range(6) if r not in fixed[s] and room[s] > 0]
            assert free, f"no seat can take a {r}"
            if r in "56789":  # fill up: most room first
                s = min(free, key=lambda x: (-room[x], (x - turn) % 6))
            else:  # round-robin
                s = min(free, key=lambda x: (x - turn) % 6)
            counts[s][r] += 1
            turn = s + 1
    hands = ["".join(r * c[r] for r in DECK_RANKS) for c in counts]
    assert [len(h) for h in hands] == [36] * 6, [len(h) for h in hands]
    return hands


def refused(state: Game | Match, seat: int, action: str) -> IllegalAction:
    """``action`` is refused with a bilingual reason (中文 / English, a ``ValueError``) and the game or
    match is exactly as it was (ENGINE_API: ``act`` validates before it touches anything)."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as e:
        state.act(seat, action)
    assert state.to_json() == before, "a refused action changed the state"
    assert isinstance(e.value, ValueError)
    zh, _, en = str(e.value).partition(" / ")
    assert zh and en, f"reason is not '中文 / English': {e.value}"
    return e.value


def spy_text(monkeypatch, record) -> None:
    """Call ``record(xy, text, size, fill)`` for every string the renderer draws from now on, where it
    lands: its own words through ``render.draw.text`` (which draws a word once and lays it down from a
    cache after, so ``ImageDraw.text`` does not see them), cards' and stamps' through ``ImageDraw.text``."""
    import sys

    from PIL import ImageDraw

    from render import draw

    ours, theirs = draw.text, ImageDraw.ImageDraw.text
    inside = []

    def text(d, xy, s, size, fill, *args, **kwargs):
        record(tuple(xy), str(s), size, fill)
        inside.append(True)
        try:
            return ours(d, xy, s, size, fill, *args, **kwargs)
        finally:
            inside.pop()

    def direct(self, xy, s, *args, **kwargs):
        if not inside:
            font = kwargs.get("font")
            record(tuple(xy), str(s), font.size if font else 0, kwargs.get("fill"))
        return theirs(self, xy, s, *args, **kwargs)

    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("render") and getattr(module, "text", None) is ours:
            monkeypatch.setattr(module, "text", text)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", direct)


def play_legally(m: Match, players: Sequence[Player]) -> None:
    """Play ``m`` to its end, each seat by its player, asserting that every action chosen is legal."""
    while not m.over:
        seat = m.to_act
        assert seat is not None
        legal = m.legal_actions(seat)
        action = players[seat].choose(m.view(seat), legal)
        assert action in legal
        m.act(seat, action)
