"""Architectura's actions and refusals in words a player would use."""

from __future__ import annotations

from typing import Any

from borough.core.game import Action
from borough.core.refusals import Refusal
from borough.games.architectura import city
from borough.games.architectura.city import PER_COLOUR, space_name
from borough.games.architectura.data import Content
from borough.games.architectura.refusals import EFFECT_RULES, STEP_RULES, WORDS
from borough.games.architectura.state import (
    CHOOSE,
    COLUMNS,
    EFFECT,
    EMPTY,
    GRAVE,
    LAB,
    PAY,
    PLAY,
    SPARE,
    TUTOR,
    ArcState,
)

EFFECT_WORDS = {
    "protect": "protect one of your cards", "swap": "swap two adjacent cards",
    "restore": "restore an adjacent destroyed card", "reserve": "reserve an empty space",
    "rotate_two": "rotate one or two cards", "rotate_each": "rotate one card of each player",
    "move": "move an adjacent card", "copy": "copy an adjacent card's effect",
    "manufactory": "take back one of your cards",
}
TARGET_WORDS = {
    "protect": "Protect", "swap": "Swap", "restore": "Restore",
    "move": "Move", "copy": "Copy the effect of", "manufactory": "Take back",
}


def describe(c: Content, action: Action, state: Any = None) -> str:
    kind, cards = action[0], c.cards

    def where(i: int) -> str:
        return "beside the city" if i == GRAVE else f"on {space_name(i)}"

    if kind == "play":
        card = cards[action[1]]
        return f"Play the {card.name} ({card.basic_label()}) {where(action[2])}"
    if kind == "lab":
        return f"Play the {cards[action[1]].name} face down {where(action[2])}"
    if kind == "replace":
        return f"Replace the {cards[action[2]].name} with the {cards[action[1]].name}"
    if kind == "tutor":
        return f"Put the {cards[action[1]].name} under your deck and take the Obelisk"
    if kind == "pay_grave":
        return f"Remove the {cards[action[1]].name} lying beside your Graveyard to pay"
    if kind == "pay":
        return f"Remove the {cards[action[1]].name} from your hand to pay"
    if kind == "target":
        effect = state.effect if isinstance(state, ArcState) else ""
        if effect == "reserve":
            return f"Reserve the empty space {space_name(action[1])}"
        if effect in TARGET_WORDS:
            return f"{TARGET_WORDS[effect]} the card on {space_name(action[1])}"
        return f"Choose {space_name(action[1])}"
    if kind == "to":
        return f"Move the card to {space_name(action[1])}"
    if kind == "rotate":
        way = "clockwise" if action[2] else "counterclockwise"
        return f"Rotate the card on {space_name(action[1])} {way}"
    return {
        "ready": "Keep this deck and reveal it",
        "done": "Use no more of this option",
        "swap_hand": "Put your hand under your deck and draw as many new cards",
        "pass": "Pass: you cannot play a card",
        "affect": "Let your card affect your own protected card",
        "spare": "Leave your protected card untouched",
    }.get(kind, repr(action))


def step_rule(c: Content, state: ArcState, seat: int) -> tuple[str, str]:
    rule = STEP_RULES.get(state.step, "ARC-4")
    if state.step == EFFECT:  # the card whose effect is being answered
        rule = EFFECT_RULES.get(state.effect, rule)
    return rule, WORDS.words[rule]


def why_illegal(c: Content, state: ArcState, seat: int, action: Action) -> Refusal:
    refuse = WORDS.refuse
    kind = action[0]
    if kind == "play" and state.step == PLAY:
        t, i = action[1], action[2]
        if t not in state.seats[seat].hand:
            return refuse("ARC-4", f"The {c.cards[t].name} is not in your hand.")
        if state.forced >= 0 and i != state.forced:
            return refuse("ARC-C18", "The Manufactory's card must go on "
                          f"{space_name(state.forced)}.")
        if i >= state.players * COLUMNS and i != GRAVE:
            return refuse("ARC-6", f"There is no {space_name(i)} with {state.players} "
                          "players.")
        if c.cards[t].kind == "grave" or i == GRAVE:
            return refuse("ARC-C11", "Only the Graveyard is played beside the city, and "
                          "only there.")
        if not city.can_place(state, seat, i):
            return refuse("ARC-6", f"{space_name(i).capitalize()} is not an eligible space.")
        if not city.run_ok(state, seat, i):
            return refuse("ARC-7", "That would be the third card of your colour in a row "
                          "in this street.")
        if c.cards[t].condition == "right_of_own":
            return refuse("ARC-C16", "The City Hall must go right of one of your face-up "
                          "cards.")
        return refuse("ARC-C14", "You cannot pay for the Magic Academy: you need two other "
                      "cards to remove.")
    if (state.step == EFFECT and kind in ("target", "rotate")
            and 0 <= action[1] < len(state.cells) and state.cells[action[1]] != EMPTY
            and not city.affectable(c.cards, state, seat, action[1])
            and city.protected(c.cards, state, action[1])):
        card = c.cards[state.cells[action[1]] % PER_COLOUR]
        why = "it starts protected" if card.protected else "a protection token lies on it"
        return refuse("ARC-23", f"The {card.name} on {space_name(action[1])} is protected "
                      f"({why}): your card's effect cannot touch it.")
    words = {
        CHOOSE: "choose replacement cards or declare your deck ready",
        TUTOR: "decide whether to take the Obelisk from your deck",
        PLAY: "play a card on an eligible space",
        PAY: "remove a card to pay for the Magic Academy",
        SPARE: "decide whether your card affects your protected card",
        EFFECT: f"answer the effect being resolved ({EFFECT_WORDS.get(state.effect, '')})",
        LAB: "play a card face down for the Laboratory",
    }
    must = words.get(state.step, "wait")
    return refuse(step_rule(c, state, seat)[0],
                  f"Now you must {must}: {describe(c, action)} is not possible.")
