"""Small City position values for the computer opponents.

In the basic game (and the votes victory) a seat's estimate is what its city
will have earned by the end, not only its score so far. A projection walks the
rounds left (later ones counted less, `LATER`):

- each round City Hall's citizens reach the empty Level-1 homes (SC-61) and,
  once on the board, any home (SC-53), filling the largest first; a home whose
  Cultural neighbours allow an upgrade counts part of its next space (SC-31,
  SC-40); empty Factory spaces draw citizens from the Career Center (SC-62);
- the money held builds Level-1 homes for the citizens waiting, then Parks
  against the pollution they make ($1 a space, SC-30);
- every round scores its votes (SC-66, SC-67) less the pollution it generates
  (SC-68, SC-89), and a solo city over its level's limit loses a citizen
  (SC-S4).

Beside it, the plan's progress that pays only rounds later (`plan_progress`):
Cultural influence on the homes, Cultural buildings built and empty Factory
spaces drawing new citizens; then income from the Commercial spaces worked,
stored materials and those the Factory workers will make, Cultural buildings the stores can pay for
(SC-38), money left over (worth little at the end), the Promise (the share of
its condition reached, which counts more as the end nears, of the swing
between breaking and keeping it, SC-88), and the City Council columns still to
climb: each disc's next benefits less their prices (SC-78 to SC-85).

Other victories value their own score and what the seat holds toward it.
The values also say when a state is midway through one seat's compound move
(a tile chosen but not placed, a citizen picked but not moved, a payment not
finished): the agents then finish the move before judging it.
"""

from __future__ import annotations

from typing import Any

from borough.core.values import margin_values, result_values
from borough.games.smallcity import citizens, council, pollution, scoring, stations
from borough.games.smallcity.build import hall_room, stored, survey
from borough.games.smallcity.planner import Planner
from borough.games.smallcity.rules import SmallCity
from borough.games.smallcity.state import (
    ACTIONS,
    BUILD,
    COUNCIL,
    MOVE,
    POLLUTION,
    SETUP,
    VISIT,
    VOTE,
    SmallCityState,
)
from borough.games.smallcity.tables import Tables
from borough.games.smallcity.terms import ENGINEER

MARGIN_SCALE = 6.0  # points of lead that make a win about three times likelier
SOLO_LOW, SOLO_HIGH = -40.0, 160.0  # solo: the estimate maps linearly onto [0, 1]
MONEY_EARLY = 0.6  # votes a dollar is worth while it can still buy tiles
MONEY_LATE = 0.15  # ... and when nothing is left to buy (ties only)
SHOP_DOLLARS = 1.0  # a $1 space per Income phase
CONVERTER_DOLLARS = 1.5  # a conversion space per Income phase, in dollars
MATERIAL_VOTES = 1.5
CULTURE_VOTES = 1.5  # a Cultural building the stores can pay for, per round left
MAKER_SHARE = 0.5  # a material still to make: storage and use are not certain
DEATH_VOTES = 4.0  # a solo citizen lost to pollution, in votes
# the City Council (SC-78 to SC-85)
COUNCIL_SHARE = 0.5  # columns still to climb: the share counted
PRICE_VOTES = 1.0  # a dollar or vote paid for a column
BUILD_SPACE_VOTES = 2.5  # a free tile's space, early in the game
TOURIST_VOTES = 0.8  # a citizen brought in, per round left after
MAX_HOME = 5
PROMISE_PRIOR = (0.6, 0.35, 0.2)  # the share taken as met at the start, by deck
PARK_SPACES_A_ROUND = 3  # the projection's Parks: one tile's spaces a round
SPECIAL_RISK = 4.0  # a Special Promise taken is broken more often than kept
# Rounds ahead are counted less the further off they are: plans change and a
# home still to fill or upgrade may not be.
LATER = 0.85
UPGRADE_SHARE = 0.7  # an upgrade the Cultural neighbours allow: the share counted
# The plan's progress (see `plan_progress`), in votes per round still to come.
PLAN_HOME_CULTURE = 1.0  # a Cultural building beside a home
PLAN_CULTURE = 0.5  # a Cultural building built
PLAN_DOOR = 0.5  # an empty Factory space drawing citizens
PLAN_HORIZON = 4

