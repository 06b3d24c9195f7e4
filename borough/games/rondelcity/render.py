"""A text picture of a Rondel City observation, for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from borough.games.rondelcity.data import BUILDINGS
from borough.games.rondelcity.state import AMENITY, EMPTY

if TYPE_CHECKING:
    from borough.games.rondelcity.rules import RondelCity


# What the numbers and codes above mean (RON-3, RON-4, RON-7, RON-18).
KEY = (
    "Key: a Citizen stands on its owner's VP, a Banker on its owner's gold: the number of "
    "your Banker's space is your gold.",
    "  Paying moves your Banker back; when it can stop on more than one space of that "
    "number, choosing the street space is how you pay.",
    "  Square codes: A1 is square 1 of Block A (1 north-west, 2 north-east, 3 south-west, "
    "4 south-east); N/S and +/o are the square's icons, then the streets beside it.",
)


def _tile(game: RondelCity, code: int) -> str:
    if code == EMPTY:
        return "."
    if code >= AMENITY:
        return f"[{game.variants.amenities[code - AMENITY]}]"
    t = game.tiles[code]
    return f"{BUILDINGS[t.building].title()}({t.icon_text()})"


def _street(game: RondelCity, street: int) -> str:
    """A street by colour and the numbers along it, e.g. "red 10-12"."""
    city = game.city
    numbers = [city.numbers[s] for s in city.street_spaces[street]]
    span = f"{min(numbers)}-{max(numbers)}" if len(numbers) > 1 else f"{numbers[0]}"
    return f"{city.street_colours[street]} {span}"


def render(game: RondelCity, observation: dict[str, Any]) -> str:
    obs = observation
    city, market = game.city, game.market
    lines: list[str] = []
    rondel_names = [
        f"{BUILDINGS[b].title()}/{c}"
        for b, c in zip(market.rondel_buildings, market.rondel_colours, strict=True)
    ]
    lines.append(f"Rondel City - turn {obs['turns'] + 1}, "
                 f"waiting for: {', '.join(f'Player {s + 1}' for s in obs['to_act']) or '-'}")
    if obs["final_round"]:
        lines.append("Final placement round.")
    lines.append("Rondel: " + " -> ".join(rondel_names))
    for c, pos in enumerate(obs["rondel"]):
        if c in obs["neutral"]:
            lines.append(f"  neutral {market.colour_names[c]} marker on {rondel_names[pos]}")
    for s in obs["seats"]:
        tiles = ", ".join(_tile(game, t) for t in s["tiles"]) or "none"
        amen = ", ".join(game.variants.amenities[a] for a in s["amenities"])
        lines.append(
            f"Player {s['seat'] + 1} ({s['colour']}): {s['vp']} VP, {s['gold']} gp, "
            f"rondel {rondel_names[s['rondel']]}; tiles: {tiles}"
            + (f"; Amenities: {amen}" if amen else "")
        )
    lines.append("Market:")
    for ln in obs["lines"]:
        if ln["left"]:
            lines.append(f"  {ln['building'].title():7} {ln['left']} left, face up "
                         f"{_tile(game, ln['face_up'])}, price {ln['price']}")
        else:
            lines.append(f"  {ln['building'].title():7} empty")
    if obs["event"] >= 0:
        e = game.variants.events[obs["event"]]
        lines.append(f"Event: {e.name} - {e.text}")
    lines.append("City (square: contents):")
    for b, name in enumerate(city.block_names):
        cells = []
        for q in city.block_squares[b]:
            streets = "/".join(_street(game, st) for st in city.square_streets[q])
            cells.append(f"{city.square_labels[q]} {city.square_ns[q]}{city.square_ring[q]} "
                         f"{streets}: {_tile(game, obs['board'][q])}")
        flag = " (face-down Amenity)" if obs["amenity_blocks"][b] else ""
        lines.append(f"  Block {name}{flag}: " + "; ".join(cells))
    where = []
    for s in obs["seats"]:
        for piece in ("citizen", "banker"):
            sp = s[piece]
            where.append(f"P{s['seat'] + 1} {piece} on {city.describe_space(sp)}")
    lines.append("Pieces: " + "; ".join(where))
    lines.extend(KEY)
    return "\n".join(lines)
