"""A game's player's guide (GUIDE.md) and its lobby facts (about.toml).

Both ship inside each game's package, beside RULES.md. The guide is plain
Markdown that a documentation site can include as it stands; a picture is an
HTML comment that such a site hides and Borough's own readers replace:

    <!-- figure: players=2 seed=3 moves=8 focus=.cell | What the picture shows -->

The browser draws that position (the game set up with `players`, `seed` and
`options`, then `moves` moves chosen by the `agent` level) with the board's own
drawing code, framed on the parts `focus` selects; the terminal prints the
caption instead.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from borough.rulebook import package_of

FIGURE = re.compile(r"<!--\s*figure:(?P<spec>[^|]*)\|(?P<caption>.*?)-->", re.S)
RULE_ID = re.compile(r"\b([A-Z]{2,4}-[A-Z]?\d+)\b")
WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’.,-]*")
FIGURE_KEYS = {"players", "seed", "moves", "agent", "focus", "options"}
MAX_FIGURE_MOVES = 400


@dataclass(frozen=True)
class Figure:
    """One picture of a guide: a position to draw and the sentence under it."""

    caption: str
    players: int
    seed: int = 1
    moves: int = 0
    agent: str = "easy"
    focus: str = ""
    options: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"caption": self.caption, "players": self.players, "seed": self.seed,
                "moves": self.moves, "agent": self.agent, "focus": self.focus,
                "options": dict(self.options)}


def guide_text(game: str) -> str:
    """The game's GUIDE.md, read from the installed package."""
    return (resources.files(package_of(game)) / "GUIDE.md").read_text(encoding="utf-8")


def _figure(spec: str, caption: str) -> Figure:
    values: dict[str, str] = {}
    for part in spec.split():
        key, eq, value = part.partition("=")
        if not eq or key not in FIGURE_KEYS or not value:
            raise ValueError(f"figure setting {part!r}: expected one of "
                             f"{', '.join(sorted(FIGURE_KEYS))} as key=value")
        values[key] = value
    if "players" not in values:
        raise ValueError(f"figure {caption.strip()!r} names no player count (players=N)")
    options = dict(o.split(":", 1) for o in values.get("options", "").split(",") if ":" in o)
    moves = int(values.get("moves", "0"))
    if not 0 <= moves <= MAX_FIGURE_MOVES:
        raise ValueError(f"figure {caption.strip()!r}: moves must be 0-{MAX_FIGURE_MOVES}")
    return Figure(caption=" ".join(caption.split()), players=int(values["players"]),
                  seed=int(values.get("seed", "1")), moves=moves,
                  agent=values.get("agent", "easy"), focus=values.get("focus", ""),
                  options=options)


def figures(text: str) -> list[Figure]:
    """Every picture of a guide, in order; ValueError for a malformed marker."""
    return [_figure(m.group("spec"), m.group("caption")) for m in FIGURE.finditer(text)]


def for_terminal(text: str) -> str:
    """The guide with each picture replaced by its caption, as a line of its own."""
    return FIGURE.sub(lambda m: f"*[Picture: {' '.join(m.group('caption').split())}]*", text)


def words(text: str) -> int:
    """The words a reader reads: pictures' markers left out, captions too."""
    return len(WORD.findall(FIGURE.sub("", text)))


def named_rule_ids(text: str) -> list[str]:
    """The rule ids a guide names (SC-25, CC-58, RON-V6), in order of first mention."""
    return list(dict.fromkeys(RULE_ID.findall(FIGURE.sub("", text))))


@dataclass(frozen=True)
class About:
    """What the lobby says of a game, in players' words."""

    goal: str
    minutes: tuple[int, int]
    weight: str
    usual_players: int
    options: dict[str, dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {"goal": self.goal, "minutes": list(self.minutes), "weight": self.weight,
                "usual_players": self.usual_players, "options": self.options}


WEIGHTS = ("light", "medium-light", "medium", "medium-heavy", "heavy")


def about(game: str) -> About:
    """The game's about.toml: its goal in one line, length, weight, usual player
    count and the wording of each option's choices."""
    raw = (resources.files(package_of(game)) / "about.toml").read_text(encoding="utf-8")
    data = tomllib.loads(raw)
    low, high = data["minutes"]
    if data["weight"] not in WEIGHTS:
        raise ValueError(f"{game} about.toml: weight {data['weight']!r} is not one of {WEIGHTS}")
    options = {name: {"label": spec["label"], "choices": dict(spec["choices"])}
               for name, spec in data.get("options", {}).items()}
    return About(goal=" ".join(data["goal"].split()), minutes=(int(low), int(high)),
                 weight=data["weight"], usual_players=int(data["usual_players"]),
                 options=options)
