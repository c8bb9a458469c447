"""The table's commands and components: interactions in, table-service calls out.

Nothing here decides what is legal. A click or command becomes one call on ``TableService``
(``open``, ``sit``, ``act`` …); its refusal (``TableError``/``IllegalAction``, both bilingual)
goes back to the one player as an ephemeral answer, and its success shows in the table message
(edited by the messenger) and in the player's own hand panel. Hands only ever travel in
ephemeral or direct messages.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import MISSING

from bot.ai import LEVELS
from bot.engine import GoujiError, InvalidCards, Ruleset, format_counts, parse_cards
from bot.engine.rules import PRESETS
from bot.service.tables import ENDED, NOT_SEATED, NOT_STARTED, STALE, Settings, Table, TableError, TableService
from bot.words import play_words

from .i18n import OPTION, bilingual, fit
from .ids import CARDS_MAX, FORM_PREFIX, PlayModal, play_form, unreadable
from .messenger import TableMessenger
from .part import CogPart
from .renderer import ANSWER
from .views import REMATCH_HELP, RESUMED, Panel, hand_panel, play_menu, preset_name, seat_picker

if TYPE_CHECKING:
    from bot.discord.app import GoujiBot

log = logging.getLogger(__name__)

SORRY = bilingual("出了点问题，已记录，请再试一次", "something went wrong; it has been logged, please try again")


def _own_seat(table: Table, user_id: int) -> int:
    """The user's seat in a started match, or the refusal a player reads."""
    if table.match is None:
        raise TableError(*NOT_STARTED)
    seat = table.seat_of(user_id)
    if seat is None:
        raise TableError(*NOT_SEATED)
    return seat


def _typed(cards: str) -> Counter[str] | None:
    """The cards typed so far as a multiset in engine notation, or None while they do not parse yet."""
    try:
        return Counter(format_counts(parse_cards(cards)))
    except InvalidCards:
        return None


