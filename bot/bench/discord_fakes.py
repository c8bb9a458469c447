"""Discord without a network, for the cog and app tests and for ``bench tables --discord``.

``FakeDiscord`` stands in for Discord's HTTP API at the lowest level discord.py has: the bot
token client's ``HTTPClient.request`` and the webhook adapter that interaction responses go
through. Everything above it is real discord.py — payload building, multipart uploads, views
serialised with ``to_components``, the command tree, ``DynamicItem`` dispatch, modals — so the
tests see exactly the JSON Discord would get, and interactions arrive as gateway payload dicts
handed to the client's ``ConnectionState`` (``parse_interaction_create``) as Discord sends them.
Nothing here opens a socket: the fakes answer at once, from memory. Any number of guild channels
(one per table in the benchmark); a message in any other channel is a direct message.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.discord.app import GoujiBot
from bot.service.shards import Shards
from bot.service.tables import TableService
from cogs.ids import COG_NAME
from cogs.messenger import TableMessenger

APP_ID = 900_000_000_000_000_001
GUILD = 800_000_000_000_000_001
CHANNEL = 700_000_000_000_000_001
BOT_USER = {"id": str(APP_ID), "username": "gouji", "discriminator": "0", "global_name": "够级", "avatar": None,
            "bot": True}
MANAGE_GUILD = discord.Permissions(manage_guild=True).value
EPHEMERAL = 64
WATCHED = ("CommandTree", "discord-ui", "discord.py: on_interaction", "gouji-table")
"""Names of the tasks an interaction or a table change starts: ``settle`` waits for them."""

_ids = itertools.count(1)


def snowflake() -> int:
    return discord.utils.time_snowflake(discord.utils.utcnow()) + next(_ids)


async def fast_sleep(seconds: float) -> None:
    """AI delays pass at once; turn timers (a second or more) never fire within a test."""
    await asyncio.sleep(0 if seconds < 1 else 3600)


@dataclass
class Request:
    """One call the bot made: method, path, JSON payload and attached file names."""

    method: str
    path: str
    payload: dict[str, Any] | list[Any] | None
    files: list[str] = field(default_factory=list)
    token: str | None = None
    channel: int | None = None
    """The channel it concerns (an interaction's answers: the interaction's), when it concerns one."""

    @property
    def type(self) -> int | None:
        return self.payload.get("type") if isinstance(self.payload, dict) else None

    @property
    def data(self) -> dict[str, Any]:
        """An interaction callback's data, or a message's payload."""
        if not isinstance(self.payload, dict):
            return {}
        return self.payload.get("data", self.payload) if "type" in self.payload else self.payload

    @property
    def ephemeral(self) -> bool:
        return bool(self.data.get("flags", 0) & EPHEMERAL)

    @property
    def content(self) -> str:
        return self.data.get("content") or ""

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in components(self.data) if "custom_id" in c]


def components(message: dict[str, Any]) -> list[dict[str, Any]]:
    """Every component of a message payload, rows flattened."""
    out = []
    for row in message.get("components", []):
        out += row.get("components", [])
    return out


def _split(files: Any, form: Any, payload: Any) -> tuple[Any, list[str]]:
    if form:
        for part in form:
            if part["name"] == "payload_json":
                payload = json.loads(part["value"])
    names = [f.filename for f in files or []]
    return payload, names


LIMITS = {"content": 2000, "title": 256, "description": 4096, "label": 80, "placeholder": 150}
"""Discord's length limits on a message's fields, embeds' and components' (a select option's label: 100)."""


def over_limits(message: dict[str, Any]) -> list[str]:
    """The fields of a message payload longer than Discord accepts (it answers 400 to those)."""
    fields = [("content", message.get("content"))]
    fields += [(k, e.get(k)) for e in message.get("embeds") or [] for k in ("title", "description")]
    for c in components(message):
        fields += [("label", c.get("label")), ("placeholder", c.get("placeholder"))]
        fields += [("option", o.get(k)) for o in c.get("options", []) for k in ("label", "description")]
    return [name for name, text in fields if text and len(text) > LIMITS.get(name, 100)]


Watcher = Callable[["Request", Sequence[discord.File]], None]
"""Told of each request as it arrives, with the files it carries (``discord.File``, pictures unread)."""


class FakeDiscord:
    """Records every request (unless ``record`` is off, for a long benchmark) and answers with the
    smallest payloads discord.py accepts; a message over Discord's limits is answered 400, as Discord does."""

    def __init__(self, record: bool = True, watch: Watcher | None = None) -> None:
        self.record = record
        self.watch = watch
        self.requests: list[Request] = []
        self.guild_channels: set[int] = {CHANNEL}
        """The guild's text channels: a message anywhere else is in a direct message."""
        self.channels: dict[str, int] = {}
        """The channel of each interaction, by its token: where its answers go."""
        self.messages: dict[int, dict[str, Any]] = {}
        self.originals: dict[str, int] = {}
        self.interaction_messages: dict[str, int | None] = {}
        self.failing: dict[str, int] = {}
        """Bot-token requests by method (``DELETE``) that Discord answers with this error status."""

    # ------------------------------------------------------------------ payloads
    def message(self, channel_id: int, payload: dict[str, Any], files: list[str], flags: int = 0,
                message_id: int | None = None) -> dict[str, Any]:
        mid = message_id or snowflake()
        old = self.messages.get(mid, {})
        attachments = [{"id": str(snowflake()), "filename": n, "size": 1, "url": f"https://cdn.invalid/{n}",
                        "proxy_url": f"https://cdn.invalid/{n}"} for n in files]
        if not files and "attachments" in payload:
            attachments = [a for a in old.get("attachments", []) if any(str(k.get("id")) == a["id"]
                                                                        for k in payload["attachments"])]
        msg = {
            "id": str(mid), "channel_id": str(channel_id), "author": BOT_USER,
            "content": payload.get("content", old.get("content", "")) or "",
            "timestamp": "2025-01-01T00:00:00+00:00", "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [],
            "attachments": attachments if (files or "attachments" in payload) else old.get("attachments", []),
            "embeds": payload.get("embeds", old.get("embeds", [])), "pinned": False, "type": 0,
            "components": payload.get("components", old.get("components", [])),
            "flags": payload.get("flags", old.get("flags", flags)),
        }
        self.messages[mid] = msg
        return msg

    def _received(self, request: Request, files: Sequence[discord.File] | None) -> None:
        """Note a request (refused as Discord would when over its limits) and tell the watcher."""
        if self.record:
            self.requests.append(request)
        if request.method in ("POST", "PATCH") and (over := over_limits(request.data)):
            raise discord.HTTPException(_Response(400), {"code": 50035, "message": f"Invalid Form Body: {over}"})
        if self.watch is not None:
            self.watch(request, files or ())

    # ------------------------------------------------------------------ the bot token API
    async def http(self, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any) -> Any:
        payload, names = _split(files, form, kwargs.get("json"))
        channel = route.channel_id
        self._received(Request(route.method, route.path, payload, names, channel=channel and int(channel)), files)
        if route.method in self.failing:
            status = self.failing[route.method]
            raise discord.HTTPException(_Response(status), {"code": 0, "message": f"HTTP {status}"})
        ids = [int(x) for x in re.findall(r"/(\d+)", route.url)]  # channel (or application), then message
        if route.path == "/users/@me/channels":
            uid = int(payload["recipient_id"])
            return {"id": str(snowflake()), "type": 1, "recipients": [{**BOT_USER, "id": str(uid), "bot": False}]}
        if route.path.endswith("/messages") and route.method == "POST":
            return self.message(ids[0], payload or {}, names)
        if route.path.endswith("/messages/{message_id}") and route.method == "PATCH":
            if ids[1] not in self.messages:
                raise discord.NotFound(_Response(404), {"code": 10008, "message": "Unknown Message"})
            return self.message(ids[0], payload or {}, names, message_id=ids[1])
        if route.method == "DELETE":
            self.messages.pop(ids[-1], None)
            return None
        if route.path.endswith("/commands"):
            return [{**c, "id": str(snowflake()), "application_id": str(APP_ID), "version": "1"} for c in payload]
        return {}

    # ------------------------------------------------------------------ the webhook API (interactions)
    async def webhook(self, route: Any, session: Any = None, *, payload: Any = None, multipart: Any = None,
                      files: Any = None, **kwargs: Any) -> Any:
        payload, names = _split(files, multipart, payload)
        token = route.__dict__.get("webhook_token")
        channel = self.channels.get(token or "", CHANNEL)
        self._received(Request(route.method, route.path, payload, names, token, channel), files)
        if route.path.endswith("/callback"):
            kind = payload["type"]
            data = payload.get("data") or {}
            if kind == 4:  # a new message
                msg = self.message(channel, data, names)
                self.originals[token] = int(msg["id"])
            elif kind == 7 and self.interaction_messages.get(token):  # the pressed message, updated
                mid = self.interaction_messages[token]
                self.message(channel, data, names, message_id=mid)
                self.originals[token] = mid  # type: ignore[assignment]
            elif kind == 5:
                self.originals[token] = int(self.message(channel, {"flags": data.get("flags", 0)}, [])["id"])
            elif kind == 6 and self.interaction_messages.get(token):
                self.originals[token] = self.interaction_messages[token]  # type: ignore[assignment]
            answer: dict[str, Any] = {"id": route.__dict__["webhook_id"], "type": 3}
            if kind in (4, 5, 7) and token in self.originals:  # what with_response=1 returns
                answer["response_message_id"] = str(self.originals[token])
            return {"interaction": answer}
        if route.path.endswith("/messages/{message_id}") and route.method == "PATCH":  # by id, with a token
            mid = int(re.findall(r"/(\d+)", route.url)[-1])
            if mid not in self.messages:
                raise discord.NotFound(_Response(404), {"code": 10008, "message": "Unknown Message"})
            return self.message(int(self.messages[mid]["channel_id"]), payload or {}, names, message_id=mid)
        if route.path.endswith("/messages/@original"):
            mid = self.originals.get(token) or snowflake()
            if route.method == "PATCH":
                return self.message(channel, payload or {}, names, message_id=mid)
            return self.messages.get(mid, self.message(channel, {}, [], message_id=mid))
        if route.method == "POST":  # a followup
            flags = (payload or {}).get("flags", 0)
            return self.message(channel, payload or {}, names, flags=flags)
        return {}

    # ------------------------------------------------------------------ reading
    def since(self, n: int) -> list[Request]:
        return self.requests[n:]

    def responses(self, token: str) -> list[Request]:
        return [r for r in self.requests if r.token == token]

    def channel_posts(self, since: int = 0) -> list[Request]:
        return [r for r in self.requests[since:] if r.token is None and r.path.startswith("/channels/")
                and r.method in ("POST", "PATCH")]


class _Response:
    """Enough of an aiohttp response for ``discord.HTTPException``."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "Not Found" if status == 404 else "Error"


@dataclass
class User:
    id: int
    name: str
    permissions: int = 0

    def member(self) -> dict[str, Any]:
        return {"user": {"id": str(self.id), "username": self.name, "discriminator": "0", "global_name": self.name,
                         "avatar": None},
                "roles": [], "joined_at": "2024-01-01T00:00:00+00:00", "deaf": False, "mute": False, "flags": 0,
                "permissions": str(self.permissions), "nick": None}


class Harness:
    """A ``GoujiBot`` that never connects, wired to ``FakeDiscord``, and the means to click and type."""

    def __init__(self, bot: GoujiBot, fake: FakeDiscord) -> None:
        self.bot = bot
        self.fake = fake

    @property
    def service(self) -> TableService:
        return self.bot.service

    @property
    def messenger(self) -> TableMessenger:
        """The messenger the extension made, on its cog (a ``Gouji`` of the module as last loaded: unloading
        the extension drops ``cogs.gouji`` from ``sys.modules``, so its class is not this file's)."""
        cog: Any = self.bot.get_cog(COG_NAME)
        messenger: TableMessenger = cog.messenger
        return messenger

    async def settle(self) -> None:
        """Wait until every interaction task and every pending table update has finished."""
        for _ in range(10_000):
            await asyncio.sleep(0)
            current = asyncio.current_task()
            pending = [t for t in asyncio.all_tasks() if t is not current and not t.done()
                       and t.get_name().startswith(WATCHED)]
            if not pending:
                return
            await asyncio.wait(pending, timeout=10)
        raise AssertionError("tasks did not settle")

    def interaction(self, kind: int, data: dict[str, Any], user: User, message: dict[str, Any] | None = None,
                    locale: str = "zh-CN", channel: int = CHANNEL) -> dict[str, Any]:
        """An interaction payload from ``channel`` (a command) or the message's channel (a component),
        or from a DM when the message is in one."""
        iid = snowflake()
        if message is not None:
            channel = int(message["channel_id"])
        p: dict[str, Any] = {
            "id": str(iid), "application_id": str(APP_ID), "type": kind, "token": f"token-{iid}", "version": 1,
            "data": data, "guild_id": str(GUILD), "channel_id": str(channel),
            "channel": {"id": str(channel), "type": 0, "guild_id": str(GUILD), "name": "gouji", "position": 0,
                        "permission_overwrites": [], "nsfw": False, "parent_id": None},
            "member": user.member(), "locale": locale, "guild_locale": "zh-CN",
            "app_permissions": str(discord.Permissions.all().value), "attachment_size_limit": 8_000_000,
            "entitlements": [], "authorizing_integration_owners": {}, "context": 0,
        }
        if message is not None:
            p["message"] = message
            if channel not in self.fake.guild_channels:  # a direct message
                recipient = {**user.member()["user"]}
                for key in ("guild_id", "member", "guild_locale"):
                    del p[key]
                p.update(user=recipient, channel_id=message["channel_id"], context=1,
                         channel={"id": message["channel_id"], "type": 1, "recipients": [recipient]})
        self.fake.interaction_messages[p["token"]] = int(message["id"]) if message else None
        self.fake.channels[p["token"]] = channel
        return p

    def deliver(self, payload: dict[str, Any]) -> None:
        """Hand an interaction to the client as the gateway does, without waiting for its answer."""
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]

    async def _dispatch(self, payload: dict[str, Any]) -> list[Request]:
        self.deliver(payload)
        await self.settle()
        return self.fake.responses(payload["token"])

    async def command(self, user: User, name: str, locale: str = "zh-CN", channel: int = CHANNEL,
                      **options: Any) -> list[Request]:
        """``/gouji <name> option:value …`` as Discord sends it."""
        types = {bool: 5, int: 4, str: 3}
        opts = [{"name": k, "type": types[type(v)], "value": v} for k, v in options.items()]
        data = {"id": str(snowflake()), "name": "gouji", "type": 1,
                "options": [{"name": name, "type": 1, "options": opts}]}
        return await self._dispatch(self.interaction(2, data, user, locale=locale, channel=channel))

    async def autocomplete(self, user: User, name: str, option: str, value: str) -> list[Request]:
        data = {"id": str(snowflake()), "name": "gouji", "type": 1,
                "options": [{"name": name, "type": 1,
                             "options": [{"name": option, "type": 3, "value": value, "focused": True}]}]}
        return await self._dispatch(self.interaction(4, data, user))

    async def click(self, user: User, message_id: int, custom_id: str) -> list[Request]:
        """Press a button of a message the bot sent (its components as the bot sent them)."""
        message = self.fake.messages[message_id]
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._dispatch(self.interaction(3, data, user, message))

    async def choose(self, user: User, message_id: int, custom_id: str, *values: str) -> list[Request]:
        """Pick ``values`` (one, several or none) in a select of a message the bot sent."""
        message = self.fake.messages[message_id]
        data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        return await self._dispatch(self.interaction(3, data, user, message))

    async def submit(self, user: User, message_id: int, modal: dict[str, Any], value: str) -> list[Request]:
        """Submit a modal the bot opened (``modal`` is its payload) from the message it was opened on."""
        field_id = modal["components"][0]["components"][0]["custom_id"]
        data = {"custom_id": modal["custom_id"],
                "components": [{"type": 1, "components": [{"type": 4, "custom_id": field_id, "value": value}]}]}
        return await self._dispatch(self.interaction(5, data, user, self.fake.messages[message_id]))

    def table_message(self, channel: int = CHANNEL) -> dict[str, Any]:
        table = self.service.tables[channel]
        assert table.message_id is not None
        return self.fake.messages[table.message_id]

    async def house_rules(self, user: User, *on: str) -> list[Request]:
        """Tick ``on`` (``Ruleset`` switches) in the lobby's house-rules select of the table message."""
        message = self.table_message()
        select = next(c for c in components(message) if c.get("type") == 3 and ":house:" in c["custom_id"])
        return await self.choose(user, int(message["id"]), select["custom_id"], *on)

    def button(self, message: dict[str, Any], action: str) -> str:
        """The custom id of the message's button doing ``action``."""
        for c in components(message):
            if c.get("type") == 2 and c["custom_id"].split(":")[2] == action.replace(" ", "_"):
                return c["custom_id"]
        raise AssertionError(f"no {action!r} button in {[c.get('custom_id') for c in components(message)]}")




Patch = Callable[[Any, str, Any], None]
"""Sets an attribute for the harness's lifetime (pytest's ``monkeypatch.setattr``, or the benchmark's)."""


async def start(fake: FakeDiscord, db_path: str | Path, patch: Patch, *, debounce: float = 0.01,
                guild_id: int | None = None, tune_memory: bool = False,
                service_options: dict[str, Any] | None = None, shards: Shards | None = None) -> Harness:
    """A bot through ``setup_hook`` (its store at ``db_path``), never connected, its requests answered
    by ``fake``; ``patch`` routes the interaction webhooks to it (restored by whoever gave ``patch``).
    By default its AI moves at once with the random level's seed, as the tests want it; ``shards``: the
    shards it runs of several processes on one database."""
    patch(AsyncWebhookAdapter, "request", lambda self, *a, **kw: fake.webhook(*a, **kw))
    options = {"ai_delay": (0, 0), "sleep": fast_sleep, "rng": random.Random(3), "hint_budget": 0.0}
    bot = GoujiBot(db_path=db_path, debounce=debounce, guild_id=guild_id, tune_memory=tune_memory,
                   service_options=options | (service_options or {}), shards=shards)
    bot.http.request = fake.http  # type: ignore[method-assign]
    bot.http._HTTPClient__session = aiohttp.ClientSession()  # type: ignore[attr-defined]  # login's (never used)
    await bot._async_setup_hook()  # what login does first: bind the loop
    bot._connection.application_id = APP_ID
    bot._connection.user = discord.ClientUser(state=bot._connection, data=BOT_USER)  # type: ignore[arg-type]
    try:
        await bot.setup_hook()
    except BaseException:  # the store's thread would keep the process alive
        await bot.close()
        raise
    return Harness(bot, fake)
