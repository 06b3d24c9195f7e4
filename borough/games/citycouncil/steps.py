"""What a member may choose at each step of City Council, in one place.

`choices` is the legal list; `allows` answers the same question for one
action without building the list where that is slow (the conformance suite
compares the two); `forced` finds a step's single choice for `flow.settle`.
"""

from __future__ import annotations

from borough.core.errors import CorruptData
from borough.core.game import Action
from borough.games.citycouncil import bot, city, council, favors
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
    OFFICES,
    OVER,
    PRODUCE,
    PROPOSE,
    REGARD,
    SITE,
    SPOT_A,
    SWAP,
    TURN_END,
    VOTE,
    CCState,
    seat_now,
    step_now,
)

HAND_LIMIT = 7  # CC-55
DEAL = 2  # CC-15
# Steps whose single option is played for the seat: their choices are public.
AUTO = {
    ASSIGN, REGARD, MOVE, SWAP, ELECT, KEEP, PROPOSE, SITE, VOTE, EXEC_VOTE, EXECUTE, PRODUCE,
    FAVOR,
}


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


def to_act(state: CCState) -> tuple[int, ...]:
    """The seat deciding now; none when the game is over or the automated member acts."""
    seat = seat_now(state)
    if step_now(state) == OVER or seat >= state.players:
        return ()
    return (seat,)


def allows(c: Content, state: CCState, seat: int, action: Action) -> bool:
    """The same answer as the legal list, without building it for the common steps."""
    step, kind = step_now(state), action[0]
    if step == OVER or seat != seat_now(state):
        return False
    if step == PRODUCE:
        target = action[1] if len(action) == 2 and isinstance(action[1], int) else -1
        if kind == "activate" and 0 <= target < len(c.buildings):
            return city.can_activate(c, state, target)
        if kind == "boost" and 0 <= target < len(c.buildings):
            return state.site_of[target] >= 0 and city.can_boost(c, state, target)
        if kind == "zone" and 0 <= target < len(state.zones_on):
            return city.can_zone(c, state, target)
        return False
    if step == PROPOSE and len(action) == 2:
        return next(council.proposals(c, state, (kind,), action[1]), None) is not None
    if step == SITE and kind == "site" and len(action) == 2:
        pid = action[1]
        if not isinstance(pid, int) or not 0 <= pid < len(c.board.place_cells):
            return False
        p = state.proposals[state.pending]
        if p.kind == "construct":
            cost = city.build_cost(c, state, p.building, pid)
        else:
            cost = city.move_cost(c, state, p.building, pid)
        return 0 <= cost <= state.budget
    return action in choices(c, state, seat)

def choices(c: Content, s: CCState, m: int) -> list[Action]:
    """The choices of member `m` at the current step."""
    step = step_now(s)
    if step == PRODUCE:
        return city.activations(c, s)
    if step == VOTE:
        return council.vote_options(s, m, second=False)
    if step == EXEC_VOTE:
        return council.vote_options(s, m, second=True)
    if step == PROPOSE:
        return council.proposal_options(c, s)
    if step == SITE:
        return council.site_options(c, s)
    if step == KEEP:  # CC-15: keep one of the two cards dealt
        return [("keep", card) for card in sorted(s.dealt[m])]
    if step == FAVOR:  # CC-62: any general card that holds now, or let the chance pass
        return [("score", card) for card in sorted(favors.holding(c, s, m))] + [("done",)]
    if step == TURN_END:
        hand = sorted(s.hands[m])
        acts: list[Action] = [("score", card) for card in hand
                              if favors.scorable(c, s, card, turn_end=True)]
        acts += [("discard", card) for card in hand]
        if len(hand) <= HAND_LIMIT:
            acts.append(("done",))
        return acts
    if step == EMBEZZLE:
        return [("embezzle",), ("decline",)]
    if step == EXECUTE:
        return [("execute", i) for i in s.queue]
    if step == ASSIGN:  # CC-6: the Election chair seats each other member
        taken = set(s.office)
        return [("assign", o) for o in range(len(OFFICES)) if o not in taken]
    if step == REGARD:  # CC-R1
        return [("regard", a) for a in range(s.members) if s.spot[a] == SPOT_A]
    if step in (MOVE, SWAP, ELECT):
        return council.rotation_options(s)[1]
    raise CorruptData(f"unknown step {step!r}")


def forced(c: Content, s: CCState, m: int, known: list[Action] | None) -> Action | None:
    """The single choice of the step, or None when there are several; the common
    steps stop looking once a second choice shows."""
    # PROPOSE: a sale or a construction, and no proposal, make two (cheap kinds first).
    step = step_now(s)
    if known is None and step == PROPOSE and (
            next(council.proposals(c, s, ("sell",)), None)
            or next(council.proposals(c, s, ("construct",)), None)):
        return None
    if known is None and step == SITE:
        p = s.proposals[s.pending]
        find = city.build_sites if p.kind == "construct" else city.move_sites
        sites = find(c, s, p.building, s.budget, 2)
        return ("site", sites[0]) if len(sites) == 1 else None
    options = choices(c, s, m) if known is None else known
    return options[0] if len(options) == 1 else None


def bot_choice(c: Content, s: CCState, m: int) -> Action:
    step = step_now(s)
    if step == PROPOSE:
        return bot.proposal(c, s, council.targeted(s))
    if step == SITE:
        return bot.site(c, s, choices(c, s, m))
    if step in (VOTE, EXEC_VOTE):
        return bot.vote(c, s, choices(c, s, m))
    if step == EMBEZZLE:
        return ("decline",)
    # chair duties: drawn at random, so no seat is favoured by a fixed order
    options = choices(c, s, m)
    return options[s.rng.below(len(options))]

# ---------------------------------------------------------- dispatch
