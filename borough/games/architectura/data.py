"""Component data of Architectura, read from `data/cards.toml`.

Another file with the same fields can be given to match a printed edition; it
is checked for what the rulebook fixes (12 basic and 6 additional cards per
colour, additional cards replacing basic cards of the same basic value).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

COLOURS = ("blue", "green", "yellow", "red")
KINDS = ("fixed", "x", "no", "grave")
TIMINGS = ("play", "end", "none")
EFFECTS = (
    "none", "protect", "swap", "restore", "statue", "reserve", "rotate_two", "rotate_each",
    "move", "arsenal", "copy", "limit4", "limit5", "graveyard", "laboratory", "city_hall",
    "manufactory",
)
CONDITIONS = ("", "pay_two", "right_of_own")
BASIC_CARDS = 12
ADVANCED_CARDS = 6
DEFAULT_FILE = Path(__file__).with_name("data") / "cards.toml"
NAME = "architectura"
PLAYER_COUNTS = (2, 3, 4)


@dataclass(frozen=True)
class Card:
    index: int  # 0-11 basic, 12-17 additional; the same in every colour
    key: str
    name: str
    advanced: bool
    sides: tuple[int, ...]
    basic: int
    kind: str
    protected: bool
    timing: str
    effect: str
    copyable: bool
    condition: str
    replaces: tuple[int, ...]  # basic card indices an additional card may replace
    text: str
    source: str

    def basic_label(self) -> str:
        """The basic value as printed: 4, X+1 or No.-2."""
        v = self.sides[self.basic]
        if self.kind == "fixed":
            return str(v)
        if self.kind == "grave":
            return "cards beside it"
        prefix = "X" if self.kind == "x" else "No."
        return f"{prefix}{v:+d}" if v else prefix


@dataclass(frozen=True)
class Content:
    """What the rules read besides the state: the cards, and the Obelisk's index
    (-1 in a card file without one), which every turn looks for in the deck."""

    cards: tuple[Card, ...]
    obelisk: int

    @classmethod
    def of(cls, cards: tuple[Card, ...]) -> Content:
        keys = {c.key: c.index for c in cards}
        return cls(cards, keys.get("obelisk", -1))


def load(path: Path = DEFAULT_FILE) -> tuple[Card, ...]:
    """The cards of a card file, or of a content folder's `cards.toml` (the whole
    content of this game)."""
    if path.is_dir():
        path = path / DEFAULT_FILE.name
    try:
        with path.open("rb") as fh:
            raw = tomllib.load(fh)["card"]
    except (OSError, tomllib.TOMLDecodeError, KeyError) as exc:
        raise ValueError(f"cannot read Architectura card file {path}: {exc}") from exc
    keys = [c["key"] for c in raw]
    cards: list[Card] = []
    for i, c in enumerate(raw):
        sides = tuple(int(v) for v in c["sides"])
        _check(c, sides)
        replaces = tuple(keys.index(k) for k in c.get("replaces", []))
        cards.append(Card(
            index=i, key=c["key"], name=c["name"], advanced=c["set"] == "advanced",
            sides=sides, basic=int(c["basic"]), kind=c["kind"],
            protected=bool(c.get("protected", False)), timing=c["timing"],
            effect=c["effect"], copyable=c["copyable"],
            condition=c.get("condition", ""), replaces=replaces, text=c["text"],
            source=c.get("source", ""),
        ))
    basics = [c for c in cards if not c.advanced]
    extras = [c for c in cards if c.advanced]
    if len(basics) != BASIC_CARDS or len(extras) != ADVANCED_CARDS:
        raise ValueError("Architectura needs 12 basic and 6 additional cards per colour")
    if cards[:BASIC_CARDS] != basics:
        raise ValueError("list the 12 basic cards before the 6 additional ones")
    for extra, c in zip(extras, raw[BASIC_CARDS:], strict=True):
        if not extra.replaces or any(cards[j].advanced for j in extra.replaces):
            raise ValueError(f"{extra.name} must name the basic cards it may replace")
        if not c.get("named", False):  # ARC-35: same basic value unless the text names it
            for j in extra.replaces:
                if _basic_value(cards[j]) != _basic_value(extra):
                    raise ValueError(f"{extra.name} and {cards[j].name} differ in basic value")
    return tuple(cards)


def _basic_value(card: Card) -> tuple[str, int]:
    return card.kind, card.sides[card.basic]


def _check(c: dict[str, Any], sides: tuple[int, ...]) -> None:
    name = c.get("name", "?")
    if c["kind"] not in KINDS or c["timing"] not in TIMINGS or c["effect"] not in EFFECTS:
        raise ValueError(f"card {name!r} has an unknown kind, timing or effect")
    if not isinstance(c.get("copyable"), bool):
        raise ValueError(f"card {name!r} must say whether the Smithy may copy it (copyable)")
    if c["copyable"] and c["timing"] != "play":
        raise ValueError(f"card {name!r}: only an effect resolved when played can be copied")
    if c.get("condition", "") not in CONDITIONS:
        raise ValueError(f"card {name!r} has an unknown play condition")
    if not sides or not 0 <= int(c["basic"]) < len(sides):
        raise ValueError(f"card {name!r} has no basic side among its sides")
    # ARC-9: the sides rise clockwise and wrap once from the highest to the lowest.
    drops = sum(1 for a, b in zip(sides, sides[1:] + sides[:1], strict=True) if b <= a)
    if len(sides) > 1 and (drops != 1 or len(set(sides)) != len(sides)):
        raise ValueError(f"card {name!r}: side values must rise clockwise with no repeats")
