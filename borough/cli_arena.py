"""`borough arena`: tournaments between agents, rated and tabled."""

from __future__ import annotations

import csv
import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from borough.arena import content as contents
from borough.arena import runner
from borough.arena.jobs import Job, check_agent, default_workers
from borough.arena.results import ResultsFile
from borough.cli_base import Failure, app, err, examples, find_game, friendly, out, say
from borough.cli_content import Content, content_folder
from borough.cli_progress import GamesProgress

if TYPE_CHECKING:
    from borough.arena.tournament import Arena

Workers = Annotated[
    int | None,
    typer.Option("--workers", "-w", min=1,
                 help="Local worker processes (with --ray local: the CPUs Ray may use). "
                      "Default: this machine's cores."),
]
Ray = Annotated[
    str | None,
    typer.Option("--ray", metavar="ADDRESS",
                 help="Run the games as Ray tasks: 'local' starts Ray here; 'auto' or "
                      "ray://HOST:PORT joins a running cluster."),
]
def play_all(title: str, jobs: list[Job], on_result: runner.OnResult, workers: int | None,
             ray: str | None, quiet: bool) -> float:
    """Run the jobs with a progress line; the wall-clock seconds they took."""
    if ray not in (None, "local") and workers is not None:
        raise Failure("--workers goes with --ray local only: a cluster has its own CPUs")
    started = time.perf_counter()
    with GamesProgress(err, title, len(jobs), disable=quiet) as progress:

        def keep(result: dict[str, Any]) -> None:
            on_result(result)
            progress.advance()

        try:
            runner.run_jobs(jobs, keep, workers or default_workers(), ray)
        except (ValueError, ConnectionError) as exc:
            raise Failure(str(exc)) from None
    return time.perf_counter() - started


def agent_list(spec: str) -> tuple[str, ...]:
    names = tuple(dict.fromkeys(a.strip() for a in spec.split(",") if a.strip()))
    for name in names:
        try:
            check_agent(name)
        except ValueError as exc:
            raise Failure(str(exc)) from None
    return names


@app.command(
    "arena",
    epilog=examples(
        "arena --game smallcity --players 2 --agents random,easy --games 2 -w 1",
        "arena -g architectura --agents random,easy -n 2 --resume arena.jsonl",
        "arena -g ekopolis --agents easy,random --format gauntlet -n 1 --json",
    ) + "\n\n  Your own agent: --agents mypackage.bots:MyBot,medium. On a Ray cluster: "
        "add --ray auto or --ray ray://HOST:10001; --ray local starts Ray here.",
)
@friendly
def arena_command(
    game_name: Annotated[str, typer.Option("--game", "-g", help="A game name (see `games`).")],
    agents: Annotated[
        str,
        typer.Option(help="Comma-separated agents: registered names (random, easy, medium, "
                     "hard, ...) or module:Class with a choose(view) method."),
    ],
    games: Annotated[
        int,
        typer.Option("--games", "-n", min=1,
                     help="Deals per lineup; each deal is played once per seat rotation."),
    ] = 10,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as KEY=VALUE.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first deal; then seed+1, ...")] = 0,
    format_: Annotated[
        str,
        typer.Option("--format", help="round-robin (every table of agents) or gauntlet "
                     "(the first agent against each other one)."),
    ] = "round-robin",
    workers: Workers = None,
    ray: Ray = None,
    resume: Annotated[
        Path | None,
        typer.Option(help="Append each result to FILE as it comes; if FILE holds an "
                     "earlier run of the same arena, play only the games it lacks."),
    ] = None,
    content: Content = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the table as JSON.")] = False,
    csv_file: Annotated[
        Path | None, typer.Option("--csv", metavar="FILE", help="Also write the table as CSV.")
    ] = None,
) -> None:
    """Play a tournament between agents and rate them (OpenSkill, with uncertainty)."""
    from borough.arena import tournament  # OpenSkill: loaded only by the verb that rates
    from borough.cli import _options, _players

    game = find_game(game_name)
    n = _players(game, players)
    names = agent_list(agents)
    if format_ not in tournament.FORMATS:
        raise Failure(f"--format is one of {', '.join(tournament.FORMATS)}, not {format_!r}")
    if len(names) < 2:
        raise Failure("an arena needs at least two different agents")
    try:
        options = game.resolve_options(n, _options(option))
    except ValueError as exc:
        raise Failure(str(exc)) from None
    arena = tournament.Arena(game.name, n, names, games, seed, options, format_,
                             content_folder(game.name, content))
    jobs = arena.jobs()
    results: dict[str, dict[str, Any]] = {}
    store: ResultsFile | None = None
    if resume is not None:
        try:
            store = ResultsFile(resume, arena.plan()).open()
        except (ValueError, OSError) as exc:
            raise Failure(str(exc)) from None
        results.update(store.done)
        if store.done and not as_json:
            say(f"{len(store.done)} of {len(jobs)} games already in {resume}; playing the rest.")
    pending = [job for job in jobs if job.key not in results]

    def keep(result: dict[str, Any]) -> None:
        results[result["key"]] = result
        if store is not None:
            store.add(result)

    try:
        seconds = play_all(f"{game.title} arena", pending, keep, workers, ray, as_json)
    except KeyboardInterrupt:
        kept = (f"{len(results)} games are in {resume}: the same command continues"
                if resume is not None else "nothing was kept (--resume FILE keeps each game)")
        err.print(f"Stopped; {kept}.", highlight=False, markup=False, soft_wrap=True)
        raise typer.Exit(130) from None
    finally:
        if store is not None:
            store.close()
    rows = tournament.standings(arena, list(results.values()))
    if csv_file is not None:
        _write_csv(csv_file, rows)
    summary = {**arena.plan(), "games": len(results), "played_now": len(pending),
               "games_per_second": len(pending) / seconds if pending and seconds else None,
               "content_digest": contents.digest_of(game.name, arena.content),
               "standings": rows}
    if as_json:
        print(json.dumps(summary))
        return
    out.print(_table(game.title, arena, rows, len(results)))
    if pending:
        say(f"{len(pending)} games in {seconds:.1f} s ({len(pending) / seconds:.2f} games/s).")


def _table(title: str, arena: Arena, rows: list[dict[str, Any]], games: int) -> Table:
    table = Table(title=f"{title}, {arena.players} players, {arena.format}: {games} games",
                  caption="Rating: OpenSkill Plackett-Luce mu - 3 sigma. Intervals: 95%. "
                          f"A seat wins {arena.players and 1 / arena.players:.0%} by chance.")
    for col in ("Agent", "Rating", "mu ± sigma", "Games", "Win share (95%)",
                "Margin (95%)"):
        table.add_column(col, justify="left" if col == "Agent" else "right")
    for r in rows:
        table.add_row(
            r["agent"], f"{r['rating']:.1f}", f"{r['mu']:.1f} ± {r['sigma']:.1f}",
            str(r["games"]),
            f"{r['win_share']:.0%} ({r['win_share_low']:.0%}–{r['win_share_high']:.0%})",
            f"{r['margin']:+.1f} ({r['margin_low']:+.1f}–{r['margin_high']:+.1f})",
        )
    return table


def _write_csv(path: Path, rows: list[dict[str, Any]]) -> None:
    try:
        with path.open("w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    except OSError as exc:
        raise Failure(f"cannot write {path}: {exc.strerror or exc}") from None
import borough.cli_balance  # noqa: E402, F401 - registers `balance` and `content`
