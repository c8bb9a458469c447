"""Match invariants (hypothesis): random legal matches of several games always end; the 216 cards
are accounted for after every trade and tribute (R2.1, R11, R12); team points sum to zero in every
game (R10.5); a JSON round-trip at any step continues identically."""

from __future__ import annotations

import random

from helpers import RULESETS
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import DECK_SIZE, Match


def _cards(m: Match) -> int:
    if m.game is not None:
        g = m.game
        return sum(g.counts()) + sum(g.played) + sum(g.shown) + sum(g.aside)
    return sum(sum(h) for h in m.hands)


def _step(m: Match, rng: random.Random) -> None:
    seat = m.to_act
    assert seat is not None
    actions = m.legal_actions(seat)
    assert len(actions) > 0
    m.act(seat, rng.choice(actions))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), games=st.integers(1, 4), pick=st.integers(0, 2**32 - 1), rules=RULESETS)
def test_r10_6_random_matches_end_with_cards_accounted_and_zero_sum(seed, games, pick, rules):
    """Under every preset and any mix of switches (R13)."""
    m = Match.new(seed=seed, rules=rules, games=games)
    rng = random.Random(pick)
    steps = 0
    while not m.over:
        _step(m, rng)
        steps += 1
        before_deal = m.phase in ("choose-leader", "tribute") and _cards(m) == 0  # 串三家 leader, 点贡 choice
        assert _cards(m) == DECK_SIZE or m.over or before_deal
        assert steps < 4000 * games
    st_ = m.standings()
    assert st_.played == games and len(m.results) == games
    for r in m.results:
        assert sum(r["team_points"]) == 0
        assert sorted(r["places"]) == [1, 2, 3, 4, 5, 6]
    assert sum(st_.totals) == 0
    assert st_.winner == (None if st_.totals[0] == st_.totals[1] else (0 if st_.totals[0] > st_.totals[1] else 1))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 900), pick=st.integers(0, 2**32 - 1), rules=RULESETS)
def test_match_json_round_trip_continues_identically(seed, cut, pick, rules):
    a = Match.new(seed=seed, games=2, rules=rules)
    rng = random.Random(pick)
    for _ in range(cut):
        if a.over:
            break
        _step(a, rng)
    b = Match.from_json(a.to_json())
    assert b.to_json() == a.to_json()
    ra, rb = random.Random(5), random.Random(5)
    while not a.over:
        assert a.to_act == b.to_act and list(a.legal_actions(a.to_act)) == list(b.legal_actions(b.to_act))
        _step(a, ra)
        _step(b, rb)
    assert b.over and a.to_json() == b.to_json()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 400), pick=st.integers(0, 2**32 - 1), rules=RULESETS)
def test_default_action_is_always_legal(seed, cut, pick, rules):
    """Every waiting phase offers a default action, which the table uses for a silent seat."""
    m = Match.new(seed=seed, games=2, rules=rules)
    rng = random.Random(pick)
    for i in range(cut):
        if m.over:
            break
        if i % 3 == 0:
            seat = m.to_act
            action = m.default_action(seat)
            assert action in list(m.legal_actions(seat))
            m.act(seat, action)
        else:
            _step(m, rng)
