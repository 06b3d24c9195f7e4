"""Rondel City's rules in a player's words, by RULES.md id, for refused moves."""

from __future__ import annotations

from borough.core.refusals import RuleWords
from borough.games.rondelcity.state import (
    ACTION,
    BONUS,
    EVENT,
    FINAL,
    GO,
    ORDER,
    PICK,
    ROTATE,
    SITE,
    SQUARE,
    TAKE,
)

WORDS = RuleWords({
    "RON-5": "Pieces never share a numbered space: a piece passes taken spaces "
             "until it finds a free one.",
    "RON-6": "When both your pieces move, you pick which goes first.",
    "RON-9": "Each turn starts by moving your Action marker on round the rondel; "
             "extra spaces cost gold.",
    "RON-11": "After the rondel, you buy a tile, place a tile or pass.",
    "RON-12": "You buy the face-up tile of the line your rondel space names.",
    "RON-14": "With a full hand of unplaced tiles you cannot buy: place or pass.",
    "RON-15": "Your Banker may never go below 0 gp to pay for something.",
    "RON-16": "A tile goes on an empty square next to a street of your rondel "
              "space's colour.",
    "RON-17": "A Block takes only one building of each type.",
    "RON-30": "When three lines are empty, everyone places one last tile.",
    "RON-V2": "After placing from the Rainbow you pick one of the Events drawn.",
    "RON-V6": "The first tile in a Block may take its Amenity instead of scoring.",
    "RON-V8": "An Amenity you hold lets you take a tile or place one freely.",
    "RON-V10": "After using an Amenity you take 2 VP or 4 gp, then put it on an "
               "empty square.",
})

STEP_RULES = {
    ROTATE: "RON-9", ACTION: "RON-11", PICK: "RON-16", SQUARE: "RON-16", TAKE: "RON-V6",
    ORDER: "RON-6", GO: "RON-5", EVENT: "RON-V2", BONUS: "RON-V10", SITE: "RON-V10",
    FINAL: "RON-30",
}
"""The rule each step of a turn follows, for a move that does not fit the step."""
