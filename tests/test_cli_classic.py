"""The terminal table under the ``classic`` preset and the switches (issue #8): ``--rules classic`` and
one ``--<switch>``/``--no-<switch>`` flag per switch, every new decision before play asked in both
languages, burns marked in the short list, and whole classic matches played from the keyboard."""

from __future__ import annotations

import argparse
import dataclasses
import subprocess
import sys
from dataclasses import fields

from test_cli import TURN, Player, console, follow_hints

from bot.cli import add_rules_argument, play, rules_of, rules_words, show, simulate
from bot.engine import Game, Match, Ruleset
from bot.engine.rules import SWITCH_INFO
from bot.words import ACTIONS, DECISION_PROMPTS

CLASSIC_SLAM = Ruleset.preset("classic", grand_slam=True)
ASKED = {
    "shangban": "上班：亮出你同花色的4", "buy3": "须用摸到的一张 2、小王或大王买一张 3",
    "revolt": "革命（本局不出牌，算四科）吗", "chongdian": "你革命了：冲点吗", "yaotou": "对家革命了：要头",
}
"""What the screen says for each classic decision before play."""


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_rules_argument(parser)
    return parser.parse_args(list(argv))


def test_rules_and_a_flag_per_switch() -> None:
    assert {sw.field for sw in SWITCH_INFO} == {f.name for f in fields(Ruleset)} - {"name"}
    assert rules_of(parse()) == Ruleset.preset()
    assert rules_of(parse("--rules", "classic")) == Ruleset.preset("classic")
    assert rules_of(parse("--rules", "classic", "--grand-slam", "--no-big-joker-gouji", "--teammate-peek")) == \
        Ruleset.preset("classic", grand_slam=True, big_joker_is_gouji=False, teammate_peek=True)
    assert rules_of(parse("--no-revolution", "--joker-kill", "--suffocation")) == \
        Ruleset.preset(revolution=False, joker_two_kill_one_extended=True, suffocation=True)
    assert rules_words(CLASSIC_SLAM) == "经典 classic · +满贯 grand-slam"
    no_joker = Ruleset.preset("classic", big_joker_is_gouji=False)
    assert rules_words(no_joker) == "经典 classic · −大王算够级 big-joker-gouji"
    assert rules_words(Ruleset.preset()) == "大纲 dagang"
    assert rules_of(parse("--burn-priority", "--no-tribute", "--no-declare-natural")) == \
        Ruleset.preset(burn_priority=True, tribute=False, declare_natural=False)  # any rule à la carte
    assert rules_words(Ruleset.preset(burn_priority=True)) == "大纲 dagang · +烧牌优先 burn-priority"


def test_the_new_choices_read_in_both_languages() -> None:
    for action in ("shangban", "no-shangban", "no-chongdian", "yaotou", "wutou"):
        words = ACTIONS[action]
        assert show.action_words(action) == f"{action} — {words.zh_help} / {words.en_help}"
    assert show.action_words("chongdian AKQ", "3444AAKKQQQ") == \
        "chongdian AKQ — 冲点：依次打出 AA → KK → QQQ / 冲点 with AA → KK → QQQ, in this order"
    assert show.action_words("buy3 B") == "buy3 B — 用 小王 买一张 3 / offer small joker for a 3"  # issue 31 §8
    for decision in ("shangban", "chongdian", "yaotou"):
        zh, en = DECISION_PROMPTS[decision]
        assert zh and en and zh != en


def test_burns_are_marked_in_the_short_list() -> None:
    g = Game.from_hands(["33QQQ5678899TJ", "3AAA9945566TRB", "33KKKB66R7TTJ9", "33KK8556677", "33TT9446688J",
                         "33JJ5577889"], leader=0, rules=Ruleset.preset("classic"))
    g.act(0, "play QQQ")
    options = [a for a in g.legal_actions(2)]
    kinds = {a: g.action_kind(2, a) or "" for a in options}
    text = show.choices(options, None, g.hand(2), kinds).plain
    assert "KKK  🔥 烧牌 burn" in text and "pass — 过 / pass" in text
    top = show.top_line(g.view(2)).plain
    assert "别人可先烧牌，最后对家4号打点" in top
    mv = Match.new(seed=1, rules=Ruleset.preset("classic"), games=1).view(2)
    screen = show.screen(dataclasses.replace(mv, game=g.view(2), hand=g.hand(2)), options, None, kinds)
    con, out = console()
    con.print(screen)
    assert "烧牌后每次发牌须带小王或大王" in out.getvalue()


def classic_policy(new: str) -> str:
    """Follow the hints, but take 革命 and the first 冲点 whenever offered, to see those screens."""
    if new.endswith(TURN) and ASKED["revolt"] in new:
        return "revolt"
    if new.endswith(TURN) and ASKED["chongdian"] in new:
        return "1"
    return follow_hints(new)


def session(seed: int, rules: Ruleset, games: int = 1) -> str:
    con, out = console()
    options = play.PlayOptions(rules=rules, seed=seed, level="random", games=games, hint_budget=0.0)
    assert play.Session(options, con, Player(out, classic_policy)).run() == 0
    return out.getvalue()


def test_classic_matches_at_the_terminal_ask_every_new_decision() -> None:
    """Seed 9: you show your 4s (上班) and must buy a 3; seed 32: you sit in 革命 and 冲点;
    seed 391: your 对家 is in 革命 at once, and you say 要头 or 无头."""
    asked: set[str] = set()
    for seed in (9, 32, 391):
        text = session(seed, CLASSIC_SLAM)
        assert "✗" not in text, text[-2000:]
        assert "规则 经典 classic · +满贯 grand-slam" in text and "比赛结束" in text
        asked |= {kind for kind, words in ASKED.items() if words in text}
    assert asked == set(ASKED)


def test_a_chongdian_read_as_a_player_reads_it() -> None:
    text = session(32, CLASSIC_SLAM)
    assert "chongdian AKQ — 冲点：依次打出 AAA → KK → QQQ" in text
    assert "你 冲点：AAA → KK → QQQ，对家须依次全部打死" in text
    assert "charges the point (冲点) with AAA → KK → QQQ" in text


def test_python_m_bot_play_classic_with_a_switch_piped() -> None:
    proc = subprocess.run([sys.executable, "-m", "bot", "play", "--rules", "classic", "--grand-slam", "--seed", "9",
                           "--games", "1", "--level", "random", "--hint-budget", "0"],
                          input="hint\n\n" * 400, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "经典 classic" in proc.stdout and "+满贯" in proc.stdout  # the banner, wrapped at 80 columns
    assert "比赛结束" in proc.stdout and "✗" not in proc.stdout
    assert "上班" in proc.stdout


def test_simulate_classic() -> None:
    con, _ = console()
    summary = simulate.simulate(2, ("basic", "random"), seed=5, rules=CLASSIC_SLAM, console=con)
    assert len(summary.records) == 2 and summary.points(0)[0] == -summary.points(1)[0]


def test_results_say_when_a_game_counts_double() -> None:
    g = Game.from_hands(["RRRR33", "3AAA9945566T", "33KKKB66B7TTJ9", "33KK8556677", "33TT9446688J", "33JJ5577889"],
                        leader=0, rules=CLASSIC_SLAM)
    g.act(0, "play RRRR")
    g.act(0, "play 33")
    con, out = console()
    con.print(show.result(g.result().to_dict(), 1))
    text = out.getvalue()
    assert "满贯，积分翻倍 ×2" in text and "grand slam (满贯)" in text and "翻倍 +5" in text
