"""The move's own path takes exactly the bodies ActionRequest accepts as they are."""

from __future__ import annotations

import orjson
import pytest
from pydantic import ValidationError

from borough.server.move_path import parsed
from borough.server.schemas import ActionRequest

BODIES = [
    {"token": "t", "version": 3, "action": ["build", 2]},
    {"token": "t" * 100, "version": -1, "action": ["x" * 40]},
    {"token": "t" * 101, "version": 3, "action": ["build"]},
    {"token": "t", "version": True, "action": ["build"]},
    {"token": "t", "version": 3.0, "action": ["build"]},
    {"token": "t", "version": "3", "action": ["build"]},
    {"token": 5, "version": 3, "action": ["build"]},
    {"token": "t", "version": 3, "action": []},
    {"token": "t", "version": 3, "action": ["a"] * 8},
    {"token": "t", "version": 3, "action": ["a"] * 9},
    {"token": "t", "version": 3, "action": ["x" * 41]},
    {"token": "t", "version": 3, "action": [False]},
    {"token": "t", "version": 3, "action": [1.5]},
    {"token": "t", "version": 3, "action": [["nested"]]},
    {"token": "t", "version": 3, "action": "build"},
    {"token": "t", "version": 3, "action": ["build"], "extra": 1},
    {"token": "t", "version": 3},
    ["token", "version", "action"],
]


@pytest.mark.parametrize("body", BODIES)
def test_taken_only_when_the_model_takes_it(body: object) -> None:
    try:
        model = ActionRequest.model_validate(body)
    except ValidationError:
        model = None
    move = parsed(orjson.dumps(body))
    if model is None:
        assert move is None
    else:
        assert move == (model.token, model.version, tuple(model.action))


@pytest.mark.parametrize("raw", [b"", b"{", b'{"token": "t", "version": NaN, "action": [1]}',
                                 b'{"token": "t", "version": 99999999999999999999999, '
                                 b'"action": [1]}', b"\xff"])
def test_anything_unusual_is_left_to_fastapi(raw: bytes) -> None:
    assert parsed(raw) is None
