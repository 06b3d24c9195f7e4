"""What happens by itself after a decision: pieces moving (RON-4 to RON-7), tile
scoring, Event draws (RON-V2, RON-V3), the neutral markers (RON-27), the next
player (RON-28) and the game's end (RON-29 to RON-31)."""

from __future__ import annotations

from borough.core.errors import CorruptData
from borough.core.game import Event
from borough.core.seats import next_seat
from borough.games.rondelcity import placing, seats
from borough.games.rondelcity.data import BUILDINGS, RONDEL_SIZE, STATUE, Content
from borough.games.rondelcity.moves import destinations
from borough.games.rondelcity.seats import player_name
from borough.games.rondelcity.state import (
    ACTION,
    BONUS,
    EMPTY,
    EVENT,
    FINAL,
    GO,
    NORMAL,
    ORDER,
    OVER,
    RAINBOW,
    ROTATE,
    SITE,
    TAKE,
    RonState,
)


def head_move(c: Content, state: RonState) -> tuple[int, int]:
    seat, vp, gp = state.pending[0]
    return (2 * seat, vp) if vp else (2 * seat + 1, gp)

# ----------------------------------------------------- automatic flow
def head_destinations(c: Content, state: RonState) -> list[int]:
    """Where the move at the head of the queue may end (RON-4, RON-5).

    While a Rainbow Statue's 1 VP is being paid, only the spaces from which the
    Banker can pay for the Statue are offered (RON-15, RON-23): the placement was
    allowed because such a space exists (placing.placement_cost)."""
    piece, steps = head_move(c, state)
    dests = destinations(c.city, state, piece, steps)
    if len(dests) > 1 and state.after == "after_payment" and piece % 2 == 0 and steps < 0:
        tile = c.market.tiles[state.tile]
        if tile.building == STATUE:
            seat = piece // 2
            have = seats.gold(c, state, seat)
            ok = [d for d in dests
                  if placing.statue_cost(c, state, seat, tile, state.square, d) <= have]
            return ok or dests
    return dests


def run(c: Content, state: RonState, events: list[Event]) -> None:
    """Resolve everything automatic until a player must decide."""
    while True:
        if state.winner >= 0:
            state.step = OVER
            return
        if state.pending:
            _, vp, gp = state.pending[0]
            if vp and gp:
                state.step = ORDER  # RON-6
                return
            if not vp and not gp:
                state.pending.pop(0)
                continue
            dests = head_destinations(c, state)
            if len(dests) > 1:
                state.step = GO  # RON-4
                return
            move_head(c, state, dests[0], events)
            continue
        after = state.after
        state.after = ""
        if after == "action":
            state.step = ACTION
            return
        if after == "after_payment":
            block = c.city.square_block[state.square]
            if state.block_amenity[block] >= 0 and not state.final_round:
                state.step = TAKE  # RON-V6
                return
            if state.block_amenity[block] >= 0:
                # a final placement in an Amenity Block: the Amenity cannot be used
                # any more, so it is removed unseen (RON-V12)
                state.removed_amenities.append(state.block_amenity[block])
                state.block_amenity[block] = EMPTY
            score_tile(c, state, state.actor, events)
            continue
        if after == "placed":
            after_placing(c, state, events)
            if state.step in (EVENT, BONUS):
                return
            continue
        if after == "site":
            if EMPTY in state.board:
                state.step = SITE
                return
            events.append(Event(
                f"No square is empty: the {c.variants.amenities[state.amenity]} "
                "leaves the game.", "amenity", state.actor,
            ))
            state.amenity = EMPTY
            after = "end_action"
        if after == "end_action":
            end_action(c, state, events)
            if state.step == OVER:
                return
            if state.step == FINAL and not final_has_place(c, state):
                final_skip(c, state, events)
                continue
            return
        if after == "":
            return
        raise CorruptData(f"unknown continuation {after!r}")

def final_has_place(c: Content, state: RonState) -> bool:
    seat = state.actor
    return bool(seats.placeable(c, state, seat, seats.place_mode(c, state, seat)))

def final_skip(c: Content, state: RonState, events: list[Event]) -> None:
    events.append(Event(
        f"{player_name(state.actor)} has no tile to place in the final round.",
        "skip", state.actor,
    ))
    state.after = "end_action"

def after_placing(c: Content, state: RonState, events: list[Event]) -> None:
    state.tile = EMPTY
    state.square = EMPTY
    if state.amenity >= 0:  # RON-V10
        state.step = BONUS
        return
    if state.mode == RAINBOW and state.events_on and not state.final_round:
        draw_events(c, state, events)
        return
    state.after = "end_action"

