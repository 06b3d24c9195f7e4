"""Final scoring: Promises, pollution, the victory conditions and their tie-breaks.

Rule ids refer to RULES.md.
"""

from __future__ import annotations

from typing import Any

from borough.core.results import Breakdown, ScorePart
from borough.games.smallcity.build import name, stored
from borough.games.smallcity.data import CELLS, Promise, TileType
from borough.games.smallcity.geometry import influencers
from borough.games.smallcity.state import SmallCityState, Tile
from borough.games.smallcity.tables import Tables

PROMISE_GAIN = (6, 12, 18)  # SC-88
PROMISE_LOSS = (3, 6, 12)
SPECIAL_LOSS = 5  # SC-A4


def seat_tiles(tb: Tables, st: SmallCityState, s: int) -> list[tuple[TileType, Tile]]:
    return [(tb.types[t.type], t) for t in st.seats[s].tiles if t is not None]


def in_play(st: SmallCityState, s: int) -> int:
    """Citizens on board spaces anywhere (City Hall and the Career Center excluded)."""
    return sum(b.occ.count(s) for b in st.seats)


def measure(tb: Tables, st: SmallCityState, s: int, test: tuple[Any, ...],
            tiles: list[tuple[TileType, Tile]] | None = None) -> tuple[int, int]:
    """(what the seat has, what the condition asks) for one Promise condition;
    `tiles`, the seat's `seat_tiles` when the caller has them already.

    Every condition is "at least": `pollution_below n` is measured as how far
    below n the seat stays, so that a condition holds when the first number
    reaches the second.
    """
    seat = st.seats[s]
    kind = test[0]
    if tiles is None:
        tiles = seat_tiles(tb, st, s)
    if kind == "tiles":
        return sum(1 for t, _ in tiles if t.family == test[1]), test[2]
    if kind == "spaces":
        return sum(len(x.cells) for t, x in tiles if t.family == test[1]), test[2]
    if kind == "level":
        return max((t.level for t, _ in tiles if t.family == test[1]), default=0), test[2]
    if kind == "has":
        return int(any(t.key == test[1] for t, _ in tiles)), 1
    if kind == "money":
        return seat.money, test[1]
    if kind == "pollution_below":
        return test[1] - seat.pollution, 1
    if kind == "cultural":
        return sum(1 for t, _ in tiles if t.cultural), test[1]
    if kind == "cultural_spaces":
        return sum(len(x.cells) for t, x in tiles if t.cultural), test[1]
    if kind == "in_play":
        return in_play(st, s), test[1]
    if kind == "covered":
        return sum(len(x.cells) for _, x in tiles), test[1]
    if kind == "full_homes":
        homes = [x for t, x in tiles if t.family == "residential"]
        full = sum(1 for x in homes if all(seat.occ[c] == s for c in x.cells))
        # every home must be full: with one unfilled, the count stops short
        return (full if full == len(homes) else min(full, test[1] - 1)), test[1]
    if kind == "residents":
        return sum(1 for t, x in tiles if t.family == "residential"
                   for c in x.cells if seat.occ[c] == s), test[1]
    if kind == "workers":
        return sum(1 for b in st.seats for t in b.tiles
                   if t is not None and tb.types[t.type].family == test[1]
                   for c in t.cells if b.occ[c] == s), test[2]
    if kind == "materials":
        return sum(stored(tb, seat)), test[1]
    if kind == "columns":
        return sum(seat.disc_col), test[1]
    if kind == "zone_max":
        return seat.zone, len(tb.zones(seat)) - 1
    if kind == "no_cemetery":
        return int(not seat.cemeteries), 1
    if kind == "tourists":
        return sum(1 for b, other in enumerate(st.seats) if b != s
                   for c in range(CELLS) if other.occ[c] == s), test[1]
    raise ValueError(f"unknown promise condition {kind!r}")


def condition(tb: Tables, st: SmallCityState, s: int, test: tuple[Any, ...]) -> bool:
    have, need = measure(tb, st, s, test)
    return have >= need


