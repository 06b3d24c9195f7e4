"""What the expert's learned position values look at in Small City
(`borough.agents.expert.features` reads NAMES, `features` and `covers`)."""

from __future__ import annotations

from borough.games.smallcity import citizens, pollution
from borough.games.smallcity import evaluation as values
from borough.games.smallcity.build import stored
from borough.games.smallcity.rules import SmallCity
from borough.games.smallcity.state import SmallCityState

# Self-play games to train on (`python -m borough.agents.expert.train smallcity`):
# the script's games cost about 0.04 s of CPU each, the other games' far more.
TRAINING_GAMES = 3000

NAMES = (
    "votes less pollution",
    "projected net votes",
    "holdings",
    "Promise",
    "City Council",
    "money",
    "citizens on the board",
    "citizens waiting",
    "home spaces",
    "Cultural buildings",
    "stored materials",
    "Special Promises",
    "pollution",
    "pollution to generate",
)


def features(game: SmallCity, state: SmallCityState) -> tuple[list[list[float]], float]:
    """The parts of the hand values' estimate (`vote_estimate`) apart, the
    counts they are made of, and the pollution apart from the votes (at a
    table the seat that generates the most loses citizens, SC-70). Only the
    basic and votes victories are valued so (see `covers`)."""
    rows = []
    left = values.rounds_ahead(game.tables, state)
    worth = values.money_worth(left)
    types = game.types
    for s, seat in enumerate(state.seats):
        future, spent = values.projection(game.tables, state, s)
        future += values.culture_to_come(game.tables, state, s, left) + values.plan_progress(
            game.tables, state, s, left
        )
        income = sum(
            values.SHOP_DOLLARS if mark == 0 else values.CONVERTER_DOLLARS
            for _, mark in citizens.workplaces(game.tables, state, s, "commercial")
        )
        makers = len(citizens.workplaces(game.tables, state, s, "factory"))
        materials = sum(stored(game.tables, seat))
        holdings = (
            worth * (seat.money - spent)
            + income * sum(values.money_worth(k) for k in range(left))
            + values.MATERIAL_VOTES * (materials + values.MAKER_SHARE * makers * left)
        )
        homes = cultural = 0
        for tile in seat.tiles:
            if tile is None:
                continue
            t = types[tile.type]
            if t.family == "residential":
                homes += len(tile.cells)
            elif t.cultural and t.family != "city_hall":
                cultural += 1
        rows.append(
            [
                float(seat.votes - seat.pollution),
                future,
                holdings,
                values.promise_estimate(game.tables, state, s),
                values.council_estimate(game.tables, state, s),
                float(seat.money),
                float(sum(1 for o in seat.occ if o == s)),
                float(seat.hall_citizens + seat.career),
                float(homes),
                float(cultural),
                float(materials),
                float(len(seat.specials)),
                float(seat.pollution),
                float(pollution.generated(game.tables, state, s)),
            ]
        )
    return rows, left / game.tables.rounds


def covers(game: SmallCity, state: SmallCityState) -> bool:
    """Whether values learned here were trained on positions like `state`: two
    or more seats playing for votes (the basic game and the votes victory), not
    solo nor the other victories."""
    return state.players > 1 and state.mode in ("basic", "votes")
