"""Component data of Rondel City, read from the TOML files in `data/`.

Another directory holding the same three files can be given to match a printed
edition; the loader checks the facts the rulebook fixes (five lines, ten Events,
nine Amenities, a 0-50 track whose neighbours differ by one).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

DEFAULT_DIR = Path(__file__).with_name("data")
NAME = "rondelcity"

BUILDINGS = ("shop", "church", "bank", "statue", "park")
SHOP, CHURCH, BANK, STATUE, PARK = range(5)
STREET_COLOURS = ("red", "yellow", "green", "blue")
RAINBOW = "rainbow"
# Colours a space may have: the four street colours, white corners, and none (0 and 50).
SPACE_COLOURS = (*STREET_COLOURS, "white", "none")
TOP = 50
RONDEL_SIZE = 5  # one space per building type
PLAYER_COUNTS = (2, 3, 4)


@dataclass(frozen=True)
class City:
    numbers: tuple[int, ...]  # space id -> track number
    colours: tuple[str, ...]  # space id -> colour
    street_of: tuple[int, ...]  # space id -> street id, -1 for a corner
    up: tuple[tuple[int, ...], ...]  # neighbours one number higher
    down: tuple[tuple[int, ...], ...]  # neighbours one number lower
    street_colours: tuple[str, ...]
    street_spaces: tuple[tuple[int, ...], ...]
    block_names: tuple[str, ...]
    main_blocks: tuple[int, ...]  # the Blocks that receive a Civic Amenity
    square_labels: tuple[str, ...]
    square_block: tuple[int, ...]
    square_ns: tuple[str, ...]
    square_ring: tuple[str, ...]
    square_streets: tuple[tuple[int, ...], ...]
    block_squares: tuple[tuple[int, ...], ...]
    start: int  # the space every piece starts on
    zero: int  # the 0 space
    top: int  # the 50 space

    def describe_space(self, space: int) -> str:
        """E.g. "space 10 (red street by C3, C4, F1, F2)": the squares say which street."""
        return self._space_names[space]

    @cached_property
    def _space_names(self) -> tuple[str, ...]:
        # Every move's event names its space: worded once per space, not per move.
        return tuple(self._word_space(space) for space in range(len(self.numbers)))

    def _word_space(self, space: int) -> str:
        colour = self.colours[space]
        if colour == "white":
            # name the corner by the squares whose two streets meet there
            joined = {self.street_of[n] for n in self.up[space] + self.down[space]}
            at = [self.square_labels[q] for q, sts in enumerate(self.square_streets)
                  if len(sts) == 2 and set(sts) <= joined]
            where = f" at {', '.join(at)}" if at else ""
            return f"space {self.numbers[space]} (corner{where})"
        kind = "uncoloured space" if colour == "none" else f"{colour} street"
        street = self.street_of[space]
        near = [self.square_labels[q] for q, sts in enumerate(self.square_streets)
                if street in sts]
        by = f" by {', '.join(near)}" if near else ""
        return f"space {self.numbers[space]} ({kind}{by})"


@dataclass(frozen=True)
class Tile:
    id: int
    building: int
    colour: str  # "" for a Park
    ns: str
    ring: str
    park: tuple[int, ...]  # icons per building type, Parks only
    source: str

    def icon_text(self) -> str:
        if self.building == PARK:
            parts = [f"{n} {BUILDINGS[b]}" for b, n in enumerate(self.park) if n]
            return ", ".join(parts)
        return f"{self.colour} {self.ns} {self.ring}"


@dataclass(frozen=True)
class EventTile:
    id: int
    name: str
    ban: str  # a street colour, or "none"
    surcharge: tuple[int, ...]  # extra gp per line
    source: str
    text: str  # worded by event_text from `ban` and `surcharge`, never typed in


def event_text(ban: str, surcharge: tuple[int, ...]) -> str:
    """RON-V4: what an Event does, worded from the very fields the rules read, so an
    Event tile's text can never say something the game does not do."""
    parts = []
    if ban != "none":
        parts.append(f"A {ban} street does not allow a placement; a square by a {ban} "
                     "street may still be used through its other street.")
    plural = {"church": "Churches"}
    dearer = [f"{plural.get(BUILDINGS[b], BUILDINGS[b].title() + 's')} cost {n} gp more"
              for b, n in enumerate(surcharge) if n]
    if dearer:
        parts.append("; ".join(dearer) + ".")
    return " ".join(parts) or "No restrictions and no extra costs."


