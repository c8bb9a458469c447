"""``Action``: what a seat does, as a value that is also its text.

An action is a short text (``play QQQ``, ``pass``, ``let``, ``buy3 2`` …) so that a log line, a
test, a typed command and a button all say the same thing (ENGINE_API). ``Action`` keeps that —
it *is* the text: equal to it, hashing as it, so ``"pass" in legal`` and ``act(seat, "play QQQ")``
work as before — and adds what the engine already knows when it lists a legal action: the
``Play`` and its kind (lead, follow, 打点, 烧, kill …). Acting with an action the engine listed for
this very position skips parsing and re-checking it, as python-chess trusts a ``Move`` taken from
``legal_moves``; any other text is parsed and checked in full. ``parse_action(str(a)) == a``.
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction, InvalidPlay
from .plays import Play, parse_play


class Action(str):
    """An action's canonical text, with its ``play`` (None for ``pass``, ``let`` and the choices
    before play) and ``kind`` when the engine listed it (None when parsed from text)."""

    play: Play | None
    kind: str | None
    origin: Any

    def __new__(cls, text: str, play: Play | None = None, kind: str | None = None, origin: Any = None) -> Action:
        self = super().__new__(cls, text)
        self.play = play
        self.kind = kind
        self.origin = origin  # (game stamp, ply, seat) of the position that listed it
        return self

    @classmethod
    def of_play(cls, play: Play, kind: str | None = None, origin: Any = None) -> Action:
        return listed(play, kind, origin)

    @property
    def word(self) -> str:
        """The action's first word: ``play``, ``pass``, ``let``, ``buy3`` …"""
        return self.partition(" ")[0]

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:  # pickles (process pools) as the text and play it is
        return (Action, (str(self), self.play, self.kind))


_new_str = str.__new__


def listed(play: Play, kind: str | None, origin: Any) -> Action:
    """``Action.of_play`` without the constructor's call chain: ``legal_actions`` makes thousands."""
    a: Action = _new_str(Action, "play " + play.text)
    a.play, a.kind, a.origin = play, kind, origin
    return a


def parse_action(text: str) -> Action:
    """Read an action text: ``play <cards>`` in any notation of R2.3 becomes its canonical form
    (``play 10 10 10`` → ``play TTT``); other words are kept as written, lower-cased. Raises
    ``IllegalAction`` (a ``ValueError``) for an empty text or cards that are no play."""
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction("动作不能是空的", "an action is text such as 'play 888' or 'pass'")
    word, _, rest = text.strip().partition(" ")
    word = word.lower()
    if word == "play":
        try:
            play = parse_play(rest)
        except InvalidPlay as e:
            raise IllegalAction(e.zh, e.en) from None
        return Action.of_play(play)
    rest = " ".join(rest.split())
    return Action(f"{word} {rest}" if rest else word)
