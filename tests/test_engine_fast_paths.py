"""Issue 15, item 5: the engine's shortcuts say what the full checks say.

An AI acts with ``Action`` values of its own (carrying a play, no kind) and plain ``pass``/``let``; the
engine takes them as listed when they are among the actions it just listed for the position. Card texts
in canonical ASCII are counted by symbol; the deck is dealt from slices; stored rulesets are read once.
Each shortcut is checked here against the long way round, on random games under random switches.
"""

from __future__ import annotations

import random

from helpers import RULESETS
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Game, Ruleset
from bot.engine.actions import Action
from bot.engine.cards import SEATS, deal_hands, format_counts, full_deck, parse_cards


def _own(action: Action) -> str:
    """The action as an AI makes it itself: a fresh ``Action`` carrying the play, or the bare word."""
    return Action.of_play(action.play) if action.play is not None else str(action)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), rules=RULESETS)
def test_own_actions_are_legal_of_the_listed_kind_and_play_as_listed(seed: int, rules: Ruleset) -> None:
    rng = random.Random(seed)
    g, twin = Game.deal(seed, rules), Game.deal(seed, rules)
    while not g.over:
        seat = g.to_act
        assert seat is not None
        legal, twin_legal = g.legal_actions(seat), twin.legal_actions(seat)
        for a in legal[:12]:
            own = _own(a)
            assert own in legal and g.is_legal(seat, own)
            assert legal.kind(own) == a.kind == g.action_kind(seat, own)
        i = rng.randrange(len(legal))
        g.act(seat, legal[i])
        twin.act(seat, _own(twin_legal[i]))  # the same move, as an AI's own value
        assert twin.to_json() == g.to_json()


def test_a_stale_listing_is_not_trusted() -> None:
    """An answer listed at an earlier position is checked in full against the position now."""
    g = Game.from_hands(["3QQ", "3KK", "3AA", "3JJ", "3TT", "322"], leader=0)
    g.act(0, "play QQ")
    legal = g.legal_actions(1)
    g.act(1, "pass")
    kk = Action.of_play(legal[0].play)  # KK, listed for seat 1, which has passed
    assert kk not in g.legal_actions(2) and legal.kind(kk) is None and not g.is_legal(1, kk)


def test_canonical_card_texts_count_as_any_notation() -> None:
    """R2.3: a canonical text, its lower case, 10 for T and the spaced, full-width and Chinese forms agree."""
    rng = random.Random(3)
    for _ in range(300):
        deck = full_deck()
        rng.shuffle(deck)
        counts = [0] * 18
        for rank in deck[:rng.randrange(1, 60)]:
            counts[rank] += 1
        text = format_counts(counts)
        assert parse_cards(text) == counts == parse_cards(text.lower())
        assert parse_cards(" ".join(text)) == counts == parse_cards(text.replace("T", "10"))
        assert parse_cards(text.replace("B", "小王").replace("R", "大王")) == counts
        assert parse_cards(text.translate({ord(c): ord(c) + 0xFEE0 for c in "3456789"})) == counts


def test_the_deck_is_dealt_one_card_at_a_time_from_the_leader() -> None:
    """第七条: card i of the shuffled deck goes to seat leader + i, whichever way it is counted."""
    rng = random.Random(5)
    for leader in range(SEATS):
        deck = full_deck()
        rng.shuffle(deck)
        one_by_one = [[0] * 18 for _ in range(SEATS)]
        for i, rank in enumerate(deck):
            one_by_one[(leader + i) % SEATS][rank] += 1
        assert deal_hands(deck, leader) == one_by_one


def test_a_stored_ruleset_reads_back_equal_and_with_its_name() -> None:
    for name in ("dagang", "classic"):
        rules = Ruleset.preset(name, grand_slam=True)
        for _ in range(2):  # the second read is the remembered one
            back = Ruleset.from_dict(rules.to_dict())
            assert back == rules and back.name == name and back.to_dict() == rules.to_dict()
