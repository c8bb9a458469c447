"""``/gouji rules [topic]``: the rules as this table plays them, by topic, from ``docs/rules.md``.

The document is the single source (the same text the README points to); each ``## `` section
is a topic, offered as a choice, so the command can never disagree with the rules document.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

RULES_PATH = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
EMBED_TEXT = 4000
"""Characters per embed description (Discord allows 4096)."""
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


def chunks(text: str, size: int = EMBED_TEXT) -> list[str]:
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


INTRO, TOPICS = load()


class RulesCommands:
    """Mixed into the ``/gouji`` cog."""

    @app_commands.command(name="rules", description="The rules as this table plays them")
    @app_commands.describe(topic="Which part of the rules")
    @app_commands.choices(topic=[app_commands.Choice(name=t.title[:100], value=str(i))
                                 for i, t in enumerate(TOPICS[:25])])
    async def rules(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        if topic is None or not topic.isdigit() or int(topic) >= len(TOPICS):
            listing = "\n".join(f"• {t.title}" for t in TOPICS)
            embed = discord.Embed(title="够级规则 / the rules", description=f"{INTRO}\n\n{listing}"[:EMBED_TEXT],
                                  colour=COLOUR)
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        chosen = TOPICS[int(topic)]
        embeds = [discord.Embed(title=chosen.title, description=part, colour=COLOUR) for part in chunks(chosen.body)]
        await interaction.response.send_message(embed=embeds[0], ephemeral=True)
        for embed in embeds[1:]:
            await interaction.followup.send(embed=embed, ephemeral=True)
