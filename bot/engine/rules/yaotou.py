"""要头/无头: the 对头 of a 革命 seat declares three 够死级 plays, or free plays.

The 冲点 plan (``chongdian``) asks it, after the 革命 seat's 冲点, in the phase of 革命."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import opposite
from ..phases import Decision, Task, always, pick
from ..switch import SwitchInfo

if TYPE_CHECKING:
    from ..port import MatchPort
    from ..ruleset import Ruleset

RULE = "R14.7"


def played(rules: Ruleset) -> bool:
    """Whether the table plays 要头/无头 (with a 革命 seat, R11.4)."""
    return rules.yaotou


def asked(m: MatchPort) -> list[Task]:
    """The declaration due once a seat is in 革命: its 对头's, with the switch on."""
    return [{"kind": "yaotou", "seat": opposite(m.revolt)}] if m.revolt is not None and m.rules.yaotou else []


def declare(m: MatchPort, _task: Task, action: str) -> None:
    m.yaotou = action == "yaotou"


SWITCH = SwitchInfo(
    "yaotou", "yaotou", "要头/无头", "要头/无头",
    "革命者的对头宣布要头（三次够死级）或无头", "the 革命 seat's 对头 says 要头 (three 够死级) or 无头",
    RULE,
    tasks={"yaotou": Decision("revolution", always("yaotou", "wutou"), declare, pick("yaotou"))},
)
