"""The state of a game in typed groups, and the one way any of it is written to JSON and read back.

A game's state is mutually dependent in groups — the round (R5), 烧牌 (R6.3–R6.5, R14.2), 开点
(R7, R14.1, R11.6 汇5) and 革命 with 冲点 and 要头 (R11.4, R14.6, R14.7) — and each group is a
dataclass here. Every stored field says how it is stored (its ``Codec``) and, if it was added after
games were first saved, what an older snapshot that lacks it reads as (``old``). A ``Spec`` of
those fields writes and reads any of them — a group (``spec_of``), the game's own fields, the
match's — so no key is listed by hand twice and an older snapshot keeps loading.

The JSON is flat, one key per field, as it has always been: the groups are how the engine holds its
state, not how it stores it, so the stored snapshots and ``Game.to_json`` stay what they were.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Container, Iterator
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter, itemgetter
from typing import Any, Final, TypeVar

from .cards import SEATS, format_counts, parse_cards
from .plays import Play, parse_play
from .ruleset import Ruleset

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Codec:
    """How a field is written to JSON and read back; None: as it is."""

    dump: Callable[[Any], Any] | None
    load: Callable[[Any], Any] | None


def _pair(x: Any) -> tuple[int, int] | None:
    return (x[0], x[1]) if x else None


def _top(x: Any) -> tuple[int, Play] | None:
    return (x[0], parse_play(x[1])) if x else None


def _dump_top(top: tuple[int, Play] | None) -> list[Any] | None:
    return [top[0], str(top[1])] if top else None


PLAIN: Final = Codec(None, None)
"""An int, a bool, a text or None."""
LIST: Final = Codec(None, list)
"""A list of plain values, read into a list of its own."""
PAIR: Final = Codec(None, _pair)
"""A (seat, seat) pair or None: a list in JSON."""
PAIRS: Final = Codec(None, lambda x: [(a, b) for a, b in x])
"""A list of (seat, seat) pairs."""
LISTS: Final = Codec(None, lambda x: [list(y) for y in x])
"""A list of lists of plain values."""
DICTS: Final = Codec(None, lambda x: [dict(y) for y in x])
"""A list of flat dicts."""
DEEP: Final = Codec(None, lambda x: json.loads(json.dumps(x)))
"""Nested JSON data, read into objects of its own all the way down."""
CARDS: Final = Codec(format_counts, parse_cards)
"""Card counts, as their canonical text."""
HANDS: Final = Codec(lambda hs: [format_counts(h) for h in hs], lambda xs: [parse_cards(x) for x in xs])
"""One card text per seat."""
TOP: Final = Codec(_dump_top, _top)
"""The play on the table: (seat, play) or None, as [seat, text]."""
RULES: Final = Codec(Ruleset.to_dict, Ruleset.from_dict)
"""The table's switches."""

REQUIRED: Final = object()
"""``old`` of a field every snapshot holds."""


@dataclass(frozen=True, slots=True)
class Stored:
    """One stored field: its name (the JSON key), its codec, what a snapshot without it reads as
    (``old``: a value, a zero-argument function for a fresh list, or ``REQUIRED``), and the attribute
    that holds it when that is not its name."""

    name: str
    codec: Codec = PLAIN
    old: Any = REQUIRED
    attr: str = ""

    def __post_init__(self) -> None:
        if not self.attr:
            object.__setattr__(self, "attr", self.name)


