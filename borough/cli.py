"""The `borough` command: list, play, replay and simulate games."""

from __future__ import annotations

import functools
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

import borough
from borough import match as matches
from borough.agents import AGENT_NAMES, make_agent
from borough.agents.base import Agent
from borough.cli_human import HumanAgent
from borough.core import record as records
from borough.core.errors import CorruptData
from borough.core.game import Game
from borough.games import render

app = typer.Typer(
    help="Borough: city-building board games to play, replay and study.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console()
err = Console(stderr=True)


class Failure(Exception):
    """A user-facing error: printed as one line, exit status 1, never a traceback."""


def friendly(command: Callable[..., None]) -> Callable[..., None]:
    """Turn a Failure inside a command into a message and exit status 1."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> None:
        try:
            command(*args, **kwargs)
        except Failure as exc:
            err.print(f"error: {exc}", highlight=False, markup=False)
            raise typer.Exit(1) from None

    return run


def _game(name: str) -> Game:
    try:
        return borough.game(name)
    except ValueError as exc:
        raise Failure(str(exc)) from None


def _options(pairs: list[str] | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise Failure(f"--option takes KEY=VALUE, not {pair!r}")
        options[key.strip()] = value.strip()
    return options


def _agents(spec: str | None, players: int, seed: int, interactive: bool) -> list[Agent]:
    if spec is None:
        names = ["human"] + ["random"] * (players - 1) if interactive else ["random"] * players
    else:
        names = [n.strip() for n in spec.split(",") if n.strip()]
        if len(names) == 1:
            names = names * players
    if len(names) != players:
        raise Failure(f"--agents names {len(names)} seats, but the game has {players}")
    agents: list[Agent] = []
    for seat, name in enumerate(names):
        if name == "human":
            agents.append(HumanAgent(out))
            continue
        try:
            agents.append(make_agent(name, matches.seat_seed(seed, seat)))
        except ValueError:
            known = ", ".join(("human", *AGENT_NAMES))
            raise Failure(f"unknown agent {name!r}; choose from {known}") from None
    return agents


def _players(game: Game, players: int | None) -> int:
    if players is None:
        return game.player_counts()[0]
    if players not in game.player_counts():
        allowed = ", ".join(map(str, game.player_counts()))
        raise Failure(f"{game.title} is for {allowed} players, not {players}")
    return players


def _summary(game: Game, m: matches.Match) -> dict[str, Any]:
    result = m.result()
    return {
        "game": game.name,
        "seed": m.record.seed,
        "players": m.record.players,
        "options": m.record.options,
        "scores": result.scores,
        "winners": result.winners,
        "actions": len(m.record.moves),
    }


def _print_result(game: Game, summary: dict[str, Any]) -> None:
    table = Table(title=f"{game.title}: final scores")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    table.add_column("")
    for seat, score in enumerate(summary["scores"]):
        mark = "winner" if seat in summary["winners"] else ""
        table.add_row(f"Player {seat + 1}", str(score), mark)
    out.print(table)
    out.print(f"{summary['actions']} decisions; seed {summary['seed']}")


@app.command("games")
@friendly
def games_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List every game with its player counts and options."""
    data = []
    for name in borough.games():
        g = borough.game(name)
        data.append({"name": name, "title": g.title, "players": list(g.player_counts()),
                     "options": g.options()})
    if as_json:
        print(json.dumps(data, indent=1))
        return
    table = Table(title="Borough games")
    for col in ("Game", "Title", "Players", "Options"):
        table.add_column(col)
    for d in data:
        opts = "\n".join(
            f"{k}={'|'.join(map(str, v['choices']))} (default {v['default']}): {v['help']}"
            for k, v in d["options"].items()
        )
        table.add_row(d["name"], d["title"], ", ".join(map(str, d["players"])), opts or "-")
    out.print(table)


@app.command("play")
@friendly
def play_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="A game name (see `games`).")],
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the game's randomness.")] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as KEY=VALUE.")
    ] = None,
    agents: Annotated[
        str | None,
        typer.Option(help="Comma-separated agent per seat (human, random, ...); one name "
                     "applies to every seat. Default: you against random bots."),
    ] = None,
    save: Annotated[Path | None, typer.Option(help="Save the game record to this file.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON summary.")] = False,
) -> None:
    """Play a game: people at this terminal and/or computer opponents."""
    game = _game(game_name)
    n = _players(game, players)
    interactive = sys.stdin.isatty() and not as_json
    seat_agents = _agents(agents, n, seed, interactive)
    if as_json and any(isinstance(a, HumanAgent) for a in seat_agents):
        raise Failure("--json plays bots only; drop 'human' from --agents")
    try:
        m = matches.start(game, n, seed, _options(option))
    except ValueError as exc:
        raise Failure(str(exc)) from None
    humans = {s for s, a in enumerate(seat_agents) if isinstance(a, HumanAgent)}
    for a in seat_agents:
        if isinstance(a, HumanAgent):
            a.bind(game, m)

    def show(event: borough.Event) -> None:
        if as_json:
            return
        viewer = next(iter(humans)) if len(humans) == 1 else None
        if event.visible_to(viewer) or not humans:
            out.print(f"  {event.text}", highlight=False, markup=False)

    try:
        matches.play(m, seat_agents, on_event=show)
    except KeyboardInterrupt:
        if save:
            records.save(save, m.record)
            err.print(f"Stopped; the game so far is saved in {save}.")
        raise typer.Exit(130) from None
    summary = _summary(game, m)
    if save:
        records.save(save, m.record, m.result().to_json())
    if as_json:
        print(json.dumps(summary))
    else:
        out.print(render(game.name, game.observe(m.state, None)), highlight=False, markup=False)
        _print_result(game, summary)


