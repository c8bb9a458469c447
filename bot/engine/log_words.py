"""The words of the log: each event kind's words (``EVENT_WORDS``) and the line a player reads of an
event (``describe``).

The game's and the match's own kinds are worded in ``events`` (``CORE_WORDS``, ``core_line``); a
switch words its own kinds in its module (``SwitchInfo.events``: 上班's three, say). The rules log
their events through ``events``, below the registry, so it is here, above both, that the two are put
together — asking the registry once, at import.
"""

from __future__ import annotations

from collections.abc import Sequence

from .events import CORE_WORDS, Event, EventKind, Line, core_line, said
from .rules import SWITCH_INFO

EVENT_WORDS: dict[EventKind, tuple[str, str]] = {
    **CORE_WORDS, **{kind: (w.zh, w.en) for s in SWITCH_INFO for kind, w in s.events.items()}}
"""Each kind's words, in Chinese and in English: what the pictures label a seat with, the caption over
the top play and the key moments of a replay say, and the words ``describe`` builds its lines around."""

_LINES: dict[EventKind, Line] = {kind: w.line for s in SWITCH_INFO for kind, w in s.events.items()}
"""The lines of the switches' own kinds."""


def describe(e: Event, names: Sequence[str] | None = None) -> tuple[str, str]:
    """The event as a line a player reads: (中文, English); ``names``: the seats', if not by number."""
    words = EVENT_WORDS.get(e.kind)
    n = said(e, words[0] if words else e.kind, names)
    return _LINES.get(e.kind, core_line)(e, n)
