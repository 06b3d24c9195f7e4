"""Measurements live on dated documentation pages, not in the rules.

Each game's RULES.md holds its rules, designed content and change list; no
section of it holds a table of measured figures. Each measurement page says,
for its figures, when they were recorded, at which commit, on which rules
version, and by which command."""

from __future__ import annotations

import datetime
import re
import subprocess
from pathlib import Path

import pytest

import borough
from borough import rulebook

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs" / "measurements").rglob("*.md"))
# A confidence interval or a share as measurements print them: [55.4%, 58.5%], [+0.8, +3.0].
INTERVAL = re.compile(r"\[[-+]?\d[\d.,]*%?, [-+]?\d[\d.,]*%?\]")
# The last four columns of a table of figures: | recorded | commit | rules version | command |
PROVENANCE = re.compile(r"^\|.*\| recorded \| commit \| rules version \| command \|$", re.M)
ROW = re.compile(r"^\|.*\| (\d{4}-\d\d-\d\d) \| `([0-9a-f]{7,40})` \| ([^|]+) \| ([^|]+) \|$",
                 re.M)
# A command cell names the command that reproduces its figure (in code type, or as a
# `borough` or `python` command line), or what was measured with which tool; a cell
# that only points back to the prose names nothing to run.
COMMAND = re.compile(r"`[^`]+`|\bborough |\bpython ")
PLACEHOLDER = re.compile(
    r"described in the (paragraph|text)|see (the )?(paragraph|text|above|below)", re.I)


def tables(lines: list[str]) -> list[str]:
    return [line for line in lines if line.lstrip().startswith("|")]


@pytest.mark.parametrize("name", borough.games())
def test_no_section_of_the_rules_holds_a_table_of_measurements(name):
    for section in rulebook.sections(rulebook.rules_text(name)):
        measured = [row for row in tables(section.lines) if INTERVAL.search(row)]
        assert not measured, f"{name}, section {section.title!r}: {measured[0]}"


def test_the_check_finds_a_measurement_table():
    text = "# T\n\n## Balance\n\n| seat | wins |\n|---|---|\n| 1 | 57.0% [55.4%, 58.5%] |\n"
    (section,) = [s for s in rulebook.sections(text) if s.title == "Balance"]
    assert [row for row in tables(section.lines) if INTERVAL.search(row)]


def command_names_a_run(cell: str) -> bool:
    return bool(COMMAND.search(cell)) and not PLACEHOLDER.search(cell)


def test_a_command_cell_that_points_to_the_prose_is_refused():
    assert not command_names_a_run(" described in the paragraph (no single command line) ")
    assert not command_names_a_run(" see the text ")
    assert not command_names_a_run(" measured by hand ")
    assert command_names_a_run(" `borough balance smallcity --games 240` ")
    assert command_names_a_run(" python benchmarks/bot_play.py --levels hard ")


@pytest.mark.parametrize("page", [p for p in PAGES if p.name not in ("index.md", "history.md")],
                         ids=lambda p: str(p.relative_to(ROOT / "docs" / "measurements")))
def test_each_measurement_page_says_when_where_on_which_rules_and_how(page):
    text = page.read_text()
    assert PROVENANCE.search(text), f"{page.name} has no table of where its figures come from"
    rows = ROW.findall(text)
    assert rows, page.name
    for date, commit, version, command in rows:
        assert datetime.date.fromisoformat(date) <= datetime.date.today(), (page.name, date)
        assert command_names_a_run(command), (page.name, commit, command)
        if not version.strip().startswith("any"):
            # game@N: the rules version the figure was measured on; the site adds
            # "(now M)" while the game's rules are at a later version M.
            pairs = [pair.split("@") for pair in version.strip().split(", ")]
            for game, number in pairs:
                assert game in borough.games(), (page.name, version)
                assert 1 <= int(number) <= borough.game(game).rules_version, (page.name, version)
        if (ROOT / ".git").exists():
            known = subprocess.run(["git", "cat-file", "-e", f"{commit}^{{commit}}"],
                                   cwd=ROOT, capture_output=True)
            assert known.returncode == 0, f"{page.name}: no commit {commit}"
