"""`borough balance`: a game's fairness report."""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from itertools import zip_longest
from pathlib import Path
from typing import Annotated, Any

import typer

from borough.agents.registry import AGENT_NAMES
from borough.arena import balance, counts
from borough.arena.jobs import RESULTS_FORMAT
from borough.arena.results import ResultsFile
from borough.cli.base import (
    Failure,
    app,
    err,
    examples,
    find_game,
    friendly,
    parse_options,
    player_count,
    say,
)
from borough.cli.options import Content, content_folder
from borough.cli.runs import Ray, Workers, play_all
from borough.games import content as contents


@app.command(
    "balance",
    epilog=examples(
        "balance architectura -n 6 --agent random --chain random,easy --out rep",
        "balance ekopolis -n 3 --agent easy --chain '' -w 1 --out rep --json",
        "balance architectura -n 6 --agent random --chain '' -w 1 --out rep --resume rep.jsonl",
    ) + "\n\n  To try a change of content: `content export GAME DIR`, edit the files in DIR, "
        "then `balance GAME --content DIR --against default --out OUT`.",
)
@friendly
def balance_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="A game name (see `games`).")],
    out_dir: Annotated[Path, typer.Option("--out", metavar="DIR",
                                          help="Write the report to DIR/index.html.")],
    games: Annotated[int, typer.Option("--games", "-n", min=1,
                                       help="Games with every seat at --agent.")] = 200,
    agent: Annotated[str, typer.Option(help="The level every seat plays.")] = "medium",
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as KEY=VALUE.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game; then seed+1, ...")] = 0,
    chain: Annotated[
        str, typer.Option(help="The skill chain, weakest first (empty: none).")
    ] = ",".join(balance.CHAIN),
    chain_games: Annotated[
        int | None,
        typer.Option(min=0, help="Deals per step of the chain, each played in every seat "
                     "rotation. Default: a tenth of --games (at least 2)."),
    ] = None,
    workers: Workers = None,
    ray: Ray = None,
    content: Content = None,
    against: Annotated[
        str | None,
        typer.Option(metavar="default|DIR",
                     help="Also play the same deals with the default content (or DIR) and "
                     "show both side by side: what changed and what moved."),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Append each game to FILE as it ends; if FILE holds "
                     "an earlier run of the same report, play only the games it lacks."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report's numbers.")] = False,
) -> None:
    """Write a balance report: seats, scores, length, decisiveness, skill, components
    and the game's own counts."""
    from borough.arena import report  # Matplotlib: loaded only by the verb that draws

    game = find_game(game_name)
    n = player_count(game, players)
    levels = tuple(a.strip() for a in chain.split(",") if a.strip())
    for name in (agent, *levels):
        if name not in AGENT_NAMES:
            raise Failure(f"unknown agent {name!r}; choose from {', '.join(AGENT_NAMES)}")
    try:
        options = game.resolve_options(n, parse_options(option), unattended=True)
    except ValueError as exc:
        raise Failure(str(exc)) from None
    folder = content_folder(game.name, content)
    base_folder = None
    if against is not None:
        if against != "default":
            base_folder = content_folder(game.name, Path(against))
        if folder == base_folder:
            raise Failure("--against names the same content as --content")
    steps = max(2, games // 10) if chain_games is None else chain_games
    study = balance.Study(game.name, n, games, agent, seed, options, folder, levels, steps)
    studies = [study]
    if against is not None:
        studies.append(balance.Study(game.name, n, games, agent, seed, options, base_folder,
                                     levels, steps))
    store = _store(resume, studies, as_json)
    # With --against, the second report's games are kept under keys of their own.
    prefixes = ("", "against/")[:len(studies)]
    results: list[list[dict[str, Any]]] = [[] for _ in studies]

    def keep(result: dict[str, Any]) -> None:
        if store is not None:
            store.add(result)
        prefix = _side(result["key"])
        results[prefixes.index(prefix)].append({**result, "key": result["key"][len(prefix):]})

    try:
        done = dict(store.done) if store else {}
        for key, result in done.items():
            prefix = _side(key)
            results[prefixes.index(prefix)].append({**result, "key": key[len(prefix):]})
        pending = [[replace(j, key=p + j.key) for j in s.jobs() if p + j.key not in done]
                   for p, s in zip(prefixes, studies, strict=True)]
        # Both contents deal by deal, so a run cut short still compares the same deals.
        jobs = [j for pair in zip_longest(*pending) for j in pair if j is not None]
        label = "" if study.content is None else f" ({Path(study.content).name})"
        if against is not None:
            label += " against " + ("default" if base_folder is None else Path(base_folder).name)
        try:
            play_all(f"{game.title}{label}", jobs, keep, workers, ray, as_json)
        except KeyboardInterrupt:
            kept = (f"every finished game is in {resume}: the same command continues"
                    if resume is not None else
                    "nothing was kept (--resume FILE keeps each game)")
            err.print(f"Stopped; {kept}.", highlight=False, markup=False, soft_wrap=True)
            raise typer.Exit(130) from None
        analysed = [balance.analyse(s, r) for s, r in zip(studies, results, strict=True)]
    finally:
        if store is not None:
            store.close()
    comparison = None
    if against is not None:
        base_dir = contents.default_dir(game.name) if base_folder is None else Path(base_folder)
        changed = contents.differences(base_dir, contents.default_dir(game.name)
                                       if folder is None else Path(folder))
        comparison = balance.compare(analysed[1], analysed[0], changed)
        page = report.render(analysed[1], game.title, comparison, analysed[0])
    else:
        page = report.render(analysed[0], game.title)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        (out_dir / "index.html").write_text(page)
    except OSError as exc:
        raise Failure(f"cannot write {out_dir / 'index.html'}: {exc.strerror or exc}") from None
    if as_json:
        data = {**analysed[0], "against": analysed[1] if against else None,
                "comparison": comparison, "report": str(out_dir / "index.html")}
        print(json.dumps(data))
        return
    say(analysed[0]["summary"])
    if analysed[0]["counts"]:
        say(f"{game.title}'s own counts, over the whole table:")
        for line in counts.lines(analysed[0]["counts"]):
            say(f"  {line}")
    say(f"Report: {out_dir / 'index.html'}")


def _side(key: str) -> str:
    return "against/" if key.startswith("against/") else ""


def _store(path: Path | None, studies: list[balance.Study], quiet: bool) -> ResultsFile | None:
    """The results file of --resume, holding what an earlier run of this report finished."""
    if path is None:
        return None
    # The plan as JSON reads it back (tuples as lists), so an equal run compares equal.
    plan = json.loads(json.dumps({"balance": [asdict(s) for s in studies],
                                  "format": RESULTS_FORMAT}))
    try:
        store = ResultsFile(path, plan).open()
    except (ValueError, OSError) as exc:
        raise Failure(str(exc)) from None
    total = sum(len(s.jobs()) for s in studies)
    if store.done and not quiet:
        say(f"{len(store.done)} of {total} games already in {path}; playing the rest.")
    return store
