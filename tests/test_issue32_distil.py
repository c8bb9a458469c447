"""Issue 32 §1 (last bullet): ``strong``'s overrides distilled into a model ``basic`` can afford
(``bot.ai.distil``), its training data and fit (``bot.ai.distil_train``); ``basic`` plays with it, and the
rules of thumb alone are the arena's ``rules``."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from helpers import RULESETS, advance, new, play, play_legally
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.progress import Progress

from bot.ai import LEVELS, BasicPlayer, RulesPlayer, distil, make_player
from bot.ai.basic import REASONS, Choice, decide_play
from bot.ai.candidates import candidates
from bot.ai.distil import (
    FEATURES,
    KINDS,
    WEIGHTS,
    DistilError,
    decide_basic,
    decide_distilled,
    features,
    kind,
    load,
    model,
    refused,
)
from bot.ai.distil_train import (
    HIDDEN,
    SHIPPED_MARGINS,
    Job,
    Rows,
    fit,
    game_rows,
    joined,
    members,
    policy_of,
    save,
    searched,
    walk,
)
from bot.ai.distil_train import main as distil_train_main
from bot.ai.situation import Situation
from bot.bench.levels import ARENA_LEVELS, arena_player
from bot.engine import Game, Match, Ruleset


def _decisions(seed: int, preset: str) -> list[tuple[Situation, list[str], Choice]]:
    """The two-candidate decisions of a seeded ``basic`` game: situation, candidates, ``basic``'s choice."""
    return [(d.sit, d.cands, d.base) for d, _ in walk(seed, preset, 1)]


def test_issue32_the_shipped_model_loads_once():
    assert WEIGHTS.exists()
    assert model() is model()
    assert len(model().layers) == len(load().layers) == len(KINDS)
    for (w1, b1), (w2, b2) in model().layers:
        assert w1.shape[0] == FEATURES and b1.shape == (w1.shape[1],) and w2.shape == (w1.shape[1], 1)
        assert b2.shape == (1,)


def test_issue32_features_have_the_models_width():
    sit, cands, first = _decisions(3, "dagang")[0]
    assert features(sit, cands, first).shape == (FEATURES,)


def test_issue32_a_missing_or_corrupt_distil_file_is_an_error(tmp_path):
    with pytest.raises(DistilError, match="missing"):
        load(tmp_path / "none.npz")
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not weights")
    with pytest.raises(DistilError, match="unreadable"):
        load(bad)
    with np.load(WEIGHTS) as data:
        arrays = dict(data)
    cut = tmp_path / "cut.npz"
    np.savez(cut, **{**arrays, "w1": arrays["w1"][:, :-1]})
    with pytest.raises(DistilError, match="do not fit"):
        load(cut)
    nan = tmp_path / "nan.npz"
    np.savez(nan, **{**arrays, "b2": np.full_like(arrays["b2"], np.nan)})
    with pytest.raises(DistilError, match="do not fit"):
        load(nan)
    narrow = tmp_path / "narrow.npz"
    np.savez(narrow, **{**arrays, "w2": arrays["w2"][:, :-1]})
    with pytest.raises(DistilError, match="do not fit"):
        load(narrow)
    old = tmp_path / "old.npz"
    np.savez(old, **{**arrays, "version": np.array(0)})
    with pytest.raises(DistilError, match="version"):
        load(old)
    partial = tmp_path / "partial.npz"
    np.savez(partial, **{k: v for k, v in arrays.items() if k != "margin"})
    with pytest.raises(DistilError, match="unreadable"):
        load(partial)


def _play_decisions(seed: int, preset: str) -> list[str]:
    """``basic``'s choice at every decision in play of a seeded game of the rules, by a model read anew
    and by the shipped one: they must agree."""
    m = Match.new(seed=seed, rules=Ruleset.preset(preset), games=1)
    again, basic, out = load(), RulesPlayer(), []
    while not m.over:
        seat = m.to_act
        assert seat is not None
        view, legal = m.view(seat), m.legal_actions(seat)
        if m.phase == "play" and view.game is not None:
            sit = Situation.from_view(view.game)
            out.append(decide_distilled(sit, legal).action)
            assert decide_distilled(sit, legal, again).action == out[-1]
        m.act(seat, basic.choose(view, legal))
    return out


