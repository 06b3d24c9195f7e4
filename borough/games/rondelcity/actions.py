"""The decisions of a turn and what each does at once (RON-9 to RON-26, RON-V2 to
RON-V11); what then follows by itself (moves, scoring, the turn's end) is in
`flow.py`."""

from __future__ import annotations

from borough.core.game import Action, Event
from borough.games.rondelcity import flow, seats
from borough.games.rondelcity.data import BUILDINGS, RONDEL_SIZE, Content
from borough.games.rondelcity.seats import player_name
from borough.games.rondelcity.state import (
    ACTION,
    AMENITY,
    BONUS,
    EMPTY,
    FINAL,
    FREE,
    PICK,
    RAINBOW,
    SQUARE,
    RonState,
)


def do(c: Content, state: RonState, seat: int, action: Action) -> list[Event]:
    """Carry out one decision, then everything automatic that follows (flow.run)."""
    state.moves += 1
    events: list[Event] = []
    kind = action[0]
    step = state.step
    if kind == "rondel":
        rotate(c, state, seat, action[1], events)
    elif kind == "buy":
        buy(c, state, seat, events)
    elif kind == "pass":
        gain = c.market.pass_gold
        events.append(Event(f"{player_name(seat)} passes and earns {gain} gp.", "pass", seat))
        state.pending.append([seat, 0, gain])
        state.after = "end_action"
    elif kind == "place" and step in (ACTION, FINAL, PICK):
        state.tile = action[1]
        if step == PICK:
            state.mode = FREE
        else:
            state.mode = seats.place_mode(c, state, seat)
        state.step = SQUARE
    elif kind == "square":
        put_tile(c, state, seat, action[1], events)
    elif kind == "take":
        take_amenity(c, state, seat, events)
    elif kind == "score":
        a = state.block_amenity[c.city.square_block[state.square]]
        state.block_amenity[c.city.square_block[state.square]] = EMPTY
        state.removed_amenities.append(a)  # RON-V6: removed unseen
        events.append(Event(
            f"{player_name(seat)} scores the tile; the Block's Amenity leaves the game.",
            "amenity", seat,
        ))
        flow.score_tile(c, state, seat, events)
    elif kind == "first":
        s, vp, gp = state.pending[0]
        first, second = ([s, vp, 0], [s, 0, gp]) if action[1] == "citizen" else (
            [s, 0, gp], [s, vp, 0])
        state.pending[0:1] = [first, second]
        events.append(Event(f"{player_name(s)} moves the {action[1].title()} first.",
                            "order", s))
    elif kind == "go":
        flow.move_head(c, state, action[1], events)
    elif kind == "event":
        choose_event(c, state, seat, action[1], events)
    elif kind == "amenity_buy":
        amenity_buy(c, state, seat, action[1], events)
    elif kind == "amenity_place":
        state.amenity = action[1]
        state.held_amenities[seat].remove(action[1])
        events.append(Event(
            f"{player_name(seat)} uses the {c.variants.amenities[action[1]]} "
            "to place a tile anywhere.", "amenity", seat,
        ))
        state.step = PICK
        return events
    elif kind == "bonus":
        amount = (
            [seat, c.variants.bonus_vp, 0] if action[1] == "vp"
            else [seat, 0, c.variants.bonus_gp]
        )
        what = f"{amount[1]} VP" if action[1] == "vp" else f"{amount[2]} gp"
        events.append(Event(f"{player_name(seat)} takes {what} for the Amenity.",
                            "bonus", seat))
        state.pending.append(amount)
        state.after = "site"
    elif kind == "site":
        state.board[action[1]] = AMENITY + state.amenity
        events.append(Event(
            f"{player_name(seat)} puts the {c.variants.amenities[state.amenity]} on "
            f"square {c.city.square_labels[action[1]]}.", "amenity", seat,
        ))
        state.amenity = EMPTY
        state.after = "end_action"
    elif kind == "skip":
        events.append(Event(f"{player_name(seat)} makes no final placement.", "skip", seat))
        state.after = "end_action"
    flow.run(c, state, events)
    return events

