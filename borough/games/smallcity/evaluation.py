"""Small City position values for the computer opponents.

In the basic game (and the votes victory) a seat's estimate is what its city
will have earned by the end, not only its score so far:

- votes: those held, plus the housed citizens' votes at every Vote phase still
  to come (SC-66, SC-67), plus most of what the citizens waiting in City Hall
  (for Level-1 homes) and on the board will add once they move into the empty
  homes, plus a share for homes whose Cultural neighbours allow an upgrade;
- citizens to come: each empty Factory space draws a citizen from the Career
  Center every round (SC-62), and a citizen in City Hall without a home yet
  can be housed in a home still to build: each counts toward votes in the
  rounds after it arrives;
- income: the Commercial and Factory spaces its citizens work, every Income
  phase still to come, at what money is worth;
- money and stored materials: money buys tiles and Council moves while rounds
  remain (little at the end, where it only breaks ties); materials buy
  Cultural buildings and votes;
- the Promise: the share of its condition reached, of the swing between
  breaking and keeping it (SC-88);
- pollution: the pollution held and what the city will generate every round
  left once City Hall's citizens are housed (SC-68, SC-89), so Parks count
  before the homes fill; a solo city generating more than its level allows also loses
  a citizen each round (SC-S4);
- the City Council: a little for each column reached.

Other victories value their own score and what the seat holds toward it.
The values also say when a state is midway through one seat's compound move
(a tile chosen but not placed, a citizen picked but not moved, a payment not
finished): the agents then finish the move before judging it.
"""

from __future__ import annotations

from borough.agents.evaluation import margin_values, result_values
from borough.games.smallcity import citizens, pollution, scoring
from borough.games.smallcity.build import stored
from borough.games.smallcity.geometry import influencers
from borough.games.smallcity.rules import SmallCity
from borough.games.smallcity.state import BUILD, COUNCIL, POLLUTION, VISIT, VOTE, SmallCityState

MARGIN_SCALE = 6.0  # points of lead that make a win about three times likelier
SOLO_LOW, SOLO_HIGH = -40.0, 160.0  # solo: the estimate maps linearly onto [0, 1]
MONEY_EARLY = 0.6  # votes a dollar is worth while it can still buy tiles
MONEY_LATE = 0.15  # ... and when nothing is left to buy (ties only)
SHOP_DOLLARS = 1.0  # a $1 space per Income phase
CONVERTER_DOLLARS = 1.5  # a conversion space per Income phase, in dollars
FACTORY_DOLLARS = 0.8  # a Factory space's material, in dollars
WAITING_SHARE = 0.8  # homes filled from City Hall next round: most of their votes
MATERIAL_VOTES = 1.5
FUTURE_POLLUTION = 0.8  # the share of the pollution to come counted now
DEATH_VOTES = 3.0  # a solo citizen lost to pollution, in votes
COLUMN_VOTES = 0.5
# a citizen still to house: votes per round once housed, net of its pollution
CITIZEN_ROUND_VOTES = 0.4
UPGRADE_VOTES = 0.5  # a home space an upgrade would add: votes per round, if filled
MAX_HOME = 5
SPECIAL_RISK = 4.0  # a Special Promise taken is broken more often than kept

# Steps that finish a move the seat has begun; see `midway`.
FOLLOW_UPS = frozenset({"place", "warehouse", "extend", "waive", "spend", "store", "to",
                        "keep", "benefit", "staff"})
AFTER_VOTE = frozenset({VOTE, POLLUTION, COUNCIL, VISIT})


def midway(game: SmallCity, state: SmallCityState, seat: int) -> bool:
    """True while `seat` is to act and finishing a move it has begun."""
    if seat not in game.to_act(state):
        return False
    if state.phase == BUILD:
        return state.seats[seat].bstep in FOLLOW_UPS
    return state.step in FOLLOW_UPS


def rounds_ahead(game: SmallCity, state: SmallCityState) -> int:
    """Vote (and Income) phases still to come, this round's included."""
    left = game.rounds - state.round + 1
    if state.phase in AFTER_VOTE:
        left -= 1
    return max(0, left)


def home_votes(game: SmallCity, state: SmallCityState, s: int) -> tuple[int, int]:
    """Votes per Vote phase now, and once the empty homes are filled: City
    Hall's citizens reach only empty Level-1 zones (SC-61; nobody else leaves
    City Hall, SC-54), citizens on the board standing outside homes may move
    into any home (SC-53); each goes where it adds most."""
    seat = state.seats[s]
    now = pollution.votes_of(game, state, s)
    counts, room, level1 = [], [], []
    home_cells: set[int] = set()
    for tile in seat.tiles:
        if tile is None or game.types[tile.type].family != "residential":
            continue
        n = sum(1 for c in tile.cells if seat.occ[c] == s)
        counts.append(n)
        room.append(len(tile.cells) - n)
        level1.append(len(tile.cells) == 1)
        home_cells.update(tile.cells)
    outside = sum(1 for c, o in enumerate(seat.occ) if o == s and c not in home_cells)
    extra = 0
    for from_hall in [False] * outside + [True] * seat.hall_citizens:
        open_homes = [i for i in range(len(counts))
                      if room[i] > 0 and (level1[i] or not from_hall)]
        if not open_homes:
            continue
        i = max(open_homes, key=lambda k: counts[k])
        counts[i] += 1
        room[i] -= 1
        extra += counts[i]
    return now, now + extra


