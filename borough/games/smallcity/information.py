"""What each seat sees (SC-4, SC-25): observations and determinisation.
"""

from __future__ import annotations

import random
from typing import Any

from borough.core.rng import Rng
from borough.core.serial import to_plain
from borough.games.smallcity.standing import standing
from borough.games.smallcity.state import (
    BUILD,
    OVER,
    Seat,
    SmallCityState,
)
from borough.games.smallcity.tables import Tables
from borough.games.smallcity.terms import LEVELS
from borough.games.smallcity.turns import to_act


def public_seat(tb: Tables, st: SmallCityState, s: int, viewer: int | None,
                shown: Seat | None = None) -> dict[str, Any]:
    """Seat `s` as `viewer` sees it (`shown`: that borough in place of the one the
    viewer sees)."""
    over = st.phase == OVER
    seat = st.seats[s]
    if shown is not None:
        seat = shown
    elif st.phase == BUILD and st.snapshot and viewer != s:
        seat = st.snapshot[s]  # SC-25: the screen hides this Build phase
    tiles = [
        None if t is None else {
            "type": tb.types[t.type].key, "cells": list(t.cells), "marks": list(t.marks),
            "stock": list(t.stock), "fresh": t.fresh,
        }
        for t in seat.tiles
    ]
    mine = viewer == s or over
    out = {
        "seat": s, "money": seat.money, "votes": seat.votes, "pollution": seat.pollution,
        "career": seat.career, "reserve": seat.reserve, "hall_citizens": seat.hall_citizens,
        "hall_mats": list(seat.hall_mats), "zone": seat.zone,
        "side": seat.side, "zone_size": tb.zone(seat, seat.zone),
        "disc_row": list(seat.disc_row),
        "disc_col": list(seat.disc_col), "card": seat.card, "built": list(seat.built),
        "tiles": tiles, "grid": list(seat.grid), "occ": list(seat.occ),
        "down": list(seat.down), "cemeteries": list(seat.cemeteries),
        "generated": seat.generated, "produced": seat.produced,
        "eliminated": seat.eliminated, "revenue": seat.revenue,
        "in_play_total": seat.in_play_total, "special_count": len(seat.specials),
        "promise_deck": (
            tb.content.promises[seat.promise - 1].deck if seat.promise > 0 else -1
        ),
        "promise": seat.promise if mine else None,
        "offered": list(seat.offered) if viewer == s else None,
        "specials": list(seat.specials) if mine else None,
        "built_now": seat.built_now, "demolished": seat.demolished,
        "expanded": seat.expanded, "finished": st.seats[s].bstep == "done",
        # SC-45: whether a seat has used every build is public
        "builds_spent": st.phase == BUILD and st.seats[s].builds_spent(),
        "log": list(seat.log) if viewer == s else None,
        "owe": list(seat.owe) if viewer == s or st.phase != BUILD else None,
        "pending": list(seat.pending),
        # the seat's own Promise progress and score now, for its eyes only
        "standing": standing(tb, st, s) if viewer == s and not over else None,
    }
    return out


def _seen(tb: Tables, st: SmallCityState, s: int, viewer: int | None,
          others: dict[int, dict[str, Any]] | None) -> dict[str, Any]:
    if others is None:
        return public_seat(tb, st, s, viewer)
    seen = others.get(s)
    if seen is None:
        seen = others[s] = _public(tb, st, s)
    if s != viewer:
        return seen
    seat = st.seats[s]
    if st.phase == BUILD and st.snapshot:  # the others see the seat as it was
        seen = _public(tb, st, s, seat)  # and the seat itself as it is
    # The seat sees itself as the others do, and what is for its eyes alone.
    return {**seen, "promise": seat.promise, "offered": list(seat.offered),
            "specials": list(seat.specials), "log": list(seat.log), "owe": list(seat.owe),
            "standing": _standing(tb, st, s, seen) if st.phase != OVER else None}


# Promise conditions measured on other boroughs too (scoring.measure)
_ACROSS = frozenset(("in_play", "workers", "tourists"))


def _standing(tb: Tables, st: SmallCityState, s: int, seen: dict[str, Any]) -> dict[str, Any]:
    """`standing` of seat `s`, whose borough as it stands `_public` has just shown as
    `seen`: remembered beside it while the standing reads that borough alone (no
    Special Promise, which others may meet too, and no Promise condition measured
    on other boroughs)."""
    seat = st.seats[s]
    memo = seat.__dict__.get("_public")
    if memo is None or memo[2] is not seen or seat.specials or (
            seat.promise > 0 and any(
                t[0] in _ACROSS for t in tb.content.promises[seat.promise - 1].test)):
        return standing(tb, st, s)
    known = memo[3]
    if known is None or known[0] != st.mode:
        known = memo[3] = (st.mode, standing(tb, st, s))
    out: dict[str, Any] = known[1]
    return out


