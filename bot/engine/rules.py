"""Rulesets: every rule that differs between tables is a named switch; the presets of R13 are only
defaults of those switches.

A ``Ruleset`` is a frozen value: it is stored with every game and in its JSON, so a game always
plays on under the rules it started with. Each switch carries its own words (``SWITCH_INFO``):
its Chinese and English name, a one-line help and the rule id, so that every front end — the
terminal flags, ``/gouji open`` and the lobby, ``/gouji rules``, the arena — is built from this
one list, and adding a switch is one field and one entry here plus its rule code and tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any


@dataclass(frozen=True)
class SwitchInfo:
    """What a player reads about a switch. ``flag`` is its short name: ``--flag`` at the terminal,
    the option or select value on Discord (dashes become underscores there)."""

    field: str
    flag: str
    zh: str
    en: str
    help_zh: str
    help_en: str
    rule: str


SWITCH_INFO: tuple[SwitchInfo, ...] = (
    SwitchInfo("revolution", "revolution", "革命", "革命",
               "没有 2 和王的人开牌前可以革命，本局不出牌", "a seat dealt no 2 or joker may sit the game out", "R11.4"),
    SwitchInfo("joker_two_kill_one_extended", "joker-kill", "红鬼二打一", "two 大王 kill one",
               "两张大王顶一张大王，多张的牌里也算", "two 大王 kill one inside longer plays too", "R3.3"),
    SwitchInfo("big_joker_is_gouji", "big-joker-gouji", "大王算够级", "大王 plays are 够级",
               "带大王的牌也是够级牌", "plays with a 大王 are 够级牌", "R4.3"),
    SwitchInfo("teammate_peek", "teammate-peek", "阵营战", "teammate peek",
               "队友少于 10 张时能看他的牌", "see a teammate's hand once it holds fewer than 10 cards", "R13.3"),
    SwitchInfo("suffocation", "suffocation", "窒息", "suffocation",
               "头科出完时还没出过牌的人算大落", "a seat that played no card when 头科 goes out is 大落", "R13.3"),
    SwitchInfo("grand_slam", "grand-slam", "满贯", "grand slam",
               "别人没出牌你就出完：串三家，积分翻倍", "out before anyone else played: 串三家 for the team, doubled",
               "R13.3"),
    SwitchInfo("kaidian_without_fours", "kaidian-without-fours", "开点不发4", "开点 without 4s",
               "够级牌没人管、拿回出牌权就开点，不用发 4", "a 够级 play nobody beats opens (开点); no 4s needed",
               "R14.1"),
    SwitchInfo("burn_priority", "burn-priority", "烧牌优先", "烧牌 first",
               "对头以外的人可以先烧够级牌，之后每次发牌带王", "others may burn a 够级 play before the 对头; "
               "every lead then carries a joker", "R14.2"),
    SwitchInfo("shangban", "shangban", "上班", "上班",
               "亮同花色 4 最多的人先出牌", "the most 4s of one suit shown leads the first game", "R14.4"),
    SwitchInfo("compulsory_buy_three", "compulsory-buy-three", "必须买三", "compulsory 买三",
               "没 3 必须用 2 或王买，买不到向自己联邦要；不买 4", "no 3: buy one with a 2 or joker, or ask "
               "your team; no 4s bought", "R14.5"),
    SwitchInfo("chongdian", "chongdian", "冲点", "冲点",
               "革命的人可以用三套级牌冲点", "a 革命 seat may lead three 够级 sets (冲点)", "R14.6"),
    SwitchInfo("yaotou", "yaotou", "要头/无头", "要头/无头",
               "革命者的对头宣布要头（三次够死级）或无头", "the 革命 seat's 对头 says 要头 (three 够死级) or 无头",
               "R14.7"),
    SwitchInfo("chuan_san_hu_double", "chuan-san-hu-double", "串三户翻倍", "串三户 doubled",
               "串三家只进对头贡，不汇5，积分翻倍", "after 串三家 only 对头贡, no 汇5, points doubled", "R14.8"),
    SwitchInfo("luanchan_by_count", "luanchan-by-count", "四户乱缠", "四户乱缠 by count",
               "只剩四人有牌就不再有够级、过牌限制、让牌、烧牌", "once four seats hold cards no 够级, pass lock, "
               "让牌 or 烧牌", "R14.9"),
    SwitchInfo("tribute", "tribute", "进贡", "tribute",
               "局与局之间进贡（点贡、烧贡、闷贡、落贡）", "tribute between games (点贡, 烧贡, 闷贡, 落贡)", "R12"),
    SwitchInfo("declare_natural", "declare-natural", "宣点", "宣点",
               "没有纯够级牌的人开牌前可以宣点（自然开点）", "a seat dealt no pure 够级牌 may declare 自然开点",
               "R7.3"),
    SwitchInfo("kaidian_without_twos", "kaidian-without-twos", "开点不带2", "开点 without 2s",
               "带 2 的够级牌不算开点", "a 够级 play with a 2 in it earns no 开点", "R13.4"),
    SwitchInfo("big_joker_unbeatable", "big-joker-unbeatable", "大王无敌", "大王 unbeatable",
               "带大王的牌谁也压不住，两张大王也杀不了一张",
               "a play with a 大王 cannot be beaten, not even by two 大王", "R13.4"),
    SwitchInfo("buy_with_two_first", "buy-with-two-first", "先用2买", "buy with a 2 first",
               "买 3、买 4 先用 2，没有 2 才用小王、大王", "buy a 3 or 4 with a dealt 2 if you hold one, else 小王, "
               "else 大王", "R13.4"),
    SwitchInfo("burn_back_by_opposite_only", "burn-back-by-opposite-only", "烧牌只许对家打回",
               "only the 对家 beats a burner", "烧牌以后他出的牌只有他的对家能打回，打回就解烧",
               "after a burn, only the burner's 对家 may beat its plays; beaten back, the burn is undone", "R13.4"),
    SwitchInfo("fours_after_kaidian", "fours-after-kaidian", "冲三", "冲三: 4s after 开点",
               "开点以后才能出 4（开点那一手除外）", "no 4s before you open (开点), but the lead that opens", "R13.4"),
)
"""Every switch, in the order front ends list them."""

WRITTEN_WHEN_ON: frozenset[str] = frozenset({
    "kaidian_without_twos", "big_joker_unbeatable", "buy_with_two_first", "burn_back_by_opposite_only",
    "fours_after_kaidian",
})
"""Switches added after saved games began to be kept (issue 15), all off in every preset: a ruleset
writes them only when on, so that every earlier save is written back byte for byte, and reading fills
them in off (``from_dict``)."""

PRESETS: tuple[str, ...] = ("dagang", "classic")
"""The presets: ``dagang`` is the 《够级游戏大纲》 (R13.1); ``classic`` the client sheet of seed 000 (R13.2, R14)."""

PRESET_WORDS: dict[str, tuple[str, str]] = {
    "dagang": ("大纲", "the 《够级游戏大纲》"),
    "classic": ("经典", "the classic client sheet (seed 000)"),
}
"""Each preset's Chinese name and what it is."""

