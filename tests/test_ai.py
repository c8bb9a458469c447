"""AI players (issue #4): they only ever return legal actions, in every phase; they cannot see hidden
cards; seeded runs are reproducible; ``basic`` knows the game's main rules of thumb; ``suggest`` works
from a seat's own view."""

from __future__ import annotations

import random
import time

import pytest
from helpers import RULESETS, advance, new, pass_, play
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import LEVELS, BasicPlayer, RulesPlayer, StrongPlayer, make_player, suggest
from bot.ai.basic import decide_play
from bot.ai.candidates import candidates
from bot.ai.sample import NO_CAP, Sampler, _repair, can_beat
from bot.ai.situation import Situation
from bot.ai.strong import Search
from bot.engine import Game, Match, Ruleset, parse_cards, parse_play
from bot.engine.cards import RED, THREE

SMALL_WORK = 300
"""Rollout plies for ``strong`` in tests: a few deals, enough to exercise the search."""
DECISIONS = {"buy-offer", "buy-answer", "revolt", "declare", "dian-choice", "tribute-mate", "choose-leader"}
"""Every kind of decision before play."""


def _strong(seed: int = 0) -> StrongPlayer:
    return StrongPlayer(seed, budget=30.0, work=SMALL_WORK)


# ---------------------------------------------------------------------- legality, every phase
def test_every_decision_before_play_is_met_and_answered_legally():
    basic, rnd, strong = BasicPlayer(), make_player("random", 1), _strong()
    seen: set[str] = set()
    for seed in range(40):  # three-game matches meet them all within a few seeds
        if seen == DECISIONS:
            break
        m = Match.new(seed=seed, games=3, rules=Ruleset.preset(revolution=True))
        while not m.over:
            seat = m.to_act
            view, legal = m.view(seat), m.legal_actions(seat)
            if view.decision:
                seen.add(view.decision)
                for p in (rnd, strong):
                    assert p.choose(view, legal) in legal
            action = basic.choose(view, legal)
            assert action in legal
            m.act(seat, action)
    assert seen == DECISIONS


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 400), pick=st.integers(0, 2**32 - 1), rules=RULESETS)
def test_levels_return_legal_actions_in_random_positions(seed, cut, pick, rules):
    """Every level answers legally in random positions of matches under every preset and switch mix (R13)."""
    m = Match.new(seed=seed, games=2, rules=rules)
    if not advance(m, random.Random(pick), cut):
        return
    seat = m.to_act
    view, legal = m.view(seat), m.legal_actions(seat)
    for level in LEVELS:
        player = _strong(pick) if level == "strong" else make_player(level, pick)
        assert player.choose(view, legal) in legal


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_basic_plays_whole_games_legally_and_fast_enough_to_roll_out(seed):
    g = Game.deal(seed)
    p = BasicPlayer()
    steps = 0
    while not g.over:
        seat = g.to_act
        legal = g.legal_actions(seat)
        action = p.choose(g.view(seat), legal)
        assert action in legal
        g.act(seat, action)
        steps += 1
        assert steps < 3000
    assert sum(g.result().team_points) == 0


# ---------------------------------------------------------------------- hidden cards
def _regame(g: Game, seat: int, rng: random.Random) -> Game:
    """The same public game with every hand but ``seat``'s dealt anew, consistently with the view."""
    hands, aside = Sampler(g.view(seat)).deal(rng)
    return Game.from_public(g.public_dict(seat), hands, aside)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 150), other=st.integers(0, 2**32 - 1))
