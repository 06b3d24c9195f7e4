"""Rondel City rules: the forward model behind `borough.game("rondelcity")`.

Rule ids (RON-*) refer to RULES.md in this folder.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from borough.core.errors import CorruptData
from borough.core.game import Action, Event, Game, Option, Result
from borough.core.rng import Rng
from borough.games.rondelcity import checks, information, placing, wording
from borough.games.rondelcity.data import BUILDINGS, DEFAULT_DIR, RONDEL_SIZE, Content, load
from borough.games.rondelcity.moves import destinations
from borough.games.rondelcity.state import (
    ACTION,
    AMENITY,
    BONUS,
    EMPTY,
    EVENT,
    FINAL,
    FREE,
    GO,
    NORMAL,
    ORDER,
    OVER,
    PICK,
    RAINBOW,
    ROTATE,
    SITE,
    SQUARE,
    TAKE,
    RonState,
)


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


class RondelCity(Game):
    name = "rondelcity"
    title = "Rondel City"
    seats = (2, 3, 4)
    option_list = (
        Option("events", ("off", "on"), "off", "on: the ten Event tiles (variant)"),
        Option("amenities", ("off", "on"), "off", "on: the nine Civic Amenities (variant)"),
    )
    state_type = RonState

    def __init__(self, data_dir: Path = DEFAULT_DIR) -> None:
        self.content: Content = load(data_dir)
        self.city = self.content.city
        self.market = self.content.market
        self.variants = self.content.variants
        self.tiles = self.market.tiles
        self._rondel_index = {b: i for i, b in enumerate(self.market.rondel_buildings)}

    # ------------------------------------------------------------- setup
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> RonState:
        rng = Rng.from_seed(seed)
        market, city = self.market, self.city
        start = self._rondel_index[market.player_start]
        rondel = [start] * 4
        for k, b in enumerate(market.neutral_starts.get(players, ())):  # RON-1
            rondel[players + k] = self._rondel_index[b]
        lines = []
        for tiles in market.line_tiles:  # RON-12: each line is shuffled, one tile face up
            line = list(tiles)
            rng.shuffle(line)
            lines.append(line)
        events_on = options["events"] == "on"
        amenities_on = options["amenities"] == "on"
        event, stack = EMPTY, []
        if events_on:  # RON-V1
            event = self.variants.festival
            stack = [e.id for e in self.variants.events if e.id != event]
            rng.shuffle(stack)
        block_amenity = [EMPTY] * len(city.block_names)
        if amenities_on:  # RON-V5
            deal = list(range(len(self.variants.amenities)))
            rng.shuffle(deal)
            for b, a in zip(city.main_blocks, deal, strict=True):
                block_amenity[b] = a
        return RonState(
            players=players, events_on=events_on, amenities_on=amenities_on, current=0,
            actor=0, step=ROTATE, after="", rondel=rondel,
            pieces=[city.start] * (2 * players),  # RON-3
            held=[[] for _ in range(players)], held_amenities=[[] for _ in range(players)],
            lines=lines, board=[EMPTY] * len(city.square_labels),
            block_amenity=block_amenity, removed_amenities=[], event=event,
            event_stack=stack, event_drawn=[], pending=[], tile=EMPTY, square=EMPTY,
            mode=NORMAL, amenity=EMPTY, final_queue=[], final_round=False, winner=EMPTY,
            rng=rng, moves=0, turns=0,
        )

    def num_seats(self, state: RonState) -> int:
        return state.players

    # ------------------------------------------------------------ queries
    def vp(self, state: RonState, seat: int) -> int:
        return self.city.numbers[state.pieces[2 * seat]]

    def gold(self, state: RonState, seat: int) -> int:
        return self.city.numbers[state.pieces[2 * seat + 1]]

    def rondel_space(self, state: RonState, seat: int) -> int:
        return state.rondel[seat]

    def rondel_building(self, state: RonState, seat: int) -> int:
        return self.market.rondel_buildings[state.rondel[seat]]

    def rondel_colour(self, state: RonState, seat: int) -> str:
        return self.market.rondel_colours[state.rondel[seat]]

    def tile_limit(self, state: RonState) -> int:
        return self.market.tile_limit[state.players]

    def holding(self, state: RonState, seat: int) -> int:
        """RON-14, RON-V7: unplaced tiles, Amenities included."""
        return len(state.held[seat]) + len(state.held_amenities[seat])

    def price(self, state: RonState, seat: int) -> int:
        """RON-12: the next visible price, +1 per other marker here, + the Event's surcharge."""
        b = self.rondel_building(state, seat)
        line = state.lines[b]
        bought = len(self.market.prices[b]) - len(line)
        here = state.rondel[seat]
        others = sum(1 for c, pos in enumerate(state.rondel) if c != seat and pos == here)
        extra = self.variants.events[state.event].surcharge[b] if state.event >= 0 else 0
        return self.market.prices[b][bought] + others + extra

    def place_mode(self, state: RonState, seat: int) -> str:
        return RAINBOW if self.rondel_colour(state, seat) == "rainbow" else NORMAL

    def legal_squares(self, state: RonState, seat: int, tile_id: int, mode: str) -> list[int]:
        tile = self.tiles[tile_id]
        colour = self.rondel_colour(state, seat)
        gold = self.gold(state, seat)
        out = []
        for q in range(len(state.board)):
            if not placing.square_allowed(self.content, state, tile, q, mode, colour):
                continue
            if placing.own_gold_cost(self.content, state, seat, tile, q) > gold:  # RON-15
                continue
            out.append(q)
        return out

    def placeable(self, state: RonState, seat: int, mode: str) -> list[int]:
        """Held tiles that have at least one legal square."""
        return [
            t for t in sorted(set(state.held[seat]))
            if self.legal_squares(state, seat, t, mode)
        ]

    # ------------------------------------------------------------- turns
    def to_act(self, state: RonState) -> tuple[int, ...]:
        step = state.step
        if step == OVER:
            return ()
        if step in (ORDER, GO):
            return (state.pending[0][0],)
        return (state.actor,)

    def is_over(self, state: RonState) -> bool:
        return state.step == OVER

    def legal_actions(self, state: RonState, seat: int) -> list[Action]:
        if state.step == OVER or seat not in self.to_act(state):
            return []
        step = state.step
        if step == ROTATE:  # RON-9
            gold = self.gold(state, seat)
            return [("rondel", 0)] + [
                ("rondel", k + 1) for k, c in enumerate(self.market.extra_costs) if c <= gold
            ]
        if step == ACTION:
            return self._action_choices(state, seat)
        if step == PICK:
            return [("place", t) for t in self.placeable(state, seat, FREE)]
        if step == SQUARE:
            return [("square", q) for q in self.legal_squares(state, seat, state.tile, state.mode)]
        if step == TAKE:
            return [("take",), ("score",)]
        if step == ORDER:
            return [("first", "citizen"), ("first", "banker")]
        if step == GO:
            piece, steps = self._head_move(state)
            return [("go", s) for s in destinations(self.city, state, piece, steps)]
        if step == EVENT:
            return [("event", e) for e in sorted(state.event_drawn)]
        if step == BONUS:
            return [("bonus", "vp"), ("bonus", "gp")]
        if step == SITE:
            return [("site", q) for q, code in enumerate(state.board) if code == EMPTY]
        if step == FINAL:
            mode = self.place_mode(state, seat)
            return [("place", t) for t in self.placeable(state, seat, mode)] + [("skip",)]
        raise CorruptData(f"unknown step {step!r}")

    def is_legal(self, state: RonState, seat: int, action: Action) -> bool:
        """The same answer as the legal list, without building it for common steps."""
        if state.step == OVER or seat not in self.to_act(state):
            return False
        step, kind = state.step, action[0]
        if step == ROTATE:
            k = action[1] if kind == "rondel" else -1
            return k == 0 or (k > 0 and self.market.extra_costs[k - 1] <= self.gold(state, seat))
        if step == ORDER:
            return kind == "first"
        if step == TAKE:
            return kind in ("take", "score")
        if step == BONUS:
            return kind == "bonus"
        if step == SITE:
            return kind == "site" and state.board[action[1]] == EMPTY
        if step == SQUARE:
            if kind != "square":
                return False
            q, tile = action[1], self.tiles[state.tile]
            colour = self.rondel_colour(state, seat)
            return placing.square_allowed(
                self.content, state, tile, q, state.mode, colour
            ) and placing.own_gold_cost(self.content, state, seat, tile, q) <= self.gold(
                state, seat)
        if step == ACTION and kind == "pass":
            return True
        if step in (ACTION, FINAL) and kind == "place":
            t = action[1]
            mode = self.place_mode(state, seat)
            return t in state.held[seat] and bool(self.legal_squares(state, seat, t, mode))
        return action in self.legal_actions(state, seat)

    def _action_choices(self, state: RonState, seat: int) -> list[Action]:
        acts: list[Action] = []
        b = self.rondel_building(state, seat)
        line = state.lines[b]
        limit = self.tile_limit(state)
        if (
            line and self.holding(state, seat) < limit
            and self.price(state, seat) <= self.gold(state, seat)
        ):
            acts.append(("buy",))  # RON-12, RON-14, RON-15
        mode = self.place_mode(state, seat)
        acts.extend(("place", t) for t in self.placeable(state, seat, mode))
        acts.append(("pass",))  # RON-26
        amenities = sorted(set(state.held_amenities[seat]))
        if amenities:
            free_tiles = bool(self.placeable(state, seat, FREE))
            for a in amenities:
                if line:  # RON-V8
                    acts.append(("amenity_buy", a))
                if free_tiles:  # RON-V9
                    acts.append(("amenity_place", a))
        return acts

    def _head_move(self, state: RonState) -> tuple[int, int]:
        seat, vp, gp = state.pending[0]
        return (2 * seat, vp) if vp else (2 * seat + 1, gp)

    # ------------------------------------------------------------- apply
    def _apply(self, state: RonState, seat: int, action: Action) -> list[Event]:
        state.moves += 1
        events: list[Event] = []
        kind = action[0]
        step = state.step
        if kind == "rondel":
            self._rotate(state, seat, action[1], events)
        elif kind == "buy":
            self._buy(state, seat, events)
        elif kind == "pass":
            gain = self.market.pass_gold
            events.append(Event(f"{player_name(seat)} passes and earns {gain} gp.", "pass", seat))
            state.pending.append([seat, 0, gain])
            state.after = "end_action"
        elif kind == "place" and step in (ACTION, FINAL, PICK):
            state.tile = action[1]
            if step == PICK:
                state.mode = FREE
            else:
                state.mode = self.place_mode(state, seat)
            state.step = SQUARE
        elif kind == "square":
            self._put_tile(state, seat, action[1], events)
        elif kind == "take":
            self._take_amenity(state, seat, events)
        elif kind == "score":
            a = state.block_amenity[self.city.square_block[state.square]]
            state.block_amenity[self.city.square_block[state.square]] = EMPTY
            state.removed_amenities.append(a)  # RON-V6: removed unseen
            events.append(Event(
                f"{player_name(seat)} scores the tile; the Block's Amenity leaves the game.",
                "amenity", seat,
            ))
            self._score_tile(state, seat, events)
        elif kind == "first":
            s, vp, gp = state.pending[0]
            first, second = ([s, vp, 0], [s, 0, gp]) if action[1] == "citizen" else (
                [s, 0, gp], [s, vp, 0])
            state.pending[0:1] = [first, second]
            events.append(Event(f"{player_name(s)} moves the {action[1].title()} first.",
                                "order", s))
        elif kind == "go":
            self._move_head(state, action[1], events)
        elif kind == "event":
            self._choose_event(state, seat, action[1], events)
        elif kind == "amenity_buy":
            self._amenity_buy(state, seat, action[1], events)
        elif kind == "amenity_place":
            state.amenity = action[1]
            state.held_amenities[seat].remove(action[1])
            events.append(Event(
                f"{player_name(seat)} uses the {self.variants.amenities[action[1]]} "
                "to place a tile anywhere.", "amenity", seat,
            ))
            state.step = PICK
            return events
        elif kind == "bonus":
            amount = (
                [seat, self.variants.bonus_vp, 0] if action[1] == "vp"
                else [seat, 0, self.variants.bonus_gp]
            )
            what = f"{amount[1]} VP" if action[1] == "vp" else f"{amount[2]} gp"
            events.append(Event(f"{player_name(seat)} takes {what} for the Amenity.",
                                "bonus", seat))
            state.pending.append(amount)
            state.after = "site"
        elif kind == "site":
            state.board[action[1]] = AMENITY + state.amenity
            events.append(Event(
                f"{player_name(seat)} puts the {self.variants.amenities[state.amenity]} on "
                f"square {self.city.square_labels[action[1]]}.", "amenity", seat,
            ))
            state.amenity = EMPTY
            state.after = "end_action"
        elif kind == "skip":
            events.append(Event(f"{player_name(seat)} makes no final placement.", "skip", seat))
            state.after = "end_action"
        self._run(state, events)
        return events

    # ---------------------------------------------------------- actions
    def _rotate(self, state: RonState, seat: int, extra: int, events: list[Event]) -> None:
        """RON-9: one step for free, 1-4 more for 1/3/6/10 gp."""
        state.rondel[seat] = (state.rondel[seat] + 1 + extra) % RONDEL_SIZE
        b = BUILDINGS[self.rondel_building(state, seat)]
        colour = self.rondel_colour(state, seat)
        if extra:
            cost = self.market.extra_costs[extra - 1]
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

    def _buy(self, state: RonState, seat: int, events: list[Event]) -> None:
        b = self.rondel_building(state, seat)
        cost = self.price(state, seat)
        tile = state.lines[b].pop(0)  # RON-12: the next one is turned face up
        state.held[seat].append(tile)
        events.append(Event(
            f"{player_name(seat)} buys a {BUILDINGS[b].title()} "
            f"({self.tiles[tile].icon_text()}) for {cost} gp.", "buy", seat,
        ))
        if cost:
            state.pending.append([seat, 0, -cost])
        state.after = "end_action"

    def _amenity_buy(self, state: RonState, seat: int, a: int, events: list[Event]) -> None:
        """RON-V8: the face-up tile of the rondel's line, free, even at the tile limit."""
        b = self.rondel_building(state, seat)
        tile = state.lines[b].pop(0)
        state.held[seat].append(tile)
        state.held_amenities[seat].remove(a)
        state.amenity = a
        events.append(Event(
            f"{player_name(seat)} uses the {self.variants.amenities[a]} to take a "
            f"{BUILDINGS[b].title()} ({self.tiles[tile].icon_text()}) for free.", "amenity", seat,
        ))
        state.step = BONUS

    def _put_tile(self, state: RonState, seat: int, square: int, events: list[Event]) -> None:
        tile = self.tiles[state.tile]
        state.held[seat].remove(state.tile)
        state.board[square] = state.tile
        state.square = square
        label = self.city.square_labels[square]
        events.append(Event(
            f"{player_name(seat)} places a {BUILDINGS[tile.building].title()} "
            f"({tile.icon_text()}) on square {label}.", "place", seat,
        ))
        # RON-23: pay 1 VP before the icons are checked
        if state.mode == RAINBOW and state.pieces[2 * seat] != self.city.zero:
            state.pending.append([seat, -self.market.rainbow_vp, 0])
            events.append(Event(f"{player_name(seat)} pays 1 VP for the Rainbow.",
                                "rainbow", seat))
        state.after = "after_payment"

    def _take_amenity(self, state: RonState, seat: int, events: list[Event]) -> None:
        block = self.city.square_block[state.square]
        a = state.block_amenity[block]
        state.block_amenity[block] = EMPTY
        state.held_amenities[seat].append(a)
        events.append(Event(
            f"{player_name(seat)} takes the {self.variants.amenities[a]} instead of scoring.",
            "amenity", seat,
        ))
        state.after = "placed"

    def _score_tile(self, state: RonState, seat: int, events: list[Event]) -> None:
        tile = self.tiles[state.tile]
        moves = placing.score(self.content, state, seat, tile, state.square)
        for s, vp, gp in moves:
            parts = [f"{vp:+d} VP" if vp else "", f"{gp:+d} gp" if gp else ""]
            events.append(Event(
                f"{player_name(s)} scores {' and '.join(p for p in parts if p)} "
                f"from the {BUILDINGS[tile.building].title()}.", "score", s,
            ))
        state.pending.extend(moves)
        state.after = "placed"

    def _choose_event(self, state: RonState, seat: int, e: int, events: list[Event]) -> None:
        """RON-V2: the chosen Event replaces the old; the rest go to the bottom."""
        old = state.event
        others = [x for x in state.event_drawn if x != e]
        state.event = e
        state.event_stack.extend([old, *others])
        state.event_drawn = []
        events.append(Event(
            f"{player_name(seat)} chooses the Event {self.variants.events[e].name}: "
            f"{self.variants.events[e].text}", "event", seat,
        ))
        state.after = "end_action"

    # ----------------------------------------------------- automatic flow
    def _run(self, state: RonState, events: list[Event]) -> None:
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
                piece, steps = self._head_move(state)
                dests = destinations(self.city, state, piece, steps)
                if len(dests) > 1:
                    state.step = GO  # RON-4
                    return
                self._move_head(state, dests[0], events, run=False)
                continue
            after = state.after
            state.after = ""
            if after == "action":
                state.step = ACTION
                return
            if after == "after_payment":
                block = self.city.square_block[state.square]
                if state.block_amenity[block] >= 0 and not state.final_round:
                    state.step = TAKE  # RON-V6
                    return
                if state.block_amenity[block] >= 0:
                    # a final placement in an Amenity Block: the Amenity cannot be used
                    # any more, so it is removed unseen (RON-V12)
                    state.removed_amenities.append(state.block_amenity[block])
                    state.block_amenity[block] = EMPTY
                self._score_tile(state, state.actor, events)
                continue
            if after == "placed":
                self._after_placing(state, events)
                if state.step in (EVENT, BONUS):
                    return
                continue
            if after == "site":
                if EMPTY in state.board:
                    state.step = SITE
                    return
                events.append(Event(
                    f"No square is empty: the {self.variants.amenities[state.amenity]} "
                    "leaves the game.", "amenity", state.actor,
                ))
                state.amenity = EMPTY
                after = "end_action"
            if after == "end_action":
                self._end_action(state, events)
                if state.step == OVER:
                    return
                if state.step == FINAL and not self._final_has_place(state):
                    self._final_skip(state, events)
                    continue
                return
            if after == "":
                return
            raise CorruptData(f"unknown continuation {after!r}")

    def _final_has_place(self, state: RonState) -> bool:
        seat = state.actor
        return bool(self.placeable(state, seat, self.place_mode(state, seat)))

    def _final_skip(self, state: RonState, events: list[Event]) -> None:
        events.append(Event(
            f"{player_name(state.actor)} has no tile to place in the final round.",
            "skip", state.actor,
        ))
        state.after = "end_action"

    def _after_placing(self, state: RonState, events: list[Event]) -> None:
        state.tile = EMPTY
        state.square = EMPTY
        if state.amenity >= 0:  # RON-V10
            state.step = BONUS
            return
        if state.mode == RAINBOW and state.events_on and not state.final_round:
            self._draw_events(state, events)
            return
        state.after = "end_action"

    def _draw_events(self, state: RonState, events: list[Event]) -> None:
        """RON-V2, RON-V3: look at the top three Events."""
        drawn, state.event_stack = state.event_stack[:3], state.event_stack[3:]
        festival = self.variants.festival
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
                f"You see {self.variants.events[e].name}: {self.variants.events[e].text}",
                "event", state.actor, private_to=(state.actor,),
            ))
        state.step = EVENT

    def _move_head(
        self, state: RonState, dest: int, events: list[Event], run: bool = True
    ) -> None:
        s, vp, _gp = state.pending.pop(0)
        piece = 2 * s if vp else 2 * s + 1
        old = self.city.numbers[state.pieces[piece]]
        state.pieces[piece] = dest
        what = "Citizen" if vp else "Banker"
        events.append(Event(
            f"{player_name(s)}'s {what} moves from {old} to {self.city.describe_space(dest)}.",
            "move", s,
        ))
        if vp and dest == self.city.top and state.winner < 0:  # RON-29
            state.winner = s
            events.append(Event(
                f"{player_name(s)}'s Citizen reaches 50: {player_name(s)} becomes Mayor "
                "and wins.", "end", s,
            ))

    def _end_action(self, state: RonState, events: list[Event]) -> None:
        state.mode = NORMAL
        if state.final_round:
            if state.final_queue:
                state.final_queue.pop(0)
            self._next_final(state, events)
            return
        seat = state.current
        if state.players < 4:  # RON-27
            here = state.rondel[seat]
            for c in range(state.players, 4):
                if state.rondel[c] == here:
                    occupied = set(state.rondel)
                    pos = here
                    for _ in range(RONDEL_SIZE):
                        pos = (pos + 1) % RONDEL_SIZE
                        if pos not in occupied:
                            break
                    state.rondel[c] = pos
                    events.append(Event(
                        f"The neutral {self.market.colour_names[c]} marker moves to the "
                        f"{BUILDINGS[self.market.rondel_buildings[pos]].title()} space.",
                        "neutral",
                    ))
        state.turns += 1
        empty = sum(1 for line in state.lines if not line)
        if empty >= 3:  # RON-30
            events.append(Event(
                "Three tile lines are empty: each player may make one final placement.", "end",
            ))
            state.final_round = True
            state.final_queue = [(seat + k) % state.players for k in range(state.players)]
            self._next_final(state, events)
            return
        state.current = state.actor = (seat + 1) % state.players  # RON-28
        state.step = ROTATE

    def _next_final(self, state: RonState, events: list[Event]) -> None:
        if not state.final_queue:
            state.step = OVER
            r = self.result(state)
            names = " and ".join(player_name(w) for w in r.winners)
            events.append(Event(f"The game is over: {names} becomes Mayor.", "end"))
            return
        state.actor = state.final_queue[0]
        state.step = FINAL

    # ------------------------------------------------------------ result
    def result(self, state: RonState) -> Result:
        scores = [self.vp(state, s) for s in range(state.players)]
        if state.winner >= 0:
            return Result(scores, [state.winner], {"mayor_by": "reaching 50"})
        best = max(scores)
        winners = [s for s in range(state.players) if scores[s] == best]  # RON-31
        gold = [self.gold(state, s) for s in range(state.players)]
        return Result(scores, winners, {"mayor_by": "furthest Citizen", "gold": gold})

    # ------------------------------------------------------- information
    def observe(self, state: RonState, seat: int | None) -> dict[str, Any]:
        return information.observe(self, state, seat)

    def has_hidden_information(self, state: RonState, seat: int) -> bool:
        return information.has_hidden_information(self, state, seat)

    def determinize(self, state: RonState, seat: int, rng: random.Random) -> RonState:
        """Reshuffle what `seat` cannot see (see information.determinize)."""
        return information.determinize(self, state, seat, rng)

    # ------------------------------------------------------------ plumbing
    def clone(self, state: RonState) -> RonState:
        return state.copy()

    def validate_state(self, state: RonState) -> None:
        checks.validate(self, state)

    def all_actions(self) -> Iterable[Action]:
        yield from (("rondel", k) for k in range(len(self.market.extra_costs) + 1))
        yield ("buy",)
        yield ("pass",)
        yield ("skip",)
        yield from (("place", t) for t in range(len(self.tiles)))
        yield from (("square", q) for q in range(len(self.city.square_labels)))
        yield ("take",)
        yield ("score",)
        yield ("first", "citizen")
        yield ("first", "banker")
        yield from (("go", s) for s in range(len(self.city.numbers)))
        yield from (("event", e) for e in range(len(self.variants.events)))
        yield from (("amenity_buy", a) for a in range(len(self.variants.amenities)))
        yield from (("amenity_place", a) for a in range(len(self.variants.amenities)))
        yield ("bonus", "vp")
        yield ("bonus", "gp")
        yield from (("site", q) for q in range(len(self.city.square_labels)))

    def describe(self, action: Action, state: Any = None) -> str:
        return wording.describe(self, action, state)

    def why_illegal(self, state: RonState, seat: int, action: Action) -> str | None:
        return wording.why_illegal(self, state, seat, action)


    def max_decisions(self, players: int, options: dict[str, Any]) -> int:
        # Nothing in the rules forbids passing for ever, so no true bound exists. Random
        # play, which passes and pays for rondel steps far more than people do, took
        # at most 5,427 decisions in 600 two-player games (about 1,700 on average);
        # sensible play takes about 160.
        return 20000
