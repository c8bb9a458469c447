"""Bad input: every refused action raises IllegalAction (a ValueError) with a bilingual reason and leaves
the game exactly as it was (ENGINE_API: act validates before touching any state)."""

from __future__ import annotations

import pytest
from helpers import new, play, refused

from bot.engine import Game, IllegalAction, InvalidCards, Ruleset


@pytest.fixture
def lead_game():
    return new("3 55 K B", "3 4 6 9", "3 4", "3 Q", "3 4", "3 4")


@pytest.fixture
def follow_game():
    g = new("3 4 55 K", "3 4 66 9", "3 4", "3 QQ", "3 4", "3 4")
    play(g, 0, "55")
    assert g.to_act == 1
    return g


@pytest.mark.parametrize("seat", [1, 2, 3, 4, 5])
def test_bad_input_not_your_turn(lead_game, seat):
    refused(lead_game, seat, "play 4")


@pytest.mark.parametrize("seat", [6, -1, 100, "0", None, 1.0])
def test_bad_input_no_such_seat(lead_game, seat):
    refused(lead_game, seat, "play 5")


@pytest.mark.parametrize("action", ["fold", "", "   ", "playy 5", "5", "go", "skip", "lett"])
def test_bad_input_unknown_action(lead_game, action):
    refused(lead_game, 0, action)


@pytest.mark.parametrize("action", ["play", "play ", "play X", "play 1", "play 5 6", "play 3 5", "play 44B",
                                    "play RRRRR", "play 3332"])
def test_bad_input_not_a_play(lead_game, action):
    refused(lead_game, 0, action)


@pytest.mark.parametrize("action", ["play 555", "play KK", "play R", "play 22", "play 5B2", "play 4"])
def test_bad_input_cards_not_held(lead_game, action):
    refused(lead_game, 0, action)


def test_bad_input_pass_on_lead(lead_game):
    """R5.1: the leader must lead."""
    refused(lead_game, 0, "pass")


def test_bad_input_let_on_lead(lead_game):
    refused(lead_game, 0, "let")


def test_bad_input_threes_led_early(lead_game):
    """R8.1."""
    refused(lead_game, 0, "play 3")


@pytest.mark.parametrize("action", ["play 6", "play 666", "play 9", "play 44", "play 4", "play 33"])
def test_bad_input_follow_wrong_count_or_too_weak(follow_game, action):
    """R3.1: same number of cards, every card stronger; R8.1: no 3s."""
    refused(follow_game, 1, action)


def test_bad_input_let_not_on_opposite_play(follow_game):
    """R5.4: seat 0 is not seat 1's 对家."""
    refused(follow_game, 1, "let")


def test_bad_input_let_twice():
    g = new("3 4 5", "3 4", "3 4", "3 9", "3 4", "3 4")
    play(g, 0, "5")
    g.act(3, "let")
    assert g.to_act == 3                         # 下家 and 下联 have no play
    refused(g, 3, "let")


def test_bad_input_shao_play_that_breaks_the_conditions():
    """R6.3: KKB would leave K and 5 with no joker."""
    g = new("3 4 QQQ 5", "3 KKK 5 B", "3 4", "3 4", "3 4", "3 4")
    play(g, 0, "QQQ")
    refused(g, 1, "play KKB")


def test_bad_input_lead_without_joker_under_duty():
    """R6.4 步步带王."""
    g = new("3 4 QQQ 9", "3 KKK 5 B", "3 4 6", "3 4 7", "3 4 8", "3 4 6")
    play(g, 0, "QQQ")
    play(g, 1, "KKK")
    assert g.to_act == 1 and g.top is None
    refused(g, 1, "play 5")


def test_bad_input_act_after_the_game_is_over():
    g = new("3", "3", "3", "3", "3", "3")
    for s in range(5):
        play(g, s, "3")
    assert g.over and g.to_act is None
    refused(g, 5, "play 3")
    refused(g, 0, "pass")
    assert list(g.legal_actions(5)) == []


@pytest.mark.parametrize("action", [None, 5, ["play", "5"], b"play 5"])
def test_bad_input_action_not_text(lead_game, action):
    """An action that is not text is bad input like any other: IllegalAction, state untouched."""
    refused(lead_game, 0, action)


def test_bad_input_legal_actions_for_a_seat_not_to_act_is_empty(lead_game):
    assert len(lead_game.legal_actions(1)) == 0
    assert "play 6" not in lead_game.legal_actions(1)


def test_bad_input_every_offered_action_is_accepted(follow_game):
    """The other side of the contract: what legal_actions offers, act accepts."""
    for action in follow_game.legal_actions(1):
        g = Game.from_json(follow_game.to_json())
        g.act(1, action)


# ---------------------------------------------------------------- bad positions and rulesets
def test_bad_input_from_hands_needs_six_hands():
    with pytest.raises(ValueError):
        Game.from_hands(["3", "3", "3", "3", "3"])


def test_bad_input_from_hands_more_than_four_decks():
    with pytest.raises(InvalidCards):
        new("RRR", "RR", "3", "3", "3", "3")
    with pytest.raises(ValueError):
        new("3" * 9, "3" * 8, "3", "3", "3", "3")


@pytest.mark.parametrize("leader", [6, -1])
def test_bad_input_from_hands_bad_leader(leader):
    with pytest.raises(ValueError):
        new("3", "3", "3", "3", "3", "3", leader=leader)


def test_bad_input_from_hands_places_must_match_empty_hands():
    with pytest.raises(ValueError):
        new("", "3", "3", "3", "3", "3")                                   # empty hand, no place
    with pytest.raises(ValueError):
        new("3", "3", "3", "3", "3", "3", places=[1, None, None, None, None, None])  # place with cards
    with pytest.raises(ValueError):
        new("", "", "3", "3", "3", "3", places=[1, 1, None, None, None, None])      # same place twice


def test_bad_input_natural_for_pure_gouji_holder():
    """R7.3."""
    with pytest.raises(IllegalAction):
        new("3 4 QQQ", "3", "3", "3", "3", "3", natural=[0])


def test_bad_input_ruleset_unknown_name_or_switch():
    with pytest.raises(ValueError):
        Ruleset.preset("no-such-preset")
    with pytest.raises(ValueError):
        Ruleset.preset("dagang", no_such_switch=True)
    with pytest.raises(ValueError):
        Ruleset.preset("dagang", revolution="yes")
