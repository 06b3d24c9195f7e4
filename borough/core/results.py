"""How a finished game reports: its `Result` (scores and winners) and, for the
end screen, its scores in the parts they are the sum of (`Breakdown`, of
`ScorePart`s), which a game may tell by replaying its record (`MovesPlayed`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass
class Result:
    """Final scores per seat and the winning seats (several on a shared win).

    `winners` is empty only in a game everyone can lose together; such a result
    says so with `detail["everyone_loses"] = True`.
    """

    scores: list[int] | list[float]
    winners: list[int]
    detail: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners), "detail": self.detail}


class MovesPlayed(Protocol):
    """What `Game.breakdown` reads of a game's record (core.record.Record)."""

    players: int
    seed: int
    options: dict[str, Any]
    moves: list[tuple[int, Any]]


@dataclass(frozen=True)
class ScorePart:
    """One part of the final scores as the game's scoring summed it: its title, the
    RULES.md id that scores it ("" where none names it alone) and each seat's points."""

    title: str
    rule: str
    values: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "rule": self.rule, "values": list(self.values)}


@dataclass
class Breakdown:
    """Every seat's final score in the parts it is the sum of (each seat's parts add
    up to its score in `Result.scores`), the tie-break that decided, if one did, in
    words, and a solo score's place on the book's scale.

    `scale`, where a game rates a solo score: `steps` lists each rating's lowest
    score and title in rising order, `below` names a score under the lowest,
    `reached` the rating this score reached."""

    parts: list[ScorePart]
    tiebreak: str | None = None
    scale: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"parts": [p.to_json() for p in self.parts], "tiebreak": self.tiebreak,
                "scale": self.scale}