@dataclass(frozen=True)
class Market:
    rondel_buildings: tuple[int, ...]
    rondel_colours: tuple[str, ...]
    extra_costs: tuple[int, ...]
    player_start: int
    neutral_starts: dict[int, tuple[int, ...]]
    colour_names: tuple[str, ...]
    start_number: int
    tile_limit: dict[int, int]
    pass_gold: int
    rainbow_vp: int
    effect_vp: tuple[int, ...]
    effect_gp: tuple[int, ...]
    prices: tuple[tuple[int, ...], ...]
    tiles: tuple[Tile, ...]
    line_tiles: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Variants:
    events: tuple[EventTile, ...]
    festival: int
    amenities: tuple[str, ...]
    bonus_vp: int
    bonus_gp: int


@dataclass(frozen=True)
class Content:
    city: City
    market: Market
    variants: Variants


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"cannot read Rondel City data file {path}: {exc}") from exc


def load_city(path: Path) -> City:
    raw = _read(path)
    spaces = raw["spaces"]
    n = len(spaces)
    if [s[0] for s in spaces] != list(range(n)):
        raise ValueError("city spaces must be numbered 0, 1, 2, ... in order")
    numbers = tuple(int(s[1]) for s in spaces)
    colours = tuple(str(s[2]) for s in spaces)
    for c in colours:
        if c not in SPACE_COLOURS:
            raise ValueError(f"unknown space colour {c!r}")
    up: list[list[int]] = [[] for _ in range(n)]
    down: list[list[int]] = [[] for _ in range(n)]
    for a, b in raw["links"]:
        if abs(numbers[a] - numbers[b]) != 1:
            raise ValueError(f"linked spaces {a} and {b} are not one number apart")
        lo, hi = (a, b) if numbers[a] < numbers[b] else (b, a)
        up[lo].append(hi)
        down[hi].append(lo)
    streets = raw["streets"]
    street_of = [-1] * n
    for sid, colour, ids in streets:
        for s in ids:
            street_of[s] = sid
            if colours[s] != colour:
                raise ValueError(f"space {s} does not have the colour of street {sid}")
    blocks = raw["blocks"]
    squares = raw["squares"]
    block_squares: list[list[int]] = [[] for _ in blocks]
    for q in squares:
        block_squares[q[2]].append(q[0])
        if q[3] not in ("N", "S") or q[4] not in ("+", "o"):
            raise ValueError(f"square {q[1]} has a bad N/S or +/o icon")
    zero = [i for i in range(n) if numbers[i] == 0]
    top = [i for i in range(n) if numbers[i] == TOP]
    start = [i for i in range(n) if numbers[i] == 25]
    if len(zero) != 1 or len(top) != 1 or len(start) != 1:
        raise ValueError("the track needs exactly one 0, one 25 and one 50 space")
    if sorted(set(numbers)) != list(range(TOP + 1)):
        raise ValueError("the track must hold every number from 0 to 50")
    return City(
        numbers=numbers,
        colours=colours,
        street_of=tuple(street_of),
        up=tuple(tuple(sorted(x)) for x in up),
        down=tuple(tuple(sorted(x)) for x in down),
        street_colours=tuple(s[1] for s in streets),
        street_spaces=tuple(tuple(s[2]) for s in streets),
        block_names=tuple(b[1] for b in blocks),
        main_blocks=tuple(b[0] for b in blocks if b[2]),
        square_labels=tuple(q[1] for q in squares),
        square_block=tuple(q[2] for q in squares),
        square_ns=tuple(q[3] for q in squares),
        square_ring=tuple(q[4] for q in squares),
        square_streets=tuple(tuple(q[5]) for q in squares),
        block_squares=tuple(tuple(b) for b in block_squares),
        start=start[0],
        zero=zero[0],
        top=top[0],
    )


