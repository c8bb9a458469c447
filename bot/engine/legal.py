"""``LegalActions``: the actions a seat may take now, as a lazy sequence of texts.

Like python-chess's ``board.legal_moves`` it is cheap to create and to ask (``len``, ``in``,
indexing, ``random.choice``) and builds action texts only when iterated; ``plays()`` gives the
``Play`` objects. A lead from a big hand has thousands of plays, an answer only a few.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from .plays import Play

if TYPE_CHECKING:
    from .game import Game


class LegalActions(Sequence[str]):
    """Special actions (``pass``, ``let``) after every ``play <cards>``."""

    def __init__(self, game: Game, seat: int, specials: Sequence[str], plays: Sequence[Play]) -> None:
        self._game = game
        self._seat = seat
        self._specials = tuple(specials)
        self._plays = plays

    def __len__(self) -> int:
        return len(self._plays) + len(self._specials)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self._plays)
        if i < 0:
            i += len(self)
        if 0 <= i < n:
            return f"play {self._plays[i]}"
        if n <= i < len(self):
            return self._specials[i - n]
        raise IndexError(i)

    def __iter__(self) -> Iterator[str]:
        for p in self._plays:
            yield f"play {p}"
        yield from self._specials

    def __contains__(self, action: object) -> bool:
        return isinstance(action, str) and len(self) > 0 and self._game.is_legal(self._seat, action)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions | list | tuple):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        head = list(self[:6]) if len(self) > 6 else list(self)
        more = f", … {len(self) - 6} more" if len(self) > 6 else ""
        return f"<LegalActions seat={self._seat} {head}{more}>"

    def kind(self, action: str) -> str | None:
        """The kind of a legal action (see ``Game.action_kind``), or None if it is not legal."""
        return self._game.action_kind(self._seat, action)

    def plays(self) -> Sequence[Play]:
        """The legal plays as ``Play`` objects (lazy for leads)."""
        return self._plays

    @property
    def specials(self) -> tuple[str, ...]:
        return self._specials
