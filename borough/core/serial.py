"""Plain-data conversion for game states: dataclasses to JSON values and back.

Game states are dataclasses of ints, strings, lists, tuples and nested
dataclasses. `to_plain` turns one into JSON-ready values; `from_plain` reads it
back by the type hints, refusing anything that does not fit, so a corrupt save
never becomes a half-valid state.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any

from borough.core.errors import CorruptData
from borough.core.rng import Rng


def to_plain(value: Any, rng: bool = True) -> Any:
    """JSON-ready values; with rng=False generators are left out (None), to compare
    states by what they hold rather than by their future randomness."""
    if isinstance(value, bool | int | str | float) or value is None:
        return value
    if isinstance(value, Rng):
        return value.state if rng else None
    if isinstance(value, list | tuple):
        return [to_plain(v, rng) for v in value]
    if isinstance(value, dict):
        return {str(k): to_plain(v, rng) for k, v in value.items()}
    if dataclasses.is_dataclass(value):
        kind: type = type(value)
        return {f.name: to_plain(getattr(value, f.name), rng) for f in _fields(kind)}
    raise TypeError(f"cannot convert {type(value).__name__} to plain data")


@cache
def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(dataclasses.fields(cls))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_plain(tp: Any, data: Any, where: str = "state") -> Any:
    """Rebuild a value of type `tp` from plain data, or raise CorruptData."""
    origin = typing.get_origin(tp)
    if tp is Any:
        return data
    if tp is Rng:
        if type(data) is not int or data < 0:
            raise CorruptData(f"{where}: expected a generator state, got {data!r}")
        return Rng(data)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if data is None and type(None) in args:
            return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return from_plain(arg, data, where)
            except CorruptData:
                continue
        raise CorruptData(f"{where}: {data!r} fits none of {tp}")
    if tp in (int, str, bool, float):
        ok = type(data) is tp or (tp is float and type(data) is int)
        if not ok:
            raise CorruptData(f"{where}: expected {tp.__name__}, got {data!r}")
        return data
    if origin is list:
        if not isinstance(data, list):
            raise CorruptData(f"{where}: expected a list, got {type(data).__name__}")
        (arg,) = typing.get_args(tp)
        return [from_plain(arg, v, f"{where}[{i}]") for i, v in enumerate(data)]
    if origin is tuple:
        if not isinstance(data, list):
            raise CorruptData(f"{where}: expected a list, got {type(data).__name__}")
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_plain(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
        if len(args) != len(data):
            raise CorruptData(f"{where}: expected {len(args)} items, got {len(data)}")
        pairs = enumerate(zip(args, data, strict=True))
        return tuple(from_plain(a, v, f"{where}[{i}]") for i, (a, v) in pairs)
    if origin is dict:
        if not isinstance(data, dict):
            raise CorruptData(f"{where}: expected an object, got {type(data).__name__}")
        key_tp, val_tp = typing.get_args(tp)
        out = {}
        for k, v in data.items():
            try:
                key = int(k) if key_tp is int else k
            except ValueError as exc:
                raise CorruptData(f"{where}: bad key {k!r}") from exc
            out[key] = from_plain(val_tp, v, f"{where}.{k}")
        return out
    if dataclasses.is_dataclass(tp):
        build: Any = tp  # a dataclass type, built from its checked fields
        if not isinstance(data, dict):
            raise CorruptData(f"{where}: expected an object, got {type(data).__name__}")
        names = {f.name for f in _fields(build)}
        extra = set(data) - names
        missing = names - set(data)
        if extra or missing:
            raise CorruptData(
                f"{where}: fields do not match (missing {sorted(missing)}, unknown {sorted(extra)})"
            )
        hints = _hints(build)
        return build(**{n: from_plain(hints[n], data[n], f"{where}.{n}") for n in names})
    raise TypeError(f"no plain-data rule for {tp!r}")


def freeze(value: Any) -> Any:
    """Turn JSON lists into tuples, so an action read from JSON is hashable."""
    if type(value) is tuple:
        for part in value:  # a plain loop: this runs on every move applied
            if isinstance(part, list | tuple):
                break
        else:
            return value  # the common case, a flat action from legal_actions: no copy
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value
