"""A text picture of a City Council observation, for the terminal."""

from __future__ import annotations

from typing import Any

from borough.games.citycouncil.data import SECTIONS, SHAPES
from borough.games.citycouncil.rules import CityCouncil
from borough.games.citycouncil.state import OFFICES

_SPOTS = ("new", "A", "B")
_STATUS = ("open", "done", "dropped")


def _member(obs: dict[str, Any], m: int) -> str:
    return f"Player {m + 1}" if m < obs["players"] else "Automated member"


def _city(game: CityCouncil, obs: dict[str, Any]) -> list[str]:
    """The grid: each block shows its zone code, or the first letters of its building."""
    board = game.board
    lines = ["     " + " ".join(f"{c + 1:>4}" for c in range(board.cols))]
    for r in range(board.rows):
        cells = []
        for col in range(board.cols):
            i = r * board.cols + col
            bid = obs["board"][i]
            if bid >= 0:
                cells.append(f"{game.buildings[bid].name[:4]:>4}")
            else:
                h = board.cell_hood[i]
                code = board.hood_names[h] if h >= 0 else "X"
                on = "*" if h >= 0 and obs["zones_on"][h] else " "
                cells.append(f"{code:>3}{on}")
        lines.append(f"  {chr(ord('A') + r)}  " + " ".join(cells))
    return lines


def render(game: CityCouncil, observation: dict[str, Any]) -> str:
    obs = observation
    names = [b.name for b in game.buildings]
    out = [
        f"City Council ({obs['mode']}), round {obs['round']}, step {obs['step']}"
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
        f"{names[b]} ({SHAPES[game.buildings[b].shape]}, ${game.buildings[b].cost})"
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
