"""`borough games`, `play`, `replay` and `simulate`: listing games and playing them."""

from __future__ import annotations

import json
import secrets
import statistics
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

import borough
from borough import match as matches
from borough.agents import AGENT_NAMES
from borough.agents.base import Agent
from borough.cli.base import (
    Failure,
    app,
    err,
    examples,
    friendly,
    out,
    parse_options,
    player_count,
    say,
)
from borough.cli.human import HumanAgent
from borough.cli.options import Content, content_game
from borough.cli.progress import GamesProgress
from borough.core import record as records
from borough.core.errors import CorruptData
from borough.core.game import Game
from borough.games import render

OPPONENT = "medium"
"""The computer opponent of every seat `--agents` does not name."""


def seat_names(spec: str | None, players: int, interactive: bool) -> list[str]:
    """One agent name per seat: one name for every seat, or a list filled up with OPPONENT."""
    if spec is None:
        names = ["human"] if interactive else []
    else:
        names = [n.strip() for n in spec.split(",") if n.strip()]
        if len(names) == 1:
            names = names * players
    if len(names) > players:
        raise Failure(f"--agents names {len(names)} seats, but the game has {players}")
    names += [OPPONENT] * (players - len(names))
    known = ("human", *AGENT_NAMES)
    for name in names:
        if name not in known:
            raise Failure(f"unknown agent {name!r}; choose from {', '.join(known)}")
    return names


def _seat_agents(names: list[str], m: matches.Match) -> list[Agent]:
    agents: list[Agent] = []
    for seat, name in enumerate(names):
        if name == "human":
            human = HumanAgent(out)
            human.bind(m.game, m)
            agents.append(human)
        else:
            agents.append(matches.Bot(name, m, seat))
    return agents


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
    } | ({} if m.record.content is None else {"content": m.record.content})


def _print_result(game: Game, summary: dict[str, Any]) -> None:
    table = Table(title=f"{game.title}: final scores")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    table.add_column("")
    for seat, score in enumerate(summary["scores"]):
        mark = "winner" if seat in summary["winners"] else ""
        table.add_row(f"Player {seat + 1}", str(score), mark)
    out.print(table)
    say(f"{summary['actions']} decisions; seed {summary['seed']} "
        f"(play this deal again with --seed {summary['seed']})")


def _save(path: Path, m: matches.Match) -> None:
    try:
        records.save(path, m.record, m.result().to_json() if m.over else None)
    except OSError as exc:
        raise Failure(f"cannot save the game to {path}: {exc.strerror or exc}") from None


