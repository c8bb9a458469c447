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

The 自定义出牌 form is ``gouji-play:<table id>:<revision>``. discord.py keeps a pending modal per
custom id and drops it after any submit, and forgets it at a restart; so the form is sent without
being kept, and every submit is read from its id and its one field (``play_form``) by the cog's
listener, the way ``DynamicItem`` reads a button: whoever else has one open, across restarts.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, cast

import discord

log = logging.getLogger(__name__)

COG_NAME = "Gouji"
PREFIX = "gouji:"
BUTTON = re.compile(
    r"gouji:(?P<table>[0-9]{1,19}):(?P<action>(?!(?:plays|choose|house):)[a-z][A-Za-z0-9_-]{0,31}):"
    r"(?P<revision>[0-9]{1,10})")
SELECT = re.compile(r"gouji:(?P<table>[0-9]{1,19}):plays:(?P<revision>[0-9]{1,10})")
CHOICE = re.compile(r"gouji:(?P<table>[0-9]{1,19}):choose:(?P<revision>[0-9]{1,10})")
HOUSE = re.compile(r"gouji:(?P<table>[0-9]{1,19}):house:(?P<revision>[0-9]{1,10})")
FORM_PREFIX = "gouji-play:"
FORM = re.compile(r"gouji-play:(?P<table>[0-9]{1,19}):(?P<revision>[0-9]{1,10})")


def button_id(table_id: int, action: str, revision: int) -> str:
    """The custom id of a button doing ``action`` (spaces are written ``_``)."""
    return f"{PREFIX}{table_id}:{action.replace(' ', '_')}:{revision}"


def select_id(table_id: int, revision: int) -> str:
    return f"{PREFIX}{table_id}:plays:{revision}"


def choice_id(table_id: int, revision: int) -> str:
    return f"{PREFIX}{table_id}:choose:{revision}"


def house_id(table_id: int, revision: int) -> str:
    return f"{PREFIX}{table_id}:house:{revision}"


REPLAY_BUTTON = re.compile(r"gouji:replay:(?P<game>[0-9]{1,19}):(?P<step>first|prev|next|last):(?P<frame>[0-9]{1,6})")
REPLAY_SELECT = re.compile(r"gouji:replay:(?P<game>[0-9]{1,19}):moments")
"""The replay panel's (``cogs.replay``): ⏮ ◀ ▶ ⏭ carry the frame they go to; the select's values are frames."""

TEMPLATES = {discord.ComponentType.button.value: (BUTTON, REPLAY_BUTTON),
             discord.ComponentType.select.value: (SELECT, CHOICE, HOUSE, REPLAY_SELECT)}
"""Our templates by the kind of component that carries them."""


def table_of(payload: Mapping[str, Any]) -> int | None:
    """The table an interaction's gateway payload names in its custom id (a button, select or form of
    a table), or None: the client routes a direct message by it (``GoujiBot.table_of``)."""
    custom_id = str((payload.get("data") or {}).get("custom_id") or "")
    for template in (BUTTON, SELECT, CHOICE, HOUSE, FORM):
        match = template.fullmatch(custom_id)
        if match:
            return int(match["table"])
    return None


def unreadable(data: Any) -> bool:
    """A component's data with our prefix that no template of its kind of component reads (an old
    or forged id, or our id on another kind of component), or a select of ours with nothing chosen:
    answered by the cog's listener, declined by our items."""
    data = data or {}
    custom_id = str(data.get("custom_id") or "")
    if not custom_id.startswith(PREFIX):
        return False
    kind = data.get("component_type")
    if not any(t.fullmatch(custom_id) for t in TEMPLATES.get(kind, ())):
        return True
    # a select sent empty; the house rules may be all unticked (min_values 0)
    return kind == discord.ComponentType.select.value and not data.get("values") and not HOUSE.fullmatch(custom_id)


class Clicks(Protocol):
    """What a click on one of these components is handed to: the ``Gouji`` cog, by its table part
    (``cogs.table.TableCommands``). Named here by what it does rather than imported, since the cog
    imports this module: no import cycle, not even for the type checker."""

    async def press(self, interaction: discord.Interaction[Any], table_id: int, action: str,
                    revision: int) -> None: ...

    async def act(self, interaction: discord.Interaction[Any], table_id: int, action: str,
                  revision: int) -> None: ...

    async def house_rules(self, interaction: discord.Interaction[Any], table_id: int, on: list[str],
                          revision: int) -> None: ...


def _cog(interaction: discord.Interaction[Any]) -> Clicks | None:
    cog = interaction.client.get_cog(COG_NAME)
    if cog is None:
        log.error("a gouji component was pressed but the %s cog is not loaded", COG_NAME)
    return cast("Clicks | None", cog)


