"""R5 — a round: lead (R5.1), follow (R5.2), the pass lock (R5.3), 让牌 (R5.4), the end of a round
and who leads next, 接风 (R5.5), automatic passes (R5.6)."""

from __future__ import annotations

from helpers import actions, auto_passed, kinds, let, new, of_kind, pass_, play, refused, since

from bot.engine import Event

# ---------------------------------------------------------------- R5.1 lead


def test_r5_1_leader_acts_first_and_cannot_pass():
    g = new("3 55 K", "3 4", "3 4", "3 4", "3 4", "3 4", leader=0)
    assert g.to_act == 0 and g.top is None
    assert actions(g, 0) == {"play 5", "play 55", "play K"}   # any legal play; 3s only last (R8.1)
    assert "pass" not in g.legal_actions(0)
    assert "let" not in g.legal_actions(0)


def test_r5_1_any_leader_seat():
    g = new("3 4", "3 4", "3 4", "3 4", "3 9 Q", "3 4", leader=4)
    assert g.to_act == 4
    play(g, 4, "Q")
    assert of_kind(g, "lead") == [Event("lead", 4, "Q")]
    assert [e.seat for e in of_kind(g, "pass")] == [5, 0, 1, 2, 3]   # in order from its 下家


def test_r5_1_lead_may_attach_twos_and_jokers():
    g = new("3 5 2 B", "3 4", "3 4", "3 4", "3 4", "3 4")
    assert actions(g, 0) == {"play 5", "play 52", "play 5B", "play 52B", "play 2", "play 2B", "play B"}


def test_r5_1_first_lead_is_logged():
    g = new("3 4 9", "3 4", "3 4", "3 4", "3 4", "3 4")
    play(g, 0, "9")
    assert of_kind(g, "lead")[0] == Event("lead", 0, "9")


# ---------------------------------------------------------------- R5.2 follow
def test_r5_2_follower_beats_or_passes():
    g = new("3 4 5", "3 4 6 7 88 22", "3 4 9", "3 4", "3 4", "3 4")
    play(g, 0, "5")
    assert g.to_act == 1
    assert actions(g, 1) == {"play 6", "play 7", "play 8", "play 2", "pass"}
    play(g, 1, "7")
    assert g.to_act == 2
    assert g.top[0] == 1 and str(g.top[1]) == "7"
    assert of_kind(g, "follow") == [Event("follow", 1, "7")]


def test_r5_2_follow_must_match_count_and_be_stronger():
    g = new("3 4 55", "3 4 6 7 88 K", "3 4", "3 4", "3 4", "3 4")
    play(g, 0, "55")
    assert actions(g, 1) == {"play 88", "pass"}
    for bad in ("play 6", "play 888", "play 67", "play 4"):
        refused(g, 1, bad)


def test_r5_2_seats_without_cards_are_skipped():
    g = new("3 4 5", "", "3 4 6", "3 4", "3 4", "3 4", places=[None, 1, None, None, None, None])
    n = len(g.events)
    play(g, 0, "5")
    assert g.to_act == 2
    assert not any(e.seat == 1 for e in since(g, n))


# ---------------------------------------------------------------- R5.3 pass lock
def test_r5_3_pass_locks_seat_for_round():
    g = new("3 4 5", "3 6 9", "3 4 7", "3 4", "3 4", "3 4")
    play(g, 0, "5")
    pass_(g, 1)                       # could play 6 or 9, passes
    play(g, 2, "7")                   # 7 is not from seat 1's 对家 (seat 4)
    # 3, 4, 5, 0 cannot beat 7; seat 1 holds a 9 but passed: it is locked
    assert auto_passed(g, 1, 3)
    assert g.hand(1) == "369"
    assert g.to_act == 2 and g.top is None  # round over: seat 2 leads


def test_r5_3_duijia_pai_bu_guo_passed_seat_may_answer_its_opposite():
    """对家牌不过 (第十条): after passing, a seat may still answer a top play of its own 对家."""
    g = new("3 4 5", "3 6 9", "3 4", "3 4", "3 4 7", "3 4")
    play(g, 0, "5")
    pass_(g, 1)
    play(g, 4, "7")                   # seat 4 is seat 1's 对家; 2 and 3 were passed for lack of a play
    assert g.to_act == 1
    assert "play 9" in g.legal_actions(1)
    play(g, 1, "9")
    assert of_kind(g, "follow")[-1] == Event("follow", 1, "9")
    assert g.to_act == 1 and g.top is None   # nobody beats 9: seat 1 leads


# ---------------------------------------------------------------- R5.4 让牌
def test_r5_4_let_offered_on_opposite_play_after_shang_lian_and_shang_jia_passed():
    g = new("3 4 5", "3 4", "3 4", "3 9", "3 4 8", "3 4")
    play(g, 0, "5")
    assert g.to_act == 3                        # 上联 (1) and 上家 (2) of seat 3 passed
    assert g.legal_actions(3) == ["play 9", "pass", "let"]