@pytest.mark.parametrize("preset", ["dagang", "classic"])
def test_issue32_inference_is_deterministic(preset):
    """The same decision gives the same prediction, one at a time or in a batch, from the file read again."""
    rows = _decisions(4, preset)[:20]
    x = np.stack([features(*r) for r in rows])
    assert np.array_equal(model().gain(x), load().gain(x))
    one = [float(model().gain(features(*r)[None, :])[0]) for r in rows]
    assert np.allclose(one, model().gain(x), rtol=0, atol=1e-12)
    assert _play_decisions(4, preset) == _play_decisions(4, preset)


def test_issue32_basic_plays_with_the_distilled_model_and_rules_is_an_arena_level():
    assert isinstance(make_player("basic", 1), BasicPlayer) and make_player("basic", 1).level == "basic"
    assert arena_player("rules", 1).level == "rules" and isinstance(arena_player("rules", 1), RulesPlayer)
    assert "rules" in ARENA_LEVELS and "rules" not in LEVELS and "basicd" not in ARENA_LEVELS
    with pytest.raises(ValueError):
        make_player("rules", 1)


def test_issue32_basic_fails_at_its_start_without_its_model(tmp_path, monkeypatch):
    """A table's ``basic`` seats are made at its start: a missing model is a clear error then, not a fallback."""
    monkeypatch.setattr(distil, "WEIGHTS", tmp_path / "none.npz")
    model.cache_clear()
    try:
        with pytest.raises(DistilError, match="missing"):
            make_player("basic", 1)
    finally:
        model.cache_clear()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 400), pick=st.integers(0, 2**32 - 1), rules=RULESETS)
def test_issue32_basic_returns_legal_actions_in_random_positions(seed, cut, pick, rules):
    """``basic`` answers legally in random positions under every preset and switch mix (R13)."""
    m = Match.new(seed=seed, games=2, rules=rules)
    if not advance(m, random.Random(pick), cut):
        return
    seat = m.to_act
    assert seat is not None
    view, legal = m.view(seat), m.legal_actions(seat)
    assert make_player("basic", pick).choose(view, legal) in legal


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(["dagang", "classic"]))
def test_issue32_basic_plays_whole_matches_legally(seed, preset):
    """Every action ``basic`` chooses is legal, through every phase of a seeded match."""
    m = Match.new(seed=seed, rules=Ruleset.preset(preset), games=1)
    play_legally(m, [make_player("basic", s) for s in range(6)])


@pytest.mark.parametrize("preset", ["dagang", "classic"])
def test_issue32_basic_plays_the_rules_choice_or_strongs_alternative(preset):
    """``basic`` plays the rules' choice wherever ``strong`` would not search, and elsewhere one of the two
    candidates ``strong`` weighs."""
    m = Match.new(seed=11, rules=Ruleset.preset(preset), games=1)
    basic, searched = RulesPlayer(), 0
    while not m.over:
        seat = m.to_act
        assert seat is not None
        view, legal = m.view(seat), m.legal_actions(seat)
        if m.phase == "play" and view.game is not None:
            sit = Situation.from_view(view.game)
            base = decide_play(sit, legal, keep_last=True).action
            cands = candidates(sit, legal, base)
            assert decide_distilled(sit, legal).action in (cands if len(cands) == 2 else [base])
            searched += len(cands) == 2
        m.act(seat, basic.choose(view, legal))
    assert searched


def test_issue32_training_rows_are_reproducible_from_the_seed():
    """A game's searched rows (features, searched gain, the truth) are the same on a second run."""
    job = Job(0, 1_000_003, "classic", 12, 3)
    a, b = game_rows(job), game_rows(job)
    assert len(a.gain) > 0
    for field in Rows._fields:
        assert np.array_equal(getattr(a, field), getattr(b, field))


