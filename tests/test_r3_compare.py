"""R3 — which play beats which: R3.1 card by card, R3.2 大王二杀一, R3.3 the extended switch."""

from __future__ import annotations

import pytest
from helpers import actions, auto_passed, kinds, new, of_kind, pass_, play
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import Ruleset, beats, parse_play

DAGANG = Ruleset.preset("dagang")
EXTENDED = Ruleset.preset("dagang", joker_two_kill_one_extended=True)
STRENGTH = {c: i for i, c in enumerate("3456789TJQKA2BR")}


@pytest.mark.parametrize("new_text, old_text, expected", [
    # every example of R3.1
    ("RR999", "BB888", True),
    ("RRR99", "BB888", True),
    ("BB999", "BB888", False),   # each 小王 must be covered by a 大王
    ("BBB", "222", True),
    ("B22", "222", False),
    ("88888", "77772", True),
    ("R6666", "B7777", False),
    ("B7777", "R6666", False),   # … and they do not beat each other
    # a few more
    ("999", "888", True),
    ("888", "888", False),       # strictly stronger
    ("888", "999", False),
    ("99", "888", False),        # same number of cards
    ("9999", "888", False),
    ("2", "A", True),
    ("A", "2", False),
    ("B", "2", True),
    ("R", "B", True),
    ("B", "R", False),
    ("R", "R", False),
    ("BB", "22", True),
    ("22", "BB", False),
    ("RR", "BB", True),
    ("RB", "BB", False),         # B is not stronger than B
    ("RB", "B2", True),          # R > B, B > 2
    ("RRRB", "BBB2", True),
    ("R999", "BBB8", False),
    ("2222", "AAA2", True),      # AAA2 counts as AAAA
    ("AAA2", "KKKK", True),
    ("KKK2", "AAAA", False),
    ("9992", "8888", True),
    ("KK2B", "QQQB", False),
    ("RKKK", "BQQQ", True),
    ("5", "4", True),
    ("4444", "3333", True),
    ("333", "333", False),       # R3.1a: a play of rank 3 beats nothing
    ("33", "BB", False),
    ("R777", "R666", False),     # R3.1a: an R on top is beaten only by R3.2/R3.3
    ("RR77", "R666", False),
])
def test_r3_1_comparison_table(new_text, old_text, expected):
    assert beats(parse_play(new_text), parse_play(old_text), DAGANG) is expected


def _sorted_strengths(text: str) -> list[int]:
    """The play's cards strongest first, attached 2s counted at the base rank (R2.5)."""
    p = parse_play(text)
    canon = str(p)
    base = canon[0] if canon[0] not in "BR" else None
    vals = []
    for c in canon:
        if c == "2" and base not in (None, "2"):
            vals.append(STRENGTH[base])  # an attached 2
        else:
            vals.append(STRENGTH[c])
    return sorted(vals, reverse=True)


def reference_beats(new_text: str, old_text: str) -> bool:
    """R3.1 as written: same count, and every card of new strictly stronger at the same position."""
    a, b = _sorted_strengths(new_text), _sorted_strengths(old_text)
    return len(a) == len(b) and all(x > y for x, y in zip(a, b, strict=True))


@st.composite
def small_plays(draw, size=None):
    n = size if size is not None else draw(st.integers(1, 5))
    kind = draw(st.sampled_from(["pure", "based", "twos", "jokers"]))
    if kind == "pure":
        return draw(st.sampled_from("3456789TJQKA")) * n
    red = draw(st.integers(0, min(4, n)))
    black = draw(st.integers(0, min(4, n - red)))
    rest = n - red - black
    if kind == "jokers" or rest == 0:
        if red + black == 0:
            return "2" * n
        if rest:
            return "2" * rest + "B" * black + "R" * red
        return "B" * black + "R" * red
    if kind == "twos":
        return "2" * rest + "B" * black + "R" * red
    twos = draw(st.integers(0, rest - 1))
    base = draw(st.sampled_from("56789TJQKA"))
    return base * (rest - twos) + "2" * twos + "B" * black + "R" * red


@given(st.integers(1, 5).flatmap(lambda n: st.tuples(small_plays(n), small_plays(n))))
def test_r3_1_same_count_matches_card_by_card_reference(pair):
    new_text, old_text = pair
    expected = reference_beats(new_text, old_text)
    assert beats(parse_play(new_text), parse_play(old_text), DAGANG) is expected
    assert beats(parse_play(new_text), parse_play(old_text), EXTENDED) is expected


@given(small_plays(), small_plays())
def test_r3_1_count_mismatch_never_beats_without_a_red_kill(new_text, old_text):
    n, o = parse_play(new_text), parse_play(old_text)
    if len(n) != len(o) and not (str(n) == "RR" and str(o) == "R"):
        assert not beats(n, o, DAGANG)


