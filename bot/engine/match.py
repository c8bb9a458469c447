"""A match: several games with fixed seats (R10.6), and every phase before play (R11, R12).

Everything a rule lets a player decide is an action of ``legal_actions`` — buying a 3 or 4,
selling it, 革命, 宣点, the 点贡 choice, skipping a tribute between teammates, choosing the
leader after 串三家 — so a bot, the terminal table and the AI drive a match the same way.
What the rules decide without anyone's choice (赠3/赠4, tribute cards, 抗贡, 免贡) happens as
soon as it is due and is logged.

The phases before play run as a queue of tasks: automatic ones are carried out at once, and
the first decision stops the queue with its seat in ``to_act``. The queue is plain data, so
the whole match round-trips through JSON like a game does. Each kind of task is a typed record
(``bot.engine.phases``): the match's own are here (deal, buying, tribute, 开牌); a switch's phase
(上班, 革命, 冲点/要头, 宣点) is in its module, which says where it enters the queue (``PLANS``).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from .cards import (
    BLACK,
    FOUR,
    RED,
    SEATS,
    SUITS,
    SYMBOLS,
    TWO,
    Counts,
    deal_hands,
    format_counts,
    full_deck,
    opposite,
    parse_cards,
    team_of,
)
from .errors import IllegalAction
from .events import Event, EventKind, event_dicts
from .game import Game
from .hooks import TRIBUTE_RANKS, pair_out
from .phases import BUYING, TRIBUTE, Automatic, Decision, Kind, always, in_turn, pick
from .rules import PLANS, SWITCH_TASKS, buy_with_two_first, hooks_for
from .ruleset import Ruleset
from .state import DEEP, DICTS, HANDS, LIST, LISTS, RULES, Codec, Spec, Stored
from .view import SeatView

TRIBUTE_NAMES = {"dian": "点贡", "shao": "捎贡", "burn": "烧贡", "men": "闷贡", "luo": "落贡", "duitou": "对头贡"}
@dataclass(frozen=True)
class Standings:
    """Team points game by game and in total (R10.5, R10.6); ``winner`` once the match is over."""

    games: int
    played: int
    per_game: list[list[int]]
    totals: list[int]
    seat_totals: list[int]
    winner: int | None
    over: bool

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class MatchView:
    """What one seat may know of a match. In play, ``game`` is the game's ``SeatView``; before
    play, ``decision`` names what ``to_act`` must decide and ``legal`` lists this seat's choices."""

    seat: int
    rules: Ruleset
    phase: str
    game_no: int
    games: int
    to_act: int | None
    leader: int
    hand: str
    counts: list[int]
    decision: str | None
    legal: list[str]
    revolt: int | None
    natural: list[int]
    votes: list[int]
    events: list[Event]
    standings: Standings
    game: SeatView | None
    owed: tuple[int, str, str] | None = None
    """While this seat decides a tribute to a teammate (R12.6): to whom, the cards it would give (its
    strongest dealt 大王, 小王, 2) and which tribute (点贡 …) — so that the question names them."""

    def to_dict(self) -> dict[str, Any]:
        d = {k: v for k, v in self.__dict__.items() if k not in ("events", "standings", "game")}
        d["rules"] = self.rules.to_dict()
        d["events"] = [e.to_dict() for e in self.events]
        d["standings"] = self.standings.to_dict()
        d["game"] = self.game.to_dict() if self.game else None
        return d


_GAME = Codec(lambda g: g.to_dict() if g else None, lambda d: Game.from_dict(d) if d else None)
"""The game in play, or None between games."""
_STORED = Spec(
    Stored("seed"), Stored("rules", RULES), Stored("games"), Stored("game_no"), Stored("deal_no"),
    Stored("results", DEEP), Stored("game", _GAME), Stored("phase"), Stored("waiting", attr="_waiting"),
    Stored("queue", DICTS), Stored("leader"), Stored("hands", HANDS), Stored("dealt", HANDS),
    Stored("payable", HANDS), Stored("votes", LIST), Stored("revolt"), Stored("natural", LIST),
    Stored("excused", LIST), Stored("dian_both", LISTS),
    # added with the classic preset: a match saved before them reads as a 大纲 match
    Stored("by_lot", old=False), Stored("preset_suits", old=None), Stored("suits", LIST, old=lambda: [""] * SEATS),
    Stored("chong_sets", LIST, old=list), Stored("yaotou", old=None), Stored("shown4", LISTS, old=list),
)
"""A match's stored fields (``state``); its log is written through its cache."""