def _public(tb: Tables, st: SmallCityState, s: int, seat: Seat | None = None
            ) -> dict[str, Any]:
    """`public_seat` of seat `s` as any other seat sees it (with `seat`, the seat's
    borough as it stands, which behind the Build phase's screen only the seat itself
    sees), remembered on the borough shown: a move changes one borough or none, and
    the next state's observer answers the others from what the last one wrote.

    The memory holds a copy of the borough it was written from and is used only
    while the borough equals it, so a borough changed in place is written anew;
    `_standing` keeps the seat's standing in it too."""
    build = st.phase == BUILD
    own = st.seats[s]
    shown = seat if seat is not None else (
        st.snapshot[s] if build and st.snapshot else own)
    # what else `public_seat` reads of the state
    key = (id(tb), st.phase == OVER, build, own.bstep == "done", build and own.builds_spent(),
           seat is not None)
    memo = shown.__dict__.get("_public")
    if memo is not None and memo[0] == key and memo[1] == shown:
        known: dict[str, Any] = memo[2]
        return known
    # with `seat`: as the others would see it without the screen (its own parts follow)
    out = public_seat(tb, st, s, None, seat)
    kept = shown.copy()
    kept.__dict__.pop("_public", None)  # not a chain of every earlier borough's memory
    shown.__dict__["_public"] = [key, kept, out, None]
    return out


def observe(tb: Tables, state: SmallCityState, seat: int | None,
            others: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
    """What `seat` sees. With `others`, what every audience sees alike is kept there
    and shared by the observations of one state: the table's own part (`_common`,
    kept as `others[-1]`) and each seat's public part as any other seat (or a
    spectator) sees it, the same for every viewer but that seat itself."""
    if others is None:
        common = _common(state)
    else:
        common = others.get(-1)  # type: ignore[assignment]
        if common is None:
            common = others[-1] = _common(state)
    return _observe(tb, state, seat, others, common)


def _common(st: SmallCityState) -> dict[str, Any]:
    """The table as a spectator sees it, but for the seats: every key of an
    observation, in order, each seat's own parts written over it (`_observe`)."""
    mats = st.mats[:]
    if st.phase == BUILD and st.snapshot:
        mats = st.snap_mats[:]  # the reserve as it was when the screens went up
    return {
        "game": "smallcity", "players": st.players, "side": st.side,
        "council_side": st.council_side, "mode": st.mode, "level": LEVELS[st.level],
        "round": st.round, "phase": st.phase,
        "step": st.step,
        "current": st.current, "to_act": list(to_act(st)), "order": list(st.order),
        "turn": st.turn, "host": st.host, "prev_host": st.prev_host, "mayor": st.mayor,
        "next_host": st.next_host,
        "circle": [c if t != -3 else -1 for c, t in zip(st.circle, st.taken, strict=False)],
        "taken": list(st.taken), "last_pos": st.last_pos, "supply": st.supply[:],
        "mats": mats,
        "deck_sizes": [len(d) for d in st.decks], "special_deck_size": len(st.special_deck),
        "sel": list(st.sel),
        "build_mode": st.build_mode, "build_size": list(st.build_size),
        "council": list(st.council),
        "draw": len(st.draw),
        "killers": list(st.killers), "kills_left": st.kills_left,
        "picked": list(st.picked), "start_occ": [list(o) for o in st.start_occ],
        "chosen": list(st.chosen),
        "seats": None,
        "viewer": None,
    }


def _observe(tb: Tables, st: SmallCityState, seat: int | None,
             others: dict[int, dict[str, Any]] | None, common: dict[str, Any]
             ) -> dict[str, Any]:
    out = common.copy()  # the keys keep their order when written over
    if seat is not None:
        if st.phase == BUILD:  # only the viewer's own step shows
            own = st.seats[seat]
            out["step"], out["sel"] = own.bstep, list(own.bsel)
            if st.snapshot:
                # the tile stacks are in the open (SC-25); materials paid back into
                # the reserve behind a screen are seen by that seat only
                out["mats"] = [x + own.returned[m] for m, x in enumerate(st.snap_mats)]
        if st.current == seat:
            out["draw"] = list(st.draw)
    out["seats"] = [_seen(tb, st, s, seat, others) for s in range(st.players)]
    out["viewer"] = seat
    return out


class Screened:
    """A borough behind the Build phase's screen, for undo: compared as plain data
    (`to_plain`), the quick way first. Two seats equal as dataclasses are equal as
    plain data, and a move leaves the other seats' boroughs as they were, so the
    whole borough is written out only when the quick answer is no."""

    __slots__ = ("seat",)

    def __init__(self, seat: Seat) -> None:
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Screened):
            return NotImplemented
        return self.seat == other.seat or to_plain(self.seat) == to_plain(other.seat)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Screened({to_plain(self.seat)!r})"


def hidden_parts(state: SmallCityState) -> tuple[Any, ...]:
    """For undo: the Promise and Special Promise decks, what each seat was
    offered, kept or drew, the Action cards (solo: the next round's lie face
    down) and, in the screened Build phase, every borough and the shared
    supply (what others took behind their screens)."""
    promises = [(s.promise, s.offered, s.specials) for s in state.seats]
    screened = None
    if state.phase == BUILD:
        screened = ([Screened(s) for s in state.seats], state.supply, state.mats)
    return (state.decks, state.special_deck, state.draw, promises, state.chosen,
            state.circle, screened)


