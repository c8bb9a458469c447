"""One game of 够级 in its play phase under the 大纲 rules (R5–R10).

``Game`` is a pure state machine: ``act(seat, action)`` validates everything first and raises
``IllegalAction`` before touching any state, then applies the action and moves the turn on,
passing for every seat that has no choice (R5.6), so that ``to_act`` is always a seat with a
real decision. All state is plain data and round-trips through JSON: the game's own fields and
its typed groups (``state``: the round, 烧牌, 开点, 革命 with 冲点 and 要头), stored by one mechanism.
Where a switch changes a rule, the game asks its ``hooks`` (``hooks.py``), never the switch.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from operator import attrgetter
from typing import Any

from .actions import Action
from .cards import (
    ACE,
    BLACK,
    FIVE,
    FOUR,
    RED,
    SEATS,
    THREE,
    TWO,
    Counts,
    deal_hands,
    format_counts,
    full_deck,
    opposite,
    parse_cards,
    team_of,
)
from .errors import IllegalAction, InvalidCards, InvalidPlay
from .events import AUTO_PASSES, PASSES, ROUNDS, Event, EventKind, event_dicts, play_event
from .hooks import PLAY_ORDER, Hooks
from .legal import LegalActions
from .moves import LeadSpace, answers, can_beat, can_kill, holds, only_threes
from .plays import Play, beats, holds_pure_gouji, is_gouji, is_kill, is_pure_gouji, parse_play
from .rules import chongdian as chongdian_switch
from .rules import grand_slam, hooks_for, suffocation, teammate_peek
from .rules import yaotou as yaotou_switch
from .ruleset import Ruleset
from .scoring import GameResult, score
from .state import (
    BURN,
    CARDS,
    HANDS,
    KAIDIAN,
    LIST,
    PAIRS,
    REVOLT,
    ROUND,
    RULES,
    BurnState,
    KaidianState,
    Layout,
    RevoltState,
    RoundState,
    Spec,
    Stored,
)
from .view import SeatView

_LEAD, _FOLLOW = EventKind.LEAD, EventKind.FOLLOW  # logged on every card play; a member costs a lookup
_OPPOSITE = tuple(opposite(s) for s in range(SEATS))
"""``opposite`` as a table, for the checks made after every action."""


_RULE_KIND = {"chong": "chong", "dadian": "dadian", "follow": "follow", "shao": "shao", "shao?": "shao",
              "locked": "kill"}
"""The one kind of every legal answer under an answer rule (``Game._kind_of`` on the plays
``Game._answers`` keeps); under ``free`` it is ``follow`` or ``kill``, play by play."""
_WHOLE_RULES = frozenset(("chong", "dadian", "follow", "shao", "free"))
"""Answer rules (``Game._answer_rule``) under which every play that beats the top play is legal."""


def _of(path: str) -> Any:
    """A read-only flat name (``g.top``) for a field of a state group: a ``property`` over an
    ``attrgetter``, both C code, so that reading it costs a front end or an AI no Python call."""
    return property(attrgetter(path))


_STORED = Spec(
    Stored("rules", RULES), Stored("hands", HANDS), Stored("initial", LIST), Stored("played", CARDS),
    Stored("shown", CARDS), Stored("aside", CARDS), Stored("leader"), Stored("places", LIST), Stored("ply"),
    Stored("over"), Stored("chuan_san"), Stored("men_log", PAIRS), Stored("luanchan"), Stored("to_act"),
    Stored("grand_slam", old=None),
)
"""The game's own stored fields; its groups store theirs (``state``), and the log its events."""
_GROUPS: tuple[tuple[str, Any, Spec], ...] = (
    ("round", RoundState, ROUND), ("burn", BurnState, BURN), ("opening", KaidianState, KAIDIAN),
    ("revolution", RevoltState, REVOLT),
)
"""Each state group: the game's attribute, its class and its stored fields."""
_LAYOUT = Layout(_STORED, _GROUPS)
_PRIVATE = frozenset(("hands", "initial", "aside"))
"""What only the game knows: the hands, as dealt and as held, and the 革命 seat's set-aside cards."""
_PUBLIC_LAYOUT = Layout(Spec(*(s for s in _STORED if s.name not in _PRIVATE)), _GROUPS)
"""``_LAYOUT`` without them: a seat's view is written without the hidden cards, not written and then
stripped of them (nor do they cost their formatting, for every view of every AI move)."""
"""All of them, written and read in one pass."""


def table_lost(events: Sequence[Event], revolt: int | None, head: int | None) -> list[bool]:
    """Which seats the table knows can no longer 开点: those that gave it up in the open (R7) and the
    革命 seat and its 要头 head (R11.4, R14.7). A seat knows more of itself — that it was dealt no 4
    (``kaidian_lost``); a view shows it the others only as the table sees them."""
    seen = {e.seat for e in events if e.kind == "giveup"}
    return [s in seen or s in (revolt, head) for s in range(SEATS)]


