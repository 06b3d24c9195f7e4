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

A log-in as an unknown name checks the password against a decoy hash and
answers as a wrong password does, so names cannot be told apart by answer or
time; sign-up must say a name is taken, and is counted per address.
"""

from __future__ import annotations

import asyncio
import hashlib
import ipaddress
import math
import secrets
import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Cookie, Depends, Header, HTTPException, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator
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
from borough.server import passwords
from borough.server import schemas as s
from borough.server.limits import RateLimit
from borough.server.refusal import Refused
from borough.server.settings import Settings
from borough.server.store import Base, GameRow, hash_token

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


# ------------------------------------------------------------------ requests and answers
UserName = Annotated[str, StringConstraints(min_length=1, max_length=NAME_MAX)]
Password = Annotated[str, StringConstraints(min_length=1, max_length=passwords.MAX_LENGTH)]
Token = Annotated[str, StringConstraints(min_length=1, max_length=100)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SeatClaim(Strict):
    game_id: Annotated[str, StringConstraints(pattern=GAME_ID)]
    token: Token
    opened: bool = Field(
        True,
        description=(
            "The seat was followed by its owner here (false: a creator keeping a seat to "
            "hand on, which another account following its link may take over)."
        ),
    )


class Claims(Strict):
    seats: list[SeatClaim] = Field(min_length=1, max_length=60)


class SignUp(Strict):
    name: UserName = Field(
        description=f"{NAME_MIN} to {NAME_MAX} printable characters, shown to others as written."
    )
    password: Password
    seats: list[SeatClaim] = Field(
        default_factory=list,
        max_length=60,
        description=(
            "Seats this browser holds as a guest (their links' tokens): the account keeps "
            "those still valid."
        ),
    )

    @field_validator("name")
    @classmethod
    def printable(cls, name: str) -> str:
        problem = name_problem(name)
        if problem:
            raise ValueError(problem)
        return name


class LogIn(Strict):
    name: UserName
    password: Password


class NewPassword(Strict):
    password: Password = Field(description="The current password.")
    new_password: Password


class AccountInfo(BaseModel):
    name: str
    created: str


class AccountState(BaseModel):
    account: AccountInfo | None
    csrf: str | None = Field(
        description=(f"Send it in the {CSRF_HEADER} header with every write this session makes.")
    )


class ClaimedSeat(BaseModel):
    game_id: str
    seat: int


class RefusedSeat(BaseModel):
    game_id: str
    reason: str


class ClaimResult(BaseModel):
    claimed: list[ClaimedSeat]
    refused: list[RefusedSeat]


class SignedUp(AccountState):
    claimed: list[ClaimedSeat]
    refused: list[RefusedSeat]


class HeldSeat(BaseModel):
    id: str
    seat: int
    token: str
    opened: bool
    name: str
    game: str
    title: str
    status: str
    claimed: str


class HeldSeats(BaseModel):
    seats: list[HeldSeat]


class Ended(BaseModel):
    ended: int = Field(description="Sessions ended, this one included.")


# ------------------------------------------------------------------ routes
Answers = dict[int | str, dict[str, Any]]


def secure_cookie(request: Request, setting: str) -> bool:
    """Whether this request's cookies are marked Secure (see Settings.cookie_secure)."""
    if setting in ("on", "off"):
        return setting == "on"
    if request.url.scheme == "https":
        return True
    host = (request.url.hostname or "").strip("[]")
    if host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True


def _refuse(status: int, message: str, wait: float | None = None) -> HTTPException:
    headers = {"Retry-After": str(max(1, math.ceil(wait)))} if wait is not None else None
    return HTTPException(status, message, headers=headers)


class Throttle:
    """Token buckets per key, forgetting full ones once many are held."""

    def __init__(self, rate: float, burst: int, most: int = 10_000) -> None:
        self.limit = RateLimit(rate, burst)
        self.most = most

    def _tidy(self) -> None:
        if len(self.limit.buckets) > self.most:
            self.limit.forget_idle()

    def take(self, key: str) -> float:
        self._tidy()
        return self.limit.take(key)

    def wait(self, key: str) -> float:
        return self.limit.wait(key)