def upgrade_spaces(game: SmallCity, state: SmallCityState, s: int) -> int:
    """Home spaces that free upgrades could add now that the Cultural
    neighbours allow a higher level (SC-31, SC-40)."""
    seat = state.seats[s]
    spaces = 0
    for i, tile in enumerate(seat.tiles):
        if tile is None or game.types[tile.type].family != "residential":
            continue
        culture = sum(1 for j in influencers(game.content, seat, i)
                      if game.types[seat.tiles[j].type].cultural)
        spaces += max(0, min(MAX_HOME, culture) - len(tile.cells))
    return spaces


def citizens_to_come(game: SmallCity, state: SmallCityState, s: int, left: int) -> float:
    """Citizen-rounds still to be housed, in votes: City Hall's citizens beyond
    the empty homes, and those the empty Factory spaces will draw (SC-62) while
    City Hall has room. A citizen needs a home: one still to build costs a
    dollar a space, so the money held bounds how many count."""
    seat = state.seats[s]
    empty_level1 = len(citizens.empty_homes(game, state, s))
    spare_homes = max(0, empty_level1 - seat.hall_citizens)
    homeless = max(0, seat.hall_citizens - empty_level1)
    places = spare_homes + seat.money  # homes for citizens still to come
    housed = min(homeless, places)
    places -= housed
    total = housed * max(0, left - 2)
    empty = sum(1 for tile in seat.tiles
                if tile is not None and game.types[tile.type].family == "factory"
                for c in tile.cells if seat.occ[c] < 0)
    room = max(0, game.hall_capacity - seat.hall_citizens - len(seat.hall_mats)) + housed
    career = seat.career
    for k in range(1, left):  # arrivals at the end of each round ahead
        arriving = min(empty, career, room, places)
        career -= arriving
        room -= arriving
        places -= arriving
        total += arriving * max(0, left - 1 - k)
    return CITIZEN_ROUND_VOTES * total


def future_pollution(game: SmallCity, state: SmallCityState, s: int) -> int:
    """Pollution a round will generate (SC-68) once City Hall's citizens have
    moved into the empty Level-1 homes: Parks pay off before anyone moves in."""
    seat = state.seats[s]
    people = sum(1 for o in seat.occ if o >= 0)
    people += min(seat.hall_citizens, len(citizens.empty_homes(game, state, s)))
    made = 0 if seat.card == pollution.ENGINEER else seat.produced
    parks = sum(len(t.cells) for t in seat.tiles
                if t is not None and game.types[t.type].family == "park")
    return max(0, people + made - parks)


def money_worth(left: int) -> float:
    return MONEY_LATE + (MONEY_EARLY - MONEY_LATE) * min(1.0, max(0, left - 1) / 3)


def vote_estimate(game: SmallCity, state: SmallCityState, s: int) -> float:
    seat = state.seats[s]
    left = rounds_ahead(game, state)
    now, filled = home_votes(game, state, s)
    votes = seat.votes + now * left + WAITING_SHARE * (filled - now) * max(0, left - 1)
    votes += citizens_to_come(game, state, s, left)
    votes += UPGRADE_VOTES * upgrade_spaces(game, state, s) * max(0, left - 2)
    worth = money_worth(left)
    income = sum(SHOP_DOLLARS if mark == 0 else CONVERTER_DOLLARS
                 for _, mark in citizens.workplaces(game, state, s, "commercial"))
    income += FACTORY_DOLLARS * len(citizens.workplaces(game, state, s, "factory"))
    holdings = worth * (seat.money + income * left) + MATERIAL_VOTES * sum(stored(game, seat))
    made = future_pollution(game, state, s)
    dirt = seat.pollution + FUTURE_POLLUTION * made * left
    if state.players == 1:
        above = game.content.solo["death_above"][state.level]
        if game.content.solo["per_point"][state.level]:
            dirt += DEATH_VOTES * made * left
        elif 0 <= above < made:
            dirt += DEATH_VOTES * left
    return (votes + holdings + promise_estimate(game, state, s) - dirt
            + COLUMN_VOTES * sum(seat.disc_col) - SPECIAL_RISK * len(seat.specials))


def promise_estimate(game: SmallCity, state: SmallCityState, s: int) -> float:
    """The Promise's expected worth: the share reached, of the swing (SC-88)."""
    seat = state.seats[s]
    if seat.promise <= 0:
        return 0.0
    card = game.content.promises[seat.promise - 1]
    gain, loss = scoring.PROMISE_GAIN[card.deck], scoring.PROMISE_LOSS[card.deck]
    return scoring.progress(game, state, s, card) * (gain + loss) - loss


def estimates(game: SmallCity, state: SmallCityState) -> list[float]:
    if state.mode in ("basic", "votes"):
        return [vote_estimate(game, state, s) for s in range(state.players)]
    rows = scoring.final(game, state)["rows"]
    worth = money_worth(rounds_ahead(game, state))
    return [row["score"] + worth * state.seats[row["seat"]].money for row in rows]


def solo_value(score: float) -> float:
    """Solo has no rival: the score itself, on a line over the book's scale."""
    return min(1.0, max(0.0, (score - SOLO_LOW) / (SOLO_HIGH - SOLO_LOW)))


def values(game: SmallCity, state: SmallCityState) -> list[float]:
    if game.is_over(state):
        if state.players == 1:
            return [solo_value(game.result(state).scores[0])]
        return result_values(game, state)
    est = estimates(game, state)
    if state.players == 1:
        return [solo_value(est[0])]
    alive = [v if not state.seats[s].eliminated else -1000.0 for s, v in enumerate(est)]
    return margin_values(alive, MARGIN_SCALE)
