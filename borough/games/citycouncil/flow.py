"""The round's flow up to production (CC-10..CC-35) and the Favor chances (CC-62).

`settle` runs every automatic part of a round: the automated member's choices
and every forced single choice. `do` carries out one choice and moves the round
on: committees (CC-10..CC-13), the roles' privileges and the Favor deal
(CC-14..CC-16), the council's proposals, votes and plans (CC-20..CC-35), and
the Favor chances that can interrupt any of them (CC-52..CC-55, CC-62).
Production and the turn end are in `production.py`; the Favor window, which
interrupts the round and leaves the part to go on with due, in `window.py`.
"""

from __future__ import annotations

from collections.abc import Callable

from borough.core.errors import CorruptData
from borough.core.game import Action, Event
from borough.games.citycouncil import council, favors, production, steps, window
from borough.games.citycouncil.data import Content
from borough.games.citycouncil.state import (
    ASSIGN,
    ELECT,
    ELECTION,
    EMBEZZLE,
    EXEC_VOTE,
    EXECUTE,
    EXECUTIVE,
    FAVOR,
    KEEP,
    MOVE,
    OFFICES,
    OVER,
    PENDING,
    PRODUCE,
    PROPOSE,
    REGARD,
    SITE,
    SPOT_B,
    SWAP,
    TRANSPORT,
    TREASURY,
    TURN_END,
    UNION,
    VOTE,
    CCState,
    Proposal,
    seat_now,
    step_now,
)
from borough.games.citycouncil.steps import AUTO, DEAL, player_name

_ROTATION_STEPS = {"move": MOVE, "swap": SWAP, "elect": ELECT}


def apply(c: Content, state: CCState, seat: int, action: Action) -> list[Event]:
    events: list[Event] = []
    known = do(c, state, seat, action, events)
    settle(c, state, events, known)
    return events

def settle(c: Content, s: CCState, events: list[Event], known: list[Action] | None = None
) -> None:
    """Play the automated member's choices and every forced single choice.

    `known` is the list of choices of the step now, when the last action already
    had to work it out (production), so it is not worked out twice.
    """
    while True:
        if window.due(s):  # a Favor window closed or the round ended: go on
            RESUME[window.take_due(s)](c, s, events)
            known = None
            continue
        step = step_now(s)
        if step == OVER:
            return
        m = seat_now(s)
        if m >= s.players:
            known = do(c, s, m, steps.bot_choice(c, s, m), events)
            continue
        if step in AUTO:
            only = steps.forced(c, s, m, known)
            if only is not None:
                known = do(c, s, m, only, events)
                continue
        return



def do(c: Content, s: CCState, m: int, action: Action, events: list[Event]
) -> list[Action] | None:
    """Carry out one choice; return the choices of the next step if they are known."""
    s.moves += 1
    step = step_now(s)
    if step == ASSIGN:
        s.office[s.queue.pop(0)] = action[1]
        who = next(x for x in range(s.members) if s.office[x] == action[1])
        events.append(Event(
            f"{council.member_name(s, m)} seats {council.member_name(s, who)} on the "
            f"{OFFICES[action[1]]} Committee.", "committee",
        ))
        if not s.queue:
            begin_roles(c, s, events)
    elif step in (REGARD, MOVE, SWAP, ELECT):
        council.apply_rotation(s, action, events)
        rotate(c, s, events)
    elif step == EMBEZZLE:
        if action[0] == "embezzle":  # CC-14
            s.budget -= 1
            s.funds[m] += 1
            events.append(Event(
                f"{player_name(m)} (Treasury) embezzles $1 from the City Budget.", "embezzle",
            ))
        else:
            events.append(Event(f"{player_name(m)} (Treasury) takes nothing.", "embezzle"))
        deal(c, s, events)
    elif step == KEEP:
        card = action[1]
        s.hands[m].append(card)
        for other in s.dealt[m]:
            if other != card:
                s.discard.append(other)
                s.discard_owner.append(m)
        s.dealt[m] = []
        events.append(Event(f"{player_name(m)} keeps one Favor card and discards the other.",
                            "draw", m))
        events.append(Event(f"You keep {c.cards[card].name}.", "draw", m, (m,)))
        next_keeper(c, s, events)
    elif step == PROPOSE:
        propose(c, s, m, action, events)
    elif step == SITE:
        p = s.proposals[s.pending]
        p.site = action[1]
        s.pending = -1
        events.append(Event(
            f"{council.member_name(s, m)} proposes plan {len(s.proposals)}: "
            f"{council.describe_proposal(c, s, len(s.proposals) - 1)}.", "propose",
        ))
        next_proposer(c, s, events)
    elif step in (VOTE, EXEC_VOTE):
        council.cast(s, m, action, events, second=step == EXEC_VOTE)
        if step == VOTE:
            next_voter(c, s, events)
        else:
            next_plan(c, s, events)
    elif step == EXECUTE:
        council.execute(c, s, action[1], events)
        next_plan(c, s, events)
    elif step in (FAVOR, TURN_END):
        favor_action(c, s, m, action, events)
    elif step == PRODUCE:
        return production.activate(c, s, m, action, events)
    else:
        raise CorruptData(f"unknown step {step!r}")
    return None