class Game:
    """The play phase of one game. Build it with ``Game.from_hands`` or ``Game.deal``."""

    rules: Ruleset
    hands: list[Counts]
    initial: list[str]
    """The hands as dealt (after the phases before play), as text."""
    played: Counts
    shown: Counts
    """3s shown by 闷 (R8.2)."""
    aside: Counts
    """Cards out of play, unseen: a 革命 seat's (R11.4), a failed burner's (R14.2), a 窒息 seat's (R13.3)."""
    leader: int
    places: list[int | None]
    events: list[Event]
    ply: int
    over: bool
    chuan_san: int | None
    men_log: list[tuple[int, int]]
    luanchan: bool
    """The restrictions have ended (R9.4; R14.9 with ``luanchan_by_count``)."""
    grand_slam: int | None
    """The seat that made 满贯 (R13.3)."""
    to_act: int | None
    """The seat to act, None once the game is over: a plain attribute, not in ``round``, since every
    caller asks it once an action and the game's end sets it too."""
    hooks: Hooks
    """The rules this table plays at every point where switches differ (``hooks``): derived from
    ``rules``, never stored."""
    round: RoundState
    burn: BurnState
    opening: KaidianState
    revolution: RevoltState
    _dead: bool
    """The play just placed is 够死级 (R14.7): read by ``_after_play`` of the same action, never stored."""
    _event_cache: list[dict[str, Any]]
    _stamp: object
    _listed: tuple[Any, list[Play], str, tuple[str, ...]] | None
    """The answers last listed, with their position, their one kind and the other actions (see ``act``)."""

    # The flat names the state had before it was grouped (ENGINE_API's ``g.top``, the views', the AI's),
    # read-only. The engine itself reads the groups, binding one to a local on its hot paths.
    round_leader: int = _of("round.round_leader")
    top: tuple[int, Play] | None = _of("round.top")
    top_gouji: bool = _of("round.top_gouji")
    top_pure: bool = _of("round.top_pure")
    top_kind: str = _of("round.top_kind")
    passed: list[bool] = _of("round.passed")
    marks: list[str | None] = _of("round.marks")
    let_by: int | None = _of("round.let_by")
    let_done: bool = _of("round.let_done")
    round_shao: tuple[int, int] | None = _of("round.round_shao")
    duty: list[bool] = _of("burn.duty")
    shao_log: list[tuple[int, int]] = _of("burn.shao_log")
    burning: tuple[int, int] | None = _of("burn.burning")
    kaidian: list[bool] = _of("opening.kaidian")
    kaidian_lost: list[bool] = _of("opening.kaidian_lost")
    kaidian_chance: int | None = _of("opening.kaidian_chance")
    natural: list[bool] = _of("opening.natural")
    hui_open: bool = _of("opening.hui_open")
    hui_seat: int | None = _of("opening.hui_seat")
    revolt: int | None = _of("revolution.revolt")
    chong: list[str] = _of("revolution.chong")
    chongdian: bool = _of("revolution.chongdian")
    head: int | None = _of("revolution.head")
    sijiji: int = _of("revolution.sijiji")

    # ------------------------------------------------------------------ construction
    def __init__(self) -> None:
        raise TypeError("use Game.from_hands(...), Game.deal(...) or Game.from_json(...)")

    @classmethod
    def _blank(cls) -> Game:
        g = object.__new__(cls)
        g._stamp = object()  # who listed an Action: this game object, never a copy of it (see ``act``)
        g._listed = None
        return g

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[str],
        leader: int = 0,
        rules: Ruleset | None = None,
        natural: Iterable[int] = (),
        places: Sequence[int | None] | None = None,
        revolt: int | None = None,
        hui: bool = False,
        chongdian: Sequence[str] = (),
        yaotou: bool | None = None,
    ) -> Game:
        """A game in its play phase from given hands (any sizes within the four decks).

        ``natural`` lists the seats that declared 自然开点 before 开牌 (R7.3). ``places`` sets
        the places of seats already out (their hands must be empty), so that tests can start
        from late positions such as 四户乱缠. ``revolt`` is a seat that declared 革命 and sits the
        game out (R11.4): its cards are set aside. ``hui`` makes the first lead 汇5 (R11.6): the
        leader's team leads all its 5s (6s, …) together after a 串三家.

        With the switches of R14.6 and R14.7: ``chongdian`` lists the three 够级 plays the 革命 seat
        冲点s with, from its set-aside cards, in order; ``yaotou`` is its 对头's declaration,
        True for 要头 (three 够死级 plays), False for 无头.
        """
        if len(hands) != SEATS:
            raise ValueError(f"够级 is played by six: {len(hands)} hands given")
        counts = [parse_cards(h) for h in hands]
        total = [sum(c[r] for c in counts) for r in range(len(counts[0]))]
        try:
            parse_cards(format_counts(total))
        except InvalidCards as e:
            raise InvalidCards(f"手牌合计超出四副牌：{e.zh}", f"the hands hold more than four decks: {e.en}") from None
        if not 0 <= leader < SEATS:
            raise ValueError(f"leader must be a seat 0–5, not {leader}")
        if revolt is not None and not 0 <= revolt < SEATS:
            raise ValueError(f"revolt must be a seat 0–5, not {revolt}")
        fixed: list[int | None] = list(places) if places is not None else [None] * SEATS
        if len(fixed) != SEATS:
            raise ValueError("places needs one entry per seat")
        for s in range(SEATS):
            if (fixed[s] is None) == (sum(counts[s]) == 0):
                raise ValueError(f"seat {s}: a seat already out has an empty hand and a place, and only then")
        taken = [p for p in fixed if p is not None]
        if len(set(taken)) != len(taken) or not all(1 <= p <= SEATS for p in taken):
            raise ValueError(f"places must be distinct numbers 1–6: {taken}")
        rules = rules or Ruleset.preset()
        chong = [parse_play(p) for p in chongdian]
        if chong and (revolt is None or not chongdian_switch.played(rules)):
            raise ValueError("冲点 needs the chongdian switch (R14.6) and a 革命 seat")
        if yaotou is not None and (revolt is None or not yaotou_switch.played(rules)):
            raise ValueError("要头/无头 needs the yaotou switch (R14.7) and a 革命 seat")
        if chong:
            chongdian_switch.check(counts[revolt], chong, rules)  # type: ignore[index]
        g = cls._blank()
        g._setup(counts, leader, rules, fixed)
        for s in sorted(set(natural)):
            g._declare_natural(s)
        g._begin(revolt, hui, chong, yaotou)
        return g

    @classmethod
    def deal(cls, seed: int | random.Random, rules: Ruleset | None = None) -> Game:
        """Shuffle the 216 cards with a seeded RNG and deal 36 each; the leader is drawn by lot (R11.1)."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        deck = full_deck()
        rng.shuffle(deck)
        leader = rng.randrange(SEATS)
        g = cls._blank()
        g._setup(deal_hands(deck, leader), leader, rules or Ruleset.preset(), [None] * SEATS)
        g._begin()
        return g

    def _setup(self, hands: list[Counts], leader: int, rules: Ruleset, places: list[int | None]) -> None:
        self.rules = rules
        self.hands = [list(h) for h in hands]
        self.initial = [format_counts(h) for h in hands]
        self.played = [0] * (RED + 1)
        self.shown = [0] * (RED + 1)
        self.aside = [0] * (RED + 1)
        self.leader = leader
        self.places = list(places)
        self.events = []
        self._event_cache = []
        self.ply = 0
        self.over = False
        self.chuan_san = None
        self.men_log = []
        self.luanchan = False
        self.grand_slam = None
        self.hooks = hooks_for(rules)
        self.burn = BurnState.start()
        self.opening = KaidianState.start([self.hooks.kaidian.lost_at_deal(h) for h in hands])
        self.revolution = RevoltState.start()
        self._dead = False
        self._new_round(leader)

    def _new_round(self, leader: int) -> None:
        self.to_act = leader
        self.round = RoundState.start(leader)

    def _declare_natural(self, seat: int) -> None:
        if holds_pure_gouji(self.hands[seat]):
            raise IllegalAction(
                "有纯够级牌，不能宣点（自然开点）",
                "only a seat dealt no pure 够级牌 may declare 自然开点",
            )
        self.opening.natural[seat] = True
        self.events.append(Event(EventKind.NATURAL, seat))

    def _begin(self, revolt: int | None = None, hui: bool = False, chong: Sequence[Play] = (),
               yaotou: bool | None = None) -> None:
        """Set 革命 aside (R11.4: place 四科 for now), place seats with no 3 at the bottom in play
        order from the leader (R8.3), and lead 冲点 (R14.6) or 汇5 (R11.6) when asked."""
        rev = self.revolution
        if revolt is not None:
            rev.revolt = revolt
            for r, n in enumerate(self.hands[revolt]):
                self.aside[r] += n
            self.hands[revolt] = [0] * (RED + 1)
            self.opening.kaidian_lost[revolt] = True
            self.places[revolt] = 4
            self.events.append(Event(EventKind.REVOLT, revolt, value=4))
            if chong:  # R14.6, logged before 要头/无头, which its 对头 declared after it
                self.events.append(Event(EventKind.CHONGDIAN, revolt, " ".join(str(p) for p in chong)))
            if yaotou is not None:  # R14.7; the pair's 开点 is settled by 冲点 or left out (decision 29)
                rev.head = opposite(revolt)
                rev.sijiji = 3 if yaotou else 0
                self.opening.kaidian_lost[rev.head] = True
                self.events.append(Event(EventKind.YAOTOU if yaotou else EventKind.WUTOU, rev.head))
        for i in range(SEATS):
            s = (self.leader + i) % SEATS
            if self.places[s] is None and self.hands[s][THREE] == 0:
                place = self.open_place(bottom=True)
                self.places[s] = place
                self.events.append(Event(EventKind.NO3, s, value=place))
        self._update_luanchan()
        if not self._check_end():
            if not any(self.hands[self.leader]):
                self._new_round(self._next_holder(self.leader))
            self.to_act = self.round.round_leader
            if chong:
                rev.chongdian = True
                rev.chong = [str(p) for p in chong]
                self._chong_next()
            elif hui:
                self._lead_hui(self.round.round_leader)

    def _lead_hui(self, leader: int) -> None:
        """汇5: the leader's team pools its lowest rank that every member holds, from 5 up."""
        members = [s for s in range(team_of(leader), SEATS, 2) if any(self.hands[s])]
        rank = next((r for r in range(FIVE, ACE + 1) if all(self.hands[s][r] for s in members)), None)
        if rank is None:
            return  # nothing to pool: an ordinary first lead
        total = 0
        for s in members:
            total += self.hands[s][rank]
            self.played[rank] += self.hands[s][rank]
            self.hands[s][rank] = 0
        play = Play(rank, total)
        self.events.append(Event(EventKind.HUI, leader, str(play)))
        self.opening.hui_open = True
        self._place_on_table(leader, play, "hui")
        self._after_play(leader, [], emptied=True)

    # ------------------------------------------------------------------ public reading
    def hand(self, seat: int) -> str:
        """Canonical text of the seat's cards, weakest first."""
        return format_counts(self.hands[seat])

    def counts(self) -> list[int]:
        """Cards held by each seat."""
        return [sum(h) for h in self.hands]

    @property
    def holding(self) -> int:
        return sum(1 for h in self.hands if any(h))

    def legal_actions(self, seat: int) -> LegalActions:
        """Every action the seat may take now, as text (a lazy sequence: see ``LegalActions``)."""
        if self.over or seat != self.to_act:
            return LegalActions(self, seat, (), ())
        origin = (self._stamp, self.ply, seat)
        top = self.round.top
        if top is None:
            return LegalActions(self, seat, (), self._leads(seat), "lead", origin)
        rule = self._answer_rule(seat)
        plays = self._answers(seat, rule)  # cheapest first, as ``answers`` builds them
        extra = ("pass", "let") if top[0] == _OPPOSITE[seat] and self._may_let(seat) else ("pass",)  # R5.4
        kinds: Callable[[Play], Any] | str = ""
        if rule == "free":  # follow, or kill with one card more: only a 大王 on the table is killed
            kinds = partial(self._kind_of, seat, rule=rule) if top[1].red else "follow"
        elif isinstance(rule, str):
            kinds = _RULE_KIND[rule]
        self._listed = (origin, plays, kinds, extra) if isinstance(kinds, str) else None
        return LegalActions(self, seat, extra, plays, kinds, origin)

    def is_legal(self, seat: int, action: str) -> bool:
        try:
            self._check(seat, action)
        except IllegalAction:
            return False
        return True

    def action_kind(self, seat: int, action: str) -> str | None:
        """What a legal action would be — ``lead``, ``follow``, ``dadian``, ``shao`` (烧牌), ``kill``
        (大王二杀一), ``chong`` (answering 冲点), ``pass`` or ``let`` — or None if it is not legal.
        Front ends label their buttons with it (the 烧牌 button offers the ``shao`` plays)."""
        try:
            kind, _ = self._check(seat, action)
        except IllegalAction:
            return None
        return kind

    def result(self) -> GameResult:
        if not self.over:
            raise IllegalAction("本局还没结束", "the game is not over yet")
        return score(self)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: its own hand, everything public, nobody else's cards."""
        seen = {e.seat for e in self.events if e.kind == "giveup"}
        gave_up = [s in seen for s in range(6)]
        public = self.public_dict(seat)
        return SeatView(
            seat=seat, rules=self.rules, hand=self.hand(seat), counts=self.counts(), places=list(self.places),
            to_act=self.to_act, leader=self.leader, round_leader=self.round_leader,
            top=(self.top[0], str(self.top[1])) if self.top else None, top_gouji=self.top_gouji,
            top_kind=self.top_kind if self.top else None, top_sijiji=self._top_sijiji(),
            chong_beaten=2 - len(self.chong) if self.top_kind == "chong" and self.top else None,
            may_kaidian=[not k and not lost for k, lost in zip(self.kaidian, public["kaidian_lost"], strict=True)],
            marks=list(self.marks), passed=list(self.passed), let_by=self.let_by, kaidian=list(self.kaidian),
            gave_up=gave_up, kaidian_chance=self.kaidian_chance, natural=list(self.natural), duty=list(self.duty),
            luanchan=self.luanchan, over=self.over, chuan_san=self.chuan_san, ply=self.ply, events=list(self.events),
            burning=self.burning, head=self.head, sijiji=self.sijiji,
            peek=teammate_peek.peek(self, seat),
            public=public,
        )

    def _top_sijiji(self) -> bool:
        """Whether the play on the table is 够死级: its ``sijiji`` event follows the play (R14.7)."""
        if self.top is None:
            return False
        top_seat = self.top[0]
        for e in reversed(self.events):
            if e.seat == top_seat and e.kind == "sijiji":
                return True
            if e.seat == top_seat and e.kind in ("lead", "follow"):
                return False
        return False

    # ------------------------------------------------------------------ acting
    def act(self, seat: int, action: str) -> None:
        """Apply one action (``play <cards>``, ``pass``, ``let``) or raise ``IllegalAction``. An
        ``Action`` listed by ``legal_actions`` for this very position is applied as listed."""
        if isinstance(action, Action) and action.kind is not None and action.origin == (self._stamp, self.ply, seat):
            kind, play = action.kind, action.play
        else:
            kind, play = self.listed_action(seat, action) or self._check(seat, action)
        self.ply += 1
        if kind == "pass":
            self._pass(seat)
        elif kind == "let":
            self._let(seat)
        elif self.round.top is None:
            assert play is not None
            self._lead(seat, play)
        else:
            assert play is not None
            self._follow(seat, play, kind)

    def listed_action(self, seat: int, action: str) -> tuple[str, Play | None] | None:
        """``pass``/``let`` or an ``Action`` carrying one of the answers ``legal_actions`` just listed for
        this very position (an AI acting with its own values): its kind and play, known without
        checking them again; None for anything else."""
        listed = self._listed
        if listed is None or listed[0] != (self._stamp, self.ply, seat):
            return None
        if action in listed[3]:
            return str(action), None
        play = action.play if isinstance(action, Action) else None
        if play is not None:
            for p in listed[1]:
                if p == play:
                    return listed[2], p
        return None

    def _check(self, seat: int, action: str) -> tuple[str, Play | None]:
        """Validate an action without changing anything; return its kind and play."""
        if self.over:
            raise IllegalAction("本局已结束", "the game is over")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
            raise IllegalAction("没有这个座位", f"there is no seat {seat!r}")
        if seat != self.to_act:
            raise IllegalAction("没轮到你", "it is not your turn")
        if not isinstance(action, str):
            raise IllegalAction("动作须是文字", f"an action is text such as 'play 888' or 'pass', not {action!r}")
        if isinstance(action, Action) and action.play is not None:  # its play is known: no parsing
            return self._check_play(seat, action.play)
        word, _, rest = action.strip().partition(" ")
        word = word.lower()
        if word in ("pass", "let") and rest.strip():
            raise IllegalAction(f"不认识的动作「{action}」", f"unknown action {action!r} (play <cards>, pass, let)")
        if word == "pass":
            if self.round.top is None:
                raise IllegalAction("你发牌，不能过", "you lead this round: you cannot pass")
            return "pass", None
        if word == "let":
            refusal = self._let_refusal(seat)
            if refusal:
                raise IllegalAction(*refusal)
            return "let", None
        if word != "play":
            raise IllegalAction(f"不认识的动作「{action}」", f"unknown action {action!r} (play <cards>, pass, let)")
        try:
            play = parse_play(rest)
        except InvalidPlay as e:
            raise IllegalAction(e.zh, e.en) from None
        return self._check_play(seat, play)

    def _check_play(self, seat: int, play: Play) -> tuple[str, Play]:
        """Validate ``play`` by the seat whose turn it is: held, and a lawful lead or answer."""
        hand = self.hands[seat]
        if not holds(hand, play):
            raise IllegalAction("你手里没有这些牌", f"you do not hold {play}")
        if self.round.top is None:
            self._check_lead(seat, play)
            return "lead", play
        return self._answer_kind(seat, play, raising=True) or "follow", play

    def _check_lead(self, seat: int, play: Play) -> None:
        hand = self.hands[seat]
        if play.is_threes and (play.n != hand[THREE] or not only_threes(hand)):
            raise IllegalAction("3 只能最后一次全部打出", "3s may only be led last, all at once")
        if play.base == FOUR:
            refusal = self.hooks.fours.refusal(self, seat, play, lead=True)
            if refusal is not None:
                raise IllegalAction(*refusal)
        duty = self.hooks.burning.lead_duty(self, seat)
        if duty == "burn":
            if not (play.black or play.red) and play != _whole_hand(hand):
                raise IllegalAction(
                    "烧牌：每次发牌须带小王或大王（出完手牌的最后一手除外）",
                    "burning (烧牌): every lead must carry a joker (小王 or 大王), "
                    "except the one that empties your hand",
                )
        elif duty == "joker" and not (play.black or play.red):
            raise IllegalAction(
                "步步带王：烧牌后每次发牌须带小王或大王",
                "步步带王: after burning, every lead must carry a 小王 or 大王",
            )

    def _leads(self, seat: int) -> Sequence[Play]:
        """Every lead the seat may make (lazy), under what its lead must carry (R6.4, R14.2: the
        ``burning`` hook); empty only for a burner that cannot keep its duty."""
        h = self.hands[seat]
        duty = self.hooks.burning.lead_duty(self, seat)
        if duty == "burn":
            if h[BLACK] or h[RED]:
                return LeadSpace(h, need_joker=True)
            last = _whole_hand(h)
            return [last] if last is not None else []
        return LeadSpace(h, duty == "joker", self._fours_from(seat, lead=True))

    def _fours_from(self, seat: int, lead: bool) -> int:
        """The fewest 4s a play of 4s by the seat may hold now (the ``fours`` hook)."""
        fours = self.hooks.fours
        return fours.fours_from(self, seat, lead) if fours.bars and self.hands[seat][FOUR] else 1

    def _answer_kind(self, seat: int, play: Play, raising: bool = False) -> str | None:
        """How ``play`` answers the top play — follow, dadian, shao, kill or chong — or None (or raise
        ``IllegalAction`` with the reason)."""
        kind = self._answer_or_reason(seat, play)
        if isinstance(kind, tuple):
            if raising:
                raise IllegalAction(*kind)
            return None
        return kind

    def _answer_or_reason(self, seat: int, play: Play) -> str | tuple[str, str]:
        assert self.round.top is not None
        top = self.round.top[1]
        if play.is_threes:
            return "3 不能顺牌，只能最后全部发出", "3s can never beat a play; they are led last, all at once"
        if play.base == FOUR:
            refusal = self.hooks.fours.refusal(self, seat, play, lead=False)
            if refusal is not None:
                return refusal
        if not beats(play, top, self.rules):
            if len(play) != len(top) and not (top.red and play.red >= 2):
                return f"要压住上家须同样张数（{len(top)} 张）", f"you must play the same number of cards ({len(top)})"
            return f"{play} 压不住 {top}", f"{play} does not beat {top}: every card must be stronger"
        rule = self._answer_rule(seat)
        return rule if isinstance(rule, tuple) else self._kind_of(seat, play, rule)

    def _answer_rule(self, seat: int) -> str | tuple[str, str]:
        """How the seat's answers to the top play count, the same for every play that beats it: a kind
        (``chong``, ``dadian``, ``follow``, ``shao``), ``shao?`` (捎 by 第十六条, judged per play),
        ``free`` (follow, or kill with one card more), ``locked`` (only 大王二杀一, 第十条) — or the
        reason no answer is allowed. The one place that reads R5.3, R6.1–R6.3 and R14.7 for answers
        (and the ``burning`` hook, R6.3 or R14.2, for a burn), for validating a typed play and for
        listing the legal ones alike."""
        r = self.round
        assert r.top is not None
        top_seat = r.top[0]
        if r.top_kind == "chong":
            return "chong"
        if self.burn.burning is not None and self.burn.burning[0] == top_seat:
            refusal = self.hooks.burning.burner_answer_refusal(self, seat)
            if refusal is not None:
                return refusal
        if r.top_gouji:
            if seat == _OPPOSITE[top_seat]:
                return "dadian"
            if r.passed[seat]:
                return "你本轮已过牌，不能再烧牌", "you passed this round: you can no longer burn (烧牌)"
            if self._free_answer(seat):
                return "follow"
            return self.hooks.burning.answer  # R6.3 捎, judged per play; R14.2 烧, declared by playing
        if r.passed[seat] and not self.luanchan and top_seat != _OPPOSITE[seat]:
            return "locked"
        return "free"

    def _kind_of(self, seat: int, play: Play, rule: str) -> str | tuple[str, str]:
        """The kind of an answer that beats the top play, under the seat's ``_answer_rule`` — or the
        reason it is refused."""
        assert self.round.top is not None
        if rule == "shao?":
            return _shao_reason(self.hands[seat], play) or "shao"
        if rule in ("free", "locked"):
            if is_kill(play, self.round.top[1]):
                return "kill"
            if rule == "locked":
                return ("你本轮已过牌（只有对家的牌可以再打）",
                        "you passed this round (only your 对家's play may still be answered)")
            return "follow"
        return rule

    def _free_answer(self, seat: int) -> bool:
        """R14.7 无头: the 对头 of a 革命 seat, its 够死级 spent or declined, answers anyone freely."""
        return seat == self.revolution.head and not self.revolution.sijiji

    def _answers(self, seat: int, rule: str | tuple[str, str]) -> list[Play]:
        """Every legal answer of the seat under its ``_answer_rule``. ``answers`` yields only plays that
        beat the top play, so only the rule part is checked here, and only where it depends on the
        play; the kind of each is ``_kind_of``."""
        assert self.round.top is not None
        if isinstance(rule, tuple):
            return []
        hand, top = self.hands[seat], self.round.top[1]
        if rule == "shao?" and (not hand[THREE] or hand[FOUR]):
            return []  # 捎 needs a 3 and no 4 (第十六条 (一)(二)), whatever the play
        if rule == "locked" and not top.red:
            return []  # locked, and no 大王 on the table to kill
        found = answers(hand, top, self.rules)
        if top.base == THREE and hand[FOUR] and self._fours_from(seat, lead=False) > 1:
            found = [p for p in found if p.base != FOUR]  # 冲三 (R13.4): 4s beat only 3s
        if rule in ("shao?", "locked"):
            return [p for p in found if isinstance(self._kind_of(seat, p, rule), str)]
        return found

    def _can_answer(self, seat: int) -> bool:
        """Whether the seat has any legal answer: by counting cards (``can_beat``, ``can_kill``) when
        the rule does not depend on the play, else by finding one (捎, judged per play)."""
        top = self.round.top
        assert top is not None
        rule = self._answer_rule(seat)
        if top[1].base == THREE and self.hooks.fours.bars:  # 4s may answer 3s, and may be barred: find one
            return bool(self._answers(seat, rule))
        if rule == "free" or rule in _WHOLE_RULES:
            return can_beat(self.hands[seat], top[1], self.rules)
        if rule == "locked":
            return can_kill(self.hands[seat], top[1], self.rules)
        return bool(self._answers(seat, rule))

    def _may_let(self, seat: int) -> bool:
        return self._let_refusal(seat) is None

    def _let_refusal(self, seat: int) -> tuple[str, str] | None:
        """R5.4 让牌: on its 对家's play, with that seat able to beat it, before the restrictions end
        (R9.4), once per play — or the reason not, in Chinese and English. The one place that decides
        both whether 让 is offered and why it is refused."""
        if self.to_act != seat:
            return "没轮到你", "it is not your turn"
        if self.round.top is None:
            return "你发牌，不能让牌", "you lead this round: there is nothing to let"
        if self.luanchan:
            return "四户乱缠时不能让牌", "no 让牌 in 四户乱缠"
        if self.round.top_kind == "chong":
            return "冲点只能打或不打", "冲点: beat the set or pass (不打); there is no 让牌"
        if self.round.top[0] != opposite(seat):
            return "只能让对家的牌", "you may let (让牌) only your 对家's play"
        refusal = self.hooks.burning.let_refusal(self)
        if refusal is not None:
            return refusal
        if self.round.let_done:
            return "这手牌你已经让过了", "you have already let this play"
        return None

    def burn_refusal(self, seat: int) -> tuple[str, str] | None:
        """Why the seat cannot burn (烧牌) the play on the table now, in Chinese and English — or None
        when one of its legal plays burns it (``action_kind`` ``shao``). The one place front ends ask,
        to light a 烧牌 button and to answer one pressed in vain."""
        if self.to_act != seat:
            return "没轮到你", "it is not your turn"
        if self.round.top is None or not self.round.top_gouji:
            return "桌面上没有够级牌，没有可烧的", "there is no 够级 play on the table to burn"
        rule = self._answer_rule(seat)
        if isinstance(rule, tuple):
            return rule
        if rule == "dadian":
            return ("这是你对头的够级牌：压住它是打点，不是烧牌",
                    "it is your 对头's 够级 play: beating it is 打点, not a burn")
        if rule not in ("shao", "shao?"):
            return "这手牌不能烧", "this play cannot be burned"
        if any(self._kind_of(seat, play, rule) == "shao" for play in self._answers(seat, rule)):
            return None
        hand = self.hands[seat]
        if rule == "shao?" and (not hand[THREE] or hand[FOUR]):
            return _shao_reason(hand, self.round.top[1])  # 第十六条 (一)(二), whatever the play
        return ("你没有能烧它的牌（要压得住，烧后王不少于剩下的点数种类）" if rule == "shao?" else "你没有压得住它的牌",
                "you hold no play that burns it" + (" (it must beat it and leave you jokers enough)"
                                                    if rule == "shao?" else ": none beats it"))

    # ------------------------------------------------------------------ applying
    def _take(self, seat: int, play: Play) -> None:
        h, played = self.hands[seat], self.played
        if play.n:
            h[play.base] -= play.n
            played[play.base] += play.n
        if play.twos:
            h[TWO] -= play.twos
            played[TWO] += play.twos
        if play.black:
            h[BLACK] -= play.black
            played[BLACK] += play.black
        if play.red:
            h[RED] -= play.red
            played[RED] += play.red

    def _lead(self, seat: int, play: Play) -> None:
        fours = self.hands[seat][FOUR]
        chance = self.opening.kaidian_chance
        self.opening.kaidian_chance = None
        self._take(seat, play)
        self.events.append(play_event(_LEAD, seat, play.text))
        if play.base == FOUR:
            self.hooks.kaidian.fours_led(self, seat, play, fours, chance == seat)
        self._place_on_table(seat, play, "lead")
        self._after_play(seat, [])

    def give_up(self, seat: int) -> None:
        """The seat gives up 开点 for this game (R7), logged once; public for the rules (``port.GamePort``)."""
        if not self.opening.kaidian[seat] and not self.opening.kaidian_lost[seat]:
            self.opening.kaidian_lost[seat] = True
            self.events.append(Event(EventKind.GIVEUP, seat))

    def _follow(self, seat: int, play: Play, kind: str) -> None:
        r = self.round
        assert r.top is not None
        if kind == "chong":
            self._chong_answer(seat, play)
            return
        prev_seat, prev_kind = r.top[0], r.top_kind
        if r.let_by is not None:  # someone beat the play that was let: the letter counts as passed
            r.passed[r.let_by] = True
            r.let_by = None
        self._take(seat, play)
        self.events.append(play_event(_FOLLOW, seat, play.text))
        hooks = self.hooks
        hooks.burning.answered(self, seat, prev_seat, kind)
        if play.base == FOUR:
            hooks.kaidian.fours_followed(self, seat)
        if self.opening.hui_open:  # R11.6: a winning-team member's pure answer to 汇5 that stands is 开点
            pure = not (play.twos or play.black or play.red)
            self.opening.hui_seat = seat if pure and team_of(seat) != team_of(r.round_leader) else None
        self._place_on_table(seat, play, kind)
        beaten = [prev_seat]
        if prev_kind == "hui":  # every member gave its cards to 汇5: all of them were beaten
            beaten += [s for s in range(team_of(prev_seat), SEATS, 2) if s != prev_seat]
        self._after_play(seat, beaten)

    def log_answer(self, seat: int, prev_seat: int, kind: str) -> None:
        """打点 (反打点 when it answers an 打点, R6.2) and 大王二杀一 go into the log by name; public for the
        rules (``port.GamePort``)."""
        if kind == "dadian":
            counter = self.round.top_kind in ("dadian", "fandadian")
            self.events.append(Event(EventKind.FANDADIAN if counter else EventKind.DADIAN, seat, target=prev_seat))
        elif kind == "kill":
            self.events.append(Event(EventKind.KILL, seat, target=prev_seat))

    def _chong_next(self) -> None:
        """R14.6 冲点: the 革命 seat's next set goes on the table from its set-aside cards; its 对家
        beats it or passes (不打), and a pass or no answer means the 革命 seat 开点s."""
        assert self.revolution.revolt is not None
        play = parse_play(self.revolution.chong.pop(0))
        for r, n in enumerate(play.counts()):
            self.aside[r] -= n
            self.played[r] += n
        self._place_on_table(self.revolution.revolt, play, "chong")
        self.round.top_gouji = self.round.top_pure = False
        d = opposite(self.revolution.revolt)
        if self._can_answer(d):
            self.to_act = d
        else:
            self.events.append(AUTO_PASSES[d])
            self._chong_end(self.revolution.revolt)

    def _chong_answer(self, seat: int, play: Play) -> None:
        self._take(seat, play)
        self.events.append(play_event(_FOLLOW, seat, play.text))
        self.round.marks[seat] = play.text
        if self.revolution.chong:
            self._chong_next()
        else:
            self._chong_end(seat)  # all three beaten: the 对家 开点s

    def _chong_end(self, winner: int) -> None:
        self.revolution.chong = []
        self.opening.kaidian[winner] = True
        self.events.append(Event(EventKind.KAIDIAN, winner))
        d = opposite(winner)
        for s in (winner, d):
            if not any(self.hands[s]) and self.places[s] is None:  # spent every card beating the sets
                self.places[s] = self.open_place(bottom=False)
                self.events.append(Event(EventKind.OUT, s, value=self.places[s]))
        self._update_luanchan()
        if not self._check_end():
            leader = self.round.round_leader
            if not any(self.hands[leader]):
                leader = self._next_holder(leader)
            self._new_round(leader)
            self.events.append(ROUNDS[leader])

    def _place_on_table(self, seat: int, play: Play, kind: str) -> None:
        r = self.round
        r.top = (seat, play)
        r.top_kind = kind
        r.let_done = False
        gouji = r.top_gouji = is_gouji(play, self.rules)  # in force: checked again once the play has done its work
        r.top_pure = gouji and is_pure_gouji(play, self.rules)  # pure is 够级 too
        r.marks[seat] = play.text
        rev = self.revolution
        self._dead = gouji and seat == rev.head and rev.sijiji > 0 and self.holding >= 5
        if self._dead:
            rev.sijiji -= 1  # R14.7 要头: this 够级 play is 够死级, answered only by 烧
            self.events.append(Event(EventKind.SIJIJI, seat, value=3 - rev.sijiji))

    def _after_play(self, seat: int, beaten: list[int], emptied: bool = False) -> None:
        """Places, 闷, the end of 够级 in force, the end of the game, then the next seat with a choice.

        The restrictions (R9.4) and the game (R9.2) can end only when a hand empties — by this play,
        by 闷, or (``emptied``) by giving every card to 汇5 — so they are looked at only then."""
        for victim in beaten:
            if only_threes(self.hands[victim]):
                self._men(seat, victim)
                emptied = True
        if not any(self.hands[seat]):
            emptied = True
            b = self.burn
            if b.burning is not None and b.burning[0] == seat:  # R14.2 烧成功
                b.shao_log.append(b.burning)
                self.events.append(Event(EventKind.SHAO_OK, seat, target=b.burning[1]))
                b.burning = None
                b.duty[seat] = False
            if self.places[seat] is None:  # 走牌 (R8.1); a no-3 seat already holds its bottom place
                place = self.open_place(bottom=False)
                self.places[seat] = place
                self.events.append(Event(EventKind.OUT, seat, value=place))
                self._promote_revolt()
                if place == 1 and not grand_slam.first_out(self, seat):
                    suffocation.first_out(self, seat)
            self._check_chuan_san()
        if emptied:
            self._update_luanchan()
        r = self.round
        if r.top_gouji and (not (any(self.hands[_OPPOSITE[seat]]) or self._dead) or self.holding < 5):  # R4.4
            r.top_gouji = r.top_pure = False
        if not (emptied and self._check_end()):
            self._advance(seat)

    def _men(self, by: int, victim: int) -> None:
        """R8.2 闷: the beaten seat holding only 3s shows them and takes the last open place."""
        h = self.hands[victim]
        shown = format_counts(h)
        for r, n in enumerate(h):
            self.shown[r] += n
            h[r] = 0
        place = self.open_place(bottom=True)
        self.places[victim] = place
        self.men_log.append((by, victim))
        self.burn.duty[victim] = False
        self.events.append(Event(EventKind.MEN, by, shown, target=victim, value=place))

    def _pass(self, seat: int) -> None:
        r = self.round
        r.passed[seat] = True
        r.marks[seat] = "pass"
        self.events.append(PASSES[seat])
        if r.top_kind == "chong":  # 不打: the 革命 seat 开点s (R14.6)
            assert self.revolution.revolt is not None
            self._chong_end(self.revolution.revolt)
            return
        self._advance(seat)

    def _let(self, seat: int) -> None:
        r = self.round
        r.let_by = seat
        r.let_done = True
        r.marks[seat] = "let"
        self.events.append(Event(EventKind.LET, seat))
        self._advance(seat)

    # ------------------------------------------------------------------ turn order
    def _advance(self, seat: int) -> None:
        """Move the turn to the next seat with a choice, passing for those without (R5.2–R5.6)."""
        r = self.round
        assert r.top is not None
        # the seats still to act on the top play after ``seat``, until the round would end: in play
        # order, or as the ``burning`` hook orders a 够级 play in force (R5.2, R6.1; R14.2)
        for s in (self.hooks.burning.gouji_order if r.top_gouji else PLAY_ORDER)[r.top[0]][seat]:
            if not any(self.hands[s]):
                continue
            if self._can_answer(s):
                self.to_act = s
                return
            r.passed[s] = True
            r.marks[s] = "pass"
            self.events.append(AUTO_PASSES[s])
        if r.let_by is not None:  # neither 下家 nor 下联 beat the play that was let: the letter acts again
            self.to_act = r.let_by
            r.let_by = None
            return
        self._end_round()

    def _end_round(self) -> None:
        assert self.round.top is not None
        top_seat, _ = self.round.top
        o = self.opening
        if o.hui_open:
            o.hui_open = False
            if o.hui_seat == top_seat and not o.kaidian_lost[top_seat] and not o.kaidian[top_seat]:
                o.kaidian[top_seat] = True
                self.events.append(Event(EventKind.KAIDIAN, top_seat))
            o.hui_seat = None
        if self.round.round_shao is not None:
            self.burn.shao_log.append(self.round.round_shao)
            self.events.append(Event(EventKind.SHAO_STANDS, self.round.round_shao[0], target=self.round.round_shao[1]))
        if any(self.hands[top_seat]):
            self.hooks.kaidian.round_won(self, top_seat)  # R7.1 the chance of 开点; R14.1 开点
        leader = top_seat
        if not any(self.hands[top_seat]):
            leader = self._next_holder(top_seat)
            self.events.append(Event(EventKind.JIEFENG, leader))
        self._new_round(leader)
        self.events.append(ROUNDS[leader])
        if self.burn.burning is not None and self.burn.burning[0] == leader and not self._leads(leader):
            self._burn_fail(leader)

    def _burn_fail(self, seat: int) -> None:
        """R14.2 烧失败: a burner that must lead and has no lead carrying a joker (nor its last play)
        is 大落 and plays no more; its cards leave play unseen, and the next seat leads."""
        assert self.burn.burning is not None
        self.events.append(Event(EventKind.SHAO_FAIL, seat, target=self.burn.burning[1]))
        self.burn.burning = None
        self.burn.duty[seat] = False
        for r, n in enumerate(self.hands[seat]):
            self.aside[r] += n
        self.hands[seat] = [0] * (RED + 1)
        if self.places[seat] is None:
            self.places[seat] = self.open_place(bottom=True)
        self.events.append(Event(EventKind.OUT, seat, value=self.places[seat], auto=True))
        self._update_luanchan()
        if not self._check_end():
            leader = self._next_holder(seat)
            self._new_round(leader)
            self.events.append(Event(EventKind.JIEFENG, leader))

    def _next_holder(self, seat: int) -> int:
        for i in range(1, SEATS + 1):
            s = (seat + i) % SEATS
            if any(self.hands[s]):
                return s
        raise AssertionError("nobody holds cards")

    # ------------------------------------------------------------------ places and the end
    def open_place(self, bottom: bool) -> int:
        """The best place still open (2 for the second seat out), or with ``bottom`` the worst: public for the
        rules (满贯, 窒息), which see the game through ``port.GamePort``."""
        free = [p for p in range(1, SEATS + 1) if p not in self.places]
        return free[-1] if bottom else free[0]

    def _promote_revolt(self) -> None:
        """R11.4: the 革命 seat is 三科 when its teammates take 头科 and 二科 (串三家 then)."""
        r = self.revolution.revolt
        if r is not None and self.places[r] == 4:
            mates = {self.places[s] for s in range(team_of(r), SEATS, 2) if s != r}
            if mates == {1, 2}:
                if 3 in self.places:  # a seat placed from the bottom (闷, no 3) gives 三科 up: it takes 四科
                    other = self.places.index(3)
                    self.places[other] = 4
                    self.events.append(Event(EventKind.OUT, other, value=4, auto=True))
                self.places[r] = 3
                self.events.append(Event(EventKind.OUT, r, value=3, auto=True))

    def _update_luanchan(self) -> None:
        """R9.4: the restrictions end when the ``restrictions`` hook says (by the 大纲 once 二科 is out;
        R14.9 四户乱缠 once four or fewer seats hold cards). 够级 itself ends by R4.4 in ``_after_play``
        whatever the switches."""
        if not self.luanchan and self.hooks.restrictions.ended(self):
            self.luanchan = True  # a 烧 in progress (R14.2) ends undecided (decision 32)
            self.burn.duty = [False] * SEATS
            self.burn.burning = None
            self.events.append(Event(EventKind.LUANCHAN))

    def _check_chuan_san(self) -> None:
        if self.chuan_san is not None:
            return
        top3 = [s for s in range(SEATS) if self.places[s] in (1, 2, 3)]
        if len(top3) == 3 and len({team_of(s) for s in top3}) == 1:
            self.chuan_san = team_of(top3[0])
            self.events.append(Event(EventKind.CHUANSAN, value=self.chuan_san))

    def _check_end(self) -> bool:
        """R9.2/R9.3: 串三家, a team all out, or one seat left ends the game."""
        holding = [any(h) for h in self.hands]
        team_out = not (holding[0] or holding[2] or holding[4]) or not (holding[1] or holding[3] or holding[5])
        if self.chuan_san is None and not team_out and sum(holding) > 1:
            return False
        holders = [s for s in range(SEATS) if holding[s]]
        order = [(self.round.round_leader + i) % SEATS for i in range(SEATS)]
        left = [s for s in holders if self.places[s] is None]
        left.sort(key=lambda s: (sum(self.hands[s]), order.index(s)))
        for s in left:
            place = self.open_place(bottom=False)
            self.places[s] = place
            self.events.append(Event(EventKind.OUT, s, value=place, auto=True))
        self._check_chuan_san()
        self.over = True
        self.to_act = None
        self.events.append(Event(EventKind.END, value=self.chuan_san))
        return True

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        """The whole state, flat (one key per field of the game and of its groups), as JSON takes it."""
        return _LAYOUT.dump(self, {"events": event_dicts(self.events, self._event_cache)})

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    def public_dict(self, seat: int) -> dict[str, Any]:
        """``to_dict`` as ``seat`` may know it: other hands and the 革命 seat's set-aside cards are
        gone, and whether another seat may still 开点 shows only what the table saw."""
        d = _PUBLIC_LAYOUT.dump(self, {"events": event_dicts(self.events, self._event_cache)})
        for key, value in d.items():  # a view is a snapshot: it must not share the game's lists
            if isinstance(value, list) and key != "events":  # (the event dicts are new lists of frozen rows)
                d[key] = [list(x) if isinstance(x, list) else x for x in value]
        seen = table_lost(self.events, self.revolution.revolt, self.revolution.head)
        d["kaidian_lost"] = [self.opening.kaidian_lost[s] if s == seat else seen[s] for s in range(SEATS)]
        d["aside_count"] = sum(self.aside)
        return d

    @classmethod
    def from_public(cls, public: dict[str, Any], hands: Sequence[str], aside: str = "") -> Game:
        """A game from a seat's public state and a guess at the hidden cards (for search: the
        strong AI plays out such guesses). ``hands`` are all six hands, ``aside`` the 革命 cards."""
        d = dict(public)
        d.pop("aside_count", None)
        return cls.from_dict({**d, "hands": list(hands), "initial": list(hands), "aside": aside})

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        """A game from ``to_dict``'s state, or an older one: a field added since reads as its ``old``
        (those of the classic preset as a 大纲 game)."""
        g = cls._blank()
        _LAYOUT.restore(g, d)
        g.events = [Event.from_dict(e) for e in d["events"]]
        g._event_cache = []
        g.hooks = hooks_for(g.rules)
        g._dead = False
        return g

    @classmethod
    def from_json(cls, text: str) -> Game:
        return cls.from_dict(json.loads(text))

    def __repr__(self) -> str:
        state = "over" if self.over else f"to_act={self.to_act}"
        return f"<Game ply={self.ply} {state} counts={self.counts()}>"