class TableCommands(CogPart):
    """``/gouji open|hand|settings|play|pass|let|table|close`` and every table component (mixed into the cog)."""

    bot: GoujiBot
    messenger: TableMessenger

    @property
    def service(self) -> TableService:
        return self.bot.service

    # ------------------------------------------------------------------ answering
    async def say(self, interaction: discord.Interaction[Any], text: str) -> None:
        """An ephemeral answer, whether or not the interaction was answered (or deferred) already."""
        text = fit(text)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def fail(self, interaction: discord.Interaction[Any], error: BaseException, what: str) -> None:
        """A refusal's reason to the player; anything else logged with context and an apology.

        ``what`` names the command or action word only: never cards, a hand or a token.
        """
        try:
            if isinstance(error, GoujiError):
                await self.say(interaction, str(error))
                return
            log.error("%s failed (guild %s, channel %s, user %s)", what, interaction.guild_id,
                      interaction.channel_id, interaction.user.id, exc_info=error)
            await self.say(interaction, SORRY)
        except discord.HTTPException:
            log.warning("could not answer %s (user %s)", what, interaction.user.id, exc_info=True)

    @asynccontextmanager
    async def guarded(self, interaction: discord.Interaction[Any], what: str) -> AsyncIterator[None]:
        try:
            yield
        except Exception as e:
            await self.fail(interaction, e, what)

    async def cog_app_command_error(self, interaction: discord.Interaction[Any],
                                    error: app_commands.AppCommandError) -> None:
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(original, app_commands.CheckFailure):
            original = TableError("这里不能用这个命令", "this command cannot be used here")
        name = interaction.command.qualified_name if interaction.command else "command"
        await self.fail(interaction, original, f"/{name}")

    def _channel_table(self, channel_id: int) -> Table:
        """The channel's open table, or else the last one whose match is over (its end holds 再来一场);
        with neither, the refusal that there is no table."""
        table = self.service.tables.get(channel_id) or self.service.ended.get(channel_id)
        return table if table is not None else self.service.get(channel_id)

    def _rematch_pointer(self, channel_id: int) -> TableError | None:
        """After a match, with no table open in the channel: the answer that points to its end's 再来一场,
        with a link to it (not "no table", nor a bare "the match is over")."""
        ended = self.service.ended.get(channel_id)
        if channel_id in self.service.tables or ended is None or ended.message_id is None:
            return None
        channel = self.bot.get_partial_messageable(channel_id, guild_id=ended.guild_id)
        end = channel.get_partial_message(ended.message_id)
        over_zh, over_en = ENDED["over"]
        return TableError(f"{over_zh}：{REMATCH_HELP[0]}", f"{over_en}: {REMATCH_HELP[1]}\n{end.jump_url}")

    @staticmethod
    def _on_panel(interaction: discord.Interaction[Any]) -> bool:
        """Whether the interaction comes from a hand panel, as the interaction itself says: a message
        only its player sees (ephemeral), or one in a direct message. Never by comparing message ids:
        any other message is public (an old table message, one being posted anew)."""
        message = interaction.message
        return message is not None and (message.flags.ephemeral or interaction.guild_id is None)

    async def show_panel(self, interaction: discord.Interaction[Any], table: Table, *, edit: bool,
                         notice: str | None = None, done: str | None = None, burn: bool = False,
                         hint: bool = False) -> None:
        """The user's hand panel, editing the message pressed (``edit``) or as a new ephemeral one,
        then kept live so the messenger redraws it while the game moves; ``notice`` a refusal's reason
        on it, ``done`` what was just done."""
        user = interaction.user
        seat = _own_seat(table, user.id)
        now = table.seat_now(seat, await self.service.hint(table, seat) if hint else None)
        panel = hand_panel(now, notice=notice, done=done, burn=burn)
        if not edit and interaction.guild_id is not None and await self.service.prefers_dm(user.id):
            await self.send_dm(interaction, table, panel)  # the player's setting: panels by DM
            return
        file = await panel.card.file(ANSWER)
        if edit:
            await interaction.response.edit_message(content=panel.card.content, attachments=[file],
                                                    view=panel.card.view)
            message_id = interaction.message.id if interaction.message is not None else None
        else:
            sent = await interaction.response.send_message(panel.card.content, file=file,
                                                           view=panel.card.view or MISSING, ephemeral=True)
            message_id = sent.message_id
        if interaction.guild_id is None and interaction.message is not None:  # a DM panel: its message lasts
            await self.messenger.track_message(table, user.id, interaction.message, panel.key)
        else:
            await self.messenger.track_interaction(table, user.id, interaction, panel.key, message_id)

    # ------------------------------------------------------------------ components
    async def press(self, interaction: discord.Interaction[Any], table_id: int, action: str, revision: int) -> None:
        """A button: panel and lobby actions here, engine actions through ``act``."""
        word, _, arg = action.partition(" ")
        async with self.guarded(interaction, f"button {word}"):
            user = interaction.user
            if word == "rematch":  # 再来一场 on the match's end: a new table, whose message shows it
                ended = self.service.ended.get(interaction.channel_id or 0)
                await self.service.rematch(interaction.channel_id or 0, user.id, table_id)
                await interaction.response.defer()
                if ended is not None:  # the one rematched: its button no longer the way in
                    await self.messenger.rematched(ended)
                return
            try:
                table = await self.service.find(table_id)
            except TableError:
                current = self.service.tables.get(interaction.channel_id or 0)
                pointer = self._rematch_pointer(interaction.channel_id or 0)
                if word in ("refresh", "hand") and pointer is not None:
                    raise pointer from None
                if word not in ("refresh", "hand") or current is None or current.match is None \
                        or current.seat_of(user.id) is None:
                    raise
                table = current  # 刷新 on a panel of an ended table: this channel's match now
            channel = table.channel_id
            if word == "hand":
                await self.show_panel(interaction, table, edit=False)
            elif word == "resume":  # 我回来了: from the table message, the ping or the panel
                await self.service.resume(channel, user.id)
                await self.show_panel(interaction, table, edit=self._on_panel(interaction), done=bilingual(*RESUMED))
            elif word == "burn":  # whether a burn is possible, and why not, is the engine's to say
                reason = table.burn_refusal(_own_seat(table, user.id))
                if reason is not None and not self._on_panel(interaction):
                    raise TableError(*reason)
                await self.show_panel(interaction, table, edit=self._on_panel(interaction), burn=True,
                                      notice=bilingual(*reason) if reason else None)
            elif word in ("refresh", "hint"):
                await self.show_panel(interaction, table, edit=self._on_panel(interaction), hint=word == "hint")
            elif word == "custom":
                _own_seat(table, user.id)
                await interaction.response.send_modal(PlayModal(table.id, revision))
            elif word == "sit" and table.settings.seat_mode == "choose":
                self.service.lobby_only(table)  # a lobby message that missed the start
                text, view = seat_picker(table, user.id)
                await interaction.response.send_message(text, view=view, ephemeral=True)
            elif word in ("sit", "seat"):
                if word == "seat" and not arg.isdigit():
                    raise TableError(*STALE)
                await self.service.sit(channel, user.id, user.display_name, int(arg) if arg else None)
                if word == "seat":  # from the seat picker, which this answer replaces
                    text = bilingual(f"已入座 {int(arg) + 1}号位", f"you sit in seat {int(arg) + 1}")
                    await interaction.response.edit_message(content=text, view=None)
                else:
                    text = bilingual("已入座，开局时抽签定座", "seated: seats are drawn at the start")
                    await self.say(interaction, text)
            elif word == "ready":  # 准备 (第八条), pressed again: not ready
                ready = await self.service.ready(channel, user.id)
                await self.say(interaction, bilingual("已准备：等桌主开始", "ready: the host starts the match") if ready
                               else bilingual("已取消准备", "you are not ready any more"))
            elif word in ("leave", "ai", "ai-one", "start"):
                if word == "leave":
                    await self.service.leave(channel, user.id)
                elif word == "ai":  # 添加AI: every empty seat
                    await self.service.fill_ai(channel, user.id)
                elif word == "ai-one":
                    await self.service.add_ai(channel, user.id)
                else:
                    await self.service.start(channel, user.id)
                await interaction.response.defer()  # the table message shows it
            else:
                await self.act(interaction, table_id, action, revision)

    async def house_rules(self, interaction: discord.Interaction[Any], table_id: int, on: list[str],
                          revision: int) -> None:
        """The lobby's house-rules select: the host's ticks become the table's switches."""
        async with self.guarded(interaction, "house rules"):
            table = await self.service.find(table_id)
            if revision != table.revision:
                raise TableError(*STALE)
            await self.service.set_switches(table.channel_id, interaction.user.id, on)
            await interaction.response.defer()  # the table message shows the rules line

    async def act(self, interaction: discord.Interaction[Any], table_id: int, action: str, revision: int) -> None:
        """An engine action from a component or the modal, made against the revision it was drawn at."""
        async with self.guarded(interaction, f"action {action.split(' ', 1)[0]}"):
            table = await self.service.find(table_id)
            on_panel = self._on_panel(interaction)
            try:
                await self.service.act(table.channel_id, interaction.user.id, action, revision)
            except GoujiError as e:
                stale = e.zh == STALE[0] and table.seat_of(interaction.user.id) is not None
                if on_panel or stale:  # answer with the panel as it is now, the reason on top
                    await self.show_panel(interaction, table, edit=on_panel, notice=str(e))
                    return
                raise
            if on_panel:
                await self.show_panel(interaction, table, edit=True)
            else:
                await interaction.response.defer()  # from the table message: its edit shows the action

    # ------------------------------------------------------------------ commands
    @app_commands.command(name="open", description="Open a 够级 table in this channel")
    @app_commands.describe(
        rules="Rules preset", games="Games in the match",
        seconds="Seconds per turn before the AI plays for you (托管)",
        seats="Choose seats, or draw them by lot (抽签) at the start", ai="How well the AI players play",
        autoplay="On time-out, the AI plays for you until you act (托管); off: only a safe move that turn",
    )
    @app_commands.choices(
        rules=[app_commands.Choice(name=preset_name(p), value=p) for p in PRESETS],
        seats=[app_commands.Choice(name="choose seats", value="choose"),
               app_commands.Choice(name="draw by lot (抽签)", value="draw")],
        ai=[app_commands.Choice(name=level, value=level) for level in LEVELS],
    )
    async def open_table(
        self, interaction: discord.Interaction[Any], rules: str | None = None,
        games: app_commands.Range[int, 1, 20] | None = None,
        seconds: app_commands.Range[int, 10, 600] | None = None,
        seats: str | None = None, ai: str | None = None, autoplay: bool | None = None,
    ) -> None:
        """Opens the lobby; its house-rules select then sets any switch (R13), since Discord allows a
        command 25 options and the engine has more switches than that leaves room for."""
        default = Settings()
        settings = Settings(Ruleset.preset(rules or default.rules.name), games or default.games,
                            float(seconds or default.turn_seconds), seats or default.seat_mode,
                            ai or default.ai_level, default.autoplay if autoplay is None else autoplay)
        user = interaction.user
        assert interaction.guild_id is not None and interaction.channel_id is not None  # guild_only
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.service.open(interaction.guild_id, interaction.channel_id, user.id, user.display_name,
                                        settings)
        try:
            await self.messenger.flush(table.id)
        except discord.Forbidden:
            await self.service.close(table.channel_id, user.id, admin=True)
            raise TableError("我在这个频道不能发消息或图片，请检查权限",
                             "I may not post messages or images in this channel: check my permissions") from None
        await interaction.followup.send(bilingual("已开桌：大家按「入座」和「准备」，桌主「添加AI」后「开始」",
                                                  "table open: everyone presses 入座 and 准备; the host adds AI, "
                                                  "then 开始"),
                                        ephemeral=True)

    @app_commands.command(name="hand", description="Your hand and what you may do now (only you see it)")
    @app_commands.describe(dm="Send the panel by direct message instead")
    async def hand(self, interaction: discord.Interaction[Any], dm: bool = False) -> None:
        pointer = self._rematch_pointer(interaction.channel_id or 0)
        if pointer is not None:
            raise pointer
        table = self.service.get(interaction.channel_id or 0)
        if not dm:
            await self.show_panel(interaction, table, edit=False)
            return
        await self.send_dm(interaction, table, hand_panel(table.seat_now(_own_seat(table, interaction.user.id))))

    async def send_dm(self, interaction: discord.Interaction[Any], table: Table, panel: Panel) -> None:
        """The panel by direct message (which a phone keeps, and which is edited for the whole match):
        the DM panel the player has at this table redrawn in place, or a new one; the interaction
        answered with where it is."""
        user = interaction.user
        link = await self.messenger.edit_dm(table, user.id, panel)
        if link is None:
            try:
                message = await user.send(panel.card.content, file=await panel.card.file(ANSWER),
                                          view=panel.card.view or MISSING)
            except discord.Forbidden:
                raise TableError("无法私信你：请在隐私设置里允许服务器成员私信",
                                 "I cannot DM you: allow direct messages from server members") from None
            await self.messenger.track_message(table, user.id, message, panel.key)
            link = message.jump_url
        await self.say(interaction, bilingual("手牌已私信给你", "your hand panel is in your DMs") + f"\n{link}")

    @app_commands.command(name="settings", description="Your own settings, at every table")
    @app_commands.describe(dm="Always get your hand panel by direct message")
    async def settings(self, interaction: discord.Interaction[Any], dm: bool | None = None) -> None:
        user = interaction.user
        if dm is not None:
            await self.service.set_prefers_dm(user.id, dm)
        on = await self.service.prefers_dm(user.id)
        await self.say(interaction, bilingual("手牌面板：" + ("总是私信给你" if on else "只有你看得见的消息（默认）"),
                                              "hand panel: " + ("always by direct message" if on
                                                                else "a message only you see (the default)")))

    @app_commands.command(name="play", description="Play cards, e.g. 888B, 10 10 10 or 小王")
    @app_commands.describe(cards="The cards to play (suggestions as you type)")
    async def play(self, interaction: discord.Interaction[Any], cards: app_commands.Range[str, 1, CARDS_MAX]) -> None:
        await self.service.act(interaction.channel_id or 0, interaction.user.id, f"play {cards}")
        played = format_counts(parse_cards(cards))
        await self.say(interaction, bilingual(f"已出牌：{play_words(played)}", f"played {play_words(played, en=True)}"))

    @play.autocomplete("cards")
    async def play_cards(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        """Legal plays containing what was typed so far, the suggestion first (none out of turn)."""
        table = self.service.tables.get(interaction.channel_id or 0)
        seat = table.seat_of(interaction.user.id) if table else None
        if table is None or table.match is None or seat is None or table.to_act != seat:
            return []
        wanted = _typed(current) if current.strip() else Counter()
        plays = [a[5:] for a in table.match.legal_actions(seat) if a.startswith("play ")]
        fits = [p for p in plays if wanted is None or Counter(p) >= wanted]
        best = table.suggestion(seat)
        first = best.action[5:] if best and best.action[5:] in fits else None
        return [app_commands.Choice(name=fit(f"{play_words(p)} · {p}", OPTION), value=p)
                for p in play_menu(fits, first)]

    @app_commands.command(name="pass", description="Pass (过)")
    async def pass_(self, interaction: discord.Interaction[Any]) -> None:
        await self.service.act(interaction.channel_id or 0, interaction.user.id, "pass")
        await self.say(interaction, bilingual("已过牌", "passed"))

    @app_commands.command(name="let", description="Let your 对家's play (让牌): the next two act first")
    async def let(self, interaction: discord.Interaction[Any]) -> None:
        await self.service.act(interaction.channel_id or 0, interaction.user.id, "let")
        await self.say(interaction, bilingual("已让牌", "you let the play"))

    @app_commands.command(name="table", description="Post the table again at the bottom of the channel")
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        """The table message again at the bottom of the channel: after a match, its end with 再来一场."""
        table = self._channel_table(interaction.channel_id or 0)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.messenger.flush(table.id, repost=True)
        await self.say(interaction, bilingual("牌桌已重新发出", "the table is posted again below"))

    @app_commands.command(name="close", description="Close this channel's table (host or Manage Server)")
    async def close(self, interaction: discord.Interaction[Any]) -> None:
        await self.service.close(interaction.channel_id or 0, interaction.user.id,
                                 admin=interaction.permissions.manage_guild)
        await self.say(interaction, bilingual("牌桌已关闭", "the table is closed"))

    # ------------------------------------------------------------------ listeners
    @commands.Cog.listener("on_interaction")
    async def answer_malformed(self, interaction: discord.Interaction[Any]) -> None:
        """A component of ours that no item reads (an old or forged id, our id on another kind of
        component, a select with nothing chosen): answered, nothing changed."""
        if interaction.type is not discord.InteractionType.component or not unreadable(interaction.data):
            return
        data: dict[str, Any] = dict(interaction.data or {})
        log.debug("unreadable component %r (type %s)", interaction.custom_id, data.get("component_type"))
        async with self.guarded(interaction, "malformed component"):
            table = self.service.tables.get(interaction.channel_id or 0)
            if table is None or table.match is None or table.seat_of(interaction.user.id) is None:
                raise TableError(*STALE)
            await self.show_panel(interaction, table, edit=False, notice=bilingual(*STALE))

    @commands.Cog.listener("on_interaction")
    async def answer_play_form(self, interaction: discord.Interaction[Any]) -> None:
        """A submitted 自定义出牌, read from its id and field (see ``cogs.ids``): applied or refused with
        the reason, whoever else has one open and after a restart; an unreadable one is out of date."""
        data: dict[str, Any] = dict(interaction.data or {})
        if interaction.type is not discord.InteractionType.modal_submit or not str(
                data.get("custom_id") or "").startswith(FORM_PREFIX):
            return
        form = play_form(data)
        if form is None:
            log.debug("unreadable play form %r", data.get("custom_id"))
            await self.fail(interaction, TableError(*STALE), "play form")
            return
        await self.act(interaction, form.table_id, f"play {form.cards}", form.revision)