@app.command("replay")
@friendly
def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record saved with `play --save`.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON summary.")] = False,
) -> None:
    """Rebuild a saved game from its setup and actions, checking every step."""
    try:
        record, claimed = records.load(file)
    except CorruptData as exc:
        raise Failure(str(exc)) from None
    game = _game(record.game)
    try:
        state, events = records.replay(game, record)
    except CorruptData as exc:
        raise Failure(f"{file}: {exc}") from None
    m = matches.Match(game, record, state, events)
    summary = _summary(game, m)
    if claimed is not None:
        if not game.is_over(state):
            raise Failure(f"{file}: the record claims a result but the game is not over")
        if claimed.get("scores") != summary["scores"] or claimed.get("winners") != summary[
            "winners"
        ]:
            raise Failure(f"{file}: the replay does not reach the result the record claims")
    if as_json:
        summary["over"] = game.is_over(state)
        print(json.dumps(summary))
        return
    for event in events:
        if event.private_to is None:
            out.print(f"  {event.text}", highlight=False, markup=False)
    if game.is_over(state):
        _print_result(game, summary)
    else:
        out.print(f"The game is not over: {len(record.moves)} decisions replayed.")


@app.command("simulate")
@friendly
def simulate_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="A game name (see `games`).")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 100,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    agents: Annotated[str, typer.Option(help="Agent per seat, or one for all.")] = "random",
    seed: Annotated[int, typer.Option(help="Seed of the first game; then seed+1, ...")] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as KEY=VALUE.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON summary.")] = False,
) -> None:
    """Play many seeded games between bots and summarise them."""
    game = _game(game_name)
    n = _players(game, players)
    options = _options(option)
    if "human" in agents.split(","):
        raise Failure("simulate plays bots only; drop 'human' from --agents")
    _agents(agents, n, seed, interactive=False)  # validate the names before starting
    wins = [0.0] * n
    scores: list[list[float]] = [[] for _ in range(n)]
    lengths: list[int] = []
    started = time.perf_counter()
    with Progress(
        TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
        TimeRemainingColumn(), console=err, disable=as_json, transient=True,
    ) as progress:
        task = progress.add_task(f"{game.title}", total=games)
        for i in range(games):
            try:
                m = matches.start(game, n, seed + i, options)
            except ValueError as exc:
                raise Failure(str(exc)) from None
            matches.play(m, _agents(agents, n, seed + i, interactive=False))
            result = m.result()
            for w in result.winners:
                wins[w] += 1 / len(result.winners)
            for s in range(n):
                scores[s].append(result.scores[s])
            lengths.append(len(m.record.moves))
            progress.advance(task)
    elapsed = time.perf_counter() - started
    summary = {
        "game": game.name,
        "players": n,
        "games": games,
        "agents": agents,
        "options": game.resolve_options(n, options),
        "wins": wins,
        "mean_scores": [statistics.fmean(s) for s in scores],
        "score_stdev": [statistics.pstdev(s) for s in scores],
        "mean_length": statistics.fmean(lengths),
        "games_per_second": games / elapsed,
        "decisions_per_second": sum(lengths) / elapsed,
    }
    if as_json:
        print(json.dumps(summary))
        return
    table = Table(title=f"{game.title}: {games} games, agents {agents}")
    for col in ("Seat", "Wins", "Win share", "Mean score", "Spread (sd)"):
        table.add_column(col, justify="right")
    for s in range(n):
        table.add_row(
            f"Player {s + 1}", f"{wins[s]:.1f}", f"{wins[s] / games:.1%}",
            f"{summary['mean_scores'][s]:.2f}", f"{summary['score_stdev'][s]:.2f}",
        )
    out.print(table)
    out.print(
        f"mean length {summary['mean_length']:.1f} decisions; "
        f"{summary['games_per_second']:.1f} games/s; "
        f"{summary['decisions_per_second']:.0f} decisions/s"
    )


