"""Ekopolis: the decision a seat faces now, in one line a player would say."""

from __future__ import annotations

from borough.games.ekopolis.data import Content
from borough.games.ekopolis.effects import playable
from borough.games.ekopolis.geometry import empty_neighbours, open_spaces
from borough.games.ekopolis.state import (
    DISCARD,
    EFFECT,
    GREEN,
    OVER,
    PLACE,
    POLLUTE,
    EkoState,
    pending,
    step_now,
)


def prompt(content: Content, state: EkoState, seat: int) -> str:
    step = step_now(state)
    if step == OVER:
        return "The game is over."
    if seat != state.current:
        return "Wait: another player is deciding."
    if step == PLACE:
        if open_spaces(content.board, state, seat, tokens_ok=True):
            line = ("Choose a Building from your hand and the open space next to your city "
                    "to build it on")
        else:
            line = "No open space touches your city: pass"
        if playable(content, state, seat):
            line += ", or play one of your kept Action cards"
        return line
    built = content.tiles[state.board[state.last]].name if state.last >= 0 else "new Building"
    if step == POLLUTE:
        if empty_neighbours(content.board, state, state.last):
            return f"Place the pollution token on an empty space next to your {built}"
        return ("Place the pollution token on an empty space next to your city "
                f"(none is left next to your {built})")
    if step == GREEN:
        return f"Place your green-zone token next to your {built}, or place none"
    if step == EFFECT:
        card = content.cards[pending(state)]
        if card.effect == "place_green":
            may = ", or decline" if card.timing == "now" else ""
            return f"{card.name}: choose the space next to your city for a green-zone token{may}"
        return f"{card.name}: choose the pollution token to remove from the board"
    if step == DISCARD:
        line = "Discard a Building from your hand to draw two new ones, or keep your hand"
        if playable(content, state, seat):
            line += ", or play one of your kept Action cards"
        return line
    raise ValueError(f"no prompt for the step {step!r}")
