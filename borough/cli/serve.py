"""`borough serve`: the game server."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

import borough
from borough.cli.base import Failure, app, examples, friendly, say


@app.command(
    "serve",
    epilog=examples("serve", "serve --port 8080 --db games.db"),
)
@friendly
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="Database URL (sqlite:///file.db, postgresql+psycopg://...) or a "
                     "SQLite file path. Default: $BOROUGH_DATABASE_URL, else borough.db."),
    ] = None,
    workers: Annotated[
        int, typer.Option(min=1, help="Server processes sharing the port (above 1 needs "
                                      "PostgreSQL).")
    ] = 1,
    bot_pause: Annotated[
        float | None, typer.Option(help="Seconds a bot waits before moving.")
    ] = None,
    bot_workers: Annotated[
        int | None, typer.Option(help="Processes for bot thinking, per server process.")
    ] = None,
    content: Annotated[
        list[Path] | None,
        typer.Option("--content", metavar="DIR",
                     help="Serve a game with the content in DIR (once per game)."),
    ] = None,
) -> None:
    """Start the game server (HTTP + WebSocket) on an embedded or external database."""
    import os

    import uvicorn

    from borough.games import content as contents
    from borough.server.app import create_app
    from borough.server.serving import uvicorn_options
    from borough.server.settings import Settings, cores

    if db is not None and "://" not in db:
        db = f"sqlite:///{Path(db).resolve()}"
    if workers > 1 and bot_workers is None and "BOROUGH_BOT_WORKERS" not in os.environ:
        bot_workers = max(1, cores() // workers)  # the machine's cores, shared out
    # Where other processes forward this one's games (owners.py). Processes sharing
    # one port cannot be told apart by it: they serve any game, as before owners.
    internal = None
    if workers == 1 and "BOROUGH_INTERNAL_URL" not in os.environ:
        reach = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
        internal = f"http://{f'[{reach}]' if ':' in reach else reach}:{port}"
    settings = Settings.from_env(database_url=db, bot_pause=bot_pause, bot_workers=bot_workers,
                                 internal_url=internal)
    if workers > 1 and not settings.database_url.startswith("postgresql"):
        raise Failure(f"--workers {workers} needs PostgreSQL (--db postgresql+psycopg://...): "
                      "several processes share games only through it; SQLite serves one.")
    for folder in content or []:
        try:
            name = contents.check(folder)
        except contents.ContentError as exc:
            raise Failure(str(exc)) from None
        # Set for the whole process tree before any game loads: bot processes inherit it.
        os.environ[contents.environment_name(name)] = str(folder.resolve())
        say(f"{borough.game(name).title}: content from {folder}")
    processes = f", {workers} processes" if workers > 1 else ""
    say(f"Borough server on http://{host}:{port} (database {settings.database_url}"
        f"{processes})")
    if workers == 1:
        uvicorn.run(create_app(settings), host=host, port=port, log_level="warning",
                    **uvicorn_options(settings))
        return
    # Each server process builds its own app from the environment.
    os.environ.update(settings.environment())
    uvicorn.run("borough.server.app:create_app", factory=True, workers=workers, host=host,
                port=port, log_level="warning", **uvicorn_options(settings))
