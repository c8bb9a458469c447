"""Languages: slash commands in Chinese for Chinese Discord clients, English for everyone else.

Command names and descriptions are written in English in the code (stable ASCII names that
Discord sends back and the README can quote); ``GoujiTranslator`` gives Discord their Chinese
for the zh-CN and zh-TW clients through discord.py's ``app_commands.Translator``, so a player
whose Discord is in Chinese types ``/够级 出牌`` and everyone else ``/gouji play``. Messages are
not per-locale: every answer is bilingual, "中文 / English", like the engine's own reasons.

Every text the bot sends is cut to Discord's limits here (``fit``), with an ellipsis: Discord
refuses a longer one outright, and the player would get no answer at all.
"""

from __future__ import annotations

from discord import Locale, app_commands

from bot.words import AI_LEVELS

CHINESE = (Locale.chinese, Locale.taiwan_chinese)

ZH: dict[str, str] = {
    # the group
    "gouji": "够级",
    "够级 (Gouji), the six-player card game of Shandong": "山东六人够级",
    # /gouji open
    "open": "开桌",
    "Open a 够级 table in this channel": "在本频道开一桌够级",
    "rules": "规则",
    "Rules preset": "规则预设",
    "games": "局数",
    "Games in the match": "一场比赛打几局",
    "seconds": "每步秒数",
    "Seconds per turn before the AI plays for you (托管)": "每步限时（秒），超时由AI托管",
    "seats": "座位",
    "Choose seats, or draw them by lot (抽签) at the start": "自己选座，或开局时抽签",
    "ai": "ai水平",
    "How well the AI players play": "AI玩家的水平",
    "autoplay": "超时托管",
    "On time-out, the AI plays for you until you act (托管); off: only a safe move that turn":
        "超时后由AI托管直到你再出手；关闭则只替你走一步稳妥的",
    # choices of /gouji open
    "大纲 (dagang)": "大纲",
    "经典 (classic)": "经典",
    "choose seats": "选座",
    "draw by lot (抽签)": "抽签",
    **AI_LEVELS,  # the choices of ``ai``: the levels by their players' names
    # /gouji hand
    "hand": "手牌",
    "Your hand and what you may do now (only you see it)": "查看手牌和现在可做的操作（仅自己可见）",
    "dm": "私信",
    "Send the panel by direct message instead": "改为通过私信发送",
    # /gouji settings
    "settings": "设置",
    "Your own settings, at every table": "你自己的设置（每一桌都适用）",
    "Always get your hand panel by direct message": "手牌面板总是私信发给你",
    # /gouji play, pass, let
    "play": "出牌",
    "Play cards, e.g. 888B, 10 10 10 or 小王": "出牌，例如 888B、10 10 10 或 小王",
    "cards": "牌",
    "The cards to play (suggestions as you type)": "要出的牌（输入时有提示）",
    "pass": "过牌",
    "Pass (过)": "过牌（不出）",
    "let": "让牌",
    "Let your 对家's play (让牌): the next two act first": "让对家的牌，下两家先出",
    # /gouji table, close
    "table": "牌桌",
    "Post the table again at the bottom of the channel": "把牌桌重新发到频道底部",
    "close": "关桌",
    "Close this channel's table (host or Manage Server)": "关闭本频道的牌桌（桌主或管理员）",
    # league
    "standings": "排行榜",
    "The server's 够级 league": "本服务器的够级联赛排名",
    "season": "赛季",
    "Season (a year, e.g. 2025); empty for all time": "赛季（年份，如 2025），留空为总榜",
    "sort": "排序",
    "Rank by the league's points or by the skill rating": "按积分或按评分排名",
    "points": "积分",
    "rating": "评分",
    "stats": "战绩",
    "A player's league record": "玩家的联赛战绩",
    "user": "玩家",
    "The player (default: you)": "玩家（默认自己）",
    # replay
    "replay": "复盘",
    "Step through a finished game, every hand open (only you see it)": "逐步回看打完的一局，明牌（仅自己可见）",
    "game": "局号",
    "The game's number (default: the last one finished in this channel)": "局号（默认本频道最近打完的一局）",
    "review": "点评",
    "The AI's review of your decisions in a finished game (only you)": "AI 点评你在一局里的每个决定（仅自己可见）",
    # rules
    "The rules as this table plays them": "本桌的规则",
    "topic": "主题",
    "Which part of the rules": "看哪一部分规则",
}
"""English text in the code → its Chinese, for command names, descriptions and choices."""


CONTENT = 2000
"""Characters of a message's content (Discord counts code points, as ``len`` does)."""
EMBED_TITLE, EMBED_DESCRIPTION = 256, 4096
LABEL = 80
"""A button's label."""
OPTION = 100
"""A select option's label and description, a command choice's name."""


def fit(text: str, limit: int = CONTENT) -> str:
    """``text`` within one of Discord's limits: as it is, or cut with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def bilingual(zh: str, en: str) -> str:
    """A message for everyone: the Chinese, then the English, as the engine writes its reasons."""
    return f"{zh} / {en}"


class GoujiTranslator(app_commands.Translator):
    """Chinese for Chinese clients; ``None`` (Discord shows the English) for all other locales."""

    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContext
    ) -> str | None:
        if locale not in CHINESE:
            return None
        return ZH.get(string.message)
