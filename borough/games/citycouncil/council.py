"""The political layer: committee changes, proposals, votes and plan execution.

Rule ids (CC-*) refer to RULES.md in this folder.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

from borough.core.game import Action, Event
from borough.games.citycouncil import city
from borough.games.citycouncil.data import TILE_COUNT, Content
from borough.games.citycouncil.state import (
    DONE,
    DROPPED,
    ELECTION,
    OFFICES,
    PENDING,
    SPOT_A,
    CCState,
    Proposal,
)


def member_name(s: CCState, m: int) -> str:
    return f"Player {m + 1}" if m < s.players else "The automated member"


def holder(s: CCState, office: int) -> int:
    for m, o in enumerate(s.office):
        if o == office:
            return m
    return -1


def turn_order(s: CCState) -> list[int]:
    """CC-11: members in committee order, Transport first."""
    return sorted(range(s.members), key=s.office.__getitem__)


# ------------------------------------------------------- committee changes
def rotation_options(s: CCState) -> tuple[str, list[Action]]:
    """CC-13: the next step of the chair's procedure and its choices.

    Returns ("", []) when the procedure has finished.
    """
    marked = [m for m in range(s.members) if s.marked[m]]
    held = set(s.office)
    vacant = [o for o in s.vacant_start if o not in held]
    if marked and vacant:  # step 1 (CC-R2): B members to committees vacant since the round began
        return "move", [("move", m, o) for m in marked for o in vacant]
    if len(marked) >= 2:  # step 2 (CC-R3): switch two B members
        return "swap", [
            ("swap", a, b) for i, a in enumerate(marked) for b in marked[i + 1:]
        ]
    if len(marked) == 1:  # step 2B (CC-R4): switch the last B member with an A member
        b = marked[0]
        a_members = [m for m in range(s.members) if s.spot[m] == SPOT_A and not s.marked[m]]
        if a_members:
            return "swap", [("swap", min(a, b), max(a, b)) for a in a_members]
    if ELECTION not in held:  # step 2D (CC-R5): nobody chairs the Election Committee
        a_members = [m for m in range(s.members) if s.spot[m] == SPOT_A and not s.marked[m]]
        pool = a_members or [m for m in range(s.members) if not s.marked[m]]
        return "elect", [("elect", m) for m in pool]
    return "", []


def apply_rotation(s: CCState, action: Action, events: list[Event]) -> None:
    kind = action[0]
    if kind == "regard":  # CC-R1: an A member the chair treats as on B
        m = action[1]
        s.marked[m] = 1
        events.append(Event(
            f"{member_name(s, s.chair)} treats {member_name(s, m)} ({OFFICES[s.office[m]]}) "
            "as due to change.", "committee",
        ))
        return
    if kind == "move":  # CC-R2
        m, o = action[1], action[2]
        old = s.office[m]
        s.office[m] = o
        s.spot[m] = 0
        s.marked[m] = 0
        events.append(Event(
            f"{member_name(s, m)} moves from the {OFFICES[old]} to the {OFFICES[o]} Committee.",
            "committee",
        ))
        return
    if kind == "swap":
        a, b = action[1], action[2]
        s.office[a], s.office[b] = s.office[b], s.office[a]
        for m in (a, b):
            s.spot[m] = 0
            s.marked[m] = 0
        events.append(Event(
            f"{member_name(s, a)} ({OFFICES[s.office[a]]}) and {member_name(s, b)} "
            f"({OFFICES[s.office[b]]}) switch committees.", "committee",
        ))
        return
    if kind == "elect":  # CC-R5
        m = action[1]
        old = s.office[m]
        s.office[m] = ELECTION
        s.spot[m] = 0
        s.marked[m] = 0
        events.append(Event(
            f"{member_name(s, m)} moves from the {OFFICES[old]} to the empty Election Committee.",
            "committee",
        ))
        return
    raise ValueError(f"not a committee change: {action!r}")


# -------------------------------------------------------------- proposals
def targeted(s: CCState) -> set[int]:
    return {p.building for p in s.proposals}


PLANS = ("construct", "relocate", "sell")


def proposals(c: Content, s: CCState, kinds: Collection[str] = PLANS,
              only: object = None) -> Iterator[Action]:
    """CC-20..CC-23: the plans a member may propose now, in order: constructions the
    budget pays for, then relocations and sales with a free marker. `kinds` and
    `only` (one building) narrow the same reading for the checks that want one plan,
    or only whether there is any."""
    taken = targeted(s)
    if only is not None and (not isinstance(only, int) or not 0 <= only < TILE_COUNT
                             or only in taken):
        return
    if "construct" in kinds:
        display = sorted(s.display) if only is None else [only] if only in s.display else []
        free = city.FreeSites(c, s)
        for bid in display:
            if bid not in taken and city.can_build_any(c, s, bid, s.budget, free):
                yield ("construct", bid)
    relocate = "relocate" in kinds and s.relocates_left > 0
    sell = "sell" in kinds and s.sells_left > 0
    if not (relocate or sell):
        return
    site_of = s.site_of
    if only is None:
        standing = [b for b in range(TILE_COUNT) if site_of[b] >= 0 and b not in taken]
    else:
        standing = [only] if site_of[only] >= 0 else []
    if relocate:
        occ = city.occupied(c, s)
        for bid in standing:
            if city.movable(c, s, bid) and city.can_move_any(c, s, bid, s.budget, occ):
                yield ("relocate", bid)
    if sell:
        yield from (("sell", bid) for bid in standing)


def proposal_options(c: Content, s: CCState) -> list[Action]:
    """CC-20..CC-23: every plan, or no proposal."""
    return [*proposals(c, s), ("no_proposal",)]


def site_options(c: Content, s: CCState) -> list[Action]:
    """CC-21: where the proposed building fits and the budget pays (CC-34 for a move)."""
    p = s.proposals[s.pending]
    if p.kind == "construct":
        return [("site", pid) for pid in city.build_sites(c, s, p.building, s.budget)]
    return [("site", pid) for pid in city.move_sites(c, s, p.building, s.budget)]


def describe_proposal(c: Content, s: CCState, i: int) -> str:
    p = s.proposals[i]
    b = c.buildings[p.building].name
    if p.kind == "sell":
        return f"sell the {b}"
    where = c.board.site(p.site) if p.site >= 0 else "?"
    if p.kind == "relocate":
        return f"relocate the {b} to {where}"
    return f"construct the {b} on {where}"


# ------------------------------------------------------------------ votes
def vote_options(s: CCState, m: int, second: bool) -> list[Action]:
    """CC-24: a delegate on someone else's plan (CC-26: the Executive's second on any),
    optionally with $1 of embezzled funds (CC-25, at most $1 per seat and plan)."""
    acts: list[Action] = []
    for i, p in enumerate(s.proposals):
        if not second and p.member == m:
            continue
        acts.append(("vote", i, 0))
        if m < s.players and s.funds[m] > 0 and m not in p.funds:
            acts.append(("vote", i, 1))
    if not acts:
        acts.append(("abstain",))
    return acts


def cast(s: CCState, m: int, action: Action, events: list[Event], second: bool) -> None:
    if action[0] == "abstain":
        events.append(Event(f"{member_name(s, m)} has no plan to vote for.", "vote"))
        return
    i, money = action[1], action[2]
    p = s.proposals[i]
    p.voters.append(m)
    text = f"{member_name(s, m)} places {'a second' if second else 'a'} delegate on plan {i + 1}"
    if money:
        s.funds[m] -= 1
        p.funds.append(m)
        text += " and adds $1 of private funds"
    events.append(Event(text + ".", "vote"))


def plan_key(p: Proposal) -> tuple[int, int]:
    """CC-27: votes first, then the private funds on the plan."""
    return (len(p.voters), len(p.funds))


def plans_to_execute(s: CCState) -> int:
    """CC-28: two plans with 2-3 players, three with 4-5."""
    return 2 if s.players <= 3 else 3


def executable(c: Content, s: CCState, p: Proposal) -> bool:
    """CC-29: a plan is carried out only if it is still possible and paid for."""
    discount = len(p.funds)
    if p.kind == "construct":
        cost = city.build_cost(c, s, p.building, p.site)
        return p.building in s.display and cost >= 0 and cost - discount <= s.budget
    if s.site_of[p.building] < 0:
        return False
    if p.kind == "relocate":
        cost = city.move_cost(c, s, p.building, p.site)
        return cost >= 0 and cost - discount <= s.budget
    return True


def why_stuck(c: Content, s: CCState, p: Proposal) -> str:
    """In words, which part of CC-29 stops a plan that `executable` refuses."""
    discount = len(p.funds)
    if p.kind == "construct":
        if p.building not in s.display:
            return "the building is no longer on offer"
        cost = city.build_cost(c, s, p.building, p.site)
        if cost < 0:
            return "its site can no longer take the building"
        return f"it costs ${cost - discount} and the City Budget holds ${s.budget}"
    if s.site_of[p.building] < 0:
        return "the building is no longer in the city"
    cost = city.move_cost(c, s, p.building, p.site)
    if cost < 0:
        return "the new site can no longer take the building"
    return f"the move costs ${cost - discount} and the City Budget holds ${s.budget}"


def top_plans(c: Content, s: CCState, events: list[Event]) -> list[int]:
    """The pending plans with the best key that can be carried out now.

    CC-29 (interpretation): a plan tied with others that the budget cannot pay yet
    waits while the tied plans that can be paid go first (a sale among them may
    pay for it); it is skipped only when no plan of its rank can be carried out."""
    while True:
        pending = [i for i, p in enumerate(s.proposals) if p.status == PENDING]
        if not pending:
            return []
        best = max(plan_key(s.proposals[i]) for i in pending)
        top = [i for i in pending if plan_key(s.proposals[i]) == best]
        ok = [i for i in top if executable(c, s, s.proposals[i])]
        if ok:
            return ok
        for i in top:
            if i not in ok:
                drop(s, i)
                events.append(Event(
                    f"Plan {i + 1} ({describe_proposal(c, s, i)}) can no longer be carried out "
                    f"and is skipped: {why_stuck(c, s, s.proposals[i])}.", "skip",
                ))


def drop(s: CCState, i: int) -> None:
    """A plan not carried out: its private funds go back to their owners."""
    p = s.proposals[i]
    p.status = DROPPED
    for seat in p.funds:
        s.funds[seat] += 1
    p.funds = []


def execute(c: Content, s: CCState, i: int, events: list[Event]) -> None:
    """CC-30..CC-35: carry out one plan, paying from the City Budget."""
    p = s.proposals[i]
    b = c.buildings[p.building]
    funds = len(p.funds)
    if p.kind == "construct":
        cost = city.build_cost(c, s, p.building, p.site)
    elif p.kind == "relocate":
        cost = city.move_cost(c, s, p.building, p.site)
    else:
        cost = 0
    # CC-25: money put on a plan carried out is spent on it; it pays the cost, and
    # what the cost does not use (a sale, a free move) goes into the City Budget
    used = min(funds, cost)
    paid = cost - used
    s.budget = min(c.tracks["budget_max"], s.budget - paid + funds - used)
    p.status = DONE
    s.executed += 1
    who = member_name(s, p.member)
    money = f" (${used} of it from private funds)" if used else ""
    if funds > used:
        money += f"; the ${funds - used} of private funds on it go into the City Budget"
    if p.kind == "construct":
        old = city.place(s, c, p.building, p.site)
        s.display.remove(p.building)
        up = f" over the {c.buildings[old].name}" if old >= 0 else ""
        events.append(Event(
            f"Plan {i + 1} passes: the {b.name} is built{up} on {c.board.site(p.site)} for "
            f"${cost}{money}, as {who} proposed.", "execute",
        ))
    elif p.kind == "relocate":
        city.lift(s, c, p.building)
        city.place(s, c, p.building, p.site)
        events.append(Event(
            f"Plan {i + 1} passes: the {b.name} moves to {c.board.site(p.site)} for ${cost}"
            f"{money}, as {who} proposed.", "execute",
        ))
    else:
        gain = city.sale_value(c, p.building)
        city.lift(s, c, p.building)
        s.gone.append(p.building)
        s.budget = min(c.tracks["budget_max"], s.budget + gain)
        events.append(Event(
            f"Plan {i + 1} passes: the {b.name} is sold and the budget gains ${gain}{money}, "
            f"as {who} proposed.", "execute",
        ))
