"""Optional accounts: names, passwords, sessions, and the seats an account holds.

A guest plays with a seat's link alone, as ever. An account adds a name, a
password (see passwords.py) and the seats it claimed, so that "My games"
follows its owner to every device. Claiming a seat needs the seat's token,
exactly as playing it does; an account's list hands those tokens back to its
own sessions only.

A session is a random secret in an HttpOnly, SameSite=Lax cookie (Secure as
the `cookie_secure` setting says); the database keeps only its SHA-256, so a
copy of the database opens no session. Every write made with the cookie must
also carry the session's CSRF token in the `X-CSRF-Token` header: another site
can make a browser send the cookie, but cannot read the token. Log-in and
sign-up take JSON only (a cross-site form cannot send that without the
server's consent).

The routes that serve all this are in account_routes.py.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

import borough
from borough.server.refusal import Refused
from borough.server.store_rows import Base, GameRow, hash_token

SESSION_COOKIE = "borough_session"
CSRF_HEADER = "X-CSRF-Token"
NAME_MIN, NAME_MAX = 3, 32
KEEP_SEATS = 200  # newest seats an account's list shows
GAME_ID = r"^[0-9a-zA-Z_-]{1,32}$"


# ------------------------------------------------------------------ tables
class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX))  # as chosen; shown as text only
    key: Mapped[str] = mapped_column(String(128), unique=True)  # the name folded: see name_key
    password: Mapped[str] = mapped_column(String(200))  # Argon2id, PHC string
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    disabled: Mapped[bool] = mapped_column(Boolean, default=False)


class SessionRow(Base):
    __tablename__ = "account_sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # SHA-256 of the secret
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatClaimRow(Base):
    """A seat an account holds: at most one account per seat."""

    __tablename__ = "account_seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    token: Mapped[str] = mapped_column(String(100))  # the seat's secret, for the owner's devices
    # Followed by its owner (not merely kept by a creator to hand on): another
    # account holding the link cannot take an opened seat over.
    opened: Mapped[bool] = mapped_column(Boolean, default=False)
    claimed: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def name_key(name: str) -> str:
    """What makes two names the same: compatibility forms, case and runs of spaces."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def name_problem(name: str) -> str | None:
    if name != name.strip():
        return "a user name cannot start or end with a space"
    if not NAME_MIN <= len(name) <= NAME_MAX:
        return f"a user name has {NAME_MIN} to {NAME_MAX} characters"
    if any(not (c.isprintable() or c == " ") for c in name):
        return "a user name has printable characters only"
    if len(name_key(name)) < NAME_MIN:
        return f"a user name has {NAME_MIN} to {NAME_MAX} characters"
    return None


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive times: they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class Account:
    id: str
    name: str
    created: datetime

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "created": self.created.isoformat()}


@dataclass(frozen=True)
class Session:
    account: Account
    secret: str
    csrf: str


class AccountError(Refused):
    """A refusal with its HTTP status, for the routes and the admin command alike."""


