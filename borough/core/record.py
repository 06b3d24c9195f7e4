"""Game records: setup + action list, the save, replay and persistence format.

A record carries a digest of its own content, so an edited file is refused
instead of replaying into a different game, and the result it claims, so the
replay can prove that it reproduced the same game.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from borough.core.errors import CorruptData, IllegalAction
from borough.core.game import Event, Game
from borough.core.serial import freeze

FORMAT = "borough-record"
VERSION = 1


@dataclass
class Record:
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    moves: list[tuple[int, Any]] = field(default_factory=list)

    def body(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "moves": [[seat, _listify(action)] for seat, action in self.moves],
        }


def _listify(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_listify(v) for v in value]
    return value


def digest(body: dict[str, Any]) -> str:
    canon = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canon.encode()).hexdigest()


def dump(record: Record, result: dict[str, Any] | None = None) -> dict[str, Any]:
    body = record.body()
    if result is not None:
        body["result"] = result
    body["digest"] = digest(body)
    return body


def save(path: str | Path, record: Record, result: dict[str, Any] | None = None) -> None:
    Path(path).write_text(json.dumps(dump(record, result), indent=1) + "\n")


def parse(data: Any) -> tuple[Record, dict[str, Any] | None]:
    """Read a dumped record, refusing anything malformed or edited."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CorruptData("this is not a Borough game record")
    if data.get("version") != VERSION:
        raise CorruptData(f"record version {data.get('version')!r} is not supported")
    claimed = data.get("digest")
    body = {k: v for k, v in data.items() if k != "digest"}
    if claimed != digest(body):
        raise CorruptData("the record's digest does not match its content: edited or damaged")
    try:
        moves = [(int(seat), freeze(action)) for seat, action in data["moves"]]
        record = Record(
            game=str(data["game"]),
            players=int(data["players"]),
            seed=int(data["seed"]),
            options=dict(data["options"]),
            moves=moves,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise CorruptData(f"the record is missing or garbles a field: {exc}") from exc
    return record, data.get("result")


def load(path: str | Path) -> tuple[Record, dict[str, Any] | None]:
    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise CorruptData(f"cannot read {path}: {exc.strerror or exc}") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CorruptData(f"{path} is not valid JSON ({exc.msg}, line {exc.lineno})") from exc
    return parse(data)


def replay(game: Game, record: Record) -> tuple[Any, list[Event]]:
    """Rebuild the game move by move, checking each; CorruptData names the bad move."""
    try:
        state = game.setup(record.players, seed=record.seed, options=record.options)
    except ValueError as exc:
        raise CorruptData(f"the record's setup is not valid: {exc}") from exc
    events: list[Event] = []
    for number, (seat, action) in enumerate(record.moves, start=1):
        try:
            events.extend(game.apply(state, seat, action))
        except IllegalAction as exc:
            raise CorruptData(f"move {number} by seat {seat} is illegal: {exc.reason}") from exc
    return state, events
