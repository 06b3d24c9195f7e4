"""A game's RULES.md read as a rulebook: its sections, and each rule by its id.

RULES.md ships inside each game's package (package data), so the rules can be
read wherever Borough is installed, not only in a source checkout.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources

from borough.games import REGISTRY

RULE_ID = re.compile(r"\*\*([A-Z]{2,4}-[A-Z]?\d+)\*\*")
RULE_START = re.compile(r"^(?:- )?\*\*([A-Z]{2,4}-[A-Z]?\d+)\*\*")
HEADING = re.compile(r"^(#{1,6})\s+(.*\S)\s*$")


@dataclass
class Section:
    """One heading of RULES.md with the lines under it (up to the next heading)."""

    number: int  # 0 is the title and the text before the first subheading
    level: int
    title: str
    lines: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.lines).strip("\n")

    @property
    def rule_ids(self) -> list[str]:
        return [m.group(1) for line in self.lines if (m := RULE_START.match(line))]


@dataclass
class Rule:
    id: str
    section: Section
    text: str


def package_of(game: str) -> str:
    if game not in REGISTRY:
        known = ", ".join(sorted(REGISTRY))
        raise ValueError(f"unknown game {game!r}; known games: {known}")
    return REGISTRY[game].split(":")[0].rsplit(".", 1)[0]


def rules_text(game: str) -> str:
    """The game's RULES.md, read from the installed package."""
    return (resources.files(package_of(game)) / "RULES.md").read_text(encoding="utf-8")


def sections(text: str) -> list[Section]:
    """Split RULES.md at its headings; the title heading and its preface are section 0."""
    found = [Section(0, 1, "", [])]
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        heading = None if fenced else HEADING.match(line)
        if heading and len(heading.group(1)) == 1 and len(found) == 1 and not found[0].title:
            found[0].title = heading.group(2)
        elif heading:
            found.append(Section(len(found), len(heading.group(1)), heading.group(2), []))
        else:
            found[-1].lines.append(line)
    return found


def rules(text: str) -> dict[str, Rule]:
    """Every rule by id: the lines from its bold id up to the next rule or heading."""
    found: dict[str, Rule] = {}
    for section in sections(text):
        starts = [(i, m.group(1)) for i, line in enumerate(section.lines)
                  if (m := RULE_START.match(line))]
        ends = [i for i, _ in starts[1:]] + [len(section.lines)] if starts else []
        for (begin, rule_id), end in zip(starts, ends, strict=True):
            body = "\n".join(section.lines[begin:end]).strip()
            found.setdefault(rule_id, Rule(rule_id, section, body))
    return found


def rule_ids(text: str) -> list[str]:
    """Every rule id RULES.md names in bold, in order of first mention."""
    return list(dict.fromkeys(m.group(1) for m in RULE_ID.finditer(text)))
