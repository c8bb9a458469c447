"""The terminal table (``python -m bot play``) and ``python -m bot simulate``, driven through their input streams.

``play`` reads lines from a stream, so a test is a scripted session: a whole match answered with
the hint's suggestion, bad inputs answered with the engine's reason, EOF and Ctrl-C leaving
cleanly. ``simulate`` runs a couple of fast games and writes its images.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from bot.__main__ import main as bot_main
from bot.cli import play, simulate
from bot.engine import IllegalAction, Ruleset
from bot.words import DECISION_PROMPTS

TURN = "your turn › "
NEXT_GAME = "press Enter for the next game › "


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=120, color_system=None, highlight=False), out


class Player(io.TextIOBase):
    """A stdin that answers each prompt from what the session printed since the last line it gave:
    ``policy(new_output)`` returns the next line, or None for EOF."""

    def __init__(self, out: io.StringIO, policy) -> None:
        self.out = out
        self.policy = policy
        self.seen = 0

    def readline(self, size: int = -1) -> str:
        text = self.out.getvalue()
        new, self.seen = text[self.seen:], len(text)
        line = self.policy(new)
        return "" if line is None else line + "\n"


def typed(suggestion: str) -> str:
    """The hint's action as a player types it: bare cards, 过 for pass, the exact text before play."""
    words = suggestion.split(" — ")[0]
    if words == "pass":
        return "过"
    if words == "let":
        return "让"
    return f"play {words}" if words.isdigit() else words


def follow_hints(new: str) -> str:
    """Ask for the hint at every turn, then type what it suggests."""
    if new.endswith(NEXT_GAME):
        return ""
    if "提示 hint: " in new:
        return typed(new.rsplit("提示 hint: ", 1)[1].split("\n")[0].split("   (")[0])
    assert new.endswith(TURN), new[-300:]
    return "hint"


def run(seed: int, policy, games: int = 1, level: str = "basic", rules: Ruleset | None = None,
        hint_budget: float = 0.0) -> tuple[int, str]:
    """A session typed by ``policy``; hints are ``basic``'s unless ``hint_budget`` (a match of strong
    hints would take minutes)."""
    con, out = console()
    options = play.PlayOptions(rules=rules or Ruleset.preset(), seed=seed, level=level, games=games,
                               hint_budget=hint_budget)
    code = play.Session(options, con, Player(out, policy)).run()
    return code, out.getvalue()


DECISIONS = {
    "buy-offer": "你没摸到", "buy-answer": "卖不卖", "dian-choice": "定点贡：互进，还是互不进",
    "tribute-mate": "：进，还是不进？",
    **{k: DECISION_PROMPTS[k][0].split("：")[0] for k in ("revolt", "declare", "choose-leader")},
}
"""What the screen asks for each decision before play (the words' first clause, which fits a
terminal line), to see that every phase came up."""


def test_whole_matches_played_by_typing_the_hints_reach_every_phase() -> None:
    """Three-game matches on seeds where seat 1 meets every decision before play between them."""
    asked: set[str] = set()
    for seed in (3, 32, 66, 68):  # found by search with the basic of stop 50: they change when basic does
        code, text = run(seed, follow_hints, games=3, rules=Ruleset.preset(revolution=True))
        assert code == 0
        assert "✗" not in text  # every typed suggestion was accepted
        assert text.count("本局结束") == 3 and "比赛结束" in text and "the match is over" in text
        assert "第 3 局结果" in text and "比分 after 3/3" in text
        asked |= {kind for kind, words in DECISIONS.items() if words in text}
        # a hint names the action as it is typed and gives its reason once (a 让牌 hint once read
        # "let — 让牌：先看下家和下联要不要 / … — 让牌：先看下家和下联要不要 / …")
        hints = [h.split("(回车")[0].replace("\n", " ") for h in text.split("提示 hint: ")[1:]]
        assert hints and all(h.count(" — ") == 1 for h in hints), [h for h in hints if h.count(" — ") != 1][:3]
    assert asked == set(DECISIONS)


