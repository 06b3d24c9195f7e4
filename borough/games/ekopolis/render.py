"""Ekopolis drawn as text for the terminal, from an observation."""

from __future__ import annotations

from typing import Any

from borough.games.ekopolis.data import COLOURS
from borough.games.ekopolis.rules import Ekopolis
from borough.games.ekopolis.state import CITY_HALL, EMPTY, GREEN_ZONE, POLLUTION

LEGEND = (
    "[n] City hall of player n   R/G/B red/green/blue Building   "
    "p pollution   z green zone   X blocked   e endangered species"
)


def _cell(game: Ekopolis, code: int, index: int) -> str:
    if code >= CITY_HALL:
        return f"[{code - CITY_HALL + 1}]"
    if code >= 0:
        return f" {COLOURS[game.tiles[code].colour][0].upper()} "
    if code == POLLUTION:
        return " p "
    if code == GREEN_ZONE:
        return " z "
    kind = game.board.kinds[index]
    return {"X": " X ", "E": " e "}.get(kind, " . ") if code == EMPTY else " ? "


def board_lines(game: Ekopolis, board: list[int]) -> list[str]:
    rows: dict[str, list[tuple[int, int]]] = {}
    for i, label in enumerate(game.board.labels):
        rows.setdefault(label[0], []).append((int(label[1:]), i))
    width = max(col for cells in rows.values() for col, _ in cells)
    header = "     " + "".join(f"{c:^4}" for c in range(1, width + 1))
    lines = [header]
    for r, (letter, cells) in enumerate(sorted(rows.items())):
        by_col = dict(cells)
        text = "".join(
            (_cell(game, board[by_col[c]], by_col[c]) if c in by_col else "   ") + " "
            for c in range(1, width + 1)
        )
        lines.append(f"  {letter} " + ("  " if r % 2 else "") + text.rstrip())
    return lines


def tile_text(game: Ekopolis, tile_id: int) -> str:
    t = game.tiles[tile_id]
    marks = []
    if t.bonus:
        marks.append(f"bonus {t.bonus:+d}")
    if t.pollution:
        marks.append("pollutes")
    if t.green_zone:
        marks.append("green zone")
    values = " ".join(f"{COLOURS[c][0].upper()}{v:+d}" for c, v in enumerate(t.values))
    extra = f", {', '.join(marks)}" if marks else ""
    return f"{t.name} ({COLOURS[t.colour]}: {values}{extra})"


def render(game: Ekopolis, view: dict[str, Any]) -> str:
    lines = board_lines(game, view["board"])
    lines.append(LEGEND)
    lines.append(
        f"Round {view['round']} of {view['rounds']}   version: {view['version']}   "
        f"stack: {view['deck_size']}   tokens left: {view['tokens_left'][0]} pollution, "
        f"{view['tokens_left'][1]} green zone"
    )
    if view["version"] == "basic":
        lines.append(f"Group score: {view['scores'][0]}")
    for s in view["seats"]:
        name = f"Player {s['seat'] + 1}"
        parts = [name]
        if view["version"] == "full":
            parts.append(f"score {view['scores'][s['seat']]}")
            parts.append("cards " + "/".join(str(n) for n in _card_counts(game, s)) + " (R/G/B)")
        parts.append("built " + "/".join(map(str, s["built"])))
        lines.append("  " + ", ".join(parts))
        if s["hand"] is not None and s["seat"] == view["viewer"]:
            for t in s["hand"]:
                lines.append(f"      hand: {tile_text(game, t)}")
        if s["held"]:
            for c in s["held"]:
                card = game.cards[c]
                lines.append(f"      kept card: {card.name} ({card.timing}): {card.text}")
    return "\n".join(lines)


def _card_counts(game: Ekopolis, seat_view: dict[str, Any]) -> list[int]:
    counts = list(seat_view["held_colours"])
    for c in seat_view["revealed_cards"]:
        counts[game.cards[c].colour] += 1
    return counts
