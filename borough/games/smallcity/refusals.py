"""Small City's rules in a player's words, by RULES.md id, for refused moves."""

from __future__ import annotations

from borough.core.refusals import RuleWords

WORDS = RuleWords({
    "SC-4": "You keep one of the Promise cards you drew.",
    "SC-6": "The host puts the mayor on a street of their own borough.",
    "SC-9": "Action cards are picked round the circle: a taken card is gone, and "
            "each free card you skip costs $1.",
    "SC-10": "The Architect may let one Cultural building off one material.",
    "SC-13": "The Supporter takes $1 or 2 votes.",
    "SC-14": "The Urban Planner may grow the Constructible Zone by a step.",
    "SC-15": "The City Councilor may move one disc on the City Council.",
    "SC-27": "In the Build phase you build up to three tiles from the stacks.",
    "SC-34": "A new Factory brings a free Warehouse, placed at once.",
    "SC-38": "A Cultural building is paid with materials from your stores, in order.",
    "SC-40": "Upgrading a tile is free, and it grows where its new shape fits.",
    "SC-42": "Tiles go on empty spaces inside your Constructible Zone and must meet "
             "their criteria.",
    "SC-44": "Before the first round you place your City Hall.",
    "SC-45": "When a stack runs low, the last tiles go in turn order.",
    "SC-46": "Each player chooses a side of their borough board.",
    "SC-50": "A station works only while a citizen staffs it.",
    "SC-52": "Citizens move one at a time, in turn order.",
    "SC-54": "A citizen moves onto a free tile space, never onto a City Hall.",
    "SC-61": "At the end of your turn one citizen leaves City Hall for a home.",
    "SC-64": "Citizens on Commercial spaces earn money or trade goods for votes.",
    "SC-65": "New materials go on a free Warehouse space or in City Hall.",
    "SC-72": "The owner chooses which of their citizens dies.",
    "SC-74": "The dead are laid to rest in a Cemetery on an empty space.",
    "SC-78": "Each seat may make one contribution to the City Council.",
    "SC-80": "A contribution gives only the benefit of the column entered.",
    "SC-A3": "Instead of paying, you may draw Special Promises and keep one.",
})

STEP_RULES = {
    "side": "SC-46", "hall": "SC-44", "promise": "SC-4", "mayor": "SC-6", "card": "SC-9",
    "supporter": "SC-13", "planner": "SC-14", "councilor": "SC-15", "council": "SC-78",
    "keep": "SC-A3", "benefit": "SC-80", "tile": "SC-27", "build": "SC-27",
    "place": "SC-42", "warehouse": "SC-34", "staff": "SC-50", "extend": "SC-40",
    "waive": "SC-10", "spend": "SC-38", "store": "SC-65", "pick": "SC-52", "to": "SC-54",
    "house": "SC-61", "income": "SC-64", "kill": "SC-72", "bury": "SC-74",
}
"""The rule each step follows, for a move that does not fit the step."""
