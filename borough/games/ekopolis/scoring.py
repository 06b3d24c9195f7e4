"""Ekopolis points: placing a Building or a token, Action cards, and the end of the game."""

from __future__ import annotations

from typing import Any

from borough.core.game import Event
from borough.core.results import Breakdown, ScorePart
from borough.games.ekopolis.data import COLOURS, GREEN, Card, Content, Tile
from borough.games.ekopolis.state import (
    CITY_HALL,
    EMPTY,
    GREEN_ZONE,
    POLLUTION,
    EkoState,
    player_name,
)

FINE = 3  # EKO-13, EKO-14
BASIC_TRIPLET = 3  # EKO-15
CARD_TRIPLET = 7  # EKO-F6


def colour_of(content: Content, code: int) -> int:
    """The colour of a Building on the board; City halls are blue (EKO-1)."""
    return 2 if code >= CITY_HALL else content.tiles[code].colour


def surroundings(content: Content, board: list[int], hex_: int) -> list[int]:
    """What a Building on `hex_` would score against: its neighbouring red, green
    and blue Buildings, then its neighbouring pollution tokens and green zones."""
    counts = [0, 0, 0, 0, 0]
    for n in content.board.neighbours[hex_]:
        code = board[n]
        if code >= 0:
            counts[colour_of(content, code)] += 1
        elif code == POLLUTION:
            counts[3] += 1
        elif code == GREEN_ZONE:
            counts[4] += 1
    return counts


def placement_points(content: Content, board: list[int], tile: Tile, hex_: int) -> int:
    """`placement`'s points alone, for players that weigh many placements."""
    red, green, blue, polluted, greened = surroundings(content, board, hex_)
    v = tile.values
    points = (tile.bonus + red * v[0] + (green + greened) * v[1] + blue * v[2]
              + polluted * min(v[0], 0))
    if board[hex_] < EMPTY:
        points -= FINE
    if hex_ in content.board.endangered:
        points -= FINE
    return points


def placement(content: Content, state: EkoState, tile: Tile, hex_: int) -> tuple[int, list[str]]:
    """Points for putting `tile` on `hex_`, with the parts that make them up."""
    board = state.board
    *per_colour, polluted, greened = surroundings(content, board, hex_)
    parts: list[str] = []
    points = 0
    if tile.bonus:  # EKO-9
        points += tile.bonus
        parts.append(f"bonus {tile.bonus:+d}")
    for colour in range(3):  # EKO-8: only the new tile's printed values count
        if per_colour[colour] and tile.values[colour]:
            gained = per_colour[colour] * tile.values[colour]
            points += gained
            parts.append(f"{per_colour[colour]} {COLOURS[colour]} {gained:+d}")
    if greened and tile.values[1]:  # EKO-11: a green zone counts as a green Building
        gained = greened * tile.values[1]
        points += gained
        parts.append(f"{greened} green zone {gained:+d}")
    lost = polluted * min(tile.values[0], 0)  # EKO-10: pollution counts as red, never gains
    if lost:
        points += lost
        parts.append(f"{polluted} pollution {lost:+d}")
    if board[hex_] < EMPTY:  # EKO-13
        points -= FINE
        parts.append(f"built on a token -{FINE}")
    if hex_ in content.board.endangered:  # EKO-14
        points -= FINE
        parts.append(f"endangered species -{FINE}")
    return points, parts


def put_token(
    content: Content, state: EkoState, seat: int, hex_: int, code: int, events: list[Event]
) -> None:
    """Place a pollution or green zone token; only an endangered space changes the score."""
    state.board[hex_] = code
    state.tokens_left[0 if code == POLLUTION else 1] -= 1
    kind = "pollution" if code == POLLUTION else "green zone"
    points = 0
    if hex_ in content.board.endangered:  # EKO-14
        points = -FINE if code == POLLUTION else FINE
        add_points(state, seat, points, ENDANGERED)
    gain = f" and scores {points:+d} on the endangered species" if points else ""
    events.append(Event(
        f"{player_name(seat)} puts a {kind} token on {content.board.labels[hex_]}{gain}.",
        "token", seat,
    ))


def final(content: Content, state: EkoState, events: list[Event]) -> None:
    """End of the game: balanced city (basic) or card triplets and end cards (full)."""
    if not state.full:  # EKO-15: City halls are not counted
        totals = [sum(s.built[c] for s in state.seats) for c in range(3)]
        bonus = BASIC_TRIPLET * min(totals)
        add_points(state, 0, bonus, BALANCED)
        events.append(Event(
            f"The city has {totals[0]} red, {totals[1]} green and {totals[2]} blue Buildings: "
            f"{min(totals)} balanced triplets score {bonus:+d} for the group.", "final",
        ))
        return
    for seat, data in enumerate(state.seats):  # EKO-F6
        counts = card_colours(content, data.cards)
        bonus = CARD_TRIPLET * min(counts)
        earn(state, seat, bonus, TRIPLETS)
        events.append(Event(
            f"{player_name(seat)} has {counts[0]} red, {counts[1]} green and {counts[2]} blue "
            f"Action cards: {min(counts)} triplets score {bonus:+d}.", "final", seat,
        ))
    for seat, data in enumerate(state.seats):  # EKO-F4
        for card in sorted(data.held):
            if content.cards[card].timing == "end":
                score_end_card(content, state, seat, card, events)
    for data in state.seats:
        data.held = [c for c in data.held if content.cards[c].timing == "later"]


