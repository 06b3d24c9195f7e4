"""A text picture of an Architectura observation, for the terminal."""

from __future__ import annotations

from typing import Any

from borough.games.architectura.city import PER_COLOUR, space_name
from borough.games.architectura.state import COLUMNS, EMPTY, GRAVE, NOBODY

INITIAL = "BGYR"  # blue, green, yellow, red
# What the players are doing now, in words (never the step's internal name).
STEP_WORDS = {
    "choose": "choosing the cards of their deck",
    "tutor": "deciding whether to take the Obelisk",
    "play": "playing a card",
    "pay": "paying for the Magic Academy",
    "spare": "deciding whether to spare their own protected cards",
    "effect": "resolving a card's effect",
    "lab": "playing a card face down for a Laboratory",
}


def _cell(game: Any, obs: dict[str, Any], i: int) -> str:
    card_id = obs["cells"][i]
    if card_id == EMPTY:
        holder = obs["reserved"][i]
        return f"[res P{holder + 1}]".ljust(12) if holder != NOBODY else ".".ljust(12)
    colour = INITIAL[card_id // PER_COLOUR]
    name = game.cards[card_id % PER_COLOUR].name[:6]
    if obs["face"][i] < 0:
        return f"{colour}:{name}(x)".ljust(12)
    mark = "*" if obs["guard"][i] != NOBODY or game.cards[card_id % PER_COLOUR].protected else ""
    return f"{colour}:{name}={obs['values'][i]}{mark}".ljust(12)


def side_labels(card: Any) -> str:
    """The card's values clockwise as printed (X+1, No.-2, 5), its starting side in brackets."""
    if card.kind == "grave":
        return "[cards beside it]"
    prefix = {"x": "X", "no": "No."}.get(card.kind, "")
    labels = [f"{prefix}{v:+d}" if prefix and v else f"{prefix or v}" for v in card.sides]
    labels[card.basic] = f"[{labels[card.basic]}]"
    return " ".join(labels)


def _hand_lines(game: Any, hand: list[int]) -> list[str]:
    width = max(len(game.cards[t].name) for t in hand)
    sides = max(len(side_labels(game.cards[t])) for t in hand)
    return [
        f"    {game.cards[t].name:<{width}}  {side_labels(game.cards[t]):<{sides}}  "
        f"{game.cards[t].text}"
        for t in hand
    ]


def render(game: Any, observation: dict[str, Any]) -> str:
    obs = observation
    lines = ["       " + "".join(f"block {c + 1}".ljust(12) for c in range(COLUMNS))]
    for r in range(obs["players"]):
        row = "".join(_cell(game, obs, r * COLUMNS + c) for c in range(COLUMNS))
        lines.append(f"st {r + 1}  {row}")
    lines.append("(x) destroyed   * protected   [res] reserved by a Fountain")
    for i, under in enumerate(obs["under"]):
        if under:  # ARC-6: the destroyed cards a top card covers, the nearest first
            names = ", ".join(game.cards[u % PER_COLOUR].name for u in reversed(under))
            lines.append(f"  under the card on {space_name(i)}: {names} (destroyed)")
    for s in obs["seats"]:
        hand = s["hand"]
        shown = f"{len(hand)} cards, below" if hand else (
            "empty" if hand is not None else f"{s['hand_size']} hidden cards"
        )
        extra = []
        if s["graveyard"]:
            extra.append(f"Graveyard {len(s['pile'])}")
        if s["removed"]:
            extra.append("removed: " + ", ".join(game.cards[t].name for t in s["removed"]))
        tail = ("; " + "; ".join(extra)) if extra else ""
        lines.append(
            f"Player {s['seat'] + 1} ({s['colour']}): hand {shown}; deck {s['deck_size']}; "
            f"tokens {s['tokens']}; limit {s['hand_limit']}{tail}"
        )
        if hand:
            lines.append("  values clockwise, [starting side]; what the card does:")
            lines.extend(_hand_lines(game, hand))
    if obs["step"] == "over":
        lines.append("The game is over.")
    else:
        waiting = ", ".join(f"Player {s + 1}" for s in obs["to_act"])
        what = STEP_WORDS.get(obs["step"], "deciding")
        where = "" if obs["src"] in (-1, GRAVE) else f" (the card on {space_name(obs['src'])})"
        lines.append(f"Waiting for {waiting}: {what}{where}")
    return "\n".join(lines)
