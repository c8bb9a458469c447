"""Persistent components: every button and select the bot sends carries its table, action and
revision in its custom id, so it works after a restart and a stale one is recognised.

A custom id is ``gouji:<table id>:<action>:<revision>``: the action is an engine action
(``pass``, ``no-revolt``, ``buy3 2`` written ``buy3_2``) or a panel action (``hand``, ``burn``,
``hint`` …), and the revision is the table's when the component was drawn. The select of plays
is ``gouji:<table id>:plays:<revision>`` (its values are card texts); the select of a choice before
play with more options than a row of buttons holds (冲点's sets) is ``gouji:<table id>:choose:<revision>``
(its values are engine actions); the lobby's select of house rules is ``gouji:<table id>:house:<revision>``
(its values are ``Ruleset`` switches). All are ``DynamicItem`` templates, registered once
with ``add_dynamic_items``; a click is handed to the ``Gouji`` cog, which owns the service.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from .table import TableCommands

log = logging.getLogger(__name__)

COG_NAME = "Gouji"
PREFIX = "gouji:"
BUTTON = re.compile(
    r"gouji:(?P<table>[0-9]{1,19}):(?P<action>(?!(?:plays|choose|house):)[a-z][A-Za-z0-9_-]{0,31}):"
    r"(?P<revision>[0-9]{1,10})")
SELECT = re.compile(r"gouji:(?P<table>[0-9]{1,19}):plays:(?P<revision>[0-9]{1,10})")
CHOICE = re.compile(r"gouji:(?P<table>[0-9]{1,19}):choose:(?P<revision>[0-9]{1,10})")
HOUSE = re.compile(r"gouji:(?P<table>[0-9]{1,19}):house:(?P<revision>[0-9]{1,10})")


def button_id(table_id: int, action: str, revision: int) -> str:
    """The custom id of a button doing ``action`` (spaces are written ``_``)."""
    return f"{PREFIX}{table_id}:{action.replace(' ', '_')}:{revision}"


def select_id(table_id: int, revision: int) -> str:
    return f"{PREFIX}{table_id}:plays:{revision}"


def choice_id(table_id: int, revision: int) -> str:
    return f"{PREFIX}{table_id}:choose:{revision}"


def house_id(table_id: int, revision: int) -> str:
    return f"{PREFIX}{table_id}:house:{revision}"


def is_ours_but_malformed(custom_id: str) -> bool:
    """A custom id with our prefix that no template reads: an old or forged one."""
    return custom_id.startswith(PREFIX) and not any(t.fullmatch(custom_id) for t in (BUTTON, SELECT, CHOICE, HOUSE))


def _cog(interaction: discord.Interaction[Any]) -> TableCommands | None:
    cog = interaction.client.get_cog(COG_NAME)  # type: ignore[attr-defined]
    if cog is None:
        log.error("a gouji component was pressed but the %s cog is not loaded", COG_NAME)
    return cog  # type: ignore[return-value]


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON.pattern):
    """A button of the table message or of a hand panel."""

    def __init__(self, item: discord.ui.Button[Any]) -> None:
        super().__init__(item)
        m = BUTTON.fullmatch(item.custom_id or "")
        if m is None:
            raise ValueError(f"not a table button id: {item.custom_id!r}")
        self.table_id = int(m["table"])
        self.action = m["action"].replace("_", " ")
        self.revision = int(m["revision"])

    @classmethod
    def make(cls, table_id: int, action: str, revision: int, label: str, *,
             style: discord.ButtonStyle = discord.ButtonStyle.secondary, disabled: bool = False,
             row: int | None = None, emoji: str | None = None) -> TableButton:
        return cls(discord.ui.Button(label=label, style=style, disabled=disabled, row=row, emoji=emoji,
                                     custom_id=button_id(table_id, action, revision)))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> TableButton:
        assert isinstance(item, discord.ui.Button)
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _cog(interaction)
        if cog is not None:
            await cog.press(interaction, self.table_id, self.action, self.revision)


class _PanelSelect:
    """What the two selects of a hand panel share: a custom id ``gouji:<table>:<kind>:<revision>`` and
    a chosen value that becomes one action of the table. Each concrete select is also a
    ``DynamicItem`` with its own template (discord.py wants the template on the class itself)."""

    KIND: str
    PATTERN: re.Pattern[str]
    item: discord.ui.Select[Any]

    def _read_id(self, custom_id: str) -> None:
        m = self.PATTERN.fullmatch(custom_id)
        if m is None:
            raise ValueError(f"not a {self.KIND} select id: {custom_id!r}")
        self.table_id = int(m["table"])
        self.revision = int(m["revision"])

    @staticmethod
    def action(value: str) -> str:
        """The engine action of a chosen value."""
        return value

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _cog(interaction)
        if cog is not None and self.item.values:
            await cog.act(interaction, self.table_id, self.action(self.item.values[0]), self.revision)


class PlaySelect(_PanelSelect, discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT.pattern):
    """The hand panel's select of legal plays; its option values are card texts."""

    KIND, PATTERN = "plays", SELECT

    def __init__(self, item: discord.ui.Select[Any]) -> None:
        super().__init__(item)
        self._read_id(item.custom_id)

    @classmethod
    def make(cls, table_id: int, revision: int, options: list[discord.SelectOption], placeholder: str,
             row: int | None = None) -> PlaySelect:
        return cls(discord.ui.Select(custom_id=select_id(table_id, revision), options=options,
                                     placeholder=placeholder, row=row))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PlaySelect:
        assert isinstance(item, discord.ui.Select)
        return cls(item)

    @staticmethod
    def action(value: str) -> str:
        return f"play {value}"


class ChoiceSelect(_PanelSelect, discord.ui.DynamicItem[discord.ui.Select[Any]], template=CHOICE.pattern):
    """A select of the choices of a decision before play that has too many for a row of buttons
    (冲点: up to ten sets of three); its option values are engine actions (``chongdian AKQ``)."""

    KIND, PATTERN = "choice", CHOICE

    def __init__(self, item: discord.ui.Select[Any]) -> None:
        super().__init__(item)
        self._read_id(item.custom_id)

    @classmethod
    def make(cls, table_id: int, revision: int, options: list[discord.SelectOption], placeholder: str,
             row: int | None = None) -> ChoiceSelect:
        return cls(discord.ui.Select(custom_id=choice_id(table_id, revision), options=options,
                                     placeholder=placeholder, row=row))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ChoiceSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(item)


class HouseSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=HOUSE.pattern):
    """The lobby's select of house rules (R13): the host ticks the switches to turn on; its option
    values are ``Ruleset`` switch names, and the whole choice replaces the table's switches."""

    def __init__(self, item: discord.ui.Select[Any]) -> None:
        super().__init__(item)
        m = HOUSE.fullmatch(item.custom_id or "")
        if m is None:
            raise ValueError(f"not a house-rules select id: {item.custom_id!r}")
        self.table_id = int(m["table"])
        self.revision = int(m["revision"])

    @classmethod
    def make(cls, table_id: int, revision: int, options: list[discord.SelectOption], placeholder: str,
             row: int | None = None) -> HouseSelect:
        return cls(discord.ui.Select(custom_id=house_id(table_id, revision), options=options, min_values=0,
                                     max_values=len(options), placeholder=placeholder, row=row))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> HouseSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _cog(interaction)
        if cog is not None:
            await cog.house_rules(interaction, self.table_id, list(self.item.values), self.revision)


DYNAMIC_ITEMS = (TableButton, PlaySelect, ChoiceSelect, HouseSelect)
