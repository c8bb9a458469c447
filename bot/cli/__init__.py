"""The terminal front end: ``python -m bot play`` (a match against five AI players) and
``python -m bot simulate`` (AI matches, their figures and images) — the game without a Discord token.

``show`` holds the rich renderables both share; ``play`` and ``simulate`` each add their
arguments to a subparser and run from the parsed namespace.
"""

from __future__ import annotations

import argparse

from bot.engine import Ruleset
from bot.engine.rules import PRESET_WORDS, PRESETS, SWITCH_INFO


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
    group = parser.add_argument_group("switches 开关 (R13)", "each left out keeps the preset's own setting")
    for sw in SWITCH_INFO:
        group.add_argument(f"--{sw.flag}", dest=f"switch_{sw.field}", action=argparse.BooleanOptionalAction,
                           default=None, help=f"{sw.zh}: {sw.help_en} ({sw.rule})")


def rules_of(args: argparse.Namespace) -> Ruleset:
    """The ruleset the arguments ask for: the ``--rules`` preset with the switch flags given."""
    preset: Ruleset = args.rules
    chosen = {sw.field: getattr(args, f"switch_{sw.field}", None) for sw in SWITCH_INFO}
    return Ruleset.preset(preset.name, **{k: v for k, v in chosen.items() if v is not None})


def rules_words(rules: Ruleset) -> str:
    """The rules as a player reads them: the preset, then each switch set otherwise than the preset sets it
    (``经典 classic · +满贯 grand-slam · −革命 revolution``)."""
    zh, _ = PRESET_WORDS.get(rules.name, (rules.name, rules.name))
    words = [f"{zh} {rules.name}"]
    changed = rules.changed()
    words += [f"{'+' if changed[sw.field] else '−'}{sw.zh} {sw.flag}" for sw in SWITCH_INFO if sw.field in changed]
    return " · ".join(words)
