"""What the SQLite store writes for a change, through the driver: the rows
SQLAlchemy's insert writes, the game's row changed at its end and at a
hand-over as SQLAlchemy's update changes it; a change number stored twice is
refused with nothing stored, and the stored game reads back the same."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

import pytest
from sqlalchemy import insert, update

from borough.server.store import Store
from borough.server.store_rows import MOVE, SEATS, UNDO, ActionRow, Change, Entry, GameRow
from borough.server.store_writes import Conflict, _standing_moves

ACTIONS = [("take", 3, "b"), [1, [2, "x"]], [], ["human", None, "easy", "time"],
           ("é", -4, 2**40), {"a": 1, "2": [True, None, 1.5]}]


def game_row(game_id: str) -> dict:
    return {"id": game_id, "game": "architectura", "players": 2, "seed": 1,
            "seed_chosen": False, "options": {}, "seats": [{"kind": "human", "name": "P"}] * 2,
            "status": "playing", "rules_version": 2, "content": None}


def rows(path, game_id: str) -> list[tuple]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT number, kind, seat, action, created, typeof(created) "
                          "FROM actions WHERE game_id = ? ORDER BY number", (game_id,)).fetchall()


def test_a_change_is_written_as_sqlalchemy_writes_it(tmp_path):
    path = tmp_path / "moves.db"
    store = Store(f"sqlite:///{path}")
    store.migrate()
    store.create_game(game_row("quick"))
    store.create_game(game_row("orm"))
    kinds = [MOVE, MOVE, UNDO, SEATS, MOVE, MOVE]
    now = datetime(2026, 1, 2, 3, 4, 5, 6, tzinfo=UTC)
    for number, (kind, action) in enumerate(zip(kinds, ACTIONS, strict=True), start=1):
        store.append([Change("quick", Entry(number, kind, number % 2, action), "playing")])
        with store.engine.begin() as conn:
            conn.execute(insert(ActionRow), [{
                "game_id": "orm", "number": number, "kind": kind, "seat": number % 2,
                "action": action, "created": now}])
    quick, orm = rows(path, "quick"), rows(path, "orm")
    assert [r[:4] for r in quick] == [r[:4] for r in orm]
    assert orm[0][4] == "2026-01-02 03:04:05.000006"
    for r in quick:  # the same text form of a time, read back as one
        assert r[5] == "text" and len(r[4]) == len(orm[0][4])
        assert datetime.strptime(r[4], "%Y-%m-%d %H:%M:%S.%f")
    stored = store.load("quick")
    assert stored is not None and [e.action for e in stored.log] == [
        a for a in (list(x) if isinstance(x, tuple) else x for x in ACTIONS)]
    assert stored.log == store.load("orm").log
    store.dispose()


def test_a_change_number_stored_twice_is_refused_and_stores_nothing(tmp_path):
    path = tmp_path / "moves.db"
    store = Store(f"sqlite:///{path}")
    store.migrate()
    store.create_game(game_row("g"))
    store.append([Change("g", Entry(1, MOVE, 0, ["a"]), "playing")])
    with pytest.raises(Conflict):
        store.append([Change("g", Entry(1, MOVE, 1, ["b"]), "playing")])
    with pytest.raises(Conflict):  # no such game
        store.append([Change("nowhere", Entry(1, MOVE, 1, ["b"]), "playing")])
    store.append([Change("g", Entry(2, MOVE, 1, ["c"]), "over")])
    store.append([Change("g", Entry(3, MOVE, 1, ["d"]), "playing")])
    assert [(r[0], r[3]) for r in rows(path, "g")] == [(1, '["a"]'), (2, '["c"]'),
                                                        (3, '["d"]')]
    assert store.lobby()[0]["moves"] == 2
    store.dispose()


def game_rows(path) -> list[tuple]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT id, seats, status, moves, typeof(moves) FROM games "
                          "ORDER BY id").fetchall()


def test_an_end_and_a_hand_over_change_the_game_row_as_sqlalchemy_does(tmp_path):
    path = tmp_path / "moves.db"
    store = Store(f"sqlite:///{path}")
    store.migrate()
    store.create_game(game_row("a"))
    store.create_game(game_row("b"))
    seats = [{"kind": "bot", "agent": "easy", "name": "Zoë", "token_hash": "x"},
             {"kind": "human", "agent": None, "name": "P", "open": True}]
    log = [Entry(1, MOVE, 0, ["x"]), Entry(2, MOVE, 1, ["y"]), Entry(3, UNDO, 1, []),
           Entry(4, SEATS, 0, ["human", None, "easy"]), Entry(5, MOVE, 1, ["z"])]
    for entry in log[:-1]:
        store.append([Change("a", entry, "playing", seats if entry.kind == SEATS else None)])
    store.append([Change("a", log[-1], "over")])
    with store.engine.begin() as conn:
        conn.execute(insert(ActionRow), [{
            "game_id": "b", "number": e.number, "kind": e.kind, "seat": e.seat,
            "action": e.action, "created": datetime.now(UTC)} for e in log])
        conn.execute(update(GameRow).where(GameRow.id == "b").values(seats=seats))
        conn.execute(update(GameRow).where(GameRow.id == "b").values(
            status="over", moves=_standing_moves("b")))
    a, b = game_rows(path)
    assert a[1:] == b[1:]
    assert a[2:] == ("over", 2, "integer")
    store.dispose()
