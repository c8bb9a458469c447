"""Issue 32: the belief model of the hidden cards (``bot.ai.belief``) and its training (``bot.ai.train``)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from helpers import new, play

from bot.ai.belief import WEIGHTS, Belief, BeliefError, belief, load, model
from bot.ai.sample import Sampler
from bot.ai.train import train
from bot.engine import Game, SeatView, parse_cards
from bot.engine.cards import BLACK, PER_DECKS, RED, SEATS, THREE, TWO

DECK = [PER_DECKS.get(r, 0) for r in range(RED + 1)]


def _views(seeds: range, every: int = 7) -> list[SeatView]:
    """Views of the seat to act at every ``every``-th action of random legal games from full deals."""
    out = []
    for seed in seeds:
        g, rng = Game.deal(seed), random.Random(seed)
        k = 0
        while not g.over:
            seat = g.to_act
            assert seat is not None
            k += 1
            if k % every == 0:
                out.append(g.view(seat))
            g.act(seat, rng.choice(g.legal_actions(seat)))
    return out


def _check_consistent(view: SeatView, b: Belief) -> None:
    """Counts add up per holder and per rank, no holder above what it may hold, and with the seat's
    own hand, the cards played and shown, every rank makes the four decks."""
    f = b.facts
    assert np.allclose(b.expected.sum(axis=1), f.room, atol=1e-6)
    assert np.allclose(b.expected.sum(axis=0), f.pool, atol=1e-6)
    assert (b.expected <= f.cap + 1e-9).all() and (b.expected >= 0).all()
    hand, pub = parse_cards(view.hand), view.public
    seen = [a + b_ + c for a, b_, c in zip(hand, parse_cards(pub["played"]), parse_cards(pub["shown"]), strict=True)]
    placed = [sum(b.holding(s)[r] for s in f.seats) for r in range(RED + 1)]
    assert np.allclose([placed[r] + seen[r] for r in range(THREE, RED + 1)], DECK[THREE:], atol=1e-6)
    for s in range(SEATS):
        counts = view.counts[s] if s != pub["revolt"] else 0
        if s != view.seat:
            assert sum(b.holding(s)) == pytest.approx(counts, abs=1e-6)


def test_the_shipped_model_loads_once():
    assert WEIGHTS.exists()
    assert model() is model()
    assert load().layers[0][0].shape == model().layers[0][0].shape


def test_a_missing_or_corrupt_weights_file_is_an_error(tmp_path):
    with pytest.raises(BeliefError, match="missing"):
        load(tmp_path / "none.npz")
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not weights")
    with pytest.raises(BeliefError, match="unreadable"):
        load(bad)
    cut = tmp_path / "cut.npz"
    with np.load(WEIGHTS) as data:
        np.savez(cut, **{**dict(data), "w0": data["w0"][:-1]})
    with pytest.raises(BeliefError, match="do not fit"):
        load(cut)


def test_belief_counts_add_up_and_respect_what_is_known():
    """Counts (R2.1: 216 cards), the seat's own hand never given to another, each holder's count."""
    for view in _views(range(3)):
        _check_consistent(view, belief(view))


def test_belief_gives_no_3_to_a_seat_that_said_it_holds_none():
    """R8.3: a seat with a ``no3`` event holds no 3, in the belief of every other seat."""
    found = 0
    for view in _views(range(12), every=5):
        b = belief(view)
        for e in view.events:
            if e.kind == "no3" and e.seat is not None and e.seat != view.seat:
                found += 1
                assert b.holding(e.seat)[THREE] == 0
    assert found


def test_belief_gives_nothing_beating_the_play_to_a_seat_the_rules_passed():
    """R5.6: a seat passed for want of any legal play on a lone A (its first pass of the round, not a
    够级 play) holds no 2 and no joker; the 216 cards are all dealt, seats 1–3 hold none of them."""
    g = new("A" * 16 + "K" * 16 + "3333", "5" * 16 + "6" * 16 + "7777", "7" * 12 + "8" * 16 + "9" * 8,
            "9" * 8 + "T" * 16 + "J" * 12, "JJJJ" + "Q" * 16 + "2" * 16, "3" * 12 + "4" * 16 + "BBBBRRRR")
    play(g, 0, "A")
    assert g.to_act == 4 and [e.seat for e in g.events if e.kind == "pass" and e.auto] == [1, 2, 3]
    view = g.view(4)
    b = belief(view)
    _check_consistent(view, b)
    for seat in (1, 2, 3):
        assert [b.holding(seat)[r] for r in (TWO, BLACK, RED)] == [0, 0, 0]
    assert b.holding(5)[BLACK] + b.holding(0)[BLACK] == pytest.approx(4)


def test_belief_is_deterministic():
    view = _views(range(1), every=40)[2]
    a, b = belief(view), belief(view)
    assert np.array_equal(a.expected, b.expected)


def test_training_runs_end_to_end_and_a_seed_gives_the_same_model(tmp_path):
    """Issue 32: self-play, Adam, the weights written and read back as a model that makes a belief;
    the same seed writes the same weights."""
    outs = [tmp_path / "tiny.npz", tmp_path / "again.npz"]
    for out in outs:
        train(seed=3, games=2, workers=1, every=20, epochs=1, hidden=8, batch=8, lr=1e-3, out=out)
    net, again = load(outs[0]), load(outs[1])
    assert all(np.array_equal(a, b) for la, lb in zip(net.layers, again.layers, strict=True)
               for a, b in zip(la, lb, strict=True))
    view = _views(range(1), every=40)[1]
    _check_consistent(view, belief(view, net=net))


def test_deals_drawn_with_the_belief_keep_every_certain_fact():
    """Issue 32: ``Sampler`` with a belief deals each seat its count, the seat's own hand as it is, no 3
    to a seat that said it has none (R8.3), and the 216 cards (R2.1)."""
    for view in _views(range(2), every=25):
        sampler = Sampler(view, belief=belief(view).to_deal())
        no3 = {e.seat for e in view.events if e.kind == "no3"}
        for i in range(5):
            hands, aside = sampler.deal(random.Random(i))
            assert hands[view.seat] == view.hand
            assert [len(h) for h in hands] == view.counts
            assert all("3" not in hands[s] for s in no3)
            total = parse_cards("".join(hands) + aside + view.public["played"] + view.public["shown"])
            assert sum(total) == 216
