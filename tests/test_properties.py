"""Invariants over random legal games (hypothesis): R2.1 cards accounted for, R9 games end with
places a permutation of 1–6, R10.5 team points sum to zero, JSON round-trips play on identically,
every generated play formats and parses back to itself, views hide other hands."""

from __future__ import annotations

import random

from helpers import RULESETS, random_position
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import DECK_SIZE, Game, format_counts, parse_play


def _total(g: Game) -> int:
    return sum(g.counts()) + sum(g.played) + sum(g.shown) + sum(g.aside)


def play_out(g: Game, rng: random.Random, check=None, limit: int = 3000) -> int:
    steps = 0
    while not g.over:
        seat = g.to_act
        assert seat is not None
        actions = g.legal_actions(seat)
        assert len(actions) > 0, "to_act always has a real choice (R5.6)"
        action = rng.choice(actions)
        g.act(seat, action)
        steps += 1
        if check:
            check(g)
        assert steps < limit, "a game must end"
    return steps


def midgame(seed: int, cut: float) -> tuple[Game, random.Random]:
    """A seeded random game stopped at fraction ``cut`` of its length, and the RNG that played it."""
    g = Game.deal(seed)
    rng = random.Random(seed)
    steps = play_out(Game.deal(seed), random.Random(seed))
    for _ in range(int(steps * cut)):
        g.act(g.to_act, rng.choice(g.legal_actions(g.to_act)))
    return g, rng


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=RULESETS, pick=st.integers(0, 2**32 - 1))
def test_r2_1_r9_r10_random_games_end_with_every_card_and_zero_sum(seed, rules, pick):
    """R2.1 216 cards accounted for at every step; R9 the game ends, places are 1–6; R10.5 zero sum."""
    g = Game.deal(seed, rules)
    assert _total(g) == DECK_SIZE

    def check(game: Game) -> None:
        assert _total(game) == DECK_SIZE
        assert all(n >= 0 for h in game.hands for n in h)

    play_out(g, random.Random(pick), check)
    r = g.result()
    assert sorted(r.places) == [1, 2, 3, 4, 5, 6]
    assert sum(r.team_points) == 0
    assert r.team_points[0] == sum(r.seat_points[0::2]) + sum(v for _, v in r.team_items[0])
    assert g.to_act is None and len(g.legal_actions(0)) == 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=RULESETS, cut=st.floats(0, 1), pick=st.integers(0, 99))
def test_json_round_trip_plays_on_identically(seed, rules, cut, pick):
    """from_json(to_json()) at any step continues identically to the original."""
    a = Game.deal(seed, rules)
    rng = random.Random(pick)
    steps = play_out(Game.deal(seed, rules), random.Random(pick))
    for _ in range(int(steps * cut)):
        a.act(a.to_act, rng.choice(a.legal_actions(a.to_act)))
    b = Game.from_json(a.to_json())
    assert b.to_json() == a.to_json()
    rb = random.Random(7)
    ra = random.Random(7)
    while not a.over:
        sa, sb = a.to_act, b.to_act
        assert sa == sb
        la, lb = list(a.legal_actions(sa)), list(b.legal_actions(sb))
        assert la == lb
        a.act(sa, ra.choice(la))
        b.act(sb, rb.choice(lb))
        assert a.to_json() == b.to_json()
    assert b.over and a.result() == b.result()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1))
def test_r2_3_every_legal_play_formats_and_parses_back(seed, cut):
    """R2.3: str(play) is canonical and parse_play(str(p)) == p, for plays the engine generates."""
    g, rng = midgame(seed, cut)
    if g.over:
        return
    legal = g.legal_actions(g.to_act)
    plays = legal.plays()
    sample = [plays[rng.randrange(len(plays))] for _ in range(min(len(plays), 200))] if len(plays) else []
    for p in sample:
        assert parse_play(str(p)) == p
        assert f"play {p}" in legal
        assert str(parse_play(" + ".join(str(p)).lower())) == str(p)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1))
def test_view_never_contains_another_seats_cards(seed, cut):
    """A seat's view holds its own hand and public facts only (PRODUCT: hands are never shown)."""
    g, _ = midgame(seed, cut)
    for seat in range(6):
        v = g.view(seat)
        assert v.hand == g.hand(seat)
        d = v.to_dict()
        assert "hands" not in d and "initial" not in d
        text = v.to_json()
        for other in range(6):
            h = g.hand(other)
            if other != seat and len(h) >= 12 and h != v.hand:
                assert h not in text


def _canonical(action: str) -> str:
    if action.startswith("play "):
        try:
            return f"play {parse_play(action[5:])}"
        except ValueError:
            return action
    return action


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1), probe=st.integers(0, 2**32 - 1))
def test_rejected_actions_change_nothing(seed, cut, probe):
    """Bad input changes nothing: a random action that is not legal raises and leaves the JSON as it was."""
    from bot.engine import IllegalAction

    g, _ = midgame(seed, cut)
    prng = random.Random(probe)
    before = g.to_json()
    for _ in range(20):
        seat = prng.randrange(6)
        hand = g.hand(seat) or "3"
        k = prng.randint(1, min(6, len(hand)))
        action = prng.choice(["pass", "let", "play " + "".join(prng.sample(hand, k)), "play " + hand, "xyz"])
        if not g.over and seat == g.to_act and _canonical(action) in list(g.legal_actions(seat)):
            continue
        try:
            g.act(seat, action)
        except IllegalAction as e:
            assert " / " in str(e)
        else:
            raise AssertionError(f"{action!r} by seat {seat} was accepted but is not in legal_actions")
        assert g.to_json() == before


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1), seat=st.integers(0, 5))
def test_public_state_rebuilds_the_game_from_the_true_hands(seed, cut, seat):
    """view.public holds every public fact: with the true hands it rebuilds the same game (the strong
    AI searches by rebuilding it with guessed hands)."""
    g, _ = midgame(seed, cut)
    public = g.view(seat).public
    assert "hands" not in public and "aside" not in public
    rebuilt = Game.from_public(public, [g.hand(s) for s in range(6)], format_counts(g.aside))
    want, got = g.to_dict(), rebuilt.to_dict()
    for key in ("initial", "kaidian_lost"):
        want.pop(key), got.pop(key)
    assert got == want


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=RULESETS, plies=st.integers(0, 150))
def test_a_view_is_a_snapshot_that_the_game_moving_on_leaves_as_it_was(seed, rules, plies):
    """A seat's view (what an AI, a review or a panel keeps) must not share the game's lists: taken
    at one moment, it reads the same after the game has moved on (issue 19's review kept views)."""
    g, rng = random_position(seed, rules, plies)
    if g.over:
        return
    seat = rng.randrange(6)
    view = g.view(seat)
    before = view.to_json()
    while not g.over:
        s = g.to_act
        g.act(s, rng.choice(g.legal_actions(s)))
    assert view.to_json() == before
