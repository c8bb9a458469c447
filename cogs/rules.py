"""``/gouji rules [topic]``: the rules as this table plays them, by topic, from ``docs/rules.md``,
and a page for each rules preset and one for the switches (R13) a table may set.

The document is the single source of the topics (the same text the README points to); each
``## `` section is a topic, offered as a choice, so the command can never disagree with the rules
document. The preset and switch pages say what ``/gouji open`` sets; which switches a preset
turns on is read from the engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.engine import Ruleset
from bot.engine.cards import SYMBOLS, cards_zh
from bot.engine.rules import PRESETS, SWITCH_INFO

from .i18n import EMBED_DESCRIPTION, EMBED_TITLE, OPTION, fit
from .part import CogPart
from .views import RULES_ZH, preset_name, rules_line

RULES_PATH = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
COLOUR = discord.Colour.from_rgb(214, 40, 48)


@dataclass(frozen=True)
class Topic:
    title: str
    body: str


def load(path: Path = RULES_PATH) -> tuple[str, list[Topic]]:
    """The document's introduction and its ``## `` sections."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    intro, *sections = text.split("\n## ")
    topics = []
    for section in sections:
        title, _, body = section.partition("\n")
        topics.append(Topic(title.strip(), body.strip()))
    return intro.lstrip("# ").strip(), topics


def chunks(text: str, size: int = EMBED_DESCRIPTION) -> list[str]:
    """``text`` cut at line ends into pieces of at most ``size`` characters."""
    out: list[str] = []
    for line in text.splitlines():
        while len(line) > size:
            out.append(line[:size])
            line = line[size:]
        if out and len(out[-1]) + 1 + len(line) <= size:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out or [""]


SETTINGS_PATH = Path(__file__).resolve().parent / "settings.md"
"""The preset and switch pages: one ``## `` section each, its heading ending with the preset's name or
the switch's ``Ruleset`` field."""


def setting_topics(docs: list[Topic], path: Path = SETTINGS_PATH) -> tuple[list[Topic], list[Topic]]:
    """A page for each preset and one for the switches, and the document's topics left once each
    preset's own section (``## … `classic` …``) has moved onto its page. A preset's page ends with
    the switches it turns on; the switches page lists every switch of the engine (``SWITCH_INFO``)
    with its names and help, then what ``settings.md`` says of it — so a new switch has its page
    the moment the engine has it."""
    _, pages = load(path)
    by_key = {t.title.split()[-1]: t for t in pages}
    topics, absorbed = [], []
    for name in PRESETS:
        page = by_key.get(name, Topic(name, ""))
        section = next((t for t in docs if f"`{name}`" in t.title), None)
        rules = Ruleset.preset(name)
        marks = " · ".join(f"{sw.zh} {'✓' if getattr(rules, sw.field) else '✗'}" for sw in SWITCH_INFO)
        parts = [section.body if section else "", page.body, f"开关默认 / its switches: {marks}"]
        topics.append(Topic(page.title, "\n\n".join(p for p in parts if p)))
        absorbed += [section] if section else []
    entries = []
    for sw in SWITCH_INFO:
        more = by_key[sw.field].body if sw.field in by_key else f"{sw.help_zh}\n*{sw.help_en}*"
        name = sw.zh if sw.en == sw.zh else f"{sw.zh} · {sw.en}"
        entries.append(f"**{name}**\n{more}")
    topics.append(Topic(SWITCHES_TITLE, "\n\n".join(entries)))
    return topics, [t for t in docs if t not in absorbed]


SWITCHES_TITLE = "开关 house rules：每条规则都可以单独打开或关掉 switches"
"""The switches page: one page for all of them, so that the topics stay within Discord's 25 choices."""


RULE_ID = r"R\d{1,2}(?:\.\d+)?[a-z]?"
"""A rule id of the rules contract (R1, R14.2, R3.1a): the developers' names, never a player's."""
NOT_FOR_PLAYERS = ("开关 Switches", "Decisions where the texts are silent")
"""Sections of ``docs/rules.md`` kept out of the command: the switches have a page of their own (from the
engine's list), and the record of decisions is the developers' (rule ids, seeds, issues)."""
PLAYER_INTRO = ("本桌的够级规则：默认《够级游戏大纲》，也可以开经典规则；每条房规都是一个开关，由桌主在大厅里设定。"
                "座位 1–6，红方 1·3·5 号位，蓝方 2·4·6 号位。选一个主题看：\n"
                "The rules as this table plays them: the 《够级游戏大纲》 by default, or the classic rules; "
                "every house rule is a switch the host sets in the lobby. Seats 1–6: red 1·3·5, blue 2·4·6. "
                "Pick a topic:")

