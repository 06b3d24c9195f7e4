"""Ekopolis's rules in a player's words, by RULES.md id, for refused moves."""

from __future__ import annotations

from borough.core.refusals import RuleWords
from borough.games.ekopolis.state import DISCARD, EFFECT, GREEN, PLACE, POLLUTE

WORDS = RuleWords({
    "EKO-4": "On your turn you build one of the Buildings in your hand.",
    "EKO-5": "A Building goes on a space next to your city (or a city joined to it).",
    "EKO-6": "Nothing may be built on a space marked X.",
    "EKO-10": "A polluting Building puts its pollution token on an empty space "
              "next to it.",
    "EKO-11": "A green zone Building may put its token on an empty space next to it.",
    "EKO-13": "A Building may go on a token, never on another Building.",
    "EKO-F3": "An Action card that asks a choice is answered at once.",
    "EKO-F7": "Before ending your turn you may discard one Building.",
})

STEP_RULES = {
    PLACE: "EKO-4", POLLUTE: "EKO-10", GREEN: "EKO-11", EFFECT: "EKO-F3",
    DISCARD: "EKO-F7",
}
"""The rule each step of a turn follows, for a move that does not fit the step."""
