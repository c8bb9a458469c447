"""The skill rating (issue 19, item 3): Weng–Lin Plackett–Luce as openskill computes it, its known
properties, and the store's ratings — updated in the game's own transaction, per server and season,
one rating per AI level — with the league's zero-sum points untouched."""

from __future__ import annotations

import re

import pytest

from bot.service import store as store_module
from bot.service.league import with_ratings
from bot.service.rating import MU, SIGMA, Rating, merged, rate, rate_game
from bot.service.store import ALL_TIME, FinishedGame, Store, season_of

GUILD = 1


def test_matches_openskills_plackett_luce_on_its_own_example():
    """openskill.py's README: a1, a2 beat b1, b2 (no tau)."""
    a1, a2, b1, b2 = Rating(), Rating(32.444, 5.123), Rating(43.381, 2.421), Rating(25.188, 6.211)
    [[x1, x2], [y1, y2]] = rate([[a1, a2], [b1, b2]], [0, 1], tau=0)
    assert (x1.mu, x1.sigma) == pytest.approx((28.669648436582808, 8.071520788025197))
    assert (x2.mu, x2.sigma) == pytest.approx((33.83086971107981, 5.062772998705765))
    assert (y1.mu, y1.sigma) == pytest.approx((43.071274808241974, 2.4166900452721256))
    assert (y2.mu, y2.sigma) == pytest.approx((23.149503312339064, 6.1378606973362135))


def test_winners_rise_losers_fall_by_as_much_and_everyone_is_surer():
    before = [Rating()] * 6
    after = rate_game(before, [3, -3])  # seats 0, 2, 4 (team 0) won
    for s in range(6):
        assert (after[s].mu > MU) == (s % 2 == 0) and after[s].sigma < SIGMA + 0.1
    assert sum(r.mu - MU for r in after) == pytest.approx(0)  # equal teams: what one wins the other loses
    assert after[0].ordinal > 0 > after[1].ordinal


def test_a_draw_of_equals_moves_nobody_and_an_upset_moves_more():
    equal = rate_game([Rating()] * 6, [0, 0], tau=0)
    assert all(r.mu == pytest.approx(MU) for r in equal)
    strong, weak = Rating(30, 4), Rating(20, 4)
    seats = [strong, weak] * 3  # team 0 strong
    expected = rate_game(seats, [2, -2], tau=0)[1].mu - 20
    upset = rate_game(seats, [-2, 2], tau=0)[1].mu - 20
    assert expected < 0 and upset > -expected > 0


def test_an_uncertain_player_moves_most():
    seats = [Rating(25, 8), Rating(), Rating(25, 2), Rating(), Rating(25, 5), Rating()]
    after = rate_game(seats, [1, -1], tau=0)
    assert after[0].mu - 25 > after[4].mu - 25 > after[2].mu - 25 > 0


def test_a_level_on_both_teams_learns_its_mean_change():
    before = Rating()
    after = rate_game([before] * 6, [4, -4])
    m = merged(before, after)  # one level held all six seats
    assert m.mu == pytest.approx(MU) and m.sigma < before.sigma + 0.1


def _result(team0: int) -> dict:
    return {"places": [1, 2, 3, 4, 5, 6], "seat_points": [team0, -team0, 0, 0, 0, 0],
            "team_points": [team0, -team0], "kaidian": [False] * 6, "shao": [], "men": [], "chuan_san": None}


SEATS = [{"user_id": 10, "name": "甲"}, {"user_id": 11, "name": "乙"}, {"ai": "basic", "name": "AI"},
         {"ai": "strong", "name": "AI"}, {"ai": "basic", "name": "AI"}, {"ai": "strong", "name": "AI"}]


async def _finish(store: Store, table: int, game_no: int, team0: int, guild: int = GUILD) -> None:
    await store.commit(table, revision=game_no, seats=SEATS, state="{}", status="playing",
                       action=(0, None, f"x{game_no}"), finished=FinishedGame(game_no, _result(team0), SEATS),
                       guild_id=guild)


