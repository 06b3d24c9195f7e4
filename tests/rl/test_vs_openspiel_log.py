"""The OpenSpiel match benchmark's log: a run continues from the games it holds."""

import importlib.util
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
PATH = Path(__file__).parents[2] / "benchmarks" / "vs_openspiel.py"
spec = importlib.util.spec_from_file_location("vs_openspiel", PATH)
bench = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = bench  # its dataclasses look their module up
spec.loader.exec_module(bench)


def row(index: int, share: float, seconds: float = 0.1, same_leaf: bool = True) -> str:
    return json.dumps({"game": "rondelcity", "index": index, "seconds": seconds,
                       "same_leaf": same_leaf, "share": share, "margin": 3,
                       "ours": [100, 0.5], "theirs": [20, 0.5]})


def test_only_games_of_the_same_settings_are_kept(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    log.write_text("\n".join([row(0, 1.0), row(3, 0.0), row(1, 1.0, seconds=0.2),
                              row(2, 0.5, same_leaf=False)]) + "\n")
    kept = bench.logged(str(log), "rondelcity", 0.1, True)
    assert sorted(kept) == [0, 3]
    assert kept[0].share == 1.0 and kept[3].share == 0.0
    assert kept[0].ours == (100, 0.5)
    assert bench.logged(str(log), "architectura", 0.1, True) == {}


def test_no_log_means_nothing_played(tmp_path: Path) -> None:
    assert bench.logged(None, "rondelcity", 0.1, True) == {}
    assert bench.logged(str(tmp_path / "absent.jsonl"), "rondelcity", 0.1, True) == {}


def test_a_line_that_is_not_a_game_is_named(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    log.write_text(row(0, 1.0) + "\n" + json.dumps({"game": "rondelcity"}) + "\n")
    with pytest.raises(SystemExit, match="line 2"):
        bench.logged(str(log), "rondelcity", 0.1, True)
