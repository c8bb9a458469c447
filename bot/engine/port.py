"""What the rules see of a game and of a match: two small ports (``typing.Protocol``).

The house rules (``hooks``), the scoring (``scoring``) and the list of legal actions (``legal``) are
called by ``Game`` and ``Match`` and act back on them. Typed against those classes, each module would
import the one that imports it — an import cycle, even if only for the type checker — and could reach
into any private. Typed against a port, a rule reads only the state named here and changes the game
only through the public methods named here; ``Game`` and ``Match`` satisfy the ports structurally, so
this module imports neither, and neither do the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .cards import Counts
    from .events import Event
    from .plays import Play
    from .ruleset import Ruleset
    from .state import BurnState, KaidianState, RoundState


class GamePort(Protocol):
    """A game in play, as its rules (``hooks``) and its scoring see it."""

    rules: Ruleset
    hands: list[Counts]
    aside: Counts
    """Cards out of play, unseen (a 窒息 seat's go there, R13.3)."""
    places: list[int | None]
    events: list[Event]
    chuan_san: int | None
    grand_slam: int | None
    men_log: list[tuple[int, int]]
    round: RoundState
    burn: BurnState
    opening: KaidianState
    luanchan: bool
    """The restrictions have ended (R9.4, R14.9)."""

    @property
    def holding(self) -> int:
        """Seats still holding cards."""

    @property
    def kaidian(self) -> list[bool]:
        """Which seats have 开点."""

    @property
    def shao_log(self) -> list[tuple[int, int]]:
        """Every 烧 that stood, as (burner, burned)."""

    @property
    def revolt(self) -> int | None:
        """The 革命 seat, if any."""

    @property
    def chongdian(self) -> bool:
        """Whether the 革命 seat 冲点ed (R14.6)."""

    def log_answer(self, seat: int, prev_seat: int, kind: str) -> None:
        """Log an answer that has a name of its own (打点, 反打点, 大王二杀一)."""

    def give_up(self, seat: int) -> None:
        """The seat gives up 开点 for this game (R7), logged once."""

    def open_place(self, bottom: bool) -> int:
        """The best place still open, or with ``bottom`` the worst."""


class MatchPort(Protocol):
    """A match between games and before play, as its buying and tribute rules (``hooks``) and the
    switches' phases before play (``bot.engine.phases``) see it."""

    rules: Ruleset
    leader: int
    by_lot: bool
    """The leader was drawn by lot (上班 may take the lead, R14.4)."""
    suits: list[str]
    """The suits of each seat's 4s (letters of ``cards.SUITS``)."""
    shown4: list[list[int]]
    """[seat, count] of each seat that showed its 4s for 上班."""
    revolt: int | None
    natural: list[int]
    chong_sets: list[str]
    yaotou: bool | None
    hands: list[Counts]
    dealt: list[Counts]
    payable: list[Counts]
    results: list[dict[str, Any]]
    events: list[Event]
    queue: list[dict[str, Any]]
    votes: list[int]
    excused: list[bool]
    dian_both: list[list[int]]

    def hand_over(self, giver: int, taker: int, rank: int, n: int = 1) -> None:
        """Move ``n`` cards of ``rank`` from one hand to another (a sale, a gift, a tribute)."""

    def redeal(self) -> None:
        """Void the deal and deal again, from the same leader (R11.4: two seats in 革命)."""


class ActionPort(Protocol):
    """A game as its list of legal actions (``legal.LegalActions``) asks it about an action."""

    def listed_action(self, seat: int, action: str) -> tuple[str, Play | None] | None:
        """The kind and play of an action just listed for this position, or None."""

    def is_legal(self, seat: int, action: str) -> bool:
        """Whether the seat may take the action now."""

    def action_kind(self, seat: int, action: str) -> str | None:
        """The kind of a legal action, or None."""
