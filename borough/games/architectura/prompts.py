"""Architectura: the decision a seat faces now, in one line a player would say."""

from __future__ import annotations

from borough.core.game import Action
from borough.games.architectura import steps
from borough.games.architectura.city import PER_COLOUR, space_name
from borough.games.architectura.data import Content
from borough.games.architectura.state import (
    CHOOSE,
    EFFECT,
    EMPTY,
    GRAVE,
    LAB,
    OVER,
    PAY,
    PLAY,
    SPARE,
    TUTOR,
    ArcState,
)


def prompt(c: Content, state: ArcState, seat: int, legal: list[Action] | None = None) -> str:
    """The decision `seat` faces; `legal`, its legal actions when already listed."""
    step = state.step
    if step == OVER:
        return "The game is over."
    if seat not in steps.to_act(state):
        return "Wait: another player is deciding."
    if legal is None:
        legal = steps.legal_actions(c, state, seat)
    optional = ("done",) in legal
    if step == CHOOSE:
        chosen = sum(1 for k in state.seats[seat].swaps if k >= 0)
        return (f"Build your deck: replace a basic card with an additional card of the same "
                f"value ({chosen} of {state.replacements} replaced), or declare your deck ready")
    if step == TUTOR:
        return ("Obelisk: put a card from your hand under your deck to take the Obelisk "
                "into your hand, or decline")
    if step == PLAY:
        if state.forced >= 0:
            return f"Manufactory: play a card from your hand on {space_name(state.forced)}"
        if legal == [("pass",)]:
            return "No card of yours can be played: pass"
        line = "Choose a card from your hand and an eligible space of the city to play it on"
        if ("swap_hand",) in legal:
            line += ", or swap your whole hand once this game"
        return line
    if step == PAY:
        # a Graveyard payment names its card: ("pay_grave", card)
        beside = any(a[0] == "pay_grave" for a in legal)
        grave = " or beside your Graveyard" if beside else ""
        return (f"Pay for the Magic Academy: remove a card from your hand{grave} "
                f"({state.paid} of 2 removed)")
    if step == SPARE:
        if state.spare == "arsenal":
            return ("Your Arsenal would destroy your own protected card: let it, or leave "
                    "the card untouched")
        return (f"Your new card would change your own protected card on "
                f"{space_name(state.target)}: let it, or leave it untouched")
    if step == LAB:
        return (f"{_owner(state.current)}'s Laboratory: play a card from your hand face down "
                "on an eligible space")
    if step == EFFECT:
        return f"{_source(c, state)}: {_effect(state, optional)}"
    raise ValueError(f"no prompt for the step {step!r}")


def _owner(seat: int) -> str:
    return f"Player {seat + 1}"


def _source(c: Content, state: ArcState) -> str:
    if state.src == GRAVE or not 0 <= state.src < len(state.cells):
        return "Your card's effect"
    code = state.cells[state.src]
    if code == EMPTY:
        return "Your card's effect"
    return f"Your {c.cards[code % PER_COLOUR].name}"


def _effect(state: ArcState, optional: bool) -> str:
    effect, or_not = state.effect, (", or use none" if optional else "")
    if effect == "protect":
        return f"choose one of your cards to protect with a protection token{or_not}"
    if effect == "swap":
        if state.target >= 0:
            return f"choose the card to swap with the one on {space_name(state.target)}"
        return f"choose a card to swap with a card next to it{or_not}"
    if effect == "restore":
        return f"choose the destroyed card next to it to turn face up again{or_not}"
    if effect == "reserve":
        return f"choose an empty space to reserve with a protection token{or_not}"
    if effect == "rotate_two":
        which = "a second card" if state.picks else "a card"
        stop = ", or stop" if optional else ""
        return f"choose {which} to rotate one side either way{stop}"
    if effect == "rotate_each":
        stop = ", or stop" if optional else ""
        return f"rotate one card of a player whose card you have not rotated yet{stop}"
    if effect == "move":
        if state.target >= 0:
            return f"choose where the card from {space_name(state.target)} goes"
        return f"choose the card next to it to move{or_not}"
    if effect == "copy":
        return f"choose the card next to it whose effect you copy{or_not}"
    if effect == "manufactory":
        return f"choose one of your cards to take back into your hand{or_not}"
    raise ValueError(f"no prompt for the effect {effect!r}")