def card_colours(content: Content, cards: list[int]) -> list[int]:
    counts = [0, 0, 0]
    for c in cards:
        counts[content.cards[c].colour] += 1
    return counts


def _count(content: Content, cards: list[int], colour: int | None) -> int:
    return sum(1 for c in cards if content.cards[c].colour == colour)


def card_points(content: Content, state: EkoState, seat: int, card: Card) -> dict[int, int]:
    """Points an automatic effect gives, per seat (EKO-C1 to EKO-C7)."""
    effect, pts = card.effect, card.points
    if effect == "flat":
        return {seat: pts}
    if effect == "own_cards":
        return {seat: pts * _count(content, state.seats[seat].cards, card.target)}
    if effect == "own_buildings":
        assert card.target is not None  # data.py gives every such card a colour
        return {seat: pts * state.seats[seat].built[card.target]}
    if effect == "others":
        return {s: pts for s in range(state.players) if s != seat}
    if effect == "board_count":
        code = POLLUTION if card.what == "pollution" else GREEN_ZONE
        return {seat: pts * state.board.count(code)}
    counts = [_count(content, s.cards, card.target) for s in state.seats]
    if effect == "most":  # EKO-F10: everyone tied for most, also when the most is zero
        best = max(counts)
        return {s: pts for s, n in enumerate(counts) if n == best}
    if effect == "fewest":
        low = min(counts)
        return {s: pts for s, n in enumerate(counts) if n == low}
    raise ValueError(f"effect {effect!r} is not automatic")


def score_card(content: Content, state: EkoState, seat: int, card: Card,
               events: list[Event]) -> None:
    """Score an automatic effect for every seat it reaches."""
    gains = card_points(content, state, seat, card)
    for s, pts in sorted(gains.items()):
        earn(state, s, pts, CARDS)
    told = ", ".join(f"{player_name(s)} {p:+d}" for s, p in sorted(gains.items()) if p)
    events.append(Event(f"{card.name}: {told or 'no points change'}.", "score", seat))


def score_end_card(content: Content, state: EkoState, seat: int, card_id: int,
                   events: list[Event]) -> None:
    card = content.cards[card_id]
    events.append(Event(f"{player_name(seat)} reveals {card.name}: {card.text}", "final", seat))
    score_card(content, state, seat, card, events)


# Where points come from, as the end screen names them.
BUILDINGS = "Buildings placed"
ENDANGERED = "Endangered species"
CARDS = "Action cards"
TRIPLETS = "Card triplets"
BALANCED = "Balanced city"
PARTS = (BUILDINGS, ENDANGERED, CARDS, TRIPLETS, BALANCED)


def add_points(state: EkoState, seat: int, points: int, part: str) -> None:
    """EKO-4 basic: the group shares one score; EKO-F0 full: each their own."""
    for s in [seat] if state.full else range(state.players):
        earn(state, s, points, part)


def earn(state: EkoState, seat: int, points: int, part: str) -> None:
    """Add `points` to a seat's score, kept under the part they came from."""
    state.scores[seat] += points
    state.earned[seat][part] = state.earned[seat].get(part, 0) + points


def breakdown(state: EkoState) -> list[list[list[Any]]]:
    """Each seat's score as [part, points] pairs: every part the chosen game can score
    (EKO-15 in the basic game; Action cards and EKO-F6 in the full one), zero or not,
    in the order of PARTS. They sum to the score."""
    kinds = [p for p in PARTS if p != (BALANCED if state.full else TRIPLETS)
             and (state.full or p != CARDS)]
    return [[[p, state.earned[s].get(p, 0)] for p in kinds] for s in range(state.players)]


PART_RULES = {BUILDINGS: "EKO-8", ENDANGERED: "EKO-14", CARDS: "EKO-F3", TRIPLETS: "EKO-F6",
              BALANCED: "EKO-15"}
"""The rule that scores each part."""


def score_breakdown(state: EkoState) -> Breakdown:
    """Every part of every seat's score (the group's own in the basic game, which
    every seat shares) and, in the full game, the tie-break of EKO-F9."""
    per_seat = breakdown(state)
    if not state.full:  # EKO-16: one shared score, so every seat shows the group's parts
        per_seat = [per_seat[0]] * state.players
    parts = [ScorePart(title, PART_RULES[title], tuple(seat[i][1] for seat in per_seat))
             for i, (title, _) in enumerate(per_seat[0])]
    tiebreak = None
    best = max(state.scores)
    tied = [s for s in range(state.players) if state.scores[s] == best]
    if state.full and len(tied) > 1:
        greens = [state.seats[s].built[GREEN] for s in tied]
        who = " and ".join(f"Player {s + 1}" for s in tied)
        tiebreak = (f"{who} tied on {best} points and on green Buildings ({greens[0]}): "
                    "they share the win." if len(set(greens)) == 1 else
                    f"{who} tied on {best} points; the most green Buildings "
                    f"({max(greens)}) decided it.")
    return Breakdown(parts, tiebreak)