# The hard search's budget here (`borough.agents.hard`; the others keep 1,000
# iterations and four steps of a new leaf's turn played on). These values
# project every round left for each leaf, so 1,000 iterations took about 0.9 s
# a decision and 80 s of CPU a solo game; 150 keeps a game of the search within
# reach of a measurement. (The hard level plays Small City by playouts of its
# script instead, see `borough.agents.registry`; this budget is the search's,
# as `hard(seed)` makes it.) A turn is a whole Build phase of several tiles,
# each greedy step weighing every place by these values: played on before each
# new leaf it made a decision cost several seconds (ten times as much), so the
# leaves are judged when the move is complete.
SEARCH = {"iterations": 150, "turn_steps": 0}

# Steps that finish a move the seat has begun; see `midway`.
FOLLOW_UPS = frozenset({"place", "warehouse", "extend", "waive", "spend", "store", "to",
                        "keep", "benefit", "staff"})
AFTER_VOTE = frozenset({VOTE, POLLUTION, COUNCIL, VISIT})
BEFORE_MOVE = frozenset({SETUP, ACTIONS, BUILD, MOVE})


def midway(game: SmallCity, state: SmallCityState, seat: int) -> bool:
    """True while `seat` is to act and finishing a move it has begun."""
    if seat not in game.to_act(state):
        return False
    if state.phase == BUILD:
        return state.seats[seat].bstep in FOLLOW_UPS
    return state.step in FOLLOW_UPS


def rounds_ahead(tb: Tables, state: SmallCityState) -> int:
    """Vote (and Income) phases still to come, this round's included."""
    left = tb.rounds - state.round + 1
    if state.phase in AFTER_VOTE:
        left -= 1
    return max(0, left)


def triangle(n: int) -> int:
    return n * (n + 1) // 2


def fill(capacities: list[float], people: int) -> float:
    """Votes when `people` citizens fill the homes, the largest first (SC-66);
    a fractional capacity counts an upgrade by its share."""
    votes = 0.0
    for cap in capacities:
        if people <= 0:
            break
        whole = int(cap)
        n = min(people, whole)
        votes += triangle(n)
        people -= n
        if people > 0 and cap > whole:  # the share of an upgrade still to make
            votes += (cap - whole) * (whole + 1)
            people -= 1
    return votes


def home_culture(tb: Tables, state: SmallCityState, s: int) -> dict[int, int]:
    """Per Residential Zone (its tile index): the distinct Cultural buildings
    influencing it as a whole (SC-20, SC-31, SC-40), from the borough's
    influence map (remembered on the seat until its tiles change)."""
    seat = state.seats[s]
    inf = survey(tb, state, s)[1]
    types = tb.types
    reaches = [inf.reach[j] for j, t in enumerate(seat.tiles)
               if t is not None and types[t.type].cultural]
    return {i: sum(1 for r in reaches if r & inf.own[i])
            for i, t in enumerate(seat.tiles)
            if t is not None and types[t.type].family == "residential"}


class City:
    """What a seat's borough holds toward the votes still to come."""

    def __init__(self, tb: Tables, state: SmallCityState, s: int) -> None:
        seat = state.seats[s]
        types = tb.types
        self.homes: list[float] = []  # capacity, counting the upgrades allowed
        self.housed = 0
        self.level1 = 0
        self.workers = 0  # citizens outside homes: they pollute, and can move home
        self.empty_factory = 0
        self.makers = 0  # citizens on Factory spaces
        self.parks = 0
        home_cells: set[int] = set()
        cultures = home_culture(tb, state, s)
        for i, tile in enumerate(seat.tiles):
            if tile is None:
                continue
            family = types[tile.type].family
            if family == "residential":
                size = len(tile.cells)
                grow = max(0, min(MAX_HOME, cultures[i]) - size)
                self.homes.append(size + UPGRADE_SHARE * grow if grow else size)
                home_cells.update(tile.cells)
                if size == 1:
                    self.level1 += 1
            elif family == "factory":
                for c in tile.cells:
                    if seat.occ[c] < 0:
                        self.empty_factory += 1
                    elif seat.occ[c] == s:
                        self.makers += 1
            elif family == "park":
                self.parks += len(tile.cells)
        for c, o in enumerate(seat.occ):
            if o == s:
                if c in home_cells:
                    self.housed += 1
                else:
                    self.workers += 1
        self.homes.sort(reverse=True)
        self.hall = seat.hall_citizens
        self.hall_room = max(0, hall_room(tb, seat))
        self.career = seat.career
        self.money = seat.money
        self.university = 3 if stations.active(tb, seat, s, "university") >= 0 else 0


