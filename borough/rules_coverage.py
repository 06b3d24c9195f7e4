"""Rules traceability: which RULES.md ids are named by which test files."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import borough
from borough.games import REGISTRY

RULE_LINE = re.compile(r"\*\*([A-Z]{2,4}-[A-Z]?\d+)\*\*")


@dataclass
class Coverage:
    game: str
    rules: list[str]
    tested: dict[str, list[str]]  # rule id -> test files naming it

    @property
    def missing(self) -> list[str]:
        return [r for r in self.rules if not self.tested.get(r)]


def rule_ids(rules_md: Path) -> list[str]:
    ids: list[str] = []
    for match in RULE_LINE.finditer(rules_md.read_text()):
        if match.group(1) not in ids:
            ids.append(match.group(1))
    return ids


def rules_file(game: str) -> Path:
    module = REGISTRY[game].split(":")[0]
    package = module.rsplit(".", 1)[0]
    return Path(__file__).resolve().parent.parent / Path(*package.split(".")) / "RULES.md"


def coverage(tests_dir: Path) -> list[Coverage]:
    texts = {
        str(p.relative_to(tests_dir)): p.read_text()
        for p in sorted(tests_dir.rglob("*.py"))
        if p.name != "test_rules_coverage.py"
    }
    out = []
    for game in borough.games():
        ids = rule_ids(rules_file(game))
        tested = {}
        for rid in ids:
            word = re.compile(rf"\b{re.escape(rid)}\b")
            tested[rid] = [name for name, text in texts.items() if word.search(text)]
        out.append(Coverage(game, ids, tested))
    return out