class Match:
    """A match of ``games`` games. Build it with ``Match.new(seed=..., rules=..., games=N)``."""

    def __init__(self, seed: int, rules: Ruleset | None = None, games: int = 4) -> None:
        """A match before its first deal: ``new``, ``from_deal`` and ``from_dict`` build on this."""
        if games < 1:
            raise ValueError("a match has at least one game")
        self.seed = seed
        self.rules = rules or Ruleset.preset()
        self.hooks = hooks_for(self.rules)
        self.games = games
        self.game_no = 1
        self.deal_no = 0
        self.results: list[dict[str, Any]] = []
        self.events: list[Event] = []
        self._event_cache: list[dict[str, Any]] = []
        self.game: Game | None = None
        self.phase = "deal"
        self._waiting: int | None = None
        self.queue: list[dict[str, Any]] = []
        self.dian_both: list[list[int]] = []
        self.leader = 0
        self.by_lot = False  # the leader was drawn by lot: 上班 may take the lead (R14.4)
        self.preset_suits: list[str] | None = None
        self._reset_deal_state()

    @classmethod
    def new(cls, seed: int, rules: Ruleset | None = None, games: int = 4) -> Match:
        """A match from a seeded deal; the first leader is drawn by lot (R11.1)."""
        m = cls(seed, rules, games)
        m.leader = random.Random(f"{seed}/1/lot").randrange(SEATS)
        m.by_lot = True
        m.events.append(Event(EventKind.LOT, m.leader))
        m._deal()
        return m

    @classmethod
    def from_deal(
        cls,
        hands: list[str],
        leader: int = 0,
        rules: Ruleset | None = None,
        games: int = 1,
        previous: dict[str, Any] | None = None,
        seed: int = 0,
        suits: list[str] | None = None,
        shangban: bool = False,
    ) -> Match:
        """A match whose current game starts from the given deal (36 cards each, 216 in all), for
        tests and puzzles. ``previous`` is the last game's result (as in ``results``: places,
        kaidian, shao, men, chuan_san, revolt, no3, seat_points, team_points): tribute follows it.
        ``suits`` gives the suits of each seat's 4s (letters of ``SHCD``, drawn from the seed when
        None); ``shangban`` makes ``leader`` the dealer and lets 上班 choose who leads (R14.4)."""
        counts = [parse_cards(h) for h in hands]
        if len(counts) != SEATS or sum(map(sum, counts)) != len(full_deck()):
            raise ValueError("a deal is six hands of 216 cards in all")
        m = cls(seed, rules, games + (1 if previous else 0))
        if previous is not None:
            m.results.append({"game_no": 1, **previous})
            m.game_no = 2
        m.leader = leader
        m.by_lot = shangban
        if suits is not None:
            if [len(x) for x in suits] != [h[FOUR] for h in counts] or any(set(x) - set(SUITS) for x in suits):
                raise ValueError("suits: one letter of SHCD per 4 held, for each seat")
            m.preset_suits = list(suits)
        if previous is not None:
            m._before_deal(counts, choose_leader=False)
        else:
            m._deal(counts)
        return m

    def _reset_deal_state(self) -> None:
        self.hands: list[Counts] = [[0] * (RED + 1) for _ in range(SEATS)]
        self.dealt: list[Counts] = [[0] * (RED + 1) for _ in range(SEATS)]
        self.payable: list[Counts] = [[0] * (RED + 1) for _ in range(SEATS)]  # dealt 2/B/R not given away
        self.votes: list[int] = []
        self.revolt: int | None = None
        self.natural: list[int] = []
        self.excused: list[bool] = [False] * SEATS
        self.suits: list[str] = [""] * SEATS  # the suits of each seat's 4s
        self.chong_sets: list[str] = []  # the 革命 seat's 冲点 (R14.6)
        self.yaotou: bool | None = None  # its 对头's 要头 (True) or 无头 (False) (R14.7)
        self.shown4: list[list[int]] = []  # [seat, count] of each seat that showed its 4s for 上班

    # ------------------------------------------------------------------ reading
    @property
    def to_act(self) -> int | None:
        """The seat that must act now, in every phase; None once the match is over."""
        if self.phase == "play" and self.game is not None:
            return self.game.to_act
        return self._waiting

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def previous(self) -> dict[str, Any] | None:
        return self.results[-1] if self.results else None

    def hand(self, seat: int) -> str:
        if self.game is not None:
            return self.game.hand(seat)
        return format_counts(self.hands[seat])

    def legal_actions(self, seat: int) -> list[str]:
        """Every action the seat may take now (in play: the game's, a lazy sequence)."""
        if self.phase == "play" and self.game is not None:
            return self.game.legal_actions(seat)  # type: ignore[return-value]
        if self.over or seat != self._waiting or not self.queue:
            return []
        return self._choices(self.queue[0])

    def default_action(self, seat: int) -> str:
        """What the table does for a silent seat on time-out: the safe choice of each decision."""
        actions = self.legal_actions(seat)
        if not actions:
            raise IllegalAction("没轮到你", "it is not your turn")
        if self.phase == "play":
            return "pass" if "pass" in actions else actions[0]
        task = self.queue[0]
        return _decision(task).default(task, actions)

    def standings(self) -> Standings:
        per_game = [r["team_points"] for r in self.results]
        seat_totals = [sum(r["seat_points"][s] for r in self.results) for s in range(SEATS)]
        totals = [sum(p[t] for p in per_game) for t in (0, 1)]
        winner = None
        if self.over and totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
        return Standings(self.games, len(self.results), per_game, totals, seat_totals, winner, self.over)

    @property
    def decision(self) -> str | None:
        """The kind of choice before play the seat to act is making (buying, 革命, 宣点, tribute …),
        ``None`` in play and once the match is over: the table service asks it at every change,
        which must not cost a whole view."""
        return self.queue[0]["kind"] if self.queue and self.phase != "play" and not self.over else None

    def view(self, seat: int) -> MatchView:
        """What ``seat`` may know: its own hand, the public log, the standings and the table."""
        in_play = self.phase == "play"
        return MatchView(
            seat=seat, rules=self.rules, phase=self.phase, game_no=self.game_no, games=self.games,
            to_act=self.to_act,
            leader=self.leader, hand=self.hand(seat),
            counts=self.game.counts() if self.game else [sum(h) for h in self.hands],
            decision=self.decision,
            legal=[] if in_play else list(self.legal_actions(seat)),
            revolt=self.revolt, natural=list(self.natural), votes=list(self.votes), events=list(self.events),
            standings=self.standings(), game=self.game.view(seat) if self.game else None,
            owed=self._owed(seat),
        )

    def _owed(self, seat: int) -> tuple[int, str, str] | None:
        """The tribute ``seat`` is asked to pay a teammate now (R12.6), as ``MatchView.owed`` tells it."""
        if self.decision != "tribute-mate" or self._waiting != seat:
            return None
        task = self.queue[0]
        return task["to"], format_counts(self._tribute_cards(seat, task["n"])), TRIBUTE_NAMES[task["tag"]]

    # ------------------------------------------------------------------ acting
    def act(self, seat: int, action: str) -> None:
        """Apply one action or raise ``IllegalAction`` with the state untouched."""
        if self.over:
            raise IllegalAction("比赛已结束", "the match is over")
        if self.phase == "play":
            assert self.game is not None
            self.game.act(seat, action)
            if self.game.over:
                self._finish_game()
            return
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise IllegalAction("没有这个座位", f"there is no seat {seat!r}")
        if seat != self._waiting:
            raise IllegalAction("没轮到你", "it is not your turn")
        text = " ".join(action.split())
        word, _, arg = text.partition(" ")
        norm = f"{word.lower()} {arg.upper()}".strip()
        choices = self._choices(self.queue[0])
        if norm not in choices:
            raise IllegalAction(f"现在不能「{action}」，可选：{'、'.join(choices)}",
                                f"{action!r} is not possible now; choose one of: {', '.join(choices)}")
        task = self.queue.pop(0)
        self._decide(task, norm)
        self._run()

    def _choices(self, task: dict[str, Any]) -> list[str]:
        return _decision(task).choices(self, task)

    def _decide(self, task: dict[str, Any], action: str) -> None:
        _decision(task).decide(self, task, action)

    # ------------------------------------------------------------------ the decisions before play
    def _choose_leader(self, task: dict[str, Any], action: str) -> None:
        self.leader = int(action.split()[1])
        self.events.append(Event(EventKind.CHOOSE_LEADER, task["seat"], target=self.leader))

    def _buy_choices(self, task: dict[str, Any]) -> list[str]:
        rank = SYMBOLS[task["rank"]]
        cards = buy_with_two_first.payments(self.rules, [r for r in (TWO, BLACK, RED) if self.payable[task["seat"]][r]])
        return [f"buy{rank} {SYMBOLS[r]}" for r in cards] + (["no-buy"] if self.hooks.buying.optional else [])

    def _buy_offer(self, task: dict[str, Any], action: str) -> None:
        seat = task["seat"]
        if action == "no-buy":
            self.events.append(Event(EventKind.NO_BUY, seat, value=task["rank"]))
            return
        card = parse_cards(action.split()[1]).index(1)
        seller = task.get("from", opposite(seat))
        self.events.append(Event(EventKind.BUY_OFFER, seat, SYMBOLS[card], target=seller, value=task["rank"]))
        answer = {"kind": "buy-answer", "seat": seller, "buyer": seat, "rank": task["rank"], "card": card}
        if not self.hooks.buying.optional:  # the seller must sell (R14.5)
            self._buy_answer(answer, "accept")
        else:
            self.queue.insert(0, answer)

    def _buy_answer(self, task: dict[str, Any], action: str) -> None:
        seat, buyer, rank, card = task["seat"], task["buyer"], task["rank"], task["card"]
        if action == "accept":
            self.hand_over(buyer, seat, card)
            self.payable[buyer][card] -= 1
            self.hand_over(seat, buyer, rank)
            self.events.append(Event(EventKind.BUY_ACCEPT, seat, SYMBOLS[card], target=buyer, value=rank))
        else:
            self.events.append(Event(EventKind.BUY_REFUSE, seat, target=buyer, value=rank))

    def _dian_choice(self, task: dict[str, Any], action: str) -> None:
        both = action == "tribute-both"
        self.events.append(Event(EventKind.DIAN_CHOICE, task["seat"], tag="both" if both else "none"))
        if both:
            self.dian_both.append(list(task["pair"]))

    def _tribute_mate(self, task: dict[str, Any], action: str) -> None:
        if action == "tribute-give":
            self._pay(task)
            return
        cards = self._tribute_cards(task["seat"], task["n"])
        self.events.append(Event(EventKind.TRIBUTE_SKIP, task["seat"], format_counts(cards) or "—", target=task["to"],
                                 tag=TRIBUTE_NAMES[task["tag"]]))

    # ------------------------------------------------------------------ the queue
    def _run(self) -> None:
        """Carry out automatic tasks until a decision is due or the phases before play are done."""
        while self.queue:
            task = self.queue[0]
            kind = TASKS[task["kind"]]
            self.phase = kind.phase
            if isinstance(kind, Decision):
                self._waiting = task["seat"]
                return
            self.queue.pop(0)
            kind.run(self, task)
            if self.phase == "play":
                return
        self._waiting = None

    def _deal(self, hands: list[Counts] | None = None) -> None:
        """Shuffle and deal 36 each from the leader (第七条); queue buying, tribute and the switches'
        phases due this deal (``PLANS``: 上班, 革命, 冲点/要头, 宣点), each at its place, then 开牌."""
        self._reset_deal_state()
        if hands is not None:
            self.hands = [list(h) for h in hands]
        else:
            rng = random.Random(f"{self.seed}/{self.game_no}/{self.deal_no}")
            deck = full_deck()
            rng.shuffle(deck)
            self.hands = deal_hands(deck, self.leader)
        self.suits = self._deal_suits()
        for s in range(SEATS):
            self.dealt[s] = list(self.hands[s])
            self.payable[s] = [n if r in TRIBUTE_RANKS else 0 for r, n in enumerate(self.hands[s])]
        self.events.append(Event(EventKind.DEAL, self.leader, value=self.game_no))
        order = in_turn(self.leader)
        due: list[tuple[int, list[dict[str, Any]]]] = [(p.order, [{"kind": p.kind, "seat": None}])
                                                       for p in PLANS if p.due(self)]
        due.append((BUYING, [{"kind": "buy-check", "seat": s, "rank": r} for r in self.hooks.buying.ranks
                             for s in order]))
        if self.results and self.hooks.tribute.paid:
            due.append((TRIBUTE, [{"kind": "tribute-plan", "seat": None}]))
        due.sort(key=lambda d: d[0])
        self.queue = [task for _, tasks in due for task in tasks] + [{"kind": "start-play", "seat": None}]
        self._run()

    def redeal(self) -> None:
        """Void the deal and deal again, from the same leader (R11.4: two seats in 革命); public for
        the switches' phases, which see the match through ``port.MatchPort``."""
        self.deal_no += 1
        self._deal()

    def _deal_suits(self) -> list[str]:
        """The suits of each seat's 4s: as given to ``from_deal``, else the sixteen 4s (four of each
        suit) shuffled from the seed — the same as dealing suited cards, for all that suits decide."""
        if self.preset_suits is not None:
            return list(self.preset_suits)
        suits = list(SUITS * 4)
        random.Random(f"{self.seed}/{self.game_no}/{self.deal_no}/suits").shuffle(suits)
        out, i = [], 0
        for h in self.hands:
            out.append("".join(sorted(suits[i:i + h[FOUR]], key=SUITS.index)))
            i += h[FOUR]
        return out

    def hand_over(self, giver: int, taker: int, rank: int, n: int = 1) -> None:
        """Move ``n`` cards of ``rank`` from one hand to another (a sale, a gift, a tribute): public for the
        rules, which see the match through ``port.MatchPort``."""
        self.hands[giver][rank] -= n
        self.hands[taker][rank] += n

    def _task_buy_check(self, task: dict[str, Any]) -> None:
        """R11.2/R11.3, R14.5: a seat lacking the rank buys it or is given one, as the ``buying`` hook says."""
        seat, rank = task["seat"], task["rank"]
        if not self.hands[seat][rank]:
            self.hooks.buying.check(self, seat, rank)

    def _task_tribute_plan(self, _task: dict[str, Any]) -> None:
        """R12: the ``tribute`` hook's plan after the last game (``hooks``)."""
        self.queue[0:0] = self.hooks.tribute.plan(self, self.hooks)

    def _task_tribute(self, task: dict[str, Any]) -> None:
        giver, taker = task["seat"], task["to"]
        if self.excused[giver]:
            self.events.append(Event(EventKind.TRIBUTE_EXCUSED, giver, target=taker, value=task["n"],
                                     tag=TRIBUTE_NAMES[task["tag"]], auto=True))
            return
        has_cards = any(self._tribute_cards(giver, task["n"]))
        if team_of(giver) == team_of(taker) and has_cards:  # R12.6: between teammates the giver may skip
            self.queue.insert(0, {**task, "kind": "tribute-mate"})
            return
        self._pay(task)

    def _tribute_cards(self, giver: int, n: int) -> Counts:
        """The strongest dealt R, B, 2 of the giver, up to n (第三十五条, 第三十六条)."""
        cards = [0] * (RED + 1)
        for r in TRIBUTE_RANKS:
            k = min(n, self.payable[giver][r])
            cards[r] = k
            n -= k
        return cards

    def _pay(self, task: dict[str, Any]) -> None:
        giver, taker, n, tag = task["seat"], task["to"], task["n"], TRIBUTE_NAMES[task["tag"]]
        cards = self._tribute_cards(giver, n)
        given = sum(cards)
        for r, k in enumerate(cards):
            if k:
                self.hand_over(giver, taker, r, k)
                self.payable[giver][r] -= k
        if given:
            self.events.append(Event(EventKind.TRIBUTE, giver, format_counts(cards), target=taker, tag=tag, auto=True))
        if given < n:
            self.events.append(Event(EventKind.MIAN, giver, target=taker, value=n - given, tag=tag, auto=True))

    def secret_ahead(self, seat: int) -> bool:
        """Whether ``seat`` still has a choice of 革命 or 宣点 to make before this game's 开牌: asked
        now, or due once the tasks before it are done. Only some hands have these choices, so only
        the seat itself may be told (the table's ready check of 第八条 waits for them unnamed)."""
        if self.over or self.phase == "play":
            return False
        for task in self.queue:
            kind = task["kind"]
            if secret_decision(kind) and task["seat"] == seat:
                return True
            record = TASKS[kind]
            if isinstance(record, Automatic) and record.asks is not None and record.asks(self, seat):
                return True
        return False

    def _task_start_play(self, _task: dict[str, Any]) -> None:
        prev = self.previous
        hui = (prev is not None and prev["chuan_san"] is not None and self.revolt != self.leader
               and self.hooks.chuan_san.hui)
        self.game = Game.from_hands([format_counts(h) for h in self.hands], self.leader, self.rules,
                                    natural=self.natural, revolt=self.revolt, hui=hui, chongdian=self.chong_sets,
                                    yaotou=self.yaotou)
        self.phase = "play"
        self._waiting = None
        if self.game.over:
            self._finish_game()

    def _finish_game(self) -> None:
        g = self.game
        assert g is not None and g.over
        r = g.result().to_dict()
        r["revolt"] = g.revolt
        r["no3"] = [e.seat for e in g.events if e.kind == "no3"]
        r["chongdian"] = g.chongdian
        r["game_no"] = self.game_no
        self.results.append(r)
        self.events.append(Event(EventKind.GAME_OVER, value=self.game_no))
        self.game = None
        if self.game_no >= self.games:
            self.phase = "over"
            self._waiting = None
            self.events.append(Event(EventKind.MATCH_OVER))
            return
        self.game_no += 1
        self.deal_no = 0
        self._start_game()

    def _start_game(self) -> None:
        """R11.1: the last 大落 leads (by lot when several seats had no 3); after 串三家 the beaten
        team chooses (R11.6)."""
        prev = self.results[-1]
        choose = prev["chuan_san"] is not None and self.hooks.chuan_san.next_chosen  # else the 大落 leads (decision 33)
        self.by_lot = not choose and len(prev["no3"]) >= 2
        if self.by_lot:
            self.leader = random.Random(f"{self.seed}/{self.game_no}/lot").randrange(SEATS)
            self.events.append(Event(EventKind.LOT, self.leader))
        elif not choose:
            self.leader = prev["places"].index(6)
        self._before_deal(None, choose_leader=choose)

    def _before_deal(self, hands: list[Counts] | None, choose_leader: bool) -> None:
        """The choices made before the cards are drawn: after 串三家 the beaten team names the leader
        (R11.6); a pair of 对家 neither of whom 开点ed settles 点贡 (第三十一条: 在下局摸牌前决定)."""
        prev = self.results[-1]
        self._reset_deal_state()
        self.dian_both = []
        self.queue = []
        if choose_leader:
            losers = [s for s in range(SEATS) if team_of(s) != prev["chuan_san"]]
            chooser = max(losers, key=lambda s: prev["places"][s])
            self.queue.append({"kind": "choose-leader", "seat": chooser, "team": team_of(chooser)})
        waived = not self.hooks.tribute.paid or self.hooks.chuan_san.tributes(prev) is not None
        for a in range(3):
            b = a + 3
            if not waived and not pair_out(prev, a) and not prev["kaidian"][a] and not prev["kaidian"][b]:
                lower = a if prev["places"][a] > prev["places"][b] else b
                self.queue.append({"kind": "dian-choice", "seat": lower, "pair": [a, b]})
        self.queue.append({"kind": "deal", "seat": None, "hands": [format_counts(h) for h in hands] if hands else None})
        self._run()

    def _task_deal(self, task: dict[str, Any]) -> None:
        hands = task.get("hands")
        self._deal([parse_cards(h) for h in hands] if hands else None)

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        """The whole match, flat, as JSON takes it (its fields: ``_STORED``)."""
        return _STORED.dump(self, {"events": event_dicts(self.events, self._event_cache)})

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Match:
        """A match from ``to_dict``'s state, or an older one: a field added since reads as its ``old``
        (those of the classic preset as a 大纲 match)."""
        m = cls(d["seed"], Ruleset.from_dict(d["rules"]), d["games"])
        _STORED.restore(m, d)
        m.events = [Event.from_dict(e) for e in d["events"]]
        m._event_cache = []
        return m

    @classmethod
    def from_json(cls, text: str) -> Match:
        return cls.from_dict(json.loads(text))

    def __repr__(self) -> str:
        return f"<Match game {self.game_no}/{self.games} phase={self.phase} to_act={self._waiting}>"