def projection(tb: Tables, state: SmallCityState, s: int) -> tuple[float, int]:
    """The net votes (votes less pollution, SC-66, SC-68, SC-89) of every
    round still to come, rounds further off counted less. Each round City
    Hall's citizens reach the empty Level-1 homes (SC-61) and, once on the
    board, any home (SC-53); a new home for the rest costs a dollar, so the
    money held builds a few; empty Factory spaces draw citizens (SC-62).
    What money is left then buys Parks against the pollution. Also returns
    the money spent so."""
    city = City(tb, state, s)
    seat = state.seats[s]
    left = rounds_ahead(tb, state)
    now = pollution.votes_of(tb, state, s)
    capacity = sum(int(c) for c in city.homes)
    money = city.money
    board = city.housed  # voters
    hall, career, room = city.hall, city.career, city.hall_room
    funnel = city.level1
    parks = city.parks
    made_factor = 0 if seat.card == ENGINEER else 1
    solo = state.players == 1
    above = tb.content.solo["death_above"][state.level] if solo else -1
    per_point = solo and tb.content.solo["per_point"][state.level]
    total = 0.0
    weight = 1.0
    moving = state.phase in BEFORE_MOVE
    for t in range(left):
        if t > 0 or moving:
            # new homes for waiting citizens, a dollar each while money lasts
            spare = max(0, capacity - board)
            short = max(0, hall - spare)
            built = min(short, money, 3)
            building = t > 0 or state.phase in (SETUP, ACTIONS, BUILD)
            if building:
                money -= built
                capacity += built
                funnel += built
                city.homes = city.homes + [1.0] * built
            moved = min(hall, max(funnel, 1 if capacity > board else 0),
                        max(0, capacity - board))
            board += moved
            hall -= moved
            room += moved
            if building:  # Parks for the pollution the homes will make (SC-68)
                dirt = board + city.workers + made_factor * city.makers - parks
                bought = max(0, min(dirt, money, PARK_SPACES_A_ROUND))
                money -= bought
                parks += bought
        votes = float(now) if t == 0 and not moving else fill(city.homes, board) + city.university
        dirt = max(0, board + city.workers + made_factor * city.makers - parks)
        net = votes - dirt
        if per_point:
            net -= DEATH_VOTES * dirt
        elif 0 <= above < dirt:
            net -= DEATH_VOTES
        total += weight * net
        weight *= LATER
        arriving = min(city.empty_factory, career, room)
        career -= arriving
        room -= arriving
        hall += arriving
    return total, city.money - money


def culture_to_come(tb: Tables, state: SmallCityState, s: int, left: int) -> float:
    """Cultural buildings not yet built, each by the share of its materials the
    stores already hold (SC-38): built beside a home, each lets it grow one
    space (SC-31), worth a citizen's votes in the rounds after."""
    seat = state.seats[s]
    have = stored(tb, seat)
    homes = sum(1 for t in seat.tiles
                if t is not None and tb.types[t.type].family == "residential")
    if not homes:
        return 0.0
    total = 0.0
    for t in tb.types:
        if not t.cultural or not sum(t.materials) or t.id in seat.built:
            continue
        if not t.per_player and state.supply[t.id] <= 0:  # shared stacks
            continue
        share = sum(min(h, n) for h, n in zip(have, t.materials, strict=True)) / sum(t.materials)
        total = max(total, share)
    return CULTURE_VOTES * total * max(0, left - 2)


def plan_progress(tb: Tables, state: SmallCityState, s: int, left: int) -> float:
    """Steps of the concentration plan that pay only rounds later, which the
    projection (citizens it can count, homes of today) does not see yet:

    - Cultural influence on the homes (SC-31): each Cultural building beside a
      home lets it grow one more space for free (SC-40), where more citizens
      earn more votes each (SC-66);
    - Cultural buildings built (SC-38), the prerequisite of every upgrade;
    - empty Factory spaces while the Career Center has citizens: each brings
      one a round (SC-62), the only steady source of new voters.

    Each is worth so much a round for the rounds still to come after this
    one (at most PLAN_HORIZON of them)."""
    if left <= 1:
        return 0.0
    seat = state.seats[s]
    types = tb.types
    influence_on_homes = sum(min(MAX_HOME, n) for n in home_culture(tb, state, s).values())
    cultural = 0
    doors = 0
    for tile in seat.tiles:
        if tile is None:
            continue
        t = types[tile.type]
        if t.cultural and t.family != "city_hall":
            cultural += 1
        elif t.family == "factory" and seat.career > 0:
            doors += sum(1 for c in tile.cells if seat.occ[c] < 0)
    rounds = min(left - 1, PLAN_HORIZON)
    return rounds * (PLAN_HOME_CULTURE * influence_on_homes + PLAN_CULTURE * cultural
                     + PLAN_DOOR * min(doors, 2))


