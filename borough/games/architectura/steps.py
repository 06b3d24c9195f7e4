"""Architectura's steps: who decides in each, and the choices each offers.

One entry per step of `state.step`; the rules and the prompts read them from
here. The Play step's plays come from one generator (`turns._plays`), which the
fast check of a single play (`turns.play_ok`) narrows to that card and space.
"""

from __future__ import annotations

from collections.abc import Callable

from borough.core.errors import CorruptData
from borough.core.game import Action
from borough.games.architectura import effects, turns
from borough.games.architectura.data import Content
from borough.games.architectura.state import (
    CHOOSE,
    EFFECT,
    LAB,
    PAY,
    PLAY,
    SPARE,
    TUTOR,
    ArcState,
)

to_act = turns.to_act


def _play(c: Content, state: ArcState, seat: int) -> list[Action]:
    """ARC-4..ARC-10: a card and a space, the once-per-game swap, else a pass."""
    acts = turns.plays(c, state, seat)
    if state.forced < 0:
        if turns.can_swap(c, state, seat):
            acts.append(("swap_hand",))
        if not acts or acts == [("swap_hand",)]:
            acts.append(("pass",))
    return acts


def _pay(c: Content, state: ArcState, seat: int) -> list[Action]:
    """ARC-C14: a card from the hand or from beside the Graveyard."""
    data = state.seats[seat]
    acts: list[Action] = [("pay", t) for t in sorted(data.hand)]
    acts += [("pay_grave", t) for t in sorted(set(data.pile))]
    return acts


def _spare(c: Content, state: ArcState, seat: int) -> list[Action]:
    return [("affect",), ("spare",)]


def _tutor(c: Content, state: ArcState, seat: int) -> list[Action]:
    return [("tutor", t) for t in sorted(state.seats[seat].hand)] + [("done",)]


CHOICES: dict[str, Callable[[Content, ArcState, int], list[Action]]] = {
    PLAY: _play,
    EFFECT: effects.choices,
    SPARE: _spare,
    PAY: _pay,
    LAB: effects.lab_choices,
    TUTOR: _tutor,
    CHOOSE: turns.replace_choices,
}


def legal_actions(c: Content, state: ArcState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    choices = CHOICES.get(state.step)
    if choices is None:
        raise CorruptData(f"unknown step {state.step!r}")
    return choices(c, state, seat)
