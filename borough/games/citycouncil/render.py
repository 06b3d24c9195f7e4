"""A text picture of a City Council observation, for the terminal."""

from __future__ import annotations

from typing import Any

from borough.games.citycouncil.data import SECTIONS, SHAPES
from borough.games.citycouncil.rules import CityCouncil
from borough.games.citycouncil.state import OFFICES

_SPOTS = ("new", "A", "B")
_STATUS = ("open", "done", "dropped")
_SHAPE_WORDS = {"l": "L-shaped"}


def _shape(shape: int) -> str:
    return _SHAPE_WORDS.get(SHAPES[shape], SHAPES[shape])


def _member(obs: dict[str, Any], m: int) -> str:
    return f"Player {m + 1}" if m < obs["players"] else "Automated member"


# What the game is doing now, in words (never the step's internal name).
STEP_WORDS = {
    "assign": "the Election chair seats the committees", "regard": "committee rotation",
    "move": "committee rotation: move a member", "swap": "committee rotation: switch two members",
    "elect": "fill the Election Committee", "embezzle": "Treasury: take $1 or not",
    "keep": "keep a Favor card", "propose": "plans are proposed", "site": "choose the site",
    "vote": "votes on the plans", "exec_vote": "the Executive's second vote",
    "execute": "the Election chair picks among tied plans", "favor": "a Favor chance",
    "produce": "production", "turn_end": "end of the round", "over": "the game is over",
}


def _code(k: int) -> str:
    """The k-th building's mark on the grid: a, b, ..., z, aa, ab, ..."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    return letters[k] if k < 26 else letters[k // 26 - 1] + letters[k % 26]


def _city(game: CityCouncil, obs: dict[str, Any]) -> list[str]:
    """The grid: each block shows its zone code, or the mark of its building, whose whole
    name the key under the grid gives (a name cut to four letters reads as nothing)."""
    board = game.board
    marks: dict[int, str] = {}
    for bid in obs["board"]:
        if bid >= 0 and bid not in marks:
            marks[bid] = _code(len(marks))
    lines = ["     " + " ".join(f"{c + 1:>4}" for c in range(board.cols))]
    for r in range(board.rows):
        cells = []
        for col in range(board.cols):
            i = r * board.cols + col
            bid = obs["board"][i]
            if bid >= 0:
                cells.append(f"[{marks[bid]:>2}]")
            else:
                h = board.cell_hood[i]
                code = board.hood_names[h] if h >= 0 else "X"
                on = "*" if h >= 0 and obs["zones_on"][h] else " "
                cells.append(f"{code:>3}{on}")
        lines.append(f"  {chr(ord('A') + r)}  " + " ".join(cells))
    lines.append("  (* zone activated this round; [a] a building, named below)")
    closed = [board.hood_names[h] for h, o in enumerate(obs["open_hoods"]) if not o]
    if closed:
        lines.append(f"  Closed to building until the city grows: {', '.join(closed)}")
    lines.extend(f"  [{mark}] {game.buildings[bid].name}" for bid, mark in marks.items())
    return lines


def render(game: CityCouncil, observation: dict[str, Any]) -> str:
    obs = observation
    names = [b.name for b in game.buildings]
    out = [
        f"City Council ({obs['mode']}), round {obs['round']}, now: {STEP_WORDS[obs['step']]}"
        + (f", outcome {obs['outcome']}" if obs["outcome"] else ""),
        f"Budget ${obs['budget']}  Power {obs['power']}  Goods {obs['goods']}  "
        f"Workers {obs['blue_free']}/{obs['blue']} blue, {obs['white_free']}/{obs['white']} "
        f"white  Unemployment {obs['unemployed']}",
    ]
    for sec, label in enumerate(SECTIONS):
        out.append(
            f"  {label:<12} crime {obs['red'][sec]}  pollution {obs['grey'][sec]}  "
            f"community {obs['pink'][sec]}"
        )
    out.append("Committees:")
    for m in sorted(range(obs["members"]), key=lambda x: obs["office"][x]):
        office = obs["office"][m]
        title = OFFICES[office] if office >= 0 else "unseated"
        extra = ""
        if m < obs["players"]:
            cards = obs["seats"][m]["hand_size"]
            extra = f"  {obs['scores'][m]} pts  ${obs['funds'][m]}  {cards} cards"
        out.append(f"  {title:<10} {_member(obs, m):<17} spot {_SPOTS[obs['spot'][m]]}{extra}")
    out.extend(_city(game, obs))
    row = ", ".join(
        f"{names[b]} ({_shape(game.buildings[b].shape)}, ${game.buildings[b].cost})"
        for b in obs["display"]
    )
    out.append(f"Face up: {row}")
    for i, p in enumerate(obs["proposals"]):
        where = game.board.site(p["site"]) if p["site"] >= 0 else ""
        out.append(
            f"  plan {i + 1}: {_member(obs, p['member'])} - {p['kind']} {names[p['building']]} "
            f"{where}  votes {len(p['voters'])}  funds {len(p['funds'])}  {_STATUS[p['status']]}"
        )
    viewer = obs["viewer"]
    if viewer is not None:
        hand = obs["seats"][viewer]["hand"] or []
        out.append("Your Favor cards:")
        out.extend(f"  {game.cards[c].text(names)}" for c in hand)
        dealt = obs["seats"][viewer]["dealt"] or []
        out.extend(f"  dealt: {game.cards[c].text(names)}" for c in dealt)
    return "\n".join(out)
