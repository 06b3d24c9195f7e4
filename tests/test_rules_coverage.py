"""Every rule id in every registered game's RULES.md is named by some test."""

from pathlib import Path

import pytest

import borough
from borough.rules_coverage import coverage, rules_file

TESTS = Path(__file__).resolve().parent


@pytest.mark.parametrize("name", borough.games())
def test_every_rule_has_a_test(name):
    assert rules_file(name).is_file(), f"{name} has no RULES.md"
    (report,) = [c for c in coverage(TESTS) if c.game == name]
    assert report.rules, f"{name}'s RULES.md names no rule ids"
    assert not report.missing, f"rules of {name} named by no test: {report.missing}"