def test_decisions_do_not_depend_on_hidden_hands(seed, cut, other):
    g = Game.deal(seed)
    rng = random.Random(seed)
    if not advance(g, rng, cut):
        return
    seat = g.to_act
    h = _regame(g, seat, random.Random(other))
    assert h.hand(seat) == g.hand(seat) and h.counts() == g.counts()
    assert h.view(seat).to_dict() == g.view(seat).to_dict()
    assert BasicPlayer().choose(g.view(seat), g.legal_actions(seat)) == \
        BasicPlayer().choose(h.view(seat), h.legal_actions(seat))
    assert _strong(5).choose(g.view(seat), g.legal_actions(seat)) == \
        _strong(5).choose(h.view(seat), h.legal_actions(seat))


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 120), pick=st.integers(0, 2**32 - 1))
def test_decisions_from_a_match_view_do_not_depend_on_hidden_hands(seed, cut, pick):
    """The second game of a classic match with 革命 (tribute, 买3 and 革命 in its log): moving a card
    between two other hands leaves the seat's view, and so every level's decision, unchanged."""
    m = Match.new(seed=seed, games=2, rules=Ruleset.preset("classic"))
    basic = BasicPlayer()
    while not m.over and not (m.results and m.phase == "play"):
        m.act(m.to_act, basic.choose(m.view(m.to_act), m.legal_actions(m.to_act)))
    if m.over or not advance(m, random.Random(pick), cut):
        return
    seat = m.to_act
    other = Match.from_json(m.to_json())
    assert other.game is not None
    rng = random.Random(pick)
    holders = [s for s in range(6) if s != seat and other.game.counts()[s]]
    if len(holders) < 2:  # no two other hands left to move a card between
        return
    a, b = rng.sample(holders, 2)
    ha, hb = other.game.hands[a], other.game.hands[b]
    ra = rng.choice([r for r, n in enumerate(ha) if n])
    rb = rng.choice([r for r, n in enumerate(hb) if n])
    ha[ra] -= 1
    hb[ra] += 1
    hb[rb] -= 1
    ha[rb] += 1
    assert other.game.counts() == m.game.counts() and other.view(seat) == m.view(seat)
    assert BasicPlayer().choose(m.view(seat), m.legal_actions(seat)) == \
        BasicPlayer().choose(other.view(seat), other.legal_actions(seat))
    assert _strong(5).choose(m.view(seat), m.legal_actions(seat)) == \
        _strong(5).choose(other.view(seat), other.legal_actions(seat))


def test_sampled_deals_agree_with_counts_no3_and_pass_constraints():
    g = Game.deal(11)
    rng = random.Random(3)
    for _ in range(60):
        g.act(g.to_act, rng.choice(g.legal_actions(g.to_act)))
    seat = g.to_act
    view = g.view(seat)
    sampler = Sampler(view)
    no3 = {e.seat for e in g.events if e.kind == "no3"}
    for i in range(20):
        hands, aside = sampler.deal(random.Random(i))
        assert hands[seat] == g.hand(seat)
        assert [len(h) for h in hands] == g.counts()
        assert all("3" not in hands[s] for s in no3)
        total = parse_cards("".join(hands) + aside + view.public["played"] + view.public["shown"])
        assert sum(total) == 216
    for s, p in sampler.passes:
        assert not can_beat(parse_cards(g.hand(s)), p)


def _sampled_hands(g: Game, viewer: int, seat: int, deals: int = 30) -> list[list[int]]:
    """``seat``'s hand in ``deals`` deals sampled from ``viewer``'s view."""
    sampler = Sampler(g.view(viewer))
    return [parse_cards(sampler.deal(random.Random(i))[0][seat]) for i in range(deals)]


def test_sampled_deals_give_a_seat_that_shaoed_a_3_and_no_4():
    """R6.3 (第十六条): a 捎 shows the seat held a 3 and no 4, and 4s never come back to a hand."""
    g = new("3 4 QQQ 5 6", "3 KKK 5 6 B R", "3 4 7", "3 4 8", "3 4 9", "3 4 T")
    play(g, 0, "QQQ")
    play(g, 1, "KKK")
    assert any(e.kind == "shao" and e.seat == 1 for e in g.events)
    for h in _sampled_hands(g, 2, 1):
        assert h[4] == 0 and h[3] >= 1


def test_sampled_deals_take_the_duitou_pass_on_a_pure_gouji_as_no_answer():
    """A 对头 that lets a pure 够级 play stand (R7: it would 开点) is dealt no answer to it."""
    nothing = "3 4"
    g = new("3 4 QQQ 5 6", nothing, nothing, "3 KKK 55667788", nothing, "3 AAA 9 B")
    play(g, 0, "QQQ")
    assert g.to_act == 3
    pass_(g, 3)
    assert g.to_act == 5
    qqq = parse_play("QQQ")
    assert not any(can_beat(h, qqq) for h in _sampled_hands(g, 5, 3))


@pytest.mark.parametrize(("seed", "rules"), [(20, Ruleset.preset("dagang", revolution=True)),
                                           (24, Ruleset.preset("dagang")), (25, Ruleset.preset("classic"))])
