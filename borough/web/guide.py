"""A game's player's guide for the browser: its Markdown and, for each picture, the
position to draw, as the table's board module would be given it.

A picture's position is played here, from the setup its marker names, by the
agent level it names (seeded, so the picture is the same every time), and shown
as seat 1 sees it: the board module then draws it with the same code as on the
table, with no move to make.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import borough
from borough import guide
from borough.agents.base import SeatView
from borough.agents.registry import make_agent
from borough.match import seat_seed


def position(name: str, figure: guide.Figure) -> dict[str, Any]:
    """The view of seat 1 after the figure's moves, shaped like a table's view."""
    game = borough.game(name)
    options = game.resolve_options(figure.players, dict(figure.options))
    state = game.setup(figure.players, seed=figure.seed, options=options)
    for number in range(figure.moves):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        agent = make_agent(figure.agent, seat_seed(figure.seed, seat) + number)
        game.apply(state, seat, agent.choose(SeatView(game, state, seat)))
    over = game.is_over(state)
    return {
        "game": name, "title": game.title, "players": figure.players, "options": options,
        "seat": 0, "status": "over" if over else "playing",
        "to_act": [] if over else list(game.to_act(state)), "your_turn": False,
        "observation": game.observe(state, 0), "legal_actions": [], "events": [],
        "recent": [], "hints": False,
        "seats": [{"seat": i, "kind": "human" if i == 0 else "bot",
                   "agent": None if i == 0 else figure.agent,
                   "name": "You" if i == 0 else f"Player {i + 1}"}
                  for i in range(figure.players)],
    }


@cache
def guide_page(name: str) -> dict[str, Any]:
    """The guide's Markdown, its lobby facts and the position of each picture, in order."""
    text = guide.guide_text(name)
    return {
        "game": name, "title": borough.game(name).title, "markdown": text,
        "about": guide.about(name).to_json(),
        "figures": [{**f.to_json(), "view": position(name, f)} for f in guide.figures(text)],
    }
