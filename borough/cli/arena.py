"""`borough arena`: tournaments between agents, rated and tabled."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from borough.arena import forgoing
from borough.arena.jobs import RESULTS_FORMAT, check_agent
from borough.arena.results import ResultsFile
from borough.cli.base import Failure, app, err, examples, find_game, friendly, out, say
from borough.cli.options import Content, content_folder
from borough.cli.runs import Ray, Workers, play_all
from borough.core.game import Game
from borough.games import content as contents

if TYPE_CHECKING:
    from borough.arena.tournament import Arena

def _check_forgone(game: Game, folder: str | None, names: tuple[str, ...]) -> None:
    """A `LEVEL without NAME` agent must forgo components the game has."""
    for spec in names:
        parsed = forgoing.parse(spec)
        if parsed is not None:
            try:
                forgoing.check_names(parsed[1], contents.component_names(game.name, folder),
                                     game.title)
            except ValueError as exc:
                raise Failure(f"{spec!r}: {exc}") from None


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
        "arena -g architectura,ekopolis --agents easy,random -n 2",
        "arena -g architectura --agents easy,random --format ladder -n 2",
        "arena -g ekopolis -o version=basic --agents easy,random -n 2",
        "arena -g architectura --agents 'easy,easy without Statue' -n 2 -w 1",
    ) + "\n\n  Your own agent: --agents mypackage.bots:MyBot,medium. On a Ray cluster: "
        "add --ray auto or --ray ray://HOST:10001; --ray local starts Ray here. "
        "An option given twice (-o version=full -o version=basic) plays each value.",
)
@friendly
def arena_command(
    game_names: Annotated[
        list[str],
        typer.Option("--game", "-g", metavar="GAME",
                     help="A game name (see `games`); several: a comma list "
                     "or the option again, each game playing its own arena."),
    ],
    agents: Annotated[
        str,
        typer.Option(help="Comma-separated agents: registered names (random, easy, medium, "
                     "hard, ...), module:Class with a choose(view) method, or "
                     "'LEVEL without NAME[+NAME]': a level that never uses those "
                     "components (what they are worth to it)."),
    ],
    games: Annotated[
        int,
        typer.Option("--games", "-n", min=1,
                     help="Deals per lineup; each deal is played once per seat rotation."),
    ] = 10,
    players: Annotated[
        list[str] | None,
        typer.Option(metavar="N", help="Number of players; several (2,4 or the option "
                     "again): an arena "
                     "for each count a game allows. Default: each game's smallest count "
                     "of two or more."),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option as KEY=VALUE, given to the games "
                     "that have it; the same KEY again: an arena for each value."),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first deal; then seed+1, ...")] = 0,
    format_: Annotated[
        str,
        typer.Option("--format", help="round-robin (every table of agents), gauntlet "
                     "(the first agent against each other one) or ladder (each agent "
                     "against the next: does it beat it? the README's strength table)."),
    ] = "round-robin",
    workers: Workers = None,
    ray: Ray = None,
    resume: Annotated[
        Path | None,
        typer.Option(help="Append each result to FILE as it comes; if FILE holds an "
                     "earlier run of the same arena, play only the games it lacks."),
    ] = None,
    content: Content = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the tables as JSON.")] = False,
    csv_file: Annotated[
        Path | None, typer.Option("--csv", metavar="FILE", help="Also write the table as CSV.")
    ] = None,
) -> None:
    """Play a tournament between agents and rate them (OpenSkill, with uncertainty)."""
    from borough.arena import ladder, tournament  # OpenSkill: loaded only by the verb that rates

    names = agent_list(agents)
    if format_ not in tournament.FORMATS:
        raise Failure(f"--format is one of {', '.join(tournament.FORMATS)}, not {format_!r}")
    if len(names) < 2:
        raise Failure("an arena needs at least two different agents")
    chosen = settings(game_names, players, option, content)
    for game, _n, _options, _label, folder in chosen:
        _check_forgone(game, folder, names)
    arenas = [
        tournament.Arena(game.name, n, names, games, seed, options, format_, folder,
                         game.cooperative(options), label)
        for game, n, options, label, folder in chosen
    ]
    jobs = [job for arena in arenas for job in arena.jobs()]
    results: dict[str, dict[str, Any]] = {}
    store: ResultsFile | None = None
    if resume is not None:
        try:
            store = ResultsFile(resume, {"arenas": [a.plan() for a in arenas],
                                         "format": RESULTS_FORMAT}).open()
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

    title = arenas[0].name if len(arenas) == 1 else f"{len(arenas)} arenas"
    try:
        seconds = play_all(f"{title} arena", pending, keep, workers, ray, as_json)
    except KeyboardInterrupt:
        kept = (f"{len(results)} games are in {resume}: the same command continues"
                if resume is not None else "nothing was kept (--resume FILE keeps each game)")
        err.print(f"Stopped; {kept}.", highlight=False, markup=False, soft_wrap=True)
        raise typer.Exit(130) from None
    finally:
        if store is not None:
            store.close()
    done = list(results.values())
    tables = []
    for arena in arenas:
        table = {**arena.plan(), "games": len(tournament.own_results(arena, done)),
                 "content_digest": contents.digest_of(arena.game, arena.content),
                 "standings": tournament.standings(arena, done)}
        if format_ == "ladder":
            table["steps"] = ladder.steps(arena, done)
        tables.append(table)
    if csv_file is not None:
        _write_csv(csv_file, [{"setting": t["name"], **row} for t in tables
                              for row in t.get("steps", t["standings"])])
    rate = len(pending) / seconds if pending and seconds else None
    if as_json:
        print(json.dumps({"arenas": tables, "games": len(results), "played_now": len(pending),
                          "games_per_second": rate}))
        return
    if format_ == "ladder":
        out.print("| game | pairing | games | measure [95% interval] | beats |\n"
                  "|---|---|---|---|---|", highlight=False, markup=False, soft_wrap=True)
        for t in tables:
            for row in t["steps"]:
                out.print(ladder.markdown(row), highlight=False, markup=False, soft_wrap=True)
    else:
        for arena, t in zip(arenas, tables, strict=True):
            out.print(_table(arena, t["standings"], t["games"]))
    if rate:
        say(f"{len(pending)} games in {seconds:.1f} s ({rate:.2f} games/s).")


Setting = tuple[Game, int, dict[str, Any], str, str | None]


def settings(game_names: list[str], players: list[str] | None, option: list[str] | None,
             content: Path | None) -> list[Setting]:
    """Every (game, player count, options) the run plays, with its label and content."""
    chosen = [find_game(name.strip()) for spec in game_names for name in spec.split(",")
              if name.strip()]
    chosen = list({g.name: g for g in chosen}.values())
    if not chosen:
        raise Failure("--game names no game")
    if content is not None and len(chosen) > 1:
        raise Failure("--content is one game's content: give it with one --game")
    counts = _counts(players)
    choices: dict[str, list[str]] = {}
    for key, value in _option_pairs(option):
        choices.setdefault(key, [])
        if value not in choices[key]:
            choices[key].append(value)
    known = {o.name for g in chosen for o in g.option_list}
    unknown = sorted(set(choices) - known)
    if unknown:
        raise Failure(f"no game here has the option {unknown[0]!r} "
                      f"(options: {', '.join(sorted(known)) or 'none'})")
    out: list[Setting] = []
    for game in chosen:
        allowed = game.player_counts()
        ns = [n for n in counts if n in allowed] if counts else [
            min((n for n in allowed if n >= 2), default=allowed[0])]
        if not ns:
            raise Failure(f"{game.title} is for {', '.join(map(str, allowed))} players, "
                          f"not {', '.join(map(str, counts))}")
        mine = {k: v for k, v in choices.items() if k in {o.name for o in game.option_list}}
        combos: list[dict[str, str]] = [{}]
        for key, values in mine.items():
            combos = [{**c, key: v} for c in combos for v in values]
        folder = content_folder(game.name, content)
        for n in ns:
            for given in combos:
                try:
                    options = game.resolve_options(n, given, unattended=True)
                except ValueError as exc:
                    raise Failure(str(exc)) from None
                label = " ".join([game.name, f"{n}p", *(str(options[k]) for k in given)])
                out.append((game, n, options, label, folder))
    return out


def _counts(players: list[str] | None) -> list[int]:
    counts: list[int] = []
    for spec in players or []:
        for part in spec.split(","):
            try:
                n = int(part)
            except ValueError:
                raise Failure(f"--players takes whole numbers, not {part!r}") from None
            if n not in counts:
                counts.append(n)
    return counts


def _option_pairs(pairs: list[str] | None) -> list[tuple[str, str]]:
    out = []
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise Failure(f"--option takes KEY=VALUE, not {pair!r}")
        out.append((key.strip(), value.strip()))
    return out


def _table(arena: Arena, rows: list[dict[str, Any]], games: int) -> Table:
    title = f"{find_game(arena.game).title}, {arena.name}, {arena.format}: {games} games"
    table = Table(title=title,
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
