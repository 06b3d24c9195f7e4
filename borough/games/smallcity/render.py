"""A text picture of a Small City observation for the terminal."""

from __future__ import annotations

from typing import Any

from borough.games.smallcity.data import MATERIALS, SIZE

# One letter per tile family on the grid; a citizen shows its seat number.
_LETTERS = {
    "residential": "R", "commercial": "C", "factory": "F", "park": "p", "warehouse": "w",
    "refinery": "r", "harbor": "h", "police": "P", "fire": "f", "city_hall": "H",
    "cultural": "U", "metro": "M", "clinic": "K", "university": "V",
}
_CARDS = ("Mayor", "Architect", "Mediator", "Engineer", "Supporter", "Urban Planner",
          "City Councilor", "Opponent")


def _borough(game: Any, seat: dict[str, Any], mayor_cells: tuple[int, ...]) -> list[str]:
    types = {t.key: t for t in game.types}
    rows = []
    size = seat["zone_size"]
    for r in range(SIZE):
        line = []
        for c in range(SIZE):
            i = r * SIZE + c
            g = seat["grid"][i]
            if g == -2:
                ch = "+"
            elif g >= 0 and seat["tiles"][g] is not None:
                ch = _LETTERS.get(types[seat["tiles"][g]["type"]].family, "?")
                if seat["tiles"][g]["type"] == "harbor" and seat["tiles"][g]["marks"][
                        seat["tiles"][g]["cells"].index(i)] == 1:
                    ch = "~"
            elif i in mayor_cells:
                ch = "m"
            else:
                ch = "." if r < size and c < size else " "
            who = seat["occ"][i]
            line.append(f"{ch}{who + 1 if who >= 0 else ' '}")
        rows.append(f"{chr(ord('A') + r)} " + " ".join(line))
    return rows


def render(game: Any, observation: dict[str, Any]) -> str:
    o = observation
    out = [
        f"Small City Deluxe - round {o['round']}/8, phase {o['phase']}, step {o['step']}; "
        f"Player {o['current'] + 1} to act; host Player {o['host'] + 1}",
    ]
    cards = [
        f"{_CARDS[c]}{'' if t < 0 else f' (P{t + 1})'}"
        for c, t in zip(o["circle"], o["taken"], strict=True) if c >= 0
    ]
    out.append("Action cards: " + ", ".join(cards))
    out.append("Materials in reserve: " + ", ".join(
        f"{n} {MATERIALS[m]}" for m, n in enumerate(o["mats"])))
    mayor = tuple(game.edges[o["mayor"]]) if o["mayor"] >= 0 else ()
    for seat in o["seats"]:
        s = seat["seat"]
        promise = seat["promise"] if seat["promise"] is not None else "hidden"
        out.append("")
        out.append(
            f"Player {s + 1}: ${seat['money']}, {seat['votes']} votes, pollution "
            f"{seat['pollution']}%, City Hall {seat['hall_citizens']} citizens + "
            f"{len(seat['hall_mats'])} materials, Career Center {seat['career']}, "
            f"promise {promise}{' (LOST)' if seat['eliminated'] else ''}"
        )
        out.append("  " + " ".join(f"{c + 1:>2}" for c in range(SIZE)))
        out.extend(_borough(game, seat, mayor if s == o["host"] else ()))
    return "\n".join(out)