async def test_ratings_follow_each_game_per_server_season_and_ai_level(store_url):  # on both databases
    store = await Store.open(await store_url("r"))
    t = await store.create_table(GUILD, 500, 10, {}, SEATS)
    await _finish(store, t, 1, 3)   # team 0: user 10 and the basic AI twice, win
    await _finish(store, t, 2, -1)  # then lose
    await _finish(store, t, 3, 2)
    season = {r.player: r for r in await store.ratings(GUILD, season_of())}
    assert set(season) == {"user:10", "user:11", "ai:basic", "ai:strong"}
    assert season["user:10"].games == 3 and season["ai:basic"].games == 3  # a game counts once per level
    assert season["user:10"].name == "甲" and season["ai:strong"].ai == "strong" and season["ai:strong"].user_id is None
    assert season["user:10"].mu > MU > season["user:11"].mu and season["ai:basic"].mu > MU > season["ai:strong"].mu
    assert [(r.player, r.mu) for r in await store.ratings(GUILD)] == [
        (r.player, r.mu) for r in await store.ratings(GUILD, ALL_TIME)]
    assert {r.player for r in await store.ratings(GUILD, None)} == set(season)
    assert await store.ratings(GUILD + 1) == []  # another server's are its own
    league = with_ratings(await store.standings(GUILD), await store.ratings(GUILD))
    assert {r.name: r.rating for r in league}["甲"] == pytest.approx(season["user:10"].ordinal)
    assert {r.ai for r in league if r.ai} == {"basic", "strong"}
    await store.close()


async def test_the_rating_never_touches_the_zero_sum_points(store_url):  # on both databases
    store = await Store.open(await store_url("z"))
    t = await store.create_table(GUILD, 501, 10, {}, SEATS)
    for n, pts in enumerate((3, -1, 5, 0, -2), 1):
        await _finish(store, t, n, pts)
    async with store.db.execute("SELECT game_id, team, team_points FROM game_seats") as cur:
        rows = await cur.fetchall()
    by_game: dict[int, set[tuple[int, int]]] = {}
    for game, team, points in rows:
        by_game.setdefault(game, set()).add((team, points))
    assert [sorted(v) for v in by_game.values()] == [[(0, p), (1, -p)] for p in (3, -1, 5, 0, -2)]
    league = {r.user_id: r.points for r in await store.standings(GUILD)}
    assert league == {10: 5, 11: -5} and sum(league.values()) == 0
    await store.close()


async def test_the_rating_is_written_in_the_games_transaction(store_url, monkeypatch):
    store = await Store.open(await store_url("t"))
    t = await store.create_table(GUILD, 502, 10, {}, SEATS)

    def broken(*args, **kwargs):
        raise RuntimeError("rating failed")

    monkeypatch.setattr(store_module, "rate_game", broken)
    with pytest.raises(RuntimeError):
        await _finish(store, t, 1, 3)
    assert await store.games_of(t) == [] and await store.standings(GUILD) == [] and await store.actions(t) == []
    await store.close()


async def test_games_recorded_before_the_ratings_are_rated_by_their_migration(tmp_path):
    path = tmp_path / "m.sqlite3"
    store = await Store.open(path)
    t = await store.create_table(GUILD, 503, 10, {}, SEATS)
    for n, pts in enumerate((3, -1, 5), 1):
        await _finish(store, t, n, pts)
    live = [(r.player, r.mu, r.sigma, r.games) for r in await store.ratings(GUILD)]
    later = re.findall(r"CREATE TABLE (\w+)", "".join(store_module.MIGRATIONS[store_module.RATINGS_MIGRATION - 1:]))
    async with store._transaction():  # the store as it was before the ratings' migration (and those after it)
        for created in later:
            await store.db.execute(f"DROP TABLE {created}")
        await store.db.execute(f"PRAGMA user_version={store_module.RATINGS_MIGRATION - 1}")
    await store.close()
    store = await Store.open(path)
    assert await store.schema_version() == len(store_module.MIGRATIONS)
    again = [(r.player, r.mu, r.sigma, r.games) for r in await store.ratings(GUILD)]
    assert [(player, games) for player, _, _, games in again] == [(player, games) for player, _, _, games in live]
    assert [(mu, sigma) for _, mu, sigma, _ in again] == [pytest.approx((mu, sigma)) for _, mu, sigma, _ in live]
    assert len(await store.ratings(GUILD, season_of())) == 4
    await store.close()
