"""The words a game's observation spec is written in, and how each field becomes numbers.

Each game declares, in `borough/games/<game>/encoding.py`, one rule per field
of its observation (`SPEC`); the rules below turn those fields into numbers.
Sizes come from the game's public data, its option set and the player count
(read from the observation of a fresh setup), never from the state being
encoded, so the vector's shape is fixed for a (players, options) pair. The
vector itself (a numpy array) and the environments are `borough.rl`'s.

Every observation key must be named by the spec (encoded or skipped with a
reason); an unknown key or a value outside its declared bound raises
`EncodingError`, so a change to a game's observation cannot slip past unseen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

Out = Any
"""The vector a rule writes into: a float array (numpy's in `borough.rl`), zeroed."""


class EncodingError(ValueError):
    """An observation does not fit its game's encoder spec."""


@dataclass(frozen=True)
class Field:
    """One named slice of the vector: where it starts, how long it is, what it holds."""

    name: str
    start: int
    size: int
    meaning: str


Bound = int | Callable[[Any], int]
"""A size: a number, or a function of the encoder's Context."""


@dataclass(frozen=True)
class Context:
    """What sizes may depend on: the game, the player count and the options."""

    game: Any
    players: int
    options: Mapping[str, Any]

    def resolve(self, bound: Bound) -> int:
        return bound if isinstance(bound, int) else int(bound(self))


class Rule:
    """How one observation field becomes numbers."""

    meaning = ""

    def bind(self, ctx: Context, sample: Any) -> Rule:
        """A copy whose size is fixed; `sample` is the field in a fresh setup's observation."""
        return self

    def size(self) -> int:
        raise NotImplementedError

    def write(self, value: Any, out: Out, at: int, path: str) -> None:
        raise NotImplementedError

    def fields(self, name: str, start: int) -> list[Field]:
        return [Field(name, start, self.size(), self.meaning)]


class Num(Rule):
    """A number, divided by `scale`; nullable ones add a leading 'known' flag."""

    def __init__(self, scale: float = 1.0, nullable: bool = False, meaning: str = "") -> None:
        self.scale, self.nullable = scale, nullable
        self.meaning = meaning or (f"number / {scale:g}" if scale != 1 else "number")
        if nullable:
            self.meaning = f"[known, {self.meaning}]"

    def size(self) -> int:
        return 2 if self.nullable else 1

    def write(self, value: Any, out: Out, at: int, path: str) -> None:
        if value is None:
            if not self.nullable:
                raise EncodingError(f"{path} is null but declared as always known")
            return
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise EncodingError(f"{path} should be a number, not {value!r}")
        if self.nullable:
            out[at] = 1.0
            at += 1
        out[at] = value / self.scale


class Flag(Rule):
    meaning = "1 if true"

    def size(self) -> int:
        return 1

    def write(self, value: Any, out: Out, at: int, path: str) -> None:
        if not isinstance(value, bool):
            raise EncodingError(f"{path} should be true or false, not {value!r}")
        out[at] = float(value)


class Category(Rule):
    """One-hot over named values, with a last slot for a value the list lacks."""

    def __init__(self, values: tuple[str, ...] | Callable[[Context], tuple[str, ...]]) -> None:
        self.values = values
        self.index: dict[Any, int] = {}

    def bind(self, ctx: Context, sample: Any) -> Rule:
        values = tuple(self.values(ctx) if callable(self.values) else self.values)
        bound = Category(values)
        bound.index = {v: i for i, v in enumerate(values)}
        bound.meaning = "one-hot of " + ", ".join(repr(v) for v in values) + ", other"
        return bound

    def size(self) -> int:
        return len(self.index) + 1

    def write(self, value: Any, out: Out, at: int, path: str) -> None:
        out[at + self.index.get(value, len(self.index))] = 1.0


class Seat(Rule):
    """A seat number as a one-hot over the seats, with a last slot for none (-1 or null)."""

    players = 0  # set by `bind`

    def bind(self, ctx: Context, sample: Any) -> Rule:
        bound = Seat()
        bound.players = ctx.players
        bound.meaning = f"one-hot of seats 0..{ctx.players - 1}, then none"
        return bound

    def size(self) -> int:
        return self.players + 1

    def write(self, value: Any, out: Out, at: int, path: str) -> None:
        if value is None or value == -1:
            out[at + self.players] = 1.0
            return
        if type(value) is not int or not 0 <= value < self.players:
            raise EncodingError(f"{path} should be a seat number, not {value!r}")
        out[at + value] = 1.0


class Seats(Rule):
    """A set of seats (a list of seat numbers) as a multi-hot."""

    players = 0  # set by `bind`

    def bind(self, ctx: Context, sample: Any) -> Rule:
        bound = Seats()
        bound.players = ctx.players
        bound.meaning = f"1 for each listed seat of 0..{ctx.players - 1}"
        return bound

    def size(self) -> int:
        return self.players

    def write(self, value: Any, out: Out, at: int, path: str) -> None:
        if not isinstance(value, list):
            raise EncodingError(f"{path} should be a list of seats, not {value!r}")
        for s in value:
            if type(s) is not int or not 0 <= s < self.players:
                raise EncodingError(f"{path} lists {s!r}, which is not a seat")
            out[at + s] = 1.0


class Vector(Rule):
    """A list of numbers whose length is fixed for the setup (read from it, or given).

    Null entries become `fill`; a nullable list adds a leading 'known' flag.
    """

    def __init__(
        self,
        length: Bound | None = None,
        scale: float = 1.0,
        fill: float = -1.0,
        nullable: bool = False,
    ) -> None:
        self.length, self.scale, self.fill, self.nullable = length, scale, fill, nullable
        self.n = -1

    def bind(self, ctx: Context, sample: Any) -> Rule:
        bound = Vector(self.length, self.scale, self.fill, self.nullable)
        if self.length is not None:
            bound.n = ctx.resolve(self.length)
        elif isinstance(sample, list):
            bound.n = len(sample)
        else:
            raise EncodingError("a list's length must be given where setup leaves it null")
        scaled = f" / {self.scale:g}" if self.scale != 1 else ""
        bound.meaning = f"{bound.n} numbers{scaled} (null -> {self.fill:g})"
        if self.nullable:
            bound.meaning = f"known flag, then {bound.meaning}"
        return bound

    def size(self) -> int:
        return self.n + (1 if self.nullable else 0)

    def write(self, value: Any, out: Out, at: int, path: str) -> None:
        if value is None and self.nullable:
            return
        if not isinstance(value, list) or len(value) != self.n:
            raise EncodingError(f"{path} should be a list of {self.n} numbers, not {value!r}")
        if self.nullable:
            out[at] = 1.0
            at += 1
        for i, x in enumerate(value):
            if x is None:
                out[at + i] = self.fill
            elif isinstance(x, int | float):
                out[at + i] = float(x) / self.scale
            else:
                raise EncodingError(f"{path}[{i}] should be a number, not {x!r}")


class IdSet(Rule):
    """A list of ids below a bound as counts per id (a multi-hot for sets).

    A nullable list (hidden from this seat) adds a leading 'known' flag.
    """

    def __init__(self, bound: Bound, nullable: bool = False, offset: int = 0) -> None:
        self.bound, self.nullable, self.offset = bound, nullable, offset
        self.n = -1

    def bind(self, ctx: Context, sample: Any) -> Rule:
        bound = IdSet(self.bound, self.nullable, self.offset)
        bound.n = ctx.resolve(self.bound)
        bound.meaning = f"count of each id 0..{bound.n - 1}"
        if self.nullable:
            bound.meaning = f"known flag, then {bound.meaning}"
        return bound

    def size(self) -> int:
        return self.n + (1 if self.nullable else 0)

    def write(self, value: Any, out: Out, at: int, path: str) -> None:
        if value is None and self.nullable:
            return
        if not isinstance(value, list):
            raise EncodingError(f"{path} should be a list of ids, not {value!r}")
        if self.nullable:
            out[at] = 1.0
            at += 1
        for x in value:
            i = x + self.offset if type(x) is int else -1
            if not 0 <= i < self.n:
                raise EncodingError(f"{path} holds {x!r}, outside ids 0..{self.n - 1}")
            out[at + i] += 1.0


class Rows(Rule):
    """A list of up to `limit` items, each encoded by `item`; first slot is the length.

    `limit` may be `"players"` for a list with one entry per seat (then no length slot).
    A nullable list adds a 'known' flag after the length slot.
    """

    def __init__(
        self, item: Rule | Mapping[str, Rule], limit: Bound | str, nullable: bool = False
    ) -> None:
        self.item = item if isinstance(item, Rule) else Record(item)
        self.limit, self.nullable = limit, nullable
        self.n, self.per_seat = -1, limit == "players"

    def bind(self, ctx: Context, sample: Any) -> Rule:
        bound = Rows(self.item, self.limit, self.nullable)
        bound.n = ctx.players if self.per_seat else ctx.resolve(self.limit)  # type: ignore[arg-type]
        items = [x for x in sample if x is not None] if isinstance(sample, list) else []
        bound.item = self.item.bind(ctx, items[0] if items else None)
        return bound

    def _head(self) -> int:
        return (0 if self.per_seat else 1) + (1 if self.nullable else 0)

    def size(self) -> int:
        return self._head() + self.n * self.item.size()

    def write(self, value: Any, out: Out, at: int, path: str) -> None:
        if value is None and self.nullable:
            return
        if not isinstance(value, list) or len(value) > self.n:
            raise EncodingError(f"{path} should be a list of at most {self.n}, not {value!r}")
        if self.per_seat and len(value) != self.n:
            raise EncodingError(f"{path} should have one entry per seat")
        if not self.per_seat:
            out[at] = float(len(value))
        if self.nullable:
            out[at + (0 if self.per_seat else 1)] = 1.0
        at += self._head()
        step = self.item.size()
        for i, x in enumerate(value):
            if x is not None:
                self.item.write(x, out, at + i * step, f"{path}[{i}]")

    def fields(self, name: str, start: int) -> list[Field]:
        out = []
        if not self.per_seat:
            out.append(Field(f"{name}#count", start, 1, f"entries listed (at most {self.n})"))
        if self.nullable:
            out.append(Field(f"{name}#known", start + self._head() - 1, 1, "1 if shown"))
        at = start + self._head()
        label = "seat" if self.per_seat else "entry"
        for i in range(self.n):
            out += self.item.fields(f"{name}[{label} {i}]", at + i * self.item.size())
        return out


class Pairs(Rule):
    """A JSON object from integer keys to numbers, as up to `limit` (key, value) pairs."""

    def __init__(self, limit: Bound) -> None:
        self.limit = limit
        self.n = -1

    def bind(self, ctx: Context, sample: Any) -> Rule:
        bound = Pairs(self.limit)
        bound.n = ctx.resolve(self.limit)
        bound.meaning = f"count, then up to {bound.n} (key, value) pairs in key order"
        return bound

    def size(self) -> int:
        return 1 + 2 * self.n

    def write(self, value: Any, out: Out, at: int, path: str) -> None:
        if not isinstance(value, dict) or len(value) > self.n:
            raise EncodingError(f"{path} should map at most {self.n} keys, not {value!r}")
        out[at] = float(len(value))
        for i, key in enumerate(sorted(value, key=int)):
            out[at + 1 + 2 * i] = float(int(key))
            out[at + 2 + 2 * i] = float(value[key])


class Tally(Rule):
    """A list of objects counted by the category in one key (other keys are left out)."""

    def __init__(
        self, key: str, values: Callable[[Context], tuple[str, ...]], left_out: str
    ) -> None:
        self.key, self.values, self.left_out = key, values, left_out
        self.index: dict[Any, int] = {}

    def bind(self, ctx: Context, sample: Any) -> Rule:
        bound = Tally(self.key, self.values, self.left_out)
        values = tuple(self.values(ctx))
        bound.index = {v: i for i, v in enumerate(values)}
        bound.meaning = (
            f"count of entries per {self.key} ({', '.join(values)}, other); "
            f"left out: {self.left_out}"
        )
        return bound

    def size(self) -> int:
        return len(self.index) + 1

    def write(self, value: Any, out: Out, at: int, path: str) -> None:
        if not isinstance(value, list):
            raise EncodingError(f"{path} should be a list, not {value!r}")
        for item in value:
            if item is None:
                continue
            if not isinstance(item, dict) or self.key not in item:
                raise EncodingError(f"{path} holds {item!r}, which has no {self.key!r}")
            out[at + self.index.get(item[self.key], len(self.index))] += 1.0


class Optional(Rule):
    """A field that is null for some viewers: a 'known' flag, then `rule`'s numbers."""

    def __init__(self, rule: Rule | Mapping[str, Rule]) -> None:
        self.rule = rule if isinstance(rule, Rule) else Record(rule)

    def bind(self, ctx: Context, sample: Any) -> Rule:
        return Optional(self.rule.bind(ctx, sample))

    def size(self) -> int:
        return 1 + self.rule.size()

    def write(self, value: Any, out: Out, at: int, path: str) -> None:
        if value is None:
            return
        out[at] = 1.0
        self.rule.write(value, out, at + 1, path)

    def fields(self, name: str, start: int) -> list[Field]:
        return [Field(f"{name}#known", start, 1, "1 if shown"), *self.rule.fields(name, start + 1)]


class Skip(Rule):
    """A field deliberately left out, with the reason."""

    def __init__(self, reason: str) -> None:
        self.meaning = f"not encoded: {reason}"

    def size(self) -> int:
        return 0

    def write(self, value: Any, out: Out, at: int, path: str) -> None:
        return

    def fields(self, name: str, start: int) -> list[Field]:
        return []


class Either(Rule):
    """A field that is a number in some steps and a list in others (first slots: which)."""

    def __init__(self, number: Rule, listed: Rule) -> None:
        self.number, self.listed = number, listed

    def bind(self, ctx: Context, sample: Any) -> Rule:
        listed_sample = sample if isinstance(sample, list) else None
        number_sample = None if isinstance(sample, list) else sample
        return Either(self.number.bind(ctx, number_sample), self.listed.bind(ctx, listed_sample))

    def size(self) -> int:
        return 1 + self.number.size() + self.listed.size()

    def write(self, value: Any, out: Out, at: int, path: str) -> None:
        if isinstance(value, list):
            out[at] = 1.0
            self.listed.write(value, out, at + 1 + self.number.size(), path)
        else:
            self.number.write(value, out, at + 1, path)

    def fields(self, name: str, start: int) -> list[Field]:
        return [
            Field(f"{name}#is_list", start, 1, "1 when the field is a list"),
            *self.number.fields(f"{name}#number", start + 1),
            *self.listed.fields(f"{name}#list", start + 1 + self.number.size()),
        ]


class Record(Rule):
    """A JSON object: every key must be named, each by its own rule, in the spec's order."""

    def __init__(self, spec: Mapping[str, Rule], optional: tuple[str, ...] = ()) -> None:
        self.spec = dict(spec)
        self.optional = set(optional)
        self.offsets: dict[str, int] = {}
        self.total = 0  # set by `bind`

    def bind(self, ctx: Context, sample: Any) -> Rule:
        sample = sample if isinstance(sample, dict) else {}
        bound = Record(
            {k: r.bind(ctx, sample.get(k)) for k, r in self.spec.items()}, tuple(self.optional)
        )
        at = 0
        for key, rule in bound.spec.items():
            bound.offsets[key] = at
            at += rule.size()
        bound.total = at
        return bound

    def size(self) -> int:
        return self.total

    def write(self, value: Any, out: Out, at: int, path: str) -> None:
        if not isinstance(value, dict):
            raise EncodingError(f"{path or 'the observation'} should be an object")
        unknown = [k for k in value if k not in self.spec]
        if unknown:
            raise EncodingError(
                f"{path or 'the observation'} has field {unknown[0]!r}, which the encoder "
                "spec does not name; add a rule for it in its game's encoding.py"
            )
        for key, rule in self.spec.items():
            if key not in value:
                if key in self.optional:
                    continue
                raise EncodingError(f"{path}.{key} is missing from the observation")
            rule.write(value[key], out, at + self.offsets[key], f"{path}.{key}")

    def fields(self, name: str, start: int) -> list[Field]:
        out: list[Field] = []
        for key, rule in self.spec.items():
            out += rule.fields(f"{name}.{key}" if name else key, start + self.offsets[key])
        return out
