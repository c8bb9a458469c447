"""The messages the bot builds, without Discord: every view serialises (``to_components``) within
Discord's limits at every point of real matches, each hand-panel button is enabled exactly when
its action is legal, the play menu lists legal plays only, and the public text holds no hand."""

from __future__ import annotations

import dataclasses
import random

import discord
import pytest
from discord_fakes import BURN_AND_LET, crafted

from bot.engine import Game, Match, Ruleset
from bot.service.tables import Seat, Settings, Table
from cogs.ids import BUTTON, CHOICE, HOUSE, SELECT, PlayModal, TableButton
from cogs.views import (
    PLAY_BUTTONS,
    action_label,
    hand_panel,
    play_menu,
    result_card,
    seat_picker,
    table_card,
    table_content,
    table_view,
)

NAMES = ["甲", "乙", "丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉", "Dave", "🀄 Eve", "AI 6"]


def table_of(match: Match | None, revision: int = 7) -> Table:
    table = Table(3, 1, 2, 11, Settings(games=match.games if match else 2))
    table.seats = [Seat(11 + s, NAMES[s]) if s < 5 else Seat(None, NAMES[s], ai="random") for s in range(6)]
    table.match = match
    table.status = "lobby" if match is None else ("over" if match.over else "playing")
    table.revision = revision
    return table


def check_components(view: discord.ui.View | None) -> dict[str, dict]:
    """Discord's limits on the serialised components; returns them by custom id."""
    if view is None:
        return {}
    rows = view.to_components()
    assert len(rows) <= 5
    out = {}
    for row in rows:
        assert row["type"] == 1 and 1 <= len(row["components"]) <= 5
        for c in row["components"]:
            cid = c["custom_id"]
            assert len(cid) <= 100 and any(t.fullmatch(cid) for t in (BUTTON, SELECT, CHOICE, HOUSE)), cid
            if c["type"] == 2:
                assert 1 <= len(c["label"]) <= 80
            else:
                assert len(row["components"]) == 1, "a select fills its row"
                assert 1 <= len(c["options"]) <= 25 and len(c.get("placeholder", "")) <= 150
                for o in c["options"]:
                    assert 1 <= len(o["label"]) <= 100 and 1 <= len(o["value"]) <= 100
                    assert len(o.get("description") or "") <= 100
            out[cid] = c
    return out


def positions(seed: int, every: int = 7) -> list[Match]:
    """Snapshots of a random two-game match, phases before play included."""
    rng = random.Random(seed)
    m = Match.new(seed=seed, games=2)
    out, n = [], 0
    while not m.over:
        if n % every == 0 or m.phase != "play":
            out.append(Match.from_json(m.to_json()))
        s = m.to_act
        m.act(s, rng.choice(m.legal_actions(s)))
        n += 1
    out.append(m)
    return out


def enabled_actions(components: dict[str, dict]) -> set[str]:
    return {BUTTON.fullmatch(cid)["action"].replace("_", " ") for cid, c in components.items()
            if c["type"] == 2 and not c.get("disabled")}


