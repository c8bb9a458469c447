"""The base of each part of the ``/gouji`` cog (table, league, replay, rules).

The parts are mixins that ``cogs.gouji.Gouji`` joins into one ``GroupCog``; discord.py collects
their commands along the MRO. At run time a part is a plain class (a second ``GroupCog`` in the
MRO would be a second group); to the type checker it is the ``GroupCog`` it ends up in, so that
``app_commands.command`` on its methods is checked as on a cog's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from discord.ext.commands import GroupCog as CogPart
else:
    CogPart = object

__all__ = ["CogPart"]
