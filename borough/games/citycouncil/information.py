"""What each seat of City Council sees, and samples of what it cannot see."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from borough.core import frames
from borough.core.rng import Rng
from borough.games.citycouncil import favors
from borough.games.citycouncil.data import Content
from borough.games.citycouncil.state import OVER, CCState, seat_now, step_now


# ------------------------------------------------------- information
def observe(c: Content, state: CCState, seat: int | None, to_act: list[int]) -> dict[str, Any]:
    """What `seat` sees (None: a spectator); everything once the game is over."""
    over = state.step == OVER
    chance = frames.top(state.frames)  # a Favor window, if one is open
    hands = []
    for s in range(state.players):
        mine = over or s == seat
        hands.append({
            "seat": s,
            "hand": sorted(state.hands[s]) if mine else None,
            "hand_size": len(state.hands[s]),
            "dealt": sorted(state.dealt[s]) if mine else None,
            "dealt_size": len(state.dealt[s]),
            "passed": sorted(state.passed[s]) if mine else None,
        })
    visible_discards = [
        card for card, owner in zip(state.discard, state.discard_owner, strict=True)
        if over or owner == -1 or owner == seat
    ]
    return {
        "game": "citycouncil",
        "mode": "advanced" if state.advanced else "basic",
        "players": state.players,
        "members": state.members,
        "round": state.round,
        "term": state.term or None,  # CC-58: the last round of a term, or none
        "step": step_now(state),
        "current": seat_now(state),
        "to_act": to_act,
        "chair": state.chair,
        "office": list(state.office),
        "spot": list(state.spot),
        "marked": list(state.marked),
        "vacant_start": list(state.vacant_start),
        "scores": list(state.scores),
        "funds": list(state.funds),
        "seats": hands,
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "discards_seen": visible_discards,
        "removed": list(state.removed),
        "budget": state.budget,
        "power": state.power,
        "goods": state.goods,
        "blue": state.blue,
        "white": state.white,
        "blue_free": state.blue_free,
        "white_free": state.white_free,
        "red": list(state.red),
        "grey": list(state.grey),
        "pink": list(state.pink),
        "board": list(state.board),
        "site_of": list(state.site_of),
        "display": list(state.display),
        "stack_sizes": [len(st) for st in state.stacks],
        "gone": list(state.gone),
        "proposals": [
            {"member": p.member, "kind": p.kind, "building": p.building, "site": p.site,
             "voters": list(p.voters), "funds": list(p.funds), "status": p.status}
            for p in state.proposals
        ],
        "pending": state.pending,
        "queue": list(state.queue),
        "sells_left": state.sells_left,
        "relocates_left": state.relocates_left,
        "executed": state.executed,
        "zones_on": list(state.zones_on),
        "activated": list(state.activated),
        "act_log": list(state.act_log),
        "acts_left": state.acts_left,
        "unemployed": state.unemployed,
        "reached": state.reached,
        "outcome": state.outcome,
        "open_hoods": list(state.open_hoods),
        # CC-62, CC-65: everyone sees that a Favor chance stopped the round, and where
        "interrupted": state.step if chance else "",
        "interruption": favors.chance_moment(state.step, chance.then) if chance else "",
        "key_holder": state.key_holder,
        "viewer": seat,
    }

# CC-61: which Favor card a member keeps or discards stays hidden; a scored card is
# seen by all (CC-54), and everything done on the board, in committee or in council
# is open.
SECRET_KINDS = frozenset({"keep", "discard"})


def public_action(action: tuple[Any, ...]) -> bool:
    """Whether every other seat may learn which action was chosen."""
    return action[0] not in SECRET_KINDS


def hidden_pool(state: CCState, seat: int) -> list[int]:
    others = [s for s in range(state.players) if s != seat]
    pool = list(state.deck)
    for s in others:
        pool += state.hands[s] + state.dealt[s]
    pairs = zip(state.discard, state.discard_owner, strict=True)
    pool += [card for card, owner in pairs if owner not in (-1, seat)]
    return pool

def hidden_parts(state: CCState, seat: int | None) -> tuple[Any, ...]:
    """What `seat` cannot see (None: what some seat cannot see), for undo: the Favor
    deck, the others' hands, dealt and let-pass cards, the discards it did not see
    and the order of the building stacks."""
    others = [s for s in range(state.players) if s != seat]
    cards = [(state.hands[s], state.dealt[s], state.passed[s]) for s in others]
    pairs = zip(state.discard, state.discard_owner, strict=True)
    unseen = [card for card, owner in pairs if owner not in (-1, seat)]
    return state.deck, cards, unseen, state.stacks


def chance_could_open(c: Content, apply: Callable[[CCState, int, tuple[Any, ...]], Any],
                      before: CCState, seat: int, action: tuple[Any, ...], after: CCState,
                      to_act: Callable[[CCState], tuple[int, ...]]) -> bool:
    """CC-62: whether `action` could have stopped the round for a Favor chance had
    the others held other cards. It is played again in the table most likely to
    stop: another seat holds every general card `seat` cannot see, and nobody has
    let a card pass. If that table goes on as the real one did, no hand could
    have made a difference."""
    if before.round < 2 and after.round < 2:
        return False
    others = [s for s in range(before.players) if s != seat]
    world = before.copy()
    general = set(c.general)
    unseen = sorted(set(hidden_pool(before, seat)) & general)
    first = others[0]
    world.hands[first] = sorted(set(world.hands[first]) | set(unseen))
    for s in others:
        world.passed[s] = []
    try:
        apply(world, seat, action)
    except (ValueError, KeyError, IndexError, AssertionError):
        return True
    return step_now(world) != step_now(after) or to_act(world) != to_act(after)


def has_hidden_information(c: Content, state: CCState, seat: int) -> bool:
    if state.step == OVER:
        return False
    if len(hidden_pool(state, seat)) > 1:
        return True
    return any(len(st) > 1 for st in state.stacks)

def determinize(c: Content, state: CCState, seat: int, rng: random.Random) -> CCState:
    """Redeal what `seat` cannot see: the Favor deck, others' cards, unseen discards
    and the order of the building stacks."""
    out = state.copy()
    if out.step == OVER:
        return out
    # sorted first, so the sample depends only on what the seat can see
    pool = sorted(hidden_pool(out, seat))
    rng.shuffle(pool)
    others = [s for s in range(out.players) if s != seat]
    for s in others:
        n = len(out.hands[s])
        out.hands[s], pool = pool[:n], pool[n:]
        n = len(out.dealt[s])
        out.dealt[s], pool = pool[:n], pool[n:]
        # CC-62: the sampled cards that hold now count as let pass, so a sample
        # offers no chance the real table would not
        out.passed[s] = favors.holding(c, out, s)
    for i, owner in enumerate(out.discard_owner):
        if owner not in (-1, seat):
            out.discard[i] = pool.pop()
    out.deck = pool
    for st in out.stacks:  # CC-5: in basic, starters stay above advanced tiles
        if out.advanced:
            st.sort()
            rng.shuffle(st)
            continue
        adv = sorted(b for b in st if c.buildings[b].set == "advanced")
        start = sorted(b for b in st if c.buildings[b].set != "advanced")
        rng.shuffle(adv)
        rng.shuffle(start)
        st[:] = adv + start
    out.rng = Rng(rng.getrandbits(64))
    return out
