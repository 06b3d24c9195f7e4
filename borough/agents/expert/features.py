"""What the expert's position values look at: a few numbers per seat, per game.

Each game's function gives, for every seat, the quantities its hand-made
position values count (`borough/games/<game>/evaluation.py`), kept apart so
that training can weigh each on its own, and one number for how much of the
game is left (1 at the start, 0 at the end). `inputs` turns them into the
model's input for each seat: a constant, the seat's lead over the mean of
its rivals in every quantity, those leads again scaled by what is left of the
game (a lead early is worth less than the same lead at the end), and what is
left itself. A model over these inputs can express the hand values (a sum of
weighted leads) and more.

The features are computed on full states: the search judges states sampled
from the deciding seat's information, never the true one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from borough.core.game import Game
from borough.games.architectura import scoring
from borough.games.architectura.state import EMPTY, ArcState
from borough.games.rondelcity import evaluation as ron_values
from borough.games.rondelcity.state import RonState
from borough.games.smallcity import citizens, pollution
from borough.games.smallcity import evaluation as sc_values
from borough.games.smallcity.build import stored
from borough.games.smallcity.state import SmallCityState

ARC_CARDS = 18  # cards of one colour (ARC-1): hand and deck hold them at the start
ARC_NAMES = ("card values", "end effects", "graveyard", "cards on the table", "hand",
             "deck", "tokens", "guarded cards")


def architectura(game: Any, state: ArcState) -> tuple[list[list[float]], float]:
    parts = scoring.breakdown(game, state)
    guarded = [0] * len(state.seats)
    for i, owner in enumerate(state.guard):
        if owner >= 0 and state.cells[i] != EMPTY:
            guarded[owner] += 1
    rows = [
        [float(parts["values"][s]), float(parts["end_effects"][s]),
         float(parts["graveyard"][s]), float(parts["cards"][s]), float(len(seat.hand)),
         float(len(seat.deck)), float(seat.tokens), float(guarded[s])]
        for s, seat in enumerate(state.seats)
    ]
    unplayed = sum(len(seat.hand) + len(seat.deck) for seat in state.seats)
    return rows, min(1.0, unplayed / (ARC_CARDS * len(state.seats)))


RON_NAMES = ("VP", "useful gold", "spare gold", "held tiles' worth", "held tiles",
             "Amenities")


def rondelcity(game: Any, state: RonState) -> tuple[list[list[float]], float]:
    vp = [float(game.vp(state, s)) for s in range(state.players)]
    gold = [game.gold(state, s) for s in range(state.players)]
    for seat, dvp, dgp in state.pending:  # a placement's moves not yet walked
        vp[seat] += dvp
        gold[seat] = max(0, min(int(ron_values.WIN_AT), gold[seat] + dgp))
    rows = []
    for s in range(state.players):
        useful = min(gold[s], ron_values.USEFUL_GOLD)
        held = state.held[s]
        rows.append([vp[s], float(useful), float(gold[s] - useful),
                     sum(ron_values.tile_worth(game, t) for t in held), float(len(held)),
                     float(len(state.held_amenities[s]))])
    return rows, 1.0 - ron_values.nearness(game, state)


SC_NAMES = ("votes less pollution", "projected net votes", "holdings", "Promise",
            "City Council", "money", "citizens on the board", "citizens waiting",
            "home spaces", "Cultural buildings", "stored materials", "Special Promises",
            "pollution", "pollution to generate")


def smallcity(game: Any, state: SmallCityState) -> tuple[list[list[float]], float]:
    """The parts of the hand values' estimate (`vote_estimate`) apart, the
    counts they are made of, and the pollution apart from the votes (at a
    table the seat that generates the most loses citizens, SC-70). Only the
    basic and votes victories are valued so (see `covers`)."""
    rows = []
    left = sc_values.rounds_ahead(game, state)
    worth = sc_values.money_worth(left)
    types = game.types
    for s, seat in enumerate(state.seats):
        future, spent = sc_values.projection(game, state, s)
        future += (sc_values.culture_to_come(game, state, s, left)
                   + sc_values.plan_progress(game, state, s, left))
        income = sum(sc_values.SHOP_DOLLARS if mark == 0 else sc_values.CONVERTER_DOLLARS
                     for _, mark in citizens.workplaces(game, state, s, "commercial"))
        makers = len(citizens.workplaces(game, state, s, "factory"))
        materials = sum(stored(game, seat))
        holdings = (worth * (seat.money - spent)
                    + income * sum(sc_values.money_worth(k) for k in range(left))
                    + sc_values.MATERIAL_VOTES
                    * (materials + sc_values.MAKER_SHARE * makers * left))
        homes = cultural = 0
        for tile in seat.tiles:
            if tile is None:
                continue
            t = types[tile.type]
            if t.family == "residential":
                homes += len(tile.cells)
            elif t.cultural and t.family != "city_hall":
                cultural += 1
        rows.append([float(seat.votes - seat.pollution), future, holdings,
                     sc_values.promise_estimate(game, state, s),
                     sc_values.council_estimate(game, state, s), float(seat.money),
                     float(sum(1 for o in seat.occ if o == s)),
                     float(seat.hall_citizens + seat.career), float(homes), float(cultural),
                     float(materials), float(len(seat.specials)), float(seat.pollution),
                     float(pollution.generated(game, state, s))])
    return rows, left / game.rounds


FEATURES: dict[str, Callable[[Any, Any], tuple[list[list[float]], float]]] = {
    "architectura": architectura,
    "rondelcity": rondelcity,
    "smallcity": smallcity,
}
NAMES: dict[str, tuple[str, ...]] = {"architectura": ARC_NAMES, "rondelcity": RON_NAMES,
                                     "smallcity": SC_NAMES}


def covers(game: Game, state: Any) -> bool:
    """Whether the learned values of `game` were trained on positions like
    `state`: Small City's on two or more seats playing for votes (the basic
    game and the votes victory), not solo nor the other victories."""
    if game.name != "smallcity":
        return game.name in FEATURES
    return state.players > 1 and state.mode in ("basic", "votes")


def width(name: str) -> int:
    """How many inputs the model of game `name` takes."""
    return 2 + 2 * len(NAMES[name])


def inputs(game: Game, state: Any) -> list[list[float]]:
    """The model's input for every seat (see the module): constant, leads,
    leads scaled by what is left, what is left."""
    rows, left = FEATURES[game.name](game, state)
    n = len(rows)
    k = len(rows[0])
    totals = [sum(row[i] for row in rows) for i in range(k)]
    rivals = max(1, n - 1)  # solo: no rival, the lead is the seat's own numbers
    out = []
    for row in rows:
        lead = [row[i] - (totals[i] - row[i]) / rivals for i in range(k)]
        out.append([1.0, *lead, *(x * left for x in lead), left])
    return out
