"""Ekopolis rules: the forward model behind `borough.game("ekopolis")`.

Rule ids (EKO-*) refer to RULES.md in this folder.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from borough.core import frames
from borough.core.errors import CorruptData
from borough.core.game import Action, Event, Game, Option
from borough.core.refusals import Refusal
from borough.core.results import Breakdown, MovesPlayed, Result
from borough.core.rng import Rng
from borough.core.seats import next_seat
from borough.games.ekopolis import (
    effects,
    geometry,
    prompts,
    refusals,
    scoring,
    steps,
    supply,
)
from borough.games.ekopolis.data import BLUE, COLOURS, DEFAULT_DIR, GREEN, RED, Content, load
from borough.games.ekopolis.state import (
    CITY_HALL,
    DISCARD,
    EFFECT,
    EMPTY,
    GREEN_ZONE,
    OVER,
    PLACE,
    POLLUTE,
    POLLUTION,
    EkoState,
    Seat,
    pending,
    player_name,
    step_now,
)

ROUNDS = {3: 9, 4: 7, 5: 6}  # EKO-3
HAND = 3  # EKO-2
TOKENS = 14  # EKO-12
# The kinds of move every other seat may learn (see public_action): all of them.
OPEN_CHOICES = frozenset(
    ("place", "pollute", "green", "remove", "skip", "play", "discard", "keep", "pass")
)


class Ekopolis(Game):
    name = "ekopolis"
    title = "Ekopolis"
    seats = (3, 4, 5)
    option_list = (
        Option(
            "version",
            ("basic", "full"),
            "full",
            "basic: the table scores together as one group; "
            "full: each player scores alone and takes Action cards",
        ),
    )
    state_type = EkoState
    rules_version = 9  # see "Changes" at the end of RULES.md
    rule_words = refusals.WORDS.words

    def __init__(self, data_dir: Path = DEFAULT_DIR) -> None:
        self.content: Content = load(data_dir)
        self.board = self.content.board
        self.tiles = self.content.tiles
        self.cards = self.content.cards

    def cooperative(self, options: dict[str, Any]) -> bool:
        return bool(options.get("version", "full") == "basic")  # EKO-16: one group score

    # ------------------------------------------------------------- setup
    def _setup(self, players: int, seed: int, options: dict[str, Any]) -> EkoState:
        rng = Rng.from_seed(seed)
        board = [EMPTY] * len(self.board)
        seats = []
        for seat, hex_ in enumerate(self.board.starts[players]):  # EKO-1
            board[hex_] = CITY_HALL + seat
            seats.append(Seat([], [], [], [0, 0, 0], hex_))
        deck = list(range(len(self.tiles)))
        rng.shuffle(deck)
        for s in seats:  # EKO-2
            s.hand = [deck.pop() for _ in range(HAND)]
        full = options["version"] == "full"
        card_decks: list[list[int]] = [[], [], []]
        if full:  # EKO-F1
            for c in self.cards:
                card_decks[c.colour].append(c.id)
            for d in card_decks:
                rng.shuffle(d)
        return EkoState(
            players=players, full=full, rounds=ROUNDS[players], round=1, current=0,
            step=PLACE, board=board, scores=[0] * players, deck=deck, discard=[],
            card_decks=card_decks, tokens_left=[TOKENS, TOKENS], last=-1, frames=[],
            seats=seats, rng=rng, moves=0, earned=[{} for _ in range(players)],
        )

    def num_seats(self, state: EkoState) -> int:
        return state.players

    # --------------------------------------------------------- geometry
    def city(self, state: EkoState, seat: int) -> set[int]:
        return geometry.city(self.board, state, seat)

    def open_spaces(self, state: EkoState, seat: int, tokens_ok: bool) -> list[int]:
        return geometry.open_spaces(self.board, state, seat, tokens_ok)

    # ------------------------------------------------------------ turns
    def to_act(self, state: EkoState) -> tuple[int, ...]:
        return () if state.step == OVER else (state.current,)

    def is_over(self, state: EkoState) -> bool:
        return state.step == OVER

    def legal_actions(self, state: EkoState, seat: int) -> list[Action]:
        return steps.choices(self.content, state, seat)

    def is_legal(self, state: EkoState, seat: int, action: Action) -> bool:
        return steps.allows(self.content, state, seat, action)

    def _apply(self, state: EkoState, seat: int, action: Action) -> list[Event]:
        state.moves += 1
        kind = action[0]
        events: list[Event] = []
        if step_now(state) == EFFECT and kind != "play":
            effects.resolve_choice(self.content, state, seat, action, events)
        elif kind == "place":
            self._place(state, seat, action[1], action[2], events)
        elif kind == "pass":
            why = "no open space" if state.seats[seat].hand else "no Building in hand"
            events.append(Event(f"{player_name(seat)} has {why} and passes.", "pass", seat))
            self._end_turn(state, seat, events)
        elif kind == "pollute":
            scoring.put_token(self.content, state, seat, action[1], POLLUTION, events)
            self._after_pollution(state, seat, events)
        elif kind == "green":
            scoring.put_token(self.content, state, seat, action[1], GREEN_ZONE, events)
            self._after_green(state, seat, events)
        elif kind == "skip":
            events.append(Event(f"{player_name(seat)} places no green zone.", "skip", seat))
            self._after_green(state, seat, events)
        elif kind == "play":
            effects.play(self.content, state, seat, action[1], events)
        elif kind == "discard":
            hand = state.seats[seat].hand
            hand.remove(action[1])
            state.discard.append(action[1])  # EKO-F7
            events.append(Event(
                f"{player_name(seat)} discards the {self.tiles[action[1]].name}.", "discard", seat
            ))
            self._end_turn(state, seat, events)
        elif kind == "keep":
            self._end_turn(state, seat, events)
        return events

    def _place(self, state: EkoState, seat: int, tile_id: int, hex_: int,
               events: list[Event]) -> None:
        tile = self.tiles[tile_id]
        points, parts = scoring.placement(self.content, state, tile, hex_)
        if state.board[hex_] < EMPTY:  # EKO-13: building on a token returns it to the supply
            state.tokens_left[0 if state.board[hex_] == POLLUTION else 1] += 1
        state.board[hex_] = tile_id
        state.seats[seat].hand.remove(tile_id)
        state.seats[seat].built[tile.colour] += 1
        state.last = hex_
        scoring.add_points(state, seat, points, scoring.BUILDINGS)
        where = self.board.labels[hex_]
        detail = f" ({', '.join(parts)})" if parts else ""
        events.append(Event(
            f"{player_name(seat)} builds the {tile.name} on {where} "
            f"and scores {points:+d}{detail}.",
            "place", seat,
        ))
        if (tile.pollution and state.tokens_left[0] > 0
                and geometry.pollution_spaces(self.board, state, seat)):
            state.step = POLLUTE
        else:
            self._after_pollution(state, seat, events)

    def _after_pollution(self, state: EkoState, seat: int, events: list[Event]) -> None:
        tile = self.tiles[state.board[state.last]]
        if (
            tile.green_zone
            and state.tokens_left[1] > 0
            and geometry.empty_neighbours(self.board, state, state.last)
        ):
            state.step = "green"
        else:
            self._after_green(state, seat, events)

    def _after_green(self, state: EkoState, seat: int, events: list[Event]) -> None:
        if not state.full:
            self._end_turn(state, seat, events)
            return
        colour = self.tiles[state.board[state.last]].colour
        effects.take_card(self.content, state, seat, colour, events)  # EKO-F2

    def _end_turn(self, state: EkoState, seat: int, events: list[Event]) -> None:
        supply.draw_tiles(state, seat, HAND - len(state.seats[seat].hand))  # EKO-7
        state.last = -1
        state.current = next_seat(seat, state.players)
        if state.current == 0:  # EKO-3: the round tracker moves before the first seat's turn
            state.round += 1
            if state.round > state.rounds:
                state.round = state.rounds
                scoring.final(self.content, state, events)
                state.step = OVER
                return
        state.step = PLACE

    # ------------------------------------------------------------ result
    def result(self, state: EkoState) -> Result:
        scores = list(state.scores)
        greens = [s.built[GREEN] for s in state.seats]
        if not state.full:  # EKO-16: the group wins or loses together
            # the group's green Buildings break ties between tables, so they are reported
            return Result(scores, list(range(state.players)),
                          {"group_score": scores[0], "green_buildings": sum(greens),
                           "parts": scoring.breakdown(state)[0]})
        best = max(scores)
        tied = [s for s in range(state.players) if scores[s] == best]
        most_green = max(greens[s] for s in tied)  # EKO-F9
        winners = [s for s in tied if greens[s] == most_green]
        return Result(scores, winners,
                      {"green_buildings": greens, "parts": scoring.breakdown(state)})

    def breakdown(self, state: EkoState, record: MovesPlayed) -> Breakdown:
        return scoring.score_breakdown(state)

    # ------------------------------------------------------- information
    def observe(self, state: EkoState, seat: int | None) -> dict[str, Any]:
        over = state.step == OVER
        seats = []
        for s, data in enumerate(state.seats):
            see_hand = over or not state.full or s == seat  # EKO-F8
            held_colours = [0, 0, 0]
            for c in data.held:
                held_colours[self.cards[c].colour] += 1
            seats.append({
                "seat": s,
                "city_hall": data.city_hall,
                "hand": sorted(data.hand) if see_hand else None,
                "hand_size": len(data.hand),
                "revealed_cards": [c for c in data.cards if c not in data.held],
                "held": sorted(data.held) if (over or s == seat) else None,
                "held_colours": held_colours,
                "built": list(data.built),
            })
        return {
            "game": self.name,
            "version": "full" if state.full else "basic",
            "players": state.players,
            "round": state.round,
            "rounds": state.rounds,
            "current": state.current,
            "step": step_now(state),
            "to_act": list(self.to_act(state)),
            "board": list(state.board),
            "scores": list(state.scores),
            "deck_size": len(state.deck),
            "discard": list(state.discard),
            "card_deck_sizes": [len(d) for d in state.card_decks],
            "tokens_left": list(state.tokens_left),
            "last": state.last,
            "pending": pending(state),
            "seats": seats,
            "viewer": seat,
        }

    def generators(self, state: EkoState) -> list[int]:
        return [state.rng.state]  # the state's one generator

    def hidden_parts(self, state: EkoState) -> tuple[Any, ...]:
        """For undo: the stack, the face-down Action decks, held cards and (full
        version) the hands; nothing public depends on them unless they change."""
        hands = [s.hand for s in state.seats] if state.full else None
        return state.deck, state.card_decks, [s.held for s in state.seats], hands

    reveal_words = "the move drew from the stack or an Action deck"

    def hidden_from(self, state: EkoState, seat: int) -> tuple[Any, ...]:
        """For undo: the stack, the Action decks and the other seats' held cards
        and hands; what the seat plays from its own hand is none of them."""
        others = [s for i, s in enumerate(state.seats) if i != seat]
        hands = [s.hand for s in others] if state.full else None
        return state.deck, state.card_decks, [s.held for s in others], hands

    def has_hidden_information(self, state: EkoState, seat: int) -> bool:
        if state.step == OVER:
            return False
        if len(set(state.deck)) > 1:
            return True
        others_hidden = state.full and any(
            state.seats[s].hand for s in range(state.players) if s != seat
        )
        return others_hidden

    def public_action(self, state: EkoState, seat: int, action: Action) -> bool:
        """Every Ekopolis choice is seen by the table once made (EKO-F8): a Building
        and its tokens go on the map, a kept Action card is turned face up when
        played, a discard lands on the face-up pile, keeping or skipping changes
        nothing hidden. What stays private is only what is drawn (tiles, cards),
        and drawing is never a choice."""
        return action[0] in OPEN_CHOICES

    def determinize(self, state: EkoState, seat: int, rng: random.Random) -> EkoState:
        """Redeal what `seat` cannot see: the stack, others' hands and held cards."""
        out = state.copy()
        if out.step == OVER:
            return out
        others = [s for s in range(out.players) if s != seat] if out.full else []
        # Pools are sorted first, so that two states this seat cannot tell apart
        # give the same sample for the same generator.
        pool = sorted(out.deck + [t for s in others for t in out.seats[s].hand])
        rng.shuffle(pool)
        for s in others:
            n = len(out.seats[s].hand)
            out.seats[s].hand, pool = sorted(pool[:n]), pool[n:]
        out.deck = pool
        revealed = {
            s: [c for c in out.seats[s].cards if c not in out.seats[s].held] for s in others
        }
        held: dict[int, list[int]] = {s: [] for s in others}
        for colour in range(3):
            wanted = {s: sum(1 for c in out.seats[s].held if self.cards[c].colour == colour)
                      for s in others}
            cards = sorted(out.card_decks[colour] + [
                c for s in others for c in out.seats[s].held if self.cards[c].colour == colour
            ])
            rng.shuffle(cards)
            # A held card was never a "now" card: those are revealed when taken.
            keepable = [c for c in cards if self.cards[c].timing != "now"]
            for s in others:
                held[s].extend(keepable[: wanted[s]])
                keepable = keepable[wanted[s]:]
            taken = {c for s in others for c in held[s]}
            out.card_decks[colour] = [c for c in cards if c not in taken]
        for s in others:
            out.seats[s].held = held[s]
            out.seats[s].cards = revealed[s] + held[s]
        out.rng = Rng(rng.getrandbits(64))
        return out

    # ------------------------------------------------------------ plumbing
    def clone(self, state: EkoState) -> EkoState:
        return state.copy()

    def validate_state(self, state: EkoState) -> None:
        tiles = sorted(
            [t for t in state.board if 0 <= t < CITY_HALL] + state.deck + state.discard
            + [t for s in state.seats for t in s.hand]
        )
        if tiles != list(range(len(self.tiles))):
            raise CorruptData("the Building tiles do not add up to the 48 of the game")
        if len(state.board) != len(self.board) or len(state.seats) != state.players:
            raise CorruptData("the board or the seats do not fit this game")
        if state.full:
            cards = sorted([c for d in state.card_decks for c in d]
                           + [c for s in state.seats for c in s.cards])
            if cards != list(range(len(self.cards))):
                raise CorruptData("the Action cards do not add up to the 60 of the game")
            if any(c not in s.cards for s in state.seats for c in s.held):
                raise CorruptData("a player keeps an Action card they never took")
        frames.check(state.frames, state.players, (EFFECT,))
        if any(not 0 <= f.about < len(self.cards) for f in state.frames):
            raise CorruptData("an Action card's choice names no card")
        self._check_counters(state)

    def _check_counters(self, state: EkoState) -> None:
        """The counters a save carries must agree with the board they describe."""
        for seat, data in enumerate(state.seats):
            if state.board[data.city_hall] != CITY_HALL + seat:
                raise CorruptData(f"{player_name(seat)}'s City hall is not where it should be")
        halls = [code for code in state.board if code >= CITY_HALL]
        if sorted(halls) != [CITY_HALL + s for s in range(state.players)]:
            raise CorruptData("the board shows City halls of players not in the game")
        on_board = [0, 0, 0]  # EKO-15: Buildings on the board by colour
        for code in state.board:
            if 0 <= code < CITY_HALL:
                on_board[self.tiles[code].colour] += 1
        built = [sum(s.built[c] for s in state.seats) for c in range(3)]
        if built != on_board or any(n < 0 for s in state.seats for n in s.built):
            raise CorruptData(f"the players' built counts {built} do not match the "
                              f"Buildings on the board {on_board}")
        for k, (code, kind) in enumerate(((POLLUTION, "pollution"), (GREEN_ZONE, "green zone"))):
            placed = state.board.count(code)  # EKO-12: 14 tokens of each kind
            if not 0 <= state.tokens_left[k] <= TOKENS or state.tokens_left[k] + placed != TOKENS:
                raise CorruptData(f"{placed} {kind} tokens on the board and "
                                  f"{state.tokens_left[k]} in the supply are not the {TOKENS} "
                                  "of the game")
        if not state.full and len(set(state.scores)) > 1:
            raise CorruptData("the basic version's seats share one score (EKO-16)")

    def all_actions(self) -> Iterable[Action]:
        spaces = range(len(self.board))
        yield from (("place", t, h) for t in range(len(self.tiles)) for h in spaces)
        yield from (("pollute", h) for h in spaces)
        yield from (("green", h) for h in spaces)
        yield from (("remove", h) for h in spaces)
        yield from (("play", c) for c in range(len(self.cards)))
        yield from (("discard", t) for t in range(len(self.tiles)))
        yield ("skip",)
        yield ("keep",)
        yield ("pass",)

    def prompt(self, state: EkoState, seat: int) -> str:
        return prompts.prompt(self.content, state, seat)

    def describe(self, action: Action, state: Any = None) -> str:
        kind, label, tiles = action[0], self.board.labels, self.tiles
        if kind == "place":
            return f"Build the {tiles[action[1]].name} on {label[action[2]]}"
        if kind == "pollute":
            return f"Put the pollution token on {label[action[1]]}"
        if kind == "green":
            return f"Put a green zone token on {label[action[1]]}"
        if kind == "remove":
            return f"Remove the pollution token from {label[action[1]]}"
        if kind == "play":
            card = self.cards[action[1]]
            return f"Play the Action card {card.name}: {card.text}"
        if kind == "discard":
            return f"Discard the {tiles[action[1]].name} and draw two new Buildings"
        if kind == "skip":
            return "Place no green zone token"
        if kind == "keep":
            return "Keep your Buildings and end your turn"
        if kind == "pass":
            return "Pass: no open space is next to your city"
        return repr(action)

    def what_it_uses(self, action: Action) -> str:
        """A discard (EKO-F7) names the Building it gives up: that tile is not used."""
        return "" if action[0] == "discard" else self.describe(action)

    def step_rule(self, state: EkoState, seat: int) -> tuple[str, str]:
        rule = refusals.STEP_RULES.get(step_now(state), "EKO-4")
        return rule, self.rule_words[rule]

    def why_illegal(self, state: EkoState, seat: int, action: Action) -> Refusal:
        refuse = refusals.WORDS.refuse
        kind, step = action[0], step_now(state)
        if kind == "place" and step == PLACE:
            tile, hex_ = action[1], action[2]
            where = self.board.labels[hex_]
            if tile not in state.seats[seat].hand:
                return refuse("EKO-4", f"The {self.tiles[tile].name} is not in your hand.")
            if hex_ in self.board.blocked:
                return refuse("EKO-6", f"{where} is marked X: nothing may be built there.")
            if state.board[hex_] >= 0:
                return refuse("EKO-13", f"{where} already holds a Building.")
            return refuse("EKO-5", f"{where} is not next to your city (tokens do not "
                          "connect).")
        if kind == "pollute" and step == POLLUTE:
            return refuse("EKO-10", "The pollution token must go on an empty space next to "
                          "the new Building.")
        step_words = {
            PLACE: "choose a Building and a space",
            POLLUTE: "place the pollution token",
            "green": "place or skip the green zone token",
            EFFECT: "answer the Action card",
            DISCARD: "discard a Building or keep your hand",
        }
        need = step_words.get(step, "wait")
        return refuse(refusals.STEP_RULES.get(step, "EKO-4"),
                      f"Now you must {need}: {self.describe(action)} is not possible.")

    def max_decisions(self, players: int, options: dict[str, Any]) -> int:
        # per turn: place, pollution, green zone, card choice, card plays, discard
        return ROUNDS[players] * players * 12

    # Colours for other modules.
    RED, GREEN, BLUE, COLOURS = RED, GREEN, BLUE, COLOURS