CLASSIC_RULES: tuple[str, ...] = (
    "kaidian_without_fours", "burn_priority", "shangban", "compulsory_buy_three", "chongdian", "yaotou",
    "chuan_san_hu_double", "luanchan_by_count",
)
"""The rules of seed 000 that ``classic`` plays in place of the 大纲's (R14.1–R14.9)."""

PRESET_DEFAULTS: dict[str, dict[str, bool]] = {
    "dagang": {},
    "classic": {**dict.fromkeys(CLASSIC_RULES, True), "big_joker_is_gouji": True, "revolution": True},
}
"""Switches a preset turns on by itself. Seed 000 counts 大花 plays among the 够级牌 (its 开点
paragraph excludes them by name), so ``classic`` starts with R4.3 on, and it plays 革命 (R14.5,
R14.6); the 大纲 leaves 革命 out (第四十四条, R13.1). A table may still change any of them."""


@dataclass(frozen=True)
class Ruleset:
    """The switches of a table (R13). Build it with ``Ruleset.preset(name, **switches)``.

    ``name`` records the preset it started from, for display only: two rulesets with the same
    switches are equal whatever their names, and no rule reads it."""

    name: str = field(default="dagang", compare=False)
    revolution: bool = False
    """R11.4 革命: a seat with no 2, B or R may sit the game out (used by the match). Off in
    ``dagang``: 第四十四条 leaves out a seat that becomes 三科 or 四科 for want of tribute cards (R13.1)."""
    joker_two_kill_one_extended: bool = False
    """R3.3 红鬼二打一: two R kill one R inside longer plays too (one card more)."""
    big_joker_is_gouji: bool = False
    """R4.3: plays with a 大王 are 够级牌 too."""
    teammate_peek: bool = False
    """R13.3 阵营战 (002): a seat may see the hand of a teammate holding fewer than 10 cards."""
    suffocation: bool = False
    """R13.3 窒息 (002): a seat that has played no card when 头科 goes out is 大落 and plays no more."""
    grand_slam: bool = False
    """R13.3 满贯 (002): a seat that plays all its cards before anyone else has played ends the game,
    which scores as 串三家 for its team, doubled."""
    kaidian_without_fours: bool = False
    """R14.1: a 够级 play that wins the lead is 开点 (not jokers, not a lone 2); 4s cost nothing."""
    burn_priority: bool = False
    """R14.2 烧牌优先 in place of the 大纲's 捎 (R6.3–R6.5): burners before the 对头, the joker duty."""
    shangban: bool = False
    """R14.4 上班: the most 4s of one suit shown leads, when the leader would be drawn by lot."""
    compulsory_buy_three: bool = False
    """R14.5 买三/要三 in place of 买3/买4 and 赠3/赠4 (R11.2, R11.3): buying a 3 is a must, no 4s."""
    chongdian: bool = False
    """R14.6 冲点: a 革命 seat with three 够级 sets may lead them; its 对家 must beat all three."""
    yaotou: bool = False
    """R14.7 要头/无头: the 对头 of a 革命 seat declares three 够死级 plays, or free plays."""
    chuan_san_hu_double: bool = False
    """R14.8 串三户: after 串三家 only 对头贡 (no 点/烧/闷贡, no choosing the leader, no 汇5), points doubled."""
    luanchan_by_count: bool = False
    """R14.9/R9.4: every restriction ends once four or fewer seats hold cards, not when 二科 is out."""
    tribute: bool = True
    """R12 进贡 between games; off, no tribute is paid and no 点贡 choice is asked."""
    declare_natural: bool = True
    """R7.3 宣点 (自然开点) before the first lead; off, nobody is asked."""
    kaidian_without_twos: bool = False
    """R13.4 (002 「有些规则不允许有2」): a 够级 play with a 2 in it earns no 开点 — it gives no chance
    to lead the 4s (R7.1), and under R14.1 it does not open by winning the lead."""
    big_joker_unbeatable: bool = False
    """R13.4 (002 「红鬼带任何牌时均为无敌牌」): a play holding a 大王 is beaten by nothing, not even by two
    大王 (no 大王二杀一, R3.2; with ``joker_two_kill_one_extended`` on too, this one wins: nothing kills)."""
    buy_with_two_first: bool = False
    """R13.4 (002 「用2（没有2用黑鬼、红鬼）」): 买3/买4 (R11.2) is paid with a dealt 2 if the seat holds
    one, else with a 小王, else with a 大王 — only that payment is offered."""
    burn_back_by_opposite_only: bool = False
    """R13.4 (002 「其之后打出的牌可由其对家打回（只能是对家，其它人不可打回）」), with ``burn_priority``:
    while a burn stands, only the burner's 对家 may beat its plays; beating one back undoes the burn
    (解烧: no 烧贡, the burner plays on)."""
    fours_after_kaidian: bool = False
    """R13.4 冲三 (002 「在“开点”之后才可把手中4打出」): a seat plays no 4 before it has 开点, but for
    the lead that opens (R7.1, R7.3); 4s are free once it can no longer open or holds only 4s and 3s."""

    @classmethod
    def preset(cls, name: str = "dagang", **switches: bool) -> Ruleset:
        """The named preset with switches changed; unknown names and switches raise ``ValueError``."""
        if not switches and name in _MADE:
            return _MADE[name]  # a frozen value: every game of a preset may share it
        if name not in PRESETS:
            raise ValueError(f"unknown rules preset {name!r}; known: {', '.join(PRESETS)}")
        unknown = set(switches) - set(SWITCHES)
        if unknown:
            raise ValueError(f"unknown switch(es) {', '.join(sorted(unknown))}; known: {', '.join(SWITCHES)}")
        for key, value in switches.items():
            if not isinstance(value, bool):
                raise ValueError(f"switch {key} takes True or False, not {value!r}")
        chosen: dict[str, Any] = {**PRESET_DEFAULTS[name], **switches}
        made = replace(cls(name=name), **chosen)
        if not switches:
            _MADE[name] = made
        return made

    def switches(self) -> dict[str, bool]:
        """The switches as set, by name."""
        return {k: getattr(self, k) for k in SWITCHES}

    def changed(self) -> dict[str, bool]:
        """The switches set otherwise than the preset ``name`` sets them, in ``SWITCH_INFO`` order."""
        base = Ruleset.preset(self.name)
        return {k: v for k, v in self.switches().items() if getattr(base, k) != v}

    def to_dict(self) -> dict[str, Any]:
        """As ``dataclasses.asdict`` gives it, without its recursive copying: every view of every AI
        decision holds one (issue 18, item 5)."""
        return {"name": self.name, **{k: v for k, v in self.switches().items() if v or k not in WRITTEN_WHEN_ON}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        """A stored ruleset; a switch it predates takes its preset's default, so an old game plays on."""
        key = tuple(data.items())
        made = _READ.get(key)
        if made is None:  # a search rebuilds games from the same rules thousands of times: read them once
            made = _READ[key] = cls.preset(data.get("name", "dagang"), **{k: v for k, v in data.items() if k != "name"})
        return made


_READ: dict[tuple[tuple[str, Any], ...], Ruleset] = {}
"""Each stored ruleset ``Ruleset.from_dict`` has read, by its items."""
_MADE: dict[str, Ruleset] = {}
"""Each preset as ``Ruleset.preset(name)`` made it first: a game is dealt with one every time."""

SWITCHES: tuple[str, ...] = tuple(f.name for f in fields(Ruleset) if f.name != "name")
"""The names of the switches, in declaration order."""

SWITCH_BY_FIELD: dict[str, SwitchInfo] = {s.field: s for s in SWITCH_INFO}
"""A switch's words by its ``Ruleset`` field (a test checks that every field has them)."""
