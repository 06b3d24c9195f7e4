"""A quick Ekopolis player for the expert level's short playouts (our design).

It decides on a full state (a sample the searching agent drew), by rules of
thumb cheap enough to play every seat for a few turns many times a decision:

- build where the Building scores most now (EKO-8 to EKO-14), counting the
  Action card its colour brings (EKO-F2) toward a triplet (EKO-F6): a colour
  alone at the seat's fewest cards completes one (7 points), one of k colours
  tied there is 7/k of one; kept cards are never played;
- lay pollution where it touches the fewest of the seat's own Buildings and
  the most of other cities', off endangered-species spaces (EKO-10, EKO-14);
- lay a green zone only on an endangered-species space, where it earns 3
  (EKO-11, EKO-14): elsewhere it blocks a space of the city;
- remove the pollution token that touches most of the seat's own Buildings;
- keep the hand (EKO-F7).

Ties go to the first choice in the legal list, so a playout depends only on
its state.
"""

from __future__ import annotations

import math

from borough.core.game import Action
from borough.games.ekopolis import geometry, scoring
from borough.games.ekopolis.rules import Ekopolis
from borough.games.ekopolis.state import DISCARD, POLLUTE, EkoState, step_now


def choose(game: Ekopolis, state: EkoState, seat: int, legal: list[Action]) -> Action:
    """The script's choice for `seat` among `legal` (its legal actions)."""
    step = step_now(state)
    if step == DISCARD:
        return ("keep",) if ("keep",) in legal else legal[0]
    if step == POLLUTE:
        return _pollute(game, state, seat, legal)
    kinds = {a[0] for a in legal}
    if "place" in kinds:
        return _place(game, state, seat, legal)
    if "green" in kinds:
        endangered = game.board.endangered
        chosen = next((a for a in legal if a[0] == "green" and a[1] in endangered), None)
        return chosen or (("skip",) if ("skip",) in legal else legal[0])
    if "remove" in kinds:
        own = geometry.city(game.board, state, seat)
        return max(legal, key=lambda a: _touching(game, a[1], own))
    return legal[0]


def _place(game: Ekopolis, state: EkoState, seat: int, legal: list[Action]) -> Action:
    content, board = game.content, state.board
    counts = scoring.card_colours(content, state.seats[seat].cards)
    fewest = min(counts)
    tied = counts.count(fewest)
    best, best_value = legal[0], -math.inf
    for action in legal:
        if action[0] != "place":
            continue
        tile = content.tiles[action[1]]
        value = float(scoring.placement_points(content, board, tile, action[2]))
        colour = tile.colour
        if state.full and counts[colour] == fewest and state.card_decks[colour]:
            value += scoring.CARD_TRIPLET / tied
        if value > best_value:
            best, best_value = action, value
    return best


def _pollute(game: Ekopolis, state: EkoState, seat: int, legal: list[Action]) -> Action:
    own = geometry.city(game.board, state, seat)
    board, endangered = state.board, game.board.endangered

    def harm(action: Action) -> float:
        hex_ = action[1]
        others = sum(1 for n in game.board.neighbours[hex_] if board[n] >= 0 and n not in own)
        fine = scoring.FINE if hex_ in endangered else 0
        return _touching(game, hex_, own) - 0.5 * others + fine

    return min(legal, key=harm)


def _touching(game: Ekopolis, hex_: int, city: set[int]) -> int:
    return sum(1 for n in game.board.neighbours[hex_] if n in city)