def draw_events(c: Content, state: RonState, events: list[Event]) -> None:
    """RON-V2, RON-V3: look at the top three Events."""
    drawn, state.event_stack = state.event_stack[:3], state.event_stack[3:]
    festival = c.variants.festival
    if festival in drawn:
        old = state.event
        state.event_stack.extend([x for x in drawn if x != festival] + [old])
        state.rng.shuffle(state.event_stack)
        state.event = festival
        events.append(Event(
            f"{player_name(state.actor)} draws the Festival: it comes into effect and the "
            "other Event tiles are reshuffled.", "event", state.actor,
        ))
        state.after = "end_action"
        return
    state.event_drawn = sorted(drawn)  # sorted: their order is nothing anyone saw
    events.append(Event(
        f"{player_name(state.actor)} looks at the top three Event tiles.", "event",
        state.actor,
    ))
    for e in drawn:
        events.append(Event(
            f"You see {c.variants.events[e].name}: {c.variants.events[e].text}",
            "event", state.actor, private_to=(state.actor,),
        ))
    state.step = EVENT

def move_head(c: Content, state: RonState, dest: int, events: list[Event]) -> None:
    s, vp, _gp = state.pending.pop(0)
    piece = 2 * s if vp else 2 * s + 1
    old = c.city.numbers[state.pieces[piece]]
    state.pieces[piece] = dest
    what = "Citizen" if vp else "Banker"
    events.append(Event(
        f"{player_name(s)}'s {what} moves from {old} to {c.city.describe_space(dest)}.",
        "move", s,
    ))
    if vp and dest == c.city.top and state.winner < 0:  # RON-29
        state.winner = s
        events.append(Event(
            f"{player_name(s)}'s Citizen reaches 50: {player_name(s)} becomes Mayor "
            "and wins.", "end", s,
        ))


def end_action(c: Content, state: RonState, events: list[Event]) -> None:
    state.mode = NORMAL
    if state.final_round:
        if state.final_queue:
            state.final_queue.pop(0)
        next_final(c, state, events)
        return
    seat = state.current
    state.turns += 1
    if sum(1 for line in state.lines if not line) >= 3:  # RON-30
        # the game ends with this action: no neutral marker moves any more (RON-27)
        events.append(Event(
            "Three tile lines are empty: each player may make one final placement.", "end",
        ))
        state.final_round = True
        state.final_queue = [(seat + k) % state.players for k in range(state.players)]
        next_final(c, state, events)
        return
    if state.players < 4:  # RON-27
        move_neutrals(c, state, seat, events)
    state.current = state.actor = next_seat(seat, state.players)  # RON-28
    state.step = ROTATE


def move_neutrals(c: Content, state: RonState, seat: int, events: list[Event]) -> None:
    """RON-27: a neutral marker on the active player's space moves on clockwise to the
    first space no marker occupies."""
    here = state.rondel[seat]
    for marker in range(state.players, 4):
        if state.rondel[marker] != here:
            continue
        occupied = set(state.rondel)
        pos = here
        for _ in range(RONDEL_SIZE):
            pos = (pos + 1) % RONDEL_SIZE
            if pos not in occupied:
                break
        state.rondel[marker] = pos
        events.append(Event(
            f"The neutral {c.market.colour_names[marker]} marker moves to the "
            f"{BUILDINGS[c.market.rondel_buildings[pos]].title()} space.",
            "neutral",
        ))


def next_final(c: Content, state: RonState, events: list[Event]) -> None:
    if not state.final_queue:
        state.step = OVER
        names = " and ".join(player_name(w) for w in seats.mayors(c, state))
        events.append(Event(f"The game is over: {names} becomes Mayor.", "end"))
        return
    state.actor = state.final_queue[0]
    state.step = FINAL


def score_tile(c: Content, state: RonState, seat: int, events: list[Event]) -> None:
    """The placed tile's scores, each told and queued to be walked (`pending`)."""
    tile = c.market.tiles[state.tile]
    moves = placing.score(c, state, seat, tile, state.square)
    for s, vp, gp in moves:
        parts = [f"{vp:+d} VP" if vp else "", f"{gp:+d} gp" if gp else ""]
        events.append(Event(
            f"{player_name(s)} scores {' and '.join(p for p in parts if p)} "
            f"from the {BUILDINGS[tile.building].title()}.", "score", s,
        ))
    state.pending.extend(moves)
    state.after = "placed"
