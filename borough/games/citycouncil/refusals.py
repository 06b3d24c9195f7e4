"""City Council's rules in a player's words, by RULES.md id, for refused moves."""

from __future__ import annotations

from borough.core.refusals import RuleWords
from borough.games.citycouncil.state import (
    ASSIGN,
    ELECT,
    EMBEZZLE,
    EXEC_VOTE,
    EXECUTE,
    FAVOR,
    KEEP,
    MOVE,
    PRODUCE,
    PROPOSE,
    REGARD,
    SITE,
    SWAP,
    TURN_END,
    VOTE,
)

WORDS = RuleWords({
    "CC-6": "In the first round the Election chair seats everyone on a committee.",
    "CC-14": "The Treasury chair may take $1 of the budget into private funds, or not.",
    "CC-15": "Of the Favor cards dealt to you, you keep one (the Union chair both).",
    "CC-20": "Each member in turn proposes one plan: construct, relocate or sell.",
    "CC-21": "A building is proposed only while it is face up, unclaimed, fits its "
             "site and the budget can pay for it.",
    "CC-22": "A relocation needs a free relocate marker and a building the city may move.",
    "CC-23": "A sale needs a free sell marker and a building the city may sell.",
    "CC-24": "Your delegate goes on a plan proposed by someone else.",
    "CC-25": "Adding $1 to a vote takes private funds you have.",
    "CC-26": "The Executive chair places a second delegate on any plan.",
    "CC-29": "The Election chair decides the order of plans that rank the same.",
    "CC-40": "In production each member in turn activates a building or a zone.",
    "CC-41": "A building works once a round, next to the centre or an activated zone, "
             "when the city has its workers and inputs.",
    "CC-42": "A zone is activated once a round, for energy and a community cube.",
    "CC-43": "A working building with white-collar jobs may act a second time by "
             "paying its inputs again.",
    "CC-52": "No Favor card scores in the first round.",
    "CC-53": "Building Favor cards score only at the end of the round.",
    "CC-54": "A general Favor card scores when its condition holds.",
    "CC-55": "At the end of a turn you may hold at most 7 Favor cards.",
    "CC-62": "A Favor chance lets the cards whose condition just came true score.",
    "CC-64": "In the basic game a neighbourhood opens once the one before it is "
             "built up enough.",
    "CC-R1": "The Election chair picks a member on an A spot to count as on B.",
    "CC-R2": "Members on B spots move to committees that stood empty.",
    "CC-R3": "The Election chair switches two members on B spots.",
    "CC-R5": "An empty Election Committee is filled by the Election chair's choice.",
})

STEP_RULES = {
    ASSIGN: "CC-6", REGARD: "CC-R1", MOVE: "CC-R2", SWAP: "CC-R3", ELECT: "CC-R5",
    EMBEZZLE: "CC-14", KEEP: "CC-15", PROPOSE: "CC-20", SITE: "CC-21", VOTE: "CC-24",
    EXEC_VOTE: "CC-26", EXECUTE: "CC-29", FAVOR: "CC-62", PRODUCE: "CC-40",
    TURN_END: "CC-55",
}
"""The rule each step of a round follows, for a move that does not fit the step."""