class Spec:
    """The stored fields of one object, in the order they are written, compiled once: a view and a
    saved table write a game every action, and a search reads one back for every deal it samples, so
    the values are read and written together (``attrgetter``, ``itemgetter``) and only the fields
    with a codec pass through Python."""

    __slots__ = ("_attrs", "_dumps", "_get", "_item", "_keys", "_loads", "_olds", "fields")

    def __init__(self, *stored: Stored) -> None:
        if len(stored) < 2:
            raise ValueError("a Spec holds two fields or more")  # (one-field getters give no tuple)
        self.fields = stored
        self._keys = tuple(s.name for s in stored)
        self._attrs = tuple(s.attr for s in stored)
        self._get = attrgetter(*self._attrs)
        self._item = itemgetter(*self._keys)
        self._dumps = tuple((i, s.name, s.codec.dump) for i, s in enumerate(stored) if s.codec.dump is not None)
        self._loads = tuple((i, s.codec.load) for i, s in enumerate(stored) if s.codec.load is not None)
        self._olds = tuple((i, s.old) for i, s in enumerate(stored) if s.old is not REQUIRED)

    def __iter__(self) -> Iterator[Stored]:
        return iter(self.fields)

    def dump(self, obj: object, into: dict[str, Any]) -> dict[str, Any]:
        """Write ``obj``'s stored fields into ``into`` (flat, one key each) and return it."""
        values = self._get(obj)
        into.update(zip(self._keys, values, strict=True))
        for i, key, fn in self._dumps:
            into[key] = fn(values[i])
        return into

    def values(self, d: dict[str, Any]) -> list[Any]:
        """The fields read from a snapshot, in order; a field the snapshot predates reads as its ``old``."""
        olds: Container[int] = ()
        try:
            values = list(self._item(d))
        except KeyError:  # an older snapshot
            values, olds = self._older(d)
        for i, fn in self._loads:
            if i not in olds:
                values[i] = fn(values[i])
        return values

    def _older(self, d: dict[str, Any]) -> tuple[list[Any], set[int]]:
        """The fields of a snapshot that lacks some, and which of them took their ``old``."""
        values = [d.get(k, REQUIRED) for k in self._keys]
        olds = set()
        for i, old in self._olds:
            if values[i] is REQUIRED:
                values[i] = old() if callable(old) else old
                olds.add(i)
        missing = [k for k, v in zip(self._keys, values, strict=True) if v is REQUIRED]
        if missing:
            raise KeyError(missing[0])
        return values, olds

    def restore(self, obj: object, d: dict[str, Any]) -> None:
        """Set ``obj``'s stored fields from a snapshot (for an object that is not one dataclass)."""
        for attr, value in zip(self._attrs, self.values(d), strict=True):
            setattr(obj, attr, value)

    def load(self, cls: Callable[..., T], d: dict[str, Any]) -> T:
        """A state group (a dataclass whose fields are these, in order) read from a snapshot."""
        return cls(*self.values(d))


class Layout:
    """An object's own stored fields and those of the groups it holds, written and read as one flat
    ``Spec`` (a group's fields by dotted attribute, ``round.top``): one pass over every field of a
    game, which is written for every view and every save."""

    __slots__ = ("_flat", "_groups", "_own")

    def __init__(self, own: Spec, groups: tuple[tuple[str, Callable[..., Any], Spec], ...]) -> None:
        self._own = tuple(s.attr for s in own.fields)
        nested = [replace(s, attr=f"{attr}.{s.attr}") for attr, _, spec in groups for s in spec.fields]
        self._flat = Spec(*own.fields, *nested)
        slices, start = [], len(own.fields)
        for attr, cls, spec in groups:
            slices.append((attr, cls, start, start + len(spec.fields)))
            start += len(spec.fields)
        self._groups = tuple(slices)

    @property
    def fields(self) -> tuple[Stored, ...]:
        """Every stored field, the groups' by dotted attribute."""
        return self._flat.fields

    def dump(self, obj: object, into: dict[str, Any]) -> dict[str, Any]:
        return self._flat.dump(obj, into)

    def restore(self, obj: object, d: dict[str, Any]) -> None:
        """Set ``obj``'s own fields and a new object for each group from a snapshot."""
        values = self._flat.values(d)
        for attr, value in zip(self._own, values, strict=False):
            setattr(obj, attr, value)
        for attr, cls, start, end in self._groups:
            setattr(obj, attr, cls(*values[start:end]))


def meta(codec: Codec = PLAIN, old: Any = REQUIRED) -> dict[str, Any]:
    """A dataclass field's metadata when it is not stored as it is, or an older snapshot lacks it
    (``field(metadata=meta(LIST))``; see ``Stored``)."""
    return {"codec": codec, "old": old}


def spec_of(cls: type) -> Spec:
    """A dataclass's stored fields, read from their ``meta``."""
    return Spec(*(Stored(f.name, f.metadata.get("codec", PLAIN), f.metadata.get("old", REQUIRED)) for f in fields(cls)))


