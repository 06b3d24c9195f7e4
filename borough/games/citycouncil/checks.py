"""City Council's action list and the consistency checks on a decoded state."""

from __future__ import annotations

from collections.abc import Iterator

from borough.core import frames
from borough.core.errors import CorruptData
from borough.core.game import Action
from borough.games.citycouncil import window
from borough.games.citycouncil.data import TILE_COUNT, Content
from borough.games.citycouncil.state import (
    ASSIGN,
    ELECT,
    EMBEZZLE,
    EXEC_VOTE,
    EXECUTE,
    FAVOR,
    KEEP,
    MOVE,
    OFFICES,
    OVER,
    PRODUCE,
    PROPOSE,
    REGARD,
    SITE,
    SWAP,
    TURN_END,
    VOTE,
    CCState,
)

SEATS = (2, 3, 4, 5)


def validate_state(c: Content, state: CCState) -> None:
    """Refuse a decoded state whose parts contradict each other."""
    cards = sorted(state.deck + state.discard + state.removed
                   + [c for h in state.hands for c in h] + [c for d in state.dealt for c in d])
    if cards != list(range(len(c.cards))):
        raise CorruptData("the Favor cards do not add up to the 52 of the game")
    tiles = sorted(
        [b for b in range(TILE_COUNT) if state.site_of[b] >= 0] + state.display
        + [b for st in state.stacks for b in st] + state.gone
    )
    if tiles != list(range(TILE_COUNT)):
        raise CorruptData("the building tiles do not add up to the 44 of the game")
    if state.members != max(state.players, 3) or len(state.office) != state.members:
        raise CorruptData("the council members do not fit the number of players")
    if state.players not in SEATS or len(state.scores) != state.players:
        raise CorruptData("the seats do not fit this game")
    if len(state.board) != c.board.rows * c.board.cols:
        raise CorruptData("the city grid has the wrong size")
    if len(state.site_of) != len(c.buildings) or len(state.activated) != len(
        c.buildings
    ):
        raise CorruptData("the building lists have the wrong size")
    if len(state.discard) != len(state.discard_owner):
        raise CorruptData("the discard pile and its owners differ in length")
    if len(state.open_hoods) != len(c.board.hood_names):
        raise CorruptData("the open neighbourhoods do not fit the city")
    if len(state.passed) != state.players or any(
        c not in h for p, h in zip(state.passed, state.hands, strict=True) for c in p
    ):
        raise CorruptData("a Favor card let pass is not in its holder's hand")
    if not -1 <= state.key_holder < state.players:
        raise CorruptData("the Key to the City names no seat")
    frames.check(state.frames, state.players, (FAVOR,), ("", *window.POINTS))
    if state.due:  # a part of the round is due only within a move
        raise CorruptData(f"the part {state.due!r} of the round was left due")
    if not 0 <= state.resolved <= len(state.act_log):
        raise CorruptData("more activations resolved than were made")
    cells = c.board.place_cells
    standing = 0
    for b, pid in enumerate(state.site_of):
        if pid < 0:
            continue
        if not 0 <= pid < len(cells) or any(state.board[x] != b for x in cells[pid]):
            raise CorruptData(f"the {c.names[b]} is not where the city grid shows it")
        standing += len(cells[pid])
    if standing != sum(1 for x in state.board if x >= 0):
        raise CorruptData("the city grid shows a building that is not in the city")
    known = {ASSIGN, REGARD, MOVE, SWAP, ELECT, EMBEZZLE, KEEP, PROPOSE, SITE, VOTE,
             EXEC_VOTE, EXECUTE, FAVOR, PRODUCE, TURN_END, OVER}
    if state.step not in known or not 0 <= state.current < state.members:
        raise CorruptData(f"the step {state.step!r} or the member to act is unknown")

def all_actions(c: Content) -> Iterator[Action]:
    """Every action City Council can ever offer, in a fixed order."""
    offices = range(len(OFFICES))
    members = range(5)
    cards = range(len(c.cards))
    tiles = range(TILE_COUNT)
    yield from (("assign", o) for o in offices)
    yield from (("regard", m) for m in members)
    yield from (("move", m, o) for m in members for o in offices)
    yield from (("swap", a, b) for a in members for b in members if a < b)
    yield from (("elect", m) for m in members)
    yield ("embezzle",)
    yield ("decline",)
    yield from (("keep", c) for c in cards)
    yield from (("construct", b) for b in tiles)
    yield from (("relocate", b) for b in tiles)
    yield from (("sell", b) for b in tiles)
    yield ("no_proposal",)
    yield from (("site", p) for p in range(len(c.board.place_cells)))
    yield from (("vote", i, f) for i in range(6) for f in (0, 1))
    yield ("abstain",)
    yield from (("execute", i) for i in range(6))
    yield from (("score", c) for c in cards)
    yield from (("discard", c) for c in cards)
    yield ("done",)
    yield from (("activate", b) for b in range(len(c.buildings)))
    yield from (("boost", b) for b in range(len(c.buildings)))
    yield from (("zone", h) for h in range(len(c.board.hood_names)))