def benefit_votes(board: dict[str, Any], row: int, col: int, left: int) -> float:
    """What the benefit of council column `col` (1-4) of `row` is worth
    (SC-82 to SC-85), with `left` Vote phases still to come after it."""
    k = col - 1
    if row == 0:  # Industry: the materials
        worth: float = MATERIAL_VOTES * max(sum(option) for option in board["industry"][k])
        return worth
    if row == 1:  # Building: a free tile, worth its spaces while rounds remain
        _lo, hi, waived = board["building"][k]
        return (BUILD_SPACE_VOTES * (1 + waived) * hi * min(left, 4) / 4
                if left > 1 else 0.0)
    if row == 2:  # Economy
        worth = money_worth(left) * board["economy"][k]
        return worth
    worth = TOURIST_VOTES * board["tourism"][k] * max(0, left - 2)
    return worth


def council_estimate(tb: Tables, state: SmallCityState, s: int) -> float:
    """The columns still to climb: each disc's next columns, their benefit
    less their price (SC-78), over the Council phases left, counted at a
    share; a disc not yet placed counts its best row."""
    seat = state.seats[s]
    board = council.board(tb, state)
    phases = tb.rounds - state.round + (1 if state.phase not in (COUNCIL, VISIT) else 0)
    total = 0.0
    for d in (0, 1):
        row, col = seat.disc_row[d], seat.disc_col[d]
        rows = [row] if row >= 0 and col > 0 else [r for r in range(4)
                                                    if r != seat.disc_row[1 - d]]
        best = 0.0
        for r in rows:
            value, weight = 0.0, 1.0
            for step in range(min(council.LAST - col, phases)):
                c = col + step + 1
                after = rounds_ahead(tb, state) - step - 1
                gain = (benefit_votes(board, r, c, max(0, after))
                        - PRICE_VOTES * board["price"][c - 1])
                value += weight * gain
                best = max(best, value)
                weight *= LATER
        total += COUNCIL_SHARE * best
        phases = max(0, phases - 2)  # the discs share one move a round
    return total


def money_worth(left: int) -> float:
    return MONEY_LATE + (MONEY_EARLY - MONEY_LATE) * min(1.0, max(0, left - 1) / 4)


def vote_estimate(tb: Tables, state: SmallCityState, s: int) -> float:
    seat = state.seats[s]
    left = rounds_ahead(tb, state)
    worth = money_worth(left)
    income = sum(SHOP_DOLLARS if mark == 0 else CONVERTER_DOLLARS
                 for _, mark in citizens.workplaces(tb, state, s, "commercial"))
    makers = len(citizens.workplaces(tb, state, s, "factory"))
    future, spent = projection(tb, state, s)
    future += culture_to_come(tb, state, s, left) + plan_progress(tb, state, s, left)
    holdings = (worth * (seat.money - spent) + income * sum(money_worth(k) for k in range(left))
                + MATERIAL_VOTES * (sum(stored(tb, seat)) + MAKER_SHARE * makers * left))
    return (seat.votes - seat.pollution + future + holdings
            + promise_estimate(tb, state, s)
            + council_estimate(tb, state, s) - SPECIAL_RISK * len(seat.specials))


def promise_estimate(tb: Tables, state: SmallCityState, s: int) -> float:
    """The Promise's expected worth: the share reached, of the swing (SC-88)."""
    seat = state.seats[s]
    if seat.promise <= 0:
        return 0.0
    card = tb.content.promises[seat.promise - 1]
    gain, loss = scoring.PROMISE_GAIN[card.deck], scoring.PROMISE_LOSS[card.deck]
    # Early on the share reached says little (money is spent and earned
    # again, homes fill later): it counts more as the end nears.
    late = 1.0 - rounds_ahead(tb, state) / tb.rounds
    if any(test[0] == "money" for test in card.test):
        late = late ** 3  # money is kept or gathered in the last rounds
    share = (late * scoring.progress(tb, state, s, card)
             + (1 - late) * PROMISE_PRIOR[card.deck])
    return share * (gain + loss) - loss


def estimates(game: SmallCity, state: SmallCityState) -> list[float]:
    if state.mode in ("basic", "votes"):
        return [vote_estimate(game.tables, state, s) for s in range(state.players)]
    rows = scoring.final(game.tables, state)["rows"]
    worth = money_worth(rounds_ahead(game.tables, state))
    return [row["score"] + worth * state.seats[row["seat"]].money for row in rows]


def policy(seed: int) -> Planner:
    """The scripted player the rollout agents play positions out with: the
    reference player's plan (`planner/`), for every seat."""
    return Planner(seed)


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
