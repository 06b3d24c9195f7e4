"""Where a state's seeded generators stand: the walk `Game.generators` makes by
default, over the whole state, finding every `Rng` in a fixed order. A move
that changes their positions drew at random."""

from __future__ import annotations

import dataclasses
from typing import Any

from borough.core.rng import Rng


def generator_positions(state: Any) -> list[int]:
    """The positions of every seeded generator in a state, in a fixed order."""
    found: list[int] = []
    stack = [state]
    kinds = _KINDS
    while stack:
        value = stack.pop()
        kind = kinds.get(type(value))
        if kind is None:
            kind = _kind(type(value))
        if kind is _LEAF:
            continue
        if kind is _RNG:
            found.append(value.state)
        elif kind is _SEQUENCE:
            stack.extend(reversed(value))
        elif kind is _MAPPING:
            stack.extend(value[k] for k in sorted(value, key=repr))
        else:  # a dataclass: its fields' names, last first
            stack.extend(getattr(value, name) for name in kind)
    return found


# What `generator_positions` does with a value depends on its type alone: the answer is
# kept per type, so a walk over a large state asks `dataclasses` once per class.
# A dataclass's kind is its fields' names; the others are these markers.
_LEAF, _RNG, _SEQUENCE, _MAPPING = object(), object(), object(), object()
_KINDS: dict[type, Any] = {t: _LEAF for t in (int, str, float, bool, type(None))}


def _kind(cls: type) -> Any:
    if issubclass(cls, Rng):
        kind = _RNG
    elif issubclass(cls, list | tuple):
        kind = _SEQUENCE
    elif issubclass(cls, dict):
        kind = _MAPPING
    elif dataclasses.is_dataclass(cls) and not issubclass(cls, type):
        kind = tuple(f.name for f in reversed(dataclasses.fields(cls)))
    else:
        kind = _LEAF
    _KINDS[cls] = kind
    return kind
