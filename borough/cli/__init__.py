"""The `borough` command, one module per group of verbs.

- `play.py`     games, play, replay, simulate
- `serve.py`    serve
- `admin.py`    admin (accounts)
- `arena.py`    arena
- `balance.py`  balance
- `content.py`  content export and check
- `review.py`   review
- `rules.py`    rules and coverage

What the verbs share is public: `base.py` (the Typer app, the consoles, clear
failures, options in words), `options.py` (`--content`), `runs.py` (running many
games), `progress.py`, and for a person at the table `human.py` and `preview.py`.
Importing the package registers every verb, in the order `--help` lists them.
"""

from __future__ import annotations

# The order of these imports is the order `borough --help` lists the verbs in.
# isort: off
from borough.cli import play  # noqa: F401 - games, play, replay, simulate
from borough.cli import serve  # noqa: F401
from borough.cli import admin  # noqa: F401
from borough.cli import arena  # noqa: F401
from borough.cli import balance  # noqa: F401
from borough.cli import content  # noqa: F401
from borough.cli import review  # noqa: F401
from borough.cli import rules  # noqa: F401 - rules and coverage, after the rest
# isort: on
from borough.cli.base import app


def main() -> None:
    app()


__all__ = ["app", "main"]
