"""Rules versions: every game declares one, records carry it, and a record made
under other rules is refused by name before any move is tried."""

from __future__ import annotations

import json

import pytest

import borough
from borough.core import record as records
from borough.core.errors import CorruptData, RulesChanged
from borough.match import start


@pytest.mark.parametrize("name", borough.games())
def test_every_game_declares_a_whole_positive_rules_version(name):
    version = borough.game(name).rules_version
    assert type(version) is int and version >= 1


def _played(name: str = "ekopolis") -> records.Record:
    g = borough.game(name)
    m = start(g, g.player_counts()[0], 4, None)
    seat = g.to_act(m.state)[0]
    action = g.legal_actions(m.state, seat)[0]
    g.apply(m.state, seat, action)
    m.record.moves.append((seat, action))
    return m.record


def test_a_record_keeps_its_rules_version_through_a_save(tmp_path):
    rec = _played()
    assert rec.rules_version == borough.game("ekopolis").rules_version
    records.save(tmp_path / "g.json", rec)
    loaded, _ = records.load(tmp_path / "g.json")
    assert loaded.rules_version == rec.rules_version
    records.replay(borough.game("ekopolis"), loaded)  # same rules: replays


def test_a_record_from_other_rules_names_both_versions():
    g = borough.game("ekopolis")
    rec = _played()
    rec.rules_version = g.rules_version + 1
    dumped = json.loads(json.dumps(records.dump(rec)))
    parsed, _ = records.parse(dumped)  # the file itself is sound
    with pytest.raises(RulesChanged) as err:
        records.replay(g, parsed)
    text = str(err.value)
    assert f"rules version {g.rules_version + 1}" in text
    assert f"rules version {g.rules_version}" in text and g.title in text


def test_the_rules_version_is_guarded_by_the_digest():
    dumped = records.dump(_played())
    with pytest.raises(CorruptData, match="digest"):
        records.parse({**dumped, "rules_version": 99})


def test_a_format_1_record_was_made_under_rules_version_1():
    rec = _played()
    body = rec.body()
    body["version"] = 1
    del body["rules_version"]
    body["digest"] = records.digest(body)
    parsed, _ = records.parse(body)
    assert parsed.rules_version == 1


def test_a_record_of_another_game_is_refused_by_name():
    with pytest.raises(CorruptData, match="ekopolis record"):
        records.replay(borough.game("rondelcity"), _played())