def hidden_from(state: SmallCityState, seat: int) -> tuple[Any, ...]:
    """For undo: the hidden parts less the seat's own Promises, its own drawn
    cards and, behind the Build phase's screen, its own borough (what it pays
    back into the reserve there is seen by it alone, SC-25)."""
    others = [s for o, s in enumerate(state.seats) if o != seat]
    promises = [(s.promise, s.offered, s.specials) for s in others]
    screened = None
    if state.phase == BUILD:
        screened = [Screened(s) for s in others]
    draw = None if state.current == seat else state.draw
    return (state.decks, state.special_deck, draw, promises, state.chosen,
            state.circle, screened)


def has_hidden_information(state: SmallCityState, seat: int) -> bool:
    if state.phase == OVER:
        return False
    if len(_unknown_promises(state, seat)) > 1:
        return True
    return len(state.special_deck) + sum(
        len(s.specials) for i, s in enumerate(state.seats) if i != seat
    ) > 1


def _unknown_promises(st: SmallCityState, seat: int) -> list[int]:
    seen = set(st.seats[seat].offered)
    out = [n for d in st.decks for n in d if n not in seen]
    for o, other in enumerate(st.seats):
        if o != seat:
            out += [n for n in other.offered if n not in seen] if not st.chosen[o] else (
                [other.promise] if other.promise > 0 else []
            )
    return out


def determinize(tb: Tables, state: SmallCityState, seat: int, rng: random.Random
                ) -> SmallCityState:
    """Redeal what `seat` cannot see and undo the others' screened building."""
    out = state.copy()
    if out.phase == OVER:
        return out
    others = [o for o in range(out.players) if o != seat]
    if out.phase == BUILD and out.snapshot:
        for o in others:
            for m in range(3):
                out.mats[m] -= out.seats[o].returned[m]
            now = out.seats[o]
            out.seats[o] = out.snapshot[o].copy()
            out.seats[o].promise = now.promise
            out.seats[o].offered = now.offered
            out.seats[o].specials = now.specials
            # whether a seat has finished, or used every build, is public (SC-45);
            # what it did is not
            out.seats[o].bstep = "done" if now.bstep == "done" else "build"
            if now.builds_spent():
                out.seats[o].built_now = 3
            out.seats[o].bsel = [-1, -1, -1, -1]
    seen = set(out.seats[seat].offered)
    for d in range(3):
        slots: list[tuple[str, int, int]] = []
        for i, n in enumerate(out.decks[d]):
            if n not in seen:
                slots.append(("deck", d, i))
        for o in others:
            other = out.seats[o]
            if out.chosen[o]:
                if other.promise > 0 and tb.content.promises[other.promise - 1].deck == d:
                    slots.append(("kept", o, 0))
            else:
                for i, n in enumerate(other.offered):
                    if tb.content.promises[n - 1].deck == d:
                        slots.append(("offer", o, i))
        values = sorted(_slot(out, sl) for sl in slots)
        rng.shuffle(values)
        for sl, v in zip(slots, values, strict=False):
            _set_slot(out, sl, v)
    for o in others:
        if out.chosen[o]:
            out.seats[o].offered = [out.seats[o].promise]
    pool = out.special_deck[:]
    for o in others:
        pool += out.seats[o].specials
    if out.current != seat:
        pool += out.draw
    pool.sort()
    rng.shuffle(pool)
    out.special_deck = pool[: len(out.special_deck)]
    pool = pool[len(out.special_deck):]
    for o in others:
        k = len(out.seats[o].specials)
        out.seats[o].specials, pool = pool[:k], pool[k:]
    if out.current != seat:
        out.draw = pool[: len(out.draw)]
    if out.players == 1 and out.round % 2 == 1 and out.taken[4:] == [-3] * 4:
        hidden = sorted(out.circle[4:])  # SC-S2: next round's cards lie face down
        rng.shuffle(hidden)
        out.circle[4:] = hidden
    out.snapshot = [snap.copy() for snap in out.snapshot]  # shared with `state`
    for o, snap in enumerate(out.snapshot):  # the copy must not keep the true cards
        snap.promise = out.seats[o].promise
        snap.offered = out.seats[o].offered[:]
        snap.specials = out.seats[o].specials[:]
    out.rng = Rng(rng.getrandbits(64))
    return out


def _slot(st: SmallCityState, sl: tuple[str, int, int]) -> int:
    kind, o, i = sl
    if kind == "deck":
        return st.decks[o][i]
    if kind == "kept":
        return st.seats[o].promise
    return st.seats[o].offered[i]


def _set_slot(st: SmallCityState, sl: tuple[str, int, int], v: int) -> None:
    kind, o, i = sl
    if kind == "deck":
        st.decks[o][i] = v
    elif kind == "kept":
        st.seats[o].promise = v
    elif kind == "offer":
        st.seats[o].offered[i] = v
