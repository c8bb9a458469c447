"""``LegalActions``: the actions a seat may take now, as a lazy sequence of ``Action`` values.

Like python-chess's ``board.legal_moves`` it is cheap to create and to ask (``len``, ``in``,
indexing, ``random.choice``) and builds actions only when they are read; ``plays()`` gives the
``Play`` objects. A lead from a big hand has thousands of plays, an answer only a few. Each
action carries its play and its kind (lead, follow, 打点, 烧, kill …) and the position that listed
it, so that acting with it needs no parsing and no second check (``Game.act``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from .actions import Action, listed
from .plays import Play

if TYPE_CHECKING:
    from .port import ActionPort


class LegalActions(Sequence[Action]):
    """The plays (``play <cards>``), then the special actions (``pass``, ``let``).

    ``kinds`` is the kind of every play (a lead), or what tells the kind of each (an answer)."""

    __slots__ = ("_game", "_kinds", "_len", "_n", "_origin", "_plays", "_seat", "_specials")  # one per action

    def __init__(self, game: ActionPort, seat: int, specials: tuple[str, ...], plays: Sequence[Play],
                 kinds: Callable[[Play], Any] | str = "", origin: Any = None) -> None:
        self._game = game
        self._seat = seat
        self._specials = specials
        self._plays = plays
        self._kinds = kinds
        self._origin = origin
        self._n = len(plays)  # asked twice by every random.choice: counted once
        self._len = self._n + len(specials)

    def _special(self, word: str) -> Action:
        return Action(word, None, word, self._origin)

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i: Any) -> Any:
        n = self._n
        if i.__class__ is not int or not 0 <= i < n:  # the common case, a play by index, goes straight on
            if isinstance(i, slice):
                return [self[j] for j in range(*i.indices(self._len))]
            if i < 0:
                i += self._len
            if n <= i < self._len:
                return self._special(self._specials[i - n])
            if not 0 <= i < n:
                raise IndexError(i)
        p = self._plays[i]
        kinds = self._kinds
        return listed(p, kinds if isinstance(kinds, str) else kinds(p), self._origin)

    def __iter__(self) -> Iterator[Action]:
        kinds, origin = self._kinds, self._origin
        if isinstance(kinds, str):
            for p in self._plays:
                yield listed(p, kinds, origin)
        else:
            for p in self._plays:
                yield listed(p, kinds(p), origin)
        for s in self._specials:
            yield self._special(s)

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Action) and action.kind is not None and action.origin == self._origin:
            return True
        if isinstance(action, str) and self._game.listed_action(self._seat, action) is not None:
            return True  # listed for the game's position now: legal
        return isinstance(action, str) and self._len > 0 and self._game.is_legal(self._seat, action)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions | list | tuple):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        head = list(self[:6]) if len(self) > 6 else list(self)
        more = f", … {len(self) - 6} more" if len(self) > 6 else ""
        return f"<LegalActions seat={self._seat} {[str(a) for a in head]}{more}>"

    def kind(self, action: str) -> str | None:
        """The kind of a legal action (see ``Game.action_kind``), or None if it is not legal."""
        if isinstance(action, Action) and action.kind is not None and action.origin == self._origin:
            return action.kind
        found = self._game.listed_action(self._seat, action) if isinstance(action, str) else None
        return found[0] if found is not None else self._game.action_kind(self._seat, action)

    def plays(self) -> Sequence[Play]:
        """The legal plays as ``Play`` objects (lazy for leads)."""
        return self._plays

    @property
    def specials(self) -> tuple[Action, ...]:
        return tuple(self._special(s) for s in self._specials)
