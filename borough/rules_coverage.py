"""Rules traceability: which RULES.md ids are named by which test files.

The tests live in a source checkout only, so the report needs one; `tests_folder`
finds it beside the package, or says that this installation has none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import borough
from borough import rulebook

NAMED_ID = re.compile(r"\b[A-Z]{2,4}-[A-Z]?\d+\b")
CHECKOUT = Path(borough.__file__).resolve().parent.parent
"""The folder holding the `borough` package: a source checkout has `tests/` here."""


@dataclass
class Coverage:
    game: str
    rules: list[str]
    tested: dict[str, list[str]]  # rule id -> test files naming it

    @property
    def missing(self) -> list[str]:
        return [r for r in self.rules if not self.tested.get(r)]


def rules_file(game: str) -> Path:
    return Path(str(resources.files(rulebook.package_of(game)) / "RULES.md"))


def tests_folder() -> Path | None:
    """The checkout's tests folder, or None when Borough is installed without one."""
    folder = CHECKOUT / "tests"
    return folder if (folder / "test_rules_coverage.py").is_file() else None


def coverage(tests_dir: Path) -> list[Coverage]:
    named = {  # test file -> every rule id it names
        str(p.relative_to(tests_dir)): set(NAMED_ID.findall(p.read_text()))
        for p in sorted(tests_dir.rglob("*.py"))
        if p.name != "test_rules_coverage.py"
    }
    out = []
    for game in borough.games.names():
        ids = rulebook.rule_ids(rulebook.rules_text(game))
        tested = {rid: [name for name, found in named.items() if rid in found] for rid in ids}
        out.append(Coverage(game, ids, tested))
    return out