def load_market(path: Path) -> Market:
    raw = _read(path)
    rondel = raw["rondel"]
    spaces = rondel["spaces"]
    buildings = tuple(BUILDINGS.index(s["building"]) for s in spaces)
    if sorted(buildings) != list(range(5)):
        raise ValueError("the rondel needs one space per building type")
    lines = raw["line"]
    if [BUILDINGS.index(line["building"]) for line in lines] != list(range(5)):
        raise ValueError("the five lines must be listed shop, church, bank, statue, park")
    effects = raw["effects"]
    tiles: list[Tile] = []
    per_line: list[list[int]] = [[] for _ in range(5)]
    for i, t in enumerate(raw["tile"]):
        b = BUILDINGS.index(t["building"])
        if b == PARK:
            park = (*(int(t["park"].get(name, 0)) for name in BUILDINGS[:4]), 0)
            tiles.append(Tile(i, b, "", "", "", park, t.get("source", "")))
        else:
            colour, ns, ring = t["icons"]
            if colour not in STREET_COLOURS or ns not in ("N", "S") or ring not in ("+", "o"):
                raise ValueError(f"tile {i} has bad icons {t['icons']!r}")
            tiles.append(Tile(i, b, colour, ns, ring, (0, 0, 0, 0, 0), t.get("source", "")))
        per_line[b].append(i)
    prices = tuple(tuple(int(p) for p in line["prices"]) for line in lines)
    for b in range(5):
        if len(prices[b]) != len(per_line[b]):
            raise ValueError(f"the {BUILDINGS[b]} line has a price for every tile, no more")
    start = raw["start"]
    return Market(
        rondel_buildings=buildings,
        rondel_colours=tuple(s["colour"] for s in spaces),
        extra_costs=tuple(rondel["extra_step_costs"]),
        player_start=BUILDINGS.index(rondel["player_start"]),
        neutral_starts={
            int(k): tuple(BUILDINGS.index(x) for x in v)
            for k, v in rondel["neutral_starts"].items()
        },
        colour_names=tuple(rondel["colours"]),
        start_number=int(start["space_number"]),
        tile_limit={int(k): int(v) for k, v in start["tile_limit"].items()},
        pass_gold=int(start["pass_gold"]),
        rainbow_vp=int(start["rainbow_vp"]),
        effect_vp=(*(int(effects[b]["vp"]) for b in BUILDINGS[:4]), 0),
        effect_gp=(*(int(effects[b]["gp"]) for b in BUILDINGS[:4]), 0),
        prices=prices,
        tiles=tuple(tiles),
        line_tiles=tuple(tuple(x) for x in per_line),
    )


def load_variants(path: Path) -> Variants:
    raw = _read(path)
    events = []
    for i, e in enumerate(raw["event"]):
        if e["ban"] not in (*STREET_COLOURS, "none"):
            raise ValueError(f"event {e['name']!r} bans an unknown colour")
        surcharge = tuple(int(e["surcharge"].get(b, 0)) for b in BUILDINGS)
        events.append(EventTile(i, e["name"], e["ban"], surcharge, e["source"],
                                event_text(e["ban"], surcharge)))
    if len(events) != 10 or events[0].name != "Festival":
        raise ValueError("there are ten Event tiles and the first is the Festival")
    amenities = tuple(a["name"] for a in raw["amenity"])
    if len(amenities) != 9:
        raise ValueError("there are nine Civic Amenities")
    use = raw["amenity_use"]
    return Variants(tuple(events), 0, amenities, int(use["bonus_vp"]), int(use["bonus_gp"]))


def load(directory: Path = DEFAULT_DIR) -> Content:
    return Content(
        city=load_city(directory / "city.toml"),
        market=load_market(directory / "market.toml"),
        variants=load_variants(directory / "variants.toml"),
    )