def test_what_buying_tribute_and_xuandian_tell_the_sampler_holds_for_the_true_hands(seed, rules):
    """R11.2, R11.3, R12.1, R7.3: a seat that bought a 3 or 4 (or declined, or was given one) was dealt
    none; tribute is the strongest dealt R, B, 2; a 宣点 seat held no pure 够级牌. What the sampler
    makes of them — cards known held, ranks held no more of, caps — is true of the real hands all
    through a 3-game match (tribute from the second game), and every sampled deal keeps to it."""
    m = Match.new(seed=seed, games=3, rules=rules)
    basic, rng = BasicPlayer(), random.Random(seed)
    bans = 0
    while not m.over:
        seat, view = m.to_act, m.view(m.to_act)
        if m.phase == "play" and view.game is not None and m.game is not None and rng.random() < 0.05:
            sampler = Sampler(view.game, view.events)
            true = [m.game.aside if s == sampler.revolt else m.game.hands[s] for s in range(6)]
            hands, aside = sampler.deal(rng)
            dealt = [parse_cards(aside) if s == sampler.revolt else parse_cards(hands[s]) for s in range(6)]
            for s in set(range(6)) - {seat}:
                for h in (true[s], dealt[s]):
                    assert all(h[r] >= n for r, n in enumerate(sampler.known[s]))
                    assert all(h[r] <= sampler.known[s][r] for r in sampler.bans.get(s, ()))
                    assert all(h[r] <= n for r, n in sampler.caps.get(s, {}).items())
                bans += len(sampler.bans.get(s, ()))
        m.act(seat, basic.choose(view, m.legal_actions(seat)))
    assert bans  # the match did tell the sampler something


# ---------------------------------------------------------------------- reproducibility and budget
def _seeded_game(seed: int, levels: tuple[str, str]) -> list[str]:
    m = Match.new(seed=seed, games=1)
    players = [make_player(levels[s % 2], seed * 6 + s) for s in range(6)]
    actions = []
    while not m.over:
        seat = m.to_act
        action = players[seat].choose(m.view(seat), m.legal_actions(seat))
        actions.append(action)
        m.act(seat, action)
    return actions


def test_seeded_games_are_reproducible():
    assert _seeded_game(4, ("basic", "random")) == _seeded_game(4, ("basic", "random"))


def test_strong_weighs_the_set_where_basic_gives_up_kaidian():
    """R7.2: with two ranks left beside the 4s and the pure 够级 KK likely beaten, ``basic`` leads the 4s,
    giving up 开点; the search weighs leading the set (not the 9, its usual second lead) against it."""
    g = new("33 44 9 KK", "3 55 66 77 AA 22", "3 88 99 TT JJ", "3 AA 55 66 QQ 22", "3 22 JJ 77 88", "3 BB 88 RR 66")
    sit, legal = Situation.from_game(g, 0), g.legal_actions(0)
    first = decide_play(sit, legal)
    assert first.why == "lead-fours"
    assert candidates(sit, legal, first.action) == ["play 44", "play KK"]


def test_strong_is_reproducible_with_a_seed():
    g = Game.deal(21)
    rng = random.Random(21)
    for _ in range(30):
        g.act(g.to_act, rng.choice(g.legal_actions(g.to_act)))
    seat = g.to_act
    a, b = _strong(9), _strong(9)
    for _ in range(3):
        assert a.choose(g.view(seat), g.legal_actions(seat)) == b.choose(g.view(seat), g.legal_actions(seat))
        assert a.last is None or (a.last.means() == b.last.means() and a.last.samples == b.last.samples)


def test_strong_stops_at_its_time_budget():
    g = Game.deal(8)
    p = StrongPlayer(1, budget=0.05, work=10**9)
    seat = g.to_act
    t = time.perf_counter()
    assert p.choose(g.view(seat), g.legal_actions(seat)) in g.legal_actions(seat)
    assert p.last is not None and p.last.plies < 10**9  # it searched, and the cap, not the work, stopped it
    assert time.perf_counter() - t < 2.0  # one round of rollouts past the cap at most, on a slow machine


def test_search_past_its_deadline_plays_one_deal_and_stops():
    """Issue 17: the time cap is checked before each deal (the next one expected as long as the
    last); a search always plays one deal, and none past a deadline already gone."""
    g = Game.deal(8)
    seat = g.to_act
    search = Search(g.view(seat), [], list(g.legal_actions(seat))[:2], 3)
    search.run(10**9, time.perf_counter() - 1.0)
    assert search.samples == 1 and all(len(s) == 1 for s in search.scores)
    search.run(search.plies + 1, time.perf_counter() + 30.0)  # with time left, the work bounds it
    assert search.samples == 2


