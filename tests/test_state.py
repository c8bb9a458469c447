"""Issue 15, item 2: the game's state in typed groups, stored by one mechanism (``bot.engine.state``).

The stored form must not change: players' tables are saved as ``Match.to_json`` and must load after
an upgrade, and an older snapshot (before the classic preset's fields) must keep loading. The two
snapshots in ``tests/snapshots`` were written by the engine before its state was grouped: a 大纲 game
in mid-round and a classic match (every switch on) in its second game with a 革命 seat and a 烧 under
way.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from helpers import RULESETS, random_position
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Game, Match, Ruleset
from bot.engine.game import _GROUPS, _STORED
from bot.engine.state import (
    REVOLT,
    BurnState,
    KaidianState,
    RevoltState,
    RoundState,
    Stored,
    spec_of,
)

SNAPSHOTS = Path(__file__).parent / "snapshots"
GROUPS = (RoundState, BurnState, KaidianState, RevoltState)


def _played(seed: int, rules: Ruleset, plies: int) -> Game:
    return random_position(seed, rules, plies)[0]


def test_issue15_2_a_stored_game_loads_and_is_written_back_byte_for_byte() -> None:
    old = (SNAPSHOTS / "game_dagang.json").read_text()
    g = Game.from_json(old)
    assert g.top is not None and any(g.passed)  # a position in mid-round
    assert g.to_json() == old


def test_issue15_2_a_stored_classic_match_loads_and_is_written_back_byte_for_byte() -> None:
    old = (SNAPSHOTS / "match_classic.json").read_text()
    m = Match.from_json(old)
    assert m.game is not None and m.game.burning is not None and m.game.revolt is not None
    assert m.to_json() == old
    seat = m.to_act
    assert seat is not None
    m.act(seat, m.legal_actions(seat)[0])  # and it plays on


def test_issue15_2_the_json_stays_flat_with_the_keys_it_always_had() -> None:
    d = json.loads((SNAPSHOTS / "game_dagang.json").read_text())
    g = _played(3, Ruleset.preset("classic"), 40)
    assert set(g.to_dict()) == set(d)
    assert all(not isinstance(v, dict) for k, v in g.to_dict().items() if k != "rules")


def test_issue15_2_every_field_of_every_group_is_stored_once() -> None:
    keys = [s.name for s in _STORED] + [s.name for _, _, spec in _GROUPS for s in spec] + ["events"]
    assert len(keys) == len(set(keys))
    assert set(keys) == set(_played(1, Ruleset.preset(), 30).to_dict())
    for cls in GROUPS:
        assert [s.name for s in spec_of(cls)] == [f.name for f in dataclasses.fields(cls)]


def test_issue15_2_groups_are_slotted_dataclasses() -> None:
    for cls in GROUPS:
        assert dataclasses.is_dataclass(cls) and "__slots__" in cls.__dict__
    g = Game.deal(4)
    with pytest.raises(AttributeError):
        g.round.not_a_field = 1  # type: ignore[attr-defined]


def test_issue15_2_a_game_read_back_holds_exactly_what_a_dealt_one_holds() -> None:
    g = _played(2, Ruleset.preset("classic"), 50)
    back = Game.from_json(g.to_json())
    assert set(vars(back)) == set(vars(g))
    for attr, _, _ in _GROUPS:
        assert getattr(back, attr) == getattr(g, attr)
    assert back.hooks is g.hooks  # derived from the rules, never stored


def test_issue15_2_the_flat_names_read_the_groups_and_cannot_be_written() -> None:
    g = _played(6, Ruleset.preset("classic"), 25)
    for attr, _, spec in _GROUPS:
        for s in spec:
            assert getattr(g, s.name) is getattr(getattr(g, attr), s.name)
    with pytest.raises(AttributeError):
        g.top = None  # type: ignore[misc]


def test_issue15_2_an_older_game_without_the_classic_fields_reads_as_a_dagang_game() -> None:
    d = json.loads((SNAPSHOTS / "game_dagang.json").read_text())
    full = Game.from_dict(d).to_json()
    for key in ("burning", "chong", "chongdian", "head", "sijiji", "grand_slam"):
        del d[key]
    assert Game.from_dict(d).to_json() == full


def test_issue15_2_an_older_match_without_the_classic_fields_reads_as_a_dagang_match() -> None:
    m = Match.new(seed=3, games=2)
    d = m.to_dict()
    older = {"by_lot": False, "preset_suits": None, "suits": [""] * 6, "chong_sets": [], "yaotou": None,
             "shown4": []}
    for key in older:
        del d[key]
    back = Match.from_dict(d)
    assert json.loads(back.to_json()) == {**json.loads(m.to_json()), **older}


def test_issue15_2_a_field_an_old_snapshot_lacks_reads_as_a_fresh_value_each_time() -> None:
    d = REVOLT.dump(RevoltState.start(), {})
    del d["chong"]
    a, b = REVOLT.load(RevoltState, d), REVOLT.load(RevoltState, d)
    assert a.chong == [] and a.chong is not b.chong


def test_issue15_2_a_required_field_missing_from_a_snapshot_is_an_error() -> None:
    d = json.loads((SNAPSHOTS / "game_dagang.json").read_text())
    del d["passed"]
    with pytest.raises(KeyError):
        Game.from_dict(d)


def test_issue15_2_a_stored_field_may_be_held_under_another_name() -> None:
    m = Match.new(seed=1)
    assert Stored("waiting", attr="_waiting").attr == "_waiting" and Stored("phase").attr == "phase"
    assert m.to_dict()["waiting"] == m._waiting


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), rules=RULESETS, actions=st.integers(0, 200))
def test_issue15_2_every_position_round_trips_and_plays_on_identically(seed: int, rules: Ruleset,
                                                                      actions: int) -> None:
    g, rng = random_position(seed, rules, actions)
    back = Game.from_json(g.to_json())
    assert back.to_json() == g.to_json()
    while not g.over:
        seat = g.to_act
        assert seat is not None and back.to_act == seat
        legal = g.legal_actions(seat)
        assert [str(a) for a in legal[:50]] == [str(a) for a in back.legal_actions(seat)[:50]]
        action = str(rng.choice(legal))
        g.act(seat, action)
        back.act(seat, action)
    assert back.to_json() == g.to_json()
