"""R8 — 3s: led only last and all at once (R8.1), 闷 (R8.2), a seat with no 3 (R8.3)."""

from __future__ import annotations

import pytest
from helpers import auto_passed, kinds, new, of_kind, play, refused

from bot.engine import Event, IllegalAction


# ---------------------------------------------------------------- R8.1 走牌
def test_r8_1_threes_not_led_while_other_cards_remain():
    g = new("33 5", "3 4", "3 4", "3 4", "3 4", "3 4")
    assert g.legal_actions(0) == ["play 5"]
    for bad in ("play 33", "play 3"):
        refused(g, 0, bad)


def test_r8_1_threes_led_all_at_once_and_the_seat_is_out():
    g = new("333", "3 4", "3 4", "3 4", "3 4", "3 4")
    assert g.legal_actions(0) == ["play 333"]
    with pytest.raises(IllegalAction):
        g.act(0, "play 33")
    play(g, 0, "333")
    assert g.hand(0) == ""
    assert g.places[0] == 1
    assert Event("out", 0, value=1) in g.events


def test_r8_1_threes_never_beat():
    g = new("33", "33 55", "3 4", "3 4", "3 4", "3 4")
    play(g, 0, "33")
    assert g.legal_actions(1) == ["play 55", "pass"]
    refused(g, 1, "play 33")


def test_r8_1_seat_holding_only_threes_cannot_follow():
    g = new("3 4 5", "333", "3 4 6", "3 4", "3 4", "3 4")
    play(g, 0, "5")
    assert auto_passed(g, 1)
    assert g.to_act == 2


# ---------------------------------------------------------------- R8.2 闷
def test_r8_2_men_at_once_takes_the_bottom_place():
    g = new("3 5", "3 6 K", "3 4 7", "3 4", "3 4", "3 4")
    play(g, 0, "5")                          # seat 0's last card other than its 3
    play(g, 1, "6")
    assert g.events[-1] == Event("men", 1, "3", target=0, value=6)  # at once, before anyone else acts
    assert g.places[0] == 6
    assert g.hand(0) == ""
    assert g.to_act == 2


def test_r8_2_two_men_take_the_last_places_in_turn():
    g = new("3 5", "3 6 K", "33 7", "3 8 9", "3 4", "3 4")
    play(g, 0, "5")
    play(g, 1, "6")                          # seat 0 闷: 大落
    play(g, 2, "7")
    play(g, 3, "8")                          # seat 2 闷: 二落
    men = [(e.seat, e.target, e.value, e.play) for e in of_kind(g, "men")]
    assert men == [(1, 0, 6, "3"), (3, 2, 5, "33")]
    assert g.places[0] == 6 and g.places[2] == 5


def test_r8_2_no_men_while_other_cards_remain():
    g = new("3 5 9", "3 6 K", "3 4", "3 4", "3 4", "3 4")
    play(g, 0, "5")
    play(g, 1, "6")
    assert "men" not in kinds(g)
    assert g.places[0] is None


def test_r8_2_last_play_standing_is_no_men_the_seat_walks_out():
    g = new("3 5", "3 4", "3 4", "3 4", "3 4", "3 4")
    play(g, 0, "5")                          # nobody beats it
    assert g.to_act == 0
    play(g, 0, "3")
    assert "men" not in kinds(g)
    assert g.places[0] == 1


def test_r8_2_men_by_a_teammate_counts():
    g = new("3 5", "3 4", "3 6 9", "3 4", "3 4", "3 4")
    play(g, 0, "5")
    play(g, 2, "6")
    assert of_kind(g, "men") == [Event("men", 2, "3", target=0, value=6)]


def test_r8_2_men_after_a_no3_seat_takes_the_next_bottom_place():
    g = new("3 5", "3 6 K", "3 4", "3 4", "3 4", "4 4")
    assert g.places[5] == 6                  # R8.3
    play(g, 0, "5")
    play(g, 1, "6")
    assert g.places[0] == 5


# ---------------------------------------------------------------- R8.3 no 3
def test_r8_3_no3_seat_is_placed_at_the_bottom_at_once():
    g = new("3 5", "3 6", "5 6 K", "3 4", "3 4", "3 4")
    assert g.places == [None, None, 6, None, None, None]
    assert Event("no3", 2, value=6) in g.events
    assert not g.over


def test_r8_3_several_no3_seats_share_the_bottom_in_play_order_from_the_leader():
    g = new("3 5", "3 6", "5 6", "3 4", "7 8", "3 4", leader=0)
    assert g.places[2] == 6 and g.places[4] == 5
    g = new("3 5", "3 6", "5 6", "3 4", "7 8", "3 4", leader=3)
    assert g.places[4] == 6 and g.places[2] == 5


def test_r8_3_no3_seat_still_plays_until_its_cards_run_out():
    g = new("3 4 5 9", "6", "3 4", "3 4", "3 4", "3 4")
    assert g.places[1] == 6
    play(g, 0, "5")
    assert g.to_act == 1                     # it still plays for its team
    play(g, 1, "6")
    assert g.hand(1) == ""
    assert g.places[1] == 6                  # its place does not change when it runs out
    assert not [e for e in of_kind(g, "out") if e.seat == 1]
