"""Phase 7 (Influence City Council) and the City Councilor action of Phase 1.

Rule ids refer to RULES.md.
"""

from __future__ import annotations

from typing import Any

from borough.core.game import Action, Event
from borough.games.smallcity.build import name, send_home
from borough.games.smallcity.data import MATERIALS
from borough.games.smallcity.state import SmallCityState
from borough.games.smallcity.tables import Tables

ROWS = ("Industry", "Building", "Economy", "Tourism")
PAYS = ("money", "votes", "promise")
LAST = 4


def board(tb: Tables, st: SmallCityState) -> dict[str, Any]:
    return tb.content.council[st.council_side]


def can_pay(tb: Tables, st: SmallCityState, s: int, price: int, pay: str) -> bool:
    seat = st.seats[s]
    if pay == "money":
        return seat.money >= price
    if pay == "votes":
        return seat.votes >= price
    return st.mode != "basic" and len(st.special_deck) >= 1  # SC-A3


def choices(tb: Tables, st: SmallCityState, s: int, councilor: bool) -> list[Action]:
    """SC-78 to SC-81: advance one column, or (re)start a row in column 1."""
    seat = st.seats[s]
    prices = board(tb, st)["price"]
    entry = [pay for pay in PAYS if can_pay(tb, st, s, prices[0], pay)]  # one price per row
    out: list[Action] = []
    for d in (0, 1):
        row, col = seat.disc_row[d], seat.disc_col[d]
        if col >= LAST:
            continue  # SC-81: locked in the last column
        if row >= 0:
            for pay in PAYS:
                if can_pay(tb, st, s, prices[col], pay):
                    out.append(("advance", d, pay))
        if councilor and col > 0:
            continue  # the Councilor only moves a disc on by one column
        other = seat.disc_row[1 - d]
        for r in range(4):
            if r == other or (r == row and col == 0):
                continue
            for pay in entry:
                out.append(("enter", d, r, pay))
    out.append(("pass",))
    return out


def move_disc(tb: Tables, st: SmallCityState, s: int, action: Action,
              events: list[Event]) -> tuple[int, int, str]:
    seat = st.seats[s]
    if action[0] == "advance":
        d, pay = action[1], action[2]
        row, col = seat.disc_row[d], seat.disc_col[d] + 1
    else:
        d, row, pay = action[1], action[2], action[3]
        col = 1
    price = board(tb, st)["price"][col - 1]
    seat.disc_row[d] = row
    seat.disc_col[d] = col
    if pay == "money":
        seat.money -= price
        paid = f"${price}"
    elif pay == "votes":
        seat.votes -= price
        paid = f"{price} votes"
    else:
        paid = "a Special Promise"
    events.append(Event(f"{name(s)} moves to column {col} of the {ROWS[row]} row for {paid}.",
                        "council", s))
    return row, col, pay


def benefit_options(tb: Tables, st: SmallCityState, row: int, col: int) -> list[Any]:
    b = board(tb, st)
    options: list[Any]
    if row == 0:
        options = b["industry"][col - 1]
        return options
    if row == 2:
        return ["money", "votes"]
    return []


def give_materials(tb: Tables, st: SmallCityState, s: int, bundle: list[int],
                   events: list[Event]) -> None:
    """SC-82: taken from the reserve (forfeited when it runs out), then stored like
    production (`stores.settle`): lost where there is no room."""
    got = [0, 0, 0]
    for m in range(3):
        for _ in range(bundle[m]):
            if st.mats[m] > 0:
                st.mats[m] -= 1
                got[m] += 1
                st.seats[s].pending.append(s * 3 + m)
    what = ", ".join(f"{n} {MATERIALS[m]}" for m, n in enumerate(got) if n) or "nothing"
    events.append(Event(f"{name(s)} receives {what} from the Department of Industry.",
                        "council", s))


def give_economy(st: SmallCityState, s: int, amount: int, votes: bool,
                 events: list[Event]) -> None:
    seat = st.seats[s]
    if votes:
        seat.votes += amount
    else:
        seat.money += amount
    what = f"{amount} votes" if votes else f"${amount}"
    events.append(Event(f"{name(s)} receives {what} from the Department of Economy.",
                        "council", s))


def give_citizens(tb: Tables, st: SmallCityState, s: int, n: int, events: list[Event]) -> None:
    """SC-85: citizens from the reserve (Citizens victory: the Career Center) to City Hall."""
    seat = st.seats[s]
    got = 0
    for _ in range(n):
        if st.mode == "citizens":
            if seat.career <= 0:
                break
            seat.career -= 1
        else:
            if seat.reserve <= 0:
                break
            seat.reserve -= 1
        send_home(tb, seat)
        got += 1
    events.append(Event(f"{name(s)} welcomes {got} new citizen(s) from the Department of "
                        "Tourism.", "council", s))