def test_rollout_seats_do_not_know_the_searching_seat_was_dealt_no_4():
    """Issue 17 item 2: a seat dealt no 4 knows it can never 开点 (R7), the table does not; in the
    search's rollouts the other seats know what their real counterparts know, so they are not told."""
    g = next(g for g in (Game.deal(seed) for seed in range(200))
             if any(not g.hands[s][4] for s in range(6)) and not g.hands[g.to_act][4])
    seat = g.to_act
    view = g.view(seat)
    assert view.public["kaidian_lost"][seat] is True
    search = Search(view, [], list(g.legal_actions(seat))[:2], 1)
    assert search.public["kaidian_lost"] == [False] * 6


def test_make_player_knows_its_levels():
    assert {make_player(level, 1).level for level in LEVELS} == set(LEVELS)
    assert make_player("strong", 1, budget=0.2).budget == 0.2
    with pytest.raises(ValueError):
        make_player("grandmaster")


# ---------------------------------------------------------------------- basic knows the game
def _basic(g: Game) -> str:
    """The rules of thumb's choice (the players' ``basic`` may override it where its distilled model
    predicts a gain: tests/test_issue32_distil.py)."""
    seat = g.to_act
    return RulesPlayer().choose(g.view(seat), g.legal_actions(seat))


def test_basic_leads_all_its_4s_on_its_kaidian_chance():
    g = new("3344AA7", "3 8", "3 9", "3 T", "3 J", "3 Q")
    play(g, 0, "AA")  # pure 够级: only seat 3 may answer, and it cannot
    assert g.to_act == 0 and g.kaidian_chance == 0
    assert _basic(g) == "play 44"


def test_basic_leads_a_pure_gouji_it_can_win_while_it_keeps_its_4s():
    g = new("33444KKKK55", "3 6", "3 7", "3 8", "3 9", "3 T")
    assert _basic(g) == "play KKKK"


def test_basic_leads_its_4s_at_once_after_declaring():
    g = new("3344556", "3 7", "3 8", "3 9", "3 T", "3 J", natural=[0])
    assert _basic(g) == "play 44"


def test_basic_leads_its_weakest_rank_and_keeps_3s_for_last():
    g = new("3355999KK", "3 7788", "3 TTJJ", "3 QQ", "3 AA", "3 22")
    assert _basic(g) == "play 55"


def test_basic_does_not_beat_its_teammate():
    g = new("33 77", "33 88", "33 99", "33 T", "33 J", "33 Q")
    play(g, 0, "77")
    pass_(g, 1)
    assert g.to_act == 2 and _basic(g) == "pass"


def test_basic_answers_its_duitou_pure_gouji_to_stop_kaidian():
    g = new("3344QQQ55", "3 6", "3 7", "3 44 KKK 8", "3 9", "3 T")
    play(g, 0, "QQQ")
    assert g.to_act == 3 and _basic(g) == "play KKK"


def test_basic_lets_rather_than_passes_on_its_duitou():
    g = new("3 66 55557777", "3 5", "3 77", "3 22 9", "3 8", "3 4")
    play(g, 0, "66")  # seat 1 cannot answer
    pass_(g, 2)
    assert g.to_act == 3 and "let" in g.legal_actions(3)
    assert _basic(g) == "let"  # 22 costs too much for a plain answer: let the 下联 try first


def test_basic_burns_when_the_16th_article_allows_and_it_stands():
    # seat 0 leads 够级 JJJJ; seat 1 holds a 3, no 4, and QQQQR leaves only 3s: 捎 that stands
    g = new("3 JJJJ 55", "33 QQQQ R", "3 6", "3 7", "3 8", "3 9")
    play(g, 0, "JJJJ")
    assert g.to_act == 1
    action = _basic(g)
    assert action.startswith("play") and g.is_legal(1, action)
    g.act(1, action)
    assert any(e.kind == "shao" for e in g.events)


def test_basic_holds_a_last_play_that_would_be_beaten():
    # seat 1's only non-3 card is a 9: beating seat 0's 8 with it leaves only 3s, and seat 2… may beat it
    g = new("3 8 55", "33 9", "3 TTTT K", "3 A", "3 22", "3 BB")
    play(g, 0, "8")
    assert g.to_act == 1 and _basic(g) == "pass"


def test_basic_goes_out_with_a_last_play_that_stands():
    g = new("3 8 55", "33 R", "3 TTTT", "3 66", "3 77", "3 99")
    play(g, 0, "8")
    assert g.to_act == 1 and _basic(g) == "play R"