def _shao_reason(hand: Sequence[int], play: Play) -> tuple[str, str] | None:
    """第十六条: the conditions for 捎牌 (烧牌) and 反捎, or the reason they fail."""
    if not hand[THREE]:
        return "烧牌须手里有 3", "to burn (烧牌) you must hold a 3"
    if hand[FOUR]:
        return "手里有 4 不能烧牌", "you cannot burn (烧牌) while you hold a 4"
    after = list(hand)
    for r, n in enumerate(play.counts()):
        after[r] -= n
    if only_threes(after):
        return None
    jokers = after[BLACK] + after[RED]
    kinds = sum(1 for r in range(FOUR, TWO) if after[r])
    if jokers < kinds:
        return (
            f"烧牌后王（{jokers}）须不少于剩下的点数种类（{kinds}，3 和 2 除外）",
            f"after burning, your jokers ({jokers}) must be at least the ranks you still hold "
            f"({kinds}, 3s and 2s aside)",
        )
    return None


def _whole_hand(hand: Sequence[int]) -> Play | None:
    """The whole hand as one play, if it makes one: the lead that empties a burner's hand (R14.2).
    A hand with 3s and other cards is two plays at least (憋3)."""
    if hand[THREE]:
        return None
    bases = [r for r in range(FOUR, ACE + 1) if hand[r]]
    if len(bases) > 1 or (bases == [FOUR] and (hand[TWO] or hand[BLACK] or hand[RED])):
        return None
    if bases:
        return Play(bases[0], hand[bases[0]], hand[TWO], hand[BLACK], hand[RED])
    if hand[TWO]:
        return Play(TWO, hand[TWO], 0, hand[BLACK], hand[RED])
    if hand[BLACK] or hand[RED]:
        return Play(0, 0, 0, hand[BLACK], hand[RED])
    return None


__all__ = ["Game", "opposite", "team_of"]
