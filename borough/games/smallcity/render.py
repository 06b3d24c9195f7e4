"""Small City at the terminal: the boroughs with row letters and column numbers (as the
log names spaces), the viewer's Promises with their texts and progress, the tiles it
can afford with their shapes and costs, and typed squares as moves ("B3", "B3 2").
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from borough.games.smallcity.data import MATERIALS, SIZE
from borough.games.smallcity.geometry import label

# One letter per tile family on the grid; a citizen shows its seat number.
_LETTERS = {
    "residential": "R", "commercial": "C", "factory": "F", "park": "p", "warehouse": "w",
    "refinery": "r", "harbor": "h", "police": "P", "fire": "f", "city_hall": "H",
    "cultural": "U", "metro": "M", "clinic": "K", "university": "V",
}
_DECKS = ("easy", "medium", "difficult")
_GAIN, _LOSS = (6, 12, 18), (3, 6, 12)  # SC-88
_DATA = Path(__file__).with_name("data")
_PLACING = ("place", "hall", "warehouse")
# the moves that name one space of the mover's own borough, by the action's kind
_OWN_SQUARE = ("demolish", "upgrade", "house", "kill", "bury", "extend", "staff")


def _texts() -> tuple[list[dict[str, Any]], dict[str, Any]]:
    with (_DATA / "cards.toml").open("rb") as fh:
        cards = tomllib.load(fh)["card"]
    with (_DATA / "effects.toml").open("rb") as fh:
        families = tomllib.load(fh)["family"]
    return cards, families


_CARDS, _FAMILIES = _texts()


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
                tile = seat["tiles"][g]
                ch = _LETTERS.get(types[tile["type"]].family, "?")
                if tile["type"] == "harbor" and tile["marks"][tile["cells"].index(i)] == 1:
                    ch = "~"
            elif i in mayor_cells:
                ch = "m"
            else:
                ch = "." if r < size and c < size else " "
            who = seat["occ"][i]
            # a tourist (another seat's citizen) shows its seat number after a "*"
            mark = " " if who < 0 else str(who + 1) if who == seat["seat"] else "*"
            line.append(f"{ch}{mark}")
        rows.append(f"{chr(ord('A') + r)} " + " ".join(line))
    return rows


# a space's mark as its letter: commercial $1 / sell / buy votes / trade, factory material
_MARKS = {"commercial": "1SVT", "factory": "wsm", "harbor": "#~"}


def shape_lines(shape: tuple[tuple[int, int, int], ...], family: str = "",
                first: bool = False) -> list[str]:
    """A footprint as text: each space its mark's letter ('#' when it has none), '@' the
    space a typed square names."""
    rows = max(r for r, _, _ in shape) + 1
    cols = max(c for _, c, _ in shape) + 1
    grid = [[" "] * cols for _ in range(rows)]
    for k, (r, c, m) in enumerate(shape):
        grid[r][c] = "@" if first and k == 0 else _MARKS.get(family, "#" * 4)[m]
    return ["".join(row).rstrip() for row in grid]


def _price(t: Any, seat: dict[str, Any]) -> str:
    money = t.cost - (1 if seat["card"] == 2 and not t.cultural and t.cost > 1 else 0)  # SC-11
    mats = ", ".join(f"{n} {MATERIALS[m]}" for m, n in enumerate(t.materials) if n)
    return f"${money}" + (f" + {mats}" if mats else "")


def _side_by_side(blocks: list[tuple[str, list[str]]], gap: int = 3) -> list[str]:
    width = [max(len(title), *(len(x) for x in body)) for title, body in blocks]
    height = max(len(body) for _, body in blocks)
    out = ["".join(title.ljust(w + gap) for (title, _), w in zip(blocks, width, strict=True))]
    for k in range(height):
        out.append("".join((body[k] if k < len(body) else "").ljust(w + gap)
                           for (_, body), w in zip(blocks, width, strict=True)))
    return [line.rstrip() for line in out]


def _promises(game: Any, o: dict[str, Any], me: dict[str, Any]) -> list[str]:
    out = []
    if o["step"] == "promise" and me["offered"]:
        out.append("Promises offered (keep one; kept: +6/+12/+18 votes, broken: -3/-6/-12):")
        for k, n in enumerate(me["offered"], start=1):
            p = game.content.promises[n - 1]
            out.append(f"  {k}. ({_DECKS[p.deck]}) {p.text}")
    if o["step"] == "keep" and isinstance(o["draw"], list):
        out.append("Special Promises drawn (keep one; -5 when broken, kept only if you alone "
                   "meet it):")
        for k, n in enumerate(o["draw"], start=1):
            out.append(f"  {k}. {game.content.specials[n - 1].text}")
    if me["promise"] and me["promise"] > 0:
        p = game.content.promises[me["promise"] - 1]
        done = (me["standing"] or {}).get("promise", [])
        progress = "; ".join(f"{has}/{need}" for has, need in done)
        out.append(f"Your Promise ({_DECKS[p.deck]}, +{_GAIN[p.deck]} kept, "
                   f"-{_LOSS[p.deck]} broken): {p.text}" + (f" [now {progress}]" if done else ""))
    for n in me["specials"] or []:
        out.append(f"Your Special Promise: {game.content.specials[n - 1].text}")
    return out


def _offers(view: Any) -> list[str]:
    """The tile moves with each tile's level, cost and shape (every space's letter), the
    other moves by number, then what each family on offer needs and does."""
    game, o, legal = view.game, view.observation, view.legal_actions
    me = o["seats"][view.seat]
    blocks, rest, families = [], [], []
    for n, a in enumerate(legal, start=1):
        if a[0] != "tile":
            rest.append(f"  {n:>3}. {view.describe(a)}")
            continue
        t = game.types[a[1]]
        if t.family not in families:
            families.append(t.family)
        body = [f"L{t.level} {_price(t, me)}", *shape_lines(t.faces[a[2]][0], t.family)]
        blocks.append((f"{n}. {t.name} {'AB'[a[2]]}", body))
    out = ["Tiles you can build (type the number):"] if blocks else []
    for k in range(0, len(blocks), 4):
        out += ["  " + line for line in _side_by_side(blocks[k:k + 4])]
    out += [f"  {_FAMILIES[f]['needs']} {_FAMILIES[f]['does']}".replace("  ", f"  {f}: ", 1)
            for f in families]
    if any(f in _MARKS for f in families):
        out.append("  Letters: commercial 1 $1, S sells a material, V buys votes, T trades a "
                   "material for votes; factory w/s/m the material it makes; harbor ~ water.")
    return out + rest


def _placing(game: Any, o: dict[str, Any]) -> list[str]:
    t = game.types[game.tables.warehouse if o["step"] == "warehouse" else o["sel"][0]]
    face = 0 if o["step"] == "warehouse" else o["sel"][1]
    blocks = [(f"{k}.", shape_lines(shape, t.family, first=True))
              for k, shape in enumerate(t.faces[face], 1)]
    return [f"Placing the {t.name}: type the square for @ and the orientation's number, "
            "e.g. B3 2 (one that fits alone: just B3).", *_side_by_side(blocks)]


def render(game: Any, observation: dict[str, Any]) -> str:
    o = observation
    out = [
        f"Small City Deluxe - round {o['round']}/8, phase {o['phase']}, step {o['step']}; "
        f"Player {o['current'] + 1} to act; host Player {o['host'] + 1}",
    ]
    cards = [
        f"{_CARDS[c]['name']}{'' if t == -1 else ' (mayor)' if t == -2 else f' (P{t + 1})'}"
        for c, t in zip(o["circle"], o["taken"], strict=True) if c >= 0
    ]
    out.append("Action cards: " + ", ".join(cards))
    if o["step"] == "card":
        out += [f"  {_CARDS[c]['name']}: {_CARDS[c]['text']}"
                for c, t in zip(o["circle"], o["taken"], strict=True) if c >= 0 and t == -1]
    out.append("Materials in reserve: " + ", ".join(
        f"{n} {MATERIALS[m]}" for m, n in enumerate(o["mats"])))
    mayor = tuple(game.tables.edges[o["mayor"]]) if o["mayor"] >= 0 else ()
    for seat in o["seats"]:
        s = seat["seat"]
        you = s == o["viewer"]
        score = ""
        if seat["standing"]:
            score = f", score now {seat['standing']['score']}"
        out.append("")
        out.append(
            f"Player {s + 1}{' (you)' if you else ''}: ${seat['money']}, {seat['votes']} votes, "
            f"pollution {seat['pollution']}%{score}, City Hall {seat['hall_citizens']} citizens"
            f" + {len(seat['hall_mats'])} materials, Career Center {seat['career']}"
            f"{'' if you else ', Promise face down'}{' (LOST)' if seat['eliminated'] else ''}"
        )
        out.append("  " + " ".join(f"{c + 1:<2}" for c in range(SIZE)))
        out.extend(_borough(game, seat, mayor if s == o["host"] else ()))
    out.append("Key: letters are tiles (R home, C shop, F factory, p park, w warehouse, "
               "H City Hall...), a digit its owner's citizen, * a tourist, + a Cemetery, "
               "m beside the mayor, . your Constructible Zone.")
    me = next((s for s in o["seats"] if s["seat"] == o["viewer"]), None)
    if me is not None:
        out += _promises(game, o, me)
        if o["step"] in _PLACING:
            out += _placing(game, o)
    return "\n".join(out)


_SQUARE = re.compile(r"^(?:p(\d)\s*[: ]\s*)?([a-j])\s*(10|[1-9])(?:\s*(?:o|/|\s)\s*(\d+))?$", re.I)


def parse_move(view: Any, text: str) -> Any:
    """A typed square as a move: the action, a message saying why not (a str), or None
    when the text is not a square. "B3" names a space of your borough, "P2 B3" one of
    Player 2's; while placing a tile, "B3 2" puts orientation 2's @ on B3."""
    m = _SQUARE.match(text.strip())
    if not m:
        return None
    borough = int(m.group(1)) - 1 if m.group(1) else view.seat
    cell = (ord(m.group(2).upper()) - 65) * SIZE + int(m.group(3)) - 1
    turn = int(m.group(4)) if m.group(4) else None
    o = view.observation
    legal = view.legal_actions
    if o["step"] in _PLACING:
        game = view.game
        t = game.types[game.tables.warehouse if o["step"] == "warehouse" else o["sel"][0]]
        shapes = t.faces[0 if o["step"] == "warehouse" else o["sel"][1]]
        if turn is not None and not 1 <= turn <= len(shapes):
            return f"There are orientations 1 to {len(shapes)}."
        tried = []
        for k, shape in enumerate(shapes):
            if turn is not None and k != turn - 1:
                continue
            r0, c0, _ = shape[0]
            r, c = divmod(cell, SIZE)
            if r < r0 or c < c0:
                continue
            action = ("place", k, (r - r0) * SIZE + c - c0)
            tried.append(action)
        fits = [a for a in tried if a in legal]
        if len(fits) == 1:
            return fits[0]
        if fits:
            return (f"Several orientations fit with @ on {label(cell)}: "
                    + ", ".join(str(a[1] + 1) for a in fits) + f"; type e.g. {label(cell)} "
                    f"{fits[0][1] + 1}.")
        if tried:
            return view.explain(tried[0]) or "That does not fit."
        return f"The tile would run off the grid with @ on {label(cell)}."
    named = [a for a in legal if (a[0] in _OWN_SQUARE and a[1] == cell and borough == view.seat)
             or (a[0] in ("pick", "to") and a[1] == borough and a[2] == cell)]
    if len(named) == 1:
        return named[0]
    if named:
        numbers = [f"{legal.index(a) + 1}. {view.describe(a)}" for a in named]
        return f"{label(cell)} could mean: " + "; ".join(numbers) + ". Type the number."
    return f"No move of yours uses {label(cell)} now."


def move_list(view: Any) -> list[str] | None:
    """Tiles on offer drawn with their costs; while a tile is placed, the squares stand
    for the placements (no long list); other steps keep the plain list (None)."""
    if view.observation["step"] in ("build", "tile"):
        return _offers(view)
    if view.observation["step"] not in _PLACING:
        return None
    legal = view.legal_actions
    turns = sorted({a[1] + 1 for a in legal if a[0] == "place"})
    return [f"  {len(legal)} placements fit, in orientation{'s' if len(turns) > 1 else ''} "
            f"{', '.join(map(str, turns))}: type a square and an orientation (e.g. B3 "
            f"{turns[0]}), or a number from 1 to {len(legal)}."]