@pytest.mark.parametrize("seed", [3, 29])
def test_every_view_fits_discord_and_enables_exactly_the_legal_actions(seed):
    for m in positions(seed):
        table = table_of(m)
        public = check_components(table_card(table).view)
        assert len(table_content(table)) <= 2000
        if not m.over:
            assert enabled_actions(public) >= {"hand"}
        for seat in range(6):
            panel = hand_panel(table.seat_now(seat))
            assert len(panel.card.content) <= 2000
            comps = check_components(panel.card.view)
            legal = m.legal_actions(seat)
            plays = {a[5:] for a in legal if a.startswith("play ")}
            on = enabled_actions(comps)
            for action in PLAY_BUTTONS:
                assert (action in on) == (action in legal), (action, list(legal)[:5])
            assert ("custom" in on) == bool(plays)
            assert "refresh" in on
            shown = {BUTTON.fullmatch(cid)["action"] for cid, c in comps.items() if c["type"] == 2}
            if m.phase != "play":  # issue 14, item 11: only the choices of the moment, first, then 刷新
                assert on - {"refresh", "resume", "hint", "ready"} == set(legal), "every choice before play is a button"
                # 准备 (第八条) only in the ready check before 开牌, to a player who has not said it
                assert "ready" not in on or (table.opening() and seat in table.unready() and m.to_act != seat)
                assert not shown & {"pass", "let", "burn", "custom"}
                assert ("hint" in shown) == (m.to_act == seat and len(legal) > 0)
                rows = [row for row in panel.card.view.to_components() if row["components"]]
                assert "refresh" in [c["custom_id"].split(":")[2] for c in rows[-1]["components"]]
                assert all(c["custom_id"].split(":")[2].replace("_", " ") in legal for row in rows[:-1]
                           for c in row["components"]
                           if c["type"] == 2), "the choices come first"
            else:
                assert ("hint" in on) == (m.to_act == seat and len(legal) > 0)
                assert not shown & {"revolt", "declare-natural"}
            selects = [c for c in comps.values() if c["type"] == 3]
            assert bool(selects) == bool(plays)
            for s in selects:
                assert {o["value"] for o in s["options"]} <= plays


def test_burn_and_let_buttons_follow_the_position():
    m = crafted(BURN_AND_LET)
    table = table_of(m)
    m.act(0, "play QQQ")  # 够级: seat 1 may only burn (烧牌), seat 3 (对家) may answer or let
    on1 = enabled_actions(check_components(hand_panel(table.seat_now(1)).card.view))
    assert {"burn", "pass", "custom"} <= on1 and "let" not in on1
    burn = hand_panel(table.seat_now(1), burn=True)
    select = next(c for c in check_components(burn.card.view).values() if c["type"] == 3)
    assert [o["value"] for o in select["options"]] == ["AAA"] and "烧牌" in select["options"][0]["description"]
    assert "🔥" in select["placeholder"]
    m.act(1, "pass")
    on3 = enabled_actions(check_components(hand_panel(table.seat_now(3)).card.view))
    assert {"let", "pass", "custom"} <= on3 and "burn" not in on3
    assert table.match.to_act == 3
    for seat in (0, 1, 2, 4, 5):  # not their turn: nothing but refresh
        assert enabled_actions(check_components(hand_panel(table.seat_now(seat)).card.view)) == {"refresh"}


def test_issue33_the_panel_is_drawn_from_one_frozen_record_of_the_seat():
    """One trip per panel (issue 33 §3): the table hands the seat's ``SeatNow`` up once, and the panel
    is drawn from it alone — the table moving on afterwards changes nothing the record draws."""
    m = crafted(BURN_AND_LET)
    table = table_of(m)
    m.act(0, "play QQQ")
    now = table.seat_now(1)
    assert now.mine and now.kinds == {"AAA": "shao"} and "let" not in now.legal and now.burn_refusal is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        now.seat = 2
    before = hand_panel(now)
    m.act(1, "pass")
    table.revision += 1
    after = hand_panel(now)
    assert after.card.content == before.card.content and after.key == before.key
    assert enabled_actions(check_components(after.card.view)) == enabled_actions(check_components(before.card.view))
    assert hand_panel(table.seat_now(1)).key != before.key  # a new record sees the move


def test_public_buttons_are_enabled_by_phase_only():
    lobby = check_components(table_view(table_of(None)))
    assert enabled_actions(lobby) == {"sit", "leave", "ready", "start"}  # six seated: no AI to add
    for m in positions(3, every=50):
        on = enabled_actions(check_components(table_view(table_of(m))))
        if m.over:
            assert on == {"rematch"}  # 再来一场, the only button once the match is over
            continue
        assert ("pass" in on) == (m.phase == "play") == ("let" in on) == ("burn" in on)
        assert "revolt" not in on  # lit for one seat's decision, it would reveal that seat's hand