DEV_WORDS: dict[str, tuple[str, str]] = {
    **{name: (f"「{sw.zh}」", sw.en) for sw in SWITCH_INFO for name in (sw.field, sw.flag)},
    **{name: (RULES_ZH.get(name, name), preset_name(name)) for name in PRESETS},
}
"""What a player reads for a switch (its field or flag) or a preset that ``docs/rules.md`` names in
backticks as a developer does: in a Chinese line its Chinese name, in an English line its English
name, or the preset as ``/gouji open`` offers it (经典 (classic))."""
DEV_PART = re.compile(rf"{RULE_ID}|seed \d+|`(?:{'|'.join(map(re.escape, DEV_WORDS))})`")
"""A developer's word alone in brackets: ``(R10)``, ``(seed 000)``, ``（`classic`）``."""
CARD_SYMBOLS = frozenset(SYMBOLS.values())
_CODE = re.compile(r"(?<=\S) ?`([^`\n]+)` ?(?=\S)|`([^`\n]+)`")
"""A code span, with the space beside it on each side that stands between it and a word."""
_HAN = re.compile(r"[\u3400-\u9fff]")


def _chinese_at(line: str, start: int, end: int) -> bool:
    """Whether the code span at ``line[start:end]`` stands in Chinese words: the nearest letter before
    it (else after it), outside code spans, is a Chinese character."""
    bare = re.sub(r"`[^`]*`", lambda m: " " * len(m[0]), line)
    for ch in (*reversed(bare[:start]), *bare[end:]):
        if ch.isalpha():
            return bool(_HAN.match(ch))
    return True


def _players_code(line: str) -> str:
    """A line's code spans as a player reads them: switch and preset ids by name (``DEV_WORDS``), and
    cards in a Chinese line as players write them (「大王 大王 999」 for ``RR999``: the letters are for
    typing and the English half). Any other code span (a command, the typing notation) stays."""

    def word(m: re.Match[str]) -> str:
        code = m[1] or m[2]
        zh = _chinese_at(line, m.start(), m.end())
        if code in DEV_WORDS:
            said = DEV_WORDS[code][0 if zh else 1]
        elif zh and set(code) <= CARD_SYMBOLS:
            said = f"「{cards_zh(code)}」"
        else:
            return m[0]
        return said if zh else m[0].replace(f"`{code}`", said)  # English keeps its spaces between words

    return _CODE.sub(word, line)


def for_players(text: str) -> str:
    """A rules text as a player reads it: the rule ids, seed numbers and developer names in brackets
    dropped — ``(R10, 第三十八条)`` reads ``(第三十八条)``, ``(R1)`` and ``（`classic`）`` go — and the
    developers' names and typing notation left in the text said as players say them (``_players_code``),
    so that what is left is the game's own words. ``docs/rules.md`` keeps them for its developers."""

    def bracket(m: re.Match[str]) -> str:
        parts = re.split(r"\s*[,，、]\s*", m["inner"])
        keep = [part for part in parts if not DEV_PART.fullmatch(part.strip())]
        if len(keep) == len(parts):  # nothing to drop: as written (its 、 stay 、)
            return m[0]
        if not keep:
            return ""
        sep = "，" if m["open"] == "（" else ", "
        return f"{m['space']}{m['open']}{sep.join(keep)}{m['close']}"

    text = re.sub(r"(?P<space>\s*)(?P<open>[(（])(?P<inner>[^()（）]*)(?P<close>[)）])", bracket, text)
    return "\n".join(_players_code(line) for line in text.split("\n"))


_, DOC_TOPICS = load()
DOC_TOPICS = [t for t in DOC_TOPICS if not t.title.startswith(NOT_FOR_PLAYERS)]
SETTING_TOPICS, OTHER_TOPICS = (
    [Topic(for_players(t.title), for_players(t.body)) for t in topics] for topics in setting_topics(DOC_TOPICS))
TOPICS = OTHER_TOPICS[: 25 - len(SETTING_TOPICS)] + SETTING_TOPICS
"""The choices of ``topic`` (Discord allows 25): the document's sections, then a page per preset and the
switches, every one as players read it (``for_players``)."""


class RulesCommands(CogPart):
    """Mixed into the ``/gouji`` cog."""

    def _table_rules(self, channel_id: int | None) -> str:
        """The rules of this channel's table, if one is open, as a first line (本桌：经典 · +满贯)."""
        bot = getattr(self, "bot", None)
        table = bot.service.tables.get(channel_id or 0) if bot is not None else None
        if table is None:
            return ""
        return f"**本桌 / this table：{rules_line(table.settings.rules)}**\n\n"

    @app_commands.command(name="rules", description="The rules as this table plays them")
    @app_commands.describe(topic="Which part of the rules")
    @app_commands.choices(topic=[app_commands.Choice(name=fit(t.title, OPTION), value=str(i))
                                 for i, t in enumerate(TOPICS[:25])])
    async def rules(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        if topic is None or not topic.isdigit() or int(topic) >= len(TOPICS):
            listing = "\n".join(f"• {t.title}" for t in TOPICS)
            here = self._table_rules(interaction.channel_id)
            embed = discord.Embed(title="够级规则 / the rules", colour=COLOUR,
                                  description=fit(f"{here}{PLAYER_INTRO}\n\n{listing}", EMBED_DESCRIPTION))
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        chosen = TOPICS[int(topic)]
        embeds = [discord.Embed(title=fit(chosen.title, EMBED_TITLE), description=part, colour=COLOUR)
                  for part in chunks(chosen.body)]
        await interaction.response.send_message(embed=embeds[0], ephemeral=True)
        for embed in embeds[1:]:
            await interaction.followup.send(embed=embed, ephemeral=True)