@given(small_plays())
def test_r3_1a_threes_beat_nothing(old_text):
    o = parse_play(old_text)
    for k in range(1, 6):
        assert not beats(parse_play("3" * k), o, DAGANG)


@given(st.integers(1, 5).flatmap(lambda n: st.tuples(small_plays(n), small_plays(n))))
def test_r3_1a_an_r_is_never_beaten_by_a_play_of_as_many_cards(pair):
    new_text, old_text = pair
    if "R" in old_text:
        assert not beats(parse_play(new_text), parse_play(old_text), DAGANG)


# ---------------------------------------------------------------- R3.2 大王二杀一
def test_r3_2_two_reds_kill_one():
    assert beats(parse_play("RR"), parse_play("R"), DAGANG)
    assert not beats(parse_play("R"), parse_play("R"), DAGANG)
    assert not beats(parse_play("RR"), parse_play("B"), DAGANG)    # only on a lone R
    assert not beats(parse_play("RRR"), parse_play("RR"), DAGANG)  # the only count mismatch in dagang
    assert not beats(parse_play("RRB"), parse_play("RB"), DAGANG)
    assert not beats(parse_play("RR8"), parse_play("R7"), DAGANG)
    assert not beats(parse_play("RRB888"), parse_play("R7777"), DAGANG)


def test_r3_2_kill_even_after_passing():
    """R3.2 / 第十条: 大王二杀一 may be played by a seat that passed this round."""
    g = new("3 4 5", "3 6 RR", "3 R 9", "3 4", "3 4", "3 4")
    play(g, 0, "5")
    assert "play 6" in g.legal_actions(1)
    pass_(g, 1)                      # seat 1 passes although it could play
    play(g, 2, "R")                  # seat 2 (not 1's 对家) beats with R
    # 3, 4, 5 and 0 cannot answer a lone R; seat 1 passed but may still kill it
    assert g.to_act == 1
    assert g.legal_actions(1) == ["play RR", "pass"]
    play(g, 1, "RR")
    assert of_kind(g, "kill")[-1].seat == 1
    assert of_kind(g, "kill")[-1].target == 2
    assert g.to_act == 1 and g.top is None   # nobody beats RR: seat 1 leads the next round (R5.5)


def test_r3_2_passed_seat_still_locked_for_ordinary_plays():
    """R5.3 with R3.2: the same passed seat without two reds stays locked on a lone R."""
    g = new("3 4 5", "3 6 R", "3 R 9", "3 4", "3 4", "3 4")
    play(g, 0, "5")
    pass_(g, 1)
    n = len(g.events)
    play(g, 2, "R")
    assert auto_passed(g, 1, n)
    assert g.to_act == 2 and g.top is None   # round over, seat 2 leads


# ---------------------------------------------------------------- R3.3 extended switch
@pytest.mark.parametrize("new_text, old_text, expected", [
    ("RRB888", "R7777", True),    # the example of R3.3
    ("RR", "R", True),
    ("RR8", "R7", True),
    ("RR7", "R7", False),         # the rest must satisfy R3.1
    ("RRR8", "RB7", True),        # rest R8 against B7
    ("RRB8", "RB7", False),       # rest B8 against B7: B not stronger than B
    ("RRR", "RR", False),         # rest R against R
    ("RR88", "R77", True),        # one card more: rest 88 against 77
    ("RR888", "R77", False),      # two cards more
    ("RR8", "B7", False),         # old must hold an R
    ("R88", "R7", False),         # new must hold two R
    ("RR999", "R8888", False),    # one card more only: 5 vs 5 is R3.1
])
def test_r3_3_extended_two_kill_one(new_text, old_text, expected):
    assert beats(parse_play(new_text), parse_play(old_text), EXTENDED) is expected


def test_r3_3_off_in_dagang():
    assert not beats(parse_play("RRB888"), parse_play("R7777"), DAGANG)
    assert not beats(parse_play("RR8"), parse_play("R7"), DAGANG)


def test_r3_3_extended_in_a_game():
    hands = ["3 R7777 5", "3 RRB888", "3 4", "3 4", "3 4", "3 4"]
    g = new(*hands, rules=EXTENDED)
    play(g, 0, "R7777")
    assert g.to_act == 1
    assert "play RRB888" in g.legal_actions(1)
    play(g, 1, "RRB888")
    assert "kill" in kinds(g)
    g2 = new(*hands)  # dagang: nobody can answer R7777
    play(g2, 0, "R7777")
    assert g2.to_act == 0 and g2.top is None
    assert "play RRB888" not in actions(g2, 1)
