"""What a switch is: the record each rule module of ``bot.engine.rules`` registers.

A switch's words (its flag, Chinese and English name, help) and its rule id are written here once,
in its own module, and every front end — the terminal's flags, ``/gouji open`` and the lobby's 房规
menu, ``/gouji rules``, the arena — is built from the registry of them. A switch that changes what
happens at a hook (``bot.engine.hooks``) also names that hook and the rule it puts there; one that
adds a phase before play names its tasks and where its plan enters the queue (``bot.engine.phases``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .events import EventKind, KindWords
from .hooks import Rule
from .phases import Kind, Plan

if TYPE_CHECKING:
    from .port import MatchPort


@dataclass(frozen=True)
class SwitchInfo:
    """What a player reads about a switch, and where it acts. ``flag`` is its short name: ``--flag``
    at the terminal, the option or select value on Discord (dashes become underscores there).

    ``hook`` and ``plays``: the hook (a field of ``Hooks``) where the switch puts its own rule while
    set to ``when``, and that rule; ``needs``: other switches that must be on for it to act there (its
    rule refines theirs). A switch with no hook is read where its one rule is decided.

    ``tasks``: the kinds of task the switch adds to the queue before play (``bot.engine.phases``), by
    the name the stored queue gives them; ``before_play``: where its phase enters the queue after each
    deal (a switch may hold a task another's plan queues: 要头's, queued by the 冲点 plan); ``events``:
    the words of the kinds of event only the switch logs (``bot.engine.log_words``). The two maps are
    left out of the hash, so that a switch stays hashable."""

    field: str
    flag: str
    zh: str
    en: str
    help_zh: str
    help_en: str
    rule: str
    hook: str | None = None
    plays: Rule | None = None
    when: bool = True
    needs: tuple[str, ...] = ()
    tasks: Mapping[str, Kind[MatchPort]] = dataclasses.field(default_factory=dict, hash=False)
    before_play: Plan | None = None
    events: Mapping[EventKind, KindWords] = dataclasses.field(default_factory=dict, hash=False)
