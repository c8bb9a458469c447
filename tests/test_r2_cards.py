"""R2 — cards, the text notation (R2.3), play shapes (R2.4) and attached cards (R2.5)."""

from __future__ import annotations

import pytest
from helpers import new
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import InvalidPlay, Ruleset, beats, parse_play

DAGANG = Ruleset.preset("dagang")
STRENGTH = "3456789TJQKA2BR"


# ---------------------------------------------------------------- R2.3 notation
@pytest.mark.parametrize("text", ["888", "TTTTT", "KK2", "9992BR", "22B", "BB", "RR", "BR", "33", "4444",
                                  "A2", "2", "B", "R", "5", "QQQ22BBRR", "2222BRR"])
def test_r2_3_canonical_text_round_trips(text):
    p = parse_play(text)
    assert str(p) == text
    assert parse_play(str(p)) == p
    assert len(p) == len(text)


@pytest.mark.parametrize("typed, canonical", [
    ("10 10 10", "TTT"),          # 10 is accepted for T
    ("1010101010", "TTTTT"),
    ("t t t", "TTT"),             # case-insensitive
    ("kk2", "KK2"),
    ("q Q q", "QQQ"),
    ("b", "B"),                   # B = 小王
    ("r", "R"),                   # R = 大王
    ("小王", "B"),
    ("大王", "R"),
    ("大王小王", "BR"),
    ("小王 大王 2 2", "22BR"),
    ("999+2+B+R", "9992BR"),      # + ignored
    ("  r b 2 9 9 9  ", "9992BR"),  # spaces ignored, any order
    ("R9B929", "9992BR"),
    ("2 b", "2B"),
    ("J+J+J+J", "JJJJ"),
    ("a 2", "A2"),
])
def test_r2_3_aliases_case_spaces_and_plus(typed, canonical):
    assert str(parse_play(typed)) == canonical
    assert parse_play(typed) == parse_play(canonical)


def test_r2_3_canonical_order_base_then_twos_then_b_then_r():
    assert str(parse_play("R B 2 8 8 8")) == "8882BR"
    assert str(parse_play("RB22")) == "22BR"
    assert str(parse_play("RRBB")) == "BBRR"


def test_r2_3_hand_text_is_canonical_weakest_first():
    g = new("R B 2 A 10 3 4 4", "3", "3", "3", "3", "3")
    assert g.hand(0) == "344TA2BR"


@st.composite
def plays(draw):
    """Any legal play of R2.4 as (base symbol, n, twos, black, red)."""
    kind = draw(st.sampled_from(["threes", "fours", "based", "twos", "jokers"]))
    if kind == "threes":
        return "3" * draw(st.integers(1, 8))
    if kind == "fours":
        return "4" * draw(st.integers(1, 8))
    black, red = draw(st.integers(0, 4)), draw(st.integers(0, 4))
    if kind == "based":
        base = draw(st.sampled_from("56789TJQKA"))
        return base * draw(st.integers(1, 8)) + "2" * draw(st.integers(0, 4)) + "B" * black + "R" * red
    if kind == "twos":
        return "2" * draw(st.integers(1, 8)) + "B" * black + "R" * red
    if black + red == 0:
        black = 1
    return "B" * black + "R" * red


@given(plays(), st.randoms(use_true_random=False), st.sampled_from(["", " ", "+", " + "]))
def test_r2_3_format_then_parse_is_identity(text, rnd, sep):
    """R2.3: formatting then parsing gives the same play, whatever the order and separators typed."""
    p = parse_play(text)
    assert str(p) == text  # the strategy builds canonical text
    shuffled = list(text)
    rnd.shuffle(shuffled)
    typed = sep.join(shuffled).lower()
    assert parse_play(typed) == p
    assert parse_play(str(p)) == p
    assert len(p) == len(text)


# ---------------------------------------------------------------- R2.4 shapes
@pytest.mark.parametrize("text", [
    "3", "333", "4", "4444",                   # 3s and 4s pure
    "5552", "55B", "55R", "AA22BR", "TTTTT2B",  # 2s and jokers attach to 5…A
    "52", "5B", "AR",
    "22BR", "2B", "22R", "222",                 # 2s with jokers: base rank 2
    "B", "BB", "BR", "RR", "BBRR",              # joker-only
])
def test_r2_4_legal_shapes(text):
    assert str(parse_play(text)) == text


@pytest.mark.parametrize("text", [
    "3332", "33B", "3R", "33BR",     # 3s never carry attachments
    "442", "44B", "4R",              # 4s never carry attachments
    "34", "33 44", "3 5",            # 3s only with 3s
    "45", "89", "899", "TJ", "KA", "89 2", "5 6 B",  # one base rank only
    "", "   ", "+",                  # no cards
    "X", "1", "0", "11", "Z2",        # not cards
    "RRRRR", "BBBBB", "8" * 17,       # more than the four decks hold (R2.1)
])
def test_r2_4_rejects_bad_shapes(text):
    with pytest.raises(InvalidPlay):
        parse_play(text)
    with pytest.raises(ValueError):  # InvalidPlay is a ValueError (ENGINE_API)
        parse_play(text)


def test_r2_4_invalid_play_reason_is_bilingual():
    with pytest.raises(InvalidPlay) as e:
        parse_play("3332")
    assert " / " in str(e.value)


# ---------------------------------------------------------------- R2.5 attached cards
def test_r2_5_attached_two_counts_as_base_rank():
    # 8882 is as strong as 8888: neither beats the other; both beat 7777; 9999 beats both.
    assert not beats(parse_play("8882"), parse_play("8888"), DAGANG)
    assert not beats(parse_play("8888"), parse_play("8882"), DAGANG)
    assert beats(parse_play("8882"), parse_play("7777"), DAGANG)
    assert beats(parse_play("8222"), parse_play("7777"), DAGANG)
    assert beats(parse_play("9999"), parse_play("8882"), DAGANG)
    # … and not at its own strength (2 > A): 9992 beats 8882, and 8882 does not beat AAAA.
    assert beats(parse_play("9992"), parse_play("8882"), DAGANG)
    assert not beats(parse_play("8882"), parse_play("AAAA"), DAGANG)


def test_r2_5_attached_joker_keeps_its_own_strength():
    # 99B sorted is B 9 9: its B must be covered by an R.
    assert not beats(parse_play("99B"), parse_play("88B"), DAGANG)
    assert beats(parse_play("99R"), parse_play("88B"), DAGANG)
    # KB sorted is B K; Q2 counts as Q Q: B > Q and K > Q.
    assert beats(parse_play("KB"), parse_play("Q2"), DAGANG)
    # QB sorted is B Q: KK cannot cover the B.
    assert not beats(parse_play("KK"), parse_play("QB"), DAGANG)
