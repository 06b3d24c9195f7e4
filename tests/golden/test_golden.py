"""Every game replays its golden traces byte for byte (see traces.py).

A failure names the game, player count, options, seed and the first move that
differs. Regenerating (`scripts/golden.py GAME`) is right only when the game's
rules changed, and a rules change raises `rules_version`; this test tells the
two cases apart.
"""

from __future__ import annotations

import pytest

import borough
from borough.core.game import Option
from tests.golden import traces


@pytest.mark.parametrize("name", borough.games())
def test_golden_traces_reproduce(name):
    game = borough.game(name)
    assert traces.path(name).exists(), (
        f"{name} has no golden traces; write them with scripts/golden.py {name}")
    stored = traces.read(name)
    if stored["rules_version"] != game.rules_version:
        pytest.fail(f"regenerate the golden traces of {name}: rules version "
                    f"{stored['rules_version']} -> {game.rules_version} "
                    f"(scripts/golden.py {name})")
    assert (stored["seeds"], stored["digits"], stored["move_cap"]) == (
        list(traces.SEEDS), traces.DIGITS, traces.MOVE_CAP.get(name)), (
        f"the golden traces of {name} were written with other settings; "
        f"scripts/golden.py {name} writes them again")
    by_key = {traces.stored_key(name, t): t for t in stored["traces"]}
    wanted = traces.cases(name)
    missing = [c.label() for c in wanted if c.key() not in by_key]
    extra = sorted(set(by_key) - {c.key() for c in wanted})
    assert not missing and not extra, (
        f"the golden traces of {name} cover other cases than its player counts and "
        f"option sets: missing {missing}, no longer a case {extra}; "
        f"scripts/golden.py {name} adds and drops these and keeps the rest")
    differences = []
    for case in wanted:
        difference = traces.first_difference(by_key[case.key()], traces.play(case))
        if difference is not None:
            differences.append(difference)
    assert not differences, (
        f"{len(differences)} golden trace(s) of {name} changed at rules version "
        f"{game.rules_version}; if the rules changed on purpose, raise rules_version "
        "and regenerate:\n" + "\n".join(differences))


def test_a_changed_move_is_named():
    """The comparison finds a changed hash and names that move, not a later one."""
    case = traces.cases("ekopolis")[0]
    trace = traces.play(case)
    stored = trace.to_json()
    assert traces.first_difference(stored, trace) is None
    d = traces.DIGITS
    steps = stored["steps"]
    stored["steps"] = steps[:5 * d] + "0" * d + steps[6 * d:]
    message = traces.first_difference(stored, trace)
    assert message is not None and "first difference at move 5," in message
    assert case.label() in message
    stored["steps"] = steps[:-d]
    assert "goes on past move" in (traces.first_difference(stored, trace) or "")
    stored["steps"] = steps
    stored["result"] = {"scores": [], "winners": [], "detail": {}}
    assert "result differs" in (traces.first_difference(stored, trace) or "")


def test_rules_version_mismatch_asks_for_regeneration(monkeypatch):
    game = borough.game("ekopolis")
    stored = traces.read("ekopolis")
    monkeypatch.setattr(type(game), "rules_version", stored["rules_version"] + 1)
    with pytest.raises(pytest.fail.Exception) as failure:
        test_golden_traces_reproduce("ekopolis")
    assert str(failure.value) == (
        f"regenerate the golden traces of ekopolis: rules version "
        f"{stored['rules_version']} -> {stored['rules_version'] + 1} "
        "(scripts/golden.py ekopolis)")


def test_a_new_option_keeps_the_traces_at_its_default(monkeypatch):
    """A trace stored before an option existed names the case with that option at
    its default, so adding an option adds traces and keeps (and checks) the old."""
    game = borough.game("ekopolis")
    pace = Option("pace", ("calm", "brisk"), "calm", "an option for this test")
    monkeypatch.setattr(type(game), "option_list", (*game.option_list, pace))
    stored = {traces.stored_key("ekopolis", t) for t in traces.read("ekopolis")["traces"]}
    now = {c.key() for c in traces.cases("ekopolis")}
    assert stored < now and len(now) == 2 * len(stored)
