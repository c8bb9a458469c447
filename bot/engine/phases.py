"""The tasks before play, as typed records: what the match's queue holds between the deal and 开牌.

A task of the queue is plain JSON (``{"kind": ..., "seat": ...}`` and its own fields), so that a
saved match loads and plays on; its kind names one record here — an ``Automatic`` the rules carry
out at once, or a ``Decision`` one seat makes. The match keeps its own (the deal, buying, tribute,
the first lead); a switch that adds a phase before play (上班, 革命, 冲点, 要头, 宣点) holds its
records in its own module, with the ``Plan`` that puts its first task in the queue after the deal.

The records are generic in what they act on: a switch's are written against ``port.MatchPort``
(so no rule module imports the match), the match's own against ``Match``; a record for the port
serves the match, since ``Match`` satisfies the port.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .cards import SEATS

if TYPE_CHECKING:
    from .port import MatchPort

M = TypeVar("M", contravariant=True)
"""What a task acts on: ``MatchPort`` for a switch's tasks, ``Match`` for the match's own."""

Task = dict[str, Any]
"""A task of the queue, as stored: its ``kind``, its ``seat`` (None for an automatic one) and its own fields."""

Fixed = Callable[[Task, list[str]], str]
"""What the table chooses for a silent seat, from the task and the seat's choices."""


@dataclass(frozen=True, slots=True)
class Automatic(Generic[M]):
    """A task the rules carry out without anyone's choice (赠3, tribute cards, planning the next tasks)."""

    phase: str
    run: Callable[[M, Task], None]
    asks: Callable[[M, int], bool] | None = None
    """For a plan that will queue secret decisions (革命, 宣点): whether it will ask that seat — so
    that the seat alone may be told a choice is still ahead (``Match.secret_ahead``)."""


@dataclass(frozen=True, slots=True)
class Decision(Generic[M]):
    """A task one seat decides: its choices (``legal_actions``), what the table chooses for it on
    time-out (``default_action``: the safe choice), and what the choice does."""

    phase: str
    choices: Callable[[M, Task], list[str]]
    decide: Callable[[M, Task, str], None]
    default: Fixed
    secret: bool = False
    """Whether being asked tells something of the hand (革命: no 2 or joker; 宣点: no pure 够级牌), so
    that nobody but the seat may learn who is deciding it."""


Kind = Automatic[M] | Decision[M]
"""A kind of task: what the queue's ``kind`` names."""


BUYING = 20
"""Where the match's own buying (买3/买4, R11.2) stands among the plans after the deal (``Plan.order``)."""
TRIBUTE = 30
"""… and its tribute (R12), after buying; 开牌 (``start-play``) always comes last."""


@dataclass(frozen=True, slots=True)
class Plan:
    """Where a switch's phase enters the queue after each deal: an automatic task of kind ``kind``
    (which queues the phase's decisions when it runs) at ``order`` among the match's own buying
    (``BUYING``) and tribute (``TRIBUTE``) and the other switches' plans, when ``due`` says so."""

    order: int
    kind: str
    due: Callable[[MatchPort], bool]


def always(*choices: str) -> Callable[[object, Task], list[str]]:
    """The choices of a decision that offers the same ones every time."""
    return lambda _m, _task: list(choices)


def pick(action: str) -> Fixed:
    """A time-out choice that is always the same action."""
    return lambda _task, _actions: action


def in_turn(leader: int) -> list[int]:
    """The seats in turn from the leader: the order a phase asks them in."""
    return [(leader + i) % SEATS for i in range(SEATS)]
