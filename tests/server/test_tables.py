"""Open tables on both databases: a table starts once an account takes its open
seat; racing joins leave one winner; and a seat whose clock runs out is handed
to the table's bot, which plays on, every change kept in the game's log."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import create_engine, text

from borough.server.rooms import Rooms
from borough.server.settings import Settings
from borough.server.store import Store
from tests.server.conftest import POSTGRES_PARAM, Server, _database
from tests.server.test_accounts import Person, fresh_name

# A turn-based table's hour per move lasts 1.8 s here; deadlines are looked for
# five times a second.
CLOCK = {"BOROUGH_CLOCK_SCALE": "0.0005", "BOROUGH_CLOCK_SWEEP_SECONDS": "0.2"}


@pytest.fixture(scope="module", params=["sqlite", POSTGRES_PARAM])
def server(request, tmp_path_factory):
    for url in _database(request.param, tmp_path_factory.mktemp("db")):
        srv = Server("", url, settings=CLOCK).start()
        try:
            yield srv
        finally:
            srv.stop()


def account(url: str, prefix: str = "ada") -> Person:
    person = Person(url)
    assert person.sign_up(fresh_name(prefix)).status_code == 201
    return person


def open_table(person: Person, seats: list[dict], hours: int = 24) -> dict:
    r = person.write(
        "/api/tables",
        {
            "game": "architectura",
            "players": len(seats),
            "seats": seats,
            "bot": "random",
            "clock": {"pace": "turns", "per_move": hours, "unit": "hours"},
        },
    )
    assert r.status_code == 201, r.text
    return r.json()


def listed(person: Person) -> dict[str, dict]:
    r = person.http.get("/api/tables")
    assert r.status_code == 200, r.text
    return {t["id"]: t for t in r.json()}


def test_an_open_table_starts_when_an_account_takes_its_seat(server):
    ada, bob = account(server.url, "ada"), account(server.url, "<script>bob")
    mine = open_table(ada, [{"kind": "me"}, {"kind": "open"}])
    gid = mine["id"]
    row = listed(ada)[gid]
    assert [x["open"] for x in row["seats"]] == [False, True]
    view = ada.http.get(f"/api/games/{gid}/view", params={"token": mine["token"]}).json()
    assert view["seats"][1]["open"] is True
    legal = view["legal_actions"]
    if legal:  # nobody moves before the table is full
        r = ada.http.post(
            f"/api/games/{gid}/actions",
            json={"token": mine["token"], "version": view["version"], "action": legal[0]["action"]},
        )
        assert r.status_code == 409 and "open seat" in r.json()["error"]
    guest = Person(server.url)
    assert guest.write(f"/api/tables/{gid}/join").status_code == 401  # accounts only
    assert bob.write(f"/api/tables/{gid}/join", csrf=None).status_code == 403
    joined = bob.write(f"/api/tables/{gid}/join")
    assert joined.status_code == 200, joined.text
    seat = joined.json()
    assert seat["seat"] == 1 and seat["started"] is True
    assert gid not in listed(ada)
    view = bob.http.get(f"/api/games/{gid}/view", params={"token": seat["token"]}).json()
    assert view["seat"] == 1 and "open" not in view["seats"][1]
    assert view["seats"][1]["name"] == bob.who()["name"]  # as written: shown as text
    mine_held = {(x["id"], x["seat"]) for x in bob.seats().json()["seats"]}
    assert (gid, 1) in mine_held  # "My games" on any device
    again = bob.write(f"/api/tables/{gid}/join")
    assert again.status_code == 409
    late = account(server.url, "cy").write(f"/api/tables/{gid}/join")
    assert late.status_code == 409 and "taken" in late.json()["error"]


def test_racing_joins_leave_one_winner_per_seat_and_one_seat_per_account(server):
    ada = account(server.url)
    gid = open_table(ada, [{"kind": "me"}, {"kind": "open"}])["id"]
    racers = [account(server.url, "racer") for _ in range(4)]
    with ThreadPoolExecutor(4) as pool:
        codes = sorted(pool.map(lambda p: p.write(f"/api/tables/{gid}/join").status_code, racers))
    assert codes == [200, 409, 409, 409]
    two = open_table(ada, [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}])["id"]
    bob = account(server.url, "bob")
    with ThreadPoolExecutor(3) as pool:
        codes = sorted(
            pool.map(lambda _: bob.write(f"/api/tables/{two}/join").status_code, range(3))
        )
    assert codes == [200, 409, 409]
    assert [x["open"] for x in listed(ada)[two]["seats"]].count(True) == 1


def test_a_seat_out_of_time_is_played_by_the_tables_bot(server):
    ada, bob = account(server.url, "ada"), account(server.url, "bob")
    gid = open_table(ada, [{"kind": "me"}, {"kind": "open"}], hours=1)["id"]
    assert bob.write(f"/api/tables/{gid}/join").status_code == 200
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # nobody moves: the clock runs out
        view = ada.http.get(f"/api/games/{gid}").json()
        if any(x["kind"] == "bot" for x in view["seats"]) and view["version"] > 2:
            break
        time.sleep(0.3)
    else:
        raise AssertionError(f"no seat was handed to a bot: {view['seats']}")
    bots = [x for x in view["seats"] if x["kind"] == "bot"]
    assert all(x["agent"] == "random" for x in bots)
    engine = create_engine(server.database_url)
    try:
        with engine.connect() as conn:
            log = conn.execute(
                text(
                    "SELECT number, kind, seat, action FROM actions WHERE game_id = :g "
                    "ORDER BY number"
                ),
                {"g": gid},
            ).all()
    finally:
        engine.dispose()
    kinds = [row.kind for row in log]
    assert kinds[0] == "join"
    handed = [row for row in log if row.kind == "seats"]
    assert handed and all(_json(row.action)[-1] == "time" for row in handed)
    first = kinds.index("seats")
    moved = [row for row in log[first:] if row.kind == "move"]
    assert moved, kinds  # the bot played on: its moves are recorded moves
    # The game replays from its log as it was played: rebuilt from the stored
    # changes (the server stopped, so nothing moves meanwhile), every move is legal
    # where it stands and the seats come out as stored.
    server.kill()
    try:
        store = Store(server.database_url)
        try:
            stored = store.load(gid)
            room = Rooms(store, None, Settings()).restore(stored)
        finally:
            store.dispose()
        assert len(room.record.moves) == len(stored.moves) >= len(moved)
        assert [x["kind"] for x in room.seats] == [x["kind"] for x in stored.seats]
        assert "bot" in [x["kind"] for x in room.seats]
    finally:
        server.start()


def _json(value):
    import json

    return json.loads(value) if isinstance(value, str) else value


def test_the_tables_and_mail_migrations_go_down_and_up_again(database_url):
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import inspect

    from borough.server.store import MIGRATIONS, Store

    store = Store(database_url)
    try:
        store.migrate()
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        tables = {"open_tables", "table_seats", "account_emails", "turn_mails"}
        with store.engine.begin() as connection:
            config.attributes["connection"] = connection
            assert tables <= set(inspect(connection).get_table_names())
            command.downgrade(config, "0010")
            assert not tables & set(inspect(connection).get_table_names())
            command.upgrade(config, "head")
            assert tables <= set(inspect(connection).get_table_names())
    finally:
        store.dispose()
