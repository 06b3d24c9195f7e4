"""Architectura's rules in a player's words, by RULES.md id, for refused moves."""

from __future__ import annotations

from borough.core.refusals import RuleWords
from borough.games.architectura.state import CHOOSE, EFFECT, LAB, PAY, PLAY, SPARE, TUTOR

WORDS = RuleWords({
    "ARC-4": "On your turn you play exactly one card from your hand.",
    "ARC-6": "A card goes on an eligible space: empty, and next to the city as it "
             "grows along the streets.",
    "ARC-7": "With 3 or 4 players no street may show three of your cards in a row.",
    "ARC-23": "A protected card cannot be touched by the other players' cards.",
    "ARC-25": "You decide whether your own cards affect your own protected card.",
    "ARC-36": "Replacement cards are chosen by everyone at once, before play.",
    "ARC-C1": "The Tavern lets you put a protection token on one of your cards.",
    "ARC-C2": "The Market swaps two face-up cards that are next to each other.",
    "ARC-C3": "The Fountain reserves an empty space with a protection token.",
    "ARC-C4": "The Park restores a destroyed card next to it.",
    "ARC-C6": "The Greenhouse rotates one or two different cards.",
    "ARC-C7": "The Library rotates at most one card of each player.",
    "ARC-C9": "The Guesthouse moves a face-up card next to it.",
    "ARC-C10": "The Smithy copies the effect of a card next to it.",
    "ARC-C11": "The Graveyard is played beside the city, never on a space.",
    "ARC-C13": "With the Obelisk you may take it from your deck before the first turn.",
    "ARC-C14": "The Magic Academy is paid by removing two of your other cards.",
    "ARC-C16": "The City Hall goes just right of one of your face-up cards.",
    "ARC-C17": "The Laboratory makes each opponent play a card face down.",
    "ARC-C18": "The Manufactory takes back one of your cards to play it again.",
})

STEP_RULES = {
    CHOOSE: "ARC-36", TUTOR: "ARC-C13", PLAY: "ARC-4", PAY: "ARC-C14", SPARE: "ARC-25",
    EFFECT: "ARC-4", LAB: "ARC-C17",
}
"""The rule each step follows, for a move that does not fit the step."""

EFFECT_RULES = {
    "protect": "ARC-C1", "swap": "ARC-C2", "reserve": "ARC-C3", "restore": "ARC-C4",
    "rotate_two": "ARC-C6", "rotate_each": "ARC-C7", "move": "ARC-C9", "copy": "ARC-C10",
    "manufactory": "ARC-C18",
}
"""The card whose effect is being answered, by effect."""
