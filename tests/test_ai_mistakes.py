"""The arena's mistake counts (issue 17, item 3: ``bot.ai.mistakes``) on crafted games."""

from __future__ import annotations

from helpers import new

from bot.ai.mistakes import Mistakes, beats_winning_mate, breaks_gouji
from bot.engine import Game, parse_play


def _act(m: Mistakes, g: Game, seat: int, action: str) -> None:
    assert g.to_act == seat
    m.before(g, seat, action)
    g.act(seat, action)
    m.after(g)


def test_beating_a_teammate_play_that_would_win_is_a_mistake():
    g = new("3355JJ", "3344", "3366QQ", "3344", "3344", "3344")
    m = Mistakes()
    _act(m, g, 0, "play 55")  # seat 1 cannot answer: passed for it
    assert beats_winning_mate(g, 2, parse_play("66"))
    _act(m, g, 2, "play 66")
    assert m.counts[0]["beat-mate"] == 1 and m.counts[1]["beat-mate"] == 0


def test_beating_a_teammate_an_opponent_could_still_beat_or_going_out_is_not():
    g = new("3355JJ", "3344", "3366QQ", "3377", "3344", "3344")
    g.act(0, "play 55")
    assert not beats_winning_mate(g, 2, parse_play("66"))  # seat 3 still to act holds 77
    g = new("3355JJ", "3344", "3366", "3344", "3344", "3344")
    g.act(0, "play 55")
    assert not beats_winning_mate(g, 2, parse_play("66"))  # it leaves seat 2 only 3s: going out


def test_answering_with_part_of_a_gouji_set_is_breaking_it():
    g = new("339977", "33QQQQ44", "3355", "33KKKK", "3355", "3355")
    g.act(0, "play 99")
    assert breaks_gouji(g, 1, parse_play("QQ"))  # QQ out of QQQQ leaves no set
    g = new("339977", "3344", "3355", "33KKKK", "3355", "3355")
    g.act(0, "play 99")
    assert not breaks_gouji(g, 3, parse_play("KK"))  # KK out of KKKK leaves a set


def test_leading_4s_while_holding_a_pure_set_gives_up_kaidian_and_counts():
    m = Mistakes()
    g = new("3344QQQ5", "3366", "3355", "3366", "3355", "3366")
    _act(m, g, 0, "play 44")
    assert any(e.kind == "giveup" for e in g.events)
    assert m.counts[0]["giveup"] == 1
    m = Mistakes()
    g = new("3344995", "3366", "3355", "3366", "3355", "3366")  # no pure set: nothing lost
    _act(m, g, 0, "play 44")
    assert any(e.kind == "giveup" for e in g.events) and m.counts[0]["giveup"] == 0
    m = Mistakes()  # 头科 out and a seat 闷 before 二科: four hold cards, no set can be in force (R4.4)
    g = new("3344QQQ5", "", "3355", "3366", "3355", "", places=[None, 1, None, None, None, 6])
    assert g.holding == 4 and 2 not in g.places
    _act(m, g, 0, "play 44")
    assert any(e.kind == "giveup" for e in g.events) and m.counts[0]["giveup"] == 0


def test_being_men_counts_for_the_team_of_the_men_seat():
    m = Mistakes()
    g = new("339", "33T", "3355", "3366", "3355", "3366")
    _act(m, g, 0, "play 9")
    _act(m, g, 1, "play T")
    assert any(e.kind == "men" and e.target == 0 for e in g.events)
    assert m.counts[0]["men"] == 1 and m.counts[1]["men"] == 0


def test_the_arena_reports_the_mistake_rates_per_side(capsys):
    from bot.bench import bench_arena

    results = bench_arena("basic", "random", 2, seed=3, budget=None, workers=1)
    out = capsys.readouterr().out
    assert "beat-mate" in out and "break-gouji" in out and "giveup" in out and "men" in out
    assert len(results) == 1 and len(results[0][2]) == 2


def test_the_arena_compares_two_runs_deal_by_deal(tmp_path, capsys):
    """``--json`` then ``--against``: the same seeded deals played again by the same deterministic
    levels score the same, so the difference is exactly zero; a run on other seeds has no deal in
    common with it."""
    import json

    from bot.bench import main

    first = tmp_path / "first.json"
    main(["arena", "--a", "basic", "--b", "random", "--games", "4", "--seed", "3", "--json", str(first)])
    saved = json.loads(first.read_text(encoding="utf-8"))
    assert saved["a"] == "basic" and sorted(saved["deals"]) == ["3", "4"]
    assert all(len(d["points"]) == 2 and len(d["counts"]) == 2 for d in saved["deals"].values())
    capsys.readouterr()
    main(["arena", "--a", "basic", "--b", "random", "--games", "4", "--seed", "3", "--against", str(first)])
    out = capsys.readouterr().out
    assert "deal by deal against" in out and "A +0.00 ± 0.00 points per game over 2 deals (2 scored the same)" in out
    main(["arena", "--a", "basic", "--b", "random", "--games", "2", "--seed", "9", "--against", str(first)])
    assert "no deal in common" in capsys.readouterr().out