def test_issue32_rollouts_by_the_distilled_basic_are_its_choices_and_reproducible():
    """``--rollouts``: the searches play out by the distilled ``basic`` of a weights file, not by the rules —
    its choices at every seat (they differ from the rules' somewhere in a game), the rows the same on a second run."""
    shipped = str(WEIGHTS)
    policy = policy_of(shipped)
    assert policy_of(None) is decide_play and policy_of(shipped) is policy
    g, differ = Game.deal(11, Ruleset.preset("dagang")), 0
    while not g.over:
        seat = g.to_act
        sit, legal = Situation.from_game(g, seat), g.legal_actions(seat)
        mine = policy(sit, legal)
        assert mine == decide_distilled(sit, legal, trained=True)  # as the shipped models' training walked it
        differ += mine.action != decide_play(sit, legal).action
        g.act(seat, mine.action)
    assert differ
    job = Job(0, 1_000_003, "classic", 12, 3, shipped)
    a, b, rules = game_rows(job), game_rows(job), game_rows(job._replace(rollouts=None))
    assert len(a.gain) == len(rules.gain) > 0 and np.array_equal(a.x, rules.x)  # the same decisions, searched apart
    assert not np.array_equal(a.gain, rules.gain)
    for field in Rows._fields:
        assert np.array_equal(getattr(a, field), getattr(b, field))


def test_issue32_kept_rows_are_read_back_not_searched_again(tmp_path):
    """A run's kept rows (``--kept``) are the rows searched: a second run reads them, the same."""
    with Progress(disable=True) as progress:
        first = searched(7, 2, 12, 2, 1, tmp_path, progress)
        files = sorted(p.stat().st_mtime_ns for p in tmp_path.iterdir())
        again = searched(7, 2, 12, 2, 1, tmp_path, progress)
    assert len(files) == 2 and sorted(p.stat().st_mtime_ns for p in tmp_path.iterdir()) == files
    for field in Rows._fields:
        assert np.array_equal(getattr(first, field), getattr(again, field))


