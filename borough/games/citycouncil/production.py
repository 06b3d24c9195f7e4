"""Production, resolution and the turn end (CC-40..CC-59).

Activations one member at a time (CC-40..CC-44), unemployment and the
resolution of every activation (CC-45, CC-46), monitoring (CC-48..CC-50), and
the turn end: discards, the refilled planning area, city growth, the Favor
window and the end of the round or the game (CC-51..CC-59, CC-64).
"""

from __future__ import annotations

from borough.core.game import Action, Event
from borough.games.citycouncil import city, council, window
from borough.games.citycouncil.data import Content
from borough.games.citycouncil.state import (
    DONE,
    OFFICES,
    OVER,
    PRODUCE,
    SPOT_B,
    TRANSPORT,
    TURN_END,
    CCState,
)
from borough.games.citycouncil.steps import player_name


def targets(c: Content, state: CCState) -> tuple[int, ...]:
    return c.start["advanced" if state.advanced else "basic"].display

def refill(c: Content, state: CCState) -> None:
    """CC-5, CC-51: fill each shape's face-up row back to its count from its stack."""
    for shape, want in enumerate(targets(c, state)):
        have = sum(1 for b in state.display if c.buildings[b].shape == shape)
        stack = state.stacks[shape]
        while have < want and stack:
            state.display.append(stack.pop())
            have += 1
    state.display.sort()


# --------------------------------------------------- production (CC-40..CC-46)
def production_order(c: Content, s: CCState) -> list[int]:
    return [m for m in council.turn_order(s) if m < s.players]

def begin_production(c: Content, s: CCState, events: list[Event]) -> None:
    order = production_order(c, s)
    s.queue = order
    s.current = order[0]
    s.acts_left = 2 if s.office[order[0]] == TRANSPORT else 1  # CC-40
    if city.any_activation(c, s):
        s.step = PRODUCE
        return
    end_production(c, s, events)

def activate(c: Content, s: CCState, m: int, action: Action, events: list[Event]
) -> list[Action] | None:
    """CC-40..CC-44: one activation; returns the activations still open when the
    production goes on at once."""
    kind, target = action
    if kind == "zone":  # CC-42
        s.zones_on[target] = 1
        s.power -= 1
        events.append(Event(
            f"{player_name(m)} activates zone {c.board.hood_names[target]} with a "
            "community cube and an energy marker.", "zone",
        ))
    elif kind == "activate":  # CC-41
        b = c.buildings[target]
        city.pay_inputs(c, s, target)
        s.blue_free -= b.blue
        s.activated[target] = 1
        s.act_log.append(target)
        events.append(Event(f"{player_name(m)} activates the {b.name}.", "activate"))
    else:  # CC-43
        b = c.buildings[target]
        city.pay_inputs(c, s, target)
        s.white_free -= b.white
        s.activated[target] = 2
        s.act_log.append(target)
        events.append(Event(
            f"{player_name(m)} puts white-collar workers on the {b.name} for a second "
            "action.", "boost",
        ))
    acts = city.activations(c, s)
    if not acts:  # CC-44
        end_production(c, s, events)
        return None
    s.acts_left -= 1
    if s.acts_left <= 0:
        order = s.queue
        nxt = order[(order.index(m) + 1) % len(order)]
        s.current = nxt
        s.acts_left = 2 if s.office[nxt] == TRANSPORT else 1
    if window.offer(c, s, events, ""):  # CC-62: after each activation
        return None
    return acts  # who acts next does not change what can be activated

def end_production(c: Content, s: CCState, events: list[Event]) -> None:
    events.append(Event("No more activation is possible: production ends.", "produce"))
    city.unemployment(c, s, events)  # CC-45
    s.resolved = 0
    resolve_next(c, s, events)

def resolve_next(c: Content, s: CCState, events: list[Event]) -> None:
    """CC-46: resolve the activations one building at a time; a Favor chance may come
    after the unemployment report and after each building (CC-62)."""
    if window.offer(c, s, events, "resolve"):
        return
    while s.resolved < len(s.act_log):
        city.resolve_one(c, s, s.act_log[s.resolved], events)
        s.resolved += 1
        if window.offer(c, s, events, "resolve"):
            return
    if city.monitor(c, s, events):  # CC-48..CC-50
        s.outcome = "government"
        s.step = OVER
        s.queue = []
        return
    if window.offer(c, s, events, "turn_end"):  # CC-62: after monitoring
        return
    turn_end(c, s, events)

# ----------------------------------------------------- turn end (CC-51..CC-59)
def turn_end(c: Content, s: CCState, events: list[Event]) -> None:
    dropped = [p.building for p in s.proposals
               if p.kind == "construct" and p.status != DONE and p.building in s.display]
    for bid in dropped:  # CC-51: buildings proposed but not built are discarded
        s.display.remove(bid)
        s.gone.append(bid)
    if dropped:
        names = ", ".join(c.buildings[b].name for b in dropped)
        events.append(Event(f"Buildings proposed but not built are discarded: {names}.",
                            "discard"))
    refill(c, s)
    city.expand(c, s, events)  # CC-64
    s.queue = favor_queue(s)
    next_favor(c, s, events)

def end_round(c: Content, s: CCState, events: list[Event]) -> None:
    start = c.start["advanced" if s.advanced else "basic"]
    city.clean_up(c, s)  # CC-56
    s.proposals = []
    s.executed = 0
    s.sells_left = start.sell_markers
    s.relocates_left = start.relocate_markers
    s.spot = [min(SPOT_B, sp + 1) for sp in s.spot]  # CC-12
    if s.reached:  # CC-57
        s.outcome = "mayor"
        s.step = OVER
        elected = " and ".join(player_name(m) for m in mayors(s))
        events.append(Event(
            f"Round {s.round} is over and the council elects {elected} Mayor "
            f"({max(s.scores)} points).", "end"))
        return
    if s.term and s.round >= s.term:  # CC-58: a term the table chose
        s.outcome = "term"  # the government takes over: nobody wins
        s.step = OVER
        events.append(Event(
            "The council's term ends with no Mayor: the government takes over the city.",
            "end",
        ))
        return
    s.round += 1
    s.vacant_start = [o for o in range(len(OFFICES)) if o not in s.office]
    events.append(Event(f"Round {s.round} begins.", "round"))
    if not window.offer(c, s, events, "committees"):  # CC-62: cards may score from round 2
        window.go_on(s, "committees")  # on; `flow.settle` begins the committees


def favor_queue(s: CCState) -> list[int]:
    """Seats offered the turn-end window: everyone holding a Favor card, in turn order.

    CC-55: discarding is open in every round, round 1 included, where only scoring
    is forbidden (CC-52). The queue reads public facts only (hand sizes)."""
    return [m for m in council.turn_order(s) if m < s.players and s.hands[m]]


def next_favor(c: Content, s: CCState, events: list[Event]) -> None:
    if s.queue:
        s.step = TURN_END
        s.current = s.queue.pop(0)
        return
    end_round(c, s, events)


def mayors(s: CCState) -> list[int]:
    """CC-57 and CC-59: the most points makes the Mayor; among those tied on points
    the most private funds decide, and equal funds share the office."""
    best = max(s.scores)
    tied = [m for m in range(s.players) if s.scores[m] == best]
    richest = max(s.funds[m] for m in tied)
    return [m for m in tied if s.funds[m] == richest]