def test_r5_4_let_not_offered_on_other_seats_play():
    g = new("3 4 5", "3 6", "3 4", "3 9", "3 4", "3 4")
    play(g, 0, "5")
    assert g.to_act == 1
    assert "let" not in g.legal_actions(1)    # seat 0 is not seat 1's 对家
    refused(g, 1, "let")


def test_r5_4_let_then_nobody_beats_letter_acts_again():
    g = new("3 4 5", "3 4", "3 4", "3 9", "3 4 8", "3 4")
    play(g, 0, "5")
    let(g, 3)
    assert g.to_act == 4                        # 下家 acts first
    pass_(g, 4)                                 # 下家 could play 8, passes; 下联 (5) cannot
    assert g.to_act == 3                        # the letter acts again
    assert g.legal_actions(3) == ["play 9", "pass"]   # no second 让 on the same play
    play(g, 3, "9")
    assert g.top is None and g.to_act == 3      # nobody beats 9: seat 3 leads
    assert Event("let", 3) in g.events


def test_r5_4_let_then_xia_jia_beats_letter_counts_as_passed():
    g = new("3 4 5", "3 4", "3 4", "3 9", "3 4 8", "3 4")
    play(g, 0, "5")
    let(g, 3)
    play(g, 4, "8")                             # 下家 beats it
    # seat 3 holds a 9 but counts as having passed: 8 is not its 对家's play
    assert auto_passed(g, 3)
    assert g.hand(3) == "39"
    assert g.to_act == 4 and g.top is None      # round over, seat 4 leads


def test_r5_4_let_then_xia_lian_beats():
    g = new("3 4 5", "3 4", "3 4", "3 9", "3 4", "3 4 8")
    play(g, 0, "5")
    let(g, 3)
    assert g.to_act == 5                        # 下家 (4) has no play, 下联 (5) acts
    play(g, 5, "8")
    assert auto_passed(g, 3)                    # the letter counts as passed
    assert g.to_act == 5 and g.top is None


def test_r5_4_letter_still_answers_its_opposite_later():
    """After the let was beaten the letter is passed, but 对家牌不过 still applies."""
    g = new("3 4 5 J", "3 4", "3 4", "3 9 K", "3 4 8", "3 4")
    play(g, 0, "5")
    let(g, 3)
    play(g, 4, "8")
    # 5 cannot; seat 0 (3's 对家) beats 8 with J; seat 3 passed but may answer its 对家
    play(g, 0, "J")
    assert g.to_act == 3
    assert "play K" in g.legal_actions(3)


# ---------------------------------------------------------------- R5.5 round end
def test_r5_5_round_ends_when_play_returns_to_top_seat_who_leads():
    g = new("3 4 5 6", "3 4 7", "3 4", "3 4", "3 4", "3 4")
    play(g, 0, "5")
    play(g, 1, "7")
    assert g.top is None
    assert g.to_act == 1
    assert of_kind(g, "round")[-1] == Event("round", 1)


def test_r5_5_jiefeng_next_holder_leads_after_top_seat_went_out():
    g = new("33", "3 5", "3 6", "3 7", "3 8", "3 9")
    play(g, 0, "33")                 # 走牌: seat 0 is out; nobody can beat 33
    assert g.places[0] == 1
    assert g.to_act == 1 and g.top is None
    assert Event("jiefeng", 1) in g.events


def test_r5_5_jiefeng_skips_seats_already_out():
    g = new("33", "", "3 6", "3 7", "3 8", "3 9", places=[None, 1, None, None, None, None])
    play(g, 0, "33")
    assert g.places[0] == 2
    assert g.to_act == 2
    assert Event("jiefeng", 2) in g.events


# ---------------------------------------------------------------- R5.6 automatic pass
def test_r5_6_seat_without_a_play_is_passed_and_logged_as_pass_auto():
    g = new("3 4 K", "3 5", "3 4 A", "3 4", "3 4", "3 4")
    n = len(g.events)
    play(g, 0, "K")
    assert g.to_act == 2
    assert since(g, n)[1] == Event("pass", 1, auto=True)
    pass_(g, 2)
    passes = [e for e in g.events if e.kind == "pass"]
    assert Event("pass", 2) in passes                 # a chosen pass is not auto
    assert all(e.auto for e in passes if e.seat != 2)


def test_r5_6_no_let_offered_to_a_seat_that_cannot_beat():
    """R5.6: 让 applies only to a seat that could beat the play; otherwise the seat is simply passed."""
    g = new("3 4 5", "3 4", "3 4", "3 4", "3 4 8", "3 4")
    play(g, 0, "5")
    assert auto_passed(g, 3)               # seat 3's 对家 made the play, but seat 3 cannot beat it
    assert g.to_act == 4
    assert "let" not in kinds(g)


def test_r5_6_to_act_always_has_a_real_decision():
    g = new("3 4 9", "3 4", "3 4", "3 4", "3 4", "3 4 T")
    play(g, 0, "9")
    assert g.to_act == 5
    assert len(g.legal_actions(5)) > 1
    assert [e.seat for e in g.events if e.kind == "pass"] == [1, 2, 3, 4]
    assert "let" not in kinds(g)
