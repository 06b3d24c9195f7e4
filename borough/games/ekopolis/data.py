"""Component data of Ekopolis, read from the TOML files in `data/`.

Another directory with the same three files can be given to match a printed
edition; it is checked for the counts the rulebook fixes.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

RED, GREEN, BLUE = 0, 1, 2
COLOURS = ("red", "green", "blue")
TIMINGS = ("now", "later", "end")
EFFECTS = {
    "flat", "own_cards", "own_buildings", "most", "fewest", "others",
    "board_count", "place_green", "remove_pollution", "new_hand",
}
# Effects that need no target colour or token kind.
_PLAIN_EFFECTS = {"flat", "others", "place_green", "remove_pollution", "new_hand"}
DEFAULT_DIR = Path(__file__).with_name("data")

# Axial directions on the hex grid.
_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


@dataclass(frozen=True)
class Tile:
    id: int
    name: str
    colour: int
    values: tuple[int, int, int]  # points per red, green, blue neighbour
    bonus: int
    pollution: bool
    green_zone: bool
    source: str


@dataclass(frozen=True)
class Card:
    id: int
    name: str
    colour: int
    timing: str
    effect: str
    target: int | None  # a colour index for colour-counting effects
    points: int
    what: str | None  # "pollution" or "green_zone" for board_count
    text: str
    source: str


@dataclass(frozen=True)
class Board:
    labels: tuple[str, ...]  # "C3": row letter, column number
    kinds: tuple[str, ...]  # ".", "X" or "E" per space
    neighbours: tuple[tuple[int, ...], ...]
    starts: dict[int, tuple[int, ...]]  # player count -> start spaces in seat order
    blocked: frozenset[int]
    endangered: frozenset[int]

    def __len__(self) -> int:
        return len(self.labels)


@dataclass(frozen=True)
class Content:
    board: Board
    tiles: tuple[Tile, ...]
    cards: tuple[Card, ...]


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"cannot read Ekopolis data file {path}: {exc}") from exc


def load_board(path: Path) -> Board:
    rows = _read(path)["rows"]
    coords: list[tuple[int, int]] = []
    labels: list[str] = []
    kinds: list[str] = []
    starts: dict[int, list[int]] = {3: [], 4: [], 5: []}
    for r, line in enumerate(rows):
        for c, ch in enumerate(line.split()):
            if ch == "-":
                continue
            if ch not in ".XE345":
                raise ValueError(f"board row {r + 1} has an unknown mark {ch!r}")
            index = len(coords)
            # odd rows are shifted right by half a hex: convert to axial coordinates
            coords.append((c - (r - (r & 1)) // 2, r))
            labels.append(f"{chr(ord('A') + r)}{c + 1}")
            if ch in "345":
                starts[int(ch)].append(index)
                ch = "."
            kinds.append(ch)
    where = {xy: i for i, xy in enumerate(coords)}
    neighbours = tuple(
        tuple(where[(q + dq, r + dr)] for dq, dr in _DIRECTIONS if (q + dq, r + dr) in where)
        for q, r in coords
    )
    for n, spaces in starts.items():
        if len(spaces) != n:
            raise ValueError(f"the board needs {n} start spaces marked {n}, found {len(spaces)}")
    endangered = frozenset(i for i, k in enumerate(kinds) if k == "E")
    if len(endangered) != 8:
        raise ValueError(f"the board needs 8 endangered-species spaces, found {len(endangered)}")
    return Board(
        labels=tuple(labels),
        kinds=tuple(kinds),
        neighbours=neighbours,
        starts={n: tuple(s) for n, s in starts.items()},
        blocked=frozenset(i for i, k in enumerate(kinds) if k == "X"),
        endangered=endangered,
    )


def load_tiles(path: Path) -> tuple[Tile, ...]:
    tiles = tuple(
        Tile(
            id=i,
            name=t["name"],
            colour=COLOURS.index(t["colour"]),
            values=(int(t["red"]), int(t["green"]), int(t["blue"])),
            bonus=int(t.get("bonus", 0)),
            pollution=bool(t.get("pollution", False)),
            green_zone=bool(t.get("green_zone", False)),
            source=t.get("source", ""),
        )
        for i, t in enumerate(_read(path)["tile"])
    )
    for colour in range(3):
        count = sum(1 for t in tiles if t.colour == colour)
        if count != 16:
            raise ValueError(f"Ekopolis needs 16 {COLOURS[colour]} tiles, found {count}")
    return tiles


def load_cards(path: Path) -> tuple[Card, ...]:
    cards = []
    for i, c in enumerate(_read(path)["card"]):
        if c["timing"] not in TIMINGS or c["effect"] not in EFFECTS:
            raise ValueError(f"card {c['name']!r} has an unknown timing or effect")
        target = COLOURS.index(c["target"]) if "target" in c else None
        what = c.get("what")
        if c["effect"] not in _PLAIN_EFFECTS and target is None and what is None:
            raise ValueError(f"card {c['name']!r} does not say what its effect counts")
        cards.append(
            Card(
                id=i,
                name=c["name"],
                colour=COLOURS.index(c["colour"]),
                timing=c["timing"],
                effect=c["effect"],
                target=target,
                points=int(c.get("points", 0)),
                what=what,
                text=c["text"],
                source=c.get("source", ""),
            )
        )
    for colour in range(3):
        count = sum(1 for c in cards if c.colour == colour)
        if count != 20:
            raise ValueError(f"Ekopolis needs 20 {COLOURS[colour]} Action cards, found {count}")
    return tuple(cards)


def load(directory: Path = DEFAULT_DIR) -> Content:
    return Content(
        board=load_board(directory / "board.toml"),
        tiles=load_tiles(directory / "tiles.toml"),
        cards=load_cards(directory / "cards.toml"),
    )
