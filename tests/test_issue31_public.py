"""Issue 31 through the offline fakes: what is said to whom — a pass that tells nothing (R5.6), a
tribute question that names the cards and the teammate (R12.6), and the phases before play that
give nothing away (R11.4, R7.3: 第八条's ready check before every 开牌)."""

from __future__ import annotations

from discord_fakes import PLAYERS, Harness, User, components, playing, start_harness
from test_r12_tribute import previous, start

from bot.engine import Event, EventKind, describe

MESSAGE = 4


async def panel_of(h: Harness, user: User) -> dict:
    """The user's hand panel, opened from the table message's 我的手牌."""
    table_msg = h.table_message()
    (r,) = await h.click(user, int(table_msg["id"]), h.button(table_msg, "hand"))
    assert r.type == MESSAGE and r.ephemeral
    return h.fake.messages[h.fake.originals[r.token]]


def labels(message: dict) -> dict[str, str]:
    return {c["custom_id"].split(":")[2]: c.get("label", "") for c in components(message) if c.get("type") == 2}


# ---------------------------------------------------------------------- item 5: a pass tells nothing
def test_r5_6_a_forced_pass_reads_as_any_other_pass():
    """The engine passes a seat with no play allowed for it (R5.6); the line must not say so, or the
    channel learns that the seat holds nothing that beats the play."""
    forced, chosen = Event(EventKind.PASS, 4, auto=True), Event(EventKind.PASS, 4)
    assert describe(forced) == describe(chosen) == ("5号位 过", "seat 5 passes")


# ---------------------------------------------------------------------- item 3: the tribute question
def test_r12_6_the_view_of_the_seat_asked_names_the_teammate_the_cards_and_the_tribute():
    m, _ = start({2: {"R": 1, "B": 1, "2": 2}}, prev=previous(places=(1, 2, 6, 5, 3, 4)))
    assert m.decision == "tribute-mate" and m.to_act == 2
    assert m.view(2).owed == (0, "BR", "落贡")  # 大落 2 owes 头科 0 two cards: its 大王 and 小王
    assert all(m.view(s).owed is None for s in (0, 1, 3, 4, 5))  # the cards are seat 2's hand
    m.act(2, "tribute-give")
    assert m.view(2).owed is None


async def test_r12_6_the_panel_asks_whom_and_what_in_the_question_and_on_its_buttons(tmp_path, monkeypatch):
    h = await start_harness(tmp_path, monkeypatch)
    m, _ = start({2: {"R": 1, "B": 1, "2": 2}}, prev=previous(places=(1, 2, 6, 5, 3, 4)))
    await playing(h, m)
    panel = await panel_of(h, PLAYERS[2])
    assert "给 上联 甲（1号位） 落贡 2 张 小王 大王：进，还是不进？" in panel["content"]
    assert "you owe 甲 落贡, 2 cards (small joker big joker)" in panel["content"]
    buttons = labels(panel)
    assert buttons["tribute-give"].startswith("进贡 2 张 小王 大王") and buttons["tribute-skip"].startswith("不进")
    await h.bot.close()