# ------------------------------------------------------------------ storage
class Accounts:
    """The accounts kept in the server's database (the store's engine)."""

    def __init__(self, engine: Engine, session_days: float = 30.0) -> None:
        self.engine = engine
        self.session_days = session_days

    def find(self, name: str) -> tuple[Account, str, bool] | None:
        """The account of `name` (in any case), its password hash and whether it is
        disabled."""
        with self.engine.connect() as conn:
            row = conn.execute(select(AccountRow).where(AccountRow.key == name_key(name))).first()
        if row is None:
            return None
        return Account(row.id, row.name, _aware(row.created)), row.password, row.disabled

    def create(
        self,
        name: str,
        password_hash: str,
        claims: list[dict[str, Any]] | None = None,
        start: bool = True,
    ) -> tuple[Account, Session | None, dict[str, Any]]:
        """A new account, with the seats of `claims` it may hold and a session, all in
        one transaction; a name already taken is refused (409), nothing stored."""
        problem = name_problem(name)
        if problem:
            raise AccountError(400, problem)
        now = datetime.now(UTC)
        account = Account(secrets.token_hex(8), unicodedata.normalize("NFC", name), now)
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(AccountRow),
                    [
                        {
                            "id": account.id,
                            "name": account.name,
                            "key": name_key(name),
                            "password": password_hash,
                            "created": now,
                            "disabled": False,
                        }
                    ],
                )
                claimed = self._claim(conn, account.id, claims or [])
                session = self._start(conn, account) if start else None
        except IntegrityError:
            if self.find(name) is None:  # a seat claimed by another account meanwhile
                raise AccountError(409, "a seat changed hands meanwhile; try again") from None
            raise AccountError(409, "that user name is taken; choose another") from None
        return account, session, claimed

    def start_session(self, account: Account) -> Session:
        with self.engine.begin() as conn:
            conn.execute(
                delete(SessionRow).where(
                    SessionRow.account_id == account.id, SessionRow.expires < datetime.now(UTC)
                )
            )
            return self._start(conn, account)

    def _start(self, conn: Any, account: Account) -> Session:
        now = datetime.now(UTC)
        session = Session(account, secrets.token_urlsafe(32), secrets.token_urlsafe(32))
        conn.execute(
            insert(SessionRow),
            [
                {
                    "id": _digest(session.secret),
                    "account_id": account.id,
                    "csrf": session.csrf,
                    "created": now,
                    "expires": now + timedelta(days=self.session_days),
                }
            ],
        )
        return session

    def session(self, secret: str) -> Session | None:
        """The live session of a cookie's secret, if any (not expired, account enabled)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(
                    SessionRow.csrf,
                    SessionRow.expires,
                    AccountRow.id,
                    AccountRow.name,
                    AccountRow.created,
                    AccountRow.disabled,
                )
                .join(AccountRow, AccountRow.id == SessionRow.account_id)
                .where(SessionRow.id == _digest(secret))
            ).first()
        if row is None or row.disabled or _aware(row.expires) <= datetime.now(UTC):
            return None
        return Session(Account(row.id, row.name, _aware(row.created)), secret, row.csrf)

    def end_session(self, secret: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(SessionRow).where(SessionRow.id == _digest(secret)))

    def end_all(self, account_id: str) -> int:
        """Log the account out on every device; answers how many sessions ended."""
        with self.engine.begin() as conn:
            return conn.execute(
                delete(SessionRow).where(SessionRow.account_id == account_id)
            ).rowcount

    def set_password(self, name: str, password_hash: str) -> Account:
        """A new password; every session of the account ends."""
        found = self._named(name)
        with self.engine.begin() as conn:
            conn.execute(
                update(AccountRow).where(AccountRow.id == found.id).values(password=password_hash)
            )
            conn.execute(delete(SessionRow).where(SessionRow.account_id == found.id))
        return found

    def rehash(self, account_id: str, password_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(AccountRow).where(AccountRow.id == account_id).values(password=password_hash)
            )

    def set_disabled(self, name: str, disabled: bool) -> Account:
        """Disable (every session ends, log-ins refused) or enable an account again."""
        found = self._named(name)
        with self.engine.begin() as conn:
            conn.execute(
                update(AccountRow).where(AccountRow.id == found.id).values(disabled=disabled)
            )
            if disabled:
                conn.execute(delete(SessionRow).where(SessionRow.account_id == found.id))
        return found

    def _named(self, name: str) -> Account:
        found = self.find(name)
        if found is None:
            raise AccountError(404, f"there is no account {name!r}")
        return found[0]

    # -------------------------------------------------------------- seats
    def claim(self, account_id: str, claims: list[dict[str, Any]]) -> dict[str, Any]:
        try:
            with self.engine.begin() as conn:
                return self._claim(conn, account_id, claims)
        except IntegrityError:  # another account claimed one of them at the same moment
            with self.engine.begin() as conn:
                return self._claim(conn, account_id, claims)

    def _claim(self, conn: Any, account_id: str, claims: list[dict[str, Any]]) -> dict[str, Any]:
        """Each claim {game_id, token, opened} whose token is a seat of its game."""
        claimed: list[dict[str, Any]] = []
        refused: list[dict[str, Any]] = []
        now = datetime.now(UTC)
        for claim in claims:
            game_id, token = claim["game_id"], claim["token"]
            seats = conn.execute(
                select(GameRow.seats).where(GameRow.id == game_id)
            ).scalar_one_or_none()
            digest = hash_token(token)
            seat = next(
                (
                    i
                    for i, x in enumerate(seats or [])
                    if secrets.compare_digest(x["token_hash"], digest)
                ),
                None,
            )
            if seat is None:
                refused.append(
                    {"game_id": game_id, "reason": "that token belongs to no seat of this game"}
                )
                continue
            held = conn.execute(
                select(SeatClaimRow.account_id, SeatClaimRow.opened).where(
                    SeatClaimRow.game_id == game_id, SeatClaimRow.seat == seat
                )
            ).first()
            opened = bool(claim.get("opened"))
            if held is None:
                conn.execute(
                    insert(SeatClaimRow),
                    [
                        {
                            "game_id": game_id,
                            "seat": seat,
                            "account_id": account_id,
                            "token": token,
                            "opened": opened,
                            "claimed": now,
                        }
                    ],
                )
            elif held.account_id == account_id or not held.opened:
                conn.execute(
                    update(SeatClaimRow)
                    .where(SeatClaimRow.game_id == game_id, SeatClaimRow.seat == seat)
                    .values(
                        account_id=account_id,
                        opened=opened or (held.opened and held.account_id == account_id),
                    )
                )
            else:
                refused.append(
                    {
                        "game_id": game_id,
                        "reason": ("another account plays this seat; its link still plays it"),
                    }
                )
                continue
            claimed.append({"game_id": game_id, "seat": seat})
        return {"claimed": claimed, "refused": refused}

    def seats(self, account_id: str) -> list[dict[str, Any]]:
        """The account's seats, newest first, with their games' names and status."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(
                    SeatClaimRow.game_id,
                    SeatClaimRow.seat,
                    SeatClaimRow.token,
                    SeatClaimRow.opened,
                    SeatClaimRow.claimed,
                    GameRow.game,
                    GameRow.seats,
                    GameRow.status,
                )
                .join(GameRow, GameRow.id == SeatClaimRow.game_id)
                .where(SeatClaimRow.account_id == account_id)
                .order_by(SeatClaimRow.claimed.desc())
                .limit(KEEP_SEATS)
            ).all()
        return [
            {
                "id": r.game_id,
                "seat": r.seat,
                "token": r.token,
                "opened": r.opened,
                "name": r.seats[r.seat]["name"],
                "game": r.game,
                "title": _title(r.game),
                "status": r.status,
                "claimed": _aware(r.claimed).isoformat(),
            }
            for r in rows
        ]


def _title(game: str) -> str:
    try:
        return borough.game(game).title
    except ValueError:
        return game