@dataclass(slots=True)
class RoundState:
    """One round (R5): from a lead until everyone has passed on the play on the table.

    Held by ``Game.round`` and replaced whole by each new round. The turn itself (``Game.to_act``)
    stays a plain attribute of the game: every caller asks it once an action, and the round's end
    and the game's set it too."""

    round_leader: int
    top: tuple[int, Play] | None = field(metadata=meta(TOP))
    """(seat, play) on the table, None before the lead."""
    top_gouji: bool
    """The top play is 够级 in force (R4.4)."""
    top_pure: bool
    """… and 纯够级 (R4.2), for 开点."""
    top_kind: str
    """How the top play came: lead, follow, dadian, fandadian, shao, kill, hui or chong."""
    passed: list[bool] = field(metadata=meta(LIST))
    marks: list[str | None] = field(metadata=meta(LIST))
    """What each seat did last this round, for the table."""
    let_by: int | None
    """The seat that let (让牌, R5.4) the play on the table, until someone beats it."""
    let_done: bool
    """The play on the table has been let once."""
    round_shao: tuple[int, int] | None = field(metadata=meta(PAIR))
    """The 捎 (R6.3) of this round as (by, victim): it stands if the round ends on it."""

    @classmethod
    def start(cls, leader: int) -> RoundState:
        return cls(leader, None, False, False, "lead", [False] * SEATS, [None] * SEATS, None, False, None)


@dataclass(slots=True)
class BurnState:
    """烧牌: 步步带王 (R6.4), the 烧 in progress under ``burn_priority`` (R14.2), the burns that stood."""

    duty: list[bool] = field(metadata=meta(LIST))
    """R6.4: the seat must carry a joker on every lead."""
    shao_log: list[tuple[int, int]] = field(metadata=meta(PAIRS))
    """(by, victim) of every 捎/烧 that stood (R6.5, R10.3)."""
    burning: tuple[int, int] | None = field(metadata=meta(PAIR, old=None))
    """(burner, burned) of the 烧 in progress (R14.2)."""

    @classmethod
    def start(cls) -> BurnState:
        return cls([False] * SEATS, [], None)


@dataclass(slots=True)
class KaidianState:
    """开点 (R7): who opened, who may no longer, the chance a won 纯够级 round gives, 宣点, and the
    汇5 round whose standing answer opens (R11.6)."""

    kaidian: list[bool] = field(metadata=meta(LIST))
    kaidian_lost: list[bool] = field(metadata=meta(LIST))
    """The seat can no longer 开点: dealt no 4 (R7.2), played 4s otherwise, or out of it (革命, 要头)."""
    kaidian_chance: int | None
    """The seat that won a round with 纯够级 and may 开点 by leading all its 4s now (R7.1)."""
    natural: list[bool] = field(metadata=meta(LIST))
    """宣点 (自然开点, R7.3)."""
    hui_open: bool
    """The 汇5 round is on (R11.6)."""
    hui_seat: int | None
    """The winning-team seat whose pure answer to 汇5 stands."""

    @classmethod
    def start(cls, lost: list[bool]) -> KaidianState:
        return cls([False] * SEATS, lost, None, [False] * SEATS, False, None)


@dataclass(slots=True)
class RevoltState:
    """革命 (R11.4) and what the classic sheet adds to it: 冲点 (R14.6) and 要头/无头 (R14.7)."""

    revolt: int | None
    """The seat that sits the game out, its cards set aside."""
    chong: list[str] = field(metadata=meta(LIST, old=list))
    """The 冲点 sets still to be answered, in order."""
    chongdian: bool = field(metadata=meta(old=False))
    """A 冲点 was made this game: the 革命 pair is scored (R14.6)."""
    head: int | None = field(metadata=meta(old=None))
    """The 对头 of the 革命 seat, 要头 or 无头 (R14.7)."""
    sijiji: int = field(metadata=meta(old=0))
    """够死级 plays the head seat has left (要头: 3; 无头: 0)."""

    @classmethod
    def start(cls) -> RevoltState:
        return cls(None, [], False, None, 0)


ROUND: Final = spec_of(RoundState)
BURN: Final = spec_of(BurnState)
KAIDIAN: Final = spec_of(KaidianState)
REVOLT: Final = spec_of(RevoltState)