def test_play_menu_lists_legal_plays_with_the_suggestion_first():
    m = Match.new(seed=4)
    while m.phase != "play":
        m.act(m.to_act, m.default_action(m.to_act))
    leader = m.to_act
    plays = [a[5:] for a in m.legal_actions(leader) if a.startswith("play ")]
    assert len(plays) > 25
    menu = play_menu(plays, first=plays[-1])
    assert len(menu) == 25 and menu[0] == plays[-1] and set(menu) <= set(plays) and len(set(menu)) == 25
    hand = m.hand(leader)
    ranks = {ch for ch in hand if ch not in "3"}
    whole = {ch * hand.count(ch) for ch in ranks}
    assert whole & set(plays) <= set(menu), "each rank's whole group is offered"
    assert play_menu(["5", "55"], first=None) == ["5", "55"]


def test_teammate_peek_shows_a_short_hand_in_the_panel_only():
    m = crafted(BURN_AND_LET)
    m.game = Game.from_hands(BURN_AND_LET, leader=0, rules=Ruleset.preset(teammate_peek=True))
    table = table_of(m)
    assert "👀 丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉（3号位）：3×2 + 7" in hand_panel(table.seat_now(0)).card.content
    peeks = [line for line in hand_panel(table.seat_now(1)).card.content.splitlines() if line.startswith("👀")]
    assert [line.split("（")[1][:3] for line in peeks] == ["4号位", "6号位"]  # seat 1's teammates only
    assert "👀" not in table_content(table)


def test_seat_picker_and_modal_fit_discord():
    table = table_of(None)
    table.seats[2] = None
    text, view = seat_picker(table, 11)
    comps = check_components(view)
    assert len(comps) == 6 and len(text) <= 2000
    taken = {BUTTON.fullmatch(c)["action"] for c, v in comps.items() if v.get("disabled")}
    assert taken == {"seat_1", "seat_3", "seat_4", "seat_5"}  # the user's own seat 0 and the free seat 2 are open
    modal = PlayModal(3, 7).to_dict()
    assert len(modal["title"]) <= 45 and len(modal["custom_id"]) <= 100
    field = modal["components"][0]["components"][0]
    assert len(field["label"]) <= 45 and len(field.get("placeholder", "")) <= 100


def test_result_posts_and_labels():
    m = positions(29, every=10_000)[-1]
    table = table_of(m)
    card = result_card(table)
    assert card.filename == "game2.png" and len(card.content) <= 2000 and card.view is None and "头科" in card.content
    end = table_card(table)  # issue 31 item 7: the match's end is the table message: result, picture, 再来一场
    assert end.filename == "match.png" and "比赛结束" in end.content and "再来一场" in end.content
    assert enabled_actions(check_components(end.view)) == {"rematch"}
    assert action_label("buy3 B") == "用小王买3" and action_label("choose-leader 2") == "3号位开牌"
    assert action_label("play TTT2") == "10×3 + 2"


def test_public_text_never_holds_a_hand():
    for m in positions(3, every=3):
        text = table_content(table_of(m))
        for seat in range(6):
            hand = m.hand(seat)
            assert len(hand) < 8 or hand not in text


def test_custom_ids_round_trip():
    b = TableButton.make(12345678901234567, "buy3 2", 4_000_000_000, "用2买3")
    assert (b.table_id, b.action, b.revision) == (12345678901234567, "buy3 2", 4_000_000_000)
    assert len(b.custom_id) <= 100
    with pytest.raises(ValueError):
        TableButton.make(1, "plays", 1, "x")


def test_between_games_the_log_starts_at_the_last_games_end():
    """Under 第 2 局 the table message tells the phase between the games (点贡 choices, the new deal,
    buying), not the first game's lot, deal and buying again, however long the burst."""
    m = Match.new(seed=7, games=2)
    while not (m.game_no == 2 and m.game is None and m.events[-1].kind != "game-over"):  # a choice made since
        m.act(m.to_act, m.default_action(m.to_act))
    text = table_content(table_of(m), burst=100)
    assert "第 2/2 局" in text and "第 1 局结束" in text
    assert "第 1 局发牌" not in text and "抽签" not in text