def routes(settings: Settings) -> APIRouter:
    """The account routes, on the database of the server's store."""
    router = APIRouter(prefix="/api/account", tags=["accounts"])
    attempts = Throttle(settings.login_rate, settings.login_burst)
    failures = Throttle(settings.login_failure_rate, settings.login_failure_burst)
    signups = Throttle(settings.signup_rate, settings.signup_burst)
    hashing = asyncio.Semaphore(max(1, settings.password_hashes))
    argon = passwords.hasher(settings.password_memory_kib, settings.password_passes)

    def accounts_of(request: Request) -> Accounts:
        state = request.app.state
        if getattr(state, "accounts", None) is None:
            state.accounts = Accounts(state.rooms.store.engine, settings.session_days)
        return state.accounts

    async def slow(work: Callable[..., Any], *args: Any) -> Any:
        """Argon2 in a thread, a few at once: each takes 64 MiB and a core's time."""
        async with hashing:
            return await asyncio.to_thread(work, *args)

    async def db(work: Callable[..., Any], *args: Any) -> Any:
        try:
            return await asyncio.to_thread(work, *args)
        except AccountError as exc:
            raise _refuse(exc.status, exc.message) from None

    def address(request: Request) -> str:
        return request.client.host if request.client else "?"

    async def json_only(request: Request) -> None:
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise _refuse(415, "send the request as JSON (Content-Type: application/json)")

    def signed_in(write: bool) -> Callable[..., Awaitable[Session]]:
        async def check(
            request: Request,
            borough_session: Annotated[str | None, Cookie(max_length=100)] = None,
            x_csrf_token: Annotated[str | None, Header(max_length=100)] = None,
        ) -> Session:
            session = None
            if borough_session:
                session = await asyncio.to_thread(accounts_of(request).session, borough_session)
            if session is None:
                raise _refuse(401, "log in first (no session, or it ended)")
            if write and not (
                x_csrf_token
                and secrets.compare_digest(x_csrf_token.encode(), session.csrf.encode())
            ):
                raise _refuse(
                    403, f"this write needs the session's CSRF token in the {CSRF_HEADER} header"
                )
            return session

        return check

    writer, reader = Depends(signed_in(True)), Depends(signed_in(False))

    async def keep(request: Request, response: Response, session: Session) -> None:
        """Set the session's cookie; a session this browser held before ends."""
        old = request.cookies.get(SESSION_COOKIE)
        if old and old != session.secret and len(old) <= 100:
            await asyncio.to_thread(accounts_of(request).end_session, old)
        response.set_cookie(
            SESSION_COOKIE,
            session.secret,
            max_age=int(settings.session_days * 86400),
            path="/",
            secure=secure_cookie(request, settings.cookie_secure),
            httponly=True,
            samesite="lax",
        )

    def forget(request: Request, response: Response) -> None:
        response.delete_cookie(
            SESSION_COOKIE,
            path="/",
            secure=secure_cookie(request, settings.cookie_secure),
            httponly=True,
            samesite="lax",
        )

    def state(session: Session | None) -> dict[str, Any]:
        if session is None:
            return {"account": None, "csrf": None}
        return {"account": session.account.to_json(), "csrf": session.csrf}

    @router.get("", response_model=AccountState, responses=s.errors(400))
    async def who(
        request: Request, borough_session: Annotated[str | None, Cookie(max_length=100)] = None
    ) -> dict[str, Any]:
        """The account this browser is logged in as (null for a guest), and the
        session's CSRF token for its writes."""
        session = None
        if borough_session:
            session = await asyncio.to_thread(accounts_of(request).session, borough_session)
        return state(session)

    writes: Answers = {
        **s.errors(400, 408, 413, 429, 500),
        401: {"model": s.Error, "description": "No session, or it ended."},
        403: {"model": s.Error, "description": "The CSRF token is missing or wrong."},
    }
    json_refused: Answers = {415: {"model": s.Error, "description": "The body is not JSON."}}

    @router.post(
        "/signup",
        status_code=201,
        response_model=SignedUp,
        responses={
            **s.errors(400, 408, 413, 429, 500),
            **json_refused,
            409: {
                "model": s.Error,
                "description": "The name is taken (or, rarely, a seat sent along was "
                "claimed by another account at the same moment).",
            },
        },
        dependencies=[Depends(json_only)],
    )
    async def sign_up(request: Request, response: Response, body: SignUp) -> dict[str, Any]:
        """Open an account and log in; the seats sent along (this browser's, as a
        guest) are kept by the account where their tokens are valid."""
        problem = passwords.problem(body.password, body.name, settings.password_min_length)
        if problem:
            raise _refuse(400, problem)
        wait = signups.take(address(request))
        if wait:
            raise _refuse(
                429,
                f"too many new accounts from {address(request)}; try again in {math.ceil(wait)} s",
                wait,
            )
        hashed = await slow(passwords.hash_password, argon, body.password)
        claims = [c.model_dump() for c in body.seats]
        _, session, claimed = await db(accounts_of(request).create, body.name, hashed, claims)
        await keep(request, response, session)
        return {**state(session), **claimed}

    @router.post(
        "/login",
        response_model=AccountState,
        responses={
            **s.errors(400, 408, 413, 429, 500),
            **json_refused,
            401: {"model": s.Error, "description": "Wrong user name or password."},
            403: {"model": s.Error, "description": "The account is disabled."},
        },
        dependencies=[Depends(json_only)],
    )
    async def log_in(request: Request, response: Response, body: LogIn) -> dict[str, Any]:
        """Log in. Failed tries are counted per address and per user name (known or
        not): past a few, the next ones wait (429 with Retry-After)."""
        key = name_key(body.name)
        wait = max(attempts.take(address(request)), failures.wait(key))
        if wait:
            raise _refuse(429, f"too many log-in attempts; try again in {math.ceil(wait)} s", wait)
        accounts = accounts_of(request)
        found = await asyncio.to_thread(accounts.find, body.name)
        stored = found[1] if found else await asyncio.to_thread(passwords.decoy, argon)
        right = await slow(passwords.verify, argon, stored, body.password)
        if found is None or not right:
            failures.take(key)
            raise _refuse(401, "wrong user name or password")
        account, _, disabled = found
        if disabled:
            raise _refuse(403, "this account is disabled; ask the server's operator")
        if passwords.needs_rehash(argon, stored):
            await asyncio.to_thread(
                accounts.rehash,
                account.id,
                await slow(passwords.hash_password, argon, body.password),
            )
        session = await asyncio.to_thread(accounts.start_session, account)
        await keep(request, response, session)
        return state(session)

    @router.post("/logout", response_model=AccountState, responses=writes)
    async def log_out(
        request: Request, response: Response, session: Session = writer
    ) -> dict[str, Any]:
        """End this session."""
        await asyncio.to_thread(accounts_of(request).end_session, session.secret)
        forget(request, response)
        return state(None)

    @router.post("/logout-everywhere", response_model=Ended, responses=writes)
    async def log_out_everywhere(
        request: Request, response: Response, session: Session = writer
    ) -> dict[str, Any]:
        """End every session of the account, on every device, this one included."""
        ended = await asyncio.to_thread(accounts_of(request).end_all, session.account.id)
        forget(request, response)
        return {"ended": ended}

    @router.post(
        "/password",
        response_model=AccountState,
        responses={**writes, **json_refused},
        dependencies=[Depends(json_only)],
    )
    async def change_password(
        request: Request, response: Response, body: NewPassword, session: Session = writer
    ) -> dict[str, Any]:
        """A new password: every other session ends; this one goes on under a new id."""
        accounts = accounts_of(request)
        found = await asyncio.to_thread(accounts.find, session.account.name)
        if found is None or not await slow(passwords.verify, argon, found[1], body.password):
            raise _refuse(403, "the current password is wrong")
        problem = passwords.problem(
            body.new_password, session.account.name, settings.password_min_length
        )
        if problem:
            raise _refuse(400, problem)
        hashed = await slow(passwords.hash_password, argon, body.new_password)
        await db(accounts.set_password, session.account.name, hashed)
        fresh = await asyncio.to_thread(accounts.start_session, session.account)
        await keep(request, response, fresh)
        return state(fresh)

    @router.post(
        "/seats",
        response_model=ClaimResult,
        responses={**writes, **json_refused},
        dependencies=[Depends(json_only)],
    )
    async def claim(request: Request, body: Claims, session: Session = writer) -> dict[str, Any]:
        """Keep seats in the account: each needs its link's token. A seat another
        account opened stays theirs (its link still plays it)."""
        return await asyncio.to_thread(
            accounts_of(request).claim, session.account.id, [c.model_dump() for c in body.seats]
        )

    @router.get(
        "/seats",
        response_model=HeldSeats,
        responses={
            **s.errors(400),
            401: {"model": s.Error, "description": "No session, or it ended."},
        },
    )
    async def held(request: Request, session: Session = reader) -> dict[str, Any]:
        """The account's seats, with their links' tokens: "My games" on any device."""
        return {"seats": await asyncio.to_thread(accounts_of(request).seats, session.account.id)}

    return router