# ---------------------------------------------------------- actions
def rotate(c: Content, state: RonState, seat: int, extra: int, events: list[Event]) -> None:
    """RON-9: one step for free, 1-4 more for 1/3/6/10 gp."""
    state.rondel[seat] = (state.rondel[seat] + 1 + extra) % RONDEL_SIZE
    b = BUILDINGS[seats.rondel_building(c, state, seat)]
    colour = seats.rondel_colour(c, state, seat)
    if extra:
        cost = c.market.extra_costs[extra - 1]
        state.pending.append([seat, 0, -cost])
        events.append(Event(
            f"{player_name(seat)} pays {cost} gp to move {1 + extra} spaces on the rondel "
            f"to the {b.title()} ({colour}) space.", "rondel", seat,
        ))
    else:
        events.append(Event(
            f"{player_name(seat)} moves to the {b.title()} ({colour}) space of the rondel.",
            "rondel", seat,
        ))
    state.after = "action"

def buy(c: Content, state: RonState, seat: int, events: list[Event]) -> None:
    b = seats.rondel_building(c, state, seat)
    cost = seats.price(c, state, seat)
    tile = state.lines[b].pop(0)  # RON-12: the next one is turned face up
    state.held[seat].append(tile)
    events.append(Event(
        f"{player_name(seat)} buys a {BUILDINGS[b].title()} "
        f"({c.market.tiles[tile].icon_text()}) for {cost} gp.", "buy", seat,
    ))
    if cost:
        state.pending.append([seat, 0, -cost])
    state.after = "end_action"

def amenity_buy(c: Content, state: RonState, seat: int, a: int, events: list[Event]) -> None:
    """RON-V8: the face-up tile of the rondel's line, free, even at the tile limit."""
    b = seats.rondel_building(c, state, seat)
    tile = state.lines[b].pop(0)
    state.held[seat].append(tile)
    state.held_amenities[seat].remove(a)
    state.amenity = a
    events.append(Event(
        f"{player_name(seat)} uses the {c.variants.amenities[a]} to take a "
        f"{BUILDINGS[b].title()} ({c.market.tiles[tile].icon_text()}) for free.", "amenity", seat,
    ))
    state.step = BONUS

def put_tile(c: Content, state: RonState, seat: int, square: int, events: list[Event]) -> None:
    tile = c.market.tiles[state.tile]
    state.held[seat].remove(state.tile)
    state.board[square] = state.tile
    state.square = square
    label = c.city.square_labels[square]
    events.append(Event(
        f"{player_name(seat)} places a {BUILDINGS[tile.building].title()} "
        f"({tile.icon_text()}) on square {label}.", "place", seat,
    ))
    # RON-23: pay 1 VP before the icons are checked
    if state.mode == RAINBOW and state.pieces[2 * seat] != c.city.zero:
        state.pending.append([seat, -c.market.rainbow_vp, 0])
        events.append(Event(f"{player_name(seat)} pays 1 VP for the Rainbow.",
                            "rainbow", seat))
    state.after = "after_payment"

def take_amenity(c: Content, state: RonState, seat: int, events: list[Event]) -> None:
    block = c.city.square_block[state.square]
    a = state.block_amenity[block]
    state.block_amenity[block] = EMPTY
    state.held_amenities[seat].append(a)
    events.append(Event(
        f"{player_name(seat)} takes the {c.variants.amenities[a]} instead of scoring.",
        "amenity", seat,
    ))
    state.after = "placed"

def choose_event(c: Content, state: RonState, seat: int, e: int, events: list[Event]) -> None:
    """RON-V2: the chosen Event replaces the old; the rest go to the bottom face down,
    in an order drawn from the game's generator (interpretation)."""
    old = state.event
    under = [old, *(x for x in state.event_drawn if x != e)]
    state.rng.shuffle(under)
    state.event = e
    state.event_stack.extend(under)
    state.event_drawn = []
    events.append(Event(
        f"{player_name(seat)} chooses the Event {c.variants.events[e].name}: "
        f"{c.variants.events[e].text}", "event", seat,
    ))
    state.after = "end_action"