@app.command("rules")
@friendly
def rules_command(
    game_name: Annotated[
        str | None, typer.Argument(metavar="[GAME]", help="One game only.")
    ] = None,
    tests: Annotated[Path, typer.Option(help="The tests folder to search.")] = Path("tests"),
) -> None:
    """Show which rule ids of each game's RULES.md are proved by tests."""
    from borough.rules_coverage import coverage

    if not tests.is_dir():
        raise Failure(f"no tests folder at {tests}")
    if game_name is not None:
        _game(game_name)
    table = Table(title="Rules coverage")
    for col in ("Game", "Rules", "Tested", "Missing"):
        table.add_column(col)
    missing_any = False
    for report in coverage(tests):
        if game_name and report.game != game_name:
            continue
        missing = report.missing
        missing_any = missing_any or bool(missing)
        table.add_row(
            report.game, str(len(report.rules)), str(len(report.rules) - len(missing)),
            ", ".join(missing) or "-",
        )
    out.print(table)
    if missing_any:
        raise typer.Exit(1)


@app.command("serve")
@friendly
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="Database URL (sqlite:///file.db, postgresql+psycopg://...) or a "
                     "SQLite file path. Default: $BOROUGH_DATABASE_URL, else borough.db."),
    ] = None,
    bot_pause: Annotated[
        float | None, typer.Option(help="Seconds a bot waits before moving.")
    ] = None,
    workers: Annotated[int | None, typer.Option(help="Processes for bot thinking.")] = None,
) -> None:
    """Start the game server (HTTP + WebSocket) on an embedded or external database."""
    import uvicorn

    from borough.server.app import create_app
    from borough.server.settings import Settings

    if db is not None and "://" not in db:
        db = f"sqlite:///{Path(db).resolve()}"
    settings = Settings.from_env(database_url=db, bot_pause=bot_pause, bot_workers=workers)
    out.print(f"Borough server on http://{host}:{port} (database {settings.database_url})",
              highlight=False, markup=False)
    uvicorn.run(create_app(settings), host=host, port=port, ws="websockets-sansio",
                log_level="warning")


def main() -> None:
    app()


__all__ = ["app", "main"]