# ------------------------------------------------- committees (CC-10..CC-13)
def begin_committees(c: Content, s: CCState, events: list[Event]) -> None:
    s.chair = council.holder(s, ELECTION)
    s.marked = [1 if sp == SPOT_B else 0 for sp in s.spot]
    s.current = s.chair
    if not any(s.marked):  # step 1: at least one change
        s.step = REGARD
        return
    rotate(c, s, events)

def rotate(c: Content, s: CCState, events: list[Event]) -> None:
    kind, _ = council.rotation_options(s)
    if kind:
        s.step = _ROTATION_STEPS[kind]
        s.current = s.chair
        return
    s.marked = [0] * s.members
    begin_roles(c, s, events)

# ----------------------------------------------------- roles (CC-14..CC-16)
def begin_roles(c: Content, s: CCState, events: list[Event]) -> None:
    order = ", ".join(
        f"{OFFICES[s.office[m]]}: {council.member_name(s, m)}" for m in council.turn_order(s)
    )
    events.append(Event(f"Round {s.round} committees: {order}.", "committee"))
    treasurer = council.holder(s, TREASURY)
    money_left = c.supply["money"] - sum(s.funds) - sum(
        len(p.funds) for p in s.proposals
    )
    if treasurer >= 0 and s.budget >= 1 and money_left > 0:
        s.step = EMBEZZLE
        s.current = treasurer
        return
    deal(c, s, events)

def deal(c: Content, s: CCState, events: list[Event]) -> None:
    """CC-15: two Favor cards to each player; the Union chair keeps both."""
    union = council.holder(s, UNION)
    if not s.deck:
        events.append(Event("The Favor deck is empty; the game goes on.", "draw"))
    keepers = []
    for m in council.turn_order(s):
        if m >= s.players:
            continue
        for _ in range(DEAL):
            if s.deck:
                s.dealt[m].append(s.deck.pop())
        if not s.dealt[m]:
            continue
        if m == union:
            s.hands[m].extend(s.dealt[m])
            events.append(Event(
                f"{player_name(m)} (Union) keeps both Favor cards dealt.", "draw", m,
            ))
            s.dealt[m] = []
        else:
            keepers.append(m)
    s.queue = keepers
    next_keeper(c, s, events)

def next_keeper(c: Content, s: CCState, events: list[Event]) -> None:
    while s.queue:
        m = s.queue.pop(0)
        if s.dealt[m]:
            s.step = KEEP
            s.current = m
            return
    if window.offer(c, s, events, "council"):  # CC-62: once the new cards are in hand
        return
    begin_council(c, s, events)

# ---------------------------------------------------- council (CC-20..CC-35)
def begin_council(c: Content, s: CCState, events: list[Event]) -> None:
    queue = []
    for m in council.turn_order(s):
        queue += [m] * (2 if s.office[m] == TRANSPORT else 1)  # CC-20
    s.queue = queue
    s.proposals = []
    s.executed = 0
    next_proposer(c, s, events)

def next_proposer(c: Content, s: CCState, events: list[Event]) -> None:
    if s.queue:
        s.step = PROPOSE
        s.current = s.queue.pop(0)
        return
    if not s.proposals:
        events.append(Event("No plan is proposed this round.", "propose"))
        after_council(c, s, events)
        return
    s.queue = council.turn_order(s)
    next_voter(c, s, events)

