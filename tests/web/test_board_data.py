"""Every part of a game's data its board scripts read is in the content the server sends.

The content is read off the game object (web/content.py) plus the game's own
extras, so moving a table inside a game can silently take it from the board;
this catches that without a browser."""

from __future__ import annotations

import re

import pytest

from borough.web.content import STATIC, content

GAMES = ["architectura", "citycouncil", "ekopolis", "rondelcity", "smallcity"]
READ = re.compile(r"\bdata\.([a-z_]+)")


def reads(game: str) -> set[str]:
    """The names a game's board scripts read from the content's `data`."""
    names: set[str] = set()
    for script in sorted((STATIC / "boards").glob(f"{game}*.js")):
        names |= set(READ.findall(script.read_text()))
    return names


@pytest.mark.parametrize("game", GAMES)
def test_the_board_finds_every_table_it_reads_in_the_content(game: str) -> None:
    wanted = reads(game)
    assert wanted, f"no board script of {game} reads the content"
    missing = wanted - set(content(game)["data"])
    assert not missing, f"{game}'s board reads {sorted(missing)}, which the content lacks"
