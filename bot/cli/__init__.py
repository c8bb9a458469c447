"""The terminal front end: ``python -m bot play`` (a match against five AI players) and
``python -m bot simulate`` (AI matches, their figures and images) — the game without a Discord token.

``show`` holds the rich renderables both share; ``play`` and ``simulate`` each add their
arguments to a subparser and run from the parsed namespace.
"""

from __future__ import annotations

import argparse

from bot.engine import Ruleset
from bot.engine.rules import PRESETS


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
    parser.add_argument("--rules", type=ruleset, default=Ruleset.preset(),
                        help=f"rule preset: {' | '.join(PRESETS)} (default {PRESETS[0]})")
