"""Component data of Small City, read from the TOML files in `data/`.

Shapes are expanded once into every distinct rotation and reflection, so the
rules only look up placements; the upgrade table lists every footprint (with
its per-space kinds) that a tile of each level may have.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_DIR = Path(__file__).with_name("data")
SIZE = 10
CELLS = SIZE * SIZE

# Per-space marks, as integers stored on the board.
COMMERCIAL_MARKS = {"1": 0, "S": 1, "V": 2, "T": 3}  # $1, material->$, $->votes, material->votes
FACTORY_MARKS = {"w": 0, "s": 1, "m": 2}  # wood, stone, metal
WATER = 1  # the mark of a Harbor water space
MATERIALS = ("wood", "stone", "metal")
COMMERCIAL_KINDS = ("$1", "material to $", "$ to votes", "material to votes")

INDUSTRIAL = frozenset({"factory", "warehouse", "refinery", "harbor"})
CULTURAL = frozenset({"city_hall", "cultural", "metro", "clinic", "university"})
UPGRADABLE = frozenset({"residential", "commercial", "factory"})
# Buildings whose special power needs one citizen of their owner on them.
ACTIVATED = frozenset({"police", "fire", "clinic", "university"})
# Tiles that tourists may not enter (besides City Hall).
NO_TOURISTS = frozenset({"residential", "police", "fire", "clinic", "university"})

Shape = tuple[tuple[int, int, int], ...]  # (row, column, mark), normalised to the origin


@dataclass(frozen=True)
class TileType:
    id: int
    key: str
    name: str
    family: str
    level: int  # spaces the tile occupies
    cost: int
    materials: tuple[int, int, int]
    supply: int  # tiles in the box (0 when per player or by player count)
    per_player: bool
    by_players: tuple[int, ...]
    unique: bool
    cultural: bool
    capacity: int  # citizens it can hold
    faces: tuple[tuple[Shape, ...], ...]  # per face, its distinct orientations
    source: str

    @property
    def industrial(self) -> bool:
        return self.family in INDUSTRIAL


@dataclass(frozen=True)
class Promise:
    number: int
    deck: int  # 0 easy, 1 medium, 2 difficult; -1 for Special Promises
    text: str
    test: tuple[tuple[Any, ...], ...]
    excluded_in: tuple[str, ...]  # victory modes that take the card out (SC-A2, SC-A8)
    source: str


@dataclass(frozen=True)
class Content:
    types: tuple[TileType, ...]
    by_key: dict[str, int]
    footprints: dict[tuple[str, int], frozenset[frozenset[tuple[int, int, int]]]]
    zones: dict[str, tuple[int, ...]]
    setup: dict[str, Any]
    prices: dict[str, Any]
    solo: dict[str, Any]
    solo_costs: dict[int, int]  # SC-S2: circle position -> price of the solo player's pick
    council: dict[str, dict[str, Any]]
    promises: tuple[Promise, ...]
    specials: tuple[Promise, ...]


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"cannot read Small City data file {path}: {exc}") from exc


def _mark(family: str, ch: str) -> int:
    if family == "commercial":
        return COMMERCIAL_MARKS[ch]
    if family == "factory":
        return FACTORY_MARKS[ch]
    if family == "harbor":
        return WATER if ch == "W" else 0
    return 0


def normalise(cells: list[tuple[int, int, int]]) -> Shape:
    r0 = min(c[0] for c in cells)
    c0 = min(c[1] for c in cells)
    return tuple(sorted((r - r0, c - c0, m) for r, c, m in cells))


def orientations(shape: Shape) -> tuple[Shape, ...]:
    """The distinct rotations and reflections of a shape, in a fixed order."""
    out: list[Shape] = []
    cur = list(shape)
    for flip in (False, True):
        base = [(r, -c, m) for r, c, m in cur] if flip else cur
        for _ in range(4):
            base = [(c, -r, m) for r, c, m in base]
            n = normalise(base)
            if n not in out:
                out.append(n)
    return tuple(out)


def _parse_face(family: str, rows: list[str]) -> Shape:
    cells = [
        (r, c, _mark(family, ch))
        for r, line in enumerate(rows)
        for c, ch in enumerate(line)
        if ch != "."
    ]
    if not cells:
        raise ValueError("a tile face has no space")
    return normalise(cells)


def load_types(path: Path) -> tuple[TileType, ...]:
    types = []
    for i, t in enumerate(_read(path)["type"]):
        faces = tuple(orientations(_parse_face(t["family"], f)) for f in t["faces"])
        level = int(t["level"])
        for face in faces:
            if len(face[0]) != level:
                raise ValueError(f"a face of {t['name']} does not have {level} spaces")
        types.append(TileType(
            id=i, key=t["key"], name=t["name"], family=t["family"], level=level,
            cost=int(t["cost"]), materials=tuple(t.get("materials", [0, 0, 0])),
            supply=int(t.get("supply", 0)), per_player=bool(t.get("per_player", False)),
            by_players=tuple(t.get("by_players", ())), unique=bool(t.get("unique", False)),
            cultural=bool(t.get("cultural", False)), capacity=int(t.get("capacity", -1)),
            faces=faces, source=t["source"],
        ))
    return tuple(types)


def _footprints(types: tuple[TileType, ...]
                ) -> dict[tuple[str, int], frozenset[frozenset[tuple[int, int, int]]]]:
    table: dict[tuple[str, int], set[frozenset[tuple[int, int, int]]]] = {}
    for t in types:
        if t.family in UPGRADABLE:
            bucket = table.setdefault((t.family, t.level), set())
            for face in t.faces:
                for shape in face:
                    bucket.add(frozenset(shape))
    return {k: frozenset(v) for k, v in table.items()}


def _promises(raw: list[dict[str, Any]], special: bool) -> tuple[Promise, ...]:
    decks = ("easy", "medium", "difficult")
    out = []
    for i, p in enumerate(raw):
        if int(p["number"]) != i + 1:
            raise ValueError("promise cards must be numbered 1, 2, 3, ... in order")
        out.append(Promise(
            number=i + 1, deck=-1 if special else decks.index(p["deck"]), text=p["text"],
            test=tuple(tuple(c) for c in p["test"]),
            excluded_in=tuple(p.get("excluded_in", ())), source=p["source"],
        ))
    if len(out) != 16:
        raise ValueError("Small City has 16 Promise and 16 Special Promise cards")
    return tuple(out)


def load(directory: Path = DEFAULT_DIR) -> Content:
    types = load_types(directory / "tiles.toml")
    board = _read(directory / "board.toml")
    if int(board["size"]) != SIZE:
        raise ValueError(f"the borough grid must be {SIZE}x{SIZE}")
    cards = _read(directory / "promises.toml")
    council = _read(directory / "council.toml")
    return Content(
        types=types,
        by_key={t.key: t.id for t in types},
        footprints=_footprints(types),
        zones={k: tuple(v) for k, v in board["zones"].items() if k != "source"},
        setup=board["setup"],
        prices=board["prices"],
        solo=board["solo"],
        solo_costs={int(p): int(cost) for p, cost in board["solo"]["card_costs"]},
        council=council,
        promises=_promises(cards["promise"], special=False),
        specials=_promises(cards["special"], special=True),
    )