@app.command("games", epilog=examples("games", "games --json"))
@friendly
def games_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List every game with its player counts and options."""
    data: list[dict[str, Any]] = []
    for name in borough.games.names():
        g = borough.game(name)
        data.append({"name": name, "title": g.title, "players": list(g.player_counts()),
                     "options": g.options()})
    if as_json:
        print(json.dumps(data, indent=1))
        return
    table = Table(title="Borough games (set an option with -o KEY=VALUE)")
    for col in ("Game", "Title", "Players"):
        table.add_column(col)
    # Choices are spaced so long lists wrap between words instead of being cut.
    table.add_column("Options", overflow="fold")
    for d in data:
        opts = "\n".join(
            f"{k} = {' | '.join(map(str, v['choices']))} (default {v['default']}): {v['help']}"
            for k, v in d["options"].items()
        )
        table.add_row(d["name"], d["title"], ", ".join(map(str, d["players"])), opts or "-")
    out.print(table)


@app.command(
    "play",
    epilog=examples(
        "play smallcity --players 2",
        "play ekopolis --players 3 --agents human,easy --seed 42",
        "play rondelcity --agents random --json",
        "play architectura --agents random --save game.json",
        "play --resume game.json",
    ),
)
@friendly
def play_command(
    game_name: Annotated[
        str | None, typer.Argument(metavar="GAME", help="A game name (see `games`).")
    ] = None,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed of the game's randomness. Default: a fresh one, printed."),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as KEY=VALUE.")
    ] = None,
    agents: Annotated[
        str | None,
        typer.Option(help="Agent per seat from seat 1, comma-separated (human, easy, medium, "
                     "hard, random, ...); one name alone plays every seat; seats not named "
                     f"play {OPPONENT}. Default: you (at a terminal) against {OPPONENT} bots."),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Save the game to this file as it goes, after every move of a "
                     "person (--resume continues it)."),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(help="Continue a game saved with --save; it keeps saving there."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON summary.")] = False,
    content: Content = None,
) -> None:
    """Play a game: people at this terminal and/or computer opponents."""
    interactive = sys.stdin.isatty() and not as_json
    if resume is not None:
        if game_name or players is not None or seed is not None or option:
            raise Failure("--resume takes the game, players, seed and options from the saved "
                          "file; give only --agents, --save or --json with it")
        m, _ = _resumed(resume, content)
        save = save or resume
    else:
        if game_name is None:
            raise Failure("name a GAME to play (see `borough games`), or --resume FILE")
        game = content_game(game_name, content)
        n = player_count(game, players)
        if seed is None:
            seed = secrets.randbelow(2**31)
        bots_only = "human" not in seat_names(agents, n, interactive)
        try:
            m = matches.start(game, n, seed, parse_options(option), unattended=bots_only)
        except ValueError as exc:
            raise Failure(str(exc)) from None
    game = m.game
    names = seat_names(agents, m.record.players, interactive)
    if as_json and "human" in names:
        raise Failure("--json plays bots only; drop 'human' from --agents")
    seat_agents = _seat_agents(names, m)
    humans = [s for s, name in enumerate(names) if name == "human"]
    if save:
        _save(save, m)
    if not as_json:
        _announce(m, resume, save, names)

    def show(event: borough.Event) -> None:
        if as_json:
            return
        viewer = humans[0] if len(humans) == 1 else None
        if event.visible_to(viewer) or not humans:
            say(f"  {event.text}")

    try:
        matches.play(m, seat_agents, on_event=show,
                     on_move=_Saver(save, bool(humans)) if save else None)
    except KeyboardInterrupt:
        if save:
            _save(save, m)
            err.print(f"Stopped; the game so far is saved in {save}: continue it with "
                      f"`borough play --resume {save}`.", highlight=False, markup=False,
                      soft_wrap=True)
        else:
            err.print("Stopped; the game was not saved (--save FILE keeps it as you play).")
        raise typer.Exit(130) from None
    summary = {**_summary(game, m), "agents": names}
    if as_json:
        print(json.dumps(summary))
    else:
        say(render(game.name, game.observe(m.state, None)))
        _print_result(game, summary)


class _Saver:
    """With a person at the table, saves the game after every move. An all-bot game is
    saved at least once a second and after its last move: rewriting the whole record
    after each of thousands of bot moves would cost more than the game, and the seeded
    bots play the lost second again the same way on --resume."""

    def __init__(self, path: Path, people: bool, every: float = 1.0) -> None:
        self.path, self.people, self.every = path, people, every
        self.last = time.monotonic()

    def __call__(self, m: matches.Match) -> None:
        if self.people or m.over or time.monotonic() - self.last >= self.every:
            _save(self.path, m)
            self.last = time.monotonic()


def _resumed(path: Path, content: Path | None = None,
             ) -> tuple[matches.Match, dict[str, Any] | None]:
    """The game a saved record reaches, and the result the record claims (if any)."""
    try:
        record, claimed = records.load(path)  # its errors name the file
    except CorruptData as exc:
        raise Failure(str(exc)) from None
    try:
        return matches.resume(content_game(record.game, content), record), claimed
    except CorruptData as exc:
        raise Failure(f"{path}: {exc}") from None


def _announce(m: matches.Match, resumed: Path | None, save: Path | None,
              names: list[str]) -> None:
    seed = m.record.seed
    if resumed is not None:
        say(f"{m.game.title}: resuming {resumed} after {len(m.record.moves)} decisions "
            f"(seed {seed}).")
        for event in m.events[-5:]:
            if event.private_to is None:
                say(f"  {event.text}")
    else:
        say(f"{m.game.title}, {m.record.players} players, seed {seed} "
            f"(play this deal again with --seed {seed}).")
    if m.record.content is not None:
        say(f"Played with content {m.record.content}, not the game's own.")
    you = "you" if names.count("human") == 1 else "a person here"
    say("Seats: " + ", ".join(f"Player {s + 1} {you if name == 'human' else name}"
                              for s, name in enumerate(names)) + ".")
    if save is not None:
        people = "human" in names
        say(f"Saving to {save} " + ("after every move." if people else "as the bots play."))


@app.command("replay", epilog=examples("replay game.json", "replay game.json --json"))
@friendly
def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record saved with `play --save`.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON summary.")] = False,
    content: Content = None,
) -> None:
    """Rebuild a saved game from its setup and actions, checking every step."""
    m, claimed = _resumed(file, content)
    game, state, record = m.game, m.state, m.record
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
    for event in m.events:
        if event.private_to is None:
            say(f"  {event.text}")
    if game.is_over(state):
        _print_result(game, summary)
    else:
        say(f"The game is not over: {len(record.moves)} decisions replayed; "
            f"continue it with `borough play --resume {file}`.")


@app.command(
    "simulate",
    epilog=examples("simulate ekopolis --games 10",
                    "simulate architectura --agents medium,random -n 4 --json"),
)
@friendly
def simulate_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="A game name (see `games`).")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 100,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    agents: Annotated[
        str,
        typer.Option(help=f"Agent per seat from seat 1; one name alone plays every seat; "
                     f"seats not named play {OPPONENT}."),
    ] = "random",
    seed: Annotated[int, typer.Option(help="Seed of the first game; then seed+1, ...")] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as KEY=VALUE.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON summary.")] = False,
    content: Content = None,
) -> None:
    """Play many seeded games between bots and summarise them."""
    game = content_game(game_name, content)
    n = player_count(game, players)
    options = parse_options(option)
    names = seat_names(agents, n, interactive=False)
    if "human" in names:
        raise Failure("simulate plays bots only; drop 'human' from --agents")
    wins = [0.0] * n
    scores: list[list[float]] = [[] for _ in range(n)]
    lengths: list[int] = []
    started = time.perf_counter()
    with GamesProgress(err, game.title, games, disable=as_json) as progress:
        for i in range(games):
            try:
                m = matches.start(game, n, seed + i, options, unattended=True)
            except ValueError as exc:
                raise Failure(str(exc)) from None
            matches.play(m, _seat_agents(names, m))
            result = m.result()
            for w in result.winners:
                wins[w] += 1 / len(result.winners)
            for s in range(n):
                scores[s].append(result.scores[s])
            lengths.append(len(m.record.moves))
            progress.advance()
    elapsed = time.perf_counter() - started
    summary: dict[str, Any] = {
        "game": game.name,
        "players": n,
        "games": games,
        "agents": ",".join(names),
        "options": game.resolve_options(n, options, unattended=True),
        "content": getattr(game, "content_digest", None),
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
    table = Table(title=f"{game.title}: {games} games, agents {summary['agents']}")
    for col in ("Seat", "Wins", "Win share", "Mean score", "Spread (sd)"):
        table.add_column(col, justify="right")
    for s in range(n):
        table.add_row(
            f"Player {s + 1}", f"{wins[s]:.1f}", f"{wins[s] / games:.1%}",
            f"{summary['mean_scores'][s]:.2f}", f"{summary['score_stdev'][s]:.2f}",
        )
    out.print(table)
    say(
        f"mean length {summary['mean_length']:.1f} decisions; "
        f"{summary['games_per_second']:.1f} games/s; "
        f"{summary['decisions_per_second']:.0f} decisions/s"
    )
