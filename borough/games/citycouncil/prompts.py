"""City Council: the decision a seat faces now, in one line a player would say."""

from __future__ import annotations

from borough.games.citycouncil import steps
from borough.games.citycouncil.data import Content
from borough.games.citycouncil.state import (
    ASSIGN,
    ELECT,
    EMBEZZLE,
    EXEC_VOTE,
    EXECUTE,
    FAVOR,
    KEEP,
    MOVE,
    OVER,
    PRODUCE,
    PROPOSE,
    REGARD,
    SITE,
    SWAP,
    TURN_END,
    VOTE,
    CCState,
    step_now,
)

FIXED = {
    ASSIGN: "As Election chair, choose the committee for the next council member",
    REGARD: "As chair, choose a council member on an A spot to treat as due to change",
    MOVE: "As chair, move a member due to change onto a vacant committee",
    SWAP: "As chair, choose two council members to switch committees",
    ELECT: "As chair, choose the member who moves to the empty Election Committee",
    KEEP: "Keep one of the two Favor cards dealt to you",
    EXEC_VOTE: "As Executive, place your second delegate on a plan",
    EXECUTE: "As Election chair, choose which of the tied plans is carried out next",
    FAVOR: "A Favor card of yours holds now: score it, or let the chance pass",
}
PLANS = {"construct": "construct a face-up building", "relocate": "relocate a building",
         "sell": "sell a building"}


def prompt(c: Content, state: CCState, seat: int) -> str:
    step = step_now(state)
    if step == OVER:
        return "The game is over."
    if seat not in steps.to_act(state):
        return "Wait: another council member is deciding."
    if step in FIXED:
        return FIXED[step]
    if step == EMBEZZLE:
        return (f"As Treasury chair, embezzle $1 from the City Budget (${state.budget}), "
                "or take nothing")
    if step == PROPOSE:
        kinds = {a[0] for a in steps.choices(c, state, seat)}
        plans = [words for kind, words in PLANS.items() if kind in kinds]
        plans.append("make no proposal")
        return f"Propose a plan: {', '.join(plans[:-1])} or {plans[-1]}" if len(plans) > 1 \
            else "No plan can be proposed: make no proposal"
    if step == SITE:
        plan = state.proposals[state.pending]
        name = c.buildings[plan.building].name
        if plan.kind == "relocate":
            return f"Choose the new site for the {name} you proposed to relocate"
        return f"Choose the site for the {name} you proposed to construct"
    if step == VOTE:
        return "Place your delegate on another member's plan, adding $1 of your funds if you like"
    if step == PRODUCE:
        left = "1 activation" if state.acts_left == 1 else f"{state.acts_left} activations"
        return (f"Production ({left} left for you): activate a building or a zone, "
                "or give a building a second action")
    if step == TURN_END:
        kinds = {a[0] for a in steps.choices(c, state, seat)}
        parts = []
        if "score" in kinds:
            parts.append("score a Favor card that holds")
        if "done" in kinds:
            parts.append("discard Favor cards")
            parts.append("finish")
            return f"End of your turn: {', '.join(parts[:-1])} or {parts[-1]}"
        parts.append("discard Favor cards")
        return f"End of your turn: {' or '.join(parts)} (you hold more than the limit)"
    raise ValueError(f"no prompt for the step {step!r}")