def progress(tb: Tables, st: SmallCityState, s: int, card: Promise) -> float:
    """How near the seat is to keeping `card`, from 0 to 1 (1: kept).

    For the computer players: a card that pays only when met gives no hint of
    the way there, so they weigh each condition by the share of it they have.
    """
    parts = []
    for test in card.test:
        have, need = measure(tb, st, s, test)
        if test[0] == "pollution_below":  # lose the share by which pollution runs over
            parts.append(1.0 if have >= need else max(0.0, 1 + (have - 1) / test[1]))
        elif test[0] == "level" and have < need:
            parts.append(max(have, _toward_level(tb, st, s, test[1])) / need)
        else:
            parts.append(1.0 if have >= need else max(0.0, have) / need)
    return sum(parts) / len(parts)


def _toward_level(tb: Tables, st: SmallCityState, s: int, family: str) -> float:
    """The best level a tile of `family` has, plus a share of a level for the
    influences its next upgrade needs that it already has (SC-31, SC-33, SC-35)."""
    seat = st.seats[s]
    best = 0.0
    for i, tile in enumerate(seat.tiles):
        if tile is None or tb.types[tile.type].family != family:
            continue
        level = tb.types[tile.type].level
        around = [tb.types[other.type] for j in influencers(tb.content, seat, i)
                  if (other := seat.tiles[j]) is not None]
        if family == "residential":
            count = sum(1 for t in around if t.cultural)
        elif family == "commercial":
            count = sum(1 for t in around if t.family == "residential")
        else:
            count = len({t.family for t in around} & {"refinery", "harbor"})
        # short of a whole level: the upgrade itself must still be made
        best = max(best, level + min(0.8, 0.4 * max(0, count - level + 1)))
    return best


def kept(tb: Tables, st: SmallCityState, s: int, card: Promise,
         tiles: list[tuple[TileType, Tile]] | None = None) -> bool:
    """Whether seat `s` meets every condition of `card` (`tiles`: as for `measure`)."""
    if tiles is None:
        tiles = seat_tiles(tb, st, s)
    for t in card.test:
        have, need = measure(tb, st, s, t, tiles)
        if have < need:
            return False
    return True


def special_kept(tb: Tables, st: SmallCityState, s: int, card: Promise,
                 tiles: list[tuple[TileType, Tile]] | None = None) -> bool:
    """SC-A4: a Special Promise needs the seat to be the only one meeting it."""
    if not kept(tb, st, s, card, tiles):
        return False
    return not any(kept(tb, st, o, card) for o in range(st.players) if o != s)


def revenue(tb: Tables, st: SmallCityState, s: int) -> int:
    """SC-A6: $L^2 per Cultural building and Residential Zone (L = its spaces)."""
    return sum(
        len(x.cells) ** 2 for t, x in seat_tiles(tb, st, s)
        if t.cultural or t.family == "residential"
    )


def final(tb: Tables, st: SmallCityState) -> dict[str, Any]:
    """Per-seat final figures: promise outcome, score in the chosen victory, tie keys."""
    return {"rows": [final_row(tb, st, s) for s in range(st.players)]}


def final_row(tb: Tables, st: SmallCityState, s: int) -> dict[str, Any]:
    """`final`'s row of seat `s` alone."""
    seat = st.seats[s]
    tiles = seat_tiles(tb, st, s)
    p = tb.content.promises[seat.promise - 1] if seat.promise > 0 else None
    ok = bool(p and kept(tb, st, s, p, tiles))
    delta = promise_delta(p, ok)
    specials = [special_kept(tb, st, s, tb.content.specials[n - 1], tiles)
                for n in seat.specials]
    parts = score_parts(st, s, tiles, delta, specials)
    score = sum(value for _, value in parts)
    keys: tuple[int, ...]
    if st.mode == "economic":
        keys = (score, -seat.pollution, seat.votes)
    elif st.mode in ("citizens", "cultural"):
        keys = (score, -seat.pollution, seat.votes, seat.money)
    else:
        keys = (score, -seat.pollution, seat.money)
    return {
        "seat": s, "score": score, "keys": keys, "promise": seat.promise,
        "promise_kept": ok, "promise_delta": delta, "specials": list(seat.specials),
        "specials_kept": specials, "eliminated": seat.eliminated, "parts": parts,
    }