def test_basic_buys_a_3_with_its_weakest_card_and_refuses_to_sell():
    from bot.ai.basic import decide_setup

    class View:  # the two fields the setup rules read
        def __init__(self, hand: str, decision: str) -> None:
            self.hand, self.decision, self.seat = hand, decision, 0

    assert decide_setup(View("44556 2 B R", "buy-offer"), ["buy3 2", "buy3 B", "buy3 R", "no-buy"]).action == "buy3 2"
    assert decide_setup(View("333", "buy-answer"), ["accept", "refuse"]).action == "refuse"


# ---------------------------------------------------------------------- odds and hints
def test_beat_chance_is_zero_for_unbeatable_plays_and_grows_with_the_cards_out():
    g = new("3 AA R", "3 5", "3 6", "3 7", "3 8", "3 9")
    sit = Situation.from_game(g, 0)
    assert sit.beat_chance(parse_play("AAR"), 3) == 0.0
    assert 0.0 < sit.beat_chance(parse_play("5"), 3) < 1.0
    assert sit.beat_chance(parse_play("55"), 3) > sit.beat_chance(parse_play("AA"), 3)


def test_suggest_gives_a_legal_action_with_reasons_from_the_seat_view_only():
    m = Match.new(seed=3, games=1)
    rng = random.Random(3)
    for _ in range(120):
        if m.over:
            break
        seat = m.to_act
        view = m.view(seat)
        hint = suggest(view, seat)
        assert hint is not None and hint.action in m.legal_actions(seat) and hint.zh and hint.en
        m.act(seat, rng.choice(m.legal_actions(seat)))
    seat = m.to_act
    other = (seat + 1) % 6
    assert suggest(m.view(other), other) is None
    with pytest.raises(ValueError):
        suggest(m.view(seat), other)
    hint = suggest(m.view(seat), seat, budget=0.05)
    assert hint is not None and hint.action in m.legal_actions(seat)


def test_a_stranded_pile_is_filled_along_a_chain_keeping_its_bans():
    """R8.3: the greedy fill gave the free pile the 5 and left the 没3 seat only a 3 to take; the repair
    gives the 3 to the free pile and its 5 to the 没3 seat — never a 3 to it, and False when no chain exists."""
    free, no3 = [0] * (RED + 1), [0] * (RED + 1)
    free[5] = 1
    needs = [(free, 0, set(), {}), (no3, 0, {THREE}, {})]
    assert _repair(needs, [0, 1], [[0] * (RED + 1)] * 2, [THREE])
    assert free[THREE] == 1 and free[5] == 0 and no3[5] == 1 and no3[THREE] == 0
    stuck = [0] * (RED + 1)
    assert not _repair([(stuck, 0, {THREE}, {})], [1], [[0] * (RED + 1)], [THREE])


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_repair_fills_every_pile_that_a_true_deal_could_fill(data):
    """The sampler's last resort (``Sampler.deal``): whenever a deal keeping every ban and cap exists — the
    true one always does — the piles the greedy fill left short are filled, each to its count, within its
    bans and caps, with exactly the pool's cards."""
    ranks = range(THREE, THREE + 5)
    piles = data.draw(st.integers(2, 5))
    true = [[0] * (RED + 1) for _ in range(piles)]
    for p in range(piles):
        for r in data.draw(st.lists(st.sampled_from(ranks), max_size=6)):
            true[p][r] += 1
    bans = [{r for r in ranks if not true[p][r] and data.draw(st.booleans())} for p in range(piles)]
    caps = [{r: true[p][r] + data.draw(st.integers(0, 1)) for r in ranks if data.draw(st.booleans())}
            for p in range(piles)]
    pool = [r for p in range(piles) for r in ranks for _ in range(true[p][r])]
    random.Random(data.draw(st.integers(0, 99))).shuffle(pool)
    got = [[0] * (RED + 1) for _ in range(piles)]
    short = []
    for p in data.draw(st.permutations(range(piles))):  # a greedy fill in some order, as ``_deal_once``'s
        need, keep = sum(true[p]), []
        for r in pool:
            if need and r not in bans[p] and got[p][r] < caps[p].get(r, NO_CAP):
                got[p][r] += 1
                need -= 1
            else:
                keep.append(r)
        pool, short = keep, [*short, (p, need)]
    order = [p for p, _ in short]
    needs = [(got[p], 0, bans[p], caps[p]) for p in order]
    assert _repair(needs, [n for _, n in short], [[0] * (RED + 1)] * piles, pool)
    for p in range(piles):
        assert sum(got[p]) == sum(true[p])
        assert not any(got[p][r] for r in bans[p])
        assert all(got[p][r] <= c for r, c in caps[p].items())
    for r in ranks:
        assert sum(got[p][r] for p in range(piles)) == sum(true[p][r] for p in range(piles))
