"""City Council's actions and refusals in a player's words."""

from __future__ import annotations

from typing import Any

from borough.core.game import Action
from borough.core.refusals import Refusal
from borough.games.citycouncil import city, council
from borough.games.citycouncil.data import Content
from borough.games.citycouncil.refusals import STEP_RULES, WORDS
from borough.games.citycouncil.state import (
    EXEC_VOTE,
    FAVOR,
    OFFICES,
    PRODUCE,
    PROPOSE,
    SITE,
    TURN_END,
    VOTE,
    CCState,
    step_now,
)
from borough.games.citycouncil.steps import HAND_LIMIT


def describe(c: Content, action: Action, state: Any = None) -> str:
    kind = action[0]
    names = c.names

    def who(m: int) -> str:
        if isinstance(state, CCState) and m >= state.players:
            return "the automated member"
        return f"Player {m + 1}"

    if kind == "assign":
        return f"Seat the next council member on the {OFFICES[action[1]]} Committee"
    if kind == "regard":
        return f"Treat the seat of {who(action[1])} as due to change"
    if kind == "move":
        return f"Move {who(action[1])} to the vacant {OFFICES[action[2]]} Committee"
    if kind == "swap":
        return f"Switch the committees of {who(action[1])} and {who(action[2])}"
    if kind == "elect":
        return f"Move {who(action[1])} to the empty Election Committee"
    if kind == "embezzle":
        return "Embezzle $1 from the City Budget"
    if kind == "decline":
        return "Take nothing from the City Budget"
    if kind == "keep":
        return f"Keep the Favor card {c.cards[action[1]].text(names)}"
    if kind == "construct":
        return f"Propose to construct the {names[action[1]]}"
    if kind == "relocate":
        return f"Propose to relocate the {names[action[1]]}"
    if kind == "sell":
        return f"Propose to sell the {names[action[1]]}"
    if kind == "no_proposal":
        return "Make no proposal"
    if kind == "site":
        return f"Choose the site {c.board.site(action[1])}"
    if kind == "vote":
        money = " and add $1 of private funds" if action[2] else ""
        return f"Place a delegate on plan {action[1] + 1}{money}"
    if kind == "abstain":
        return "Place no delegate"
    if kind == "execute":
        return f"Carry out plan {action[1] + 1} next"
    if kind == "score":
        return f"Score the Favor card {c.cards[action[1]].text(names)}"
    if kind == "discard":
        return f"Discard the Favor card {c.cards[action[1]].name}"
    if kind == "done":
        if isinstance(state, CCState) and step_now(state) == FAVOR:
            return "Let the Favor chance pass"
        return "Finish with your Favor cards"
    if kind == "activate":
        return f"Activate the {names[action[1]]}"
    if kind == "boost":
        return f"Give the {names[action[1]]} a second action with white-collar workers"
    if kind == "zone":
        return f"Activate zone {c.board.hood_names[action[1]]}"
    return repr(action)

def what_it_uses(c: Content, action: Action) -> str:
    """For a balance report: a Favor card move uses the card alone. Its words list the
    buildings a building card pays for, or the building a general card asks for, but
    keeping, scoring or discarding the card builds and activates none of them."""
    if action[0] in ("keep", "score", "discard"):
        return c.cards[action[1]].name
    return describe(c, action)


def why_illegal(c: Content, state: CCState, seat: int, action: Action) -> Refusal:
    refuse = WORDS.refuse
    kind = action[0]
    step = step_now(state)
    if step == PROPOSE and kind == "construct":
        bid = action[1]
        if bid not in state.display:
            return refuse("CC-21", f"The {c.names[bid]} is not face up in the planning area.")
        if bid in council.targeted(state):
            return refuse("CC-21", f"The {c.names[bid]} already carries a proposal.")
        return refuse("CC-21", f"The City Budget (${state.budget}) cannot pay for the "
                      f"{c.names[bid]}.")
    if step == PROPOSE and kind in ("sell", "relocate"):
        left = state.sells_left if kind == "sell" else state.relocates_left
        rule = "CC-23" if kind == "sell" else "CC-22"
        if left <= 0:
            return refuse(rule, f"No {kind} marker is left this round.")
        return refuse(rule, f"The {c.names[action[1]]} cannot be proposed for that.")
    if step in (VOTE, EXEC_VOTE) and kind == "vote":
        i = action[1]
        if i >= len(state.proposals):
            return refuse("CC-24", f"There is no plan {i + 1}.")
        if step == VOTE and state.proposals[i].member == seat:
            return refuse("CC-24", "Your delegate must go on someone else's plan.")
        return refuse("CC-25", "You have no private funds to add to that plan.")
    if step == PRODUCE and kind == "activate":
        bid = action[1]
        if state.site_of[bid] < 0:
            return refuse("CC-41", f"The {c.names[bid]} is not in the city.")
        if state.activated[bid]:
            return refuse("CC-41", f"The {c.names[bid]} has already been activated this "
                          "round.")
        if not city.eligible(c, state, bid):
            return refuse("CC-41", f"The {c.names[bid]} is not in an activated zone or the "
                          "centre.")
        return refuse("CC-41", "The city lacks the workers or resources to run the "
                      f"{c.names[bid]}.")
    if step == SITE and kind == "site":
        p = state.proposals[state.pending]
        b = c.buildings[p.building]
        if c.board.place_shape[action[1]] != b.shape:
            return refuse("CC-21", f"That site does not have the shape of the {b.name}.")
        if not city.site_open(c, state, action[1]):
            return refuse("CC-64", f"{c.board.site(action[1])} lies in a neighbourhood not "
                          "yet open for building.")
        return refuse("CC-21", f"The {b.name} cannot go on {c.board.site(action[1])}: the "
                      f"blocks are taken, in the centre, or the budget (${state.budget}) "
                      "cannot pay.")
    if step == PRODUCE and kind == "zone":
        name = c.board.hood_names[action[1]]
        if not state.open_hoods[action[1]]:
            return refuse("CC-42", f"Zone {name} is not open yet, so no building there "
                          "could work.")
        if state.zones_on[action[1]]:
            return refuse("CC-42", f"Zone {name} is already activated this round.")
        return refuse("CC-42", f"Zone {name} cannot be activated: it needs energy and a "
                      "community cube, and a building there that could then work.")
    if step == PRODUCE and kind == "boost":
        return refuse("CC-43", f"The {c.names[action[1]]} cannot take a second action now "
                      "(it must be active, have a white-collar job and its inputs).")
    if step == TURN_END and kind == "done":
        return refuse("CC-55", f"Your hand holds more than {HAND_LIMIT} Favor cards: "
                      "discard first.")
    if kind == "score":
        if action[1] not in state.hands[seat]:
            return refuse("CC-54", "That Favor card is not in your hand.")
        if state.round < 2:
            return refuse("CC-52", "No Favor card may be scored in the first round.")
        if c.cards[action[1]].building and step != TURN_END:
            return refuse("CC-53", "Building Favor cards score only at the end of the round.")
        if step not in (FAVOR, TURN_END):
            return refuse("CC-62", "A Favor card is played when the game offers the chance.")
        return refuse("CC-54", "That Favor card's condition does not hold now.")
    return refuse(STEP_RULES.get(step, "CC-8"),
                  f"Now the step is {step}: {describe(c, action)} is not possible.")