def propose(c: Content, s: CCState, m: int, action: Action, events: list[Event]) -> None:
    kind = action[0]
    who = council.member_name(s, m)
    if kind == "no_proposal":
        events.append(Event(f"{who} makes no proposal.", "propose"))
        next_proposer(c, s, events)
        return
    s.proposals.append(Proposal(m, kind, action[1], -1, [], [], PENDING))
    if kind == "sell":
        s.sells_left -= 1
        events.append(Event(
            f"{who} proposes plan {len(s.proposals)}: sell the "
            f"{c.buildings[action[1]].name} (sell marker).", "propose",
        ))
        next_proposer(c, s, events)
        return
    if kind == "relocate":
        s.relocates_left -= 1
    s.pending = len(s.proposals) - 1
    s.step = SITE

def next_voter(c: Content, s: CCState, events: list[Event]) -> None:
    if s.queue:
        s.step = VOTE
        s.current = s.queue.pop(0)
        return
    executive = council.holder(s, EXECUTIVE)
    if executive >= 0:  # CC-26: the Executive's extra delegate comes last
        s.step = EXEC_VOTE
        s.current = executive
        return
    next_plan(c, s, events)

def next_plan(c: Content, s: CCState, events: list[Event]) -> None:
    """CC-27..CC-29: carry out plans by votes, the chair ordering equal ones."""
    while s.executed < council.plans_to_execute(s):
        if s.executed and window.offer(c, s, events, "plans"):  # CC-62: after each plan
            return
        top = council.top_plans(c, s, events)
        if not top:
            break
        if len(top) > 1:
            s.step = EXECUTE
            s.queue = top
            s.current = council.holder(s, ELECTION)
            return
        council.execute(c, s, top[0], events)
    for i, p in enumerate(s.proposals):
        if p.status == PENDING:
            council.drop(s, i)
    s.queue = []
    after_council(c, s, events)

def after_council(c: Content, s: CCState, events: list[Event]) -> None:
    if window.offer(c, s, events, "production"):  # CC-62: after the last plan
        return
    production.begin_production(c, s, events)

# ----------------------------------------------------------- Favor cards
def favor_action(c: Content, s: CCState, m: int, action: Action, events: list[Event]) -> None:
    kind = action[0]
    step = step_now(s)
    if kind == "score":  # CC-52..CC-54, CC-62
        card = c.cards[action[1]]
        points = favors.value(c, s, card)
        s.hands[m].remove(card.id)
        if card.id in s.passed[m]:
            s.passed[m].remove(card.id)
        if card.building:  # CC-53: a scored building card leaves the game
            s.removed.append(card.id)
        else:  # CC-54: a scored general card goes face down onto the discard pile
            s.discard.append(card.id)
            s.discard_owner.append(m)
        worth = "1 point" if points == 1 else f"{points} points"
        events.append(Event(
            f"{player_name(m)} scores the Favor card {card.text(c.names)} "
            f"for {worth} (now {s.scores[m] + points}).", "score", m,
        ))
        add_points(c, s, m, points, events)
        if step == FAVOR and not favors.holding(c, s, m):
            window.next_offer(c, s)  # nothing more to play: the round goes on
        return
    if kind == "discard":  # CC-55
        s.hands[m].remove(action[1])
        if action[1] in s.passed[m]:
            s.passed[m].remove(action[1])
        s.discard.append(action[1])
        s.discard_owner.append(m)
        events.append(Event(f"{player_name(m)} discards a Favor card.", "discard", m))
        return
    if step == FAVOR:  # CC-62: the cards that hold now are let pass
        passed = s.passed[m]
        passed.extend(x for x in favors.holding(c, s, m) if x not in passed)
        events.append(Event(f"{player_name(m)} lets the Favor chance pass.", "favor", m))
        window.next_offer(c, s)
        return
    production.next_favor(c, s, events)

def add_points(c: Content, s: CCState, seat: int, points: int, events: list[Event]) -> None:
    s.scores[seat] += points
    if s.scores[seat] >= end_points(c, s):  # CC-57
        s.reached = True
        if s.key_holder < 0:  # CC-66: the first to get there takes the Key to the City
            s.key_holder = seat
            events.append(Event(
                f"{player_name(seat)} is the first to reach {end_points(c, s)} points and "
                "takes the Key to the City; this round is the last.", "key",
            ))

def end_points(c: Content, s: CCState) -> int:
    return c.start["advanced" if s.advanced else "basic"].end_points


RESUME: dict[str, Callable[[Content, CCState, list[Event]], None]] = {
    "plans": next_plan,
    "production": production.begin_production,
    "committees": begin_committees,
    "council": begin_council,
    "resolve": production.resolve_next,
    "turn_end": production.turn_end,
}
"""Where the round goes on when a Favor window closes (see `window.POINTS`)."""
