"""The terminal front end: ``python -m bot play`` (a match against five AI players) and
``python -m bot simulate`` (AI matches, their figures and images) — the game without a Discord token.

``show`` holds the rich renderables both share; ``play`` and ``simulate`` each add their
arguments to a subparser and run from the parsed namespace.
"""

from __future__ import annotations

import argparse
from dataclasses import fields

from bot.engine import Ruleset
from bot.engine.rules import PRESETS

PRESET_WORDS = {"dagang": ("大纲", "the 《够级游戏大纲》"), "classic": ("经典", "the classic client sheet (seed 000)")}
"""Each preset's Chinese name and what it is, for ``--help`` and the match banner."""

SWITCHES: dict[str, tuple[str, str, str]] = {
    "revolution": ("revolution", "革命", "a seat dealt no 2 or joker may sit the game out"),
    "joker-kill": ("joker_two_kill_one_extended", "红鬼二打一", "two 大王 kill one inside longer plays too"),
    "big-joker-gouji": ("big_joker_is_gouji", "大王算够级", "plays with a 大王 are 够级牌"),
    "teammate-peek": ("teammate_peek", "阵营战", "see a teammate's hand once it holds fewer than 10 cards"),
    "suffocation": ("suffocation", "窒息", "a seat that played no card when 头科 goes out is 大落"),
    "grand-slam": ("grand_slam", "满贯", "out before anyone else played: 串三家 for the team, doubled"),
}
"""``--<flag>`` / ``--no-<flag>`` → (the ``Ruleset`` switch, its Chinese name, what it does) (R13.3).
The flags are the ``/gouji open`` option names, with dashes."""


def ruleset(name: str) -> Ruleset:
    """``--rules``: a preset of ``bot.engine.rules.PRESETS``, or an error that lists them."""
    try:
        return Ruleset.preset(name)
    except ValueError:
        known = ", ".join(PRESETS)
        raise argparse.ArgumentTypeError(
            f"没有「{name}」这套规则，现有：{known} / unknown rules {name!r}; available: {known}"
        ) from None


def positive(text: str) -> int:
    """``--games``: a whole number of at least 1."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"须是正整数 / must be a whole number of at least 1, not {text!r}")
    return n


def add_rules_argument(parser: argparse.ArgumentParser) -> None:
    """``--rules PRESET`` and one ``--<switch>`` / ``--no-<switch>`` flag per switch of R13.3; read
    them back with ``rules_of``."""
    presets = "; ".join(f"{p} = {zh}, {en}" for p, (zh, en) in PRESET_WORDS.items() if p in PRESETS)
    parser.add_argument("--rules", type=ruleset, default=Ruleset.preset(),
                        help=f"rule preset: {' | '.join(PRESETS)} (default {PRESETS[0]}; {presets})")
    group = parser.add_argument_group("switches 开关 (R13.3)", "each left out keeps the preset's own setting")
    for flag, (field, zh, en) in SWITCHES.items():
        group.add_argument(f"--{flag}", dest=f"switch_{field}", action=argparse.BooleanOptionalAction,
                           default=None, help=f"{zh}: {en}")


def rules_of(args: argparse.Namespace) -> Ruleset:
    """The ruleset the arguments ask for: the ``--rules`` preset with the switch flags given."""
    preset: Ruleset = args.rules
    chosen = {f.name: getattr(args, f"switch_{f.name}", None) for f in fields(Ruleset) if f.name != "name"}
    return Ruleset.preset(preset.name, **{k: v for k, v in chosen.items() if v is not None})


def rules_words(rules: Ruleset) -> str:
    """The rules as a player reads them: the preset, then each switch set otherwise than the preset sets it
    (``经典 classic · +满贯 grand-slam · −革命 revolution``)."""
    zh, _ = PRESET_WORDS.get(rules.name, (rules.name, rules.name))
    words = [f"{zh} {rules.name}"]
    base = Ruleset.preset(rules.name)
    for flag, (field, name, _en) in SWITCHES.items():
        if getattr(rules, field) != getattr(base, field):
            words.append(f"{'+' if getattr(rules, field) else '−'}{name} {flag}")
    return " · ".join(words)