class _Ours:
    """What our three items share with discord.py's dispatch: any component carrying one of their ids
    becomes the item, and an unreadable one is declined quietly (the cog's listener answers it) —
    raising in ``from_custom_id`` would be logged as an error with nobody answered."""

    @staticmethod
    def _parse(pattern: re.Pattern[str], item: discord.ui.Item[Any], what: str) -> re.Match[str]:
        """The item's custom id read by its template (a ``ValueError`` naming ``what`` when it is not one)."""
        custom_id = getattr(item, "custom_id", None) or ""
        m = pattern.fullmatch(custom_id)
        if m is None:
            raise ValueError(f"not a {what} id: {custom_id!r}")
        return m

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Any:
        return cls(item)  # type: ignore[call-arg]

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        return not unreadable(interaction.data)


class TableButton(_Ours, discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON.pattern):
    """A button of the table message or of a hand panel."""

    def __init__(self, item: discord.ui.Button[Any]) -> None:
        super().__init__(item)
        m = self._parse(BUTTON, item, "table button")
        self.table_id = int(m["table"])
        self.action = m["action"].replace("_", " ")
        self.revision = int(m["revision"])

    @classmethod
    def make(cls, table_id: int, action: str, revision: int, label: str, *,
             style: discord.ButtonStyle = discord.ButtonStyle.secondary, disabled: bool = False,
             row: int | None = None, emoji: str | None = None) -> TableButton:
        return cls(discord.ui.Button(label=label, style=style, disabled=disabled, row=row, emoji=emoji,
                                     custom_id=button_id(table_id, action, revision)))


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
        if cog is not None:
            await cog.act(interaction, self.table_id, self.action(self.item.values[0]), self.revision)


class PlaySelect(_PanelSelect, _Ours, discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT.pattern):
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


    @staticmethod
    def action(value: str) -> str:
        return f"play {value}"


class ChoiceSelect(_PanelSelect, _Ours, discord.ui.DynamicItem[discord.ui.Select[Any]], template=CHOICE.pattern):
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



class HouseSelect(_Ours, discord.ui.DynamicItem[discord.ui.Select[Any]], template=HOUSE.pattern):
    """The lobby's select of house rules (R13): the host ticks the switches to turn on; its option
    values are ``Ruleset`` switch names, and the whole choice replaces the table's switches."""

    def __init__(self, item: discord.ui.Select[Any]) -> None:
        super().__init__(item)
        m = self._parse(HOUSE, item, "house-rules select")
        self.table_id = int(m["table"])
        self.revision = int(m["revision"])

    @classmethod
    def make(cls, table_id: int, revision: int, options: list[discord.SelectOption], placeholder: str,
             row: int | None = None) -> HouseSelect:
        return cls(discord.ui.Select(custom_id=house_id(table_id, revision), options=options, min_values=0,
                                     max_values=len(options), placeholder=placeholder, row=row))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _cog(interaction)
        if cog is not None:
            await cog.house_rules(interaction, self.table_id, list(self.item.values), self.revision)


DYNAMIC_ITEMS = (TableButton, PlaySelect, ChoiceSelect, HouseSelect)


CARDS_MAX = 120
"""Characters of a typed play (the 自定义出牌 field, ``/gouji play cards:``): 36 cards fit in the
roomiest notation (``10 10 …``), and Discord refuses more, so a reason that quotes the input stays short."""


class PlayModal(discord.ui.Modal):
    """自定义出牌: any play typed as text (``888B``, ``10 10 10``, ``小王``), checked by the engine.

    A form only: stopped before it is sent, so that discord.py keeps no pending modal for it (it
    stores only modals still listening); its submit reaches the cog's listener through ``play_form``."""

    cards: discord.ui.TextInput[PlayModal] = discord.ui.TextInput(
        label="牌 / cards", placeholder="888B · 10 10 10 · 小王", max_length=CARDS_MAX)

    def __init__(self, table_id: int, revision: int) -> None:
        super().__init__(title="自定义出牌 / play any cards", custom_id=f"{FORM_PREFIX}{table_id}:{revision}")
        self.stop()


@dataclass(frozen=True)
class PlayForm:
    """A submitted 自定义出牌: the table and revision of its id, and the cards typed."""

    table_id: int
    revision: int
    cards: str


def play_form(data: Any) -> PlayForm | None:
    """A modal submit's data read as a 自定义出牌 form, or None when its id or its field is unreadable
    (the field is found by kind, not by id: forms sent before this reading had random field ids)."""
    data = data or {}
    m = FORM.fullmatch(str(data.get("custom_id") or ""))
    fields = []
    for row in data.get("components") or ():  # action rows of fields, or labels around one
        inner = row.get("components") or [row.get("component")]
        fields += [c for c in inner if isinstance(c, dict) and c.get("type") == discord.ComponentType.text_input.value]
    if m is None or len(fields) != 1 or not isinstance(fields[0].get("value"), str):
        return None
    return PlayForm(int(m["table"]), int(m["revision"]), fields[0]["value"])
