"""Component data of City Council, read from the TOML files in `data/`.

The map, the building tiles, the tracks and the Favor cards are designed
content (the published values are unknown); another directory holding the
same three files can be given to match a printed edition. Loading checks the
counts the published component list fixes.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

DEFAULT_DIR = Path(__file__).with_name("data")

# Building zones; a cell's zone uses the first three plus GREY and CENTRE.
RES, COM, IND, SAFETY, CENTRE = 0, 1, 2, 3, 4
GREY = 3
ZONES = ("residential", "commercial", "industrial", "safety", "centre")
SECTIONS = ("residential", "commercial", "industrial")
CELL_ZONES = {"R": RES, "C": COM, "I": IND, "G": GREY, "X": CENTRE}

SHAPES = ("small", "medium", "large", "l")
SMALL, MEDIUM, LARGE, L_SHAPE = 0, 1, 2, 3
# Block offsets (row, column) of every orientation of each shape.
ORIENTATIONS: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = (
    (((0, 0),),),
    (((0, 0), (0, 1)), ((0, 0), (1, 0))),
    (((0, 0), (0, 1), (1, 0), (1, 1)),),
    (
        ((0, 0), (1, 0), (1, 1)),
        ((0, 0), (0, 1), (1, 0)),
        ((0, 0), (0, 1), (1, 1)),
        ((0, 1), (1, 0), (1, 1)),
    ),
)

INPUTS = ("goods", "energy", "money")
OUTPUTS = (
    "money", "goods", "energy", "workers", "white", "pink", "red", "grey",
    "clear_red", "clear_grey",
)
TILE_COUNT = 44
CARD_COUNT = 52


@dataclass(frozen=True)
class Building:
    id: int
    name: str
    shape: int
    zone: int
    set: str  # starter, advanced, printed or airport
    cost: int
    blue: int
    white: int
    section: int
    inputs: tuple[int, int, int]  # goods, energy, money
    out: dict[str, int]
    upgrade_of: int  # building id, or -1
    source: str

    def text(self, names: list[str]) -> str:
        """The whole tile as a player reads it: zone, shape, cost, jobs, inputs, outputs."""
        parts = [f"{self.name} ({ZONES[self.zone]}, {SHAPES[self.shape]} tile): "
                 f"costs ${self.cost}"]
        workers = [f"{self.blue} blue-collar" if self.blue else "",
                   f"{self.white} white-collar for a second action" if self.white else ""]
        if any(workers):
            parts.append("workers " + " and ".join(w for w in workers if w))
        pays = [f"${n}" if what == "money" else f"{n} {what}"
                for n, what in zip(self.inputs, INPUTS, strict=True) if n]
        if pays:
            parts.append("each action uses " + ", ".join(pays))
        makes = [OUTPUT_TEXT[k].format(n=n) for k, n in self.out.items()]
        if makes:
            # cubes land in (or leave) the building's own section first (CC-46, CC-49)
            where = any(k in CUBE_OUTPUTS for k in self.out)
            parts.append("makes " + ", ".join(makes)
                         + (f" in {SECTIONS[self.section]}" if where else ""))
        if self.upgrade_of >= 0:
            parts.append(f"upgrades the {names[self.upgrade_of]}")
        return "; ".join(parts) + "."


OUTPUT_TEXT = {
    "money": "${n} to the budget",
    "goods": "{n} goods",
    "energy": "{n} power",
    "workers": "{n} blue-collar worker(s) move in",
    "white": "{n} white-collar worker(s) move in",
    "pink": "{n} community cube(s)",
    "red": "{n} criminality cube(s)",
    "grey": "{n} pollution cube(s)",
    "clear_red": "removes {n} criminality cube(s)",
    "clear_grey": "removes {n} pollution cube(s)",
}
CUBE_OUTPUTS = ("red", "grey", "pink", "clear_red", "clear_grey")


@dataclass(frozen=True)
class Favor:
    id: int
    name: str
    building: bool  # a building card (else a general card)
    points: dict[int, int]  # building cards: building id -> points each
    kind: str  # general cards: the condition
    n: int
    target: str  # a shape, a zone or a building name, when the condition needs one
    value: int  # general cards: points
    source: str

    def text(self, names: list[str]) -> str:
        if self.building:
            parts = ", ".join(f"{names[b]} {p}" for b, p in self.points.items())
            return f"{self.name}: points per building in the city ({parts})"
        plural = "" if self.n == 1 else "s"
        condition = CONDITION_TEXT[self.kind].format(n=self.n, t=self.target, s=plural)
        worth = "1 point" if self.value == 1 else f"{self.value} points"
        return f"{self.name}: {condition} ({worth})"


CONDITION_TEXT = {
    "budget_min": "the City Budget is at least {n}",
    "power_min": "the Power Supply is at least {n}",
    "goods_min": "the Goods Depot holds at least {n} goods",
    "calm": "at most {n} criminality and pollution cubes on the board with {t} buildings built",
    "activated_shape": "{n} {t} building{s} activated this round",
    "activated_zone": "{n} {t} building{s} activated this round",
    "zones_activated": "{n} zone{s} activated this round",
    "full_employment": "no unemployment and {n} buildings activated this round",
    "buildings_zone": "{n} {t} building{s} in the city",
    "built": "a {t} stands in the city",
    "workers_min": "at least {n} blue-collar workers live in the city",
    "pink_min": "at least {n} community cubes in the sections",
    "boosts": "{n} second actions by white-collar workers this round",
}


# per shape, per building zone: (surcharge, footprint, its blocks as bits), cheapest first
Sites = tuple[tuple[tuple[tuple[int, int, int], ...], ...], ...]


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    cell_zone: tuple[int, ...]
    cell_hood: tuple[int, ...]  # neighbourhood index, -1 in the centre
    hood_names: tuple[str, ...]
    hood_zone: tuple[int, ...]
    hood_cells: tuple[tuple[int, ...], ...]
    # every footprint of every shape: its shape and blocks
    place_shape: tuple[int, ...]
    place_cells: tuple[tuple[int, ...], ...]
    place_index: dict[tuple[int, ...], int]
    by_shape: tuple[tuple[int, ...], ...]
    buildable: tuple[bool, ...]  # no block in the centre
    surcharge: tuple[tuple[int, ...], ...]  # per footprint, per building zone
    place_hoods: tuple[tuple[int, ...], ...]
    hood_mask: tuple[int, ...]  # per footprint: its neighbourhoods as bits
    in_centre: tuple[bool, ...]
    # per shape, per building zone: buildable footprints, cheapest surcharge first
    cheapest: tuple[tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...], ...]
    # Derived look-ups for the site searches, set after loading; not fields, so they
    # stay out of comparisons and out of the content sent to browsers.
    place_bits: ClassVar[tuple[int, ...]]  # per footprint: its blocks as bits
    # `cheapest` without the footprints touching closed neighbourhoods, per tuple of
    # open flags (CC-7); filled as the city grows, so closed blocks are never tried
    open_cache: ClassVar[dict[tuple[int, ...], tuple[int, Sites]]]

    def __post_init__(self) -> None:
        bits = tuple(sum(1 << c for c in cells) for cells in self.place_cells)
        object.__setattr__(self, "place_bits", bits)
        object.__setattr__(self, "open_cache", {})

    def label(self, cell: int) -> str:
        return f"{chr(ord('A') + cell // self.cols)}{cell % self.cols + 1}"

    def site(self, pid: int) -> str:
        return "+".join(self.label(c) for c in self.place_cells[pid])


@dataclass(frozen=True)
class Start:
    budget: int
    power: int
    goods: int
    blue: dict[int, int]
    white: dict[int, int]
    sell_markers: int
    relocate_markers: int
    display: tuple[int, int, int, int]
    end_points: int
    airport_upgrade: bool
    closed: tuple[int, ...]  # neighbourhoods closed at the start (CC-7)


# by_name look-ups, remembered per building list (Favor conditions ask often)
_NAME_IDS: dict[tuple[int, str], int] = {}


@dataclass(frozen=True)
class Content:
    board: Board
    buildings: tuple[Building, ...]  # tiles 0-43, then printed, then the airport tile
    printed_sites: dict[int, int]  # printed building id -> footprint
    airport_tile: int
    cards: tuple[Favor, ...]
    tracks: dict[str, Any]
    supply: dict[str, int]
    terms: tuple[int, ...]  # CC-58 (our design): the terms a table may choose, in rounds
    machine_term: int  # CC-58: the term of games that bots play alone
    start: dict[str, Start]
    expansion: tuple[tuple[int, int, int], ...]
    general: frozenset[int]  # ids of the general Favor cards
    zone_ids: tuple[tuple[int, ...], ...]  # per zone: the buildings of that zone
    # per building, for the production loop: blue, white, goods, energy, money
    needs: tuple[tuple[int, int, int, int, int], ...]

    @property
    def names(self) -> list[str]:
        """The building names, by building id."""
        return [b.name for b in self.buildings]

    def growth_text(self, hood: int) -> str:
        """CC-7, CC-64: when a neighbourhood closed at the start opens, in words."""
        names = self.board.hood_names
        for h, base, blocks in self.expansion:
            if h == hood:
                many = f"{blocks} blocks of {names[base]} are" if blocks > 1 else \
                    f"1 block of {names[base]} is"
                return (f"Neighbourhood {names[h]} is closed to building; it opens at a turn end "
                        f"once {many} built on.")
        return f"Neighbourhood {names[hood]} is closed to building."

    def by_name(self, name: str) -> int:
        bid = _NAME_IDS.get((id(self.buildings), name))
        if bid is not None:
            return bid
        for b in self.buildings:
            if b.name == name:
                _NAME_IDS[(id(self.buildings), name)] = b.id
                return b.id
        raise ValueError(f"no building is called {name!r}")


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"cannot read City Council data file {path}: {exc}") from exc


def load_board(raw: dict[str, Any]) -> Board:
    grid = [row.split() for row in raw["grid"]]
    rows, cols = len(grid), len(grid[0])
    if any(len(r) != cols for r in grid):
        raise ValueError("every row of the city grid needs the same number of blocks")
    cell_zone: list[int] = []
    cell_hood: list[int] = []
    hood_names: list[str] = []
    for r in grid:
        for code in r:
            if code[0] not in CELL_ZONES:
                raise ValueError(f"unknown zone letter in {code!r}")
            zone = CELL_ZONES[code[0]]
            cell_zone.append(zone)
            if zone == CENTRE:
                cell_hood.append(-1)
                continue
            if code not in hood_names:
                hood_names.append(code)
            cell_hood.append(hood_names.index(code))
    hood_zone = tuple(CELL_ZONES[n[0]] for n in hood_names)
    hood_cells = tuple(
        tuple(c for c, h in enumerate(cell_hood) if h == i) for i in range(len(hood_names))
    )
    place_shape: list[int] = []
    place_cells: list[tuple[int, ...]] = []
    by_shape: list[list[int]] = [[] for _ in SHAPES]
    for shape, variants in enumerate(ORIENTATIONS):
        for offsets in variants:
            for r in range(rows):
                for c in range(cols):
                    cells = []
                    for dr, dc in offsets:
                        if not (0 <= r + dr < rows and 0 <= c + dc < cols):
                            break
                        cells.append((r + dr) * cols + c + dc)
                    else:
                        by_shape[shape].append(len(place_cells))
                        place_shape.append(shape)
                        place_cells.append(tuple(sorted(cells)))
    surcharge = []
    for covered in place_cells:
        per_zone = []
        for zone in range(5):
            if zone in (SAFETY, CENTRE):
                per_zone.append(0)
            else:
                per_zone.append(sum(1 for c in covered if cell_zone[c] not in (zone, GREY)))
        surcharge.append(tuple(per_zone))
    return Board(
        rows=rows,
        cols=cols,
        cell_zone=tuple(cell_zone),
        cell_hood=tuple(cell_hood),
        hood_names=tuple(hood_names),
        hood_zone=hood_zone,
        hood_cells=hood_cells,
        place_shape=tuple(place_shape),
        place_cells=tuple(place_cells),
        place_index={cells: i for i, cells in enumerate(place_cells)},
        by_shape=tuple(tuple(s) for s in by_shape),
        buildable=tuple(all(cell_zone[c] != CENTRE for c in cells) for cells in place_cells),
        surcharge=tuple(surcharge),
        place_hoods=tuple(
            tuple(sorted({cell_hood[c] for c in cells if cell_hood[c] >= 0}))
            for cells in place_cells
        ),
        hood_mask=tuple(
            sum(1 << h for h in {cell_hood[c] for c in cells if cell_hood[c] >= 0})
            for cells in place_cells
        ),
        in_centre=tuple(any(cell_zone[c] == CENTRE for c in cells) for cells in place_cells),
        cheapest=tuple(
            tuple(
                tuple(sorted(
                    (surcharge[p][zone], p, place_cells[p]) for p in by_shape[shape]
                    if all(cell_zone[c] != CENTRE for c in place_cells[p])
                ))
                for zone in range(5)
            )
            for shape in range(len(SHAPES))
        ),
    )


def _building(i: int, raw: dict[str, Any], names: list[str]) -> Building:
    zone = ZONES.index(raw["zone"])
    section = raw.get("section", raw["zone"])
    if section not in SECTIONS:
        raise ValueError(f"building {raw['name']!r} needs a section")
    unknown = set(raw["inputs"]) - set(INPUTS) | set(raw["outputs"]) - set(OUTPUTS)
    if unknown:
        raise ValueError(f"building {raw['name']!r} has unknown resources {sorted(unknown)}")
    up = raw.get("upgrade_of", "")
    return Building(
        id=i,
        name=raw["name"],
        shape=SHAPES.index(raw["shape"]),
        zone=zone,
        set=raw["set"],
        cost=int(raw["cost"]),
        blue=int(raw["blue"]),
        white=int(raw["white"]),
        section=SECTIONS.index(section),
        inputs=tuple(int(raw["inputs"].get(k, 0)) for k in INPUTS),  # type: ignore[arg-type]
        out={k: int(v) for k, v in raw["outputs"].items()},
        upgrade_of=names.index(up) if up else -1,
        source=raw["source"],
    )


def load_buildings(raw: dict[str, Any]) -> tuple[Building, ...]:
    entries = raw["tile"] + raw["printed"] + raw["airport"]
    names = [e["name"] for e in entries]
    if len(set(names)) != len(names):
        raise ValueError("two buildings share a name")
    if len(raw["tile"]) != TILE_COUNT:
        found = len(raw["tile"])
        raise ValueError(f"City Council needs {TILE_COUNT} building tiles, found {found}")
    out = tuple(_building(i, e, names) for i, e in enumerate(entries))
    for b in out:
        if b.upgrade_of >= 0 and out[b.upgrade_of].shape != b.shape:
            raise ValueError(f"{b.name} must have the shape of the building it upgrades")
    return out


def load_cards(raw: dict[str, Any], names: list[str]) -> tuple[Favor, ...]:
    cards = []
    for i, c in enumerate(raw["card"]):
        building = c["type"] == "building"
        if building:
            pts = {names.index(k): int(v) for k, v in c["points"].items()}
            cards.append(Favor(i, c["name"], True, pts, "", 0, "", 0, c["source"]))
            continue
        kind = c["kind"]
        if kind not in CONDITION_TEXT:
            raise ValueError(f"Favor card {c['name']!r} has an unknown condition {kind!r}")
        target = str(c.get("shape", c.get("zone", c.get("building", c.get("buildings", "")))))
        if kind == "built" and target not in names:
            raise ValueError(f"Favor card {c['name']!r} names no known building")
        cards.append(
            Favor(i, c["name"], False, {}, kind, int(c.get("n", 0)), target, int(c["points"]),
                  c["source"])
        )
    if len(cards) != CARD_COUNT:
        raise ValueError(f"City Council needs {CARD_COUNT} Favor cards, found {len(cards)}")
    return tuple(cards)


def _hood(board: Board, name: str) -> int:
    if name not in board.hood_names:
        raise ValueError(f"the city has no neighbourhood {name!r}")
    return board.hood_names.index(name)


def _start(raw: dict[str, Any], board: Board) -> Start:
    return Start(
        budget=int(raw["budget"]),
        power=int(raw["power"]),
        goods=int(raw["goods"]),
        blue={int(k): int(v) for k, v in raw["blue"].items()},
        white={int(k): int(v) for k, v in raw["white"].items()},
        sell_markers=int(raw["sell_markers"]),
        relocate_markers=int(raw["relocate_markers"]),
        display=tuple(int(raw["display"][s]) for s in SHAPES),  # type: ignore[arg-type]
        end_points=int(raw["end_points"]),
        airport_upgrade=bool(raw["airport_upgrade"]),
        closed=tuple(sorted(_hood(board, h) for h in raw.get("closed", []))),
    )


def load_expansion(raw: list[dict[str, Any]], board: Board) -> tuple[tuple[int, int, int], ...]:
    """CC-64: (closed neighbourhood, the one it grows from, blocks built there to open)."""
    out = []
    for e in raw:
        hood, base = _hood(board, e["hood"]), _hood(board, e["grows_from"])
        if hood == base or int(e["blocks"]) < 1:
            raise ValueError(f"neighbourhood {e['hood']!r} needs another one to grow from")
        out.append((hood, base, int(e["blocks"])))
    return tuple(out)


def load(directory: Path = DEFAULT_DIR) -> Content:
    board_raw = _read(directory / "board.toml")
    board = load_board(board_raw)
    buildings = load_buildings(_read(directory / "buildings.toml"))
    names = [b.name for b in buildings]
    printed_sites = {}
    for p in board_raw["printed"]:
        cells = tuple(
            sorted(int(rc.split(",")[0]) * board.cols + int(rc.split(",")[1]) for rc in p["cells"])
        )
        bid = names.index(p["name"])
        pid = board.place_index.get(cells)
        if pid is None or board.place_shape[pid] != buildings[bid].shape:
            raise ValueError(f"the printed {p['name']} does not fit its shape")
        printed_sites[bid] = pid
    start = {m: _start(board_raw["start"][m], board) for m in ("basic", "advanced")}
    expansion = load_expansion(board_raw.get("expansion", []), board)
    grows = {h for h, _, _ in expansion}
    for mode, st in start.items():
        for h in st.closed:
            if h not in grows:
                name = board.hood_names[h]
                raise ValueError(f"{mode}: neighbourhood {name!r} is closed and never opens")
    airport = [b.id for b in buildings if b.set == "airport"]
    if len(airport) != 1:
        raise ValueError("the data needs exactly one advanced airport tile")
    cards = load_cards(_read(directory / "favors.toml"), names)
    term = board_raw["term"]
    if not term["choices"] or any(type(t) is not int or t < 1 for t in term["choices"]):
        raise ValueError("[term] choices must be whole numbers of rounds, at least 1")
    if term["machine_default"] not in term["choices"]:
        raise ValueError("[term] machine_default must be one of its choices")
    return Content(
        board=board,
        buildings=buildings,
        printed_sites=printed_sites,
        airport_tile=airport[0],
        cards=cards,
        # CC-48: the designed lifestyle effects are read with the tracks they act on
        tracks={**board_raw["tracks"],
                **{k: v for k, v in board_raw["lifestyle"].items() if k != "source"}},
        supply={k: int(v) for k, v in board_raw["supply"].items() if k != "source"},
        terms=tuple(term["choices"]),
        machine_term=term["machine_default"],
        start=start,
        expansion=expansion,
        general=frozenset(card.id for card in cards if not card.building),
        zone_ids=tuple(
            tuple(b.id for b in buildings if b.zone == z) for z in range(len(ZONES))
        ),
        needs=tuple((b.blue, b.white, *b.inputs) for b in buildings),
    )
