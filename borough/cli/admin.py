"""`borough admin`: look after a server's accounts from the machine it runs on."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from borough.cli.base import Failure, app, examples, friendly, say

if TYPE_CHECKING:
    from borough.server.accounts import Accounts
    from borough.server.settings import Settings

admin = typer.Typer(
    help="Look after the accounts of a server's database: create one, reset a password, "
    "disable or enable one. Works on the database `borough serve` uses.",
    epilog=examples(
        "admin create-account ada --db games.db",
        "admin reset-password ada --db games.db",
        "admin disable ada --db games.db",
    ),
    no_args_is_help=True,
)
app.add_typer(admin, name="admin")

Db = Annotated[
    str | None,
    typer.Option(
        help="Database URL (sqlite:///file.db, postgresql+psycopg://...) or a "
        "SQLite file path. Default: $BOROUGH_DATABASE_URL, else borough.db."
    ),
]
PasswordStdin = Annotated[
    bool,
    typer.Option(
        "--password-stdin",
        help="Read the password from the first line of standard input (for "
        "scripts) instead of asking for it twice.",
    ),
]


@contextmanager
def _accounts(db: str | None) -> Iterator[tuple[Accounts, Settings]]:
    from borough.server.accounts import Accounts
    from borough.server.settings import Settings
    from borough.server.store import Store

    if db is not None and "://" not in db:
        db = f"sqlite:///{Path(db).resolve()}"
    settings = Settings.from_env(database_url=db)
    store = Store(settings.database_url)
    try:
        store.migrate()
        yield Accounts(store.engine, settings.session_days), settings
    finally:
        store.dispose()


def _password(name: str, from_stdin: bool, settings: Settings) -> str:
    from borough.server import passwords

    if from_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = typer.prompt(f"Password for {name}", hide_input=True, confirmation_prompt=True)
    problem = passwords.problem(password, name, settings.password_min_length)
    if problem:
        raise Failure(problem)
    using = passwords.hasher(settings.password_memory_kib, settings.password_passes)
    return passwords.hash_password(using, password)


@contextmanager
def _refusals() -> Iterator[None]:
    from borough.server.accounts import AccountError

    try:
        yield
    except AccountError as exc:
        raise Failure(exc.message) from None


@admin.command("create-account", epilog=examples("admin create-account ada --db games.db"))
@friendly
def create_account(
    name: Annotated[str, typer.Argument(help="The user name, as it will be shown.")],
    db: Db = None,
    password_stdin: PasswordStdin = False,
) -> None:
    """Create an account with a password (asked for twice, hidden)."""
    with _accounts(db) as (accounts, settings), _refusals():
        hashed = _password(name, password_stdin, settings)
        account, _, _ = accounts.create(name, hashed, start=False)
    say(f"account {account.name} created")


@admin.command("reset-password", epilog=examples("admin reset-password ada --db games.db"))
@friendly
def reset_password(
    name: Annotated[str, typer.Argument(help="The account's user name (any case).")],
    db: Db = None,
    password_stdin: PasswordStdin = False,
) -> None:
    """Give an account a new password; it is logged out on every device."""
    with _accounts(db) as (accounts, settings), _refusals():
        account = accounts.set_password(name, _password(name, password_stdin, settings))
    say(f"new password set for {account.name}; its sessions ended")


@admin.command("disable", epilog=examples("admin disable ada --db games.db"))
@friendly
def disable(
    name: Annotated[str, typer.Argument(help="The account's user name (any case).")],
    db: Db = None,
    enable: Annotated[
        bool, typer.Option("--enable", help="Enable a disabled account again.")
    ] = False,
) -> None:
    """Disable an account (logged out everywhere, log-ins refused); --enable undoes it.

    The links of its seats still play, as every seat link does."""
    with _accounts(db) as (accounts, _), _refusals():
        account = accounts.set_disabled(name, not enable)
    say(f"account {account.name} {'enabled' if enable else 'disabled'}")
