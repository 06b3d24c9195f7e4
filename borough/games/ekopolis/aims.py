"""What an Ekopolis seat works toward, for the hints: in the full version its
Action cards of each colour, whose triplets score at the end (EKO-F6), the open
spaces next to its city where it may build (EKO-5), and its green Buildings,
which break ties (EKO-F9); in the basic version the city's balanced triplets of
Buildings (EKO-15). What a move may take from another seat: the open spaces next
to its city."""

from __future__ import annotations

from typing import Any

from borough.games.ekopolis import scoring
from borough.games.ekopolis.data import COLOURS, GREEN

LOWER_IS_BETTER: frozenset[str] = frozenset()


def shared(state: Any) -> bool:
    """The basic version's seats play as one group (EKO-16): no rivals."""
    return not state.full


ROOM = "open spaces next to their city (EKO-5)"


def for_others(game: Any, state: Any, other: int) -> dict[str, int]:
    """Where another seat may still build: a Building or token laid there takes it."""
    return {ROOM: len(game.open_spaces(state, other, tokens_ok=False))}


def goals(game: Any, state: Any, seat: int) -> dict[str, tuple[int, int | None]]:
    if not state.full:
        totals = [sum(s.built[c] for s in state.seats) for c in range(3)]
        return {
            f"the city's balanced triplets of Buildings ({scoring.BASIC_TRIPLET} "
            "points each at the end, EKO-15)": (min(totals), None)
        }
    counts = scoring.card_colours(game.content, state.seats[seat].cards)
    found: dict[str, tuple[int, int | None]] = {
        f"your {colour} Action cards (each full set of three colours scores "
        f"{scoring.CARD_TRIPLET} at the end, EKO-F6)": (counts[k], None)
        for k, colour in enumerate(COLOURS)
    }
    found["your open spaces next to your city (EKO-5)"] = (
        len(game.open_spaces(state, seat, tokens_ok=False)),
        None,
    )
    found["your green Buildings (they break a tie, EKO-F9)"] = (
        state.seats[seat].built[GREEN],
        None,
    )
    return found