def test_issue32_the_fit_is_reproducible_from_the_seed(tmp_path):
    """The same rows and seed give the same weights and margins; a kind whose alternatives gain nowhere
    out of fold is never played, one whose predicted gain tells is — here a gain no linear model can
    tell (positive where two features agree in sign); the weights written and read back predict the same."""
    rng = np.random.default_rng(0)
    n = 1500
    x = np.zeros((n, FEATURES))
    x[:, 4:8] = rng.standard_normal((n, 4))
    x[:, 0] = rng.integers(0, 2, n)  # leads and answers
    x[:, 1], x[:, 2], x[:, 3] = 1.0, 0.0, 0.0  # basic's choice first, both candidates play: answer-play
    x[: n // 2, 2] = 1.0  # basic declines: answer-pass
    lead = x[:, 0] == 0
    pays = x[:, 5] * x[:, 6] > 0
    gain = np.where(lead, -1.0, np.where(pays, 1.0, -1.0)) + rng.standard_normal(n) * 0.1
    rows = Rows(x, gain, np.full(n, 0.3), (gain > 0).astype(np.float64), gain, np.arange(n) // 30)
    one, oof = fit(rows, 5)
    two, again = fit(rows, 5)
    for a, b in zip(one.layers, two.layers, strict=True):
        assert all(np.array_equal(u, v) for (w, c), (w2, c2) in zip(a, b, strict=True) for u, v in ((w, w2), (c, c2)))
    assert np.array_equal(one.margin, two.margin) and np.array_equal(oof, again)
    assert one.margin[KINDS.index("lead")] == np.inf
    assert np.isfinite(one.margin[KINDS.index("answer-pass")]) and np.isfinite(one.margin[KINDS.index("answer-play")])
    assert ((one.gain(x) > one.margin[kind(x)]) == (~lead & pays)).mean() > 0.8
    save(one, tmp_path / "d.npz", {"seed": 5})
    assert np.allclose(load(tmp_path / "d.npz").gain(x), one.gain(x), rtol=0, atol=1e-4)
    set_, _ = fit(rows, 5, (0.05, 0.0, 0.05))  # margins set (in the arena) rather than chosen: the same weights
    assert list(set_.margin) == [0.05, 0.0, 0.05]
    assert all(np.array_equal(u, v) for a, b in zip(one.layers, set_.layers, strict=True)
               for (w, c), (w2, c2) in zip(a, b, strict=True) for u, v in ((w, w2), (c, c2)))


def test_issue32_the_shipped_margins_are_the_arenas_and_the_command_line_takes_one_a_kind(capsys):
    """The shipped model plays with the margins set in the arena (``SHIPPED_MARGINS``), which the README's
    command passes; a wrong count or a word is refused before anything is searched."""
    assert list(model().margin) == list(SHIPPED_MARGINS)
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    command = next(line for line in readme.splitlines() if line.startswith("python -m bot.ai.distil_train "))
    assert tuple(float(x) for x in command.split("--margins ")[1].split()[0].split(",")) == SHIPPED_MARGINS
    for bad in ("0.1,0", "a,b,c"):
        with pytest.raises(SystemExit):
            distil_train_main(["--margins", bad, "--games", "1"])
        assert "--margins" in capsys.readouterr().err


def _seat_to_act(g) -> Situation:
    assert g.to_act is not None
    return Situation.from_view(g.view(g.to_act))


def test_issue32_no_override_into_a_lone_weak_last_play():
    """R8.2 闷: taking the 6 leaves the 7 alone before the 3s, led next and beaten — refused whatever the
    model says, as ``basic``'s 闷 guard refuses it; with the A left too, two plays follow and it may."""
    g = new("3 5 QQ KK 99 88", "33 6 7", "3 TTTT K8", "3 AA99", "3 22JJ", "3 BB88")
    play(g, 0, "5")
    assert refused(_seat_to_act(g), "pass", "play 6")
    g = new("3 5 QQ KK 99 88", "33 6 7 A", "3 TTTT K8", "3 AA99", "3 22JJ", "3 BB88")
    play(g, 0, "5")
    assert not refused(_seat_to_act(g), "pass", "play 6")


def test_issue32_no_override_into_a_burn_that_must_fail():
    """R14.2 烧失败, stop 50: seat 0 leads 够级 QQQ (classic); burning it with KKK leaves seat 1 no joker for
    the leads to come — 大落 for certain, so refused whatever the model says (the rules decline: ``no-burn``),
    whether the action comes as the engine listed it or as text. With 小王 and 大王 the burn may be made; and
    the level as the models' training walked it (``trained``) did not refuse it."""
    classic = Ruleset.preset("classic")
    g = new("3 QQQ 55", "3 KKK 5 7 9", "3 6", "3 4", "3 8", "3 6", rules=classic)
    play(g, 0, "QQQ")
    sit, legal = _seat_to_act(g), g.legal_actions(1)
    burn = next(a for a in legal if a == "play KKK")
    assert legal.kind(burn) == "shao" and decide_play(sit, legal) == ("pass", "no-burn")
    assert refused(sit, "pass", burn) and refused(sit, "pass", "play KKK")
    assert not refused(sit, "pass", burn, trained=True)
    g = new("3 QQQ 55", "3 KKK 5 7 B R", "3 6", "3 4", "3 8", "3 6", rules=classic)
    play(g, 0, "QQQ")
    assert not refused(_seat_to_act(g), "pass", "play KKK")


def test_issue32_no_override_into_a_last_play_that_is_probably_beaten():
    """R8.2 闷: the 6 is the seat's last card before its 3s; beaten, the seat is 闷ed. Without 3s there is
    nothing to be 闷ed with, and declining is never refused."""
    g = new("3 5 QQ KK 99 88", "33 6", "3 TTTT K8", "3 AA99", "3 22JJ", "3 BB88")
    play(g, 0, "5")
    sit = _seat_to_act(g)
    assert refused(sit, "pass", "play 6")
    assert not refused(sit, "play 6", "pass")
    g = new("3 5 QQ KK 99 88", "6 7 A", "3 TTTT K8", "3 AA99", "3 22JJ", "3 BB88")
    play(g, 0, "5")
    assert not refused(_seat_to_act(g), "pass", "play 6")


@pytest.mark.parametrize("preset", ["dagang", "classic"])
def test_issue32_no_override_into_a_play_while_the_4s_may_still_kaidian(preset):
    """R7.2: in dagang a seat that may still 开点 with its 4s (a pure 够级 KK held) does not play where the
    rules decline — those plays spent the ranks meant to follow the 4s (开点 given up rose from 0.05 to
    0.20 a game). In classic 开点 needs no 4s (R14.1): no such guard. A play for a play is not refused."""
    g = new("3 5 QQ KK 99 88", "3 444 6 7 9 KK A", "3 TTTT 8", "3 AA99", "3 22JJ", "3 BB88",
            rules=Ruleset.preset(preset))
    play(g, 0, "5")
    sit = _seat_to_act(g)
    assert refused(sit, "pass", "play 6") == (preset == "dagang")
    assert refused(sit, "let", "play 7") == (preset == "dagang")
    assert not refused(sit, "play 6", "play 7")


def test_issue32_an_override_into_a_whole_pure_gouji_set_while_the_4s_may_still_kaidian():
    """R7.1, R7.2 (dagang): the whole KK answering the 88 spends nothing meant to follow the 4s and, left
    standing, opens 开点 itself — not refused; one K of a KKK set would break it (R4.2) and the 99 is no
    set: both refused."""
    g = new("3 5 QQ KK 99 88", "3 444 6 7 99 KK A", "3 TTTT 8", "3 AA99", "3 22JJ", "3 BB88")
    play(g, 0, "88")
    sit = _seat_to_act(g)
    assert not refused(sit, "pass", "play KK")
    assert refused(sit, "pass", "play 99")
    g = new("3 5 QQ KK 99 88", "3 444 6 7 99 KKK A", "3 TTTT 8", "3 AA99", "3 22JJ", "3 BB88")
    play(g, 0, "88")
    assert refused(_seat_to_act(g), "pass", "play KK")


@pytest.mark.parametrize("preset", ["dagang", "classic"])
def test_issue32_an_override_says_what_it_does(preset):
    """The hint and the hand panel quote ``basic``'s reason: an override says it follows ``strong`` and whether
    it answers or keeps the cards, matching its action; every reason is in the one vocabulary."""
    m = Match.new(seed=11, rules=Ruleset.preset(preset), games=1)
    said = []
    while not m.over:
        seat = m.to_act
        assert seat is not None
        choice = decide_basic(m.view(seat), m.legal_actions(seat))
        assert choice.why in REASONS
        said.append(choice)
        m.act(seat, choice.action)
    overrides = [c for c in said if c.why.startswith("distil-")]
    assert overrides
    for c in overrides:
        assert c.action.startswith("play ") == (c.why in ("distil-answer", "distil-lead"))


def test_issue32_the_walk_by_a_weights_file_plays_its_distilled_basic_s_game():
    """``--walk``: the games searched are those of the distilled ``basic`` of a weights file at every seat."""
    last = None
    for _, m in walk(5, "dagang", 1, str(WEIGHTS)):
        last = m

    def played(player: BasicPlayer | RulesPlayer) -> str:
        m = Match.new(seed=5, rules=Ruleset.preset("dagang"), games=1)
        while not m.over:
            seat = m.to_act
            assert seat is not None
            m.act(seat, player.choose(m.view(seat), m.legal_actions(seat)))
        return m.to_json()

    assert last is not None and last.over and last.to_json() == played(BasicPlayer()) != played(RulesPlayer())


def test_issue32_a_joined_model_predicts_the_mean_of_its_members(tmp_path):
    """``--join``: one perceptron of both hidden layers predicts the mean of the two models' gains, with the
    fitted model's margins; it is saved and read back as any model. Joined again to a third model, each of the
    three members weighs a third (the shipped file already averages two)."""
    shipped = model()
    a = type(shipped)(tuple(((w1[:, :HIDDEN], b1[:HIDDEN]), (w2[:HIDDEN] * 2, b2)) for (w1, b1), (w2, b2)
                            in shipped.layers), shipped.margin)
    b = type(a)(tuple(((w1 * 0.5, b1 + 0.1), (w2, b2 - 0.2)) for (w1, b1), (w2, b2) in a.layers), a.margin + 1)
    c = type(a)(tuple(((w1 + 0.3, b1), (w2 * -1, b2 + 0.5)) for (w1, b1), (w2, b2) in a.layers), a.margin)
    j = joined(a, b)
    x = np.random.default_rng(3).normal(size=(500, FEATURES))
    assert (members(a), members(j)) == (1, 2)
    assert np.allclose(j.gain(x), (a.gain(x) + b.gain(x)) / 2) and np.array_equal(j.margin, a.margin)
    assert not np.allclose(j.gain(x), a.gain(x))
    save(j, tmp_path / "joined.npz", {})
    assert np.allclose(load(tmp_path / "joined.npz").gain(x), j.gain(x), atol=1e-4)
    three = joined(c, j)
    assert members(three) == 3 and np.array_equal(three.margin, c.margin)
    assert np.allclose(three.gain(x), (a.gain(x) + b.gain(x) + c.gain(x)) / 3)
