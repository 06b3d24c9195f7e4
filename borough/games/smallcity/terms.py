"""Names the rules share: the Special Action cards, modes and solo levels."""

from __future__ import annotations

CARDS = ("Mayor", "Architect", "Mediator", "Engineer", "Supporter", "Urban Planner",
         "City Councilor", "Opponent")
MAYOR, ARCHITECT, MEDIATOR, ENGINEER, SUPPORTER, PLANNER, COUNCILOR, OPPONENT = range(8)
MODES = ("basic", "votes", "economic", "citizens", "cultural")
SIDES = ("easy", "expert")  # the two sides of a borough board (SC-42)
LEVELS = ("citizen", "mayor", "governor", "senator", "president")
PAY_NAMES = {"money": "money", "votes": "votes", "promise": "a Special Promise"}