_OWN_TASKS: dict[str, Kind[Match]] = {
    "choose-leader": Decision("choose-leader",
                              lambda _m, t: [f"choose-leader {s}" for s in range(t["team"], SEATS, 2)],
                              Match._choose_leader, lambda t, _a: f"choose-leader {t['seat']}"),
    "deal": Automatic("deal", Match._task_deal),
    "buy-check": Automatic("buy", Match._task_buy_check),
    "buy-offer": Decision("buy", Match._buy_choices, Match._buy_offer, lambda _t, actions: actions[0]),
    "buy-answer": Decision("buy", always("accept", "refuse"), Match._buy_answer, pick("accept")),
    "tribute-plan": Automatic("tribute", Match._task_tribute_plan),
    "dian-choice": Decision("tribute", always("tribute-both", "tribute-none"), Match._dian_choice,
                            pick("tribute-none")),
    "tribute": Automatic("tribute", Match._task_tribute),
    "tribute-mate": Decision("tribute", always("tribute-give", "tribute-skip"), Match._tribute_mate,
                             pick("tribute-give")),
    "start-play": Automatic("play", Match._task_start_play),
}
"""The match's own tasks: the deal, buying, tribute, the leader after 串三家, and 开牌."""

TASKS: dict[str, Kind[Match]] = {**_OWN_TASKS, **SWITCH_TASKS}
"""Every kind of task of the queue before play, by the name the stored queue (plain JSON) gives it:
an automatic task, or a decision with its choices, its time-out choice and its effect — the match's
own, and those of the switches' phases (``SWITCH_TASKS``, each in its switch's module)."""


def _decision(task: dict[str, Any]) -> Decision[Match]:
    kind = TASKS[task["kind"]]
    assert isinstance(kind, Decision), task["kind"]
    return kind


def secret_decision(kind: str | None) -> bool:
    """Whether the decision of that kind (``Match.decision``) may not be told to anyone but its seat."""
    task = TASKS.get(kind or "")
    return isinstance(task, Decision) and task.secret
