"""`borough review FILE`: the decisions of a saved game that cost each seat the most."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from borough.agents import review as reviews
from borough.cli.base import Failure, app, err, examples, friendly, say
from borough.cli.options import Content, content_game
from borough.core import record as records
from borough.core.errors import CorruptData
from borough.match import resume


@app.command("review", epilog=examples("review game.json", "review game.json --seat 1 --json"))
@friendly
def review_command(
    file: Annotated[Path, typer.Argument(help="A game record saved with `play --save`.")],
    seat: Annotated[list[int] | None, typer.Option(
        "--seat", help="Review only this seat (1, 2, ...); repeat for more. Default: all.")
    ] = None,
    seconds: Annotated[float, typer.Option(
        min=0.1, max=3600, help="CPU seconds the review may take; decisions beyond are "
                                "left unjudged.")] = 60.0,
    samples: Annotated[int, typer.Option(
        min=1, max=16, help="States sampled per decision, from what the seat could see."
    )] = 2,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON summary.")] = False,
    content: Content = None,
) -> None:
    """Replay a saved game and mark, for each seat, the three decisions that cost
    it the most, with the move that was better and about how much it cost."""
    try:
        record, _ = records.load(file)
        game = content_game(record.game, content)
        resume(game, record)  # refuses a record that does not replay here, naming why
    except CorruptData as exc:
        raise Failure(f"{file}: {exc}") from None
    chosen = None if not seat else [s - 1 for s in seat]
    try:
        with Progress(TextColumn("Reviewing"), BarColumn(), MofNCompleteColumn(),
                      console=err, transient=True, disable=as_json) as bar:
            task = bar.add_task("review", total=None)
            found = reviews.review(game, record, chosen, samples, seconds,
                                   lambda done, total: bar.update(task, completed=done,
                                                                  total=total))
    except ValueError as exc:
        raise Failure(str(exc)) from None
    if as_json:
        print(json.dumps(reviews.as_json(found)))
        return
    say(f"{game.title}, judged by {found.reviewer} on {found.samples} sampled states "
        "per decision; cost out of 100 for how the game goes for the seat.")
    for s in found.seats:
        judged, decisions = found.judged[s], found.decisions[s]
        within = "" if judged == decisions else f" (of {decisions}: the budget ran out)"
        say(f"Player {s + 1}: {judged} decisions with a choice judged{within}.")
        if not found.mistakes[s]:
            say("  None cost anything measurable.")
        for k, m in enumerate(found.mistakes[s], start=1):
            say(f"  {k}. Decision {m.number}, {m.prompt}: played {m.played}; "
                f"better: {m.better} (about {100 * m.cost:.1f}).")