def promise_delta(p: Promise | None, ok: bool) -> int:
    """SC-88: what the kept Promise `p` (None: none yet) adds to the score, met or not."""
    if p is None:
        return 0
    return PROMISE_GAIN[p.deck] if ok else -PROMISE_LOSS[p.deck]


def score_parts(st: SmallCityState, s: int, tiles: list[tuple[TileType, Tile]], delta: int,
                specials: list[bool]) -> list[list[Any]]:
    """The parts seat `s`'s score is the sum of, named as a player reads them, from
    its `seat_tiles`, its Promise's `delta` and whether each Special Promise is kept."""
    seat = st.seats[s]
    parts: list[list[Any]]
    if st.mode == "economic":  # SC-A7
        parts = [["Money", seat.money], ["Revenue", seat.revenue], ["Promise", delta]]
    elif st.mode == "citizens":  # SC-A9
        parts = [["Citizens in play", seat.in_play_total]]
    elif st.mode == "cultural":  # SC-A11
        parts = [["Cultural spaces", sum(len(x.cells) for t, x in tiles if t.cultural)]]
    else:  # SC-88 to SC-90
        parts = [["Votes", seat.votes], ["Promise", delta], ["Pollution", -seat.pollution]]
    if st.mode in ("economic", "basic", "votes") and specials:
        parts.append(["Special Promises", -SPECIAL_LOSS * sum(1 for k in specials if not k)])
    return parts


def rating(tb: Tables, score: int) -> str:
    """SC-S6: the solo rating for a final score."""
    name: str = tb.content.solo["below_lowest"]
    for low, title in tb.content.solo["ratings"]:
        if score >= low:
            name = title
    return name


PART_RULES = {
    "Votes": "SC-90", "Promise": "SC-88", "Pollution": "SC-89", "Special Promises": "SC-A4",
    "Money": "SC-A7", "Revenue": "SC-A7", "Citizens in play": "SC-A9",
    "Cultural spaces": "SC-A11",
}
"""The rule that scores each part of `final`."""

TIE_WORDS = {
    "economic": ("less pollution", "more votes"),
    "citizens": ("less pollution", "more votes", "more money"),
    "cultural": ("less pollution", "more votes", "more money"),
}
"""What each tie key after the score says, by victory (SC-90, SC-A7, SC-A9, SC-A11)."""


def breakdown(tb: Tables, st: SmallCityState, detail: dict[str, Any]) -> Breakdown:
    """The result's parts as a Breakdown: every part of every seat, the tie key that
    decided (or that none did) and, solo, the score's place on the book's scale."""
    rows = detail["rows"]
    titles: list[str] = []
    for r in rows:
        titles += [t for t, _ in r["parts"] if t not in titles]
    parts = [ScorePart(t, PART_RULES.get(t, ""),
                       tuple(dict(r["parts"]).get(t, 0) for r in rows)) for t in titles]
    scale = None
    if st.players == 1:  # SC-S6
        scale = {"steps": [list(r) for r in tb.content.solo["ratings"]],
                 "below": tb.content.solo["below_lowest"], "reached": detail.get("rating"),
                 "score": rows[0]["score"]}
    return Breakdown(parts, _tiebreak(st, rows), scale)


def _tiebreak(st: SmallCityState, rows: list[dict[str, Any]]) -> str | None:
    live = [r for r in rows if not r["eliminated"]]
    best = max((r["score"] for r in live), default=None)
    tied = [r for r in live if r["score"] == best]
    if len(tied) < 2:
        return None
    words = TIE_WORDS.get(st.mode, ("less pollution", "more money"))
    names = " and ".join(name(r["seat"]) for r in tied)
    for k, said in enumerate(words, start=1):
        if len({tuple(r["keys"])[k] for r in tied}) > 1:
            return f"{names} tied on {best} points; {said} decided it."
    return (f"{names} tied on points and on every tie-break ({', then '.join(words)}): "
            "they share the win.")
