"""The interrupt frame stack and the next-seat helper (borough/core/frames.py, seats.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from borough.core import frames
from borough.core.errors import CorruptData
from borough.core.frames import Frame
from borough.core.seats import next_seat
from borough.core.serial import from_plain, to_plain


@dataclass
class Held:
    step: str
    current: int
    frames: list[Frame]


def test_the_top_frame_decides_and_popping_returns_to_the_turn():
    s = Held("place", 2, [])
    assert frames.top(s.frames) is None
    assert (frames.step_now(s.frames, s.step), frames.seat_now(s.frames, s.current)) == (
        "place", 2)
    frames.push(s.frames, Frame("effect", 2, about=7))
    frames.push(s.frames, Frame("favor", 0, then="resolve", asks=[1]))
    assert (frames.step_now(s.frames, s.step), frames.seat_now(s.frames, s.current)) == (
        "favor", 0)
    assert frames.pop(s.frames).then == "resolve"
    assert frames.step_now(s.frames, s.step) == "effect"
    assert frames.pop(s.frames).about == 7
    assert (frames.step_now(s.frames, s.step), frames.seat_now(s.frames, s.current)) == (
        "place", 2)
    with pytest.raises(ValueError):
        frames.pop(s.frames)


def test_a_frame_asks_its_seats_in_order():
    f = Frame("favor", 3, asks=[0, 2])
    assert frames.ask_next(f) and f.seat == 0
    assert frames.ask_next(f) and f.seat == 2
    assert not frames.ask_next(f) and f.seat == 2


def test_frames_copy_apart_and_round_trip_as_plain_data():
    stack = [Frame("favor", 1, then="plans", asks=[2, 0])]
    twin = frames.copy(stack)
    twin[0].asks.pop()
    assert stack[0].asks == [2, 0]
    plain = to_plain(Held("keep", 1, stack))
    assert from_plain(Held, plain) == Held("keep", 1, stack)
    plain["frames"][0]["asks"] = ["x"]
    with pytest.raises(CorruptData):
        from_plain(Held, plain)


def test_check_refuses_unknown_steps_parts_and_seats():
    frames.check([Frame("effect", 2)], 3, ("effect",))
    for bad in (Frame("place", 0), Frame("effect", 3), Frame("effect", 0, asks=[-1]),
                Frame("effect", 0, then="resolve")):
        with pytest.raises(CorruptData):
            frames.check([bad], 3, ("effect",))


def test_next_seat_goes_clockwise_past_seats_that_are_out():
    assert [next_seat(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert next_seat(3, 4, out={0, 1}) == 2
    assert next_seat(1, 3, out={2}) == 0
    assert next_seat(1, 3, out={1, 2}) == 0
    assert next_seat(0, 3, out={0, 1, 2}) == -1