def test_piped_stdin_plays_a_game_with_hint_then_enter() -> None:
    """``python -m bot play`` itself, its input piped: ``hint`` then Enter plays the suggestion."""
    proc = subprocess.run([sys.executable, "-m", "bot", "play", "--seed", "3", "--games", "1", "--hint-budget", "0"],
                          input="hint\n\n" * 400, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "比赛结束" in proc.stdout and "✗" not in proc.stdout


def test_bad_inputs_get_the_reason_and_a_new_prompt() -> None:
    """Seed 3: seat 1 first answers a pair (88, its 上联's) on the table."""
    script = iter(["xyz", "9", "QQQ", "let", "#12", "3333", "hint", ""])
    asked = []

    def policy(new: str) -> str | None:
        asked.append(new)
        return next(script, None)

    code, text = run(3, policy)
    assert code == 0
    for zh, en in [
        ("不认识的牌「X」", "unknown card 'X'"),
        ("要压住上家须同样张数（2 张）", "you must play the same number of cards (2)"),
        ("你手里没有这些牌", "you do not hold QQQ"),
        ("只能让对家的牌", "only your 对家's play"),
        ("没有第 12 项", "there is no choice 12"),
        ("3 不能顺牌", "3s can never beat a play"),
    ]:
        assert zh in text and en in text
    assert all(new.endswith(TURN) for new in asked[1:7])  # each refusal is followed by a new prompt
    tip = text.split("提示 hint: ", 1)[1].split(" — ", 1)[0]  # then the hint (today QQ, to win the round back)
    assert f"● 你 顺牌 {tip}" in text or (tip == "pass" and "● 你 过" in text)  # … was played by Enter
    assert "再见" in text  # the script ran out: EOF


def test_hint_searches_with_strong_and_enter_plays_it() -> None:
    """The hint asks ``strong`` (issue 17: the stronger player within a click's time); Enter plays it."""
    script = iter(["hint", ""])
    code, text = run(3, lambda new: next(script, None), hint_budget=0.05)
    assert code == 0 and "✗" not in text
    tip = text.split("提示 hint: ", 1)[1].split(" — ", 1)[0]
    assert f"● 你 顺牌 {tip}" in text or tip in ("pass", "let")
    assert "← 提示" not in text.split("提示 hint: ", 1)[0]  # the list does not mark basic's pick as the hint


def test_pass_on_a_lead_and_bad_choices_before_play() -> None:
    """Seed 5 starts with a decision before play (your 对家 wants to buy a 3); later you lead."""
    state = {"lead_tried": False, "buy_tried": 0}

    def policy(new: str) -> str:
        if "卖不卖" in new or state["buy_tried"] == 1:
            state["buy_tried"] += 1
            return {1: "sell", 2: "3"}.get(state["buy_tried"], follow_hints(new))
        if "新一轮，桌面空" in new and not state["lead_tried"]:
            state["lead_tried"] = True
            return "pass"
        return follow_hints(new)

    code, text = run(5, policy)
    assert code == 0
    assert "现在不能「sell」，可选：accept、refuse" in text and "there is no choice 3" in text
    assert "你发牌，不能过" in text and "you cannot pass" in text
    assert "比赛结束" in text


def test_eof_ctrl_c_and_quit_leave_cleanly() -> None:
    for policy in (lambda new: None, lambda new: "quit"):
        code, text = run(1, policy)
        assert code == 0 and "再见" in text

    def interrupt(new: str) -> str:
        raise KeyboardInterrupt

    code, text = run(1, interrupt)
    assert code == 0 and "再见" in text


def test_read_action_maps_words_numbers_and_cards() -> None:
    legal = ["play 5", "play 66", "play 777", "pass"]
    options = ["play 66", "play 5", "play 777", "pass", "let"]
    assert play.read_action("过", True, legal, options) == "pass"
    assert play.read_action("让", True, legal, options) == "let"
    assert play.read_action("2", True, legal, options) == "play 5"
    assert play.read_action("#5", True, legal, options) == "let"
    assert play.read_action("888b", True, legal, options) == "play 888b"
    assert play.read_action("10", True, legal, options) == "play 10"
    with pytest.raises(IllegalAction, match="#5"):
        play.read_action("5", True, legal, options)  # choice 5, or the single 5 it also could be
    assert play.read_action("2", False, ["accept", "refuse"], ["accept", "refuse"]) == "refuse"
    assert play.read_action("buy3 R", False, ["buy3 R", "no-buy"], ["buy3 R", "no-buy"]) == "buy3 R"
    with pytest.raises(play.Leave):
        play.read_action("quit", True, legal, options)


def test_unknown_rules_and_bad_game_counts_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, words in [(["play", "--rules", "nosuch"], "unknown rules 'nosuch'; available: dagang"),
                        (["simulate", "--games", "0"], "at least 1")]:
        with pytest.raises(SystemExit) as exit_:
            bot_main(argv)
        assert exit_.value.code == 2
        assert words in capsys.readouterr().err


def test_simulate_two_games_prints_the_summary_and_writes_images(tmp_path: Path) -> None:
    con, out = console()
    summary = simulate.simulate(2, ("basic", "random"), seed=4, rules=Ruleset.preset(), out=tmp_path, console=con)
    assert len(summary.records) == 2
    assert [r.a_team for r in summary.records] == [0, 1]  # one deal, both seatings
    assert summary.points(0)[0] == -summary.points(1)[0]
    for table in simulate.tables(summary):
        con.print(table)
    text = out.getvalue()
    assert "points/game" in text and "95% interval" in text and "头科" in text and "average game:" in text
    names = {p.name for p in tmp_path.glob("*.png")}
    assert {"table-000.png", "table-040.png", "table-end.png", "result.png", "summary.png"} <= names
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in tmp_path.glob("*.png"))
    # the pictures tell the three seats of a side apart ("A2 发牌"), teams alternating
    assert simulate.names(1) == ["B1", "A1", "B2", "A2", "B3", "A3"]


def test_interval_is_mean_plus_minus_1_96_standard_errors() -> None:
    result = {"team_points": [3, -3], "places": [1, 2, 3, 4, 5, 6], "kaidian": [False] * 6, "shao": [], "men": [],
              "chuan_san": None}
    summary = simulate.Summary(("basic", "basic"), [
        simulate.GameRecord(0, result, 100, 0.1),
        simulate.GameRecord(1, result, 120, 0.1),
    ])
    mean, half = summary.points(0)
    assert mean == 0 and half == pytest.approx(1.96 * (18**0.5) / 2**0.5)
