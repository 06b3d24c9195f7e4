"""Game records: setup + action list, the save, replay and persistence format.

A record carries a digest of its own content, so an edited file is refused
instead of replaying into a different game, and the result it claims, so the
replay can prove that it reproduced the same game. It also carries the game's
rules version: a record made under other rules is refused with both versions
named, before any move is tried.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from borough.core.errors import ContentChanged, CorruptData, IllegalAction, RulesChanged
from borough.core.game import Event, Game
from borough.core.serial import freeze

FORMAT = "borough-record"
VERSION = 2
"""The file format; version 1 records predate rules versions and were all made
under version 1 of every game's rules."""


@dataclass
class Record:
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    moves: list[tuple[int, Any]] = field(default_factory=list)
    rules_version: int = field(kw_only=True)
    content: str | None = field(default=None, kw_only=True)
    """The digest of the content folder the game was played with (None: the game's own)."""

    @classmethod
    def start(cls, game: Game, players: int, seed: int, options: dict[str, Any]) -> Record:
        """An empty record of a new game under the rules (and content) this program plays."""
        return cls(game.name, players, seed, options, rules_version=game.rules_version,
                   content=getattr(game, "content_digest", None))

    def body(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "moves": [[seat, _listify(action)] for seat, action in self.moves],
        } | ({} if self.content is None else {"content": self.content})


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
    """Write the record atomically: whoever reads it, even after the program was killed
    mid-save, finds the previous save or the new one, never half of one."""
    target = Path(path)
    text = json.dumps(dump(record, result), indent=1) + "\n"
    with tempfile.NamedTemporaryFile(
        "w", dir=target.parent, prefix=f".{target.name}.", suffix=".tmp", delete=False
    ) as tmp:
        try:
            tmp.write(text)
        except BaseException:
            tmp.close()
            os.unlink(tmp.name)
            raise
    os.replace(tmp.name, target)


def parse(data: Any) -> tuple[Record, dict[str, Any] | None]:
    """Read a dumped record, refusing anything malformed or edited."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CorruptData("this is not a Borough game record")
    if data.get("version") not in (1, VERSION):
        raise CorruptData(f"record version {data.get('version')!r} is not supported")
    claimed = data.get("digest")
    body = {k: v for k, v in data.items() if k != "digest"}
    if claimed != digest(body):
        raise CorruptData("the record's digest does not match its content: edited or damaged")
    try:
        moves = [(int(seat), freeze(action)) for seat, action in data["moves"]]
        rules = 1 if data["version"] == 1 else data["rules_version"]
        if type(rules) is not int:
            raise TypeError(f"rules_version {rules!r} is not a whole number")
        record = Record(
            game=str(data["game"]),
            players=int(data["players"]),
            seed=int(data["seed"]),
            options=dict(data["options"]),
            moves=moves,
            rules_version=rules,
            content=None if data.get("content") is None else str(data["content"]),
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


def rules_mismatch(game: Game, rules_version: int) -> str | None:
    """Why a game made under `rules_version` cannot be replayed here, or None."""
    if rules_version == game.rules_version:
        return None
    return (f"it was played under {game.title} rules version {rules_version}, "
            f"and this Borough plays {game.title} rules version {game.rules_version}; "
            f"the same moves may not mean the same game, so it cannot be replayed")


def content_mismatch(game: Game, content: str | None) -> str | None:
    """Why a game made with `content` (a digest; None: the game's own) cannot be
    replayed by this game object, or None."""
    playing = getattr(game, "content_digest", None)
    if content == playing:
        return None
    made = "the game's own content" if content is None else f"content {content}"
    here = "its own content" if playing is None else f"content {playing}"
    return f"it was played with {made}, not {here}"


def check_replayable(game: Game, record: Record) -> None:
    """Refuse a record that `game` cannot replay faithfully, before any move is
    tried: another game's (CorruptData), other rules (RulesChanged), other content
    (ContentChanged). The reasons are bare; each caller says what to do about them."""
    if record.game != game.name:
        raise CorruptData(f"this is a {record.game} record, not a {game.name} one")
    mismatch = rules_mismatch(game, record.rules_version)
    if mismatch is not None:
        raise RulesChanged(mismatch)
    other = content_mismatch(game, record.content)
    if other is not None:
        raise ContentChanged(other)


def opening(game: Game, record: Record) -> Any:
    """The state the record's game starts from."""
    try:
        return game.setup(record.players, seed=record.seed, options=record.options)
    except ValueError as exc:
        raise CorruptData(f"the record's setup is not valid: {exc}") from exc


def state_after(game: Game, record: Record, moves: int | None = None
                ) -> tuple[Any, list[Event]]:
    """The state after the record's first `moves` moves (all: None), and their
    events; each move is checked, and CorruptData names the first the rules refuse.
    The record is taken to suit the game (`check_replayable`)."""
    state = opening(game, record)
    events: list[Event] = []
    played = record.moves if moves is None else record.moves[:moves]
    for number, (seat, action) in enumerate(played, start=1):
        try:
            events.extend(game.apply(state, seat, action))
        except IllegalAction as exc:
            raise CorruptData(f"move {number} by seat {seat} is illegal: {exc.reason}") from exc
    return state, events


def replay(game: Game, record: Record) -> tuple[Any, list[Event]]:
    """Rebuild the game move by move, checking each; CorruptData names the bad move.

    A record made under other rules is refused first (RulesChanged), naming both
    rules versions."""
    try:
        check_replayable(game, record)
    except RulesChanged as exc:
        raise RulesChanged(f"this record cannot be used: {exc}") from None
    except ContentChanged as exc:
        raise ContentChanged(f"this record cannot be used: {exc}; replay it with the same "
                             "content (--content DIR)") from None
    return state_after(game, record)
